"""The works a note cites in passing by their people and year."""

from __future__ import annotations

from mathlsp.search.dated import DatedCitation, dated_citations, is_cited_work, the_cited_work
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
        DatedCitation(("Comets",), 2003, et_al=True),
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


def test_the_cited_work_is_by_every_person_of_the_byline_and_nobody_else_in_that_year() -> None:
    cites = dated_citations(
        "Bai (1997) made it rigorous; Rudelson–Vershynin (2008); Comets et al. 2003; "
        "Gyöngy, Nualart and Sanz-Solé (1995)."
    )
    bai = (Author("Bai", "Z. D."),)
    assert the_cited_work(cites, bai, 1997) == "Bai (1997)"
    assert the_cited_work(cites, bai, 1998) is None  # another year: another paper
    assert the_cited_work(cites, (*bai, Author("Silverstein", "J.")), 1997) is None
    rv = (Author("Rudelson", "Mark"), Author("Vershynin", "Roman"))
    assert the_cited_work(cites, rv, 2008) == "Rudelson–Vershynin (2008)"
    assert the_cited_work(cites, rv[:1], 2008) is None  # Rudelson alone is "Rudelson (2008)"
    comets = (Author("Comets", "Francis"), Author("Shiga", "T."), Author("Yoshida", "N."))
    assert the_cited_work(cites, comets, 2003) == "Comets et al. (2003)"
    assert the_cited_work(cites, comets[:1], 2003) is None  # "et al.": more than one person
    assert the_cited_work(cites, bai, None) is None
    assert cites[1].label == "Rudelson–Vershynin (2008)"
    assert cites[2].label == "Comets et al. (2003)"
    assert cites[3].label == "Gyöngy, Nualart and Sanz-Solé (1995)"  # as the note writes it


def test_a_byline_with_several_years_cites_a_work_in_each() -> None:
    cites = dated_citations("Tao–Vu (2008, 2010) proved it; Brzeźniak 1995, 1997; 2003 was later.")
    assert cites[0] == DatedCitation(("Tao", "Vu"), 2008)  # feedback reads the first year
    tv = (Author("Tao", "Terence"), Author("Vu", "Van"))
    assert the_cited_work(cites, tv, 2010) == "Tao–Vu (2010)"
    assert the_cited_work(cites, tv, 2009) is None
    b = (Author("Brzeźniak", "Zdzisław"),)
    assert the_cited_work(cites, b, 1997) == "Brzeźniak (1997)"
    assert the_cited_work(cites, b, 2003) is None  # after a semicolon, a year is the next clause's


def test_a_byline_keeps_its_particles_as_the_note_writes_them() -> None:
    text = (
        "Ben Arous–Zeitouni (1998); de la Vallée Poussin (1896); Da Prato–Zabczyk 1992; "
        "Le Gall (1999); van den Berg and Kesten (1985); Feng–Le Hung (2023); Ben Green (2004)."
    )
    cites = dated_citations(text)
    assert [c.label for c in cites] == [
        "Ben Arous–Zeitouni (1998)",
        "de la Vallée Poussin (1896)",
        "Da Prato–Zabczyk (1992)",
        "Le Gall (1999)",
        "van den Berg and Kesten (1985)",
        "Feng–Le Hung (2023)",  # two people, not "Hung" alone
        "Ben Green (2004)",
    ]
    # The surname matched is the name's last word, which `people._keys` finds in "Le Gall" too.
    assert [c.surnames for c in cites] == [
        ("Arous", "Zeitouni"),
        ("Poussin",),
        ("Prato", "Zabczyk"),
        ("Gall",),
        ("Berg", "Kesten"),
        ("Feng", "Hung"),
        ("Green",),
    ]
    da_prato = (Author("Da Prato", "Giuseppe"), Author("Zabczyk", "Jerzy"))
    assert the_cited_work(cites, da_prato, 1992) == "Da Prato–Zabczyk (1992)"
    le_gall = (Author("Le Gall", "Jean-François"),)
    assert the_cited_work(cites, le_gall, 1999) == "Le Gall (1999)"
