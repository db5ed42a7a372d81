"""The parts every note shares: frontmatter, lines, REF/UREF mentions and identifiers in prose."""

from __future__ import annotations

import bisect
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import PurePath

from mathlsp.notes.frontmatter import Frontmatter, parse_frontmatter
from mathlsp.notes.identifiers import IdMention, find_identifiers
from mathlsp.notes.markdown import Lines, code_spans, scan
from mathlsp.notes.spans import Span
from mathlsp.notes.text import LineIndex, Range

REF_ID = re.compile(r"(?<![\w-])(?P<kind>U?REF)-(?P<num>\d{1,6})(?![\w-])")
MARKER = re.compile(r"\[(V|S|~)\]")
_REF_TAIL = re.compile(r"REF-(?P<num>\d{1,6})(?![\w-])")
# An HTML comment inside a line of prose (a comment that starts a line is opaque already); one
# left open runs to the end of the line.
_INLINE_COMMENT = re.compile(r"<!--.*?(?:-->|$)")


def ref_id(kind: str, number: int) -> str:
    return f"{kind}-{number:03d}"


class Mention:
    """A REF-NNN or UREF-NNN written somewhere other than its own entry heading.

    A value (equal and hashed by its four fields, as a frozen dataclass would be), written as
    a plain slots class: a line of REF ids makes one per id (256k on a 1 MB line), and a frozen
    dataclass's `__init__` sets each field through `object.__setattr__`, at several times the
    cost. Its id is formatted once, when first asked for."""

    __slots__ = ("_id", "kind", "line", "number", "span")

    def __init__(self, kind: str, number: int, span: Span, line: int) -> None:
        self.kind = kind  # "REF" | "UREF"
        self.number = number
        self.span = span
        self.line = line
        self._id: str | None = None

    @property
    def id(self) -> str:
        ident = self._id
        if ident is None:
            ident = self._id = ref_id(self.kind, self.number)
        return ident

    def _key(self) -> tuple[str, int, Span, int]:
        return (self.kind, self.number, self.span, self.line)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Mention:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Mention(kind={self.kind!r}, number={self.number!r}, span={self.span!r}, "
            f"line={self.line!r})"
        )


@dataclass(slots=True, unsafe_hash=True)  # not frozen, as `IdMention`: one per identifier
class LocatedId:
    mention: IdMention
    span: Span  # in the document
    line: int


class MarkdownDoc:
    """Any Markdown note in a problem folder. Subclasses add the schema of one file."""

    def __init__(self, text: str, path: str | PurePath = "") -> None:
        self.text = text
        self.path = str(path)
        self.frontmatter: Frontmatter = parse_frontmatter(text)
        self.lines: Lines = scan(text, self.frontmatter.body_start)

    @cached_property
    def index(self) -> LineIndex:
        return LineIndex(self.text, self.lines.starts)

    def range(self, span: Span) -> Range:
        return self.index.range(span.start, span.end)

    def definition_spans(self) -> list[Span]:
        """Spans where ids are defined rather than mentioned (entry headings); none here."""
        return []

    @cached_property
    def mentions(self) -> list[Mention]:
        return self.mentions_between(0, len(self.text), sorted(self.definition_spans()))

    def mentions_between(self, begin: int, end: int, excluded: list[Span]) -> list[Mention]:
        """Mentions in text[begin:end] (whole lines), outside the sorted, disjoint `excluded`."""
        starts, ends = [s.start for s in excluded], [s.end for s in excluded]
        return self.mentions_outside(begin, end, starts, ends)

    def mentions_outside(
        self, begin: int, end: int, starts: list[int], ends: list[int]
    ) -> list[Mention]:
        """`mentions_between`, the excluded spans given as their starts and ends."""
        lines = self.lines
        text = self.text
        # Where an excluded span starts, a match is inside it: in a LITERATURE.md most matches
        # are the entry headings' own ids, each answered by one set lookup.
        heads = {s for s, e in zip(starts, ends, strict=True) if s < e}
        # The line the last mention stood on (its start, the next line's start, whether it is
        # opaque, its non-prose spans): mentions come in text order, so each line is located,
        # cut from the text and scanned once, not once per mention.
        line_starts, opaque = lines.starts, lines.opaque
        n_lines = len(line_starts)
        line, lo, hi, hidden, code = -1, 0, -1, False, _NO_SPANS
        out: list[Mention] = []
        # Same matches as REF_ID, found through its literal "REF-" (a regex starting with a
        # look-behind scans every position of a 9 MB file in Python's engine: ~25x slower).
        for m in _REF_TAIL.finditer(text, begin, end):
            start = m.start()
            kind = "REF"
            if start and text[start - 1] == "U":
                kind, start = "UREF", start - 1
            if start in heads:
                continue
            if start and _is_word(text[start - 1]):
                continue
            # Definition spans are disjoint: only the last one starting at or before can hold it.
            # Tested first: in a LITERATURE.md most matches are entry headings' own ids.
            k = bisect.bisect_right(starts, start) - 1
            if k >= 0 and start < ends[k]:
                continue
            if not lo <= start < hi:
                line = lines.line_of(start)
                lo = line_starts[line]
                hi = line_starts[line + 1] if line + 1 < n_lines else sys.maxsize
                hidden = bool(opaque[line])
                code = _NO_SPANS if hidden else _inline_excluded(lines, line)
            if hidden:
                continue
            if code and (start - lo) in code:
                continue
            out.append(Mention(kind, int(m["num"]), Span(start, m.end()), line))
        return out

    @cached_property
    def identifiers(self) -> list[LocatedId]:
        """arXiv ids and DOIs in the prose (code excluded), malformed prefixed ones included."""
        return self.identifiers_on(_identifier_lines(self.text, self.lines))

    def identifiers_where(self, patterns: tuple[re.Pattern[str], ...]) -> list[LocatedId]:
        """Identifiers on the lines where one of `patterns` matches (module-level constants:
        a LITERATURE.md keeps each entry's answer for its unchanged versions)."""
        return self.identifiers_between(0, len(self.text), patterns)

    def identifiers_between(
        self, begin: int, end: int, patterns: tuple[re.Pattern[str], ...]
    ) -> list[LocatedId]:
        line_of = self.lines.line_of
        text = self.text
        found = {line_of(m.start()) for p in patterns for m in p.finditer(text, begin, end)}
        return self.identifiers_on(sorted(found))

    def identifiers_on(self, line_numbers: Iterable[int]) -> list[LocatedId]:
        """`identifiers`, restricted to some lines (ascending): for callers that need only a few
        lines of a large note."""
        out: list[LocatedId] = []
        lines = self.lines
        for i in line_numbers:
            text = lines.texts[i]
            if i < lines.first_line or lines.opaque[i]:
                continue
            code = _inline_excluded(lines, i)
            base = lines.starts[i]
            for idm in find_identifiers(text):
                if code and idm.start in code:
                    continue
                out.append(LocatedId(idm, Span(base + idm.start, base + idm.end), i))
        return out

    def line_markers(self, line: int) -> set[str]:
        return {m.group(1) for m in MARKER.finditer(self.lines.texts[line])}


def _is_word(char: str) -> bool:
    return char.isalnum() or char in "_-"  # the `[\w-]` of REF_ID


# Where an identifier may stand: each pattern starts with a literal, so the regex engine skips
# to it at C speed (a pattern starting with a class or look-behind is tried at every position).
_ID_HINTS = (
    re.compile(r"\.(?=\d)(?<=\d\.)"),  # 2301.12345, 10.1007/…
    re.compile(r"/(?=\d)"),  # math/0601001
    re.compile(r":(?<=[Aa][Rr][Xx][Ii][Vv]:)"),  # arXiv:…
    re.compile(r":(?<=[Dd][Oo][Ii]:)"),  # doi:…
)


def _identifier_lines(text: str, lines: Lines) -> list[int]:
    """Lines that may hold an identifier (a superset of what `find_identifiers` finds).

    Every form it knows has a digit-dot-digit, a slash before a digit, or an `arXiv:`/`doi:`
    prefix. Running its regexes only on those lines keeps a 5,000-reference file (mostly
    abstracts) from costing seconds.
    """
    line_of = lines.line_of
    found = {line_of(m.start()) for hint in _ID_HINTS for m in hint.finditer(text)}
    return sorted(found)


class _Excluded:
    """The column spans of one line that are not prose (inline code, inline HTML comments),
    merged and sorted so that a lookup is a binary search: a 1 MB line of mentions costs
    O(n log n), where scanning every span for every mention cost O(n²)."""

    __slots__ = ("ends", "starts")

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for s, e in sorted(spans):
            if merged and s <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], e)
            else:
                merged.append([s, e])
        self.starts = [s for s, _ in merged]
        self.ends = [e for _, e in merged]

    def __contains__(self, col: int) -> bool:
        k = bisect.bisect_right(self.starts, col) - 1
        return k >= 0 and col < self.ends[k]

    def __bool__(self) -> bool:
        return bool(self.starts)


_NO_SPANS = _Excluded([])


def _inline_excluded(lines: Lines, line: int) -> _Excluded:
    """Column spans of one line that are not prose: inline code and inline HTML comments."""
    text = lines.texts[line]
    if "`" not in text and "<!--" not in text:
        return _NO_SPANS
    spans = code_spans(text)
    if "<!--" in text:
        spans = [*spans, *((m.start(), m.end()) for m in _INLINE_COMMENT.finditer(text))]
    return _Excluded(spans)
