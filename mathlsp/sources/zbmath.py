"""zbMATH Open REST API (`api.zbmath.org/v1`): the reviewed database of mathematics.

Routes used:
- `GET /document/{id}` — one document by its zbMATH document id (an eight-digit Zbl number is that
  id, zero-padded);
- `GET /document/_search?search_string=…` — zbMATH's query language: `an:0303.10056` (a Zbl or
  JFM number), `doi:10.…`, `ti:`, `au:`, `py:`, `cc:` (an MSC class), plain words.

A record carries the Zbl number, the MSC classes and the review/summary text (zbMATH's
"editorial contributions"; a summary is the paper's own abstract). A search that matches nothing
is a 404 whose JSON `status` says so, not an error. zbMATH publishes no rate limit: mathlsp keeps to
one request a second (docs/sources.md).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from mathlsp.mathids import parse_zbl, zbl_document_id, zbl_url
from mathlsp.sources.base import LookupResult, LookupStatus, dedupe
from mathlsp.sources.errors import MalformedResponse, SourceError
from mathlsp.sources.http import Fetcher, build_url
from mathlsp.sources.record import (
    Author,
    Identifier,
    IdKind,
    PaperRecord,
    arxiv_id_from_doi,
    clean_doi,
    clean_text,
    parse_arxiv_id,
)

NAME = "zbmath"
_TAG = re.compile(r"<[^>]+>")
# Review texts that say nothing (zbMATH's placeholder for documents reviewed elsewhere).
_EMPTY_REVIEW = re.compile(r"^\s*(?:no review copy delivered\.?|reviewer:.*)?\s*$", re.IGNORECASE)
# Editorial contributions that are the paper's own words come first.
_CONTRIBUTION_ORDER = ("summary", "abstract", "review")


def search_url(base_url: str, search_string: str, *, results: int = 10) -> str:
    return build_url(
        base_url,
        "/document/_search",
        {"search_string": search_string, "page": 0, "results_per_page": results},
    )


def document_url(base_url: str, doc_id: int) -> str:
    return build_url(base_url, f"/document/{doc_id}")


def _text(value: Any) -> str | None:
    return clean_text(value) if isinstance(value, str) else None


def _year(value: Any) -> int | None:
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip()[:4].isdigit():
        return int(value.strip()[:4])
    return None


def _title(doc: Mapping[str, Any]) -> str | None:
    t = doc.get("title")
    if isinstance(t, str):
        return _text(t)
    if not isinstance(t, Mapping):
        return None
    title = _text(t.get("title"))
    subtitle = _text(t.get("subtitle"))
    if title and subtitle and not title.endswith(subtitle):
        return f"{title}: {subtitle}"
    return title


def _authors(doc: Mapping[str, Any]) -> tuple[Author, ...]:
    contributors = doc.get("contributors")
    people = contributors.get("authors") if isinstance(contributors, Mapping) else None
    out = []
    for a in people if isinstance(people, list) else ():
        name = a.get("name") if isinstance(a, Mapping) else None
        if isinstance(name, str) and name.strip():
            out.append(Author.from_name(name))  # "Szemerédi, E." → family, given
    return tuple(out)


def _venue(doc: Mapping[str, Any]) -> str | None:
    source = doc.get("source")
    if not isinstance(source, Mapping):
        return None
    series = source.get("series")
    if isinstance(series, list):
        for s in series:
            if isinstance(s, Mapping):
                name = _text(s.get("title")) or _text(s.get("short_title"))
                if name:
                    return name
    text = _text(source.get("source"))
    return text.split(",")[0].rstrip(".") if text else None


def _links(doc: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(DOI, arXiv id) from the document's links."""
    doi = clean_doi(doc["doi"]) if isinstance(doc.get("doi"), str) else None
    arxiv = None
    links = doc.get("links")
    for link in links if isinstance(links, list) else ():
        if not isinstance(link, Mapping):
            continue
        kind = link.get("type")
        ident = link.get("identifier") if isinstance(link.get("identifier"), str) else None
        url = link.get("url") if isinstance(link.get("url"), str) else None
        if kind == "doi" and doi is None:
            doi = clean_doi(ident or url or "")
        elif kind == "arxiv" and arxiv is None:
            parsed = parse_arxiv_id(ident or url or "")
            arxiv = parsed[0] if parsed else None
    if arxiv is None and doi:
        arxiv = arxiv_id_from_doi(doi)
    return doi, arxiv


def _abstract(doc: Mapping[str, Any]) -> str | None:
    contributions = doc.get("editorial_contributions")
    texts: list[tuple[int, str]] = []
    for c in contributions if isinstance(contributions, list) else ():
        if not isinstance(c, Mapping) or not isinstance(c.get("text"), str):
            continue
        text = clean_text(_TAG.sub(" ", c["text"]))
        if not text or _EMPTY_REVIEW.match(text):
            continue
        kind = c.get("contribution_type")
        rank = _CONTRIBUTION_ORDER.index(kind) if kind in _CONTRIBUTION_ORDER else 3
        texts.append((rank, text))
    return min(texts)[1] if texts else None


def _msc(doc: Mapping[str, Any]) -> tuple[str, ...]:
    classes = doc.get("msc")
    out = []
    for c in classes if isinstance(classes, list) else ():
        code = c.get("code") if isinstance(c, Mapping) else None
        if isinstance(code, str) and code.strip():
            out.append(code.strip())
    return tuple(dict.fromkeys(out))


def parse_document(
    doc: Any, base_url: str, *, fetched_at: datetime | None = None
) -> PaperRecord | None:
    """One zbMATH document → a record, or None when it names no paper (no title or number)."""
    if not isinstance(doc, Mapping):
        return None
    raw = doc.get("identifier")
    zbl = (
        parse_zbl(raw if raw.startswith("JFM") else f"zbl:{raw}") if isinstance(raw, str) else None
    )
    doc_id = doc.get("id")
    if zbl is None and isinstance(doc_id, int) and doc_id > 0:
        zbl = f"{doc_id:08d}"
    title = _title(doc)
    if zbl is None or not title:
        return None
    doi, arxiv = _links(doc)
    return PaperRecord(
        backend=NAME,
        title=title,
        authors=_authors(doc),
        year=_year(doc.get("year")),
        venue=_venue(doc),
        abstract=_abstract(doc),
        arxiv_id=arxiv,
        doi=doi,
        # The public re-check URL: the search for exactly this Zbl number.
        url=search_url(base_url, f"an:{zbl.removeprefix('JFM ')}", results=1),
        fetched_at=fetched_at or datetime.now(UTC),
        zbl_id=zbl,
        msc=_msc(doc),
    )


def parse_result(data: Any, base_url: str, url: str) -> list[PaperRecord]:
    """The `result` of a search (a list) or of a document route (one object)."""
    if not isinstance(data, Mapping) or "result" not in data:
        raise MalformedResponse(NAME, url, "zbMATH sent something other than a result")
    result = data["result"]
    docs = result if isinstance(result, list) else [result] if isinstance(result, Mapping) else None
    if docs is None:
        raise MalformedResponse(NAME, url, "zbMATH result is neither a list nor a document")
    when = datetime.now(UTC)
    return [r for d in docs if (r := parse_document(d, base_url, fetched_at=when)) is not None]


# Words a title search gains nothing from (and zbMATH's parser may read `and`/`or`/`not`).
_STOP = frozenset({"and", "not", "the", "for", "with", "from"})


def title_search(title: str) -> str:
    """`ti:` with the title's words (zbMATH matches each word; punctuation would be syntax)."""
    words = [w for w in re.findall(r"[^\W_]+", title) if len(w) > 2 and w.lower() not in _STOP]
    return " ".join(f"ti:{w}" for w in words[:12])


class ZbmathSource:
    name = NAME

    def __init__(self, fetcher: Fetcher, base_url: str, *, concurrency: int = 2) -> None:
        self.fetcher = fetcher
        self.base_url = base_url.rstrip("/")
        self._slots = asyncio.Semaphore(max(1, concurrency))

    def supports(self, identifier: Identifier) -> bool:
        return identifier.kind in (IdKind.ZBL, IdKind.DOI)

    async def _get(self, url: str, params: Mapping[str, Any] | None = None) -> Any:
        """JSON of a 200, or None for zbMATH's 404 "no document" answer."""
        async with self._slots:
            resp = await self.fetcher.request("GET", url, params=params, ok=(200, 404))
        if resp.status == 404:
            return None
        return resp.json(NAME)

    async def search(self, query: str, limit: int = 10) -> list[PaperRecord]:
        """`query` in zbMATH's own language (`cc:11N05 prime gaps`, `au:Selberg ti:sieve`)."""
        url = self.base_url + "/document/_search"
        data = await self._get(
            url, {"search_string": query, "page": 0, "results_per_page": max(1, min(limit, 100))}
        )
        return [] if data is None else parse_result(data, self.base_url, url)[:limit]

    async def match_title(self, title: str) -> PaperRecord | None:
        """zbMATH's best match for a title (its own ranking; the caller verifies it)."""
        query = title_search(title)
        if not query:
            return None
        records = await self.search(query, limit=1)
        return records[0] if records else None

    async def lookup(self, identifiers: Sequence[Identifier]) -> list[LookupResult]:
        wanted = dedupe([i for i in identifiers if self.supports(i)])
        return list(await asyncio.gather(*(self._one(i) for i in wanted)))

    async def _one(self, ident: Identifier) -> LookupResult:
        doc_id = zbl_document_id(ident.value) if ident.kind is IdKind.ZBL else None
        if doc_id is not None:
            url = document_url(self.base_url, doc_id)
        else:
            # `an:` takes a JFM number without its "JFM " (a space would end the term)
            term = (
                f"an:{ident.value.removeprefix('JFM ')}"
                if ident.kind is IdKind.ZBL
                else (f"doi:{ident.value}")
            )
            url = search_url(self.base_url, term, results=1)
        try:
            data = await self._get(url)
            records = [] if data is None else parse_result(data, self.base_url, url)
        except SourceError as exc:
            return LookupResult(ident, NAME, LookupStatus.ERROR, error=exc, url=url)
        # A search may rank a neighbour first: only a record carrying the identifier answers.
        record = next((r for r in records if r.carries(ident)), None)
        if record is None:
            return LookupResult(ident, NAME, LookupStatus.NOT_FOUND, url=url)
        return LookupResult(ident, NAME, LookupStatus.FOUND, record=record, url=url)


def page_of(record: PaperRecord) -> str | None:
    """zbMATH's public page of the record (the review link shown in hovers)."""
    return zbl_url(record.zbl_id) if record.zbl_id else None
