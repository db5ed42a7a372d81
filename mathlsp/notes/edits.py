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
