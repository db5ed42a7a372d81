"""Search quality on judged problems: precision of Confirmed References, recall of a gold set.

Seven problems in five areas (differential geometry, analytic and additive number theory,
geometric group theory, spectral graph theory, signal processing, discrete geometry), each a
PROBLEM.md written as a mathematician would, searched with the real pipeline (`run_search`:
queries, concurrent discovery, merge, relevance ranking and cut-off, verification) against the
fake scholarly server, whose corpus (tests/fakescholar/data/corpus.json) holds 36 real papers:
each problem's own literature, the other problems' literature as distractors that share words
("primes", "graphs", "groups", "dimension"), pre-arXiv and DOI-only papers (Szemerédi 1975,
Lubotzky–Phillips–Sarnak 1988, Gromov 1981, Wiles 1995), and papers of other fields (Turing,
Shannon, Nash, Hodgkin–Huxley, Kermack–McKendrick).

The judging rule, written before running: a paper is in a problem's gold set when its main
result is the problem's subject or a direct ingredient of the known approaches, so that a
specialist would list it in the literature review; sharing words with the problem does not count.
The fake server ranks by term overlap (it is a search engine, not an oracle), so distractors do
come back and the cut-off has to set them aside.

    python benchmarks/bench_search_quality.py
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx

from mathlsp.cache import Cache
from mathlsp.search.run import run_search
from mathlsp.sources import Sources, SourceSettings
from tests.fakescholar import FakeScholar
from tests.fakescholar.corpus import load_papers

FAST = {
    "min_interval_s": {
        b: 0.0
        for b in ("arxiv", "semantic_scholar", "openalex", "crossref", "pubmed", "theoremsearch")
    },
    "base_delay_s": 0.01,
    "max_delay_s": 0.05,
    "timeout_s": 5.0,
}


@dataclass(frozen=True)
class Judged:
    slug: str
    area: str
    problem: str
    gold: frozenset[str]  # corpus keys
    named: int = 0  # works the problem names in Known Results / References


def problem(title: str, domain: str, tags: str, statement: str, known: str = "") -> str:
    return (
        f'---\ntitle: "{title}"\nstatus: defined\ndomain: {domain}\ntags: [{tags}]\n---\n'
        f"# Problem\n\n{statement}\n\n## Known Results\n\n{known}\n"
    )


PROBLEMS = [
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


def corpus_key(candidate: object, by_id: dict[str, str]) -> str | None:
    for ident in getattr(candidate, "identifiers", ()):
        key = by_id.get(ident.key)
        if key:
            return key
    return None


async def evaluate(fake: FakeScholar, judged: Judged, tmp: Path) -> dict[str, object]:
    folder = tmp / judged.slug
    folder.mkdir()
    (folder / "PROBLEM.md").write_text(judged.problem, encoding="utf-8")
    settings = SourceSettings.from_env(overrides={**FAST, "base_urls": fake.urls()}, environ={})
    by_id: dict[str, str] = {}
    for p in load_papers():
        if p.arxiv_id:
            by_id[f"arxiv:{p.arxiv_id}"] = p.key
        if p.doi:
            by_id[f"doi:{p.doi.lower()}"] = p.key
    fake.controls.clear_log()
    async with httpx.AsyncClient() as client:
        sources = Sources(settings, client, cache=Cache(tmp / f"cache-{judged.slug}"))
        result = await run_search(folder, sources)
    confirmed = {corpus_key(c, by_id) for c in result.confirmed} - {None}
    written = {corpus_key(c, by_id) for c in result.candidates} - {None}
    hits = confirmed & judged.gold
    return {
        "problem": judged.slug,
        "area": judged.area,
        "confirmed": len(confirmed),
        "precision": len(hits) / len(confirmed) if confirmed else 1.0,
        "recall": len(hits) / len(judged.gold),
        "hits": len(hits),
        "gold": len(judged.gold),
        "false": sorted(confirmed - judged.gold),
        "missed": sorted(judged.gold - confirmed),
        "set_aside": len(result.dropped),
        "written_unconfirmed": len(written - confirmed),
        "named": (len(result.named_found), judged.named),
        "requests": len(fake.controls.requests()),
    }


async def main_async() -> int:
    rows = []
    with FakeScholar.running() as fake, tempfile.TemporaryDirectory() as tmp:
        for judged in PROBLEMS:
            rows.append(await evaluate(fake, judged, Path(tmp)))
    print(
        f"{'problem':<20} {'area':<24} {'P':>5} {'R':>5} {'conf':>4} {'aside':>5} "
        f"{'named':>6} {'reqs':>4}  false / missed"
    )
    for r in rows:
        named = f"{r['named'][0]}/{r['named'][1]}"  # type: ignore[index]
        print(
            f"{r['problem']:<20} {r['area']:<24} {r['precision']:>5.2f} {r['recall']:>5.2f} "
            f"{r['confirmed']:>4} {r['set_aside']:>5} {named:>6} {r['requests']:>4}  "
            f"{', '.join(r['false']) or '-'} / {', '.join(r['missed']) or '-'}"  # type: ignore[arg-type]
        )
    hits = sum(r["hits"] for r in rows)  # type: ignore[misc]
    confirmed = sum(r["confirmed"] for r in rows)  # type: ignore[misc]
    gold = sum(r["gold"] for r in rows)  # type: ignore[misc]
    print(
        f"pooled: precision {hits / max(confirmed, 1):.2f} ({hits}/{confirmed}), "
        f"recall {hits / gold:.2f} ({hits}/{gold}), "
        f"worst problem P {min(r['precision'] for r in rows):.2f} "  # type: ignore[type-var]
        f"R {min(r['recall'] for r in rows):.2f}"  # type: ignore[type-var]
    )
    from targets import none_set

    none_set("quality is judged against the figures recorded in docs/search.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main_async()))
