"""Scholarly sources: one module per backend behind one protocol, one shared HTTP client.

Typical use::

    settings = SourceSettings.from_env(project_config)
    async with open_sources(settings, cache=Cache()) as sources:
        outcomes = await sources.lookup_many(["arXiv:math/0211159", "doi:10.2307/2118559"])
"""

from mathlsp.sources.base import LookupResult, LookupStatus, Source, TitleMatcher
from mathlsp.sources.errors import (
    BackendDisabled,
    BackendUnavailable,
    HTTPStatusError,
    MalformedResponse,
    RateLimited,
    SourceError,
    TimedOut,
    UnsafeXML,
)
from mathlsp.sources.http import GaveUp, RetryPolicy, RetryScheduled, SourceEvent, Throttled
from mathlsp.sources.record import (
    Author,
    Identifier,
    IdKind,
    PaperRecord,
    normalize_doi,
    parse_arxiv_id,
    parse_identifier,
)
from mathlsp.sources.registry import (
    LookupOutcome,
    SearchOutcome,
    Sources,
    TheoremOutcome,
    make_client,
    open_sources,
)
from mathlsp.sources.settings import BACKENDS, SourceSettings, load_project_config
from mathlsp.sources.theoremsearch import TheoremHit

__all__ = [
    "BACKENDS",
    "Author",
    "BackendDisabled",
    "BackendUnavailable",
    "GaveUp",
    "HTTPStatusError",
    "IdKind",
    "Identifier",
    "LookupOutcome",
    "LookupResult",
    "LookupStatus",
    "MalformedResponse",
    "PaperRecord",
    "RateLimited",
    "RetryPolicy",
    "RetryScheduled",
    "SearchOutcome",
    "Source",
    "SourceError",
    "SourceEvent",
    "SourceSettings",
    "Sources",
    "TheoremHit",
    "TheoremOutcome",
    "Throttled",
    "TimedOut",
    "TitleMatcher",
    "UnsafeXML",
    "load_project_config",
    "make_client",
    "normalize_doi",
    "open_sources",
    "parse_arxiv_id",
    "parse_identifier",
]
