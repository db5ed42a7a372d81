"""What following the literature did, for the reports (terminal, JSON, editor). Pure.

`search/follow.py` follows the references of the named and the strongest papers; the works it
finds join the candidates and face the same relevance line. A specialist reading the report
wants to know which papers were expanded, what it cost in requests and what it added: which of
the written papers it reached, which only it reached, and how many it found fell below the line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mathlsp.search.follow import FOLLOWED_QUERY
from mathlsp.search.merge import Candidate


def _reached(c: Candidate) -> bool:
    return any(h.query == FOLLOWED_QUERY for h in c.hits)


def _only(c: Candidate) -> bool:
    return bool(c.hits) and all(h.query == FOLLOWED_QUERY for h in c.hits)


def followed(result: Any) -> dict[str, Any]:
    """Following as plain data: the seeds, the requests, the counts, and what it added — the
    papers written above the line that it reached (`written`, titles), those no query found
    (`only_by_following`), and how many of its papers fell below the line."""
    report = result.followed
    above: Sequence[Candidate] = result.candidates
    return {
        "seeds": list(report.seeds),
        "requests": report.requests,
        "cited": report.cited,
        "looked_up": report.looked_up,
        "found": report.found,
        "errors": list(report.errors),
        "written": [c.title for c in above if _reached(c)],
        "only_by_following": [c.title for c in above if _only(c)],
        "below_the_line": sum(_only(c) for c in result.dropped),
    }


def _n(count: int, noun: str, plural: str | None = None) -> str:
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def _short(title: str, limit: int = 70) -> str:
    title = " ".join(title.split())
    return title if len(title) <= limit else title[: limit - 1].rsplit(" ", 1)[0] + " …"


def describe_following(data: dict[str, Any]) -> list[str]:
    """The report's lines: the first says what was done and what it added; then the papers
    expanded and the papers it added, one a line (empty when nothing was followed)."""
    seeds: list[str] = data["seeds"]
    if not seeds:
        return []
    only = data["only_by_following"]
    written = data["written"]
    line = (
        f"Followed the references of {_n(len(seeds), 'paper')} ({_n(data['requests'], 'request')}):"
        f" {_n(data['cited'], 'cited work')}, {data['looked_up']} new to this search looked up,"
        f" {data['found']} found"
    )
    if data["found"] or written:
        line += (
            f"; of the written papers {len(written)} came from them, {len(only)} from them alone;"
            f" {data['below_the_line']} found only this way fell below the line"
        )
    lines = [line]
    lines += [f"  expanded: {_short(t)}" for t in seeds]
    lines += [f"  added: {_short(t)}" for t in only]
    return lines
