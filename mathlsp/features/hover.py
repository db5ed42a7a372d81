"""Hover on a REF/UREF id, an arXiv id or a DOI: the verified-record card when the cache knows
the paper (features/verification/cards.py), else the entry exactly as written in LITERATURE.md.

The entry's text stands inside a code block, so Markdown in the file cannot inject links or HTML
into the editor's hover; API text in the card is escaped (mathlsp/ide/hover_card.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.features import bib, verification
from mathlsp.features.convert import lsp_range
from mathlsp.ide import navigation

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer


def register(server: MathLanguageServer) -> None:
    store = server.store

    @server.handler(types.TEXT_DOCUMENT_HOVER, empty=None)
    def text_document_hover(params: types.HoverParams) -> types.Hover | None:
        formats = get_capability(
            server.client_capabilities, "text_document.hover.content_format", None
        )
        markdown = not formats or types.MarkupKind.Markdown in formats
        if params.text_document.uri.lower().endswith(".bib"):
            note = store.open_note(params.text_document.uri)
            if note is None or getattr(server, "verification", None) is None:
                return None
            return bib.hover(server, note, params.position, markdown)
        cursor = store.cursor(params.text_document.uri, params.position)
        if cursor is None:
            return None
        service = getattr(server, "verification", None)
        card = verification.hover_text(server, cursor, markdown) if service else None
        if card is not None:
            text, span = card
            return types.Hover(
                contents=types.MarkupContent(
                    kind=types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText,
                    value=text,
                ),
                range=lsp_range(cursor.doc, span, server.position_encoding),
            )
        found = navigation.id_at(cursor.doc, cursor.offset)
        if found is None:
            return None
        if found.is_definition:
            # On the entry's own heading: the entry as written (the card, when the cache knows
            # the paper, came above) and where the notes cite it.
            mentions = navigation.references(
                server.store.docs(cursor.folder), None, found.id, include_declaration=False
            )
            entry = navigation.reference_card(cursor.folder.literature, found.id, markdown=markdown)
            text = entry + "\n\n" + navigation.usage_card(found.id, mentions)
        else:
            text = navigation.reference_card(cursor.folder.literature, found.id, markdown=markdown)
        return types.Hover(
            contents=types.MarkupContent(
                kind=types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText,
                value=text,
            ),
            range=lsp_range(cursor.doc, found.span, server.position_encoding),
        )
