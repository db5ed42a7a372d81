"""`mathlsp journal add`: complete entries in the schema, counts kept, the dead-end nudge shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathlsp.cli import main
from mathlsp.notes.journal import JournalDoc


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "demo"]) == 0
    return tmp_path / ".math" / "problems" / "demo"


def add(*argv: str) -> int:
    return main(["journal", "add", *argv])


def test_entries_get_the_next_id_counts_and_strategies(project: Path, capsys) -> None:
    assert add("proof", "--title", "Induction on n", "--strategy", "induction",
               "--outcome", "failed", "--tried", "induct on n", "--insight", "needs a bound",
               "--tags", "spectral-gap, induction") == 0  # fmt: skip
    assert add("computation", "--title", "Check n<=10", "--tried", "brute force",
               "--insight", "holds up to 10") == 0  # fmt: skip
    assert add("note", "--title", "Idea", "--insight", "look at Kato") == 0
    doc = JournalDoc((project / "JOURNAL.md").read_text(encoding="utf-8"))
    real = [e for e in doc.entries if "{" not in e.title]
    assert [e.id for e in real] == ["PROOF-001", "COMP-001", "NOTE-001"]
    proof = real[0]
    assert proof.outcome == "FAILED" and proof.strategy_type == "induction"
    assert proof.tags == ["spectral-gap", "induction"] and proof.insight == "needs a bound"
    assert doc.frontmatter.get("total_entries") == len(doc.entries)
    tried = doc.frontmatter.get("strategies_tried")
    assert [t["id"] for t in tried] == ["PROOF-001"]
    err = capsys.readouterr().err
    assert "wrote" in err and "COMP-001 SUCCEEDED" in err


def test_repeating_a_failed_strategy_is_nudged_never_refused(project: Path, capsys) -> None:
    add("proof", "--title", "A", "--strategy", "induction", "--outcome", "FAILED",
        "--tried", "x", "--insight", "the step fails")  # fmt: skip
    capsys.readouterr()
    assert add("proof", "--title", "B", "--strategy", "induction", "--tried", "y",
               "--insight", "again") == 0  # fmt: skip
    err = capsys.readouterr().err
    assert "PROOF-002: A similar approach was tried before: PROOF-001" in err
    assert "wrote" in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["proof", "--title", "x", "--insight", "y", "--tried", "z"], "needs --strategy"),
        (["proof", "--title", "x", "--insight", "y", "--strategy", "induction"], "needs --tried"),
        (["note", "--title", "x", "--insight", "   "], "must say something"),
    ],
)
def test_incomplete_entries_are_refused_with_a_message(project, capsys, argv, said) -> None:
    before = (project / "JOURNAL.md").read_text(encoding="utf-8")
    assert add(*argv) == 2
    assert said in capsys.readouterr().err
    assert (project / "JOURNAL.md").read_text(encoding="utf-8") == before
