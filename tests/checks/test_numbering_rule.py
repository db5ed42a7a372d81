"""`entry_ids` (LIT007, LIT008): `numbering` equals a plain reading of its contract, and the
free number that duplicate ids offer is found once per check."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathlsp.checks import check_document
from mathlsp.checks.literature import numbering
from mathlsp.notes.folder import ProblemFolder

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


def test_duplicate_ids_walk_the_notes_for_a_free_number_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each LIT007 offers the next free number; 2,000 duplicates made that one walk of every
    entry and mention each (seconds at 5,000 references)."""
    from mathlsp.checks import literature

    heads = "".join(f"### REF-{1 + i // 2:03d}: Paper {i}\n- **Year:** 2001\n\n" for i in range(40))
    (tmp_path / "LITERATURE.md").write_text(
        f"# Literature: p\n\n## Confirmed References\n\n{heads}", encoding="utf-8"
    )
    calls = []
    real = literature.next_numbers
    monkeypatch.setattr(
        literature, "next_numbers", lambda *a, **k: calls.append(1) or real(*a, **k)
    )
    found = check_document(ProblemFolder(tmp_path), tmp_path / "LITERATURE.md")
    duplicates = [f for f in found if f.code == "LIT007"]
    assert len(duplicates) == 20
    assert {f.data["next"] for f in duplicates if f.data} == {21}
    assert len(calls) == 1
