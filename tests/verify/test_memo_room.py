"""The offline verifier's memo keeps a whole pass, however many entries the file has.

It used to be cleared whenever it passed a fixed size (50,000): on a bigger file a pass emptied
it part way, and the next pass asked the cache again for every entry.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from benchmarks.bench_large_literature import short_literature
from mathlsp.checks import CheckSettings, load_rules
from mathlsp.checks.base import CheckContext
from mathlsp.checks.entries import entry_findings
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.verify import memo
from mathlsp.verify.memo import OfflineVerifier


class CountingCache:
    """Knows nothing; counts what it was asked."""

    def __init__(self) -> None:
        self.asked = 0

    def lookup_any(self, ident: Any) -> list[Any]:
        self.asked += 1
        return []

    def get_verification(self, key: str) -> None:
        self.asked += 1

    def lookup_any_many(self, idents: Any) -> dict[Any, Any]:
        self.asked += 1
        return {}

    def get_verifications(self, keys: Any) -> dict[str, Any]:
        self.asked += 1
        return {}


@pytest.fixture
def small_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "_MAX", 16)


def test_a_pass_bigger_than_the_floor_is_remembered_whole(small_floor: None) -> None:
    cache = CountingCache()
    verifier = OfflineVerifier(cache)
    entries = LiteratureDoc(short_literature(100)).entries
    verifier.reserve(len(entries))
    first = [verifier.check(e) for e in entries]
    asked = cache.asked
    assert asked > 0
    assert [verifier.check(e) for e in entries] == first
    assert cache.asked == asked  # the second pass is all memo


def test_without_room_the_oldest_go_first_and_answers_do_not_change(small_floor: None) -> None:
    cache = CountingCache()
    verifier = OfflineVerifier(cache)
    entries = LiteratureDoc(short_literature(100)).entries
    first = [verifier.check(e) for e in entries]
    assert len(verifier._memo) <= 16
    asked = cache.asked
    assert verifier.check(entries[-1]) == first[-1]
    assert cache.asked == asked  # the newest stayed
    assert [verifier.check(e) for e in entries] == first


def test_a_full_check_pass_makes_room_for_its_file(small_floor: None, tmp_path: Any) -> None:
    load_rules()
    text = short_literature(60)
    (tmp_path / "LITERATURE.md").write_text(text, encoding="utf-8")
    cache = CountingCache()
    verifier = OfflineVerifier(cache)
    settings = dataclasses.replace(CheckSettings(), verification=verifier)
    model = ProblemFolder(tmp_path)
    doc = model.doc(tmp_path / "LITERATURE.md")
    assert isinstance(doc, LiteratureDoc)
    ctx = CheckContext(model, tmp_path / "LITERATURE.md", doc, settings.for_folder(tmp_path))
    entry_findings(ctx, doc)
    assert len(verifier._memo) > 16
    asked = cache.asked
    # A fresh parse of the same text (new entry cores, so no per-entry findings memo) asks the
    # verifier again, and every verdict comes from its memo.
    again = LiteratureDoc(text)
    for e in again.entries:
        verifier.check(e)
    assert cache.asked == asked
