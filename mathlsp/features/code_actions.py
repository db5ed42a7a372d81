"""Code actions: quick fixes for diagnostics, and source actions (renumber, resume).

Thin handlers over the pure `mathlsp.ide.fixes`: the action's edit is computed against the note's
current buffer and returned as a versioned WorkspaceEdit (`features.edits`). Multi-file edits
(renumbering updates every note of the folder) — and every edit for a client that cannot version
its edits (no `documentChanges`) — are computed in `codeAction/resolve` when the client supports
resolving `edit`, so they are computed against the text the user is looking at when choosing
the action. A resolve for a document that changed since the action was offered returns no edit
and says so: a stale edit is never applied.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.features import bib, journal, search, synthesis, verification
from mathlsp.features.edits import (
    build_workspace_edit,
    show,
    supports_document_changes,
)
from mathlsp.features.note_fixes import FIXES, MULTI_FILE, NoteState, note_state
from mathlsp.ide import fixes
from mathlsp.notes.folder import find_problem_folder
from mathlsp.notes.literature import LiteratureDoc

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)

QUICKFIX = types.CodeActionKind.QuickFix
SOURCE = types.CodeActionKind.Source
RESUME_COMMAND = "mathlsp.resume"
COUNT_CODES = ("LIT003", "JRN002")
RENUMBER_CODES = ("LIT007", "LIT008")


# -- building actions ---------------------------------------------------------------------------
@dataclass(slots=True)
class Offer:
    title: str
    kind: str
    fix: str
    args: dict[str, Any]
    diagnostics: list[types.Diagnostic]
    preferred: bool = False


def _wanted(kind: str, only: Sequence[str] | None) -> bool:
    if not only:
        return True
    return any(kind == o or kind.startswith(f"{o}.") for o in only)


def _resolvable(caps: types.ClientCapabilities) -> bool:
    props = get_capability(caps, "text_document.code_action.resolve_support.properties", None)
    data_ok = get_capability(caps, "text_document.code_action.data_support", False)
    return bool(props) and "edit" in props and bool(data_ok)


def _data(d: types.Diagnostic) -> dict[str, Any]:
    return d.data if isinstance(d.data, dict) else {}


def offers_for(state: NoteState, diagnostics: Sequence[types.Diagnostic]) -> list[Offer]:
    """The quick fixes for the mathlsp diagnostics of a code-action request."""
    doc = state.doc
    offers: list[Offer] = []
    counts: list[types.Diagnostic] = []
    renumbers: list[types.Diagnostic] = []
    for d in diagnostics:
        if d.source != "mathlsp":
            continue
        code, data = str(d.code), _data(d)
        if code in COUNT_CODES and data.get("key"):
            key = str(data["key"])
            expected = fixes.expected_counts(doc).get(key)
            if expected is not None and key in fixes.wrong_counts(doc):
                counts.append(d)
                offers.append(
                    Offer(f"Set `{key}` to {expected}", QUICKFIX, "count", {"key": key}, [d], True)
                )
        elif code == "SYN001":
            line = d.range.start.line
            for marker in fixes.MARKERS:
                offers.append(
                    Offer(
                        f"Add confidence marker {marker} ({fixes.MARKER_MEANING[marker]})",
                        QUICKFIX,
                        "marker",
                        {"line": line, "marker": marker},
                        [d],
                    )
                )
        elif code in RENUMBER_CODES:
            renumbers.append(d)
        elif code == "REF009" and data.get("replacement") and data.get("id"):
            start = state.offset(d.range.start)
            old, new = str(data["id"]), str(data["replacement"])
            args = {"start": start, "end": start + len(old), "old": old, "new": new}
            offers.append(Offer(f"Replace {old} with {new}", QUICKFIX, "replace", args, [d], True))
        elif code == "LIT013" and data.get("id"):
            old = str(data["id"])
            title = (
                f"Give this entry a new id (instead of {old}) and update the mentions that mean it"
            )
            offers.append(Offer(title, QUICKFIX, "new_id", {"id": old}, [d], True))
        elif code == "REF010":
            args = {"offset": state.offset(d.range.start)}
            title = "Mark the claim [~] (an unconfirmed reference cannot support [V])"
            offers.append(Offer(title, QUICKFIX, "downgrade", args, [d], True))
        elif data.get("relevel") and isinstance(data.get("line"), int):
            # A schema section written at another heading level (LIT004, JRN003).
            args = {"line": data["line"], "level": int(data["relevel"])}
            title = f"Make it a `{'#' * args['level']}` heading (a schema section)"
            offers.append(Offer(title, QUICKFIX, "relevel", args, [d], True))
        elif code == "LIT004" and data.get("section"):
            section = str(data["section"])
            title = f"Add the '## {section}' section"
            offers.append(Offer(title, QUICKFIX, "section", {"section": section}, [d], True))
        elif code == "JRN009" and data.get("prior") and data.get("entry"):
            prior, entry = str(data["prior"]), str(data["entry"])
            args = {"prior": prior, "entry": entry}
            title = f"Record {entry} as a re-attempt of {prior}"
            offers.append(Offer(title, QUICKFIX, "reattempt", args, [d]))
        elif code == "JRN013" and data.get("id") and isinstance(data.get("known"), list):
            entry_id = str(data["id"])
            for strategy in data["known"]:
                args = {"id": entry_id, "strategy": str(strategy)}
                title = f"Set {entry_id}'s strategy type to {strategy}"
                offers.append(Offer(title, QUICKFIX, "strategy", args, [d]))
        elif code == "JRN010" and data.get("id"):
            args = {"id": str(data["id"])}
            title = f"Add an Insight/Takeaway field to {data['id']} (fill it in)"
            offers.append(Offer(title, QUICKFIX, "insight", args, [d], True))
    if len(fixes.wrong_counts(doc)) > 1 and counts:
        offers.append(Offer("Fix all frontmatter counts", QUICKFIX, "counts", {}, counts))
    if renumbers and isinstance(doc, LiteratureDoc) and fixes.plan_renumbering(doc):
        title = "Renumber references (REF and UREF, and their mentions in every note)"
        offers.append(Offer(title, QUICKFIX, "renumber", {}, renumbers))
    return offers


def source_offers(state: NoteState) -> list[Offer]:
    offers = []
    if isinstance(state.doc, LiteratureDoc) and fixes.plan_renumbering(state.doc):
        offers.append(Offer("Renumber references", SOURCE, "renumber", {}, []))
    return offers


def _action(state: NoteState, offer: Offer, lazy: bool) -> types.CodeAction | None:
    action = types.CodeAction(
        title=offer.title,
        kind=offer.kind,
        diagnostics=offer.diagnostics or None,
        is_preferred=offer.preferred or None,
    )
    if lazy:
        action.data = {
            "uri": state.uri,
            "version": state.version,
            "fix": offer.fix,
            "args": offer.args,
        }
        return action
    files = FIXES[offer.fix](state, offer.args)
    if not files:
        return None
    caps = state.server.client_capabilities
    action.edit = build_workspace_edit(files, caps, state.encoding).edit
    return action


def code_actions(
    server: MathLanguageServer, params: types.CodeActionParams
) -> list[types.CodeAction | types.Command] | None:
    if params.text_document.uri.lower().endswith(".bib"):
        note = server.store.open_note(params.text_document.uri)
        if note is None or getattr(server, "verification", None) is None:
            return None
        return [
            a
            for a in bib.code_actions(server, note, params)
            if _wanted(str(a.kind), params.context.only)
        ] or None
    state = note_state(server, params.text_document.uri)
    if state is None:
        return None
    only = params.context.only
    caps = server.client_capabilities
    resolvable = _resolvable(caps)
    versioned = supports_document_changes(caps)
    offers: list[Offer] = []
    if _wanted(QUICKFIX, only):
        offers += offers_for(state, params.context.diagnostics)
    if _wanted(SOURCE, only):
        offers += source_offers(state)
    actions: list[types.CodeAction | types.Command] = []
    for offer in offers:
        lazy = resolvable and (offer.fix in MULTI_FILE or not versioned)
        action = _action(state, offer, lazy)
        if action is not None:
            actions.append(action)
    service = getattr(server, "verification", None)
    if service is not None:
        wanted = lambda kind: _wanted(kind, only)  # noqa: E731
        actions.extend(verification.code_actions(server, state, params, wanted))
        actions.extend(search.code_actions(state, params, wanted, server))
        actions.extend(synthesis.code_actions(state, params, wanted))
        actions.extend(journal.code_actions(state, params, wanted))
        if isinstance(state.doc, LiteratureDoc) and wanted(types.CodeActionKind.Refactor):
            entry = state.doc.entry_at(state.offset(params.range.start))
            if entry is not None and entry.kind == "REF" and entry.verified is not None:
                actions.append(bib.copy_action(server, state.uri, entry))
    if _wanted(SOURCE, only) and find_problem_folder(state.path) is not None:
        actions.append(
            types.CodeAction(
                title="Resume session (DASHBOARD.md)",
                kind=SOURCE,
                command=types.Command(
                    title="Resume session (DASHBOARD.md)",
                    command=RESUME_COMMAND,
                    arguments=[state.uri],
                ),
            )
        )
    return actions or None


def resolve(server: MathLanguageServer, action: types.CodeAction) -> types.CodeAction:
    """Compute the edit of an action offered lazily — refused when the note changed since."""
    data = action.data if isinstance(action.data, dict) else None
    if data is None or action.edit is not None or data.get("fix") not in FIXES:
        return action
    uri = str(data.get("uri"))
    state = note_state(server, uri)
    if state is None or state.version != data.get("version"):
        show(
            server,
            f"mathlsp: '{action.title}' was not applied: the note changed since the action was "
            "offered — ask for the code action again",
            types.MessageType.Warning,
        )
        return action
    files = FIXES[str(data["fix"])](state, dict(data.get("args") or {}))
    if files:
        prepared = build_workspace_edit(files, server.client_capabilities, state.encoding)
        action.edit = prepared.edit
    return action


def register(server: MathLanguageServer) -> None:
    options = types.CodeActionOptions(
        code_action_kinds=[QUICKFIX, SOURCE, types.CodeActionKind.Refactor], resolve_provider=True
    )

    @server.handler(types.TEXT_DOCUMENT_CODE_ACTION, options, empty=None)
    def text_document_code_action(
        params: types.CodeActionParams,
    ) -> list[types.CodeAction | types.Command] | None:
        return code_actions(server, params)

    @server.handler(types.CODE_ACTION_RESOLVE)
    def code_action_resolve(params: types.CodeAction) -> types.CodeAction:
        try:
            return resolve(server, params)
        except Exception as exc:  # answer the action as it came rather than nothing
            server.report_feature_error("codeAction/resolve", exc, None)
            return params
