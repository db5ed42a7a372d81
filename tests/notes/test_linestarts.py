"""`LineStarts`: lazily shifted line starts read exactly as the list they stand for."""

from __future__ import annotations

import bisect

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.linestarts import MAX_STEPS, LineStarts, line_of, line_starts
from mathlsp.notes.markdown import respliced, split_lines


def _edit(text: str, starts: object, start: int, end: int, new: str) -> tuple[str, object]:
    """`text` with text[start:end] replaced by `new`, and its starts as `respliced` makes them."""
    first, last = line_of(starts, start), line_of(starts, end)  # type: ignore[arg-type]
    inside = [start + i + 1 for i, ch in enumerate(new) if ch == "\n"]
    after = respliced(starts, first, last, inside, len(new) - (end - start))  # type: ignore[arg-type]
    return text[:start] + new + text[end:], after


_TEXT = st.text(alphabet="ab \n", min_size=1, max_size=200)


@settings(max_examples=300, deadline=None)
@given(_TEXT, st.data())
def test_starts_after_any_edits_equal_a_fresh_split(text: str, data: st.DataObject) -> None:
    starts: object = split_lines(text)[1]
    for _ in range(data.draw(st.integers(1, 60))):
        a = data.draw(st.integers(0, len(text)))
        b = data.draw(st.integers(a, min(len(text), a + 5)))
        # Mostly typing within a line (the lazy path), sometimes lines come or go.
        new = data.draw(st.sampled_from(["", "x", "xy", "\n", "x\ny", "\n\n"]))
        text, starts = _edit(text, starts, a, b, new)
        truth = split_lines(text)[1]
        assert starts == truth
        assert len(starts) == len(truth)  # type: ignore[arg-type]
        assert [starts[i] for i in range(len(truth))] == truth  # type: ignore[index]
        assert starts[-1] == truth[-1]  # type: ignore[index]
        for offset in {0, a, b, len(text), data.draw(st.integers(0, len(text)))}:
            assert line_of(starts, offset) == bisect.bisect_right(truth, offset) - 1  # type: ignore[arg-type]


def test_typing_on_many_lines_shares_the_list_then_folds_it() -> None:
    text = "\n".join(f"line {i}" for i in range(200))
    base = split_lines(text)[1]
    starts: object = base
    for i in range(1, MAX_STEPS + 1):
        # A character on each of MAX_STEPS lines: a step each, the list still shared.
        at = split_lines(text)[1][i]
        text, starts = _edit(text, starts, at, at, "x")
        assert isinstance(starts, LineStarts) and starts._base is base
    at = split_lines(text)[1][MAX_STEPS + 1]
    text, starts = _edit(text, starts, at, at, "x")
    assert isinstance(starts, LineStarts) and starts._base is not base  # folded into a new list
    assert starts == split_lines(text)[1]


def test_a_character_typed_then_deleted_leaves_no_step() -> None:
    text = "abc\ndef\nghi\n"
    starts = LineStarts(split_lines(text)[1])
    typed = starts.shifted(1, 1)
    assert typed._at == (1,) and typed[1] == 5
    back = typed.shifted(1, -1)
    assert back._at == () and back == split_lines(text)[1]


def test_an_edit_on_the_last_line_moves_nothing() -> None:
    starts = LineStarts([0, 4, 8])
    assert starts.shifted(3, 5) is starts


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab\r\n\u00e9\u2200", max_size=120))
def test_line_starts_follow_every_line_break_spelling(text: str) -> None:
    # A line starts after "\n", after "\r\n" and after a lone "\r".
    truth = [0] + [
        i + 1 for i, ch in enumerate(text)
        if ch == "\n" or (ch == "\r" and text[i + 1 : i + 2] != "\n")
    ]  # fmt: skip
    assert line_starts(text) == truth
    texts, starts = split_lines(text)
    assert starts == truth
    assert [text[s : s + len(t)] for s, t in zip(starts, texts, strict=True)] == texts


def test_a_line_added_or_deleted_moves_the_lines_below_by_a_step() -> None:
    """Enter pressed, then the line joined again: the starts below are the list's own ints,
    moved by a step (a 5,000-reference file has 58k of them), and read as a fresh split."""
    text = "\n".join(f"line {i}" for i in range(200))
    base = split_lines(text)[1]
    at = base[10] + 2
    split, starts = _edit(text, base, at, at, "\n")
    assert isinstance(starts, LineStarts) and starts._at == (12,)
    assert starts._base[150] is base[149]  # the same object, not a new int
    assert starts == split_lines(split)[1]
    joined, starts = _edit(split, starts, at, at + 1, "")
    assert joined == text and starts == base
    assert isinstance(starts, LineStarts) and starts._at == ()  # the step undone, dropped
