"""Citation forms notes written outside the schema use for people (`text.people_named`)."""

from __future__ import annotations

import pytest

from mathlsp.search.text import people_named


@pytest.mark.parametrize(
    ("text", "people"),
    [
        # a verb REPORTING lacks
        ("Kamienny, Kenku and Momose classified torsion.", [("Kamienny", "Kenku", "Momose")]),
        ("Van Hoeij and Morrow completed the cubic case.", [("Van Hoeij", "Morrow")]),
        # a numbered citation between the people and the verb
        ("Bourgain, Katz and Tao [1] proved an estimate.", [("Bourgain", "Katz", "Tao")]),
        ("Bourgain and Tao [1, 3] proved it.", [("Bourgain", "Tao")]),
        # "and coauthors", "et al."
        ("Abert, Bergeron and coauthors proved convergence.", [("Abert", "Bergeron")]),
        ("Trudgian et al. improved the constant.", [("Trudgian",)]),
        # "due to"
        ("The exponent is due to Rudnev, Shakan and Shkredov.", [("Rudnev", "Shakan", "Shkredov")]),
        # "Work of X and of Y" at a sentence's start
        ("Work of Kohn and of Christ on degenerate operators.", [("Kohn", "Christ")]),
    ],
)
def test_people_in_other_citation_forms(text: str, people: list[tuple[str, ...]]) -> None:
    assert people_named(text) == people


@pytest.mark.parametrize(
    "text", ["This is due to Theorem 3 below.", "The bound is due to Lemma 2."]
)
def test_parts_of_a_text_are_no_one(text: str) -> None:
    assert people_named(text) == []
