"""Build the enabled backends around one `httpx.AsyncClient` and route lookups to them.

`Sources.lookup_many` takes identifiers of any kind, consults the cache, groups what is left by
backend so each API sees one batched call per round (arXiv `id_list`, S2 `/paper/batch`, OpenAlex
OR-filters, PubMed esummary), and falls back along a per-kind chain when a backend errs or does
not know a paper. A not-found from the authoritative registry (arXiv for arXiv ids, Crossref for
DOIs, …) ends the chain: asking a secondary index would only repeat the answer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import httpx

from mathlsp.sources.arxiv import ArxivSource
from mathlsp.sources.base import LookupResult, LookupStatus, Source, TitleMatcher
from mathlsp.sources.crossref import CrossrefSource
from mathlsp.sources.errors import BackendDisabled, SourceError
from mathlsp.sources.http import (
    EventCallback,
    Fetcher,
    RateLimiter,
    SourceEvent,
    guard_secrets,
    label,
)
from mathlsp.sources.openalex import OpenAlexSource
from mathlsp.sources.pubmed import PubMedSource
from mathlsp.sources.record import Identifier, IdKind, PaperRecord, parse_identifier
from mathlsp.sources.semantic_scholar import SemanticScholarSource
from mathlsp.sources.settings import BACKENDS, SourceSettings
from mathlsp.sources.theoremsearch import TheoremHit, TheoremSearchSource
from mathlsp.sources.zbmath import ZbmathSource

if TYPE_CHECKING:
    from mathlsp.cache import Cache

log = logging.getLogger("mathlsp.sources")

#: Which backends can resolve each kind of identifier, in the order they are asked.
CHAINS: dict[IdKind, tuple[str, ...]] = {
    IdKind.ARXIV: ("arxiv", "semantic_scholar"),
    # zbMATH last: asked when Crossref could not answer (it holds DOIs of old journals too).
    IdKind.DOI: ("openalex", "crossref", "semantic_scholar", "zbmath"),
    IdKind.S2: ("semantic_scholar",),
    IdKind.OPENALEX: ("openalex",),
    IdKind.PMID: ("pubmed", "semantic_scholar"),
    IdKind.ZBL: ("zbmath",),
}
#: The registry whose "no such paper" is final for that kind of identifier.
AUTHORITATIVE: dict[IdKind, str] = {
    IdKind.ARXIV: "arxiv",
    IdKind.DOI: "crossref",
    IdKind.S2: "semantic_scholar",
    IdKind.OPENALEX: "openalex",
    IdKind.PMID: "pubmed",
    IdKind.ZBL: "zbmath",
}


@dataclass(frozen=True)
class LookupOutcome:
    """Everything learnt about one requested identifier, in the order backends were asked."""

    query: str
    identifier: Identifier | None
    results: tuple[LookupResult, ...] = ()

    @property
    def status(self) -> LookupStatus:
        if self.identifier is None:
            return LookupStatus.INVALID
        if any(r.found for r in self.results):
            return LookupStatus.FOUND
        if not self.results or any(r.status is LookupStatus.ERROR for r in self.results):
            return LookupStatus.ERROR
        return LookupStatus.NOT_FOUND

    @property
    def found(self) -> bool:
        return self.status is LookupStatus.FOUND

    @property
    def record(self) -> PaperRecord | None:
        """The first record found (the most authoritative backend that knew the paper)."""
        return next((r.record for r in self.results if r.found and r.record), None)

    @property
    def records(self) -> list[PaperRecord]:
        return [r.record for r in self.results if r.found and r.record]

    @property
    def reason(self) -> str:
        if self.identifier is None:
            return (
                "not an arXiv id, DOI, Semantic Scholar id, OpenAlex id, PMID or Zbl number: "
                f"{self.query!r}"
            )
        if not self.results:
            return f"no enabled source can look up {self.identifier}"
        found = next((r for r in self.results if r.found), None)
        if found:
            return found.reason
        # Prefer the authoritative answer, else the last thing that happened.
        auth = AUTHORITATIVE.get(self.identifier.kind)
        chosen = next((r for r in self.results if r.backend == auth), self.results[-1])
        if self.status is LookupStatus.ERROR:
            chosen = next(r for r in self.results if r.status is LookupStatus.ERROR)
        return chosen.reason


@dataclass(frozen=True)
class SearchOutcome:
    """One backend's answer to one query; `error` set instead of raising."""

    backend: str
    query: str
    records: list[PaperRecord] = field(default_factory=list)
    error: SourceError | None = None
    cached: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(frozen=True)
class PaperLinks:
    """One paper in the citation graph: its identifier keys and those of every work it cites
    (keys in `Identifier.key` form, merged over the backends that answered)."""

    own: frozenset[str] = frozenset()
    references: tuple[frozenset[str], ...] = ()
    backends: tuple[str, ...] = ()

    def merged(self, other: PaperLinks) -> PaperLinks:
        return PaperLinks(
            self.own | other.own,
            self.references + other.references,
            tuple(dict.fromkeys(self.backends + other.backends)),
        )


@dataclass(frozen=True)
class ReferencesOutcome:
    """`Sources.references`: the links found per identifier, and the backends that failed."""

    links: dict[Identifier, PaperLinks] = field(default_factory=dict)
    errors: list[SourceError] = field(default_factory=list)
    cached: int = 0  # answers served from the cache


#: The backends that can say what a paper cites, in the order they are asked.
REFERENCE_BACKENDS = ("semantic_scholar", "openalex")
REFS_KEY = "refs:"  # cache keys: refs:<backend>:<identifier key>


@dataclass(frozen=True)
class TheoremOutcome:
    query: str
    hits: list[TheoremHit] = field(default_factory=list)
    error: SourceError | None = None


def make_client(settings: SourceSettings) -> httpx.AsyncClient:
    """The one shared client (connection pooling across all backends)."""
    return httpx.AsyncClient(
        timeout=settings.timeout_s,
        follow_redirects=True,
        headers={"User-Agent": settings.user_agent},
        limits=httpx.Limits(max_connections=20, max_keepalive_connections=10),
    )


class Sources:
    """All enabled backends, sharing one client; never raises for network trouble."""

    def __init__(
        self,
        settings: SourceSettings,
        client: httpx.AsyncClient,
        *,
        cache: Cache | None = None,
        on_event: EventCallback | None = None,
    ) -> None:
        self.settings = settings
        self.client = client
        self.cache = cache
        self.on_event = on_event
        self.fetchers: dict[str, Fetcher] = {}
        self.backends: dict[str, Source] = {}
        guard_secrets(client, {"x-api-key": settings.base_url("semantic_scholar")})
        for name in BACKENDS:
            if settings.is_enabled(name):
                self.backends[name] = self._build(name)

    def _fetcher(self, name: str) -> Fetcher:
        headers = {"User-Agent": self.settings.user_agent}
        if name == "semantic_scholar" and self.settings.semantic_scholar_api_key:
            headers["x-api-key"] = self.settings.semantic_scholar_api_key
        fetcher = Fetcher(
            client=self.client,
            backend=name,
            limiter=RateLimiter(self.settings.interval(name)),
            policy=self.settings.retry_policy(),
            timeout_s=self.settings.timeout_s,
            on_event=self._emit,
            secrets=self.settings.secrets,
            headers=headers,
        )
        self.fetchers[name] = fetcher
        return fetcher

    def _emit(self, event: SourceEvent) -> None:
        if self.on_event is not None:
            self.on_event(event)

    def _build(self, name: str) -> Source:
        s = self.settings
        f = self._fetcher(name)
        url = s.base_url(name)
        if name == "arxiv":
            return ArxivSource(f, url, batch_size=s.arxiv_batch)
        if name == "semantic_scholar":
            return SemanticScholarSource(f, url, batch_size=s.s2_batch)
        if name == "openalex":
            return OpenAlexSource(f, url, mailto=s.mailto, batch_size=s.openalex_batch)
        if name == "crossref":
            return CrossrefSource(f, url, mailto=s.mailto, concurrency=s.crossref_parallel())
        if name == "pubmed":
            return PubMedSource(f, url, mailto=s.mailto, batch_size=s.pubmed_batch)
        if name == "zbmath":
            return ZbmathSource(f, url)
        return TheoremSearchSource(f, url)

    # --- accessors ------------------------------------------------------------------------

    @property
    def enabled(self) -> list[str]:
        return list(self.backends)

    def get(self, name: str) -> Source | None:
        return self.backends.get(name)

    def requests_sent(self) -> dict[str, int]:
        return {name: f.requests_sent for name, f in self.fetchers.items()}

    def _disabled(self, name: str, query: str) -> SourceError:
        return BackendDisabled(name, "", f"{label(name)} is switched off ({query})")

    # --- lookups --------------------------------------------------------------------------

    async def lookup_many(
        self,
        identifiers: Iterable[str | Identifier],
        *,
        exhaustive: bool = False,
        use_cache: bool = True,
        max_age_s: float | None = None,
        backends: Sequence[str] | None = None,
    ) -> list[LookupOutcome]:
        """One outcome per input, in input order (duplicates share the work).

        `exhaustive=True` asks every capable backend (for merging "Source: both") instead of
        stopping at the first that knows the paper; `backends` restricts the chains.
        """
        inputs = list(identifiers)
        parsed: list[Identifier | None] = [
            i if isinstance(i, Identifier) else parse_identifier(i) for i in inputs
        ]
        chains: dict[Identifier, list[str]] = {}
        for ident in parsed:
            if ident is None or ident in chains:
                continue
            chain = [
                b
                for b in CHAINS[ident.kind]
                if b in self.backends
                and self.backends[b].supports(ident)
                and (backends is None or b in backends)
            ]
            chains[ident] = chain
        results: dict[Identifier, list[LookupResult]] = {i: [] for i in chains}
        position = dict.fromkeys(chains, 0)

        while True:
            groups: dict[str, list[Identifier]] = {}
            for ident, chain in chains.items():
                if position[ident] < len(chain):
                    groups.setdefault(chain[position[ident]], []).append(ident)
            if not groups:
                break
            fresh: dict[str, list[Identifier]] = {}
            for backend, idents in groups.items():
                for ident in idents:
                    hit = (
                        self.cache.get_lookup(ident, backend, max_age_s=max_age_s)
                        if self.cache is not None and use_cache
                        else None
                    )
                    if hit is not None:
                        self._advance(ident, hit, results, position, chains, exhaustive)
                    else:
                        fresh.setdefault(backend, []).append(ident)
            answers = await asyncio.gather(
                *(self._lookup_backend(b, ids) for b, ids in fresh.items())
            )
            for (backend, idents), answer in zip(fresh.items(), answers, strict=True):
                by_id = {r.identifier: r for r in answer}
                for ident in idents:
                    result = by_id.get(ident) or by_id.get(ident.unversioned())
                    if result is None:
                        err = SourceError(backend, "", f"{label(backend)} gave no answer")
                        result = LookupResult(ident, backend, LookupStatus.ERROR, error=err)
                    if self.cache is not None:
                        self.cache.put_lookup(result)
                    self._advance(ident, result, results, position, chains, exhaustive)

        return [
            LookupOutcome(
                str(text),
                ident,
                tuple(results.get(ident, ())) if ident is not None else (),
            )
            for text, ident in zip(inputs, parsed, strict=True)
        ]

    @staticmethod
    def _advance(
        ident: Identifier,
        result: LookupResult,
        results: dict[Identifier, list[LookupResult]],
        position: dict[Identifier, int],
        chains: Mapping[Identifier, list[str]],
        exhaustive: bool,
    ) -> None:
        results[ident].append(result)
        position[ident] += 1
        final = result.found or (
            result.status is LookupStatus.NOT_FOUND
            and AUTHORITATIVE.get(ident.kind) == result.backend
        )
        if final and not exhaustive:
            position[ident] = len(chains[ident])

    async def _lookup_backend(self, name: str, idents: Sequence[Identifier]) -> list[LookupResult]:
        try:
            return await self.backends[name].lookup(idents)
        except SourceError as exc:
            return [LookupResult(i, name, LookupStatus.ERROR, error=exc) for i in idents]
        except Exception as exc:  # a parser bug must degrade one backend, not the editor
            log.exception("%s lookup failed", name)
            err = SourceError(name, "", f"{label(name)} lookup failed: {type(exc).__name__}")
            return [LookupResult(i, name, LookupStatus.ERROR, error=err) for i in idents]

    async def lookup(
        self, identifier: str | Identifier, *, exhaustive: bool = False, use_cache: bool = True
    ) -> LookupOutcome:
        outcomes = await self.lookup_many([identifier], exhaustive=exhaustive, use_cache=use_cache)
        return outcomes[0]

    # --- discovery ------------------------------------------------------------------------

    async def search(
        self,
        backend: str,
        query: str,
        limit: int = 10,
        *,
        use_cache: bool = True,
        filters: Mapping[str, str] | None = None,
    ) -> SearchOutcome:
        """One backend, one query; `query` is in that backend's own syntax. `filters` go to a
        backend that takes them (Semantic Scholar's `fieldsOfStudy`), and are ignored elsewhere."""
        source = self.backends.get(backend)
        if source is None:
            return SearchOutcome(backend, query, error=self._disabled(backend, query))
        extra = dict(filters or {}) if backend == "semantic_scholar" else {}
        cache_key = query + "".join(f" [{k}={v}]" for k, v in sorted(extra.items()))
        if self.cache is not None and use_cache:
            hit = self.cache.get_search(backend, cache_key, limit)
            if hit is not None:
                return SearchOutcome(backend, query, hit, cached=True)
        try:
            records = await (
                source.search(query, limit, **extra) if extra else source.search(query, limit)
            )  # type: ignore[call-arg]
        except SourceError as exc:
            return SearchOutcome(backend, query, error=exc)
        except Exception as exc:
            log.exception("%s search failed", backend)
            err = SourceError(backend, "", f"{label(backend)} search failed: {type(exc).__name__}")
            return SearchOutcome(backend, query, error=err)
        if self.cache is not None:
            self.cache.put_search(backend, cache_key, limit, records)
        return SearchOutcome(backend, query, records)

    async def search_many(
        self, requests: Sequence[tuple[str, str]], limit: int = 10, *, use_cache: bool = True
    ) -> list[SearchOutcome]:
        """`[(backend, query), …]` run concurrently (each backend still keeps its own pace)."""
        return list(
            await asyncio.gather(
                *(self.search(b, q, limit, use_cache=use_cache) for b, q in requests)
            )
        )

    async def match_title(self, title: str, backend: str = "semantic_scholar") -> SearchOutcome:
        """The backend's best title match (0 or 1 record); verify it before trusting it."""
        source = self.backends.get(backend)
        if source is None:
            return SearchOutcome(backend, title, error=self._disabled(backend, title))
        if not isinstance(source, TitleMatcher):
            err = SourceError(backend, "", f"{label(backend)} has no title match")
            return SearchOutcome(backend, title, error=err)
        try:
            record = await source.match_title(title)
        except SourceError as exc:
            return SearchOutcome(backend, title, error=exc)
        except Exception as exc:
            log.exception("%s title match failed", backend)
            err = SourceError(
                backend, "", f"{label(backend)} title match failed: {type(exc).__name__}"
            )
            return SearchOutcome(backend, title, error=err)
        if record is not None and self.cache is not None:
            self.cache.put_record(record)
        return SearchOutcome(backend, title, [record] if record else [])

    async def references(
        self, identifiers: Iterable[str | Identifier], *, use_cache: bool = True
    ) -> ReferencesOutcome:
        """What each paper cites, from every enabled backend that knows (S2 `references`,
        OpenAlex `referenced_works`), one batched call per backend, cached per identifier
        (a paper the backend does not know is cached too). Never raises for network trouble."""
        wanted = [
            i
            for i in dict.fromkeys(
                x if isinstance(x, Identifier) else parse_identifier(x) for x in identifiers
            )
            if i is not None
        ]
        wanted = list(dict.fromkeys(i.unversioned() for i in wanted))
        links: dict[Identifier, PaperLinks] = {}
        errors: list[SourceError] = []
        cached = 0

        def add(ident: Identifier, found: PaperLinks) -> None:
            links[ident] = links[ident].merged(found) if ident in links else found

        for backend in REFERENCE_BACKENDS:
            source = self.backends.get(backend)
            fetch = getattr(source, "references", None)
            if source is None or fetch is None:
                continue
            fresh: list[Identifier] = []
            for ident in wanted:
                if not source.supports(ident):
                    continue
                hit = (
                    self.cache.get_verification(f"{REFS_KEY}{backend}:{ident.key}")
                    if self.cache is not None and use_cache
                    else None
                )
                if hit is None:
                    fresh.append(ident)
                    continue
                cached += 1
                if hit.get("own"):
                    add(ident, _links_from(hit, backend))
            if not fresh:
                continue
            try:
                answer = await fetch(fresh)
            except SourceError as exc:
                errors.append(exc)
                continue
            except Exception as exc:  # a parser bug degrades the graph, not the editor
                log.exception("%s references failed", backend)
                errors.append(
                    SourceError(backend, "", f"{label(backend)} references: {type(exc).__name__}")
                )
                continue
            for ident in fresh:
                own, refs = answer.get(ident, ([], []))
                if self.cache is not None:
                    self.cache.put_verification(
                        f"{REFS_KEY}{backend}:{ident.key}", {"own": own, "references": refs}
                    )
                if own:
                    add(ident, _links_from({"own": own, "references": refs}, backend))
        return ReferencesOutcome(links, errors, cached)

    async def search_theorems(self, query: str, limit: int = 10) -> TheoremOutcome:
        """TheoremSearch hits; a TheoremSearch outage is an empty outcome, never an exception."""
        source = self.backends.get("theoremsearch")
        if not isinstance(source, TheoremSearchSource):
            return TheoremOutcome(query, error=self._disabled("theoremsearch", query))
        try:
            return TheoremOutcome(query, await source.search_theorems(query, limit))
        except SourceError as exc:
            return TheoremOutcome(query, error=exc)
        except Exception as exc:
            log.exception("theoremsearch failed")
            err = SourceError("theoremsearch", "", f"TheoremSearch failed: {type(exc).__name__}")
            return TheoremOutcome(query, error=err)


def _links_from(data: Mapping[str, object], backend: str) -> PaperLinks:
    own = data.get("own")
    refs = data.get("references")
    return PaperLinks(
        frozenset(str(k) for k in own) if isinstance(own, list) else frozenset(),
        tuple(frozenset(str(k) for k in r) for r in refs if isinstance(r, list))
        if isinstance(refs, list)
        else (),
        (backend,),
    )


def cached_links(cache: Cache, identifiers: Iterable[Identifier]) -> dict[Identifier, PaperLinks]:
    """The citation links the cache already holds (offline: hovers and code lenses)."""
    out: dict[Identifier, PaperLinks] = {}
    for ident in identifiers:
        ident = ident.unversioned()
        for backend in REFERENCE_BACKENDS:
            hit = cache.get_verification(f"{REFS_KEY}{backend}:{ident.key}")
            if hit and hit.get("own"):
                found = _links_from(hit, backend)
                out[ident] = out[ident].merged(found) if ident in out else found
    return out


@asynccontextmanager
async def open_sources(
    settings: SourceSettings | None = None,
    *,
    client: httpx.AsyncClient | None = None,
    cache: Cache | None = None,
    on_event: EventCallback | None = None,
) -> AsyncIterator[Sources]:
    """`Sources` with a client of its own unless one is passed in (which is then not closed)."""
    settings = settings or SourceSettings.from_env()
    own = client is None
    client = client or make_client(settings)
    try:
        yield Sources(settings, client, cache=cache, on_event=on_event)
    finally:
        if own:
            await client.aclose()
