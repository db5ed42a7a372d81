"""BibTeX: a round trip through the notes, and a large `.bib` in the editor.

    python benchmarks/bench_bib.py roundtrip [--bib FILE] [-n 2000]
    python benchmarks/bench_bib.py editor [--bib FILE] [-n 2000] [--edits 1000]
    python benchmarks/bench_bib.py memory [--sizes 2000,16000,64000] [--sources unreachable,fake]

`roundtrip`: `mathlsp import FILE` into an empty LITERATURE.md (every entry verified against the
fake scholarly server, which serves the corpus's 6,518 records read from chenle02/SPDEs-Bib),
then `mathlsp export --bibtex`, then the export parsed back: identifiers, titles and author
lists compared with the original entry of each exported paper; every difference is counted and
shown with its reason. Without --bib the file is generated from those corpus records (the
shapes MathSciNet exports: `Last, First and …`, braces, journal, DOI, arXiv eprint); with --bib
any real file (e.g. the SPDEs-Bib per-entry files concatenated).

`editor`: the real `mathlsp serve` over stdio opens the file: time to first diagnostics after
didOpen, hover round trips (p50, p90), and the server's resident memory over N edits (a letter
typed and deleted in one entry; with --spread a letter typed into each of 100 entries in turn;
diagnostics awaited every 100 edits). --trace FILE runs the server under tracemalloc and
prints what its heap grew by from edit 100 to the last. Targets: first diagnostics
<= 200 ms, hover <= 5 ms p50, memory flat over 1,000 edits.

`memory`: `mathlsp verify FILE --format json` and `mathlsp import FILE` run as subprocesses on
files of each size (the corpus's SPDEs-Bib records, repeated with distinct keys past 6,518), with
the sources unreachable (every URL a closed port: every entry pending) and against the fake
server (cold cache); each run's peak RSS (`wait4`'s ru_maxrss), wall time and exit code. The
file is streamed, so the target is a peak RSS flat in the file's size. --code DIR runs another
checkout's code (e.g. a `git archive` of an older commit) for a before/after.

Measured 2026-11-26 (load 3-6), peak RSS of `verify --format json` at 2,000 / 16,000 / 64,000
entries (0.7 / 5.2 / 20.9 MB):
  streamed, sources unreachable   51 /  53 /  60 MB
  streamed, fake server           55 /  62 /  69 MB
  read whole (45f8770), unreachable  66 / 154 / 392 MB;  fake server  63 / 148 / - MB
`import` (streamed): 65 / 102 / 108 MB unreachable, 71 / 115 / 120 MB fake (read whole: 74 /
172 / 393 MB unreachable, 80 / 197 / - MB fake): it holds the
LITERATURE.md it writes (the repeated records' titles are skipped as already present, so the
note stops growing past 6,518 entries). What still grows with a streamed verify is the set of
keys seen (to report a repeated key): about 0.1 KB an entry.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import io
import json
import os
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mathlsp.bib.claim import bib_authors, bib_identifiers, bib_title
from mathlsp.bib.latex import title_to_latex
from mathlsp.bib.names import bibtex_names
from mathlsp.bib.parse import parse_bib
from mathlsp.sources.record import Author
from tests.fakescholar.corpus import Paper

CORPUS = Path(os.environ.get("MATHLSP_CORPUS", "/work/shared/corpus/math-papers.jsonl.gz"))


def corpus_records() -> list[dict[str, object]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    return [r for r in rows if "SPDEs-Bib" in str(r.get("source"))]


def paper_of(r: dict[str, object], i: int) -> Paper:
    names = [Author.from_name(str(a)) for a in r["authors"]]  # type: ignore[union-attr]
    return Paper(
        key=str(r["key"]),
        title=str(r["title"]),
        authors=[(a.given or "", a.family) for a in names],
        year=int(r["year"]) if r.get("year") else 0,  # type: ignore[arg-type]
        venue=r.get("venue"),  # type: ignore[arg-type]
        abstract=None,
        citations=0,
        arxiv_id=r.get("arxiv_id"),  # type: ignore[arg-type]
        doi=r.get("doi"),  # type: ignore[arg-type]
    )


def generated_bib(records: list[dict[str, object]], n: int) -> str:
    out = []
    for r in records[:n]:
        key = str(r["key"]).split(":", 1)[-1]
        names = [Author.from_name(str(a)) for a in r["authors"]]  # type: ignore[union-attr]
        fields = [
            ("author", bibtex_names([(a.family, a.given) for a in names])),
            ("title", title_to_latex(str(r["title"]))),
        ]
        if r.get("venue"):
            fields.append(("journal", str(r["venue"])))
        if r.get("year"):
            fields.append(("year", str(r["year"])))
        if r.get("doi"):
            fields.append(("doi", str(r["doi"])))
        if r.get("arxiv_id"):
            fields += [("eprint", str(r["arxiv_id"])), ("archivePrefix", "arXiv")]
        body = ",\n".join(f"  {k:<13} = {{{v}}}" for k, v in fields)
        out.append(f"@article{{{key},\n{body}\n}}\n")
    return "\n".join(out)


def fake_server(records: list[dict[str, object]]) -> object:
    from tests.fakescholar import FakeScholar
    from tests.fakescholar.corpus import load_theorems
    from tests.fakescholar.server import Corpus

    fake = FakeScholar().start()
    papers = fake.corpus.papers + [paper_of(r, i) for i, r in enumerate(records)]
    fake._server.corpus = Corpus(papers, load_theorems())  # type: ignore[union-attr]
    return fake


def the_bib(args: argparse.Namespace, records: list[dict[str, object]]) -> tuple[str, str]:
    if args.bib:
        return Path(args.bib).read_text(encoding="utf-8", errors="replace"), str(args.bib)
    return generated_bib(records, args.n), f"{args.n} entries generated from the corpus"


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    from mathlsp.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def roundtrip(args: argparse.Namespace) -> Path:
    from mathlsp.notes.literature import LiteratureDoc
    from mathlsp.notes.templates import fill_template

    records = corpus_records()
    text, what = the_bib(args, records)
    work = Path(tempfile.mkdtemp(prefix="bench-bib-"))
    fake = fake_server(records)
    os.environ.update(fake.env())  # type: ignore[attr-defined]
    os.environ["MATHLSP_RATE_LIMIT_SCALE"] = "0.001"
    os.environ["MATHLSP_CACHE_DIR"] = str(work / "cache")
    folder = work / "demo"
    folder.mkdir()
    (folder / "LITERATURE.md").write_text(
        fill_template("LITERATURE.md", {"PROBLEM_SLUG": "demo", "PROBLEM_TITLE": "demo"}),
        encoding="utf-8",
    )
    bib_path = work / "refs.bib"
    bib_path.write_text(text, encoding="utf-8")
    original = parse_bib(text)
    print(
        f"roundtrip: {what}: {len(original.entries)} entries, {len(original.problems)} unreadable"
    )
    t = time.perf_counter()
    code, _, err = run_cli(["import", str(bib_path), str(folder)])
    t_import = time.perf_counter() - t
    print(f"  import: exit {code} in {t_import:.1f} s; {err.strip().splitlines()[-1]}")
    t = time.perf_counter()
    out = work / "out.bib"
    code, _, err = run_cli(["export", "--bibtex", str(folder), "-o", str(out)])
    print(f"  export: exit {code} in {time.perf_counter() - t:.1f} s; {err.strip()}")
    doc = LiteratureDoc((folder / "LITERATURE.md").read_text(encoding="utf-8"))
    source_key = {
        e.id: e.fields.value("source").rsplit("@", 1)[-1].rstrip(")") for e in doc.entries
    }
    unconfirmed = Counter(_reason(e.fields.value("reason")) for e in doc.unconfirmed)
    by_key = {e.key: e for e in original.entries}
    exported = parse_bib(out.read_text(encoding="utf-8"))
    differ: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for e in exported.entries:
        orig = by_key[source_key[str(e.get("mathlsp-ref"))]]
        checks = {
            "identifiers": (
                {i.key for i in bib_identifiers(orig)},
                {i.key for i in bib_identifiers(e)},
            ),
            "title": (bib_title(orig), bib_title(e)),
            "authors": (bib_authors(orig)[0], bib_authors(e)[0]),
        }
        for name, (a, b) in checks.items():
            if a != b:
                differ[name] += 1
                examples.setdefault(name, f"{orig.key}: {a!r} → {b!r}")
    n = len(exported.entries)
    print(
        f"  {len(doc.confirmed)} confirmed (REF) and {len(doc.unconfirmed)} unconfirmed (UREF) "
        f"written; {n} exported and parsed back ({len(exported.problems)} unreadable)"
    )
    for name in ("identifiers", "title", "authors"):
        print(f"  {name:<11} differ: {differ[name]:>4} of {n}  {examples.get(name, '')}")
    print("  why entries were not confirmed (top reasons):")
    for reason, count in unconfirmed.most_common(6):
        print(f"    {count:>4}  {reason}")
    fake.stop()  # type: ignore[attr-defined]
    return work


def _reason(reason: str) -> str:
    import re

    reason = re.sub(r"\"[^\"]*\"", '"…"', reason)
    reason = re.sub(r"10\.\S+|\d{4}\.\d{4,5}|[a-z-]+/\d{7}", "ID", reason)
    return reason[:110]


# -- the CLI on a large file -------------------------------------------------------------------
def repeated_bib(records: list[dict[str, object]], n: int) -> str:
    """`n` entries: the corpus records over and over, each round's keys made distinct."""
    base = generated_bib(records, len(records)).split("\n@article{")
    out = []
    for i in range(n):
        block = base[i % len(base)]
        block = block if block.startswith("@article{") else "@article{" + block
        if i >= len(base):
            block = block.replace(",\n", f"-r{i // len(base)},\n", 1)
        out.append(block.rstrip("\n") + "\n")
    return "\n".join(out)


# A process forked from this one would count this one's memory as its own peak (ru_maxrss
# keeps the high-water mark across exec): a small launcher runs the command and reports it.
_LAUNCHER = """
import os, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(p.pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""


def _run_measured(argv: list[str], env: dict[str, str], cwd: str) -> tuple[int, float, float]:
    """(exit code, seconds, peak RSS in MB) of one subprocess (`python -m` finds the code in
    `cwd` first)."""
    import subprocess

    t = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, *argv], env=env, cwd=cwd, capture_output=True, text=True
    )
    code, rss_kb = done.stdout.split()
    return int(code), time.perf_counter() - t, int(rss_kb) / 1024


def memory(args: argparse.Namespace) -> None:
    from tests.fakescholar.server import env_for

    records = corpus_records()
    sizes = [int(x) for x in args.sizes.split(",")]
    work = Path(tempfile.mkdtemp(prefix="bench-bib-mem-"))
    fake = fake_server(records) if "fake" in args.sources else None
    code_dir = str(args.code.resolve()) if args.code else str(Path(__file__).resolve().parents[1])
    print(f"memory: code {code_dir}; peak RSS of `mathlsp verify FILE --format json` / `import`")
    try:
        for n in sizes:
            bib = work / f"refs-{n}.bib"
            bib.write_text(repeated_bib(records, n), encoding="utf-8")
            size = bib.stat().st_size / 1e6
            for where in args.sources.split(","):
                root = fake.base_url if where == "fake" else "http://127.0.0.1:9"  # type: ignore[union-attr]
                env = {**os.environ, **env_for(root)}
                env["MATHLSP_RATE_LIMIT_SCALE"] = "0.001"
                for what in ("verify", "import"):
                    env["MATHLSP_CACHE_DIR"] = str(work / f"cache-{n}-{where}-{what}")
                    if what == "verify":
                        argv = [sys.executable, "-m", "mathlsp", what, str(bib)]
                        argv += ["--format", "json"]
                    else:
                        folder = work / f"demo-{n}-{where}"
                        folder.mkdir(exist_ok=True)
                        (folder / "LITERATURE.md").write_text(
                            "## Confirmed References\n\n## Unconfirmed References\n",
                            encoding="utf-8",
                        )
                        argv = [sys.executable, "-m", "mathlsp", what, str(bib), str(folder)]
                    code, secs, rss = _run_measured(argv, env, code_dir)
                    print(
                        f"  {n:>6} entries ({size:5.1f} MB), sources {where:<11} {what:<6}: "
                        f"peak RSS {rss:6.1f} MB, {secs:6.1f} s, exit {code}",
                        flush=True,
                    )
    finally:
        if fake is not None:
            fake.stop()  # type: ignore[attr-defined]


# -- the editor ---------------------------------------------------------------------------------
def _rss_mb(pid: int, key: str = "VmRSS:") -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


async def _editor(
    path: Path,
    edits: int,
    cache_dir: Path,
    trace: Path | None = None,
    spread: bool = False,
    settle: float = 0.0,
) -> None:
    from lsprotocol import types
    from pytest_lsp import client_capabilities

    from benchmarks.bench_server import recording_client

    client, published = recording_client({"debounceMs": 0, "cacheDir": str(cache_dir)})

    text = path.read_text(encoding="utf-8")
    bib = parse_bib(text)
    options = {"debounceMs": 0, "cacheDir": str(cache_dir), "verification": "off"}
    if trace is not None:  # a server that writes its heap growth on the second SIGUSR1
        os.environ["MATHLSP_TRACE_OUT"] = str(trace)
        await client.start_io(sys.executable, str(Path(__file__).with_name("traced_serve.py")))
    else:
        await client.start_io(sys.executable, "-m", "mathlsp", "serve")
    await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual_studio_code"),
            root_uri=path.parent.as_uri(),
            initialization_options={"mathlsp": options},
        )
    )
    pid = client._server.pid  # type: ignore[attr-defined]
    if settle:  # a server that has finished starting (its index, its configuration pull)
        await asyncio.sleep(settle)
    uri = path.as_uri()
    t = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="bibtex", version=1, text=text
            )
        )
    )

    def mine() -> list[tuple[float, types.PublishDiagnosticsParams]]:
        return [x for x in published if x[1].uri == uri]

    while not mine():
        await asyncio.sleep(0.0005)
    first = mine()[0]
    # The whole file's diagnostics follow the first pass's (its first entries): the last
    # publication before three seconds of quiet.
    while time.perf_counter() - mine()[-1][0] < 3.0:
        await asyncio.sleep(0.01)
    last = mine()[-1]
    codes = Counter(str(d.code) for d in last[1].diagnostics)
    print(
        f"editor: {len(bib.entries)} entries ({len(text) / 1e6:.1f} MB): first diagnostics "
        f"{1000 * (first[0] - t):.0f} ms after didOpen ({len(first[1].diagnostics)} of them), "
        f"the whole file's {1000 * (last[0] - t):.0f} ms ({dict(codes)}; "
        f"{len(mine())} publications)"
    )
    times = []
    for i in range(200):
        entry = bib.entries[(i * 37) % len(bib.entries)]
        t = time.perf_counter()
        await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=entry.line, character=2),
            )
        )
        times.append(time.perf_counter() - t)
    times.sort()
    print(
        f"  hover round trip: p50 {1000 * statistics.median(times):.2f} ms, "
        f"p90 {1000 * times[int(len(times) * 0.9)]:.2f} ms"
    )
    target = bib.entries[len(bib.entries) // 2]
    line = target.line + 2 if target.end_line > target.line + 1 else target.line
    rss = [(0, _rss_mb(pid))]
    if trace is not None:
        os.kill(pid, signal.SIGUSR1)  # tracing starts here: the snapshot after 100 edits sees all
        await asyncio.sleep(1.0)
    latencies = []
    for version in range(2, edits + 2):
        typing = version % 2 == 0 or spread
        if spread:  # a letter typed into one of 100 entries in turn: every version is new
            entry = bib.entries[(version % 100) * len(bib.entries) // 100]
            line = entry.line + 2 if entry.end_line > entry.line + 1 else entry.line
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    types.TextDocumentContentChangePartial(
                        range=types.Range(
                            start=types.Position(line=line, character=2),
                            end=types.Position(line=line, character=2 if typing else 3),
                        ),
                        text="abcdefghij"[version % 10] if typing else "",
                    )
                ],
            )
        )
        if (version - 1) % 100 == 0 or version == edits + 1:
            t = time.perf_counter()
            while published[-1][1].version != version:
                await asyncio.sleep(0.0005)
            latencies.append(time.perf_counter() - t)
            rss.append((version - 1, _rss_mb(pid)))
            if trace is not None and version - 1 in (100, edits):
                os.kill(pid, signal.SIGUSR1)  # heap snapshot after 100 edits, growth at the end
                await asyncio.sleep(3.0 if version - 1 == edits else 1.0)
    if latencies:  # none when --edits 0
        print(
            f"  edit → diagnostics of that version (sampled every 100 edits and after the "
            f"last): median {1000 * statistics.median(latencies):.0f} ms, "
            f"max {1000 * max(latencies):.0f} ms"
        )
    shown = ", ".join(f"{n}: {m:.0f}" for n, m in rss if m is not None)
    print(f"  server memory (VmRSS, MB) after N edits: {shown}")
    print(f"  peak (VmHWM): {_rss_mb(pid, 'VmHWM:'):.0f} MB")
    if trace is not None and trace.exists():
        print(f"  heap growth from edit 100 to {edits} (tracemalloc, {trace}):")
        print("    " + "\n    ".join(trace.read_text(encoding="utf-8").splitlines()[:60]))
    await client.shutdown_session()


def editor(args: argparse.Namespace, work: Path | None = None) -> None:
    work = work or Path(tempfile.mkdtemp(prefix="bench-bib-"))
    path = work / "refs.bib"
    if not path.exists():
        text, _ = the_bib(args, corpus_records())
        path.write_text(text, encoding="utf-8")
    asyncio.run(_editor(path, args.edits, work / "cache", args.trace, args.spread, args.settle))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("roundtrip", "editor", "all", "memory"))
    parser.add_argument("--bib", type=Path, help="a real .bib (default: generated from the corpus)")
    parser.add_argument("-n", type=int, default=2000, help="entries to generate (default 2000)")
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument(
        "--settle",
        type=float,
        default=0.0,
        help="seconds to wait after initialize before opening the file (default 0: opened as "
        "the server starts, its start-up work still running)",
    )
    parser.add_argument(
        "--spread",
        action="store_true",
        help="type a letter into each of 100 entries in turn (every version new) instead of "
        "typing and deleting one letter in one entry",
    )
    parser.add_argument(
        "--trace",
        type=Path,
        help="run the server under tracemalloc and write its heap growth from edit 100 to the "
        "last edit to this file (slower: the figures are not timings)",
    )
    parser.add_argument("--sizes", default="2000,16000,64000", help="memory: entries per file")
    parser.add_argument(
        "--sources", default="unreachable,fake", help="memory: unreachable and/or fake"
    )
    parser.add_argument("--code", type=Path, help="memory: run this checkout's code instead")
    args = parser.parse_args()
    if args.what == "memory":
        memory(args)
        return
    work = roundtrip(args) if args.what in ("roundtrip", "all") else None
    if args.what in ("editor", "all"):
        editor(args, work)  # after a round trip: the same file, its cache warm


if __name__ == "__main__":
    main()
