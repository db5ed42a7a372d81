"""`mathlsp check`: output formats and exit codes, run in-process and as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mathlsp.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "markov-bases"

UNSTAMPED = """\
---
problem: "demo"
total_papers: 1
confirmed_count: 1
unconfirmed_count: 0
last_search: ""
sources_queried: []
---
# Literature

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|

## Confirmed References

### REF-001: Théorie des opérateurs 𝔽
- **Authors:** A. Author
- **Year:** 2020
- **Source:** arXiv
- **arXiv ID:** 2001.00001
- **Abstract:** An abstract.
- **Relevance:** [S] Relevant.
- **Key Results:** A theorem.
- **Confidence:** [V]

## Synthesis

### Applicable Theorems

### Technique Connections

### Gaps in Literature

### Suggested Reading Order

## Unconfirmed References
"""


@pytest.fixture
def problem(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "LITERATURE.md").write_text(UNSTAMPED, encoding="utf-8")
    return folder


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["check", "--format", "json", *args])
    return code, json.loads(capsys.readouterr().out)


def test_json_format_is_exact(problem: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = run_json(capsys, str(problem))
    assert code == 1
    assert set(report) == {"files", "summary"}
    assert set(report["summary"]) == {"errors", "warnings", "information", "hints"}
    (entry,) = report["files"]
    assert set(entry) == {"path", "diagnostics"}
    assert entry["path"].endswith("LITERATURE.md")
    diag = next(d for d in entry["diagnostics"] if d["code"] == "REF001")
    assert set(diag) == {
        "line", "column", "end_line", "end_column", "severity", "code", "message"
    }  # fmt: skip
    assert diag["severity"] == "error"
    assert diag["line"] >= 1 and diag["column"] >= 1
    assert report["summary"]["errors"] == sum(
        d["severity"] == "error" for f in report["files"] for d in f["diagnostics"]
    )


def test_columns_are_one_based_characters(problem: Path, capsys) -> None:
    # Put an error after an astral character: its column counts characters, not UTF-16 units.
    text = UNSTAMPED.replace(
        "- **Confidence:** [V]", "- **Confidence:** [V]\n- **Verified:** 2026-01-01T00:00:00Z via"
    )
    text = text.replace("# Literature", "# Literature\n\n𝔽 see arXiv:2313.99999")
    (problem / "LITERATURE.md").write_text(text, encoding="utf-8")
    _, report = run_json(capsys, str(problem / "LITERATURE.md"))
    lines = text.splitlines()
    malformed = [
        d for f in report["files"] for d in f["diagnostics"] if "2313.99999" in d["message"]
    ]
    assert malformed, report
    d = malformed[0]
    line = lines[d["line"] - 1]
    assert line[d["column"] - 1 :].lower().startswith("arxiv:2313.99999")


def test_files_of_one_folder_share_one_parse_of_its_literature(
    problem: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pre-commit names each changed note: LITERATURE.md is parsed once for all of them."""
    import mathlsp.notes.folder as folder_module

    (problem / "PROOF.md").write_text("# Proof\n\nBy [V] REF-001.\n", encoding="utf-8")
    (problem / "NOTES.md").write_text("# Notes\n\nREF-001 and REF-009.\n", encoding="utf-8")
    parsed: list[str] = []
    real = folder_module.parse_note

    def counting(path: Path, text: str):  # type: ignore[no-untyped-def]
        parsed.append(Path(path).name)
        return real(path, text)

    monkeypatch.setattr(folder_module, "parse_note", counting)
    names = ("LITERATURE.md", "PROOF.md", "NOTES.md")
    _, report = run_json(capsys, *(str(problem / name) for name in names))
    assert parsed.count("LITERATURE.md") == 1
    assert len(report["files"]) == 3
    (notes,) = [f for f in report["files"] if f["path"].endswith("NOTES.md")]
    assert [d["code"] for d in notes["diagnostics"]] == ["REF009"]  # REF-009 only: resolved


def test_text_format_is_compiler_style(problem: Path, capsys) -> None:
    code = main(["check", str(problem)])
    out, err = capsys.readouterr()
    assert code == 1
    first = out.splitlines()[0]
    path, line, col, rest = first.split(":", 3)
    assert path.endswith("LITERATURE.md") and int(line) >= 1 and int(col) >= 1
    severity, code_name, _ = rest.strip().split(" ", 2)
    assert severity in {"error", "warning", "information", "hint"}
    assert code_name[:3].isalpha() and code_name[3:].isdigit()
    assert "error" in err  # the summary goes to stderr


def test_clean_folder_exits_zero(tmp_path: Path, capsys) -> None:
    from mathlsp.notes.templates import fill_template

    folder = tmp_path / "clean"
    folder.mkdir()
    lit = fill_template("LITERATURE.md", {"PROBLEM_SLUG": "clean", "PROBLEM_TITLE": "Clean"})
    (folder / "LITERATURE.md").write_text(lit, encoding="utf-8")
    code, report = run_json(capsys, str(folder))
    assert code == 0
    assert report["summary"]["errors"] == 0


def test_example_project_has_no_errors(capsys) -> None:
    code, report = run_json(capsys, str(EXAMPLE))
    assert code == 0
    assert report["summary"]["errors"] == 0
    assert report["summary"]["warnings"] + report["summary"]["information"] > 0
    paths = {Path(f["path"]).name for f in report["files"]}
    assert {"PROBLEM.md", "LITERATURE.md", "JOURNAL.md", "PROOF.md"} <= paths


def test_project_root_checks_every_problem(tmp_path: Path, capsys) -> None:
    for slug in ("alpha", "beta"):
        folder = tmp_path / ".math" / "problems" / slug
        folder.mkdir(parents=True)
        (folder / "PROBLEM.md").write_text("# Problem\n", encoding="utf-8")
    (tmp_path / ".math" / "config.json").write_text("{}", encoding="utf-8")
    _, report = run_json(capsys, str(tmp_path))
    assert {Path(f["path"]).parent.name for f in report["files"]} == {"alpha", "beta"}


def test_missing_path_exits_two(capsys) -> None:
    assert main(["check", "/definitely/not/here"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: mathlsp check")
    assert err.splitlines()[-1] == "mathlsp: no such file or directory: /definitely/not/here"


def test_bad_format_exits_two(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["check", "--format", "xml", "."])
    assert exc.value.code == 2


def test_folder_without_notes_is_a_usage_error(tmp_path: Path, capsys) -> None:
    assert main(["check", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith("mathlsp: no problem folder") and "Traceback" not in err


def test_unreadable_file_is_reported_not_raised(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "LITERATURE.md").write_bytes(b"\xff\xfe\x00binary")
    code, report = run_json(capsys, str(folder))
    assert code == 1
    (diag,) = report["files"][0]["diagnostics"]
    assert diag["code"] == "DOC001"


def test_real_process_exit_codes(problem: Path) -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "mathlsp", "check", str(EXAMPLE)], capture_output=True, text=True
    )
    assert ok.returncode == 0, ok.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "mathlsp", "check", str(problem)], capture_output=True, text=True
    )
    assert bad.returncode == 1
    missing = subprocess.run(
        [sys.executable, "-m", "mathlsp", "check", str(problem / "nope.md")],
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2
    assert "Traceback" not in missing.stderr
    # The command's usage, then one line saying what is wrong.
    usage, message = missing.stderr.split("\nmathlsp: ")
    assert usage.startswith("usage: mathlsp check") and message.count("\n") == 1


def test_check_outside_a_project_does_not_crawl_installed_packages(tmp_path, capsys, monkeypatch):
    # A virtual environment holds mathlsp's own templates (PROBLEM.md, LITERATURE.md, …).
    for where in (
        "venv/lib/python3.11/site-packages/mathlsp/templates",
        "env/lib/site-packages/pkg/templates",
        "web/node_modules/x/templates",
    ):
        folder = tmp_path / where
        folder.mkdir(parents=True)
        (folder / "LITERATURE.md").write_text("# Literature\n", encoding="utf-8")
    (tmp_path / "env" / "pyvenv.cfg").write_text("home = /usr\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "."]) == 2
    assert "no problem folder under" in capsys.readouterr().err


def test_a_note_in_a_sub_folder_is_checked_as_its_problems(tmp_path: Path, capsys) -> None:
    # `mathlsp check drafts/proof.md` read drafts/ as a folder of its own: "REF-001 cannot be
    # resolved: this problem folder has no LITERATURE.md"; `check drafts/` found no problem.
    problem = tmp_path / ".math" / "problems" / "demo"
    drafts = problem / "drafts"
    drafts.mkdir(parents=True)
    (problem / "LITERATURE.md").write_text(UNSTAMPED, encoding="utf-8")
    (drafts / "proof.md").write_text("By REF-001 and REF-009.\n", encoding="utf-8")
    for target in (drafts / "proof.md", drafts):
        code, report = run_json(capsys, str(target))
        assert code == 1
        (file,) = report["files"]
        assert file["path"].endswith("proof.md")
        messages = [d["message"] for d in file["diagnostics"]]
        assert len(messages) == 1 and messages[0].startswith("REF-009 does not exist")
