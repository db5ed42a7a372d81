"""Code actions on references: verify, move to Unconfirmed, apply the source's metadata, insert."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.features.verification.service import (
    APPLY_METADATA,
    INSERT_REFERENCE,
    MOVE_TO_UNCONFIRMED,
    VERIFY_ALL,
    VERIFY_REFERENCE,
)
from mathlsp.notes.literature import VERIFIED_SECTIONS, LiteratureDoc
from mathlsp.sources.labels import label
from mathlsp.sources.record import parse_identifier

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)


# -- code actions -----------------------------------------------------------------------------
def _command_action(
    title: str,
    kind: str,
    command: str,
    arguments: list[Any],
    diagnostics: list[types.Diagnostic] | None = None,
    preferred: bool = False,
) -> types.CodeAction:
    return types.CodeAction(
        title=title,
        kind=kind,
        diagnostics=diagnostics or None,
        is_preferred=preferred or None,
        command=types.Command(title=title, command=command, arguments=arguments),
    )


def code_actions(
    server: MathLanguageServer, state: Any, params: types.CodeActionParams, wanted: Any
) -> list[types.CodeAction]:
    """Verification actions for a code-action request (commands: the work is online)."""
    from mathlsp.verify.pipeline import identifiers_of

    doc, uri = state.doc, state.uri
    quickfix, source, refactor = (
        types.CodeActionKind.QuickFix,
        types.CodeActionKind.Source,
        types.CodeActionKind.Refactor,
    )
    actions: list[types.CodeAction] = []
    by_code: dict[str, list[types.Diagnostic]] = {}
    for d in params.context.diagnostics:
        if d.source == "mathlsp":
            by_code.setdefault(str(d.code), []).append(d)
    if isinstance(doc, LiteratureDoc):
        start, end = state.offset(params.range.start), state.offset(params.range.end)
        entry = doc.entry_at(start) or doc.entry_at(end)
        # An entry outside Confirmed/Unconfirmed References can be neither verified nor moved
        # from there (LIT009 says where it belongs): offering either would do nothing.
        if entry is not None and entry.section in VERIFIED_SECTIONS and wanted(quickfix):
            related = (
                [
                    d
                    for code in ("REF001", "REF002", "REF008", "VER001", "VER003", "VER004")
                    for d in by_code.get(code, [])
                    if d.data and d.data.get("id") == entry.id
                ]
                if by_code
                else []
            )
            actions.append(
                _command_action(
                    f"Verify {entry.id} against its sources",
                    quickfix,
                    VERIFY_REFERENCE,
                    [uri, entry.id],
                    related,
                    preferred=bool(related),
                )
            )
            failing = [
                d for d in by_code.get("VER001", []) if d.data and d.data.get("id") == entry.id
            ]
            differs = [
                d for d in by_code.get("VER004", []) if d.data and d.data.get("id") == entry.id
            ]
            if entry.kind == "REF" and (failing or wanted(refactor)):
                kind = quickfix if failing else refactor
                actions.append(
                    _command_action(
                        f"Move {entry.id} to Unconfirmed References",
                        kind,
                        MOVE_TO_UNCONFIRMED,
                        [uri, entry.id],
                        failing,
                    )
                )
            check = server.verification.verifier.check(entry)
            if check is not None and check.record is not None and (differs or failing):
                src = label(check.record.backend)
                actions.append(
                    _command_action(
                        f"Apply {src}'s metadata to {entry.id}",
                        quickfix,
                        APPLY_METADATA,
                        [uri, entry.id],
                        differs or failing,
                        preferred=bool(differs),
                    )
                )
        if wanted(source):
            actions.append(_command_action("Verify all references", source, VERIFY_ALL, [uri]))
    if wanted(refactor) or wanted(quickfix):
        start = state.offset(params.range.start)
        lit = state.folder.literature
        known = (
            {str(i) for e in lit.entries for i in identifiers_of(e)} if lit is not None else set()
        )
        for located in doc.identifiers_on([doc.lines.line_of(start)]):
            m = located.mention
            if not m.valid or not (located.span.start <= start <= located.span.end):
                continue
            ident = parse_identifier(m.value if m.kind == "doi" else f"arXiv:{m.value}")
            if ident is None or str(ident.unversioned()) in known:
                continue
            shown = f"arXiv:{ident.versioned}" if m.kind == "arxiv" else f"doi:{ident.value}"
            actions.append(
                _command_action(
                    f"Insert a LITERATURE.md entry for {shown}",
                    refactor,
                    INSERT_REFERENCE,
                    [uri, shown],
                )
            )
    return actions
