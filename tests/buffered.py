"""A LITERATURE.md read through the editor's buffer, as the server reads an open note: edits
applied to the buffer reach the folder's next parse, which keeps unchanged entries' cores."""

from __future__ import annotations

from pathlib import Path

from mathlsp.features.buffers import NoteBuffer
from mathlsp.features.workspace_state import _buffer_text
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.loader import LoadedText, read_note


def buffered_literature(tmp_path: Path, text: str) -> tuple[NoteBuffer, ProblemFolder, Path]:
    """The buffer (apply changes to it), the folder reading it, and LITERATURE.md's path."""
    lit = tmp_path / "LITERATURE.md"
    lit.write_text(text, encoding="utf-8", newline="")
    buffer = NoteBuffer(lit.as_uri(), source=text, version=1)

    def reader(path: Path) -> LoadedText:
        return _buffer_text(buffer) if path == lit else read_note(path)

    return buffer, ProblemFolder(tmp_path, reader), lit
