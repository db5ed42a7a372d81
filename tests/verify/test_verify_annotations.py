"""`mathlsp verify --format github`: failing and pending confirmed references as annotations."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathlsp.cli import main
from tests.verify.test_cli_verify import folder  # noqa: F401  (the fixture)


def _annotations(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("::")]


def test_a_fabricated_reference_is_an_error_on_its_heading(
    folder: Path,  # noqa: F811
    fake_env,
    capsys,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(folder)
    code = main(["verify", "--format", "github", "LITERATURE.md"])
    out = capsys.readouterr().out
    assert code == 1
    (only,) = _annotations(out)  # the two genuine references say nothing
    lines = (folder / "LITERATURE.md").read_text(encoding="utf-8").splitlines()
    assert only.startswith("::error file=LITERATURE.md,line=")
    line = int(only.split("line=")[1].split(",")[0])
    assert lines[line - 1].startswith("### REF-003:")
    assert ",title=VER001::REF-003: " in only
    assert out.strip() == only  # nothing but annotations on stdout


def test_pending_is_a_warning_not_an_error(
    folder: Path,  # noqa: F811
    fake_env,
    fake,
    capsys,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for backend in ("arxiv", "semantic_scholar", "openalex", "crossref", "zbmath"):
        fake.controls.add_fault("503", backend, count=200)
    monkeypatch.chdir(folder)
    assert main(["verify", "--format", "github", "."]) == 3
    annotations = _annotations(capsys.readouterr().out)
    assert len(annotations) == 3
    assert all(a.startswith("::warning ") and ",title=VER003::" in a for a in annotations)
