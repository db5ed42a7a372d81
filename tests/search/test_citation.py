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
