"""Reading notes from disk without surprises: size limits, binary files, encodings."""

from __future__ import annotations

import codecs
import errno
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mathlsp.fsutil import MAX_NOTE_BYTES, UnreadableFile, read_bounded
from mathlsp.notes.chunked import TextView
from mathlsp.notes.edits import EditHistory

__all__ = [
    "MAX_NOTE_BYTES",
    "LoadedText",
    "NoteRefused",
    "decode_note",
    "read_note",
    "read_note_text",
]


@dataclass(frozen=True, slots=True)
class LoadedText:
    # None when the file could not be used; an editor buffer's version as its chunks (`TextView`):
    # the notes model re-parses an edit reading only the lines it touched, and `text` builds the
    # whole string for whoever needs one.
    source: str | TextView | None
    problem: str | None = None  # why, in one line
    # An editor buffer, and how many changes it had applied for this text: the model asks it
    # where the text changed since the version it parsed, and re-parses only that region.
    history: EditHistory | None = None
    generation: int | None = None
    starts: Sequence[int] | None = None  # the buffer's line starts for `text`, when it has them

    @property
    def text(self) -> str | None:
        source = self.source
        return source.joined() if isinstance(source, TextView) else source


def decode_note(data: bytes) -> LoadedText:
    if b"\x00" in data[:8192]:
        if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):  # Windows editors save these
            return LoadedText(None, "UTF-16 text, not UTF-8; save the file as UTF-8")
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


class NoteRefused(OSError):
    """A note a command will not read, nor rewrite: `check`'s DOC001 reason as an OSError
    (strerror the reason, filename the path), which every command reports in one line, exit 2."""


def read_note_text(path: Path) -> str | None:
    """The text of the note at `path`, None when there is no such file: the checked reader every
    command shares with `check` (size, NUL bytes, UTF-8). Raises NoteRefused otherwise."""
    loaded = read_note(path)
    if loaded.text is not None:
        return loaded.text
    if loaded.problem == "file not found":
        return None
    raise NoteRefused(errno.EINVAL, loaded.problem or "cannot read", str(path))
