"""Author fields as bibliographies write them, read and matched against the sources' records.

Each row is an authors field as it appears in exported BibTeX, journal reference lists or the
sources' own records, for a real paper; genuine forms must confirm, wrong people must not.
"""

from __future__ import annotations

import pytest

from mathlsp.notes.literature import split_authors
from mathlsp.verify.matcher import match_authors
from mathlsp.verify.normalize import has_et_al
from tests.verify.labelled import (
    BETHE,
    CARMICHAEL,
    COHEN_I,
    ERDOS_RENYI,
    GREEN_TAO,
    HEAT_BATH,
    HILBERT_TENTH,
    STATE_OF_OA,
    VAN_DER_WAERDEN,
    ZHANG,
)

GENUINE = [
    ("Green, B; Tao, T", GREEN_TAO),
    ("Green, B.; Tao, T.", GREEN_TAO),
    ("Green, B. and Tao, T.", GREEN_TAO),
    ("Green, Ben and Tao, Terence", GREEN_TAO),
    ("Green, B., Tao, T.", GREEN_TAO),
    ("Green B, Tao T", GREEN_TAO),
    ("B. Green and T. Tao", GREEN_TAO),
    ("Ben Green & Terence Tao", GREEN_TAO),
    ("Green, Ben; Tao, Terence", GREEN_TAO),
    ("Stanley, C; Windisch, T", HEAT_BATH),
    ("Stanley, Caprice and Windisch, Tobias", HEAT_BATH),
    ("Alford, WR; Granville, A; Pomerance, C", CARMICHAEL),
    ("Alford, W. R., Granville, A., Pomerance, C.", CARMICHAEL),
    ("W. R. Alford, A. Granville, and C. Pomerance", CARMICHAEL),
    ("Alford, W.R., Granville, A. & Pomerance, C.", CARMICHAEL),
    ("Erdős, P.; Rényi, A.", ERDOS_RENYI),
    ("Erdos, P and Renyi, A", ERDOS_RENYI),
    (r"Erd{\H o}s, Paul and R{\'e}nyi, Alfr{\'e}d", ERDOS_RENYI),
    ("van der Waerden, B. L.", VAN_DER_WAERDEN),
    ("Waerden, B. L. van der", VAN_DER_WAERDEN),
    ("B.L. van der Waerden", VAN_DER_WAERDEN),
    ("Davis, M; Matiyasevich, Y; Robinson, J", HILBERT_TENTH),
    ("Martin Davis, Yuri Matiyasevich, Julia Robinson", HILBERT_TENTH),
    ("Piwowar, H., Priem, J., Larivière, V., et al.", STATE_OF_OA),
    (
        "Piwowar H, Priem J, Lariviere V, Alperin JP, Matthias L, Norlander B, Farley A, West JD, "
        "Haustein S",
        STATE_OF_OA,
    ),
    ("Piwowar H, Priem J, Lariviere V, Alperin JP, Matthias L, et al.", STATE_OF_OA),
    ("Piwowar, H. and others", STATE_OF_OA),
    ("Heather Piwowar et al.", STATE_OF_OA),
    ("Cohen, Paul J.", COHEN_I),
    ("Murray, J. M., Del Maestro, A., Tesanovic, Z.", None),
    ("Del Maestro, Adrian et al.", None),
    ("Tesanovic, Zlatko; Murray, James M.; Del Maestro, Adrian", None),  # any order
    ("Y. Zhang", ZHANG),
    ("Zhang Yitang", ZHANG),  # family name first
    ("Benjamin Green and Terence Tao", GREEN_TAO),  # a short and a full given name
    ("Green, B. J. and Tao, T. C.", GREEN_TAO),  # middle initials the source does not give
]
WRONG = [
    ("Green, B; Ziegler, T", GREEN_TAO),
    ("Smith, J; Tao, T", GREEN_TAO),
    ("Tao, T", CARMICHAEL),
    ("Alford, WR; Granville, A; Pomerance, C; Lenstra, HW", CARMICHAEL),
    ("Erdős, P.; Turán, P.", ERDOS_RENYI),
    ("Davis, M and Putnam, H", HILBERT_TENTH),
    ("Zhang, Y; Zhang, W", ZHANG),  # one source author cannot vouch for two names
    # Issue 27: a list without "et al." is the whole list; given names are part of the name.
    ("Piwowar H, Priem J, Lariviere V, Alperin JP, Matthias L", STATE_OF_OA),
    ("Del Maestro, Adrian", BETHE),
    ("Alford, W. R. and Pomerance, C.", CARMICHAEL),
    ("Wei Zhang", ZHANG),
    ("Green, J. A.; Tao, T.", GREEN_TAO),
    ("Ben Green and Terence Tao and Rupert Fabricius", GREEN_TAO),
]


@pytest.mark.parametrize(("field", "record"), GENUINE, ids=[g[0] for g in GENUINE])
def test_genuine_author_forms_confirm(field, record) -> None:
    record = record or BETHE
    names = split_authors(field)
    verdict = match_authors(names, record.authors, has_et_al(field))
    assert verdict.ok, (names, verdict.detail)


@pytest.mark.parametrize(("field", "record"), WRONG, ids=[w[0] for w in WRONG])
def test_wrong_people_do_not(field, record) -> None:
    verdict = match_authors(split_authors(field), record.authors, False)
    assert not verdict.ok
    said = ("not among", "no author matches", "another given name", "missing")
    assert any(s in verdict.detail for s in said), verdict.detail


def test_a_subset_names_who_is_missing() -> None:
    verdict = match_authors(["Alford, W. R.", "Pomerance, C."], CARMICHAEL.authors, False)
    assert "missing Andrew Granville" in verdict.detail
    assert "2 of the source's 3 authors" in verdict.detail
    assert match_authors(["Alford, W. R.", "Pomerance, C."], CARMICHAEL.authors, True).ok


def test_a_same_surname_swap_names_both_people() -> None:
    verdict = match_authors(["J. A. Green", "T. Tao"], GREEN_TAO.authors, False)
    assert not verdict.ok
    assert '"J. A. Green" is not the source\'s "Ben Green"' in verdict.detail


def test_and_others_is_et_al() -> None:
    assert split_authors("A. Lubotzky and others") == ["A. Lubotzky"]
    assert split_authors("Lubotzky, A., Phillips, R., and others") == [
        "Lubotzky, A.",
        "Phillips, R.",
    ]


def test_initials_are_never_read_as_an_author() -> None:
    assert split_authors("Green, B; Tao, T") == ["Green, B", "Tao, T"]
    assert split_authors("Green, JB, Tao, TC") == ["Green, JB", "Tao, TC"]
    assert split_authors("Serre, J.-P.") == ["Serre, J.-P."]
    # A name already whole is never paired with the next author (`Li` could pass for `Ch.`).
    assert split_authors("Y. Jin, J.-S. Li, D. Liu") == ["Y. Jin", "J.-S. Li", "D. Liu"]


def test_short_family_names_in_capitals() -> None:
    from mathlsp.sources.record import Author

    people = (
        Author("Hu", "Fei"),
        Author("Ma", "Jun"),
        Author("Ng", "Ming Ho"),
        Author("Yau", "Shing-Tung"),
    )
    for names in (
        ["F. HU", "J. MA", "M. H. NG", "S.-T. YAU"],  # `HU, F.` as a .bib reads it
        ["Fei HU", "Jun MA", "Ming Ho NG", "Shing-Tung YAU"],
        ["Hu F", "Ma J", "Ng MH", "Yau ST"],
    ):  # PubMed: initials after the name
        assert match_authors(names, people, et_al=False).ok, names
    # the capitals are still a family name that must agree
    assert not match_authors(["Jun MA"], (Author("Ma", "Li"),), et_al=False).ok
    assert not match_authors(["F. HU", "J. XU"], people[:2], et_al=False).ok


def test_a_one_letter_family_name_after_a_whole_given_name() -> None:
    """Weinan E: a .bib's `E, Weinan` reaches the matcher as `Weinan E`, which also looks like
    PubMed's `Windisch T` (family name, then an initial); both readings are tried."""
    from mathlsp.sources.record import Author

    people = (Author("E", "Weinan"), Author("Khanin", "K."), Author("Mazel", "A."))
    for names in (
        ["Weinan E", "Konstantin Khanin", "Alexandre Mazel"],
        ["E, Weinan", "Khanin, K.", "Mazel, A."],
        ["W. E", "K. Khanin", "A. Mazel"],
    ):
        assert match_authors(names, people, et_al=False).ok, names
    # PubMed's initials still read as initials, and the letter is still a name that must agree
    assert match_authors(["Windisch T"], (Author("Windisch", "Thomas"),), et_al=False).ok
    assert not match_authors(["Weinan X", "K. Khanin", "A. Mazel"], people, et_al=False).ok
    assert not match_authors(["Weinan E"], (Author("Weinan", "Zhang"),), et_al=False).ok


def test_a_person_who_goes_by_a_later_given_name() -> None:
    """Johan de Jong is A. J. de Jong; Roger Heath-Brown is D. R. Heath-Brown; Ram Murty is M. Ram
    Murty: a lone given name may be a later one of the other side's when that side opens with an
    initial. A full first name that differs is still another person."""
    from mathlsp.sources.record import Author

    pairs = (
        ("Johan de Jong", Author("de Jong", "A. J.")),
        ("Roger Heath-Brown", Author("Heath-Brown", "D. R.")),
        ("Heath-Brown, D. R.", Author("Heath-Brown", "Roger")),
        ("R. Murty", Author("Murty", "M. Ram")),
        ("Swinnerton-Dyer, Peter", Author("Swinnerton-Dyer", "H. P. F.")),
    )
    for name, person in pairs:
        assert match_authors([name], (person,), et_al=False).ok, name
    refused = (
        ("Jonas Candes", Author("Candes", "Emmanuel J.")),
        ("Emmanuel J. Candes", Author("Candes", "Jonas")),
        ("Ben Green", Author("Green", "J. A.")),
        ("J. A. Green", Author("Green", "Ben")),
        ("Peter de Jong", Author("de Jong", "A. J.")),
    )
    for name, person in refused:
        assert not match_authors([name], (person,), et_al=False).ok, name


def test_a_person_a_source_split_in_two() -> None:
    """arXiv lists `Schlage-Puchta, Jan-Christoph` as two one-word authors (a submitter's comma):
    the note's one person is both of them; mononyms the note lists apart stay two people."""
    from mathlsp.sources.record import Author

    split = (Author("Schlage-Puchta"), Author("Jan-Christoph"))
    for names in (
        ["Schlage-Puchta, Jan-Christoph"],
        ["Jan-Christoph Schlage-Puchta"],
        ["J.-C. Schlage-Puchta"],
        ["Schlage-Puchta", "Jan-Christoph"],
    ):
        assert match_authors(names, split, et_al=False).ok, names
    for names in (["Schlage-Puchta, Peter"], ["Schlage-Puchta"], ["Jan-Christoph"]):
        assert not match_authors(names, split, et_al=False).ok, names
    coauthors = (Author("Bachmann", "Henrik"), Author("Risan"))
    assert match_authors(["Henrik Bachmann", "Risan"], coauthors, et_al=False).ok
    assert not match_authors(["H. Bachmann"], coauthors, et_al=False).ok


def test_a_name_written_as_the_source_writes_it_always_matches() -> None:
    """Names with the initials after the given name (`Lakshmi S K`, `Ravi G. N`, as arXiv lists
    many Indian names) split into family `K` and given `Lakshmi S`; the note that copies them must
    still find them. Found by matching every corpus record's author list against itself."""
    from mathlsp.sources.record import Author

    for names in (
        ["K. R. Vasuki", "Darshan D.", "Ravi G. N"],
        ["Lakshmi S K", "Saudamini Nayak"],
        ["Maithri K.", "Vadiraja Bhatta G. R.", "Indira K. P"],
    ):
        people = [Author.from_name(n) for n in names]
        assert match_authors(names, people, et_al=False).ok, names
        assert not match_authors(names[1:], people, et_al=False).ok, names
    assert not match_authors(["Ravi Kumar"], [Author.from_name("Ravi G. N")], et_al=False).ok
