"""Every real author list in the shared corpus (16,373 records) matched against itself, as notes
write it: as the source lists it, as display names (`Given Family`), inverted (`Family, Given`, as
BibTeX has it), and with initials (`G. Family`) must each confirm; the list without its last
author and without "et al." must be refused. A false alarm here is a genuine citation the gate
would refuse for its author list alone.

    python benchmarks/bench_author_forms.py [--show N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mathlsp.sources.record import Author
from mathlsp.verify.matcher import match_authors
from tests.fakescholar.haystack import corpus_path


def initials(given: str) -> str:
    """`Jean-Pierre` → `J.-P.`, `Ben Joseph` → `B. J.`"""
    parts = []
    for word in given.split():
        parts.append("-".join(f"{piece[0]}." for piece in word.split("-") if piece))
    return " ".join(parts)


def forms(people: list[Author], listed: list[str]) -> dict[str, list[str]]:
    return {
        "as listed": listed,
        "display": [a.name for a in people],
        "inverted": [f"{a.family}, {a.given}" if a.given else a.family for a in people],
        "initials": [f"{initials(a.given)} {a.family}" if a.given else a.family for a in people],
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", type=int, default=5, help="failures listed per form")
    args = parser.parse_args()
    path = corpus_path()
    if path is None:
        print("shared/corpus/math-papers.jsonl.gz not found (set MATHLSP_HAYSTACK)")
        return 2
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh]
    refused: dict[str, list[str]] = defaultdict(list)
    counted: dict[str, int] = defaultdict(int)
    for record in records:
        listed = record["authors"]
        if not listed:
            continue
        people = [Author.from_name(n) for n in listed]
        for form, claim in forms(people, listed).items():
            counted[form] += 1
            result = match_authors(claim, people, et_al=False)
            if not result.ok:
                refused[form].append(f"{record['key']}: {result.detail}")
        if len(people) > 1:
            counted["subset, no et al."] += 1
            if match_authors([a.name for a in people[:-1]], people, et_al=False).ok:
                refused["subset, no et al."].append(f"{record['key']}: accepted")
    print(f"{len(records)} records from {path.name}")
    for form, n in counted.items():
        bad = refused[form]
        what = "accepted (should be refused)" if form.startswith("subset") else "refused"
        print(f"  {form:<20} {n - len(bad):>6}/{n} right, {len(bad)} {what}")
        for line in bad[: args.show]:
            print(f"      {line[:150]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
