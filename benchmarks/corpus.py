"""Helper of the benchmarks (not one itself): generated problem folders, LITERATURE.md files with
N realistic references."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lsprotocol import types

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


def write_start_up_note(root: Path) -> Path:
    """A folder with a one-line NOTE.md: `check` on it costs start-up alone, the figure the
    `check` benchmarks subtract ("beyond start-up")."""
    small = root / "small"
    small.mkdir(parents=True, exist_ok=True)
    (small / "NOTE.md").write_text("# A note\n", encoding="utf-8")
    return small


if __name__ == "__main__":
    import sys

    sys.exit("corpus.py is a helper of the benchmarks (it writes their notes): run a bench_*.py")


Change = tuple["types.Range", str]


# A generated text's line breaks, by name: each line's break from its number. `crlf` is what
# Windows editors and git's autocrlf write; `mixed` alternates `\r\n` and `\n`.
ENDINGS = {
    "lf": lambda i: "\n",
    "crlf": lambda i: "\r\n",
    "mixed": lambda i: "\r\n" if i % 2 == 0 else "\n",
}


def with_endings(text: str, eol: str) -> str:
    """`text` (broken by `\n`) with each line's break as `ENDINGS[eol]` names it."""
    if eol == "lf":
        return text
    lines = text.split("\n")
    brk = ENDINGS[eol]
    return "".join(line + brk(i) for i, line in enumerate(lines[:-1])) + lines[-1]


def keystroke_changes(text: str) -> dict[str, tuple[Change, Change]]:
    """The benchmarks' keystrokes into a generated LITERATURE.md `text`, each as (typed, undone)
    changes: in a field of the 2nd entry (`field`) and of the last (`last`), in its heading's
    title (`title`) and id (`id`: REF-002 → REF-003 → REF-002), its `Verified:` line deleted and
    put back (`line`), Enter in its abstract and the lines joined again (`enter`). In a text with
    `\r\n` breaks (`with_endings`) a change inserts the break of the line it starts on."""
    if "\r" in text:
        breaks = [m.group(0) for m in re.finditer(r"\r\n|\n", text)]
        lf = keystroke_changes(text.replace("\r\n", "\n"))
        return {
            kind: (
                (typed[0], typed[1].replace("\n", breaks[typed[0].start.line])),
                (undone[0], undone[1].replace("\n", breaks[undone[0].start.line])),
            )
            for kind, (typed, undone) in lf.items()
        }
    from lsprotocol import types  # only the LSP benchmarks need it

    def at(line: int, a: int, b: int | None = None, bline: int | None = None) -> types.Range:
        end = types.Position(line if bline is None else bline, a if b is None else b)
        return types.Range(types.Position(line, a), end)

    lines = text.split("\n")
    top = text.count("\n", 0, text.index("### REF-002")) + 1
    last = text.count("\n", 0, text.rindex("### REF-")) + 1
    heading = top - 1
    verified = next(i for i in range(heading, len(lines)) if lines[i].startswith("- **Verified:"))
    abstract = next(i for i in range(heading, len(lines)) if lines[i].startswith("- **Abstract:"))
    stamp = lines[verified] + "\n"
    return {
        "field": ((at(top, 20), "x"), (at(top, 20, 21), "")),
        "last": ((at(last, 20), "x"), (at(last, 20, 21), "")),
        "title": ((at(heading, 20), "x"), (at(heading, 20, 21), "")),
        "id": ((at(heading, 10, 11), "3"), (at(heading, 10, 11), "2")),
        "line": ((at(verified, 0, 0, verified + 1), ""), (at(verified, 0), stamp)),
        "enter": ((at(abstract, 30), "\n"), (at(abstract, 30, 0, abstract + 1), "")),
    }
