"""What each hard rule keeps out, and a narrowed rule re-applied offline (issue 26, stop 51).

    python benchmarks/hard_rules.py [ROWS.jsonl.gz]
    python benchmarks/hard_rules.py [ROWS.jsonl.gz] --variant MIN OUT.jsonl.gz [--close R]

The first form tabulates the retrieved candidates no hard rule lets the model weigh
(`rank.eligible`, named by `train_ranker.ineligible_because` from the rows' `said` evidence), per
rule and per kind of record (title only or with an abstract): gold held, false papers kept out,
borderline, on the studied splits but `train_ranker.CONFIRMATION` and on it apart (never read
while designing). The second writes a copy of the rows in which the narrowed tag rule is
re-applied: a title-only record held only by "only tags, its title not stating the object" becomes
eligible (the model decides it) when a specific tag of the problem is in its title with pool
rarity at least MIN (and, with `--close R`, its `problem_sim_rank` is at least R);
`train_ranker.py OUT.jsonl.gz --objective f1` then validates it under the adoption rule. A tag
alone still never admits a paper: the model weighs it with everything else.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.ranker_rows import write  # noqa: E402
from benchmarks.train_ranker import CONFIRMATION, ROWS, Row, ineligible_because, load  # noqa: E402

TAG_RULE = "only tags, its title not stating the object"
LABELS = {1: "gold", 0: "false", None: "borderline"}


def held(r: Row) -> bool:
    """Whether a hard rule keeps the paper off whatever the model says."""
    return not r["reference"] and not r["eligible"]


def titled_tag(r: Row, rarity: float) -> bool:
    """Whether a title-only record held by the tag rule has a specific tag of the problem in its
    title at least that rare in the pool (`said`: kind, place, rarity, specific)."""
    return (
        bool(r["features"].get("title_only"))
        and ineligible_because(r) == TAG_RULE
        and any(m[0] == "tag" and m[1] == "title" and m[3] and m[2] >= rarity for m in r["said"])
    )


def table(rows: Sequence[Row]) -> dict[tuple[str, str], Counter[str]]:
    """Per (rule, record kind): the held candidates by label, studied and confirmation apart."""
    out: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for r in rows:
        if not held(r):
            continue
        kind = "title only" if r["features"].get("title_only") else "abstract"
        where = CONFIRMATION if r["split"] == CONFIRMATION else "studied"
        out[(ineligible_because(r), kind)][f"{LABELS[r['label']]} {where}"] += 1
    return out


def variant(rows: Sequence[Row], rarity: float, close: float = 0.0) -> tuple[list[Row], int]:
    """The rows with the narrowed tag rule re-applied, and how many became eligible; `close`: the
    record must also be among the pool's closest to the note (`problem_sim_rank` at least it)."""
    out, n = [], 0
    for r in rows:
        near = r["features"].get("problem_sim_rank", 0.0) >= close
        if held(r) and titled_tag(r, rarity) and near:
            r = {**r, "eligible": True}
            n += 1
        out.append(r)
    return out, n


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="?", type=Path, default=ROWS)
    parser.add_argument("--variant", nargs=2, metavar=("MIN", "OUT"))
    parser.add_argument("--close", type=float, default=0.0)
    args = parser.parse_args(argv)
    rows = load(args.rows)
    if args.variant:
        changed, n = variant(rows, float(args.variant[0]), args.close)
        write(changed, Path(args.variant[1]))
        print(f"{n} held title-only records made eligible", file=sys.stderr)
        return 0
    t = table(rows)
    cols = [f"{lab} {w}" for w in ("studied", CONFIRMATION) for lab in LABELS.values()]
    print("| hard rule | record | " + " | ".join(cols) + " |")
    print("| --- " * (len(cols) + 2) + "|")
    for (rule, kind), c in sorted(t.items()):
        print(f"| {rule} | {kind} | " + " | ".join(str(c.get(k, 0)) for k in cols) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
