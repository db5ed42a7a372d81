"""Model offsets to LSP (line, column) in each position encoding: an ASCII text's column is its
offset from the line's start, any other counts the encoding's units."""

from __future__ import annotations

from lsprotocol import types

from mathlsp.features.convert import line_column, lsp_position
from mathlsp.notes.document import MarkdownDoc


def test_an_ascii_line_column_is_its_offset_and_others_count_units() -> None:
    doc = MarkdownDoc("# T\n\nab𝔽é cd\nplain\n")
    at = doc.text.index("cd")
    assert line_column(doc, at, "utf-16") == (2, 6)  # 𝔽 is two UTF-16 units
    assert line_column(doc, at, "utf-8") == (2, 9)  # four bytes, and é two
    assert line_column(doc, at, "utf-32") == (2, 5)
    assert line_column(doc, doc.text.index("lain"), "utf-8") == (3, 1)
    assert line_column(doc, len(doc.text) + 5, "utf-16") == (4, 0)  # clamped to the end
    assert lsp_position(doc, at, "utf-16") == types.Position(line=2, character=6)


def test_an_ascii_text_counts_characters_in_every_encoding() -> None:
    doc = MarkdownDoc("# Title\r\n\r\n- **Year:** 2020\r\n")
    at = doc.text.index("2020")
    for enc in ("utf-16", "utf-8", "utf-32"):
        assert line_column(doc, at, enc) == (2, 12)
    assert line_column(doc, doc.text.index("\r\n"), "utf-8") == (0, 7)  # at the line break
