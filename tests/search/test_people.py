"""Who the problem cites, and whether a paper's author is that person: pure. The author strings
are real ones, from the haystack corpus (`shared/corpus/`) and the notes' ways of citing."""

from __future__ import annotations

import pytest

from mathlsp.search.people import (
    GIVEN,
    NOBODY,
    SURNAME,
    agreement,
    given_names,
    people_named_so,
)
from mathlsp.sources.record import Author

TRACY_WIDOM = (
    "Tracy, C. A., & Widom, H. (1994). Level-spacing distributions and the Airy kernel. "
    "Comm. Math. Phys."
)


@pytest.mark.parametrize(
    ("name", "text", "given"),
    [
        ("Zhang", "Bounded gaps between primes (Yitang Zhang 2014).", "Yitang"),
        ("Zhang", "Y. Zhang proved bounded gaps.", "Y."),
        ("Heath-Brown", "the bound of D. R. Heath-Brown (1978)", "D. R."),
        ("Sanz-Solé", "as M. Sanz-Solé showed", "M."),
        ("Tracy", TRACY_WIDOM, "C. A."),
        ("Widom", TRACY_WIDOM, "H."),
        ("Zhang", "Bounded gaps between primes (Zhang 2014).", ""),
        ("Tracy", "a conjecture of Tracy and Widom (1994)", ""),
        ("Zhang", "Following Zhang, the sieve was refined. Using Zhang's method", ""),
        # A surname before another person's is not a given name.
        ("Siegel", "Landau Siegel zeros do not exist", ""),
        ("Littlewood", "the Hardy Littlewood conjecture", ""),
    ],
)
def test_the_given_names_the_note_writes_with_a_surname(name: str, text: str, given: str) -> None:
    assert given_names(name, text, others=["Landau", "Hardy"]) == given


@pytest.mark.parametrize(
    ("name", "given", "author", "expected"),
    [
        # The tutorial's Zeckendorf–Niven paper is by Han Zhang, not Yitang Zhang.
        ("zhang", "Yitang", "Han Zhang", NOBODY),
        ("zhang", "Y.", "Yitang Zhang", GIVEN),
        ("zhang", "", "Han Zhang", SURNAME),
        # Paul Erdős is not László Erdős; the note's accents need not be the record's.
        ("erdos", "P.", "Erdős, László", NOBODY),
        ("Erdős", "", "Erdős, László", SURNAME),
        ("tracy", "C. A.", "Tracy, Craig A.", GIVEN),
        ("widom", "H.", "Widom, Harold", GIVEN),
        # A double surname is another person's.
        ("tracy", "", "Ham Williams-Tracy", NOBODY),
        ("heath-brown", "D. R.", "D. R. Heath-Brown", GIVEN),
        ("heath-brown", "", "Heath Brown, D. R.", SURNAME),
        ("sanz-sole", "M.", "Sanz-Solé, Marta", GIVEN),
        ("radziwill", "", "Maksym Radziwiłł", SURNAME),
        # Particles: the note's "de la Bretèche", the records' "R." and "Régis".
        ("de la Bretèche", "R.", "Régis de la Bretèche", GIVEN),
        ("de la Bretèche", "", "R. de la Bretèche", SURNAME),
        ("Poussin", "", "de la Vallée Poussin, C.", SURNAME),
        # Transliterations of one name.
        ("chebyshev", "", "Tschebyscheff, P.", SURNAME),
        # Chen is not Cheng, however close the spelling.
        ("chen", "", "Xiaoyu Cheng", NOBODY),
    ],
)
def test_a_papers_author_is_the_cited_person(
    name: str, given: str, author: str, expected: int
) -> None:
    assert agreement(name, given, Author.from_name(author)) == expected


def test_how_many_people_of_one_surname_wrote_the_retrieved_papers() -> None:
    # Real authors of a search on bounded gaps in arithmetic progressions.
    zhangs = [Author.from_name(n) for n in ("Han Zhang", "Tianping Zhang", "Huimin Zhang")]
    zapletal = [Author.from_name(n) for n in ("Jindřich Zapletal", "J. Zapletal", "Zapletal")]
    assert people_named_so("zhang", zhangs) == 3
    assert people_named_so("zapletal", zapletal) == 1
