"""The block structure the notes model needs from Markdown, in one fast pass over the lines.

A line scanner rather than a full CommonMark parser: a 5,000-reference LITERATURE.md is ~60k lines
and must parse in tens of milliseconds. It knows what the schema needs — ATX headings, fenced code,
HTML comments, list items, table rows — and treats code and comments as opaque.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from mathlsp.notes.spans import Span

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_HEADING = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)$")
_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    title: str
    line: int
    span: Span  # the whole line
    title_span: Span


@dataclass(slots=True)
class Lines:
    """A text cut into lines (LSP line breaks), with offsets and the opaque regions marked."""

    text: str
    texts: list[str]
    starts: list[int]
    opaque: list[bool]  # inside fenced code or an HTML comment (or a fence line itself)
    headings: list[Heading]
    first_line: int  # first line of the body (after frontmatter)

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset) - 1

    def span(self, line: int, start: int = 0, end: int | None = None) -> Span:
        base = self.starts[line]
        return Span(base + start, base + (len(self.texts[line]) if end is None else end))

    def line_span(self, first: int, last: int) -> Span:
        """From the start of `first` to the end of `last` (line break excluded)."""
        return Span(self.starts[first], self.starts[last] + len(self.texts[last]))

    def inline_code_spans(self, line: int) -> list[tuple[int, int]]:
        text = self.texts[line]
        if "`" not in text:
            return []
        return [(m.start(), m.end()) for m in _INLINE_CODE.finditer(text)]


def scan(text: str, body_start: int = 0) -> Lines:
    texts = _LINE_BREAK.split(text)
    starts: list[int] = []
    pos = 0
    for match in _LINE_BREAK.finditer(text):
        starts.append(pos)
        pos = match.end()
    starts.append(pos)
    first_line = bisect.bisect_right(starts, body_start) - 1 if body_start else 0
    if body_start and starts[first_line] < body_start:
        first_line += 1
    opaque = [False] * len(texts)
    for i in range(first_line):
        opaque[i] = True  # frontmatter is not Markdown
    headings: list[Heading] = []
    fence: str | None = None
    in_comment = False
    for i in range(first_line, len(texts)):
        line = texts[i]
        if fence is not None:
            opaque[i] = True
            stripped = line.strip()
            if (
                stripped.startswith(fence)
                and set(stripped) == {fence[0]}
                and len(stripped) >= len(fence)
            ):
                fence = None
            continue
        if in_comment:
            opaque[i] = True
            if "-->" in line:
                in_comment = False
            continue
        lead = line.lstrip(" ")
        if not lead:
            continue
        first = lead[0]
        if first in "`~" and (m := _FENCE.match(line)):
            marker = m.group(1)
            if first == "~" or "`" not in m.group(2):
                fence = marker
                opaque[i] = True
                continue
        if first == "<" and lead.startswith("<!--"):
            opaque[i] = True
            if "-->" not in lead[4:]:
                in_comment = True
            continue
        if first == "#" and (m := _HEADING.match(line)):
            title = (m.group(2) or "").strip()
            t_start = m.start(2) if m.group(2) is not None else len(line)
            base = starts[i]
            headings.append(
                Heading(
                    level=len(m.group(1)),
                    title=title,
                    line=i,
                    span=Span(base, base + len(line)),
                    title_span=Span(base + t_start, base + t_start + len(title)),
                )
            )
    return Lines(text, texts, starts, opaque, headings, first_line)


def normalize_heading(title: str) -> str:
    """Heading text compared loosely: case, emphasis, punctuation and spacing do not matter."""
    return " ".join(re.sub(r"[^\w\s]", " ", title.lower()).split())
