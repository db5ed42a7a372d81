"""Regenerate `data/wire/`: golden response bodies recorded from the fake server.

    python -m tests.fakescholar.make_wire

Each file is the byte-for-byte body of one request (listed in data/wire/README.md); the parser
tests read them, and a test fails when a file is no longer used.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from tests.fakescholar.corpus import load_papers
from tests.fakescholar.server import FakeScholar

WIRE = Path(__file__).with_name("data") / "wire"
S2_FIELDS = (
    "paperId,externalIds,title,abstract,authors,year,venue,journal,publicationDate,"
    "citationCount,openAccessPdf"
)


def requests() -> list[tuple[str, str, str, dict | None]]:
    """(file, method, path+query, json body)."""
    green_tao = next(p for p in load_papers() if p.key == "green-tao-primes")
    return [
        (
            "arxiv/id_list_three_one_unknown.xml",
            "GET",
            "/arxiv/api/query?id_list=math/0404188v2,1311.4600,2301.99999&max_results=3",
            None,
        ),
        (
            "arxiv/id_list_unknown_empty.xml",
            "GET",
            "/arxiv/api/query?id_list=2301.99999&max_results=1",
            None,
        ),
        (
            "arxiv/error_malformed_id_http400.xml",
            "GET",
            "/arxiv/api/query?id_list=abc&max_results=1",
            None,
        ),
        (
            "arxiv/search_cat_math_NT_primes.xml",
            "GET",
            "/arxiv/api/query?search_query=cat:math.NT+AND+all:primes&start=0&max_results=5"
            "&sortBy=relevance&sortOrder=descending",
            None,
        ),
        (
            "semanticscholar/batch_with_null.json",
            "POST",
            f"/s2/graph/v1/paper/batch?fields={S2_FIELDS}",
            {
                "ids": [
                    "ARXIV:math/0211159",
                    "DOI:10.9999/unknown",
                    "PMID:12991237",
                    green_tao.s2_id,
                ]
            },
        ),
        (
            "semanticscholar/search_zero_hits.json",
            "GET",
            "/s2/graph/v1/paper/search?query=n0+r3sult+s3arch&limit=10&fields=title",
            None,
        ),
        (
            "semanticscholar/search_sphere_packing.json",
            "GET",
            f"/s2/graph/v1/paper/search?query=sphere+packing&limit=10&fields={S2_FIELDS}",
            None,
        ),
        (
            "semanticscholar/match_title_small_gaps.json",
            "GET",
            f"/s2/graph/v1/paper/search/match?query=Small+gaps+between+primes&fields={S2_FIELDS}",
            None,
        ),
        (
            "semanticscholar/error_404_title_match.json",
            "GET",
            "/s2/graph/v1/paper/search/match?query=abs12032jsdafn&fields=title",
            None,
        ),
        (
            "openalex/filter_doi_two_one_unknown.json",
            "GET",
            "/openalex/works?filter=doi:10.4007/annals.2008.167.481|10.9999/unknown&per-page=2",
            None,
        ),
        (
            "openalex/search_ricci_flow.json",
            "GET",
            "/openalex/works?search=ricci+flow&per-page=5",
            None,
        ),
        ("openalex/error_404_single_doi.html", "GET", "/openalex/works/doi:10.9999/unknown", None),
        (
            "crossref/work_zhang_jats_abstract.json",
            "GET",
            "/crossref/works/10.4007/annals.2014.179.3.7",
            None,
        ),
        (
            "crossref/error_404_arxiv_doi.txt",
            "GET",
            "/crossref/works/10.48550/arxiv.1312.7748",
            None,
        ),
        (
            "crossref/list_bibliographic_kato.json",
            "GET",
            "/crossref/works?query.bibliographic=Perturbation+theory+for+linear+operators&rows=2",
            None,
        ),
        (
            "pubmed/esearch_membrane_current.json",
            "GET",
            "/pubmed/entrez/eutils/esearch.fcgi?db=pubmed&term=membrane+current+nerve&retmax=5&retmode=json",
            None,
        ),
        (
            "pubmed/esummary_one_unknown.json",
            "GET",
            "/pubmed/entrez/eutils/esummary.fcgi?db=pubmed&id=12991237,99999999&retmode=json",
            None,
        ),
        (
            "theoremsearch/search_arithmetic_progressions_mixed.json",
            "POST",
            "/theoremsearch/search",
            {"query": "arithmetic progressions positive density primes", "limit": 5},
        ),
    ]


def main() -> None:
    rows = []
    with FakeScholar.running() as fake, httpx.Client(base_url=fake.base_url) as client:
        for name, method, path, body in requests():
            resp = client.request(method, path, json=body)
            target = WIRE / name
            target.parent.mkdir(parents=True, exist_ok=True)
            content = resp.content
            if resp.headers.get("content-type", "").startswith("application/json"):
                content = (json.dumps(resp.json(), indent=1, ensure_ascii=False) + "\n").encode()
            target.write_bytes(content)
            shown = path if body is None else f"{path}  body: `{json.dumps(body)}`"
            shown = shown.replace("|", "\\|")
            rows.append(f"| `{name}` | `{method} {shown}` | {resp.status_code} |")
    (WIRE / "README.md").write_text(
        "# Wire fixtures\n\nBodies recorded from `tests/fakescholar` (regenerate with "
        "`python -m tests.fakescholar.make_wire`), in the real APIs' formats. Paths are "
        "relative to the fake server's root.\n\n| file | request | status |\n|---|---|---|\n"
        + "\n".join(rows)
        + "\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
