"""The matcher against the labelled set: every case decided right, and the reasons say why."""

from __future__ import annotations

import pytest

from mathlsp.verify.matcher import Claim, match, match_authors, match_title, title_similarity
from tests.verify.labelled import CASES, HEAT_BATH, exact


def precision_recall() -> tuple[float, float, list[str]]:
    tp = fp = fn = 0
    wrong: list[str] = []
    for case in CASES:
        got = match(case.claim, case.record).matched
        if got and case.confirm:
            tp += 1
        elif got and not case.confirm:
            fp += 1
            wrong.append(f"confirmed a fabrication: {case.label}")
        elif not got and case.confirm:
            fn += 1
            wrong.append(f"rejected a real one: {case.label}")
    return tp / max(tp + fp, 1), tp / max(tp + fn, 1), wrong


def test_labelled_set_is_substantial() -> None:
    assert len(CASES) >= 150
    assert sum(c.confirm for c in CASES) >= 60
    assert sum(not c.confirm for c in CASES) >= 50


def test_precision_and_recall_on_labelled_set() -> None:
    precision, recall, wrong = precision_recall()
    assert wrong == []
    assert precision == 1.0 and recall == 1.0


@pytest.mark.parametrize("case", CASES, ids=[c.label for c in CASES])
def test_each_case(case) -> None:
    verdict = match(case.claim, case.record)
    assert verdict.matched is case.confirm, verdict.reasons
    if not case.confirm:
        assert verdict.reasons  # a rejection always says why


def test_reasons_are_specific() -> None:
    verdict = match(
        Claim(
            title="Heat-bath random walks with Gröbner bases",
            authors=("C. Stanley", "T. Windisch"),
        ),
        HEAT_BATH,
    )
    (reason,) = verdict.reasons
    assert reason.startswith("title differs") and HEAT_BATH.title in reason
    verdict = match(Claim(title=HEAT_BATH.title, authors=("Windisch", "R. Fabricius")), HEAT_BATH)
    assert any("Fabricius" in r for r in verdict.reasons)


def test_scores_are_reported() -> None:
    verdict = match(exact(HEAT_BATH), HEAT_BATH)
    assert verdict.criterion("title").score == 100.0
    assert verdict.criterion("authors").score == 1.0


def test_title_similarity_ignores_formatting() -> None:
    assert (
        title_similarity(
            "$L^p$-Bounds for the {B}ergman projection", "Lp bounds for the Bergman projection"
        )
        == 100.0
    )


def test_subtitle_needs_a_substantial_main_title() -> None:
    # "Notes: on everything" must not match a paper titled "Notes".
    assert not match_title("Notes: on everything", "Notes").ok


def test_authors_missing_in_the_note_is_neutral_but_missing_in_the_source_is_unknown() -> None:
    assert match_authors((), HEAT_BATH.authors, False).ok
    # A source that lists no authors cannot vouch for the note's: unknown, never agreement.
    missing = match_authors(("Someone",), (), False)
    assert not missing.ok and "lists no authors" in missing.detail
