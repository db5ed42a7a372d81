"""The dead-end nudge in the editor: a choice before the entry is written. Proceed records the
entry as a re-attempt (no JRN009 note follows); Cancel writes nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsp_helpers import Buffer, make_client, wait_until
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from mathlsp.notes.journal import JournalDoc

JOURNAL = """\
---
problem: "gaps"
total_entries: 1
last_entry: "2026-02-01T10:00:00Z"
strategies_tried: []
---
# Research Journal: gaps

## Proof Attempts

### PROOF-001: Zero density route
- **Timestamp:** 2026-02-01T10:00:00Z
- **Agent:** human
- **Strategy type:** direct
- **Tags:** [zero-density]
- **What was tried:** Huxley's zero density estimate
- **Outcome:** FAILED
- **Reasoning:** the exponent is too weak
- **Insight/Takeaway:** Without a better zero density estimate the constant is far worse
"""


def factory() -> LanguageClient:
    client = make_client()
    client.asked = []  # type: ignore[attr-defined]
    client.choice = None  # type: ignore[attr-defined]

    def answer(params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
        client.asked.append(params)  # type: ignore[attr-defined]
        wanted = client.choice  # type: ignore[attr-defined]
        return next((a for a in params.actions or [] if a.title.startswith(wanted)), None)

    client.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)(answer)
    return client


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "mathlsp", "serve"], client_factory=factory
    ),
)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    root = tmp_path / ".math" / "problems" / "gaps"
    root.mkdir(parents=True)
    (root / "JOURNAL.md").write_text(JOURNAL, encoding="utf-8")
    lsp_client.root = root  # type: ignore[attr-defined]
    lsp_client.init_result = await lsp_client.initialize_session(  # type: ignore[attr-defined]
        types.InitializeParams(
            capabilities=client_capabilities("visual_studio_code"),
            root_uri=tmp_path.as_uri(),
            initialization_options={"mathlsp": {"debounceMs": 20, "verification": "off"}},
        )
    )
    yield
    await lsp_client.shutdown_session()


async def _new_attempt(client: LanguageClient) -> tuple[object, str]:
    path = client.root / "JOURNAL.md"  # type: ignore[attr-defined]
    uri = path.as_uri()
    client.buffers[uri] = Buffer(1, JOURNAL)  # type: ignore[attr-defined]
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="markdown", version=1, text=JOURNAL
            )
        )
    )
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="mathlsp.newJournalEntry",
            arguments=[
                {"uri": uri, "kind": "proof", "title": "Zero density again",
                 "strategy": "direct", "insight": "try Guth-Maynard", "tried": "a new estimate"}
            ],
        )
    )  # fmt: skip
    return result, client.buffers[uri].text  # type: ignore[attr-defined]


@pytest.mark.parametrize("choice", ["Proceed", "Cancel"])
async def test_the_nudge_is_a_choice_before_the_entry_is_written(
    client: LanguageClient, choice: str
) -> None:
    client.choice = choice  # type: ignore[attr-defined]
    result, text = await _new_attempt(client)
    (asked,) = client.asked  # type: ignore[attr-defined]
    assert "A similar attempt was made before. PROOF-001 (Zero density route)" in asked.message
    assert asked.message.endswith(
        "Proceed with PROOF-002 anyway? It will be recorded as a re-attempt of PROOF-001."
    )
    if choice == "Cancel":
        assert result is None and text == JOURNAL
        await wait_until(lambda: any("not written" in m.message for m in client.messages))
        return
    assert result["id"] == "PROOF-002"  # type: ignore[index]
    new = JournalDoc(text).by_id["PROOF-002"]
    assert new.re_attempt_of == "PROOF-001" and new.title == "Zero density again"
