"""PRB001–PRB009: PROBLEM.md intake."""

from __future__ import annotations

import pytest

from mathlsp.checks.findings import Severity
from tests.checks.conftest import PROBLEM, codes, edit, only, span

P = "PROBLEM.md"


def test_draft_is_information(check) -> None:
    found = check(P, edit(PROBLEM, "status: defined", "status: draft"))
    assert [(f.code, f.severity, span(f)) for f in found] == [
        ("PRB001", Severity.INFORMATION, (2, 8, 2, 13))
    ]
    assert "cannot be searched until its status is `defined`" in found[0].message
    assert found[0].data == {"key": "status", "expected": "defined"}


def test_no_frontmatter(check) -> None:
    body = PROBLEM.split("---\n", 2)[2]
    found = check(P, body)
    assert codes(found) == ["PRB002"]
    assert span(found[0]) == (0, 0, 0, len("# Problem"))


def test_no_title(check) -> None:
    found = check(P, edit(PROBLEM, 'title: "Convergence of perturbed Neumann series"\n', ""))
    assert codes(found) == ["PRB003"]
    assert span(found[0]) == (0, 0, 0, 3)


def test_empty_title(check) -> None:
    assert codes(check(P, edit(PROBLEM, '"Convergence of perturbed Neumann series"', '""'))) == [
        "PRB003"
    ]


@pytest.mark.parametrize("line", ["", "domain:\n", 'domain: ""\n'])
def test_no_domain(check, line: str) -> None:
    found = check(P, edit(PROBLEM, "domain: analysis\n", line))
    assert codes(found) == ["PRB004"]
    assert "`other`" in found[0].message


def test_unknown_domain_lists_known_and_suggests(check) -> None:
    found = check(P, edit(PROBLEM, "domain: analysis", "domain: analisys"))
    assert codes(found) == ["PRB005"]
    assert span(found[0]) == (3, 8, 3, 16)
    assert "did you mean `analysis`?" in found[0].message
    assert "`number-theory`" in found[0].message and "`other`" in found[0].message
    assert "other" in found[0].data["known"]


def test_other_domain_is_allowed(check) -> None:
    assert codes(check(P, edit(PROBLEM, "domain: analysis", "domain: other"))) == []


def test_non_string_domain_is_unknown(check) -> None:
    assert codes(check(P, edit(PROBLEM, "domain: analysis", "domain: 42"))) == ["PRB005"]


@pytest.mark.parametrize(("line", "needle"), [("status: done", "`done`"), ("", "no `status`")])
def test_unknown_or_missing_status(check, line: str, needle: str) -> None:
    found = check(P, edit(PROBLEM, "status: defined", line))
    assert codes(found) == ["PRB006"]
    assert needle in found[0].message


def test_unknown_type(check) -> None:
    found = check(P, edit(PROBLEM, "type: proof", "type: theorem"))
    assert codes(found) == ["PRB007"]
    assert span(found[0]) == (5, 6, 5, 13)


@pytest.mark.parametrize("tags", ["tags: []", "tags:", 'tags: ""'])
def test_no_tags(check, tags: str) -> None:
    found = check(P, edit(PROBLEM, "tags: [operator-norm, banach-space, neumann-series]", tags))
    assert codes(found) == ["PRB008"]


def test_comma_separated_tags_are_tags(check) -> None:
    text = edit(PROBLEM, "tags: [operator-norm, banach-space, neumann-series]", "tags: a, b")
    assert codes(check(P, text)) == []


def test_no_problem_section(check) -> None:
    found = check(P, edit(PROBLEM, "# Problem\n", "# Intro\n"))
    assert codes(found) == ["PRB009"]


def test_empty_problem_section(check) -> None:
    text = edit(
        PROBLEM,
        "Let $T$ be a bounded operator on a Banach space with $\\|T\\| < 1$.\n",
        "<!-- to do -->\n",
    )
    found = check(P, text)
    assert [(f.code, span(f)) for f in found] == [("PRB009", (10, 0, 10, 9))]


def test_template_problem_gets_the_intake_nudges(check) -> None:
    from pathlib import Path

    template = (Path(__file__).parents[2] / "templates" / "PROBLEM.md").read_text()
    template = template.replace("{PROBLEM_TITLE}", "T").replace("{CREATED_DATE}", "2026-02-10")
    assert sorted(codes(check(P, template))) == ["PRB001", "PRB008", "PRB009"]


def test_broken_yaml_left_to_doc_rules(check) -> None:
    found = check(P, edit(PROBLEM, "status: defined", "status: [defined"))
    assert "DOC002" in codes(found)
    assert not [c for c in codes(found) if c.startswith("PRB00") and c != "PRB009"]
    assert only(found, "PRB009") == []


def test_a_known_results_synonym_gets_a_hint(check) -> None:
    found = check(P, edit(PROBLEM, "## Known Results", "## Prior work"))
    assert [(f.code, f.severity) for f in found] == [("PRB011", Severity.HINT)]
    assert "`## Known Results`" in found[0].message
    assert found[0].data == {"heading": "Prior work", "schema": "Known Results"}


def test_the_schema_headings_get_no_hint(check) -> None:
    assert codes(check(P, PROBLEM)) == []


def test_a_statement_heading_keeps_prb009_and_gets_a_hint(check) -> None:
    found = check(P, edit(PROBLEM, "# Problem", "## Statement"))
    assert sorted(codes(found)) == ["PRB009", "PRB011"]
