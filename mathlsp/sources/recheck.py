"""The re-check URLs mathlsp writes into `Verified:` stamps, and telling them from other URLs.

A stamp's URL is the audit trail: opened, it returns exactly the record that confirmed the
entry. Only the forms the backends build (`record_url` in each client) qualify, on the default
hosts or on a base URL the user configured — a hand-typed `via https://example.org/x` re-checks
nothing. Pure, and without the HTTP stack, so offline checks can use it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from urllib.parse import parse_qs, unquote, urlsplit

DEFAULT_BASE_URLS: dict[str, str] = {
    "arxiv": "http://export.arxiv.org",
    "semantic_scholar": "https://api.semanticscholar.org/graph/v1",
    "openalex": "https://api.openalex.org",
    "crossref": "https://api.crossref.org",
    "pubmed": "https://eutils.ncbi.nlm.nih.gov/entrez/eutils",
    "theoremsearch": "https://api.theoremsearch.com",
    "zbmath": "https://api.zbmath.org/v1",
}

URL_ENV_VARS: dict[str, str] = {
    "arxiv": "MATHLSP_ARXIV_URL",
    "semantic_scholar": "MATHLSP_SEMANTIC_SCHOLAR_URL",
    "openalex": "MATHLSP_OPENALEX_URL",
    "crossref": "MATHLSP_CROSSREF_URL",
    "pubmed": "MATHLSP_PUBMED_URL",
    "theoremsearch": "MATHLSP_THEOREMSEARCH_URL",
    "zbmath": "MATHLSP_ZBMATH_URL",
}

_ARXIV_ID = re.compile(r"(?:\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?")
_DOI = re.compile(r"10\.\d{4,9}/\S+", re.IGNORECASE)
# What follows `<base>/` in a record URL, per backend (the query is checked apart).
_PATHS: dict[str, re.Pattern[str]] = {
    "arxiv": re.compile(r"api/query"),
    "semantic_scholar": re.compile(
        r"paper/(?:[0-9a-f]{40}|(?:ARXIV|DOI|PMID|CorpusId|MAG|ACL|PMCID|URL):\S+)"
    ),
    "openalex": re.compile(r"works/(?:W\d+|doi:10\.\d{4,9}/\S+)", re.IGNORECASE),
    "crossref": re.compile(r"works/10\.\d{4,9}/\S+", re.IGNORECASE),
    "pubmed": re.compile(r"esummary\.fcgi"),
    "zbmath": re.compile(r"document/(?:\d+|_search)"),
}


def configured_bases(
    environ: Mapping[str, str], project_urls: Mapping[str, str] | None = None
) -> dict[str, tuple[str, ...]]:
    """Every base URL a backend may have had: its default, a project's `source_urls`, and the
    `MATHLSP_*_URL` environment variable."""
    out: dict[str, tuple[str, ...]] = {}
    for backend, default in DEFAULT_BASE_URLS.items():
        bases = [default, (project_urls or {}).get(backend, ""), environ.get(URL_ENV_VARS[backend])]
        out[backend] = tuple(dict.fromkeys(b.rstrip("/") for b in bases if b))
    return out


def project_urls(config: Mapping[str, object]) -> dict[str, tuple[str, ...]]:
    """The base URLs a project's `.math/config.json` gives its backends (`source_urls` or
    `base_urls`, as `SourceSettings.from_env` reads them); anything malformed is ignored."""
    out: dict[str, tuple[str, ...]] = {}
    for key in ("source_urls", "base_urls"):
        urls = config.get(key)
        if not isinstance(urls, Mapping):
            continue
        for backend, url in urls.items():
            if backend in DEFAULT_BASE_URLS and isinstance(url, str) and url.strip():
                out[backend] = (*out.get(backend, ()), url.strip().rstrip("/"))
    return out


def with_project_urls(
    bases: Mapping[str, tuple[str, ...]], project: Mapping[str, tuple[str, ...]]
) -> dict[str, tuple[str, ...]]:
    """`bases` with a project's own base URLs added: a stamp written while the project pointed a
    backend at a mirror re-checks on that mirror."""
    out = dict(bases)
    for backend, urls in project.items():
        out[backend] = tuple(dict.fromkeys((*out.get(backend, ()), *urls)))
    return out


def recheck_backend(url: str, bases: Mapping[str, Iterable[str]]) -> str | None:
    """The backend whose re-check URL `url` is, or None when no backend writes such a URL."""
    bare = _bare(url)  # http or https: the same request either way
    prefixes = _prefixes(bases)
    fast = _arxiv_first
    # The stamp `verify` writes most (`<arXiv base>/api/query?id_list=<id>`), when arXiv's is
    # the first prefix tried: what the loop below would answer, without cutting the URL.
    if fast and bare.startswith(fast) and _ARXIV_ID.fullmatch(bare, len(fast)):
        return "arxiv"
    for backend, shape, at in prefixes:
        if not bare.startswith(at):
            continue
        path, query = _path_and_query(bare[len(at) :])
        if shape.fullmatch(path) and _query_fits(backend, query):
            return backend
    return None


def _path_and_query(rest: str) -> tuple[str, str]:
    """`urlsplit(rest)`'s path and query. A stamp's URL rarely needs more than cutting at `#`
    and `?`, which costs a tenth of `urlsplit` (called once per stamp)."""
    if ":" in rest or rest.startswith("//") or not rest.isprintable() or rest[:1] == " ":
        parts = urlsplit(rest)  # a scheme, a host, a control character or leading space
        return parts.path, parts.query
    path, _, query = rest.partition("#")[0].partition("?")
    return path, query


# The last bases asked about, a copy of them and their prefixes: `check` asks once per stamp
# (5,000 at 5,000 references) with the same settings. The copy tells a mapping changed since.
_last: tuple[object, dict[str, tuple[str, ...]], list[tuple[str, re.Pattern[str], str]]] | None = (
    None
)


# `<arXiv base>/api/query?id_list=` when the first prefix `_prefixes` returned is arXiv's.
_arxiv_first = ""


def _prefixes(bases: Mapping[str, Iterable[str]]) -> list[tuple[str, re.Pattern[str], str]]:
    global _last, _arxiv_first
    last = _last
    if last is not None and last[0] is bases and last[1] == bases:
        return last[2]
    copy = {backend: tuple(roots) for backend, roots in bases.items()}
    out = [
        (backend, shape, _bare(root) + "/")
        for backend, roots in copy.items()
        if (shape := _PATHS.get(backend)) is not None
        for root in roots
    ]
    _last = (bases, copy, out)
    _arxiv_first = out[0][2] + "api/query?id_list=" if out and out[0][0] == "arxiv" else ""
    return out


def _bare(url: str) -> str:
    return url.split("://", 1)[1] if "://" in url else url


def _query_fits(backend: str, query: str) -> bool:
    if backend not in ("arxiv", "pubmed", "zbmath"):
        return True  # the others' queries say nothing about the record
    params = _params(query)
    if backend == "arxiv":
        ids = params.get("id_list", [""])[0]
        return bool(_ARXIV_ID.fullmatch(ids))
    if backend == "pubmed":
        return params.get("db") == ["pubmed"] and params.get("id", [""])[0].isdigit()
    if backend == "zbmath" and "search_string" in params:
        # A document found by its Zbl number (`an:`), not a search by words.
        return params["search_string"][0].startswith("an:")
    return True


def _params(query: str) -> dict[str, list[str]]:
    """`parse_qs(query)`. A query with nothing to unescape (`%`, `+`) is split here, as
    `parse_qs` would split it, in a fifth of its time: `check` asks once per stamp."""
    if "%" in query or "+" in query:
        return parse_qs(query)
    out: dict[str, list[str]] = {}
    for pair in query.split("&"):
        name, eq, value = pair.partition("=")
        if eq and value:  # `parse_qs` drops a pair without `=` or with a blank value
            out.setdefault(name, []).append(value)
    return out


def same_recheck(
    stamp_url: str, url: str, *, openalex_id: str | None = None, doi: str | None = None
) -> bool:
    """Whether a stamp's URL re-checks the same record as `url`. OpenAlex answers a work at
    `works/W…` and at `works/doi:…`; stamps written before one form was chosen per work used
    either, and are the same evidence as the other form of the same work on the same host."""
    if stamp_url == url:
        return True
    a, b = _openalex_work(stamp_url), _openalex_work(url)
    if a is None or b is None or a[0] != b[0]:
        return False
    names = {n for n in (openalex_id and openalex_id.upper(), doi and "DOI:" + doi.lower()) if n}
    return {a[1], b[1]} <= names


def _openalex_work(url: str) -> tuple[str, str] | None:
    """(host and base path, `W…` or `DOI:<doi>`) of an OpenAlex work URL, else None."""
    bare = _bare(url).split("?", 1)[0]
    root, sep, work = bare.rpartition("/works/")
    if not sep or not work:
        return None
    work = unquote(work)
    if work[:1] in "wW" and work[1:].isdigit():
        return root, work.upper()
    if work.lower().startswith("doi:"):
        return root, "DOI:" + work[4:].lower()
    return None
