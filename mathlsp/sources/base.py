"""The protocol every backend implements and the per-identifier lookup result.

Verification needs to tell apart "arXiv returned no entry for X" (the paper does not exist there)
from "Semantic Scholar rate-limited; verification pending" (we do not know yet), so a lookup
never raises: it answers every identifier with FOUND, NOT_FOUND or ERROR.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Protocol, TypeVar, runtime_checkable

from mathlsp.sources.errors import BudgetSpent, RateLimited, SourceError, TimedOut
from mathlsp.sources.labels import label
from mathlsp.sources.record import Identifier, IdKind, PaperRecord

T = TypeVar("T")


class LookupStatus(StrEnum):
    FOUND = "found"
    NOT_FOUND = "not_found"
    ERROR = "error"  # transient or backend failure: the answer is unknown, retry later
    INVALID = "invalid"  # the identifier itself is malformed (never sent)


@dataclass(frozen=True)
class LookupResult:
    identifier: Identifier
    backend: str
    status: LookupStatus
    record: PaperRecord | None = None
    error: SourceError | None = None
    #: The URL that re-checks this identifier on this backend (redacted).
    url: str = ""
    fetched_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    #: True when the answer came from the local cache rather than the network.
    cached: bool = False

    @property
    def found(self) -> bool:
        return self.status is LookupStatus.FOUND

    @property
    def pending(self) -> bool:
        """An error that may go away: the identifier is neither confirmed nor refuted."""
        return self.status is LookupStatus.ERROR and (self.error is None or self.error.retryable)

    @property
    def reason(self) -> str:
        """One line for a diagnostic or an Unconfirmed entry."""
        who = label(self.backend)
        ident = self.identifier.versioned
        if self.status is LookupStatus.FOUND:
            return f"{who} has {ident}"
        if self.status is LookupStatus.NOT_FOUND:
            return f"{who} returned no entry for {ident}"
        if self.status is LookupStatus.INVALID:
            return f"malformed {_kind_name(self.identifier.kind)}: {ident}"
        if isinstance(self.error, BudgetSpent):
            return f"{who} not asked: the search's request budget was spent; verification pending"
        if isinstance(self.error, RateLimited):
            return f"{who} rate-limited; verification pending"
        if isinstance(self.error, TimedOut):
            return f"{who} timed out; verification pending"
        if self.error is not None and self.error.retryable:
            # A message that names the service already ("OpenAlex unreachable (no connection)")
            # is not wrapped again: it read "OpenAlex unavailable (OpenAlex unreachable (…))".
            said = self.error.message
            if not said.startswith(who):
                said = f"{who} unavailable ({said})"
            return f"{said}; verification pending"
        detail = self.error.message if self.error else "unknown error"
        return f"{who} could not check {ident}: {detail}"


def _kind_name(kind: IdKind) -> str:
    return {
        IdKind.ARXIV: "arXiv id",
        IdKind.DOI: "DOI",
        IdKind.S2: "Semantic Scholar id",
        IdKind.OPENALEX: "OpenAlex id",
        IdKind.PMID: "PMID",
        IdKind.ZBL: "Zbl number",
    }[kind]


@runtime_checkable
class Source(Protocol):
    """A scholarly backend. `search` may raise `SourceError`; `lookup` never raises."""

    name: str

    def supports(self, identifier: Identifier) -> bool:
        """Whether `lookup` can resolve this kind of identifier."""
        ...

    async def search(self, query: str, limit: int = 10) -> list[PaperRecord]: ...

    async def lookup(self, identifiers: Sequence[Identifier]) -> list[LookupResult]:
        """One result per distinct identifier, batched as the API allows."""
        ...


@runtime_checkable
class TitleMatcher(Protocol):
    """Backends with a title-match route (Semantic Scholar, Crossref)."""

    name: str

    async def match_title(self, title: str) -> PaperRecord | None: ...


def error_results(
    identifiers: Sequence[Identifier], backend: str, error: SourceError, url: str = ""
) -> list[LookupResult]:
    return [
        LookupResult(i, backend, LookupStatus.ERROR, error=error, url=url or error.url)
        for i in identifiers
    ]


def chunked(items: Sequence[T], size: int) -> list[Sequence[T]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def dedupe(items: Sequence[T]) -> list[T]:
    return list(dict.fromkeys(items))
