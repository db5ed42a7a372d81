"""Queries shaped so that each backend can answer them (issue 26, retrieval half)."""

from __future__ import annotations

from mathlsp.search.queries import build_queries
from mathlsp.sources.openalex_query import AUTHOR_FILTER, split_author_filter
from tests.search.conftest import GRAPHS, problem


def test_openalex_author_topic_puts_the_name_in_the_byline_filter() -> None:
    plan = build_queries(problem(GRAPHS))
    authored = [
        q for q in [*plan.queries, *plan.spare] if q.backend == "openalex" and "author" in q.purpose
    ]
    assert authored
    for q in authored:
        name, words = split_author_filter(q.query)
        assert q.query.startswith(AUTHOR_FILTER) and name and " " not in name.strip()
        assert name not in words  # never a name among the search words
        # The topic's phrases first, then any word of the tags; broadened to the topic alone.
        assert words.startswith(q.broader) and q.broader
