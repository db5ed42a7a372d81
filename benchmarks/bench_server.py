"""Helper of bench_notes.py (not a benchmark itself): the language server's latencies over
stdio, measured with a real client (pytest-lsp's).

Cold start to first diagnostics, didChange → publishDiagnostics, hover / definition /
completion round trips, and the server's peak memory (VmHWM); printed, and returned for
bench_notes.py to hold against its targets.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities


def _peak_rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def _pos(text: str, needle: str, delta: int = 0) -> types.Position:
    offset = text.index(needle) + delta
    line = text.count("\n", 0, offset)
    return types.Position(line=line, character=offset - (text.rfind("\n", 0, offset) + 1))


def recording_client(
    settings: dict[str, object],
) -> tuple[LanguageClient, list[tuple[float, types.PublishDiagnosticsParams]]]:
    """A client that records every publishDiagnostics with its arrival time and answers what
    VS Code answers (registrations; `settings` for workspace/configuration), so the server runs
    as it does there."""
    published: list[tuple[float, types.PublishDiagnosticsParams]] = []
    client = LanguageClient()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        published.append((time.perf_counter(), params))

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(params: types.RegistrationParams) -> None:
        return None

    @client.feature(types.WORKSPACE_CONFIGURATION)
    def on_configuration(params: types.ConfigurationParams) -> list[object]:
        return [dict(settings) for _ in params.items]

    return client, published


async def initialized(client: LanguageClient, root: Path, options: dict[str, object]) -> None:
    """The VS Code handshake on `root`, with `options` as mathlsp's initialization options."""
    await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual_studio_code"),
            root_uri=root.as_uri(),
            initialization_options={"mathlsp": options},
        )
    )


def open_document(client: LanguageClient, uri: str, text: str, language: str = "markdown") -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id=language, version=1, text=text
            )
        )
    )


async def _run(folder: Path, n_refs: int) -> dict[str, float]:
    client, published = recording_client({"debounceMs": 0})

    lit = folder / "LITERATURE.md"
    text = lit.read_text(encoding="utf-8")
    t0 = time.perf_counter()
    await client.start_io(sys.executable, "-m", "mathlsp", "serve")
    await initialized(client, folder, {"debounceMs": 0})
    t_init = time.perf_counter()
    uri = lit.as_uri()
    open_document(client, uri, text)
    while not any(p.uri == uri for _, p in published):
        await asyncio.sleep(0.001)
    t_first = published[-1][0]
    figures: dict[str, float] = {"first_diagnostics_s": t_first - t0}
    print(
        f"  {n_refs:>5} refs: initialize answered {1000 * (t_init - t0):6.0f} ms after spawn; "
        f"first diagnostics {1000 * (t_first - t0):6.0f} ms after spawn "
        f"({1000 * (t_first - t_init):5.0f} ms after didOpen)"
    )
    # didChange → publishDiagnostics: an edit in the middle of the file.
    latencies = []
    for version in range(2, 12):
        line = text.count("\n", 0, text.index("### REF-002"))
        n_before = len(published)
        t = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    types.TextDocumentContentChangePartial(
                        range=types.Range(
                            start=types.Position(line=line, character=4),
                            end=types.Position(line=line, character=4),
                        ),
                        text="",
                    )
                ],
            )
        )
        while len(published) == n_before or published[-1][1].version != version:
            await asyncio.sleep(0.0005)
        latencies.append(published[-1][0] - t)
    print(
        f"         didChange → publishDiagnostics (debounce 0): median "
        f"{1000 * statistics.median(latencies):6.1f} ms, max {1000 * max(latencies):6.1f} ms"
    )
    requests = {
        "hover": lambda: client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=_pos(text, "REF-001 applies", 2),
            )
        ),
        "definition": lambda: client.text_document_definition_async(
            types.DefinitionParams(
                types.TextDocumentIdentifier(uri), _pos(text, "REF-001 applies", 2)
            )
        ),
        "completion": lambda: client.text_document_completion_async(
            types.CompletionParams(
                types.TextDocumentIdentifier(uri), _pos(text, "REF-001 applies", 6)
            )
        ),
    }
    for name, make in requests.items():
        times = []
        for _ in range(30):
            t = time.perf_counter()
            await make()
            times.append(time.perf_counter() - t)
        figures[f"{name}_ms"] = 1000 * statistics.median(times)
        print(
            f"         {name:<10} round trip: median {1000 * statistics.median(times):5.2f} ms, "
            f"p90 {1000 * sorted(times)[int(len(times) * 0.9)]:5.2f} ms"
        )
    server = getattr(client, "_server", None)
    pid = server.pid if server is not None else None
    peak = _peak_rss_mb(pid) if pid else None
    if peak is not None:
        print(f"         server peak memory (VmHWM): {peak:.0f} MB")
    await client.shutdown_session()
    return figures


def run_server_bench(folder: Path, n_refs: int) -> dict[str, float]:
    """Print the server's figures for one folder and return them (seconds / milliseconds)."""
    return asyncio.run(_run(folder, n_refs))


if __name__ == "__main__":
    sys.exit("bench_server.py is a helper of bench_notes.py: run python benchmarks/bench_notes.py")
