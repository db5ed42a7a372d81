"""Search quality on judged problems: what a search writes, against what a specialist would list.

Two benchmarks, each searched with the real pipeline (`run_search`: queries, concurrent discovery,
merge, relevance ranking and cut-off, verification) against the fake scholarly server:

- **small** — seven problems in five areas (differential geometry, analytic and additive number
  theory, geometric group theory, spectral graph theory, signal processing, discrete geometry)
  against tests/fakescholar/data/corpus.json: 36 real papers, each problem's own literature and
  the others' as distractors that share words. The fake matches by word overlap there.
- **large** — two hundred and fifty-eight studied problems (benchmarks/judged/: analytic number
  theory, q-series, Diophantine equations, heights, algebraic combinatorics, finite group
  representations, stochastic PDE, stochastic fluid equations, set theory and stochastic filtering;
  nine `fresh` ones in seven areas, ten `fresh2` ones in nine areas, ten `fresh3` ones in eight
  areas, nineteen `fresh4` ones in ten areas, thirteen `fresh5` ones in ten areas, twelve `fresh6`
  ones in eight areas, twelve `fresh7` ones in seven areas, twelve `fresh8` ones in seven areas,
  twelve `fresh9` ones in ten areas, twelve `fresh10` ones in nine areas, twelve `fresh11` ones
  in eight areas, twelve `fresh12` ones in eight areas, twelve `fresh13` ones in eight areas,
  twelve `fresh14` ones in nine areas, twelve `fresh15` ones in nine areas, twelve `fresh16`
  ones in nine areas, twelve `fresh17` ones in eight areas, twelve `fresh18` ones in eleven
  areas, twelve `fresh19` ones in ten areas, ten `fresh20` ones in eight areas, eight `fresh21`
  ones in eight areas, twelve `fresh22` ones in ten areas, twelve `fresh23` ones in eleven
  areas, twelve `fresh24` ones in ten areas and twelve `fresh25` ones in eleven areas, since
  studied; and the blind split `fresh26`)
  against the haystack of 16,373 real records in shared/corpus/math-papers.jsonl.gz, thousands of
  them in each problem's field.
  The fake serves it through an inverted index with each API's query language and BM25 ranking
  (tests/fakescholar/engine.py): it is a search engine, not an oracle.

The judging rule (benchmarks/judged/judged.json, written and committed before any search ran on
those problems): a paper is **gold** when its main result is the problem's subject or a direct
ingredient of the known approaches, so that a specialist would list it in the literature review;
**borderline** papers (close neighbours a specialist might or might not cite) are neither rewarded
nor penalised; everything else counts against precision. The large set is split: `tune`,
`held-out`, `fresh`, `fresh2` to `fresh25` have all been measured and studied and may be tuned
on (each was written blind, after the one before it had been seen); `fresh26` is
reported separately and never studied: `--explain` refuses them, and their paper lists are never
printed.

Figures per problem: precision and recall of the Confirmed References, P@5 (the first five
written, borderline ones skipped), papers written (confirmed, unconfirmed, and below the line when
the search reports such a list), zero-hit queries per backend, HTTP requests per backend and in all,
wall time. Then pooled figures per split and whether the issue's targets hold.

    python benchmarks/bench_search_quality.py [--corpus small|large|both]
        [--split tune|held-out|fresh|fresh2|...|fresh26|all] [--problem SLUG ...] [--fast]
        [--jobs N] [--json FILE]
    python benchmarks/bench_search_quality.py --explain SLUG     # a studied problem, paper by paper

Rate limits are the real defaults (arXiv 3 s between requests, Semantic Scholar 1 s with a key,
OpenAlex and Crossref 0.1 s with `mailto`, TheoremSearch 1 s) plus 50 ms latency per request, so
wall times are comparable with the 30 s target; `--fast` drops them for quick tuning runs (its wall
times are not). `--jobs N` runs N problems at once, each on its own fake server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx

from mathlsp.cache import Cache
from mathlsp.search import run as search_run
from mathlsp.search.merge import Candidate
from mathlsp.search.named import named_works, openalex_query
from mathlsp.search.run import SearchResult, run_search
from mathlsp.search.write import relevance_text
from mathlsp.sources import Sources, SourceSettings
from mathlsp.sources.budget import BudgetSpent
from mathlsp.sources.registry import SearchOutcome, TheoremOutcome
from tests.fakescholar import FakeScholar
from tests.fakescholar.corpus import Paper, load_papers
from tests.fakescholar.haystack import corpus_path
from tests.fakescholar.haystack import load as load_haystack

ROOT = Path(__file__).resolve().parents[1]
JUDGED = ROOT / "benchmarks" / "judged"
BACKENDS = (
    "arxiv",
    "semantic_scholar",
    "openalex",
    "crossref",
    "pubmed",
    "theoremsearch",
    "zbmath",
)
#: How long a lane waits for another's answers under `--fast` (seconds; a search's own bound is
#: 3 s): in effect, for as long as it takes.
FAST_WAIT_S = 600.0
FAST = {
    "min_interval_s": dict.fromkeys(BACKENDS, 0.0),
    "base_delay_s": 0.01,
    "max_delay_s": 0.05,
    "timeout_s": 10.0,
}
REAL = {
    "mailto": "bench@example.org",
    "semantic_scholar_api_key": "bench-key-0000",
    "timeout_s": 30.0,
    "total_timeout_s": 120.0,
}
LATENCY_S = 0.05
# Every split but the newest has been measured and studied, so all of them may be tuned on and
# explained; `fresh26` (written after `fresh25` had been measured and studied) is the
# split nobody tunes on: reported as figures only, never paper by paper.
STUDIED = (
    "tune",
    "held-out",
    "fresh",
    "fresh2",
    "fresh3",
    "fresh4",
    "fresh5",
    "fresh6",
    "fresh7",
    "fresh8",
    "fresh9",
    "fresh10",
    "fresh11",
    "fresh12",
    "fresh13",
    "fresh14",
    "fresh15",
    "fresh16",
    "fresh17",
    "fresh18",
    "fresh19",
    "fresh20",
    "fresh21",
    "fresh22",
    "fresh23",
    "fresh24",
    "fresh25",
)
UNSEEN = ("fresh26",)
TARGETS = {
    "precision": 0.8,
    "recall": 0.8,
    "worst": 0.6,
    "p_at_5": 0.9,
    "zero_hit": 0.2,
    "requests": 40,
    "seconds": 30.0,
}


@dataclass(frozen=True)
class Judged:
    slug: str
    area: str
    problem: str  # the PROBLEM.md text
    gold: frozenset[str]  # corpus keys
    named: int = 0  # works the problem names in Known Results / References
    borderline: frozenset[str] = frozenset()
    split: str = "small"  # "small" (the small corpus), "tune", or one of UNSEEN
    rule: str = ""


def problem(title: str, domain: str, tags: str, statement: str, known: str = "") -> str:
    return (
        f'---\ntitle: "{title}"\nstatus: defined\ndomain: {domain}\ntags: [{tags}]\n---\n'
        f"# Problem\n\n{statement}\n\n## Known Results\n\n{known}\n"
    )


SMALL = [
    Judged(
        "ricci-flow",
        "differential geometry",
        problem(
            "Ricci flow with surgery and geometrization",
            "differential-geometry",
            "ricci-flow, surgery, three-manifolds",
            "Describe the long-time behaviour of the Ricci flow with surgery on closed "
            "three-manifolds and the role of the entropy functional.",
        ),
        frozenset({"perelman-entropy", "perelman-surgery", "perelman-extinction"}),
    ),
    Judged(
        "prime-gaps",
        "analytic number theory",
        problem(
            "Bounded gaps between consecutive primes",
            "number-theory",
            "prime-gaps, sieve-methods",
            "Show that $\\liminf_{n} (p_{n+1} - p_n)$ is finite and improve the bound on gaps "
            "between primes with sieve methods.",
            "- Infinitely many bounded gaps between primes (Zhang, 2014).",
        ),
        frozenset({"zhang-bounded-gaps", "maynard-small-gaps"}),
        named=1,
    ),
    Judged(
        "progressions",
        "additive combinatorics",
        problem(
            "Long arithmetic progressions in dense sets and in the primes",
            "combinatorics",
            "arithmetic-progressions, szemeredi-theorem, primes",
            "Find quantitative bounds for subsets of the integers with no $k$-term arithmetic "
            "progression, and transfer them to the primes.",
            "- Dense sets of integers contain arbitrarily long arithmetic progressions "
            "(Szemerédi, 1975).",
        ),
        frozenset({"szemeredi-progressions", "green-tao-primes", "tao-structure-randomness"}),
        named=1,
    ),
    Judged(
        "polynomial-growth",
        "geometric group theory",
        problem(
            "Finitely generated groups of polynomial growth",
            "algebra",
            "polynomial-growth, nilpotent-groups, approximate-groups",
            "Characterise finitely generated groups whose growth function is bounded by a "
            "polynomial, with effective bounds for approximate groups.",
            "- Groups of polynomial growth are virtually nilpotent (Gromov, 1981).",
        ),
        frozenset(
            {"gromov-polynomial-growth", "kleiner-gromov", "breuillard-green-tao-approximate"}
        ),
        named=1,
    ),
    Judged(
        "ramanujan-graphs",
        "spectral graph theory",
        problem(
            "Ramanujan graphs of every degree",
            "combinatorics",
            "ramanujan-graphs, expander-graphs, second-eigenvalue",
            "Construct infinite families of $d$-regular Ramanujan graphs, whose second "
            "eigenvalue is at most $2\\sqrt{d-1}$, for every degree $d \\ge 3$.",
        ),
        frozenset({"mss-interlacing-1", "lubotzky-phillips-sarnak", "friedman-alon-conjecture"}),
        named=0,
    ),
    Judged(
        "compressed-sensing",
        "signal processing",
        problem(
            "Exact recovery of sparse signals from few measurements",
            "analysis",
            "compressed-sensing, sparse-recovery, l1-minimization",
            "When does $\\ell_1$ minimisation recover a sparse signal exactly from incomplete "
            "frequency information or random measurements?",
        ),
        frozenset({"candes-romberg-tao", "donoho-compressed-sensing"}),
    ),
    Judged(
        "sphere-packing",
        "discrete geometry",
        problem(
            "Optimal sphere packings in dimensions 8 and 24",
            "number-theory",
            "sphere-packing, modular-forms, linear-programming-bounds",
            "Prove that the $E_8$ lattice and the Leech lattice give the densest sphere packings "
            "in dimensions 8 and 24, using modular forms in the linear programming bound.",
        ),
        frozenset({"viazovska-dim8", "cohn-et-al-dim24"}),
    ),
]


def large_problems() -> list[Judged]:
    """benchmarks/judged/judged.json with each problem's PROBLEM.md."""
    data = json.loads((JUDGED / "judged.json").read_text(encoding="utf-8"))
    out = []
    for p in data["problems"]:
        text = (JUDGED / "problems" / p["slug"] / "PROBLEM.md").read_text(encoding="utf-8")
        out.append(
            Judged(
                slug=p["slug"],
                area=p["area"],
                problem=text,
                gold=frozenset(p["gold"]),
                borderline=frozenset(p["borderline"]),
                split=p["split"],
                rule=p["rule"],
            )
        )
    return out


def id_map(papers: Sequence[Paper]) -> dict[str, str]:
    """Every identifier a source may give a corpus paper → its corpus key."""
    by_id: dict[str, str] = {}
    for p in papers:
        if p.arxiv_id:
            by_id[f"arxiv:{p.arxiv_id}"] = p.key
        for doi in (p.doi, p.datacite_doi):
            if doi:
                by_id[f"doi:{doi.lower()}"] = p.key
        if p.zbl:
            by_id[f"zbl:{p.zbl}"] = p.key
        by_id[f"s2:{p.s2_id}"] = p.key
        by_id[f"openalex:{p.openalex_id}"] = p.key
    return by_id


def corpus_key(candidate: Any, by_id: dict[str, str]) -> str | None:
    for ident in getattr(candidate, "identifiers", ()):
        key = by_id.get(ident.key) or by_id.get(ident.key.lower())
        if key:
            return key
    return None


class RecordingSources(Sources):
    """Sources that remember what each discovery query returned (for zero-hit rates and for
    telling a missed paper that no query retrieved from one the ranking set aside)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.searches: list[tuple[str, str, SearchOutcome]] = []
        self.theorem_searches: list[tuple[str, TheoremOutcome]] = []

    async def search(self, backend: str, query: str, limit: int = 10, **kw: Any) -> SearchOutcome:
        outcome = await super().search(backend, query, limit, **kw)
        self.searches.append((backend, query, outcome))
        return outcome

    async def search_theorems(self, query: str, limit: int = 10) -> TheoremOutcome:
        outcome = await super().search_theorems(query, limit)
        self.theorem_searches.append((query, outcome))
        return outcome


@dataclass
class Row:
    problem: str
    area: str
    split: str
    corpus: str
    gold: int
    written: list[str] = field(default_factory=list)  # confirmed, best first (corpus keys)
    hits: int = 0
    counted: int = 0  # confirmed minus borderline
    borderline_written: int = 0
    unknown_written: int = 0  # confirmed papers not in the corpus at all
    unconfirmed: int = 0
    below_line: int | None = None  # None: the search reports no such list
    set_aside: int = 0
    pool: int = 0  # gold papers any query returned (retrieved anywhere, ranked in or out)
    never_retrieved: list[str] = field(default_factory=list)  # gold no query returned
    at5_hits: int = 0
    at5_n: int = 0
    false: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    queries: dict[str, int] = field(default_factory=dict)  # answered discovery queries
    zero_hit: dict[str, int] = field(default_factory=dict)
    failed: dict[str, int] = field(default_factory=dict)
    requests: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    unsent: int = 0  # searches the request budget held back
    duplicates: int = 0  # requests identical to one sent before (method, URL, body)
    known_items: int = 0  # OpenAlex look-ups of works PROBLEM.md names (not discovery)
    known_missed: int = 0  # … that returned nothing
    # Gold papers written whose every discovery hit came from zbMATH's queries, and gold papers
    # that zbMATH's queries retrieved and no other backend's did (written or not).
    only_zbmath: list[str] = field(default_factory=list)
    retrieved_only_zbmath: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float | None:
        return self.hits / self.counted if self.counted else None

    @property
    def recall(self) -> float:
        return self.hits / self.gold if self.gold else 1.0

    @property
    def p_at_5(self) -> float | None:
        return self.at5_hits / self.at5_n if self.at5_n else None

    @property
    def total_requests(self) -> int:
        return sum(self.requests.values())


def below_the_line(result: SearchResult) -> list[Candidate] | None:
    """Candidates the search shows but does not write as confirmed, if it reports them."""
    for name in ("below_line", "below_the_line", "candidates_below"):
        value = getattr(result, name, None)
        if value is not None:
            return list(value)
    return None


@dataclass
class Outcome:
    row: Row
    result: SearchResult
    sources: RecordingSources
    by_id: dict[str, str]


async def evaluate(
    judged: Judged, corpus: str, tmp: Path, *, fast: bool, without: Sequence[str] = ()
) -> Outcome:
    folder = tmp / judged.slug
    folder.mkdir()
    (folder / "PROBLEM.md").write_text(judged.problem, encoding="utf-8")
    papers = load_haystack() if corpus == "large" else load_papers()
    by_id = id_map(papers)
    with FakeScholar.running(haystack=corpus == "large") as fake:
        if not fast:
            fake.controls.set_latency(LATENCY_S)
        over: dict[str, Any] = {**(FAST if fast else REAL), "base_urls": fake.urls()}
        if without:
            over["disabled_sources"] = list(without)
        settings = SourceSettings.from_env(overrides=over, environ={})
        async with httpx.AsyncClient() as client:
            sources = RecordingSources(settings, client, cache=Cache(tmp / f"cache-{judged.slug}"))
            start = time.perf_counter()
            result = await run_search(folder, sources)
            seconds = time.perf_counter() - start
        requests = Counter(r.backend for r in fake.controls.requests())
        wire = [(r.method, r.raw_url, r.body) for r in fake.controls.requests()]
    row = Row(judged.slug, judged.area, judged.split, corpus, len(judged.gold), seconds=seconds)
    row.requests = dict(requests)
    row.duplicates = len(wire) - len(set(wire))
    for c in result.confirmed:
        key = corpus_key(c, by_id)
        if key is None:
            row.unknown_written += 1
            row.written.append(f"?{c.title[:60]}")
            continue
        row.written.append(key)
    counted = [k for k in row.written if k not in judged.borderline]
    row.counted = len(counted)
    row.hits = sum(k in judged.gold for k in counted)
    row.borderline_written = len(row.written) - row.counted
    row.at5_n = min(5, len(counted))
    row.at5_hits = sum(k in judged.gold for k in counted[:5])
    row.false = [k for k in counted if k not in judged.gold]
    for c in result.confirmed:
        key = corpus_key(c, by_id)
        found_by = {h.backend for h in c.hits}
        if key in judged.gold and found_by == {"zbmath"}:
            row.only_zbmath.append(key)
    row.missed = sorted(judged.gold - set(row.written))
    row.unconfirmed = len(result.unconfirmed) + len(result.unresolved)
    below = below_the_line(result)
    row.below_line = None if below is None else len(below)
    row.set_aside = len(result.dropped)
    retrieved = {k for c in (*result.candidates, *result.dropped) if (k := corpus_key(c, by_id))}
    for _, _, outcome in sources.searches:
        for r in outcome.records:
            retrieved.update(by_id[i.key] for i in r.identifiers if i.key in by_id)
    row.pool = len(judged.gold & retrieved)
    row.never_retrieved = sorted(judged.gold - retrieved)
    # OpenAlex look-ups of the works PROBLEM.md names are known-item look-ups, not discovery
    # queries: a miss there says the index lacks that paper, not that a query was badly put.
    known = {openalex_query(w) for w in named_works(result.problem)}
    for backend, query, outcome in sources.searches:
        if isinstance(outcome.error, BudgetSpent):
            row.unsent += 1
            continue
        if outcome.error is not None:
            row.failed[backend] = row.failed.get(backend, 0) + 1
            continue
        if backend == "openalex" and query in known:
            row.known_items += 1
            row.known_missed += not outcome.records
            continue
        row.queries[backend] = row.queries.get(backend, 0) + 1
        if not outcome.records:
            row.zero_hit[backend] = row.zero_hit.get(backend, 0) + 1
    retrieved_by: dict[str, set[str]] = {}
    for backend, _query, outcome in sources.searches:
        for r in outcome.records:
            key = corpus_key(r, by_id)
            if key in judged.gold:
                retrieved_by.setdefault(key, set()).add(backend)
    for _query, t_outcome in sources.theorem_searches:
        for hit in t_outcome.hits:
            if hit.paper is not None and (key := corpus_key(hit.paper, by_id)) in judged.gold:
                retrieved_by.setdefault(key, set()).add("theoremsearch")
    row.retrieved_only_zbmath = sorted(k for k, b in retrieved_by.items() if b == {"zbmath"})
    for _query, t_outcome in sources.theorem_searches:
        if t_outcome.error is not None:
            row.failed["theoremsearch"] = row.failed.get("theoremsearch", 0) + 1
            continue
        row.queries["theoremsearch"] = row.queries.get("theoremsearch", 0) + 1
        if not t_outcome.hits:
            row.zero_hit["theoremsearch"] = row.zero_hit.get("theoremsearch", 0) + 1
    return Outcome(row, result, sources, by_id)


def unbounded_waits() -> None:
    """With no rate limits a lane waits for the others' answers without a bound: under other
    runs' load the fake may take seconds to answer, and a wait cut short by the clock (OpenAlex's
    sample, Semantic Scholar's words, the twin query's works) would make the figures depend on
    load."""
    for wait in search_run.LANE_WAITS:
        setattr(search_run, wait, FAST_WAIT_S)


async def run_all(
    problems: Sequence[tuple[Judged, str]], *, fast: bool, jobs: int, without: Sequence[str] = ()
) -> list[Outcome]:
    gate = asyncio.Semaphore(max(1, jobs))
    if fast:
        unbounded_waits()
    with tempfile.TemporaryDirectory() as tmp:

        async def one(i: int, judged: Judged, corpus: str) -> Outcome:
            async with gate:
                where = Path(tmp) / f"{i}-{corpus}"
                where.mkdir()
                return await evaluate(judged, corpus, where, fast=fast, without=without)

        return list(await asyncio.gather(*(one(i, j, c) for i, (j, c) in enumerate(problems))))


# -- printing -----------------------------------------------------------------------------------

_SHORT = {
    "arxiv": "arX",
    "semantic_scholar": "S2",
    "openalex": "OA",
    "crossref": "CR",
    "pubmed": "PM",
    "theoremsearch": "TS",
    "zbmath": "zb",
}


def _f(x: float | None) -> str:
    return "  -  " if x is None else f"{x:5.2f}"


def _per_backend(counts: dict[str, int], of: dict[str, int] | None = None) -> str:
    bits = []
    for b in BACKENDS:
        if of is not None:
            if of.get(b):
                bits.append(f"{_SHORT[b]} {counts.get(b, 0)}/{of[b]}")
        elif counts.get(b):
            bits.append(f"{_SHORT[b]} {counts[b]}")
    return " ".join(bits) or "-"


def print_rows(rows: Sequence[Row]) -> None:
    print(
        f"{'problem':<36} {'split':<8} {'P':>5} {'R':>5} {'P@5':>5} {'conf':>4} {'unc':>3} "
        f"{'below':>5} {'reqs':>4} {'time':>6}  zero-hit/queries; requests"
    )
    for r in rows:
        below = "-" if r.below_line is None else str(r.below_line)
        print(
            f"{r.problem:<36} {r.split:<8} {_f(r.precision)} {r.recall:5.2f} {_f(r.p_at_5)} "
            f"{len(r.written):>4} {r.unconfirmed:>3} {below:>5} {r.total_requests:>4} "
            f"{r.seconds:5.1f}s  {_per_backend(r.zero_hit, r.queries)}; "
            f"{_per_backend(r.requests)}"
            + (f"; failed {_per_backend(r.failed)}" if r.failed else "")
            + (f"; {r.unsent} held by the budget" if r.unsent else "")
            + (f"; known-item {r.known_missed}/{r.known_items} missed" if r.known_items else "")
        )
        extra = []
        if r.borderline_written:
            extra.append(f"{r.borderline_written} borderline")
        if r.unknown_written:
            extra.append(f"{r.unknown_written} not in the corpus")
        if r.split not in UNSEEN:
            extra.append(f"gold only through zbMATH: {', '.join(r.only_zbmath) or '-'}")
            extra.append(
                f"gold retrieved only by zbMATH: {', '.join(r.retrieved_only_zbmath) or '-'}"
            )
            extra.append(f"false: {', '.join(r.false) or '-'}")
            extra.append(f"missed: {', '.join(r.missed) or '-'}")
        else:
            extra.append(
                f"{len(r.false)} false, {len(r.missed)} missed, {len(r.only_zbmath)} gold only "
                f"through zbMATH ({r.split}: not listed)"
            )
        print(f"{'':<36}   " + " | ".join(extra))


def pooled(rows: Sequence[Row], label: str, *, fast: bool) -> dict[str, Any]:
    hits = sum(r.hits for r in rows)
    counted = sum(r.counted for r in rows)
    gold = sum(r.gold for r in rows)
    at5_hits = sum(r.at5_hits for r in rows)
    at5_n = sum(r.at5_n for r in rows)
    queries: Counter[str] = Counter()
    zero: Counter[str] = Counter()
    for r in rows:
        queries.update(r.queries)
        zero.update(r.zero_hit)
    precision = hits / counted if counted else None
    recall = hits / gold if gold else None
    pool = sum(r.pool for r in rows)
    p5 = at5_hits / at5_n if at5_n else None
    worst = min(
        [r.recall for r in rows] + [r.precision for r in rows if r.precision is not None],
        default=None,
    )
    zero_rates = {b: zero[b] / queries[b] for b in BACKENDS if queries[b]}
    max_requests = max((r.total_requests for r in rows), default=0)
    max_seconds = max((r.seconds for r in rows), default=0.0)
    print(
        f"{label}: precision {_f(precision).strip()} ({hits}/{counted}), "
        f"recall {_f(recall).strip()} ({hits}/{gold}), "
        f"pool recall {_f(pool / gold if gold else None).strip()} ({pool}/{gold}), "
        f"P@5 {_f(p5).strip()} ({at5_hits}/{at5_n}), "
        f"worst problem {_f(worst).strip()}, zero-hit "
        + (", ".join(f"{_SHORT[b]} {zero[b]}/{queries[b]}" for b in BACKENDS if queries[b]) or "-")
        + f", most requests {max_requests}, slowest {max_seconds:.1f}s"
        + f"; known-item look-ups missed {sum(r.known_missed for r in rows)}/"
        f"{sum(r.known_items for r in rows)}"
    )
    checks = [
        ("pooled precision >= 0.8", precision is not None and precision >= TARGETS["precision"]),
        ("pooled recall >= 0.8", recall is not None and recall >= TARGETS["recall"]),
        ("no problem below 0.6", worst is not None and worst >= TARGETS["worst"]),
        ("P@5 >= 0.9", p5 is not None and p5 >= TARGETS["p_at_5"]),
        (
            "zero-hit <= 20% per backend",
            all(rate <= TARGETS["zero_hit"] for rate in zero_rates.values()),
        ),
        ("<= 40 requests per search", max_requests <= TARGETS["requests"]),
    ]
    time_ok: bool | None = None if fast else max_seconds <= TARGETS["seconds"]
    line = "  targets: " + "; ".join(f"{name} {'yes' if ok else 'NO'}" for name, ok in checks)
    line += "; <= 30 s per search " + (
        "not measured (--fast)" if time_ok is None else ("yes" if time_ok else "NO")
    )
    print(line)
    return {
        "label": label,
        "precision": precision,
        "recall": recall,
        "pool_recall": pool / gold if gold else None,
        "p_at_5": p5,
        "worst": worst,
        "zero_hit": zero_rates,
        "max_requests": max_requests,
        "max_seconds": max_seconds,
        "targets": {name: ok for name, ok in checks} | {"<= 30 s per search": time_ok},
    }


# -- explain ------------------------------------------------------------------------------------


def explain(judged: Judged, out: Outcome) -> None:
    """Each written paper with its relevance line and label; each missed gold paper with what
    became of it (never retrieved, retrieved and set aside, or written unconfirmed)."""
    result, by_id = out.result, out.by_id
    papers = {p.key: p for p in load_haystack()}

    def label(key: str | None) -> str:
        if key is None:
            return "not in corpus"
        return (
            "GOLD" if key in judged.gold else "borderline" if key in judged.borderline else "other"
        )

    print(f"# {judged.slug} ({judged.area}, {judged.split})\n")
    print(f"Rule: {judged.rule}\n")
    print("## Discovery queries (results, and how many are gold)\n")
    for backend, query, outcome in out.sources.searches:
        if outcome.error is not None:
            print(
                f"- {backend}: {query} -> ERROR {getattr(outcome.error, 'message', outcome.error)}"
            )
            continue
        keys = [by_id.get(i.key) for r in outcome.records for i in r.identifiers[:1]]
        gold = sum(k in judged.gold for k in keys if k)
        print(f"- {backend}: {query} -> {len(outcome.records)} results, {gold} gold")
    for query, t_outcome in out.sources.theorem_searches:
        print(f"- theoremsearch: {query} -> {len(t_outcome.hits)} theorems")
    print("\n## Written (Confirmed References, best first)\n")
    for n, c in enumerate(result.confirmed, 1):
        key = corpus_key(c, by_id)
        print(f"{n:>2}. [{label(key)}] {c.title}  ({key})")
        why = relevance_text(c, None, result.problem.text, result.plan.terms)
        print(f"    Relevance: {why} (relevance {c.relevance:.2f})")
    if result.unconfirmed:
        print("\n## Written unconfirmed\n")
        for c in result.unconfirmed:
            key = corpus_key(c, by_id)
            print(f"- [{label(key)}] {c.title}  ({key})")
    below = below_the_line(result)
    if below:
        print("\n## Below the line\n")
        for c in below:
            key = corpus_key(c, by_id)
            print(f"- [{label(key)}] {c.title}  ({key}) relevance {c.relevance:.2f}")
    print("\n## Missed gold papers\n")
    written = {corpus_key(c, by_id) for c in result.candidates}
    retrieved: dict[str, list[str]] = {}
    for backend, query, outcome in out.sources.searches:
        for rank, r in enumerate(outcome.records, 1):
            for i in r.identifiers:
                key = by_id.get(i.key)
                if key:
                    retrieved.setdefault(key, []).append(f"{backend} #{rank} for {query!r}")
                    break
    dropped = {corpus_key(c, by_id): c for c in result.dropped}
    confirmed = {corpus_key(c, by_id) for c in result.confirmed}
    for key in sorted(judged.gold - confirmed):
        p = papers.get(key)
        title = p.title if p else key
        if key in written:
            fate = "written but NOT confirmed by verification"
        elif key in dropped:
            c = dropped[key]
            matched = ", ".join(t.label for t in c.matched) or "no term"
            fate = f"retrieved, set aside by the ranking (relevance {c.relevance:.2f}; {matched})"
        elif key in retrieved:
            fate = "retrieved but not among the candidates (already listed?)"
        else:
            fate = "NEVER retrieved by any query"
        print(f"- {title}  ({key})\n    {fate}")
        for where in retrieved.get(key, [])[:3]:
            print(f"    retrieved: {where}")


# -- main ---------------------------------------------------------------------------------------


def _public(row: Row) -> dict[str, Any]:
    """A row for --json; an unseen (fresh26) problem's papers are left out, as on screen (counts
    stay)."""
    out = asdict(row) | {"precision": row.precision, "recall": row.recall, "p_at_5": row.p_at_5}
    if row.split in UNSEEN:
        out |= {
            "written": len(row.written),
            "false": len(row.false),
            "missed": len(row.missed),
            "never_retrieved": len(row.never_retrieved),
            "only_zbmath": len(row.only_zbmath),
            "retrieved_only_zbmath": len(row.retrieved_only_zbmath),
        }
    return out


def select(args: argparse.Namespace) -> list[tuple[Judged, str]]:
    chosen: list[tuple[Judged, str]] = []
    if args.corpus in ("small", "both"):
        chosen += [(j, "small") for j in SMALL]
    if args.corpus in ("large", "both"):
        large = large_problems()
        if args.split != "all":
            large = [j for j in large if j.split == args.split]
        chosen += [(j, "large") for j in large]
    if args.problem:
        chosen = [(j, c) for j, c in chosen if j.slug in args.problem]
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", choices=("small", "large", "both"), default="both")
    # Held-out problems run only when asked for by name: a tuning run never shows their figures.
    parser.add_argument("--split", choices=(*STUDIED, *UNSEEN, "all"), default="tune")
    parser.add_argument("--problem", nargs="*", help="only these problems (slugs)")
    parser.add_argument("--explain", metavar="SLUG", help="one tune problem, paper by paper")
    parser.add_argument("--fast", action="store_true", help="no rate limits or latency")
    parser.add_argument("--jobs", type=int, default=1, help="problems searched at once")
    parser.add_argument("--json", metavar="FILE", help="write the rows and pooled figures")
    parser.add_argument(
        "--without", nargs="*", default=[], help="backends switched off (e.g. zbmath)"
    )
    args = parser.parse_args(argv)
    if args.explain:
        found = [j for j in large_problems() if j.slug == args.explain]
        if not found:
            print(f"no large-corpus problem {args.explain!r}")
            return 2
        if found[0].split in UNSEEN:
            print(
                f"{args.explain} is {found[0].split}: it is reported, never explained "
                "(tune on the studied splits)."
            )
            return 2
    if (args.explain or args.corpus in ("large", "both")) and corpus_path() is None:
        print("the large corpus (shared/corpus/math-papers.jsonl.gz) is not beside the repository")
        return 2
    if args.explain:
        out = asyncio.run(run_all([(found[0], "large")], fast=True, jobs=1))[0]
        explain(found[0], out)
        print()
        print_rows([out.row])
        return 0
    chosen = select(args)
    if not chosen:
        print("no problem selected")
        return 2
    outcomes = asyncio.run(run_all(chosen, fast=args.fast, jobs=args.jobs, without=args.without))
    rows = [o.row for o in outcomes]
    summary = []
    for corpus in ("small", "large"):
        part = [r for r in rows if r.corpus == corpus]
        if not part:
            continue
        print(f"\n== {corpus} corpus ==")
        print_rows(part)
        groups = ["small"] if corpus == "small" else [*STUDIED, *UNSEEN]
        for g in groups:
            sub = [r for r in part if r.split == g]
            if sub:
                summary.append(pooled(sub, f"pooled {corpus}/{g}", fast=args.fast))
        if corpus == "large" and len({r.split for r in part}) > 1:
            summary.append(pooled(part, "pooled large/all", fast=args.fast))
    if args.json:
        data = {
            "rows": [_public(r) for r in rows],
            "pooled": summary,
            "fast": args.fast,
        }
        Path(args.json).write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
