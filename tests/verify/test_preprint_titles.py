"""A paper whose journal title changed a word of its arXiv title, as real records do: OpenAlex
and Crossref carry the journal's, arXiv and Semantic Scholar the preprint's. A title-only entry
citing the preprint (with the preprint's year) is confirmed by the fallbacks; a word swapped
into the journal title, with the journal's year, is still refuted at once by the first tier."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from mathlsp.cache import Cache
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.sources import Sources, SourceSettings
from mathlsp.verify.pipeline import verify_entries
from tests.fakescholar import FakeScholar
from tests.fakescholar.corpus import Paper
from tests.sources.conftest import FAST

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)

REVISED = Paper(
    key="revised-title",
    title="Sharp decay estimates for the damped Klein-Gordon equation on compact manifolds",
    preprint_title=(
        "Optimal decay estimates for the damped Klein-Gordon equation on compact manifolds"
    ),
    authors=[("Yuliya", "Vasquez-Oyelaran"), ("Torben", "Halvorsrud")],
    year=2021,
    venue="Journal of Spectral Theory",
    abstract="We prove decay estimates for the damped Klein-Gordon equation.",
    citations=3,
    arxiv_id="1911.04321",
    arxiv_published="2019-11-11",
    doi="10.4171/jst/4321",
)


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeScholar]:
    with FakeScholar.running(extra=(REVISED,)) as server:
        yield server


@pytest.fixture
async def sources(fake: FakeScholar, tmp_path: Path) -> AsyncIterator[Sources]:
    fake.controls.reset()
    settings = SourceSettings.from_env(overrides={**FAST, "base_urls": fake.urls()}, environ={})
    async with httpx.AsyncClient() as client:
        yield Sources(settings, client, cache=Cache(tmp_path / "cache"))


def entry(title: str, year: int) -> list[ReferenceEntry]:
    body = f"### REF-001: {title}\n- **Authors:** Y. Vasquez-Oyelaran, T. Halvorsrud\n"
    body += f"- **Year:** {year}\n"
    doc = LiteratureDoc("## Confirmed References\n\n" + body + "\n## Unconfirmed References\n")
    return doc.entries


async def test_the_fake_shows_each_source_its_own_title(sources: Sources) -> None:
    arxiv = await sources.search("arxiv", "ti:Optimal AND ti:Gordon", limit=5)
    openalex = await sources.search("openalex", "Sharp decay Klein-Gordon", limit=5)
    assert arxiv.records[0].title == REVISED.preprint_title
    assert REVISED.title in [r.title for r in openalex.records]


async def test_a_preprint_title_the_journal_revised_is_confirmed(
    sources: Sources, fake: FakeScholar
) -> None:
    (check,) = await verify_entries(entry(REVISED.arxiv_title, 2019), sources, now=NOW)
    assert check.confirmed, check.reasons
    assert {"semantic_scholar", "arxiv"} & {r.backend for r in fake.controls.requests()}


async def test_a_word_swapped_into_the_journal_title_is_refuted_by_the_first_tier(
    sources: Sources, fake: FakeScholar
) -> None:
    swapped = REVISED.title.replace("compact", "noncompact")
    (check,) = await verify_entries(entry(swapped, 2021), sources, now=NOW)
    assert not check.confirmed and not check.pending, check.reasons
    assert {r.backend for r in fake.controls.requests()} == {"openalex", "crossref"}


async def test_a_word_swapped_into_the_preprint_title_is_refuted_after_the_fallbacks(
    sources: Sources,
) -> None:
    swapped = REVISED.arxiv_title.replace("damped", "undamped")
    (check,) = await verify_entries(entry(swapped, 2019), sources, now=NOW)
    assert not check.confirmed and not check.pending, check.reasons
