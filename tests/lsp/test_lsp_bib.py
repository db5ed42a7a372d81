# ruff: noqa: F811  (the fixtures of test_lsp_verification, imported by name)
"""`.bib` files in the editor, end to end over stdio against the fake scholarly server:
diagnostics from cached verdicts only, verify the file or one entry, hover with the verified
record and its abstract, fix a field from the source; and "Copy BibTeX" on a REF entry."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsp_helpers import Problem, change_buffer, codes, latest, open_note, position, wait_until
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from test_lsp_verification import (  # noqa: F401  (fixtures)
    CONFIG,
    buffer,
    client,
    enc,
    execute,
    fake,
    fake_server,
    hover,
    lsp_settings,
    problem,
    settled,
)

from mathlsp.bib.parse import parse_bib
from tests.fakescholar import FakeScholar

REFS = r"""@string{annals = "Ann. of Math. (2)"}

@misc{perelman,
  author = {Perelman, Grisha},
  title  = {The entropy formula for the {R}icci flow and its geometric applications},
  year   = {2002},
  eprint = {math/0211159},
  archivePrefix = {arXiv},
}

@article{greentao,
  author  = {Green, Ben and Tao, Terence},
  title   = {The primes contain arbitrarily long arithmetic progressions},
  journal = annals,
  year    = {2007},
  doi     = {10.4007/annals.2008.167.481},
}

@article{fake,
  author = {Lovelace, Ada},
  title  = {Spectral Radius Bounds for Perturbed Neumann Series},
  year   = {2023},
  eprint = {2301.99999},
  archivePrefix = {arXiv},
}

@article{broken,
  title = {never closed,
"""


def open_bib(client: LanguageClient, problem: Problem) -> str:
    problem.write("refs.bib", REFS)
    uri = open_note(client, problem, "refs.bib")
    return uri


async def test_bib_diagnostics_verify_hover_and_fix(
    client: LanguageClient, problem: Problem, fake: FakeScholar
) -> None:
    uri = open_bib(client, problem)
    first = await settled(client, uri)
    # Nothing asked of the network on open: every entry "not verified yet", the broken block.
    assert fake.controls.requests() == []
    assert sorted(codes(first)) == ["BIB001", "BIB005", "BIB005", "BIB005"]
    broken = next(d for d in first.diagnostics if d.code == "BIB001")
    assert broken.range.start.line == REFS.splitlines().index("@article{broken,")
    results = await execute(client, "mathlsp.verifyBib", uri)
    assert [r["status"] for r in results] == ["confirmed", "confirmed", "unconfirmed"]
    assert fake.controls.requests()
    # The next check reads the cache: the fabricated entry is an error on its key.
    version = change_buffer(client, uri, buffer(client, uri) + "\n")
    after = await settled(client, uri)
    assert after.version == version
    by_code = {d.code: d for d in after.diagnostics}
    assert sorted(codes(after)) == ["BIB001", "BIB003"]
    fake_diag = by_code["BIB003"]
    assert fake_diag.message.startswith("fake: not confirmed by the sources")
    assert fake_diag.range.start == position(buffer(client, uri), "fake,", enc(client))
    # Hover: the verified record with its abstract.
    card = await hover(client, uri, "perelman,", delta=1)
    assert card is not None and "Verified" in card and "Perelman" in card
    assert "entropy" in card.lower()
    # greentao claims 2007: within ±1, confirmed, but the record says 2008: offered as a fix.
    text = buffer(client, uri)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(
                start=position(text, "greentao,", enc(client)),
                end=position(text, "greentao,", enc(client)),
            ),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    titles = [a.title for a in actions or []]
    assert "Verify greentao against its sources" in titles
    assert "Verify every entry of this file" in titles
    fix = next(a for a in actions if a.title.startswith("Set year of greentao"))
    assert fix.command is not None
    assert await execute(client, fix.command.command, *fix.command.arguments)
    fixed = parse_bib(buffer(client, uri)).by_key()["greentao"]
    assert fixed.get("year") == "2008"
    assert buffer(client, uri).replace("2008}", "2007}", 1) == text  # nothing else changed


async def test_copy_bibtex_on_a_verified_ref(client: LanguageClient, problem: Problem) -> None:
    uri = open_note(client, problem, "LITERATURE.md")
    await settled(client, uri)
    text = buffer(client, uri)
    at = position(text, "REF-005: The sphere", enc(client))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=at, end=at),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    copy = next(a for a in actions or [] if a.title == "Copy BibTeX for REF-005")
    result = await execute(client, copy.command.command, *copy.command.arguments)
    entry = parse_bib(result["bibtex"]).entries[0]
    assert result["key"] == entry.key == "viazovska2017sphere"
    assert entry.get("eprint") == "1603.04246" and entry.get("doi") == "10.4007/annals.2017.185.3.7"
    assert entry.get("mathlsp-verified")
    # An entry with no stamp offers no copy (nothing unverified reaches a paper).
    at = position(text, "REF-001: The entropy", enc(client))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=at, end=at),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert not any(a.title.startswith("Copy BibTeX") for a in actions or [])


def _large_bib(n: int) -> str:
    """`n` title-only entries; the sixth cites a proceedings volume that comes last."""
    entries = [
        f"@misc{{e{i},\n  title = {{Entry number {i}}},\n  year = {{2001}},\n}}\n" for i in range(n)
    ]
    entries[5] = "@inproceedings{child,\n  title = {A talk},\n  crossref = {proc},\n}\n"
    entries.append("@proceedings{proc,\n  title = {The proceedings},\n  year = {1999},\n}\n")
    return "\n".join(entries)


async def test_a_large_bib_shows_its_first_entries_first(
    client: LanguageClient, problem: Problem
) -> None:
    from lsp_helpers import published_for

    from mathlsp.features.bib import FIRST_PASS_ENTRIES

    n = FIRST_PASS_ENTRIES + 30
    problem.write("big.bib", _large_bib(n))
    uri = open_note(client, problem, "big.bib")
    await wait_until(lambda: len(published_for(client, uri)) >= 2, what="the whole file's")
    final = published_for(client, uri)[1]
    keys = [d.data["key"] for d in final.diagnostics]
    assert len(keys) == n + 1 and "child" in keys and "proc" in keys
    first = published_for(client, uri)[0]
    assert first.version == final.version
    # The first pass: the first entries, each as the whole file reports it; the child of a
    # volume not read yet waits for the whole file (what it inherits is not known yet).
    first_keys = [d.data["key"] for d in first.diagnostics]
    assert first_keys == [k for k in keys[:FIRST_PASS_ENTRIES] if k != "child"]
    by_key = {d.data["key"]: d for d in final.diagnostics}
    for d in first.diagnostics:
        assert d == by_key[d.data["key"]]
    # An edit is read from the block cache at once: no first pass, the whole file.
    version = change_buffer(client, uri, buffer(client, uri) + "\n")
    await settled(client, uri)
    after = [p for p in published_for(client, uri) if p.version == version]
    assert after and all(len(p.diagnostics) == n + 1 for p in after)


@pytest_lsp.fixture(config=CONFIG)
async def copying_client(lsp_client: LanguageClient, problem: Problem, tmp_path: Path):
    """A client that says it runs `mathlsp.client.copyBibtex` itself (the VS Code extension
    and the Neovim plug-in in editors/ do)."""
    capabilities = client_capabilities("visual_studio_code")
    capabilities.experimental = {"mathlsp": {"clientCommands": ["mathlsp.client.copyBibtex"]}}
    project = problem.root.parents[2]
    options = {"debounceMs": 20, "cacheDir": str(tmp_path / "cache"), "verification": "off"}
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=project.as_uri(),
            initialization_options={"mathlsp": options},
        )
    )
    lsp_client.init_result = result  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


async def test_copy_bibtex_carries_the_text_to_a_client_that_copies(
    copying_client: LanguageClient, problem: Problem, fake: FakeScholar
) -> None:
    client = copying_client
    uri = open_note(client, problem, "LITERATURE.md")
    await settled(client, uri)
    text = buffer(client, uri)
    at = position(text, "REF-005: The sphere", enc(client))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=at, end=at),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    copy = next(a for a in actions or [] if a.title == "Copy BibTeX for REF-005")
    # The client's own command with the text: nothing for the server to run, no network.
    assert copy.command.command == "mathlsp.client.copyBibtex"
    commands = client.init_result.capabilities.execute_command_provider.commands  # type: ignore[attr-defined]
    assert "mathlsp.client.copyBibtex" not in commands
    (argument,) = copy.command.arguments
    entry = parse_bib(argument["bibtex"]).entries[0]
    assert argument["key"] == entry.key == "viazovska2017sphere"
    assert entry.get("eprint") == "1603.04246" and entry.get("mathlsp-verified")
    assert fake.controls.requests() == []


def test_the_editor_setups_run_the_copy_command_themselves() -> None:
    """The name the server offers only to a client that declares it is the one the VS Code
    extension and the Neovim plug-in declare and register (their real-editor runs: Neovim's in
    tests/editors/test_nvim.py; the extension compiles with `npx tsc --noEmit`)."""
    from mathlsp.features.bib import CLIENT_COPY

    repo = Path(__file__).resolve().parents[2]
    extension = (repo / "editors" / "vscode" / "src" / "extension.ts").read_text(encoding="utf-8")
    assert f'const CLIENT_COPY = "{CLIENT_COPY}";' in extension
    assert "command(CLIENT_COPY, copyBibtex);" in extension
    assert "clientCommands: [CLIENT_COPY]" in extension
    assert "client.registerFeature(clientCommandsFeature);" in extension
    assert "vscode.env.clipboard.writeText(arg.bibtex)" in extension
    plugin = (repo / "editors" / "nvim" / "lua" / "mathlsp" / "init.lua").read_text(
        encoding="utf-8"
    )
    assert f'M.CLIENT_COPY = "{CLIENT_COPY}"' in plugin
    assert "vim.lsp.commands[M.CLIENT_COPY] = M.copy_bibtex" in plugin
    assert "clientCommands = { M.CLIENT_COPY }" in plugin


@pytest.mark.parametrize("lsp_settings", [{"verification": "onSave"}])
async def test_a_saved_bib_is_verified_in_the_background(
    client: LanguageClient, problem: Problem, fake: FakeScholar, lsp_settings: dict[str, Any]
) -> None:
    uri = open_bib(client, problem)
    await settled(client, uri)
    change_buffer(client, uri, buffer(client, uri) + "\n")
    await settled(client, uri)
    assert fake.controls.requests() == []  # opening and typing ask nobody
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await wait_until(
        lambda: sorted(codes(latest(client, uri))) == ["BIB001", "BIB003"],
        what="the entries verified on save",
    )
    fake_diag = next(d for d in latest(client, uri).diagnostics if d.code == "BIB003")
    assert fake_diag.message.startswith("fake: not confirmed by the sources")
    assert buffer(client, uri).endswith("\n\n")  # never edits the file
    # Saving again: every entry has its verdict, nobody is asked.
    fake.controls.clear_log()
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await asyncio.sleep(0.3)
    assert fake.controls.requests() == []


def _unknown_entries(n: int) -> str:
    """`n` entries whose arXiv ids no source knows: each one verified costs a look-up."""
    return "".join(
        f"@article{{e{i},\n  author = {{Nonymous, A.}},\n  title = {{Fabricated result {i}}},\n"
        f"  year = {{2023}},\n  eprint = {{2301.9{i:04d}}},\n  archivePrefix = {{arXiv}},\n}}\n\n"
        for i in range(n)
    )


def _asked_ids(fake: FakeScholar, n: int) -> set[int]:
    """Which of the `n` entries' arXiv ids reached the fake server."""
    seen = " ".join(f"{r.raw_url} {r.body}" for r in fake.controls.requests())
    return {i for i in range(n) if f"2301.9{i:04d}" in seen}


def save(client: LanguageClient, uri: str) -> None:
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )


@pytest.mark.parametrize("lsp_settings", [{"verification": "onSave"}])
async def test_a_save_verifies_at_most_50_entries_and_the_next_save_the_rest(
    client: LanguageClient, problem: Problem, fake: FakeScholar, lsp_settings: dict[str, Any]
) -> None:
    from mathlsp.features.bib import BACKGROUND_MAX

    n = BACKGROUND_MAX + 12
    problem.write("refs.bib", _unknown_entries(n))
    uri = open_note(client, problem, "refs.bib")
    assert sorted(codes(await settled(client, uri))) == ["BIB005"] * n
    save(client, uri)

    def counted() -> tuple[int, int]:
        found = codes(latest(client, uri))
        return found.count("BIB003"), found.count("BIB005")

    await wait_until(lambda: counted() == (BACKGROUND_MAX, n - BACKGROUND_MAX), what="50 done")
    # Exactly the first 50 entries were looked up: the rest were not sent to the sources.
    assert _asked_ids(fake, n) == set(range(BACKGROUND_MAX))
    fake.controls.clear_log()
    save(client, uri)
    await wait_until(lambda: counted() == (n, 0), what="the rest verified on the next save")
    assert _asked_ids(fake, n) == set(range(BACKGROUND_MAX, n))


@pytest.mark.parametrize("lsp_settings", [{"verification": "onSave"}])
async def test_a_newer_save_cancels_the_running_background_verification(
    client: LanguageClient, problem: Problem, fake: FakeScholar, lsp_settings: dict[str, Any]
) -> None:
    from mathlsp.features.bib import SUPERSEDED

    problem.write("refs.bib", _unknown_entries(3))
    uri = open_note(client, problem, "refs.bib")
    await settled(client, uri)
    fake.controls.set_latency(1.5)  # the first save's look-ups are still out when it is saved
    save(client, uri)
    await wait_until(lambda: _begun(client) >= 1, what="the first job's progress")
    save(client, uri)
    await wait_until(lambda: _ended(client).count("Done") == 1, what="the second job done")
    ends = _ended(client)
    assert ends == [SUPERSEDED, "Done"]  # the first stopped when the file was saved again
    await wait_until(
        lambda: codes(latest(client, uri)).count("BIB003") == 3, what="the verdicts shown"
    )


def _begun(client: LanguageClient) -> int:
    return sum(
        isinstance(r[0], types.WorkDoneProgressBegin) for r in client.progress_reports.values() if r
    )


def _ended(client: LanguageClient) -> list[str | None]:
    return [
        r[-1].message
        for r in client.progress_reports.values()
        if r and isinstance(r[-1], types.WorkDoneProgressEnd)
    ]
