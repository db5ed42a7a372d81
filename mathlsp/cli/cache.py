"""`mathlsp cache stats|clear`: inspect or empty the local source cache."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path

from mathlsp.cache import Cache


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "cache",
        help="show or clear the local cache of looked-up papers",
        description="The cache lives in the user cache directory "
        "($MATHLSP_CACHE_DIR overrides it).",
    )
    p.add_argument("--cache-dir", type=Path, metavar="DIR", help="use this cache directory")
    sub = p.add_subparsers(dest="cache_command", metavar="ACTION", required=True)
    stats = sub.add_parser("stats", help="counts, size and location")
    stats.add_argument("--format", choices=("text", "json"), default="text")
    clear = sub.add_parser("clear", help="delete cached answers")
    clear.add_argument(
        "--expired", action="store_true", help="only drop expired not-found and search entries"
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from mathlsp.cli import UsageError

    try:
        cache = Cache(args.cache_dir)
    except (sqlite3.Error, OSError) as exc:
        raise UsageError(f"cannot open the cache: {exc}") from exc
    with cache:
        for warning in cache.warnings:
            print(f"mathlsp: warning: {warning}", file=sys.stderr)
        if args.cache_command == "clear":
            removed = cache.clear(expired_only=args.expired)
            what = "expired entries" if args.expired else "entries"
            print(f"removed {removed} {what} from {cache.path}")
            return 0
        stats = cache.stats()
        if args.format == "json":
            print(json.dumps(stats.to_dict(), indent=2))
            return 0
        by_backend = ", ".join(f"{k} {v}" for k, v in sorted(stats.records_by_backend.items()))
        print(f"cache:          {stats.path}")
        print(f"size:           {_size(stats.size_bytes)} (journal mode {stats.journal_mode})")
        print(f"records:        {stats.records}" + (f" ({by_backend})" if by_backend else ""))
        print(f"identifiers:    {stats.identifiers}")
        print(f"not found:      {stats.not_found} live, {stats.not_found_expired} expired")
        print(f"searches:       {stats.searches} live, {stats.searches_expired} expired")
        print(f"verifications:  {stats.verifications}")
    return 0


def _size(n: int) -> str:
    size = float(n)
    for unit in ("B", "KiB", "MiB"):
        if size < 1024:
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GiB"
