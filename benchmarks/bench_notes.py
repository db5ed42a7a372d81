"""Foundation benchmark: parse+check time, and the language server's latencies.

Prints figures, then which targets they meet on this machine (it asserts nothing: machines
here are shared and noisy). The targets: parse+check 1,000 refs ≤ 50 ms and 5,000 refs
≤ 250 ms; hover/definition/completion ≤ 10 ms at 5,000 refs; first diagnostics ≤ 0.5 s after
start.

    python benchmarks/bench_notes.py [--sizes 1000 5000] [--no-server]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import write_folder
from targets import Target, report

from mathlsp.checks import CheckSettings, check_document
from mathlsp.notes.folder import ProblemFolder


def bench_parse_check(folder: Path, repeat: int = 7) -> dict[str, float]:
    path = folder / "LITERATURE.md"
    text = path.read_text(encoding="utf-8")
    settings = CheckSettings()
    times = []
    findings = 0
    for _ in range(repeat):
        # A fresh ProblemFolder each time: nothing cached, the full parse is measured.
        pf = ProblemFolder(folder)
        t0 = time.perf_counter()
        findings = len(check_document(pf, path, settings))
        times.append(time.perf_counter() - t0)
    tracemalloc.start()
    check_document(ProblemFolder(folder), path, settings)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "bytes": len(text.encode()),
        "median_ms": statistics.median(times) * 1000,
        "min_ms": min(times) * 1000,
        "findings": findings,
        "peak_mb": peak / 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000, 5000])
    parser.add_argument("--no-server", action="store_true")
    args = parser.parse_args()
    parse_ms: dict[int, float] = {}
    server: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        print("parse+check of LITERATURE.md (median of 7, fresh parse each time)")
        for n in args.sizes:
            folder = write_folder(Path(tmp), n)
            r = bench_parse_check(folder)
            parse_ms[n] = r["median_ms"]
            print(
                f"  {n:>5} refs  {r['bytes'] / 1e6:5.1f} MB  median {r['median_ms']:7.1f} ms  "
                f"min {r['min_ms']:7.1f} ms  findings {r['findings']}  "
                f"peak alloc {r['peak_mb']:.0f} MB"
            )
        if not args.no_server:
            from bench_server import run_server_bench

            for n in args.sizes:
                server[n] = run_server_bench(write_folder(Path(tmp), n), n)
    at_5k = server.get(5000, {})
    report(
        [
            Target("parse+check, 1,000 refs", parse_ms.get(1000), 50, "ms"),
            Target("parse+check, 5,000 refs", parse_ms.get(5000), 250, "ms"),
            *(
                Target(f"{name} round trip, 5,000 refs (median)", at_5k.get(f"{name}_ms"), 10, "ms")
                for name in ("hover", "definition", "completion")
            ),
            Target(
                "first diagnostics after start, 1,000 refs",
                server.get(1000, {}).get("first_diagnostics_s"),
                0.5,
                "s",
            ),
        ]
    )


if __name__ == "__main__":
    main()
