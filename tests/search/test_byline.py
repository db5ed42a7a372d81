"""A cited author's OpenAlex query: the byline, and any word of the problem's subject."""

from __future__ import annotations

from mathlsp.search.byline import MAX_WORDS, byline_topic, subject_words, tag_words
from mathlsp.search.queries import FILLER, build_queries
from tests.search.conftest import problem


def test_subject_words_are_the_tags_content_words_once_each() -> None:
    tags = ["pinning model", "harris criterion", "renewal process", "pinning model"]
    assert subject_words(tags) == ("pinning", "model", "harris", "criterion", "renewal", "process")


def test_subject_words_skip_stopwords_filler_symbols_and_short_words() -> None:
    tags = ["theory of heights", "optimal bounds", "2d ising", "kpz", "l2 norm"]
    assert subject_words(tags, FILLER) == ("theory", "heights", "bounds", "ising", "kpz", "norm")


def test_subject_words_are_capped() -> None:
    tags = ["alpha beta gamma delta", "epsilon zeta theta iota kappa lambda"]
    first = tuple("alpha beta gamma delta epsilon zeta theta iota kappa lambda".split())
    assert subject_words(tags) == first[:MAX_WORDS]
    assert len(first) > MAX_WORDS


def test_byline_topic_asks_the_phrases_first_then_any_subject_word() -> None:
    assert (
        byline_topic(["modulated energy", "interacting particles"], ("coulomb", "particles"))
        == '"modulated energy" OR "interacting particles" OR coulomb OR particles'
    )


def test_byline_topic_does_not_repeat_a_one_word_phrase() -> None:
    assert byline_topic(["intermittency"], ("intermittency", "localization")) == (
        "intermittency OR localization"
    )


SERFATY = r"""---
title: "Mean-field limits with singular kernels"
status: defined
domain: probability
tags: [interacting-particles, coulomb]
---
# Problem

Show that the empirical measure of the particle system converges to the continuum equation.

## Known Results

- Serfaty's modulated energy handles Coulomb flows (Serfaty 2020).
"""


def test_openalex_asks_a_cited_author_with_any_word_of_the_tags() -> None:
    plan = build_queries(problem(SERFATY))
    byline = [q for q in [*plan.queries, *plan.spare] if q.backend == "openalex" and q.authors]
    assert byline, [q.query for q in plan.queries]
    q = byline[0]
    # Their Known Result's phrase and the subject first, as before.
    assert q.query.startswith('raw_author_name.search:"Serfaty" "coulomb flows" OR')
    # Serfaty's paper is *Mean field limit for Coulomb-type flows*: "coulomb" finds it.
    assert q.query.endswith("OR interacting OR particles OR coulomb")
    # Broadened (no byline) to the topic's phrases alone: a single tag word without the byline
    # would bring the whole field.
    assert "coulomb" not in q.broader.split(" OR ")
    # Semantic Scholar (every word required) keeps one name and the shortest phrase.
    s2 = [q for q in plan.queries if q.backend == "semantic_scholar" and q.authors]
    assert all(" OR " not in q.query for q in s2)


def test_a_generic_tag_word_is_not_asked_beside_the_person() -> None:
    # "sieve methods": any of Maynard's works saying "methods" is not one on the subject.
    plan = build_queries(problem(SERFATY.replace("coulomb]", "coulomb, sieve-methods]")))
    byline = [q for q in [*plan.queries, *plan.spare] if q.backend == "openalex" and q.authors]
    assert byline and "sieve" in byline[0].query
    assert "methods" not in byline[0].query.split(" OR ")


def test_tag_words_read_the_words_of_quoted_tags() -> None:
    assert tag_words(['"free boundary"', "blow-up", '"regularity of interfaces"']) == (
        "free",
        "boundary",
        "blow",
        "regularity",
        "interfaces",
    )
