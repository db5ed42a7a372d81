"""A text kept as a list of chunks, so that an edit copies the chunk it touches, not the text.

A Python `str` is immutable: replacing one character of a 9 MB LITERATURE.md builds a new 9 MB
string (two copies when done by joining slices). `ChunkedText` keeps the text as strings of about
`CHUNK` characters; an edit rebuilds only the chunks it spans (a few KB) and the list of their
ends (a C-level pass over ~140 ints at 5,000 references).

Each version is a `TextView`, never modified once made: the notes model parses one version while
the editor's next keystroke makes another. A view reads a line (`view[a:b]`) at the cost of that
line; the whole string is built only when someone asks for it (`joined`), once per version.
"""

from __future__ import annotations

import bisect
from itertools import accumulate
from typing import overload

# Small enough that an edit's copy is negligible (µs), large enough that the list of chunks of a
# 9 MB text stays short (its ends are recounted per edit).
CHUNK = 1 << 16


class TextView:
    """One version of a text: slices and `len` read only the chunks they span; `joined()` is the
    whole string, built on the first call and kept.

    Code that needs a `str` (a regex over the file, `str` methods) calls `joined()` (`str(view)`);
    the keystroke path reads slices only."""

    __slots__ = ("_joined", "_parts", "_size")

    def __init__(
        self, joined: str | None, parts: tuple[list[str], list[int]] | None = None
    ) -> None:
        # `parts`: the chunks and their ends, never modified once given here (a new version gets
        # new lists). Either may be dropped later, never both (`compact` joins first).
        self._parts = parts
        self._joined = joined
        if joined is not None:
            self._size = len(joined)
        else:
            ends = parts[1] if parts is not None else []
            self._size = ends[-1] if ends else 0

    def __len__(self) -> int:
        return self._size

    def __str__(self) -> str:
        return self.joined()

    def joined(self) -> str:
        """The whole text; built once per version and kept."""
        joined = self._joined
        if joined is None:
            parts = self._parts
            joined = self._joined = "".join(parts[0]) if parts is not None else ""
        return joined

    @property
    def is_joined(self) -> bool:
        return self._joined is not None

    def compact(self) -> None:
        """Keep the whole string only: the chunks are a second copy of the text."""
        if self._parts is not None:
            self.joined()
            self._parts = None

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> str: ...
    def __getitem__(self, i: int | slice) -> str:
        if isinstance(i, slice):
            start, end, step = i.indices(self._size)
            if step != 1:
                return self.joined()[i]
            return self.slice(start, end)
        n = self._size
        k = i + n if i < 0 else i
        if not 0 <= k < n:
            raise IndexError("string index out of range")
        return self.slice(k, k + 1)

    def slice(self, start: int, end: int) -> str:
        """text[start:end] (offsets clamped to the text; negative ones read as 0)."""
        n = self._size
        start, end = max(0, min(start, n)), max(0, min(end, n))
        if start >= end:
            return ""
        # Read the chunks before the string: `compact` sets the string before it drops them.
        parts = self._parts
        joined = self._joined
        if joined is not None or parts is None:
            return self.joined()[start:end]
        chunks, ends = parts
        i = bisect.bisect_right(ends, start)
        j = bisect.bisect_left(ends, end)
        base = ends[i - 1] if i else 0
        if i == j:
            return chunks[i][start - base : end - base]
        last_base = ends[j - 1]
        return "".join(
            [chunks[i][start - base :], *chunks[i + 1 : j], chunks[j][: end - last_base]]
        )

    def replaced(self, start: int, end: int, text: str, size: int) -> TextView:
        """A new version: text[start:end] = text, copying only the chunks the range touches
        (`size`: the chunk length to cut to)."""
        parts = self._parts
        if parts is None:
            whole = self.joined()
            cut = [whole[k : k + size] for k in range(0, len(whole), size)]
            parts = (cut, list(accumulate(map(len, cut))))
        chunks, ends = parts
        n = ends[-1] if ends else 0
        start, end = max(0, min(start, n)), max(0, min(end, n))
        if not chunks:
            return TextView(None, _parts_of([], 0, 0, text, size))
        # The chunk holding `start` (at a boundary: the one it ends), and the one holding `end`.
        i = min(bisect.bisect_left(ends, start), len(chunks) - 1)
        j = min(bisect.bisect_left(ends, end), len(chunks) - 1)
        base = ends[i - 1] if i else 0
        last_base = ends[j - 1] if j else 0
        merged = chunks[i][: start - base] + text + chunks[j][end - last_base :]
        return TextView(None, _parts_of(chunks, i, j + 1, merged, size))


def _parts_of(
    chunks: list[str], i: int, j: int, merged: str, size: int
) -> tuple[list[str], list[int]]:
    """chunks[i:j] replaced by `merged`, cut again if it grew past two chunks: new lists."""
    if len(merged) <= 2 * size:
        pieces = [merged] if merged else []
    else:
        pieces = [merged[k : k + size] for k in range(0, len(merged), size)]
    new = chunks[:i] + pieces + chunks[j:]
    return new, list(accumulate(map(len, new)))


class ChunkedText:
    """A text being edited: its current version (`view`), replaced by each edit."""

    __slots__ = ("_chunk", "_view")

    def __init__(self, text: str, chunk: int = CHUNK) -> None:
        self._chunk = max(1, chunk)
        # Chunked on the first edit: a buffer that is only read keeps one string.
        self._view = TextView(text)

    def __len__(self) -> int:
        return len(self._view)

    @property
    def view(self) -> TextView:
        return self._view

    def joined(self) -> str:
        """The whole text; built once per version and kept until the next edit."""
        return self._view.joined()

    def compact(self) -> None:
        """Once typing paused: if the whole string was built (a hover, a full parse), keep it
        alone, the chunks being a second copy; the next edit cuts them again. A version never
        joined keeps its chunks: joining it would only swap one copy for another."""
        if self._view.is_joined:
            self._view.compact()

    def slice(self, start: int, end: int) -> str:
        """text[start:end] (clamped like a slice), reading only the chunks it spans."""
        return self._view.slice(start, end)

    def replace(self, start: int, end: int, text: str) -> None:
        """text[start:end] = text, copying only the chunks the range touches."""
        self._view = self._view.replaced(start, end, text, self._chunk)
