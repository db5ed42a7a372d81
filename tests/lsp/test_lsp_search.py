"""Literature search from the editor, end to end: the real server over stdio, the real clients
against the fake scholarly server, the result applied as one versioned WorkspaceEdit."""

from __future__ import annotations

import ast
import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import pytest_lsp
from lsp_helpers import (
    CLIENTS,
    Buffer,
    change_buffer,
    fake_server_env,
    free_port,
    make_client,
    wait_until,
)
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from tests.fakescholar import FakeScholar

PORT = free_port()
ENV = fake_server_env(PORT)

PROBLEM = """\
---
title: "Gaps between consecutive primes"
status: defined
domain: number-theory
type: proof
tags: [prime-gaps, arithmetic-progressions, sieve-methods]
---
# Problem

Show that there are infinitely many pairs of primes $p < q$ with $q - p$ bounded, and relate
the bound to long arithmetic progressions in the primes.

## Known Results

- Bounded gaps between primes (Zhang 2014).
- The primes contain arbitrarily long arithmetic progressions (Green and Tao 2008).
"""


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeScholar]:
    with FakeScholar.running(port=PORT) as server:
        yield server


def answer(
    client: LanguageClient, params: types.ShowMessageRequestParams
) -> types.MessageActionItem | None:
    client.asked.append(params)  # type: ignore[attr-defined]
    choice = client.choice  # type: ignore[attr-defined]
    return next((a for a in params.actions or [] if a.title == choice), None)


def factory() -> LanguageClient:
    client = make_client()
    client.asked = []  # type: ignore[attr-defined]
    client.choice = "Run"  # type: ignore[attr-defined]
    client.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)(lambda params: answer(client, params))
    return client


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "mathlsp", "serve"],
        server_env=ENV,
        client_factory=factory,
    ),
    params=CLIENTS,
)
async def client(request, lsp_client: LanguageClient, fake: FakeScholar, tmp_path: Path):
    fake.controls.reset()
    root = tmp_path / "project" / ".math" / "problems" / "prime-gaps"
    root.mkdir(parents=True)
    (root / "PROBLEM.md").write_text(PROBLEM, encoding="utf-8")
    lsp_client.root = root  # type: ignore[attr-defined]
    lsp_client.init_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=root.parents[2].as_uri(),
            initialization_options={
                # A cache per test: cached search results would hide the faults a test injects.
                "mathlsp": {
                    "debounceMs": 20,
                    "verification": "off",
                    "cacheDir": str(tmp_path / "cache"),
                }
            },
        )
    )
    lsp_client.client_name = request.param  # type: ignore[attr-defined]
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


def as_action(item: types.CodeAction | types.Command) -> types.CodeAction:
    """lsprotocol's client-side parsing turns a CodeAction carrying a command into a Command
    whose `command` is the action's text; rebuild it (real editors are not affected)."""
    if isinstance(item, types.CodeAction):
        return item
    inner = ast.literal_eval(item.command) if item.command.startswith("{") else None
    if inner is None:
        return types.CodeAction(title=item.title, command=item)
    return types.CodeAction(title=item.title, command=types.Command(**inner))


async def search_action(client: LanguageClient, uri: str) -> types.CodeAction:
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)),
            context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Source]),
        )
    )
    found = [as_action(a) for a in actions or [] if a.title.startswith("Search literature")]
    assert found, [a.title for a in actions or []]
    return found[0]


async def run(client: LanguageClient, command: types.Command) -> object:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command.command, arguments=command.arguments)
    )


def text_of(client: LanguageClient, path: Path) -> str:
    buf = client.buffers.get(path.as_uri())  # type: ignore[attr-defined]
    return buf.text if buf is not None else path.read_text(encoding="utf-8")


async def test_search_shows_queries_then_writes_verified_results(
    client: LanguageClient, fake
) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    uri = open_file(client, root / "PROBLEM.md")
    action = await search_action(client, uri)
    # The title names the sources a search asks: zbMATH Open too.
    assert action.title == (
        "Search literature (arXiv, Semantic Scholar, OpenAlex, TheoremSearch, zbMATH Open)"
    )
    result = await run(client, action.command)
    # The queries were shown before anything was sent.
    (asked,) = client.asked  # type: ignore[attr-defined]
    assert "Search the literature with these queries?" in asked.message
    assert "\n• arXiv: " in asked.message and "\n• Semantic Scholar: " in asked.message
    # VS Code shows no notification for a much longer message: at most ten queries are named
    assert asked.message.count("\n• ") <= 10
    assert [a.title for a in asked.actions] == ["Run", "Cancel"]
    assert result["confirmed"] >= 1
    lit = LiteratureDoc(text_of(client, root / "LITERATURE.md"))
    assert lit.confirmed and all(e.verified and e.verified.url for e in lit.confirmed)
    titles = {e.title for e in lit.confirmed}
    assert "The primes contain arbitrarily long arithmetic progressions" in titles
    assert lit.history and "queries (arXiv" in lit.history[-1].cells[1]
    journal = JournalDoc(text_of(client, root / "JOURNAL.md"))
    assert "`arxiv:" in journal.entries[0].fields.value("what_was_tried")
    (entry,) = journal.entries
    assert entry.id == "LIT-001" and entry.insight
    messages = [m.message for m in client.messages]
    assert any(m.startswith("mathlsp: Search:") and "confirmed" in m for m in messages)
    if client.client_name == "visual_studio_code":  # type: ignore[attr-defined]
        reports = [p for _, p in client.progress_reports.items() for p in p]
        assert any(isinstance(p, types.WorkDoneProgressBegin) for p in reports)
        assert any(isinstance(p, types.WorkDoneProgressEnd) for p in reports)


async def test_cancel_at_the_confirmation_changes_nothing(client: LanguageClient, fake) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    client.choice = "Cancel"  # type: ignore[attr-defined]
    uri = open_file(client, root / "PROBLEM.md")
    await run(client, (await search_action(client, uri)).command)
    assert not (root / "LITERATURE.md").exists() and not (root / "JOURNAL.md").exists()
    assert fake.controls.requests() == []  # not one query was sent
    assert any("search cancelled" in m.message for m in client.messages)


async def test_the_confirmation_names_a_reference_it_cannot_read(
    client: LanguageClient, fake
) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    client.choice = "Cancel"  # type: ignore[attr-defined]
    sloppy = "Goldston, Pintz, Yildirim, Primes in tuples I, Annals 2009"
    (root / "PROBLEM.md").write_text(PROBLEM + f"\n## References\n\n- {sloppy}\n", "utf-8")
    uri = open_file(client, root / "PROBLEM.md")
    await run(client, (await search_action(client, uri)).command)
    (asked,) = client.asked  # type: ignore[attr-defined]
    assert asked.message.endswith(
        "\nNot read in PROBLEM.md References: “Goldston, Pintz, Yildirim, Primes in tuples I, "
        "An…” — write `doi:…` or `arXiv:…`, or mark the title: `Authors, *Title*, year`"
    )


async def _refused(client: LanguageClient, status: str, message: str) -> None:
    """The search action on a PROBLEM.md whose `status:` line reads `status`: it says
    `message` and writes nothing."""
    root: Path = client.root  # type: ignore[attr-defined]
    (root / "PROBLEM.md").write_text(PROBLEM.replace("status: defined", status), encoding="utf-8")
    uri = open_file(client, root / "PROBLEM.md")
    await run(client, (await search_action(client, uri)).command)
    await wait_until(lambda: any(message in m.message for m in client.messages))
    assert not (root / "LITERATURE.md").exists()


async def test_draft_problem_gets_the_not_ready_message(client: LanguageClient, fake) -> None:
    await _refused(client, "status: draft", "No defined problem found")


async def test_a_problem_whose_frontmatter_cannot_be_read_is_not_searched(
    client: LanguageClient, fake
) -> None:
    await _refused(client, "status: defined\n  oops: : x", "cannot be read (line")


async def test_user_edit_during_the_search_survives(client: LanguageClient, fake) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    lit_path = root / "LITERATURE.md"
    from mathlsp.notes.templates import fill_template

    lit_path.write_text(
        fill_template("LITERATURE.md", {"PROBLEM_SLUG": "prime-gaps", "PROBLEM_TITLE": "Gaps"}),
        encoding="utf-8",
    )
    lit_uri = open_file(client, lit_path)
    fake.controls.set_latency(0.3)
    task = asyncio.ensure_future(run(client, (await search_action(client, lit_uri)).command))
    await wait_until(lambda: len(fake.controls.requests()) >= 1, timeout=20, what="search started")
    typed = client.buffers[lit_uri].text.replace(
        "## Synthesis", "My own note, typed mid-search.\n\n## Synthesis"
    )  # type: ignore[attr-defined]
    change_buffer(client, lit_uri, typed)
    await asyncio.wait_for(task, 60)
    text = client.buffers[lit_uri].text  # type: ignore[attr-defined]
    assert "My own note, typed mid-search." in text
    assert LiteratureDoc(text).confirmed  # and the results landed around it


async def test_selection_search_leads_with_the_selected_text(client: LanguageClient, fake) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    uri = open_file(client, root / "PROBLEM.md")
    text = PROBLEM
    line = text.splitlines().index("- Bounded gaps between primes (Zhang 2014).")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line, 2), end=types.Position(line, 30)),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    (action,) = [as_action(a) for a in actions or [] if a.title.startswith("Search literature for")]
    assert action.command.arguments[1] == "Bounded gaps between primes"
    await run(client, action.command)
    (asked,) = client.asked  # type: ignore[attr-defined]
    first_query = asked.message.splitlines()[1].lower()
    assert "bounded gaps" in first_query and "primes" in first_query  # the selection leads


async def test_cancelled_search_changes_nothing(client: LanguageClient, fake) -> None:
    if client.client_name != "visual_studio_code":  # type: ignore[attr-defined]
        pytest.skip("cancelling through $/progress needs a client that shows progress")
    root: Path = client.root  # type: ignore[attr-defined]
    uri = open_file(client, root / "PROBLEM.md")
    fake.controls.set_latency(0.5)
    task = asyncio.ensure_future(run(client, (await search_action(client, uri)).command))
    await wait_until(lambda: len(fake.controls.requests()) >= 1, timeout=20, what="search started")
    (token,) = list(client.progress_reports)
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    assert await asyncio.wait_for(task, 30) is None
    await wait_until(lambda: any("search cancelled" in m.message for m in client.messages))
    assert not (root / "LITERATURE.md").exists() and not (root / "JOURNAL.md").exists()
    assert not client.apply_requests  # type: ignore[attr-defined]


async def test_backend_down_and_429_storm_still_complete(client: LanguageClient, fake) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    fake.controls.add_fault("503", "openalex", count=500)
    fake.controls.add_fault("429", "semantic_scholar", count=500)
    uri = open_file(client, root / "PROBLEM.md")
    result = await run(client, (await search_action(client, uri)).command)
    assert result is not None and result["confirmed"] >= 1  # arXiv carried the search
    row = LiteratureDoc(text_of(client, root / "LITERATURE.md")).history[-1]
    assert "OpenAlex" in row.cells[1] and "Semantic Scholar" in row.cells[1]  # noted as down
    messages = [m.message for m in client.messages]
    assert any("Down:" in m and "OpenAlex" in m for m in messages)


async def test_no_selection_search_on_a_diagnostic_range_or_non_query(
    client: LanguageClient, fake
) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    uri = open_file(client, root / "PROBLEM.md")
    line = PROBLEM.splitlines().index("- Bounded gaps between primes (Zhang 2014).")
    rng = types.Range(start=types.Position(line, 2), end=types.Position(line, 30))
    squiggle = types.Diagnostic(range=rng, message="something", source="mathlsp")

    async def titles(context: types.CodeActionContext, at: types.Range = rng) -> list[str]:
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri), range=at, context=context
            )
        )
        return [a.title for a in actions or []]

    # The Problems panel / visual mode over a squiggle sends the diagnostic's own range.
    on_diagnostic = await titles(types.CodeActionContext(diagnostics=[squiggle]))
    assert not any(t.startswith("Search literature for") for t in on_diagnostic)
    # A selection of punctuation and digits is no query either.
    dashes = types.Range(start=types.Position(line, 0), end=types.Position(line, 2))
    assert not any(
        t.startswith("Search literature for")
        for t in await titles(types.CodeActionContext(diagnostics=[]), dashes)
    )


def test_reads_as_query() -> None:
    from mathlsp.search.text import reads_as_query

    assert reads_as_query("spectral gap of heat-bath walks")
    assert reads_as_query("$P_5$-free graphs")
    for text in (
        "2026-04-12T22:10:19Z via http://export.arxiv.org/api/query?id_list=1605.08386",
        "REF-001",
        "10.4007/annals.2014.179.3.7",
        "| 2026-01-01 | 3 | 0 |",
        "- **Year:** 2014",
        "ab",
    ):
        assert not reads_as_query(text), text


async def test_a_set_aside_paper_is_offered_and_added_as_unconfirmed(
    client: LanguageClient, fake, tmp_path: Path
) -> None:
    """After a search (from the terminal or the editor) its papers below the line are remembered
    in the cache; LITERATURE.md offers to add one, and it is added as a UREF, never a REF."""
    import datetime as dt

    from mathlsp.cache import Cache
    from mathlsp.notes.templates import fill_template
    from mathlsp.search import below

    root: Path = client.root  # type: ignore[attr-defined]
    lit_path = root / "LITERATURE.md"
    lit_path.write_text(
        fill_template("LITERATURE.md", {"PROBLEM_SLUG": "prime-gaps", "PROBLEM_TITLE": "Gaps"}),
        encoding="utf-8",
    )
    item = {
        "title": "Small gaps between primes",
        "authors": ["James Maynard"],
        "year": 2015,
        "arxiv_id": "1311.4600",
        "doi": "10.4007/annals.2015.181.1.7",
        "source": "arXiv",
        "evidence": 0.7,
        "relevance": "Its title says the tag prime-gaps.",
    }
    with Cache(tmp_path / "cache") as cache:
        below.remember(cache, root, [item], dt.datetime(2026, 11, 26, tzinfo=dt.UTC))
    uri = open_file(client, lit_path)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)),
            context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Source]),
        )
    )
    offered = [as_action(a) for a in actions or [] if a.title.startswith("Add set-aside paper")]
    assert [a.title for a in offered] == [
        "Add set-aside paper (unconfirmed): Small gaps between primes"
    ]
    result = await run(client, offered[0].command)
    assert result == {"added": "Small gaps between primes"}
    lit = LiteratureDoc(text_of(client, lit_path))
    assert not lit.confirmed
    (entry,) = lit.unconfirmed
    assert entry.id == "UREF-001" and entry.title == "Small gaps between primes"
    reason = entry.fields.value("reason")
    assert "set aside by the search of 2026-11-26" in reason and "not verified" in reason
    assert lit.frontmatter.get("unconfirmed_count") == 1
    # Listed now: no longer offered.
    again = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)),
            context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Source]),
        )
    )
    assert not [a for a in again or [] if a.title.startswith("Add set-aside paper")]


async def test_a_search_in_the_editor_offers_its_set_aside_papers_and_keeps_what_was_typed(
    client: LanguageClient, fake
) -> None:
    """End to end in the editor: the search's message says how many papers fell below the line
    and what following the references did; LITERATURE.md then offers those papers, and adding
    one writes a UREF around what the user typed since, never a REF."""
    root: Path = client.root  # type: ignore[attr-defined]
    uri = open_file(client, root / "PROBLEM.md")
    await run(client, (await search_action(client, uri)).command)
    (message,) = [m.message for m in client.messages if m.message.startswith("mathlsp: Search:")]
    assert "Below the line: " in message and "Followed the references of " in message
    assert "request" in message  # what following cost
    lit_path = root / "LITERATURE.md"
    lit_uri = open_file(client, lit_path)
    before = LiteratureDoc(text_of(client, lit_path))
    typed = client.buffers[lit_uri].text.replace(  # type: ignore[attr-defined]
        "## Synthesis", "My own note, typed after the search.\n\n## Synthesis"
    )
    change_buffer(client, lit_uri, typed)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=lit_uri),
            range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)),
            context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Source]),
        )
    )
    offered = [as_action(a) for a in actions or [] if a.title.startswith("Add set-aside paper")]
    assert offered, [a.title for a in actions or []]
    written = {e.title for e in before.entries}
    for a in offered:  # only papers the search set aside: none of those it wrote
        assert a.title.removeprefix("Add set-aside paper (unconfirmed): ") not in written
    assert await run(client, offered[0].command)
    text = text_of(client, lit_path)
    assert "My own note, typed after the search." in text
    after = LiteratureDoc(text)
    assert [e.id for e in after.confirmed] == [e.id for e in before.confirmed]
    (added,) = [e for e in after.unconfirmed if e.id not in {u.id for u in before.unconfirmed}]
    reason = added.fields.value("reason")
    assert "below the relevance line" in reason and "not verified" in reason
