"""An arXiv query Semantic Scholar's answer on the same words already shows empty."""

from __future__ import annotations

from mathlsp.search.queries import build_queries
from mathlsp.search.same_words import (
    arxiv_words,
    fitted,
    openalex_phrases,
    plain_words,
    said_none_of,
    says_topic,
    teller_phrases,
    told_by,
)
from mathlsp.sources.record import Author, PaperRecord
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


def test_a_phrase_or_its_words_needs_the_words_every_group_needs() -> None:
    # arXiv's one-phrase topic: every answer says the phrase's words, as Semantic Scholar's twin
    # query asks them.
    query = 'all:"weak gravity conjecture" OR (all:weak AND all:gravity AND all:conjecture)'
    assert arxiv_words(query) == plain_words("weak gravity conjecture")
    # A phrase, its head, or the phrase's words: the head's words are needed.
    assert arxiv_words('all:"regular graphs" OR all:graphs') == plain_words("graphs")
    assert arxiv_words('all:"siegel zeros" OR (cat:math.NT AND all:zeros)') is None


def test_words_are_compared_as_the_query_builder_writes_them() -> None:
    # arXiv's queries are folded to ASCII, Semantic Scholar's keep the accents; a possessive
    # and a hyphen are dropped on both sides.
    assert arxiv_words('all:"Szemeredi regularity"') == plain_words("Szemerédi regularity")
    assert arxiv_words("all:Laver AND all:table") == plain_words("Laver's table")
    assert plain_words('"Landau Siegel" zeros') == plain_words("landau-siegel zeros")


def test_each_single_phrase_arxiv_topic_has_its_semantic_scholar_twin() -> None:
    # The rule reads Semantic Scholar's answer to the same topic (its query or its broadening,
    # as the search waits for either): the two pools must keep asking a topic with the same
    # words, or it never fires. arXiv's key object (the phrase, its head, or the phrase's words)
    # needs its head's words, Semantic Scholar's broadening.
    plan = build_queries(problem(GRAPHS))
    queries = plan.queries + plan.spare
    s2 = {
        plain_words(text)
        for q in queries
        if q.backend == "semantic_scholar"
        for text in (q.query, q.broader)
        if text
    }
    judged = [q for q in queries if q.backend == "arxiv" and arxiv_words(q.query)]
    assert judged
    assert all(arxiv_words(q.query) in s2 for q in judged if q.purpose == "key object")


def test_semantic_scholar_asks_nothing_needing_every_word_of_an_empty_answer() -> None:
    # All words required: a query needing every word of an empty one (and more) is empty too.
    empty = [plain_words("full brunet derrida correction")]
    assert said_none_of("Brunet Derrida correction full velocity", empty)
    assert not said_none_of("brunet derrida correction", empty)
    assert not said_none_of("full brunet derrida correction", [])


def test_an_openalex_query_is_read_as_its_byline_and_its_phrases() -> None:
    byline, phrases = openalex_phrases('raw_author_name.search:"Souganidis" "viscous hjb" OR hjb')
    assert byline == "souganidis"
    assert phrases == [plain_words("viscous hjb"), plain_words("hjb")]
    assert openalex_phrases('"Szemerédi regularity" OR "regularity lemma"') == (
        "",
        [plain_words("szemeredi regularity"), plain_words("regularity lemma")],
    )


def test_openalex_tells_semantic_scholar_about_the_same_author_or_the_same_phrases() -> None:
    by = 'raw_author_name.search:"Souganidis" "viscous hjb" OR homogenization'
    assert told_by("Souganidis viscous hjb", "souganidis", by)
    assert not told_by("Lions viscous hjb", "lions", by)  # another author
    assert not told_by("Souganidis viscous hjb", "", by)  # a topic is not told by a byline
    both = '"random potential intermittency" OR "potential intermittency"'
    assert told_by("random potential intermittency", "", both)  # every word of the phrases
    assert told_by("potential intermittency", "", both)  # the shortest phrase alone
    assert not told_by("random potential", "", both)  # words no phrase of it is
    assert not told_by("random potential intermittency brownian", "", both)
    assert not told_by("Souganidis homogenization", "souganidis", both)  # no byline: not told


def _paper(title: str, abstract: str = "", *authors: str) -> PaperRecord:
    return PaperRecord("openalex", title, tuple(Author(a) for a in authors), abstract=abstract)


def test_an_author_query_asks_the_phrase_the_authors_own_works_say() -> None:
    teller = 'raw_author_name.search:"Amir" "kpz equation" OR "directed polymer"'
    works = [
        _paper("Free energy of the continuum directed polymer", "Exact formulas.", "Amir"),
        _paper("Brownian motions", "On polymers.", "Amir"),
    ]
    # The first of the twin's phrases that one of the author's works says, with the name.
    assert fitted("Amir kpz equation", "Amir", teller, works) == "Amir directed polymer"
    # A query one of those works says already is asked as planned.
    works.append(_paper("The KPZ equation", "", "Amir"))
    assert fitted("Amir kpz equation", "Amir", teller, works) == "Amir kpz equation"


def test_a_byline_twin_lends_its_topic_phrases_never_a_lone_tag_word() -> None:
    # The byline query also took the tags' words; "Maynard prime" would be every work of his
    # on primes.
    teller = 'raw_author_name.search:"Maynard" "small gaps" OR "bounded gaps" OR prime OR gaps'
    topic = '"small gaps" OR "bounded gaps"'
    works = [_paper("Large gaps between primes", "Prime gaps.", "Maynard")]
    assert fitted("Maynard small gaps", "Maynard", teller, works) == "Maynard prime"
    assert fitted("Maynard small gaps", "Maynard", teller, works, topic) is None
    works.append(_paper("Small gaps between primes", "", "Maynard"))
    assert fitted("Maynard bounded gaps", "Maynard", teller, works, topic) == "Maynard small gaps"


def test_a_topic_query_asks_the_longest_phrase_the_works_say() -> None:
    teller = '"exact rademacher type formula" OR "harmonic maass forms" OR "type formula"'
    works = [_paper("Harmonic Maass forms and a Rademacher-type formula", "")]
    # Plural and hyphen read as the search reads them; neither phrase of four words is said.
    assert fitted("harmonic maass forms", "", teller, works) == "harmonic maass forms"
    works = [_paper("An exact Rademacher type formula for eta quotients", "")]
    assert fitted("harmonic maass forms", "", teller, works) == "exact rademacher type formula"


def test_nothing_said_leaves_the_query_as_planned() -> None:
    teller = 'raw_author_name.search:"Serfaty" "modulated energy" OR "coulomb gases"'
    works = [_paper("Mean field limits", "Riesz flows.", "Serfaty")]
    assert fitted("Serfaty modulated energy", "Serfaty", teller, works) is None
    assert teller_phrases(teller) == ["modulated energy", "coulomb gases"]
    assert teller_phrases('"Laver\'s table" OR sum-free') == ["Laver table", "sum free"]


def test_a_byline_answer_says_the_topic_only_when_a_work_says_every_word_of_a_phrase() -> None:
    topic = '"modulated energy" OR coulomb'
    assert says_topic(topic, ["Mean field limit for Coulomb-type flows"])
    assert says_topic(topic, ["On flows. The energy, modulated, bounds the error."])
    # The tags' words found the person's work, the topic's phrases did not: as empty.
    assert not says_topic(topic, ["Mean-field limits for Riesz gradient flows", "Energy bounds"])
    assert not says_topic(topic, [])
    assert not says_topic("", ["Modulated energy"])
