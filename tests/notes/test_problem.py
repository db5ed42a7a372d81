"""ProblemDoc: frontmatter, title fallback, statement, known results and references."""

from __future__ import annotations

import pytest

from mathlsp.notes.problem import (
    DOMAIN_CATEGORIES,
    DOMAINS,
    STATUSES,
    ProblemDoc,
    frontmatter_trouble,
)
from mathlsp.notes.spans import Span
from mathlsp.notes.templates import fill_template


def _at(text: str, span: Span) -> str:
    return text[span.start : span.end]


PROBLEM = """\
---
title: "Convergence of perturbed Neumann series"
status: Defined            # draft | defined | in-progress | solved | abandoned
domain: analysis
subdomain: functional-analysis
type: proof
output_type: theorem
tags: [operator-norm, banach-space, neumann-series]
created: 2026-02-10
---
# Problem
Let $T$ be a bounded operator on a Banach space with $\\|T\\| < 1$.
Show that $\\sum T^n$ converges.

## Known Results
- Neumann series converges when the spectral radius is below 1 (Kato 1966).
- A result that wraps
  onto a second line.
<!-- - commented out -->

## References
- arXiv:2301.12345
- doi:10.1007/978-3-642-66282-9
- Kato, *Perturbation Theory for Linear Operators*, 1966
1. https://arxiv.org/abs/math/0601001v2 and arXiv:2313.12345
"""


@pytest.fixture(scope="module")
def doc() -> ProblemDoc:
    return ProblemDoc(PROBLEM)


def test_frontmatter_properties(doc: ProblemDoc) -> None:
    assert doc.title == "Convergence of perturbed Neumann series"
    assert doc.status == "defined"
    assert doc.status in STATUSES
    assert doc.domain == "analysis"
    assert doc.domain in DOMAINS and doc.domain in DOMAIN_CATEGORIES
    assert doc.tags == ["operator-norm", "banach-space", "neumann-series"]
    assert doc.frontmatter.data["created"] == "2026-02-10"


def test_statement(doc: ProblemDoc) -> None:
    assert doc.statement == (
        "Let $T$ be a bounded operator on a Banach space with $\\|T\\| < 1$.\n"
        "Show that $\\sum T^n$ converges."
    )


def test_known_results(doc: ProblemDoc) -> None:
    items = doc.known_results
    assert [i.text for i in items] == [
        "Neumann series converges when the spectral radius is below 1 (Kato 1966).",
        "A result that wraps onto a second line.",
    ]
    assert _at(PROBLEM, items[0].span).startswith("- Neumann series")
    assert items[0].identifiers == []


def test_references_with_identifiers(doc: ProblemDoc) -> None:
    refs = doc.references
    assert [r.text for r in refs][:3] == [
        "arXiv:2301.12345",
        "doi:10.1007/978-3-642-66282-9",
        "Kato, *Perturbation Theory for Linear Operators*, 1966",
    ]
    assert [(i.kind, i.value, i.valid) for i in refs[0].identifiers] == [
        ("arxiv", "2301.12345", True)
    ]
    assert [(i.kind, i.value) for i in refs[1].identifiers] == [
        ("doi", "10.1007/978-3-642-66282-9")
    ]
    assert refs[2].identifiers == []
    last = sorted(refs[3].identifiers, key=lambda i: i.start)
    assert [(i.kind, i.value, i.valid) for i in last] == [
        ("arxiv", "math/0601001v2", True),
        ("arxiv", "2313.12345", False),
    ]
    assert _at(PROBLEM, refs[3].span) == PROBLEM.splitlines()[refs[3].line]


def test_title_falls_back_to_the_first_h1() -> None:
    text = "---\ntitle: ''\n---\n## Not this\n# Über 𝔽-modules\n# Second\n"
    assert ProblemDoc(text).title == "Über 𝔽-modules"
    assert ProblemDoc("# Only heading\n").title == "Only heading"
    assert ProblemDoc("---\ntitle: 42\n---\n# H1\n").title == "H1"
    assert ProblemDoc("no headings").title == ""


def test_tags_as_list_or_comma_string() -> None:
    assert ProblemDoc("---\ntags: a, b ,, c\n---\n").tags == ["a", "b", "c"]
    assert ProblemDoc("---\ntags: [x, 1, '']\n---\n").tags == ["x", "1"]
    assert ProblemDoc("---\ntags:\n  - y\n  - z\n---\n").tags == ["y", "z"]
    assert ProblemDoc("---\ntags: 7\n---\n").tags == []
    assert ProblemDoc("no frontmatter").tags == []


def test_missing_or_invalid_frontmatter_values() -> None:
    doc = ProblemDoc("---\nstatus: [a]\ndomain: 3\n---\n")
    assert doc.status == "" and doc.domain == ""
    doc = ProblemDoc("---\nstatus: [unclosed\n---\n# T\n")
    assert doc.frontmatter.error is not None
    assert doc.status == "" and doc.title == "T"


def test_statement_without_a_problem_heading() -> None:
    text = "---\ntitle: x\n---\nThe statement, before any section.\n\n## Known Results\n- k\n"
    assert ProblemDoc(text).statement == "The statement, before any section."


def test_statement_skips_code_and_comments() -> None:
    text = "# Problem\n<!-- hint -->\nProve it.\n```\ncode\n```\n## Known Results\n"
    assert ProblemDoc(text).statement == "Prove it."


def test_sections_are_matched_loosely_and_end_at_same_level() -> None:
    text = (
        "# Problem\nStatement.\n"
        "## known results:\n- one\n### Sub\n- two\n"
        "## References\n```\n- arXiv:2301.12345\n```\n+ * starred\n"
    )
    doc = ProblemDoc(text)
    assert [i.text for i in doc.known_results] == ["one", "two"]
    assert [i.text for i in doc.references] == ["* starred"]


def test_no_sections() -> None:
    doc = ProblemDoc("")
    assert doc.known_results == [] and doc.references == [] and doc.statement == ""


def test_shipped_template() -> None:
    text = fill_template("PROBLEM.md", {"PROBLEM_TITLE": "Neumann 𝔽", "CREATED_DATE": "2026-02-10"})
    doc = ProblemDoc(text)
    assert doc.frontmatter.valid, doc.frontmatter.error
    assert doc.title == "Neumann 𝔽"
    assert doc.status == "draft"
    assert doc.domain == "other"
    assert doc.tags == []
    assert doc.frontmatter.data["created"] == "2026-02-10"
    assert doc.statement == ""
    assert doc.known_results == [] and doc.references == []  # examples sit in comments


def test_crlf_problem() -> None:
    text = PROBLEM.replace("\n", "\r\n")
    doc = ProblemDoc(text)
    assert doc.title == "Convergence of perturbed Neumann series"
    assert doc.statement.splitlines()[1] == "Show that $\\sum T^n$ converges."
    assert len(doc.references) == 4
    assert doc.known_results[1].text == "A result that wraps onto a second line."


def test_known_results_written_as_prose_are_read_one_sentence_each() -> None:
    text = (
        "# Problem\nStatement.\n\n## Known Results\n\n"
        "Barral, Jin and Mandelbrot did complex cascades (2010). Lacoin, Rhodes, Vargas\n"
        "(CMP 2015) gave the phase diagram. J. L. Vázquez and L. Caffarelli proved\n"
        "existence in 2011.\n\n"
        "Junnilla–Saksman–Webb: the imaginary case\n"
        "<!-- a comment -->\n"
        "## References\n- arXiv:2301.12345\n"
    )
    doc = ProblemDoc(text)
    assert [k.text for k in doc.known_results] == [
        "Barral, Jin and Mandelbrot did complex cascades (2010).",
        "Lacoin, Rhodes, Vargas (CMP 2015) gave the phase diagram.",
        # An initial ends no sentence.
        "J. L. Vázquez and L. Caffarelli proved existence in 2011.",
        "Junnilla–Saksman–Webb: the imaginary case",
    ]
    assert [k.line for k in doc.known_results] == [5, 5, 6, 9]
    # A full stop inside parentheses ends no sentence.
    venue = ProblemDoc("## Known Results\nAhlgren–Ono (Invent. Math. 2003) did it. Then Ono.\n")
    assert [k.text for k in venue.known_results] == [
        "Ahlgren–Ono (Invent. Math. 2003) did it.",
        "Then Ono.",
    ]
    # A list stays a list: its items, never the prose around them.
    listed = ProblemDoc("# Problem\nS.\n## Known Results\nIntro sentence.\n- one item\n")
    assert [k.text for k in listed.known_results] == ["one item"]


def test_a_frontmatter_that_cannot_be_read_is_named_with_its_line() -> None:
    broken = "---\ntitle: Lifts\nstatus: defined\ndomain: graphs\n  bad: : x\n---\n# Problem\n"
    trouble = frontmatter_trouble(ProblemDoc(broken))
    assert trouble is not None
    assert "PROBLEM.md cannot be read (line 5: invalid YAML" in trouble
    assert "title, status, domain and tags" in trouble
    unclosed = "---\ntitle: Lifts\n# Problem\n"
    assert "not closed" in (frontmatter_trouble(ProblemDoc(unclosed)) or "")
    # Fine: a readable frontmatter, or none at all (a folder with a plain PROBLEM.md).
    assert frontmatter_trouble(ProblemDoc(PROBLEM)) is None
    assert frontmatter_trouble(ProblemDoc("# Problem\n\nColour the plane.\n")) is None


def test_known_results_heading_in_other_words_is_read() -> None:
    doc = ProblemDoc("# Problem\nQ?\n\n## Prior work\n- A. Smith (2001) proved X.\n")
    assert [k.text for k in doc.known_results] == ["A. Smith (2001) proved X."]


def test_the_schema_known_results_heading_comes_before_a_synonym() -> None:
    doc = ProblemDoc("# Problem\nQ?\n\n## Background\nDefs here.\n\n## Known Results\n- R.\n")
    assert [k.text for k in doc.known_results] == ["R."]


def test_references_under_bibliography_with_numbered_labels() -> None:
    doc = ProblemDoc("# Problem\nQ?\n\n### Bibliography\n[1] A, T, arXiv:2101.00001\n[BK04] B\n")
    assert [r.text for r in doc.references] == ["A, T, arXiv:2101.00001", "B"]
    assert [i.value for i in doc.references[0].identifiers] == ["2101.00001"]


def test_bibtex_pasted_under_references_gives_its_identifiers() -> None:
    text = (
        "# Problem\nQ?\n\n## References\n```bibtex\n@article{k,\n  author = {Doe, J.},\n"
        "  title = {On X},\n  doi = {10.1000/xyz.1},\n}\n```\n"
    )
    (item,) = ProblemDoc(text).references
    assert item.text.startswith("Doe, J., On X")
    assert [(i.kind, i.value) for i in item.identifiers] == [("doi", "10.1000/xyz.1")]


def test_statement_under_a_statement_heading() -> None:
    doc = ProblemDoc("# Some title\n\n## Statement\nShow that X holds.\n\n## Known\n- Y.\n")
    assert doc.statement == "Show that X holds."
    assert [k.text for k in doc.known_results] == ["Y."]
