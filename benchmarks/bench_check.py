"""`mathlsp check` on a 5,000-reference LITERATURE.md, in CPU time, phase by phase.

"Beyond start-up" is the child's CPU time (user + system) for `check LITERATURE.md` on the
generated problem minus that for `check NOTE.md` on a one-line note, medians of the runs: the
definition the issue-30 figures have used. CPU time, not wall time, because the machines that
run this are shared (wall time there measures the neighbours). The in-process phases (read,
parse, checks) show where the time beyond start-up goes, and the whole CLI run in process what
is left for rendering; the child's figure is higher by the imports only a LITERATURE.md needs
(the YAML loader of its frontmatter, the rule modules' helpers).

    python benchmarks/bench_check.py [--refs 5000] [--runs 5] [--rules]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import write_folder, write_start_up_note
from targets import Target, report


def child_cpu_ms(command: list[str], cwd: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=cwd, check=False, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return used * 1000


def phases_ms(folder: Path, runs: int) -> dict[str, float]:
    """Median CPU ms of each phase of a cold check, in this process (nothing kept between
    runs: a new reader and a new ProblemFolder each time)."""
    from mathlsp.checks import CheckSettings, check_document
    from mathlsp.cli.check import _read_once
    from mathlsp.notes.folder import ProblemFolder

    path = folder / "LITERATURE.md"
    check_document(ProblemFolder(folder), path, CheckSettings())  # imports, not measured
    out: dict[str, list[float]] = {"read": [], "parse": [], "checks": [], "whole CLI": []}
    clock = time.process_time
    gc.disable()  # as `mathlsp check` runs
    try:
        for _ in range(runs):
            t0 = clock()
            read = _read_once()
            read(path)
            folder_model = ProblemFolder(folder, read)
            t1 = clock()
            folder_model.doc(path)
            t2 = clock()
            check_document(folder_model, path, CheckSettings())
            t3 = clock()
            # The CLI as a whole (its own reader and folder, so nothing above is reused).
            cwd = os.getcwd()
            sink = io.StringIO()
            try:
                os.chdir(folder)
                from mathlsp.cli import main

                with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                    t4 = clock()
                    main(["check", "LITERATURE.md"])
                    t5 = clock()
            finally:
                os.chdir(cwd)
            out["read"].append(t1 - t0)
            out["parse"].append(t2 - t1)
            out["checks"].append(t3 - t2)
            out["whole CLI"].append(t5 - t4)
    finally:
        gc.enable()
    return {k: statistics.median(v) * 1000 for k, v in out.items()}


def rules_ms(folder: Path, runs: int) -> dict[str, float]:
    """CPU ms of each rule on a cold parse, min of the runs (a rule is a few ms: the minimum is
    the figure least moved by neighbours). Entry rules are summed over every entry; the first
    rule to ask for a shared pass (mentions, identifiers) is charged for it, as in a real run."""
    from mathlsp.checks import CheckSettings, load_rules
    from mathlsp.checks.base import ENTRY_RULES, CheckContext, rules_for
    from mathlsp.notes.folder import ProblemFolder

    load_rules()
    path = folder / "LITERATURE.md"
    best: dict[str, float] = {}
    clock = time.process_time
    gc.disable()
    try:
        for _ in range(runs):
            folder_model = ProblemFolder(folder)
            doc = folder_model.doc(path)
            assert doc is not None
            context = CheckContext(folder_model, path, doc, CheckSettings().for_folder(folder))
            timed = [(f"entry {fn.__name__}", fn, True) for fn in ENTRY_RULES]
            timed += [(fn.__name__, fn, False) for fn in rules_for(doc)]
            for name, fn, per_entry in timed:
                t0 = clock()
                if per_entry:
                    for entry in doc.entries:  # type: ignore[attr-defined]
                        list(fn(context, entry))
                else:
                    list(fn(context))
                best[name] = min(best.get(name, 1e9), clock() - t0)
    finally:
        gc.enable()
    return {k: v * 1000 for k, v in sorted(best.items(), key=lambda kv: -kv[1])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--refs", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rules", action="store_true", help="also each rule's CPU ms (min)")
    args = parser.parse_args()
    command = [sys.executable, "-m", "mathlsp", "check"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_folder(Path(tmp), args.refs)
        small = write_start_up_note(Path(tmp))
        start, big = [], []
        for _ in range(args.runs):  # interleaved: a change of load hits both alike
            start.append(child_cpu_ms([*command, "NOTE.md"], small))
            big.append(child_cpu_ms([*command, "LITERATURE.md"], folder))
        phases = phases_ms(folder, args.runs)
        rules = rules_ms(folder, args.runs) if args.rules else {}
    beyond = statistics.median(big) - statistics.median(start)
    print(f"LITERATURE.md with {args.refs} references; CPU ms, medians of {args.runs} runs")
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"start-up (check NOTE.md)   {statistics.median(start):6.0f}")
    print(f"check LITERATURE.md        {statistics.median(big):6.0f}")
    print(f"beyond start-up            {beyond:6.0f}")
    print("in process:")
    for name, ms in phases.items():
        print(f"  {name:9} {ms:6.1f}")
    if rules:
        print(f"per rule, min of {args.runs} (sum {sum(rules.values()):.1f}):")
        for name, ms in rules.items():
            print(f"  {name:32} {ms:6.1f}")
    return report(
        [Target(f"check beyond start-up at {args.refs} references (CPU)", beyond, 250, "ms")]
    )


if __name__ == "__main__":
    raise SystemExit(main())
