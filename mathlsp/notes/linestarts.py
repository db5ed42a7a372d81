"""Line starts that an edit moves lazily: a keystroke costs a short table entry, not a new list.

A keystroke that adds or removes no line moves the start of every line below it. Rebuilding the
list for that took 2 ms and 58k new ints per keystroke in a 5,000-reference LITERATURE.md.
`LineStarts` keeps the list it was made from and a short table of steps (from this line on,
add this many characters); reading a start adds the step in force. Every version is immutable
(an edit makes a new one that shares the list), so a worker thread can keep reading the version
it was handed. After `MAX_STEPS` steps the table is folded into a new list: one pass over the
lines every that many keystrokes on different lines.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from typing import overload

MAX_STEPS = 32

_NEWLINE = re.compile("\n")
_ANY_BREAK = re.compile(r"\r\n|\r|\n")


def line_starts(text: str) -> list[int]:
    """The start offsets of `text`'s lines (after `\n`, `\r\n` or a lone `\r`), without
    building the lines: splitting a 9 MB file makes 58k strings (the text's size again) only
    for their lengths, and is twice as slow."""
    breaks = _ANY_BREAK if "\r" in text else _NEWLINE
    starts = [0]
    starts.extend(m.end() for m in breaks.finditer(text))
    return starts


class LineStarts(Sequence[int]):
    __slots__ = ("_add", "_at", "_base")

    def __init__(
        self, base: list[int], at: tuple[int, ...] = (), add: tuple[int, ...] = ()
    ) -> None:
        self._base = base
        self._at = at  # first line of each step, ascending
        self._add = add  # offset in force from `_at[j]` until the next step

    def __len__(self) -> int:
        return len(self._base)

    @overload
    def __getitem__(self, i: int) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> list[int]: ...
    def __getitem__(self, i: int | slice) -> int | list[int]:
        if isinstance(i, slice):
            return self.tolist()[i]
        base = self._base
        if i < 0:
            i += len(base)
        value = base[i]
        if not self._at:
            return value
        j = bisect.bisect_right(self._at, i)
        return value + self._add[j - 1] if j else value

    def __iter__(self) -> Iterator[int]:
        return iter(self.tolist())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LineStarts | list):
            return len(self) == len(other) and self.tolist() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a list, which is not hashable

    def tolist(self) -> list[int]:
        base = self._base
        if not self._at:
            return base[:]
        out = base[: self._at[0]]
        bounds = (*self._at, len(base))
        for j, add in enumerate(self._add):
            chunk = base[bounds[j] : bounds[j + 1]]
            out.extend([s + add for s in chunk] if add else chunk)
        return out

    def shifted(self, line: int, delta: int) -> LineStarts:
        """These starts after an edit that moved every line from `line` on by `delta`
        characters (and added or removed none)."""
        if not delta or line >= len(self._base):
            return self
        at, add = list(self._at), list(self._add)
        j = bisect.bisect_left(at, line)
        if j == len(at) or at[j] != line:
            at.insert(j, line)
            add.insert(j, add[j - 1] if j else 0)
        for k in range(j, len(add)):
            add[k] += delta
        # Steps that no longer change anything (a character typed, then deleted) go.
        kept_at: list[int] = []
        kept_add: list[int] = []
        for a, d in zip(at, add, strict=True):
            if d != (kept_add[-1] if kept_add else 0):
                kept_at.append(a)
                kept_add.append(d)
        if len(kept_at) > MAX_STEPS:
            return LineStarts(LineStarts(self._base, tuple(kept_at), tuple(kept_add)).tolist())
        return LineStarts(self._base, tuple(kept_at), tuple(kept_add))

    def replaced(self, first: int, last: int, inside: list[int], delta: int) -> LineStarts:
        """These starts after lines first..last were replaced: those up to `first`, then
        `inside` (the starts of the new lines after the first), then the rest moved by `delta`
        characters. The rest is moved by a step, not one by one: a line added or deleted costs
        two slices of the list (C speed), not a new int per line below it."""
        base, at, add = self._base, self._at, self._add
        j = bisect.bisect_right(at, first)
        in_first = add[j - 1] if j else 0  # what reading a start adds from `first`
        k = bisect.bisect_right(at, last + 1)
        in_tail = add[k - 1] if k else 0
        new_base = base[: first + 1]
        new_base.extend([v - in_first for v in inside] if in_first else inside)
        tail = len(new_base)  # where line `last + 1` now stands
        new_base.extend(base[last + 1 :])
        lines = tail - (last + 1)
        steps = list(zip(at[:j], add[:j], strict=True))
        if tail < len(new_base):
            steps.append((tail, in_tail + delta))
            steps.extend((a + lines, d + delta) for a, d in zip(at[k:], add[k:], strict=True))
        kept_at: list[int] = []
        kept_add: list[int] = []
        for a, d in steps:
            if d != (kept_add[-1] if kept_add else 0):
                kept_at.append(a)
                kept_add.append(d)
        out = LineStarts(new_base, tuple(kept_at), tuple(kept_add))
        return LineStarts(out.tolist()) if len(kept_at) > MAX_STEPS else out

    def line_of(self, offset: int) -> int:
        """The line holding `offset` (the last line starting at or before it)."""
        base, at, add = self._base, self._at, self._add
        if not at:
            return bisect.bisect_right(base, offset) - 1
        # The step whose first line starts at or before `offset`, then a search of its lines.
        j = len(at)
        while j and base[at[j - 1]] + add[j - 1] > offset:
            j -= 1
        lo = at[j - 1] if j else 0
        hi = at[j] if j < len(at) else len(base)
        return bisect.bisect_right(base, offset - (add[j - 1] if j else 0), lo, hi) - 1


def line_of(starts: Sequence[int], offset: int) -> int:
    """The line holding `offset`, for a plain list of starts or `LineStarts`."""
    if isinstance(starts, LineStarts):
        return starts.line_of(offset)
    return bisect.bisect_right(starts, offset) - 1
