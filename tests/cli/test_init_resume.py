"""`mathlsp init` and `mathlsp resume` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathlsp.cli import main


def test_init_creates_the_project_and_refuses_unsafe_slugs(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "neumann-series", "--title", "Perturbed Neumann series"]) == 0
    folder = tmp_path / ".math" / "problems" / "neumann-series"
    assert sorted(p.name for p in folder.iterdir()) == [
        "JOURNAL.md", "LITERATURE.md", "NOTATION.md", "PROBLEM.md", "STATE.md"
    ]  # fmt: skip
    assert 'title: "Perturbed Neumann series"' in (folder / "PROBLEM.md").read_text()
    config = json.loads((tmp_path / ".math" / "config.json").read_text())
    assert config["current_problem"] == "neumann-series"
    for bad in ("../escape", "/abs", "Upper", "a/b", ".."):
        assert main(["init", bad]) == 2
        assert "invalid problem slug" in capsys.readouterr().err
    assert not (tmp_path.parent / "escape").exists()


def test_init_never_overwrites(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    main(["init", "p"])
    problem = tmp_path / ".math" / "problems" / "p" / "PROBLEM.md"
    problem.write_text("# My own words\n")
    assert main(["init", "p"]) == 0
    assert problem.read_text() == "# My own words\n"


def test_resume_writes_the_dashboard_and_counts_sessions(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    main(["init", "p"])
    capsys.readouterr()
    assert main(["resume"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("---\ngenerated:") and "## Suggested Next Action" in out
    folder = tmp_path / ".math" / "problems" / "p"
    assert (folder / "DASHBOARD.md").read_text() == out
    assert main(["resume"]) == 0
    state = (folder / "STATE.md").read_text()
    assert "session_count: 2" in state and state.count("Session resumed") == 2
    config = json.loads((tmp_path / ".math" / "config.json").read_text())
    assert set(config["last_active"]) == {"p"}


def test_resume_and_journal_write_crlf_in_a_crlf_project(tmp_path: Path, monkeypatch) -> None:
    # A Windows user's notes are CRLF: the files mathlsp makes beside them are too, so that
    # the folder does not gain one LF file (a diff of every line under autocrlf).
    monkeypatch.chdir(tmp_path)
    main(["init", "p"])
    folder = tmp_path / ".math" / "problems" / "p"
    for name in ("PROBLEM.md", "STATE.md", "JOURNAL.md"):
        path = folder / name
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    (folder / "JOURNAL.md").unlink()  # made anew by the journal command
    assert main(["resume"]) == 0
    entry = ["journal", "add", "note", "--title", "A remark", "--insight", "Keep.", "--yes"]
    assert main(entry) == 0
    for name in ("DASHBOARD.md", "STATE.md", "JOURNAL.md"):
        data = (folder / name).read_bytes()
        assert data.count(b"\n") == data.count(b"\r\n") > 3, name


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("none", "no math project here"),
        ("no-current", "no active problem"),
        ("bad-json", "is not valid JSON"),
    ],
)
def test_resume_explains_what_is_missing(
    tmp_path: Path, monkeypatch, capsys, setup: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    if setup != "none":
        (tmp_path / ".math").mkdir()
        text = '{"current_problem": ""}' if setup == "no-current" else "{oops"
        (tmp_path / ".math" / "config.json").write_text(text)
    assert main(["resume"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_resume_of_the_example_project(tmp_path: Path, capsys) -> None:
    import shutil

    example = Path(__file__).resolve().parents[2] / "examples" / "markov-bases"
    copy = tmp_path / "markov-bases"
    shutil.copytree(example, copy)
    assert main(["resume", str(copy)]) == 0
    out = capsys.readouterr().out
    assert "PROOF-001 (reduction), was abandoned" in out
    assert "session_number: 4" in out  # the example's STATE.md had 3 sessions


def test_state_follows_the_problem_status(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    main(["init", "p"])
    folder = tmp_path / ".math" / "problems" / "p"
    main(["resume"])
    state = (folder / "STATE.md").read_text()
    assert "problem_defined: false" in state and "current_state: INITIALIZED" in state
    problem = folder / "PROBLEM.md"
    text = problem.read_text()
    text = text.replace("status: draft", "status: defined")
    text = text.replace(
        "# Problem\n", "# Problem\n\nShow that every planar graph is 4-colourable.\n"
    )
    problem.write_text(text)
    main(["resume"])
    state = (folder / "STATE.md").read_text()
    assert "problem_defined: true" in state and "PROBLEM_DEFINED" in state


def test_init_says_the_next_step_and_switch_changes_the_current_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "alpha"]) == 0
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith(
        "next: write the problem in .math/problems/alpha/PROBLEM.md"
    )
    assert main(["init", "beta"]) == 0
    config = tmp_path / ".math" / "config.json"
    assert json.loads(config.read_text())["current_problem"] == "beta"
    capsys.readouterr()
    assert main(["switch"]) == 0
    assert capsys.readouterr().out == "  alpha\n* beta\n"
    assert main(["switch", "alpha"]) == 0
    assert json.loads(config.read_text())["current_problem"] == "alpha"
    assert main(["resume"]) == 0
    assert "current problem: alpha (also here: beta;" in capsys.readouterr().err
    assert main(["switch", "gamma"]) == 2
    assert "no problem 'gamma' (the problems here: alpha, beta)" in capsys.readouterr().err
    assert main(["switch", "../x"]) == 2


def test_synthesize_accept_removes_the_draft_markers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from mathlsp.notes.literature import LiteratureDoc
    from mathlsp.synthesis.review import draft_lines, mark

    line = "- [S] REF-001 shares sieve weights with the problem"
    text = f"# L\n\n## Synthesis\n\n### Technique Connections\n\n{mark(line)}\n"
    (tmp_path / "LITERATURE.md").write_text(text, encoding="utf-8")
    assert draft_lines(LiteratureDoc(text))
    assert main(["synthesize", str(tmp_path), "--accept"]) == 0
    after = (tmp_path / "LITERATURE.md").read_text(encoding="utf-8")
    assert after == f"# L\n\n## Synthesis\n\n### Technique Connections\n\n{line}\n"
    assert "accepted 1 drafted line in" in capsys.readouterr().err
    assert main(["synthesize", str(tmp_path), "--accept"]) == 0
    assert "nothing to accept" in capsys.readouterr().err
    assert main(["synthesize", str(tmp_path), "--accept", "--write"]) == 2


def test_init_points_at_a_tutorial_every_installation_has(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    from mathlsp.cli import tutorial

    monkeypatch.chdir(tmp_path)
    main(["init", "p"])
    assert "(walkthrough: `mathlsp tutorial`)" in capsys.readouterr().err
    assert main(["tutorial"]) == 0
    assert capsys.readouterr().out.startswith("# A first day with mathlsp\n")
    # The wheel's copy comes first; without either copy, one clear line and exit 2.
    shipped, checkout = tmp_path / "_docs" / "tutorial.md", tmp_path / "docs" / "tutorial.md"
    checkout.parent.mkdir()
    checkout.write_text("# from a checkout\n")
    assert tutorial.tutorial_file((shipped, checkout)) == checkout
    shipped.parent.mkdir()
    shipped.write_text("# from the wheel\n")
    assert tutorial.tutorial_file((shipped, checkout)) == shipped
    monkeypatch.setattr(tutorial, "PLACES", (tmp_path / "none.md",))
    assert main(["tutorial"]) == 2
    assert "the tutorial is not in this installation" in capsys.readouterr().err


def test_the_wheel_carries_the_tutorial() -> None:
    import tomllib

    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    shipped = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert shipped == {"docs/tutorial.md": "mathlsp/_docs/tutorial.md"}


def test_init_with_a_title_in_quotes_and_latex_writes_a_readable_problem(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    title = r'Two-sided "signed" lifts: $\mu_G$ and λ₂ ≤ 2√(d−1)'
    assert main(["init", "lifts", "--title", title]) == 0
    capsys.readouterr()
    assert main(["check", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    codes = [d["code"] for f in report["files"] for d in f["diagnostics"]]
    assert "DOC002" not in codes, codes
    from mathlsp.notes.problem import ProblemDoc

    text = (tmp_path / ".math/problems/lifts/PROBLEM.md").read_text(encoding="utf-8")
    assert ProblemDoc(text).title == title
