"""documentSymbol's JSON-ready answer equals the lsprotocol objects it replaced, version after
version: same symbols, names, kinds, ranges, selection ranges, details and children.

The reference below is the answer as it was built before (`ide.outline.outline`, `lsp_range`
per node, a `DocumentSymbol` per node, unstructured by pygls's converter). The file is large
and generated; entries carry non-ASCII titles (é, 𝔽: two UTF-16 units, four UTF-8 bytes),
a heading nested inside an entry, sections with and without entries; edits are typed through
the editor's buffer so that entries keep their parsed cores (and the kept nodes) across versions.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.protocol import default_converter

from benchmarks.corpus import literature, with_endings
from mathlsp.features.convert import lsp_range
from mathlsp.features.jsonready import RawJson
from mathlsp.features.server import create_server
from mathlsp.features.symbols import KINDS, document_symbols
from mathlsp.ide.outline import OutlineNode, outline
from mathlsp.notes.document import MarkdownDoc
from tests.buffered import buffered_literature

CONVERTER = default_converter()
ENCODINGS = ("utf-16", "utf-8", "utf-32")


def _reference(doc: MarkdownDoc, node: OutlineNode, enc: str) -> types.DocumentSymbol:
    return types.DocumentSymbol(
        name=node.name,
        kind=KINDS[node.kind],
        range=lsp_range(doc, node.span, enc),
        selection_range=lsp_range(doc, node.selection, enc),
        detail=node.detail or None,
        children=[_reference(doc, c, enc) for c in node.children],
    )


def _wire(result: object) -> object:
    """What pygls writes for a documentSymbol result, read back."""

    def default(data: object) -> object:
        return CONVERTER.unstructure(data)

    response = types.DocumentSymbolResponse(id=1, result=result)  # type: ignore[arg-type]
    return json.loads(json.dumps(response, default=default))


def _text(n: int) -> str:
    lines = literature(n).split("\n")
    out: list[str] = []
    for line in lines:
        if line.startswith("### REF-") and line.endswith("0"):
            line = f"{line} — é𝔽 on ℤ[√2]"  # non-ASCII after the id
        out.append(line)
        if line.startswith("### REF-0") and line[8:11] == "077":
            out += ["", "#### Remark 𝔽", "", "A note under the entry.", ""]
    out += ["", "## Notes on é", "", "### Loose 𝔽 heading", "", "Text.", ""]
    return "\n".join(out)


def _change(line: int, col: int, end_line: int, end_col: int, new: str) -> object:
    rng = types.Range(types.Position(line, col), types.Position(end_line, end_col))
    return types.TextDocumentContentChangePartial(range=rng, text=new)


def _assert_same(doc: MarkdownDoc) -> None:
    for enc in ENCODINGS:
        new = document_symbols(doc, enc)
        assert new.isascii()  # RawJson's promise: its length is its length in bytes
        old = [_reference(doc, n, enc) for n in outline(doc)]
        assert json.loads(new) == _wire(old)["result"], enc  # type: ignore[index]


@pytest.mark.parametrize("eol", ["lf", "crlf"])
def test_symbols_equal_the_lsprotocol_answer_across_edits(tmp_path: Path, eol: str) -> None:
    text = with_endings(_text(800), eol)
    buffer, folder, lit = buffered_literature(tmp_path, text)
    doc = folder.doc(lit)
    assert doc is not None
    _assert_same(doc)
    lines = text.splitlines()
    row = next(i for i, s in enumerate(lines) if s.startswith("### REF-700"))
    nested = next(i for i, s in enumerate(lines) if s.startswith("#### Remark"))
    edits = [
        _change(row, len(lines[row]), row, len(lines[row]), "x"),  # a heading's end
        _change(row, 4, row, 4, "é"),  # inside the id: the entry's id changes
        _change(row + 1, len(lines[row + 1]), row + 1, len(lines[row + 1]), "𝔽"),  # a field
        _change(row + 2, 0, row + 2, 0, "- **Notes:** added\n"),  # a line: entries below move
        _change(10, 0, 10, 0, "\n\n"),  # lines above every entry
        _change(row + 2, 0, row + 3, 0, ""),  # the added line deleted
        _change(nested, 0, nested, 0, "x"),  # the nested heading is no heading any more
        _change(nested, 0, nested, 1, ""),  # and is again
        _change(row, 0, row + 1, 0, ""),  # an entry's heading deleted: it joins the one above
    ]
    for change in edits:
        buffer.apply_change(change)  # type: ignore[arg-type]
        doc = folder.doc(lit)
        assert doc is not None
        _assert_same(doc)


class _Writer:
    def __init__(self) -> None:
        self.data: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.data.append(data)

    def close(self) -> None:
        pass


def test_a_raw_json_result_is_sent_as_it_stands_and_others_as_pygls_sends_them() -> None:
    server = create_server()
    writer = _Writer()
    server.protocol.set_writer(writer)
    server.protocol._send_response(7, RawJson('[{"name": "\\u00e9 \\ud835\\udd3d"}]'))
    server.protocol._send_response("x", [types.Position(line=1, character=2)])
    stream = b"".join(writer.data)  # a message may be written in several parts
    bodies = []
    while stream:
        header, rest = stream.split(b"\r\n\r\n", 1)
        length = int(header.split(b"\r\n")[0].removeprefix(b"Content-Length: "))
        bodies.append(json.loads(rest[:length]))
        stream = rest[length:]
    assert bodies == [
        {"id": 7, "result": [{"name": "é 𝔽"}], "jsonrpc": "2.0"},
        {"id": "x", "result": [{"line": 1, "character": 2}], "jsonrpc": "2.0"},
    ]
