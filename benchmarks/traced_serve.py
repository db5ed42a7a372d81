"""`mathlsp serve --stdio` with a heap tracer, for `fuzz_protocol.py --server`.

With MATHLSP_TRACE_MODULES=1 nothing is traced (tracemalloc's own overhead would hide what is
measured): each SIGUSR1 after the first writes the modules imported since the first, the
Python heap's size (`sys.getallocatedblocks`) and the process's RSS.

The first SIGUSR1 starts tracemalloc and takes a snapshot; each later one writes what grew
since then (from the third on: since the second) by traceback to the file named by
MATHLSP_TRACE_OUT (default
`mathlsp-heap-growth.txt` in the working directory). This is how pygls's notification futures
were found to leak (about 1 KB a keystroke).
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import tracemalloc
from typing import Any

_snapshots: list[tracemalloc.Snapshot] = []
_modules: list[tuple[set[str], int]] = []


def _rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _modules_snapshot(_signum: int, _frame: Any) -> None:
    gc.collect()
    _modules.append((set(sys.modules), sys.getallocatedblocks()))
    if len(_modules) < 2:
        return
    (first, blocks0), (last, blocks1) = _modules[0], _modules[-1]
    new = sorted(last - first)
    out = os.environ.get("MATHLSP_TRACE_OUT", "mathlsp-heap-growth.txt")
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(f"RSS now {_rss_mib():.1f} MiB; allocated blocks {blocks0} -> {blocks1}\n")
        handle.write(f"{len(new)} modules imported since the first snapshot:\n")
        handle.writelines(f"    {name}\n" for name in new)


def _snapshot(_signum: int, _frame: Any) -> None:
    if not tracemalloc.is_tracing():
        tracemalloc.start(12)
    gc.collect()
    _snapshots.append(tracemalloc.take_snapshot())
    if len(_snapshots) < 2:
        return
    # Tracing starts with the first snapshot, so what was allocated before it is invisible and
    # whatever is live at the last one looks grown; from a third signal on, the growth is
    # measured from the second snapshot, which sees everything the server holds.
    base = _snapshots[1] if len(_snapshots) > 2 else _snapshots[0]
    stats = _snapshots[-1].compare_to(base, "traceback")
    out = os.environ.get("MATHLSP_TRACE_OUT", "mathlsp-heap-growth.txt")
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(f"grown: {sum(s.size_diff for s in stats) / 1048576:.1f} MiB\n")
        for stat in stats[:10]:
            handle.write(f"{stat.size_diff / 1024:.0f} KiB in {stat.count_diff} blocks\n")
            handle.writelines(f"    {line}\n" for line in stat.traceback.format()[-14:])


if __name__ == "__main__":
    modules_only = os.environ.get("MATHLSP_TRACE_MODULES") == "1"
    signal.signal(signal.SIGUSR1, _modules_snapshot if modules_only else _snapshot)
    from mathlsp.cli import main

    sys.exit(main(["serve", "--stdio"]))
