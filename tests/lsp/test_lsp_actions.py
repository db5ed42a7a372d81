"""Code actions, commands, WorkspaceEdits and progress end to end, with VS Code's and Neovim's
client capabilities. The test client applies WorkspaceEdits as an editor does (`lsp_helpers`):
versioned edits over a newer buffer are refused, open buffers change through didChange."""

from __future__ import annotations

import ast
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsp_helpers import (
    CLIENTS,
    JOURNAL,
    LITERATURE,
    REPO,
    Problem,
    apply_workspace_edit,
    change_buffer,
    codes,
    latest,
    make_client,
    open_note,
    wait_until,
)
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from mathlsp.features.edits import FileEdit, Snapshot, build_workspace_edit
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.render import Edit
from mathlsp.notes.spans import Span

# -- helpers -----------------------------------------------------------------------------------


def buffer(client: LanguageClient, uri: str) -> str:
    return client.buffers[uri].text  # type: ignore[attr-defined]


async def diagnostics_with(client: LanguageClient, uri: str, code: str) -> list[types.Diagnostic]:
    await wait_until(lambda: code in codes(latest(client, uri)), what=f"{code} on {uri}")
    return [d for d in latest(client, uri).diagnostics if d.code == code]


async def settled(client: LanguageClient, uri: str) -> types.PublishDiagnosticsParams:
    """The diagnostics of the buffer's current version."""
    version = client.buffers[uri].version  # type: ignore[attr-defined]
    await wait_until(
        lambda: (p := latest(client, uri)) is not None and p.version == version,
        what=f"diagnostics of {uri} v{version}",
    )
    return latest(client, uri)


async def actions_for(
    client: LanguageClient,
    uri: str,
    diags: list[types.Diagnostic],
    only: list[str] | None = None,
    rng: types.Range | None = None,
) -> list[types.CodeAction]:
    top = types.Range(types.Position(0, 0), types.Position(0, 0))
    rng = rng or (diags[0].range if diags else top)
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=rng,
            context=types.CodeActionContext(diagnostics=diags, only=only),
        )
    )
    return [_as_action(a) for a in result or []]


def _as_action(item: types.CodeAction | types.Command) -> types.CodeAction:
    """lsprotocol's client-side hook reads any result item with a `command` key as a Command,
    so a CodeAction carrying a command arrives with the command object as a repr string (real
    editors look at the JSON and are not fooled). Rebuild it."""
    if isinstance(item, types.CodeAction):
        return item
    inner = ast.literal_eval(item.command) if item.command.startswith("{") else None
    if inner is None:
        return types.CodeAction(title=item.title, command=item)
    return types.CodeAction(title=item.title, command=types.Command(**inner))


def named(actions: list[types.CodeAction], title: str) -> types.CodeAction:
    found = [a for a in actions if a.title.startswith(title)]
    assert found, f"no action {title!r} in {[a.title for a in actions]}"
    return found[0]


async def edit_of(client: LanguageClient, action: types.CodeAction) -> types.WorkspaceEdit:
    """The action's edit, resolved first when it was offered lazily (as both editors do)."""
    if action.edit is None:
        assert action.data is not None, action
        action = await client.code_action_resolve_async(action)
    assert action.edit is not None, action
    return action.edit


def check_shape(client: LanguageClient, edit: types.WorkspaceEdit, uri: str, version: int | None):
    """VS Code gets versioned documentChanges; Neovim (no documentChanges) gets `changes`."""
    if client.client_name == "visual_studio_code":  # type: ignore[attr-defined]
        assert edit.changes is None and edit.document_changes
        ids = {c.text_document.uri: c.text_document.version for c in edit.document_changes}
        assert ids[uri] == version
    else:
        assert edit.document_changes is None and uri in edit.changes


async def apply(client: LanguageClient, action: types.CodeAction) -> types.WorkspaceEdit:
    edit = await edit_of(client, action)
    result = apply_workspace_edit(client, edit)
    assert result.applied, result.failure_reason
    return edit


# -- capabilities ------------------------------------------------------------------------------
async def test_capabilities_declare_actions_and_commands(client: LanguageClient):
    caps = client.init_result.capabilities  # type: ignore[attr-defined]
    options = caps.code_action_provider
    assert options.resolve_provider is True
    assert {types.CodeActionKind.QuickFix, types.CodeActionKind.Source} <= set(
        options.code_action_kinds
    )
    assert {"mathlsp.resume", "mathlsp.init"} <= set(caps.execute_command_provider.commands)


# -- quick fixes -------------------------------------------------------------------------------
async def test_fix_one_frontmatter_count(client: LanguageClient, problem: Problem):
    problem.write("LITERATURE.md", LITERATURE.replace("confirmed_count: 2", "confirmed_count: 5"))
    uri = open_note(client, problem, "LITERATURE.md")
    [diag] = await diagnostics_with(client, uri, "LIT003")
    assert diag.data == {"key": "confirmed_count", "expected": 2}
    actions = await actions_for(client, uri, [diag])
    action = named(actions, "Set `confirmed_count` to 2")
    assert action.kind == types.CodeActionKind.QuickFix and action.is_preferred
    assert list(action.diagnostics) == [diag]
    edit = await apply(client, action)
    check_shape(client, edit, uri, 1)
    assert buffer(client, uri) == LITERATURE
    assert "LIT003" not in codes(await settled(client, uri))


async def test_fix_all_frontmatter_counts_in_the_journal_and_literature(client, problem: Problem):
    problem.write(
        "LITERATURE.md",
        LITERATURE.replace("confirmed_count: 2", "confirmed_count: 0").replace(
            "total_papers: 3", "total_papers: 7"
        ),
    )
    uri = open_note(client, problem, "LITERATURE.md")
    await diagnostics_with(client, uri, "LIT003")
    await wait_until(lambda: codes(latest(client, uri)).count("LIT003") == 2)
    diags = [d for d in latest(client, uri).diagnostics if d.code == "LIT003"]
    fix_all = named(await actions_for(client, uri, diags), "Fix all frontmatter counts")
    assert not fix_all.is_preferred and len(fix_all.diagnostics) == 2
    await apply(client, fix_all)
    assert buffer(client, uri) == LITERATURE

    problem.write("JOURNAL.md", JOURNAL.replace("total_entries: 1", "total_entries: 4"))
    juri = open_note(client, problem, "JOURNAL.md")
    [diag] = await diagnostics_with(client, juri, "JRN002")
    await apply(client, named(await actions_for(client, juri, [diag]), "Set `total_entries` to 1"))
    assert buffer(client, juri) == JOURNAL


async def test_confidence_marker_offers_three_markers_none_preferred(client, problem: Problem):
    text = LITERATURE.replace("- [~] Nothing on non-normal", "- Nothing on non-normal")
    problem.write("LITERATURE.md", text)
    uri = open_note(client, problem, "LITERATURE.md")
    [diag] = await diagnostics_with(client, uri, "SYN001")
    actions = await actions_for(client, uri, [diag])
    markers = [a for a in actions if a.title.startswith("Add confidence marker")]
    assert [a.title.split()[3] for a in markers] == ["[V]", "[S]", "[~]"]
    assert not any(a.is_preferred for a in markers)
    await apply(client, markers[2])
    assert buffer(client, uri) == LITERATURE


async def test_renumber_updates_every_note_of_the_folder(client, problem: Problem):
    # Kato renumbered REF-003 but still before REF-002: LIT008. Mentions live in LITERATURE.md,
    # in an open PROOF.md and in a JOURNAL.md that is only on disk.
    problem.write("LITERATURE.md", LITERATURE.replace("REF-001", "REF-003"))
    problem.write("PROOF.md", "# Proof\n\nBy REF-003 and REF-002 it holds.\n")
    problem.write("JOURNAL.md", JOURNAL)
    uri = open_note(client, problem, "LITERATURE.md")
    puri = open_note(client, problem, "PROOF.md")
    diags = await diagnostics_with(client, uri, "LIT008")
    action = named(await actions_for(client, uri, diags), "Renumber references")
    assert action.kind == types.CodeActionKind.QuickFix and not action.is_preferred
    assert action.edit is None and action.data  # multi-file: computed in codeAction/resolve
    source = await actions_for(client, uri, [], only=[types.CodeActionKind.Source])
    titles = [a.title for a in source]
    assert titles[0] == "Renumber references" and titles[-1] == "Resume session (DASHBOARD.md)"
    edit = await apply(client, action)
    check_shape(client, edit, puri, 1)
    new = buffer(client, uri)
    assert new == LITERATURE.replace("REF-001", "REF-003").replace("REF-002", "REF-004")
    assert buffer(client, puri) == "# Proof\n\nBy REF-003 and REF-004 it holds.\n"
    assert "REF-004 gives the sharp" in problem.path("JOURNAL.md").read_text(encoding="utf-8")
    after = codes(await settled(client, uri))
    assert "LIT008" not in after and "REF009" not in after
    assert not await actions_for(client, uri, [], only=["source.fixAll"])


async def test_a_reused_id_gets_a_new_one_with_the_mentions_that_mean_it(client, problem: Problem):
    # JOURNAL.md (on disk) names REF-002 with another paper's title: REF-002 was that paper.
    journal = JOURNAL + '\nREF-002 ("Bounded gaps between primes") failed; REF-002 helps.\n'
    problem.write("JOURNAL.md", journal)
    problem.write("PROOF.md", "# Proof\n\nBy REF-002 it holds.\n")
    uri = open_note(client, problem, "LITERATURE.md")
    [diag] = await diagnostics_with(client, uri, "LIT013")
    action = named(await actions_for(client, uri, [diag]), "Give this entry a new id")
    assert action.is_preferred and action.edit is None  # multi-file: computed on resolve
    await apply(client, action)
    assert buffer(client, uri) == LITERATURE.replace("REF-002", "REF-003")
    assert (
        problem.path("PROOF.md").read_text(encoding="utf-8") == "# Proof\n\nBy REF-003 it holds.\n"
    )
    after = problem.path("JOURNAL.md").read_text(encoding="utf-8")
    assert after.endswith('REF-002 ("Bounded gaps between primes") failed; REF-003 helps.\n')
    assert "LIT013" not in codes(await settled(client, uri))


async def test_moved_reference_and_unconfirmed_cited_as_verified(client, problem: Problem):
    lit = LITERATURE.replace(
        "- **Reason:** Semantic Scholar", "- **Reason:** moved from REF-007; Semantic Scholar"
    )
    problem.write("LITERATURE.md", lit)
    problem.write("PROOF.md", "# Proof\n\nÜber 𝔽: REF-007 gives it. [V] By UREF-001 it holds.\n")
    uri = open_note(client, problem, "PROOF.md")
    await diagnostics_with(client, uri, "REF010")
    diags = latest(client, uri).diagnostics
    [moved] = [d for d in diags if d.code == "REF009"]
    replace = named(await actions_for(client, uri, [moved]), "Replace REF-007 with UREF-001")
    assert replace.is_preferred
    await apply(client, replace)
    line = "Über 𝔽: UREF-001 gives it. [V] By UREF-001 it holds."
    assert buffer(client, uri) == f"# Proof\n\n{line}\n"
    [verified] = await diagnostics_with(client, uri, "REF010")
    action = named(await actions_for(client, uri, [verified]), "Mark the claim [~]")
    await apply(client, action)
    assert buffer(client, uri) == f"# Proof\n\n{line.replace('[V]', '[~]')}\n"
    assert "REF010" not in codes(await settled(client, uri))


async def test_insert_missing_section(client, problem: Problem):
    start, end = LITERATURE.index("## Synthesis"), LITERATURE.index("## Unconfirmed")
    problem.write("LITERATURE.md", LITERATURE[:start] + LITERATURE[end:])
    uri = open_note(client, problem, "LITERATURE.md")
    [diag] = await diagnostics_with(client, uri, "LIT004")
    await apply(client, named(await actions_for(client, uri, [diag]), "Add the '## Synthesis'"))
    new = buffer(client, uri)
    assert new.index("## Confirmed") < new.index("## Synthesis") < new.index("## Unconfirmed")
    assert "LIT004" not in codes(await settled(client, uri))


async def test_section_at_another_level_is_relevelled_not_duplicated(client, problem: Problem):
    # A LITERATURE.md written by someone else, CRLF and all: `# Confirmed References`.
    text = LITERATURE.replace("## Confirmed References", "# Confirmed References")
    problem.write("LITERATURE.md", text.replace("\n", "\r\n"))
    uri = open_note(client, problem, "LITERATURE.md")
    [diag] = await diagnostics_with(client, uri, "LIT004")
    offered = [a.title for a in await actions_for(client, uri, [diag])]
    assert not any(t.startswith("Add the '## Confirmed References'") for t in offered)
    await apply(client, named(await actions_for(client, uri, [diag]), "Make it a `##` heading"))
    assert buffer(client, uri) == LITERATURE.replace("\n", "\r\n")
    assert "LIT004" not in codes(await settled(client, uri))


JOURNAL_DEAD_END = """\
---
problem: neumann-series
total_entries: 2
last_entry: ""
strategies_tried: []
---
# Journal

## Proof Attempts

### PROOF-001: Canonical paths
- **Timestamp:** 2026-01-01T00:00:00Z
- **Strategy type:** reduction
- **Tags:** [canonical-paths, spectral-gap]
- **What was tried:** paths
- **Outcome:** ABANDONED
- **Insight/Takeaway:** Congestion grows with the fiber.

### PROOF-002: Canonical paths again
- **Timestamp:** 2026-01-02T00:00:00Z
- **Strategy type:** reduction
- **Tags:** [canonical-paths, comparison]
- **What was tried:** paths again
- **Outcome:** IN_PROGRESS
"""


async def test_journal_reattempt_and_insight(client, problem: Problem):
    problem.write("JOURNAL.md", JOURNAL_DEAD_END)
    uri = open_note(client, problem, "JOURNAL.md")
    [nudge] = await diagnostics_with(client, uri, "JRN009")
    action = named(await actions_for(client, uri, [nudge]), "Record PROOF-002 as a re-attempt")
    await apply(client, action)
    added = "- **Tags:** [canonical-paths, comparison]\n- **Re-attempt of:** PROOF-001\n"
    assert added in buffer(client, uri)
    assert "JRN009" not in codes(await settled(client, uri))
    [missing] = await diagnostics_with(client, uri, "JRN010")
    action = named(await actions_for(client, uri, [missing]), "Add an Insight/Takeaway field")
    assert "fill it in" in action.title and action.is_preferred
    await apply(client, action)
    assert buffer(client, uri).endswith("- **Outcome:** IN_PROGRESS\n- **Insight/Takeaway:** \n")


# -- stale versions ----------------------------------------------------------------------------
async def test_an_edit_for_an_old_version_is_never_applied(client, problem: Problem):
    problem.write("LITERATURE.md", LITERATURE.replace("confirmed_count: 2", "confirmed_count: 5"))
    uri = open_note(client, problem, "LITERATURE.md")
    [diag] = await diagnostics_with(client, uri, "LIT003")
    action = named(await actions_for(client, uri, [diag]), "Set `confirmed_count`")
    typed = buffer(client, uri).replace("# Literature", "# Literature (edited)")
    if action.edit is not None:
        # VS Code: the edit carries version 1; the buffer is now at 2 → refused by the editor.
        change_buffer(client, uri, typed)
        result = apply_workspace_edit(client, action.edit)
        assert not result.applied and "version 2, not 1" in result.failure_reason
    else:
        # Neovim: computed on resolve; the buffer changed since the offer → no edit, a message.
        change_buffer(client, uri, typed)
        await settled(client, uri)
        resolved = await client.code_action_resolve_async(action)
        assert resolved.edit is None
        await wait_until(lambda: any("changed since" in m.message for m in client.messages))
    assert buffer(client, uri) == typed

    # Lazy actions (renumbering) are refused on resolve for every client.
    problem.write("LITERATURE.md", LITERATURE.replace("REF-002: Spectral", "REF-001: Spectral"))
    uri = problem.uri("LITERATURE.md")
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    uri = open_note(client, problem, "LITERATURE.md", version=10)
    diags = await diagnostics_with(client, uri, "LIT007")
    action = named(await actions_for(client, uri, diags), "Renumber references")
    change_buffer(client, uri, buffer(client, uri) + "\n")
    await settled(client, uri)
    resolved = await client.code_action_resolve_async(action)
    assert resolved.edit is None
    assert sum("changed since" in m.message for m in client.messages) >= 1


# -- commands ----------------------------------------------------------------------------------
async def execute(client: LanguageClient, command: str, *args: object) -> object:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command, arguments=list(args))
    )


async def test_resume_writes_the_dashboard_and_shows_it(client, problem: Problem):
    uri = open_note(client, problem, "PROOF.md")
    result = await execute(client, "mathlsp.resume", uri)
    dashboard = problem.path("DASHBOARD.md")
    assert dashboard.is_file() and result["applied"] is True
    assert "Convergence of perturbed Neumann series" in dashboard.read_text(encoding="utf-8")
    state = problem.path("STATE.md").read_text(encoding="utf-8")
    assert "session_count: 1" in state and "Session #1" in state
    config = json.loads((problem.root.parents[1] / "config.json").read_text(encoding="utf-8"))
    assert "neumann-series" in config["last_active"]
    assert [d.uri for d in client.shown_documents] == [dashboard.as_uri()]
    # Progress was reported: begin … end on one token.
    reports = [r for r in client.progress_reports.values() if r]
    assert reports and isinstance(reports[-1][0], types.WorkDoneProgressBegin)
    assert isinstance(reports[-1][-1], types.WorkDoneProgressEnd)

    # Second session with DASHBOARD.md and STATE.md open (STATE with unsaved edits): they
    # change through the editor, from the buffers, not on disk.
    problem.texts["DASHBOARD.md"] = dashboard.read_text(encoding="utf-8")
    problem.texts["STATE.md"] = state + "\nUnsaved note.\n"
    duri = open_note(client, problem, "DASHBOARD.md")
    suri = open_note(client, problem, "STATE.md")
    before_disk = dashboard.read_text(encoding="utf-8")
    result = await execute(client, "mathlsp.resume")  # no argument: the current problem
    assert result["applied"] is True
    assert dashboard.read_text(encoding="utf-8") == before_disk  # the buffer got it
    assert "Session #2" in buffer(client, duri) or "session_number: 2" in buffer(client, duri)
    assert "session_count: 2" in buffer(client, suri) and "Unsaved note." in buffer(client, suri)
    [(params, outcome)] = client.apply_requests  # type: ignore[attr-defined]
    assert outcome.applied and params.label == "Resume session"


async def test_a_refused_edit_is_reported_and_not_retried(client, problem: Problem):
    problem.texts["STATE.md"] = "---\nsession_count: 4\n---\n# State\n"
    problem.write("STATE.md", problem.texts["STATE.md"])
    suri = open_note(client, problem, "STATE.md")
    client.refuse_edits = "the user is editing STATE.md"  # type: ignore[attr-defined]
    result = await execute(client, "mathlsp.resume", suri)
    assert result["applied"] is False
    [(_params, outcome)] = client.apply_requests  # type: ignore[attr-defined]  # sent once
    assert not outcome.applied
    await wait_until(lambda: any("was not applied" in m.message for m in client.messages))
    [message] = [m for m in client.messages if "was not applied" in m.message]
    assert "the user is editing STATE.md" in message.message
    assert message.type == types.MessageType.Warning
    assert buffer(client, suri) == problem.texts["STATE.md"]  # the editor's text is untouched
    assert not client.shown_documents
    assert not problem.path("DASHBOARD.md").exists()  # nothing half-done on disk either


async def test_a_null_reply_to_apply_edit_ends_the_command_with_a_message(client, problem):
    problem.texts["STATE.md"] = "---\nsession_count: 1\n---\n# State\n"
    problem.write("STATE.md", problem.texts["STATE.md"])
    suri = open_note(client, problem, "STATE.md")
    client.null_edit_replies = True  # type: ignore[attr-defined]
    result = await execute(client, "mathlsp.resume", suri)
    assert result["applied"] is False  # answered, not left waiting
    await wait_until(lambda: any("not an answer" in m.message for m in client.messages))


async def test_init_creates_a_problem_and_refuses_bad_slugs(client, problem: Problem):
    project = problem.root.parents[2]
    result = await execute(client, "mathlsp.init", "spectral-gap", "Spectral gaps of graphs")
    folder = project / ".math" / "problems" / "spectral-gap"
    assert result["applied"] is True
    assert {p.name for p in folder.iterdir()} >= {"PROBLEM.md", "LITERATURE.md", "JOURNAL.md"}
    assert "Spectral gaps of graphs" in (folder / "PROBLEM.md").read_text(encoding="utf-8")
    config = json.loads((project / ".math" / "config.json").read_text(encoding="utf-8"))
    assert config["current_problem"] == "spectral-gap"
    assert client.shown_documents[-1].uri == (folder / "PROBLEM.md").as_uri()

    shown = len(client.shown_documents)
    assert await execute(client, "mathlsp.init") is None
    assert await execute(client, "mathlsp.init", "../evil") is None
    assert await execute(client, "mathlsp.init", {"slug": "/abs"}) is None
    await wait_until(lambda: len([m for m in client.messages if m.type == 1]) >= 3)
    errors = [m.message for m in client.messages if m.type == types.MessageType.Error]
    assert "needs the new problem's slug" in errors[0]
    assert "invalid problem slug '../evil'" in errors[1]
    assert not (project / ".math" / "evil").exists() and not (project.parent / "evil").exists()
    assert len(client.shown_documents) == shown


async def test_resume_action_runs_the_command(client, problem: Problem):
    lit = open_note(client, problem, "LITERATURE.md")  # numbered in order: no renumbering
    actions = await actions_for(client, lit, [], only=[types.CodeActionKind.Source])
    titles = [a.title for a in actions]
    assert "Renumber references" not in titles  # numbered in order: nothing to renumber
    assert titles[-1] == "Resume session (DASHBOARD.md)"
    uri = open_note(client, problem, "PROBLEM.md")
    actions = await actions_for(client, uri, [], only=[types.CodeActionKind.Source])
    action = named(actions, "Resume session (DASHBOARD.md)")
    assert action.command.command == "mathlsp.resume" and action.command.arguments == [uri]
    await execute(client, action.command.command, *action.command.arguments)
    assert problem.path("DASHBOARD.md").is_file()


# -- the edit builder without a server ---------------------------------------------------------
@pytest.mark.parametrize("name", CLIENTS)
def test_build_workspace_edit_creates_files_or_leaves_them_to_the_disk(name: str, tmp_path: Path):
    caps = client_capabilities(name)
    new = tmp_path / "NEW.md"
    old = Snapshot(tmp_path / "OLD.md", (tmp_path / "OLD.md").as_uri(), "é 𝔽 x\n", 3)
    files = [
        FileEdit.create(new, new.as_uri(), "# New\n"),
        old.edit([Edit(Span(4, 5), "y")]),
    ]
    prepared = build_workspace_edit(files, caps, "utf-8" if name == "neovim" else "utf-16")
    if name == "visual_studio_code":
        create, text_edit, old_edit = prepared.edit.document_changes
        assert isinstance(create, types.CreateFile) and create.uri == new.as_uri()
        assert text_edit.text_document.version is None
        assert text_edit.edits[0].new_text == "# New\n"
        assert old_edit.text_document.version == 3
        assert old_edit.edits[0].range.start == types.Position(0, 5)  # é=1, 𝔽=2 UTF-16 units
        assert not prepared.disk_writes
    else:
        # Neovim has no documentChanges: no CreateFile; the file goes to disk (apply_edit).
        assert [f.path for f in prepared.disk_writes] == [new]
        [edit] = prepared.edit.changes[old.uri]
        assert edit.range.start == types.Position(0, 8)  # é=2, 𝔽=4 UTF-8 bytes
    assert prepared.versions == {old.uri: 3}


@pytest.mark.parametrize(
    ("old", "new"),
    [("", "x"), ("abc", "abc"), ("a\r\nb", "a\r\nc\r\nb"), ("x\r\n", "x\n"), ("abc", "")],
)
def test_minimal_edit_round_trips_and_keeps_crlf_whole(old: str, new: str):
    from mathlsp.features.commands import minimal_edit
    from mathlsp.notes.render import apply_edits

    edit = minimal_edit(old, new)
    assert apply_edits(old, [edit]) == new
    for at in edit.span:
        assert not (0 < at < len(old) and old[at - 1] == "\r" and old[at] == "\n")


class _FakeNote:
    def __init__(self, uri: str, version: int) -> None:
        self.uri, self.version = uri, version


class _FakeServer:
    """Just what `apply_edit` touches: the open notes, messages, workspace/applyEdit."""

    def __init__(self, versions: dict[str, int]) -> None:
        self.versions = versions
        self.messages: list[types.ShowMessageParams] = []
        self.sent: list[types.ApplyWorkspaceEditParams] = []
        self.store = self

    def open_note(self, uri: str) -> _FakeNote | None:
        return _FakeNote(uri, self.versions[uri]) if uri in self.versions else None

    def window_show_message(self, params: types.ShowMessageParams) -> None:
        self.messages.append(params)

    async def workspace_apply_edit_async(self, params: types.ApplyWorkspaceEditParams):
        self.sent.append(params)
        return types.ApplyWorkspaceEditResult(applied=True)


async def test_apply_edit_refuses_an_edit_computed_for_an_older_version(tmp_path: Path):
    from mathlsp.features.edits import apply_edit

    path = tmp_path / "LITERATURE.md"
    snap = Snapshot(path, path.as_uri(), "total_papers: 9\n", 4)
    prepared = build_workspace_edit(
        [snap.edit([Edit(Span(14, 15), "3")])], client_capabilities("neovim"), "utf-8"
    )
    server = _FakeServer({path.as_uri(): 5})  # the user typed: version 5
    assert await apply_edit(server, prepared, "Fix counts") is False  # type: ignore[arg-type]
    assert not server.sent  # never sent over the newer text
    assert "LITERATURE.md changed since it was computed" in server.messages[0].message
    server.versions[path.as_uri()] = 4
    assert await apply_edit(server, prepared, "Fix counts") is True  # type: ignore[arg-type]
    assert server.sent[0].label == "Fix counts"


# -- progress with a fake job ------------------------------------------------------------------
FAKE_JOB = "mathlsp.test.fakeJob"


def serve_with_fake_job() -> None:
    """`mathlsp serve` plus a command that runs a fake job under `work_done_progress`."""
    from mathlsp.features.progress import WorkCancelled, work_done_progress
    from mathlsp.features.server import create_server

    server = create_server()

    @server.command(FAKE_JOB)
    async def fake_job(ls: Any, *args: Any) -> str:
        steps, delay = int(args[0]), float(args[1])  # type: ignore[arg-type]
        try:
            async with work_done_progress(server, "Fake job") as progress:
                for i in range(steps):
                    progress.report(f"step {i + 1}/{steps}", percentage=100 * i // steps)
                    await asyncio.sleep(delay)
        except WorkCancelled:
            return "cancelled"
        return "done"

    server.start_io()


FAKE_CONFIG = ClientServerConfig(
    server_command=[
        sys.executable,
        "-c",
        f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
        "import test_lsp_actions as t; t.serve_with_fake_job()",
    ],
    server_env={**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"},
    client_factory=make_client,
)


@pytest_lsp.fixture(config=FAKE_CONFIG, params=CLIENTS)
async def job_client(request, lsp_client: LanguageClient, tmp_path: Path):
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param), root_uri=tmp_path.as_uri()
        )
    )
    yield
    await lsp_client.shutdown_session()


async def test_progress_begin_report_end(job_client: LanguageClient):
    assert await execute(job_client, FAKE_JOB, 3, 0) == "done"
    [reports] = job_client.progress_reports.values()
    assert [type(r).__name__ for r in reports] == [
        "WorkDoneProgressBegin",
        "WorkDoneProgressReport",
        "WorkDoneProgressReport",
        "WorkDoneProgressReport",
        "WorkDoneProgressEnd",
    ]
    assert reports[0].title == "Fake job" and reports[0].cancellable
    assert [r.message for r in reports[1:4]] == ["step 1/3", "step 2/3", "step 3/3"]
    assert reports[-1].message == "Done"


async def test_progress_cancellation_stops_the_job(job_client: LanguageClient):
    job = asyncio.ensure_future(execute(job_client, FAKE_JOB, 1000, 0.01))
    await wait_until(lambda: any(len(r) >= 3 for r in job_client.progress_reports.values()))
    [token] = job_client.progress_reports
    job_client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    assert await asyncio.wait_for(job, 5) == "cancelled"
    reports = job_client.progress_reports[token]
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)
    assert reports[-1].message == "Cancelled"
    assert len(reports) < 500  # stopped early, not after 1000 steps


@pytest.mark.parametrize(
    ("command", "args", "said"),
    [
        ("mathlsp.verifyAll", [123], "`uri` must be a str, not int"),
        ("mathlsp.verifyReference", [{"uri": "file:///x.md"}], "`id` is missing"),
        ("mathlsp.moveToUnconfirmed", ["file:///x.md", ["REF-001"]], "`id` must be a str"),
        ("mathlsp.insertReference", [{"uri": "file:///x.md", "ident": "1"}], "unknown argument"),
        ("mathlsp.searchLiterature", [{"uri": 5}], "`uri` must be a str"),
        ("mathlsp.draftSynthesis", ["a", "b", "c"], "3 arguments given"),
        ("mathlsp.init", [{"slug": ["a"]}], "`slug` must be a str"),
        ("mathlsp.resume", [True], "`uri` must be a str, not bool"),
    ],
)
async def test_wrong_arguments_get_one_clear_message(client, command: str, args: list, said: str):
    before = len(client.messages)
    assert await execute(client, command, *args) is None
    await wait_until(lambda: len(client.messages) > before)
    [message] = client.messages[before:]
    assert message.type == types.MessageType.Error
    assert said in message.message and f"{command} takes [" in message.message


async def test_new_journal_entry_from_the_editor(client, problem: Problem):
    uri = open_note(client, problem, "JOURNAL.md")
    await settled(client, uri)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    titles = [a.title for a in actions or []]
    assert "New journal entry: PROOF- (proof attempt)" in titles
    before = JournalDoc(buffer(client, uri))
    result = await execute(
        client,
        "mathlsp.newJournalEntry",
        {"uri": uri, "kind": "proof", "title": "Induction on n", "strategy": "induction",
         "insight": "the step needs a uniform bound", "outcome": "FAILED", "tried": "induct"},
    )  # fmt: skip
    after = JournalDoc(buffer(client, uri))
    proofs = [e for e in after.entries if e.category == "PROOF"]
    new = proofs[-1]
    assert result["id"] == new.id and new.title == "Induction on n"
    assert new.outcome == "FAILED" and new.strategy_type == "induction"
    assert after.frontmatter.get("total_entries") == len(before.entries) + 1
    assert any(t["id"] == new.id for t in after.frontmatter.get("strategies_tried"))


async def test_a_new_proof_entry_has_a_strategy_slot_the_quick_fix_fills(client, problem: Problem):
    uri = open_note(client, problem, "JOURNAL.md")
    await settled(client, uri)
    result = await execute(client, "mathlsp.newJournalEntry", {"uri": uri, "kind": "proof"})
    entry_id = result["id"]
    assert f"### {entry_id}: New proof attempt\n" in buffer(client, uri)
    # The slot is there to fill; JRN013 sits on it and offers each proof strategy type.
    slots = [d for d in await diagnostics_with(client, uri, "JRN013") if entry_id in d.message]
    [slot] = slots
    assert buffer(client, uri).splitlines()[slot.range.start.line] == "- **Strategy type:**"
    offered = await actions_for(client, uri, [slot])
    assert len([a for a in offered if "strategy type to" in a.title]) == 14
    await apply(client, named(offered, f"Set {entry_id}'s strategy type to contradiction"))
    assert "- **Strategy type:** contradiction\n" in buffer(client, uri)
    remaining = (await settled(client, uri)).diagnostics
    assert not [d for d in remaining if d.code == "JRN013" and entry_id in d.message]
