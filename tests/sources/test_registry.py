"""`Sources`: routing identifiers to backends in batches, fallbacks, cache, switches, secrecy."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mathlsp.cache import Cache
from mathlsp.sources import (
    GaveUp,
    Identifier,
    IdKind,
    LookupStatus,
    RetryScheduled,
    SourceEvent,
    Sources,
)
from tests.fakescholar import FakeScholar
from tests.sources.conftest import TEST_KEY


def counts(fake: FakeScholar) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in fake.controls.requests():
        out[r.backend] = out.get(r.backend, 0) + 1
    return out


async def test_lookup_many_routes_in_batches(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    sources = make_sources()
    s2_id = fake.corpus.by_arxiv["1603.04246"].s2_id
    outcomes = await sources.lookup_many(
        [
            "arXiv:math/0211159",
            "1311.4600v2",
            "math.GT/0309136",
            "1603.06518",
            "doi:10.2307/2118559",
            "https://doi.org/10.1007/BF02698687",
            "doi:10.9999/unknown",
            "pmid:12991237",
            s2_id,
            "not an id",
        ]
    )
    status = [o.status for o in outcomes]
    assert status == [
        LookupStatus.FOUND,
        LookupStatus.FOUND,
        LookupStatus.NOT_FOUND,
        LookupStatus.FOUND,
        LookupStatus.FOUND,
        LookupStatus.FOUND,
        LookupStatus.NOT_FOUND,
        LookupStatus.FOUND,
        LookupStatus.FOUND,
        LookupStatus.INVALID,
    ]
    # One arXiv id_list call for four ids; one OpenAlex OR-filter for three DOIs; Crossref only
    # for the DOI OpenAlex did not know; one S2 batch; one PubMed esummary.
    assert counts(fake) == {
        "arxiv": 1,
        "openalex": 1,
        "crossref": 1,
        "semantic_scholar": 1,
        "pubmed": 1,
    }
    # arXiv is authoritative for arXiv ids: its "no entry" is not re-asked elsewhere.
    assert outcomes[2].reason == "arXiv returned no entry for math/0309136"
    assert outcomes[6].reason == "Crossref returned no entry for 10.9999/unknown"
    assert [r.backend for r in outcomes[6].results] == ["openalex", "crossref"]
    assert outcomes[9].reason.startswith("not an arXiv id, DOI")
    assert outcomes[1].record is not None and outcomes[1].record.arxiv_version == 2


async def test_duplicates_share_one_request(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    outcomes = await make_sources().lookup_many(["1311.4600", "arXiv:1311.4600", "ARXIV:1311.4600"])
    assert all(o.found for o in outcomes)
    (req,) = fake.controls.requests("arxiv")
    assert req.query["id_list"] == ["1311.4600"]


async def test_falls_back_when_arxiv_is_down(
    fake: FakeScholar, make_sources: Callable[..., Sources], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("503", "arxiv", count=10)
    (outcome,) = await make_sources(max_attempts=2).lookup_many(["1603.04246"])
    assert outcome.found
    assert [(r.backend, r.status) for r in outcome.results] == [
        ("arxiv", LookupStatus.ERROR),
        ("semantic_scholar", LookupStatus.FOUND),
    ]
    assert outcome.record is not None and outcome.record.backend == "semantic_scholar"
    # The server errors were retried quietly; one line says arXiv was given up on.
    assert [e.backend for e in events if isinstance(e, GaveUp)] == ["arxiv"]
    assert not any(isinstance(e, RetryScheduled) for e in events)


async def test_rate_limited_everywhere_is_pending(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    fake.controls.add_fault("429", None, count=20)
    (outcome,) = await make_sources(max_attempts=2).lookup_many(["1603.04246"])
    assert outcome.status is LookupStatus.ERROR
    assert outcome.reason == "arXiv rate-limited; verification pending"
    assert all(r.pending for r in outcome.results)


async def test_exhaustive_asks_every_capable_backend(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    (outcome,) = await make_sources().lookup_many(
        ["doi:10.4007/annals.2015.181.1.7"], exhaustive=True
    )
    assert [r.record.backend for r in outcome.results if r.record] == [
        "openalex",
        "crossref",
        "semantic_scholar",
    ]


async def test_switched_off_backends_are_never_called(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    sources = make_sources(disabled_sources=["arxiv", "pubmed"])
    assert "arxiv" not in sources.enabled
    outcomes = await sources.lookup_many(["1311.4600", "pmid:12991237"])
    assert (
        outcomes[0].found
        and outcomes[0].record
        and outcomes[0].record.backend == "semantic_scholar"
    )
    assert (
        outcomes[1].found
        and outcomes[1].record
        and outcomes[1].record.backend == "semantic_scholar"
    )
    assert set(counts(fake)) == {"semantic_scholar"}
    only_arxiv_off = make_sources(enabled_sources=["arxiv"])
    (doi,) = await only_arxiv_off.lookup_many(["doi:10.2307/2118559"])
    assert doi.status is LookupStatus.ERROR
    assert doi.reason == "no enabled source can look up doi:10.2307/2118559"
    search = await only_arxiv_off.search("crossref", "primes")
    assert search.error is not None and "switched off" in search.error.message


async def test_cache_answers_repeat_lookups(
    fake: FakeScholar, make_sources: Callable[..., Sources], tmp_path: Path
) -> None:
    with Cache(tmp_path) as cache:
        sources = make_sources(cache=cache)
        first = await sources.lookup_many(["1311.4600", "2301.99999", "doi:10.2307/2118559"])
        before = len(fake.controls.requests())
        again = await sources.lookup_many(["1311.4600", "2301.99999", "doi:10.2307/2118559"])
        assert len(fake.controls.requests()) == before  # nothing new on the wire
        assert [o.status for o in again] == [o.status for o in first]
        assert all(r.cached for o in again for r in o.results)
        # Every identifier a record carries finds it: the DOI arXiv reported, for instance.
        (by_doi,) = await sources.lookup_many(
            ["doi:10.4007/annals.2015.181.1.7"], backends=["arxiv"]
        )
        assert by_doi.status is LookupStatus.ERROR  # arXiv cannot look up DOIs…
        assert cache.get_record(Identifier(IdKind.DOI, "10.4007/annals.2015.181.1.7"))


async def test_errors_are_not_cached(
    fake: FakeScholar, make_sources: Callable[..., Sources], tmp_path: Path
) -> None:
    with Cache(tmp_path) as cache:
        sources = make_sources(cache=cache, max_attempts=1, disabled_sources=["semantic_scholar"])
        fake.controls.add_fault("503", "arxiv")
        (failed,) = await sources.lookup_many(["1311.4600"])
        assert failed.status is LookupStatus.ERROR
        (ok,) = await sources.lookup_many(["1311.4600"])
        assert ok.found and not ok.results[0].cached
        assert len(fake.controls.requests("arxiv")) == 2


async def test_search_outcomes_never_raise(
    fake: FakeScholar, make_sources: Callable[..., Sources], tmp_path: Path
) -> None:
    fake.controls.add_fault("truncate", "openalex")
    with Cache(tmp_path) as cache:
        sources = make_sources(cache=cache)
        outcomes = await sources.search_many(
            [
                ("arxiv", "all:sphere AND all:packing"),
                ("openalex", "sphere packing"),
                ("semantic_scholar", "sphere packing"),
            ],
            limit=5,
        )
        assert [o.ok for o in outcomes] == [True, False, True]
        assert "truncated JSON" in str(outcomes[1].error)
        before = len(fake.controls.requests())
        cached = await sources.search("arxiv", "all:sphere AND all:packing", 5)
        assert cached.cached and cached.records == outcomes[0].records
        assert len(fake.controls.requests()) == before
        match = await sources.match_title(
            "Interlacing families I: Bipartite Ramanujan graphs of all degrees"
        )
        assert match.records and match.records[0].arxiv_id == "1304.4132"
        no_match = await sources.match_title("Ramanujan graphs", backend="arxiv")
        assert no_match.error is not None


async def test_key_never_leaks(
    fake: FakeScholar, make_sources: Callable[..., Sources], events: list[SourceEvent]
) -> None:
    fake.controls.require_key = TEST_KEY
    fake.controls.add_fault("429", "semantic_scholar", count=1)
    sources = make_sources(semantic_scholar_api_key=TEST_KEY)
    outcomes = await sources.lookup_many(["1311.4600", "pmid:12991237"], exhaustive=True)
    search = await sources.search("semantic_scholar", "primes", 3)
    texts = [repr(o) for o in outcomes] + [repr(search), repr(events), repr(sources.settings)]
    texts += [r.raw_url for r in fake.controls.requests()]
    texts += [e.message for e in events]
    assert not any(TEST_KEY in t for t in texts)
    s2 = fake.controls.requests("semantic_scholar")
    assert s2 and all(r.headers.get("x-api-key") == TEST_KEY for r in s2)
    assert all("x-api-key" not in r.headers for r in fake.controls.requests("arxiv"))
    # Wrong key: a 403 with a message, still no key in it.
    wrong = make_sources(semantic_scholar_api_key="wrong-" + TEST_KEY, disabled_sources=["arxiv"])
    (o,) = await wrong.lookup_many(["1311.4600"])
    assert o.status is LookupStatus.ERROR and "403" in o.reason
    assert "wrong-" + TEST_KEY not in o.reason


async def test_requests_sent_counter(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    sources = make_sources()
    await sources.lookup_many(["1311.4600", "doi:10.2307/2118559"])
    sent = sources.requests_sent()
    assert sent["arxiv"] == 1 and sent["openalex"] == 1 and sent["crossref"] == 0
