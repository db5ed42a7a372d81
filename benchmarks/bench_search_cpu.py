"""Benchmark: the search's own CPU seconds, by phase, on studied large-corpus problems.

    python benchmarks/bench_search_cpu.py [--split fresh3] [--problem SLUG ...] [--repeat 1]

Runs each problem as `bench_search_quality.py --fast` does (no rate limits, no latency, one at a
time) and reports, per search, the CPU time of the thread the search runs in
(`time.thread_time()`), split into merging (`merge.merge_records`), assessment (`rank.assess`
less its embedding features), the embedding features, and the rest (query building, the
clients' parsing, verification, writing). The fake scholarly server answers from its own thread,
so its BM25 work over the 16k-paper haystack is not counted: these are the seconds a user's
machine spends, whatever the network. Wall times under real rate limits are
`bench_search_quality.py` without `--fast`. Only studied splits can be named (never the blind
one).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_search_quality as bench

from mathlsp.search import rank
from mathlsp.search import run as search_run

PHASES = ("merge", "assess", "embedding")


class Clock:
    """CPU seconds of the calling thread spent inside each wrapped function (outermost calls)."""

    def __init__(self) -> None:
        self.spent = dict.fromkeys(PHASES, 0.0)

    def wrap(self, phase: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.spent[phase] += time.thread_time() - start

        return timed


def instrument(clock: Clock) -> None:
    search_run.merge_records = clock.wrap("merge", search_run.merge_records)
    rank.assess = clock.wrap("assess", rank.assess)
    rank.embedding_features = clock.wrap("embedding", rank.embedding_features)
    run_search = bench.run_search

    async def timed_search(*args: Any, **kwargs: Any) -> Any:
        # The event loop runs in this thread: every step of the search (and its HTTP client's
        # work) is counted, the fake server's thread is not.
        start = time.thread_time()
        try:
            return await run_search(*args, **kwargs)
        finally:
            clock.spent["total"] = clock.spent.get("total", 0.0) + time.thread_time() - start

    bench.run_search = timed_search


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--split", choices=bench.STUDIED, default="fresh3")
    parser.add_argument("--problem", nargs="*", help="only these problems (slugs)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per problem (the least kept)")
    args = parser.parse_args(argv)
    if bench.corpus_path() is None:
        print("the large corpus (shared/corpus/math-papers.jsonl.gz) is not beside the repository")
        return 2
    chosen = [j for j in bench.large_problems() if j.split == args.split]
    if args.problem:
        chosen = [j for j in chosen if j.slug in args.problem]
    if not chosen:
        print("no problem selected")
        return 2
    clock = Clock()
    instrument(clock)
    print(f"{'problem':44} {'pool':>5} {'total':>6} {'merge':>6} {'assess':>6} {'embed':>6} rest")
    sums = dict.fromkeys(("total", *PHASES), 0.0)
    for judged in chosen:
        best: dict[str, float] | None = None
        pool = 0
        for _ in range(max(1, args.repeat)):
            clock.spent = dict.fromkeys(PHASES, 0.0)
            out = asyncio.run(bench.run_all([(judged, "large")], fast=True, jobs=1))[0]
            pool = len(out.result.candidates) + len(out.result.dropped)
            if best is None or clock.spent["total"] < best["total"]:
                best = dict(clock.spent)
        assert best is not None
        assess = best["assess"] - best["embedding"]
        rest = best["total"] - best["merge"] - best["assess"]
        for k in sums:
            sums[k] += best[k]
        print(
            f"{judged.slug[:44]:44} {pool:5d} {best['total']:6.2f} {best['merge']:6.2f} "
            f"{assess:6.2f} {best['embedding']:6.2f} {rest:6.2f}"
        )
    assess = sums["assess"] - sums["embedding"]
    rest = sums["total"] - sums["merge"] - sums["assess"]
    print(
        f"{'sum':44} {'':5} {sums['total']:6.2f} {sums['merge']:6.2f} "
        f"{assess:6.2f} {sums['embedding']:6.2f} {rest:6.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
