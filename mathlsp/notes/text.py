"""Positions in a document, counted the way LSP counts them.

Offsets index the Python `str`; LSP positions are (line, UTF-16 code unit). Lines end at
``\\n``, ``\\r\\n`` or a lone ``\\r``, as the LSP specification says.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from mathlsp.notes.linestarts import line_of, line_starts


@dataclass(frozen=True, slots=True, order=True)
class Position:
    line: int
    character: int  # UTF-16 code units


@dataclass(frozen=True, slots=True)
class Range:
    start: Position
    end: Position

    def contains(self, pos: Position) -> bool:
        return self.start <= pos <= self.end

    @staticmethod
    def at(line: int, start: int, end: int) -> Range:
        return Range(Position(line, start), Position(line, end))


@dataclass(frozen=True, slots=True)
class Line:
    number: int
    start: int  # offset of the first character
    text: str  # without the line break


def utf16_len(text: str) -> int:
    if text.isascii():
        return len(text)
    # A lone surrogate (a buffer can hold one: JSON "\ud800") counts as the one unit it is.
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def column_offset(line: str, units: int, encoding: str = "utf-16") -> int:
    """The code-point column of `units` code units of `encoding` into `line` (clamped to it)."""
    if line.isascii() or encoding == "utf-32":
        return min(max(units, 0), len(line))
    count = 0
    for i, ch in enumerate(line):
        if count >= units:
            return i
        cp = ord(ch)
        if encoding == "utf-8":
            count += 1 if cp < 0x80 else 2 if cp < 0x800 else 3 if cp < 0x10000 else 4
        else:
            count += 2 if cp > 0xFFFF else 1
    return len(line)


# Past this column a position is counted from where the line's astral characters stand (found
# once per line) instead of by encoding the line up to it: thousands of findings on one long
# line would otherwise cost the line's length each.
_LONG_COLUMN = 512
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


class LineIndex:
    """Maps string offsets to LSP positions and back for one immutable text."""

    __slots__ = ("_astral", "_starts", "text")

    def __init__(self, text: str, starts: Sequence[int] | None = None) -> None:
        """`starts`: the line starts when the caller has them already (same LSP line breaks)."""
        self.text = text
        self._starts = line_starts(text) if starts is None else starts
        self._astral: tuple[int, list[int]] = (-1, [])  # a line, its astral characters' offsets

    @property
    def line_count(self) -> int:
        return len(self._starts)

    def line_start(self, line: int) -> int:
        return self._starts[min(max(line, 0), len(self._starts) - 1)]

    def line_text(self, line: int) -> str:
        start = self.line_start(line)
        end = self._starts[line + 1] if line + 1 < len(self._starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def lines(self) -> Iterator[Line]:
        text = self.text
        starts = self._starts
        last = len(starts) - 1
        for number, start in enumerate(starts):
            end = starts[number + 1] if number < last else len(text)
            yield Line(number, start, text[start:end].rstrip("\r\n"))

    def position(self, offset: int) -> Position:
        offset = min(max(offset, 0), len(self.text))
        line = line_of(self._starts, offset)
        start = self._starts[line]
        if offset - start < _LONG_COLUMN:
            return Position(line, utf16_len(self.text[start:offset]))
        known, astral = self._astral
        if known != line:
            text = self.line_text(line)
            astral = [] if text.isascii() else [start + m.start() for m in _ASTRAL.finditer(text)]
            self._astral = (line, astral)
        # An astral character is two UTF-16 code units.
        return Position(line, offset - start + bisect.bisect_left(astral, offset))

    def range(self, start: int, end: int) -> Range:
        return Range(self.position(start), self.position(end))

    def offset(self, pos: Position) -> int:
        """The string offset of an LSP position (clamped to the line, as LSP asks)."""
        if pos.line >= len(self._starts):
            return len(self.text)
        start = self.line_start(pos.line)
        line = self.line_text(pos.line)
        if line.isascii():
            return start + min(pos.character, len(line))
        units = 0
        for i, ch in enumerate(line):
            if units >= pos.character:
                return start + i
            units += 2 if ord(ch) > 0xFFFF else 1
        return start + len(line)


def line_range(line: Line, start: int = 0, end: int | None = None) -> Range:
    """A range within one line, from column offsets in the line's `str`."""
    text = line.text
    end = len(text) if end is None else end
    return Range(
        Position(line.number, utf16_len(text[:start])),
        Position(line.number, utf16_len(text[:end])),
    )
