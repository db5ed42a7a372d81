"""The command line forgives looseness and explains mistakes: options and the folder in any
order, "did you mean" for a typo, every error with the command's own usage and exit 2, `check`
outside a project refusing like the other commands, and silence when the reader of a pipe left."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mathlsp.cli import main


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "demo"]) == 0
    return tmp_path / ".math" / "problems" / "demo"


def _last_line_and_usage(err: str, command: str) -> str:
    lines = err.strip().splitlines()
    assert lines[0].startswith(f"usage: mathlsp {command}"), err
    return lines[-1]


def test_folder_after_the_options(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["journal", "add", "note", "--title", "T", "--insight", "I", str(project)]) == 0
    assert main(["journal", "add", "--title", "U", "note", str(project), "--insight", "J"]) == 0
    journal = (project / "JOURNAL.md").read_text(encoding="utf-8")
    assert "NOTE-001: T" in journal and "NOTE-002: U" in journal


def test_check_takes_paths_between_options(project: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["check", str(project), "--format", "json", str(project / "PROBLEM.md")]) == 0
    assert '"files"' in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "command", "message"),
    [
        (["serach"], "", "did you mean 'search'?"),
        (["journal", "add", "prof", "--title", "x", "--insight", "y"], "journal add", "'proof'"),
        (["search", "--wirte"], "search", "did you mean --write?"),
        (
            ["journal", "add", "proof", "--title", "x", "--insight", "y"],
            "journal add",
            "--strategy",
        ),
        (["check", "nowhere"], "check", "no such file or directory: nowhere"),
        (["resume", "nowhere"], "resume", "no such file or directory: nowhere"),
        (["cache"], "cache", "required"),
    ],
)
def test_every_misuse_ends_with_usage_and_one_line(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    command: str,
    message: str,
) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    assert code == 2
    last = _last_line_and_usage(capsys.readouterr().err, command)
    assert message in last
    assert last.startswith("mathlsp")


def test_check_outside_a_project_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "elsewhere" / "deep").mkdir(parents=True)
    (tmp_path / "elsewhere" / "deep" / "LITERATURE.md").write_text("# L\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 2
    last = _last_line_and_usage(capsys.readouterr().err, "check")
    assert last.startswith("mathlsp: no math project here")
    assert main(["resume"]) == 2
    assert capsys.readouterr().err.splitlines()[-1].startswith("mathlsp: no math project here")


def test_quiet_on_a_closed_pipe(tmp_path: Path) -> None:
    # Enough diagnostics to fill the pipe's buffer long after `head` has gone. At most 100 of
    # a code are listed per file, so they come from many files (2,000 lines, ~250 KB).
    refs = "".join(f"### REF-{i:03d}: Paper {i}\n\n" for i in range(1, 3000))
    (tmp_path / "LITERATURE.md").write_text(
        f"# Literature\n\n## Confirmed References\n\n{refs}", encoding="utf-8"
    )
    for k in range(20):
        (tmp_path / f"NOTE-{k}.md").write_text("# Note\n\n" + "REF-9999\n" * 100)
    proc = subprocess.run(
        f"{sys.executable} -m mathlsp check . | head -n 1",
        shell=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.stdout.count("\n") == 1
    assert proc.stderr == "", proc.stderr
