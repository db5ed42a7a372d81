"""`numbering` (the drops LIT003 and JRN reports) equals a plain reading of its contract."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from mathlsp.checks.literature import numbering

Item = tuple[str, int]


def _plain(items: list[Item]) -> Iterator[tuple[Item, Item, int, bool]]:
    """Each item whose number is below its kind's previous one, with that previous item, the
    highest number of its kind before it, and whether it restarted (number ≤ 1)."""
    for i, item in enumerate(items):
        before = [x for x in items[:i] if x[0] == item[0]]
        if before and item[1] < before[-1][1]:
            yield item, before[-1], max(x[1] for x in before), item[1] <= 1


@given(st.lists(st.tuples(st.sampled_from(["REF", "UREF"]), st.integers(0, 12)), max_size=30))
def test_numbering_equals_its_plain_reading(items: list[Item]) -> None:
    found = list(numbering(items, lambda x: x[0], lambda x: x[1]))
    assert [(a, b, h, r) for a, b, h, r in found] == list(_plain(items))
    # The entries themselves are handed back, not copies.
    assert all(any(a is x for x in items) for a, _, _, _ in found)
