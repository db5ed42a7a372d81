"""GitHub annotations: the workflow-command syntax, escaping, and golden output of `check`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mathlsp.cli import main
from mathlsp.cli.github import Annotation, escape_data, escape_property, render

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "markov-bases"
GOLDEN = Path(__file__).parent / "golden" / "check_github.txt"


def test_render_gives_the_workflow_command() -> None:
    a = Annotation("error", "notes/LITERATURE.md", 3, 5, 3, 12, "REF001", "no stamp")
    assert render(a) == (
        "::error file=notes/LITERATURE.md,line=3,col=5,endColumn=12,title=REF001::no stamp"
    )


def test_levels_map_to_githubs_three() -> None:
    for level, expected in [
        ("error", "::error "),
        ("warning", "::warning "),
        ("information", "::notice "),
        ("hint", "::notice "),
    ]:
        assert render(Annotation(level, "a.md", 1, 1, 1, 1, "X", "m")).startswith(expected)


def test_a_multi_line_range_gives_end_line_not_end_column() -> None:
    out = render(Annotation("warning", "a.md", 2, 4, 5, 1, "LIT001", "m"))
    assert "endLine=5" in out and "endColumn" not in out


def test_message_and_properties_are_escaped() -> None:
    # A raw newline would end the command; `,` and `:` would split a property.
    assert escape_data("50%\nnext\r") == "50%25%0Anext%0D"
    assert escape_property("dir,with:colon%") == "dir%2Cwith%3Acolon%25"
    out = render(Annotation("error", "a,b:c.md", 1, 1, 1, 1, "T", "line one\nline two"))
    assert out == "::error file=a%2Cb%3Ac.md,line=1,col=1,title=T::line one%0Aline two"
    assert "\n" not in out


def test_check_github_output_is_golden(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """The example project's annotations, exactly. Staleness is switched off so the output does
    not depend on today's date. Regenerate with MATHLSP_REGENERATE_GOLDEN=1."""
    monkeypatch.chdir(EXAMPLE)
    code = main(["check", "--format", "github", "--stale-after-days", "1000000", "."])
    captured = capsys.readouterr()
    assert code == 0
    if os.environ.get("MATHLSP_REGENERATE_GOLDEN"):
        GOLDEN.write_text(captured.out, encoding="utf-8")
    assert captured.out == GOLDEN.read_text(encoding="utf-8")
    assert "errors" in captured.err  # the summary stays on stderr, out of the annotations
    for line in captured.out.splitlines():
        assert line.startswith(("::error ", "::warning ", "::notice "))


def test_check_github_exit_code_follows_errors(tmp_path: Path, capsys, monkeypatch) -> None:
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "PROBLEM.md").write_text("---\nstatus: banana\n---\n# P\n", encoding="utf-8")
    (folder / "LITERATURE.md").write_text(
        "# Literature\n\n## Confirmed References\n\n### REF-001: X\n- **arXiv ID:** 2001.00001\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    code = main(["check", "--format", "github", "demo"])
    out = capsys.readouterr().out
    assert code == 1
    assert "::error file=demo/LITERATURE.md," in out
