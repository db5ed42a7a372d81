"""A long editing session: RSS after open, peak and final over many paced edits.

Drives the real server over stdio (pytest-lsp's client) on a LITERATURE.md of N references, typing
a character and deleting it again, one edit at a time near the top of the file (so every entry
below moves; `--where last`: in the last entry, where the buffer splices the text's second
half another way), with a pause after each (a slow typist: every pause lets the debounced check
run), and reads the server's memory from /proc.

    python benchmarks/bench_soak.py [--refs 1000] [--edits 1000] [--pause-ms 30] [--debounce-ms 0]
        [--where second|last]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lsprotocol import types
from pytest_lsp import LanguageClient

from benchmarks.bench_server import initialized, open_document
from benchmarks.corpus import write_folder

QUIET_S = 3.0


def _status_mb(pid: int, key: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def soak(
    folder: Path, edits: int, pause_s: float, debounce_ms: int, where: str = "second"
) -> dict[str, float]:
    published: list[types.PublishDiagnosticsParams] = []
    client = LanguageClient()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        published.append(params)

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(params: types.RegistrationParams) -> None:
        return None

    @client.feature(types.WORKSPACE_CONFIGURATION)
    def on_configuration(params: types.ConfigurationParams) -> list[object]:
        return [{"debounceMs": debounce_ms, "verification": "off"} for _ in params.items]

    lit = folder / "LITERATURE.md"
    text = lit.read_text(encoding="utf-8")
    await client.start_io(sys.executable, "-m", "mathlsp", "serve")
    await initialized(client, folder, {"debounceMs": debounce_ms, "verification": "off"})
    pid = client._server.pid  # type: ignore[union-attr]
    uri = lit.as_uri()
    open_document(client, uri, text)
    while not published:
        await asyncio.sleep(0.005)
    await asyncio.sleep(QUIET_S)  # both readings after the server has been idle a moment
    after_open = _status_mb(pid, "VmRSS")
    heading = text.index("### REF-002") if where == "second" else text.rindex("### REF-")
    line = text.count("\n", 0, heading) + 1  # the authors line of that entry
    started = time.perf_counter()
    samples = []
    for version in range(2, edits + 2):
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    # A character typed, then deleted: every version differs from the last.
                    types.TextDocumentContentChangePartial(
                        range=types.Range(
                            start=types.Position(line=line, character=20),
                            end=types.Position(line=line, character=20 if version % 2 else 21),
                        ),
                        text="x" if version % 2 else "",
                    )
                ],
            )
        )
        await asyncio.sleep(pause_s)
        if version % 100 == 0:
            samples.append(_status_mb(pid, "VmRSS"))
    # Let the last check land, then read the figures.
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline and (not published or published[-1].version != edits + 1):
        await asyncio.sleep(0.01)
    await asyncio.sleep(QUIET_S)
    final = _status_mb(pid, "VmRSS")
    peak = _status_mb(pid, "VmHWM")
    elapsed = time.perf_counter() - started
    await client.shutdown_session()
    return {
        "after_open": after_open,
        "peak": peak,
        "final": final,
        "elapsed": elapsed,
        "samples": samples,  # type: ignore[dict-item]
        "published": float(len(published)),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--refs", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument("--pause-ms", type=float, default=30.0)
    parser.add_argument("--debounce-ms", type=int, default=0)
    parser.add_argument("--where", choices=("second", "last"), default="second")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_folder(Path(tmp), args.refs)
        figures = asyncio.run(
            soak(folder, args.edits, args.pause_ms / 1000, args.debounce_ms, args.where)
        )
    ratio = figures["final"] / figures["after_open"]
    print(
        f"{args.refs} refs, {args.edits} edits in the {args.where} entry, "
        f"{args.pause_ms:.0f} ms pauses, debounce "
        f"{args.debounce_ms} ms ({figures['elapsed']:.0f} s, "
        f"{figures['published']:.0f} diagnostics published)"
    )
    print(f"  RSS after open  {figures['after_open']:7.1f} MiB")
    print(f"  RSS peak        {figures['peak']:7.1f} MiB")
    print(f"  RSS final       {figures['final']:7.1f} MiB   (final / after open = {ratio:.2f})")
    samples = " ".join(f"{s:.0f}" for s in figures["samples"])  # type: ignore[union-attr]
    print(f"  RSS every 100 edits: {samples}")
    return 0


if __name__ == "__main__":
    from targets import none_set

    code = main()
    none_set("memory over a session is compared with docs/configuration.md's figures")
    raise SystemExit(code)
