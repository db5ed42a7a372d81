"""The fake server itself: subprocess mode, HTTP control, request log, formats of edge cases."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.fakescholar import FakeScholar, env_for

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def subprocess_server() -> Iterator[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.fakescholar", "--port", "0"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        assert line.startswith("READY http://127.0.0.1:"), line
        root = line.split(" ", 1)[1]
        # Then the variables a person pastes to point mathlsp at it, every backend's.
        assert proc.stdout.readline().startswith("# point mathlsp at it")
        exported = dict(
            proc.stdout.readline().strip().removeprefix("export ").split("=", 1)
            for _ in range(len(env_for(root)) + 1)
        )
        assert exported == {**env_for(root), "MATHLSP_RATE_LIMIT_SCALE": "0.01"}
        yield root
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_subprocess_mode_with_http_control(subprocess_server: str) -> None:
    root = subprocess_server
    env = env_for(root)
    assert env["MATHLSP_SEMANTIC_SCHOLAR_URL"] == f"{root}/s2/graph/v1"
    with httpx.Client() as http:
        r = http.post(
            f"{root}/_control",
            json={"faults": [{"kind": "429", "backend": "arxiv", "count": 1, "retry_after": 2}]},
        )
        assert r.json()["ok"]
        url = f"{env['MATHLSP_ARXIV_URL']}/api/query"
        limited = http.get(url, params={"id_list": "1311.4600"})
        assert limited.status_code == 429 and limited.headers["retry-after"] == "2"
        ok = http.get(url, params={"id_list": "1311.4600", "max_results": 1})
        assert ok.status_code == 200 and b"Small gaps between primes" in ok.content
        log = http.get(f"{root}/_control/log").json()["requests"]
        assert [(e["backend"], e["status"], e["fault"]) for e in log] == [
            ("arxiv", 429, "429"),
            ("arxiv", 200, None),
        ]
        http.post(f"{root}/_control", json={"reset": True})
        assert http.get(f"{root}/_control/log").json()["requests"] == []


def test_edge_case_formats(fake: FakeScholar) -> None:
    urls = fake.urls()
    with httpx.Client() as http:
        bad = http.get(f"{urls['arxiv']}/api/query", params={"id_list": "1311.4600,abc"})
        assert bad.status_code == 400 and b"<title>Error</title>" in bad.content
        none = http.get(f"{urls['arxiv']}/api/query", params={"id_list": "0808.05394"})
        assert b"<opensearch:totalResults>0</opensearch:totalResults>" in none.content
        zero = http.get(f"{urls['semantic_scholar']}/paper/search", params={"query": "zzzqqq"})
        assert zero.json() == {"total": 0, "offset": 0}
        oa = http.get(f"{urls['openalex']}/works/doi:10.9999/none")
        assert oa.status_code == 404 and oa.headers["content-type"].startswith("text/html")
        cr = http.get(f"{urls['crossref']}/works/10.9999/none")
        assert (cr.status_code, cr.text) == (404, "Resource not found.")
        too_many = http.post(f"{urls['semantic_scholar']}/paper/batch", json={"ids": ["x"] * 501})
        assert too_many.status_code == 400
        ts = http.get(f"{urls['theoremsearch']}/search")
        assert ts.status_code == 405
        es = http.get(f"{urls['pubmed']}/esearch.fcgi", params={"term": "nerve", "retmode": "json"})
        assert isinstance(es.json()["esearchresult"]["count"], str)


def test_corpus_is_consistent(fake: FakeScholar) -> None:
    papers = fake.corpus.papers
    assert 30 <= len(papers) <= 40
    keys = [p.key for p in papers]
    assert len(set(keys)) == len(keys)
    assert len({p.s2_id for p in papers}) == len(papers)
    assert len({p.openalex_id for p in papers}) == len(papers)
    for p in papers:
        assert p.arxiv_id or p.doi, p.key
        json.dumps(p.__dict__)
