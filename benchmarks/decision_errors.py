"""Where the learned decision's errors come from, held out (stop 50).

    python benchmarks/decision_errors.py [ROWS.jsonl.gz] [--no-trees]

Each studied split but `train_ranker.CONFIRMATION` is decided by a model fitted, and an F1 cut
chosen, on the others (never the confirmation split, so that the diagnosis does not tune on the
split that confirms), as `train_ranker.validate` does. Of the lists drawn, the written false
papers and the retrieved gold left unwritten are tallied by the kind of problem (titles-only:
its gold records have no abstract; short list: at most 8 gold; crowded pool: at least 300
candidates) and of paper (title only, found by a cited person, field only), and the unwritten
gold by why (`train_ranker.fate`). The pooled mean of each feature over the written false
papers, the written gold and the eligible gold under the cut says which features might separate
them.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.train_ranker import (  # noqa: E402
    CONFIRMATION,
    ROWS,
    SPLITS,
    Row,
    admitted,
    choose_cut,
    draw,
    eligible,
    fate,
    fit_model,
    lexical_order,
    load,
    probabilities,
    problems,
)
from mathlsp.search.learned import FEATURES  # noqa: E402

SHORT = 8
CROWDED = 300


def kinds(pool: Sequence[Row]) -> list[str]:
    """The problem's kinds, from its pool alone."""
    gold = [r for r in pool if r["label"] == 1]
    out = []
    if gold and all(r["features"].get("title_only") for r in gold):
        out.append("titles-only problem")
    if pool[0]["gold"] <= SHORT:
        out.append("short list")
    if len(pool) >= CROWDED:
        out.append("crowded pool")
    return out or ["other problem"]


def paper_kinds(r: Row) -> list[str]:
    out = []
    if r["features"].get("title_only"):
        out.append("title only")
    if r.get("named_author") or r["features"].get("cited_author"):
        out.append("by a cited person")
    if r["features"].get("field_only"):
        out.append("field only")
    return out


def main(argv: Sequence[str]) -> int:
    given = [a for a in argv if a.endswith(".gz")]
    rows = load(Path(given[0]) if given else ROWS)
    trees = "--no-trees" not in argv
    chosen = [s for s in SPLITS if s != CONFIRMATION]
    tally: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    means: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    counts: dict[str, int] = defaultdict(int)
    for split in chosen:
        train_rows = [r for r in rows if r["split"] in chosen and r["split"] != split]
        weights, fitted = fit_model(train_rows, trees=trees)
        cut = choose_cut(problems(train_rows), weights, trees=fitted)
        pools = problems([r for r in rows if r["split"] == split])
        p = probabilities(pools, weights, fitted)
        for pool in pools.values():
            kept = admitted(pool, p, cut)
            admit = lambda r, kept=kept: id(r) in kept  # noqa: E731
            written = draw(pool, admit, lexical_order)
            ids = {id(r) for r in written}
            for r in pool:
                if r["label"] == 0 and id(r) in ids and not r["reference"]:
                    group = "written false"
                elif r["label"] == 1 and id(r) in ids:
                    group = "written gold"
                elif r["label"] == 1:
                    group = "unwritten gold"
                    under = p[id(r)] < cut
                    tally[group][fate(r, written, admit, lambda _, under=under: under)] += 1
                    if eligible(r) and p[id(r)] < cut:
                        counts["gold under the cut"] += 1
                        for f in FEATURES:
                            means["gold under the cut"][f] += r["features"].get(f, 0.0)
                else:
                    continue
                tally[group]["all"] += 1
                for k in kinds(pool) + paper_kinds(r):
                    tally[group][k] += 1
                if group != "unwritten gold":
                    counts[group] += 1
                    for f in FEATURES:
                        means[group][f] += r["features"].get(f, 0.0)
        print(f"{split} done (cut {cut:.2f})", file=sys.stderr, flush=True)
    groups = ["written gold", "written false", "unwritten gold"]
    keys = sorted({k for g in groups for k in tally[g]} - {"all"})
    print(f"held out, every studied split but {CONFIRMATION}:")
    print("| | " + " | ".join(groups) + " |")
    print("| --- " * (len(groups) + 1) + "|")
    for k in ["all", *keys]:
        print(f"| {k} | " + " | ".join(str(tally[g].get(k, 0)) for g in groups) + " |")
    cols = ["written gold", "written false", "gold under the cut"]
    print("\nfeature means | " + " | ".join(f"{c} ({counts[c]})" for c in cols) + " |")
    print("| --- " * (len(cols) + 1) + "|")
    for f in FEATURES:
        cells = " | ".join(f"{means[c][f] / max(1, counts[c]):.3f}" for c in cols)
        print(f"| {f} | {cells} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
