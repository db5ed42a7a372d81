"""The learned ranker's training rows: every studied problem's whole candidate pool, described.

    python benchmarks/ranker_rows.py OUT.jsonl.gz [SPLIT ...]

Runs the search of every judged problem of the studied splits (default: all of `STUDIED`;
`small` may be named too) once, as `bench_search_quality.py --fast` does, and writes one JSON
line per candidate of the pool (above and below the line): its problem and split, its corpus
key, its label from the judged set (1 gold, 0 anything else, null borderline), whether
PROBLEM.md names it, the lexical verdict and score (so that the lexical list can be re-drawn
offline exactly), whether verification checked and confirmed it, and `rank.assess`'s
features. `train_ranker.py` reads these rows; nothing here reads the judged sets to compute a
feature.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_search_quality as bench

from mathlsp.search.merge import Candidate
from mathlsp.search.queries import Term
from mathlsp.search.rank import assess, eligible


def describe(
    pool: Sequence[Candidate],
    keys: Sequence[str | None],
    terms: Sequence[Term],
    judged: bench.Judged,
    checked: Iterable[str | None],
    confirmed: Iterable[str | None],
) -> list[dict[str, Any]]:
    """One row per candidate of `pool` (`keys`: its corpus keys, in the same order)."""
    checked, confirmed = set(checked), set(confirmed)
    key_of = {id(c): k for c, k in zip(pool, keys, strict=True)}
    out = []
    for a in assess(pool, terms, judged.problem):
        c = a.candidate
        key = key_of[id(c)]
        label = None if key in judged.borderline else int(key in judged.gold)
        out.append(
            {
                "split": judged.split,
                "slug": judged.slug,
                "key": key,
                "title": c.title,
                "label": label,
                "gold": len(judged.gold),
                "reference": c.problem_reference is not None,
                "lexical": a.lexical,
                "eligible": a.eligible,
                # Eligible only because its title states a tag that is the problem's object
                # (`rank.states_object`): what the rule before stop 40 kept out.
                "object_only": a.eligible and not eligible(c, a.found, a.lexical, objects=False),
                "named_author": a.named_author,
                "score": c.score,
                "relevance": c.relevance,
                "checked": key in checked,
                "confirmed": key in confirmed,
                "features": a.features,
                # What it said of the problem, so that a diagnosis can name the hard rule
                # that kept it out (`train_ranker.py --diagnose`).
                "said": [
                    [m.term.kind, m.place, round(m.rarity, 4), int(m.specific)] for m in a.found
                ],
            }
        )
    return out


async def dump(split: str) -> list[dict[str, Any]]:
    problems = [(j, "small") for j in bench.SMALL if split == "small"] or [
        (j, "large") for j in bench.large_problems() if j.split == split
    ]
    rows: list[dict[str, Any]] = []
    for judged, corpus in problems:
        with tempfile.TemporaryDirectory() as tmp:
            o = await bench.evaluate(judged, corpus, Path(tmp), fast=True)
        r = o.result
        pool = [*r.candidates, *r.dropped]
        keys = [bench.corpus_key(c, o.by_id) for c in pool]
        checked = [bench.corpus_key(c, o.by_id) for c in r.candidates]
        confirmed = [bench.corpus_key(c, o.by_id) for c in r.confirmed]
        rows += describe(pool, keys, r.plan.terms, judged, checked, confirmed)
        print(f"{split} {judged.slug}: {len(pool)} candidates", flush=True)
    return rows


def main(argv: Sequence[str]) -> int:
    out = Path(argv[0])
    splits = list(argv[1:]) or list(bench.STUDIED)
    if any(s not in (*bench.STUDIED, "small") for s in splits):
        print("only studied splits may be dumped", file=sys.stderr)
        return 2
    start = time.perf_counter()
    # As the bench's `--fast` runs wait: every lane waits for the others' answers without a
    # bound, so the pools do not depend on the machine's load (TOLD_WAIT_S was left bounded).
    bench.unbounded_waits()
    rows = [row for s in splits for row in asyncio.run(dump(s))]
    write(rows, out)
    print(f"{len(rows)} rows in {time.perf_counter() - start:.0f} s -> {out}")
    return 0


def write(rows: Sequence[dict[str, Any]], out: Path) -> None:
    """One JSON line per row, gzip with no timestamp: the same rows give the same bytes."""
    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        for row in rows:
            f.write((json.dumps(row, sort_keys=True) + "\n").encode("utf-8"))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
