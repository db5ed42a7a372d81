"""An arXiv query Semantic Scholar's answer on the same words already shows empty."""

from __future__ import annotations

from mathlsp.search.queries import build_queries
from mathlsp.search.same_words import arxiv_words, plain_words, said_none_of
from tests.search.conftest import GRAPHS, problem


def test_a_phrase_and_its_words_need_the_same_words() -> None:
    words = frozenset({"weak", "gravity", "conjecture"})
    assert arxiv_words('all:"weak gravity conjecture"') == words
    assert arxiv_words("all:weak AND all:gravity AND all:conjecture") == words
    assert arxiv_words("all:cohomology") == frozenset({"cohomology"})


def test_an_or_a_category_an_author_or_a_title_field_is_never_judged() -> None:
    # Semantic Scholar's all-words answer says nothing of either phrase alone, of a category
    # or of a byline.
    assert arxiv_words('all:"siegel zeros" OR all:ineffective') is None
    assert arxiv_words('cat:math.NT AND all:"siegel zeros"') is None
    assert arxiv_words('au:Siegel AND all:"siegel zeros"') is None
    assert arxiv_words('ti:"siegel zeros"') is None
    assert arxiv_words("") is None


def test_words_are_compared_as_the_query_builder_writes_them() -> None:
    # arXiv's queries are folded to ASCII, Semantic Scholar's keep the accents; a possessive
    # and a hyphen are dropped on both sides.
    assert arxiv_words('all:"Szemeredi regularity"') == plain_words("Szemerédi regularity")
    assert arxiv_words("all:Laver AND all:table") == plain_words("Laver's table")
    assert plain_words('"Landau Siegel" zeros') == plain_words("landau-siegel zeros")


def test_each_single_phrase_arxiv_topic_has_its_semantic_scholar_twin() -> None:
    # The rule reads Semantic Scholar's answer to the same topic: the two pools must keep asking
    # a one-phrase topic with the same words, or it never fires.
    plan = build_queries(problem(GRAPHS))
    queries = plan.queries + plan.spare
    s2 = {plain_words(q.query) for q in queries if q.backend == "semantic_scholar"}
    judged = [q for q in queries if q.backend == "arxiv" and arxiv_words(q.query)]
    assert judged
    assert all(arxiv_words(q.query) in s2 for q in judged if q.purpose == "key object")


def test_semantic_scholar_asks_nothing_needing_every_word_of_an_empty_answer() -> None:
    # All words required: a query needing every word of an empty one (and more) is empty too.
    empty = [plain_words("full brunet derrida correction")]
    assert said_none_of("Brunet Derrida correction full velocity", empty)
    assert not said_none_of("brunet derrida correction", empty)
    assert not said_none_of("full brunet derrida correction", [])
