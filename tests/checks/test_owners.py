"""The entry a mention stands in, found without a search when mentions come in text order."""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.checks.references import _Owners
from mathlsp.notes.spans import Span


@dataclass
class _Entry:
    span: Span


def _bisected(entries: list[_Entry], offset: int) -> _Entry | None:
    starts = [e.span.start for e in entries]
    i = bisect.bisect_right(starts, offset) - 1
    if i >= 0 and entries[i].span.start <= offset <= entries[i].span.end:
        return entries[i]
    return None


@st.composite
def _entries(draw: st.DrawFn) -> list[_Entry]:
    # Sorted spans that may touch (one ends where the next starts) or leave gaps.
    out, at = [], draw(st.integers(0, 5))
    for _ in range(draw(st.integers(0, 8))):
        start = at + draw(st.integers(0, 3))
        end = start + draw(st.integers(0, 6))
        out.append(_Entry(Span(start, end)))
        at = end
    return out


@settings(max_examples=400, deadline=None)
@given(_entries(), st.lists(st.integers(0, 60), max_size=30), st.booleans())
def test_owners_answer_as_a_bisection(
    entries: list[_Entry], offsets: list[int], in_order: bool
) -> None:
    owners = _Owners(entries)  # type: ignore[arg-type]
    for offset in sorted(offsets) if in_order else offsets:
        assert owners.at(offset) is _bisected(entries, offset)
