"""The floor under bench_nvim_large's documentSymbol: a stdio server that answers it at once.

It speaks just enough LSP for nvim_large.lua (initialize, the document notifications, shutdown,
exit): every documentSymbol is answered with the same bytes mathlsp writes for the file opened
(`features.symbols.document_symbols`, worked out once at didOpen), and every didOpen or
didChange with an empty publishDiagnostics. What the editor then waits for is its own share:
the transfer of the answer, the parse of its JSON, and the request's round trip.

    python benchmarks/bench_nvim_large.py --sizes 20000 --floor
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any, BinaryIO


def read_message(stdin: BinaryIO) -> dict[str, Any] | None:
    length = 0
    while True:
        line = stdin.readline()
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return json.loads(stdin.read(length))  # type: ignore[no-any-return]


def write(stdout: BinaryIO, body: str) -> None:
    data = body.encode("utf-8")
    stdout.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
    stdout.flush()


def symbols_of(text: str) -> str:
    from mathlsp.cli.check import _read_once
    from mathlsp.features.symbols import document_symbols
    from mathlsp.notes.folder import ProblemFolder

    root = Path(tempfile.mkdtemp())
    (root / "LITERATURE.md").write_text(text, encoding="utf-8")
    doc = ProblemFolder(root, _read_once()).doc(root / "LITERATURE.md")
    assert doc is not None
    return document_symbols(doc, "utf-16")


def main() -> None:
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    payload = "[]"
    while (msg := read_message(stdin)) is not None:
        method, msg_id = msg.get("method"), msg.get("id")
        if method == "initialize":
            caps = {"textDocumentSync": 2, "documentSymbolProvider": True}
            write(
                stdout,
                json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": {"capabilities": caps}}),
            )
        elif method == "textDocument/documentSymbol":
            write(stdout, f'{{"jsonrpc": "2.0", "id": {json.dumps(msg_id)}, "result": {payload}}}')
        elif method in ("textDocument/didOpen", "textDocument/didChange"):
            doc = msg["params"]["textDocument"]
            if method == "textDocument/didOpen":
                payload = symbols_of(doc["text"])
            params = {"uri": doc["uri"], "diagnostics": []}
            note = {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params}
            write(stdout, json.dumps(note))
        elif method == "exit":
            return
        elif msg_id is not None and method is not None:
            write(stdout, json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": None}))


if __name__ == "__main__":
    main()
