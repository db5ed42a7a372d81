"""End-to-end fixtures: the real `mathlsp serve` over stdio, driven by pytest-lsp with the client
capabilities of VS Code and of Neovim, against a problem folder written afresh for each test."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsp_helpers import CLIENTS, JOURNAL, LITERATURE, PROBLEM, PROOF, REPO, Problem, make_client
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities


@pytest.fixture
def problem(tmp_path: Path) -> Problem:
    root = tmp_path / "project" / ".math" / "problems" / "neumann-series"
    root.mkdir(parents=True)
    (tmp_path / "project" / ".math" / "config.json").write_text(
        '{"current_problem": "neumann-series"}', encoding="utf-8"
    )
    p = Problem(root)
    for name, text in (
        ("LITERATURE.md", LITERATURE),
        ("PROOF.md", PROOF),
        ("PROBLEM.md", PROBLEM),
        ("JOURNAL.md", JOURNAL),
    ):
        p.write(name, text)
    return p


SERVER_ENV = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
SERVER_CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "mathlsp", "serve", "--stdio"],
    server_env=SERVER_ENV,
    client_factory=make_client,
)


@pytest_lsp.fixture(config=SERVER_CONFIG, params=CLIENTS)
async def client(request, lsp_client: LanguageClient, problem: Problem):
    project = problem.root.parents[2]
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=project.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=project.as_uri(), name="project")],
            initialization_options={"mathlsp": {"debounceMs": 30, "pollIntervalMs": 100}},
        )
    )
    lsp_client.init_result = result  # type: ignore[attr-defined]
    lsp_client.client_name = request.param  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()
