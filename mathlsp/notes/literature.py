"""LITERATURE.md: the schema of docs/schemas.md as a typed model with source spans."""

from __future__ import annotations

import bisect
import datetime as dt
import itertools
import re
import threading
import weakref
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import PurePath
from typing import TypeVar

from mathlsp.mathids import find_math_ids, parse_mr, parse_zbl
from mathlsp.notes.chunked import TextView
from mathlsp.notes.document import MARKER, LocatedId, MarkdownDoc, Mention, ref_id
from mathlsp.notes.edits import Edit
from mathlsp.notes.fields import Field, FieldMap, parse_field_map
from mathlsp.notes.frontmatter import Frontmatter
from mathlsp.notes.gcpause import gc_paused
from mathlsp.notes.identifiers import ArxivId, is_absent, normalize_doi, parse_arxiv
from mathlsp.notes.markdown import (
    STRUCTURAL,
    Heading,
    Lines,
    LineTexts,
    _shifted,
    normalize_heading,
    parse_heading,
    splice,
    starts_agree,
    touched,
)
from mathlsp.notes.spans import Span
from mathlsp.notes.text import LineIndex

T = TypeVar("T")

# The four sections, in the order the schema requires.
SECTION_ORDER = ("search_history", "confirmed", "synthesis", "unconfirmed")
#: The sections whose entries are verified and stamped (an entry elsewhere has none to be
#: stamped in or moved from).
VERIFIED_SECTIONS = ("confirmed", "unconfirmed")
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
# Fields that describe the entry's own paper: an identifier written in them is the paper's.
_BIBLIOGRAPHIC = frozenset(
    "notes note venue journal published published_in reference citation bibliographic".split()
)
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d|2100)\b")
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+")
_VIA = re.compile(r"\bvia\b.*$")
_ET_AL = re.compile(r",?\s*\bet\.?\s*al\.?|,?\s*\band\s+others\b\.?", re.IGNORECASE)


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


_UNREAD = object()  # what an entry's memo holds for what was never worked out


class EntryCore:
    """What an entry's own lines say, parsed once and shared by every later version of the file
    in which those lines are unchanged (a keystroke elsewhere re-parses nothing here).

    Offsets and lines are those of the version it was parsed in (`line`, `base`); an entry of
    another version shifts them by where its heading now stands. `memo` holds what is derived
    from the entry's text alone (parsed identifiers, check results), for the same reuse.
    """

    __slots__ = (
        "base", "end_line", "fields", "id", "id_end", "id_start", "kind", "line", "loose",
        "memo", "number", "span_end", "title", "title_end", "title_start",
    )  # fmt: skip

    def __init__(
        self, kind: str, number: int, title: str, line: int, end_line: int, base: int,
        id_start: int, id_end: int, title_start: int, title_end: int, span_end: int,
        fields: FieldMap, loose: list[int],
    ) -> None:  # fmt: skip
        # Spans as plain offsets (no Span made per entry only to be taken apart here).
        self.kind = kind
        self.number = number
        self.id = ref_id(kind, number)
        self.title = title
        self.line = line
        self.end_line = end_line  # the line before the next heading: the lines it was read from
        self.base = base
        self.id_start, self.id_end = id_start, id_end
        self.title_start, self.title_end = title_start, title_end
        self.span_end = span_end
        self.fields = fields
        self.loose = loose
        self.memo: dict[object, object] = {}


class ReferenceEntry:
    """One `### REF-NNN: Title` entry of one version of LITERATURE.md."""

    __slots__ = ("_dl", "_do", "_fields", "core", "heading", "section")

    def __init__(self, core: EntryCore, heading: Heading, section: str | None) -> None:
        self.core = core
        self.heading = heading
        self.section = section  # key of the section it stands in
        self._dl = heading.line - core.line
        self._do = heading.span.start - core.base
        self._fields: FieldMap | None = None

    @property
    def kind(self) -> str:  # "REF" | "UREF"
        return self.core.kind

    @property
    def number(self) -> int:
        return self.core.number

    @property
    def title(self) -> str:
        return self.core.title

    @property
    def id_span(self) -> Span:
        return Span(self.core.id_start + self._do, self.core.id_end + self._do)

    @property
    def title_span(self) -> Span:
        return Span(self.core.title_start + self._do, self.core.title_end + self._do)

    @property
    def span(self) -> Span:
        """Heading through its last field."""
        return Span(self.heading.span.start, self.core.span_end + self._do)

    @property
    def fields(self) -> FieldMap:
        fields = self._fields
        if fields is None:
            core = self.core
            if not self._dl and not self._do:
                fields = core.fields
            else:
                fields = FieldMap([f.shifted(self._dl, self._do) for f in core.fields.all])
            self._fields = fields
        return fields

    @property
    def loose_lines(self) -> list[int]:
        return [line + self._dl for line in self.core.loose]

    @property
    def id(self) -> str:
        return self.core.id

    @property
    def confirmed(self) -> bool:
        return self.core.kind == "REF"

    @property
    def authors(self) -> list[str]:
        # Split once per parsed entry (the checks, the claim and its fingerprint each ask);
        # a copy is handed out, so no caller can change what the next one reads.
        found = self.core.memo.get("authors")
        if found is None:
            found = self.core.memo["authors"] = tuple(
                split_authors(self.core.fields.value("authors"))
            )
        return list(found)  # type: ignore[arg-type]

    @property
    def year(self) -> int | None:
        value = self.core.fields.value("year")
        if len(value) == 4 and value.isascii() and value.isdigit():
            # What `_YEAR` finds in a bare year (most entries), without a search.
            number = int(value)
            return number if 1500 <= number <= 2100 else None
        m = _YEAR.search(value)
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
        # Parsed once (three rules ask, and the check's index); a `get`, not a `try`: every
        # entry's first ask would raise and catch a KeyError.
        found = self.core.memo.get("arxiv_id", _UNREAD)
        if found is _UNREAD:
            found = self._identifier("arxiv_id", parse_arxiv)
        return found  # type: ignore[return-value]

    @property
    def zbl_field(self) -> Field | None:
        f = self.fields.get("zbl")
        return f if f is not None and not is_absent(f.value) else None

    @property
    def mr_field(self) -> Field | None:
        f = self.fields.get("mr")
        return f if f is not None and not is_absent(f.value) else None

    @property
    def zbl(self) -> str | None:
        """The `**Zbl:**` number, else one in a zbmath.org link of the `**URL:**` field, else
        the one a bibliographic field writes in prose (`**Notes:** Zbl 0303.10056`)."""
        return (
            self._identifier("zbl", parse_zbl)  # type: ignore[return-value]
            or self._in_url("zbl", parse_zbl)
            or self._in_prose("zbl")
        )

    @property
    def mr(self) -> str | None:
        """The `**MR:**` number, else one in a MathSciNet link of the `**URL:**` field, else the
        one a bibliographic field writes in prose (`**Venue:** … MR0369312 (51 #5556)`)."""
        return (
            self._identifier("mr", parse_mr)  # type: ignore[return-value]
            or self._in_url("mr", parse_mr)
            or self._in_prose("mr")
        )

    def _in_prose(self, kind: str) -> str | None:
        """The one number of `kind` written in the entry's bibliographic fields. Relevance and
        the like talk about other papers ("improves Zbl 0474.20018"): not read. Two different
        numbers are not this entry's identity either."""
        memo = self.core.memo
        name = f"prose:{kind}"
        if name not in memo:
            found = {
                m.value
                for f in self.core.fields.all
                if f.key in _BIBLIOGRAPHIC
                for m in find_math_ids(f.value)
                if m.kind == kind
            }
            memo[name] = found.pop() if len(found) == 1 else None
        return memo[name]  # type: ignore[no-any-return]

    def _in_url(self, key: str, parse: Callable[[str], object]) -> object:
        memo = self.core.memo
        name = f"url:{key}"
        if name not in memo:
            found = None
            for m in _URL.finditer(self.core.fields.value("url")):
                if (found := parse(m.group(0))) is not None:
                    break
            memo[name] = found
        return memo[name]

    @property
    def doi(self) -> str | None:
        found = self.core.memo.get("doi", _UNREAD)  # as `arxiv_id`
        if found is _UNREAD:
            found = self._identifier("doi", normalize_doi)
        return found  # type: ignore[return-value]

    @property
    def doi_written(self) -> str | None:
        """The DOI as the entry writes it (`10.1007/BF02126799`), prefix and URL removed: what
        mathlsp writes out (an export). `doi` is its lower-cased form, what entries compare."""
        doi = self.doi
        if doi is None:
            return None
        # A pattern, not `lower().find`: lower-casing may change a text's length (`İ`).
        m = re.search(re.escape(doi), self.core.fields.value("doi"), re.IGNORECASE)
        return m.group() if m else doi

    def _identifier(self, key: str, parse: Callable[[str], object]) -> object:
        """A parsed identifier field (None when absent or malformed), parsed once per core."""
        memo = self.core.memo
        found = memo.get(key, _UNREAD)
        if found is _UNREAD:
            # An absent key reads as "", which `is_absent` says: no membership test first.
            value = self.core.fields.value(key)
            found = memo[key] = None if is_absent(value) else parse(value.strip("`"))
        return found

    @property
    def verified(self) -> VerifiedStamp | None:
        fields = self.core.fields
        return parse_verified(fields.value("verified")) if "verified" in fields else None

    def __repr__(self) -> str:
        return f"ReferenceEntry({self.id}, line={self.heading.line}, section={self.section})"


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
    # A two-letter initial has its dot (`Ch.`, `Yu.`): `Yu Ye` is a name.
    r"^(?:(?:[A-Z]\.?|[A-Z][a-z]\.)(?:\s*-?\s*(?:[A-Z]\.?|[A-Z][a-z]\.))*|[A-Z]{1,4})"
    r"(?:\s+(?:van|von|der|den|de|del|della|di|da|du|dos|das|le|la|ter|ten))*$"  # `B. L. van der`
)
_NAME_PARTICLES = frozenset(
    "van von der den de del della di da du dos das le la lo ter ten bin ibn al el".split()
)
_SUFFIX = re.compile(r"^(?:jr|sr|ii|iii|iv)\.?$", re.IGNORECASE)
# `Y. Jin`, `Pani AK`: a whole name already, never a surname waiting for its initials (`J.-S. Li`
# or `Qu C` after it is the next author, though `Li` and `Qu` could pass for initials like `Ch.`).
_GIVEN_THEN_FAMILY = re.compile(
    r"^[A-Z][a-z]?\.(?:\s*-?\s*[A-Z][a-z]?\.)*\s+[^\s.]{2,}$"  # `Y. Jin`, `J.-S. Li`
    r"|^\S{2,}(?:\s+\S+)*\s+[A-Z]{1,3}$"  # `Pani AK` (PubMed's family-then-initials)
)


def _bare_surname(text: str) -> bool:
    """One surname, its particles aside (`de la Harpe`); a particle ends no surname (`Minh Le`
    is a given name and a family name)."""
    words = text.split()
    core = [w for w in words[:-1] if w.lower() not in _NAME_PARTICLES]
    return not core


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
            if (
                following is not None
                and not _GIVEN_THEN_FAMILY.match(name)
                and (_INITIALS.match(following) or (suffixed and " " not in following))
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
                and not _GIVEN_THEN_FAMILY.match(name)  # `Das S, Banerjee D`: two people
                and _bare_surname(name)
            ):
                names.append(f"{name}, {following}")
                i += 2
                continue
            names.append(name)
            i += 1
    return names


# The stamp `verify --write` writes: `<UTC timestamp> via <URL>`, nothing around it.
_PLAIN_STAMP = re.compile(
    r"(?P<ts>[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2})Z via (?P<url>https?://[^\s<>)\]`]+)"
)


def parse_verified(value: str) -> VerifiedStamp:
    m = _PLAIN_STAMP.fullmatch(value)
    if m is not None:
        # What the general reading below makes of it, without its steps: the timestamp ends
        # before " via", the URL runs to the end.
        # The offset written out is read in the same C call as the rest (a `replace` after it
        # cost as much as the parse); the tzinfo is the same `timezone.utc`.
        try:
            timestamp = dt.datetime.fromisoformat(m["ts"] + "+00:00")
        except ValueError:
            timestamp = None
        return VerifiedStamp(value, timestamp, m["url"].rstrip(".,;"))
    raw = value.strip()
    url_match = _URL.search(raw)
    url = url_match.group(0).rstrip(".,;") if url_match else None
    head = raw[: url_match.start()] if url_match else raw
    head = _VIA.sub("", head).strip().strip("`*_[]( ")
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
        self.serial = next(_SERIALS)
        # Set by `reparse`: how this version differs from the one it was made from.
        self.edited: EditScope | None = None
        self._deferred: tuple[_Base, Edit] | None = None
        self._sections: list[Section] = []
        self._entries: list[ReferenceEntry] = []
        self._other: list[Heading] = []
        self._parse()
        self.lines.compact()

    # The text, as a string or as an editor buffer's chunks (`TextView`): a keystroke's version
    # reads the lines it re-parses; the whole string is built when something asks for `text`.
    @property  # type: ignore[override]
    def text(self) -> str:
        source = self._source
        return source if isinstance(source, str) else source.joined()

    @text.setter
    def text(self, value: str | TextView) -> None:
        self._source = value

    @property
    def source(self) -> str | TextView:
        return self._source

    @property
    def size(self) -> int:
        """len(text), without building it."""
        return len(self._source)

    @cached_property
    def index(self) -> LineIndex:
        return LineIndex(self._source, self.lines.starts)  # type: ignore[arg-type]  # slices only

    # Sections, entries and headings of a version made by a keystroke are worked out when
    # first asked for (`reparse`): diagnostics for that keystroke do not need them.
    @property
    def sections(self) -> list[Section]:
        if self._deferred is not None:
            self._materialize()
        return self._sections

    @property
    def entries(self) -> list[ReferenceEntry]:
        if self._deferred is not None:
            self._materialize()
        return self._entries

    @property
    def other_headings(self) -> list[Heading]:
        if self._deferred is not None:
            self._materialize()
        return self._other

    def _materialize(self) -> None:
        with _MATERIALIZING:
            deferred = self._deferred
            if deferred is None:
                return
            base, edit = deferred
            with gc_paused():
                full = LiteratureDoc._reparse(base, self._source, edit, self.lines.starts, False)
            self.lines._headings = full.lines.headings
            self.lines.later = None
            self._sections, self._entries, self._other = full._sections, full._entries, full._other
            self._deferred = None

    def _later_headings(self) -> list[Heading]:
        self._materialize()
        return self.lines._headings or []

    @classmethod
    def reparse(
        cls,
        old: LiteratureDoc,
        text: str | TextView,
        edit: Edit,
        starts: Sequence[int] | None = None,
    ) -> LiteratureDoc:
        """`old` after `edit` made `text`: entries whose lines the edit did not touch keep their
        parsed core. Equal to `LiteratureDoc(text)` in every respect (tests hold it to that).
        `starts`: the line starts of `text` when the caller has them (an editor buffer).

        A keystroke inside one entry that moves no line and makes or breaks no heading, fence or
        comment (typing) costs that entry only: the rest of the structure is worked out from
        the last complete version when first asked for."""
        typed = _typed(old, text, edit, starts)
        if typed is not None:
            return typed
        return cls._reparse(old, text, edit, starts, True)

    @classmethod
    def _reparse(
        cls, old: LiteratureDoc | _Base, text: str | TextView, edit: Edit,
        starts: Sequence[int] | None, scope: bool,
    ) -> LiteratureDoc:  # fmt: skip
        fm = old.frontmatter
        spliced = None
        if (fm.closed or not fm.present) and edit.start >= fm.body_start:
            # A base kept without its text: its lines were checked keystroke by keystroke.
            spliced = splice(old.lines, text, edit, starts, trusted=isinstance(old, _Base))
        if spliced is None:
            return cls(str(text), old.path)
        lines, first, last, n_new = spliced
        doc = cls.__new__(cls)
        doc.text = text
        doc.path = old.path
        doc.serial = next(_SERIALS)
        doc.frontmatter = fm
        doc.lines = lines
        doc.edited = None
        doc._deferred = None
        doc._sections, doc._entries, doc._other = [], [], []
        shift = n_new - (last - first + 1)
        entries = old.entries
        # Entries whose next heading is above the edit stand as they stood: the same objects.
        kept = bisect.bisect_right(entries, first - 2, key=_last_line)
        # Entries whose heading is below the edit: the same cores, moved by `shift` lines.
        below = bisect.bisect_right(entries, last, key=_heading_line)
        after = {e.heading.line + shift: e.core for e in entries[below:]}
        doc._parse(entries[:kept], after, first, first + n_new)
        if scope:
            doc.edited = _scope(old, doc, kept, below, first, n_new - 1, shift)
        return doc

    # -- structure -------------------------------------------------------------------------
    def _parse(
        self,
        kept: list[ReferenceEntry] | None = None,
        after: dict[int, EntryCore] | None = None,
        first: int = 0,
        stop: int = 0,
    ) -> None:
        """Sections and entries. `kept`: entries of an earlier version that end above line
        `first` (reused as they are); `after`: cores of that version by the line their heading
        now stands on, for headings from line `stop` on."""
        lines = self.lines
        headings = lines.headings
        n_lines = len(lines.texts)
        current: Section | None = None
        kept = kept or []
        n_kept = 0
        # Which reader an entry's lines need is the same for every entry of this version.
        core_of = _parse_entry if isinstance(lines.source, str) else _entry_core
        for idx, h in enumerate(headings):
            if kept and n_kept < len(kept) and kept[n_kept].heading is h:
                self._entries.append(kept[n_kept])
                n_kept += 1
                continue
            if h.level <= 2:
                key = _SECTION_KEYS.get(normalize_heading(h.title)) if h.level == 2 else None
                end_line = _next_heading_line(headings, idx, 2, n_lines)
                current = Section(key, h, lines.line_span(h.line, end_line), h.line + 1, end_line)
                if h.level == 2:
                    self._sections.append(current)
                else:
                    current = None
                continue
            end_line = headings[idx + 1].line - 1 if idx + 1 < len(headings) else n_lines - 1
            core = after.get(h.line) if after is not None and h.line >= stop else None
            if core is not None and core.end_line - core.line != end_line - h.line:
                core = None  # a heading came or went next to it: its lines changed
            if core is None:
                core = core_of(lines, h, end_line)
                if core is None:
                    self._other.append(h)
                    continue
            self._entries.append(ReferenceEntry(core, h, current.key if current else None))

    def definition_spans(self) -> list[Span]:
        return [e.id_span for e in self.entries]

    @cached_property
    def mentions(self) -> list[Mention]:
        """As for any note, but each entry's own mentions are found once per parsed entry."""
        return self._by_block(
            "mentions",
            lambda doc, begin, end, e, at: doc.mentions_between(
                begin, end, [Span(e.id_span.start - at, e.id_span.end - at)] if e else []
            ),
            lambda: self.mentions_outside(
                0,
                self.size,
                [e.core.id_start + e._do for e in self.entries],
                [e.core.id_end + e._do for e in self.entries],
            ),  # the entries' `id_span`s, without a Span each
            lambda m, lines, offset: Mention(
                m.kind, m.number, Span(m.span.start + offset, m.span.end + offset), m.line + lines
            ),
        )

    def identifiers_where(self, patterns: tuple[re.Pattern[str], ...]) -> list[LocatedId]:
        return self._by_block(
            ("identifiers", patterns),
            lambda doc, begin, end, _, at: doc.identifiers_between(begin, end, patterns),
            lambda: self.identifiers_between(0, self.size, patterns),
            lambda x, lines, offset: LocatedId(
                x.mention, Span(x.span.start + offset, x.span.end + offset), x.line + lines
            ),
        )

    def _by_block(
        self,
        key: Hashable,
        scan: Callable[[MarkdownDoc, int, int, ReferenceEntry | None, int], list[T]],
        whole: Callable[[], list[T]],
        move: Callable[[T, int, int], T],
    ) -> list[T]:
        """`scan` over the whole text, block by block: the text between entries anew, each
        entry's own lines once per parsed entry (kept on its core, moved to where it stands).
        A version none of whose entries knows the answer yet (a first parse) is scanned in
        one pass (`whole`), whose results are then shared out to the entries.

        `scan(doc, begin, end, entry, at)`: what `doc` holds from `begin` to `end`, where `doc`
        is this version, or, for a version kept in chunks, those lines alone as a note whose
        offset 0 stands at `at` here (its results are moved back)."""
        if self.entries and all(key not in e.core.memo for e in self.entries):
            return self._share_out(key, whole())
        source = self._source

        def block(begin: int, end: int, e: ReferenceEntry | None) -> list[T]:
            if isinstance(source, str):
                return scan(self, begin, end, e, 0)
            alone, lines, offset = _alone(self.lines, begin, end)
            found = scan(alone, begin - offset, end - offset, e, offset)
            return [move(x, lines, offset) for x in found]

        starts = self.lines.starts
        size = self.size
        out: list[T] = []
        pos = 0
        for e in self.entries:
            line = e.heading.line
            begin = starts[line]
            if pos < begin:
                out.extend(block(pos, begin, None))
            nxt = line + e.core.end_line - e.core.line + 1
            end = starts[nxt] if nxt < len(starts) else size
            memo = e.core.memo
            hit = memo.get(key)
            if hit is None:
                found = block(begin, end, e)
                hit = memo[key] = (line, begin, found) if found else _NONE_FOUND
            lines, offset = line - hit[0], begin - hit[1]
            if not lines and not offset:
                out.extend(hit[2])
            elif hit[2]:
                out.extend(move(x, lines, offset) for x in hit[2])
            pos = end
        if pos < size:
            out.extend(block(pos, size, None))
        return out

    def _share_out(self, key: Hashable, found: list[T]) -> list[T]:
        """Remember, on each entry's core, which of `found` (items with a `span`, in text
        order) stand in that entry's lines."""
        starts = self.lines.starts
        size = self.size
        k = 0
        for e in self.entries:
            line = e.heading.line
            begin = starts[line]
            nxt = line + e.core.end_line - e.core.line + 1
            end = starts[nxt] if nxt < len(starts) else size
            while k < len(found) and found[k].span.start < begin:  # type: ignore[attr-defined]
                k += 1
            first = k
            while k < len(found) and found[k].span.start < end:  # type: ignore[attr-defined]
                k += 1
            e.core.memo[key] = (line, begin, found[first:k]) if k > first else _NONE_FOUND
        return found

    def count(self, kind: str) -> int:
        """How many entries are of `kind` ("REF" or "UREF")."""
        return self._kind_counts[kind]

    @cached_property
    def _kind_counts(self) -> Counter[str]:
        return Counter(e.core.kind for e in self.entries)

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


# What an entry's memo holds for a scan that found nothing there (most entries mention no
# REF): one shared value, not a tuple and two ints for each of thousands of entries.
_NONE_FOUND: tuple[int, int, tuple[()]] = (0, 0, ())

_SERIALS = itertools.count(1)  # versions of any LITERATURE.md, in the order they were made


@dataclass(frozen=True, slots=True)
class EditScope:
    """How a re-parsed version differs from its predecessor (`LiteratureDoc.serial`).

    `entry` is set when the edit stayed inside one entry's lines below its heading: then
    `signatures` says whether anything but free text changed in that entry (the old and the new
    signature, see `entry_signature`). The edit rewrote the predecessor's lines `old_lines`
    (first, last) into `lines` (new numbering); every line below moved by `shift` lines (a line
    added or deleted), nothing above moved."""

    predecessor: int
    entry: int | None = None
    signatures: tuple[tuple[object, ...], tuple[object, ...]] | None = None
    lines: tuple[int, int] = (0, -1)  # the lines the edit rewrote (first, last), new numbering
    view: ReferenceEntry | None = None  # entry `entry` as it now stands
    shift: int = 0
    old_lines: tuple[int, int] | None = None  # None: as `lines` (no line added or deleted)
    # Set when only the title of the entry's heading changed (its id, level and lines did not,
    # and neither title mentions a REF id or an identifier): the entry as it stood before.
    # Whole-file rules read a title only through duplicates and moved references, which
    # `checks._check_literature` looks up before reusing their findings.
    retitled: ReferenceEntry | None = None
    # Set when only the id of the entry's heading changed (old id, new id): same kind, level,
    # title and lines, the entry standing in its kind's section, no identifier in its title.
    # Whole-file rules that read ids are worked out again for these two ids (`checks.renumber`).
    renumbered: tuple[str, str] | None = None

    @property
    def free_text_only(self) -> bool:
        """Only values no rule about the whole file reads changed, in one entry: whatever
        depends on the rest of the file (numbering, duplicates, mentions, sections…) is what
        it was, moved by `shift` lines below the edit."""
        if self.signatures is None:
            return False
        was, now = self.signatures
        return was == now or _only_local_lines_differ(was, now)

    @property
    def rewritten(self) -> tuple[int, int]:
        """The predecessor's lines the edit rewrote."""
        return self.lines if self.old_lines is None else self.old_lines


# The fields whose values rules about the whole file read (duplicates, the index other notes
# resolve mentions with, [V] claims resting on Key Results). The values of the others (authors,
# abstract, relevance, the stamp…) only the entry's own rules read: an entry's signature keeps
# which field stands on each line, but not those values, unless a line holds a mention, an
# identifier or [V].
WHOLE_FILE_FIELDS = frozenset({"year", "arxiv_id", "doi", "reason", "key_results"})
_HINT = re.compile(r"REF-|\[V\]|[Aa][Rr][Xx][Ii][Vv]|[Dd][Oo][Ii]|\d\.\d|/\d|[Pp][Dd][Ff]/")


def entry_signature(lines: Lines, entry: ReferenceEntry) -> tuple[object, ...]:
    """The lines of an entry as rules about the whole file can see them: each non-blank line
    with the field it belongs to (None: a loose line), in order, its text left out for fields
    outside `WHOLE_FILE_FIELDS` unless it holds a mention, an identifier or [V] — and those
    private lines left out altogether, so that deleting or adding a line of private field
    (a `Verified:` stamp, a wrapped abstract) keeps the signature.

    Where the lines stand is not part of it: a whole-file finding on a line the edit rewrote
    is re-computed (`checks._check_literature`), and lines below the edit moved together."""
    core = entry.core
    top = entry.heading.line
    end = top + core.end_line - core.line
    owner: dict[int, str] = {}
    for f in core.fields.all:
        first = f.line - core.line + top
        for i in range(first, lines.line_of(f._se + entry._do) + 1):
            owner[i] = f.key
    texts = lines.texts
    out: list[object] = []
    for i in range(top + 1, end + 1):
        text = texts[i]
        if not text or text.isspace():
            continue
        key = owner.get(i)
        if key is not None and key not in WHOLE_FILE_FIELDS and not _HINT.search(text):
            continue
        out.append((key, text))
    return (texts[top], *out)


def _only_local_lines_differ(was: tuple[object, ...], now: tuple[object, ...]) -> bool:
    """Whether `was` and `now` differ only by lines of private fields that hold no REF id and
    no [V] (deleted, added or rewritten).

    Such a line matters to whole-file rules only through findings on itself (a malformed
    identifier in a stamp's URL): the keystroke's check computes those again for the lines it
    rewrote (`checks.references.prose_identifiers_on`), and one on a line it deleted makes it
    run every rule (`_touches`). A mention may matter elsewhere (a REF id inside an UREF entry
    records a move), and so may [V] (the sentence's identifiers): neither is local."""
    return was[0] == now[0] and _global(was) == _global(now)


def _global(signature: tuple[object, ...]) -> list[object]:
    return [item for item in signature[1:] if not _local(item)]


def _local(item: object) -> bool:
    key, text = item  # type: ignore[misc]
    return (
        key is not None
        and key not in WHOLE_FILE_FIELDS
        and "REF-" not in text
        and "[V]" not in text
    )


def _scope(
    old: LiteratureDoc | _Base, new: LiteratureDoc, kept: int, below: int, first: int,
    last_new: int, shift: int,
) -> EditScope:  # fmt: skip
    scope = EditScope(old.serial)
    if (
        shift
        or below - kept != 1
        or _last_line(old.entries[kept]) < first
        or len(new.entries) != len(old.entries)
        or len(new.lines.headings) != len(old.lines.headings)
    ):
        return scope
    was, now = old.entries[kept], new.entries[kept]
    if (
        now.heading.line != was.heading.line
        or now.heading.line >= first
        or now.section not in VERIFIED_SECTIONS
    ):
        return scope
    return EditScope(
        old.serial,
        kept,
        (entry_signature(old.lines, was), entry_signature(new.lines, now)),
        (first, first + last_new),
        now,
    )


_MATERIALIZING = threading.RLock()


@dataclass(frozen=True, slots=True)
class _Base:
    """What re-parsing needs of a complete version (not its text, which the next one
    replaces): a deferred version keeps this instead of the whole document."""

    path: str
    serial: int
    frontmatter: Frontmatter
    lines: Lines
    entries: list[ReferenceEntry]

    @staticmethod
    def of(doc: LiteratureDoc) -> _Base:
        lines = doc.lines
        bare = Lines(
            "", LineTexts(None, lines.starts), lines.starts, lines.opaque, lines.headings,
            lines.first_line, lines.has_cr,
        )  # fmt: skip
        return _Base(doc.path, doc.serial, doc.frontmatter, bare, doc.entries)


def _typed(
    old: LiteratureDoc, text: str | TextView, edit: Edit, starts: Sequence[int] | None
) -> LiteratureDoc | None:
    """The version after a keystroke inside one entry, its structure deferred; None when the
    edit is not one (it moves lines, touches a heading, a fence, a comment, the frontmatter…)."""
    lines = old.lines
    fm = old.frontmatter
    if starts is None or (fm.present and not fm.closed) or edit.start < fm.body_start:
        return None
    found = touched(lines, text, edit, STRUCTURAL)
    heading = False
    if found is None:
        # An edit inside one heading line (typing in a title or an id): headings may be
        # touched, nothing else structural.
        found = touched(lines, text, edit)
        if found is None or found[0] != found[1] or len(found[2]) != 1:
            return None
        heading = True
    first, last, new_texts = found
    shift = len(new_texts) - (last - first + 1)
    if not starts_agree(starts, lines, first, shift, edit.delta):
        return None
    scope = old.edited
    if (
        old._deferred is not None
        and scope is not None
        and scope.view is not None
        and scope.entry is not None
        and _within(scope.view, first, last, heading)
    ):
        k, view = scope.entry, scope.view
        base, since_base = old._deferred[0], old._deferred[1].then(edit)
    else:
        # Typing moved to another entry: the structure the last keystrokes deferred is worked
        # out now (what re-parsing the whole would do first), and this entry's typing starts.
        k = bisect.bisect_right(old.entries, first - 1 + heading, key=_heading_line) - 1
        view = old.entries[k] if k >= 0 else None
        base, since_base = _Base.of(old), edit
    if view is None or not _within(view, first, last, heading):
        return None
    h = view.heading
    if heading:
        h = parse_heading(new_texts[0], first, starts[first])
        m = _ENTRY.match(h.title) if h is not None else None
        if h is None or m is None or h.level != view.heading.level:
            return None  # the line is no longer this entry's heading
        if ref_id(m["kind"], int(m["num"])) != view.core.id and not _renumbering(view, m):
            # A new id whose effects `checks.renumber` does not follow: every whole-file rule
            # runs, on the whole structure, re-parsed at once (it costs less than deferred and
            # worked out inside the check).
            return None
    doc = LiteratureDoc.__new__(LiteratureDoc)
    doc.text = text
    doc.path = old.path
    doc.serial = next(_SERIALS)
    doc.frontmatter = fm
    opaque = lines.opaque
    if shift:  # the rewritten lines were not opaque (`touched`), nor are their replacements
        opaque = opaque[:first] + bytearray(len(new_texts)) + opaque[last + 1 :]
    cr = lines.has_cr or "\r" in text[edit.start : edit.new_end]
    doc.lines = Lines(text, LineTexts(text, starts, cr), starts, opaque, None, lines.first_line, cr)
    ref = weakref.ref(doc)
    doc.lines.later = lambda: d._later_headings() if (d := ref()) is not None else None
    doc._sections, doc._entries, doc._other = [], [], []
    doc._deferred = (base, since_base)
    end_line = _last_line(view) + shift
    core = _entry_core(doc.lines, h, end_line)
    if core is None:  # cannot be: its heading still reads as an entry's
        return None
    now = ReferenceEntry(core, h, view.section)
    signatures = None
    if view.section in VERIFIED_SECTIONS:
        signatures = (entry_signature(lines, view), entry_signature(doc.lines, now))
    rewritten = (first, first + len(new_texts) - 1)
    retitled = None
    if (
        heading
        and signatures is not None
        and signatures[0][1:] == signatures[1][1:]
        and core.id == view.core.id
        and core.id_start - core.base == view.core.id_start - view.core.base
        and not _HINT.search(view.title)
        and not _HINT.search(core.title)
    ):
        retitled = view
    renumbered = None
    if core.id != view.core.id:
        if (
            signatures is None
            or signatures[0][1:] != signatures[1][1:]
            or core.id_start - core.base != view.core.id_start - view.core.base
        ):
            return None  # the check of a new id reads more than the id: the whole path
        renumbered = (view.core.id, core.id)
    doc.edited = EditScope(
        old.serial, k, signatures, rewritten, now, shift, (first, last) if shift else None,
        retitled, renumbered,
    )  # fmt: skip
    return doc


_PLACED = {"REF": "confirmed", "UREF": "unconfirmed"}


def _renumbering(view: ReferenceEntry, m: re.Match[str]) -> bool:
    """Whether a heading edit that gave `view` the id in `m` changed nothing else a whole-file
    rule reads: the same kind (the counts, the sections), the same title (duplicates, moved
    references) holding no identifier, and an entry standing in its kind's section (numbering
    leaves misplaced entries out)."""
    return (
        m["kind"] == view.core.kind
        and view.section == _PLACED[view.core.kind]
        and m["title"].strip() == view.core.title
        and not _HINT.search(view.core.title)
    )


def _within(view: ReferenceEntry, first: int, last: int, heading: bool) -> bool:
    """Whether lines first..last are `view`'s heading (`heading`: only the entry's own heading
    line, a `#` line below could become one) or lie below it inside the entry."""
    if heading:
        return view.heading.line == first
    return view.heading.line < first and last <= _last_line(view)


def _last_line(e: ReferenceEntry) -> int:
    return e.heading.line + e.core.end_line - e.core.line


def _heading_line(e: ReferenceEntry) -> int:
    return e.heading.line


def _parse_entry(lines: Lines, h: Heading, end_line: int) -> EntryCore | None:
    m = _ENTRY.match(h.title)
    if m is None:
        return None
    fields, loose, last_field = parse_field_map(lines, h.line + 1, end_line)
    line = h.line
    last = max(line, last_field, *loose) if loose else last_field if last_field > line else line
    kind, num, raw_title = m.groups()
    title = raw_title.strip()
    base = h.title_span.start
    title_start = base + m.start(3)
    return EntryCore(
        kind,
        int(num),
        title,
        line,
        end_line,
        h.span.start,
        base + m.start(1),
        base + m.end(2),
        title_start,
        title_start + len(title),
        lines.starts[last] + len(lines.texts[last]),
        fields,
        loose,
    )


class _Alone(MarkdownDoc):
    """Some whole lines of a note, as a note of their own (see `_alone`)."""

    def __init__(self, text: str, lines: Lines) -> None:
        self.text = text
        self.path = ""
        self.lines = lines


def _alone(lines: Lines, begin: int, end: int) -> tuple[_Alone, int, int]:
    """The lines from offset `begin` to `end` (both line starts, or `end` the text's end) of a
    text kept in chunks, as a note of their own after one empty line (what stands before
    `begin` is a line break: a regex looking behind sees one there too); with the lines and
    characters to add to what is found in it to place it in the text."""
    starts, n = lines.starts, len(lines.starts)
    first = lines.line_of(begin)
    stop = lines.line_of(end) if end < len(lines.source) else n - 1
    text = "\n" + lines.source[begin:end]
    own = [0, *(starts[k] - begin + 1 for k in range(first, stop + 1))]
    opaque = bytearray(1) + lines.opaque[first : stop + 1]
    body = max(0, lines.first_line - first + 1)
    cr = lines.has_cr and "\r" in text
    return (
        _Alone(text, Lines(text, LineTexts(text, own, cr), own, opaque, [], body, cr)),
        first - 1,
        begin - 1,
    )


def _entry_core(lines: Lines, h: Heading, end_line: int) -> EntryCore | None:
    """The entry under heading `h`, its lines ending at `end_line`; None: not an entry's."""
    if isinstance(lines.source, str):
        return _parse_entry(lines, h, end_line)
    return _parse_entry_alone(lines, h, end_line)


def _parse_entry_alone(lines: Lines, h: Heading, end_line: int) -> EntryCore | None:
    """`_parse_entry` reading only the entry's lines (a version kept in chunks: the fields'
    regex needs a string, and the whole one would cost a copy of the file per keystroke).

    The lines are parsed as a small text of their own, after one empty line (a field's match
    starts at the line break before it), and the core is moved back to where they stand:
    every offset of a core is relative to its heading's line and start (`EntryCore`)."""
    starts = lines.starts
    w0 = starts[h.line]
    # The end of the entry's last line, before its break (one or two characters).
    end = starts[end_line] + len(lines.texts[end_line])
    text = "\n" + lines.source[w0:end]
    own = [0, *(starts[k] - w0 + 1 for k in range(h.line, end_line + 1))]
    cr = lines.has_cr and "\r" in text
    alone = Lines(
        text, LineTexts(text, own, cr), own, bytearray(1) + lines.opaque[h.line : end_line + 1],
        [], 0, cr,
    )  # fmt: skip
    dl, do = h.line - 1, w0 - 1
    core = _parse_entry(alone, _shifted(h, -dl, -do), end_line - dl)
    if core is None:
        return None
    return EntryCore(
        core.kind,
        core.number,
        core.title,
        core.line + dl,
        core.end_line + dl,
        core.base + do,
        core.id_start + do,
        core.id_end + do,
        core.title_start + do,
        core.title_end + do,
        core.span_end + do,
        FieldMap([f.shifted(dl, do) for f in core.fields.all]),
        [line + dl for line in core.loose],
    )


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
