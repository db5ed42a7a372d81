"""Known Results and References under a label line inside the Problem section."""

from __future__ import annotations

import pytest

from mathlsp.search.labelled import split_statement
from mathlsp.search.queries import _material, build_queries
from tests.search.conftest import problem

STATEMENT = """\
Do the measures |φⱼ|² dvol converge weakly to the uniform measure? Make this effective.

Known:
• Lindenstrauss (2006): QUE for Hecke–Maass forms on compact arithmetic surfaces
  and on the modular surface. Ineffective.
• Watson's triple product formula turns subconvexity into an effective rate.
• Nelson: level aspect.

I am interested mostly in the weight aspect.

References
- E. Lindenstrauss, Invariant measures and arithmetic QUE, Ann. of Math. 163 (2006)
Refs: Kiselev & Xu, arXiv:1508.05333; Iyer–Xu–Zlatoš on convection-induced singularity suppression.
"""


def test_a_labelled_block_is_read_as_known_results_and_references() -> None:
    parts = split_statement(STATEMENT)
    assert parts.known == [
        "Lindenstrauss (2006): QUE for Hecke–Maass forms on compact arithmetic surfaces and on "
        "the modular surface. Ineffective.",
        "Watson's triple product formula turns subconvexity into an effective rate.",
        "Nelson: level aspect.",
    ]
    assert parts.references == [
        "E. Lindenstrauss, Invariant measures and arithmetic QUE, Ann. of Math. 163 (2006)",
        "Kiselev & Xu, arXiv:1508.05333",
        "Iyer–Xu–Zlatoš on convection-induced singularity suppression.",
    ]
    # The statement keeps what is not under a label, the paragraph after the list included.
    assert "uniform measure" in parts.statement and "weight aspect" in parts.statement
    assert "Lindenstrauss" not in parts.statement and "Refs" not in parts.statement


def test_a_statement_without_labels_is_itself() -> None:
    text = "Known cases: n = 2 and n = 3.\nThe known bound is 4."
    parts = split_statement(text)
    assert parts.known == [] and parts.references == [] and parts.statement == text


def test_labelled_known_results_give_author_queries_and_labelled_references_are_looked_up() -> None:
    doc = problem(
        "---\ntitle: Effective arithmetic QUE\nstatus: defined\ndomain: number-theory\n"
        "tags: [quantum-unique-ergodicity, automorphic-forms]\n---\n# Problem\n\n" + STATEMENT
    )
    assert not doc.known_results and not doc.references
    m = _material(doc, [], None)
    assert ("Lindenstrauss",) in m.author_groups and ("Nelson",) in m.author_groups
    assert ["hecke maass forms", "compact arithmetic surfaces", "modular surface"] in m.known_items
    plan = build_queries(doc)
    assert "1508.05333" in " ".join(str(i) for i in plan.reference_ids)
    assert any(q.authors == ("Lindenstrauss",) for q in [*plan.queries, *plan.spare])


@pytest.mark.parametrize("label", ["Related work:", "**Previous work:**", "Related results:"])
def test_more_labels_are_known_results(label: str) -> None:
    out = split_statement(f"Show X.\n\n{label} Lemma of Smith, Jones' bound.\n\nMore.")
    assert out.known == ["Lemma of Smith, Jones' bound."]
    assert "Smith" not in out.statement
