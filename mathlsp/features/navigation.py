"""Go to definition and find references for REF/UREF ids across the problem folder."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from mathlsp.features.convert import lsp_range
from mathlsp.ide import navigation

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer


def register(server: MathLanguageServer) -> None:
    store = server.store

    def locations(targets: list[navigation.Target]) -> list[types.Location]:
        enc = server.position_encoding
        return [
            types.Location(uri=store.uri_for(Path(t.doc.path)), range=lsp_range(t.doc, t.span, enc))
            for t in targets
        ]

    @server.handler(types.TEXT_DOCUMENT_DEFINITION, empty=None)
    def text_document_definition(params: types.DefinitionParams) -> list[types.Location] | None:
        cursor = store.cursor(params.text_document.uri, params.position)
        if cursor is None:
            return None
        found = navigation.id_at(cursor.doc, cursor.offset)
        if found is None:
            return None
        return locations(navigation.definitions(cursor.folder.literature, found.id)) or None

    @server.handler(types.TEXT_DOCUMENT_REFERENCES, empty=None)
    def text_document_references(params: types.ReferenceParams) -> list[types.Location] | None:
        cursor = store.cursor(params.text_document.uri, params.position)
        if cursor is None:
            return None
        found = navigation.id_at(cursor.doc, cursor.offset)
        if found is None:
            return None
        targets = navigation.references(
            store.docs(cursor.folder),
            cursor.folder.literature,
            found.id,
            include_declaration=params.context.include_declaration,
        )
        return locations(targets)
