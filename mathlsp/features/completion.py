"""Completion: REF/UREF ids with their titles, confidence markers, frontmatter keys and values."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.features.convert import lsp_range
from mathlsp.ide.completion_items import Candidate, CandidateKind, complete
from mathlsp.notes.document import MarkdownDoc

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

TRIGGER_CHARACTERS = ["-", "[", ":"]

KINDS = {
    CandidateKind.REFERENCE: types.CompletionItemKind.Reference,
    CandidateKind.MARKER: types.CompletionItemKind.EnumMember,
    CandidateKind.KEY: types.CompletionItemKind.Property,
    CandidateKind.VALUE: types.CompletionItemKind.Value,
}


def register(server: MathLanguageServer) -> None:
    store = server.store

    def to_item(
        doc: MarkdownDoc, c: Candidate, enc: str, markdown_docs: bool
    ) -> types.CompletionItem:
        documentation: str | types.MarkupContent | None = None
        if c.documentation:
            # Plain text: the entry's title and authors come from the file and are not rendered.
            documentation = (
                types.MarkupContent(kind=types.MarkupKind.PlainText, value=c.documentation)
                if markdown_docs
                else c.documentation
            )
        return types.CompletionItem(
            label=c.label,
            kind=KINDS[c.kind],
            detail=c.detail or None,
            documentation=documentation,
            sort_text=c.sort_text,
            filter_text=c.filter_text,
            text_edit=types.TextEdit(range=lsp_range(doc, c.replace, enc), new_text=c.insert),
        )

    @server.handler(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=TRIGGER_CHARACTERS, resolve_provider=False),
        empty=None,
    )
    def text_document_completion(params: types.CompletionParams) -> types.CompletionList | None:
        cursor = store.cursor(params.text_document.uri, params.position)
        if cursor is None:
            return None
        result = complete(cursor.doc, cursor.offset, cursor.folder.literature)
        if not result.items:
            return None
        formats = get_capability(
            server.client_capabilities,
            "text_document.completion.completion_item.documentation_format",
            None,
        )
        markup = bool(formats) and types.MarkupKind.PlainText in formats
        enc = server.position_encoding
        return types.CompletionList(
            is_incomplete=result.incomplete,
            items=[to_item(cursor.doc, c, enc, markup) for c in result.items],
        )
