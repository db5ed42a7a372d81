"""LITERATURE.md structure: frontmatter, sections, numbering, duplicates (docs/schemas.md)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from mathlsp.checks.base import CheckContext, define, entry_rule, rule
from mathlsp.checks.findings import Finding, Severity
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import is_slug_folder
from mathlsp.notes.literature import (
    SECTION_ORDER,
    SECTION_TITLES,
    LiteratureDoc,
    ReferenceEntry,
    Section,
)
from mathlsp.notes.markdown import Heading, normalize_heading
from mathlsp.notes.numbering import NextNumbers, next_numbers
from mathlsp.notes.reuse import other_titles
from mathlsp.notes.spans import Span

MISSING_FRONTMATTER = define(
    "LIT001", Severity.WARNING, "LITERATURE.md frontmatter is missing or lacks a required key"
)
SLUG_MISMATCH = define(
    "LIT002", Severity.WARNING, "Frontmatter `problem` does not match the problem folder's slug"
)
COUNT_MISMATCH = define(
    "LIT003", Severity.WARNING, "Frontmatter counts disagree with the references in the body"
)
SECTION_MISSING = define("LIT004", Severity.WARNING, "A required section is missing")
SECTION_ORDER_CODE = define("LIT005", Severity.WARNING, "Sections are out of order")
SECTION_DUPLICATE = define("LIT006", Severity.WARNING, "A section appears more than once")
DUPLICATE_ID = define("LIT007", Severity.ERROR, "Two entries share one REF/UREF id")
NUMBERING = define("LIT008", Severity.WARNING, "Reference numbering goes backwards or restarts")
WRONG_SECTION = define("LIT009", Severity.WARNING, "Reference entry stands in the wrong section")
HEADING_LEVEL = define("LIT010", Severity.WARNING, "Reference entry heading is not a `###` heading")
DUPLICATE_PAPER = define("LIT011", Severity.WARNING, "The same paper is listed twice")
REUSED_NUMBER = define(
    "LIT013", Severity.ERROR, "A reference id given to another paper before is used again"
)
HISTORY_TABLE = define(
    "LIT012", Severity.WARNING, "Search History table is missing or has the wrong columns"
)

REQUIRED_KEYS = (
    "problem",
    "total_papers",
    "confirmed_count",
    "unconfirmed_count",
    "last_search",
    "sources_queried",
)
HISTORY_COLUMNS = ("Date", "Query Summary", "arXiv Results", "S2 Results", "New Confirmed")
_KIND_SECTION = {"REF": "confirmed", "UREF": "unconfirmed"}
_ENTRY_TITLE = re.compile(r"(?P<kind>U?REF)-(?P<num>\d{1,6})\b")
_DELIMITER_ROW = re.compile(r"\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*")

E = TypeVar("E")


# -- helpers shared with the journal checks --------------------------------------------------
def opening_fence(doc: MarkdownDoc) -> Span:
    """Where to report a frontmatter-wide problem: its `---` line, or the first line."""
    fm = doc.frontmatter
    if fm.present:
        return Span(fm.span.start, fm.span.start + 3)
    texts = doc.lines.texts
    return Span(0, len(texts[0]) if texts else 0)


def missing_keys(
    ctx: CheckContext, code: str, required: Sequence[str], name: str, fix: dict[str, Any]
) -> Iterator[Finding]:
    """The frontmatter is absent, or lacks some of `required` (skipped when its YAML is broken)."""
    fm = ctx.doc.frontmatter
    if fm.present and fm.error is not None:
        return  # DOC002..DOC005 explain it; the keys cannot be judged
    if not fm.present:
        keys = ", ".join(f"`{k}`" for k in required)
        yield ctx.finding(
            code,
            f"{name} has no YAML frontmatter: start the file with a `---` block holding {keys}",
            opening_fence(ctx.doc),
            data={"keys": list(required)},
        )
        return
    for key in required:
        if key not in fm.fields:
            hint = f" (`{key}: {fix[key]}`)" if key in fix else ""
            yield ctx.finding(
                code,
                f"{name} frontmatter has no `{key}` key: add it{hint}",
                opening_fence(ctx.doc),
                data={"key": key, **({"expected": fix[key]} if key in fix else {})},
            )


def _shown(value: object) -> str:
    """A frontmatter value quoted in a message; a huge number is described, not printed (Python
    refuses to print integers of over 4,300 digits, and nobody wants to read one)."""
    if value is None or value == "":
        return "empty"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**15:
        return "a number far larger than any count"
    text = str(value)
    return f"`{text if len(text) <= 80 else text[:77] + '…'}`"


def count_mismatch(
    ctx: CheckContext, code: str, key: str, expected: int, what: str
) -> Iterator[Finding]:
    """`key` in the frontmatter should be the integer `expected`."""
    fm = ctx.doc.frontmatter
    f = fm.fields.get(key) if fm.error is None else None
    if f is None:
        return
    value = f.value
    if isinstance(value, int) and not isinstance(value, bool) and value == expected:
        return
    shown = _shown(value)
    yield ctx.finding(
        code,
        f"`{key}` is {shown} but the body has {expected} {what}: set it to {expected}",
        f.value_span if f.value_span.end > f.value_span.start else f.key_span,
        data={"key": key, "expected": expected},
    )


def section_structure(
    ctx: CheckContext,
    sections: Sequence[Section],
    order: Sequence[str],
    titles: dict[str, str],
    codes: tuple[str, str, str],
    name: str,
) -> Iterator[Finding]:
    """Missing (codes[0]), out-of-order (codes[1]) and duplicated (codes[2]) `##` sections."""
    missing_code, order_code, duplicate_code = codes
    first: dict[str, Section] = {}
    rank = {key: i for i, key in enumerate(order)}
    expected = ", ".join(titles[k] for k in order)
    highest: tuple[str, Section] | None = None  # the latest-ranked section seen so far
    for section in sections:
        key = section.key
        if key is None:
            continue
        if key in first:
            yield ctx.finding(
                duplicate_code,
                f"Section '{titles[key]}' appears twice: merge this one into the first",
                section.heading.span,
                related=[(ctx.doc, first[key].heading.span, f"first '{titles[key]}' section")],
            )
            continue
        first[key] = section
        if highest is not None and rank[key] < rank[highest[0]]:
            top = titles[highest[0]]
            yield ctx.finding(
                order_code,
                f"Section '{titles[key]}' comes after '{top}': the order is {expected}",
                section.heading.span,
                related=[(ctx.doc, highest[1].heading.span, f"'{top}'")],
            )
        else:
            highest = (key, section)
    for key in order:
        if key in first:
            continue
        if (misleveled := _misleveled_heading(ctx.doc, titles[key])) is not None:
            yield _misleveled_finding(ctx, missing_code, misleveled, titles[key], name)
            continue
        before = [k for k in order[: rank[key]] if k in first]
        after = first[before[-1]].heading.title if before else None
        where = f" after '{after}'" if after else ""
        yield ctx.finding(
            missing_code,
            f"{name} has no '## {titles[key]}' section: add it{where} (the order is {expected})",
            _missing_section_anchor(ctx.doc),
            data={"section": titles[key], "after": after},
        )


def _misleveled_heading(doc: MarkdownDoc, title: str) -> Heading | None:
    """The heading that names the section at another level than `##` (`# Confirmed References`,
    `### Search History`): a document written by someone else, not a missing section."""
    wanted = normalize_heading(title)
    return next(
        (h for h in doc.lines.headings if h.level != 2 and normalize_heading(h.title) == wanted),
        None,
    )


def _misleveled_finding(
    ctx: CheckContext, code: str, heading: Heading, title: str, name: str
) -> Finding:
    # Said at the heading itself, with the fix that keeps its text: adding a second, empty
    # `## …` section (the missing-section fix) would leave what stands under it unread.
    written = "#" * heading.level + " " + heading.title
    return ctx.finding(
        code,
        f"'{written}' is a level-{heading.level} heading, so {name} has no '## {title}' "
        f"section and what stands under it is not read as one: make it `## {heading.title}`",
        heading.span,
        data={"relevel": 2, "line": heading.line},
    )


def _missing_section_anchor(doc: MarkdownDoc) -> Span:
    h1 = next((h for h in doc.lines.headings if h.level == 1), None)
    if h1 is not None:
        return h1.span
    lines = doc.lines
    if lines.first_line < len(lines.texts):
        return lines.span(lines.first_line)
    return opening_fence(doc)


def numbering(
    entries: Iterable[E], kind_of: Callable[[E], str], number_of: Callable[[E], int]
) -> Iterator[tuple[E, E, int, bool]]:
    """Entries whose number drops below the previous one of their kind.

    Yields (entry, previous entry, highest number so far, restarted). Gaps are legitimate
    (ids are never reused), equal numbers are duplicates (reported elsewhere), and only the
    point of a drop is reported, not every entry of the lower run that follows it.
    """
    previous: dict[str, tuple[E, int]] = {}  # kind → its last entry and that entry's number
    highest: dict[str, int] = {}
    for entry in entries:
        kind, number = kind_of(entry), number_of(entry)
        last = previous.get(kind)
        previous[kind] = (entry, number)
        if last is None:
            highest[kind] = number
            continue
        if number < last[1]:
            yield entry, last[0], highest[kind], number <= 1
        if number > highest[kind]:
            highest[kind] = number


_LATEX_COMMAND = re.compile(r"\\[a-z]+")
_WORDS = re.compile(r"[^\W_]+")
# `_WORDS` on a lower-cased ASCII title: the same words, matched by a plain class instead of a
# Unicode category test per character (half the time of the rule's key, once per entry).
_ASCII_WORDS = re.compile(r"[a-z0-9]+")


def normalize_title(title: str) -> str:
    """Titles compared loosely: case, accents, LaTeX, punctuation and spacing do not matter."""
    if not title.isascii():
        text = unicodedata.normalize("NFKD", title)
        title = "".join(c for c in text if not unicodedata.combining(c))
    title = title.lower()
    if "\\" in title:
        title = _LATEX_COMMAND.sub(" ", title)
    return " ".join((_ASCII_WORDS if title.isascii() else _WORDS).findall(title))


_MOVED_FROM = re.compile(r"\bmoved from (?P<id>U?REF-\d{1,6})(?![\w-])(?: on (?P<date>[\d-]+))?")


def moved_from(entry: ReferenceEntry) -> list[tuple[str, str]]:
    """The ids an entry's Reason says it was moved from (`verify --write` writes "moved from
    REF-003 on 2026-02-10"), with the date when given."""
    reason = entry.core.fields.value("reason")  # as written: no shifted view made for it
    if not reason or "moved from" not in reason:  # most entries: a check per entry per keystroke
        return []
    return [(m["id"], m["date"] or "") for m in _MOVED_FROM.finditer(reason)]


# -- rules -------------------------------------------------------------------------------------
@rule(applies_to=LiteratureDoc)
def frontmatter_keys(ctx: CheckContext) -> Iterator[Finding]:
    doc = _lit(ctx)
    n_ref = doc.count("REF")
    n_uref = len(doc.entries) - n_ref
    fix = {
        "problem": f'"{ctx.folder.slug}"',
        "total_papers": n_ref + n_uref,
        "confirmed_count": n_ref,
        "unconfirmed_count": n_uref,
        "last_search": '""',
        "sources_queried": "[]",
    }
    yield from missing_keys(ctx, MISSING_FRONTMATTER, REQUIRED_KEYS, "LITERATURE.md", fix)


@rule(applies_to=LiteratureDoc)
def problem_slug(ctx: CheckContext) -> Iterator[Finding]:
    root = ctx.folder.root
    if not is_slug_folder(root):
        return  # a plain folder has no slug to agree with
    if ctx.path.parent != root:
        return
    fm = ctx.doc.frontmatter
    f = fm.fields.get("problem") if fm.error is None else None
    if f is None:
        return
    slug = root.name
    if isinstance(f.value, str) and f.value.strip() == slug:
        return
    yield ctx.finding(
        SLUG_MISMATCH,
        f"`problem` is `{f.value}` but this file is in `.math/problems/{slug}/`: "
        f'set it to "{slug}"',
        f.value_span if f.value_span.end > f.value_span.start else f.key_span,
        data={"key": "problem", "expected": slug},
    )


@rule(applies_to=LiteratureDoc)
def frontmatter_counts(ctx: CheckContext) -> Iterator[Finding]:
    doc = _lit(ctx)
    n_ref = doc.count("REF")
    n_uref = len(doc.entries) - n_ref
    yield from count_mismatch(
        ctx, COUNT_MISMATCH, "confirmed_count", n_ref, "confirmed references (REF-)"
    )
    yield from count_mismatch(
        ctx, COUNT_MISMATCH, "unconfirmed_count", n_uref, "unconfirmed references (UREF-)"
    )
    yield from count_mismatch(
        ctx, COUNT_MISMATCH, "total_papers", n_ref + n_uref, "references (REF- and UREF-)"
    )


@rule(applies_to=LiteratureDoc)
def sections(ctx: CheckContext) -> Iterator[Finding]:
    yield from section_structure(
        ctx,
        _lit(ctx).sections,
        SECTION_ORDER,
        SECTION_TITLES,
        (SECTION_MISSING, SECTION_ORDER_CODE, SECTION_DUPLICATE),
        "LITERATURE.md",
    )


@rule(applies_to=LiteratureDoc)
def entry_ids(ctx: CheckContext) -> Iterator[Finding]:
    doc = _lit(ctx)
    first: dict[str, ReferenceEntry] = {}
    free: dict[str, int] | None = None  # one walk of the notes, not one per duplicate
    for entry in doc.entries:
        seen = first.setdefault(entry.core.id, entry)
        if seen is not entry:
            if free is None:
                free = next_numbers(doc).next
            yield duplicate_id(ctx, doc, entry, seen, free[entry.kind])
    yield from _reused_ids(ctx, doc)
    # Misplaced entries (LIT009) are left out: where they belong decides their order.
    placed = [e for e in doc.entries if e.section == _KIND_SECTION[e.core.kind]]
    for entry, prev, highest, restarted in numbering(
        placed, lambda e: e.core.kind, lambda e: e.core.number
    ):
        # A restart repeats ids; one used once is only out of order (REF-003 listed first, say).
        restarted = restarted and first[entry.core.id] is not entry
        yield numbering_finding(ctx, doc, entry, prev, highest, restarted)


def duplicate_id(
    ctx: CheckContext, doc: LiteratureDoc, entry: ReferenceEntry, seen: ReferenceEntry, free: int
) -> Finding:
    """LIT007 on `entry`, whose id `seen` (an earlier entry) holds; `free`: the next number."""
    return ctx.finding(
        DUPLICATE_ID,
        f"{entry.id} is already used by '{_short(seen.title)}': ids must be unique — "
        f"give this entry the next free number",
        entry.id_span,
        related=[(doc, seen.id_span, f"first {entry.id}")],
        data={"id": entry.id, "next": free},
    )


def numbering_finding(
    ctx: CheckContext, doc: LiteratureDoc, entry: ReferenceEntry, prev: ReferenceEntry,
    highest: int, restarted: bool,
) -> Finding:  # fmt: skip
    """LIT008 on `entry`, as `numbering` yields it."""
    nxt = highest + 1
    label = f"{entry.kind}-{nxt:03d}"
    if restarted:
        message = (
            f"Numbering restarts at {entry.id} after {prev.id}: numbering never resets, "
            f"continue from {label}"
        )
    else:
        message = (
            f"{entry.id} comes after {prev.id}: keep entries in increasing order "
            f"(the next free id is {label})"
        )
    return ctx.finding(
        NUMBERING,
        message,
        entry.id_span,
        related=[(doc, prev.id_span, f"previous {entry.kind} entry")],
        data={"kind": entry.kind, "next": nxt},
    )


def _reused_ids(ctx: CheckContext, doc: LiteratureDoc) -> Iterator[Finding]:
    """An entry whose id an earlier paper carried: a moved entry's "moved from REF-003" says
    REF-003 was that paper, so every older mention of REF-003 means it, not this one; a mention
    naming REF-003 with another title (`REF-003 ("…")`, in any note) says the same."""
    numbers: NextNumbers | None = None
    reported: set[str] = set()
    for moved in doc.entries:
        for old_id, date in moved_from(moved):
            entry = doc.by_id.get(old_id)
            if entry is None or entry is moved or old_id in reported:
                continue
            reported.add(old_id)
            numbers = numbers or next_numbers(doc)
            new_id = numbers.peek(entry.kind)
            when = f" on {date}" if date else ""
            yield ctx.finding(
                REUSED_NUMBER,
                f"{old_id} was another paper's id ('{_short(moved.title)}', moved to "
                f"{moved.id}{when}): ids are never reused, and older mentions of {old_id} mean "
                f"that paper — give this entry a new id ({new_id})",
                entry.id_span,
                related=[(doc, moved.id_span, f"moved from {old_id}")],
                data={"id": old_id, "moved_to": moved.id, "next": new_id},
            )
    others = [d for d in ctx.folder.docs() if d.path != doc.path]
    for seen in other_titles(doc, others):
        if seen.id in reported:
            continue
        reported.add(seen.id)
        entry = doc.by_id[seen.id]
        numbers = numbers or next_numbers(doc, others)
        new_id = numbers.peek(entry.kind)
        where = Path(seen.doc.path).name
        yield ctx.finding(
            REUSED_NUMBER,
            f"{seen.id} was another paper's id: {where} names it '{_short(seen.title)}', not "
            f"this entry's title; ids are never reused, and that mention means that paper — "
            f"give this entry a new id ({new_id})",
            entry.id_span,
            related=[(seen.doc, seen.span, f"{seen.id} named for another title")],
            data={"id": seen.id, "other_title": seen.title, "next": new_id},
        )


@entry_rule
def entry_sections(ctx: CheckContext, entry: ReferenceEntry) -> Sequence[Finding]:
    # Entry rules return their findings (see `verification_stamps`), most often none.
    want = _KIND_SECTION[entry.kind]
    if entry.section == want:
        return ()
    where = (
        f"under '{SECTION_TITLES[entry.section]}'"
        if entry.section in SECTION_TITLES
        else "outside the reference sections"
    )
    kind = "a confirmed" if entry.kind == "REF" else "an unconfirmed"
    return [
        ctx.finding(
            WRONG_SECTION,
            f"{entry.id} is {kind} reference but stands {where}: move it to "
            f"'{SECTION_TITLES[want]}'",
            entry.id_span,
            data={"id": entry.id, "section": SECTION_TITLES[want]},
        )
    ]


@entry_rule
def entry_heading_level(ctx: CheckContext, entry: ReferenceEntry) -> Sequence[Finding]:
    if entry.heading.level != 3:
        return [_level_finding(ctx, entry.heading.span, entry.id, entry.heading.level)]
    return ()


@rule(applies_to=LiteratureDoc)
def entry_heading_levels(ctx: CheckContext) -> Iterator[Finding]:
    """`## REF-001: …` and `# REF-001: …` are not read as entries at all."""
    doc = _lit(ctx)
    for section in doc.sections:  # `## REF-001: …` is read as a section, not an entry
        if section.key is None and (m := _ENTRY_TITLE.match(section.heading.title)):
            ident = f"{m['kind']}-{int(m['num']):03d}"
            yield _level_finding(ctx, section.heading.span, ident, 2)
    for h in doc.lines.headings:
        if h.level == 1 and (m := _ENTRY_TITLE.match(h.title)):
            ident = f"{m['kind']}-{int(m['num']):03d}"
            yield _level_finding(ctx, h.span, ident, 1)


def _level_finding(ctx: CheckContext, span: Span, ident: str, level: int) -> Finding:
    extra = (
        " (at this level it is not read as an entry, so mentions of it are unknown)"
        if level < 3
        else ""
    )
    return ctx.finding(
        HEADING_LEVEL,
        f"{ident} has a level-{level} heading: reference entries are `### {ident}: Title`{extra}",
        span,
        data={"level": 3},
    )


@rule(applies_to=LiteratureDoc)
def duplicate_papers(ctx: CheckContext) -> Iterator[Finding]:
    doc = _lit(ctx)
    seen: dict[tuple[str, Any], ReferenceEntry] = {}
    for entry in doc.entries:
        keys = duplicate_keys(entry)
        reported = False
        for key in keys:
            first = seen.setdefault(key, entry)
            if first is entry or reported:
                continue
            reported = True
            what = _key_words(key)
            yield ctx.finding(
                DUPLICATE_PAPER,
                f"{entry.id} has the same {what} as {first.id}: the paper is listed twice — "
                f"keep one entry and point mentions of {entry.id} to {first.id}",
                entry.id_span,
                related=[(doc, first.id_span, f"{first.id}: {_short(first.title)}")],
                data={"id": entry.id, "duplicate_of": first.id},
            )


def duplicate_keys(entry: ReferenceEntry) -> tuple[tuple[str, Any], ...]:
    """What makes two entries the same paper; kept on the parsed entry."""
    memo = entry.core.memo
    keys = memo.get("duplicate keys")
    if keys is None:
        found: list[tuple[str, Any]] = []
        arxiv, doi = entry.arxiv_id, entry.doi
        if arxiv is not None:
            found.append(("arxiv", arxiv.base))
        if doi is not None:
            found.append(("doi", doi))
        title = normalize_title(entry.title)
        if title:
            found.append(("title", (title, entry.year)))
        keys = memo["duplicate keys"] = tuple(found)
    return keys  # type: ignore[return-value]


def _key_words(key: tuple[str, Any]) -> str:
    """How a duplicate key reads in a message."""
    kind, value = key
    if kind == "arxiv":
        return f"arXiv id {value}"
    if kind == "doi":
        return f"DOI {value}"
    year = value[1]
    return f"title and year ({year})" if year else "title"


@rule(applies_to=LiteratureDoc)
def search_history_table(ctx: CheckContext) -> Iterator[Finding]:
    doc = _lit(ctx)
    section = doc.section("search_history")
    if section is None:
        return  # LIT004
    expected = " | ".join(HISTORY_COLUMNS)
    header = doc.history_header
    if header is None:
        yield ctx.finding(
            HISTORY_TABLE,
            f"Search History has no table: add the header `| {expected} |` and its `|---|` row",
            section.heading.span,
            data={"columns": list(HISTORY_COLUMNS)},
        )
        return
    want = [normalize_heading(c) for c in HISTORY_COLUMNS]
    if [normalize_heading(c) for c in header.cells] != want:
        found = " | ".join(header.cells)
        yield ctx.finding(
            HISTORY_TABLE,
            f"Search History columns are `{found}`; expected `{expected}`",
            header.span,
            data={"columns": list(HISTORY_COLUMNS)},
        )
        return
    lines = doc.lines
    nxt = header.line + 1
    if nxt >= len(lines.texts) or not _DELIMITER_ROW.fullmatch(lines.texts[nxt]):
        yield ctx.finding(
            HISTORY_TABLE,
            "Search History header is not followed by a `|---|---|…|` delimiter row, so "
            "Markdown does not render it as a table: add one",
            header.span,
            data={"columns": list(HISTORY_COLUMNS)},
        )
    width = len(HISTORY_COLUMNS)
    for row in doc.history:
        if len(row.cells) != width:
            yield ctx.finding(
                HISTORY_TABLE,
                f"This Search History row has {len(row.cells)} cells; the table has {width} "
                f"columns ({expected}) — escape a literal `|` as `\\|`",
                row.span,
            )


# -- small helpers -----------------------------------------------------------------------------
def _lit(ctx: CheckContext) -> LiteratureDoc:
    assert isinstance(ctx.doc, LiteratureDoc)
    return ctx.doc


def _short(title: str, width: int = 60) -> str:
    title = title.strip() or "(untitled)"
    return title if len(title) <= width else title[: width - 1] + "…"
