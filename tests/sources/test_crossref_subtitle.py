"""Crossref keeps a subtitle in its own field: the record's title carries it."""

from __future__ import annotations

from typing import Any

from mathlsp.sources.crossref import parse_item

BASE = "https://api.crossref.org"


def item(**kw: Any) -> dict[str, Any]:
    return {
        "DOI": "10.1000/xyz",
        "title": ["Random matrices"],
        "author": [{"family": "Mehta", "given": "M. L."}],
        **kw,
    }


def test_a_subtitle_is_joined_to_the_title() -> None:
    record = parse_item(item(subtitle=["a survey of recent results"]), BASE)
    assert record is not None
    assert record.title == "Random matrices: a survey of recent results"


def test_no_subtitle_or_one_already_in_the_title_changes_nothing() -> None:
    for extra in ({}, {"subtitle": []}, {"subtitle": [None]}, {"subtitle": "x"}):
        record = parse_item(item(**extra), BASE)
        assert record is not None and record.title == "Random matrices"
    record = parse_item(item(title=["Random matrices: A survey"], subtitle=["a survey"]), BASE)
    assert record is not None and record.title == "Random matrices: A survey"
