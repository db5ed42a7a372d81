"""JournalDoc: entries by category, outcomes, tags and timestamps."""

from __future__ import annotations

import datetime as dt

import pytest

from mathlsp.notes.journal import (
    CATEGORIES,
    OUTCOME_STATUS,
    OUTCOMES,
    JournalDoc,
    normalize_outcome,
    parse_tags,
    parse_timestamp,
)
from mathlsp.notes.spans import Span
from mathlsp.notes.templates import fill_template

UTC = dt.UTC


def _at(text: str, span: Span) -> str:
    return text[span.start : span.end]


JOURNAL = """\
---
problem: "neumann-series"
total_entries: 3
last_entry: "LIT-001"
strategies_tried:
  - id: PROOF-001
    strategy: contradiction
    status: abandoned
    tags: [operator-norm]
---
# Research Journal: Neumann series

## Proof Attempts

### PROOF-001: Contradiction via the spectral radius
- **Timestamp:** 2026-02-09T10:00:00+01:00
- **Agent:** me
- **Strategy type:** Contradiction
- **Tags:** operator-norm; Spectral-Radius
- **What was tried:** Assume the series diverges
  and derive a contradiction.
- **Outcome:** failed
- **Reasoning:** The bound is not uniform.
- **Insight/Takeaway:** Need a uniform bound.

## Literature Searches

### LIT-001: Initial survey of operator norm convergence results
- **Timestamp:** 2026-02-10T14:30:00Z
- **Agent:** literature-search
- **Strategy type:** broad-survey
- **Tags:** [operator-norm, banach-space, convergence, spectral-radius]
- **What was tried:** 5 queries across arXiv and Semantic Scholar targeting operator norm
  convergence in Banach spaces
- **Outcome:** SUCCEEDED
- **Reasoning:** Found 7 confirmed papers directly addressing operator norm convergence criteria
- **Artifacts produced:** [LITERATURE.md](LITERATURE.md)
- **Related files:** [PROBLEM.md](PROBLEM.md)
- **Insight/Takeaway:** The literature clusters around two approaches.

## Computations

## Notes

### NOTE-002 - A note
- **Timestamp:** 2026-02-11
- **Outcome:** in progress
- **Re-attempt of:** `PROOF-001`
- **Tags:** `['a', "b"]`
"""


@pytest.fixture(scope="module")
def doc() -> JournalDoc:
    return JournalDoc(JOURNAL)


def test_sections(doc: JournalDoc) -> None:
    assert [s.key for s in doc.sections] == list(CATEGORIES)
    assert doc.section("LIT") is not None
    assert doc.section("nope") is None


def test_entries(doc: JournalDoc) -> None:
    assert [(e.id, e.category, e.number, e.section) for e in doc.entries] == [
        ("PROOF-001", "PROOF", 1, "PROOF"),
        ("LIT-001", "LIT", 1, "LIT"),
        ("NOTE-002", "NOTE", 2, "NOTE"),
    ]
    assert [e.id for e in doc.in_category("LIT")] == ["LIT-001"]
    assert doc.in_category("COMP") == []
    assert set(doc.by_id) == {"PROOF-001", "LIT-001", "NOTE-002"}


def test_schema_example_entry(doc: JournalDoc) -> None:
    lit = doc.by_id["LIT-001"]
    assert lit.title == "Initial survey of operator norm convergence results"
    assert _at(JOURNAL, lit.id_span) == "LIT-001"
    assert _at(JOURNAL, lit.span).startswith("### LIT-001: Initial survey")
    assert _at(JOURNAL, lit.span).endswith("two approaches.")
    assert lit.timestamp == dt.datetime(2026, 2, 10, 14, 30, tzinfo=UTC)
    assert lit.strategy_type == "broad-survey"
    assert lit.tags == ["operator-norm", "banach-space", "convergence", "spectral-radius"]
    assert lit.outcome == "SUCCEEDED"
    assert lit.insight == "The literature clusters around two approaches."
    assert lit.fields.value("artifacts_produced") == "[LITERATURE.md](LITERATURE.md)"
    assert lit.re_attempt_of == ""


def test_proof_entry_normalisation(doc: JournalDoc) -> None:
    proof = doc.by_id["PROOF-001"]
    assert proof.outcome == "FAILED"
    assert OUTCOME_STATUS[proof.outcome] == "abandoned"
    assert proof.strategy_type == "contradiction"
    assert proof.tags == ["operator-norm", "spectral-radius"]
    assert proof.timestamp == dt.datetime(2026, 2, 9, 9, 0, tzinfo=UTC)
    assert proof.fields.value("what_was_tried") == (
        "Assume the series diverges and derive a contradiction."
    )


def test_note_entry(doc: JournalDoc) -> None:
    note = doc.by_id["NOTE-002"]
    assert note.title == "A note"
    assert note.outcome == "IN_PROGRESS"
    assert note.re_attempt_of == "PROOF-001"
    assert note.tags == ["a", "b"]
    assert note.timestamp == dt.datetime(2026, 2, 11, tzinfo=UTC)
    assert note.insight == ""


def test_frontmatter_strategies(doc: JournalDoc) -> None:
    assert doc.frontmatter.valid
    assert doc.frontmatter.data["strategies_tried"] == [
        {"id": "PROOF-001", "strategy": "contradiction", "status": "abandoned",
         "tags": ["operator-norm"]},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("SUCCEEDED", "SUCCEEDED"),
        ("succeeded", "SUCCEEDED"),
        ("**Partial**", "PARTIAL"),
        ("`ABANDONED`", "ABANDONED"),
        ("in-progress", "IN_PROGRESS"),
        ("In Progress", "IN_PROGRESS"),
        ("  in_progress ", "IN_PROGRESS"),
        ("", ""),
    ],
)
def test_normalize_outcome(value: str, expected: str) -> None:
    assert normalize_outcome(value) == expected
    if expected:
        assert expected in OUTCOMES


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("[a, b]", ["a", "b"]),
        ("[A, 'b', \"c\"]", ["a", "b", "c"]),
        ("a, b; c", ["a", "b", "c"]),
        ("`[x]`", ["x"]),
        ("[]", []),
        ("", []),
        ("[ , a, ]", ["a"]),
        ("single", ["single"]),
    ],
)
def test_parse_tags(value: str, expected: list[str]) -> None:
    assert parse_tags(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-02-10T14:30:00Z", dt.datetime(2026, 2, 10, 14, 30, tzinfo=UTC)),
        ("`2026-02-10T14:30:00Z`", dt.datetime(2026, 2, 10, 14, 30, tzinfo=UTC)),
        ("2026-02-10T14:30:00+02:00", dt.datetime(2026, 2, 10, 12, 30, tzinfo=UTC)),
        ("2026-02-10 14:30", dt.datetime(2026, 2, 10, 14, 30, tzinfo=UTC)),
        ("2026-02-10", dt.datetime(2026, 2, 10, tzinfo=UTC)),
        ("", None),
        ("yesterday", None),
        ("2026-02-30", None),
        ("2026-02-10T14:30:00Z (approx)", None),
    ],
)
def test_parse_timestamp(value: str, expected: dt.datetime | None) -> None:
    stamp = parse_timestamp(value)
    assert stamp == expected
    if stamp is not None:
        assert stamp.tzinfo is not None


def test_shipped_template_has_no_entries() -> None:
    text = fill_template("JOURNAL.md", {"PROBLEM_SLUG": "p", "PROBLEM_TITLE": "T"})
    doc = JournalDoc(text)
    assert doc.frontmatter.valid
    assert doc.frontmatter.data["strategies_tried"] == []
    assert [s.key for s in doc.sections] == list(CATEGORIES)
    assert doc.entries == []  # the example sits in a comment


def test_entries_in_code_are_ignored_and_outside_sections_have_none() -> None:
    text = "### PROOF-001: Before sections\n```\n### PROOF-002: code\n```\n## Other\n### COMP-003\n"
    doc = JournalDoc(text)
    assert [(e.id, e.section, e.title) for e in doc.entries] == [
        ("PROOF-001", None, "Before sections"),
        ("COMP-003", None, ""),
    ]


def test_crlf_and_lone_cr_journal() -> None:
    for eol in ("\r\n", "\r"):
        text = JOURNAL.replace("\n", eol)
        doc = JournalDoc(text)
        assert doc.frontmatter.valid
        assert [e.id for e in doc.entries] == ["PROOF-001", "LIT-001", "NOTE-002"]
        lit = doc.by_id["LIT-001"]
        assert _at(text, lit.id_span) == "LIT-001"
        assert lit.tags == ["operator-norm", "banach-space", "convergence", "spectral-radius"]
