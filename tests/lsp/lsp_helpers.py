"""Test data and helpers for the end-to-end language-server tests."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

REPO = Path(__file__).resolve().parents[2]
CLIENTS = ["visual_studio_code", "neovim"]
LITERATURE = """\
---
problem: neumann-series
total_papers: 3
confirmed_count: 2
unconfirmed_count: 1
last_search: 2026-02-10T12:00:00Z
sources_queried: [arxiv, semantic_scholar]
---
# Literature

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|
| 2026-02-10 | "operator norm" | 8 | 12 | 2 |

## Confirmed References

### REF-001: Perturbation Theory for Linear Operators
- **Authors:** Tosio Kato
- **Year:** 1966
- **Source:** Semantic Scholar
- **arXiv ID:** n/a
- **DOI:** 10.1007/978-3-642-66282-9
- **Abstract:** A classic. <script>alert(1)</script> [x](javascript:alert(1))
- **Relevance:** Neumann series and resolvent bounds.
- **Key Results:** Theorem IV.1.16
- **Confidence:** [V]
- **Verified:** 2026-02-10T12:00:00Z via https://api.semanticscholar.org/graph/v1/paper/DOI:10.1007/978-3-642-66282-9

### REF-002: Spectral Radius and Neumann Series
- **Authors:** Ada Lovelace, Carl Gauss
- **Year:** 2023
- **Source:** arXiv
- **arXiv ID:** 2301.12345
- **DOI:** n/a
- **Abstract:** We study the spectral radius.
- **Relevance:** Gives the sharp condition.
- **Key Results:** Theorem 2
- **Confidence:** [S]
- **Verified:** 2026-02-10T12:00:00Z via http://export.arxiv.org/api/query?id_list=2301.12345

## Synthesis

### Applicable Theorems
- [V] Kato's Theorem IV.1.16 applies directly (REF-001).

### Technique Connections
- [S] The spectral radius argument of REF-002 adapts.

### Gaps in Literature
- [~] Nothing on non-normal perturbations.

### Suggested Reading Order
- [S] REF-001, then REF-002.

## Unconfirmed References

### UREF-001: A Neumann Series Folklore Note
- **Authors:** Anonymous
- **Year:** 2019
- **Source:** a blog post
- **Reason:** Semantic Scholar returned no match for the title
- **Relevance:** Might state the bound.
- **Status:** Unconfirmed -- do not cite as established reference
"""

PROOF = """\
# Proof

Über 𝔽 we use REF-001 and the argument of REF-002.
Compare the folklore claim of UREF-001 [~].
The sharp bound is in REF-009.
"""

PROBLEM = """\
---
title: "Convergence of perturbed Neumann series"
status: defined
domain: analysis
type: proof
tags: [operator-norm, banach-space]
created: 2026-02-10
---
# Problem
Let $T$ be a bounded operator with $\\|T\\| < 1$.

## Known Results
- Neumann series converges (REF-001).
"""

JOURNAL = """\
---
problem: neumann-series
total_entries: 1
last_entry: LIT-001
---
# Journal

## Literature Searches

### LIT-001: First search
- **Timestamp:** 2026-02-10T12:00:00Z
- **Insight/Takeaway:** REF-002 gives the sharp condition.
"""

NEW_ENTRY = """
### REF-009: The Sharp Neumann Bound
- **Authors:** Emmy Noether
- **Year:** 2024
"""


@dataclass
class Problem:
    root: Path
    texts: dict[str, str] = field(default_factory=dict)

    def path(self, name: str) -> Path:
        return self.root / name

    def uri(self, name: str) -> str:
        return self.path(name).as_uri()

    def write(self, name: str, text: str) -> None:
        self.texts[name] = text
        self.path(name).write_text(text, encoding="utf-8")


# -- a test client that also records versions and registrations ---------------------------
def record_diagnostics(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)  # type: ignore[attr-defined]


def record_registration(client: LanguageClient, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)  # type: ignore[attr-defined]


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=default_converter)
    client.published = []  # type: ignore[attr-defined]
    client.registrations = []  # type: ignore[attr-defined]
    client.buffers = {}  # type: ignore[attr-defined]  # uri → Buffer, as an editor holds them
    client.apply_requests = []  # type: ignore[attr-defined]
    features = {
        **DEFAULT_CLIENT_FEATURES,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: record_diagnostics,
        types.CLIENT_REGISTER_CAPABILITY: record_registration,
        types.WORKSPACE_APPLY_EDIT: handle_apply_edit,
    }
    register_lsp_features(client, features)
    return client


# -- helpers ---------------------------------------------------------------------------------
async def wait_until(
    predicate: Callable[[], object], timeout: float = 10.0, what: str = ""
) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or predicate}")
        await asyncio.sleep(0.01)


def open_note(client: LanguageClient, problem: Problem, name: str, version: int = 1) -> str:
    uri = problem.uri(name)
    buffers = getattr(client, "buffers", None)
    if buffers is not None:
        buffers[uri] = Buffer(version, problem.texts[name])
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="markdown", version=version, text=problem.texts[name]
            )
        )
    )
    return uri


def published_for(client: LanguageClient, uri: str) -> list[types.PublishDiagnosticsParams]:
    return [p for p in client.published if p.uri == uri]  # type: ignore[attr-defined]


def latest(client: LanguageClient, uri: str) -> types.PublishDiagnosticsParams | None:
    found = published_for(client, uri)
    return found[-1] if found else None


def codes(params: types.PublishDiagnosticsParams | None) -> list[str]:
    return [str(d.code) for d in params.diagnostics] if params else []


def encoding(client: LanguageClient) -> str:
    enc = client.init_result.capabilities.position_encoding  # type: ignore[attr-defined]
    return str(getattr(enc, "value", enc) or "utf-16")


def position(text: str, needle: str, enc: str, *, nth: int = 0, delta: int = 0) -> types.Position:
    """The LSP position of the `nth` occurrence of `needle` in `text` (+ `delta` characters)."""
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(needle, offset + 1)
    offset += delta
    line = text.count("\n", 0, offset)
    col_text = text[text.rfind("\n", 0, offset) + 1 : offset]
    if enc == "utf-8":
        col = len(col_text.encode("utf-8"))
    elif enc == "utf-32":
        col = len(col_text)
    else:
        col = len(col_text.encode("utf-16-le")) // 2
    return types.Position(line=line, character=col)


# -- a client that applies WorkspaceEdits as an editor does -----------------------------------
@dataclass
class Buffer:
    version: int
    text: str


def offset_at(text: str, pos: types.Position, enc: str) -> int:
    """The string offset of an LSP position in `text` (lines end at \\n)."""
    lines = text.split("\n")
    if pos.line >= len(lines):
        return len(text)
    start = sum(len(line) + 1 for line in lines[: pos.line])
    line = lines[pos.line]
    units = 0
    for i, ch in enumerate(line):
        if units >= pos.character:
            return start + i
        if enc == "utf-8":
            units += len(ch.encode("utf-8"))
        elif enc == "utf-32":
            units += 1
        else:
            units += 2 if ord(ch) > 0xFFFF else 1
    return start + len(line)


def apply_text_edits(text: str, edits: list[types.TextEdit], enc: str) -> str:
    spans = [
        (offset_at(text, e.range.start, enc), offset_at(text, e.range.end, enc), e.new_text)
        for e in edits
    ]
    for start, end, new in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
        text = text[:start] + new + text[end:]
    return text


def change_buffer(client: LanguageClient, uri: str, text: str) -> int:
    """Replace an open buffer's text (the user typing): didChange with the next version."""
    buf = client.buffers[uri]  # type: ignore[attr-defined]
    buf.version += 1
    buf.text = text
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=buf.version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    return buf.version


def _path(uri: str) -> Path:
    from urllib.parse import unquote, urlparse

    return Path(unquote(urlparse(uri).path))


def apply_workspace_edit(
    client: LanguageClient, edit: types.WorkspaceEdit
) -> types.ApplyWorkspaceEditResult:
    """Apply `edit` like an editor: all or nothing; a TextDocumentEdit whose version is not the
    open buffer's is refused; open buffers change (and the server is told), other files change
    on disk; CreateFile creates a file."""
    enc = encoding(client)
    buffers: dict[str, Buffer] = client.buffers  # type: ignore[attr-defined]
    ops: list[tuple[str, object]] = []
    for change in edit.document_changes or []:
        if isinstance(change, types.CreateFile):
            ops.append(("create", change))
        elif isinstance(change, types.TextDocumentEdit):
            uri, version = change.text_document.uri, change.text_document.version
            buf = buffers.get(uri)
            if version is not None and (buf is None or buf.version != version):
                have = buf.version if buf else "closed"
                return types.ApplyWorkspaceEditResult(
                    applied=False, failure_reason=f"{uri} is at version {have}, not {version}"
                )
            ops.append(("edit", (uri, list(change.edits))))
        else:
            return types.ApplyWorkspaceEditResult(applied=False, failure_reason="unsupported")
    for uri, edits in (edit.changes or {}).items():
        ops.append(("edit", (uri, list(edits))))
    for kind, op in ops:
        if kind == "create":
            assert isinstance(op, types.CreateFile)
            path = _path(op.uri)
            if path.exists():
                return types.ApplyWorkspaceEditResult(applied=False, failure_reason="exists")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("", encoding="utf-8")
            continue
        uri, edits = op  # type: ignore[misc]
        buf = buffers.get(uri)
        if buf is not None:
            change_buffer(client, uri, apply_text_edits(buf.text, edits, enc))
        else:
            path = _path(uri)
            old = path.read_text(encoding="utf-8") if path.exists() else ""
            path.write_text(apply_text_edits(old, edits, enc), encoding="utf-8")
    return types.ApplyWorkspaceEditResult(applied=True)


def handle_apply_edit(
    client: LanguageClient, params: types.ApplyWorkspaceEditParams
) -> types.ApplyWorkspaceEditResult:
    refusal = getattr(client, "refuse_edits", None)  # a test playing the user who says no
    if getattr(client, "null_edit_replies", False):  # a broken client: `null` for a result
        client.apply_requests.append((params, None))  # type: ignore[attr-defined]
        return None  # type: ignore[return-value]
    if refusal:
        result = types.ApplyWorkspaceEditResult(applied=False, failure_reason=refusal)
    else:
        result = apply_workspace_edit(client, params.edit)
    client.apply_requests.append((params, result))  # type: ignore[attr-defined]
    return result


# -- a fake scholarly server for the server process ---------------------------------------------
def free_port() -> int:
    """A port free now, so the server's environment can name the fake server before it starts."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fake_server_env(port: int, **extra: str) -> dict[str, str]:
    """The environment of a `mathlsp serve` that talks only to the fake server on `port`: every
    backend URL pointed there, fast rate limits, a throw-away cache, no inherited key or MATHLSP_*
    setting. `extra` adds or overrides variables (e.g. a Semantic Scholar key)."""
    import os
    import tempfile

    from tests.fakescholar import env_for

    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("MATHLSP_") and k != "SEMANTIC_SCHOLAR_API_KEY"
    }
    env.update(env_for(f"http://127.0.0.1:{port}"))
    env.update(
        {
            "PYTHONPATH": str(REPO),
            "PYTHONUNBUFFERED": "1",
            "MATHLSP_RATE_LIMIT_SCALE": "0.001",
            "MATHLSP_CACHE_DIR": tempfile.mkdtemp(prefix="mathlsp-test-cache-"),
        }
    )
    env.update(extra)
    return env
