"""Benchmark: look up 500 mixed identifiers against the fake server, batched vs naive.

    python benchmarks/bench_sources.py [--latency 0.1] [--naive-real]

Both runs use the fake scholarly server (tests/fakescholar) with 100 ms latency per answer and
the real default rate limits (arXiv 3 s, Semantic Scholar 1 s with a key, OpenAlex/Crossref polite
pool 0.1 s with Crossref at 3 concurrent, PubMed 0.34 s). The naive baseline sends one request per
identifier (batch size 1 everywhere). Under real limits it would take many minutes, so by default
it runs with intervals scaled by --naive-scale and its wall time *under the real limits* is
projected from its request counts; --naive-real runs it for real.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx

from mathlsp.sources import LookupStatus, Sources, SourceSettings, parse_identifier
from tests.fakescholar import FakeScholar

KEY = "bench-key-0000"


def identifiers(fake: FakeScholar) -> list[str]:
    """500 mixed ids: arXiv (incl. old-style), DOIs, S2 ids, OpenAlex ids, PMIDs, some unknown."""
    papers = fake.corpus.papers
    synth = [p for p in papers if p.key.startswith("bench-")]
    real = [p for p in papers if not p.key.startswith("bench-")]
    ids: list[str] = []
    ids += [f"arXiv:{p.arxiv_id}" for p in real if p.arxiv_id]
    ids += [f"arXiv:{p.arxiv_id}" for p in synth if p.arxiv_id][: 140 - len(ids)]
    ids += [f"2312.{90000 + i}" for i in range(10)]  # unknown to arXiv
    dois = [f"doi:{p.doi}" for p in real if p.doi]
    dois += [f"doi:{p.doi}" for p in synth if p.doi and not p.arxiv_id and not p.pmid]
    ids += dois[:130]
    ids += [f"doi:10.5555/missing.{i}" for i in range(20)]  # unknown everywhere
    ids += [p.s2_id for p in synth[:100]]
    ids += [f"openalex:{p.openalex_id}" for p in synth[100:150]]
    ids += [f"pmid:{p.pmid}" for p in synth if p.pmid][:50]
    assert len(ids) == 500, len(ids)
    return ids[:500]


def settings_for(fake: FakeScholar, *, naive: bool, scale: float) -> SourceSettings:
    over: dict[str, object] = {
        "base_urls": fake.urls(),
        "semantic_scholar_api_key": KEY,
        "mailto": "bench@example.org",
        "rate_limit_scale": scale,
        "timeout_s": 30.0,
        "total_timeout_s": 600.0,
    }
    if naive:
        over.update(arxiv_batch=1, s2_batch=1, openalex_batch=1, pubmed_batch=1)
    return SourceSettings.from_env(overrides=over, environ={})


async def run(
    fake: FakeScholar, ids: list[str], settings: SourceSettings
) -> tuple[float, Counter[str], Counter[str]]:
    fake.controls.clear_log()
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=20)) as client:
        sources = Sources(settings, client)
        start = time.perf_counter()
        outcomes = await sources.lookup_many(ids)
        wall = time.perf_counter() - start
    per_backend = Counter(r.backend for r in fake.controls.requests())
    statuses = Counter(o.status.value for o in outcomes)
    return wall, per_backend, statuses


def projected_wall(per_backend: Counter[str], settings: SourceSettings, latency: float) -> float:
    """Lower-bound wall time under real limits: backends run in parallel, each paced by its
    interval (Crossref with its concurrency), so the slowest backend dominates."""
    real = settings_for_real(settings)
    times = []
    for backend, n in per_backend.items():
        interval = real.interval(backend)
        parallel = real.crossref_parallel() if backend == "crossref" else 1
        times.append(n * max(interval, latency / parallel))
    return max(times, default=0.0)


def settings_for_real(settings: SourceSettings) -> SourceSettings:
    from dataclasses import replace

    return replace(settings, rate_limit_scale=1.0)


def table(
    title: str,
    wall: float,
    per_backend: Counter[str],
    statuses: Counter[str],
    n_ids: int,
    note: str = "",
) -> None:
    total = sum(per_backend.values())
    print(f"\n{title}")
    print(f"  wall time:            {wall:8.2f} s {note}")
    print(f"  requests:             {total:8d}   ({total / n_ids:.3f} per identifier)")
    for backend in ("arxiv", "semantic_scholar", "openalex", "crossref", "pubmed"):
        print(f"    {backend:<20}{per_backend.get(backend, 0):8d}")
    print(f"  outcomes:             {dict(sorted(statuses.items()))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--naive-scale", type=float, default=0.01)
    parser.add_argument("--naive-real", action="store_true", help="run the baseline at real limits")
    args = parser.parse_args()

    with FakeScholar.running(synthetic=400) as fake:
        fake.controls.set_latency(args.latency)
        ids = identifiers(fake)
        kinds = Counter(k.kind.value for i in ids if (k := parse_identifier(i)))
        print(
            f"{len(ids)} identifiers {dict(kinds)}, {args.latency * 1000:.0f} ms latency per answer"
        )

        batched = settings_for(fake, naive=False, scale=1.0)
        wall, per_backend, statuses = asyncio.run(run(fake, ids, batched))
        table("batched (mathlsp), real rate limits", wall, per_backend, statuses, len(ids))

        scale = 1.0 if args.naive_real else args.naive_scale
        naive = settings_for(fake, naive=True, scale=scale)
        n_wall, n_per_backend, n_statuses = asyncio.run(run(fake, ids, naive))
        if args.naive_real:
            table(
                "naive one-request-per-paper, real rate limits",
                n_wall,
                n_per_backend,
                n_statuses,
                len(ids),
            )
        else:
            projected = projected_wall(n_per_backend, naive, args.latency)
            table(
                "naive one-request-per-paper",
                projected,
                n_per_backend,
                n_statuses,
                len(ids),
                note=f"(projected at real limits; measured {n_wall:.2f} s with limits x{scale})",
            )
        assert statuses == n_statuses, "both strategies must reach the same answers"
        assert statuses.get(LookupStatus.ERROR.value, 0) == 0
    return 0


if __name__ == "__main__":
    from targets import none_set

    code = main()
    none_set("batched against one request per paper: the ratio above is the result")
    sys.exit(code)
