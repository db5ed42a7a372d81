"""Benchmark: one literature search against the fake server, 100 ms latency, real rate limits.

    python benchmarks/bench_search.py [--latency 0.1] [--no-key]

The problem is tests/search's "Second eigenvalue of random regular graphs" (12 discovery
queries over arXiv, Semantic Scholar, OpenAlex and TheoremSearch, 3 PROBLEM.md identifiers,
then one batched verification pass). Rate limits are the real defaults (arXiv 3 s between
requests, Semantic Scholar 1 s with a key / 3 s without, OpenAlex 0.1 s with `mailto`,
TheoremSearch 1 s), no cache. Backends run concurrently, so the search cannot be faster than
its slowest backend's chain of requests — (n − 1) × interval + latency — plus the
verification round that must follow discovery. The figure to look at is wall time against
that chain.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx

from mathlsp.search.run import run_search
from mathlsp.sources import Sources, SourceSettings
from tests.fakescholar import FakeScholar
from tests.search.conftest import GRAPHS, write_problem

KEY = "bench-key-0000"
BACKENDS = ("arxiv", "semantic_scholar", "openalex", "crossref", "pubmed", "theoremsearch")


def settings_for(fake: FakeScholar, *, key: bool) -> SourceSettings:
    over: dict[str, object] = {
        "base_urls": fake.urls(),
        "mailto": "bench@example.org",
        "timeout_s": 30.0,
        "total_timeout_s": 120.0,
    }
    if key:
        over["semantic_scholar_api_key"] = KEY
    return SourceSettings.from_env(overrides=over, environ={})


async def search(folder: Path, settings: SourceSettings) -> tuple[float, object]:
    async with httpx.AsyncClient() as client:
        sources = Sources(settings, client)  # no cache: every answer comes over the wire
        start = time.perf_counter()
        result = await run_search(folder, sources)
        return time.perf_counter() - start, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--no-key", action="store_true", help="Semantic Scholar without a key")
    args = parser.parse_args()

    with FakeScholar.running() as fake, tempfile.TemporaryDirectory() as tmp:
        fake.controls.set_latency(args.latency)
        folder = write_problem(Path(tmp), GRAPHS, "graphs")
        settings = settings_for(fake, key=not args.no_key)
        wall, result = asyncio.run(search(folder, settings))
        log = fake.controls.requests()
        per_backend = Counter(r.backend for r in log)
        t0 = min((r.t for r in log), default=0.0)

        print(
            f"one search, {args.latency * 1000:.0f} ms latency per answer, real rate limits, "
            f"Semantic Scholar {'without' if args.no_key else 'with'} a key, no cache"
        )
        print(f"\n{'backend':<18}{'requests':>9}{'interval':>10}{'chain':>9}{'last answer':>13}")
        chains = {}
        for b in BACKENDS:
            n = per_backend.get(b, 0)
            if not n:
                continue
            interval = settings.interval(b)
            chain = (n - 1) * interval + args.latency
            chains[b] = chain
            last = max(r.t for r in log if r.backend == b) - t0 + args.latency
            print(f"{b:<18}{n:>9}{interval:>9.2f}s{chain:>8.2f}s{last:>12.2f}s")
        slowest = max(chains, key=lambda b: chains[b])
        print(f"{'total':<18}{sum(per_backend.values()):>9}")
        print(f"\nwall time:                       {wall:6.2f} s")
        print(f"slowest backend chain ({slowest}): {chains[slowest]:6.2f} s")
        print(f"wall / slowest chain:            {wall / chains[slowest]:6.2f}")
        print(
            f"\n{len(result.candidates)} candidates ({len(result.confirmed)} confirmed), "  # type: ignore[attr-defined]
            f"{result.records_found} records, outcome {result.outcome}"  # type: ignore[attr-defined]
        )
    return 0


if __name__ == "__main__":
    from targets import none_set

    code = main()
    none_set("the floor is the slowest backend's chain of rate-limited requests, printed above")
    sys.exit(code)
