"""The field's name for the problem's object, read off the titles of the works the note cites."""

from __future__ import annotations

from mathlsp.search import rank
from mathlsp.search.cited_phrases import (
    CitedPhrase,
    said_phrases,
    shared_phrases,
    title_pairs,
)
from mathlsp.search.merge import REFERENCE, Found, Hit, merge_records
from mathlsp.search.queries import Term
from mathlsp.search.write import relevance_text
from mathlsp.sources.record import Author
from tests.search.test_merge_rank import merged, rec

NOTE = """---
title: "Blow-up and dissipation in a one-dimensional energy cascade"
tags: [euler-equations, energy-cascade]
---
# Problem

Consider $\\dot a_n=\\lambda^{n-1}a_{n-1}^2-\\lambda^n a_na_{n+1}$, where only neighbouring shells
interact. Positive solutions blow up in finite time (Katz–Pavlović 2005); with viscosity, blow-up
for weak dissipation (Cheskidov 2008).
"""
CITED = [
    ("Finite time blow-up for a dyadic model of the Euler equations", "Katz–Pavlović (2005)"),
    (
        "Blow-up in finite time for the dyadic model of the Navier-Stokes equations",
        "Cheskidov (2008)",
    ),
]
BOTH = ("Katz–Pavlović (2005)", "Cheskidov (2008)")


def test_a_pair_of_adjacent_content_words_never_spans_a_stopword_or_a_formula() -> None:
    pairs = title_pairs("A dyadic model on a tree for $L^2$ data")
    assert pairs[("dyadic", "model")] == "dyadic model"
    assert ("model", "tree") not in pairs  # "on a" between them
    assert not any("data" in p for p in pairs)  # a formula stands between "tree" and "data"


def test_the_phrase_two_cited_titles_share_and_the_note_does_not_say_is_the_fields_name() -> None:
    shared = shared_phrases(CITED, NOTE)
    assert shared[("dyadic", "model")] == CitedPhrase("dyadic model", BOTH)
    # The note says "finite time" and its tags say "euler equations": not a name it lacks.
    assert ("finite", "time") not in shared and ("euler", "equation") not in shared
    # One cited title alone names nothing for the field.
    assert shared_phrases(CITED[:1], NOTE) == {}


def test_a_cited_works_own_title_is_not_one_of_those_that_vouch_for_it() -> None:
    shared = shared_phrases(CITED, NOTE)
    assert said_phrases("Uniqueness for a stochastic inviscid dyadic model", shared)
    assert said_phrases(CITED[0][0], shared, "Katz–Pavlović (2005)") == []
    three = shared_phrases([*CITED, ("A dyadic model on a tree", "Reference 1")], NOTE)
    assert said_phrases(CITED[0][0], three, "Katz–Pavlović (2005)") == [
        CitedPhrase("dyadic model", ("Cheskidov (2008)", "Reference 1"))
    ]


def test_a_paper_titled_by_the_cited_works_name_is_eligible_and_its_line_says_why() -> None:
    terms = [Term("energy cascade", "tag", 1.0, "energy-cascade", subject=True)]
    pool = merged(
        rec(title=CITED[0][0], authors=(Author("Katz", "N."), Author("Pavlović", "N.")), year=2005),
        rec(title=CITED[1][0], authors=(Author("Cheskidov", "A."),), year=2008, doi="10.1/b"),
        rec(
            title="Uniqueness for a stochastic inviscid dyadic model",
            authors=(Author("Barbato", "D."),),
            year=2010,
            doi="10.1/c",
        ),
        rec(
            title="Uniqueness for a stochastic inviscid shell system",
            authors=(Author("Barbato", "D."),),
            year=2011,
            doi="10.1/d",
        ),
    )
    by_title = {a.candidate.title: a for a in rank.assess(pool, terms, NOTE)}
    dyadic = by_title["Uniqueness for a stochastic inviscid dyadic model"]
    assert dyadic.eligible and dyadic.features["cited_phrase"] == 1.0
    line = relevance_text(dyadic.candidate, problem=NOTE)
    assert line == (
        'Its title says "dyadic model", as the works PROBLEM.md cites as Katz–Pavlović (2005)'
        " and Cheskidov (2008) do."
    )
    shell = by_title["Uniqueness for a stochastic inviscid shell system"]
    assert not shell.eligible and shell.features["cited_phrase"] == 0.0
    # The cited works themselves: the byline, not the phrase, is what their line says.
    assert by_title[CITED[0][0]].candidate.cited_as == "Katz–Pavlović (2005)"


def test_a_work_the_references_give_by_identifier_is_named_by_its_title() -> None:
    line = "Cheskidov, A. Blow-up in finite time for the dyadic model. doi:10.1/b"
    listed = rec(title=CITED[1][0], authors=(Author("Cheskidov", "A."),), year=2008, doi="10.1/b")
    pool = merge_records(
        [
            *(
                Found(r, Hit("openalex", "q", i))
                for i, r in enumerate(
                    [
                        rec(
                            title=CITED[0][0],
                            authors=(Author("Katz", "N."), Author("Pavlović", "N.")),
                            year=2005,
                        ),
                        rec(title="A dyadic model on a tree", year=2013, doi="10.1/t"),
                    ]
                )
            ),
        ],
        [Found(listed, Hit(REFERENCE, line, 0))],
    )
    terms = [Term("energy cascade", "tag", 1.0, "energy-cascade", subject=True)]
    by_title = {a.candidate.title: a for a in rank.assess(pool, terms, NOTE)}
    tree = by_title["A dyadic model on a tree"].candidate
    assert [p.by for p in tree.cited_phrases] == [
        ("Katz–Pavlović (2005)", "*Blow-up in finite time for the …*")
    ]
