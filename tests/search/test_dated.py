"""The works a note cites in passing by their people and year."""

from __future__ import annotations

from mathlsp.search.dated import DatedCitation, dated_citations, is_cited_work
from mathlsp.sources.record import Author


def test_a_byline_followed_by_its_year_is_read_in_every_shape_notes_write() -> None:
    text = (
        "Kesten (1963) has the ratio limit; existence needs $d<2$ (Mijena–Nane 2015); "
        "Gyöngy, Nualart and Sanz-Solé (1995) give the support; see Comets et al. 2003."
    )
    assert dated_citations(text) == [
        DatedCitation(("Kesten",), 1963),
        DatedCitation(("Mijena", "Nane"), 2015),
        DatedCitation(("Gyöngy", "Nualart", "Sanz-Solé"), 1995),
        DatedCitation(("Comets",), 2003),
    ]


def test_no_person_without_a_year_nor_a_sentence_opener_an_acronym_or_a_line_break() -> None:
    text = "Marchioro–Pulvirenti prove it. In 1962 it was open. AMS 2010 classes.\n- Stroock 1972"
    assert dated_citations(text) == [DatedCitation(("Stroock",), 1972)]


def test_a_cited_work_is_by_one_of_the_people_within_a_year_of_the_year_given() -> None:
    cites = [DatedCitation(("Mijena", "Nane"), 2015)]
    nane = (Author("Nane", "Erkan"),)
    assert is_cited_work(cites, nane, 2016)
    assert not is_cited_work(cites, nane, 2018)
    assert not is_cited_work(cites, (Author("Chen", "Le"),), 2015)
    assert not is_cited_work(cites, nane, None)
