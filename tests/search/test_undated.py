"""The people a note cites without a year (`search/undated.py`)."""

from __future__ import annotations

from mathlsp.search.text import people_named
from mathlsp.search.undated import undated_groups


def test_people_joined_by_en_dashes_or_before_and_coauthors_are_cited() -> None:
    text = (
        "Non-degeneracy (Baudoin–Hairer for $H>1/2$); the estimates of Cass–Litterer–Lyons. "
        "Tindel, Ouyang and coauthors: density bounds. Balan and coauthors for jump noise; "
        "$\\nu=3/4$ (Hara–Slade, via the lace expansion); see Chong et al. for more."
    )
    assert undated_groups(text) == [
        ("Baudoin", "Hairer"),
        ("Cass", "Litterer", "Lyons"),
        ("Tindel", "Ouyang"),
        ("Balan",),
        ("Hara", "Slade"),
        ("Chong",),
    ]


def test_an_object_named_after_people_is_no_citation() -> None:
    text = (
        "the Kusuoka–Stroock / Jerison–Sánchez-Calle estimates; the Landau–Lifshitz–Gilbert "
        "equation; Freidlin–Wentzell asymptotics; the Ornstein–Uhlenbeck / conjugation trick; "
        "GUE Tracy–Widom for the current; Hörmander's condition; Cole–Hopf's transform."
    )
    assert undated_groups(text) == []


def test_names_the_note_s_subject_says_are_its_object() -> None:
    text = "Support theorems: Wong–Zakai for SPDEs, and Millet–Sanz-Solé for the wave equation."
    subject = ["Wong-Zakai approximation and the support of SPDEs", "wong-zakai"]
    assert undated_groups(text, subject) == [("Millet", "Sanz-Solé")]
    assert undated_groups(text) == [("Wong", "Zakai"), ("Millet", "Sanz-Solé")]


def test_an_abstract_noun_opening_a_sentence_is_no_one_who_did_something() -> None:
    text = "Submultiplicativity gives the limit. Stationarity yields it. Kesten proved the ratio."
    assert people_named(text) == [("Kesten",)]


def test_an_object_s_noun_the_list_does_not_know_still_marks_an_eponym() -> None:
    text = "QUE for Hecke–Maass forms on surfaces; the Navier–Stokes and Euler equations."
    assert undated_groups(text) == []
