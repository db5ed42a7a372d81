""" "New journal entry" in the editor: a PROOF-, COMP- or NOTE- entry in the schema, one edit.

The code actions in JOURNAL.md (and the command `mathlsp.newJournalEntry`) add an entry with the
next id of its category, a timestamp and every field of the schema, the counts and
`strategies_tried` updated — the same writer as `mathlsp journal add`. Called with a strategy,
the dead-end check runs first: a repeat of a failed strategy is a choice before anything is
written (Proceed: the entry records it as a re-attempt and no JRN009 note follows; Cancel:
nothing is written). An editor that cannot ask gets the entry with the nudge as a message, and
the JRN009 note in JOURNAL.md until the user decides. Without a title or insight,
the entry's fields say what to write, and the JRN diagnostics keep asking until they are filled.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.features.arguments import checked
from mathlsp.features.edits import apply_edit, build_workspace_edit, show, snapshot
from mathlsp.features.workspace_state import uri_to_path
from mathlsp.notes.journal_render import NewJournalEntry

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

NEW_ENTRY = "mathlsp.newJournalEntry"
KINDS = {"proof": "PROOF", "computation": "COMP", "note": "NOTE"}
TITLES = {"proof": "proof attempt", "computation": "computation", "note": "note"}


def new_entry(call: dict[str, Any], now: dt.datetime) -> NewJournalEntry:
    """The entry a call asks for; placeholders where the user has yet to write."""
    kind = call["kind"]
    category = KINDS[kind]
    default_outcome = "IN_PROGRESS" if category == "PROOF" else "SUCCEEDED"
    return NewJournalEntry(
        category=category,
        title=call.get("title") or f"New {TITLES[kind]}",
        insight=call.get("insight") or "(what a later session needs to know — never optional)",
        outcome=(call.get("outcome") or default_outcome).upper(),
        agent="human",
        strategy_type=(call.get("strategy") or "").lower(),
        tags=[t.strip() for t in (call.get("tags") or "").split(",") if t.strip()],
        what_was_tried=call.get("tried") or "(what was tried)",
        reasoning=call.get("reasoning") or "",
        timestamp=now,
    )


async def new_entry_command(server: MathLanguageServer, call: dict[str, Any]) -> Any:
    # Imported on use: none of this is needed to answer `initialize`.
    from mathlsp.notes.journal import JournalDoc
    from mathlsp.notes.journal_render import add_journal_entry
    from mathlsp.notes.render import Edit, apply_edits
    from mathlsp.notes.spans import Span
    from mathlsp.notes.templates import fill_template, folder_line_ending
    from mathlsp.research.deadends import find_dead_ends, proceed_question

    if call["kind"] not in KINDS:
        show(server, f"mathlsp: kind must be one of {', '.join(KINDS)}", types.MessageType.Error)
        return None
    path = uri_to_path(call["uri"])
    if path is None:
        return None
    folder = server.store.folder_for(path)
    journal_path = folder.root / "JOURNAL.md"
    snap = snapshot(server, journal_path)
    base = snap.text
    if base is None:
        names = {"PROBLEM_SLUG": folder.root.name, "PROBLEM_TITLE": folder.root.name}
        base = fill_template("JOURNAL.md", names, folder_line_ending(folder.root))
    entry = new_entry(call, dt.datetime.now(dt.UTC))
    try:
        edits, entry_id = add_journal_entry(JournalDoc(base), entry)
    except ValueError as exc:
        show(server, f"mathlsp: JOURNAL.md cannot take the entry: {exc}", types.MessageType.Error)
        return None
    new_text = apply_edits(base, edits)
    if snap.text is None:
        # A new file: the whole journal in one edit (written to disk first when the editor
        # cannot create files).
        edits = [Edit(Span(0, 0), new_text)]
    nudges = [d for d in find_dead_ends(JournalDoc(new_text)) if d.entry.id == entry_id]
    if entry.strategy_type and nudges:
        priors = ", ".join(d.prior.id for d in nudges)
        said = " ".join(d.message for d in nudges)
        choice = await ask(server, f"{entry_id}: {said} {proceed_question(entry_id, priors)}")
        if choice == CANCEL:
            show(server, f"mathlsp: {entry_id} not written", types.MessageType.Info)
            return None
        if choice == PROCEED:
            entry.re_attempt_of = ", ".join(x for x in (entry.re_attempt_of, priors) if x)
            edits, entry_id = add_journal_entry(JournalDoc(base), entry)
            if snap.text is None:
                edits = [Edit(Span(0, 0), apply_edits(base, edits))]
        else:
            show(
                server,
                f"mathlsp: {entry_id}: {said} Written with this note; if the repeat is "
                "deliberate, use the quick fix on JRN009 to record it as a re-attempt.",
                types.MessageType.Info,
            )
    prepared = build_workspace_edit(
        [snap.edit(edits)], server.client_capabilities, server.position_encoding
    )
    if not await apply_edit(server, prepared, f"New journal entry {entry_id}"):
        return None
    return {"id": entry_id, "uri": snap.uri}


PROCEED = "Proceed (record as a re-attempt)"
CANCEL = "Cancel"
ASK_TIMEOUT_S = 300.0  # a person reads the question; a client that never answers is not one


async def ask(server: MathLanguageServer, message: str) -> str | None:
    """Proceed or Cancel before the entry is written; None when the editor cannot ask (no
    `window.showMessage` capability, no answer in time, an error). Dismissed counts as Cancel."""
    from mathlsp.features.edits import ask_choice

    try:
        answer = await ask_choice(
            server, message, [PROCEED, CANCEL], types.MessageType.Warning, ASK_TIMEOUT_S
        )
    except Exception:
        return None
    return answer or CANCEL


def code_actions(state: Any, params: types.CodeActionParams, wanted: Any) -> list[types.CodeAction]:
    """In JOURNAL.md: a new PROOF-, COMP- or NOTE- entry."""
    if state.path.name != "JOURNAL.md" or not wanted(types.CodeActionKind.Source):
        return []
    actions = []
    for kind, category in KINDS.items():
        title = f"New journal entry: {category}- ({TITLES[kind]})"
        actions.append(
            types.CodeAction(
                title=title,
                kind=types.CodeActionKind.Source,
                command=types.Command(
                    title=title, command=NEW_ENTRY, arguments=[{"uri": state.uri, "kind": kind}]
                ),
            )
        )
    return actions


def register(server: MathLanguageServer) -> None:
    @server.command(NEW_ENTRY)
    async def mathlsp_new_journal_entry(*args: Any) -> Any:
        if (call := checked(server, NEW_ENTRY, args)) is None:
            return None
        try:
            return await new_entry_command(server, call[0])
        except Exception as exc:
            server.report_feature_error(NEW_ENTRY, exc, None)
            show(server, f"mathlsp: new journal entry failed: {exc}", types.MessageType.Error)
            return None
