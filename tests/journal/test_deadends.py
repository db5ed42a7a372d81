"""Dead-end detection: the gentle nudge, from journal entries alone."""

from __future__ import annotations

from pathlib import Path

from mathlsp.checks import CheckSettings, check_document
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.journal import JournalDoc
from mathlsp.research.deadends import find_dead_ends

HEAD = """\
---
problem: "p"
total_entries: 0
last_entry: ""
strategies_tried: []
---
# Journal

## Proof Attempts

"""


def proof(n: int, outcome: str, strategy: str, tags: str, when: str, **extra: str) -> str:
    lines = [
        f"### PROOF-{n:03d}: Attempt {n}",
        f"- **Timestamp:** {when}",
        "- **Agent:** human",
        f"- **Strategy type:** {strategy}",
        f"- **Tags:** [{tags}]",
    ]
    lines += [f"- **{k.replace('_', ' ').capitalize()}:** {v}" for k, v in extra.items()]
    lines += [
        "- **What was tried:** something",
        f"- **Outcome:** {outcome}",
        "- **Reasoning:** the bound was not uniform",
        f"- **Insight/Takeaway:** insight of {n}",
        "",
    ]
    return "\n".join(lines) + "\n"


def lit(n: int, when: str) -> str:
    return (
        f"### LIT-{n:03d}: Search {n}\n- **Timestamp:** {when}\n"
        "- **Strategy type:** targeted-search\n"
        "- **Tags:** [x]\n- **What was tried:** q\n- **Outcome:** SUCCEEDED\n"
        "- **Insight/Takeaway:** found a lemma\n\n"
    )


def test_same_strategy_without_changes_nudges_with_the_insight() -> None:
    text = HEAD + proof(1, "ABANDONED", "induction", "a, b", "2026-01-01T00:00:00Z")
    text += proof(2, "IN_PROGRESS", "induction", "c", "2026-01-02T00:00:00Z")
    (d,) = find_dead_ends(JournalDoc(text))
    assert (d.entry.id, d.prior.id, d.same_strategy, d.since) == (
        "PROOF-002",
        "PROOF-001",
        True,
        (),
    )
    assert d.message.startswith("A similar attempt was made before. PROOF-001 (")
    assert "used the same strategy (induction); it was abandoned: the bound" in d.message
    assert "Its insight: insight of 1." in d.message and ".." not in d.message
    assert d.message.endswith("Nothing has been recorded since.")
    assert d.question == (
        "Proceed with PROOF-002 anyway? It will be recorded as a re-attempt of PROOF-001."
    )


def test_two_shared_tags_are_enough() -> None:
    text = HEAD + proof(1, "FAILED", "induction", "a, b, c", "2026-01-01T00:00:00Z")
    text += proof(2, "IN_PROGRESS", "contradiction", "b, c", "2026-01-02T00:00:00Z")
    (d,) = find_dead_ends(JournalDoc(text))
    assert d.shared_tags == ("b", "c") and not d.same_strategy


def test_one_shared_tag_or_a_success_is_no_dead_end() -> None:
    text = HEAD + proof(1, "FAILED", "induction", "a, b", "2026-01-01T00:00:00Z")
    text += proof(2, "IN_PROGRESS", "contradiction", "b", "2026-01-02T00:00:00Z")
    text += proof(3, "SUCCEEDED", "direct", "x, y", "2026-01-03T00:00:00Z")
    text += proof(4, "IN_PROGRESS", "direct", "x, y", "2026-01-04T00:00:00Z")
    assert find_dead_ends(JournalDoc(text)) == []


def test_conditions_changed_lists_what_came_after() -> None:
    text = HEAD + proof(1, "ABANDONED", "induction", "a", "2026-01-01T00:00:00Z")
    text += proof(2, "SUCCEEDED", "direct", "lemma", "2026-01-03T00:00:00Z")
    text += proof(3, "IN_PROGRESS", "induction", "a", "2026-01-05T00:00:00Z")
    text += (
        "## Literature Searches\n\n"
        + lit(1, "2026-01-02T00:00:00Z")
        + lit(2, "2026-01-09T00:00:00Z")
    )
    (d,) = find_dead_ends(JournalDoc(text))
    assert [e.id for e in d.since] == ["PROOF-002", "LIT-001"]  # LIT-002 came after the new one
    assert "Since then: PROOF-002 (Attempt 2); LIT-001 (" in d.message
    assert d.message.endswith(", which may address what blocked it.")


def test_recorded_re_attempt_is_not_nudged() -> None:
    text = HEAD + proof(1, "ABANDONED", "induction", "a", "2026-01-01T00:00:00Z")
    text += proof(
        2, "IN_PROGRESS", "induction", "a", "2026-01-02T00:00:00Z", re_attempt_of="PROOF-001"
    )
    assert find_dead_ends(JournalDoc(text)) == []


def test_only_earlier_attempts_count() -> None:
    text = HEAD + proof(1, "IN_PROGRESS", "induction", "a", "2026-01-01T00:00:00Z")
    text += proof(2, "FAILED", "induction", "a", "2026-01-02T00:00:00Z")
    assert find_dead_ends(JournalDoc(text)) == []


def test_jrn009_is_information_on_the_new_entry_with_related_info(tmp_path: Path) -> None:
    text = HEAD + proof(1, "ABANDONED", "induction", "a", "2026-01-01T00:00:00Z")
    text += proof(2, "IN_PROGRESS", "induction", "a", "2026-01-02T00:00:00Z")
    (tmp_path / "JOURNAL.md").write_text(text, encoding="utf-8")
    (tmp_path / "PROBLEM.md").write_text("# Problem\n", encoding="utf-8")
    findings = [
        f
        for f in check_document(ProblemFolder(tmp_path), tmp_path / "JOURNAL.md", CheckSettings())
        if f.code == "JRN009"
    ]
    (f,) = findings
    assert f.severity.label == "information"
    assert f.range.start.line == text.splitlines().index("### PROOF-002: Attempt 2")
    assert f.related[0].range.start.line == text.splitlines().index("### PROOF-001: Attempt 1")
    assert f.data == {"prior": "PROOF-001", "entry": "PROOF-002"}


def test_drafted_and_partial_attempts_are_nudged_too() -> None:
    failed = proof(1, "FAILED", "induction", "a", "2026-01-01T00:00:00Z")
    for outcome in ("", "PARTIAL", "IN_PROGRESS"):
        text = HEAD + failed + proof(2, outcome, "induction", "c", "2026-01-02T00:00:00Z")
        (d,) = find_dead_ends(JournalDoc(text))
        assert (d.entry.id, d.prior.id) == ("PROOF-002", "PROOF-001"), outcome
    finished = HEAD + failed + proof(2, "FAILED", "induction", "c", "2026-01-02T00:00:00Z")
    assert [d.entry.id for d in find_dead_ends(JournalDoc(finished))] == []
