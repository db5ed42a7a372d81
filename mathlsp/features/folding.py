"""Folding ranges (textDocument/foldingRange): `ide.folds` written for the client."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.features.jsonready import RawJson
from mathlsp.ide.folds import Fold, folds, limited
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.gcpause import gc_paused

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer


def folding_json(all_folds: list[Fold], limit: int | None, kinds: set[str] | None) -> RawJson:
    """The answer as JSON text, keys in lsprotocol's `FoldingRange` order: a fold per section
    and entry at 20,000 entries is ~25,000 objects, which pygls's converter would build and
    walk again on every request after a keystroke. Only lines are sent (every client may fold
    lines; `lineFoldingOnly` clients need nothing else); a kind the client did not list is
    left out, as the specification asks."""
    parts = []
    for f in limited(all_folds, limit):
        kind = f.kind.value
        lines = f'"startLine": {f.start_line}, "endLine": {f.end_line}'
        parts.append(
            f'{{{lines}, "kind": "{kind}"}}' if kinds is None or kind in kinds else f"{{{lines}}}"
        )
    return RawJson(f"[{', '.join(parts)}]")


def register(server: MathLanguageServer) -> None:
    store = server.store

    @server.handler(types.TEXT_DOCUMENT_FOLDING_RANGE, empty=[])
    async def text_document_folding_range(
        params: types.FoldingRangeParams,
    ) -> RawJson | list[object]:
        doc = store.open_doc(params.text_document.uri)
        if doc is None:
            return []
        caps = server.client_capabilities
        limit = get_capability(caps, "text_document.folding_range.range_limit", None)
        value_set = get_capability(
            caps, "text_document.folding_range.folding_range_kind.value_set", None
        )
        kinds = None if value_set is None else {str(getattr(k, "value", k)) for k in value_set}
        # In a worker thread, as documentSymbol: the headings of a version a keystroke made are
        # worked out on first use, which must not hold up the edit's diagnostics on the loop.
        return await asyncio.to_thread(_answer, doc, limit, kinds)


def _answer(doc: MarkdownDoc, limit: int | None, kinds: set[str] | None) -> RawJson:
    # The collector paused, as for documentSymbol: ~25,000 folds and their JSON in no cycle.
    with gc_paused():
        return folding_json(folds(doc), limit, kinds)
