"""`mentions_between` with excluded spans: the start-of-span shortcut (a set lookup for a
match that starts where an excluded span starts) leaves exactly what the span test leaves."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.spans import Span

_PIECES = ("REF-001", "UREF-02", "xREF-3", "REF-0004", " ", "\n", "`REF-5`", "a", "-", "### ")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_PIECES), max_size=30),
    st.lists(st.tuples(st.integers(0, 200), st.integers(0, 8)), max_size=8),
)
def test_excluded_spans_leave_the_mentions_outside_them(
    pieces: list[str], cuts: list[tuple[int, int]]
) -> None:
    doc = MarkdownDoc("intro\n" + "".join(pieces) + "\n")
    size = len(doc.text)
    # Sorted, disjoint spans, empty ones included (an empty span excludes nothing).
    excluded: list[Span] = []
    pos = 0
    for gap, length in sorted(cuts):
        start = max(pos, min(gap, size))
        end = min(start + length, size)
        excluded.append(Span(start, end))
        pos = end + (1 if end > start else 0)
    every = doc.mentions_between(0, size, [])
    want = [m for m in every if not any(s.start <= m.span.start < s.end for s in excluded)]
    assert doc.mentions_between(0, size, excluded) == want
