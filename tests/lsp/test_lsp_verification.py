"""Verification in the editor, end to end: the real `mathlsp serve` over stdio, with VS Code's
and Neovim's client capabilities, talking to the fake scholarly server (tests/fakescholar).

One fake server runs for the module on a port chosen at import time, so the language server's
environment (`MATHLSP_*_URL`) is known before pytest-lsp starts it; every test gets a fresh
problem folder and its own cache directory (`cacheDir`), and the fake's faults, latency and
request log are reset between tests.
"""

from __future__ import annotations

import ast
import asyncio
import datetime as dt
import json
import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsp_helpers import (
    CLIENTS,
    Problem,
    change_buffer,
    fake_server_env,
    free_port,
    latest,
    make_client,
    open_note,
    position,
    wait_until,
)
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.fakescholar import FakeScholar
from tests.fakescholar.corpus import Paper

# -- the fake scholarly server, on a port known at import time ------------------------------------


PORT = free_port()
FAKE_ROOT = f"http://127.0.0.1:{PORT}"
SECRET = "s2-secret-key-never-in-a-url"  # the Semantic Scholar key the server is given
STATUS = "mathlsp/status"

SERVER_ENV = fake_server_env(PORT, SEMANTIC_SCHOLAR_API_KEY=SECRET)

# A record whose API text tries to inject Markdown, HTML and a command link into the hover.
EVIL_ARXIV = "2402.00666"
EVIL = Paper(
    key="evil-record",
    title="Evil [click me](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>",
    authors=[("Mallory", "<b>Hacker</b>")],
    year=2024,
    venue=None,
    abstract="See <script>alert(1)</script> and [this](javascript:alert(2)) ![img](http://x/y.png)",
    citations=0,
    arxiv_id=EVIL_ARXIV,
    arxiv_published="2024-02-01",
    categories=["math.FA"],
)


@pytest.fixture(scope="module")
def fake_server() -> Iterator[FakeScholar]:
    fake = FakeScholar(port=PORT).start()
    corpus = fake.corpus
    corpus.papers.append(EVIL)
    corpus.by_arxiv[EVIL_ARXIV] = EVIL
    corpus.by_s2[EVIL.s2_id] = EVIL
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture
def fake(fake_server: FakeScholar) -> Iterator[FakeScholar]:
    fake_server.controls.reset()
    yield fake_server
    fake_server.controls.reset()


# -- the notes ----------------------------------------------------------------------------------
def days_ago(n: int) -> str:
    when = dt.datetime.now(dt.UTC) - dt.timedelta(days=n, hours=1)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


LITERATURE = """\
---
problem: ricci
total_papers: 5
confirmed_count: 5
unconfirmed_count: 0
last_search: 2026-02-10T12:00:00Z
sources_queried: [arxiv, semantic_scholar]
---
# Literature

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|
| 2026-02-10 | "ricci flow" | 8 | 12 | 5 |

## Confirmed References

### REF-001: The entropy formula for the Ricci flow and its geometric applications
- **Authors:** Grisha Perelman
- **Year:** 2002
- **Source:** arXiv
- **arXiv ID:** math/0211159
- **DOI:** n/a
- **Relevance:** Monotonicity formulas.
- **Key Results:** Theorem 1.1
- **Confidence:** [V]

### REF-002: The primes contain arbitrarily long arithmetic progressions
- **Authors:** Ben Green, Terence Tao
- **Year:** 2008
- **Source:** Crossref
- **arXiv ID:** n/a
- **DOI:** 10.4007/annals.2008.167.481
- **Relevance:** Transference.
- **Key Results:** Theorem 1.1
- **Confidence:** [V]

### REF-003: Spectral Radius Bounds for Perturbed Neumann Series
- **Authors:** Ada Lovelace
- **Year:** 2023
- **Source:** arXiv
- **arXiv ID:** 2301.99999
- **DOI:** n/a
- **Relevance:** The sharp bound.
- **Key Results:** Theorem 2
- **Confidence:** [V]

### REF-004: Perturbation Theory for Nonlinear Operators
- **Authors:** Tosio Kato
- **Year:** 1995
- **Source:** Crossref
- **arXiv ID:** n/a
- **DOI:** 10.1007/978-3-642-66282-9
- **Relevance:** Resolvent bounds.
- **Key Results:** Theorem IV.1.16
- **Confidence:** [V]

### REF-005: The sphere packing problem in dimension 8
- **Authors:** Maryna S. Viazovska
- **Year:** 2017
- **Source:** arXiv
- **arXiv ID:** 1603.04246
- **DOI:** 10.4007/annals.2017.185.3.7
- **Relevance:** Modular forms.
- **Key Results:** Theorem 1
- **Confidence:** [V]
- **Verified:** {old_stamp} via https://export.arxiv.org/api/query?id_list=1603.04246

## Synthesis

### Applicable Theorems
- [V] The entropy formula of REF-001 is monotone.

### Technique Connections
- [S] Transference (REF-002) and perturbation (REF-004).

### Gaps in Literature
- [~] Nothing on REF-003's sharp bound yet.

### Suggested Reading Order
- [S] REF-001, REF-002, REF-004.

## Unconfirmed References
""".replace("{old_stamp}", days_ago(3))

PROOF = """\
# Proof

By the entropy formula of REF-001 and the sharp bound of REF-003 we conclude.
Maynard's sieve arXiv:1311.4600 gives small gaps; see also doi:10.1109/TIT.2006.871582.
A suspicious preprint arXiv:2402.00666 claims more.
"""

PROBLEM = """\
---
title: "Ricci flow entropy"
status: defined
domain: geometry
type: proof
tags: [ricci-flow, entropy]
created: 2026-02-10
---
# Problem
Show that the entropy is monotone.
"""


@pytest.fixture
def problem(tmp_path: Path) -> Problem:
    root = tmp_path / "project" / ".math" / "problems" / "ricci"
    root.mkdir(parents=True)
    (tmp_path / "project" / ".math" / "config.json").write_text(
        '{"current_problem": "ricci"}', encoding="utf-8"
    )
    p = Problem(root)
    for name, text in (("LITERATURE.md", LITERATURE), ("PROOF.md", PROOF), ("PROBLEM.md", PROBLEM)):
        p.write(name, text)
    return p


# -- the client -----------------------------------------------------------------------------------
def record_status(client: LanguageClient, params: Any) -> None:
    """`mathlsp/status` (a custom notification: pygls hands over its params as an object)."""
    if not isinstance(params, dict):
        params = {"state": params.state, "message": params.message}
    client.statuses.append(params)  # type: ignore[attr-defined]


def make_verification_client() -> LanguageClient:
    client = make_client()
    client.statuses = []  # type: ignore[attr-defined]  # mathlsp/status notifications
    client.feature(STATUS)(record_status)
    # lsprotocol's client side reads every code-action item with a `command` key as a Command,
    # so a CodeAction carrying a command object loses its kind and diagnostics. Editors look at
    # the JSON: a Command's `command` is a string, a CodeAction's is an object.
    converter = client.protocol._converter

    def code_action_or_command(obj: Any, _: type) -> types.CodeAction | types.Command:
        if isinstance(obj.get("command"), str):
            return converter.structure(obj, types.Command)
        return converter.structure(obj, types.CodeAction)

    converter.register_structure_hook(
        types.Command | types.CodeAction,  # type: ignore[arg-type]
        code_action_or_command,
    )
    return client


CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "mathlsp", "serve", "--stdio"],
    server_env=SERVER_ENV,
    client_factory=make_verification_client,
)


@pytest.fixture
def lsp_settings() -> dict[str, Any]:
    """Extra `mathlsp` settings; a test overrides them with `parametrize("lsp_settings", …)`."""
    return {}


@pytest_lsp.fixture(config=CONFIG, params=CLIENTS)
async def client(
    request,
    lsp_client: LanguageClient,
    problem: Problem,
    fake: FakeScholar,
    lsp_settings: dict[str, Any],
    tmp_path: Path,
):
    project = problem.root.parents[2]
    options = {
        "debounceMs": 20,
        "pollIntervalMs": 100,
        "cacheDir": str(tmp_path / "cache"),
        "verification": "off",
        **lsp_settings,
    }
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=project.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=project.as_uri(), name="project")],
            initialization_options={"mathlsp": options},
        )
    )
    lsp_client.init_result = result  # type: ignore[attr-defined]
    lsp_client.client_name = request.param  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


# -- helpers --------------------------------------------------------------------------------------
def buffer(client: LanguageClient, uri: str) -> str:
    return client.buffers[uri].text  # type: ignore[attr-defined]


def enc(client: LanguageClient) -> str:
    e = client.init_result.capabilities.position_encoding  # type: ignore[attr-defined]
    return str(getattr(e, "value", e) or "utf-16")


async def execute(client: LanguageClient, command: str, *args: object) -> Any:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command, arguments=list(args))
    )


async def hover(client: LanguageClient, uri: str, needle: str, delta: int = 2) -> str | None:
    text = buffer(client, uri)
    result = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position(text, needle, enc(client), delta=delta),
        )
    )
    if result is None:
        return None
    contents = result.contents
    assert isinstance(contents, types.MarkupContent), contents
    return contents.value


async def settled(client: LanguageClient, uri: str) -> types.PublishDiagnosticsParams:
    """The diagnostics of the buffer's current version."""
    version = client.buffers[uri].version  # type: ignore[attr-defined]
    await wait_until(
        lambda: (p := latest(client, uri)) is not None and p.version == version,
        what=f"diagnostics of {uri} v{version}",
    )
    return latest(client, uri)  # type: ignore[return-value]


async def diagnostics_with(
    client: LanguageClient, uri: str, code: str, ref: str | None = None
) -> list[types.Diagnostic]:
    def found() -> list[types.Diagnostic]:
        p = latest(client, uri)
        return [
            d
            for d in (p.diagnostics if p else [])
            if d.code == code and (ref is None or (d.data or {}).get("id") == ref)
        ]

    await wait_until(found, what=f"{code} {ref or ''} on {uri}")
    return found()


def _as_action(item: types.CodeAction | types.Command) -> types.CodeAction:
    """lsprotocol's client side reads a CodeAction that carries a `command` as a Command, with
    the command object as a repr string (editors read the JSON and are not fooled): rebuild it."""
    if isinstance(item, types.CodeAction):
        return item
    inner = ast.literal_eval(item.command) if item.command.startswith("{") else None
    if inner is None:
        return types.CodeAction(title=item.title, command=item)
    return types.CodeAction(title=item.title, command=types.Command(**inner))


async def actions_at(
    client: LanguageClient, uri: str, rng: types.Range, diags: list[types.Diagnostic]
) -> list[types.CodeAction]:
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=rng,
            context=types.CodeActionContext(diagnostics=diags),
        )
    )
    return [_as_action(a) for a in result or []]


def named(actions: list[types.CodeAction], title: str) -> types.CodeAction:
    found = [a for a in actions if a.title.startswith(title)]
    assert found, f"no action {title!r} in {[a.title for a in actions]}"
    return found[0]


async def run_action(client: LanguageClient, action: types.CodeAction) -> Any:
    assert action.command is not None, action
    return await execute(client, action.command.command, *(action.command.arguments or []))


def requests(fake: FakeScholar, backend: str | None = None) -> list[str]:
    return [r.raw_url for r in fake.controls.requests(backend)]


def entry_block(text: str, ref: str) -> str:
    """The lines of one entry (heading to the next heading)."""
    start = text.index(f"### {ref}:")
    end = text.find("\n#", start + 1)
    return text[start : end if end >= 0 else len(text)]


STAMP = re.compile(r"- \*\*Verified:\*\* (\S+) via (\S+)")


def stamp_of(text: str, ref: str) -> tuple[str, str] | None:
    m = STAMP.search(entry_block(text, ref))
    return (m.group(1), m.group(2)) if m else None


def without_stamps(text: str) -> str:
    return re.sub(r"\n- \*\*Verified:\*\* [^\n]*", "", text)


def messages(client: LanguageClient) -> list[str]:
    return [m.message for m in client.messages]


async def verify_all(client: LanguageClient, problem: Problem) -> tuple[str, Any]:
    uri = open_note(client, problem, "LITERATURE.md")
    await settled(client, uri)
    result = await execute(client, "mathlsp.verifyAll", uri)
    return uri, result


# -- 1. verifyAll --------------------------------------------------------------------------------
async def test_verify_all_stamps_confirmed_entries_and_reports_the_rest(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    uri, result = await verify_all(client, problem)
    by_id = {r["id"]: r for r in result}
    assert by_id["REF-001"]["status"] == "confirmed"
    assert by_id["REF-002"]["status"] == "confirmed"
    assert by_id["REF-005"]["status"] == "confirmed"
    assert by_id["REF-003"]["status"] == "unconfirmed"
    assert "2301.99999" in " ".join(by_id["REF-003"]["reasons"])
    assert by_id["REF-004"]["status"] == "unconfirmed"  # the near-miss title
    assert "title" in " ".join(by_id["REF-004"]["reasons"])

    # Batched: one arXiv id_list call for every arXiv id.
    arxiv = requests(fake, "arxiv")
    assert len(arxiv) == 1 and "id_list=" in arxiv[0]

    # $/progress begin … report … end.
    [reports] = [r for r in client.progress_reports.values() if r]
    kinds = [type(r).__name__ for r in reports]
    assert kinds[0] == "WorkDoneProgressBegin" and kinds[-1] == "WorkDoneProgressEnd"
    assert "WorkDoneProgressReport" in kinds
    assert reports[0].cancellable

    # One versioned edit: stamps on the confirmed entries only, nothing else touched.
    [(params, outcome)] = client.apply_requests  # type: ignore[attr-defined]
    assert outcome.applied
    edit = params.edit
    if client.client_name == "visual_studio_code":  # type: ignore[attr-defined]
        assert edit.changes is None
        [doc_edit] = edit.document_changes
        assert doc_edit.text_document.version == 1
    else:
        assert edit.document_changes is None and list(edit.changes) == [uri]
    text = buffer(client, uri)
    stamps = {ref: stamp_of(text, ref) for ref in ("REF-001", "REF-002", "REF-005")}
    for ref, stamp in stamps.items():
        assert stamp is not None, ref
        when, url = stamp
        assert dt.datetime.fromisoformat(when.replace("Z", "+00:00")) > dt.datetime.now(
            dt.UTC
        ) - dt.timedelta(minutes=5), (ref, when)
        assert url.startswith("http") and SECRET not in url
    assert "id_list=math/0211159" in stamps["REF-001"][1] or "0211159" in stamps["REF-001"][1]
    assert "annals.2008.167.481" in stamps["REF-002"][1]
    assert stamp_of(text, "REF-003") is None and stamp_of(text, "REF-004") is None
    assert SECRET not in text
    # Only the stamps changed.
    assert without_stamps(text) == without_stamps(LITERATURE)

    # A summary message.
    await wait_until(lambda: any("Verified 5 references" in m for m in messages(client)))
    [summary] = [m for m in messages(client) if "Verified 5 references" in m]
    assert "3 confirmed" in summary and "REF-003" in summary

    # VER001 on the failing entries, from the cache.
    failing = await diagnostics_with(client, uri, "VER001")
    assert {d.data["id"] for d in failing} == {"REF-003", "REF-004"}
    # Typing costs no network call: diagnostics come from the cache.
    before = len(fake.controls.requests())
    change_buffer(client, uri, buffer(client, uri) + "\nA note.\n")
    after = await settled(client, uri)
    assert {d.data["id"] for d in after.diagnostics if d.code == "VER001"} == {
        "REF-003",
        "REF-004",
    }
    await asyncio.sleep(0.2)
    assert len(fake.controls.requests()) == before


async def test_entries_outside_the_verified_sections_are_named_not_silently_left(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    # Written by someone else: `# Confirmed References` (level 1), so its entries stand in no
    # section verification reads. Saying "Verified 0 references" alone, or that REF-001 "is not
    # an entry", would be untrue.
    problem.write(
        "LITERATURE.md", LITERATURE.replace("## Confirmed References", "# Confirmed References")
    )
    uri, result = await verify_all(client, problem)
    assert result == []
    await wait_until(lambda: any("not verified: REF-001" in m for m in messages(client)))
    [summary] = [m for m in messages(client) if "not verified: REF-001" in m]
    assert "REF-001, REF-002, REF-003, REF-004, REF-005 stand outside" in summary
    assert await execute(client, "mathlsp.verifyReference", uri, "REF-002") is None
    await wait_until(
        lambda: any("REF-002 is not verified: it stands" in m for m in messages(client))
    )
    assert not any("is not an entry" in m for m in messages(client))
    assert client.apply_requests == []  # type: ignore[attr-defined]
    # Neither Verify nor Move is offered on such an entry; run anyway, Move says why not.
    heading = (
        buffer(client, uri)
        .splitlines()
        .index(
            next(
                line for line in buffer(client, uri).splitlines() if line.startswith("### REF-002")
            )
        )
    )
    at = types.Position(line=heading, character=6)
    titles = [a.title for a in await actions_at(client, uri, types.Range(start=at, end=at), [])]
    assert not any(t.startswith(("Verify REF-002", "Move REF-002")) for t in titles), titles
    assert await execute(client, "mathlsp.moveToUnconfirmed", uri, "REF-002") is None
    await wait_until(
        lambda: any(
            "REF-002 stands outside '## Confirmed References'" in m for m in messages(client)
        )
    )
    assert not any("failed" in m for m in messages(client))
    assert client.apply_requests == []  # type: ignore[attr-defined]


async def test_verifying_an_unchanged_file_again_sends_no_edit(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    uri, _ = await verify_all(client, problem)
    await wait_until(lambda: stamp_of(buffer(client, uri), "REF-001") is not None, what="stamps")
    stamped = buffer(client, uri)
    assert len(client.apply_requests) == 1  # type: ignore[attr-defined]
    result = await execute(client, "mathlsp.verifyAll", uri)
    assert {r["id"] for r in result if r["status"] == "confirmed"} == {
        "REF-001",
        "REF-002",
        "REF-005",
    }
    await wait_until(
        lambda: sum("Verified 5 references" in m for m in messages(client)) == 2,
        what="the second summary",
    )
    # The same evidence: the stamps already say it, so nothing is sent and nothing changes.
    assert len(client.apply_requests) == 1  # type: ignore[attr-defined]
    assert buffer(client, uri) == stamped
    # No stamp is flagged as a URL the verifier does not write.
    after = await settled(client, uri)
    assert not [d for d in after.diagnostics if d.code == "REF011"]


# -- 2. hover ----------------------------------------------------------------------------------
async def test_hover_shows_the_verified_card_of_a_mention(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    await verify_all(client, problem)
    puri = open_note(client, problem, "PROOF.md")
    await settled(client, puri)
    before = len(fake.controls.requests())
    started = time.perf_counter()
    card = await hover(client, puri, "REF-001")
    elapsed = time.perf_counter() - started
    assert card is not None
    assert "REF-001" in card
    assert "The entropy formula for the Ricci flow" in card
    assert "Perelman" in card and "2002" in card
    assert re.search(r"\[math/0211159(v\d)?\]\(https://arxiv\.org/abs/math/0211159", card), card
    assert "✓ Verified" in card
    assert "monotonic expression for the Ricci flow" in card  # the abstract
    # The failing one says so.
    bad = await hover(client, puri, "REF-003")
    assert bad is not None and "2301.99999" in bad and "✓" not in bad
    assert len(fake.controls.requests()) == before  # from the cache
    print(f"hover from cache: {elapsed * 1000:.1f} ms")
    assert elapsed < 1.0


async def test_hover_states_a_year_that_differs_from_the_source(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    problem.write("LITERATURE.md", LITERATURE.replace("- **Year:** 2002", "- **Year:** 2003", 1))
    await verify_all(client, problem)
    puri = open_note(client, problem, "PROOF.md")
    await settled(client, puri)
    card = await hover(client, puri, "REF-001")
    assert card is not None and "✓ Verified" in card
    assert "year 2003 in the entry, 2002 in arXiv" in card, card


async def test_hover_on_an_uncached_identifier_looks_it_up(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    puri = open_note(client, problem, "PROOF.md")
    await settled(client, puri)
    first = await hover(client, puri, "1311.4600")
    assert first is not None and "looking it up" in first
    assert "Small gaps between primes" not in first

    async def card() -> str:
        for _ in range(100):
            text = await hover(client, puri, "1311.4600")
            if text and "Small gaps between primes" in text:
                return text
            await asyncio.sleep(0.05)
        raise AssertionError(f"no card after the lookup: {text!r}")

    text = await card()
    assert "Maynard" in text and "✓ Verified" in text
    assert "refinement of the GPY sieve" in text
    # A DOI works the same way.
    first = await hover(client, puri, "10.1109/TIT.2006.871582", delta=4)
    assert first is not None
    for _ in range(100):
        text = await hover(client, puri, "10.1109/TIT.2006.871582", delta=4) or ""
        if "Compressed sensing" in text:
            break
        await asyncio.sleep(0.05)
    assert "Compressed sensing" in text and "Donoho" in text


async def test_hover_escapes_api_text(client: LanguageClient, problem: Problem, fake: FakeScholar):
    puri = open_note(client, problem, "PROOF.md")
    await settled(client, puri)
    await hover(client, puri, EVIL_ARXIV)
    text = ""
    for _ in range(100):
        text = await hover(client, puri, EVIL_ARXIV) or ""
        if "Evil" in text:
            break
        await asyncio.sleep(0.05)
    assert "Evil" in text, text
    # No raw HTML, no link other than the ones the card builds.
    assert "<img" not in text and "<script" not in text and "<b>" not in text
    links = re.findall(r"(?<!\\)\]\(([^)]*)\)", text)
    assert links and all(link.startswith(("https://", FAKE_ROOT)) for link in links), links
    assert "command:" not in " ".join(links) and "javascript:" not in " ".join(links)
    assert "![" not in text.replace("\\!\\[", "")


# -- 3. code actions -----------------------------------------------------------------------------
async def test_move_a_failing_reference_to_unconfirmed(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    problem.texts["LITERATURE.md"] = (
        LITERATURE.replace(
            "## Unconfirmed References\n",
            "## Unconfirmed References\n\n"
            "### UREF-001: A Folklore Note\n"
            "- **Authors:** Anonymous\n"
            "- **Year:** 2019\n"
            "- **Source:** a blog post\n"
            "- **Reason:** no source knows it\n"
            "- **Relevance:** Might state the bound.\n"
            "- **Status:** Unconfirmed -- do not cite as established reference\n",
        )
        .replace("total_papers: 5", "total_papers: 6")
        .replace("unconfirmed_count: 0", "unconfirmed_count: 1")
    )
    puri = open_note(client, problem, "PROOF.md")
    uri, _ = await verify_all(client, problem)
    await settled(client, uri)  # after the stamps
    [diag] = await diagnostics_with(client, uri, "VER001", "REF-003")
    actions = await actions_at(client, uri, diag.range, [diag])
    move = named(actions, "Move REF-003 to Unconfirmed References")
    assert move.kind == types.CodeActionKind.QuickFix and move.diagnostics
    verify = named(actions, "Verify REF-003")
    assert verify.command.command == "mathlsp.verifyReference"
    await run_action(client, move)
    await wait_until(lambda: "UREF-002" in buffer(client, uri), what="the move")
    text = buffer(client, uri)
    assert "### REF-003" not in text
    moved = entry_block(text, "UREF-002")
    assert "Spectral Radius Bounds for Perturbed Neumann Series" in moved
    assert "2301.99999" in moved  # the reason, from the cache
    assert "moved from REF-003" in moved
    assert "total_papers: 6" in text
    assert "confirmed_count: 4" in text and "unconfirmed_count: 2" in text
    # The mention in PROOF.md follows; the synthesis in LITERATURE.md too.
    await wait_until(lambda: "UREF-002" in buffer(client, puri), what="the PROOF.md rename")
    assert "REF-003" not in buffer(client, puri).replace("UREF-003", "")
    assert "REF-003's" not in text and "UREF-002's sharp bound" in text
    # No VER001 left for it; nothing new in the synthesis is cited as missing.
    after = await settled(client, uri)
    assert not [d for d in after.diagnostics if d.code == "VER001" and d.data["id"] == "REF-003"]


# Cut short with "…": confirmed as a truncation of the source's title, which it differs from.
# (An author list shorter than the source's without "et al." is refused since issue 27.)
SHORTENED = """
### REF-006: Robust uncertainty principles: exact signal reconstruction from highly…
- **Authors:** Emmanuel J. Candès, Justin Romberg, Terence Tao
- **Year:** 2006
- **Source:** arXiv
- **arXiv ID:** math/0409186
- **DOI:** 10.1109/TIT.2005.862083
- **Relevance:** Sparse recovery.
- **Key Results:** Theorem 1.1
- **Confidence:** [V]
"""


async def test_apply_the_sources_metadata(client: LanguageClient, problem: Problem):
    problem.texts["LITERATURE.md"] = (
        LITERATURE.replace("\n## Synthesis", SHORTENED + "\n## Synthesis")
        .replace("total_papers: 5", "total_papers: 6")
        .replace("confirmed_count: 5", "confirmed_count: 6")
    )
    uri, result = await verify_all(client, problem)
    assert {r["id"]: r["status"] for r in result}["REF-006"] == "confirmed"
    await settled(client, uri)  # after the stamps
    [diag] = await diagnostics_with(client, uri, "VER004", "REF-006")
    assert "title" in diag.data["fields"]
    actions = await actions_at(client, uri, diag.range, [diag])
    apply = named(actions, "Apply ")
    assert "metadata to REF-006" in apply.title and apply.is_preferred
    await run_action(client, apply)
    await wait_until(
        lambda: "frequency information" in entry_block(buffer(client, uri), "REF-006"),
        what="metadata",
    )
    block = entry_block(buffer(client, uri), "REF-006")
    assert "Emmanuel J. Candès, Justin Romberg, Terence Tao" in block
    assert "**Verified:**" in block  # the stamp stays
    after = await settled(client, uri)
    assert not [d for d in after.diagnostics if d.code == "VER004"]


async def test_insert_a_reference_from_an_arxiv_id(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    uri = open_note(client, problem, "LITERATURE.md")
    puri = open_note(client, problem, "PROOF.md")
    await settled(client, puri)
    text = buffer(client, puri)
    at = position(text, "1311.4600", enc(client), delta=3)
    actions = await actions_at(client, puri, types.Range(at, at), [])
    insert = named(actions, "Insert a LITERATURE.md entry for arXiv:1311.4600")
    await run_action(client, insert)
    await wait_until(lambda: "REF-006" in buffer(client, uri), what="the inserted entry")
    lit = buffer(client, uri)
    block = entry_block(lit, "REF-006")
    assert "### REF-006: Small gaps between primes" in block
    assert "- **Authors:** James Maynard" in block
    assert "- **Year:**" in block and "- **arXiv ID:** 1311.4600" in block
    assert "10.4007/annals.2015.181.1.7" in block
    assert "refinement of the GPY sieve" in block
    stamp = stamp_of(lit, "REF-006")
    assert stamp is not None and SECRET not in stamp[1]
    assert "total_papers: 6" in lit and "confirmed_count: 6" in lit
    # The identifier is now known: no second offer.
    actions = await actions_at(client, puri, types.Range(at, at), [])
    assert not [a for a in actions if a.title.startswith("Insert a LITERATURE.md entry")]
    # Every schema field is there; what only the user can say is left for them to fill in
    # (and REF007 reminds them) — never invented.
    for name in ("Source", "Abstract", "Relevance", "Key Results", "Confidence"):
        assert f"- **{name}:**" in block, name
    after = await settled(client, uri)
    complaints = [
        (d.code, d.message, d.data)
        for d in after.diagnostics
        if (d.data or {}).get("id") == "REF-006" or str(d.code).startswith("LIT")
    ]
    assert [c[0] for c in complaints] in ([], ["REF007"]), complaints
    if complaints:
        assert set(complaints[0][2]["missing"]) <= {"Relevance", "Key Results"}


async def test_an_inserted_reference_never_takes_a_number_used_before(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    # REF-009 was deleted, but the journal still mentions it: the new entry is REF-010.
    problem.write("JOURNAL.md", "# Journal\n\nREF-009 turned out to be a different paper.\n")
    uri = open_note(client, problem, "LITERATURE.md")
    puri = open_note(client, problem, "PROOF.md")
    await settled(client, puri)
    at = position(buffer(client, puri), "1311.4600", enc(client), delta=3)
    actions = await actions_at(client, puri, types.Range(at, at), [])
    await run_action(client, named(actions, "Insert a LITERATURE.md entry for arXiv:1311.4600"))
    await wait_until(lambda: "REF-010" in buffer(client, uri), what="the inserted entry")
    assert "### REF-006" not in buffer(client, uri)


# -- 4. code lens --------------------------------------------------------------------------------
async def code_lenses(client: LanguageClient, uri: str) -> dict[str, types.CodeLens]:
    result = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    text = buffer(client, uri)
    lines = text.split("\n")
    out = {}
    for lens in result or []:
        m = re.match(r"### (U?REF-\d+)", lines[lens.range.start.line])
        assert m, lines[lens.range.start.line]
        out[m.group(1)] = lens
    return out


async def test_code_lens_shows_the_verification_age(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "LITERATURE.md")
    await settled(client, uri)
    lenses = await code_lenses(client, uri)
    assert set(lenses) == {"REF-001", "REF-002", "REF-003", "REF-004", "REF-005"}
    # (Other features may add to the status, e.g. "cited by N of your references".)
    assert re.fullmatch(
        r"verified 3 days ago via arXiv.* · Re-verify", lenses["REF-005"].command.title
    )
    assert re.fullmatch(r"unverified.* · Verify", lenses["REF-001"].command.title)
    cmd = lenses["REF-001"].command
    assert cmd.command == "mathlsp.verifyReference" and list(cmd.arguments) == [uri, "REF-001"]

    # The lens's command verifies that one entry.
    await execute(client, cmd.command, *cmd.arguments)
    await wait_until(lambda: stamp_of(buffer(client, uri), "REF-001") is not None)
    assert stamp_of(buffer(client, uri), "REF-002") is None  # only the one asked for
    lenses = await code_lenses(client, uri)
    assert re.fullmatch(r"verified today via arXiv.* · Re-verify", lenses["REF-001"].command.title)
    await execute(client, "mathlsp.verifyAll", uri)
    lenses = await code_lenses(client, uri)
    assert lenses["REF-002"].command.title.startswith("verified today via ")
    assert lenses["REF-003"].command.title.startswith("✗ arXiv returned no entry for 2301.99999")
    assert lenses["REF-003"].command.title.endswith("· Re-verify")


# -- 5. cancellation -----------------------------------------------------------------------------
async def test_cancel_verify_all(client: LanguageClient, problem: Problem, fake: FakeScholar):
    uri = open_note(client, problem, "LITERATURE.md")
    await settled(client, uri)
    fake.controls.set_latency(1.5)
    job = asyncio.ensure_future(execute(client, "mathlsp.verifyAll", uri))
    await wait_until(lambda: any(r for r in client.progress_reports.values()), what="progress")
    await wait_until(lambda: fake.controls.requests(), what="a request in flight")
    [token] = [t for t, r in client.progress_reports.items() if r]
    started = time.perf_counter()
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    assert await asyncio.wait_for(job, 5) is None
    assert time.perf_counter() - started < 1.2  # did not wait for the slow answers
    reports = client.progress_reports[token]
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)
    assert reports[-1].message == "Cancelled"
    await wait_until(lambda: any("cancelled" in m for m in messages(client)))
    assert not client.apply_requests  # type: ignore[attr-defined]
    assert buffer(client, uri) == problem.texts["LITERATURE.md"]
    statuses = client.statuses  # type: ignore[attr-defined]
    await wait_until(lambda: statuses and statuses[-1]["state"] == "idle", what="idle status")


# -- 6. rate limits ------------------------------------------------------------------------------
async def test_a_429_storm_leaves_entries_pending_never_stamped(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    for backend in ("arxiv", "semantic_scholar"):
        fake.controls.add_fault("429", backend, count=1000)
    uri, result = await verify_all(client, problem)
    by_id = {r["id"]: r for r in result}
    for ref in ("REF-001", "REF-003"):  # arXiv ids only: arXiv and S2 both refuse
        assert by_id[ref]["status"] == "unconfirmed", by_id[ref]
        assert "pending" in " ".join(by_id[ref]["reasons"]), by_id[ref]
    # DOIs go to OpenAlex/Crossref: REF-005's DOI confirms it although arXiv could not answer.
    assert by_id["REF-002"]["status"] == "confirmed"
    assert by_id["REF-005"]["status"] == "confirmed"
    assert "openalex" in by_id["REF-005"]["url"]
    # Never stamped.
    text = buffer(client, uri)
    for ref in ("REF-001", "REF-003"):
        assert stamp_of(text, ref) is None
    # "waiting" was shown while retrying.
    statuses = client.statuses  # type: ignore[attr-defined]
    waiting = [s for s in statuses if s["state"] == "waiting"]
    assert waiting and any("rate-limited" in s["message"] for s in waiting), statuses
    assert statuses[-1]["state"] == "idle"
    # The summary is honest: pending, not refuted.
    await wait_until(lambda: any("Verified 5 references" in m for m in messages(client)))
    [summary] = [m for m in messages(client) if "Verified 5 references" in m]
    assert "2 confirmed" in summary and "2 pending (REF-001" in summary, summary
    assert "1 not confirmed (REF-004" in summary, summary  # only the near-miss title is refuted
    # And the editor shows them as pending (VER003), not as contradicted (VER001).
    await settled(client, uri)
    pending = await diagnostics_with(client, uri, "VER003")
    assert {d.data["id"] for d in pending} == {"REF-001", "REF-003"}
    refuted = [d.data["id"] for d in latest(client, uri).diagnostics if d.code == "VER001"]
    assert refuted == ["REF-004"]
    # Bounded: each backend gave up after its retries.
    assert 2 <= len(fake.controls.requests("arxiv")) <= 10


# -- 7. background verification ------------------------------------------------------------------
NEW_ENTRY = """
### REF-006: A Fabricated Sharp Bound
- **Authors:** Emmy Noether
- **Year:** 2023
- **Source:** arXiv
- **arXiv ID:** 2301.88888
- **DOI:** n/a
- **Relevance:** Too good to be true.
- **Key Results:** Theorem 1
- **Confidence:** [V]
"""


def save(client: LanguageClient, uri: str) -> None:
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )


@pytest.mark.parametrize("lsp_settings", [{"verification": "onSave"}])
async def test_on_save_verifies_only_new_entries(
    client: LanguageClient, problem: Problem, fake: FakeScholar, lsp_settings: dict[str, Any]
):
    uri, _ = await verify_all(client, problem)
    await settled(client, uri)
    applied = len(client.apply_requests)  # type: ignore[attr-defined]
    fake.controls.clear_log()
    text = buffer(client, uri).replace("\n## Synthesis", NEW_ENTRY + "\n## Synthesis")
    text = text.replace("total_papers: 5", "total_papers: 6").replace(
        "confirmed_count: 5", "confirmed_count: 6"
    )
    change_buffer(client, uri, text)
    await settled(client, uri)
    assert not fake.controls.requests()  # typing asks nobody
    save(client, uri)
    [diag] = await diagnostics_with(client, uri, "VER001", "REF-006")
    assert "2301.88888" in diag.message
    # Only the new entry was looked up: one arXiv call for its id, none for the others.
    arxiv = fake.controls.requests("arxiv")
    assert len(arxiv) == 1 and "2301.88888" in arxiv[0].raw_url, [r.raw_url for r in arxiv]
    assert not [r for r in fake.controls.requests() if "0211159" in r.raw_url]
    assert not [r for r in fake.controls.requests() if "annals.2008" in r.raw_url]
    # Background verification never edits the text.
    assert len(client.apply_requests) == applied  # type: ignore[attr-defined]
    assert buffer(client, uri) == text
    # Saving again with nothing new asks nobody.
    fake.controls.clear_log()
    save(client, uri)
    await asyncio.sleep(0.3)
    assert not fake.controls.requests()


@pytest.mark.parametrize("lsp_settings", [{"verification": "off"}])
async def test_verification_off_requests_nothing(
    client: LanguageClient, problem: Problem, fake: FakeScholar, lsp_settings: dict[str, Any]
):
    uri = open_note(client, problem, "LITERATURE.md")
    await settled(client, uri)
    change_buffer(
        client, uri, buffer(client, uri).replace("\n## Synthesis", NEW_ENTRY + "\n## Synthesis")
    )
    await settled(client, uri)
    save(client, uri)
    await asyncio.sleep(0.5)
    assert not fake.controls.requests()
    assert not [d for d in latest(client, uri).diagnostics if str(d.code).startswith("VER")]


@pytest.mark.parametrize("lsp_settings", [{"verification": "onOpen"}])
async def test_on_open_verifies_in_the_background(
    client: LanguageClient, problem: Problem, fake: FakeScholar, lsp_settings: dict[str, Any]
):
    uri = open_note(client, problem, "LITERATURE.md")
    failing = await diagnostics_with(client, uri, "VER001")
    await wait_until(
        lambda: (
            {d.data["id"] for d in latest(client, uri).diagnostics if d.code == "VER001"}
            == {"REF-003", "REF-004"}
        ),
        what="VER001 on both failing entries",
    )
    assert failing
    assert not client.apply_requests  # type: ignore[attr-defined]
    assert buffer(client, uri) == problem.texts["LITERATURE.md"]


# -- 8. a stale edit -------------------------------------------------------------------------------
async def test_the_user_typing_during_verify_all_wins(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    uri = open_note(client, problem, "LITERATURE.md")
    await settled(client, uri)
    fake.controls.set_latency(0.4)
    job = asyncio.ensure_future(execute(client, "mathlsp.verifyAll", uri))
    await wait_until(lambda: fake.controls.requests(), what="verification under way")
    # The user edits meanwhile: a note in REF-001 and a changed title for REF-002.
    typed = (
        buffer(client, uri)
        .replace("- **Relevance:** Monotonicity formulas.", "- **Relevance:** Monotonicity (mine).")
        .replace(
            "### REF-002: The primes contain arbitrarily long arithmetic progressions",
            "### REF-002: The primes contain long progressions",
        )
    )
    change_buffer(client, uri, typed)
    await asyncio.wait_for(job, 20)
    text = buffer(client, uri)
    # The user's text survives in full.
    assert "Monotonicity (mine)." in text
    assert "### REF-002: The primes contain long progressions" in text
    assert without_stamps(text) == without_stamps(typed)
    # Stamps were computed on the newest text, and only for claims verified as they stand now:
    # REF-001 (unchanged claim) is stamped, REF-002 (its title changed meanwhile) is not.
    assert stamp_of(text, "REF-001") is not None
    assert stamp_of(text, "REF-002") is None
    for params, outcome in client.apply_requests:  # type: ignore[attr-defined]
        assert outcome.applied
        if params.edit.document_changes:
            assert params.edit.document_changes[0].text_document.version == 2


# -- the process exits promptly ------------------------------------------------------------------
def _frame(obj: dict[str, Any]) -> bytes:
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


async def _read_messages(stdout: asyncio.StreamReader, into: list[dict[str, Any]]) -> None:
    while True:
        length = 0
        while (line := await stdout.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        if not length:
            return
        into.append(json.loads(await stdout.readexactly(length)))


def _answer(received: list[dict[str, Any]], msg_id: int) -> dict[str, Any] | None:
    return next((m for m in received if m.get("id") == msg_id and "method" not in m), None)


@pytest.mark.parametrize("busy", [False, True])
async def test_the_server_exits_promptly_after_shutdown_and_exit(
    problem: Problem, fake: FakeScholar, tmp_path: Path, busy: bool
):
    """An editor sends shutdown, then exit, and keeps its end of the pipes open: the process
    must end by itself — with an open HTTP client, a verification in flight and a background
    lookup running (`busy`) — not wait for a SIGKILL; and `shutdown` must answer cleanly."""
    proc = await asyncio.create_subprocess_exec(
        *CONFIG.server_command,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=SERVER_ENV,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    received: list[dict[str, Any]] = []
    reader = asyncio.ensure_future(_read_messages(proc.stdout, received))
    stderr = asyncio.ensure_future(proc.stderr.read())  # never let a full pipe block it

    def send(method: str, params: Any, msg_id: int | None = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if msg_id is not None:
            message["id"] = msg_id
        proc.stdin.write(_frame(message))  # type: ignore[union-attr]

    try:
        lit, proof = problem.uri("LITERATURE.md"), problem.uri("PROOF.md")
        send(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": problem.root.parents[2].as_uri(),
                "capabilities": {"window": {"workDoneProgress": True}},
                "initializationOptions": {"mathlsp": {"cacheDir": str(tmp_path / "c")}},
            },
            1,
        )
        send("initialized", {})
        await wait_until(lambda: _answer(received, 1), what="initialize")
        if busy:
            fake.controls.set_latency(30)  # nothing answers before the test is over
            for uri, name in ((lit, "LITERATURE.md"), (proof, "PROOF.md")):
                item = {"uri": uri, "languageId": "markdown", "version": 1}
                send(
                    "textDocument/didOpen", {"textDocument": {**item, "text": problem.texts[name]}}
                )
            send(
                "workspace/executeCommand", {"command": "mathlsp.verifyAll", "arguments": [lit]}, 2
            )
            # The progress token the server asks for: granted, as an editor does.
            await wait_until(
                lambda: any(m.get("method") == "window/workDoneProgress/create" for m in received)
            )
            create = next(
                m for m in received if m.get("method") == "window/workDoneProgress/create"
            )
            proc.stdin.write(_frame({"jsonrpc": "2.0", "id": create["id"], "result": None}))
            lines = PROOF.split("\n")
            line = next(i for i, x in enumerate(lines) if "1311.4600" in x)
            where = {"line": line, "character": lines[line].index("1311.4600") + 2}
            send("textDocument/hover", {"textDocument": {"uri": proof}, "position": where}, 3)
            await wait_until(lambda: _answer(received, 3), what="hover")
            await wait_until(lambda: len(fake.controls.requests()) >= 2, what="requests in flight")
        send("shutdown", None, 9)
        await wait_until(lambda: _answer(received, 9), what="the shutdown answer")
        answer = _answer(received, 9)
        assert answer is not None and "error" not in answer, answer
        if busy:
            assert _answer(received, 2) == {"jsonrpc": "2.0", "id": 2, "result": None}
        started = time.perf_counter()
        send("exit", None)
        await proc.stdin.drain()
        # stdin stays open, as an editor's pipe does until the process is gone.
        code = await asyncio.wait_for(proc.wait(), 5)
        elapsed = time.perf_counter() - started
        print(f"exit after shutdown (busy={busy}): {elapsed * 1000:.0f} ms")
        assert code == 0
        assert elapsed < 3
        errors = (await asyncio.wait_for(stderr, 5)).decode(errors="replace")
        assert "Traceback" not in errors, errors
    finally:
        if proc.returncode is None:
            proc.kill()
        proc.stdin.close()
        reader.cancel()
        stderr.cancel()


async def test_hover_on_zbl_and_mr_numbers_in_prose(
    client: LanguageClient, problem: Problem, fake: FakeScholar
):
    problem.write(
        "REMARKS.md",
        "# Remarks\n\nGreen and Tao, see Zbl 1191.11025; the review is MR2415379 (2009e:11181).\n"
        "The 12345678 primes and 1998.12345 are ordinary numbers.\n",
    )
    uri = open_note(client, problem, "REMARKS.md")
    await settled(client, uri)
    text = ""
    for _ in range(100):
        text = await hover(client, uri, "1191.11025") or ""
        if "arithmetic progressions" in text:
            break
        await asyncio.sleep(0.05)
    assert "arithmetic progressions" in text and "Tao" in text, text
    assert any(r.backend == "zbmath" for r in fake.controls.requests())
    mr = await hover(client, uri, "MR2415379") or ""
    assert "[MR2415379](https://mathscinet.ams.org/mathscinet-getitem?mr=2415379)" in mr
    assert "Not checked" in mr
    assert await hover(client, uri, "12345678") is None
    assert await hover(client, uri, "1998.12345") is None
