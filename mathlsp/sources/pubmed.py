"""PubMed E-utilities (JSON): esearch for ids, esummary for records.

Used for discovery on biomedical problems (mathematical biology) and to resolve PMIDs. JSON is
requested because NCBI's XML carries a DOCTYPE, which the XML guard refuses; in the JSON, numbers
arrive as strings and an unknown uid comes back as an entry with an `error` field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

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
)

NAME = "pubmed"
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")


def record_url(base_url: str, pmid: str) -> str:
    return build_url(base_url, "/esummary.fcgi", {"db": "pubmed", "id": pmid, "retmode": "json"})


def parse_esearch(data: Any, url: str) -> tuple[int, list[str]]:
    """`(count, ids)` from an esearch JSON body (count arrives as a string)."""
    result = data.get("esearchresult") if isinstance(data, Mapping) else None
    if not isinstance(result, Mapping):
        raise MalformedResponse(NAME, url, "PubMed esearch answer has no esearchresult")
    if result.get("ERROR"):
        raise MalformedResponse(NAME, url, f"PubMed esearch error: {result['ERROR']}")
    ids = [str(i) for i in result.get("idlist") or [] if str(i).isdigit()]
    try:
        count = int(result.get("count", len(ids)))
    except (TypeError, ValueError):
        count = len(ids)
    return count, ids


def parse_esummary(
    data: Any, base_url: str, url: str, *, fetched_at: datetime | None = None
) -> dict[str, PaperRecord | None]:
    """uid → record, or None for uids PubMed reports as unknown."""
    result = data.get("result") if isinstance(data, Mapping) else None
    if not isinstance(result, Mapping):
        if isinstance(data, Mapping) and data.get("error"):
            raise MalformedResponse(NAME, url, f"PubMed esummary error: {data['error']}")
        raise MalformedResponse(NAME, url, "PubMed esummary answer has no result")
    when = fetched_at or datetime.now(UTC)
    out: dict[str, PaperRecord | None] = {}
    for uid in result.get("uids") or []:
        entry = result.get(str(uid))
        out[str(uid)] = (
            _summary_to_record(str(uid), entry, base_url, when)
            if isinstance(entry, Mapping) and not entry.get("error")
            else None
        )
    return out


def _summary_to_record(
    uid: str, entry: Mapping[str, Any], base_url: str, when: datetime
) -> PaperRecord | None:
    title = clean_text(entry.get("title")) if isinstance(entry.get("title"), str) else None
    if not title:
        return None
    if title.endswith(".") and not title.endswith(".."):
        title = title[:-1]  # MEDLINE's citation-style full stop is not part of the title
    authors = tuple(
        Author.from_pubmed(a["name"])
        for a in entry.get("authors") or []
        if isinstance(a, Mapping)
        and isinstance(a.get("name"), str)
        and a["name"].strip()
        and a.get("authtype", "Author") == "Author"
    )
    doi = None
    for aid in entry.get("articleids") or []:
        if isinstance(aid, Mapping) and aid.get("idtype") == "doi":
            doi = clean_doi(str(aid.get("value", "")))
    year = None
    for key in ("pubdate", "epubdate", "sortpubdate"):
        m = _YEAR.search(str(entry.get(key) or ""))
        if m:
            year = int(m.group(1))
            break
    venue = entry.get("fulljournalname") or entry.get("source") or None
    return PaperRecord(
        backend=NAME,
        title=title,
        authors=authors,
        year=year,
        venue=clean_text(venue) if isinstance(venue, str) else None,
        doi=doi,
        pmid=uid,
        url=record_url(base_url, uid),
        fetched_at=when,
    )


class PubMedSource:
    name = NAME

    def __init__(
        self,
        fetcher: Fetcher,
        base_url: str,
        *,
        mailto: str | None = None,
        batch_size: int = 200,
    ) -> None:
        self.fetcher = fetcher
        self.base_url = base_url.rstrip("/")
        self.mailto = mailto
        self.batch_size = max(1, batch_size)

    def supports(self, identifier: Identifier) -> bool:
        return identifier.kind is IdKind.PMID

    def _params(self, **params: Any) -> dict[str, Any]:
        # NCBI asks tools to identify themselves with `tool` and `email`.
        extra = {"tool": "mathlsp", **({"email": self.mailto} if self.mailto else {})}
        return {**params, **extra}

    async def search(self, query: str, limit: int = 10) -> list[PaperRecord]:
        resp = await self.fetcher.request(
            "GET",
            self.base_url + "/esearch.fcgi",
            params=self._params(db="pubmed", term=query, retmax=limit, retmode="json"),
        )
        _, ids = parse_esearch(resp.json(NAME), resp.url)
        if not ids:
            return []
        summaries = await self._summaries(ids[:limit])
        return [r for i in ids if (r := summaries.get(i)) is not None]

    async def _summaries(self, pmids: Sequence[str]) -> dict[str, PaperRecord | None]:
        resp = await self.fetcher.request(
            "GET",
            self.base_url + "/esummary.fcgi",
            params=self._params(db="pubmed", id=",".join(pmids), retmode="json"),
        )
        return parse_esummary(resp.json(NAME), self.base_url, resp.url)

    async def lookup(self, identifiers: Sequence[Identifier]) -> list[LookupResult]:
        wanted = dedupe([i for i in identifiers if self.supports(i)])
        out: list[LookupResult] = []
        for chunk in chunked(wanted, self.batch_size):
            try:
                summaries = await self._summaries([i.value for i in chunk])
            except SourceError as exc:
                out.extend(error_results(chunk, NAME, exc))
                continue
            for ident in chunk:
                record = summaries.get(ident.value)
                url = record_url(self.base_url, ident.value)
                status = LookupStatus.FOUND if record else LookupStatus.NOT_FOUND
                out.append(LookupResult(ident, NAME, status, record=record, url=url))
        return out
