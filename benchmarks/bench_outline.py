"""Where documentSymbol's time goes on a large LITERATURE.md, in process, stage by stage.

For N short entries (`bench_large_literature.short_literature`), after a keystroke of each kind
(a character at the end of an entry's heading, one in a field, a line inserted in an entry: the
edits `bench_nvim_large.py` types), the median milliseconds over `--runs` of:

- `outline`: `ide.outline.outline`, the heading tree in model offsets;
- `lsp_range`: the two conversions per node to LSP positions;
- `objects`: lsprotocol `DocumentSymbol`s built from both (the answer before this stage's work);
- `pygls json`: what pygls does with that answer: the converter's unstructure and `json.dumps`;
- `old total`: the four above, the answer as it was built;
- `new build` / `new send` / `new total`: the answer as `features.symbols` builds it now (JSON
  text, each entry's ranges and text kept across versions) and what the server does with it
  before writing (`jsonready.response_body`, encoded);
- floors: `json.dumps` of the same answer as plain dicts, `json.loads` of its text (what any
  client parses, in Python's parser), and the model's own re-parse of the edited version.

Each new answer is compared with the old one (same JSON) before it is timed. Figures, not
assertions: the machine is shared.

    python benchmarks/bench_outline.py [--sizes 1000 5000 20000] [--runs 5]
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_large_literature import short_literature
from lsprotocol import types
from pygls.protocol import default_converter

from mathlsp.features.buffers import NoteBuffer
from mathlsp.features.convert import lsp_range
from mathlsp.features.folding import folding_json
from mathlsp.features.jsonready import response_body
from mathlsp.features.symbols import KINDS, document_symbols
from mathlsp.features.workspace_state import _buffer_text
from mathlsp.ide.folds import folds
from mathlsp.ide.outline import OutlineNode, outline
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.loader import LoadedText, read_note

CONVERTER = default_converter()


def _serialize(data: object) -> object:
    # pygls's JsonRPCProtocol._serialize_message, for its json.dumps(default=...)
    if hasattr(data, "__attrs_attrs__"):
        return CONVERTER.unstructure(data)
    return data.__dict__


def pygls_json(result: object) -> str:
    response = types.DocumentSymbolResponse(id=1, result=result)  # type: ignore[arg-type]
    return json.dumps(response, default=_serialize)


def old_symbol(doc: MarkdownDoc, node: OutlineNode, enc: str) -> types.DocumentSymbol:
    """documentSymbol's answer as it was built before (986023e)."""
    return types.DocumentSymbol(
        name=node.name,
        kind=KINDS[node.kind],
        range=lsp_range(doc, node.span, enc),
        selection_range=lsp_range(doc, node.selection, enc),
        detail=node.detail or None,
        children=[old_symbol(doc, c, enc) for c in node.children],
    )


def _walk(nodes: list[OutlineNode]) -> list[OutlineNode]:
    out = []
    for n in nodes:
        out.append(n)
        out.extend(_walk(n.children))
    return out


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        gc.collect()
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def edits(text: str, n: int) -> dict[str, types.TextDocumentContentChangePartial]:
    """The three keystrokes of bench_nvim_large, at the middle entry."""
    lines = text.split("\n")
    target = f"### REF-{n // 2:03d}:"
    row = next(i for i, line in enumerate(lines) if line.startswith(target))

    def at(line: int, col: int, new: str) -> types.TextDocumentContentChangePartial:
        pos = types.Position(line=line, character=col)
        return types.TextDocumentContentChangePartial(range=types.Range(pos, pos), text=new)

    return {
        "heading": at(row, len(lines[row]), "x"),
        "field": at(row + 1, len(lines[row + 1]), "x"),
        "line": at(row + 2, 0, "- **Notes:** x\n"),
    }


def stages(doc: MarkdownDoc, enc: str, runs: int) -> dict[str, float]:
    nodes = outline(doc)
    flat = _walk(nodes)
    objects = [old_symbol(doc, x, enc) for x in nodes]
    new = document_symbols(doc, enc)
    old_text, new_text = pygls_json(objects), response_body(1, new)
    if json.loads(old_text) != json.loads(new_text):
        raise SystemExit("the new answer differs from the old")
    plain = json.loads(old_text)["result"]

    def ranges() -> object:
        return [(lsp_range(doc, x.span, enc), lsp_range(doc, x.selection, enc)) for x in flat]

    def old_total() -> object:
        return pygls_json([old_symbol(doc, x, enc) for x in outline(doc)])

    return {
        "outline": median_ms(lambda: outline(doc), runs),
        "lsp_range": median_ms(ranges, runs),
        "objects": median_ms(lambda: [old_symbol(doc, x, enc) for x in nodes], runs),
        "pygls json": median_ms(lambda: pygls_json(objects), runs),
        "old total": median_ms(old_total, runs),
        "new build": median_ms(lambda: document_symbols(doc, enc), runs),
        "new send": median_ms(lambda: response_body(1, new).encode(), runs),
        "new total": median_ms(lambda: response_body(1, document_symbols(doc, enc)).encode(), runs),
        "folds": median_ms(lambda: folding_json(folds(doc), None, None).encode(), runs),
        "floor dumps": median_ms(lambda: json.dumps(plain), runs),
        "floor loads": median_ms(lambda: json.loads(new_text), runs),
        "symbols": float(len(flat)),
        "MB": len(new_text.encode()) / 1e6,
    }


def measure(n: int, runs: int) -> dict[str, dict[str, float]]:
    root = Path(tempfile.mkdtemp())
    text = short_literature(n)
    lit = root / "LITERATURE.md"
    lit.write_text(text, encoding="utf-8")
    buffer = NoteBuffer(lit.as_uri(), source=text, version=1)

    def reader(path: Path) -> LoadedText:
        return _buffer_text(buffer) if path == lit else read_note(path)

    folder = ProblemFolder(root, reader)
    doc = folder.doc(lit)
    assert doc is not None
    document_symbols(doc, "utf-16")  # the version opened: its entries' nodes are kept
    out: dict[str, dict[str, float]] = {}
    for kind, change in edits(text, n).items():
        buffer.apply_change(change)
        t0 = time.perf_counter()
        doc = folder.doc(lit)
        reparse = (time.perf_counter() - t0) * 1000
        assert doc is not None
        out[kind] = stages(doc, "utf-16", runs)
        out[kind]["reparse"] = reparse
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    for n in args.sizes:
        for kind, row in measure(n, args.runs).items():
            head = f"{n:>6,} {kind:8}"
            print(head, "  ".join(f"{k} {v:7.1f}" for k, v in row.items()))


if __name__ == "__main__":
    main()
