"""Known-item look-ups replayed offline: what `search.named.resolve` would find for every work the
studied notes name by people and year, without a server or a search run (about 20 s).

    python benchmarks/replay_named.py --json out.json
    python benchmarks/replay_named.py --two-bylines     # the variant measured at stop 51

For each named work (`named_works`, at most MAX_NAMED a note): Crossref's top bibliographic match
(as `match_title` asks, one row), then the OpenAlex look-up (`openalex_query`, five rows), each
answered by the fake scholarly engine over the large corpus, as the quality bench's server would;
and whether the corpus holds *any* record `is_the_work` accepts (a person's other paper that year
counts there too: read those by hand before calling a miss a query's fault). The summary says
how many works resolve, to a gold record or not, how many OpenAlex look-ups come back empty, and
the misses whose record is in the corpus. `--two-bylines` asks a work naming two or more people
by the first two people's bylines and the year, no phrases. The confirmation split
(`train_ranker.CONFIRMATION`) and the unseen splits are never replayed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))

from bench_search_quality import STUDIED, large_problems
from train_ranker import CONFIRMATION

from mathlsp.notes.problem import ProblemDoc
from mathlsp.search import named
from mathlsp.sources.openalex_query import AUTHOR_FILTER, split_filters
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.normalize import fold
from tests.fakescholar import haystack
from tests.fakescholar.corpus import Paper
from tests.fakescholar.engine import Engine, normalize_scores
from tests.fakescholar.server import _openalex_filter

#: Rows each look-up reads, as `named.resolve` asks them.
CROSSREF_ROWS = 1
OPENALEX_ROWS = 5


def record(p: Paper) -> PaperRecord:
    return PaperRecord(
        "openalex",
        p.title,
        authors=tuple(Author(f, g or None) for g, f in p.authors),
        year=p.year,
        venue=p.venue,
    )


def two_bylines(work: named.NamedWork) -> str:
    """The variant: two or more people are asked by two bylines and the year, no phrases (a
    titles-only record rarely says the note's words; two people and a year are few papers)."""
    if len(work.authors) < 2:
        return named.openalex_query(work)
    parts = [f'{AUTHOR_FILTER}:"{a}"' for a in work.authors[:2]]
    if work.year:
        parts.append(f"publication_year:{work.year - 1}-{work.year + 1}")
    return " ".join(parts)


class Replay:
    def __init__(self, papers: tuple[Paper, ...]) -> None:
        self.papers = papers
        self.engine = Engine(papers)
        self.corpus = SimpleNamespace(papers=papers, engine=self.engine)
        self.by_family: dict[str, list[Paper]] = {}
        for p in papers:
            for _, family in p.authors:
                self.by_family.setdefault(fold(family).replace("-", " "), []).append(p)

    def openalex(self, query: str) -> list[Paper]:
        """`/works` as the fake server answers it: filters AND'ed, `search=` ranks and restricts."""
        filters, words = split_filters(query)
        found: list[Paper] | None = None
        for name, value in filters:
            keys = {p.key for _, p in _openalex_filter(self.corpus, name, [value])}  # type: ignore[arg-type]
            pool = self.papers if found is None else found
            found = [p for p in pool if p.key in keys]
        if words:
            scored = {p.key: s for s, p in normalize_scores(self.engine.openalex(words))}
            pool = self.papers if found is None else found
            found = sorted((p for p in pool if p.key in scored), key=lambda p: -scored[p.key])
        return (found or [])[:OPENALEX_ROWS]

    def work(self, w: named.NamedWork, gold: frozenset[str], query_of: Any) -> dict[str, Any]:
        people = {fold(a).replace("-", " ") for a in w.authors}
        present = sorted(
            {
                p.key
                for a in people
                for p in self.by_family.get(a, [])
                if named.is_the_work(w, record(p))
            }
        )
        row: dict[str, Any] = {
            "where": w.where,
            "authors": list(w.authors),
            "year": w.year,
            "present": present,
            "gold": [k for k in present if k in gold],
            "by": None,
            "openalex": None,
            "answered": None,
        }
        if not named.sendable(w):
            return row
        top = self.engine.crossref(w.query, lambda p: p.in_crossref)[:CROSSREF_ROWS]
        if top and named.is_the_work(w, record(top[0][1])):
            row["by"] = f"crossref {top[0][1].key}"
            return row
        query = query_of(w)
        if not query or (len(w.authors) < 2 and not split_filters(query)[0]):
            return row
        got = self.openalex(query)
        row["openalex"], row["answered"] = query, len(got)
        hit = next((p for p in got if named.is_the_work(w, record(p))), None)
        if hit is not None:
            row["by"] = f"openalex {hit.key}"
        return row


def summary(rows: list[dict[str, Any]]) -> str:
    resolved = [r for r in rows if r["by"]]
    to_gold = [r for r in resolved if r["by"].split()[1] in r["gold"]]
    sent = [r for r in rows if r["openalex"]]
    missed = [r for r in rows if r["present"] and not r["by"]]
    crossref = sum(r["by"].startswith("crossref") for r in resolved)
    return "\n".join(
        [
            f"{len(rows)} named works; the corpus holds a record is_the_work accepts for "
            f"{sum(bool(r['present']) for r in rows)} (a gold one for "
            f"{sum(bool(r['gold']) for r in rows)})",
            f"resolved {len(resolved)} (Crossref {crossref}, OpenAlex {len(resolved) - crossref}), "
            f"to a gold record {len(to_gold)}",
            f"OpenAlex look-ups {len(sent)}, empty {sum(r['answered'] == 0 for r in sent)}",
            f"in the corpus and not resolved {len(missed)} "
            f"(OpenAlex empty {sum(r['answered'] == 0 for r in missed)})",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    designed = [s for s in STUDIED if s != CONFIRMATION]
    parser.add_argument("--split", nargs="*", choices=designed, default=designed)
    parser.add_argument("--two-bylines", action="store_true", help="the stop-51 variant")
    parser.add_argument("--json", type=Path, help="every work's row")
    args = parser.parse_args()
    replay = Replay(haystack.load())
    query_of = two_bylines if args.two_bylines else named.openalex_query
    rows = []
    for j in large_problems():
        if j.split not in args.split:
            continue
        for w in named.named_works(ProblemDoc(j.problem)):
            rows.append({"split": j.split, "slug": j.slug, **replay.work(w, j.gold, query_of)})
    print(summary(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
