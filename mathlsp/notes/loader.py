"""Reading notes from disk without surprises: size limits, binary files, encodings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mathlsp.fsutil import MAX_NOTE_BYTES, UnreadableFile, read_bounded
from mathlsp.notes.edits import EditHistory

__all__ = ["MAX_NOTE_BYTES", "LoadedText", "decode_note", "read_note"]


@dataclass(frozen=True, slots=True)
class LoadedText:
    text: str | None  # None when the file could not be used
    problem: str | None = None  # why, in one line
    # An editor buffer, and how many changes it had applied for this text: the model asks it
    # where the text changed since the version it parsed, and re-parses only that region.
    history: EditHistory | None = None
    generation: int | None = None
    starts: Sequence[int] | None = None  # the buffer's line starts for `text`, when it has them


def decode_note(data: bytes) -> LoadedText:
    if b"\x00" in data[:8192]:
        return LoadedText(None, "binary file (contains NUL bytes); not a Markdown note")
    try:
        # The BOM is dropped as editors drop it, so positions agree with what they show.
        return LoadedText(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        return LoadedText(None, f"not valid UTF-8 (byte {exc.start}); save the file as UTF-8")


def read_note(path: Path) -> LoadedText:
    try:
        return decode_note(read_bounded(path, MAX_NOTE_BYTES))
    except UnreadableFile as exc:
        reason = exc.strerror or "not readable"
        if reason.startswith("file is too large"):
            return LoadedText(
                None, reason.replace("file is too large", "file is too large to check")
            )
        return LoadedText(None, f"cannot read: {reason}")
    except FileNotFoundError:
        return LoadedText(None, "file not found")
    except OSError as exc:
        return LoadedText(None, f"cannot read: {exc.strerror or exc}")
