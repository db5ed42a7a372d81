"""A LITERATURE.md of many short entries (a bibliography imported whole): where the time goes.

A 10.5 MB file of 130k entries took 12.7 s to answer documentSymbol and ~75 s to publish
diagnostics in the editor. This generates files of N short entries (heading, Authors, Year, DOI;
one in ten unconfirmed), the shape such a file has, and prints, per size:

- in process, CPU time: read + parse, the checks (`check_document`), the outline
  (`document_symbols`), each the median of `--runs` cold runs;
- over stdio with a real client (pytest-lsp's, as VS Code answers): didOpen → documentSymbol
  answered, → first publishDiagnostics, and the server's peak memory (VmHWM).

Figures, not assertions: the machine is shared. Seconds per 1,000 entries are printed beside
each figure, so a cost that grows faster than the file shows as a growing ratio.

    python benchmarks/bench_large_literature.py [--sizes 5000 20000] [--runs 3] [--no-server]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import _SURNAMES, _sentence


def short_literature(n: int, seed: int = 7) -> str:
    """N short entries: REFs with Authors, Year, DOI (no Source, Abstract…: imported, not yet
    searched, so each is a REF007 finding too, as in such a file); one in ten a UREF."""
    rng = random.Random(seed)
    n_u = n // 10
    n_c = n - n_u
    out = [
        "---",
        'problem: "bench"',
        f"total_papers: {n}",
        f"confirmed_count: {n_c}",
        f"unconfirmed_count: {n_u}",
        'last_search: "2026-11-01T10:00:00Z"',
        'sources_queried: ["arxiv"]',
        "---",
        "# Literature",
        "",
        "## Search History",
        "",
        "| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |",
        "|------|---------------|---------------|------------|---------------|",
        "",
        "## Confirmed References",
        "",
    ]
    for i in range(1, n_c + 1):
        authors = ", ".join(rng.choice(_SURNAMES) for _ in range(rng.randint(1, 3)))
        out += [
            f"### REF-{i:03d}: {_sentence(rng, rng.randint(4, 9))}",
            f"- **Authors:** {authors}",
            f"- **Year:** {rng.randint(1950, 2026)}",
            f"- **DOI:** 10.{rng.randint(1000, 9999)}/B.{i}",
            "",
        ]
    out += ["## Synthesis", "", "### Applicable Theorems", "", "- [V] REF-001 applies.", ""]
    out += ["### Technique Connections", "", "### Gaps in Literature", ""]
    out += ["### Suggested Reading Order", "", "## Unconfirmed References", ""]
    for i in range(1, n_u + 1):
        out += [
            f"### UREF-{i:03d}: {_sentence(rng, 6)}",
            f"- **Authors:** {rng.choice(_SURNAMES)}",
            "- **Reason:** arXiv returned no entry",
            "- **Status:** Unconfirmed -- do not cite as established reference",
            "",
        ]
    return "\n".join(out) + "\n"


def write_folder(root: Path, n: int) -> Path:
    folder = root / f"short-{n}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "PROBLEM.md").write_text(
        "---\ntitle: Bench\nstatus: defined\ndomain: analysis\n---\n# Problem\n\nA bench.\n",
        encoding="utf-8",
    )
    (folder / "LITERATURE.md").write_text(short_literature(n), encoding="utf-8")
    return folder


def in_process(folder: Path, runs: int) -> dict[str, float]:
    """Median CPU seconds of a cold parse, check and outline (nothing kept between runs). The
    check is the editor's and `mathlsp check`'s: with the offline verifier over a cache (empty
    here, as for a file not verified yet), which asks the cache about every entry."""
    import dataclasses

    from mathlsp.cache import Cache
    from mathlsp.checks import CheckSettings, check_document
    from mathlsp.cli.check import _read_once
    from mathlsp.ide.outline import outline
    from mathlsp.notes.folder import ProblemFolder
    from mathlsp.verify.memo import OfflineVerifier

    path = folder / "LITERATURE.md"
    out: dict[str, list[float]] = {"parse": [], "checks": [], "outline": []}
    clock = time.process_time
    for _ in range(runs):
        gc.collect()
        t0 = clock()
        model = ProblemFolder(folder, _read_once())
        doc = model.doc(path)
        t1 = clock()
        verifier = OfflineVerifier(Cache(folder / ".cache"))
        check_document(model, path, dataclasses.replace(CheckSettings(), verification=verifier))
        t2 = clock()
        outline(doc)
        t3 = clock()
        out["parse"].append(t1 - t0)
        out["checks"].append(t2 - t1)
        out["outline"].append(t3 - t2)
    return {k: statistics.median(v) for k, v in out.items()}


async def over_stdio(folder: Path) -> dict[str, float]:
    from bench_server import _peak_rss_mb, initialized, open_document, recording_client
    from lsprotocol import types

    client, published = recording_client({"debounceMs": 0})
    lit = folder / "LITERATURE.md"
    text = lit.read_text(encoding="utf-8")
    await client.start_io(sys.executable, "-m", "mathlsp", "serve")
    await initialized(client, folder, {"debounceMs": 0})
    uri = lit.as_uri()
    t0 = time.perf_counter()
    open_document(client, uri, text)
    await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    t_symbols = time.perf_counter() - t0
    while not any(p.uri == uri for _, p in published):
        await asyncio.sleep(0.005)
    t_diags = next(t for t, p in published if p.uri == uri) - t0
    server = getattr(client, "_server", None)
    peak = _peak_rss_mb(server.pid) if server is not None else None
    await client.shutdown_session()
    return {"symbols": t_symbols, "diagnostics": t_diags, "rss_mb": peak or 0.0}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[5000, 20000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-server", action="store_true", help="in-process figures only")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            folder = write_folder(Path(tmp), n)
            size = (folder / "LITERATURE.md").stat().st_size / 2**20
            k = n / 1000
            cpu = in_process(folder, args.runs)
            line = f"{n:>7,} entries ({size:5.1f} MB), CPU s: " + ", ".join(
                f"{name} {s:6.2f} ({s / k:.3f}/1k)" for name, s in cpu.items()
            )
            print(line, flush=True)
            if not args.no_server:
                lsp = asyncio.run(over_stdio(folder))
                print(
                    f"{'':>7}  editor, wall s after didOpen: documentSymbol "
                    f"{lsp['symbols']:6.2f} ({lsp['symbols'] / k:.3f}/1k), first diagnostics "
                    f"{lsp['diagnostics']:6.2f} ({lsp['diagnostics'] / k:.3f}/1k); "
                    f"peak RSS {lsp['rss_mb']:.0f} MiB",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
