"""Generational suffixes (Jr., Sr., II, III, IV) read alike in every source's name form and in
every claim's: never a surname, never a given name."""

from __future__ import annotations

import pytest

from mathlsp.bib.names import authors_of
from mathlsp.notes.literature import split_authors
from mathlsp.personnames import is_suffix, without_suffix
from mathlsp.sources.record import Author
from mathlsp.verify.matcher import match_authors
from mathlsp.verify.normalize import name_keys, surname

# How sources write one author with a suffix: OpenAlex, Crossref/BibTeX-like, a record split at
# the first comma and rejoined, Semantic Scholar's suffix-first, upper case, no dot.
SOURCE_FORMS = [
    "M. Jodeit Jr.",
    "M. Jodeit, Jr.",
    "Jodeit, Jr., M.",
    "Jr., M. Jodeit",
    "Jr. M. Jodeit",
    "M. Jodeit JR",
    "Jodeit, M. jun.",
]
# How notes and .bib files claim them.
CLAIM_FORMS = [
    "M. Jodeit",
    "M. Jodeit Jr.",
    "Jodeit, M.",
    "Jodeit, Jr., M.",
    "Jodeit Jr., M.",
    "Jodeit Jr, M.",
    "Max Jodeit Jr",
]


@pytest.mark.parametrize("form", SOURCE_FORMS)
def test_a_source_name_with_a_suffix_splits_into_its_family_name(form: str) -> None:
    author = Author.from_name(form)
    assert author.family == "Jodeit"
    assert author.given in ("M.", "M")


@pytest.mark.parametrize("form", CLAIM_FORMS)
def test_a_claimed_name_with_a_suffix_has_its_family_name_as_surname(form: str) -> None:
    assert surname(form) == "jodeit"
    assert "jr" not in name_keys(form)


@pytest.mark.parametrize("source", SOURCE_FORMS)
@pytest.mark.parametrize("claimed", CLAIM_FORMS)
def test_every_claim_form_matches_every_source_form(source: str, claimed: str) -> None:
    verdict = match_authors(
        [claimed, "P. Lax"], [Author.from_name(source), Author("Lax", "P.")], False
    )
    assert verdict.ok, verdict.detail


@pytest.mark.parametrize("source", SOURCE_FORMS)
def test_another_surname_is_still_caught_beside_a_suffix(source: str) -> None:
    verdict = match_authors(["M. Jodson"], [Author.from_name(source)], False)
    assert not verdict.ok


def test_roman_numerals_and_senior() -> None:
    assert Author.from_name("Thomas Banchoff III").family == "Banchoff"
    assert Author.from_name("Smith, John, III").family == "Smith"
    assert Author.from_name("H. P. McKean Jr.").family == "McKean"
    assert Author.from_name("Rubens Belfort Sr").family == "Belfort"
    assert Author.from_pubmed("Hambrick GW Jr") == Author("Hambrick", "GW")
    assert surname("McKean, Jr., H. P.") == "mckean"


def test_claims_split_from_notes_and_bib_keep_the_suffix_out_of_the_surname() -> None:
    for name in split_authors("Jodeit, Jr., M. and Lax, P."):
        assert surname(name) in ("jodeit", "lax")
    names, _ = authors_of("Jodeit, Jr., M. and McKean Jr., H. P.")
    assert [surname(n) for n in names] == ["jodeit", "mckean"]


def test_without_suffix_keeps_everything_else() -> None:
    assert without_suffix("Jodeit, Jr., M.") == "Jodeit, M."
    assert without_suffix("Jodeit Jr, M.") == "Jodeit, M."
    assert without_suffix("Jr., M. Jodeit") == "M. Jodeit"
    assert without_suffix("Paul Erdős") == "Paul Erdős"
    assert without_suffix("Jr.") == "Jr."  # nothing but a suffix: left as it is
    # `Ii`, `Iv`: names, not numerals.
    assert not is_suffix("Ii") and not is_suffix("Iv") and is_suffix("III")
    assert without_suffix("Naosuke Ii") == "Naosuke Ii"
    assert without_suffix("Jun Wang") == "Jun Wang" and without_suffix("Wang, Jun") == "Wang, Jun"
