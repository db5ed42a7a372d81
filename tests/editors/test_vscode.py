"""VS Code as code-server 4.100.3 with the packaged extension (editors/vscode/build.sh → .vsix),
driven by headless Chromium through playwright-core (vscode_e2e.cjs): squiggles, the Problems
panel, the hover card with the abstract, the LIT003 quick fix applied, the status bar item and the
"not supported by this mathlsp version" message. Screenshots go to artifacts/editors/ (or
$MATHLSP_ARTIFACTS_DIR)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.editors.editor_helpers import (
    ABSTRACT,
    CI_CACHE,
    INSTALL_HINT,
    REPO,
    SERVER_CMD,
    copy_example,
    kill_group,
    run_editor,
    server_env,
)

EXTENSION = REPO / "editors" / "vscode"
DRIVER = Path(__file__).with_name("vscode_e2e.cjs")
CODE_SERVER_VERSION = "4.100.3"


def find_code_server() -> str | None:
    for exe in (
        os.environ.get("MATHLSP_CODE_SERVER"),
        str(
            CI_CACHE
            / f"code-server-{CODE_SERVER_VERSION}"
            / "node_modules"
            / ".bin"
            / "code-server"
        ),
        shutil.which("code-server"),
    ):
        if exe and os.access(exe, os.X_OK):
            return exe
    return None


def find_playwright() -> Path | None:
    """A node_modules folder holding playwright-core."""
    given = os.environ.get("MATHLSP_PLAYWRIGHT_NODE_PATH")
    folders = [Path(given)] if given else []
    folders += sorted(CI_CACHE.glob("playwright-core-*/node_modules"), reverse=True)
    folders.append(EXTENSION / "node_modules")
    return next((f for f in folders if (f / "playwright-core" / "package.json").exists()), None)


def requirements() -> dict[str, Any]:
    found = {
        "node": shutil.which("node"),
        "code-server": find_code_server(),
        "chromium": os.environ.get("MATHLSP_CHROMIUM") or shutil.which("chromium"),
        "playwright-core": find_playwright(),
        "the extension's node_modules": (EXTENSION / "node_modules" / ".bin" / "vsce").exists()
        or None,
    }
    missing = [name for name, where in found.items() if not where]
    if missing:
        pytest.skip(f"VS Code e2e needs {', '.join(missing)}: {INSTALL_HINT}")
    return found


def build_vsix() -> tuple[Path, float]:
    start = time.monotonic()
    proc = subprocess.run(
        ["bash", str(EXTENSION / "build.sh")], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    vsix = Path(proc.stdout.strip().splitlines()[-1])
    assert vsix.exists() and vsix.name.startswith("mathlsp-") and vsix.suffix == ".vsix"
    return vsix, time.monotonic() - start


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def line_col(text: str, needle: str, offset: int) -> str:
    """`line:column` (1-based) of `offset` characters into the first `needle` of `text`."""
    before = text[: text.index(needle) + offset]
    return f"{before.count(chr(10)) + 1}:{len(before) - before.rfind(chr(10))}"


@pytest.fixture(scope="module")
def vscode_run(tmp_path_factory, fake_scholar_env) -> dict[str, Any]:
    tools = requirements()
    vsix, build_seconds = build_vsix()
    tmp = tmp_path_factory.mktemp("vscode")
    project = copy_example(tmp / "project")
    env = server_env(tmp, fake_scholar_env)
    env["HOME"] = str(tmp / "home")
    user_data, extensions = tmp / "user-data", tmp / "extensions"
    (user_data / "User").mkdir(parents=True)
    (user_data / "User" / "settings.json").write_text(
        json.dumps(
            {
                "mathlsp.server.command": SERVER_CMD,
                "mathlsp.debounceMs": 50,
                "workbench.startupEditor": "none",
                "workbench.tips.enabled": False,
                "workbench.enableExperiments": False,
                "security.workspace.trust.enabled": False,
                "telemetry.telemetryLevel": "off",
                "update.mode": "none",
                "extensions.autoCheckUpdates": False,
                "extensions.autoUpdate": False,
                "extensions.ignoreRecommendations": True,
                "git.enabled": False,
                "chat.commandCenter.enabled": False,
                "editor.hover.delay": 100,
                "editor.lightbulb.enabled": "off",
            }
        ),
        encoding="utf-8",
    )
    code_server = str(tools["code-server"])
    common = ["--user-data-dir", str(user_data), "--extensions-dir", str(extensions)]
    install = run_editor(
        [code_server, *common, "--install-extension", str(vsix), "--force"],
        env=env,
        cwd=tmp,
        timeout=120,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    port = free_port()
    config = tmp / "code-server.yaml"
    config.write_text(f"bind-addr: 127.0.0.1:{port}\nauth: none\ncert: false\n", encoding="utf-8")
    proc = subprocess.Popen(
        [code_server, "--config", str(config), *common, "--disable-telemetry",
         "--disable-update-check", "--disable-workspace-trust", str(project.root)],
        cwd=tmp, env=env, stdin=subprocess.DEVNULL, stdout=(tmp / "code-server.log").open("w"),
        stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).read()
                break
            except OSError:
                assert proc.poll() is None, (tmp / "code-server.log").read_text()[-3000:]
                assert time.monotonic() < deadline, "code-server did not answer /healthz in 60 s"
                time.sleep(0.3)
        shots = Path(os.environ.get("MATHLSP_ARTIFACTS_DIR", REPO / "artifacts")) / "editors"
        shots.mkdir(parents=True, exist_ok=True)
        for old in shots.glob("vscode-*.png"):
            old.unlink()
        text = project.literature.read_text(encoding="utf-8")
        driver_env = {
            **env,
            "NODE_PATH": str(tools["playwright-core"]),
            "E2E_URL": f"http://127.0.0.1:{port}/?folder={project.root}",
            "E2E_HOVER_AT": line_col(text, "REF-001 gives explicit", 2),
            "E2E_FIX_AT": line_col(text, "total_papers: 3", len("total_papers: ")),
            "E2E_SHOTS": str(shots),
            "E2E_WORKSPACE_SETTINGS": str(project.root / ".vscode" / "settings.json"),
            "E2E_CHROMIUM": str(tools["chromium"]),
        }
        run = run_editor([str(tools["node"]), str(DRIVER)], env=driver_env, cwd=tmp, timeout=240)
    finally:
        kill_group(proc.pid)
        proc.wait(timeout=30)
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert lines, f"the driver printed no result (exit {run.returncode}): {run.stderr[-3000:]}"
    result = json.loads(lines[-1])
    log = (tmp / "code-server.log").read_text(errors="replace")
    assert "error" not in result, f"{result['error']}\n{result['steps']}\n{log[-3000:]}"
    result.update(project=project, shots=shots, build_seconds=build_seconds, seconds=run.seconds)
    return result


def test_squiggles(vscode_run):
    # Only the lines in view are drawn: LIT003 (line 3, warning) and REF008 (line 28, info).
    assert vscode_run["squiggles"]["warning"] >= 1, vscode_run["squiggles"]
    assert vscode_run["squiggles"]["info"] >= 1, vscode_run["squiggles"]  # REF008


def test_problems_panel(vscode_run):
    text = "\n".join(vscode_run["problems"])
    for code in ("LIT003", "SYN001", "REF008"):
        assert code in text, vscode_run["problems"]
    assert "set it to 2" in text


def test_hover_card_with_the_abstract(vscode_run):
    hover = " ".join(vscode_run["hover"].split())
    assert "Heat-bath random walks with Markov bases" in hover
    assert ABSTRACT in hover


def test_quick_fix_applied(vscode_run):
    assert any("total_papers" in o for o in vscode_run["offered"]), vscode_run["offered"]
    assert vscode_run["before"] == "total_papers: 3"
    assert vscode_run["after"] == "total_papers: 2"


def test_fixed_diagnostic_leaves_the_problems_panel(vscode_run):
    text = "\n".join(vscode_run["problems_after"])
    assert "LIT003" not in text and "SYN001" in text, vscode_run["problems_after"]


def test_status_bar_item(vscode_run):
    assert vscode_run["status_bar"] and "mathlsp" in vscode_run["status_bar"]


def test_search_command_shows_its_queries_first(vscode_run):
    # "mathlsp: Search literature" from the command palette reaches the server, which shows the
    # queries with Run/Cancel before sending any (the "not supported" path is for older servers).
    text = " ".join(vscode_run["notifications"])
    assert "Search the literature with these queries?" in text, vscode_run["notifications"]
    assert "Run" in text and "Cancel" in text


def test_missing_server_says_how_to_install_it(vscode_run):
    text = " ".join(vscode_run["missing_server"].split())
    assert "/nonexistent/mathlsp serve" in text and "was not found" in text, text
    assert "pip install /path/to/mathlsp" in text


def test_screenshots_saved(vscode_run):
    for name in ("vscode-problems.png", "vscode-hover.png", "vscode-quickfix.png"):
        assert (vscode_run["shots"] / name).stat().st_size > 10_000
