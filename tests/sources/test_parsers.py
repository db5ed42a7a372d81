"""Parsers against the recorded wire fixtures in tests/fakescholar/data/wire/.

Each fixture is named in USED; the last test fails when a fixture goes unused (arxiv.py style).
"""

from __future__ import annotations

import json

import pytest

from mathlsp.sources import arxiv, crossref, openalex, pubmed, semantic_scholar, theoremsearch
from mathlsp.sources.errors import MalformedResponse, UnsafeXML
from mathlsp.sources.http import parse_json
from mathlsp.sources.record import Author
from mathlsp.sources.safexml import check_xml
from tests.sources.conftest import WIRE, wire

BASE = "http://fake.test"
USED: set[str] = set()


def load(name: str) -> bytes:
    USED.add(name)
    return wire(name)


def load_json(name: str) -> object:
    return json.loads(load(name))


# --- arXiv ------------------------------------------------------------------------------------


def test_arxiv_id_list_with_unknown_id() -> None:
    feed = arxiv.parse_feed(load("arxiv/id_list_three_one_unknown.xml"), "u", base_url=BASE)
    assert feed.total_results == 2  # the unknown id is silently absent
    assert feed.errors == []
    green_tao, maynard = feed.records
    assert green_tao.arxiv_id == "math/0404188" and green_tao.arxiv_version == 2
    assert green_tao.arxiv_id_versioned == "math/0404188v2"
    assert green_tao.title == "The primes contain arbitrarily long arithmetic progressions"
    assert green_tao.authors == (Author("Green", "Ben"), Author("Tao", "Terence"))
    assert green_tao.year == 2004  # the arXiv record's year is the preprint's
    assert green_tao.doi == "10.4007/annals.2008.167.481"
    assert green_tao.categories == ("math.NT", "math.CO")
    assert green_tao.venue == "Annals of Mathematics 167 (2008) 481-547"
    assert green_tao.abstract and green_tao.abstract.startswith("We prove that there are")
    assert green_tao.url == f"{BASE}/api/query?id_list=math/0404188v2"
    assert green_tao.open_access_url == "https://arxiv.org/pdf/math/0404188v2"
    assert maynard.arxiv_id == "1311.4600" and maynard.arxiv_version == 3


def test_arxiv_empty_feed() -> None:
    feed = arxiv.parse_feed(load("arxiv/id_list_unknown_empty.xml"), "u", base_url=BASE)
    assert feed.total_results == 0 and feed.records == [] and feed.errors == []


def test_arxiv_error_entry() -> None:
    feed = arxiv.parse_feed(load("arxiv/error_malformed_id_http400.xml"), "u", base_url=BASE)
    assert feed.records == []
    assert feed.errors == ["incorrect id format for abc"]


def test_arxiv_search_feed() -> None:
    feed = arxiv.parse_feed(load("arxiv/search_cat_math_NT_primes.xml"), "u", base_url=BASE)
    assert feed.records
    assert all("math.NT" in r.categories for r in feed.records)
    assert any(r.title == "Small gaps between primes" for r in feed.records)


@pytest.mark.parametrize(
    "body",
    [
        b'<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY x "y">]><feed/>',
        b'<?xml version="1.0"?>\n<!doctype feed SYSTEM "http://evil/feed.dtd"><feed/>',
        b'<feed xmlns="http://www.w3.org/2005/Atom"><!ENTITY x SYSTEM "file:///etc/passwd"></feed>',
    ],
)
def test_xml_with_doctype_or_entities_is_refused(body: bytes) -> None:
    with pytest.raises(UnsafeXML):
        arxiv.parse_feed(body, "u", base_url=BASE)


@pytest.mark.parametrize(
    "body",
    [
        b"<!DOCTYPE html><html><body>Bad Gateway</body></html>",
        b"",
        b"Rate exceeded.",
        b"plain text",
    ],
)
def test_arxiv_non_xml_is_malformed(body: bytes) -> None:
    with pytest.raises(MalformedResponse):
        arxiv.parse_feed(body, "u", base_url=BASE)


def test_arxiv_truncated_feed_is_malformed() -> None:
    body = wire("arxiv/id_list_three_one_unknown.xml")
    with pytest.raises(MalformedResponse, match="broken Atom"):
        arxiv.parse_feed(body[: len(body) // 2], "u", base_url=BASE)


def test_check_xml_accepts_plain_atom() -> None:
    check_xml(b'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"/>', "arxiv", "u")


# --- Semantic Scholar -------------------------------------------------------------------------


def test_s2_batch_with_nulls() -> None:
    data = load_json("semanticscholar/batch_with_null.json")
    assert isinstance(data, list) and len(data) == 4
    assert data[1] is None  # unknown DOI → null, aligned with the request
    perelman = semantic_scholar.parse_paper(data[0], "u")
    assert perelman is not None
    assert perelman.arxiv_id == "math/0211159"
    assert perelman.doi == "10.48550/arXiv.math/0211159"  # as the source writes it
    assert perelman.venue == "arXiv.org"
    assert perelman.open_access_url == "https://arxiv.org/pdf/math/0211159"
    hh = semantic_scholar.parse_paper(data[2], "u")
    assert hh is not None and hh.pmid == "12991237" and hh.open_access_url is None
    assert hh.authors[0] == Author("Hodgkin", "A. L.")


def test_s2_search_zero_hits_has_no_data_key() -> None:
    data = load_json("semanticscholar/search_zero_hits.json")
    assert "data" not in data  # type: ignore[operator]
    assert semantic_scholar.parse_search(data, BASE, "u") == []


def test_s2_search_and_match() -> None:
    records = semantic_scholar.parse_search(
        load_json("semanticscholar/search_sphere_packing.json"), BASE, "u"
    )
    titles = [r.title for r in records]
    assert "The sphere packing problem in dimension 8" in titles
    assert all(r.url.startswith(f"{BASE}/paper/") and "fields=" in r.url for r in records)
    match = semantic_scholar.parse_search(
        load_json("semanticscholar/match_title_small_gaps.json"), BASE, "u"
    )
    assert [r.title for r in match] == ["Small gaps between primes"]
    assert match[0].citation_count == 560


def test_s2_title_match_404_body() -> None:
    assert load_json("semanticscholar/error_404_title_match.json") == {
        "error": "Title match not found"
    }


def test_s2_record_url_syntax() -> None:
    url = semantic_scholar.record_url(BASE, "ARXIV:math/0211159")
    assert url.startswith(f"{BASE}/paper/ARXIV:math/0211159?fields=paperId,")


# --- OpenAlex ---------------------------------------------------------------------------------


def test_openalex_doi_filter_list() -> None:
    records = openalex.parse_list(load_json("openalex/filter_doi_two_one_unknown.json"), BASE, "u")
    assert len(records) == 1
    r = records[0]
    assert r.doi == "10.4007/annals.2008.167.481"
    assert r.arxiv_id == "math/0404188"  # from the arXiv repository location
    assert r.openalex_id and r.openalex_id.startswith("W")
    assert r.venue == "Annals of Mathematics"
    assert r.url == f"{BASE}/works/doi:10.4007/annals.2008.167.481"
    # The inverted index is rebuilt into the original text.
    assert r.abstract and r.abstract.startswith("We prove that there are arbitrarily long")
    assert "Goldston and Yıldırım" in r.abstract


def test_openalex_search_and_null_abstract() -> None:
    records = openalex.parse_list(load_json("openalex/search_ricci_flow.json"), BASE, "u")
    by_title = {r.title: r for r in records}
    extinction = by_title[
        "Finite extinction time for the solutions to the Ricci flow on certain three-manifolds"
    ]
    assert extinction.abstract is None  # abstract_inverted_index: null
    assert extinction.doi == "10.48550/arxiv.math/0307245"
    assert extinction.arxiv_id == "math/0307245"


def test_openalex_404_is_html() -> None:
    body = load("openalex/error_404_single_doi.html")
    with pytest.raises(MalformedResponse, match="HTML"):
        parse_json(body, "openalex", "u")


def test_rebuild_abstract() -> None:
    assert openalex.rebuild_abstract({"b": [1], "a": [0, 2]}) == "a b a"
    assert openalex.rebuild_abstract(None) is None
    assert openalex.rebuild_abstract({}) is None
    assert openalex.rebuild_abstract({"x": "junk"}) is None


# --- Crossref ---------------------------------------------------------------------------------


def test_crossref_work_with_jats_abstract() -> None:
    r = crossref.parse_work_message(load_json("crossref/work_zhang_jats_abstract.json"), BASE, "u")
    assert r.title == "Bounded gaps between primes"
    assert r.authors == (Author("Zhang", "Yitang"),)
    assert r.year == 2014 and r.venue == "Annals of Mathematics"
    assert r.doi == "10.4007/annals.2014.179.3.7"
    assert (
        r.abstract
        == "It is proved that liminf (p_{n+1} - p_n) < 7 × 10^7, where p_n is the n-th prime."
    )
    assert r.url == f"{BASE}/works/10.4007/annals.2014.179.3.7"


def test_crossref_404_is_plain_text() -> None:
    assert load("crossref/error_404_arxiv_doi.txt") == b"Resource not found."


def test_crossref_list() -> None:
    records = crossref.parse_work_list(
        load_json("crossref/list_bibliographic_kato.json"), BASE, "u"
    )
    assert records[0].title == "Perturbation Theory for Linear Operators"
    assert records[0].doi == "10.1007/978-3-642-66282-9"
    with pytest.raises(MalformedResponse):
        crossref.parse_work_message(load_json("crossref/list_bibliographic_kato.json"), BASE, "u")


def test_strip_jats() -> None:
    text = (
        "<jats:title>Abstract</jats:title><jats:p>A &amp; B <jats:italic>x</jats:italic>.</jats:p>"
    )
    assert crossref.strip_jats(text) == "A & B x ."
    assert crossref.strip_jats(None) is None


# --- PubMed -----------------------------------------------------------------------------------


def test_pubmed_esearch_numbers_as_strings() -> None:
    count, ids = pubmed.parse_esearch(load_json("pubmed/esearch_membrane_current.json"), "u")
    assert count == 1 and ids == ["12991237"]


def test_pubmed_esummary_with_unknown_uid() -> None:
    out = pubmed.parse_esummary(load_json("pubmed/esummary_one_unknown.json"), BASE, "u")
    assert out["99999999"] is None
    hh = out["12991237"]
    assert hh is not None
    assert hh.title.startswith("A quantitative description of membrane current")
    assert not hh.title.endswith(".")
    assert hh.authors == (Author("Hodgkin", "AL"), Author("Huxley", "AF"))
    assert hh.doi == "10.1113/jphysiol.1952.sp004764" and hh.year == 1952
    assert hh.url == f"{BASE}/esummary.fcgi?db=pubmed&id=12991237&retmode=json"


def test_pubmed_error_bodies() -> None:
    with pytest.raises(MalformedResponse):
        pubmed.parse_esearch({"esearchresult": {"ERROR": "Invalid query"}}, "u")
    with pytest.raises(MalformedResponse):
        pubmed.parse_esummary({"error": "API rate limit exceeded"}, BASE, "u")


# --- TheoremSearch ----------------------------------------------------------------------------


def test_theoremsearch_mixed_hits() -> None:
    hits = theoremsearch.parse_search(
        load_json("theoremsearch/search_arithmetic_progressions_mixed.json"), "u"
    )
    arxiv_hits = [h for h in hits if h.is_arxiv]
    context = [h for h in hits if not h.is_arxiv]
    assert arxiv_hits and context
    gt = next(h for h in arxiv_hits if h.arxiv_id == "math/0404188")
    assert gt.arxiv_version == 6
    assert gt.paper is not None and gt.paper.title.startswith("The primes contain")
    assert gt.paper.authors == (Author("Green", "Ben"), Author("Tao", "Terence"))
    assert gt.similarity is not None and 0 < gt.similarity <= 1
    pw = next(h for h in context if h.source == "ProofWiki")
    assert pw.paper is None  # theorem context only, never a paper record
    assert pw.link and pw.link.startswith("https://proofwiki.org/")


def test_theoremsearch_malformed() -> None:
    with pytest.raises(MalformedResponse):
        theoremsearch.parse_search(["not", "an", "object"], "u")
    assert theoremsearch.parse_search({"theorems": []}, "u") == []


# --- JSON guard -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "match"),
    [
        (b'{"data": [{"paperId": "0f40', "truncated"),
        (b"<!DOCTYPE html><html></html>", "HTML"),
        (b"\xff\xfe\x00", "non-UTF-8"),
        (b"{'single': 'quotes'}", "invalid"),
    ],
)
def test_parse_json_guards(body: bytes, match: str) -> None:
    with pytest.raises(MalformedResponse, match=match):
        parse_json(body, "semantic_scholar", "u")


def test_every_wire_fixture_is_used() -> None:
    files = {
        str(p.relative_to(WIRE)) for p in WIRE.rglob("*") if p.is_file() and p.name != "README.md"
    }
    assert files - USED == set(), "unused wire fixtures"
