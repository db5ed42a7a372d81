"""Where two versions of a text differ, as one region: what incremental parsing starts from.

An `Edit` says that `old[start:old_end]` became `new[start:new_end]` and everything else is
unchanged (before `start` at the same offsets, after the region shifted by `new_end - old_end`).
Several edits in a row compose into the one region that covers them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Edit:
    start: int
    old_end: int
    new_end: int

    @property
    def delta(self) -> int:
        return self.new_end - self.old_end

    def then(self, nxt: Edit) -> Edit:
        """This edit followed by `nxt` (whose offsets are in the text this edit produced)."""
        start = min(self.start, nxt.start)
        # The covered region of the intermediate text, before `nxt` is applied.
        mid_end = max(self.new_end, nxt.old_end)
        # Offsets past this edit's region map back to the original text shifted by its delta.
        old_end = self.old_end + (mid_end - self.new_end)
        new_end = mid_end + nxt.delta
        return Edit(start, old_end, new_end)


# Longest replaced text whose ends are compared with the new text's (`common_ends`): past it
# the edit is no keystroke, and comparing would cost as much as reading the text.
TRIM_LIMIT = 4096


def common_ends(old: str, new: str) -> tuple[int, int]:
    """How many characters `old` and `new` share at their start and then at their end (the
    two never overlapping): an edit replacing `old` by `new` changed only what lies between.

    Editors send a change wider than what changed: Neovim 0.7 writes a line inserted below
    line L as the break at the end of L replaced by a break, the line and a break, so the
    edit seems to touch L (an entry's heading: the whole file was parsed and checked again)
    where only a line was added below it."""
    most = min(len(old), len(new))
    head = 0
    while head < most and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < most - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return head, tail


def compose(edits: list[Edit]) -> Edit | None:
    out: Edit | None = None
    for e in edits:
        out = e if out is None else out.then(e)
    return out


class EditHistory(Protocol):
    """Something that knows how its text changed: an editor buffer."""

    def edit_since(self, since: int, until: int) -> Edit | None:
        """The region changed from change count `since` to `until`; None when not known."""
        ...

    def adopt_starts(self, generation: int, starts: Sequence[int]) -> None:
        """Line starts a parse computed for the text of change count `generation` (never
        modified), so the buffer need not compute its own; ignored once it moved on."""
        ...
