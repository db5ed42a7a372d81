"""OpenAlex: `/works?search=` for discovery, `filter=doi:a|b|…` (≤100 values) for verification.

Abstracts arrive as an inverted index (word → positions) or null and are rebuilt here. An unknown
DOI on the single-work route is a 404 *HTML* page, so batch filters are preferred; the singleton
route is only used for DOIs whose characters (`,` or `|`) would break the filter syntax.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from mathlsp.sources.base import LookupResult, LookupStatus, chunked, dedupe, error_results
from mathlsp.sources.errors import MalformedResponse, SourceError
from mathlsp.sources.http import Fetcher, build_url
from mathlsp.sources.openalex_query import split_filters
from mathlsp.sources.record import (
    Author,
    Identifier,
    IdKind,
    PaperRecord,
    arxiv_id_from_doi,
    clean_doi,
    clean_text,
    normalize_doi,
    parse_arxiv_id,
)

NAME = "openalex"


def rebuild_abstract(index: Any) -> str | None:
    """Text from `abstract_inverted_index` ({"word": [positions]}); None when absent/empty."""
    if not isinstance(index, Mapping) or not index:
        return None
    slots: dict[int, str] = {}
    for word, positions in index.items():
        if not isinstance(positions, list):
            continue
        for pos in positions:
            if isinstance(pos, int) and pos >= 0:
                slots[pos] = str(word)
    if not slots:
        return None
    return clean_text(" ".join(slots[p] for p in sorted(slots)))


def _short_id(value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return None
    tail = value.rstrip("/").rsplit("/", 1)[-1]
    return tail.upper() if tail[:1] in "wW" and tail[1:].isdigit() else None


def record_url(base_url: str, *, doi: str | None = None, openalex_id: str | None = None) -> str:
    """The re-check URL of a work: by its DOI when it has one, else by its `W…` id. One form per
    work whichever request found it (a search, a DOI batch, an id), so a stamp written by
    `search --write` is the one `verify --write` would write."""
    if doi:
        return build_url(base_url, f"/works/doi:{quote(doi, safe='/:;()')}")
    return build_url(base_url, f"/works/{openalex_id}")


def parse_work(
    obj: Mapping[str, Any],
    base_url: str,
    *,
    fetched_at: datetime | None = None,
) -> PaperRecord | None:
    openalex_id = _short_id(obj.get("id"))
    title = obj.get("title") or obj.get("display_name")
    if not openalex_id or not isinstance(title, str) or not clean_text(title):
        return None
    ids = obj.get("ids") if isinstance(obj.get("ids"), Mapping) else {}
    doi = clean_doi(obj["doi"]) if isinstance(obj.get("doi"), str) else None
    pmid_raw = ids.get("pmid")
    pmid = str(pmid_raw).rstrip("/").rsplit("/", 1)[-1] if pmid_raw else None
    arxiv_id = arxiv_id_from_doi(doi) if doi else None
    locations = obj.get("locations") if isinstance(obj.get("locations"), list) else []
    if arxiv_id is None:
        for loc in locations:
            page = loc.get("landing_page_url") if isinstance(loc, Mapping) else None
            if isinstance(page, str) and "arxiv.org/abs/" in page:
                parsed = parse_arxiv_id(page)
                if parsed:
                    arxiv_id = parsed[0]
                    break
    primary = (
        obj.get("primary_location") if isinstance(obj.get("primary_location"), Mapping) else {}
    )
    source = primary.get("source") if isinstance(primary.get("source"), Mapping) else {}
    oa = obj.get("open_access") if isinstance(obj.get("open_access"), Mapping) else {}
    best = obj.get("best_oa_location") if isinstance(obj.get("best_oa_location"), Mapping) else {}
    oa_url = oa.get("oa_url") or best.get("pdf_url") or best.get("landing_page_url")
    authors = []
    for authorship in obj.get("authorships") or []:
        if not isinstance(authorship, Mapping):
            continue
        author = authorship.get("author") if isinstance(authorship.get("author"), Mapping) else {}
        name = author.get("display_name") or authorship.get("raw_author_name")
        if isinstance(name, str) and name.strip():
            authors.append(Author.from_name(name))
    year = obj.get("publication_year")
    cites = obj.get("cited_by_count")
    url = record_url(base_url, doi=doi, openalex_id=openalex_id)
    return PaperRecord(
        backend=NAME,
        title=clean_text(title) or "",
        authors=tuple(authors),
        year=year if isinstance(year, int) else None,
        venue=clean_text(source.get("display_name"))
        if isinstance(source.get("display_name"), str)
        else None,
        abstract=rebuild_abstract(obj.get("abstract_inverted_index")),
        arxiv_id=arxiv_id,
        doi=doi,
        openalex_id=openalex_id,
        pmid=pmid if pmid and pmid.isdigit() else None,
        citation_count=cites if isinstance(cites, int) else None,
        open_access_url=oa_url if isinstance(oa_url, str) and oa_url else None,
        url=url,
        fetched_at=fetched_at or datetime.now(UTC),
        published=obj.get("publication_date")
        if isinstance(obj.get("publication_date"), str)
        else None,
    )


def parse_links(obj: Any) -> tuple[list[str], list[list[str]]] | None:
    """A work selected as `id,doi,referenced_works` → (own keys, keys of each cited work)."""
    if not isinstance(obj, Mapping):
        return None
    openalex_id = _short_id(obj.get("id"))
    if openalex_id is None:
        return None
    own = [f"openalex:{openalex_id}"]
    doi = normalize_doi(obj["doi"]) if isinstance(obj.get("doi"), str) else None
    if doi:
        own.append(f"doi:{doi}")
        arxiv = arxiv_id_from_doi(doi)
        if arxiv:
            own.append(f"arxiv:{arxiv}")
    refs = obj.get("referenced_works") if isinstance(obj.get("referenced_works"), list) else []
    cited = [[f"openalex:{w}"] for r in refs if (w := _short_id(r))]
    return own, cited


def parse_list(data: Any, base_url: str, url: str) -> list[PaperRecord]:
    """A `{meta, results}` list envelope."""
    if not isinstance(data, Mapping) or not isinstance(data.get("results"), list):
        raise MalformedResponse(NAME, url, "OpenAlex sent an unexpected list body")
    when = datetime.now(UTC)
    out = []
    for obj in data["results"]:
        if isinstance(obj, Mapping):
            record = parse_work(obj, base_url, fetched_at=when)
            if record is not None:
                out.append(record)
    return out


class OpenAlexSource:
    name = NAME

    def __init__(
        self, fetcher: Fetcher, base_url: str, *, mailto: str | None = None, batch_size: int = 100
    ) -> None:
        self.fetcher = fetcher
        self.base_url = base_url.rstrip("/")
        self.mailto = mailto
        self.batch_size = max(1, min(batch_size, 100))

    def supports(self, identifier: Identifier) -> bool:
        return identifier.kind in (IdKind.DOI, IdKind.OPENALEX)

    def _params(self, **params: Any) -> dict[str, Any]:
        return {**params, "mailto": self.mailto} if self.mailto else params

    async def search(self, query: str, limit: int = 10) -> list[PaperRecord]:
        """`query` in `search=` syntax; a leading `raw_author_name.search:"Name"` or
        `publication_year:Y1-Y2` becomes that filter (`search=` does not read author names: the
        byline is matched only this way)."""
        filters, words = split_filters(query)
        params: dict[str, Any] = {"per-page": limit}
        if words:
            params["search"] = words
        if filters:
            params["filter"] = ",".join(f"{name}:{value}" for name, value in filters)
        resp = await self.fetcher.request(
            "GET", self.base_url + "/works", params=self._params(**params)
        )
        return parse_list(resp.json(NAME), self.base_url, resp.url)[:limit]

    async def lookup(self, identifiers: Sequence[Identifier]) -> list[LookupResult]:
        wanted = dedupe([i for i in identifiers if self.supports(i)])
        dois = [i for i in wanted if i.kind is IdKind.DOI and not set(i.value) & {",", "|"}]
        odd = [i for i in wanted if i.kind is IdKind.DOI and set(i.value) & {",", "|"}]
        works = [i for i in wanted if i.kind is IdKind.OPENALEX]
        out: list[LookupResult] = []
        for chunk in chunked(dois, self.batch_size):
            out.extend(await self._filter("doi", chunk))
        for chunk in chunked(works, self.batch_size):
            out.extend(await self._filter("ids.openalex", chunk))
        for ident in odd:
            out.append(await self._single(ident))
        return out

    async def _filter(self, field: str, chunk: Sequence[Identifier]) -> list[LookupResult]:
        values = "|".join(i.value for i in chunk)
        try:
            resp = await self.fetcher.request(
                "GET",
                self.base_url + "/works",
                params=self._params(filter=f"{field}:{values}", **{"per-page": len(chunk)}),
            )
            records = parse_list(resp.json(NAME), self.base_url, resp.url)
        except SourceError as exc:
            return error_results(chunk, NAME, exc)
        out = []
        for ident in chunk:
            record = next((r for r in records if r.carries(ident)), None)
            if record is not None:
                url = record.url
            elif ident.kind is IdKind.DOI:
                url = record_url(self.base_url, doi=ident.value)
            else:
                url = record_url(self.base_url, openalex_id=ident.value)
            status = LookupStatus.FOUND if record else LookupStatus.NOT_FOUND
            out.append(LookupResult(ident, NAME, status, record=record, url=url))
        return out

    async def _single(self, ident: Identifier) -> LookupResult:
        url = record_url(self.base_url, doi=ident.value)
        try:
            resp = await self.fetcher.request("GET", url, params=self._params(), ok=(200, 404))
            if resp.status == 404:  # an HTML page, by design of the API
                return LookupResult(ident, NAME, LookupStatus.NOT_FOUND, url=url)
            data = resp.json(NAME)
            record = parse_work(data, self.base_url) if isinstance(data, Mapping) else None
            if record is None:
                raise MalformedResponse(NAME, resp.url, "OpenAlex sent a work without id or title")
        except SourceError as exc:
            return LookupResult(ident, NAME, LookupStatus.ERROR, error=exc, url=url)
        return LookupResult(ident, NAME, LookupStatus.FOUND, record=record, url=url)

    async def references(
        self, identifiers: Sequence[Identifier]
    ) -> dict[Identifier, tuple[list[str], list[list[str]]]]:
        """What each work cites (`filter=doi:a|b` with `select=id,doi,referenced_works`).

        Works OpenAlex does not know are absent; a failed request raises SourceError."""
        wanted = dedupe([i for i in identifiers if self.supports(i)])
        out: dict[Identifier, tuple[list[str], list[list[str]]]] = {}
        for field, kind in (("doi", IdKind.DOI), ("ids.openalex", IdKind.OPENALEX)):
            usable = [i for i in wanted if i.kind is kind and not set(i.value) & {",", "|"}]
            for chunk in chunked(usable, self.batch_size):
                values = "|".join(i.value for i in chunk)
                resp = await self.fetcher.request(
                    "GET",
                    self.base_url + "/works",
                    params=self._params(
                        filter=f"{field}:{values}",
                        select="id,doi,referenced_works",
                        **{"per-page": len(chunk)},
                    ),
                )
                data = resp.json(NAME)
                if not isinstance(data, Mapping) or not isinstance(data.get("results"), list):
                    raise MalformedResponse(NAME, resp.url, "OpenAlex sent an unexpected list body")
                parsed = [links for obj in data["results"] if (links := parse_links(obj))]
                for ident in chunk:
                    key = ident.key if kind is IdKind.DOI else f"openalex:{ident.value}"
                    match = next((links for links in parsed if key in links[0]), None)
                    if match is not None:
                        out[ident] = match
        return out
