"""A key phrase read in the sentence it was cut from: a clause or an object's name. Pure."""

from __future__ import annotations

import pytest

from mathlsp.search.prose import clause_in

SOURCE = (
    "We count the n although the parity sequence predicts a decrease, and what the atoms of "
    "the endpoint law look like as $N\\to\\infty$. The 3-adic random variables behind it; an "
    "old observation going back to Hirabayashi. In the model cells respond to the logarithm "
    "of the signal and geodesics wander $|x|^{\\xi}$ off the segment. Particles on $\\mathbb Z$, "
    "at most one per site. Lower side: Hardy. Better than that from extra information on "
    "zeros, and the homogeneous ones. Lagarias' annotated bibliographies are the background. "
    "For symmetric groups the conjecture holds; the Navier Stokes flow, Gauss sums, prime "
    "gaps, random variables, the finite elements method, the Fisher information, a geodesic "
    "flow and the dynamics simulation."
)


@pytest.mark.parametrize(
    "phrase",
    [
        "parity sequence predicts",  # a verb before its object's determiner
        "endpoint law look",  # … before "like"
        "old observation going",  # … before "back"
        "random variables behind",  # a preposition
        "per site",
        "cells respond",  # a plural subject and its bare verb
        "geodesics wander",
        "lower side",  # a vague noun, graded
        "extra information",
        "homogeneous ones",
        "lagarias annotated bibliographies",  # what a note says of its sources
    ],
)
def test_a_clause_or_a_prepositions_words_is_prose(phrase: str) -> None:
    assert clause_in(phrase, SOURCE)


@pytest.mark.parametrize(
    "phrase",
    [
        "symmetric groups",  # "the" opens a clause after a noun too
        "navier stokes flow",  # a name ending in "s" is capitalised
        "gauss sums",
        "prime gaps",
        "random variables",
        "finite elements method",  # a noun after a plural: no bare verb
        "fisher information",  # a field's word with a vague noun is an object
        "geodesic flow",
        "dynamics simulation",  # a science in "-ics" is no plural subject
    ],
)
def test_an_objects_name_is_not_prose(phrase: str) -> None:
    assert not clause_in(phrase, SOURCE)
