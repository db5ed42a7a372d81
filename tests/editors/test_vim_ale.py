"""Vim 9 with ALE (Debian's vim-nox + vim-ale), configured as docs/editors.md says: diagnostics in
ALE's loclist and the hover card in the preview window."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.editors.editor_helpers import (
    ABSTRACT,
    INSTALL_HINT,
    SERVER_CMD,
    copy_example,
    run_editor,
    server_env,
)

SCRIPT = Path(__file__).with_name("vim_ale_e2e.vim")
ALE = Path("/usr/share/vim-ale/plugin/ale.vim")


@pytest.fixture(scope="module")
def vim_run(tmp_path_factory, fake_scholar_env) -> dict[str, Any]:
    vim = shutil.which("vim")
    if vim is None or not ALE.exists():
        pytest.skip(f"Vim with ALE (vim-ale) is not installed: {INSTALL_HINT}")
    tmp = tmp_path_factory.mktemp("vim")
    project = copy_example(tmp / "project")
    env = server_env(tmp, fake_scholar_env)
    out = tmp / "out.json"
    env.update(
        HOME=str(tmp / "home"),
        MATHLSP_E2E_OUT=str(out),
        MATHLSP_E2E_FILE=str(project.literature),
        MATHLSP_E2E_CMD=json.dumps(SERVER_CMD),
    )
    argv = [vim, "-Nu", str(SCRIPT), "-i", "NONE", "-n", "-es"]
    run = run_editor(argv, env=env, cwd=tmp, timeout=90)
    assert out.exists(), f"vim wrote no result (exit {run.returncode}): {run.stderr[-2000:]}"
    result = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in result, result["error"]
    assert run.returncode == 0, run.stderr[-2000:]
    result["project"] = project
    return result


def test_project_root(vim_run):
    assert Path(vim_run["root_dir"]) == vim_run["project"].root


def test_diagnostics_in_ale(vim_run):
    by_code = {d["code"]: d for d in vim_run["diagnostics"]}
    assert {"LIT003", "SYN001", "REF008"} <= set(by_code), vim_run["diagnostics"]
    assert (by_code["LIT003"]["lnum"], by_code["LIT003"]["col"]) == (3, 15)


def test_hover_in_the_preview_window(vim_run):
    text = "\n".join(vim_run["hover"])
    assert "Heat-bath random walks with Markov bases" in text
    assert ABSTRACT in text
