"""The cited people a search asks about first: the most named."""

from __future__ import annotations

from mathlsp.search.prominence import mentions, most_named_first
from mathlsp.search.queries import build_queries
from tests.search.conftest import problem

ANDERSON = """---
title: "Localization for Bernoulli potentials"
status: defined
domain: analysis
tags: [anderson-localization, wegner-estimate]
---
# Problem

Prove Anderson localization for the Bernoulli-Anderson model in every dimension.

## Known Results

- Goldsheid–Molchanov–Pastur and Kunz–Souillard proved localization in one dimension via
  products of random matrices; Kotani theory relates Lyapunov exponents and spectra.
- Fröhlich–Spencer multiscale analysis gives localization for absolutely continuous laws.
- Bourgain and Kenig proved localization near the bottom of the spectrum for the continuum
  Anderson–Bernoulli model, replacing the Wegner estimate by unique continuation.
- Bourgain studied eigenvalue spacings for Anderson–Bernoulli at small disorder.
"""


def test_a_group_counts_the_passages_naming_one_of_its_people() -> None:
    passages = ["Bourgain and Kenig proved", "Bourgain studied", "D. R. Heath-Brown, *Primes*"]
    read = [frozenset(p.lower().replace(",", " ").split()) for p in passages]
    assert mentions(("Bourgain", "Kenig"), read) == 2
    assert mentions(("Kenig",), read) == 1
    assert mentions(("Pastur",), read) == 0


def test_the_most_named_people_come_first_and_equals_keep_the_notes_order() -> None:
    groups = [("Goldsheid", "Pastur"), ("Carmona",), ("Bourgain", "Kenig"), ("Heath-Brown",)]
    passages = [
        "Goldsheid–Pastur proved it",
        "Bourgain and Kenig proved",
        "Bourgain studied; Heath-Brown too",
        "D. R. Heath-Brown, *Primes*",
        "Érdős and Carmona",
    ]
    assert most_named_first(groups, passages) == [
        ("Bourgain", "Kenig"),
        ("Heath-Brown",),
        ("Goldsheid", "Pastur"),
        ("Carmona",),
    ]


def test_the_person_two_known_results_name_is_asked_before_the_first_cited() -> None:
    plan = build_queries(problem(ANDERSON))
    authors = [q for q in plan.queries if q.backend == "semantic_scholar" and q.authors]
    # Not Goldsheid–Molchanov–Pastur, whom the first Known Result names once.
    assert authors and authors[0].authors[0] == "Bourgain"
