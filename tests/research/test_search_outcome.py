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


def test_only_listed_papers_found_is_judged_by_their_entries() -> None:
    listed = ["REF-001", "REF-004", "UREF-002"]
    assert search_outcome(all_down=False, new_confirmed=0, new_unconfirmed=0, listed=listed) == (
        "SUCCEEDED"
    )
    mostly_unconfirmed = ["UREF-001", "UREF-003", "REF-002"]
    assert (
        search_outcome(
            all_down=False, new_confirmed=0, new_unconfirmed=0, listed=mostly_unconfirmed
        )
        == "PARTIAL"
    )


def test_one_entry_found_twice_counts_once() -> None:
    # Two records of one paper (a preprint and its journal version) both match REF-002.
    listed = ["REF-002", "REF-002", "UREF-001"]
    assert search_outcome(all_down=False, new_confirmed=0, new_unconfirmed=0, listed=listed) == (
        "SUCCEEDED"
    )
    listed = ["UREF-001", "UREF-001", "REF-002"]
    assert search_outcome(all_down=False, new_confirmed=0, new_unconfirmed=0, listed=listed) == (
        "SUCCEEDED"
    )


def test_new_papers_decide_whatever_was_listed() -> None:
    listed = ["REF-001", "REF-002"]
    assert (
        search_outcome(all_down=False, new_confirmed=0, new_unconfirmed=3, listed=listed)
        == "PARTIAL"
    )
