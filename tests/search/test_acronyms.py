"""Acronyms a note never spells out, spelled out from the retrieved papers' words."""

from __future__ import annotations

from mathlsp.search.acronyms import (
    acronyms_beside,
    acronyms_in,
    runs_with_initials,
    spell_out_acronyms,
    written_as_name,
    written_by,
)
from mathlsp.search.text import stem


def test_the_acronyms_a_note_uses_not_numerals_or_symbols() -> None:
    text = "Blow-up of PKS solutions, SPDEs in $L^2$, part II; the GMC of the DGFF, $E_8$, KLR."
    assert acronyms_in(text) == ["PKS", "SPDE", "GMC", "DGFF", "KLR"]
    # A journal a citation abbreviates is no object of the problem.
    cited = "Kiselev–Xu (ARMA 2016), Burgess (Proc. LMS 12), SIAM J. Control Optim. 30; the BFN"
    assert acronyms_in(cited) == ["BFN"]


def test_a_run_of_words_with_the_initials_whole_compounds_and_small_words() -> None:
    assert runs_with_initials("PKS", "blow-up in the Patlak-Keller-Segel model") == [
        "patlak keller segel"
    ]
    assert runs_with_initials("BSD", "the Birch and Swinnerton-Dyer conjecture") == [
        "birch and swinnerton dyer"
    ]
    assert runs_with_initials("LLN", "a law of large numbers") == ["law of large numbers"]
    # Half of a compound is not a run: "Keller-Segel" does not spell "KS" out of "Patlak-…".
    assert runs_with_initials("PK", "the Patlak-Keller-Segel model") == []
    # Prose words and single letters are no name: "by the first named", "b g sets".
    assert runs_with_initials("BFN", "proved by the first named author") == []
    assert runs_with_initials("BGS", "let b g sets be given") == []


def test_the_words_beside_the_acronym_win_else_those_two_papers_share() -> None:
    texts = [
        "Suppression of blow-up in the Patlak-Keller-Segel (PKS) system via shear flows",
        "Global existence for the parabolic-elliptic Patlak-Keller-Segel system",
        "Positive kernel solutions of a parabolic system",
        "Complex Gaussian multiplicative chaos",
        "Gaussian multiplicative chaos and applications: a review",
        "Generalized moment conditions",
    ]
    spelled = spell_out_acronyms(["PKS", "GMC", "KLR"], texts)
    assert spelled == {"PKS": "patlak keller segel", "GMC": "gaussian multiplicative chaos"}
    # One paper's run of initials, never beside the acronym, is not the field's name.
    assert spell_out_acronyms(["GMC"], texts[:3] + texts[5:]) == {}
    # Two letters are any two words' initials: only written beside them do they count.
    assert spell_out_acronyms(["CF"], ["Continued fractions", "On continued fractions"]) == {}
    assert spell_out_acronyms(["CF"], ["Continued fractions (CF) and more"]) == {
        "CF": "continued fractions"
    }
    # A formula is no word of a run.
    assert spell_out_acronyms(["AMA"], ["Let $A \\to M$ act", "an $A$ map"] * 2) == {}
    # An acronym the note spells out itself is not looked for.
    assert spell_out_acronyms(["PKS"], texts, {"pks": "patlak keller segel"}) == {}


def test_how_many_papers_write_the_acronym_itself() -> None:
    texts = ["SPDEs with reflection", "An SPDE", "A stochastic PDE", "SPDE-based"]
    assert written_by("SPDE", texts) == 2


def test_a_name_acronym_with_a_particle_is_an_acronym() -> None:
    assert acronyms_in("Rough-data well-posedness for KdV and the BdG system; McKay") == [
        "KdV",
        "BdG",
    ]
    assert spell_out_acronyms(["KdV"], ["the Korteweg-de Vries (KdV) equation"]) == {
        "KdV": "korteweg de vries"
    }


def test_a_run_written_as_a_name_everywhere() -> None:
    texts = [
        "Remarks on the Korteweg-de Vries equation",
        "the small dispersion limit of the Korteweg-de Vries (KdV) equation",
        "Stochastic Partial Differential Equations",
        "we study stochastic partial differential equations (SPDEs)",
    ]
    assert written_as_name("korteweg de vries", texts)
    # Title case is no name where another text writes the words in lower case.
    assert not written_as_name("stochastic partial differential equations", texts)
    assert not written_as_name("landau lifshitz gilbert", texts)


def test_the_acronym_papers_write_beside_a_run_holding_the_problems_phrase() -> None:
    texts = [
        "second class particles in the asymmetric simple exclusion process (ASEP), via",
        "the totally asymmetric simple exclusion process (TASEP) and ASEP",
        "Asymmetric simple exclusion process (ASEP) on a ring",
        "a Gaussian free field (GFF) and the exclusion process (EP)",
        "the Kardar-Parisi-Zhang (KPZ) equation",
    ]
    phrase = (stem("exclusion"), stem("process"))
    said = {"TASEP"}
    found = acronyms_beside([phrase], texts, lambda a: a not in said)
    # Most texts first; one the note writes is not asked; two letters are any two words'.
    assert found == ["ASEP"]
    assert acronyms_beside([phrase], texts, lambda a: True) == ["ASEP", "TASEP"]
    assert acronyms_beside([(stem("free"), stem("field"))], texts, lambda a: True) == ["GFF"]
