"""The resume dashboard: every section from the files, with provenance, and a next action that
follows the files' state and names what the files actually say."""

from __future__ import annotations

import datetime as dt

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.problem import ProblemDoc
from mathlsp.research.dashboard import ProblemFiles, next_action, render_dashboard

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
PROBLEM = """\
---
title: "Spectral gap of heat-bath walks"
status: defined
domain: combinatorics
type: proof
tags: [spectral-gap, markov-bases]
---
# Problem

Find conditions under which the spectral gap is uniform.
"""
LIT = """\
## Confirmed References

### REF-001: Heat-bath random walks with Markov bases
- **Authors:** Caprice Stanley, Tobias Windisch
- **Year:** 2016
- **Verified:** 2026-02-01T00:00:00Z via http://export.arxiv.org/api/query?id_list=1605.08386

## Synthesis

### Applicable Theorems

- [V] REF-001 bounds the diameter of fiber graphs.
"""


def journal(*entries: str) -> JournalDoc:
    return JournalDoc("## Proof Attempts\n\n" + "\n".join(entries))


def proof(
    n: int, outcome: str, strategy: str = "reduction", insight: str = "congestion grows"
) -> str:
    return (
        f"### PROOF-{n:03d}: Attempt {n}\n- **Timestamp:** 2026-02-0{n}T10:00:00Z\n"
        f"- **Agent:** human\n- **Strategy type:** {strategy}\n"
        "- **What was tried:** canonical paths\n"
        f"- **Outcome:** {outcome}\n- **Reasoning:** the bound is not uniform\n"
        f"- **Insight/Takeaway:** {insight}\n"
    )


def files(**kw: object) -> ProblemFiles:
    base: dict[str, object] = {"slug": "gap", "problem": ProblemDoc(PROBLEM)}
    base.update(kw)
    return ProblemFiles(**base)  # type: ignore[arg-type]


def test_missing_files_are_not_yet_never_errors() -> None:
    text = render_dashboard(ProblemFiles(slug="gap"), 1, NOW)
    assert "Problem not yet submitted" in text
    assert "No proof attempt in JOURNAL.md yet" in text and "No literature search yet" in text
    assert "No computation in JOURNAL.md yet" in text and "No approaches tried yet" in text
    assert "session_number: 1" in text and 'generated: "2026-03-01T12:00:00Z"' in text


def test_draft_problem_asks_to_define_it() -> None:
    draft = ProblemDoc(PROBLEM.replace("status: defined", "status: draft"))
    assert next_action(files(problem=draft)).startswith("Define the problem")


def test_defined_problem_without_literature_suggests_a_search_on_its_tags() -> None:
    action = next_action(files())
    assert "literature search" in action and "spectral-gap, markov-bases" in action


def test_literature_without_proof_suggests_a_first_attempt_naming_a_reference() -> None:
    action = next_action(files(literature=LiteratureDoc(LIT)))
    assert (
        "1 confirmed" in action and "REF-001 (Heat-bath random walks with Markov bases)" in action
    )


def test_failed_attempt_suggests_untried_strategies_and_quotes_the_insight() -> None:
    action = next_action(
        files(literature=LiteratureDoc(LIT), journal=journal(proof(1, "ABANDONED")))
    )
    assert "PROOF-001 (reduction), was abandoned: congestion grows" in action
    assert "direct, contradiction, contrapositive" in action


def test_attempt_in_progress_names_its_gap() -> None:
    action = next_action(
        files(literature=LiteratureDoc(LIT), journal=journal(proof(1, "IN_PROGRESS")))
    )
    assert action.startswith(
        "PROOF-001 (Attempt 1) is in progress; its latest note: the bound is not uniform."
    )


def test_success_suggests_writing_up() -> None:
    action = next_action(files(journal=journal(proof(1, "SUCCEEDED"))))
    assert action.startswith("The proof appears complete (PROOF-001")


def test_sections_carry_provenance_from_the_journal() -> None:
    lit_entry = (
        "## Literature Searches\n\n### LIT-001: Survey\n- **Timestamp:** 2026-02-03T09:00:00Z\n"
        "- **Agent:** literature-search\n- **Outcome:** SUCCEEDED\n- **Insight/Takeaway:** x\n"
    )
    j = JournalDoc("## Proof Attempts\n\n" + proof(1, "FAILED") + "\n" + lit_entry)
    proof_md = MarkdownDoc("# Proof\n\n## Step 1\n\nBy [V] REF-001 and a gap here [~].\n")
    text = render_dashboard(files(literature=LiteratureDoc(LIT), journal=j, proof=proof_md), 4, NOW)
    assert "_Source: PROOF-001 by human, 2026-02-01T10:00:00Z_" in text
    assert "_Source: LIT-001 by literature-search, 2026-02-03T09:00:00Z_" in text
    assert "Proof attempts: 1 (1 FAILED). Latest: PROOF-001 Attempt 1 (reduction, FAILED)" in text
    assert "PROOF.md: 1 step, 1 open gap; confidence markers [V] 1, [S] 0, [~] 1." in text
    assert "LITERATURE.md: 1 confirmed and 0 unconfirmed reference. Key result: [V] REF-001" in text
    assert "Find conditions under which the spectral gap is uniform." in text


def test_long_statements_are_cut_at_a_sentence_or_word_with_an_ellipsis() -> None:
    from mathlsp.research.dashboard import PREVIEW_CHARS, statement_preview

    short = "Let $G$ be a graph.\nShow that $\\chi(G) \\le 4$."
    assert statement_preview(short) == ["Let $G$ be a graph.", "Show that $\\chi(G) \\le 4$."]
    sentences = " ".join(f"Sentence number {i} says something about graphs." for i in range(40))
    (cut,) = statement_preview(sentences)
    assert cut.endswith("graphs. …") and len(cut) <= PREVIEW_CHARS + 2
    one_long_sentence = "word " * 300
    (cut,) = statement_preview(one_long_sentence)
    assert cut.endswith("word …")
    wrapped = "\n".join(["A statement wrapped at eighty columns, as editors do, line"] * 7)
    (whole,) = statement_preview(wrapped)  # more lines than a preview shows, but short: all of it
    assert not whole.endswith("…") and "\n" not in whole
    (cut,) = statement_preview(wrapped * 3)
    assert cut.endswith(" …") and not cut.endswith(("  …", ", …"))


def test_a_lemma_that_succeeded_then_a_failed_main_attempt_is_not_complete() -> None:
    lemma = proof(1, "SUCCEEDED").replace("Attempt 1", "Lemma: local expansion")
    action = next_action(
        files(literature=LiteratureDoc(LIT), journal=journal(lemma, proof(2, "FAILED")))
    )
    assert action.startswith("The last attempt, PROOF-002 (reduction), failed")
    assert "complete" not in action


def test_any_earlier_success_does_not_outweigh_the_latest_failure() -> None:
    action = next_action(
        files(
            literature=LiteratureDoc(LIT),
            journal=journal(proof(1, "SUCCEEDED"), proof(2, "FAILED")),
        )
    )
    assert "complete" not in action and "PROOF-002" in action


def test_a_succeeded_lemma_points_to_the_main_statement() -> None:
    lemma = proof(1, "SUCCEEDED").replace("Attempt 1", "Lemma: local expansion")
    action = next_action(files(literature=LiteratureDoc(LIT), journal=journal(lemma)))
    assert action.startswith("PROOF-001 established a lemma (Lemma: local expansion)")


def test_a_solved_problem_is_complete_whatever_the_journal() -> None:
    solved = ProblemDoc(PROBLEM.replace("status: defined", "status: solved"))
    action = next_action(files(problem=solved, journal=journal(proof(1, "FAILED"))))
    assert action.startswith("The proof appears complete")
