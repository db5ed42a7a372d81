"""SYN003 ([V] without evidence) and SYN004 (drafted line not reviewed)."""

from __future__ import annotations

from pathlib import Path

from mathlsp.checks import check_document
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.problem import ProblemDoc
from mathlsp.notes.render import apply_edits
from mathlsp.synthesis.draft import draft
from mathlsp.synthesis.review import accept_edits
from mathlsp.synthesis.run import offline_evidence
from mathlsp.synthesis.write import write_draft
from tests.synthesis.fixtures import LITERATURE, PROBLEM


def findings(tmp_path: Path, text: str, code: str) -> list:
    (tmp_path / "PROBLEM.md").write_text(PROBLEM, encoding="utf-8")
    path = tmp_path / "LITERATURE.md"
    path.write_bytes(text.encode("utf-8"))
    return [f for f in check_document(ProblemFolder(tmp_path), path) if f.code == code]


def with_line(line: str, sub: str = "### Applicable Theorems\n") -> str:
    return LITERATURE.replace(sub, sub + "\n" + line + "\n")


def test_v_on_a_reference_with_nothing_quoted(tmp_path: Path) -> None:
    [f] = findings(tmp_path, with_line("- [V] REF-002 proves bounded gaps for every m."), "SYN003")
    assert f.data["refs"] == ["REF-002"]
    assert "quote the statement" in f.message


def test_v_supported_by_key_results_or_a_quote_with_source(tmp_path: Path) -> None:
    ok = [
        "- [V] REF-001 gives long progressions.",  # REF-001 has quoted Key Results
        '- [V] REF-002 — Theorem 1: "liminf of gaps is finite" ([source](https://arxiv.org/abs/1311.4600))',
        "- [S] REF-002 suggests the sieve.",  # not [V]
        "- [V] Known since Euclid.",  # names no reference
    ]
    for line in ok:
        assert findings(tmp_path, with_line(line), "SYN003") == [], line


def test_drafted_lines_are_reported_until_edited_or_accepted(tmp_path: Path) -> None:
    ev = offline_evidence(LiteratureDoc(LITERATURE), ProblemDoc(PROBLEM))
    text = write_draft(LITERATURE, draft(ev)).text
    found = findings(tmp_path, text, "SYN004")
    assert len(found) == text.count("mathlsp:draft")
    # SYN003 does not flag what mathlsp drafted: every [V] line quotes with its source.
    assert findings(tmp_path, text, "SYN003") == []
    first = found[0]
    line = text.splitlines()[first.data["line"]]
    edited = text.replace(line, line.replace("[", "[", 1).replace(" — ", " — (checked) ", 1))
    assert len(findings(tmp_path, edited, "SYN004")) == len(found) - 1
    doc = LiteratureDoc(text)
    accepted = apply_edits(text, accept_edits(doc, {first.data["line"]}))
    assert len(findings(tmp_path, accepted, "SYN004")) == len(found) - 1
    assert findings(tmp_path, apply_edits(text, accept_edits(doc)), "SYN004") == []
