"""Each backend client over real sockets against the fake server: batching, formats, faults."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from urllib.parse import unquote

import pytest

from mathlsp.sources import LookupStatus, Sources, parse_identifier
from mathlsp.sources.arxiv import ArxivSource
from mathlsp.sources.crossref import CrossrefSource
from mathlsp.sources.errors import HTTPStatusError, UnsafeXML
from mathlsp.sources.openalex import OpenAlexSource
from mathlsp.sources.pubmed import PubMedSource
from mathlsp.sources.record import Identifier, IdKind
from mathlsp.sources.semantic_scholar import SemanticScholarSource
from mathlsp.sources.theoremsearch import TheoremSearchSource
from tests.fakescholar import FakeScholar
from tests.sources.conftest import TEST_KEY


def ids(*texts: str) -> list[Identifier]:
    out = [parse_identifier(t) for t in texts]
    assert all(out)
    return out  # type: ignore[return-value]


# --- arXiv ------------------------------------------------------------------------------------


async def test_arxiv_batches_ids_into_id_list(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    src = make_sources(arxiv_batch=2).get("arxiv")
    assert isinstance(src, ArxivSource)
    results = await src.lookup(ids("math/0211159", "1311.4600v2", "2301.99999", "1603.04246"))
    assert [r.status for r in results] == [
        LookupStatus.FOUND,
        LookupStatus.FOUND,
        LookupStatus.NOT_FOUND,
        LookupStatus.FOUND,
    ]
    log = fake.controls.requests("arxiv")
    assert len(log) == 2  # 4 ids, 2 per call
    assert log[0].query["id_list"] == ["math/0211159,1311.4600v2"]
    assert log[0].query["max_results"] == ["2"]  # never the API's default of 10
    maynard = results[1].record
    assert maynard is not None and maynard.arxiv_version == 2  # the version asked for
    assert results[2].reason == "arXiv returned no entry for 2301.99999"
    assert results[2].url.endswith("/api/query?id_list=2301.99999")


async def test_arxiv_unknown_version_is_not_found(make_sources: Callable[..., Sources]) -> None:
    src = make_sources().get("arxiv")
    assert src is not None
    (res,) = await src.lookup(ids("1311.4600v9"))
    assert res.status is LookupStatus.NOT_FOUND


async def test_arxiv_malformed_id_is_http_400_error(make_sources: Callable[..., Sources]) -> None:
    src = make_sources().get("arxiv")
    assert src is not None
    (res,) = await src.lookup([Identifier(IdKind.ARXIV, "abc")])
    assert res.status is LookupStatus.ERROR
    assert isinstance(res.error, HTTPStatusError) and res.error.status == 400
    assert "incorrect id format for abc" in res.error.message
    assert not res.pending


async def test_arxiv_search(fake: FakeScholar, make_sources: Callable[..., Sources]) -> None:
    src = make_sources().get("arxiv")
    assert src is not None
    records = await src.search("cat:math.DG AND all:ricci", 5)
    assert {r.arxiv_id for r in records} >= {"math/0211159", "math/0303109"}
    (req,) = fake.controls.requests("arxiv")
    assert req.query["search_query"] == ["cat:math.DG AND all:ricci"]
    assert req.query["sortBy"] == ["relevance"] and req.query["max_results"] == ["5"]


async def test_arxiv_spacing_from_request_log(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    src = make_sources(min_interval_s={"arxiv": 0.3}).get("arxiv")
    assert src is not None
    await asyncio.gather(*(src.search(f"all:primes{i}", 1) for i in range(3)))
    times = [r.t for r in fake.controls.requests("arxiv")]
    assert len(times) == 3
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert all(g >= 0.3 - 0.1 for g in gaps), gaps  # slots are 0.3 s apart at the client


async def test_arxiv_doctype_refused(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    fake.controls.add_fault("doctype", "arxiv")
    src = make_sources().get("arxiv")
    assert src is not None
    (res,) = await src.lookup(ids("1311.4600"))
    assert res.status is LookupStatus.ERROR and isinstance(res.error, UnsafeXML)
    assert "DOCTYPE" in res.error.message


async def test_arxiv_html_body_is_typed_error(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    fake.controls.add_fault("html", "arxiv")
    src = make_sources().get("arxiv")
    assert src is not None
    (res,) = await src.lookup(ids("1311.4600"))
    assert res.status is LookupStatus.ERROR and "HTML" in res.reason


# --- Semantic Scholar ---------------------------------------------------------------------------


async def test_s2_batch_post_with_nulls(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    src = make_sources(semantic_scholar_api_key=TEST_KEY).get("semantic_scholar")
    assert isinstance(src, SemanticScholarSource)
    s2_id = fake.corpus.by_arxiv["1311.4600"].s2_id
    results = await src.lookup(
        ids("arXiv:math/0211159v1", "doi:10.9999/unknown", "pmid:12991237", s2_id)
    )
    assert [r.status for r in results] == [
        LookupStatus.FOUND,
        LookupStatus.NOT_FOUND,
        LookupStatus.FOUND,
        LookupStatus.FOUND,
    ]
    (req,) = fake.controls.requests("semantic_scholar")
    assert req.method == "POST" and req.path.endswith("/paper/batch")
    assert json.loads(req.body) == {
        "ids": ["ARXIV:math/0211159", "DOI:10.9999/unknown", "PMID:12991237", s2_id]
    }
    assert req.headers["x-api-key"] == TEST_KEY
    assert TEST_KEY not in req.raw_url
    record = results[0].record
    assert record is not None and record.s2_id and record.arxiv_id == "math/0211159"
    assert "/paper/ARXIV:math/0211159?fields=" in record.url


async def test_s2_batch_never_exceeds_500(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    src = make_sources(s2_batch=10_000).get("semantic_scholar")
    assert src is not None
    many = [Identifier(IdKind.DOI, f"10.5555/none.{i}") for i in range(501)]
    results = await src.lookup(many)
    assert len(results) == 501 and all(r.status is LookupStatus.NOT_FOUND for r in results)
    sizes = [len(json.loads(r.body)["ids"]) for r in fake.controls.requests("semantic_scholar")]
    assert sizes == [500, 1]


async def test_s2_search_match_and_zero_hits(make_sources: Callable[..., Sources]) -> None:
    src = make_sources().get("semantic_scholar")
    assert isinstance(src, SemanticScholarSource)
    assert await src.search("n0 r3sult s3arch") == []
    hits = await src.search("sphere packing", 5)
    assert "The sphere packing problem in dimension 24" in {r.title for r in hits}
    match = await src.match_title("The sphere packing problem in dimension 8")
    assert match is not None and match.arxiv_id == "1603.04246"
    assert await src.match_title("abs12032jsdafn") is None
    single = await src.get(Identifier(IdKind.DOI, "10.2307/2118559"))
    assert single.found and single.record and single.record.title.startswith("Modular elliptic")
    missing = await src.get(Identifier(IdKind.DOI, "10.9999/none"))
    assert missing.status is LookupStatus.NOT_FOUND


async def test_s2_truncated_batch_is_error_for_every_id(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    fake.controls.add_fault("truncate", "semantic_scholar")
    src = make_sources().get("semantic_scholar")
    assert src is not None
    results = await src.lookup(ids("1311.4600", "1603.04246"))
    assert all(r.status is LookupStatus.ERROR for r in results)
    assert "truncated JSON" in results[0].reason


# --- OpenAlex -----------------------------------------------------------------------------------


async def test_openalex_or_filter_batches(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    src = make_sources(openalex_batch=2, mailto="team@example.org").get("openalex")
    assert isinstance(src, OpenAlexSource)
    w = fake.corpus.by_arxiv["1311.4600"].openalex_id
    results = await src.lookup(
        ids("doi:10.2307/2118559", "doi:10.1007/BF02698687", "doi:10.9999/unknown", f"openalex:{w}")
    )
    assert [r.status for r in results] == [
        LookupStatus.FOUND,
        LookupStatus.FOUND,
        LookupStatus.NOT_FOUND,
        LookupStatus.FOUND,
    ]
    filters = [r.query["filter"][0] for r in fake.controls.requests("openalex")]
    assert filters == [
        "doi:10.2307/2118559|10.1007/bf02698687",
        "doi:10.9999/unknown",
        f"ids.openalex:{w}",
    ]
    assert all(
        r.query["mailto"] == ["team@example.org"] for r in fake.controls.requests("openalex")
    )
    gromov = results[1].record
    assert gromov is not None and gromov.url.endswith("/works/doi:10.1007/bf02698687")
    assert "mailto" not in gromov.url


async def test_openalex_single_route_404_html(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    src = make_sources().get("openalex")
    assert src is not None
    (res,) = await src.lookup([Identifier(IdKind.DOI, "10.9999/a,b")])  # a comma breaks filters
    assert res.status is LookupStatus.NOT_FOUND
    (req,) = fake.controls.requests("openalex")
    assert unquote(req.path).endswith("/works/doi:10.9999/a,b")


async def test_openalex_search_rebuilds_abstracts(make_sources: Callable[..., Sources]) -> None:
    src = make_sources().get("openalex")
    assert src is not None
    records = await src.search("bounded gaps primes", 3)
    zhang = next(r for r in records if r.doi == "10.4007/annals.2014.179.3.7")
    assert zhang.abstract and zhang.abstract.startswith("It is proved that liminf")


async def test_openalex_gives_a_work_one_recheck_url_whichever_request_found_it(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    """A search (`search --write`'s stamp), a DOI lookup and a `W…` lookup (`verify`'s) of the
    same work give the same URL: a stamp never changes because another request found it."""
    src = make_sources().get("openalex")
    assert src is not None
    found = next(r for r in await src.search("bounded gaps primes", 3) if r.doi)
    by_doi, by_id = await src.lookup(ids(f"doi:{found.doi}", f"openalex:{found.openalex_id}"))
    assert by_doi.record is not None and by_id.record is not None
    assert found.url == by_doi.record.url == by_id.record.url == by_doi.url == by_id.url
    assert found.url.endswith(f"/works/doi:{found.doi}")


# --- Crossref ---------------------------------------------------------------------------------


async def test_crossref_per_doi_with_bounded_concurrency(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    fake.controls.set_latency(0.15, "crossref")
    src = make_sources(crossref_concurrency=2).get("crossref")
    assert isinstance(src, CrossrefSource)
    dois = [
        "10.2307/2118559",
        "10.2307/2118560",
        "10.2307/1969529",
        "10.1007/BF02126799",
        "10.1007/BF01700692",
        "10.9999/unknown",
        "10.48550/arXiv.1312.7748",
    ]
    results = await src.lookup(ids(*dois))
    # arXiv's DataCite DOIs are never in Crossref, so they are not asked for.
    assert len(results) == 6
    assert [r.status for r in results].count(LookupStatus.NOT_FOUND) == 1
    assert len(fake.controls.requests("crossref")) == 6
    assert fake.controls.max_in_flight["crossref"] <= 2


async def test_crossref_title_match_and_search(make_sources: Callable[..., Sources]) -> None:
    src = make_sources().get("crossref")
    assert isinstance(src, CrossrefSource)
    match = await src.match_title("Groups of polynomial growth and expanding maps")
    assert match is not None and match.doi == "10.1007/BF02698687"  # as Crossref writes it
    found = await src.search("ramanujan graphs", 3)
    assert any(r.title == "Ramanujan graphs" for r in found)


# --- PubMed -------------------------------------------------------------------------------------


async def test_pubmed_lookup_and_search(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    src = make_sources(mailto="team@example.org").get("pubmed")
    assert isinstance(src, PubMedSource)
    results = await src.lookup(ids("pmid:12991237", "pmid:99999999"))
    assert [r.status for r in results] == [LookupStatus.FOUND, LookupStatus.NOT_FOUND]
    (req,) = fake.controls.requests("pubmed")
    assert req.query["id"] == ["12991237,99999999"] and req.query["retmode"] == ["json"]
    assert req.query["email"] == ["team@example.org"] and req.query["tool"] == ["mathlsp"]
    fake.controls.clear_log()
    hits = await src.search("membrane current nerve excitation", 5)
    assert [h.pmid for h in hits] == ["12991237"]
    assert [r.path.rsplit("/", 1)[-1] for r in fake.controls.requests("pubmed")] == [
        "esearch.fcgi",
        "esummary.fcgi",
    ]


# --- TheoremSearch ------------------------------------------------------------------------------


async def test_theoremsearch_hits_and_candidates(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    src = make_sources().get("theoremsearch")
    assert isinstance(src, TheoremSearchSource)
    hits = await src.search_theorems("spectral gap random regular graphs ramanujan", 5)
    assert {h.arxiv_id for h in hits if h.is_arxiv} >= {"cs/0405020", "1304.4132"}
    (req,) = fake.controls.requests("theoremsearch")
    assert req.method == "POST" and json.loads(req.body)["query"].startswith("spectral gap")
    papers = await src.search("composition series jordan holder", 5)
    assert papers == []  # only ProofWiki knows it here: no paper records from context hits
    hits = await src.search_theorems("arithmetic progressions positive density szemeredi", 5)
    assert sum(h.arxiv_id == "math/0404188" for h in hits) == 2  # two theorems, one paper
    candidates = await src.search("arithmetic progressions positive density szemeredi", 5)
    assert [p.arxiv_id for p in candidates].count("math/0404188") == 1  # deduplicated
    assert all(p.backend == "theoremsearch" and p.arxiv_id for p in candidates)


async def test_theoremsearch_down_never_raises(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    fake.controls.add_fault("503", "theoremsearch", count=10)
    sources = make_sources(max_attempts=2)
    outcome = await sources.search_theorems("anything")
    assert outcome.hits == [] and outcome.error is not None
    assert outcome.error.retryable


def test_backend_ids_supported() -> None:
    arxiv_id, doi, s2, oa, pmid = ids("1311.4600", "10.1000/x", "a" * 40, "W1", "pmid:1")
    assert ArxivSource.supports(None, arxiv_id) and not ArxivSource.supports(None, doi)  # type: ignore[arg-type]
    assert not TheoremSearchSource.supports(None, arxiv_id)  # type: ignore[arg-type]
    assert OpenAlexSource.supports(None, oa) and OpenAlexSource.supports(None, doi)  # type: ignore[arg-type]
    assert not SemanticScholarSource.supports(None, oa)  # type: ignore[arg-type]
    assert PubMedSource.supports(None, pmid) and SemanticScholarSource.supports(None, s2)  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", ["openalex", "crossref", "pubmed", "semantic_scholar"])
async def test_html_error_page_is_typed(
    fake: FakeScholar, make_sources: Callable[..., Sources], backend: str
) -> None:
    fake.controls.add_fault("html", backend)
    outcome = await make_sources().search(backend, "primes", 3)
    assert outcome.error is not None and "HTML" in outcome.error.message
