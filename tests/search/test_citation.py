"""Reference lines typed without italics or quotes: authors, title and year read off."""

from __future__ import annotations

import pytest

from mathlsp.search.citation import parse_citation
from mathlsp.search.named import named_works
from mathlsp.search.queries import reference_seed
from tests.search.conftest import problem


@pytest.mark.parametrize(
    ("line", "authors", "title", "year"),
    [
        (
            "M. Hairer, A theory of regularity structures, Invent. Math. 198 (2014)",
            ("Hairer",), "A theory of regularity structures", 2014,
        ),
        (
            "J.-C. Mourrat, H. Weber, The dynamic Φ⁴₃ model comes down from infinity, "
            "CMP 356 (2017)",
            ("Mourrat", "Weber"), "The dynamic Φ⁴₃ model comes down from infinity", 2017,
        ),
        (
            "H. L. Montgomery and R. C. Vaughan, The exceptional set in Goldbach's problem, "
            "Acta Arith. 27 (1975)",
            ("Montgomery", "Vaughan"), "The exceptional set in Goldbach's problem", 1975,
        ),
        (
            "Yu. G. Zarhin, Hodge groups of K3 surfaces, J. reine angew. Math. 341 (1983)",
            ("Zarhin",), "Hodge groups of K3 surfaces", 1983,
        ),
        (
            "S. Lang, H. Trotter, Frobenius distributions in GL2-extensions, LNM 504 (1976)",
            ("Lang", "Trotter"), "Frobenius distributions in GL2-extensions", 1976,
        ),
        (
            "Martin Hairer, A theory of regularity structures, 2014",
            ("Hairer",), "A theory of regularity structures", 2014,
        ),
        (
            "Hooley, C. (1967). On Artin's conjecture. J. reine angew. Math. 225, 209-220.",
            ("Hooley",), "On Artin's conjecture", 1967,
        ),
        (
            "Cohen, H., & Lenstra, H. W. (1984). Heuristics on class groups of number fields. "
            "In Number Theory Noordwijkerhout 1983.",
            ("Cohen", "Lenstra"), "Heuristics on class groups of number fields", 1984,
        ),
        (
            "J. Pintz, A new explicit formula in the additive theory of primes, with applications",
            ("Pintz",),
            "A new explicit formula in the additive theory of primes, with applications",
            None,
        ),
    ],
)  # fmt: skip
def test_a_plain_reference_line_is_read(
    line: str, authors: tuple[str, ...], title: str, year: int | None
) -> None:
    assert parse_citation(line) == (authors, title, year)


@pytest.mark.parametrize(
    "line",
    [
        "W. E, K. Khanin, A. Mazel, Ya. Sinai, 2000, doi:10.2307/121126",  # no title given
        "arXiv:2312.02630",
        "the 2014 paper of Hairer",
        "Mock Theta Functions, Zwegers thesis 2002",  # a title first: no author before it
        "Some notes on the problem",
    ],
)
def test_a_line_it_cannot_read_gives_nothing(line: str) -> None:
    assert parse_citation(line) is None


def test_the_papers_a_plain_references_list_names_are_looked_up() -> None:
    doc = problem(
        "---\ntitle: T\nstatus: defined\ndomain: probability\ntags: [phi43]\n---\n# Problem\n\n"
        "The dynamic model.\n\n## References\n\n"
        "- M. Hairer, A theory of regularity structures, Invent. Math. 198 (2014)\n"
        "- arXiv:1601.01234\n"
    )
    works = named_works(doc)
    assert [(w.description, w.authors, w.year) for w in works] == [
        ("A theory of regularity structures", ("Hairer",), 2014)
    ]
    seed = reference_seed("M. Hairer, A theory of regularity structures, Invent. Math. 198 (2014)")
    assert seed.title == "A theory of regularity structures" and seed.authors == ("Hairer",)


def test_a_named_work_is_shown_with_its_maths_and_asked_in_plain_words() -> None:
    doc = problem(
        "---\ntitle: T\nstatus: defined\ndomain: combinatorics\n---\n# Problem\n\n"
        "Spectral gaps.\n\n## Known Results\n\n"
        "- Random $d$-regular graphs are almost Ramanujan (Friedman 2008).\n"
    )
    (work,) = named_works(doc)
    # The user reads the label; a formula the plain text drops would leave "random -regular".
    assert work.label == "Random $d$-regular graphs are almost Ramanujan (Friedman, 2008)"
    assert "$" not in work.query and "Friedman" in work.query


def test_a_known_item_look_up_asks_the_work_by_its_people_and_subject_not_by_names() -> None:
    from mathlsp.search.named import openalex_query
    from mathlsp.search.queries import cited_authors

    # An en dash joins two people; a hyphen is one surname.
    assert cited_authors("with additive noise (Nualart–Pardoux 1992)") == [("Nualart", "Pardoux")]
    assert cited_authors("(Donati-Martin–Pardoux 1993)") == [("Donati-Martin", "Pardoux")]
    doc = problem(
        "---\ntitle: Reflected heat equation\nstatus: defined\ndomain: probability\n---\n"
        "# Problem\n\nUniqueness of the reflected equation.\n\n## Known Results\n\n"
        "- Existence and uniqueness with additive noise (Nualart–Pardoux 1992); Xu–Zhang "
        "later added large deviations.\n"
        "- Freidlin (1988), Sowers, Chenal–Millet: uniform LDP for parabolic SPDEs.\n"
        "- The top cohomology vanishes (Lee–Szczarba, Invent. Math. 1976).\n"
    )
    queries = [openalex_query(w) for w in named_works(doc)]
    assert queries[0].startswith('raw_author_name.search:"Nualart" publication_year:1991-1993')
    assert '"large deviations"' in queries[0] and "added" not in queries[0]
    assert "millet" not in queries[1].lower()  # people cited are who, not what
    assert all("invent" not in q.lower() and "math" not in q.lower() for q in queries)
