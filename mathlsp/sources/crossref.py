"""Crossref REST API: per-DOI verification with bounded concurrency, and bibliographic title match.

Crossref has no batch route for DOIs, so lookups run one request per DOI, at most N at a time
(3 in the polite pool, 1 in the public one). An unknown DOI is a 404 with a text/plain body;
arXiv's DataCite DOIs (10.48550) are never in Crossref and are not asked for.
"""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from mathlsp.sources.base import LookupResult, LookupStatus, dedupe
from mathlsp.sources.errors import MalformedResponse, SourceError
from mathlsp.sources.http import Fetcher, build_url
from mathlsp.sources.record import (
    Author,
    Identifier,
    IdKind,
    PaperRecord,
    clean_doi,
    clean_text,
)

NAME = "crossref"
_TAG = re.compile(r"<[^>]+>")
_JATS_HEADING = re.compile(r"<jats:title>\s*abstract\s*</jats:title>", re.IGNORECASE)


def strip_jats(text: str | None) -> str | None:
    """Crossref abstracts are JATS XML fragments: drop the tags and an "Abstract" heading."""
    if not text:
        return None
    text = _JATS_HEADING.sub(" ", text)
    text = _TAG.sub(" ", text)
    return clean_text(html.unescape(text))


def record_url(base_url: str, doi: str) -> str:
    return build_url(base_url, f"/works/{quote(doi, safe='/:;()')}")


def _year(item: Mapping[str, Any]) -> int | None:
    for key in ("issued", "published", "published-print", "published-online", "created"):
        parts = item.get(key, {}).get("date-parts") if isinstance(item.get(key), Mapping) else None
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            year = parts[0][0]
            if isinstance(year, int):
                return year
    return None


def _date(item: Mapping[str, Any]) -> str | None:
    parts = (
        item.get("issued", {}).get("date-parts")
        if isinstance(item.get("issued"), Mapping)
        else None
    )
    if not (isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]):
        return None
    nums = [p for p in parts[0] if isinstance(p, int)]
    if not nums:
        return None
    return "-".join([f"{nums[0]:04d}", *(f"{n:02d}" for n in nums[1:3])])


def parse_item(
    item: Mapping[str, Any], base_url: str, *, fetched_at: datetime | None = None
) -> PaperRecord | None:
    doi = clean_doi(item["DOI"]) if isinstance(item.get("DOI"), str) else None
    titles = item.get("title")
    title = (
        titles[0] if isinstance(titles, list) and titles and isinstance(titles[0], str) else None
    )
    if not doi or not clean_text(title):
        return None
    # Crossref keeps a subtitle apart ("title": ["Main"], "subtitle": ["a survey"]): without it
    # the record would say the paper has none, and an entry citing the full title would read
    # as adding one.
    subtitles = item.get("subtitle")
    first = subtitles[0] if isinstance(subtitles, list) and subtitles else None
    sub = clean_text(first) if isinstance(first, str) else None
    if sub and sub.casefold() not in str(title).casefold():
        title = f"{clean_text(title)}: {sub}"
    authors = []
    for a in item.get("author") or []:
        if not isinstance(a, Mapping):
            continue
        if isinstance(a.get("family"), str) and a["family"].strip():
            given = a.get("given") if isinstance(a.get("given"), str) else None
            authors.append(Author(clean_text(a["family"]) or "", clean_text(given)))
        elif isinstance(a.get("name"), str) and a["name"].strip():  # organisations
            authors.append(Author(clean_text(a["name"]) or ""))
    venues = item.get("container-title")
    venue = (
        venues[0] if isinstance(venues, list) and venues and isinstance(venues[0], str) else None
    )
    cites = item.get("is-referenced-by-count")
    return PaperRecord(
        backend=NAME,
        title=clean_text(title) or "",
        authors=tuple(authors),
        year=_year(item),
        venue=clean_text(venue),
        abstract=strip_jats(
            item.get("abstract") if isinstance(item.get("abstract"), str) else None
        ),
        doi=doi,
        citation_count=cites if isinstance(cites, int) else None,
        url=record_url(base_url, doi),
        fetched_at=fetched_at or datetime.now(UTC),
        published=_date(item),
    )


def parse_work_message(data: Any, base_url: str, url: str) -> PaperRecord:
    if not isinstance(data, Mapping) or data.get("message-type") != "work":
        raise MalformedResponse(NAME, url, "Crossref sent something other than a work")
    record = parse_item(data.get("message") or {}, base_url)
    if record is None:
        raise MalformedResponse(NAME, url, "Crossref sent a work without DOI or title")
    return record


def parse_work_list(data: Any, base_url: str, url: str) -> list[PaperRecord]:
    if not isinstance(data, Mapping) or data.get("message-type") != "work-list":
        raise MalformedResponse(NAME, url, "Crossref sent something other than a work list")
    items = (data.get("message") or {}).get("items")
    if not isinstance(items, list):
        raise MalformedResponse(NAME, url, "Crossref work list has no items")
    when = datetime.now(UTC)
    out = []
    for item in items:
        if isinstance(item, Mapping):
            record = parse_item(item, base_url, fetched_at=when)
            if record is not None:
                out.append(record)
    return out


class CrossrefSource:
    name = NAME

    def __init__(
        self, fetcher: Fetcher, base_url: str, *, mailto: str | None = None, concurrency: int = 3
    ) -> None:
        self.fetcher = fetcher
        self.base_url = base_url.rstrip("/")
        self.mailto = mailto
        self._slots = asyncio.Semaphore(max(1, concurrency))

    def supports(self, identifier: Identifier) -> bool:
        return identifier.kind is IdKind.DOI and not identifier.value.startswith("10.48550/")

    def _params(self, **params: Any) -> dict[str, Any]:
        return {**params, "mailto": self.mailto} if self.mailto else params

    async def search(self, query: str, limit: int = 10) -> list[PaperRecord]:
        async with self._slots:
            resp = await self.fetcher.request(
                "GET", self.base_url + "/works", params=self._params(query=query, rows=limit)
            )
        return parse_work_list(resp.json(NAME), self.base_url, resp.url)[:limit]

    async def match_title(self, title: str) -> PaperRecord | None:
        """Crossref's best bibliographic match for a title (its own ranking; verify it)."""
        async with self._slots:
            resp = await self.fetcher.request(
                "GET",
                self.base_url + "/works",
                params=self._params(**{"query.bibliographic": title, "rows": 1}),
            )
        records = parse_work_list(resp.json(NAME), self.base_url, resp.url)
        return records[0] if records else None

    async def lookup(self, identifiers: Sequence[Identifier]) -> list[LookupResult]:
        wanted = dedupe([i for i in identifiers if self.supports(i)])
        return list(await asyncio.gather(*(self._one(i) for i in wanted)))

    async def _one(self, ident: Identifier) -> LookupResult:
        url = record_url(self.base_url, ident.value)
        try:
            async with self._slots:
                resp = await self.fetcher.request("GET", url, params=self._params(), ok=(200, 404))
            if resp.status == 404:  # text/plain "Resource not found."
                return LookupResult(ident, NAME, LookupStatus.NOT_FOUND, url=url)
            record = parse_work_message(resp.json(NAME), self.base_url, resp.url)
        except SourceError as exc:
            return LookupResult(ident, NAME, LookupStatus.ERROR, error=exc, url=url)
        return LookupResult(ident, NAME, LookupStatus.FOUND, record=record, url=url)
