"""Helper of the benchmarks (not one itself): generated problem folders, LITERATURE.md files with
N realistic references."""

from __future__ import annotations

import random
from pathlib import Path

_WORDS = (
    "operator norm Banach space spectral radius Neumann series perturbation bounded linear "
    "compact resolvent semigroup convergence eigenvalue Hilbert self-adjoint numerical range "
    "Fredholm index invariant subspace trace class nuclear approximation property interpolation "
    "Sobolev embedding elliptic regularity random walk Markov chain mixing time expander graph "
    "heat kernel Laplacian manifold curvature geodesic homology cohomology sheaf scheme"
).split()
_SURNAMES = (
    "Kato Simon Reed Lax Phillips Hille Yosida Dunford Schwartz Riesz Nagy Foias Halmos Rudin "
    "Conway Pazy Engel Nagel Arendt Batty Hieber Neubrander Erdős Rényi Lovász Pólya Szegő Müller "
    "van der Waerden de Branges Łojasiewicz"
).split()


def _sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(_WORDS) for _ in range(n)]
    return " ".join(words).capitalize()


def literature(n_refs: int, seed: int = 7, n_unconfirmed: int | None = None) -> str:
    rng = random.Random(seed)
    n_unconfirmed = n_refs // 10 if n_unconfirmed is None else n_unconfirmed
    n_confirmed = n_refs - n_unconfirmed
    out = [
        "---",
        'problem: "bench"',
        f"total_papers: {n_refs}",
        f"confirmed_count: {n_confirmed}",
        f"unconfirmed_count: {n_unconfirmed}",
        'last_search: "2026-11-01T10:00:00Z"',
        'sources_queried: ["arxiv", "semantic_scholar"]',
        "---",
        "# Literature: benchmark",
        "",
        "## Search History",
        "",
        "| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |",
        "|------|---------------|---------------|------------|---------------|",
    ]
    out += [f'| 2026-10-{d:02d} | "{_sentence(rng, 3)}" | 10 | 12 | 4 |' for d in range(1, 21)]
    out += ["", "## Confirmed References", ""]
    for i in range(1, n_confirmed + 1):
        yymm = f"{rng.randint(15, 25)}{rng.randint(1, 12):02d}"
        authors = ", ".join(rng.choice(_SURNAMES) for _ in range(rng.randint(1, 4)))
        out += [
            f"### REF-{i:03d}: {_sentence(rng, rng.randint(5, 12))}",
            f"- **Authors:** {authors}",
            f"- **Year:** {rng.randint(1990, 2026)}",
            "- **Source:** arXiv",
            f"- **arXiv ID:** {yymm}.{i:05d}",
            f"- **DOI:** 10.{rng.randint(1000, 9999)}/bench.{i}",
            f"- **Abstract:** {'. '.join(_sentence(rng, 18) for _ in range(8))}.",
            f"- **Relevance:** [S] {_sentence(rng, 20)}.",
            f"- **Key Results:** {_sentence(rng, 15)}.",
            "- **Confidence:** [V]",
            f"- **Verified:** 2026-10-{rng.randint(1, 28):02d}T12:00:00Z via "
            f"http://export.arxiv.org/api/query?id_list={yymm}.{i:05d}",
            "",
        ]
    out += ["## Synthesis", "", "### Applicable Theorems", ""]
    out += [f"- [V] Theorem {k} of REF-{k:03d} applies." for k in range(1, min(n_confirmed, 50))]
    out += ["", "### Technique Connections", ""]
    out += [f"- [S] REF-{k:03d} uses {_sentence(rng, 6)}." for k in range(1, min(n_confirmed, 50))]
    out += ["", "### Gaps in Literature", "", "- [~] Nothing on the infinite case.", ""]
    out += ["### Suggested Reading Order", ""]
    out += [f"{k}. REF-{k:03d}" for k in range(1, min(n_confirmed, 20))]
    out += ["", "## Unconfirmed References", ""]
    for i in range(1, n_unconfirmed + 1):
        out += [
            f"### UREF-{i:03d}: {_sentence(rng, 8)}",
            f"- **Authors:** {rng.choice(_SURNAMES)}",
            f"- **Year:** {rng.randint(1990, 2026)}",
            "- **Source:** Semantic Scholar",
            "- **Reason:** arXiv returned no entry for this id",
            f"- **Relevance:** {_sentence(rng, 12)}.",
            "- **Status:** Unconfirmed -- do not cite as established reference",
            "",
        ]
    return "\n".join(out) + "\n"


def write_folder(root: Path, n_refs: int) -> Path:
    folder = root / f"bench-{n_refs}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "LITERATURE.md").write_text(literature(n_refs), encoding="utf-8")
    (folder / "PROOF.md").write_text(
        "# Proof\n\nBy [V] REF-001 and [S] REF-002 the claim holds; compare UREF-001 [~].\n",
        encoding="utf-8",
    )
    (folder / "PROBLEM.md").write_text(
        "---\ntitle: Bench\nstatus: defined\ndomain: analysis\ntags: [operator-norm]\n---\n"
        "# Problem\n\nA benchmark problem.\n",
        encoding="utf-8",
    )
    return folder


if __name__ == "__main__":
    import sys

    sys.exit("corpus.py is a helper of the benchmarks (it writes their notes): run a bench_*.py")
