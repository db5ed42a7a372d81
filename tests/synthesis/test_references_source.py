"""`Sources.references` against the fake: S2 `references.*` and OpenAlex `referenced_works`,
batched, merged and cached; a 2-cycle in the corpus; an outage is an error, not an exception."""

from __future__ import annotations

import asyncio
from pathlib import Path

from mathlsp.cache import Cache
from mathlsp.sources.registry import open_sources
from mathlsp.sources.settings import SourceSettings
from mathlsp.synthesis.graph import build_graph, cycles, reading_order
from tests.fakescholar import FakeScholar

VIAZOVSKA, COHN = "arXiv:1603.04246", "doi:10.4007/annals.2017.185.3.8"


def fetch(fake: FakeScholar, cache: Cache, ids: list[str]):
    settings = SourceSettings.from_env(
        overrides={"base_urls": fake.urls(), "rate_limit_scale": 0.001}
    )

    async def go():
        async with open_sources(settings, cache=cache) as sources:
            return await sources.references(ids)

    return asyncio.run(go())


def test_two_cycle_from_both_backends_and_cached(tmp_path: Path) -> None:
    with FakeScholar.running() as fake, Cache(tmp_path / "cache") as cache:
        out = fetch(fake, cache, [VIAZOVSKA, COHN])
        assert not out.errors
        own = {"REF-001": set(), "REF-002": set()}
        refs: dict[str, list] = {"REF-001": [], "REF-002": []}
        for ident, links in out.links.items():
            ref = "REF-001" if ident.value == "1603.04246" else "REF-002"
            own[ref] |= links.own | {ident.key}
            refs[ref] += list(links.references)
        g = build_graph(own, refs)
        assert cycles(g) == [["REF-001", "REF-002"]]
        assert len(reading_order(g).order) == 2
        assert "openalex" in out.links[next(i for i in out.links if i.kind == "doi")].backends
        fake.controls.clear_log()
        again = fetch(fake, cache, [VIAZOVSKA, COHN])
        assert again.cached and not fake.controls.requests()
        assert again.links.keys() == out.links.keys()


def test_outage_is_reported_not_raised(tmp_path: Path) -> None:
    with FakeScholar.running() as fake, Cache(tmp_path / "cache") as cache:
        fake.controls.add_fault("500", "semantic_scholar", count=20)
        out = fetch(fake, cache, [VIAZOVSKA, COHN])
        assert [e.backend for e in out.errors] == ["semantic_scholar"]
        # OpenAlex still answered for the DOI; the arXiv id only S2 could resolve.
        assert [i.kind.value for i in out.links] == ["doi"]
