"""What the report says following the references did (pure)."""

from __future__ import annotations

from types import SimpleNamespace

from mathlsp.search.follow import FOLLOWED_QUERY, FollowReport
from mathlsp.search.follow_report import describe_following, followed
from mathlsp.search.merge import Candidate, Hit
from mathlsp.sources.record import PaperRecord


def paper(title: str, *queries: str) -> Candidate:
    c = Candidate([PaperRecord(backend="arxiv", title=title)])
    c.hits = [Hit("semantic_scholar" if q == FOLLOWED_QUERY else "arxiv", q, 0) for q in queries]
    return c


def test_the_report_names_the_seeds_the_cost_and_what_was_added() -> None:
    report = FollowReport(
        seeds=["Seed one", "Seed two"], cited=40, looked_up=12, found=9, requests=3
    )
    result = SimpleNamespace(
        followed=report,
        candidates=[
            paper("Found by both", "q1", FOLLOWED_QUERY),
            paper("Found only by following", FOLLOWED_QUERY),
            paper("Found by a query", "q2"),
        ],
        dropped=[paper("Set aside", FOLLOWED_QUERY), paper("Other", "q3")],
    )
    data = followed(result)
    assert data["written"] == ["Found by both", "Found only by following"]
    assert data["only_by_following"] == ["Found only by following"]
    assert data["below_the_line"] == 1 and data["requests"] == 3
    lines = describe_following(data)
    assert lines[0] == (
        "Followed the references of 2 papers (3 requests): 40 cited works, 12 new to this "
        "search looked up, 9 found; of the written papers 2 came from them, 1 from them alone; "
        "1 found only this way fell below the line"
    )
    assert lines[1:] == [
        "  expanded: Seed one",
        "  expanded: Seed two",
        "  added: Found only by following",
    ]


def test_nothing_followed_says_nothing() -> None:
    result = SimpleNamespace(followed=FollowReport(), candidates=[], dropped=[])
    assert describe_following(followed(result)) == []
