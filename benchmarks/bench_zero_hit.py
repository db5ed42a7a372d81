"""Zero-hit queries by query kind and backend on the judged large-corpus splits.

    python benchmarks/bench_zero_hit.py --split tune fresh4 --jobs 2 --json out.json
    python benchmarks/bench_zero_hit.py --table before.json after.json

Runs the quality bench's searches (`--fast`) and records, for every discovery query a search
answered, its backend, kind (its purpose, without the topic's own words), text, and whether it
returned nothing; for arXiv, the category filter it had. `--table` prints kind x backend as
empty/asked, and the pooled P / R / P@5 and pool recall, of one or two such files (before → after).
Studied splits only: the blind split is never searched here.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from bench_search_quality import STUDIED, _public, large_problems, run_all

BACKENDS = ("arxiv", "semantic_scholar", "openalex", "zbmath")
_CATS = re.compile(r"\bcat:([\w.-]+)")


def kind(purpose: str) -> str:
    """A purpose without what is particular to one problem: 'key object', 'author + topic'."""
    broadened = purpose.endswith(", broadened")
    base = purpose.removesuffix(", broadened")
    base = base.split(":")[0].strip()
    base = re.sub(r"\s*\(.*\)$|\s+\d+$", "", base)
    return f"{base}, broadened" if broadened else base


def categories(query: str) -> str:
    return " ".join(_CATS.findall(query)) or "-"


def records(outcomes: Sequence[Any]) -> list[dict[str, Any]]:
    out = []
    for o in outcomes:
        for backend, report in o.result.backends.items():
            if backend not in BACKENDS:
                continue
            empty = {id(q) for q in report.empty}
            spare = {id(q) for q in report.spare}
            for q in [*report.answered, *report.broadened]:
                out.append(
                    {
                        "problem": o.row.problem,
                        "split": o.row.split,
                        "backend": backend,
                        "kind": kind(q.purpose),
                        "spare": id(q) in spare,
                        "query": q.query,
                        "cats": categories(q.query) if backend == "arxiv" else "",
                        "empty": id(q) in empty,
                    }
                )
    return out


def table(files: Sequence[str]) -> None:
    data = [json.loads(Path(f).read_text(encoding="utf-8")) for f in files]
    kinds: dict[tuple[str, str], list[str]] = {}
    for i, d in enumerate(data):
        count: Counter[tuple[str, str, bool]] = Counter()
        for r in d["queries"]:
            count[(r["kind"], r["backend"], r["empty"])] += 1
        for k, b, _ in count:
            kinds.setdefault((k, b), ["-"] * len(data))
        for k, b in kinds:
            e, n = count[(k, b, True)], count[(k, b, True)] + count[(k, b, False)]
            kinds[(k, b)][i] = f"{e}/{n}" if n else "-"
    print("| query kind | " + " | ".join(BACKENDS) + " |")
    print("| --- |" + " --- |" * len(BACKENDS))
    for k in sorted({k for k, _ in kinds}):
        cells = [" → ".join(kinds.get((k, b), ["-"] * len(data))) for b in BACKENDS]
        print(f"| {k} | " + " | ".join(cells) + " |")
    for i, d in enumerate(data):
        qs = d["queries"]
        per = {}
        for b in BACKENDS:
            mine = [r for r in qs if r["backend"] == b]
            per[b] = (sum(r["empty"] for r in mine), len(mine))
        rows = d["rows"]
        hits = sum(r["hits"] for r in rows)
        counted = sum(r["counted"] for r in rows)
        gold = sum(r["gold"] for r in rows)
        pool = sum(r["pool"] for r in rows)
        at5 = sum(r["at5_hits"] for r in rows) / max(1, sum(r["at5_n"] for r in rows))
        reqs = [sum(r["requests"].values()) for r in rows]
        print(
            f"{files[i]}: P {hits / max(1, counted):.3f} ({hits}/{counted}) R {hits / gold:.3f} "
            f"P@5 {at5:.3f} pool {pool}/{gold} requests max {max(reqs)} mean "
            f"{sum(reqs) / len(reqs):.1f}; zero-hit "
            + ", ".join(f"{b} {e}/{n} ({e / max(1, n):.0%})" for b, (e, n) in per.items())
        )
        arx = Counter(r["cats"] for r in qs if r["backend"] == "arxiv" and r["empty"])
        print("  arXiv empty by category filter:", dict(arx.most_common()))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--split", nargs="*", default=["tune"], choices=STUDIED)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--table", nargs="*", metavar="FILE")
    args = parser.parse_args(argv)
    if args.table:
        table(args.table)
        return 0
    chosen = [(j, "large") for j in large_problems() if j.split in args.split]
    outcomes = asyncio.run(run_all(chosen, fast=True, jobs=args.jobs))
    data = {"rows": [_public(o.row) for o in outcomes], "queries": records(outcomes)}
    if args.json:
        Path(args.json).write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
