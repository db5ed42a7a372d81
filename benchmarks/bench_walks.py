"""How long the server takes to answer when a note is opened in a folder that is not a project:
`/`, a large system folder, and a project with a symlink loop.

    python benchmarks/bench_walks.py [--big /usr]

For each case a fresh `mathlsp serve --stdio` (raw client, `tests/lsp/rawlsp.py`) is given the
workspace folder, an unsaved LITERATURE.md there (didOpen: nothing is written to `/`), and then
`workspace/symbol` and a hover; it prints how long each took and whether a message about the
walk reached the client. Before issue 30 the first case blocked the server 24 s and the second
never answered. Then `mathlsp check` on a project whose problem folder holds a symlink loop:
how many notes it reports (each once) and how long it took.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests" / "lsp"), str(REPO)]

from rawlsp import RawServer  # noqa: E402

from tests.fakescholar.server import env_for  # noqa: E402

TEXT = "---\nproblem: x\n---\n# Literature\n\n## Confirmed References\n\n### REF-001: A title\n"
TARGET_S = 1.0


def serve_case(workspace: Path, cache: Path) -> dict[str, float | bool]:
    env = {**env_for("http://127.0.0.1:9"), "MATHLSP_CACHE_DIR": str(cache)}
    cache.mkdir(exist_ok=True)
    raw = RawServer(cwd=cache, env=env)
    try:
        raw.initialize(workspace)
        uri = (workspace / "LITERATURE.md").as_uri()
        doc = {"uri": uri, "languageId": "markdown", "version": 1, "text": TEXT}
        started = time.monotonic()
        raw.notify("textDocument/didOpen", {"textDocument": doc})
        raw.wait_for(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
            ),
            timeout=120,
        )
        diagnostics = time.monotonic() - started
        started = time.monotonic()
        raw.request(1, "workspace/symbol", {"query": ""})
        raw.reply_to(1, timeout=120)
        symbols = time.monotonic() - started
        started = time.monotonic()
        position = {"line": 7, "character": 6}
        raw.request(2, "textDocument/hover", {"textDocument": {"uri": uri}, "position": position})
        raw.reply_to(2, timeout=120)
        hover = time.monotonic() - started
        told = any(
            "walked" in m["params"]["message"] or "stopped after" in m["params"]["message"]
            for m in raw.server_messages("window/logMessage")
        )
        return {"diagnostics": diagnostics, "symbols": symbols, "hover": hover, "told": told}
    finally:
        raw.close()


def loop_case(tmp: Path) -> tuple[int, float]:
    folder = tmp / "project" / ".math" / "problems" / "loop"
    (folder / "drafts").mkdir(parents=True)
    (folder / "LITERATURE.md").write_text(TEXT)
    for i in range(5):
        (folder / "drafts" / f"d{i}.md").write_text(f"# Draft {i}\n")
    os.symlink("..", folder / "drafts" / "up")
    os.symlink(folder, folder / "drafts" / "again")
    started = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-m", "mathlsp", "check", str(folder), "--format", "json"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    ).stdout
    return out.count('"path"'), time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--big", default="/usr", help="a large folder (default /usr)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="mathlsp-walks-"))
    held = True
    try:
        for workspace in (Path("/"), Path(args.big), Path.home()):
            figures = serve_case(workspace, tmp / "cache")
            worst = max(figures["diagnostics"], figures["symbols"], figures["hover"])
            ok = worst <= TARGET_S
            held &= ok
            print(
                f"note opened in {workspace}: first diagnostics {figures['diagnostics']:.2f} s, "
                f"workspace/symbol {figures['symbols']:.2f} s, hover {figures['hover']:.3f} s; "
                f"told about the walk: {'yes' if figures['told'] else 'no'} "
                f"({'holds' if ok else 'MISSED'}: every answer within {TARGET_S:.0f} s)"
            )
        notes, seconds = loop_case(tmp)
        ok = notes == 6
        held &= ok
        print(
            f"check of a folder with a symlink loop: {notes} notes reported (6 on disk) in "
            f"{seconds:.2f} s ({'holds' if ok else 'MISSED'}: each note once)"
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
