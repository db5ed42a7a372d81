"""Long lines cost linear work: `check` on one line of N characters, N doubled up to 1 MB.

One line made of a repeated piece (REF ids, backticks that never close, HTML comments,
identifiers, closing brackets after a DOI, astral characters…) or of random pieces is put
where a user or a tool may write it: the Synthesis, an Abstract, a reference heading, a Search
History row, a PROOF.md paragraph, a JOURNAL.md field, PROBLEM.md. For each, the problem folder
is checked as `mathlsp check` checks it (every note, rules loaded beforehand: the figure is the
check, not the start-up; CPU time) at each size. Prints, per case, the time at 1 MB and the
largest ratio between a size and half of it, and says which targets hold: no doubling more
than doubles the time (ratio ≤ 2.5: timings here are noisy), and 1 MB is checked in ≤ 1 s.

Prints figures; asserts nothing (machines here are shared and noisy).

    python benchmarks/bench_long_lines.py [--max-kb 1024] [--random 6] [--only synthesis]
    python benchmarks/bench_long_lines.py --quick   # the slowest cases only: ~1 min, not 13

`--quick` runs the pieces that cost the most at 1 MB in a full run (`QUICK_PIECES`: a REF or
UREF id per few characters, a malformed `arxiv:` claim) in every place, and no random mix.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.corpus import literature
from mathlsp.checks import CheckSettings, check_document, load_rules
from mathlsp.notes.folder import ProblemFolder

# Pieces a line is made of: each one a way a scanner could go back over the line per match.
PIECES = [
    "REF-001 ", "UREF-001 ", "REF-999 ", "REF-001", "`REF-001` ", "`", "``a", "```", "`a`` ",
    "<!-- ", "<!-- REF-001 --> ", "-->", "arXiv:2301.12345 ", "arXiv:", "arxiv:bad ",
    "2301.12345v2 ", "10.1000/x)", ")", "]", "(", "doi:10.1000/abc ", "doi:", "10.", "1.1",
    "math/0601001 ", "https://arxiv.org/abs/2301.12345 ", "http://x.org/", "[V] ", "[S]", "**",
    "- **Year:** ", "|", "a", " ", "\t", "#", "\\`", "é", "𝔸", "*", "_", "[", "](", "a-", ":",
    "et al. ", " and ", ", ", ";", "PROOF-001 ", "Theorem 1 ", "$x$ ", "\\|",
]  # fmt: skip


# The slowest pieces of a full run at 1 MB (each 0.6–1.0 s there; every other piece ≤ 0.5 s).
QUICK_PIECES = ["REF-999 ", "REF-001 ", "UREF-001 ", "arxiv:bad "]


def _place(where: str, line: str) -> dict[str, str]:
    """The notes of a problem folder with `line` written at `where`."""
    lit = literature(20)
    notes = {
        "PROBLEM.md": "---\ntitle: Bench\nstatus: defined\ndomain: analysis\ntags: [x]\n---\n"
        "# Problem\n\nA benchmark problem.\n",
        "PROOF.md": "# Proof\n\nBy REF-001 the claim holds.\n",
        "JOURNAL.md": "# Research Journal: bench\n\n## Proof Attempts\n\n"
        "### PROOF-001: An attempt\n- **Timestamp:** 2026-10-03T09:12:00Z\n- **Agent:** human\n"
        "- **Strategy type:** reduction\n- **Outcome:** ABANDONED\n"
        "- **Reasoning:** It failed.\n",
    }
    if where == "synthesis":
        lit = lit.replace("### Gaps in Literature", f"{line}\n\n### Gaps in Literature")
    elif where == "abstract":
        lit = lit.replace("- **Abstract:** ", f"- **Abstract:** {line} ", 1)
    elif where == "heading":
        lit = lit.replace("### REF-001: ", f"### REF-001: {line} ", 1)
    elif where == "history":
        lit = lit.replace("| 2026-10-01 | ", f"| 2026-10-01 | {line.replace('|', '/')} ", 1)
    elif where == "proof":
        notes["PROOF.md"] += f"\n{line}\n"
    elif where == "journal":
        notes["JOURNAL.md"] += f"- **Insight/Takeaway:** {line}\n"
    elif where == "problem":
        notes["PROBLEM.md"] += f"\n{line}\n"
    notes["LITERATURE.md"] = lit
    return notes


PLACES = ("synthesis", "abstract", "heading", "history", "proof", "journal", "problem")


def check_folder(root: Path) -> tuple[float, int]:
    """Seconds to check every note of the folder from a fresh parse, and the findings.

    CPU seconds of this process: the check is single-threaded, so on an idle machine they are
    its wall time, and on a shared one they do not count the other processes' turns."""
    folder = ProblemFolder(root)
    settings = CheckSettings()
    gc.collect()
    gc.disable()  # as `mathlsp check` runs
    try:
        t = time.process_time()
        n = sum(len(check_document(folder, p, settings)) for p in sorted(root.glob("*.md")))
        return time.process_time() - t, n
    finally:
        gc.enable()


def run_case(
    root: Path, where: str, make: Callable[[int], str], sizes: list[int]
) -> list[tuple[int, float, int]]:
    out = []
    for size in sizes:
        for name, text in _place(where, make(size)).items():
            (root / name).write_text(text, encoding="utf-8")
        best = min(check_folder(root) for _ in range(2))
        out.append((size, best[0], best[1]))
        if best[0] > 5:  # already far over: the larger sizes would only take minutes
            break
    return out


def repeated(piece: str) -> Callable[[int], str]:
    return lambda size: (piece * (size // len(piece) + 1))[:size]


def mixed(seed: int) -> Callable[[int], str]:
    def make(size: int) -> str:
        rng = random.Random(seed)
        out: list[str] = []
        n = 0
        while n < size:
            piece = rng.choice(PIECES)
            out.append(piece)
            n += len(piece)
        return "".join(out)[:size]

    return make


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max-kb", type=int, default=1024)
    parser.add_argument("--min-kb", type=int, default=64)
    parser.add_argument("--random", type=int, default=6, help="random mixes of pieces per place")
    parser.add_argument("--only", nargs="*", default=list(PLACES), choices=PLACES)
    parser.add_argument("--pieces", nargs="*", help="only these pieces (default: all)")
    parser.add_argument(
        "--quick", action="store_true", help="only QUICK_PIECES (unless --pieces), no random mix"
    )
    args = parser.parse_args()
    if args.quick:
        args.pieces = args.pieces or QUICK_PIECES
        args.random = 0
    load_rules()
    sizes = []
    kb = args.min_kb
    while kb <= args.max_kb:
        sizes.append(kb * 1024 if kb < 1024 else kb * 1000)  # 1 MB: 10**6 characters
        kb *= 2
    cases: list[tuple[str, str, Callable[[int], str]]] = []
    for where in args.only:
        for piece in args.pieces or PIECES:
            cases.append((where, repr(piece), repeated(piece)))
        for seed in range(args.random):
            cases.append((where, f"random#{seed}", mixed(seed)))
    worst_ratio = 0.0
    worst_top = 0.0
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for where, label, make in cases:
            got = run_case(root, where, make, sizes)
            ratios = [b[1] / max(a[1], 1e-3) for a, b in itertools.pairwise(got)]
            ratio = max(ratios, default=0.0)
            top = got[-1][1] if got[-1][0] >= sizes[-1] else float("inf")
            worst_ratio, worst_top = max(worst_ratio, ratio), max(worst_top, top)
            flag = ""
            # Below a few milliseconds a doubling is noise, not growth.
            if ratio > 2.5 and got[-1][1] > 0.05:
                flag += "  SUPERLINEAR"
            if top > 1.0:
                flag += "  OVER 1 s"
            if flag:
                failures.append((where, label))
            print(
                f"{where:<10} {label:<40} "
                + " ".join(f"{t * 1000:7.1f}" for _, t, _ in got)
                + f"  ms  max ×{ratio:.2f}  findings {got[-1][2]}{flag}",
                flush=True,
            )
    print(f"sizes (characters): {sizes}")
    print(f"largest time at {sizes[-1]:,} characters: {worst_top:.3f} s (target ≤ 1 s)")
    print(
        f"largest ratio between a size and half of it: {worst_ratio:.2f} (target: ≤ 2, ~2.5 noise)"
    )
    print("targets hold" if not failures else f"targets NOT held in {len(failures)} case(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
