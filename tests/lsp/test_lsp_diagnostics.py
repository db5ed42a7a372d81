"""Diagnostics end to end: versions, incremental sync, debounce, dependent notes, files on disk,
broken documents. Every test runs with VS Code's and with Neovim's client capabilities."""

from __future__ import annotations

import asyncio

import pytest
from lsp_helpers import (
    LITERATURE,
    NEW_ENTRY,
    Problem,
    codes,
    encoding,
    latest,
    open_note,
    position,
    published_for,
    wait_until,
)
from lsprotocol import types
from pytest_lsp import LanguageClient


def _with_new_entry(text: str) -> str:
    at = text.index("## Synthesis")
    return text[:at] + NEW_ENTRY.lstrip("\n") + "\n" + text[at:]


async def test_server_capabilities(client: LanguageClient):
    caps = client.init_result.capabilities  # type: ignore[attr-defined]
    sync = caps.text_document_sync
    assert sync.change == types.TextDocumentSyncKind.Incremental
    assert caps.hover_provider and caps.definition_provider and caps.references_provider
    assert caps.document_symbol_provider and caps.workspace_symbol_provider
    assert set(caps.completion_provider.trigger_characters) >= {"-", "["}
    assert client.init_result.server_info.name == "mathlsp"  # type: ignore[attr-defined]


async def test_diagnostics_published_with_version_on_open(client: LanguageClient, problem):
    uri = open_note(client, problem, "PROOF.md", version=7)
    await wait_until(lambda: latest(client, uri) is not None, what="first diagnostics")
    params = latest(client, uri)
    assert params.version == 7
    assert "REF009" in codes(params), codes(params)
    unknown = next(d for d in params.diagnostics if d.code == "REF009")
    assert unknown.source == "mathlsp"
    assert unknown.severity == types.DiagnosticSeverity.Error
    text = problem.texts["PROOF.md"]
    enc = encoding(client)
    assert unknown.range.start == position(text, "REF-009", enc)
    assert unknown.range.end == position(text, "REF-009", enc, delta=7)


async def test_incremental_change_republishes_with_new_version(client: LanguageClient, problem):
    uri = open_note(client, problem, "PROOF.md")
    await wait_until(lambda: "REF009" in codes(latest(client, uri)))
    text = problem.texts["PROOF.md"]
    enc = encoding(client)
    start = position(text, "REF-009", enc)
    end = position(text, "REF-009", enc, delta=7)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=start, end=end), text="REF-002"
                )
            ],
        )
    )
    await wait_until(lambda: latest(client, uri).version == 2, what="version 2")
    assert "REF009" not in codes(latest(client, uri))


async def test_changes_are_debounced(client: LanguageClient, problem):
    uri = open_note(client, problem, "PROOF.md")
    await wait_until(lambda: latest(client, uri) is not None)
    for version in range(2, 7):
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    types.TextDocumentContentChangePartial(
                        range=types.Range(
                            start=types.Position(line=0, character=0),
                            end=types.Position(line=0, character=0),
                        ),
                        text="x",
                    )
                ],
            )
        )
    await wait_until(lambda: latest(client, uri).version == 6, what="version 6")
    await asyncio.sleep(0.1)
    versions = [p.version for p in published_for(client, uri)]
    assert versions == [1, 6], versions


async def test_editing_literature_updates_open_proof(client: LanguageClient, problem):
    proof = open_note(client, problem, "PROOF.md")
    lit = open_note(client, problem, "LITERATURE.md")
    await wait_until(lambda: "REF009" in codes(latest(client, proof)))
    at = position(LITERATURE, "## Synthesis", encoding(client))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=lit, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=at, end=at), text=NEW_ENTRY.lstrip("\n") + "\n"
                )
            ],
        )
    )
    await wait_until(
        lambda: "REF009" not in codes(latest(client, proof)), what="PROOF.md re-checked"
    )
    assert latest(client, proof).version == 1  # PROOF.md itself did not change
    await wait_until(lambda: latest(client, lit).version == 2)
    # Undo: PROOF.md's unknown reference comes back.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=lit, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=LITERATURE)],
        )
    )
    await wait_until(lambda: "REF009" in codes(latest(client, proof)), what="REF009 back")


async def test_watched_file_change_updates_open_note(client: LanguageClient, problem: Problem):
    proof = open_note(client, problem, "PROOF.md")
    await wait_until(lambda: "REF009" in codes(latest(client, proof)))
    problem.write("LITERATURE.md", _with_new_entry(LITERATURE))
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[
                types.FileEvent(uri=problem.uri("LITERATURE.md"), type=types.FileChangeType.Changed)
            ]
        )
    )
    await wait_until(lambda: "REF009" not in codes(latest(client, proof)), what="re-read")


async def test_file_watcher_registered_or_disk_polled(client: LanguageClient, problem: Problem):
    proof = open_note(client, problem, "PROOF.md")
    await wait_until(lambda: "REF009" in codes(latest(client, proof)))
    dynamic = client.capabilities.workspace.did_change_watched_files.dynamic_registration
    if dynamic:
        await wait_until(lambda: client.registrations, what="registration")  # type: ignore[attr-defined]
        reg = client.registrations[0]  # type: ignore[attr-defined]
        assert reg.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
        globs = [w["globPattern"] for w in reg.register_options["watchers"]]
        assert "**/*.md" in globs
    else:
        # No client-side watcher (Neovim's default): the server notices the rewrite itself.
        assert not client.registrations  # type: ignore[attr-defined]
        problem.write("LITERATURE.md", _with_new_entry(LITERATURE))
        await wait_until(
            lambda: "REF009" not in codes(latest(client, proof)), timeout=10, what="polling"
        )


async def test_close_clears_diagnostics(client: LanguageClient, problem):
    uri = open_note(client, problem, "PROOF.md")
    await wait_until(lambda: codes(latest(client, uri)))
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await wait_until(lambda: not latest(client, uri).diagnostics, what="cleared")


async def test_at_most_100_findings_of_a_code_are_published(
    client: LanguageClient, problem: Problem
):
    """The server publishes what `mathlsp check` lists: the first 100 of a code, then DOC006."""
    problem.write("NOTES.md", "# Notes\n\n" + "REF-999 " * 130 + "\n")
    uri = open_note(client, problem, "NOTES.md")
    await wait_until(lambda: "DOC006" in codes(latest(client, uri)), what="DOC006")
    published = latest(client, uri)
    assert codes(published).count("REF009") == 100
    more = next(d for d in published.diagnostics if d.code == "DOC006")
    assert more.data == {"code": "REF009", "more": 30}
    assert more.severity == types.DiagnosticSeverity.Information


async def test_broken_documents_never_kill_the_server(client: LanguageClient, problem: Problem):
    problem.write("PROBLEM.md", "---\ntitle: [unclosed\nstatus: : :\n---\n# Problem\n")
    problem.write("NOTATION.md", "---\nbase: &a {x: 1}\nother: *a\n---\nREF-001\n")
    problem.path("JUNK.md").write_bytes(b"\x00\x01\x02binary\x00 junk \xff\xfe")
    problem.texts["JUNK.md"] = "\x00\x01\x02binary\x00 junk \ufffd\ufffd"
    bad_yaml = open_note(client, problem, "PROBLEM.md")
    anchors = open_note(client, problem, "NOTATION.md")
    junk = open_note(client, problem, "JUNK.md")
    await wait_until(lambda: "DOC002" in codes(latest(client, bad_yaml)), what="DOC002")
    await wait_until(lambda: "DOC003" in codes(latest(client, anchors)), what="DOC003")
    await wait_until(lambda: "DOC001" in codes(latest(client, junk)), what="DOC001")
    # Every feature on the broken notes answers (maybe emptily) and the server stays up.
    origin = types.Position(line=0, character=0)
    for uri in (bad_yaml, anchors, junk):
        ident = types.TextDocumentIdentifier(uri=uri)
        await client.text_document_hover_async(
            types.HoverParams(text_document=ident, position=origin)
        )
        await client.text_document_completion_async(
            types.CompletionParams(
                text_document=ident, position=types.Position(line=1, character=3)
            )
        )
        await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=ident)
        )
        await client.text_document_definition_async(
            types.DefinitionParams(
                text_document=ident, position=types.Position(line=99, character=99)
            )
        )
    # A request still answers after all of it.
    proof = open_note(client, problem, "PROOF.md")
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=proof),
            position=position(problem.texts["PROOF.md"], "REF-002", encoding(client)),
        )
    )
    assert hover is not None and "REF-002" in hover.contents.value


async def test_invalid_settings_warn_and_keep_running(client: LanguageClient, problem):
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(
            settings={"mathlsp": {"debounceMs": "fast", "verification": "always"}}
        )
    )
    # One message per bad setting: both arrive, in either order.
    for setting in ("debounceMs", "verification"):
        await wait_until(
            lambda s=setting: any(s in m.message for m in client.messages), what=setting
        )
    warning = next(m for m in client.messages if "debounceMs" in m.message)
    assert warning.type == types.MessageType.Warning
    uri = open_note(client, problem, "PROOF.md")
    await wait_until(lambda: latest(client, uri) is not None)


@pytest.mark.parametrize("settings", [{"mathlsp": []}, [], {"mathlsp": None}])
async def test_neovim_minimal_setup_raises_no_warning(client: LanguageClient, problem, settings):
    # `require("mathlsp").setup()` sends its empty Lua table, which JSON-encodes as `[]`.
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=settings))
    uri = open_note(client, problem, "PROOF.md")
    await wait_until(lambda: latest(client, uri) is not None)
    assert not [m for m in client.messages if "setting" in m.message], client.messages
