"""Document symbols (the outline of a note) and workspace symbols (entries across folders)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.features.convert import line_column, lsp_range
from mathlsp.features.jsonready import JsonReady
from mathlsp.ide.outline import (
    OutlineNode,
    SymbolKind,
    folder_symbols,
    matches_query,
    outline,
    section_span,
)
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.journal import JournalDoc, JournalEntry
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
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


Json = dict[str, Any]
Point = tuple[int, int]  # (line, column in the client's encoding)


def _range(start: Point, end: Point) -> Json:
    return {
        "start": {"line": start[0], "character": start[1]},
        "end": {"line": end[0], "character": end[1]},
    }


class _Node:
    """A symbol being assembled: its JSON and its range, compared with its parent's."""

    __slots__ = ("end", "json", "start")

    def __init__(self, json: Json, start: Point, end: Point) -> None:
        self.json = json
        self.start = start
        self.end = end


def _node(
    name: str, kind: types.SymbolKind, span: tuple[Point, Point], sel: tuple[Point, Point],
    detail: str,
) -> _Node:  # fmt: skip
    # The keys and their order are lsprotocol's `DocumentSymbol` as pygls's converter writes it
    # (an empty detail omitted, an empty children list kept).
    json: Json = {
        "name": name,
        "kind": kind.value,
        "range": _range(*span),
        "selectionRange": _range(*sel),
    }
    if detail:
        json["detail"] = detail
    json["children"] = []
    return _Node(json, span[0], span[1])


def _points(doc: MarkdownDoc, span: Span, enc: str) -> tuple[Point, Point]:
    return line_column(doc, span.start, enc), line_column(doc, span.end, enc)


def _entry_node(doc: MarkdownDoc, e: ReferenceEntry, enc: str) -> _Node:
    """A reference entry's node from what its parsed lines (`EntryCore`) keep: its ranges as
    lines below its heading and columns, worked out once per core and encoding. A keystroke
    elsewhere, or a line added above it, moves the entry and keeps its core: only the heading's
    line is read again, no offset converted."""
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
    kind = KINDS[SymbolKind.REFERENCE if e.core.kind == "REF" else SymbolKind.UNCONFIRMED]
    span = ((line + a, b), (line + c, d))
    return _node(e.core.id, kind, span, ((line + f, g), (line + h, i)), e.core.title)


def document_symbols(doc: MarkdownDoc, enc: str) -> JsonReady:
    """documentSymbol's hierarchical answer as JSON-ready data: the tree `ide.outline.outline`
    builds (the same nesting, names, kinds and ranges), without a `DocumentSymbol` per node for
    pygls to take apart again (20,000 entries: ~0.6 s of the answer's ~1.1 s)."""
    entries: dict[int, ReferenceEntry | JournalEntry] = {}
    if isinstance(doc, LiteratureDoc):
        for e in doc.entries:
            entries[e.heading.line] = e
    elif isinstance(doc, JournalDoc):
        for j in doc.entries:
            entries[j.heading.line] = j

    roots: list[_Node] = []
    fm = doc.frontmatter
    if fm.present:
        whole = _points(doc, fm.span, enc)
        roots.append(_node("frontmatter", KINDS[SymbolKind.FRONTMATTER], whole, whole, ""))

    lines = doc.lines
    headings = lines.headings
    n_lines = len(lines.texts)
    stack: list[tuple[int, _Node]] = []
    for idx, h in enumerate(headings):
        entry = entries.get(h.line)
        if isinstance(entry, ReferenceEntry):
            node = _entry_node(doc, entry, enc)
        elif entry is not None:  # a journal entry: a short file, converted as it stands
            kind = KINDS[SymbolKind.JOURNAL_ENTRY]
            node = _node(
                entry.id, kind, _points(doc, entry.span, enc), _points(doc, entry.id_span, enc),
                entry.title,
            )  # fmt: skip
        else:
            section = section_span(lines, idx, n_lines)
            kind = KINDS[SymbolKind.DOCUMENT if h.level == 1 else SymbolKind.SECTION]
            selection = h.title_span if h.title else h.span
            node = _node(
                h.title or "(untitled)", kind, _points(doc, section, enc),
                _points(doc, selection, enc), "",
            )  # fmt: skip
        while stack and stack[-1][0] >= h.level:
            stack.pop()
        parent = stack[-1][1] if stack else None
        if parent is not None and parent.start <= node.start:
            # The child must lie inside its parent (an entry's span ends at its last field).
            if node.end > parent.end:
                parent.end = node.end
                parent.json["range"]["end"] = dict(node.json["range"]["end"])
            parent.json["children"].append(node.json)
        else:
            roots.append(node)
        stack.append((h.level, node))
    return JsonReady(n.json for n in roots)


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
    ) -> JsonReady | list[types.SymbolInformation]:
        note = store.open_note(params.text_document.uri)
        path = note.path if note else None
        if path is None:
            return []
        doc = store.doc(path)
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
