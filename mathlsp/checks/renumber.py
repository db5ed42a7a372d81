"""A keystroke in an entry's id (`### REF-002` → `### REF-003`): the whole-file findings of the
last check, with those that read the two ids worked out again from an index keyed by id.

What an id is read by, of the rules about the whole file:
- duplicate ids (LIT007), with the next free number: listed again from the index, every time;
- numbering (LIT008): the numbers of the edited kind's entries, walked again as integers;
- mentions (REF009, REF010): the mentions of the old and the new id, resolved again;
- [V] claims resting on references with nothing quoted (SYN003): the claims citing either id;
- duplicate papers (LIT011), reused ids (LIT013), moved references: not followed. An edit that
  could change one of them (the entry shares a paper key with another, either id is named with
  a title or in a "moved from", is mentioned in an UREF entry…) is checked the whole way.
Every other rule reads no id: its findings are the last check's. A rule this module does not
know (`_KNOWN`) sends every id edit the whole way, so a new rule cannot be skipped silently.

The index is made by the whole check of the first id edit (`IdIndex.of`) and kept up to date
id edit by id edit, and through keystrokes in an entry's prose or title that move no line;
any other edit drops it. It holds positions as (line, column) pairs: an id
edit moves no line and changes no other line, so they stay true while offsets do not.
"""

from __future__ import annotations

import bisect
import weakref
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import accumulate, compress
from operator import lt
from typing import TYPE_CHECKING

from mathlsp.checks import literature as lit_rules
from mathlsp.checks import references as ref_rules
from mathlsp.checks import synthesis as syn_rules
from mathlsp.checks.base import CheckContext, rules_for
from mathlsp.checks.cap import FINDINGS_PER_CODE
from mathlsp.checks.findings import Finding
from mathlsp.checks.literature import (
    DUPLICATE_ID,
    NUMBERING,
    REUSED_NUMBER,
    duplicate_id,
    moved_from,
    numbering_finding,
)
from mathlsp.checks.references import (
    UNCONFIRMED_AS_VERIFIED,
    UNKNOWN_MENTION,
    LiteratureIndex,
    _VerifiedLines,
    mention_findings,
)
from mathlsp.checks.synthesis import UNSUPPORTED, unsupported_claim, verified_claim_ids
from mathlsp.notes.document import MarkdownDoc, Mention
from mathlsp.notes.literature import EditScope, EntryCore, LiteratureDoc, ReferenceEntry
from mathlsp.notes.markdown import parse_heading
from mathlsp.notes.numbering import KINDS
from mathlsp.notes.reuse import _titled
from mathlsp.notes.spans import Span

if TYPE_CHECKING:
    from mathlsp.checks.titles import TitleReaders

_KIND_SECTION = {"REF": "confirmed", "UREF": "unconfirmed"}
_MENTION_CODES = (UNKNOWN_MENTION, UNCONFIRMED_AS_VERIFIED)


def _known() -> frozenset[object]:
    from mathlsp.checks import documents

    # Rules that read no id (nor anything an id edit changes: counts by kind, sections,
    # headings of level 1–2, the Synthesis and Search History lines, identifiers in prose)…
    idless = {
        documents.frontmatter_syntax, lit_rules.frontmatter_keys, lit_rules.problem_slug,
        lit_rules.frontmatter_counts, lit_rules.sections, lit_rules.entry_heading_levels,
        lit_rules.search_history_table, ref_rules.prose_identifiers, syn_rules.claim_markers,
        syn_rules.subsections, syn_rules.drafted_lines,
    }  # fmt: skip
    # …and those whose reading of ids this module follows or guards.
    followed = {
        lit_rules.entry_ids, lit_rules.duplicate_papers, ref_rules.reference_mentions,
        syn_rules.verified_claims_have_evidence,
    }  # fmt: skip
    return frozenset(idless | followed)


_KNOWN: frozenset[object] | None = None


@dataclass(slots=True)
class _At:
    """A mention of LITERATURE.md where it stands: line, columns (in code points)."""

    line: int
    start: int
    end: int
    kind: str
    number: int


@dataclass(slots=True)
class IdIndex:
    """What the id-reading rules need of one version of LITERATURE.md, keyed by id."""

    cores: list[EntryCore]
    lines: list[int]  # each entry's heading line
    sections: list[str | None]
    holders: dict[str, list[int]]  # id → the entries carrying it, in file order
    placed: dict[str, list[int]]  # kind → its entries standing in its section, in order
    placed_numbers: dict[str, list[int]]  # kind → the numbers of those entries
    numbers: dict[str, Counter[int]]  # kind → how many entries carry each number
    tops: dict[str, int]  # kind → the highest number an entry carries (0: none)
    mention_top: dict[str, int]  # kind → the highest number mentioned in the file
    mentions: dict[str, list[_At]]  # id → its mentions in the file
    title_starts: set[tuple[int, int]]  # where headings' titles start (line, column)
    dups: set[str] = field(default_factory=set)  # ids more than one entry carries
    # id → the [V] claims of the Synthesis citing it (SYN003): first line, the ids cited.
    claims: dict[str, list[tuple[int, list[str]]]] = field(default_factory=dict)
    # Ids whose edit this module does not follow (see the module's docstring).
    guarded: set[str] = field(default_factory=set)
    uref_mentioned: set[str] = field(default_factory=set)  # REF ids mentioned in UREF entries
    movers: set[int] = field(default_factory=set)  # entries whose Reason says "moved from"
    # False while an edit is being followed: an index left so (the edit was not followed after
    # all) is one no later edit may use.
    valid: bool = True

    @staticmethod
    def of(doc: LiteratureDoc, others: Iterable[MarkdownDoc]) -> IdIndex:
        entries = doc.entries
        starts = doc.lines.starts
        index = IdIndex(
            [e.core for e in entries],
            [e.heading.line for e in entries],
            [e.section for e in entries],
            {},
            {k: [] for k in KINDS},
            {k: [] for k in KINDS},
            {k: Counter() for k in KINDS},
            dict.fromkeys(KINDS, 0),
            dict.fromkeys(KINDS, 0),
            {},
            {(h.line, h.title_span.start - starts[h.line]) for h in doc.lines.headings},
        )
        for i, e in enumerate(entries):
            core = e.core
            index.holders.setdefault(core.id, []).append(i)
            index.numbers[core.kind][core.number] += 1
            if core.number > index.tops[core.kind]:
                index.tops[core.kind] = core.number
            if e.section == _KIND_SECTION[core.kind]:
                index.placed[core.kind].append(i)
                index.placed_numbers[core.kind].append(core.number)
            moved = moved_from(e)
            if moved:
                index.movers.add(i)
                index.guarded.update(old for old, _ in moved)
        index.dups = {i for i, held in index.holders.items() if len(held) > 1}
        for item in doc.synthesis_items:
            cited = verified_claim_ids(item)
            for i in dict.fromkeys(cited or ()):
                index.claims.setdefault(i, []).append((item.first_line, cited))  # type: ignore[arg-type]
        entry_starts = [e.span.start for e in entries]
        for m in doc.mentions:
            line = m.line
            at = _At(line, m.span.start - starts[line], m.span.end - starts[line], m.kind, m.number)
            index.mentions.setdefault(m.id, []).append(at)
            if m.number > index.mention_top[m.kind]:
                index.mention_top[m.kind] = m.number
            if _titled(doc, m) is not None:
                index.guarded.add(m.id)  # LIT013 compares the title named with the entry's
            if m.kind == "REF":
                k = bisect.bisect_right(entry_starts, m.span.start) - 1
                if k >= 0 and entries[k].core.kind == "UREF" and m.span.end <= entries[k].span.end:
                    index.uref_mentioned.add(m.id)
        for note in others:
            for m in note.mentions:
                if _titled(note, m) is not None:
                    index.guarded.add(m.id)
        return index

    def retyped(self, k: int, core: EntryCore) -> IdIndex | None:
        """This index after an edit that changed entry `k`'s prose or title only and moved no
        line (`EditScope.free_text_only`, `retitled`): its mentions, ids and claims are what
        they were; the entry's core is the new one (a duplicate id quotes its title)."""
        if not self.valid or k >= len(self.cores) or self.cores[k].id != core.id:
            return None
        self.cores[k] = core
        return self

    def renumber(self, k: int, core: EntryCore) -> None:
        """Entry `k` now carries `core`'s id (of the same kind as before)."""
        was = self.cores[k]
        kind = was.kind
        self.cores[k] = core
        held = self.holders[was.id]
        held.remove(k)
        if len(held) < 2:
            self.dups.discard(was.id)
        if not held:
            del self.holders[was.id]
        held = self.holders.setdefault(core.id, [])
        bisect.insort(held, k)
        if len(held) > 1:
            self.dups.add(core.id)
        placed = self.placed[kind]
        at = bisect.bisect_left(placed, k)
        if at < len(placed) and placed[at] == k:
            self.placed_numbers[kind][at] = core.number
        counts = self.numbers[kind]
        counts[was.number] -= 1
        counts[core.number] += 1
        if core.number > self.tops[kind]:
            self.tops[kind] = core.number
        elif was.number == self.tops[kind] and not counts[was.number]:
            self.tops[kind] = max((n for n, c in counts.items() if c > 0), default=0)


def renumbered_findings(
    ctx: CheckContext, doc: LiteratureDoc, scope: EditScope, whole: list[Finding],
    index: IdIndex, summary: TitleReaders,
) -> list[Finding] | None:  # fmt: skip
    """The whole-file findings of `doc`, made from `whole` (its predecessor's) after the id
    edit `scope` describes; None when the edit is not one this module follows (check it all).
    `index` and `summary` are updated to `doc` when a list is returned; when None is, they are
    left as they were or are to be dropped (the caller's whole check makes new ones)."""
    global _KNOWN
    assert scope.renumbered is not None and scope.entry is not None and scope.view is not None
    was, now = scope.renumbered
    k, view = scope.entry, scope.view
    kind = view.core.kind
    if _KNOWN is None:
        _KNOWN = _known()
    if any(fn not in _KNOWN for fn in rules_for(doc)):
        return None
    ids = (was, now)
    if (
        not index.valid
        or k >= len(index.cores)
        or index.cores[k].id != was
        or index.lines[k] != view.heading.line
        or k in index.movers
        or any(i in index.guarded for i in ids)
        or (kind == "REF" and any(i in index.uref_mentioned for i in ids))
        # An unconfirmed entry's id is quoted by REF010 on [V] lines citing its identifiers.
        or (kind == "UREF" and (view.arxiv_id is not None or view.doi is not None))
        or summary.shares_a_key(view)  # LIT011 quotes both entries' ids
    ):
        return None
    top_before = index.tops[kind]
    used_before = max(top_before, index.mention_top[kind])
    # The index, moved to `doc` (unusable if None is returned below: the caller makes anew).
    index.valid = False
    index.renumber(k, view.core)
    top = index.tops[kind]
    used = max(top, index.mention_top[kind])
    mentioned: list[str] = list(dict.fromkeys(ids))
    if top != top_before:
        # "… does not exist (the highest is REF-014)" quotes the highest entry: every dangling
        # mention of the kind is made again (a moved REF id's quotes no number).
        prefix = f"{kind}-"
        mentioned.extend(
            i
            for i in index.mentions
            if i.startswith(prefix)
            and i not in index.holders
            and i not in ids
            and not (kind == "REF" and i in index.uref_mentioned)
        )
    if used != used_before and any(f.code == REUSED_NUMBER for f in whole):
        return None  # LIT013 offers the next free number
    entries = _Entries(doc, index, k, view)
    starts = doc.lines.starts
    positions = set()  # the mentions whose findings are made again
    for i in mentioned:
        for at in index.mentions.get(i, ()):
            p = doc.index.position(starts[at.line] + at.start)
            positions.add((p.line, p.character))
    out = [
        f
        for f in whole
        if f.code not in (DUPLICATE_ID, NUMBERING)
        and not (
            f.code in _MENTION_CODES and (f.range.start.line, f.range.start.character) in positions
        )
    ]
    claims = {line: cited for i in ids for line, cited in index.claims.get(i, ())}
    if claims:
        out = [f for f in out if f.code != UNSUPPORTED or f.range.start.line not in claims]
    heading = view.heading.line
    if any(_on(f, heading, str(doc.path)) for f in out):
        return None  # a finding of another rule on the edited heading: not followed
    out.extend(_duplicates(ctx, doc, index, entries, used))
    out.extend(f for f in whole if f.code == NUMBERING and f.data.get("kind") != kind)
    out.extend(_numbering(ctx, doc, index, entries, kind))
    out.extend(_mentions(ctx, doc, index, entries, mentioned))
    for line, cited in claims.items():
        found = unsupported_claim(ctx, line, cited, entries.first)
        if found is not None:
            out.append(found)
    if any(n > FINDINGS_PER_CODE for n in Counter(f.code for f in out).values()):
        return None  # past the cap, findings are counted, not built: the whole path does that
    summary.renumbered(was, now)
    index.valid = True
    return out


def _on(f: Finding, line: int, path: str) -> bool:
    """Whether `f`, or a place in this note it points to, stands on `line`."""
    if f.range.start.line <= line <= f.range.end.line:
        return True
    return any(r.path == path and r.range.start.line <= line <= r.range.end.line for r in f.related)


class _Entries:
    """The entries of `doc` the findings name, made when first asked for: an id edit leaves
    the structure of the file deferred (`LiteratureDoc.reparse`), and materialising it would
    cost what this path saves."""

    def __init__(self, doc: LiteratureDoc, index: IdIndex, k: int, view: ReferenceEntry) -> None:
        self.doc, self.index = doc, index
        self.made: dict[int, ReferenceEntry] = {k: view}

    def __getitem__(self, i: int) -> ReferenceEntry:
        entry = self.made.get(i)
        if entry is None:
            lines = self.doc.lines
            line = self.index.lines[i]
            heading = parse_heading(lines.texts[line], line, lines.starts[line])
            assert heading is not None  # the line is the same as when the index was made
            entry = self.made[i] = ReferenceEntry(
                self.index.cores[i], heading, self.index.sections[i]
            )
        return entry

    def first(self, ident: str) -> ReferenceEntry | None:
        """The first entry carrying `ident`, as `LiteratureDoc.by_id` has it."""
        holders = self.index.holders.get(ident)
        return self[holders[0]] if holders else None


def _duplicates(
    ctx: CheckContext, doc: LiteratureDoc, index: IdIndex, entries: _Entries, used: int
) -> list[Finding]:
    """LIT007, as `entry_ids` lists them (the next free number of each kind: `used` + 1 for
    the edited kind)."""
    out: list[Finding] = []
    free: dict[str, int] | None = None
    for ident in index.dups:
        holders = index.holders[ident]
        if free is None:
            free = {kind: max(index.tops[kind], index.mention_top[kind]) + 1 for kind in KINDS}
        first = entries[holders[0]]
        for i in holders[1:]:
            entry = entries[i]
            out.append(duplicate_id(ctx, doc, entry, first, free[entry.core.kind]))
    return out


def _numbering(
    ctx: CheckContext, doc: LiteratureDoc, index: IdIndex, entries: _Entries, kind: str
) -> list[Finding]:
    placed = index.placed[kind]
    out: list[Finding] = []
    for i, highest, i_low in drops(index.placed_numbers[kind]):
        entry = entries[placed[i]]
        # As `entry_ids`: a restart repeats an id; one used once is only out of order.
        restarted = i_low and index.holders[entry.id][0] != placed[i]
        out.append(numbering_finding(ctx, doc, entry, entries[placed[i - 1]], highest, restarted))
    return out


def drops(numbers: list[int]) -> list[tuple[int, int, bool]]:
    """`numbering` of entries of one kind, by their numbers: (position, highest number before
    it, restarted) where a number is below the one before it. Walked at C speed (`map`,
    `compress`, `accumulate`): an id keystroke walks the 5,000 numbers of a large file."""
    at = list(compress(range(1, len(numbers)), map(lt, numbers[1:], numbers)))
    if not at:
        return []
    highest = list(accumulate(numbers[: at[-1]], max))
    return [(i, highest[i - 1], numbers[i] <= 1) for i in at]


def _mentions(
    ctx: CheckContext, doc: LiteratureDoc, index: IdIndex, entries: _Entries,
    ids: list[str],
) -> list[Finding]:  # fmt: skip
    """REF009/REF010 of the mentions of `ids`, as `reference_mentions` makes them."""
    by_id = {i: entries[index.holders[i][0]] for i in ids if i in index.holders}
    highest = {kind: top for kind in KINDS if (top := index.tops[kind])}
    lookup = LiteratureIndex(weakref.ref(doc), by_id, highest=highest)
    verified = _VerifiedLines(doc)
    starts = doc.lines.starts
    titles = _TitleStarts(index.title_starts, starts)
    out: list[Finding] = []
    for i in ids:
        for at in index.mentions.get(i, ()):
            base = starts[at.line]
            m = Mention(at.kind, at.number, Span(base + at.start, base + at.end), at.line)
            out.extend(mention_findings(ctx, lookup, m, verified, titles))
    return out


class _TitleStarts:
    """`title_starts` as the offsets `mention_findings` asks about."""

    def __init__(self, at: set[tuple[int, int]], starts: object) -> None:
        self.at, self.starts = at, starts

    def __contains__(self, offset: object) -> bool:
        assert isinstance(offset, int)
        starts = self.starts
        line = bisect.bisect_right(starts, offset) - 1  # type: ignore[call-overload]
        return (line, offset - starts[line]) in self.at  # type: ignore[index]


__all__ = ["IdIndex", "renumbered_findings"]
