"""Scholarly sources: one module per backend behind one protocol, one shared HTTP client.

Typical use::

    settings = SourceSettings.from_env(project_config)
    async with open_sources(settings, cache=Cache()) as sources:
        outcomes = await sources.lookup_many(["arXiv:math/0211159", "doi:10.2307/2118559"])
"""

import importlib
from typing import Any

# Names resolve on first use (PEP 562): code that needs only the record types must not pay for
# the HTTP stack and every client at import time (the language server's start-up).
_EXPORTS = {
    "BACKENDS": "mathlsp.sources.settings",
    "Author": "mathlsp.sources.record",
    "BackendDisabled": "mathlsp.sources.errors",
    "BackendUnavailable": "mathlsp.sources.errors",
    "GaveUp": "mathlsp.sources.http",
    "HTTPStatusError": "mathlsp.sources.errors",
    "IdKind": "mathlsp.sources.record",
    "Identifier": "mathlsp.sources.record",
    "LookupOutcome": "mathlsp.sources.registry",
    "LookupResult": "mathlsp.sources.base",
    "LookupStatus": "mathlsp.sources.base",
    "MalformedResponse": "mathlsp.sources.errors",
    "PaperRecord": "mathlsp.sources.record",
    "RateLimited": "mathlsp.sources.errors",
    "RetryPolicy": "mathlsp.sources.http",
    "RetryScheduled": "mathlsp.sources.http",
    "SearchOutcome": "mathlsp.sources.registry",
    "Source": "mathlsp.sources.base",
    "SourceError": "mathlsp.sources.errors",
    "SourceEvent": "mathlsp.sources.http",
    "SourceSettings": "mathlsp.sources.settings",
    "Sources": "mathlsp.sources.registry",
    "TheoremHit": "mathlsp.sources.theoremsearch",
    "TheoremOutcome": "mathlsp.sources.registry",
    "Throttled": "mathlsp.sources.http",
    "TimedOut": "mathlsp.sources.errors",
    "TitleMatcher": "mathlsp.sources.base",
    "UnsafeXML": "mathlsp.sources.errors",
    "load_project_config": "mathlsp.sources.settings",
    "make_client": "mathlsp.sources.registry",
    "clean_doi": "mathlsp.sources.record",
    "normalize_doi": "mathlsp.sources.record",
    "open_sources": "mathlsp.sources.registry",
    "parse_arxiv_id": "mathlsp.sources.record",
    "parse_identifier": "mathlsp.sources.record",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'mathlsp.sources' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
    "clean_doi",
    "load_project_config",
    "make_client",
    "normalize_doi",
    "open_sources",
    "parse_arxiv_id",
    "parse_identifier",
]
