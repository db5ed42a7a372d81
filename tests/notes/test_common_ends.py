"""An editor's change is logged as the region that changed, its shared ends trimmed."""

from __future__ import annotations

from lsprotocol import types

from mathlsp.features.buffers import NoteBuffer
from mathlsp.notes.edits import Edit, common_ends


def test_common_ends_never_overlap():
    assert common_ends("\n", "\nline\n") == (1, 0)
    assert common_ends("abc", "abc") == (3, 0)
    assert common_ends("aXa", "aYa") == (1, 1)
    assert common_ends("aa", "aaa") == (2, 0)
    assert common_ends("", "x") == (0, 0)
    assert common_ends("ab", "") == (0, 0)


def _change(line: int, col: int, end_line: int, end_col: int, new: str) -> object:
    rng = types.Range(types.Position(line, col), types.Position(end_line, end_col))
    return types.TextDocumentContentChangePartial(range=rng, text=new)


def test_a_line_added_as_neovim_sends_it_is_logged_as_that_line():
    text = "# T\n### REF-001: A\n- **Year:** 2001\n"
    buffer = NoteBuffer("file:///L.md", source=text, version=1)
    before = buffer.generation
    buffer.apply_change(_change(1, 15, 2, 0, "\n- **Notes:** x\n"))  # type: ignore[arg-type]
    assert buffer.source == "# T\n### REF-001: A\n- **Notes:** x\n- **Year:** 2001\n"
    at = len("# T\n### REF-001: A\n")
    assert buffer.edit_since(before, buffer.generation) == Edit(at, at, at + 15)
    # the same on the first character (no character before the region)
    buffer = NoteBuffer("file:///L.md", source="ab", version=1)
    before = buffer.generation
    buffer.apply_change(_change(0, 0, 0, 2, "abc"))  # type: ignore[arg-type]
    assert buffer.edit_since(before, buffer.generation) == Edit(2, 2, 3)
