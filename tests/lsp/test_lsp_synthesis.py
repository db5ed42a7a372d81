"""Drafting the Synthesis from the editor, end to end: the real server over stdio against the
fake scholarly server; one versioned WorkspaceEdit that only adds lines; SYN004 and its accept
action; the citation graph in the code lens and the hover."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import pytest_lsp
from lsp_helpers import CLIENTS, Buffer, fake_server_env, free_port, make_client, wait_until
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from mathlsp.notes.literature import LiteratureDoc
from mathlsp.synthesis.review import draft_lines
from tests.fakescholar import FakeScholar
from tests.synthesis.fixtures import LITERATURE, PROBLEM

PORT = free_port()
ENV = fake_server_env(PORT)


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeScholar]:
    with FakeScholar.running(port=PORT) as server:
        yield server


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "mathlsp", "serve"],
        server_env=ENV,
        client_factory=make_client,
    ),
    params=CLIENTS,
)
async def client(request, lsp_client: LanguageClient, fake: FakeScholar, tmp_path: Path):
    fake.controls.reset()
    root = tmp_path / "project" / ".math" / "problems" / "prime-gaps"
    root.mkdir(parents=True)
    (root / "PROBLEM.md").write_text(PROBLEM, encoding="utf-8")
    (root / "LITERATURE.md").write_text(LITERATURE, encoding="utf-8")
    lsp_client.root = root  # type: ignore[attr-defined]
    lsp_client.init_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=root.parents[2].as_uri(),
            initialization_options={"mathlsp": {"debounceMs": 20, "verification": "off"}},
        )
    )
    yield
    await lsp_client.shutdown_session()


def open_file(client: LanguageClient, path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    client.buffers[uri] = Buffer(1, text)  # type: ignore[attr-defined]
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="markdown", version=1, text=text
            )
        )
    )
    return uri


def text_of(client: LanguageClient, path: Path) -> str:
    buf = client.buffers.get(path.as_uri())  # type: ignore[attr-defined]
    return buf.text if buf is not None else path.read_text(encoding="utf-8")


async def actions(
    client: LanguageClient, uri: str, diagnostics=(), only=None, line: int = 0
) -> list[types.CodeAction | types.Command]:
    found = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line, 0), end=types.Position(line, 0)),
            context=types.CodeActionContext(diagnostics=list(diagnostics), only=only),
        )
    )
    return list(found or [])


async def test_draft_accept_lens_and_hover(client: LanguageClient, fake: FakeScholar) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    lit_path = root / "LITERATURE.md"
    uri = open_file(client, lit_path)
    offered = await actions(client, uri, only=[types.CodeActionKind.Source])
    titles = [a.title for a in offered]
    assert "Draft synthesis from evidence" in titles, titles

    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="mathlsp.draftSynthesis", arguments=[uri])
    )
    assert result["added"] >= 8, result
    text = text_of(client, lit_path)
    assert "- [S] My own note on REF-002: the GPY sieve is the tool." in text
    assert text.startswith(LITERATURE[: LITERATURE.index("## Synthesis")])
    assert "[V] REF-002 — Theorem 1 (Maynard)" in text
    assert "1. [S] REF-004 —" in text
    (params, applied) = client.apply_requests[-1]  # type: ignore[attr-defined]
    assert (applied.applied and params.edit.document_changes) or params.edit.changes
    drafted = draft_lines(LiteratureDoc(text))
    assert drafted

    # The server sees the edited buffer; SYN004 marks each drafted line.
    version = client.buffers[uri].version  # type: ignore[attr-defined]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version + 1),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    client.buffers[uri] = Buffer(version + 1, text)  # type: ignore[attr-defined]

    def syn004() -> list[types.Diagnostic]:
        pubs = [p for p in client.published if p.uri == uri]  # type: ignore[attr-defined]
        last = pubs[-1].diagnostics if pubs else []
        return [d for d in last if d.code == "SYN004"]

    await wait_until(lambda: len(syn004()) == len(drafted), what="SYN004 on drafted lines")
    first = syn004()[0]
    fixes = await actions(
        client, uri, [first], [types.CodeActionKind.QuickFix], first.range.start.line
    )
    accept = next(
        a
        for a in fixes
        if isinstance(a, types.CodeAction) and a.title.startswith("Accept drafted line")
    )
    assert accept.edit is not None

    # The lens counts citations among the references (from the cache the draft filled).
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    by_line = {lens.range.start.line: lens.command.title for lens in lenses or []}
    doc = LiteratureDoc(text)
    line_of = {e.id: doc.range(e.id_span).start.line for e in doc.confirmed}
    assert "cited by 2 of your references" in by_line[line_of["REF-001"]], by_line
    assert "cited by 0 of your references" in by_line[line_of["REF-002"]], by_line

    # Hover on REF-001 once its record is cached: the card names its citations.
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="mathlsp.verifyAll", arguments=[uri])
    )
    mention = text_of(client, lit_path).index("REF-003 —")
    mention_line = text_of(client, lit_path)[:mention].count("\n")
    col = len(text_of(client, lit_path)[:mention].rsplit("\n", 1)[-1])
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(mention_line, col + 2),
        )
    )
    assert hover is not None
    value = hover.contents.value if hasattr(hover.contents, "value") else str(hover.contents)
    assert "cites REF-001" in value and "cited by REF-002" in value, value
