"""The parts every note shares: frontmatter, lines, REF/UREF mentions and identifiers in prose."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import PurePath

from mathlsp.notes.frontmatter import Frontmatter, parse_frontmatter
from mathlsp.notes.identifiers import IdMention, find_identifiers
from mathlsp.notes.markdown import Lines, scan
from mathlsp.notes.spans import Span
from mathlsp.notes.text import LineIndex, Range

REF_ID = re.compile(r"(?<![\w-])(?P<kind>U?REF)-(?P<num>\d{1,6})(?![\w-])")
MARKER = re.compile(r"\[(V|S|~)\]")
# An HTML comment inside a line of prose (a comment that starts a line is opaque already); one
# left open runs to the end of the line.
_INLINE_COMMENT = re.compile(r"<!--.*?(?:-->|$)")


def ref_id(kind: str, number: int) -> str:
    return f"{kind}-{number:03d}"


@dataclass(frozen=True, slots=True)
class Mention:
    """A REF-NNN or UREF-NNN written somewhere other than its own entry heading."""

    kind: str  # "REF" | "UREF"
    number: int
    span: Span
    line: int

    @property
    def id(self) -> str:
        return ref_id(self.kind, self.number)


@dataclass(frozen=True, slots=True)
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
        return LineIndex(self.text)

    def range(self, span: Span) -> Range:
        return self.index.range(span.start, span.end)

    def definition_spans(self) -> list[Span]:
        """Spans where ids are defined rather than mentioned (entry headings); none here."""
        return []

    @cached_property
    def mentions(self) -> list[Mention]:
        lines = self.lines
        excluded = sorted(self.definition_spans())
        out: list[Mention] = []
        for m in REF_ID.finditer(self.text):
            line = lines.line_of(m.start())
            if lines.opaque[line] or _in_inline_code(lines, line, m.start()):
                continue
            if excluded and any(s.start <= m.start() < s.end for s in excluded):
                continue
            out.append(Mention(m["kind"], int(m["num"]), Span(m.start(), m.end()), line))
        return out

    @cached_property
    def identifiers(self) -> list[LocatedId]:
        """arXiv ids and DOIs in the prose (code excluded), malformed prefixed ones included."""
        out: list[LocatedId] = []
        lines = self.lines
        for i in range(lines.first_line, len(lines.texts)):
            text = lines.texts[i]
            if lines.opaque[i] or not _may_hold_identifier(text):
                continue
            code = _inline_excluded(lines, i)
            base = lines.starts[i]
            for idm in find_identifiers(text):
                if any(s <= idm.start < e for s, e in code):
                    continue
                out.append(LocatedId(idm, Span(base + idm.start, base + idm.end), i))
        return out

    def line_markers(self, line: int) -> set[str]:
        return {m.group(1) for m in MARKER.finditer(self.lines.texts[line])}


def _may_hold_identifier(text: str) -> bool:
    # Cheap pre-filter: every identifier form has a digit-dot or a slash.
    return "." in text or "/" in text


def _inline_excluded(lines: Lines, line: int) -> list[tuple[int, int]]:
    """Column spans of one line that are not prose: inline code and inline HTML comments."""
    spans = lines.inline_code_spans(line)
    text = lines.texts[line]
    if "<!--" in text:
        spans = [*spans, *((m.start(), m.end()) for m in _INLINE_COMMENT.finditer(text))]
    return spans


def _in_inline_code(lines: Lines, line: int, offset: int) -> bool:
    spans = _inline_excluded(lines, line)
    if not spans:
        return False
    col = offset - lines.starts[line]
    return any(s <= col < e for s, e in spans)
