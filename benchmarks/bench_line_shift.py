"""Where a keystroke's check goes at 20,000 short entries, in process: per kind of edit
(bench_nvim_large's three, at the middle entry), median milliseconds of `check_document`
after the buffer took the edit, and with `--profile` the top of cProfile's list for a line
added (the edit that moves every finding below it).

    python benchmarks/bench_line_shift.py [--sizes 5000 20000] [--runs 5] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_large_literature import write_folder
from bench_outline import edits
from lsprotocol import types

from mathlsp.cache import Cache
from mathlsp.checks import CheckSettings, check_document
from mathlsp.features.buffers import NoteBuffer
from mathlsp.features.workspace_state import _buffer_text
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.loader import LoadedText, read_note
from mathlsp.verify.memo import OfflineVerifier


def _undo(change: types.TextDocumentContentChangePartial) -> types.TextDocumentContentChangePartial:
    """The change that takes `change` (an insertion) back out."""
    start = change.range.start
    lines = change.text.split("\n")
    end = types.Position(
        start.line + len(lines) - 1,
        (start.character if len(lines) == 1 else 0) + len(lines[-1]),
    )
    return types.TextDocumentContentChangePartial(range=types.Range(start, end), text="")


def measure(n: int, runs: int, profile: bool) -> dict[str, float]:
    root = Path(tempfile.mkdtemp())
    folder = write_folder(root, n)
    lit = folder / "LITERATURE.md"
    text = lit.read_text(encoding="utf-8")
    buffer = NoteBuffer(lit.as_uri(), source=text, version=1)

    def reader(path: Path) -> LoadedText:
        return _buffer_text(buffer) if path == lit else read_note(path)

    model = ProblemFolder(folder, reader)
    verifier = OfflineVerifier(Cache(root / ".cache"))
    settings = dataclasses.replace(CheckSettings(), verification=verifier)
    found = len(check_document(model, lit, settings))
    out: dict[str, float] = {"listed": float(found)}
    for kind, change in edits(text, n).items():
        times = []
        for _ in range(runs):
            buffer.apply_change(change)
            t0 = time.perf_counter()
            check_document(model, lit, settings)
            times.append((time.perf_counter() - t0) * 1000)
            buffer.apply_change(_undo(change))
            check_document(model, lit, settings)
        out[kind] = statistics.median(times)
    memo = model.check_memo[lit]
    out["entry findings"] = float(sum(map(len, memo[3])))
    out["whole-file findings"] = float(len(memo[2]))
    if profile:
        buffer.apply_change(edits(text, n)["line"])
        prof = cProfile.Profile()
        prof.runcall(check_document, model, lit, settings)
        pstats.Stats(prof).sort_stats("cumulative").print_stats(14)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[5000, 20000])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    for n in args.sizes:
        row = measure(n, args.runs, args.profile)
        print(f"{n:>6,}", "  ".join(f"{k} {v:7.1f}" for k, v in row.items()))


if __name__ == "__main__":
    main()
