"""References: verification stamps, identifiers, schema fields, and how notes cite them.

The stamp rules run on LITERATURE.md; the mention rules run on every note of the problem folder
(PROOF.md, JOURNAL.md, …) against the folder's LITERATURE.md.
"""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import re
import threading
import weakref
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from mathlsp.checks.base import CheckContext, define, entry_rule, rule
from mathlsp.checks.findings import Finding, Severity
from mathlsp.mathids import parse_mr, parse_zbl
from mathlsp.notes.document import LocatedId, MarkdownDoc, Mention
from mathlsp.notes.fields import Field
from mathlsp.notes.folder import is_slug_folder
from mathlsp.notes.identifiers import ArxivId, parse_arxiv
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry, parse_verified
from mathlsp.notes.spans import Span
from mathlsp.sources.recheck import recheck_backend

NO_STAMP = define("REF001", Severity.ERROR, "Confirmed reference has no `Verified:` stamp")
NO_URL = define("REF002", Severity.ERROR, "`Verified:` stamp has no API URL")
BAD_TIMESTAMP = define("REF003", Severity.WARNING, "`Verified:` timestamp is not ISO 8601")
FUTURE_TIMESTAMP = define("REF004", Severity.WARNING, "`Verified:` timestamp is in the future")
BAD_ARXIV = define("REF005", Severity.ERROR, "Malformed arXiv identifier")
BAD_DOI = define("REF006", Severity.ERROR, "Malformed DOI")
MISSING_FIELDS = define("REF007", Severity.WARNING, "Reference entry lacks schema fields")
STALE = define("REF008", Severity.INFORMATION, "Verification is old: re-verify the reference")
UNKNOWN_MENTION = define(
    "REF009", Severity.ERROR, "Mention of a reference that LITERATURE.md does not confirm"
)
UNCONFIRMED_AS_VERIFIED = define("REF010", Severity.ERROR, "Unconfirmed reference cited with [V]")
FOREIGN_URL = define(
    "REF011", Severity.ERROR, "`Verified:` URL is not one mathlsp's verifier writes"
)
BAD_MATH_ID = define("REF013", Severity.ERROR, "Malformed Zbl or MR number")

# docs/schemas.md: arXiv ID and DOI are optional ("if available"); the stamp has its own codes.
REF_REQUIRED = (
    ("authors", "Authors"),
    ("year", "Year"),
    ("source", "Source"),
    ("abstract", "Abstract"),
    ("relevance", "Relevance"),
    ("key_results", "Key Results"),
    ("confidence", "Confidence"),
)
UREF_REQUIRED = (("reason", "Reason"), ("status", "Status"))
# A stamp up to this far ahead of `now` is clock skew or a time zone, not a wrong date.
FUTURE_TOLERANCE = dt.timedelta(days=1)

_NEW_STYLE = re.compile(r"(?P<yymm>\d{2}(?P<mm>\d{2}))\.(?P<num>\d+)(?:v\d+)?")
_ARXIV_HELP = "expected YYMM.NNNNN (e.g. 2301.12345) or archive/YYMMNNN (e.g. math/0601001)"
_ZBL_HELP = (
    "a Zbl number is `YYYY.NNNNN` (Zbl 0303.10056), eight digits (Zbl 07192477) or a JFM number "
    "(JFM 57.0054.02)"
)
_MR_HELP = "an MR number is `MR` and its digits (MR0369312)"
_DOI_HELP = "a DOI is `10.` + a 4–9 digit registrant + `/` + a suffix (e.g. 10.1007/BF01389965)"


# -- an index of LITERATURE.md, built once per parsed document -------------------------------
@dataclass(slots=True)
class LiteratureIndex:
    # A weak reference: the index is the value of a WeakKeyDictionary keyed by this very doc, and
    # a strong one would keep every version of the file alive (the server leaked one parsed
    # LITERATURE.md per keystroke that way).
    doc_ref: weakref.ref[LiteratureDoc]
    by_id: dict[str, ReferenceEntry]
    # Parsed identifiers of each entry (aligned with doc.entries), parsed once for every rule.
    arxiv: list[ArxivId | None] = field(default_factory=list)
    dois: list[str | None] = field(default_factory=list)
    uref_arxiv: dict[str, ReferenceEntry] = field(default_factory=dict)
    uref_doi: dict[str, ReferenceEntry] = field(default_factory=dict)
    ref_arxiv: set[str] = field(default_factory=set)
    ref_doi: set[str] = field(default_factory=set)
    # REF ids that no longer exist but are mentioned inside an UREF entry ("moved from REF-003").
    moved: dict[str, ReferenceEntry] = field(default_factory=dict)
    highest: dict[str, int] = field(default_factory=dict)

    @property
    def doc(self) -> LiteratureDoc | None:
        return self.doc_ref()


_INDEX: weakref.WeakKeyDictionary[LiteratureDoc, LiteratureIndex] = weakref.WeakKeyDictionary()


_INDEX_LOCK = threading.Lock()  # checks of several notes share one index: build it once


def literature_index(doc: LiteratureDoc) -> LiteratureIndex:
    with _INDEX_LOCK:
        index = _INDEX.get(doc)
        if index is None:
            index = _INDEX[doc] = _build_index(doc)
    return index


def _build_index(doc: LiteratureDoc) -> LiteratureIndex:
    index = LiteratureIndex(weakref.ref(doc), doc.by_id)
    highest = index.highest
    for e in doc.entries:
        kind, number = e.core.kind, e.core.number
        if number > highest.get(kind, 0):
            highest[kind] = number
        arxiv, doi = e.arxiv_id, e.doi
        index.arxiv.append(arxiv)
        index.dois.append(doi)
        if arxiv is None and doi is None:
            continue
        if kind == "REF" and e.section != "unconfirmed":
            if arxiv is not None:
                index.ref_arxiv.add(arxiv.base)
            if doi is not None:
                index.ref_doi.add(doi)
        else:
            if arxiv is not None:
                index.uref_arxiv.setdefault(arxiv.base, e)
            if doi is not None:
                index.uref_doi.setdefault(doi, e)
    owners: _Owners | None = None
    for m in doc.mentions:
        if m.kind != "REF":
            continue
        mid = m.id
        if mid in index.by_id:
            continue
        if owners is None:
            owners = _Owners(doc.entries)
        owner = owners.at(m.span.start)
        if owner is not None and owner.kind == "UREF":
            index.moved.setdefault(mid, owner)
    return index


class _Owners:
    """The entry an offset stands in. Asked in text order (mentions come so): a line of
    thousands of unknown ids asks about one entry again and again, answered without a search."""

    __slots__ = ("_ends", "_entries", "_i", "_starts")

    def __init__(self, entries: list[ReferenceEntry]) -> None:
        spans = [e.span for e in entries]
        self._entries = entries
        self._starts = [s.start for s in spans]
        self._ends = [s.end for s in spans]
        self._i = -1

    def at(self, offset: int) -> ReferenceEntry | None:
        starts, i = self._starts, self._i
        # The last entry that starts at or before `offset`, as a bisection would find it.
        if not (
            0 <= i < len(starts)
            and starts[i] <= offset
            and (i + 1 == len(starts) or starts[i + 1] > offset)
        ):
            i = self._i = bisect.bisect_right(starts, offset) - 1
        if i >= 0 and offset <= self._ends[i]:
            return self._entries[i]
        return None


def folder_literature(ctx: CheckContext) -> LiteratureDoc | None:
    """The LITERATURE.md that mentions in this note refer to (the note itself if it is one)."""
    if isinstance(ctx.doc, LiteratureDoc):
        return ctx.doc
    return ctx.folder.literature


# -- LITERATURE.md entries ---------------------------------------------------------------------
@entry_rule
def verification_stamps(ctx: CheckContext, entry: ReferenceEntry) -> Sequence[Finding]:
    # Entry rules return their findings (most often none) rather than yield them: a generator
    # per rule per entry cost ~10 ms of a cold check at 5,000 references.
    if entry.kind != "REF":
        return ()
    out: list[Finding] = []
    value = entry.fields.value("verified")
    if not value.strip():
        out.append(
            ctx.finding(
                NO_STAMP,
                f"{entry.id} has no `Verified:` stamp, so nothing shows it was checked against a "
                "source: verify it (adds `- **Verified:** <ISO timestamp> via <API URL>`) "
                "or move it to Unconfirmed References",
                entry.id_span,
                data={"id": entry.id},
            )
        )
        return out
    stamp = parse_verified(value)
    if stamp.url is None:
        out.append(
            ctx.finding(
                NO_URL,
                f"{entry.id}'s `Verified:` stamp has no API URL: write "
                "`<ISO timestamp> via <URL>` so anyone can re-run the check",
                _stamp_span(entry),
                data={"id": entry.id},
            )
        )
    elif recheck_backend(stamp.url, ctx.settings.recheck_bases) is None:
        out.append(
            ctx.finding(
                FOREIGN_URL,
                f"{entry.id}'s `Verified:` URL {stamp.url} re-checks nothing: a stamp names the "
                "source request that returned the paper (arXiv `…/api/query?id_list=…`, Crossref "
                "`…/works/<DOI>`, OpenAlex `…/works/doi:…`, Semantic Scholar `…/paper/…`, PubMed "
                "`…/esummary.fcgi?…`, zbMATH `…/document/…`) — verify the reference to write one",
                _stamp_span(entry),
                data={"id": entry.id, "url": stamp.url},
            )
        )
    ts = stamp.timestamp
    if ts is None:
        out.append(
            ctx.finding(
                BAD_TIMESTAMP,
                f"{entry.id}'s `Verified:` stamp does not start with an ISO 8601 timestamp "
                "(e.g. 2026-02-10T14:30:00Z)",
                _stamp_span(entry),
                data={"id": entry.id},
            )
        )
        return out
    settings = ctx.settings
    future, stale_before = _time_limits(settings.now, settings.stale_after_days)
    if ts > future:
        out.append(
            ctx.finding(
                FUTURE_TIMESTAMP,
                f"{entry.id} was verified at {ts.isoformat()}, which is in the future: "
                "re-verify it to record the real time",
                _stamp_span(entry),
                data={"id": entry.id},
            )
        )
    elif stale_before is not None and ts < stale_before:
        stale_after = settings.stale_after_days
        days = (_aware(settings.now) - ts).days
        out.append(
            ctx.finding(
                STALE,
                f"{entry.id} was verified {days} days ago ({ts.date().isoformat()}); "
                f"re-verify references older than {stale_after} days",
                _stamp_span(entry),
                data={"id": entry.id, "age_days": days},
            )
        )
    return out


@entry_rule
def entry_identifiers(ctx: CheckContext, entry: ReferenceEntry) -> Sequence[Finding]:
    # The fields (with their spans) are asked for only when there is something to report: most
    # entries' identifiers parse, and their values are all a cold `check` needs to know so.
    # Written out key by key: a loop over (key, code, message) with a lambda in it made two
    # functions and a tuple per entry, a third of the rule's time at 5,000 references.
    fields = entry.fields
    out: list[Finding] = []
    if "arxiv_id" in fields and entry.arxiv_id is None and (f := entry.arxiv_field) is not None:
        out.append(_bad_id_field(ctx, entry, f, BAD_ARXIV, _arxiv_problem(f.value.strip("`"))))
    if "doi" in fields and entry.doi is None and (f := entry.doi_field) is not None:
        out.append(_bad_id_field(ctx, entry, f, BAD_DOI, _doi_problem(f.value)))
    if "zbl" in fields and (f := entry.zbl_field) is not None and parse_zbl(f.value) is None:
        out.append(_bad_math_id(ctx, entry, f, _ZBL_HELP))
    if "mr" in fields and (f := entry.mr_field) is not None and parse_mr(f.value) is None:
        out.append(_bad_math_id(ctx, entry, f, _MR_HELP))
    return out


def _bad_id_field(
    ctx: CheckContext, entry: ReferenceEntry, f: Field, code: str, problem: str
) -> Finding:
    return ctx.finding(
        code, f"{entry.id}: {problem}", _value_span(f), data={"id": entry.id, "value": f.value}
    )


def _bad_math_id(ctx: CheckContext, entry: ReferenceEntry, f: Field, help_text: str) -> Finding:
    return ctx.finding(
        BAD_MATH_ID,
        f"{entry.id}: `{_clip(f.value)}` is not a valid {f.name.strip()} number: " + help_text,
        _value_span(f),
        data={"id": entry.id, "value": f.value},
    )


def _fields(names: Sequence[str]) -> str:
    return f"the {'fields' if len(names) > 1 else 'field'} {', '.join(names)}"


def _missing_message(ref: str, missing: Sequence[str], written: Container[str]) -> str:
    """What REF007 says: the fields the entry does not have, and apart from them those it has
    with nothing after the colon (a year deleted to be retyped read "lacks the field Year: add
    `- **Year:** …`", with that very line in the entry)."""
    absent = [n for n in missing if n not in written]
    empty = [n for n in missing if n in written]
    parts = []
    if absent:
        more = " and the others" if len(absent) > 1 else ""
        parts.append(f"{ref} lacks {_fields(absent)}: add `- **{absent[0]}:** …`{more}")
    if empty:
        whose = "its" if absent else f"{ref}'s"
        many = len(empty) > 1
        parts.append(
            f"{whose} {_fields(empty)[4:]} {'are' if many else 'is'} empty: "
            f"write {'them' if many else 'it'}"
        )
    return "; ".join(parts)


@entry_rule
def entry_fields(ctx: CheckContext, entry: ReferenceEntry) -> Sequence[Finding]:
    required = REF_REQUIRED if entry.kind == "REF" else UREF_REQUIRED
    fields = entry.fields
    missing = fields.missing(required)
    if not missing:
        return ()
    message = _missing_message(entry.id, missing, [n for k, n in required if k in fields])
    if plain := _plain_fields(_body(ctx.doc, entry), missing):
        # Written by someone else: `- Authors: …`. "Lacks Authors" alone would be untrue.
        listed = ", ".join(f"`{n}:`" for n in plain)
        verb = "is" if len(plain) == 1 else "are"
        rest = [n for n in missing if n not in plain]
        message = (
            f"{entry.id}: {listed} {verb} written without bold, so not read as "
            f"{'a field' if len(plain) == 1 else 'fields'}: write `- **{plain[0]}:** …`"
            + (f"; it also lacks {', '.join(rest)}" if rest else "")
        )
    return [
        ctx.finding(
            MISSING_FIELDS, message, entry.id_span, data={"id": entry.id, "missing": missing}
        )
    ]


# `- Authors: …` / `* Year: 1994`: a field name as a plain list item, without the bold.
_PLAIN_FIELD = re.compile(r"^[ \t]*[-*+][ \t]+([A-Za-z][A-Za-z /]*?)[ \t]*:", re.MULTILINE)


def _body(doc: MarkdownDoc, entry: ReferenceEntry) -> str:
    """The entry's lines after its heading, read line by line: `doc.text` would join a buffer
    kept in chunks, a whole-file copy per keystroke on a large LITERATURE.md."""
    lines = doc.lines
    last = min(lines.line_of(entry.span.end), len(lines.texts) - 1)
    return "\n".join(lines.texts[i] for i in range(entry.heading.line + 1, last + 1))


def _plain_fields(block: str, missing: list[str]) -> list[str]:
    """The missing field names the entry writes as plain list items, in schema order."""
    written = {m.group(1).strip().lower() for m in _PLAIN_FIELD.finditer(block)}
    return [n for n in missing if n.lower() in written]


# -- every note of the folder ----------------------------------------------------------------
# Lines that may hold a malformed identifier: only prefixed tokens can be judged malformed
# (`arXiv:…`, `doi:…`, arxiv.org URLs). Each pattern starts with a literal, so scanning a large
# note is fast, and the full identifier scan runs on these few lines only.
_CLAIM_HINTS = (
    re.compile(r":(?:(?<=[Aa][Rr][Xx][Ii][Vv]:)|(?<=[Dd][Oo][Ii]:))(?=\s?[A-Za-z0-9])"),
    re.compile(r"/(?:(?<=[Aa][Rr][Xx][Ii][Vv]\.[Oo][Rr][Gg]/[Aa][Bb][Ss]/)|(?<=[Pp][Dd][Ff]/))"),
)
_VERIFIED_MARKS = (re.compile(r"\[V\]"),)


@rule()
def prose_identifiers(ctx: CheckContext) -> Iterator[Finding]:
    """Malformed `arXiv:`/`doi:` tokens in prose (entry id fields have their own rule)."""
    doc = ctx.doc
    yield from _bad_identifiers(
        ctx, doc.identifiers_where(_CLAIM_HINTS), lambda: _id_field_lines(doc)
    )


def prose_identifiers_on(
    ctx: CheckContext, first: int, last: int, entry: ReferenceEntry
) -> Iterator[Finding]:
    """`prose_identifiers` on lines first..last of one entry only: what a keystroke that
    rewrote those lines (and changed nothing else a whole-file rule reads) must look at again."""
    lines = ctx.doc.lines
    hinted = [
        i for i in range(first, last + 1) if any(p.search(lines.texts[i]) for p in _CLAIM_HINTS)
    ]
    if not hinted:
        return
    own = {f.line for f in (entry.arxiv_field, entry.doi_field) if f is not None}
    yield from _bad_identifiers(ctx, ctx.doc.identifiers_on(hinted), lambda: own)


def _bad_identifiers(
    ctx: CheckContext, found: Iterable[LocatedId], id_field_lines: Callable[[], set[int]]
) -> Iterator[Finding]:
    field_lines: set[int] | None = None
    for located in found:
        m = located.mention
        if m.valid:
            continue
        if field_lines is None:
            field_lines = id_field_lines()
        if located.line in field_lines:
            continue
        # Past the cap a finding is only counted: its message is not worth working out.
        if m.kind == "arxiv":
            message = "" if ctx.past_cap(BAD_ARXIV) else _arxiv_problem(m.value)
            yield ctx.finding(BAD_ARXIV, message, located.span, data={"value": m.value})
        else:
            message = "" if ctx.past_cap(BAD_DOI) else _doi_problem(m.value)
            yield ctx.finding(BAD_DOI, message, located.span, data={"value": m.value})


def _id_field_lines(doc: MarkdownDoc) -> set[int]:
    out: set[int] = set()
    if isinstance(doc, LiteratureDoc):
        for entry in doc.entries:
            for f in (entry.arxiv_field, entry.doi_field):
                if f is not None:
                    out.add(f.line)
    return out


@rule()
def reference_mentions(ctx: CheckContext) -> Iterator[Finding]:
    doc = ctx.doc
    mentions = doc.mentions
    lit = folder_literature(ctx)
    if lit is None:
        if mentions and _in_a_problem_folder(ctx):
            reason = _no_literature_reason(ctx)
            for m in mentions:
                yield ctx.finding(
                    UNKNOWN_MENTION,
                    f"{m.id} cannot be resolved: {reason}",
                    m.span,
                    data={"id": m.id},
                )
        return
    index = literature_index(lit)
    verified_lines = _VerifiedLines(doc)
    # `## REF-004: …` (a heading at the wrong level) is LIT010, not a mention of REF-004.
    titles = {h.title_span.start for h in doc.lines.headings} if doc is lit else set()
    for m in mentions:
        yield from mention_findings(ctx, index, m, verified_lines, titles)
    if not (index.uref_arxiv or index.uref_doi):
        return
    for located in doc.identifiers_where(_VERIFIED_MARKS):
        idm = located.mention
        if not idm.valid:
            continue
        if idm.kind == "arxiv":
            parsed = parse_arxiv(idm.value)
            if parsed is None or parsed.base in index.ref_arxiv:
                continue
            entry = index.uref_arxiv.get(parsed.base)
        else:
            if idm.value in index.ref_doi:
                continue
            entry = index.uref_doi.get(idm.value)
        if entry is None:
            continue
        if doc is index.doc and entry.span.start <= located.span.start <= entry.span.end:
            continue  # the entry's own identifiers
        if not verified_lines(located.line, located.span.start - doc.lines.starts[located.line]):
            continue  # the [V] on this line belongs to another sentence
        yield _as_verified(ctx, index, entry, located.span, idm.value)


def mention_findings(
    ctx: CheckContext, index: LiteratureIndex, m: Mention, verified_lines: _VerifiedLines,
    titles: Container[int],
) -> Iterator[Finding]:  # fmt: skip
    """What `reference_mentions` says of one mention. `titles`: where headings' titles start in
    the note (those of LITERATURE.md itself, else none)."""
    mid = m.id  # formatted once: a line of 100k mentions asks for it at every step below
    entry = index.by_id.get(mid)
    if entry is None:
        if m.span.start in titles:
            return
        yield from _unknown(ctx, index, m, mid)
    elif m.kind == "UREF" or entry.section == "unconfirmed":
        if verified_lines(m.line, m.span.start - ctx.doc.lines.starts[m.line]):
            yield _as_verified(ctx, index, entry, m.span, mid)
        elif m.kind == "REF":
            yield ctx.finding(
                UNKNOWN_MENTION,
                f"{mid} stands under Unconfirmed References, so it is not a confirmed "
                f"reference: give it an UREF id (and cite it as unconfirmed) or verify it",
                m.span,
                related=[(index.doc, entry.id_span, f"{mid} under Unconfirmed References")],
                data={"id": mid},
            )


def _unknown(ctx: CheckContext, index: LiteratureIndex, m: Mention, mid: str) -> Iterator[Finding]:
    moved = index.moved.get(mid) if m.kind == "REF" else None
    if moved is not None:
        if index.doc is ctx.doc and moved.span.start <= m.span.start <= moved.span.end:
            return  # the note inside the UREF entry that records the move
        yield ctx.finding(
            UNKNOWN_MENTION,
            f"{mid} no longer exists: it was moved to Unconfirmed References as {moved.id} — "
            f"cite {moved.id} instead (never with [V])",
            m.span,
            related=[(index.doc, moved.id_span, f"{moved.id}: {moved.title}")],
            data={"id": mid, "replacement": moved.id},
        )
        return
    if ctx.past_cap(UNKNOWN_MENTION):  # only counted: no message to work out
        yield ctx.finding(UNKNOWN_MENTION, "", m.span)
        return
    top = index.highest.get(m.kind)
    hint = f" (the highest is {m.kind}-{top:03d})" if top else f" (it has no {m.kind} entries)"
    yield ctx.finding(
        UNKNOWN_MENTION,
        f"{mid} does not exist in LITERATURE.md{hint}: fix the id or add the reference",
        m.span,
        data={"id": mid},
    )


def _as_verified(
    ctx: CheckContext, index: LiteratureIndex, entry: ReferenceEntry, span: Span, cited: str
) -> Finding:
    reason = entry.fields.value("reason")
    what = f"{entry.id}: unconfirmed" + (f" — {reason}" if reason else "")
    label = cited if cited == entry.id else f"{cited} ({entry.id})"
    return ctx.finding(
        UNCONFIRMED_AS_VERIFIED,
        f"{label} is an unconfirmed reference cited on a line marked [V]: an unverified paper "
        "cannot support a verified claim — use [~], or verify the paper first",
        span,
        related=[(index.doc, entry.id_span, what)],
        data={"id": entry.id},
    )


class _VerifiedLines:
    """Whether the sentence around a column carries a [V] marker. A line often holds several
    claims ("By [V] REF-001 … . UREF-002 would give … [~]."): the marker belongs to its own.

    A line's sentence breaks and markers are found once (for the last line asked about: callers
    go through the text in order), so a line of thousands of mentions is read once, not once
    per mention."""

    __slots__ = ("_line", "_marks", "_texts")

    def __init__(self, doc: MarkdownDoc) -> None:
        self._texts = doc.lines.texts
        self._line = -1
        # Where the sentence breaks of `_line` start and end, and where its [V]s start.
        self._marks: tuple[list[int], list[int], list[int]] = ([], [], [])

    def __call__(self, line: int, column: int) -> bool:
        if line != self._line:
            text = self._texts[line]
            self._line = line
            if "[V]" not in text:
                self._marks = ([], [], [])
            else:
                breaks = list(_SENTENCE_END.finditer(text))
                self._marks = (
                    [m.start() for m in breaks],
                    [m.end() for m in breaks],
                    [m.start() for m in _MARK_V.finditer(text)],
                )
        starts, ends, marks = self._marks
        if not marks:
            return False
        # The sentence: from the last break ending at or before `column` to the first break
        # starting at or after it (its first character kept: the `.` is a lookbehind).
        k = bisect.bisect_right(ends, column) - 1
        start = ends[k] if k >= 0 else 0
        k = bisect.bisect_left(starts, column)
        end = starts[k] + 1 if k < len(starts) else None
        k = bisect.bisect_left(marks, start)
        return k < len(marks) and (end is None or marks[k] + 3 <= end)


_MARK_V = re.compile(r"\[V\]")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[A-Z\[$*_(])")


def _in_a_problem_folder(ctx: CheckContext) -> bool:
    """Whether the note belongs to a problem: `.math/problems/<slug>/`, or a folder holding a
    PROBLEM.md or LITERATURE.md (readable or not). A Markdown note elsewhere (a `notes.md` the
    editor opened in any folder) has no references to resolve: telling it "this problem folder
    has no LITERATURE.md" was an error about a problem that does not exist."""
    root = ctx.folder.root
    if is_slug_folder(root):
        return True
    for name in ("PROBLEM.md", "LITERATURE.md"):
        path = root / name
        if ctx.folder.doc(path) is not None or ctx.folder.load_problem(path) != "file not found":
            return True
    return False


def _no_literature_reason(ctx: CheckContext) -> str:
    path = ctx.folder.root / "LITERATURE.md"
    problem = ctx.folder.load_problem(path)
    if problem and problem != "file not found":
        return f"this problem folder's LITERATURE.md cannot be read ({problem})"
    return "this problem folder has no LITERATURE.md (run a literature search to create it)"


# -- small helpers -----------------------------------------------------------------------------
def _stamp_span(entry: ReferenceEntry) -> Span:
    """Where a finding on the entry's `Verified:` stamp points (asked for only then)."""
    f = entry.fields.get("verified")
    assert f is not None  # the stamp has a value
    return _value_span(f)


def _value_span(f: Field) -> Span:
    span = f.value_span
    return span if span.end > span.start else f.name_span


@functools.lru_cache(maxsize=8)
def _time_limits(now: dt.datetime, stale_after: int) -> tuple[dt.datetime, dt.datetime | None]:
    """A stamp after the first is in the future (REF004), one before the second stale (REF008;
    None: none is): `now - ts > stale_after days` is `ts < now - stale_after days`, worked out
    once per check instead of once per stamp."""
    now = _aware(now)
    future = now + FUTURE_TOLERANCE
    if stale_after <= 0:
        return future, None
    try:
        return future, now - dt.timedelta(days=stale_after)
    except OverflowError:  # before year 1: no stamp is that old
        return future, None


def _aware(now: dt.datetime) -> dt.datetime:
    return now if now.tzinfo is not None else now.replace(tzinfo=dt.UTC)


def _clip(value: str, width: int = 60) -> str:
    value = value.strip()
    return value if len(value) <= width else value[: width - 1] + "…"


def _doi_problem(value: str) -> str:
    return f"`{_clip(value)}` is not a valid DOI: {_DOI_HELP}"


_ARXIV_LEAD = re.compile(r"^(?:arxiv:\s*|https?://\S*?/(?:abs|pdf)/)", re.IGNORECASE)


def _arxiv_problem(value: str) -> str:
    """Why `value` is not an arXiv id, as specifically as can be said."""
    text = value.strip()
    bare = _ARXIV_LEAD.sub("", text)
    shown = f"`{_clip(text)}` is not a valid arXiv identifier"
    if m := _NEW_STYLE.fullmatch(bare):
        mm, yymm, num = int(m["mm"]), int(m["yymm"]), m["num"]
        if not 1 <= mm <= 12:
            return f"{shown}: month {m['mm']} does not exist ({_ARXIV_HELP})"
        if yymm < 704:
            return f"{shown}: new-style ids start in April 2007; older ones look like math/0601001"
        digits = 5 if yymm >= 1501 else 4
        if len(num) != digits:
            return (
                f"{shown}: ids from {'2015' if digits == 5 else '2007–2014'} have {digits} "
                f"digits after the dot, this one has {len(num)}"
            )
    return f"{shown}: {_ARXIV_HELP}"
