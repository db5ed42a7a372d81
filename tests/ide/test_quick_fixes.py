"""The pure quick-fix edits (`mathlsp.ide.fixes`), driven by the findings the real checks report:
each fix, applied, makes its finding go away and touches nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathlsp.checks import check_document
from mathlsp.checks.findings import Finding
from mathlsp.ide import fixes
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.render import apply_edits

LIT = """\
---
problem: "p"
total_papers: 9
confirmed_count: 5
unconfirmed_count: 1
last_search: ""
sources_queried: []
---
# Literature

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|

## Confirmed References

### REF-001: Alpha
- **Authors:** A. Author
- **Year:** 2020

### REF-003: Gamma
- **Authors:** C. Author
- **Year:** 2021

### REF-002: Beta
- **Authors:** B. Author
- **Year:** 2022

## Synthesis

### Applicable Theorems
- Alpha applies (REF-001).
- [V] Beta is sharp (REF-002). UREF-001 gives more [S].

### Gaps in Literature
Nothing covers REF-003 and
its unbounded case.

## Unconfirmed References

### UREF-001: Delta
- **Authors:** D. Author
- **Year:** 2019
- **Reason:** no match
- **Status:** Unconfirmed -- do not cite as established reference
"""

JOURNAL = """\
---
problem: "p"
total_entries: 7
last_entry: ""
strategies_tried: []
---
# Journal

## Proof Attempts

### PROOF-001: Canonical paths
- **Timestamp:** 2026-01-01T00:00:00Z
- **Strategy type:** reduction
- **Tags:** [canonical-paths, spectral-gap]
- **What was tried:** paths
- **Outcome:** ABANDONED
- **Insight/Takeaway:** Congestion grows with the fiber.

### PROOF-002: Canonical paths again
- **Timestamp:** 2026-01-02T00:00:00Z
- **Strategy type:** reduction
- **Tags:** [canonical-paths, comparison]
- **What was tried:** paths again
- **Outcome:** IN_PROGRESS

## Literature Searches

## Computations

## Notes
"""


def findings(tmp_path: Path, name: str, text: str, **others: str) -> list[Finding]:
    root = tmp_path / "p"
    root.mkdir(exist_ok=True)
    for other, body in {name: text, **others}.items():
        (root / other).write_text(body, encoding="utf-8")
    return check_document(ProblemFolder(root), root / name)


def codes_of(found: list[Finding]) -> list[str]:
    return [f.code for f in found]


def offset(doc: MarkdownDoc, f: Finding) -> int:
    return doc.index.offset(f.range.start)


# -- counts ------------------------------------------------------------------------------------
def test_fix_one_count_from_the_finding(tmp_path: Path):
    found = [f for f in findings(tmp_path, "LITERATURE.md", LIT) if f.code == "LIT003"]
    assert {f.data["key"] for f in found} == {"total_papers", "confirmed_count"}
    doc = LiteratureDoc(LIT)
    edits = fixes.fix_counts(doc, ["confirmed_count"])
    new = apply_edits(LIT, edits)
    assert "confirmed_count: 3\n" in new and "total_papers: 9\n" in new
    assert new.replace("confirmed_count: 3", "confirmed_count: 5") == LIT


def test_fix_all_counts(tmp_path: Path):
    doc = LiteratureDoc(LIT)
    assert fixes.wrong_counts(doc) == ["total_papers", "confirmed_count"]
    new = apply_edits(LIT, fixes.fix_counts(doc))
    assert "LIT003" not in codes_of(findings(tmp_path, "LITERATURE.md", new))
    assert fixes.fix_counts(LiteratureDoc(new)) == []  # idempotent


def test_fix_journal_total_entries(tmp_path: Path):
    assert "JRN002" in codes_of(findings(tmp_path, "JOURNAL.md", JOURNAL))
    new = apply_edits(JOURNAL, fixes.fix_counts(JournalDoc(JOURNAL)))
    assert "total_entries: 2\n" in new
    assert "JRN002" not in codes_of(findings(tmp_path, "JOURNAL.md", new))


def test_counts_leave_broken_or_missing_frontmatter_alone():
    broken = "---\ntotal_entries: [3\n---\n## Proof Attempts\n"
    assert fixes.fix_counts(JournalDoc(broken)) == []
    missing = "---\nproblem: p\n---\n### PROOF-001: x\n"
    assert fixes.fix_counts(JournalDoc(missing)) == []  # JRN001 adds keys, not this fix


# -- markers -----------------------------------------------------------------------------------
@pytest.mark.parametrize("marker", fixes.MARKERS)
def test_add_marker_after_the_bullet(tmp_path: Path, marker: str):
    found = [f for f in findings(tmp_path, "LITERATURE.md", LIT) if f.code == "SYN001"]
    assert len(found) == 2  # the list item and the wrapped paragraph
    doc = LiteratureDoc(LIT)
    item, paragraph = found
    new = apply_edits(LIT, fixes.add_marker(doc, item.range.start.line, marker))
    assert f"- {marker} Alpha applies (REF-001).\n" in new
    new = apply_edits(new, fixes.add_marker(LiteratureDoc(new), paragraph.range.start.line, marker))
    assert f"\n{marker} Nothing covers REF-003 and\n" in new
    assert "SYN001" not in codes_of(findings(tmp_path, "LITERATURE.md", new))


def test_add_marker_refuses_marked_claims_and_unknown_markers():
    doc = LiteratureDoc(LIT)
    marked = LIT.splitlines().index("- [V] Beta is sharp (REF-002). UREF-001 gives more [S].")
    assert fixes.add_marker(doc, marked, "[S]") == []
    with pytest.raises(ValueError):
        fixes.add_marker(doc, marked, "[X]")


# -- REF010 / REF009 ---------------------------------------------------------------------------
def test_downgrade_verified_changes_only_that_sentence():
    text = "- [V] By UREF-001 the bound holds. [V] REF-001 gives the rest.\n"
    doc = MarkdownDoc(text)
    new = apply_edits(text, fixes.downgrade_verified(doc, text.index("UREF-001")))
    assert new == "- [~] By UREF-001 the bound holds. [V] REF-001 gives the rest.\n"
    assert fixes.downgrade_verified(doc, text.index("gives")) != []  # the other sentence
    assert fixes.downgrade_verified(MarkdownDoc("no marker UREF-001\n"), 12) == []


def test_downgrade_fixes_the_finding(tmp_path: Path):
    proof = "# Proof\n\n[V] By UREF-001 the bound holds.\n"
    found = [f for f in findings(tmp_path, "PROOF.md", proof, **{"LITERATURE.md": LIT})]
    ref010 = next(f for f in found if f.code == "REF010")
    doc = MarkdownDoc(proof)
    new = apply_edits(proof, fixes.downgrade_verified(doc, offset(doc, ref010)))
    assert new == "# Proof\n\n[~] By UREF-001 the bound holds.\n"


def test_replace_moved_mention(tmp_path: Path):
    lit = LIT.replace("- **Reason:** no match", "- **Reason:** moved from REF-004, no match")
    proof = "# Proof\n\nBy REF-004 it holds.\n"
    found = findings(tmp_path, "PROOF.md", proof, **{"LITERATURE.md": lit})
    moved = [f for f in found if f.code == "REF009" and f.data.get("replacement")]
    assert moved, [f.message for f in found]
    f = moved[0]
    assert f.data == {"id": "REF-004", "replacement": "UREF-001"}
    doc = MarkdownDoc(proof)
    start = offset(doc, f)
    span = fixes.Span(start, start + len(f.data["id"]))
    new = apply_edits(proof, fixes.replace_mention(doc, span, f.data["id"], f.data["replacement"]))
    assert new == f"# Proof\n\nBy {f.data['replacement']} it holds.\n"


def test_replace_mention_checks_the_text_is_still_there():
    doc = MarkdownDoc("By REF-004 it holds.\n")
    assert fixes.replace_mention(doc, fixes.Span(3, 10), "REF-004", "UREF-002") == [
        fixes.Edit(fixes.Span(3, 10), "UREF-002")
    ]
    assert fixes.replace_mention(doc, fixes.Span(0, 7), "REF-004", "UREF-002") == []


# -- renumbering -------------------------------------------------------------------------------
def test_plan_renumbering_continues_from_the_highest():
    doc = LiteratureDoc(LIT)
    plan = fixes.plan_renumbering(doc)
    assert [(doc.entries[i].id, new) for i, new in plan.entries.items()] == [("REF-002", "REF-004")]
    assert plan.mentions == {"REF-002": "REF-004"}


def test_plan_renumbering_duplicates_and_restarts():
    text = "## Confirmed References\n" + "".join(
        f"### REF-{n:03d}: T{i}\n" for i, n in enumerate([1, 5, 5, 1, 2, 9])
    )
    doc = LiteratureDoc(text)
    plan = fixes.plan_renumbering(doc)
    assert [plan.entries.get(i, doc.entries[i].id) for i in range(6)] == [
        "REF-001", "REF-005", "REF-006", "REF-007", "REF-008", "REF-009",
    ]  # fmt: skip
    # Mentions follow the first entry carrying an id: REF-005/REF-001 keep theirs.
    assert plan.mentions == {"REF-002": "REF-008"}
    assert not fixes.plan_renumbering(LiteratureDoc("### REF-001: a\n### REF-007: b\n"))


def test_renumber_updates_headings_and_mentions_in_every_note(tmp_path: Path):
    before = codes_of(findings(tmp_path, "LITERATURE.md", LIT))
    assert "LIT008" in before
    lit = LiteratureDoc(LIT, "LITERATURE.md")
    proof_text = "# Proof\nREF-002 and REF-003, `REF-002` in code.\n"
    proof = MarkdownDoc(proof_text, "PROOF.md")
    untouched = MarkdownDoc("Only REF-001 here.\n", "NOTES.md")
    edits = fixes.renumber_references(lit, [lit, proof, untouched])
    assert set(edits) == {"LITERATURE.md", "PROOF.md"}
    new_lit = apply_edits(LIT, edits["LITERATURE.md"])
    assert "### REF-004: Beta" in new_lit and "### REF-002" not in new_lit
    assert "[V] Beta is sharp (REF-004)." in new_lit
    assert apply_edits(proof_text, edits["PROOF.md"]) == (
        "# Proof\nREF-004 and REF-003, `REF-002` in code.\n"
    )
    after = codes_of(findings(tmp_path, "LITERATURE.md", new_lit))
    assert "LIT008" not in after and "LIT007" not in after


def test_renumber_duplicate_ids(tmp_path: Path):
    text = (
        LIT.replace("### REF-003: Gamma", "### REF-001: Gamma")
        .replace("### REF-002: Beta", "### REF-004: Beta")
        .replace("(REF-002)", "(REF-004)")
        .replace("covers REF-003", "covers REF-004")
    )
    assert "LIT007" in codes_of(findings(tmp_path, "LITERATURE.md", text))
    edits = fixes.renumber_references(LiteratureDoc(text, "LITERATURE.md"))
    new = apply_edits(text, edits["LITERATURE.md"])
    # Gamma takes the next number in order; REF-002 is free (nothing mentions it).
    assert "### REF-001: Alpha" in new and "### REF-002: Gamma" in new
    found = codes_of(findings(tmp_path, "LITERATURE.md", new))
    assert "LIT007" not in found and "LIT008" not in found


def test_renumber_never_reuses_an_id_still_mentioned():
    text = "## Confirmed References\n### REF-001: a\n### REF-001: b\n### REF-004: c\n"
    doc = LiteratureDoc(text, "LITERATURE.md")
    proof = MarkdownDoc("REF-002 was removed, REF-003 too.\n", "PROOF.md")
    edits = fixes.renumber_references(doc, [proof])
    new = apply_edits(text, edits["LITERATURE.md"])
    # REF-002 and REF-003 are still cited (dangling): b skips them; c moves up after it.
    assert new.splitlines()[1:] == ["### REF-001: a", "### REF-004: b", "### REF-005: c"]
    assert "PROOF.md" not in edits


# -- sections ----------------------------------------------------------------------------------
def test_insert_missing_section_in_schema_order(tmp_path: Path):
    start = LIT.index("## Synthesis")
    end = LIT.index("## Unconfirmed References")
    text = LIT[:start] + LIT[end:]
    lit004 = [f for f in findings(tmp_path, "LITERATURE.md", text) if f.code == "LIT004"]
    assert [f.data["section"] for f in lit004] == ["Synthesis"]
    new = apply_edits(text, fixes.insert_section(LiteratureDoc(text), "Synthesis"))
    assert new.index("## Confirmed References") < new.index("## Synthesis")
    assert new.index("## Synthesis") < new.index("## Unconfirmed References")
    assert "### Applicable Theorems" in new
    assert "LIT004" not in codes_of(findings(tmp_path, "LITERATURE.md", new))
    assert fixes.insert_section(LiteratureDoc(new), "Synthesis") == []
    assert fixes.insert_section(LiteratureDoc(new), "No Such Section") == []


def test_relevel_a_section_heading_keeps_its_text(tmp_path: Path):
    text = LIT.replace("## Confirmed References", "  #### Confirmed references ##").replace(
        "\n", "\r\n"
    )
    (lit004,) = [f for f in findings(tmp_path, "LITERATURE.md", text) if f.code == "LIT004"]
    line = lit004.data["line"]
    new = apply_edits(text, fixes.relevel_heading(LiteratureDoc(text), line, 2))
    assert new.split("\r\n")[line] == "  ## Confirmed references ##"
    assert "LIT004" not in codes_of(findings(tmp_path, "LITERATURE.md", new))
    assert fixes.relevel_heading(LiteratureDoc(new), line, 2) == []  # already `##`
    assert fixes.relevel_heading(LiteratureDoc(new), line + 1, 2) == []  # not a heading


# -- journal -----------------------------------------------------------------------------------
def test_record_reattempt_after_tags_silences_the_nudge(tmp_path: Path):
    jrn009 = [f for f in findings(tmp_path, "JOURNAL.md", JOURNAL) if f.code == "JRN009"]
    assert jrn009 and jrn009[0].data == {"prior": "PROOF-001", "entry": "PROOF-002"}
    doc = JournalDoc(JOURNAL)
    new = apply_edits(JOURNAL, fixes.record_reattempt(doc, "PROOF-002", "PROOF-001"))
    assert (
        "- **Tags:** [canonical-paths, comparison]\n- **Re-attempt of:** PROOF-001\n"
        "- **What was tried:** paths again\n"
    ) in new
    assert "JRN009" not in codes_of(findings(tmp_path, "JOURNAL.md", new))
    assert fixes.record_reattempt(JournalDoc(new), "PROOF-002", "PROOF-001") == []


def test_record_reattempt_fills_an_empty_field_and_falls_back_to_the_heading():
    text = "## Proof Attempts\n\n### PROOF-002: x\n- **Re-attempt of:**\n- **Outcome:** FAILED\n"
    new = apply_edits(text, fixes.record_reattempt(JournalDoc(text), "PROOF-002", "PROOF-001"))
    assert "- **Re-attempt of:** PROOF-001\n" in new
    bare = "### PROOF-002: x\r\n- **Outcome:** FAILED\r\n"
    new = apply_edits(bare, fixes.record_reattempt(JournalDoc(bare), "proof-002", "PROOF-001"))
    assert new == "### PROOF-002: x\r\n- **Re-attempt of:** PROOF-001\r\n- **Outcome:** FAILED\r\n"
    assert fixes.record_reattempt(JournalDoc(bare), "PROOF-404", "PROOF-001") == []


def test_insert_insight_at_the_end_of_the_entry(tmp_path: Path):
    jrn010 = [f for f in findings(tmp_path, "JOURNAL.md", JOURNAL) if f.code == "JRN010"]
    assert [f.data["id"] for f in jrn010] == ["PROOF-002"]
    new = apply_edits(JOURNAL, fixes.insert_insight(JournalDoc(JOURNAL), "PROOF-002"))
    assert "- **Outcome:** IN_PROGRESS\n- **Insight/Takeaway:** \n\n## Literature" in new
    assert fixes.insert_insight(JournalDoc(new), "PROOF-002") == []  # the field is there now


def test_set_strategy_fills_the_empty_slot_or_adds_the_field_after_agent(tmp_path: Path):
    text = (
        "## Proof Attempts\n\n### PROOF-001: x\n- **Timestamp:** 2026-01-01T00:00:00Z\n"
        "- **Agent:** human\n- **Strategy type:**\n- **Outcome:** IN_PROGRESS\n"
    )
    [jrn013] = [f for f in findings(tmp_path, "JOURNAL.md", text) if f.code == "JRN013"]
    assert jrn013.data["id"] == "PROOF-001" and "induction" in jrn013.data["known"]
    # The finding sits on the empty slot, where the user types.
    assert text.splitlines()[jrn013.range.start.line] == "- **Strategy type:**"
    new = apply_edits(text, fixes.set_strategy(JournalDoc(text), "PROOF-001", "induction"))
    assert "- **Strategy type:** induction\n- **Outcome:**" in new
    assert "JRN013" not in codes_of(findings(tmp_path, "JOURNAL.md", new))
    assert fixes.set_strategy(JournalDoc(new), "PROOF-001", "induction") == []
    # A wrong value is replaced; a type of another category or an unknown one is never written.
    wrong = new.replace("induction", "inducton")
    assert "induction" in apply_edits(
        wrong, fixes.set_strategy(JournalDoc(wrong), "PROOF-001", "Induction")
    )
    assert fixes.set_strategy(JournalDoc(wrong), "PROOF-001", "broad-survey") == []
    assert fixes.set_strategy(JournalDoc(wrong), "PROOF-404", "induction") == []
    missing = "### PROOF-001: x\r\n- **Agent:** human\r\n- **Outcome:** FAILED\r\n"
    new = apply_edits(missing, fixes.set_strategy(JournalDoc(missing), "PROOF-001", "extremal"))
    assert new == (
        "### PROOF-001: x\r\n- **Agent:** human\r\n- **Strategy type:** extremal\r\n"
        "- **Outcome:** FAILED\r\n"
    )
