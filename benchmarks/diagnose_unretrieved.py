"""Why titles-only gold is never retrieved (issue 26, stop 50): a one-off diagnosis.

Reads a `bench_search_quality.py --json` file and classifies each gold paper no query returned:
written by a person the note names (and whether the plan's author groups hold that person), or
not. Usage: python benchmarks/diagnose_unretrieved.py RUN.json
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from mathlsp.search.queries import _material
from mathlsp.search.run import load_problem
from mathlsp.verify.normalize import fold
from tests.fakescholar.haystack import load as load_haystack

PROBLEMS = Path(__file__).parent / "judged" / "problems"


def main(path: str) -> None:
    rows = json.loads(Path(path).read_text(encoding="utf-8"))["rows"]
    papers = {p.key: p for p in load_haystack()}
    totals = {"named, planned": 0, "named, not planned": 0, "not named": 0}
    for row in rows:
        text = (PROBLEMS / row["problem"] / "PROBLEM.md").read_text(encoding="utf-8")
        problem = load_problem(PROBLEMS / row["problem"])
        # The people the plan asks (the References' bylines left out: these notes have none).
        planned = {fold(n).lower() for g in _material(problem, [], None).author_groups for n in g}
        folded = fold(text).lower()
        for key in row["never_retrieved"]:
            paper = papers[key]
            families = [fold(f).lower() for _, f in paper.authors if f]
            named = [f for f in families if re.search(rf"\b{re.escape(f)}\b", folded)]
            if not named:
                kind = "not named"
            elif any(f in planned for f in named):
                kind = "named, planned"
            else:
                kind = "named, not planned"
            totals[kind] += 1
            who = ", ".join(named)
            print(f"{row['problem']}\t{kind}\t{who}\t{paper.year}\t{paper.title[:80]}")
    print(totals)


if __name__ == "__main__":
    main(sys.argv[1])
