"""Where a keystroke's time goes, in process: the server's path without the protocol.

For each kind of keystroke `bench_peers.py` times over stdio (a field of the second entry and
of the last, a heading's title and id, a line deleted and added, Enter in a field), at each
size: the buffer's update (`NoteBuffer.apply_change`), the re-parse (`ProblemFolder.doc`), the
check (`check_document`) and the conversion to LSP diagnostics, p50 in ms. It shows which part
grows with the file: `bench_peers.py` figures at 1k and 5k are a few milliseconds apart, which a
shared machine's noise swamps; these parts are not. `--endings lf crlf mixed` measures each
on LITERATURE.md written with `\n`, `\r\n` (Windows editors, git's autocrlf) and both
alternating line breaks (`corpus.with_endings`); the targets are read on the first ending.

    python benchmarks/bench_keystroke.py --sizes 1000 5000 [--endings lf crlf mixed]
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path

from corpus import ENDINGS, keystroke_changes, literature, with_endings
from lsprotocol import types
from targets import Target, report

from mathlsp.checks import CheckSettings, check_document
from mathlsp.features.buffers import NoteBuffer
from mathlsp.features.convert import diagnostic
from mathlsp.features.workspace_state import _buffer_text
from mathlsp.notes.chunked import TextView
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.loader import LoadedText, read_note

KINDS = ("field", "last", "title", "id", "line", "enter")
PARTS = ("apply", "doc", "check", "convert", "total")
COLUMNS = (*PARTS, "whole")


def measure(n: int, kind: str, keystrokes: int, eol: str = "lf") -> dict[str, float]:
    """p50 of each part over `keystrokes` keystrokes of `kind` (typed, then undone)."""
    root = Path(tempfile.mkdtemp())
    text = with_endings(literature(n), eol)
    lit = root / "LITERATURE.md"
    lit.write_bytes(text.encode("utf-8"))
    (root / "PROOF.md").write_text("# Proof\n\nBy REF-001 and REF-002 the claim holds.\n")
    buffer = NoteBuffer(lit.as_uri(), source=text, version=1)

    def reader(path: Path) -> LoadedText:
        return _buffer_text(buffer) if path == lit else read_note(path)

    folder = ProblemFolder(root, reader)
    settings = CheckSettings(now=dt.datetime(2026, 11, 24, tzinfo=dt.UTC))
    check_document(folder, lit, settings)
    changes = keystroke_changes(text)
    times: dict[str, list[float]] = {part: [] for part in PARTS}
    whole = 0
    for i in range(keystrokes):
        rng, new = changes[kind][i % 2]
        t0 = time.perf_counter()
        buffer.apply_change(types.TextDocumentContentChangePartial(range=rng, text=new))
        t1 = time.perf_counter()
        doc = folder.doc(lit)
        t2 = time.perf_counter()
        found = check_document(folder, lit, settings)
        t3 = time.perf_counter()
        [diagnostic(doc, f, "utf-16") for f in found]
        t4 = time.perf_counter()
        for part, took in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0), strict=True):
            times[part].append(took * 1000)
        version = buffer.snapshot()[0]
        whole += not isinstance(version, TextView) or version.is_joined
    out = {part: statistics.median(v) for part, v in times.items()}
    out["whole"] = whole / keystrokes
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--keystrokes", type=int, default=30)
    parser.add_argument("--endings", nargs="+", choices=sorted(ENDINGS), default=["lf"])
    args = parser.parse_args()
    print(
        f"{'eol':<6} {'refs':>6} {'keystroke':<9} "
        + " ".join(f"{p:>8}" for p in COLUMNS)
        + "   (p50 ms)"
    )
    beyond: dict[tuple[int, str], float] = {}
    for eol in args.endings:
        for n in args.sizes:
            for kind in KINDS:
                fig = measure(n, kind, args.keystrokes, eol)
                if eol == args.endings[0]:
                    beyond[n, kind] = fig["doc"] + fig["check"] + fig["convert"]
                print(f"{eol:<6} {n:>6} {kind:<9} " + " ".join(f"{fig[p]:8.2f}" for p in COLUMNS))
    print(
        "apply: the buffer's edit of its chunks and its line starts; doc: the model's re-parse "
        "(it reads the buffer's chunks: `whole` is the share of keystrokes whose version had its "
        "whole string built, 0 when no step needed it)."
    )
    big = max(args.sizes)
    return report(
        [
            Target(
                f"re-parse + check + convert, {kind}, {big:,} refs", beyond[big, kind], 2.0, "ms"
            )
            for kind in KINDS
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
