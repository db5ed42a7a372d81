"""`ChunkedText` holds the text a naive string would, and reads only what it is asked."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.chunked import ChunkedText

ALPHABET = "ab\n\ré𝔽Γ"


@st.composite
def ranges(draw: st.DrawFn, size: int) -> tuple[int, int]:
    # A little past both ends too: offsets out of range clamp like a slice's.
    a = draw(st.integers(-2, size + 2))
    b = draw(st.integers(-2, size + 2))
    return min(a, b), max(a, b)


@settings(max_examples=400, deadline=None)
@given(st.data(), st.text(alphabet=ALPHABET, max_size=60), st.integers(1, 8))
def test_edits_and_slices_equal_those_of_a_plain_string(
    data: st.DataObject, text: str, chunk: int
) -> None:
    chunked = ChunkedText(text, chunk)
    expected = text
    for _ in range(data.draw(st.integers(1, 15))):
        start, end = data.draw(ranges(len(expected)))
        if data.draw(st.booleans()):
            new = data.draw(st.text(alphabet=ALPHABET, max_size=3 * chunk + 2))
            chunked.replace(start, end, new)
            a = max(0, min(start, len(expected)))
            b = max(0, min(end, len(expected)))
            expected = expected[:a] + new + expected[b:]
        else:
            assert chunked.slice(start, end) == expected[max(start, 0) : max(end, 0)]
        assert len(chunked) == len(expected)
        if data.draw(st.booleans()):
            assert chunked.joined() == expected
    assert chunked.joined() == expected


def test_an_edit_copies_one_chunk_and_the_join_waits_until_asked() -> None:
    text = "".join(f"line {i}\n" for i in range(1000))
    chunked = ChunkedText(text, 64)
    chunked.replace(3000, 3001, "X")
    chunked.replace(3001, 3001, "Y")
    assert not chunked.view.is_joined  # no whole string built by the edits
    parts = chunked.view._parts
    assert parts is not None and max(map(len, parts[0])) <= 128
    assert chunked.slice(2995, 3005) == (text[:3000] + "XY" + text[3001:])[2995:3005]
    whole = chunked.joined()
    assert chunked.joined() is whole  # kept until the next edit
    chunked.replace(0, 0, "Z")
    assert chunked.joined() == "Z" + whole


def test_an_empty_text_takes_an_insert_and_a_deletion_of_everything() -> None:
    chunked = ChunkedText("", 4)
    chunked.replace(0, 0, "hello world")
    assert chunked.joined() == "hello world"
    chunked.replace(0, 100, "")
    assert chunked.joined() == "" and len(chunked) == 0
    chunked.replace(5, 5, "x")
    assert chunked.joined() == "x"


def test_compacting_keeps_the_joined_string_alone_and_the_next_edit_cuts_again() -> None:
    chunked = ChunkedText("abcdefghij", 3)
    chunked.replace(2, 3, "X")
    chunked.compact()
    assert chunked.view._parts is not None  # never joined: compacting would swap one copy
    assert not chunked.view.is_joined
    whole = chunked.joined()
    chunked.compact()
    assert chunked.view._parts is None
    assert chunked.joined() is whole  # the string the model holds: no second copy kept
    chunked.replace(10, 10, "!")
    assert chunked.joined() == whole + "!"


@settings(max_examples=300, deadline=None)
@given(st.data(), st.text(alphabet=ALPHABET, max_size=40), st.integers(1, 6))
def test_each_version_stays_what_it_was_and_reads_like_a_string(
    data: st.DataObject, text: str, chunk: int
) -> None:
    chunked = ChunkedText(text, chunk)
    versions = [(chunked.view, text)]
    expected = text
    for _ in range(data.draw(st.integers(1, 8))):
        start, end = data.draw(ranges(len(expected)))
        new = data.draw(st.text(alphabet=ALPHABET, max_size=2 * chunk + 1))
        chunked.replace(start, end, new)
        a, b = max(0, min(start, len(expected))), max(0, min(end, len(expected)))
        expected = expected[:a] + new + expected[b:]
        versions.append((chunked.view, expected))
        if data.draw(st.booleans()):
            versions[data.draw(st.integers(0, len(versions) - 1))][0].compact()
    for view, was in versions:  # later edits changed none of the earlier versions
        assert len(view) == len(was)
        i, j = data.draw(st.integers(-len(was) - 2, len(was) + 2)), data.draw(st.integers(-3, 50))
        assert view[i:j] == was[i:j] and view[i:] == was[i:] and view[:j] == was[:j]
        if -len(was) <= i < len(was):
            assert view[i] == was[i]
        assert str(view) == was


def test_a_view_out_of_range_raises_like_a_string() -> None:
    chunked = ChunkedText("abc", 1)
    chunked.replace(1, 1, "X")
    view = chunked.view
    assert view[-1] == "c" and view[::2] == "aXbc"[::2] and str(view) == "aXbc"
    for bad in (4, -5):
        try:
            view[bad]
        except IndexError:
            continue
        raise AssertionError(f"view[{bad}] did not raise")
