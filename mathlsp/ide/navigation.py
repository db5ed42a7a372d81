"""REF/UREF ids across a problem folder: what is under the cursor, where it is defined and used,
and the hover card that shows an entry as written. Pure: no protocol types here.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass

from mathlsp.mathids import MathIdMention, find_math_ids
from mathlsp.notes.document import LocatedId, MarkdownDoc, Mention
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.notes.spans import Span


@dataclass(frozen=True, slots=True)
class IdAt:
    """A REF/UREF id under the cursor, as a mention or as an entry's own heading."""

    id: str
    span: Span
    is_definition: bool


@dataclass(frozen=True, slots=True)
class Target:
    """A place in a note (the protocol layer turns it into a Location)."""

    doc: MarkdownDoc
    span: Span


def mention_at(doc: MarkdownDoc, offset: int) -> Mention | None:
    """The mention whose span holds `offset` (the end counts: a cursor just after `REF-001`)."""
    mentions = doc.mentions
    if not mentions:
        return None
    starts = _mention_starts(doc)
    i = bisect.bisect_right(starts, offset) - 1
    if i >= 0 and mentions[i].span.contains(offset):
        return mentions[i]
    return None


def _mention_starts(doc: MarkdownDoc) -> list[int]:
    # Cached on the document object: its text never changes.
    cache = doc.__dict__.get("_mention_starts")
    if cache is None:
        cache = [m.span.start for m in doc.mentions]
        doc.__dict__["_mention_starts"] = cache
    return cache


def entry_heading_at(doc: MarkdownDoc, offset: int) -> ReferenceEntry | None:
    """The entry whose heading line holds `offset` (LITERATURE.md only)."""
    if not isinstance(doc, LiteratureDoc):
        return None
    line = doc.lines.line_of(offset)
    entry = _entries_by_line(doc).get(line)
    return entry


def _entries_by_line(doc: LiteratureDoc) -> dict[int, ReferenceEntry]:
    cache = doc.__dict__.get("_entries_by_line")
    if cache is None:
        cache = {e.heading.line: e for e in doc.entries}
        doc.__dict__["_entries_by_line"] = cache
    return cache


def id_at(doc: MarkdownDoc, offset: int) -> IdAt | None:
    mention = mention_at(doc, offset)
    if mention is not None:
        return IdAt(mention.id, mention.span, False)
    entry = entry_heading_at(doc, offset)
    if entry is not None:
        return IdAt(entry.id, entry.id_span, True)
    return None


def identifier_at(doc: MarkdownDoc, offset: int) -> LocatedId | None:
    """The well-formed arXiv id or DOI under the cursor (either end counts). Identifiers never
    span lines, so the cursor's line alone is read: `doc.identifiers` scans the whole note,
    once per version, which at 20,000 entries was most of a hover after a keystroke."""
    for located in doc.identifiers_on([doc.lines.line_of(offset)]):
        if located.span.start <= offset <= located.span.end and located.mention.valid:
            return located
    return None


def math_id_at(doc: MarkdownDoc, offset: int) -> tuple[MathIdMention, Span] | None:
    """The Zbl/JFM or MR number written in prose under the cursor, read from its line alone
    (not from the whole text, which a version kept in chunks would join first)."""
    lines = doc.lines
    line = lines.line_of(offset)
    base = lines.starts[line]
    for m in find_math_ids(lines.texts[line]):
        if m.start <= offset - base <= m.end:
            return m, Span(base + m.start, base + m.end)
    return None


def definitions(literature: LiteratureDoc | None, ref: str) -> list[Target]:
    """Every entry heading defining `ref` in LITERATURE.md (duplicates included)."""
    if literature is None:
        return []
    table = literature.__dict__.get("_entries_by_id")
    if table is None:
        table = {}
        for e in literature.entries:
            table.setdefault(e.id, []).append(e)
        literature.__dict__["_entries_by_id"] = table
    return [Target(literature, e.id_span) for e in table.get(ref, ())]


def references(
    docs: Iterable[MarkdownDoc],
    literature: LiteratureDoc | None,
    ref: str,
    *,
    include_declaration: bool,
) -> list[Target]:
    """Every mention of `ref` in the folder's notes, and its definitions when asked."""
    out: list[Target] = []
    if include_declaration:
        out.extend(definitions(literature, ref))
    kind, _, number = ref.partition("-")
    # A cheap textual pre-filter: a note that never spells the number cannot mention the id.
    digits = number.lstrip("0") or "0"
    for doc in docs:
        if kind not in doc.text or digits not in doc.text:
            continue
        out.extend(Target(doc, m.span) for m in doc.mentions if m.id == ref)
    return out


# -- hover card ------------------------------------------------------------------------------
_BACKTICKS = re.compile(r"`{3,}")


def code_fence(text: str) -> str:
    """A backtick fence longer than any run of backticks inside `text`."""
    longest = max((len(m.group(0)) for m in _BACKTICKS.finditer(text)), default=0)
    return "`" * max(3, longest + 1)


def entry_text(lit: LiteratureDoc, entry: ReferenceEntry, max_chars: int = 4000) -> str:
    text = lit.text[entry.span.start : entry.span.end]
    if len(text) > max_chars:
        text = text[:max_chars].rstrip() + "\n…"
    return text


def reference_card(lit: LiteratureDoc | None, ref: str, *, markdown: bool = True) -> str:
    """The hover text for a REF/UREF id: the entry exactly as written, inside a code block.

    Text from the file is never rendered as Markdown (it cannot inject links or HTML): only the
    id and fixed wording stand outside the code block.
    """
    entry = lit.by_id.get(ref) if lit is not None else None
    if lit is None:
        return f"{ref}: this problem folder has no LITERATURE.md"
    if entry is None:
        return f"{ref}: no entry with this id in LITERATURE.md"
    line = entry.heading.line + 1
    status = "confirmed reference" if entry.confirmed else "unconfirmed reference — do not cite"
    body = entry_text(lit, entry)
    if not markdown:
        return f"{ref} · {status} · LITERATURE.md line {line}\n\n{body}"
    fence = code_fence(body)
    return f"**{ref}** · {status} · LITERATURE.md line {line}\n\n{fence}markdown\n{body}\n{fence}"


def usage_card(ref: str, mentions: list[Target]) -> str:
    """The hover text on an entry's own heading: where the id is mentioned."""
    if not mentions:
        return f"{ref}: not mentioned in any note of this problem folder"
    files: dict[str, int] = {}
    for t in mentions:
        name = t.doc.path.replace("\\", "/").rsplit("/", 1)[-1]
        files[name] = files.get(name, 0) + 1
    where = ", ".join(f"{name} ({n})" for name, n in sorted(files.items()))
    times = "once" if len(mentions) == 1 else f"{len(mentions)} times"
    return f"{ref}: mentioned {times}: {where}"
