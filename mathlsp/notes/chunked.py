"""A text kept as a list of chunks, so that an edit copies the chunk it touches, not the text.

A Python `str` is immutable: replacing one character of a 9 MB LITERATURE.md builds a new 9 MB
string (two copies when done by joining slices). `ChunkedText` keeps the text as strings of about
`CHUNK` characters; an edit rebuilds only the chunks it spans (a few KB) and the list of their
ends (a C-level pass over ~140 ints at 5,000 references). The whole string is built only when
someone asks for it (`joined`), once per version, in one copy. Reading a line (`slice`) costs
that line.
"""

from __future__ import annotations

import bisect
from itertools import accumulate

# Small enough that an edit's copy is negligible (µs), large enough that the list of chunks of a
# 9 MB text stays short (its ends are recounted per edit).
CHUNK = 1 << 16


class ChunkedText:
    __slots__ = ("_chunk", "_chunks", "_ends", "_joined")

    def __init__(self, text: str, chunk: int = CHUNK) -> None:
        self._chunk = max(1, chunk)
        # Chunked on the first edit: a buffer that is only read keeps one string.
        self._chunks: list[str] | None = None
        self._ends: list[int] = []
        self._joined: str | None = text

    def __len__(self) -> int:
        if self._chunks is None:
            return len(self._joined or "")
        return self._ends[-1] if self._ends else 0

    def joined(self) -> str:
        """The whole text; built once per version and kept until the next edit."""
        if self._joined is None:
            self._joined = "".join(self._chunks or ())
        return self._joined

    def compact(self) -> None:
        """Keep the whole string only (once typing paused): the chunks are a second copy of the
        text; the next edit cuts them again (one copy, for the first keystroke after a pause)."""
        if self._chunks is not None:
            self.joined()
            self._chunks, self._ends = None, []

    def slice(self, start: int, end: int) -> str:
        """text[start:end] (clamped like a slice), reading only the chunks it spans."""
        n = len(self)
        start, end = max(0, min(start, n)), max(0, min(end, n))
        if self._joined is not None or start >= end:
            return self.joined()[start:end] if start < end else ""
        chunks, ends = self._chunks or [], self._ends
        i = bisect.bisect_right(ends, start)
        j = bisect.bisect_left(ends, end)
        base = ends[i - 1] if i else 0
        if i == j:
            return chunks[i][start - base : end - base]
        last_base = ends[j - 1]
        return "".join(
            [chunks[i][start - base :], *chunks[i + 1 : j], chunks[j][: end - last_base]]
        )

    def replace(self, start: int, end: int, text: str) -> None:
        """text[start:end] = text, copying only the chunks the range touches."""
        if self._chunks is None:
            self._split(self._joined or "")
        chunks, ends = self._chunks or [], self._ends
        n = ends[-1] if ends else 0
        start, end = max(0, min(start, n)), max(0, min(end, n))
        if not chunks:
            self._chunks, self._ends, self._joined = [], [], None
            self._put(0, 0, text)
            return
        # The chunk holding `start` (at a boundary: the one it ends), and the one holding `end`.
        i = min(bisect.bisect_left(ends, start), len(chunks) - 1)
        j = min(bisect.bisect_left(ends, end), len(chunks) - 1)
        base = ends[i - 1] if i else 0
        last_base = ends[j - 1] if j else 0
        merged = chunks[i][: start - base] + text + chunks[j][end - last_base :]
        self._joined = None
        self._put(i, j + 1, merged)

    def _put(self, i: int, j: int, merged: str) -> None:
        size = self._chunk
        if len(merged) <= 2 * size:
            pieces = [merged] if merged else []
        else:
            pieces = [merged[k : k + size] for k in range(0, len(merged), size)]
        chunks = self._chunks if self._chunks is not None else []
        chunks[i:j] = pieces
        self._chunks = chunks
        self._ends = list(accumulate(map(len, chunks)))

    def _split(self, text: str) -> None:
        size = self._chunk
        self._chunks = [text[k : k + size] for k in range(0, len(text), size)]
        self._ends = list(accumulate(map(len, self._chunks)))
