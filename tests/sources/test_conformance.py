"""Parse every recorded real API answer in ../shared/fixtures with the real parsers.

The folder sits beside the repository checkout (CI has it); the test skips when it is absent.
Each file must be handled by `check` — an unknown file fails, so new fixtures get assertions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from mathlsp.sources import arxiv, crossref, openalex, pubmed, semantic_scholar, theoremsearch
from mathlsp.sources.errors import MalformedResponse, UnsafeXML
from mathlsp.sources.http import Response, _detail, parse_json
from mathlsp.sources.safexml import check_xml

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "fixtures"
FILES = (
    sorted(p for p in SHARED.rglob("*") if p.is_file() and p.name != "SOURCES.md")
    if SHARED.is_dir()
    else []
)
BASE = "https://api.example"

pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason=f"{SHARED} not present")


def error_detail(body: bytes) -> str:
    return _detail(Response(400, {"content-type": "application/json"}, body, "u"), ())


def check_arxiv(path: Path, body: bytes) -> None:
    if path.name.endswith(".wrapper.json"):
        wrapper = json.loads(body)
        assert wrapper["status_code"] == 400
        feed = arxiv.parse_feed(wrapper["body"].encode(), "u", base_url=BASE)
        assert feed.errors == ["incorrect id format for abc"]
        return
    feed = arxiv.parse_feed(body, "u", base_url=BASE)
    name = path.name
    if name.startswith("error_"):
        assert feed.records == [] and feed.errors == ["incorrect id format for abc"]
        return
    assert feed.errors == []
    if "nonexistent" in name and "empty" in name:
        assert feed.total_results == 0 and feed.records == []
        return
    assert feed.records, name
    for r in feed.records:
        assert r.arxiv_id and r.title and r.authors and r.year
        assert "\n" not in r.title  # wrapped titles are unwrapped
        assert r.url == f"{BASE}/api/query?id_list={r.arxiv_id_versioned}"
    first = feed.records[0]
    expected: dict[str, tuple[str, int | None]] = {
        "id_list_1605.08386_unversioned.xml": ("1605.08386", 1),
        "id_list_2104.12255v1.xml": ("2104.12255", 1),
        "id_list_oldstyle_quant-ph_0201082v1.xml": ("quant-ph/0201082", 1),
        "id_list_oldstyle_astro-ph_0601001.xml": ("astro-ph/0601001", 1),
        "id_list_two_ids_one_nonexistent.xml": ("1707.08567", 1),
        "legacy2016_id_list_1111.2011v2.xml": ("1111.2011", 2),
    }
    if name in expected:
        assert (first.arxiv_id, first.arxiv_version) == expected[name]
        assert len(feed.records) == 1
    if name == "id_list_oldstyle_astro-ph_0601001.xml":
        assert [a.family for a in first.authors] == ["Gould", "Dorsher", "Gaudi", "Udalski"]
        assert first.venue == "ActaAstron.56:1-50,2006"
    if name == "id_list_two_ids_one_nonexistent.xml":
        assert feed.total_results == 1
        assert any(a.family == "Wübben" for a in first.authors)
    if name == "legacy2016_id_list_1111.2011v2.xml":
        assert first.doi == "10.1103/PhysRevB.85.115117"  # as the source writes it
        assert first.title.endswith("Bethe Lattice in the Large Connectivity Limit")
    if name == "search_query_testing_start0_max10.xml":
        assert feed.total_results == 214881 and len(feed.records) == 10
        assert sum(1 for r in feed.records if r.doi) >= 2


def check_s2_json(name: str, data: Any) -> None:
    if name.startswith("error_"):
        assert isinstance(data, dict) and (data.get("error") or data.get("message"))
        assert error_detail(json.dumps(data).encode()).startswith(": ")
        return
    if name.startswith("paper_batch"):
        assert isinstance(data, list) and data[0] is None
        records = [semantic_scholar.parse_paper(d, "u") for d in data[1:]]
        assert all(r is not None and r.s2_id and r.title for r in records)
        first = records[0]
        assert first is not None and first.doi == "10.2139/ssrn.288970"
        assert first.open_access_url == "http://papers.nber.org/papers/w8841.pdf"
        assert first.venue == "Experimental & Empirical Studies eJournal"
        return
    if name.startswith("paper_search"):
        records = semantic_scholar.parse_search(data, BASE, "u")
        with_titles = [d for d in data.get("data", []) if d.get("title")]
        assert len(records) == len(with_titles)
        if "zero_results" in name:
            assert "data" not in data and records == []
        if "attention" in name:
            (r,) = records
            assert r.arxiv_id == "1706.03762" and r.open_access_url is None  # url "" → None
            assert r.authors[0].family == "Vaswani" and r.year == 2017
        if name == "paper_search_match_title.json":
            assert records[0].title.startswith("Mining association rules")
        return
    if name.startswith("paper_single"):
        r = semantic_scholar.parse_paper(data, "u")
        assert r is not None and r.title
        if "arxiv_2312.07559" in name:
            assert r.arxiv_id == "2312.07559" and r.doi == "10.48550/arXiv.2312.07559"
        if "all_fields" in name or "doi_fields_title" in name:
            assert r.title == "Computing Machinery and Intelligence"
        if "all_fields" in name:
            assert r.doi == "10.1093/MIND/LIX.236.433"
        return
    raise AssertionError(f"no expectations for {name}")


def check_s2(path: Path, body: bytes) -> None:
    if path.suffix == ".yaml":
        cassette = yaml.safe_load(body)
        for interaction in cassette["interactions"]:
            raw = interaction["response"]["body"]["string"]
            data = parse_json(raw.encode(), "semantic_scholar", "u")
            kind = "paper_batch" if interaction["request"]["method"] == "POST" else "paper_search"
            check_s2_json(kind + "_from_cassette", data)
        return
    check_s2_json(path.name, parse_json(body, "semantic_scholar", "u"))


def check_openalex(path: Path, body: bytes) -> None:
    if path.suffix == ".html":
        with pytest.raises(MalformedResponse, match="HTML"):
            parse_json(body, "openalex", "u")
        return
    data = parse_json(body, "openalex", "u")
    if path.name.startswith("works_list"):
        records = openalex.parse_list(data, BASE, "u")
        assert (
            len(records) == len(data["results"]) == min(data["meta"]["count"], len(data["results"]))
        )
        assert all(r.openalex_id and r.title for r in records)
        if "paperqa" in path.name:
            (r,) = records
            assert r.doi == "10.48550/arxiv.2312.07559" and r.arxiv_id == "2312.07559"
            assert r.venue == "arXiv (Cornell University)"
        return
    record = openalex.parse_work(data, BASE)
    if "select" in path.name:
        assert record is None  # `select=` dropped id and title: no record, no crash
        return
    assert record is not None and record.title and record.authors and record.doi
    if data.get("abstract_inverted_index") is None:
        assert record.abstract is None  # null index (despite the file's name) → no abstract
    else:
        assert record.abstract
    if "W2741809807" in path.name:
        assert record.doi == "10.7717/peerj.4375" and record.pmid == "29456894"
        assert record.abstract.startswith("Despite growing interest in Open Access")
        assert record.url == f"{BASE}/works/doi:10.7717/peerj.4375"  # one form per work
        assert record.citation_count == 962


def check_crossref(path: Path, body: bytes) -> None:
    name = path.name
    if path.suffix == ".txt":
        assert body == b"Resource not found."
        return
    if path.suffix == ".bib":
        with pytest.raises(MalformedResponse):
            crossref.parse_work_message(parse_json(body, "crossref", "u"), BASE, "u")
        return
    data = parse_json(body, "crossref", "u")
    if name.startswith("error_"):
        assert data["status"] == "failed"
        with pytest.raises(MalformedResponse):
            crossref.parse_work_message(data, BASE, "u")
        assert error_detail(body).startswith(": ")
        return
    if name.startswith("works_item"):
        r = crossref.parse_work_message(data, BASE, "u")
        assert r.doi and r.title and r.year and r.authors
        if "4938384" in name:
            assert r.abstract and r.abstract.startswith("Metal-oxide layers are likely")
            assert "<" not in r.abstract
            assert r.url == f"{BASE}/works/10.1063/1.4938384"
        return
    records = crossref.parse_work_list(data, BASE, "u")
    assert len(records) == len([i for i in data["message"]["items"] if i.get("title")])
    if "gibberish" in name:
        assert records == [] and data["message"]["total-results"] == 0
    if "title_author" in name:
        assert records[0].title == "Self-Attention with Relative Position Representations"


def check_pubmed(path: Path, body: bytes) -> None:
    if path.suffix == ".xml":
        # NCBI's XML carries a DOCTYPE: refused by design, which is why the backend uses JSON.
        with pytest.raises(UnsafeXML):
            check_xml(body, "pubmed", "u")
        return
    data = parse_json(body, "pubmed", "u")
    if "esearch" in path.name:
        count, ids = pubmed.parse_esearch(data, "u")
        assert count == 603 and len(ids) == 20
        return
    out = pubmed.parse_esummary(data, BASE, "u")
    record = out["27933103"]
    assert record is not None and record.doi == "10.1186/s13321-016-0181-z"
    assert record.year == 2016 and record.authors[0].family == "Scalfani"


def check_theoremsearch(path: Path, body: bytes) -> None:
    hits = theoremsearch.parse_search(parse_json(body, "theoremsearch", "u"), "u")
    assert len(hits) == 10
    for h in hits:
        if h.is_arxiv:
            assert h.paper is not None and h.paper.arxiv_id == h.arxiv_id and h.arxiv_version
        else:
            assert h.paper is None and h.link
    if "mixed" in path.name:
        assert {h.source for h in hits} == {"arXiv", "ProofWiki"}
        assert any(h.arxiv_id == "math/0503154" and h.arxiv_version == 6 for h in hits)
    else:
        assert all(h.is_arxiv for h in hits)


CHECKERS = {
    "arxiv": check_arxiv,
    "semanticscholar": check_s2,
    "openalex": check_openalex,
    "crossref": check_crossref,
    "pubmed": check_pubmed,
    "theoremsearch": check_theoremsearch,
}


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SHARED)) for p in FILES])
def test_real_fixture(path: Path) -> None:
    checker = CHECKERS.get(path.parent.name)
    assert checker is not None, f"no checker for {path.parent.name}/"
    checker(path, path.read_bytes())


def test_fixture_folder_is_not_empty() -> None:
    assert len(FILES) >= 50
