"""`mathlsp journal add`: complete entries in the schema, counts kept, the dead-end nudge shown."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from mathlsp.cli import main
from mathlsp.notes.journal import JournalDoc
from mathlsp.research.deadends import find_dead_ends


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
    assert "NOTE-001 — Idea" in err and "NOTE-001 SUCCEEDED" not in err


def test_repeating_a_failed_strategy_is_nudged_never_refused(project: Path, capsys) -> None:
    add("proof", "--title", "A", "--strategy", "induction", "--outcome", "FAILED",
        "--tried", "x", "--insight", "the step fails")  # fmt: skip
    capsys.readouterr()
    assert add("proof", "--title", "B", "--strategy", "induction", "--tried", "y",
               "--insight", "again") == 0  # fmt: skip
    err = capsys.readouterr().err
    assert "PROOF-002: A similar attempt was made before. PROOF-001 (A)" in err
    # No terminal to ask (pytest's stdin): written with the warning, the note stays.
    assert "PROOF-002 written with this warning (no terminal to ask)" in err and "wrote" in err
    journal = JournalDoc((project / "JOURNAL.md").read_text(encoding="utf-8"))
    assert find_dead_ends(journal) and not journal.by_id["PROOF-002"].re_attempt_of


def test_yes_records_the_re_attempt_and_the_note_goes(project: Path, capsys) -> None:
    add("proof", "--title", "A", "--strategy", "induction", "--outcome", "FAILED",
        "--tried", "x", "--insight", "the step fails")  # fmt: skip
    capsys.readouterr()
    assert add("proof", "--title", "B", "--strategy", "induction", "--tried", "y",
               "--insight", "again", "--yes") == 0  # fmt: skip
    err = capsys.readouterr().err
    assert "PROOF-002 recorded as a re-attempt of PROOF-001" in err
    journal = JournalDoc((project / "JOURNAL.md").read_text(encoding="utf-8"))
    assert journal.by_id["PROOF-002"].re_attempt_of == "PROOF-001"
    assert find_dead_ends(journal) == []


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("answer", "written"), [("y\n", True), ("n\n", False), ("", False)])
def test_on_a_terminal_the_nudge_waits_for_an_answer(
    project: Path, capsys, monkeypatch: pytest.MonkeyPatch, answer: str, written: bool
) -> None:
    add("proof", "--title", "A", "--strategy", "induction", "--outcome", "FAILED",
        "--tried", "x", "--insight", "the step fails")  # fmt: skip
    before = (project / "JOURNAL.md").read_text(encoding="utf-8")
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", _Terminal(answer))
    code = add("proof", "--title", "B", "--strategy", "induction", "--tried", "y",
               "--insight", "again")  # fmt: skip
    err = capsys.readouterr().err
    assert "Proceed with PROOF-002 anyway? It will be recorded as a re-attempt of PROOF-001." in err
    after = (project / "JOURNAL.md").read_text(encoding="utf-8")
    if written:
        assert code == 0 and JournalDoc(after).by_id["PROOF-002"].re_attempt_of == "PROOF-001"
    else:
        assert code == 1 and after == before and "nothing written" in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        # The types are named (it said "one of the fourteen strategy types" and named none).
        (
            ["proof", "--title", "x", "--insight", "y", "--tried", "z"],
            "needs --strategy, one of: direct, contradiction,",
        ),
        (["proof", "--title", "x", "--insight", "y", "--strategy", "induction"], "needs --tried"),
        (["note", "--title", "x", "--insight", "   "], "must say something"),
    ],
)
def test_incomplete_entries_are_refused_with_a_message(project, capsys, argv, said) -> None:
    before = (project / "JOURNAL.md").read_text(encoding="utf-8")
    assert add(*argv) == 2
    assert said in capsys.readouterr().err
    assert (project / "JOURNAL.md").read_text(encoding="utf-8") == before
