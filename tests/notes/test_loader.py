"""Reading notes from disk: binary files, non-UTF-8, BOMs and oversized files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mathlsp.notes import loader
from mathlsp.notes.loader import LoadedText, decode_note, read_note


def test_decode_utf8_keeps_line_endings_and_drops_the_bom() -> None:
    assert decode_note("# Über 𝔽\r\nx\ry".encode()) == LoadedText("# Über 𝔽\r\nx\ry")
    assert decode_note(b"\xef\xbb\xbf# T\n") == LoadedText("# T\n")
    assert decode_note(b"") == LoadedText("")


def test_binary_files_are_refused() -> None:
    loaded = decode_note(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert loaded.text is None
    assert loaded.problem is not None and "binary" in loaded.problem


def test_non_utf8_is_refused_with_the_byte_offset() -> None:
    loaded = decode_note("caf\xe9".encode("latin-1"))
    assert loaded.text is None
    assert loaded.problem is not None and "UTF-8" in loaded.problem and "byte 3" in loaded.problem


def test_read_note(tmp_path: Path) -> None:
    path = tmp_path / "PROBLEM.md"
    path.write_bytes(b"# T\r\n")
    assert read_note(path) == LoadedText("# T\r\n")
    missing = read_note(tmp_path / "nope.md")
    assert missing.text is None and missing.problem == "file not found"


def test_directory_is_not_readable(tmp_path: Path) -> None:
    loaded = read_note(tmp_path)
    assert loaded.text is None
    assert loaded.problem is not None and loaded.problem.startswith("cannot read")


def test_too_large(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "MAX_NOTE_BYTES", 10)
    path = tmp_path / "LITERATURE.md"
    path.write_text("x" * 11)
    loaded = read_note(path)
    assert loaded.text is None
    assert loaded.problem is not None and "too large" in loaded.problem
    path.write_text("x" * 10)
    assert read_note(path).text == "x" * 10


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "JOURNAL.md"
    path.write_text("x")
    path.chmod(0)
    try:
        loaded = read_note(path)
    finally:
        path.chmod(0o644)
    assert loaded.text is None and loaded.problem is not None
