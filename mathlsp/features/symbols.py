"""Document symbols (the outline of a note) and workspace symbols (entries across folders)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.features.convert import lsp_range
from mathlsp.ide.outline import OutlineNode, SymbolKind, folder_symbols, matches_query, outline
from mathlsp.notes.document import MarkdownDoc

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

MAX_WORKSPACE_SYMBOLS = 500

KINDS = {
    SymbolKind.DOCUMENT: types.SymbolKind.File,
    SymbolKind.SECTION: types.SymbolKind.Namespace,
    SymbolKind.REFERENCE: types.SymbolKind.Class,
    SymbolKind.UNCONFIRMED: types.SymbolKind.Key,
    SymbolKind.JOURNAL_ENTRY: types.SymbolKind.Event,
    SymbolKind.FRONTMATTER: types.SymbolKind.Module,
}


def _document_symbol(doc: MarkdownDoc, node: OutlineNode, enc: str) -> types.DocumentSymbol:
    return types.DocumentSymbol(
        name=node.name,
        kind=KINDS[node.kind],
        range=lsp_range(doc, node.span, enc),
        selection_range=lsp_range(doc, node.selection, enc),
        detail=node.detail or None,
        children=[_document_symbol(doc, c, enc) for c in node.children],
    )


def _flatten(
    doc: MarkdownDoc, uri: str, nodes: list[OutlineNode], enc: str, container: str | None = None
) -> list[types.SymbolInformation]:
    out: list[types.SymbolInformation] = []
    for node in nodes:
        name = f"{node.name}: {node.detail}" if node.detail else node.name
        out.append(
            types.SymbolInformation(
                name=name,
                kind=KINDS[node.kind],
                location=types.Location(uri=uri, range=lsp_range(doc, node.span, enc)),
                container_name=container,
            )
        )
        out.extend(_flatten(doc, uri, node.children, enc, node.name))
    return out


def register(server: MathLanguageServer) -> None:
    store = server.store

    @server.handler(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, empty=[])
    def text_document_document_symbol(
        params: types.DocumentSymbolParams,
    ) -> list[types.DocumentSymbol] | list[types.SymbolInformation]:
        note = store.open_note(params.text_document.uri)
        path = note.path if note else None
        if path is None:
            return []
        doc = store.doc(path)
        if doc is None:
            return []
        enc = server.position_encoding
        nodes = outline(doc)
        hierarchical = get_capability(
            server.client_capabilities,
            "text_document.document_symbol.hierarchical_document_symbol_support",
            False,
        )
        if hierarchical:
            return [_document_symbol(doc, n, enc) for n in nodes]
        return _flatten(doc, params.text_document.uri, nodes, enc)

    @server.handler(types.WORKSPACE_SYMBOL, empty=[])
    async def workspace_symbol(
        params: types.WorkspaceSymbolParams,
    ) -> list[types.SymbolInformation]:
        # Every folder's notes are listed and parsed: in a worker thread, so the server keeps
        # answering (and reading keystrokes) meanwhile.
        return await asyncio.to_thread(_workspace_symbols, params)

    def _workspace_symbols(params: types.WorkspaceSymbolParams) -> list[types.SymbolInformation]:
        enc = server.position_encoding
        out: list[types.SymbolInformation] = []
        for folder in store.known_folders():
            for sym in folder_symbols(store.docs(folder), folder.slug):
                if not matches_query(sym.name, params.query):
                    continue
                path = sym.doc.path
                out.append(
                    types.SymbolInformation(
                        name=sym.name,
                        kind=KINDS[sym.kind],
                        location=types.Location(
                            uri=store.uri_for(Path(path)),
                            range=lsp_range(sym.doc, sym.span, enc),
                        ),
                        container_name=f"{sym.container} · {Path(path).name}",
                    )
                )
                if len(out) >= MAX_WORKSPACE_SYMBOLS:
                    return out
        return out
