"""LineIndex: string offsets ↔ LSP positions (UTF-16 columns; \\n, \\r\\n and lone \\r breaks)."""

from __future__ import annotations

import pytest

from mathlsp.notes.text import Line, LineIndex, Position, Range, line_range, utf16_len


def test_utf16_len_counts_astral_characters_twice() -> None:
    assert utf16_len("") == 0
    assert utf16_len("abc") == 3
    assert utf16_len("é") == 1
    assert utf16_len("𝔽") == 2
    assert utf16_len("a𝔽é𝔽") == 6


def test_lines_with_mixed_line_breaks() -> None:
    text = "a\nbb\r\nccc\rdddd"
    index = LineIndex(text)
    assert index.line_count == 4
    assert [line.text for line in index.lines()] == ["a", "bb", "ccc", "dddd"]
    assert [line.start for line in index.lines()] == [0, 2, 6, 10]
    assert [index.line_text(i) for i in range(4)] == ["a", "bb", "ccc", "dddd"]
    assert list(index.lines())[1] == Line(1, 2, "bb")


def test_trailing_line_break_makes_an_empty_last_line() -> None:
    index = LineIndex("a\n")
    assert index.line_count == 2
    assert index.line_text(1) == ""
    assert index.position(2) == Position(1, 0)
    assert LineIndex("").line_count == 1
    assert LineIndex("").position(0) == Position(0, 0)


def test_blank_lines_between_crs_and_crlfs() -> None:
    text = "a\r\rb\r\n\r\nc"
    index = LineIndex(text)
    assert [line.text for line in index.lines()] == ["a", "", "b", "", "c"]
    assert index.position(text.index("b")) == Position(2, 0)
    assert index.position(text.index("c")) == Position(4, 0)


def test_positions_count_utf16_code_units() -> None:
    text = "x 𝔽 é\n𝔽𝔽y"
    index = LineIndex(text)
    assert index.position(text.index("𝔽")) == Position(0, 2)
    assert index.position(text.index("é")) == Position(0, 5)
    assert index.position(text.index("\n")) == Position(0, 6)
    assert index.position(text.index("y")) == Position(1, 4)
    assert index.position(len(text)) == Position(1, 5)


def test_offset_is_the_inverse_of_position() -> None:
    text = "ab𝔽c\r\n\tdé\rfin"
    index = LineIndex(text)
    for offset in range(len(text) + 1):
        if text[offset - 1 : offset + 1] == "\r\n":
            continue  # between \r and \n: not a position of its own
        assert index.offset(index.position(offset)) == offset, offset


def test_offset_clamps_to_the_line_and_the_document() -> None:
    text = "ab\r\ncd"
    index = LineIndex(text)
    assert index.offset(Position(0, 99)) == 2  # end of line 0, before the \r\n
    assert index.offset(Position(1, 99)) == len(text)
    assert index.offset(Position(7, 0)) == len(text)
    # Inside a surrogate pair: the position after the astral character.
    index = LineIndex("𝔽x")
    assert index.offset(Position(0, 1)) == 1
    assert index.offset(Position(0, 2)) == 1
    assert index.offset(Position(0, 3)) == 2


def test_position_clamps_offsets() -> None:
    index = LineIndex("ab\ncd")
    assert index.position(-5) == Position(0, 0)
    assert index.position(999) == Position(1, 2)


def test_position_of_a_crlf_middle_is_past_the_line_text() -> None:
    index = LineIndex("ab\r\ncd")
    assert index.position(2) == Position(0, 2)
    assert index.position(3) == Position(0, 3)
    assert index.position(4) == Position(1, 0)


def test_range_and_contains() -> None:
    text = "see 𝔽-modules\nnext"
    index = LineIndex(text)
    start = text.index("modules")
    rng = index.range(start, start + len("modules"))
    assert rng == Range(Position(0, 7), Position(0, 14))
    assert rng.contains(Position(0, 7))
    assert rng.contains(Position(0, 14))
    assert not rng.contains(Position(0, 15))
    assert not rng.contains(Position(1, 0))
    assert Range.at(3, 1, 4) == Range(Position(3, 1), Position(3, 4))


def test_multiline_range() -> None:
    text = "é𝔽\r\nabc\rxyz"
    index = LineIndex(text)
    assert index.range(1, text.index("y")) == Range(Position(0, 1), Position(2, 1))


def test_positions_order_by_line_then_character() -> None:
    assert Position(0, 9) < Position(1, 0) < Position(1, 1)
    assert sorted([Position(2, 0), Position(0, 5), Position(0, 1)]) == [
        Position(0, 1),
        Position(0, 5),
        Position(2, 0),
    ]


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        (0, None, Range(Position(4, 0), Position(4, 7))),
        (2, 4, Range(Position(4, 3), Position(4, 5))),
        (4, 5, Range(Position(4, 5), Position(4, 7))),
    ],
)
def test_line_range_uses_utf16_columns(start: int, end: int | None, expected: Range) -> None:
    line = Line(4, 100, "é𝔽ab𝔽")
    assert line_range(line, start, end) == expected
