"""What a statement says it is not about is no material for a query."""

from __future__ import annotations

from mathlsp.search.excluded import without_exclusions


def test_a_parenthesis_or_sentence_opening_with_not_is_left_out() -> None:
    text = (
        "Moments of $u$ for a time-independent potential. (Not the white-noise-in-time case "
        "$\\xi = \\dot W(t,x)$, which is the stochastic heat equation.) Islands of mass.\n\n"
        "Not the stable range (small degrees, homological stability) — only the top.\n"
        "Not about the queer superalgebra, which has its own\nlarge literature.\n\nTail."
    )
    out = without_exclusions(text)
    assert "stochastic heat equation" not in out
    assert "homological stability" not in out
    assert "queer" not in out and "large literature" not in out
    assert "time-independent potential" in out and "Islands of mass" in out and "Tail" in out


def test_a_widening_not_and_a_journal_abbreviation_stay() -> None:
    text = (
        "Uniqueness in law (not only pathwise). Not only primes but prime powers. "
        "Duke, Int. Math. Res. Not. 2013."
    )
    assert without_exclusions(text) == text
