"""A real HTTP server on 127.0.0.1 that speaks arXiv, Semantic Scholar, OpenAlex, Crossref,
PubMed E-utilities and TheoremSearch, with switchable faults and a request log.

Backends live under path prefixes of one server (see `BACKEND_PREFIXES`); `FakeScholar.urls()`
and `.env()` give the base URLs in the form mathlsp's settings expect.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from tests.fakescholar import haystack, render, zbmath
from tests.fakescholar.corpus import (
    Paper,
    Theorem,
    arxiv_terms,
    load_citations,
    load_papers,
    load_theorems,
    rank,
    score,
    synthetic_papers,
    words,
)
from tests.fakescholar.engine import Engine, TheoremIndex, normalize_scores

BACKEND_PREFIXES = {
    "arxiv": "/arxiv",
    "semantic_scholar": "/s2/graph/v1",
    "openalex": "/openalex",
    "crossref": "/crossref",
    "pubmed": "/pubmed/entrez/eutils",
    "theoremsearch": "/theoremsearch",
    "zbmath": "/zbmath/v1",
}
URL_ENV = {
    "arxiv": "MATHLSP_ARXIV_URL",
    "semantic_scholar": "MATHLSP_SEMANTIC_SCHOLAR_URL",
    "openalex": "MATHLSP_OPENALEX_URL",
    "crossref": "MATHLSP_CROSSREF_URL",
    "pubmed": "MATHLSP_PUBMED_URL",
    "theoremsearch": "MATHLSP_THEOREMSEARCH_URL",
    "zbmath": "MATHLSP_ZBMATH_URL",
}
FAULT_KINDS = {
    "429",
    "500",
    "502",
    "503",
    "timeout",
    "truncate",
    "html",
    "reset",
    "empty",
    "doctype",
}

_ARXIV_NEW = re.compile(r"(\d{4}\.\d{4,5})(?:v(\d+))?")
_ARXIV_OLD = re.compile(r"([a-z]+(?:-[a-z]+)?)(?:\.[A-Za-z]{2})?/(\d{7})(?:v(\d+))?")


def backend_urls(root: str) -> dict[str, str]:
    return {name: root.rstrip("/") + prefix for name, prefix in BACKEND_PREFIXES.items()}


def env_for(root: str) -> dict[str, str]:
    """Environment variables that point mathlsp at a fake server rooted at `root`."""
    return {URL_ENV[name]: url for name, url in backend_urls(root).items()}


@dataclass
class Fault:
    kind: str
    backend: str | None = None  # None: any backend
    count: int = 1
    retry_after: float | None = None


@dataclass
class LoggedRequest:
    t: float  # server monotonic time at arrival
    backend: str
    method: str
    path: str
    query: dict[str, list[str]]
    raw_url: str
    body: str
    headers: dict[str, str]
    status: int = 0
    fault: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Controls:
    """Thread-safe switches shared by the handler threads and the test."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.latency_s = 0.0
        self.backend_latency_s: dict[str, float] = {}
        self.timeout_hang_s = 5.0
        self.require_key: str | None = None
        self.faults: list[Fault] = []
        self.log: list[LoggedRequest] = []
        self.in_flight: dict[str, int] = {}
        self.max_in_flight: dict[str, int] = {}

    def reset(self) -> None:
        with self._lock:
            self.latency_s = 0.0
            self.backend_latency_s.clear()
            self.timeout_hang_s = 5.0
            self.require_key = None
            self.faults.clear()
            self.log.clear()
            self.in_flight.clear()
            self.max_in_flight.clear()

    def set_latency(self, seconds: float, backend: str | None = None) -> None:
        with self._lock:
            if backend is None:
                self.latency_s = seconds
            else:
                self.backend_latency_s[backend] = seconds

    def add_fault(
        self,
        kind: str,
        backend: str | None = None,
        *,
        count: int = 1,
        retry_after: float | None = None,
    ) -> None:
        """Queue `count` faults: 429, 500, 502, 503, timeout, truncate, html, reset, empty."""
        if kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault {kind!r}")
        with self._lock:
            self.faults.append(Fault(kind, backend, count, retry_after))

    def take_fault(self, backend: str) -> Fault | None:
        with self._lock:
            for fault in self.faults:
                if fault.backend in (None, backend) and fault.count > 0:
                    fault.count -= 1
                    if fault.count == 0:
                        self.faults.remove(fault)
                    return Fault(fault.kind, fault.backend, 1, fault.retry_after)
        return None

    def enter(self, backend: str) -> None:
        with self._lock:
            n = self.in_flight.get(backend, 0) + 1
            self.in_flight[backend] = n
            self.max_in_flight[backend] = max(n, self.max_in_flight.get(backend, 0))

    def leave(self, backend: str) -> None:
        with self._lock:
            self.in_flight[backend] = self.in_flight.get(backend, 1) - 1

    def latency_for(self, backend: str) -> float:
        with self._lock:
            return self.backend_latency_s.get(backend, self.latency_s)

    def record(self, entry: LoggedRequest) -> None:
        with self._lock:
            self.log.append(entry)

    def requests(self, backend: str | None = None) -> list[LoggedRequest]:
        with self._lock:
            return [r for r in self.log if backend is None or r.backend == backend]

    def clear_log(self) -> None:
        with self._lock:
            self.log.clear()
            self.max_in_flight.clear()

    def apply(self, data: dict[str, Any]) -> None:
        """The `POST /_control` body."""
        if data.get("reset"):
            self.reset()
        if "latency" in data:
            self.set_latency(float(data["latency"]))
        for backend, seconds in (data.get("backend_latency") or {}).items():
            self.set_latency(float(seconds), backend)
        if "timeout_hang_s" in data:
            self.timeout_hang_s = float(data["timeout_hang_s"])
        if "require_key" in data:
            self.require_key = data["require_key"]
        if data.get("clear_log"):
            self.clear_log()
        for f in data.get("faults") or []:
            self.add_fault(
                str(f["kind"]),
                f.get("backend"),
                count=int(f.get("count", 1)),
                retry_after=f.get("retry_after"),
            )


class Corpus:
    def __init__(
        self,
        papers: list[Paper],
        theorems: list[Theorem],
        cites: dict[str, list[str]] | None = None,
        engine: Engine | None = None,
    ) -> None:
        self.papers = papers
        self.theorems = theorems
        # The large corpus is searched through an inverted index with each backend's query
        # language (engine.py); the small one keeps its word-overlap matching, which the
        # existing tests were written against.
        self.engine = engine
        self.theorem_index = TheoremIndex(theorems) if engine is not None else None
        by_key = {p.key: p for p in papers}
        cites = load_citations() if cites is None else cites
        # The citation graph among corpus papers: key → papers it cites / papers citing it.
        self.references: dict[str, list[Paper]] = {
            k: [by_key[c] for c in v if c in by_key] for k, v in cites.items() if k in by_key
        }
        self.citations: dict[str, list[Paper]] = {}
        for k, cited in self.references.items():
            for c in cited:
                self.citations.setdefault(c.key, []).append(by_key[k])
        self.by_arxiv = {p.arxiv_id: p for p in papers if p.arxiv_id}
        self.by_doi: dict[str, Paper] = {}
        for p in papers:
            for doi in (p.doi, p.datacite_doi):
                if doi:
                    self.by_doi[doi.lower()] = p
        self.by_s2 = {p.s2_id: p for p in papers}
        self.by_openalex = {p.openalex_id: p for p in papers}
        self.by_pmid = {p.pmid: p for p in papers if p.pmid}
        self.by_corpus_id = {str(p.corpus_id): p for p in papers}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: FakeHTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep test output clean; the request log is the record

    # --- plumbing ---------------------------------------------------------------------------

    def do_GET(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    def _send(
        self, status: int, body: bytes, ctype: str, headers: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, data: Any, headers: dict[str, str] | None = None) -> None:
        self._send(status, json.dumps(data).encode(), "application/json", headers)

    def _handle(self, method: str) -> None:
        parts = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        controls = self.server.controls
        if parts.path.startswith("/_control"):
            self._control(method, parts.path, body)
            return
        backend = next(
            (b for b, pre in BACKEND_PREFIXES.items() if parts.path.startswith(pre + "/")),
            "unknown",
        )
        entry = LoggedRequest(
            t=time.monotonic(),
            backend=backend,
            method=method,
            path=parts.path,
            query=parse_qs(parts.query, keep_blank_values=True),
            raw_url=self.path,
            body=body.decode("utf-8", "replace"),
            headers={k.lower(): v for k, v in self.headers.items()},
        )
        controls.record(entry)
        controls.enter(backend)
        try:
            self._answer(controls, backend, method, parts.path, entry, body)
        finally:
            controls.leave(backend)

    def _answer(
        self,
        controls: Controls,
        backend: str,
        method: str,
        path: str,
        entry: LoggedRequest,
        body: bytes,
    ) -> None:
        latency = controls.latency_for(backend)
        if latency:
            time.sleep(latency)
        fault = controls.take_fault(backend)
        try:
            if fault is not None:
                entry.fault = fault.kind
                entry.status = self._fault(fault)
                return
            entry.status = self._route(backend, method, path, entry.query, body)
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception as exc:  # a bug in the fake shows up as a 500 plus a log entry
            entry.fault = f"server-error: {exc!r}"
            entry.status = 500
            self._json(500, {"error": "fake server error", "detail": repr(exc)})

    def _fault(self, fault: Fault) -> int:
        if fault.kind == "timeout":
            time.sleep(self.server.controls.timeout_hang_s)
            self.close_connection = True
            return 0
        if fault.kind == "reset":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return 0
        if fault.kind in ("429", "500", "502", "503"):
            status = int(fault.kind)
            headers = (
                {"Retry-After": f"{fault.retry_after:g}"} if fault.retry_after is not None else {}
            )
            body = (
                {
                    "message": (
                        "Too Many Requests. Please wait and try again or apply for a key for "
                        "higher rate limits. https://www.semanticscholar.org/product/api#api-key-form"
                    ),
                    "code": "429",
                }
                if status == 429
                else {"message": "Service Unavailable"}
            )
            self._json(status, body, headers)
            return status
        if fault.kind == "html":
            page = (
                b"<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>"
                b"<body><h1>Bad Gateway</h1><p>The proxy received an invalid response.</p>"
                b"</body></html>"
            )
            self._send(200, page, "text/html; charset=utf-8")
            return 200
        if fault.kind == "truncate":
            self._send(
                200,
                b'{"data": [{"paperId": "0f40b1f08821e22e859c6050916cec3667778613", "ti',
                "application/json",
            )
            return 200
        if fault.kind == "doctype":
            xml = (
                b'<?xml version="1.0"?>\n<!DOCTYPE feed [<!ENTITY lol "lol">'
                b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n'
                b'<feed xmlns="http://www.w3.org/2005/Atom"><title>&lol2;</title></feed>'
            )
            self._send(200, xml, "application/atom+xml")
            return 200
        if fault.kind == "empty":
            self._send(200, b"", "application/json")
            return 200
        raise AssertionError(fault.kind)

    def _control(self, method: str, path: str, body: bytes) -> None:
        controls = self.server.controls
        if path == "/_control/log":
            self._json(200, {"requests": [r.to_dict() for r in controls.requests()]})
        elif path == "/_control" and method == "POST":
            try:
                controls.apply(json.loads(body or b"{}"))
            except (ValueError, KeyError, TypeError) as exc:
                self._json(400, {"error": str(exc)})
                return
            self._json(200, {"ok": True, "faults": [asdict(f) for f in controls.faults]})
        else:
            self._json(200, {"ok": True})

    # --- routes -----------------------------------------------------------------------------

    def _route(
        self, backend: str, method: str, path: str, q: dict[str, list[str]], body: bytes
    ) -> int:
        rest = path[len(BACKEND_PREFIXES.get(backend, "")) :]
        handler = {
            "arxiv": self._arxiv,
            "semantic_scholar": self._s2,
            "openalex": self._openalex,
            "crossref": self._crossref,
            "pubmed": self._pubmed,
            "theoremsearch": self._theoremsearch,
            "zbmath": self._zbmath,
        }.get(backend)
        if handler is None:
            self._send(404, b"Not Found", "text/plain")
            return 404
        return handler(method, rest, q, body)

    @property
    def corpus(self) -> Corpus:
        return self.server.corpus

    # arXiv ---------------------------------------------------------------------------------

    def _arxiv(self, method: str, rest: str, q: dict[str, list[str]], body: bytes) -> int:
        if rest != "/api/query":
            self._send(404, b"Not Found", "text/plain")
            return 404
        sq = q.get("search_query", [""])[0]
        id_list = q.get("id_list", [""])[0]
        start = int(q.get("start", ["0"])[0] or 0)
        max_results = int(q.get("max_results", ["10"])[0] or 10)
        entries: list[tuple[Paper, int]] = []
        if id_list:
            for raw in id_list.split(","):
                raw = raw.strip()
                m_new, m_old = _ARXIV_NEW.fullmatch(raw), _ARXIV_OLD.fullmatch(raw)
                if not (m_new or m_old):
                    self._send(400, render.atom_error(raw), "application/atom+xml; charset=utf-8")
                    return 400
                if m_new:
                    base, version = m_new.group(1), m_new.group(2)
                else:
                    assert m_old
                    base, version = f"{m_old.group(1)}/{m_old.group(2)}", m_old.group(3)
                paper = self.corpus.by_arxiv.get(base)
                if paper is None:
                    continue  # unknown well-formed id: silently absent
                v = int(version) if version else paper.arxiv_versions
                if v > paper.arxiv_versions:
                    continue
                entries.append((paper, v))
        else:
            entries = [(p, p.arxiv_versions) for p in self.corpus.by_arxiv.values()]
        if sq and self.corpus.engine is not None:
            allowed = {p.key: v for p, v in entries}
            ranked = self.corpus.engine.arxiv(sq)
            entries = [(p, allowed[p.key]) for _, p in ranked if p.key in allowed]
            if q.get("sortBy", ["relevance"])[0] in ("submittedDate", "lastUpdatedDate"):
                newest = q.get("sortOrder", ["descending"])[0] != "ascending"
                entries.sort(key=lambda pv: pv[0].arxiv_published or "", reverse=newest)
        elif sq:
            cats, terms = arxiv_terms(sq)
            pool = [
                (p, v)
                for p, v in entries
                if all(any(c.rstrip("*").rstrip(".") in pc for pc in p.categories) for c in cats)
            ]
            if terms:
                ranked = rank(pool, terms, lambda pv: pv[0].text())
                entries = [pv for _, pv in ranked]
            else:
                entries = pool
        total = len(entries)
        page = entries[start : start + max_results]
        self._send(
            200,
            render.atom_feed(
                page,
                search_query=sq,
                id_list=id_list,
                start=start,
                max_results=max_results,
                total=total,
            ),
            "application/atom+xml; charset=utf-8",
        )
        return 200

    # Semantic Scholar ------------------------------------------------------------------------

    def _s2_resolve(self, ref: str) -> Paper | None:
        c = self.corpus
        kind, _, value = ref.partition(":")
        if not value:
            return c.by_s2.get(ref.lower())
        kind = kind.upper()
        if kind == "ARXIV":
            return c.by_arxiv.get(re.sub(r"v\d+$", "", value))
        if kind == "DOI":
            return c.by_doi.get(value.lower())
        if kind == "PMID":
            return c.by_pmid.get(value)
        if kind == "CORPUSID":
            return c.by_corpus_id.get(value)
        return None

    def _s2_render(self, p: Paper, fields: list[str]) -> dict[str, Any]:
        """`render.s2_paper`, plus nested `references.x` / `citations.x` fields (S2's syntax)."""
        plain = [f for f in fields if "." not in f]
        out = render.s2_paper(p, plain or ["paperId"])
        for nested, table in (
            ("references", self.corpus.references),
            ("citations", self.corpus.citations),
        ):
            sub = [f.split(".", 1)[1] for f in fields if f.startswith(nested + ".")]
            if sub:
                out[nested] = [render.s2_paper(o, sub) for o in table.get(p.key, [])]
        return out

    def _s2(self, method: str, rest: str, q: dict[str, list[str]], body: bytes) -> int:
        controls = self.server.controls
        if controls.require_key and self.headers.get("x-api-key") != controls.require_key:
            self._json(403, {"message": "Forbidden"})
            return 403
        fields = [f for f in q.get("fields", [""])[0].split(",") if f]
        if rest == "/paper/batch" and method == "POST":
            try:
                ids = json.loads(body)["ids"]
                assert isinstance(ids, list)
            except (ValueError, KeyError, AssertionError):
                self._json(400, {"error": "Unacceptable request body"})
                return 400
            if len(ids) > 500:
                self._json(400, {"error": "Cannot process more than 500 ids in one request"})
                return 400
            out = []
            for ref in ids:
                p = self._s2_resolve(str(ref))
                out.append(self._s2_render(p, fields or ["title"]) if p else None)
            self._json(200, out)
            return 200
        if rest == "/paper/search/match":
            query = q.get("query", [""])[0]
            pool = (
                [p for _, p in self.corpus.engine.title_match(query)]
                if self.corpus.engine is not None
                else self.corpus.papers
            )
            best = rank(pool, words(query), lambda p: p.arxiv_title, minimum=0.6)
            best = [(s, p) for s, p in best if score(words(p.arxiv_title), query) >= 0.6]
            if not best:
                self._json(404, {"error": "Title match not found"})
                return 404
            s, p = best[0]
            self._json(
                200,
                {
                    "data": [
                        {
                            **render.s2_paper(p, fields or ["title"]),
                            "matchScore": round(100 + 100 * s, 5),
                        }
                    ]
                },
            )
            return 200
        if rest == "/paper/search":
            query = q.get("query", [""])[0]
            limit = int(q.get("limit", ["100"])[0] or 100)
            offset = int(q.get("offset", ["0"])[0] or 0)
            if self.corpus.engine is not None:
                ranked = _s2_filtered(self.corpus.engine.semantic_scholar(query), q)
            else:
                ranked = [p for _, p in rank(self.corpus.papers, words(query), lambda p: p.text())]
            page = ranked[offset : offset + limit]
            data: dict[str, Any] = {"total": len(ranked), "offset": offset}
            if offset + limit < len(ranked):
                data["next"] = offset + limit
            if page:
                data["data"] = [render.s2_paper(p, fields or ["title"]) for p in page]
            self._json(200, data)
            return 200
        if rest.startswith("/paper/"):
            ref = unquote(rest[len("/paper/") :])
            p = self._s2_resolve(ref)
            if p is None:
                self._json(404, {"error": f"Paper with id {ref} not found"})
                return 404
            self._json(200, self._s2_render(p, fields or ["title"]))
            return 200
        self._json(404, {"error": "Not found"})
        return 404

    # OpenAlex -------------------------------------------------------------------------------

    def _openalex_select(self, p: Paper, q: dict[str, list[str]]) -> dict[str, Any]:
        """A work, cut down to `select=a,b,…` when asked (with `referenced_works`)."""
        work = render.openalex_work(p)
        if "select" not in q:
            return work
        work["referenced_works"] = [
            f"https://openalex.org/{o.openalex_id}" for o in self.corpus.references.get(p.key, [])
        ]
        return {k: work[k] for k in q["select"][0].split(",") if k in work}

    def _openalex(self, method: str, rest: str, q: dict[str, list[str]], body: bytes) -> int:
        c = self.corpus
        per_page = int(q.get("per-page", q.get("per_page", ["25"]))[0] or 25)
        if per_page > 200:
            self._json(
                400,
                {"error": "Invalid query parameters error.", "message": "per-page must be <= 200"},
            )
            return 400
        if rest == "/works" and c.engine is not None:
            return self._openalex_engine(q, per_page)
        if rest == "/works":
            if "filter" in q and any(
                f.startswith(("raw_author_name.search:", "publication_year:"))
                for f in _split_filters(q["filter"][0])
            ):
                return self._openalex_small_filtered(q, per_page)
            if "filter" in q:
                flt = q["filter"][0]
                name, _, values = flt.partition(":")
                items = [v for v in values.split("|") if v]
                if len(items) > 100:
                    self._json(
                        400,
                        {
                            "error": "Invalid query parameters error.",
                            "message": "Maximum 100 OR values",
                        },
                    )
                    return 400
                found: list[Paper] = []
                if name == "doi":
                    for v in items:
                        v = re.sub(r"^https?://doi\.org/", "", v, flags=re.I).lower()
                        if v in c.by_doi:
                            found.append(c.by_doi[v])
                elif name in ("ids.openalex", "openalex", "openalex_id"):
                    found = [
                        c.by_openalex[v.rsplit("/", 1)[-1].upper()]
                        for v in items
                        if v.rsplit("/", 1)[-1].upper() in c.by_openalex
                    ]
                elif name == "title.search":
                    found = [
                        p for _, p in rank(c.papers, words(values), lambda p: p.title, minimum=0.5)
                    ]
                else:
                    self._json(
                        400,
                        {
                            "error": "Invalid query parameters error.",
                            "message": f"{name} is not a valid field",
                        },
                    )
                    return 400
                found = list({p.key: p for p in found}.values())
                works = [self._openalex_select(p, q) for p in found[:per_page]]
                self._json(200, render.openalex_list(works, count=len(found), per_page=per_page))
                return 200
            query = q.get("search", [""])[0]
            ranked = rank(c.papers, words(query), lambda p: p.text())
            works = [render.openalex_work(p, s) for s, p in ranked[:per_page]]
            self._json(200, render.openalex_list(works, count=len(ranked), per_page=per_page))
            return 200
        if rest.startswith("/works/"):
            ref = unquote(rest[len("/works/") :])
            p = None
            m = re.match(r"^(?:https?://doi\.org/|doi:)(.+)$", ref, re.I)
            if m:
                p = c.by_doi.get(m.group(1).lower())
            elif re.fullmatch(r"[Ww]\d+", ref):
                p = c.by_openalex.get(ref.upper())
            if p is None:
                self._send(404, render.OPENALEX_404_HTML, "text/html; charset=utf-8")
                return 404
            self._json(200, render.openalex_work(p))
            return 200
        self._send(404, render.OPENALEX_404_HTML, "text/html; charset=utf-8")
        return 404

    def _openalex_small_filtered(self, q: dict[str, list[str]], per_page: int) -> int:
        """Byline and year filters (AND'ed, `|` between a filter's values), then `search=`
        ranking what they admit by word overlap, as the small corpus's `search=` does."""
        found = list(self.corpus.papers)
        for flt in _split_filters(q["filter"][0]):
            name, _, values = flt.partition(":")
            items = [v for v in values.split("|") if v]
            if name == "raw_author_name.search":
                keys = {p.key for _, p in _byline_matches(found, items)}
            elif name == "publication_year":
                try:
                    keys = {p.key for p in found if any(_year_filter(v, p.year) for v in items)}
                except ValueError:
                    keys = None
            else:
                keys = None
            if keys is None:
                message = f"{name} is not a valid field here"
                self._json(400, {"error": "Invalid query parameters error.", "message": message})
                return 400
            found = [p for p in found if p.key in keys]
        query = q.get("search", [""])[0]
        if query.strip():
            found = [p for _, p in rank(found, words(query), lambda p: p.text())]
        works = [self._openalex_select(p, q) for p in found[:per_page]]
        self._json(200, render.openalex_list(works, count=len(found), per_page=per_page))
        return 200

    def _openalex_engine(self, q: dict[str, list[str]], per_page: int) -> int:
        """`/works` over the large corpus: `search=` (boolean syntax, words AND'ed) and
        comma-separated filters (each AND'ed, `|` between a filter's values)."""
        c = self.corpus
        engine = c.engine
        assert engine is not None
        query = q.get("search", [""])[0]
        scored: dict[str, float] | None = None
        if query.strip():
            scored = {p.key: s for s, p in normalize_scores(engine.openalex(query))}
        found: list[Paper] | None = None
        for flt in _split_filters(q.get("filter", [""])[0]):
            name, _, values = flt.partition(":")
            items = [v for v in values.split("|") if v]
            if len(items) > 100:
                message = "Maximum 100 OR values"
                self._json(400, {"error": "Invalid query parameters error.", "message": message})
                return 400
            matched = _openalex_filter(c, name, items)
            if matched is None:
                self._json(
                    400,
                    {
                        "error": "Invalid query parameters error.",
                        "message": f"{name} is not a valid field",
                    },
                )
                return 400
            if name.endswith(".search") and scored is None:
                scored = {p.key: s for s, p in matched}
            keys = {p.key for _, p in matched}
            if found is None:
                found = [p for _, p in matched]
            else:
                found = [p for p in found if p.key in keys]
        if found is None:
            by_key = {p.key: p for p in c.papers}
            found = [by_key[k] for k in (scored or {})] if scored is not None else list(c.papers)
        elif scored is not None and query.strip():
            found = [p for p in found if p.key in scored]
        if scored is not None:
            found.sort(key=lambda p: -scored.get(p.key, 0.0))
        found = list({p.key: p for p in found}.values())
        page = max(1, int(q.get("page", ["1"])[0] or 1))
        chunk = found[(page - 1) * per_page : page * per_page]
        works = []
        for p in chunk:
            work = self._openalex_select(p, q)
            if scored is not None and "select" not in q:
                work["relevance_score"] = round(scored.get(p.key, 0.0) * 1000, 3)
            works.append(work)
        self._json(200, render.openalex_list(works, count=len(found), per_page=per_page, page=page))
        return 200

    # Crossref -------------------------------------------------------------------------------

    def _zbmath(self, method: str, rest: str, q: dict[str, list[str]], body: bytes) -> int:
        known = [p for p in self.corpus.papers if p.zbl]
        if rest == "/document/_search":
            search_string = q.get("search_string", [""])[0]
            try:
                page = int(q.get("page", ["0"])[0] or 0)
                per_page = int(q.get("results_per_page", ["20"])[0] or 20)
            except ValueError:
                self._json(422, {"detail": "page and results_per_page must be integers"})
                return 422
            hits = zbmath.search(known, search_string)
            shown = hits[page * per_page : (page + 1) * per_page]
            code = 200 if shown else 404
            result = [zbmath.render_document(p) for p in shown]
            self._json(
                code, {"result": result, "status": zbmath.status(len(hits), len(shown), code)}
            )
            return code
        m = re.fullmatch(r"/document/(\d+)", rest)
        doc = next((p for p in known if m and zbmath.document_id(p) == int(m[1])), None)
        if doc is None:
            self._json(404, {"result": None, "status": zbmath.status(0, 0, 404)})
            return 404
        self._json(200, {"result": zbmath.render_document(doc), "status": zbmath.status(1, 1)})
        return 200

    def _crossref(self, method: str, rest: str, q: dict[str, list[str]], body: bytes) -> int:
        c = self.corpus
        crossref_papers = [p for p in c.papers if p.in_crossref] if c.engine is None else []
        if rest == "/works":
            rows = int(q.get("rows", ["20"])[0] or 20)
            terms = q.get("query.bibliographic", q.get("query.title", q.get("query", [""])))[0]
            if c.engine is not None:
                ranked = [
                    (s, p)
                    for s, p in normalize_scores(c.engine.crossref(terms, lambda p: p.in_crossref))
                ]
            else:
                ranked = rank(
                    crossref_papers,
                    words(terms),
                    lambda p: f"{p.title} {' '.join(p.names())} {p.year}",
                )
            items = [render.crossref_item(p, round(50 * s, 3)) for s, p in ranked[:rows]]
            self._json(
                200, render.crossref_list(items, total=len(ranked), rows=rows, terms=terms or None)
            )
            return 200
        if rest.startswith("/works/"):
            if any(k.startswith("query") for k in q):
                self._json(
                    400,
                    {
                        "status": "failed",
                        "message-type": "validation-failure",
                        "message": [
                            {
                                "type": "parameter-not-allowed",
                                "value": "query.*",
                                "message": "This route does not support field query parameters",
                            }
                        ],
                    },
                )
                return 400
            doi = unquote(rest[len("/works/") :]).lower()
            p = c.by_doi.get(doi)
            if p is None or not p.in_crossref:
                self._send(404, b"Resource not found.", "text/plain")
                return 404
            self._json(200, render.crossref_work(p))
            return 200
        self._send(404, b"Resource not found.", "text/plain")
        return 404

    # PubMed ---------------------------------------------------------------------------------

    def _pubmed(self, method: str, rest: str, q: dict[str, list[str]], body: bytes) -> int:
        c = self.corpus
        if rest == "/esearch.fcgi":
            term = q.get("term", [""])[0]
            retmax = int(q.get("retmax", ["20"])[0] or 20)
            pool = list(c.by_pmid.values())
            ranked = rank(pool, words(term), lambda p: p.text())
            ids = [p.pmid for _, p in ranked[:retmax] if p.pmid]
            self._json(200, render.pubmed_esearch(ids, count=len(ranked), retmax=retmax, term=term))
            return 200
        if rest == "/esummary.fcgi":
            ids = [i for i in q.get("id", [""])[0].split(",") if i]
            if not ids:
                self._json(
                    200,
                    {
                        "header": {"type": "esummary", "version": "0.3"},
                        "esummaryresult": ["Empty id list - nothing todo"],
                    },
                )
                return 200
            self._json(200, render.pubmed_esummary({i: c.by_pmid.get(i) for i in ids}))
            return 200
        self._send(404, b"Not Found", "text/plain")
        return 404

    # TheoremSearch --------------------------------------------------------------------------

    def _theoremsearch(self, method: str, rest: str, q: dict[str, list[str]], body: bytes) -> int:
        if rest != "/search" or method != "POST":
            self._json(
                405 if rest == "/search" else 404,
                {"detail": "Method Not Allowed" if rest == "/search" else "Not Found"},
            )
            return 405 if rest == "/search" else 404
        try:
            data = json.loads(body)
            query = str(data["query"])
            limit = int(data.get("limit", 10))
        except (ValueError, KeyError, TypeError):
            self._json(
                422,
                {
                    "detail": [
                        {"type": "missing", "loc": ["body", "query"], "msg": "Field required"}
                    ]
                },
            )
            return 422
        if self.corpus.theorem_index is not None:
            ranked = self.corpus.theorem_index.search(query)
        else:
            ranked = rank(self.corpus.theorems, words(query), lambda t: t.text())
        hits = [
            render.theorem_hit(
                t, self.corpus.by_arxiv.get(t.arxiv_id or ""), round(0.55 + 0.4 * s, 6)
            )
            for s, t in ranked[:limit]
        ]
        self._json(200, {"theorems": hits})
        return 200


def _s2_filtered(ranked: list[tuple[float, Paper]], q: dict[str, list[str]]) -> list[Paper]:
    """Semantic Scholar's search filters that mean something for this corpus."""
    out = [p for _, p in ranked]
    year = q.get("year", [""])[0]
    if year:
        lo, dash, hi = year.partition("-")
        low = int(lo) if lo.strip().isdigit() else 0
        high = int(hi) if hi.strip().isdigit() else (9999 if dash else low)
        out = [p for p in out if low <= p.year <= high]
    min_cites = q.get("minCitationCount", [""])[0]
    if min_cites.strip().isdigit():
        out = [p for p in out if p.citations >= int(min_cites)]
    fields = q.get("fieldsOfStudy", [""])[0]
    if fields and "mathematics" not in fields.lower():
        out = []  # every paper of the corpus is a mathematics paper
    return out


def _split_filters(raw: str) -> list[str]:
    """`a:x,b:y` → [`a:x`, `b:y`]; a comma inside a value that has no `name:` after it stays."""
    parts: list[str] = []
    for piece in raw.split(","):
        if parts and not re.match(r"^[a-z_.]+:", piece):
            parts[-1] += "," + piece
        elif piece:
            parts.append(piece)
    return parts


def _year_filter(value: str, year: int) -> bool:
    value = value.strip()
    if value.startswith(">"):
        return year > int(value[1:])
    if value.startswith("<"):
        return year < int(value[1:])
    lo, dash, hi = value.partition("-")
    if dash:
        return (not lo or year >= int(lo)) and (not hi or year <= int(hi))
    return year == int(value)


_OPENALEX_TEXT = {
    "title.search": ("ti",),
    "display_name.search": ("ti",),
    "abstract.search": ("abs",),
    "title_and_abstract.search": ("ti", "abs"),
    "default.search": ("ti", "abs"),
}


def _byline_matches(papers: Sequence[Paper], names: list[str]) -> list[tuple[float, Paper]]:
    """`raw_author_name.search`: works whose byline holds the name — every word of it within one
    author's name as written on the work (folded, as the index folds), not across two authors.
    Documented at developers.openalex.org/guides/searching (searching author bylines)."""
    wanted = [ws for n in names if (ws := words(n))]
    out = []
    for p in papers:
        bylines = [set(words(n)) for n in p.names()]
        if any(set(ws) <= b for ws in wanted for b in bylines):
            out.append((0.0, p))
    return out


def _openalex_filter(c: Corpus, name: str, items: list[str]) -> list[tuple[float, Paper]] | None:
    """The papers one filter admits (with a relevance for `*.search`), None for an unknown one."""
    engine = c.engine
    assert engine is not None
    if name == "raw_author_name.search":
        return _byline_matches(c.papers, items)
    if name in _OPENALEX_TEXT:
        best: dict[str, tuple[float, Paper]] = {}
        for v in items:
            for s, p in normalize_scores(engine.openalex(v, _OPENALEX_TEXT[name])):
                if p.key not in best or best[p.key][0] < s:
                    best[p.key] = (s, p)
        return sorted(best.values(), key=lambda sp: -sp[0])
    if name == "doi":
        keys = [re.sub(r"^https?://doi\.org/", "", v, flags=re.I).lower() for v in items]
        return [(0.0, c.by_doi[k]) for k in keys if k in c.by_doi]
    if name in ("ids.openalex", "openalex", "openalex_id"):
        keys = [v.rsplit("/", 1)[-1].upper() for v in items]
        return [(0.0, c.by_openalex[k]) for k in keys if k in c.by_openalex]
    if name == "publication_year":
        try:
            return [(0.0, p) for p in c.papers if any(_year_filter(v, p.year) for v in items)]
        except ValueError:
            return None
    if name in ("cites", "cited_by"):
        table = c.citations if name == "cites" else c.references
        wanted = {v.rsplit("/", 1)[-1].upper() for v in items}
        out: list[tuple[float, Paper]] = []
        for w in wanted:
            p = c.by_openalex.get(w)
            out += [(0.0, o) for o in table.get(p.key, [])] if p else []
        return out
    if name == "has_abstract":
        want = items[0].lower() == "true"
        return [(0.0, p) for p in c.papers if bool(p.abstract) is want]
    if name == "has_doi":
        want = items[0].lower() == "true"
        return [(0.0, p) for p in c.papers if bool(p.doi) is want]
    return None


class FakeHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr: tuple[str, int], controls: Controls, corpus: Corpus) -> None:
        super().__init__(addr, Handler)
        self.controls = controls
        self.corpus = corpus


@dataclass
class FakeScholar:
    """The server plus its controls. Use `start()`/`stop()` or `with FakeScholar.running():`."""

    host: str = "127.0.0.1"
    port: int = 0
    synthetic: int = 0
    haystack: bool = False  # serve shared/corpus/math-papers.jsonl.gz (16,373 real records)
    extra: tuple[Paper, ...] = ()  # papers a test adds to the small corpus
    controls: Controls = field(default_factory=Controls)
    _server: FakeHTTPServer | None = None
    _thread: threading.Thread | None = None

    def start(self) -> FakeScholar:
        if self.haystack:
            corpus = haystack_corpus()
        else:
            papers = load_papers() + synthetic_papers(self.synthetic) + list(self.extra)
            corpus = Corpus(papers, load_theorems())
        self._server = FakeHTTPServer((self.host, self.port), self.controls, corpus)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="fakescholar", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def corpus(self) -> Corpus:
        assert self._server is not None
        return self._server.corpus

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def urls(self) -> dict[str, str]:
        return backend_urls(self.base_url)

    def env(self) -> dict[str, str]:
        return env_for(self.base_url)

    @classmethod
    @contextmanager
    def running(cls, **kwargs: Any) -> Iterator[FakeScholar]:
        server = cls(**kwargs).start()
        try:
            yield server
        finally:
            server.stop()


@lru_cache(maxsize=1)
def haystack_corpus() -> Corpus:
    """The large corpus with its index, built once per process (a few seconds) and shared by
    every server started on it (the servers only read it)."""
    papers = list(haystack.load())
    return Corpus(
        papers,
        haystack.theorems_from_abstracts(tuple(papers)),
        cites={},
        engine=Engine(papers),
    )
