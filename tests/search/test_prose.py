"""A key phrase read in the sentence it was cut from: a clause or an object's name. Pure."""

from __future__ import annotations

import pytest

from mathlsp.search.prose import breaks_noun, clause_in

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


EVENTS = (
    "Radial hole filling: data vanishing in a ball; the hole closes at a finite time. The "
    "killed process survives with positive probability, where the finite torus enters; is "
    "there one abelian surface killing both? Replacing $f$ by $-f$ passes between the two "
    "conventions. Interpreting ZF and Kelley–Morse inside it; equations locally soluble "
    "everywhere; no hook length divisible by $t$. The graph coloring of planar maps, the mixing "
    "time, the quantum double and variable exponents."
)


@pytest.mark.parametrize(
    "phrase",
    [
        "hole closes",  # a noun and a finite verb of what happens to it
        "killed process survives",
        "finite torus enters",
        "data vanishing",  # a participle before its place ("in a ball")
        "abelian surface killing",  # … before its object ("both")
        "two conventions",  # the note's items, counted
        "kelley morse inside",  # an adverb or preposition after the object
        "locally soluble everywhere",
        "hook length divisible",  # a predicate adjective
    ],
)
def test_a_finite_verb_a_participle_acting_or_a_predicate_is_prose(phrase: str) -> None:
    assert clause_in(phrase, EVENTS)


@pytest.mark.parametrize(
    "phrase",
    [
        "radial hole filling",
        "graph coloring",
        "mixing time",
        "quantum double",
        "variable exponents",
    ],
)
def test_a_noun_in_ing_or_a_noun_ending_like_an_adjective_is_not_prose(phrase: str) -> None:
    assert not clause_in(phrase, EVENTS)


def test_breaks_noun_reads_one_word() -> None:
    assert breaks_noun("closes", last=False) and breaks_noun("enter", last=True)
    assert breaks_noun("inside", last=False)
    # A predicate adjective only ends a phrase; "double" is a noun (the quantum double).
    assert breaks_noun("divisible", last=True) and not breaks_noun("divisible", last=False)
    assert not breaks_noun("double", last=True) and not breaks_noun("variable", last=True)
    assert not breaks_noun("decays", last=True) and not breaks_noun("counts", last=True)
    # A verb made with "-ize", "-ise", "-ify" in its third person, wherever it stands; the
    # few nouns so spelt stay nouns.
    for verb in ("regularises", "organises", "classifies", "characterizes", "minimizes"):
        assert breaks_noun(verb, last=False) and breaks_noun(verb, last=True)
    for noun in ("exercises", "premises", "sizes", "analyses", "series", "prizes"):
        assert not breaks_noun(noun, last=True)


INSIDE = (
    "Tame fields cover part of the picture, and geodesic hypersurfaces force arithmeticity; "
    "the sets keep mixed expressions apart. The Rogers–Ramanujan identities, Jones–Wenzl "
    "idempotents, the Edwards–Wilkinson equation and the Navier–Stokes blow-up; prime gaps "
    "grow, and the finite elements method converges."
)


@pytest.mark.parametrize(
    "phrase",
    [
        "tame fields cover part",
        "geodesic hypersurfaces force arithmeticity",
        "sets keep mixed expressions",
    ],
)
def test_a_plural_subject_and_its_verb_inside_a_phrase_is_prose(phrase: str) -> None:
    # Its subject, verb and object cut as one phrase: no title says "fields cover part".
    assert clause_in(phrase, INSIDE)


@pytest.mark.parametrize(
    "phrase",
    [
        "rogers ramanujan identities",  # a name ending in "s", inside a joined name
        "jones wenzl idempotents",
        "edwards wilkinson equation",
        "navier stokes blow-up",
        "finite elements method",  # a noun after the plural, no bare verb
    ],
)
def test_a_joined_name_ending_in_s_is_no_plural_subject(phrase: str) -> None:
    assert not clause_in(phrase, INSIDE)
