"""Document symbols (the outline of a note) and workspace symbols (entries across folders)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.features.convert import line_column, lsp_range
from mathlsp.features.jsonready import RawJson
from mathlsp.ide.outline import (
    OutlineNode,
    SymbolKind,
    folder_symbols,
    heading_tree,
    matches_query,
    outline,
)
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.gcpause import gc_paused
from mathlsp.notes.journal import JournalEntry
from mathlsp.notes.literature import ReferenceEntry
from mathlsp.notes.markdown import Heading
from mathlsp.notes.spans import Span

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


Point = tuple[int, int]  # (line, column in the client's encoding)
_REF = KINDS[SymbolKind.REFERENCE].value
_UREF = KINDS[SymbolKind.UNCONFIRMED].value
_dumps = json.dumps  # a string as JSON, non-ASCII escaped (what RawJson promises)


class _Node:
    """A symbol being assembled. `text` is its JSON when it has no children and its range is
    its own (an entry's, kept in its core's memo with the line it was written for)."""

    __slots__ = ("children", "detail", "end", "keep", "kind", "name", "sel", "start", "text")

    def __init__(
        self, name: str, kind: int, span: tuple[Point, Point], sel: tuple[Point, Point],
        detail: str,
    ) -> None:  # fmt: skip
        self.name = name
        self.kind = kind  # the LSP SymbolKind's number
        self.start, self.end = span
        self.sel = sel
        self.detail = detail
        self.children: list[_Node] = []
        self.text: str | None = None
        # where an entry keeps its JSON: its core's memo and the key (per encoding)
        self.keep: tuple[dict[object, object], object] | None = None

    def stretch(self, end: Point) -> None:
        self.end = end
        self.text = self.keep = None  # no longer the entry's own range


def _range(start: Point, end: Point) -> str:
    return (
        f'{{"start": {{"line": {start[0]}, "character": {start[1]}}}, '
        f'"end": {{"line": {end[0]}, "character": {end[1]}}}}}'
    )


def _json(node: _Node) -> str:
    # The keys and their order are lsprotocol's `DocumentSymbol` as pygls's converter writes
    # it (an empty detail omitted, an empty children list kept).
    if node.text is not None and not node.children:
        return node.text
    head = (
        f'{{"name": {_dumps(node.name)}, "kind": {node.kind}, '
        f'"range": {_range(node.start, node.end)}, "selectionRange": {_range(*node.sel)}'
    )
    if node.detail:
        head += f', "detail": {_dumps(node.detail)}'
    text = f'{head}, "children": [{", ".join(_json(c) for c in node.children)}]}}'
    if node.keep is not None and not node.children:
        memo, key = node.keep
        memo[key] = (node.start[0], text)
    return text


def _points(doc: MarkdownDoc, span: Span, enc: str) -> tuple[Point, Point]:
    return line_column(doc, span.start, enc), line_column(doc, span.end, enc)


def _entry_node(doc: MarkdownDoc, e: ReferenceEntry, enc: str) -> _Node:
    """A reference entry's node from what its parsed lines (`EntryCore`) keep: its ranges as
    lines below its heading and columns, worked out once per core and encoding, and its JSON
    for the line it last stood on. A keystroke elsewhere keeps the core: the entry's text is
    reused as it stands, or, moved by a line added above, its ranges are moved without
    converting an offset."""
    memo = e.core.memo
    key = ("outline", enc)
    rel = memo.get(key)
    line = e.heading.line
    if rel is None:
        (s_line, s_col), (e_line, e_col) = _points(doc, e.span, enc)
        (i_line, i_col), (j_line, j_col) = _points(doc, e.id_span, enc)
        rel = (s_line - line, s_col, e_line - line, e_col)
        rel += (i_line - line, i_col, j_line - line, j_col)
        memo[key] = rel
    a, b, c, d, f, g, h, i = rel  # type: ignore[misc]
    core = e.core
    kind = _REF if core.kind == "REF" else _UREF
    span = ((line + a, b), (line + c, d))
    node = _Node(core.id, kind, span, ((line + f, g), (line + h, i)), core.title)
    json_key = ("outline-json", enc)
    node.keep = (memo, json_key)
    written = memo.get(json_key)
    if written is not None and written[0] == line + a:  # type: ignore[index]
        node.text = written[1]  # type: ignore[index]
    return node


def document_symbols(doc: MarkdownDoc, enc: str) -> RawJson:
    """documentSymbol's hierarchical answer as JSON text: the tree `ide.outline.heading_tree`
    walks for `outline` too (the same nesting, names, kinds and ranges), built from converted
    points rather than a `DocumentSymbol` per node for pygls to convert and dump again, and
    with each unchanged entry's JSON reused. With the cyclic collector paused (as a parse or
    check is): the ~20,000 nodes of a large note (none in a cycle, freed by reference counting)
    set off collections that each walked the whole parsed file, 20-180 ms an answer."""
    with gc_paused():
        return _document_symbols(doc, enc)


def _document_symbols(doc: MarkdownDoc, enc: str) -> RawJson:
    def entry_node(entry: ReferenceEntry | JournalEntry) -> _Node:
        if isinstance(entry, ReferenceEntry):
            return _entry_node(doc, entry, enc)
        # a journal entry: a short file, converted as it stands
        kind = KINDS[SymbolKind.JOURNAL_ENTRY].value
        return _Node(
            entry.id, kind, _points(doc, entry.span, enc), _points(doc, entry.id_span, enc),
            entry.title,
        )  # fmt: skip

    def section_node(h: Heading, section: Span) -> _Node:
        kind = KINDS[SymbolKind.DOCUMENT if h.level == 1 else SymbolKind.SECTION].value
        selection = h.title_span if h.title else h.span
        return _Node(
            h.title or "(untitled)", kind, _points(doc, section, enc),
            _points(doc, selection, enc), "",
        )  # fmt: skip

    roots: list[_Node] = []
    fm = doc.frontmatter
    if fm.present:
        whole = _points(doc, fm.span, enc)
        roots.append(_Node("frontmatter", KINDS[SymbolKind.FRONTMATTER].value, whole, whole, ""))
    roots += heading_tree(doc, entry_node, section_node)
    return RawJson(f"[{', '.join(_json(n) for n in roots)}]")


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
    async def text_document_document_symbol(
        params: types.DocumentSymbolParams,
    ) -> RawJson | list[types.SymbolInformation]:
        doc = store.open_doc(params.text_document.uri)
        if doc is None:
            return []
        enc = server.position_encoding
        hierarchical = get_capability(
            server.client_capabilities,
            "text_document.document_symbol.hierarchical_document_symbol_support",
            False,
        )
        if hierarchical:
            # Built in a worker thread from the version just read (a large file's outline holds
            # the GIL ~0.1-0.3 s): meanwhile the event loop still wakes the edit's debounced
            # check and publishes its diagnostics, which used to wait behind this answer.
            return await asyncio.to_thread(document_symbols, doc, enc)
        return _flatten(doc, params.text_document.uri, outline(doc), enc)

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
