"""The outcome a search journals: FAILED only when nothing answered or nothing was found."""

from __future__ import annotations

from mathlsp.research.search_outcome import search_outcome


def test_an_outage_is_failed() -> None:
    assert search_outcome(all_down=True, new_confirmed=0, new_unconfirmed=0) == "FAILED"


def test_nothing_found_at_all_is_failed() -> None:
    assert search_outcome(all_down=False, new_confirmed=0, new_unconfirmed=0) == "FAILED"


def test_new_papers_by_what_is_confirmed() -> None:
    assert search_outcome(all_down=False, new_confirmed=3, new_unconfirmed=1) == "SUCCEEDED"
    assert search_outcome(all_down=False, new_confirmed=2, new_unconfirmed=2) == "SUCCEEDED"
    assert search_outcome(all_down=False, new_confirmed=1, new_unconfirmed=2) == "PARTIAL"
    assert search_outcome(all_down=False, new_confirmed=0, new_unconfirmed=2) == "PARTIAL"


def test_only_listed_papers_found_is_partial_whatever_their_entries() -> None:
    # Results, but nothing the notes did not hold: "some results but gaps remain" (seed 004 §9),
    # never SUCCEEDED ("found relevant papers") nor FAILED ("no relevant results").
    for listed in (["REF-001", "REF-004", "UREF-002"], ["UREF-001", "UREF-003", "REF-002"]):
        assert (
            search_outcome(all_down=False, new_confirmed=0, new_unconfirmed=0, listed=listed)
            == "PARTIAL"
        )


def test_new_papers_decide_whatever_was_listed() -> None:
    listed = ["REF-001", "REF-002"]
    assert (
        search_outcome(all_down=False, new_confirmed=0, new_unconfirmed=3, listed=listed)
        == "PARTIAL"
    )
