"""Span: the offset pair the model records."""

from __future__ import annotations

from mathlsp.notes.spans import Span


def test_span_is_a_named_tuple_that_orders_and_slices() -> None:
    span = Span(3, 7)
    assert (span.start, span.end) == (3, 7)
    assert span == (3, 7)
    assert sorted([Span(5, 6), Span(1, 9), Span(1, 2)]) == [Span(1, 2), Span(1, 9), Span(5, 6)]
    assert "0123456789"[span.start : span.end] == "3456"


def test_contains_includes_both_ends() -> None:
    span = Span(3, 7)
    assert span.contains(3)
    assert span.contains(5)
    assert span.contains(7)
    assert not span.contains(2)
    assert not span.contains(8)
    assert Span(4, 4).contains(4)
