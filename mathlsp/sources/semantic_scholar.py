"""Semantic Scholar Graph v1: search, title match, and `POST /paper/batch` (≤500 ids).

The batch answer is aligned with the request and carries `null` for ids S2 does not know; a
search with zero hits has no `data` key at all. The key travels only in the `x-api-key` header.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from mathlsp.sources.base import LookupResult, LookupStatus, chunked, dedupe, error_results
from mathlsp.sources.errors import MalformedResponse, SourceError
from mathlsp.sources.http import Fetcher, build_url
from mathlsp.sources.record import (
    Author,
    Identifier,
    IdKind,
    PaperRecord,
    clean_doi,
    clean_text,
    normalize_doi,
    parse_arxiv_id,
)

NAME = "semantic_scholar"
FIELDS = (
    "paperId,externalIds,title,abstract,authors,year,venue,journal,publicationDate,"
    "citationCount,openAccessPdf"
)
_SUPPORTED = (IdKind.ARXIV, IdKind.DOI, IdKind.S2, IdKind.PMID)
#: The batch fields for the citation graph: each paper's own ids and those of what it cites.
REFERENCE_FIELDS = "paperId,externalIds,references.paperId,references.externalIds"

#: One paper's place in the citation graph: its own identifier keys (`Identifier.key` form:
#: `s2:…`, `arxiv:…`, `doi:…`, `openalex:W…`) and the keys of each work it references.
Links = tuple[list[str], list[list[str]]]


def paper_ref(identifier: Identifier) -> str:
    """S2's id syntax: `ARXIV:2301.12345`, `DOI:10.x/y`, `PMID:123`, or the bare paperId."""
    if identifier.kind is IdKind.ARXIV:
        return f"ARXIV:{identifier.value}"
    if identifier.kind is IdKind.DOI:
        return f"DOI:{identifier.value}"
    if identifier.kind is IdKind.PMID:
        return f"PMID:{identifier.value}"
    return identifier.value


def record_url(base_url: str, ref: str) -> str:
    return build_url(base_url, f"/paper/{quote(ref, safe=':/')}", {"fields": FIELDS})


def parse_paper(
    obj: Mapping[str, Any], url: str, *, fetched_at: datetime | None = None
) -> PaperRecord | None:
    """One S2 paper object → record (None when it lacks a paperId or title)."""
    paper_id = obj.get("paperId")
    title = clean_text(obj.get("title")) if isinstance(obj.get("title"), str) else None
    if not isinstance(paper_id, str) or not title:
        return None
    ext = obj.get("externalIds") if isinstance(obj.get("externalIds"), Mapping) else {}
    arxiv = parse_arxiv_id(str(ext.get("ArXiv"))) if ext.get("ArXiv") else None
    doi = clean_doi(str(ext["DOI"])) if ext.get("DOI") else None
    pmid = str(ext["PubMed"]) if ext.get("PubMed") else None
    journal = obj.get("journal") if isinstance(obj.get("journal"), Mapping) else {}
    venue = clean_text(obj.get("venue") or None) or clean_text(journal.get("name") or None)
    oa = obj.get("openAccessPdf") if isinstance(obj.get("openAccessPdf"), Mapping) else {}
    authors = tuple(
        Author.from_name(a["name"])
        for a in obj.get("authors") or []
        if isinstance(a, Mapping) and isinstance(a.get("name"), str) and a["name"].strip()
    )
    year = obj.get("year")
    cites = obj.get("citationCount")
    return PaperRecord(
        backend=NAME,
        title=title,
        authors=authors,
        year=year if isinstance(year, int) else None,
        venue=venue,
        abstract=clean_text(obj.get("abstract")) if isinstance(obj.get("abstract"), str) else None,
        arxiv_id=arxiv[0] if arxiv else None,
        arxiv_version=arxiv[1] if arxiv else None,
        doi=doi,
        s2_id=paper_id.lower(),
        pmid=pmid,
        citation_count=cites if isinstance(cites, int) else None,
        open_access_url=(oa.get("url") or None) if isinstance(oa.get("url"), str) else None,
        url=url,
        fetched_at=fetched_at or datetime.now(UTC),
        published=obj.get("publicationDate")
        if isinstance(obj.get("publicationDate"), str)
        else None,
    )


def link_keys(obj: Any) -> list[str]:
    """The identifier keys of an S2 paper stub (`paperId` and `externalIds`)."""
    if not isinstance(obj, Mapping):
        return []
    keys: list[str] = []
    if isinstance(obj.get("paperId"), str) and obj["paperId"]:
        keys.append(f"s2:{obj['paperId'].lower()}")
    ext = obj.get("externalIds") if isinstance(obj.get("externalIds"), Mapping) else {}
    arxiv = parse_arxiv_id(str(ext["ArXiv"])) if ext.get("ArXiv") else None
    if arxiv:
        keys.append(f"arxiv:{arxiv[0]}")
    doi = normalize_doi(str(ext["DOI"])) if ext.get("DOI") else None
    if doi:
        keys.append(f"doi:{doi}")
    return keys


def parse_links(obj: Any) -> Links | None:
    """`{paperId, externalIds, references: [{paperId, externalIds}, …]}` → (own, references)."""
    if not isinstance(obj, Mapping):
        return None
    refs = obj.get("references") if isinstance(obj.get("references"), list) else []
    cited = [keys for r in refs if (keys := link_keys(r))]
    return link_keys(obj), cited


def parse_search(content_json: Any, base_url: str, url: str) -> list[PaperRecord]:
    """`/paper/search` and `/paper/search/match` bodies; zero hits may omit `data`."""
    if not isinstance(content_json, Mapping):
        raise MalformedResponse(NAME, url, "Semantic Scholar sent an unexpected search body")
    data = content_json.get("data", [])
    if not isinstance(data, list):
        raise MalformedResponse(NAME, url, "Semantic Scholar search `data` is not a list")
    when = datetime.now(UTC)
    out = []
    for obj in data:
        if isinstance(obj, Mapping) and isinstance(obj.get("paperId"), str):
            record = parse_paper(obj, record_url(base_url, obj["paperId"]), fetched_at=when)
            if record is not None:
                out.append(record)
    return out


class SemanticScholarSource:
    name = NAME

    def __init__(self, fetcher: Fetcher, base_url: str, *, batch_size: int = 500) -> None:
        self.fetcher = fetcher
        self.base_url = base_url.rstrip("/")
        self.batch_size = max(1, min(batch_size, 500))

    def supports(self, identifier: Identifier) -> bool:
        return identifier.kind in _SUPPORTED

    async def search(self, query: str, limit: int = 10, **filters: str) -> list[PaperRecord]:
        """Relevance search; `filters` pass through (e.g. `fieldsOfStudy="Mathematics"`)."""
        resp = await self.fetcher.request(
            "GET",
            self.base_url + "/paper/search",
            params={"query": query, "limit": limit, "fields": FIELDS, **filters},
        )
        return parse_search(resp.json(NAME), self.base_url, resp.url)[:limit]

    async def match_title(self, title: str) -> PaperRecord | None:
        """The single best title match, or None (S2 answers 404 "Title match not found")."""
        resp = await self.fetcher.request(
            "GET",
            self.base_url + "/paper/search/match",
            params={"query": title, "fields": FIELDS},
            ok=(200, 404),
        )
        if resp.status == 404:
            return None
        records = parse_search(resp.json(NAME), self.base_url, resp.url)
        return records[0] if records else None

    async def get(self, identifier: Identifier) -> LookupResult:
        """Single-paper route (`GET /paper/{id}`), for one-off hovers."""
        ref = paper_ref(identifier)
        url = record_url(self.base_url, ref)
        try:
            resp = await self.fetcher.request(
                "GET", url.split("?")[0], params={"fields": FIELDS}, ok=(200, 404)
            )
            if resp.status == 404:
                return LookupResult(identifier, NAME, LookupStatus.NOT_FOUND, url=url)
            data = resp.json(NAME)
            record = parse_paper(data, url) if isinstance(data, Mapping) else None
            if record is None:
                raise MalformedResponse(NAME, resp.url, "Semantic Scholar sent a paper without id")
        except SourceError as exc:
            return LookupResult(identifier, NAME, LookupStatus.ERROR, error=exc, url=url)
        return LookupResult(identifier, NAME, LookupStatus.FOUND, record=record, url=url)

    async def lookup(self, identifiers: Sequence[Identifier]) -> list[LookupResult]:
        wanted = dedupe([i.unversioned() for i in identifiers if self.supports(i)])
        out: list[LookupResult] = []
        for chunk in chunked(wanted, self.batch_size):
            out.extend(await self._batch(chunk))
        return out

    async def _batch(self, chunk: Sequence[Identifier]) -> list[LookupResult]:
        refs = [paper_ref(i) for i in chunk]
        try:
            resp = await self.fetcher.request(
                "POST",
                self.base_url + "/paper/batch",
                params={"fields": FIELDS},
                json_body={"ids": refs},
            )
            data = resp.json(NAME)
            if not isinstance(data, list) or len(data) != len(refs):
                raise MalformedResponse(
                    NAME, resp.url, "Semantic Scholar batch answer does not match the request"
                )
        except SourceError as exc:
            return error_results(chunk, NAME, exc)
        when = datetime.now(UTC)
        out = []
        for ident, ref, obj in zip(chunk, refs, data, strict=True):
            url = record_url(self.base_url, ref)
            record = parse_paper(obj, url, fetched_at=when) if isinstance(obj, Mapping) else None
            if obj is None:
                out.append(LookupResult(ident, NAME, LookupStatus.NOT_FOUND, url=url))
            elif record is None:
                err = MalformedResponse(NAME, url, "Semantic Scholar sent an incomplete paper")
                out.append(LookupResult(ident, NAME, LookupStatus.ERROR, error=err, url=url))
            else:
                out.append(LookupResult(ident, NAME, LookupStatus.FOUND, record=record, url=url))
        return out

    async def references(self, identifiers: Sequence[Identifier]) -> dict[Identifier, Links]:
        """What each paper cites, batched (`POST /paper/batch` with `references.*` fields).

        Papers S2 does not know are absent from the answer; a failed batch raises SourceError."""
        wanted = dedupe([i.unversioned() for i in identifiers if self.supports(i)])
        out: dict[Identifier, Links] = {}
        for chunk in chunked(wanted, self.batch_size):
            refs = [paper_ref(i) for i in chunk]
            resp = await self.fetcher.request(
                "POST",
                self.base_url + "/paper/batch",
                params={"fields": REFERENCE_FIELDS},
                json_body={"ids": refs},
            )
            data = resp.json(NAME)
            if not isinstance(data, list) or len(data) != len(refs):
                raise MalformedResponse(
                    NAME, resp.url, "Semantic Scholar batch answer does not match the request"
                )
            for ident, obj in zip(chunk, data, strict=True):
                links = parse_links(obj)
                if links is not None:
                    out[ident] = links
        return out
