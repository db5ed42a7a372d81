"""mathlsp beside two peer citation servers, measured in one run on the same N references.

bibli-ls and citation-langserver read a `.bib`; mathlsp reads LITERATURE.md. The same N papers are
written in both forms (benchmarks/corpus.py), a note citing them is opened, and each server is
timed over stdio with the same client (pytest-lsp's): `initialize` answered, hover, definition and
completion round trips (p50/p95 of 30), and its peak memory (VmHWM). For mathlsp also the
keystroke → diagnostics latency (debounce 0) in a field, in a reference heading, and for a line
deleted or added (`PLACES`), the first hover in LITERATURE.md and its p50/p95, and, with
`--soak`, a paced editing session. Peers not installed are left out (the mathlsp figures stand
alone). `--endings lf crlf mixed` runs mathlsp again on LITERATURE.md written with each kind of
line break (`crlf`: Windows editors, git's autocrlf; `mixed`: `\r\n` and `\n` alternating),
the keystrokes' inserted breaks in the document's own, and prints the figures per ending.

    python benchmarks/bench_peers.py --install-peers [--sizes 1000 5000] [--soak]
    python benchmarks/bench_peers.py --sizes 1000 5000 --keystrokes 100 --endings lf crlf mixed

`--install-peers` puts each peer into its own virtual environment under `--peers-dir`
(default: .bench-peers/, from PyPI); without it, peers not installed there are left out.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from benchmarks.corpus import ENDINGS, keystroke_changes, literature, with_endings

PEERS = {"bibli-ls": "bibli_ls", "citation-langserver": "citation-langserver"}


@dataclass
class Figures:
    server: str
    n: int
    initialize_ms: float = float("nan")
    ready_ms: float = float("nan")  # mathlsp: its workspace index logged as done
    first_diagnostics_ms: float = float("nan")
    timings: dict[str, list[float]] = field(default_factory=dict)
    peak_mib: float = float("nan")
    keystrokes: dict[str, list[float]] = field(default_factory=dict)  # by place (PLACES)
    first_literature_ms: float = float("nan")  # mathlsp: LITERATURE.md opened after PROOF.md
    literature_hover_ms: list[float] = field(default_factory=list)  # the first one first
    eol: str = "lf"  # LITERATURE.md's line breaks (`corpus.ENDINGS`)
    error: str = ""


def _peak(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def install_peers(where: Path) -> None:
    for package in PEERS:
        venv = where / package
        if (venv / "bin" / PEERS[package]).exists():
            continue
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", package], check=True)


def bibtex(text: str) -> tuple[str, list[str]]:
    """The LITERATURE.md entries as a .bib, keyed ref001, ref002, …"""
    out, keys = [], []
    for m in re.finditer(r"### (U?REF)-(\d+): (.*)\n((?:- \*\*.*\n)*)", text):
        fields = dict(re.findall(r"- \*\*(.+?):\*\* (.*)", m.group(4)))
        key = f"{m.group(1).lower()}{m.group(2)}"
        keys.append(key)
        title = m.group(3).replace("{", "").replace("}", "")
        abstract = fields.get("Abstract", "").replace("{", "").replace("}", "")
        out.append(
            f"@article{{{key},\n  title = {{{title}}},\n  author = {{"
            + " and ".join(a.strip() for a in fields.get("Authors", "A. Nonymous").split(","))
            + f"}},\n  year = {{{fields.get('Year', '2000')}}},\n  abstract = {{{abstract}}}\n}}\n"
        )
    return "\n".join(out), keys


def setup(root: Path, n: int, eol: str = "lf") -> dict[str, tuple[list[str], Path, str, int, dict]]:
    """Per server: (command, note to open, its text, the column of a citation, init options)."""
    lit = literature(n)
    (root / "LITERATURE.md").write_bytes(with_endings(lit, eol).encode("utf-8"))
    (root / "PROBLEM.md").write_text(
        "---\ntitle: Bench\nstatus: defined\ndomain: analysis\ntags: [operator-norm]\n---\n"
        "# Problem\n\nA benchmark problem.\n",
        encoding="utf-8",
    )
    bib, keys = bibtex(lit)
    (root / "refs.bib").write_text(bib, encoding="utf-8")
    (root / ".bibli.toml").write_text(
        '[backends.bench]\nbackend_type = "bibfile"\nbibfiles = ["refs.bib"]\n'
        '[cite]\nprefix = "@"\n',
        encoding="utf-8",
    )
    proof = "# Proof\n\nBy REF-001 and REF-002 the claim holds.\n"
    (root / "PROOF.md").write_text(proof, encoding="utf-8")
    cite = f"# Proof\n\nBy @{keys[0]} and @{keys[1]} the claim holds.\n"
    (root / "notes.md").write_text(cite, encoding="utf-8")
    return {
        "mathlsp": (
            [
                sys.executable,
                "-m",
                "mathlsp",
                "serve",
                *os.environ.get("BENCH_MATHLSP_ARGS", "").split(),
            ],
            root / "PROOF.md",
            proof,
            4,
            {},
        ),
        "bibli-ls": ([], root / "notes.md", cite, 5, {}),
        "citation-langserver": (
            [],
            root / "notes.md",
            cite,
            5,
            {"citation": {"bibliographies": [str(root / "refs.bib")]}},
        ),
    }


async def measure(
    name: str, command: list[str], root: Path, note: Path, text: str, col: int, settings: dict
) -> Figures:
    figures = Figures(name, 0)
    published: list[tuple[float, types.PublishDiagnosticsParams]] = []
    client = LanguageClient()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        published.append((time.perf_counter(), params))

    @client.feature(types.WORKSPACE_CONFIGURATION)
    def on_configuration(params: types.ConfigurationParams) -> list[object]:
        return [
            settings.get(item.section or "", {"debounceMs": 0, "verification": "off"})
            for item in params.items
        ]

    logged: list[tuple[float, str]] = []

    @client.feature(types.WINDOW_LOG_MESSAGE)
    def on_log(params: types.LogMessageParams) -> None:
        logged.append((time.perf_counter(), params.message))

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(params: types.RegistrationParams) -> None:
        return None

    started = time.perf_counter()
    await client.start_io(*command, cwd=str(root))
    await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual_studio_code"),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="bench")],
            initialization_options={"mathlsp": {"debounceMs": 0, "verification": "off"}},
        )
    )
    figures.initialize_ms = (time.perf_counter() - started) * 1000
    if name == "mathlsp":  # ready once the workspace index is built (it logs that)
        deadline = time.perf_counter() + 30
        while time.perf_counter() < deadline and not any("indexed" in m for _, m in logged):
            await asyncio.sleep(0.005)
        done = next((t for t, m in logged if "indexed" in m), None)
        if done is not None:
            figures.ready_ms = (done - started) * 1000
    else:
        figures.ready_ms = figures.initialize_ms
    if settings:
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings=settings)
        )
    uri = note.as_uri()
    opened = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text)
        )
    )
    deadline = time.perf_counter() + 10
    while time.perf_counter() < deadline and not any(p.uri == uri for _, p in published):
        await asyncio.sleep(0.002)
    first = next((t for t, p in published if p.uri == uri), None)
    if first is not None:
        figures.first_diagnostics_ms = (first - opened) * 1000
    at = types.Position(line=2, character=col)
    doc = types.TextDocumentIdentifier(uri=uri)
    requests: dict[str, Callable[[], Awaitable[object]]] = {
        "hover": lambda: client.text_document_hover_async(types.HoverParams(doc, at)),
        "definition": lambda: client.text_document_definition_async(
            types.DefinitionParams(doc, at)
        ),
        "completion": lambda: client.text_document_completion_async(
            types.CompletionParams(doc, types.Position(line=2, character=col))
        ),
    }
    for kind, make in requests.items():
        times = []
        for _ in range(30):
            t = time.perf_counter()
            try:
                await asyncio.wait_for(make(), 10)
            except Exception as exc:  # a peer without the feature: recorded, not fatal
                figures.error = f"{kind}: {type(exc).__name__}"
                break
            times.append(time.perf_counter() - t)
        figures.timings[kind] = times
    if name == "mathlsp":
        (
            figures.first_literature_ms,
            figures.literature_hover_ms,
            figures.keystrokes,
        ) = await keystrokes(client, root, published)
    figures.peak_mib = _peak(client._server.pid)  # type: ignore[union-attr]
    try:
        await asyncio.wait_for(client.shutdown_session(), 10)
    except Exception:
        client._server.kill()  # type: ignore[union-attr]
    return figures


KEYSTROKES = 100  # per place: enough for a steady p50 on a shared machine

# Where keystrokes are timed: (label, what the change does). Each place gets KEYSTROKES changes,
# alternately made and undone, so every version differs from the one before.
PLACES = (  # label, `corpus.keystroke_changes` key
    ("field, 2nd entry", "field"),
    ("field, last entry", "last"),
    ("heading title, 2nd entry", "title"),
    ("heading id, 2nd entry", "id"),
    ("line deleted/added, 2nd entry", "line"),
    ("Enter in a field, 2nd entry", "enter"),
)


async def keystrokes(
    client: LanguageClient,
    root: Path,
    published: list[tuple[float, types.PublishDiagnosticsParams]],
) -> tuple[float, list[float], dict[str, list[float]]]:
    """The first diagnostics of LITERATURE.md once opened (ms), 20 hovers on its second entry's
    id (s; the first one first), and didChange in LITERATURE.md
    → its publishDiagnostics, debounce 0, KEYSTROKES times at
    each of PLACES: a character typed in a field of the second entry and of the last (where new
    references are appended), in the second entry's heading (its title, then its id: REF-002
    becomes REF-003, a duplicate, and back), its `Verified:` line deleted and added back, and
    Enter pressed in its abstract (a line split, then joined), with the file's own line breaks
    (`corpus.keystroke_changes`)."""
    lit = root / "LITERATURE.md"
    text = lit.read_bytes().decode("utf-8")  # not read_text: it would turn `\r\n` into `\n`
    uri = lit.as_uri()
    opened = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text)
        )
    )
    while not any(p.uri == uri for _, p in published):
        await asyncio.sleep(0.002)
    first = (next(t for t, p in published if p.uri == uri) - opened) * 1000
    changes = keystroke_changes(text)
    heading = text.count("\n", 0, text.index("### REF-002"))
    hovers = []
    for _ in range(20):
        t = time.perf_counter()
        await client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri=uri), types.Position(heading, 6))
        )
        hovers.append(time.perf_counter() - t)

    out: dict[str, list[float]] = {}
    version = 2
    for label, kind in PLACES:
        times = []
        for i in range(KEYSTROKES):
            rng, new = changes[kind][i % 2]
            times.append(await _change(client, uri, version, rng, new, published))
            version += 1
        out[label] = times
    return first, hovers, out


async def _change(
    client: LanguageClient,
    uri: str,
    version: int,
    rng: types.Range,
    new: str,
    published: list[tuple[float, types.PublishDiagnosticsParams]],
) -> float:
    n = len(published)
    t = time.perf_counter()
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=rng, text=new)],
        )
    )
    while not any(p.uri == uri and p.version == version for _, p in published[n:]):
        await asyncio.sleep(0.0005)
    elapsed = time.perf_counter() - t
    await asyncio.sleep(0.05)
    return elapsed


# The least any pygls 2 server can do: start Python, import pygls and lsprotocol (without
# collections, as mathlsp does), answer; and answer a hover with a card of a fixed 800 characters.
FLOOR_SERVER = """
import gc; gc.disable()
from lsprotocol import types
from pygls.lsp.server import LanguageServer
server = LanguageServer("floor", "0")
@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(params):
    card = types.MarkupContent(kind=types.MarkupKind.Markdown, value="x" * 800)
    return types.Hover(contents=card)
server.start_io()
"""


async def pygls_floor(root: Path) -> tuple[float, float]:
    """`initialize` and hover p50 of a bare pygls server, in this run (the floor under
    mathlsp's figures)."""
    client = LanguageClient()
    started = time.perf_counter()
    await client.start_io(sys.executable, "-c", FLOOR_SERVER, cwd=str(root))
    await client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual_studio_code"))
    )
    elapsed = (time.perf_counter() - started) * 1000
    doc = types.TextDocumentIdentifier(uri=(root / "x.md").as_uri())
    hovers = []
    for _ in range(30):
        t = time.perf_counter()
        await client.text_document_hover_async(types.HoverParams(doc, types.Position(0, 0)))
        hovers.append(time.perf_counter() - t)
    await client.shutdown_session()
    return elapsed, _pct(hovers, 0.5)


async def pygls_floor_memory(text: str) -> float:
    """Peak RSS of a bare pygls server that opens `text` (pygls's own copy of a document and
    the JSON-RPC message it came in): the floor under mathlsp's peak."""
    client = LanguageClient()
    await client.start_io(sys.executable, "-c", FLOOR_SERVER)
    await client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual_studio_code"))
    )
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(
                uri="file:///floor/LITERATURE.md", language_id="markdown", version=1, text=text
            )
        )
    )
    await client.text_document_hover_async(  # answered once the open was handled
        types.HoverParams(
            types.TextDocumentIdentifier(uri="file:///floor/x.md"), types.Position(0, 0)
        )
    )
    peak = _peak(client._server.pid)  # type: ignore[union-attr]
    await client.shutdown_session()
    return peak


def main() -> int:
    global KEYSTROKES
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--install-peers", action="store_true")
    parser.add_argument("--peers-dir", type=Path, default=Path(".bench-peers"))
    parser.add_argument("--soak", action="store_true", help="also run benchmarks/bench_soak.py")
    parser.add_argument("--keystrokes", type=int, default=KEYSTROKES, help="per place")
    parser.add_argument(
        "--endings",
        nargs="+",
        choices=sorted(ENDINGS),
        default=["lf"],
        help="LITERATURE.md's line breaks; peers run on lf only",
    )
    args = parser.parse_args()
    KEYSTROKES = args.keystrokes
    if args.install_peers:
        install_peers(args.peers_dir)
    # `pip install .` compiles the package's bytecode; an editable checkout run with
    # PYTHONDONTWRITEBYTECODE would compile every module at each start (~100 ms of
    # `initialize`), a cost no installed server pays. The peers come from PyPI, compiled.
    import mathlsp

    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(Path(mathlsp.__file__).parent)],
        check=False,
        stdout=subprocess.DEVNULL,
    )
    rows: list[Figures] = []
    floor_peaks: dict[int, float] = {}
    for eol, n in ((eol, n) for eol in args.endings for n in args.sizes):
        if eol == args.endings[0]:
            floor_peaks[n] = asyncio.run(pygls_floor_memory(literature(n)))
        with tempfile.TemporaryDirectory() as tmp:
            plans = setup(Path(tmp), n, eol)
            for name, (command, note, text, col, settings) in plans.items():
                if name in PEERS and eol != "lf":
                    continue
                if name in PEERS:
                    exe = args.peers_dir.resolve() / name / "bin" / PEERS[name]
                    if not exe.exists():
                        continue
                    command = [str(exe)]
                figures = asyncio.run(measure(name, command, Path(tmp), note, text, col, settings))
                figures.n, figures.eol = n, eol
                rows.append(figures)
    print(
        f"{'server':<20} {'refs':>5} {'init ms':>8} {'ready':>6} {'1st diag':>8} "
        f"{'hover p50/p95':>14} "
        f"{'def p50/p95':>12} {'compl p50/p95':>14} {'peak MiB':>9}"
    )
    for f in rows:

        def pair(kind: str, f: Figures = f) -> str:
            t = f.timings.get(kind, [])
            return f"{_pct(t, 0.5):.2f}/{_pct(t, 0.95):.2f}" if t else "—"

        first = (
            f"{f.first_diagnostics_ms:.0f}"
            if f.first_diagnostics_ms == f.first_diagnostics_ms
            else "—"
        )
        print(
            f"{f.server:<20} {f.n:>5} {f.initialize_ms:>8.0f} {f.ready_ms:>6.0f} {first:>8} "
            f"{pair('hover'):>14} "
            f"{pair('definition'):>12} {pair('completion'):>14} {f.peak_mib:>9.0f}"
            + (f"  ({f.error})" if f.error else "")
        )
    with tempfile.TemporaryDirectory() as tmp:
        floors = [asyncio.run(pygls_floor(Path(tmp))) for _ in range(3)]
    print(
        "floor: a bare pygls 2 server answers initialize in "
        f"{statistics.median(f[0] for f in floors):.0f} ms, a constant hover in "
        f"{statistics.median(f[1] for f in floors):.2f} ms (p50); with LITERATURE.md open it "
        "peaks at " + ", ".join(f"{p:.0f} MiB ({n})" for n, p in floor_peaks.items())
    )
    for eol in args.endings:
        by_size = {f.n: f for f in rows if f.server == "mathlsp" and f.eol == eol}
        for f in by_size.values():
            hovers = f.literature_hover_ms
            hover = (
                f"; hover in it: first {hovers[0] * 1000:.1f} ms, p50 {_pct(hovers, 0.5):.1f}, "
                f"p95 {_pct(hovers, 0.95):.1f}"
                if hovers
                else ""
            )
            print(
                f"mathlsp [{eol}] first diagnostics at {f.n}: PROOF.md "
                f"{f.first_diagnostics_ms:.0f} ms (target ≤ 100), LITERATURE.md "
                f"{f.first_literature_ms:.0f} ms (target ≤ 300){hover}"
            )
        small = min(by_size, default=None)
        for f in by_size.values():
            for where, times in f.keystrokes.items():
                p50 = _pct(times, 0.5)
                versus = ""
                if small is not None and f.n != small and by_size[small].keystrokes.get(where):
                    ratio = p50 / _pct(by_size[small].keystrokes[where], 0.5)
                    held = "holds" if p50 <= 15 and ratio <= 1.5 else "NOT held"
                    versus = (
                        f"; ×{ratio:.2f} the {small} figure (target ≤ 15 ms and ≤ 1.5×: {held})"
                    )
                print(
                    f"mathlsp [{eol}] keystroke → diagnostics at {f.n}, {where}: "
                    f"p50 {p50:.1f} ms, p95 {_pct(times, 0.95):.1f} ms "
                    f"(mean {statistics.fmean(times) * 1000:.1f}){versus}"
                )
    if args.soak:
        subprocess.run(
            [sys.executable, str(Path(__file__).with_name("bench_soak.py")), "--refs", "1000"],
            check=False,
        )
    return 0


if __name__ == "__main__":
    from targets import none_set

    code = main()
    none_set("a comparison with peer servers: the figures are read side by side")
    raise SystemExit(code)
