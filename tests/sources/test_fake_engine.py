"""The fake server's search engine (tests/fakescholar/engine.py): each API's query language behaves
as documented there, on a handful of papers written for the purpose; and, when the shared corpus is
beside the repository, the haystack server answers over HTTP in the same way."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.fakescholar import FakeScholar
from tests.fakescholar.corpus import Paper
from tests.fakescholar.engine import Engine, analyze, parse_arxiv, stem
from tests.fakescholar.haystack import _author, claim, corpus_path


def paper(key: str, title: str, abstract: str | None = None, **kw: object) -> Paper:
    return Paper(
        key=key,
        title=title,
        authors=kw.pop("authors", [("Ada", "Lovelace")]),  # type: ignore[arg-type]
        year=kw.pop("year", 2024),  # type: ignore[arg-type]
        venue=kw.pop("venue", None),  # type: ignore[arg-type]
        abstract=abstract,
        citations=0,
        arxiv_id=kw.pop("arxiv_id", f"2401.{10000 + sum(map(ord, key))}"),  # type: ignore[arg-type]
        categories=kw.pop("categories", ["math.NT"]),  # type: ignore[arg-type]
        doi=kw.pop("doi", None),  # type: ignore[arg-type]
    )


PAPERS = [
    paper(
        "pnt",
        "An explicit prime number theorem",
        "We prove an explicit version of the prime number theorem with a zero-free region.",
        authors=[("Timothy", "Trudgian")],
    ),
    paper(
        "cheb",
        "Bounds for the Chebyshev function",
        "We bound the Chebyshev function psi(x) using zeros of the zeta function.",
        authors=[("Lowell", "Schoenfeld")],
    ),
    paper(
        "kpz",
        "Lower tail of the KPZ equation",
        None,  # a BibTeX record: no abstract
        arxiv_id=None,
        categories=[],
        doi="10.1215/00127094-2019-0079",
        venue="Duke Math. J.",
        authors=[("Ivan", "Corwin"), ("Promit", "Ghosal")],
    ),
    paper(
        "graphs",
        "Spectral gaps of random graphs",
        "Number theory plays no role: we study the spectral gap of random regular graphs.",
        categories=["math.CO"],
        authors=[("Adrian", "Del Maestro")],
    ),
    paper(
        "theory",
        "Primes in the theory of numbers",
        "The theory of numbers and prime numbers.",
    ),
]


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(PAPERS)


def keys(ranked: list[tuple[float, Paper]]) -> list[str]:
    return [p.key for _, p in ranked]


# -- analysis -----------------------------------------------------------------------------------


def test_analysis_folds_stems_and_keeps_stop_word_slots() -> None:
    assert analyze("The Théorie of Primes") == ["", "theorie", "", "prime"]
    assert [stem(w) for w in ("zeros", "zeroes", "theories", "series", "classes", "gauss")] == [
        "zero",
        "zero",
        "theory",
        "series",
        "class",
        "gauss",
    ]


def test_analysis_splits_at_dashes_and_folds_letters_without_decomposition() -> None:
    """Unicode word boundaries (UAX #29, Lucene's StandardTokenizer) break at dash punctuation,
    so an en-dashed name is three words on the real services, never one glued word; accents
    and letters such as ł fold to ASCII as Lucene's ASCIIFoldingFilter folds them."""
    assert analyze("Kardar–Parisi–Zhang equation") == ["kardar", "parisi", "zhang", "equation"]
    assert analyze("Erdős—Hajnal\u00a0partition") == ["erdo", "hajnal", "partition"]
    assert analyze("Łuczak and Gödel") == ["luczak", "", "godel"]


# -- arXiv ----------------------------------------------------------------------------------------


def test_arxiv_bare_word_is_all_fields_and_only_arxiv_records_answer(engine: Engine) -> None:
    assert keys(engine.arxiv("chebyshev")) == ["cheb"]
    assert keys(engine.arxiv("all:Trudgian")) == ["pnt"]
    # The KPZ record has no arXiv id: arXiv does not know it, however well its title matches.
    assert engine.arxiv('ti:"lower tail"') == []


def test_arxiv_phrase_needs_the_words_in_order(engine: Engine) -> None:
    assert keys(engine.arxiv('all:"prime number theorem"')) == ["pnt"]
    assert engine.arxiv('all:"theorem number prime"') == []
    # A stop word inside a phrase holds a position, as in Lucene: "theory of numbers" matches
    # "theory of numbers", not "theory numbers".
    assert keys(engine.arxiv('ti:"theory of numbers"')) == ["theory"]


def test_arxiv_and_of_phrases_that_never_meet_returns_nothing(engine: Engine) -> None:
    """The issue's case: each phrase alone retrieves papers, their AND under a category none."""
    assert engine.arxiv('all:"prime number theorem"')
    assert engine.arxiv('all:"chebyshev function"')
    query = 'cat:math.NT AND (all:"prime number theorem" AND all:"chebyshev function")'
    assert engine.arxiv(query) == []
    either = 'cat:math.NT AND (all:"prime number theorem" OR all:"chebyshev function")'
    assert sorted(keys(engine.arxiv(either))) == ["cheb", "pnt"]


def test_arxiv_spaces_are_or_and_and_binds_tighter(engine: Engine) -> None:
    assert sorted(keys(engine.arxiv("ti:chebyshev ti:explicit"))) == ["cheb", "pnt"]
    assert sorted(keys(engine.arxiv("ti:(chebyshev explicit)"))) == ["cheb", "pnt"]
    assert keys(engine.arxiv("ti:chebyshev OR ti:explicit AND abs:psi")) == ["cheb"]
    assert sorted(keys(engine.arxiv("ti:explicit OR ti:chebyshev AND abs:psi"))) == [
        "cheb",
        "pnt",
    ]
    assert keys(engine.arxiv("(ti:explicit OR ti:chebyshev) AND abs:psi")) == ["cheb"]


def test_arxiv_andnot_and_fields(engine: Engine) -> None:
    assert keys(engine.arxiv("abs:zeta ANDNOT ti:chebyshev")) == []
    assert keys(engine.arxiv("abs:zero ANDNOT ti:chebyshev")) == ["pnt"]
    assert engine.arxiv("ti:zeta") == []  # zeta is only in an abstract
    assert keys(engine.arxiv("au:del_maestro")) == ["graphs"]
    assert keys(engine.arxiv('au:"Del Maestro" AND ti:spectral')) == ["graphs"]


def test_arxiv_categories_and_wildcards(engine: Engine) -> None:
    assert keys(engine.arxiv("cat:math.CO")) == ["graphs"]
    assert sorted(keys(engine.arxiv("cat:math.*"))) == sorted(p.key for p in PAPERS if p.arxiv_id)
    assert engine.arxiv("cat:math.AG") == []
    assert keys(engine.arxiv("ti:cheby*")) == ["cheb"]
    assert engine.arxiv("ti:*shev") == []  # a wildcard never stands first


def test_arxiv_ranks_a_title_match_above_an_abstract_match(engine: Engine) -> None:
    # "theory" is in the title (and abstract) of one paper, only in the abstract of another.
    assert keys(engine.arxiv("all:theory")) == ["theory", "graphs"]


def test_arxiv_parser_survives_malformed_queries(engine: Engine) -> None:
    for query in ('ti:"unclosed', "((ti:prime", "AND OR ANDNOT", "ti:", ")", '""'):
        parse_arxiv(query)
        engine.arxiv(query)  # no exception; an answer or nothing


# -- the other backends -------------------------------------------------------------------------


def test_semantic_scholar_needs_every_word_and_refuses_hyphens(engine: Engine) -> None:
    assert keys(engine.semantic_scholar("KPZ lower tail")) == ["kpz"]
    assert engine.semantic_scholar("KPZ lower tail universality") == []
    assert engine.semantic_scholar("zero-free region") == []  # documented S2 behaviour
    assert keys(engine.semantic_scholar("zero free region")) == ["pnt"]
    assert keys(engine.semantic_scholar('"chebyshev function"')) == ["cheb"]


def test_records_without_abstract_are_found_by_title_authors_venue(engine: Engine) -> None:
    assert keys(engine.semantic_scholar("Corwin Ghosal")) == ["kpz"]
    assert keys(engine.openalex("KPZ")) == ["kpz"]
    assert keys(engine.crossref("Duke KPZ", lambda p: p.in_crossref))[:1] == ["kpz"]


def test_openalex_words_and_boolean_syntax(engine: Engine) -> None:
    assert keys(engine.openalex("prime theorem")) == ["pnt"]
    assert sorted(keys(engine.openalex("chebyshev OR explicit"))) == ["cheb", "pnt"]
    assert keys(engine.openalex("zeta NOT chebyshev")) == []
    assert keys(engine.openalex('"number theory" NOT spectral')) == []
    assert keys(engine.openalex('"number theory"')) == ["graphs"]
    assert keys(engine.openalex("chebyshev", ("abs",))) == ["cheb"]


def test_crossref_any_word_only_crossref_records(engine: Engine) -> None:
    assert keys(engine.crossref("lower tail chebyshev", lambda p: p.in_crossref)) == ["kpz"]
    assert engine.crossref("spectral", lambda p: p.in_crossref) == []


# -- the haystack loader ------------------------------------------------------------------------


def test_author_names_in_both_conventions() -> None:
    assert _author("Corwin, Ivan") == ("Ivan", "Corwin")
    assert _author("Satwata  Hans") == ("Satwata", "Hans")
    assert _author("Plato") == ("", "Plato")


def test_claim_takes_the_abstract_sentence_that_states_a_result() -> None:
    abstract = "Let $G$ be a group. In this paper, we prove that $G$ is finite. We also ask why."
    assert claim(abstract) == "In this paper, we prove that $G$ is finite."
    assert claim("A survey of the field.") is None


# -- over HTTP, on the real haystack ----------------------------------------------------------

needs_corpus = pytest.mark.skipif(corpus_path() is None, reason="shared/corpus not beside the repo")


@pytest.fixture(scope="module")
def haystack() -> Iterator[FakeScholar]:
    with FakeScholar.running(haystack=True) as fake:
        yield fake


def _total(resp: httpx.Response) -> int:
    text = resp.text
    start = text.index("<opensearch:totalResults>") + len("<opensearch:totalResults>")
    return int(text[start : text.index("<", start)])


@needs_corpus
def test_haystack_arxiv_answers_in_atom_with_its_query_language(haystack: FakeScholar) -> None:
    url = haystack.urls()["arxiv"] + "/api/query"
    one = httpx.get(url, params={"search_query": 'all:"prime number theorem"'})
    assert one.status_code == 200 and "application/atom+xml" in one.headers["content-type"]
    assert _total(one) > 0
    both = 'cat:math.NT AND (all:"prime number theorem" AND all:"chebyshev function")'
    assert _total(httpx.get(url, params={"search_query": both})) == 0
    titled = httpx.get(url, params={"search_query": 'ti:"Landau-Siegel"', "max_results": 3})
    assert "Landau-Siegel" in titled.text


@needs_corpus
def test_haystack_other_backends_answer(haystack: FakeScholar) -> None:
    urls = haystack.urls()
    s2 = httpx.get(
        urls["semantic_scholar"] + "/paper/search",
        params={"query": "KPZ lower tail", "fields": "title,citationCount"},
    )
    titles = [d["title"] for d in s2.json()["data"]]
    assert "Lower tail of the KPZ equation" in titles
    assert all(d["citationCount"] == 0 for d in s2.json()["data"])
    oa = httpx.get(urls["openalex"] + "/works", params={"search": '"McKay conjecture"'})
    assert oa.json()["meta"]["count"] > 0
    flt = httpx.get(
        urls["openalex"] + "/works",
        params={"filter": "title.search:Kunen inconsistency,publication_year:1996"},
    )
    years = [w["publication_year"] for w in flt.json()["results"]]
    assert years and set(years) == {1996}
    cr = httpx.get(urls["crossref"] + "/works", params={"query": "Kunen inconsistency"})
    assert cr.json()["message"]["items"]
