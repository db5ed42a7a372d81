"""`mathlsp lookup ID…`: resolve arXiv ids, DOIs, S2/OpenAlex ids, PMIDs and Zbl numbers and print
the records.

Exit 0 when every identifier was found, 1 when any was not found or could not be checked, 2 for
malformed identifiers or I/O trouble. Retry and rate-limit notices go to stderr as they happen.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from mathlsp.cache import Cache
from mathlsp.sources import (
    BACKENDS,
    LookupOutcome,
    LookupStatus,
    PaperRecord,
    SourceEvent,
    SourceSettings,
    load_project_config,
    open_sources,
    parse_identifier,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "lookup",
        help="look up papers by arXiv id, DOI, Semantic Scholar or OpenAlex id, PMID or Zbl number",
        description="Look up papers and print the records the sources return. Identifiers: "
        "arXiv ids (2301.12345v2, math/0601001, arXiv:…), DOIs (10.…, doi:…, https://doi.org/…), "
        "Semantic Scholar paperIds (40 hex digits), OpenAlex ids (W…), PMIDs (pmid:…) and Zbl "
        "numbers (zbl:0303.10056).",
    )
    p.add_argument("identifiers", nargs="+", metavar="ID")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument(
        "--all",
        dest="exhaustive",
        action="store_true",
        help="ask every backend that knows this kind of id, not just the first that has it",
    )
    p.add_argument(
        "--backend",
        action="append",
        choices=BACKENDS,
        help="only ask this backend (repeatable)",
    )
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    p.add_argument("--offline", action="store_true", help="answer from the cache only")
    p.add_argument("--cache-dir", type=Path, metavar="DIR", help="use this cache directory")
    p.add_argument(
        "--project",
        type=Path,
        metavar="DIR",
        help="read .math/config.json from here (default: cwd)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from mathlsp.cli import UsageError

    bad = [i for i in args.identifiers if parse_identifier(i) is None]
    if bad:
        raise UsageError(
            "not an arXiv id, DOI, Semantic Scholar id, OpenAlex id, PMID or Zbl number: "
            f"{bad[0]!r}"
        )
    if args.offline and args.no_cache:
        raise UsageError("--offline needs the cache; drop --no-cache")
    settings = SourceSettings.from_env(load_project_config(args.project))
    cache = None if args.no_cache else Cache(args.cache_dir)
    try:
        if cache is not None:
            for warning in cache.warnings:
                print(f"mathlsp: warning: {warning}", file=sys.stderr)
        if args.offline:
            outcomes = [_offline(cache, i) for i in args.identifiers]  # type: ignore[arg-type]
        else:
            outcomes = asyncio.run(_lookup(settings, cache, args))
    finally:
        if cache is not None:
            cache.close()
    if args.format == "json":
        print(json.dumps([_outcome_json(o) for o in outcomes], indent=2, ensure_ascii=False))
    else:
        for n, outcome in enumerate(outcomes):
            if n:
                print()
            _print_outcome(outcome)
    return 0 if all(o.found for o in outcomes) else 1


def _on_event(event: SourceEvent) -> None:
    print(f"mathlsp: {event.message}", file=sys.stderr, flush=True)


async def _lookup(
    settings: SourceSettings, cache: Cache | None, args: argparse.Namespace
) -> list[LookupOutcome]:
    async with open_sources(settings, cache=cache, on_event=_on_event) as sources:
        return await sources.lookup_many(
            args.identifiers, exhaustive=args.exhaustive, backends=args.backend
        )


def _offline(cache: Cache, text: str) -> LookupOutcome:
    ident = parse_identifier(text)
    assert ident is not None
    return LookupOutcome(text, ident, tuple(cache.lookup_any(ident)))


def _outcome_json(o: LookupOutcome) -> dict[str, Any]:
    return {
        "query": o.query,
        "identifier": str(o.identifier) if o.identifier else None,
        "status": o.status.value,
        "reason": o.reason,
        "records": [r.to_dict() for r in o.records],
        "tried": [
            {
                "backend": r.backend,
                "status": r.status.value,
                "url": r.url,
                "cached": r.cached,
                "error": r.error.message if r.error else None,
            }
            for r in o.results
        ],
    }


def _print_outcome(o: LookupOutcome) -> None:
    if o.identifier is not None and not o.results:
        print(f"{o.query}: not in the cache — {o.reason}")
        return
    if o.status is not LookupStatus.FOUND:
        print(f"{o.query}: {o.status.value.replace('_', ' ')} — {o.reason}")
        return
    for record in o.records:
        _print_record(o.query, record, cached=any(r.cached for r in o.results))


def _print_record(query: str, r: PaperRecord, *, cached: bool) -> None:
    from mathlsp.sources.labels import label

    where = label(r.backend) + (" (cached)" if cached else "")
    print(f"{query}: found via {where}")
    print(f"  title:     {r.title}")
    if r.authors:
        print(f"  authors:   {'; '.join(a.name for a in r.authors)}")
    bits = [str(r.year) if r.year else None, r.venue]
    print(f"  published: {', '.join(b for b in bits if b) or 'unknown'}")
    ids = [
        f"arXiv:{r.arxiv_id_versioned}" if r.arxiv_id else None,
        f"doi:{r.doi}" if r.doi else None,
        f"s2:{r.s2_id}" if r.s2_id else None,
        f"openalex:{r.openalex_id}" if r.openalex_id else None,
        f"pmid:{r.pmid}" if r.pmid else None,
    ]
    print(f"  ids:       {' '.join(i for i in ids if i)}")
    if r.citation_count is not None:
        print(f"  citations: {r.citation_count}")
    if r.open_access_url:
        print(f"  open:      {r.open_access_url}")
    print(f"  verified:  {r.fetched_at.isoformat(timespec='seconds')} via {r.url}")
