"""`mathlsp check` on a large LITERATURE.md against a plain regex pass over the same file.

Both run as fresh processes, so each figure is given net of its start: for the regex pass the
interpreter (`python -c pass`), for `mathlsp check` the interpreter plus its imports (the same
command on a one-line note). The regex pass reads the file and finds its headings, its
`- **Field:** value` bullets and its REF ids: the least any checker must do.

    python benchmarks/bench_cli.py [--refs 5000] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.corpus import write_folder, write_start_up_note

REGEX_PASS = r"""
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
n = 0
for pattern in (
    re.compile(r"^#{1,6}[ \t]+(.*)$", re.M),
    re.compile(r"^[ \t]*[-*+][ \t]+\*\*([^*\n]+?):\*\*[ \t]*(.*)$", re.M),
    re.compile(r"\bU?REF-\d+"),
):
    n += sum(1 for _ in pattern.finditer(text))
print(n)
"""


def timed(command: list[str], cwd: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, cwd=cwd, check=False, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--refs", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    mathlsp = [sys.executable, "-m", "mathlsp", "check"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_folder(Path(tmp), args.refs)
        small = write_start_up_note(Path(tmp))
        python = timed([sys.executable, "-c", "pass"], folder, args.runs)
        regex = timed([sys.executable, "-c", REGEX_PASS, "LITERATURE.md"], folder, args.runs)
        start = timed([*mathlsp, "NOTE.md"], small, args.runs)
        check = timed([*mathlsp, "LITERATURE.md"], folder, args.runs)
        size = (folder / "LITERATURE.md").stat().st_size
    net_regex, net_check = regex - python, check - start
    print(f"LITERATURE.md with {args.refs} references ({size / 1e6:.1f} MB)")
    print(f"regex pass    {regex:6.0f} ms  (net of python start {python:.0f} ms: {net_regex:.0f})")
    print(f"mathlsp check {check:6.0f} ms  (net of its start {start:.0f} ms: {net_check:.0f})")
    print(f"ratio         {net_check / net_regex:6.2f}×")
    from targets import Target, report

    report([Target("mathlsp check net time / regex pass net time", net_check / net_regex, 2, "×")])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
