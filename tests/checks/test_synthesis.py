"""SYN001–SYN002: confidence markers and the shape of the Synthesis."""

from __future__ import annotations

from mathlsp.checks.findings import Severity
from tests.checks.conftest import LITERATURE, codes, edit, only, span

L = "LITERATURE.md"


def test_claim_without_marker(check) -> None:
    found = check(L, edit(LITERATURE, "- [~] Nothing covers", "- Nothing covers"))
    assert [(f.code, span(f)) for f in found] == [
        ("SYN001", (51, 0, 51, len("- Nothing covers unbounded perturbations.")))
    ]
    assert found[0].severity is Severity.WARNING
    assert found[0].data["markers"] == ["[V]", "[S]", "[~]"]


def test_marker_on_a_continuation_line_counts(check) -> None:
    text = edit(
        LITERATURE,
        "- [S] The resolvent estimates of REF-002 extend to\n  small",
        "- The resolvent estimates of REF-002 extend to\n  [S] small",
    )
    assert codes(check(L, text)) == []


def test_paragraph_claim_is_checked(check) -> None:
    text = edit(
        LITERATURE,
        "### Gaps in Literature\n",
        "### Gaps in Literature\nNobody treats the\nunbounded case.\n\n",
    )
    found = only(check(L, text), "SYN001")
    assert [span(f)[0] for f in found] == [51]


def test_reading_order_is_exempt(check) -> None:
    text = edit(LITERATURE, "2. REF-001", "2. REF-001, because it builds on REF-002")
    assert codes(check(L, text)) == []


def test_code_tables_and_comments_are_not_claims(check) -> None:
    extra = "```\nplain code\n```\n| a | b |\n|---|---|\n| 1 | 2 |\n<!-- a comment -->\n"
    text = edit(LITERATURE, "### Gaps in Literature\n", "### Gaps in Literature\n" + extra)
    assert codes(check(L, text)) == []


def test_non_ascii_claim_range(check) -> None:
    text = edit(LITERATURE, "- [~] Nothing covers", "  - 𝔽-modules: nothing covers")
    found = only(check(L, text), "SYN001")
    line = "  - 𝔽-modules: nothing covers unbounded perturbations."
    assert span(found[0]) == (51, 2, 51, len(line) + 1)  # 𝔽 is two UTF-16 units


def test_subsection_out_of_order_is_information(check) -> None:
    start = LITERATURE.index("### Gaps in Literature")
    end = LITERATURE.index("### Suggested Reading Order")
    gaps = LITERATURE[start:end]
    text = LITERATURE[:start] + LITERATURE[end:]
    text = edit(text, "## Unconfirmed References", gaps + "## Unconfirmed References")
    found = check(L, text)
    assert [(f.code, f.severity, span(f)[0]) for f in found] == [
        ("SYN002", Severity.INFORMATION, 54)
    ]
    assert "'Gaps in Literature' comes after 'Suggested Reading Order'" in found[0].message


def test_missing_subsections(check) -> None:
    start = LITERATURE.index("### Gaps in Literature")
    end = LITERATURE.index("## Unconfirmed References")
    found = check(L, LITERATURE[:start] + LITERATURE[end:])
    assert codes(found) == ["SYN002"]
    assert span(found[0])[0] == 41
    assert found[0].data == {"missing": ["Gaps in Literature", "Suggested Reading Order"]}


def test_missing_subsections_not_reported_before_any_reference(check) -> None:
    template = """\
---
problem: "neumann-series"
total_papers: 0
confirmed_count: 0
unconfirmed_count: 0
last_search: ""
sources_queried: []
---
# Literature

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|

## Confirmed References

## Synthesis

## Unconfirmed References
"""
    assert codes(check(L, template)) == []
