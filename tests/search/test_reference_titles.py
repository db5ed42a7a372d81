"""A reference copied from a bibliography, its title unmarked, still gives its title and authors,
and the plan asks for that title."""

from __future__ import annotations

from mathlsp.notes.problem import ProblemDoc
from mathlsp.search.queries import build_queries, reference_seed


def test_an_unmarked_title_is_read_between_the_authors_and_the_venue() -> None:
    seed = reference_seed(
        "- J.-C. Mourrat, H. Weber, The dynamic model comes down from infinity, CMP 356 (2017)"
    )
    assert seed.authors == ("Mourrat", "Weber")
    assert seed.title == "The dynamic model comes down from infinity"
    seed = reference_seed("- Yu. G. Zarhin, Hodge groups of K3 surfaces, J. reine angew. Math. 341")
    assert seed.title == "Hodge groups of K3 surfaces"
    # A comma inside a title, closed by its year.
    seed = reference_seed(
        "- P. Sarnak, Three lectures on the Möbius function, randomness and dynamics (2010)"
    )
    assert seed.title == "Three lectures on the Möbius function, randomness and dynamics"
    assert reference_seed(
        "- T. Tao, Chowla conjectures for two-point correlations, arXiv:1509.05422"
    ).title == ("Chowla conjectures for two-point correlations")


def test_no_title_is_made_up_from_authors_or_a_venue() -> None:
    assert reference_seed("- L. Caffarelli, J. L. Vázquez, ARMA 202 (2011)").title is None
    assert reference_seed("- el Abdalaoui, Nerurkar, arXiv:2006.07646").title is None
    assert reference_seed("- arXiv:2401.04072").title is None
    # A marked title is read as before.
    assert (
        reference_seed("- S. Zwegers, *Mock theta functions*, 2002").title == "Mock theta functions"
    )


def test_the_plan_asks_for_a_listed_papers_title_in_its_notation_read_as_tex() -> None:
    text = """---
title: "The measure through its dynamics"
status: defined
domain: other
tags: [stochastic-quantization]
---
# Problem

Construct the Euclidean field theory as the invariant measure of a Langevin equation.

## References

- J.-C. Mourrat, H. Weber, The dynamic Φ⁴₃ model comes down from infinity, CMP 356 (2017)
"""
    plan = build_queries(ProblemDoc(text))
    asked = [q.query for q in plan.queries if q.purpose == "reference title"]
    assert asked, [q.query for q in plan.queries]
    # "Φ⁴₃" is asked the way the record's `$\Phi^4_3$` is read: "phi 4 3", never "phi43".
    assert any("phi 4 3 model comes down from infinity" in q.lower() for q in asked)
