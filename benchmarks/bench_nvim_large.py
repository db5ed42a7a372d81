"""A large LITERATURE.md in a real editor: headless Neovim, through editors/nvim.

Opens a file of N short entries (`bench_large_literature.short_literature`), waits for the first
diagnostics, then types in it — a character at the end of a heading, one in a field, a line
inserted in an entry — and prints, per size, seconds from didOpen to the first diagnostics and,
per kind of edit, p50 / p95 / max seconds from the edit to the next publishDiagnostics (timed
when it reached the editor, even while a request was awaited) and of each request sent right
after it (`--requests`: documentSymbol by default; `none` sends none, to see whether the
diagnostics wait behind a request); any request that errored or timed out is printed too, and
the server's peak RSS. The
edit reaches the server after Neovim's own didChange debounce (150 ms on 0.7) and the server's
`debounceMs` (50 here): both are in the figures. Figures, not assertions.

    python benchmarks/bench_nvim_large.py [--sizes 1000 5000 20000] [--rounds 5] [--nvim nvim]
        [--requests documentSymbol foldingRange hover completion | none] [--floor]

`--floor` runs `floor_server.py` instead of mathlsp: documentSymbol answered at once with the
same bytes, so the figures are the editor's own share (transfer, JSON parse, round trip).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_large_literature import write_folder

REPO = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).with_name("nvim_large.lua")
SERVE = ["-m", "mathlsp", "serve"]
FLOOR = [str(Path(__file__).with_name("floor_server.py"))]  # answers at once: the editor's share


def percentiles(xs: list[float]) -> str:
    if not xs:
        return "none"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]
    return f"p50 {statistics.median(xs):5.2f}  p95 {p95:5.2f}  max {xs[-1]:5.2f}"


def run(
    nvim: str, n: int, rounds: int, requests: list[str], tmp: Path, *, floor: bool = False
) -> dict:
    folder = write_folder(tmp, n)
    env = dict(os.environ)
    for name in ("state", "tmp", "cache", "config", "data"):
        (tmp / name).mkdir(exist_ok=True)
    out = tmp / f"out-{n}.json"
    env.update(
        XDG_STATE_HOME=str(tmp / "state"), TMPDIR=str(tmp / "tmp"),
        XDG_CACHE_HOME=str(tmp / "cache"), XDG_CONFIG_HOME=str(tmp / "config"),
        XDG_DATA_HOME=str(tmp / "data"), MATHLSP_E2E_OUT=str(out), MATHLSP_E2E_REPO=str(REPO),
        MATHLSP_E2E_CMD=json.dumps([sys.executable, *(FLOOR if floor else SERVE)]),
        MATHLSP_E2E_ENTRY=str(n // 2), MATHLSP_E2E_ROUNDS=str(rounds),
        MATHLSP_E2E_REQUESTS=",".join(requests),
    )  # fmt: skip
    argv = [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {SCRIPT}"]
    proc = subprocess.run(
        [*argv, "LITERATURE.md"], env=env, cwd=folder, capture_output=True, timeout=600
    )
    if not out.exists():
        raise SystemExit(f"nvim wrote nothing (exit {proc.returncode}): {proc.stderr[-2000:]!r}")
    return json.loads(out.read_text(encoding="utf-8"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--nvim", default=shutil.which("nvim") or "nvim")
    ap.add_argument("--requests", nargs="+", default=["documentSymbol"])
    ap.add_argument(
        "--floor", action="store_true", help="floor_server.py instead of mathlsp: the floor"
    )
    args = ap.parse_args()
    version = subprocess.run([args.nvim, "--version"], capture_output=True, text=True)
    print(version.stdout.splitlines()[0])
    for n in args.sizes:
        with tempfile.TemporaryDirectory() as d:
            result = run(args.nvim, n, args.rounds, args.requests, Path(d), floor=args.floor)
        if "error" in result:
            print(f"{n:>6,} entries: Lua error {result['error']}")
            continue
        first = result.get("first_diagnostics")
        print(f"{n:>6,} entries: first diagnostics {first if first is None else round(first, 2)} s")
        for kind in ("heading", "field", "line"):
            edits = [e for e in result["edits"] if e["kind"] == kind]
            diags = [e["diagnostics"] for e in edits if e.get("diagnostics") is not None]
            lost = len(edits) - len(diags)
            print(f"   {kind:8} edit -> diagnostics  {percentiles(diags)}  (none in 30 s: {lost})")
            for method in args.requests if args.requests != ["none"] else []:
                times = [e["requests"][method] for e in edits if method in e.get("requests", {})]
                print(f"   {kind:8} {method:18} {percentiles(times)}")
        print(f"   request errors or timeouts: {result['errors'] or 'none'}")
        rss = result.get("peak_rss_kib")
        print(f"   server peak RSS: {'unknown' if rss is None else f'{rss / 1024:.1f} MiB'}")


if __name__ == "__main__":
    main()
