"""What one keystroke costs the server in process at N short entries, stage by stage, with the
cyclic collector running as in `mathlsp serve` (no `gc.collect()` between runs, unlike
`bench_outline.py`): per kind of edit (bench_nvim_large's three, at the middle entry, typed then
undone through the editor's buffer, `--runs` times), median milliseconds of the re-parse, the
check, the deferred structure (entries and headings), documentSymbol's answer and
foldingRange's.

    python benchmarks/bench_edit_requests.py [--sizes 5000 20000] [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench_large_literature import short_literature
from bench_line_shift import _undo
from bench_outline import edits

from mathlsp.checks import check_document
from mathlsp.features.folding import folding_json
from mathlsp.features.symbols import document_symbols
from mathlsp.ide.folds import folds
from tests.buffered import buffered_literature

STAGES = ("reparse", "check", "structure", "symbols", "folds")


def _folds(doc: object) -> object:
    from mathlsp.features import folding

    answer = getattr(folding, "_answer", None)  # the server's own (collector paused) when there
    return answer(doc, None, None) if answer else folding_json(folds(doc), None, None)  # type: ignore[arg-type]


def measure(n: int, runs: int) -> dict[str, list[float]]:
    text = short_literature(n)
    buffer, folder, lit = buffered_literature(Path(tempfile.mkdtemp()), text)
    check_document(folder, lit)
    document_symbols(folder.doc(lit), "utf-16")  # type: ignore[arg-type]
    out = {}
    for kind, change in edits(text, n).items():
        rows = []
        for _ in range(runs):
            for step in (change, _undo(change)):
                buffer.apply_change(step)
                t0 = time.perf_counter()
                doc = folder.doc(lit)
                t1 = time.perf_counter()
                check_document(folder, lit)
                t2 = time.perf_counter()
                doc.entries  # type: ignore[union-attr]  # noqa: B018
                doc.lines.headings  # type: ignore[union-attr]  # noqa: B018
                t3 = time.perf_counter()
                document_symbols(doc, "utf-16")  # type: ignore[arg-type]
                t4 = time.perf_counter()
                _folds(doc)
                t5 = time.perf_counter()
                if step is change:
                    rows.append((t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4))
        out[kind] = [statistics.median(x) * 1000 for x in zip(*rows, strict=True)]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[5000, 20000])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    for n in args.sizes:
        for kind, row in measure(n, args.runs).items():
            cells = "  ".join(f"{s} {v:6.1f}" for s, v in zip(STAGES, row, strict=True))
            print(f"{n:>6,} {kind:8} {cells}  (ms)")


if __name__ == "__main__":
    main()
