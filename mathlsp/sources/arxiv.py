"""arXiv export API: Atom feeds parsed with feedparser.

Discovery uses `search_query`; verification batches many ids into one `id_list` call (always with
`max_results`, whose default of 10 would silently drop the rest). A malformed id makes arXiv
answer HTTP 400 with an `Error` entry for the whole call, so ids are validated before sending;
an unknown well-formed id is simply absent from the feed.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import feedparser

from mathlsp.sources.base import (
    LookupResult,
    LookupStatus,
    chunked,
    dedupe,
    error_results,
)
from mathlsp.sources.errors import HTTPStatusError, MalformedResponse, SourceError
from mathlsp.sources.http import Fetcher, build_url
from mathlsp.sources.record import (
    Author,
    Identifier,
    IdKind,
    PaperRecord,
    clean_doi,
    clean_text,
    parse_arxiv_id,
)
from mathlsp.sources.safexml import check_xml

NAME = "arxiv"
_ERROR_ID_PREFIXES = ("http://arxiv.org/api/errors", "https://arxiv.org/api/errors")


@dataclass(frozen=True)
class ArxivFeed:
    total_results: int | None
    records: list[PaperRecord]
    errors: list[str]  # messages of `Error` entries ("incorrect id format for abc")


def record_url(base_url: str, arxiv_id: str) -> str:
    """The query that re-checks one paper."""
    return build_url(base_url, "/api/query", {"id_list": arxiv_id})


def parse_feed(
    content: bytes, url: str, *, base_url: str, fetched_at: datetime | None = None
) -> ArxivFeed:
    """Parse an arXiv Atom feed; raise `MalformedResponse`/`UnsafeXML` for anything else."""
    check_xml(content, NAME, url)
    parsed = feedparser.parse(io.BytesIO(content))
    if parsed.get("bozo"):
        exc = parsed.get("bozo_exception")
        # An encoding override is harmless; anything else (truncation, syntax) is not.
        if not isinstance(exc, feedparser.CharacterEncodingOverride):
            raise MalformedResponse(NAME, url, f"arXiv sent a broken Atom feed ({exc})")
    if not parsed.get("version", "").startswith("atom") and not parsed.entries:
        raise MalformedResponse(NAME, url, "arXiv sent something that is not an Atom feed")
    when = fetched_at or datetime.now(UTC)
    total_raw = parsed.feed.get("opensearch_totalresults")
    try:
        total = int(total_raw) if total_raw is not None else None
    except ValueError:
        total = None
    records: list[PaperRecord] = []
    errors: list[str] = []
    for entry in parsed.entries:
        entry_id = str(entry.get("id", ""))
        if entry_id.startswith(_ERROR_ID_PREFIXES):
            errors.append(clean_text(entry.get("summary")) or entry_id.rsplit("#", 1)[-1])
            continue
        record = _entry_to_record(entry, base_url, when)
        if record is not None:
            records.append(record)
    return ArxivFeed(total, records, errors)


def _entry_to_record(
    entry: feedparser.FeedParserDict, base_url: str, when: datetime
) -> PaperRecord | None:
    parsed_id = parse_arxiv_id(str(entry.get("id", "")))
    title = clean_text(entry.get("title"))
    if parsed_id is None or not title:
        return None
    arxiv_id, version = parsed_id
    doi = None
    for candidate in str(entry.get("arxiv_doi") or "").split():
        doi = clean_doi(candidate)
        if doi:
            break
    primary = entry.get("arxiv_primary_category") or {}
    categories = [t.get("term") for t in entry.get("tags", []) if t.get("term")]
    primary_term = primary.get("term") if isinstance(primary, dict) else None
    if primary_term:
        categories = [primary_term, *[c for c in categories if c != primary_term]]
    pdf = next(
        (
            link.get("href")
            for link in entry.get("links", [])
            if link.get("title") == "pdf" or link.get("type") == "application/pdf"
        ),
        None,
    )
    published = str(entry.get("published") or "")[:10] or None
    year = int(published[:4]) if published and published[:4].isdigit() else None
    authors = tuple(
        Author.from_name(a["name"]) for a in entry.get("authors", []) if a.get("name", "").strip()
    )
    versioned = f"{arxiv_id}v{version}" if version else arxiv_id
    return PaperRecord(
        backend=NAME,
        title=title,
        authors=authors,
        year=year,
        venue=clean_text(entry.get("arxiv_journal_ref")) or "arXiv",
        abstract=clean_text(entry.get("summary")),
        arxiv_id=arxiv_id,
        arxiv_version=version,
        doi=doi,
        open_access_url=pdf or f"https://arxiv.org/abs/{versioned}",
        url=record_url(base_url, versioned),
        fetched_at=when,
        categories=tuple(categories),
        published=published,
    )


class ArxivSource:
    name = NAME

    def __init__(self, fetcher: Fetcher, base_url: str, *, batch_size: int = 100) -> None:
        self.fetcher = fetcher
        self.base_url = base_url.rstrip("/")
        self.batch_size = max(1, batch_size)

    def supports(self, identifier: Identifier) -> bool:
        return identifier.kind is IdKind.ARXIV

    async def _query(self, params: dict[str, str | int]) -> ArxivFeed:
        url = self.base_url + "/api/query"
        resp = await self.fetcher.request("GET", url, params=params, ok=(200, 400))
        feed = parse_feed(resp.content, resp.url, base_url=self.base_url)
        if resp.status == 400 or feed.errors:
            detail = "; ".join(feed.errors) or "bad request"
            raise HTTPStatusError(
                NAME, resp.url, f"arXiv rejected the query: {detail}", status=resp.status
            )
        return feed

    async def search(
        self, query: str, limit: int = 10, *, start: int = 0, sort_by: str = "relevance"
    ) -> list[PaperRecord]:
        """`query` is arXiv syntax (`ti:`, `au:`, `abs:`, `cat:`, `all:`, AND/OR/ANDNOT)."""
        feed = await self._query(
            {
                "search_query": query,
                "start": start,
                "max_results": limit,
                "sortBy": sort_by,
                "sortOrder": "descending",
            }
        )
        return feed.records[:limit]

    async def lookup(self, identifiers: Sequence[Identifier]) -> list[LookupResult]:
        wanted = dedupe([i for i in identifiers if self.supports(i)])
        results: list[LookupResult] = []
        for chunk in chunked(wanted, self.batch_size):
            results.extend(await self._lookup_chunk(chunk))
        return results

    async def _lookup_chunk(self, chunk: Sequence[Identifier]) -> list[LookupResult]:
        id_list = ",".join(dict.fromkeys(i.versioned for i in chunk))
        try:
            feed = await self._query({"id_list": id_list, "max_results": len(chunk)})
        except SourceError as exc:
            return error_results(chunk, NAME, exc)
        by_versioned = {r.arxiv_id_versioned: r for r in feed.records}
        by_base: dict[str, PaperRecord] = {}
        for r in feed.records:
            by_base.setdefault(r.arxiv_id or "", r)
        out: list[LookupResult] = []
        for ident in chunk:
            record = (
                by_versioned.get(ident.versioned) if ident.version else by_base.get(ident.value)
            )
            url = record_url(self.base_url, ident.versioned)
            if record is None:
                out.append(LookupResult(ident, NAME, LookupStatus.NOT_FOUND, url=url))
            else:
                out.append(LookupResult(ident, NAME, LookupStatus.FOUND, record=record, url=url))
        return out
