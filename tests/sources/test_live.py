"""Smoke tests against the real services. Opt in with MATHLSP_LIVE=1 (network needed)."""

from __future__ import annotations

import os

import pytest

from mathlsp.sources import LookupStatus, SourceSettings, open_sources

pytestmark = [
    pytest.mark.live,
    pytest.mark.skipif(os.environ.get("MATHLSP_LIVE") != "1", reason="set MATHLSP_LIVE=1"),
]


@pytest.fixture
def settings() -> SourceSettings:
    return SourceSettings.from_env()


async def test_live_lookups(settings: SourceSettings) -> None:
    async with open_sources(settings) as sources:
        outcomes = await sources.lookup_many(
            ["arXiv:math/0211159", "1311.4600", "doi:10.2307/2118559", "2301.99999v9"]
        )
    assert [o.status for o in outcomes[:3]] == [LookupStatus.FOUND] * 3
    assert outcomes[0].record and "Ricci flow" in outcomes[0].record.title
    assert outcomes[3].status in (LookupStatus.NOT_FOUND, LookupStatus.ERROR)


@pytest.mark.parametrize(
    ("backend", "query"),
    [
        ("arxiv", "ti:primes AND ti:arithmetic AND ti:progressions"),
        ("semantic_scholar", "small gaps between primes"),
        ("openalex", "sphere packing dimension 8"),
        ("crossref", "Modular elliptic curves and Fermat's Last Theorem"),
        ("pubmed", "Hodgkin Huxley membrane current"),
    ],
)
async def test_live_search(settings: SourceSettings, backend: str, query: str) -> None:
    async with open_sources(settings) as sources:
        outcome = await sources.search(backend, query, 3)
    assert outcome.ok, outcome.error
    assert outcome.records


async def test_live_theoremsearch(settings: SourceSettings) -> None:
    async with open_sources(settings) as sources:
        outcome = await sources.search_theorems("every finite group has a composition series", 5)
    # TheoremSearch is a small academic service: down is allowed, raising is not.
    assert outcome.hits or outcome.error is not None
