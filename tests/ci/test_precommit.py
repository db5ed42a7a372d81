"""The pre-commit hooks, run as a user runs them: `pre-commit try-repo` on a sample project.

pre-commit builds the hook's environment by installing this repository with pip (its
dependencies come from the package index, as for a user), once per test module.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "markov-bases"

pytestmark = pytest.mark.skipif(
    shutil.which("pre-commit") is None or not (ROOT / ".git").exists(),
    reason="needs pre-commit (pip install -e '.[test]') and a git checkout of mathlsp",
)


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def project(tmp_path: Path) -> Iterator[Path]:
    repo = tmp_path / "notes"
    shutil.copytree(EXAMPLE, repo)
    (repo / "README.txt").write_text("not a note\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "notes")
    yield repo


def try_repo(project: Path, home: Path, hook: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home)}
    env.pop("PYTHONPATH", None)  # the hook runs the mathlsp pre-commit installed, not ours
    return subprocess.run(
        ["pre-commit", "try-repo", str(ROOT), hook, "--all-files", "--verbose"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_hook_definitions_are_well_formed() -> None:
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"mathlsp-check", "mathlsp-verify"}
    check, verify = hooks["mathlsp-check"], hooks["mathlsp-verify"]
    assert check["entry"].startswith("mathlsp check")
    # verify needs the network: never on an ordinary commit unless the user opts in
    assert "pre-commit" not in verify.get("stages", [])
    assert verify["stages"]


def test_check_hook_passes_a_project_without_errors(project: Path, home: Path) -> None:
    result = try_repo(project, home, "mathlsp-check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "mathlsp check" in result.stdout
    assert "Passed" in result.stdout
    assert "JRN010" in result.stdout  # the example's warnings are shown, not fatal


def test_check_hook_fails_on_an_error_and_names_it(project: Path, home: Path) -> None:
    literature = next(project.rglob("LITERATURE.md"))
    text = literature.read_text(encoding="utf-8")
    literature.write_text(text.replace("- **Verified:**", "- **Checked:**", 1), encoding="utf-8")
    _git(project, "commit", "-q", "-am", "an unstamped reference")
    result = try_repo(project, home, "mathlsp-check")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Failed" in result.stdout
    assert "REF001" in result.stdout
