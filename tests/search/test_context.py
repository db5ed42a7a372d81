"""Which TheoremSearch statements are quoted: those that say one of the problem's objects."""

from __future__ import annotations

from mathlsp.notes.problem import ProblemDoc
from mathlsp.search.context import on_the_problem, said_by, statement_objects
from mathlsp.search.queries import build_queries
from mathlsp.sources.theoremsearch import TheoremHit
from tests.search.conftest import GRAPHS, PRIMES


def hit(name: str, body: str, similarity: float = 0.8, source: str = "arXiv") -> TheoremHit:
    return TheoremHit(name, body, "theorem", similarity, source, None)


def objects(text: str) -> list:  # type: ignore[type-arg]
    return statement_objects(text, build_queries(ProblemDoc(text)).terms)


def test_the_objects_are_tags_named_results_and_phrases_that_name_objects() -> None:
    found = objects(GRAPHS)
    kinds = {t.kind for t in found}
    assert {"tag", "theorem", "keyword"} <= kinds
    assert "author" not in kinds
    # A one-word statement term says too little; a key phrase is two words or more.
    assert all(len(t.stems) > 1 for t in found if t.kind == "keyword")
    assert any(t.text == "interlacing families" for t in found)


def test_a_statement_that_says_none_of_the_problems_objects_is_not_quoted() -> None:
    mine = objects(PRIMES)
    on = hit("Theorem 1", "There are infinitely many bounded gaps between primes.", 0.5)
    back_reference = hit("Main result", "We prove an asymptotic form of this phenomenon.", 0.9)
    elsewhere = hit("Neumann Series", "If $\\|A\\| < 1$ then $I - A$ is invertible.", 0.95)
    assert on_the_problem([back_reference, elsewhere, on], mine) == [on]
    assert said_by(back_reference, mine) == []


def test_statements_saying_more_of_the_objects_come_first_then_by_similarity() -> None:
    mine = objects(GRAPHS)
    one = hit("A", "Bipartite Ramanujan graphs exist.", 0.99)
    two = hit("B", "Random regular graphs are nearly Ramanujan graphs.", 0.6)
    also_one = hit("C", "Interlacing families of polynomials.", 0.7)
    assert on_the_problem([one, also_one, two], mine) == [two, one, also_one]


def test_a_statement_says_an_object_in_its_formulas_or_its_name() -> None:
    mine = objects(PRIMES)
    named = hit(
        "Zhang's theorem on bounded gaps between primes",
        "$\\liminf (p_{n+1}-p_n) < 7 \\cdot 10^7$.",
    )
    assert said_by(named, mine)
    # A tag said in other word forms ("prime gaps" for `prime-gaps`) counts as relevance counts.
    assert said_by(hit("T", "Small prime gaps in short intervals."), mine)


def test_no_objects_quotes_nothing() -> None:
    assert on_the_problem([hit("T", "Anything at all about primes.")], []) == []


def test_a_papers_statement_with_a_formula_stands_theorem_context_must_say_an_object() -> None:
    mine = objects(PRIMES)
    symbols = hit(
        "Theorem 1",
        "Let $m \\in \\mathbb{N}$. We have $\\liminf_n (p_{n+m} - p_n) \\ll m^3 e^{4m}$.",
    )
    words_elsewhere = hit("Lemma 2", "The Neumann series of a contraction converges absolutely.")
    assert not said_by(symbols, mine)
    assert on_the_problem([words_elsewhere, symbols], mine, formulas_stand=True) == [symbols]
    assert on_the_problem([words_elsewhere, symbols], mine) == []
    # What says an object comes before what only words cannot judge.
    on = hit("Theorem 2", "Bounded gaps between primes in arithmetic progressions.", 0.1)
    assert on_the_problem([symbols, on], mine, formulas_stand=True) == [on, symbols]
    # A stray "$$" is no formula: the sentence still leans on what it does not state.
    stray = hit("Main result", "$$ We prove an asymptotic form of this phenomenon.")
    assert on_the_problem([stray], mine, formulas_stand=True) == []
