"""LITERATURE.md: the schema of docs/schemas.md as a typed model with source spans."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import PurePath

from mathlsp.notes.document import MARKER, MarkdownDoc, ref_id
from mathlsp.notes.fields import Field, FieldMap, parse_fields
from mathlsp.notes.identifiers import ArxivId, is_absent, normalize_doi, parse_arxiv
from mathlsp.notes.markdown import Heading, normalize_heading
from mathlsp.notes.spans import Span

# The four sections, in the order the schema requires.
SECTION_ORDER = ("search_history", "confirmed", "synthesis", "unconfirmed")
SECTION_TITLES = {
    "search_history": "Search History",
    "confirmed": "Confirmed References",
    "synthesis": "Synthesis",
    "unconfirmed": "Unconfirmed References",
}
_SECTION_KEYS = {normalize_heading(t): k for k, t in SECTION_TITLES.items()}

SYNTHESIS_ORDER = ("applicable_theorems", "technique_connections", "gaps", "reading_order")
SYNTHESIS_TITLES = {
    "applicable_theorems": "Applicable Theorems",
    "technique_connections": "Technique Connections",
    "gaps": "Gaps in Literature",
    "reading_order": "Suggested Reading Order",
}
_SYNTHESIS_KEYS = {normalize_heading(t): k for k, t in SYNTHESIS_TITLES.items()}

CONFIRMED_FIELDS = (
    "authors",
    "year",
    "source",
    "arxiv_id",
    "doi",
    "abstract",
    "relevance",
    "key_results",
    "confidence",
    "verified",
)
UNCONFIRMED_FIELDS = ("authors", "year", "source", "reason", "relevance", "status")

_ENTRY = re.compile(r"(?P<kind>U?REF)-(?P<num>\d{1,6})\b[ \t]*(?:[:.\-–—][ \t]*)?(?P<title>.*)$")
_URL = re.compile(r"https?://[^\s<>)\]`]+")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d|2100)\b")
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+")
_ET_AL = re.compile(r",?\s*\bet\.?\s*al\.?", re.IGNORECASE)


@dataclass(slots=True)
class Section:
    key: str | None  # canonical key, or None for a section the schema does not know
    heading: Heading
    span: Span  # heading line to the end of the section
    first_line: int  # first line after the heading
    last_line: int


@dataclass(slots=True)
class VerifiedStamp:
    raw: str
    timestamp: dt.datetime | None
    url: str | None


@dataclass(slots=True)
class ReferenceEntry:
    kind: str  # "REF" | "UREF"
    number: int
    title: str
    heading: Heading
    id_span: Span
    title_span: Span
    span: Span  # heading through its last field
    section: str | None  # key of the section it stands in
    fields: FieldMap
    loose_lines: list[int] = field(default_factory=list)

    @property
    def id(self) -> str:
        return ref_id(self.kind, self.number)

    @property
    def confirmed(self) -> bool:
        return self.kind == "REF"

    @property
    def authors(self) -> list[str]:
        return split_authors(self.fields.value("authors"))

    @property
    def year(self) -> int | None:
        m = _YEAR.search(self.fields.value("year"))
        return int(m.group(1)) if m else None

    @property
    def arxiv_field(self) -> Field | None:
        f = self.fields.get("arxiv_id")
        return f if f is not None and not is_absent(f.value) else None

    @property
    def doi_field(self) -> Field | None:
        f = self.fields.get("doi")
        return f if f is not None and not is_absent(f.value) else None

    @property
    def arxiv_id(self) -> ArxivId | None:
        f = self.arxiv_field
        return parse_arxiv(f.value.strip("`")) if f else None

    @property
    def doi(self) -> str | None:
        f = self.doi_field
        return normalize_doi(f.value.strip("`")) if f else None

    @property
    def verified(self) -> VerifiedStamp | None:
        f = self.fields.get("verified")
        return parse_verified(f.value) if f is not None else None


@dataclass(slots=True)
class HistoryRow:
    cells: list[str]
    line: int
    span: Span


@dataclass(slots=True)
class SynthesisItem:
    """One claim of the Synthesis: a list item or a paragraph, with its continuation lines."""

    subsection: str | None
    text: str
    first_line: int
    last_line: int
    span: Span
    markers: set[str]


_AND = re.compile(r"\s+and\s+|\s*&\s*|\s+und\s+|\s+et\s+(?!al\b)", re.IGNORECASE)
# Given names written as initials: `F`, `FM`, `F.`, `F. M.`, `J.-P.`, `Ch.`
_INITIALS = re.compile(
    r"^(?:[A-Z][a-z]?\.?(?:\s*-?\s*[A-Z][a-z]?\.?)*|[A-Z]{1,4})"
    r"(?:\s+(?:van|von|der|den|de|del|della|di|da|du|dos|das|le|la|ter|ten))*$"  # `B. L. van der`
)
_NAME_PARTICLES = frozenset(
    "van von der den de del della di da du dos das le la lo ter ten bin ibn al el".split()
)
_SUFFIX = re.compile(r"^(?:jr|sr|ii|iii|iv)\.?$", re.IGNORECASE)


def split_authors(value: str) -> list[str]:
    """An authors field as the names it lists, in the forms bibliographies use: `First Last`,
    `F. Last`, `Last, F`, `Last, FM`, `Last, F. M.`, `Last, First`, separated by `;`, `and`, `&`
    or commas (`Last, F, Other, L` pairs surnames with their initials), `et al.` dropped."""
    value = _ET_AL.sub("", " ".join(value.split())).strip().strip(",;").strip()
    if not value:
        return []
    if ";" in value:
        return [n.strip(" ,") for p in value.split(";") for n in _AND.split(p) if n.strip(" ,")]
    chunks = [c.strip(" ,") for c in _AND.split(value) if c.strip(" ,")]
    pieces = [[p.strip() for p in c.split(",") if p.strip()] for c in chunks]
    # `Last, First and Last, First`: every chunk one inverted name (BibTeX's own form).
    inverted = len(chunks) > 1 and all(
        len(ps) == 2 and len(ps[0].split()) <= 3 and len(ps[1].split()) <= 3 for ps in pieces
    )
    names: list[str] = []
    for ps in pieces:
        if inverted:
            names.append(f"{ps[0]}, {ps[1]}")
            continue
        i = 0
        while i < len(ps):
            name = ps[i]
            following = ps[i + 1] if i + 1 < len(ps) else None
            suffixed = following is not None and bool(_SUFFIX.match(following))
            if suffixed:
                name, i = f"{name} {following}", i + 1  # `Smith, Jr., John` (BibTeX's von-last-jr)
                following = ps[i + 1] if i + 1 < len(ps) else None
            if following is not None and (
                _INITIALS.match(following) or (suffixed and " " not in following)
            ):
                names.append(f"{name}, {following}")
                i += 2
                continue
            # A lone `Last, First M.` (one author written inverted) reads as one name when the
            # first part is a bare surname (particles aside); `Ben Green, Terence Tao` is two.
            if (
                following is not None
                and len(ps) == 2
                and len(chunks) == 1
                and len([w for w in name.split() if w.lower() not in _NAME_PARTICLES]) == 1
            ):
                names.append(f"{name}, {following}")
                i += 2
                continue
            names.append(name)
            i += 1
    return names


def parse_verified(value: str) -> VerifiedStamp:
    raw = value.strip()
    url_match = _URL.search(raw)
    url = url_match.group(0).rstrip(".,;") if url_match else None
    head = raw[: url_match.start()] if url_match else raw
    head = re.sub(r"\bvia\b.*$", "", head).strip().strip("`*_[]( ")
    timestamp: dt.datetime | None = None
    token = head.split()[0] if head.split() else ""
    if token:
        try:
            timestamp = dt.datetime.fromisoformat(token.replace("Z", "+00:00"))
            if timestamp.tzinfo is None:
                timestamp = timestamp.replace(tzinfo=dt.UTC)
        except ValueError:
            timestamp = None
    return VerifiedStamp(raw=raw, timestamp=timestamp, url=url)


class LiteratureDoc(MarkdownDoc):
    def __init__(self, text: str, path: str | PurePath = "LITERATURE.md") -> None:
        super().__init__(text, path)
        self.sections: list[Section] = []
        self.entries: list[ReferenceEntry] = []
        self.other_headings: list[Heading] = []
        self._parse()

    # -- structure -------------------------------------------------------------------------
    def _parse(self) -> None:
        lines = self.lines
        headings = lines.headings
        n_lines = len(lines.texts)
        current: Section | None = None
        for idx, h in enumerate(headings):
            if h.level <= 2:
                key = _SECTION_KEYS.get(normalize_heading(h.title)) if h.level == 2 else None
                end_line = _next_heading_line(headings, idx, 2, n_lines)
                current = Section(key, h, lines.line_span(h.line, end_line), h.line + 1, end_line)
                if h.level == 2:
                    self.sections.append(current)
                else:
                    current = None
                continue
            m = _ENTRY.match(h.title)
            if m is None:
                self.other_headings.append(h)
                continue
            end_line = _next_heading_line(headings, idx, 6, n_lines)
            fields, loose = parse_fields(lines, h.line + 1, end_line)
            last = max(h.line, lines.line_of(fields[-1]._se) if fields else 0, *loose)
            title = m.group("title").strip()
            base = h.title_span.start
            self.entries.append(
                ReferenceEntry(
                    kind=m.group("kind"),
                    number=int(m.group("num")),
                    title=title,
                    heading=h,
                    id_span=Span(base + m.start("kind"), base + m.end("num")),
                    title_span=Span(base + m.start("title"), base + m.start("title") + len(title)),
                    span=lines.line_span(h.line, last),
                    section=current.key if current else None,
                    fields=FieldMap(fields),
                    loose_lines=loose,
                )
            )

    def definition_spans(self) -> list[Span]:
        return [e.id_span for e in self.entries]

    def section(self, key: str) -> Section | None:
        return next((s for s in self.sections if s.key == key), None)

    @property
    def confirmed(self) -> list[ReferenceEntry]:
        return [e for e in self.entries if e.kind == "REF"]

    @property
    def unconfirmed(self) -> list[ReferenceEntry]:
        return [e for e in self.entries if e.kind == "UREF"]

    @cached_property
    def by_id(self) -> dict[str, ReferenceEntry]:
        out: dict[str, ReferenceEntry] = {}
        for e in self.entries:
            out.setdefault(e.id, e)
        return out

    def entry_at(self, offset: int) -> ReferenceEntry | None:
        for e in self.entries:
            if e.span.start <= offset <= e.span.end:
                return e
        return None

    # -- search history ---------------------------------------------------------------------
    @cached_property
    def history_header(self) -> HistoryRow | None:
        rows = self._table_rows()
        return rows[0] if rows else None

    @cached_property
    def history(self) -> list[HistoryRow]:
        rows = self._table_rows()
        return [r for r in rows[1:] if not _is_delimiter(r.cells)]

    def _table_rows(self) -> list[HistoryRow]:
        section = self.section("search_history")
        if section is None:
            return []
        lines = self.lines
        rows: list[HistoryRow] = []
        for i in range(section.first_line, section.last_line + 1):
            text = lines.texts[i]
            if lines.opaque[i] or not text.lstrip().startswith("|"):
                if rows and text.strip():
                    break  # the table ended
                continue
            rows.append(HistoryRow(_cells(text), i, lines.span(i)))
        return rows

    # -- synthesis --------------------------------------------------------------------------
    @cached_property
    def synthesis_subsections(self) -> list[Heading]:
        section = self.section("synthesis")
        if section is None:
            return []
        return [
            h
            for h in self.other_headings
            if h.level == 3 and section.first_line <= h.line <= section.last_line
        ]

    @cached_property
    def synthesis_items(self) -> list[SynthesisItem]:
        section = self.section("synthesis")
        if section is None:
            return []
        lines = self.lines
        heading_lines = {h.line: h for h in self.lines.headings}
        items: list[SynthesisItem] = []
        sub: str | None = None
        start: int | None = None

        def close(last: int) -> None:
            nonlocal start
            if start is None:
                return
            span = lines.line_span(start, last)
            text = " ".join(lines.texts[j].strip() for j in range(start, last + 1))
            items.append(SynthesisItem(sub, text, start, last, span, set(MARKER.findall(text))))
            start = None

        last_content = section.first_line
        for i in range(section.first_line, section.last_line + 1):
            if i in heading_lines:
                close(last_content)
                sub = _SYNTHESIS_KEYS.get(normalize_heading(heading_lines[i].title))
                continue
            text = lines.texts[i]
            if lines.opaque[i] or not text.strip() or text.lstrip().startswith("|"):
                close(last_content)
                continue
            if start is None or _LIST_ITEM.match(text):
                close(last_content)
                start = i
            last_content = i
        close(last_content)
        return items


def _next_heading_line(headings: list[Heading], idx: int, level: int, n_lines: int) -> int:
    """Last line before the next heading of `level` or above (i.e. a smaller level number)."""
    for k in range(idx + 1, len(headings)):
        if headings[k].level <= level:
            return headings[k].line - 1
    return n_lines - 1


def _cells(row: str) -> list[str]:
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def _is_delimiter(cells: list[str]) -> bool:
    return (
        bool(cells)
        and all(re.fullmatch(r":?-{1,}:?", c.replace(" ", "")) for c in cells if c)
        and any(cells)
    )
