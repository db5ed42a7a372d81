"""Reading notes from disk without surprises: size limits, binary files, encodings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MAX_NOTE_BYTES = 20 * 1024 * 1024  # far above any real note; a 50 MB file is refused, not parsed


@dataclass(frozen=True, slots=True)
class LoadedText:
    text: str | None  # None when the file could not be used
    problem: str | None = None  # why, in one line


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
        size = path.stat().st_size
        if size > MAX_NOTE_BYTES:
            return LoadedText(
                None,
                f"file is too large to check ({size / 1e6:.0f} MB > {MAX_NOTE_BYTES // 10**6} MB)",
            )
        return decode_note(path.read_bytes())
    except FileNotFoundError:
        return LoadedText(None, "file not found")
    except OSError as exc:
        return LoadedText(None, f"cannot read: {exc.strerror or exc}")
