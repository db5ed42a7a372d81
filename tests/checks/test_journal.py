"""JRN001–JRN016 (JRN009 reserved): JOURNAL.md entries and frontmatter."""

from __future__ import annotations

import pytest

from mathlsp.checks.findings import Severity
from tests.checks.conftest import JOURNAL, codes, edit, only, span

J = "JOURNAL.md"
PROOF_2 = """
### PROOF-002: Induction on the perturbation size
- **Timestamp:** 2026-02-13T10:00:00Z
- **Strategy type:** induction
- **Tags:** [neumann-series]
- **What was tried:** Induct on n.
- **Outcome:** SUCCEEDED
- **Insight/Takeaway:** Works for finite rank.
"""


def _add_proof(text: str, entry: str = PROOF_2) -> str:
    return edit(text, "\n## Literature Searches", entry + "\n## Literature Searches")


def test_missing_insight(check) -> None:
    found = check(
        J, edit(JOURNAL, "- **Insight/Takeaway:** Compactness is the missing ingredient.\n", "")
    )
    assert [(f.code, f.severity, span(f)) for f in found] == [
        ("JRN010", Severity.WARNING, (14, 4, 14, 13))
    ]
    assert "never optional" in found[0].message


def test_empty_insight_counts_as_missing(check) -> None:
    text = edit(
        JOURNAL, "- **Insight/Takeaway:** Try compact perturbations first.", "- **Takeaway:**"
    )
    assert codes(check(J, text)) == ["JRN010"]


def test_missing_required_fields(check) -> None:
    text = edit(JOURNAL, "- **Outcome:** SUCCEEDED\n", "")
    text = edit(text, "- **Timestamp:** 2026-02-10T14:30:00Z\n", "")
    found = check(J, text)
    assert codes(found) == ["JRN011"]
    assert found[0].data == {"id": "LIT-001", "missing": ["Timestamp", "Outcome"]}


def test_note_needs_no_outcome(check) -> None:
    assert "JRN011" not in codes(check(J))  # NOTE-001 has no Outcome


def test_unknown_outcome(check) -> None:
    found = check(J, edit(JOURNAL, "- **Outcome:** SUCCEEDED", "- **Outcome:** WORKED"))
    assert [(f.code, span(f)) for f in found] == [("JRN012", (34, 15, 34, 21))]


def test_outcome_spelling_is_lenient(check) -> None:
    text = edit(JOURNAL, "- **Outcome:** SUCCEEDED", "- **Outcome:** `succeeded`")
    assert codes(check(J, text)) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("- **Strategy type:** contradiction", "- **Strategy type:** brute-force"),
        ("- **Strategy type:** broad-survey", "- **Strategy type:** induction"),
    ],
)
def test_unknown_strategy_type(check, old: str, new: str) -> None:
    text = edit(JOURNAL, old, new)
    text = (
        edit(text, "strategy: contradiction", "strategy: brute-force") if "brute" in new else text
    )
    found = only(check(J, text), "JRN013")
    assert len(found) == 1 and found[0].severity is Severity.WARNING


def test_proof_without_strategy_type(check) -> None:
    found = check(J, edit(JOURNAL, "- **Strategy type:** contradiction\n", ""))
    assert codes(found) == ["JRN013"]
    assert "has no Strategy type" in found[0].message


def test_comp_and_note_strategies_are_free(check) -> None:
    text = edit(
        JOURNAL,
        "- **What was tried:** Sketched",
        "- **Strategy type:** doodling\n- **What was tried:** Sketched",
    )
    assert codes(check(J, text)) == []


def test_non_iso_timestamp(check) -> None:
    found = check(J, edit(JOURNAL, "2026-02-12T09:00:00Z\n- **What", "12 Feb 2026\n- **What"))
    assert [(f.code, span(f)) for f in found] == [("JRN014", (45, 17, 45, 28))]


def test_entry_in_wrong_section(check) -> None:
    entry = JOURNAL[JOURNAL.index("### LIT-001") : JOURNAL.index("## Computations")]
    text = edit(JOURNAL, entry, "")
    text = edit(text, "## Literature Searches\n", "## Literature Searches\n\n")
    text = _add_proof(text, "\n" + entry.replace("LIT-001", "LIT-002"))
    found = check(J, text)
    assert "JRN008" in codes(found)
    f = only(found, "JRN008")[0]
    assert "LIT-002 stands under 'Proof Attempts'" in f.message
    assert f.data == {"id": "LIT-002", "section": "Literature Searches"}


def test_duplicate_id(check) -> None:
    text = _add_proof(JOURNAL, PROOF_2.replace("PROOF-002", "PROOF-001"))
    found = only(check(J, text), "JRN006")
    assert len(found) == 1 and found[0].severity is Severity.ERROR
    assert found[0].related[0].range.start.line == 14
    assert found[0].data == {"id": "PROOF-001", "next": 2}


def test_numbering_out_of_order_and_gaps(check) -> None:
    text = _add_proof(JOURNAL, PROOF_2.replace("PROOF-002", "PROOF-007"))
    text = text.replace("total_entries: 3", "total_entries: 4")
    text = edit(
        text,
        "    tags: [operator-norm, spectral-radius]\n",
        "    tags: [operator-norm, spectral-radius]\n"
        "  - {id: PROOF-007, strategy: induction, status: succeeded, tags: []}\n",
    )
    assert codes(check(J, text)) == []  # a gap is fine
    text = _add_proof(
        text, PROOF_2.replace("PROOF-002", "PROOF-003").replace("SUCCEEDED", "IN_PROGRESS")
    )
    text = text.replace("total_entries: 4", "total_entries: 5")
    found = check(J, text)
    assert codes(found) == ["JRN007", "JRN015"]  # PROOF-003 is also not in strategies_tried
    assert only(found, "JRN007")[0].message.startswith("PROOF-003 comes after PROOF-007")


def test_sections_missing_misordered_duplicated(check) -> None:
    text = edit(JOURNAL, "## Computations\n\n", "")
    assert only(check(J, text), "JRN003")[0].data == {
        "section": "Computations",
        "after": "Literature Searches",
    }
    text = JOURNAL + "\n## Computations\n"
    assert codes(check(J, text)) == ["JRN005"]
    (relevel,) = only(check(J, edit(JOURNAL, "## Computations", "### computations")), "JRN003")
    assert relevel.message.startswith("'### computations' is a level-3 heading, so JOURNAL.md")
    assert relevel.data == {"relevel": 2, "line": span(relevel)[0]}
    text = edit(JOURNAL, "## Computations\n\n## Notes\n", "## Notes\n")
    text = text + "\n## Computations\n"
    assert codes(check(J, text)) == ["JRN004"]


def test_total_entries_mismatch(check) -> None:
    found = check(J, edit(JOURNAL, "total_entries: 3", "total_entries: 2"))
    assert [(f.code, span(f)) for f in found] == [("JRN002", (2, 15, 2, 16))]
    assert found[0].data == {"key": "total_entries", "expected": 3}


def test_missing_frontmatter_keys(check) -> None:
    found = check(J, edit(JOURNAL, 'last_entry: "2026-02-12T09:00:00Z"\n', ""))
    assert [(f.code, f.data) for f in found] == [
        ("JRN001", {"key": "last_entry", "expected": '""'})
    ]


def test_strategies_tried_not_a_list(check) -> None:
    start = JOURNAL.index("strategies_tried:")
    end = JOURNAL.index("---\n# Research")
    text = JOURNAL[:start] + "strategies_tried: contradiction\n" + JOURNAL[end:]
    found = check(J, text)
    assert codes(found) == ["JRN001"]
    assert "must be a list" in found[0].message


def test_proof_entry_missing_from_strategies_tried(check) -> None:
    text = _add_proof(JOURNAL).replace("total_entries: 3", "total_entries: 4")
    found = check(J, text)
    assert codes(found) == ["JRN015"]
    f = found[0]
    assert span(f)[:2] == (26, 4)
    assert f.data == {
        "id": "PROOF-002",
        "strategy": "induction",
        "status": "succeeded",
        "tags": ["neumann-series"],
    }


def test_status_disagrees_with_outcome(check) -> None:
    found = check(J, edit(JOURNAL, "status: abandoned", "status: succeeded"))
    assert [(f.code, span(f)) for f in found] == [("JRN016", (7, 12, 7, 21))]
    assert found[0].data == {"id": "PROOF-001", "key": "status", "expected": "abandoned"}


def test_status_in_flow_style_item(check) -> None:
    start = JOURNAL.index("  - id: PROOF-001")
    end = JOURNAL.index("---\n# Research")
    flow = "  - {status: succeeded, id: PROOF-001, strategy: contradiction, tags: []}\n"
    found = check(J, JOURNAL[:start] + flow + JOURNAL[end:])
    assert [(f.code, span(f)) for f in found] == [("JRN016", (5, 13, 5, 22))]


def test_failed_status_accepted_for_failed_outcome(check) -> None:
    assert codes(check(J, edit(JOURNAL, "status: abandoned", "status: failed"))) == []
