"""Rendering as minimal text edits: exact output, byte-identical surroundings, round trips."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.frontmatter import parse_frontmatter
from mathlsp.notes.identifiers import ArxivId
from mathlsp.notes.literature import SECTION_ORDER, LiteratureDoc
from mathlsp.notes.render import (
    HISTORY_COLUMNS,
    UNCONFIRMED_STATUS,
    Edit,
    NewReference,
    add_history_row,
    apply_edits,
    ensure_sections,
    insert_references,
    line_ending,
    one_line,
    render_reference,
    update_frontmatter,
    yaml_scalar,
)
from mathlsp.notes.spans import Span
from mathlsp.notes.templates import fill_template

HEADER = "| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |"
RULE = "|------|---------------|---------------|------------|---------------|"


def _template() -> str:
    return fill_template("LITERATURE.md", {"PROBLEM_SLUG": "demo", "PROBLEM_TITLE": "Demo"})


def _apply(text: str, edits: list[Edit]) -> str:
    """apply_edits, checking that everything outside the edited spans is unchanged."""
    out = apply_edits(text, edits)
    if len(edits) == 1:
        (edit,) = edits
        assert out.startswith(text[: edit.span.start])
        assert out.endswith(text[edit.span.end :])
        assert out[edit.span.start : len(out) - (len(text) - edit.span.end)] == edit.text
    return out


REF = NewReference(
    kind="REF",
    number=12,
    title="Perturbation  theory\nfor 𝔽-operators",
    authors=["Tosio Kato", "  ", "B.\tAuthor"],
    year=1966,
    source="both",
    arxiv_id="2301.12345v2",
    doi="10.1007/978-3-642-66282-9",
    abstract="Line one\nline two.",
    relevance="High.",
    key_results="Thm IV.1.16",
    confidence="[V]",
    verified="2026-02-10T14:30:00Z via https://export.arxiv.org/api/query?id_list=2301.12345",
    extra={"Notes": "extra field"},
)
UREF = NewReference(kind="UREF", number=3, title="", reason="not found", relevance="Maybe.")


# -- small helpers ------------------------------------------------------------------------------


def test_one_line_and_yaml_scalar() -> None:
    assert one_line("a \n\t b  c ") == "a b c"
    assert one_line(None) == ""
    assert one_line(1966) == "1966"
    assert yaml_scalar("2026-02-10") == '"2026-02-10"'
    assert yaml_scalar("yes") == '"yes"'
    assert yaml_scalar(3) == "3"
    assert yaml_scalar(["arxiv", "𝔽"]) == '["arxiv", "𝔽"]'
    assert yaml_scalar(None) == "null"
    for value in ["2026-02-10", "yes", 'a "quoted": value', ["x", 1], {"k": "v"}, 0.5, True]:
        assert parse_frontmatter(f"---\nk: {yaml_scalar(value)}\n---\n").data == {"k": value}


@pytest.mark.parametrize(
    ("text", "eol"),
    [
        ("", "\n"),
        ("a\nb\n", "\n"),
        ("a\r\nb\r\n", "\r\n"),
        ("a\r\nb\r\nc\n", "\r\n"),
        ("a\r\nb\n", "\r\n"),  # a tie goes to CRLF
        ("a\r\nb\nc\nd\n", "\n"),
        ("a\rb\r", "\r"),
        ("a\rb\rc\n", "\r"),
        ("a\rb\nc\n", "\n"),
    ],
)
def test_line_ending(text: str, eol: str) -> None:
    assert line_ending(text) == eol


# -- apply_edits --------------------------------------------------------------------------------


def test_apply_edits_in_any_order() -> None:
    text = "0123456789"
    edits = [
        Edit(Span(8, 9), "E"),
        Edit(Span(0, 0), "<"),
        Edit(Span(2, 5), ""),
        Edit(Span(10, 10), ">"),
    ]
    assert apply_edits(text, edits) == "<01567E9>"
    assert apply_edits(text, []) == text


def test_apply_edits_keeps_order_of_insertions_at_one_offset() -> None:
    assert apply_edits("ab", [Edit(Span(1, 1), "x"), Edit(Span(1, 1), "y")]) == "axyb"
    assert apply_edits("ab", [Edit(Span(1, 1), "x"), Edit(Span(1, 2), "Y")]) == "axY"


def test_overlapping_edits_are_refused() -> None:
    with pytest.raises(ValueError, match="overlapping"):
        apply_edits("0123456789", [Edit(Span(1, 5), "a"), Edit(Span(4, 6), "b")])


# -- render_reference ---------------------------------------------------------------------------


def test_render_confirmed_reference() -> None:
    assert render_reference(REF) == (
        "### REF-012: Perturbation theory for 𝔽-operators\n"
        "- **Authors:** Tosio Kato, B. Author\n"
        "- **Year:** 1966\n"
        "- **Source:** both\n"
        "- **arXiv ID:** 2301.12345v2\n"
        "- **DOI:** 10.1007/978-3-642-66282-9\n"
        "- **Abstract:** Line one line two.\n"
        "- **Relevance:** High.\n"
        "- **Key Results:** Thm IV.1.16\n"
        "- **Confidence:** [V]\n"
        "- **Notes:** extra field\n"
        "- **Verified:** 2026-02-10T14:30:00Z via "
        "https://export.arxiv.org/api/query?id_list=2301.12345\n"
    )


def test_render_unconfirmed_reference() -> None:
    assert render_reference(UREF, "\r\n") == (
        "### UREF-003: Untitled\r\n"
        "- **Reason:** not found\r\n"
        "- **Relevance:** Maybe.\r\n"
        f"- **Status:** {UNCONFIRMED_STATUS}\r\n"
    )
    assert UREF.id == "UREF-003"
    # Only Reason and Status are required of a UREF: what it does not know is left out, never
    # written as an empty field; a REF's required fields are written even when empty.
    assert "- **Relevance:**" not in render_reference(replace(UREF, relevance=""))
    assert "- **Source:**\n" in render_reference(replace(REF, source=""))


def test_render_omits_absent_identifiers_and_keeps_string_years() -> None:
    text = render_reference(NewReference("REF", 1, "T", year="2019?"))
    assert "arXiv ID" not in text and "DOI" not in text
    assert "- **Year:** 2019?\n" in text
    text = render_reference(NewReference("UREF", 1, "T", arxiv_id="2301.12345", status=""))
    assert "- **arXiv ID:** 2301.12345\n" in text
    assert text.endswith(f"- **Status:** {UNCONFIRMED_STATUS}\n")


def test_rendered_reference_parses_back() -> None:
    doc = LiteratureDoc("## Confirmed References\n\n" + render_reference(REF))
    [entry] = doc.entries
    assert entry.id == "REF-012"
    assert entry.title == "Perturbation theory for 𝔽-operators"
    assert entry.authors == ["Tosio Kato", "B. Author"]
    assert entry.year == 1966
    assert entry.arxiv_id == ArxivId("2301.12345", 2)
    assert entry.doi == "10.1007/978-3-642-66282-9"
    assert entry.fields.value("notes") == "extra field"
    stamp = entry.verified
    assert stamp is not None and stamp.timestamp is not None
    assert stamp.url == "https://export.arxiv.org/api/query?id_list=2301.12345"


# -- insert_references --------------------------------------------------------------------------


def test_insert_into_the_template() -> None:
    text = _template()
    doc = LiteratureDoc(text)
    out = apply_edits(text, insert_references(doc, [REF, UREF]))
    new = LiteratureDoc(out)
    assert [(e.id, e.section) for e in new.entries] == [
        ("REF-012", "confirmed"),
        ("UREF-003", "unconfirmed"),
    ]
    assert [s.key for s in new.sections] == list(SECTION_ORDER)
    # The new entry follows the example comment with one blank line, before the next section.
    assert "-->\n\n### REF-012: Perturbation" in out
    assert "/api/query?id_list=2301.12345\n\n## Synthesis" in out
    assert out.endswith(f"- **Status:** {UNCONFIRMED_STATUS}\n")
    # Only insertions: removing them gives the original text back.
    assert new.frontmatter.span == doc.frontmatter.span


def test_insert_after_existing_entries_keeps_everything_else() -> None:
    text = (
        "## Confirmed References\n\n### REF-001: Old\n- **Year:** 2000\n\n\n"
        "## Synthesis\n\n- claim [V]\n"
    )
    doc = LiteratureDoc(text)
    edits = insert_references(doc, [NewReference("REF", 2, "New", year=2001)])
    out = _apply(text, edits)
    assert out.startswith(
        "## Confirmed References\n\n### REF-001: Old\n- **Year:** 2000\n\n### REF-002: New\n"
    )
    assert "- **Status:**" not in out
    assert out.endswith("- **Verified:**\n\n\n## Synthesis\n\n- claim [V]\n")
    assert [e.id for e in LiteratureDoc(out).entries] == ["REF-001", "REF-002"]


def test_insert_several_references_of_each_kind() -> None:
    text = _template()
    refs = [NewReference("REF", n, f"R{n}") for n in (1, 2)] + [
        NewReference("UREF", n, f"U{n}") for n in (1, 2)
    ]
    out = apply_edits(text, insert_references(LiteratureDoc(text), refs))
    doc = LiteratureDoc(out)
    assert [(e.id, e.title, e.section) for e in doc.entries] == [
        ("REF-001", "R1", "confirmed"),
        ("REF-002", "R2", "confirmed"),
        ("UREF-001", "U1", "unconfirmed"),
        ("UREF-002", "U2", "unconfirmed"),
    ]
    assert "- **Verified:**\n\n### REF-002: R2" in out


def test_insert_creates_missing_sections_in_schema_order() -> None:
    text = "# Literature\n\n## Search History\n\n## Synthesis\n\n- claim [V]\n"
    doc = LiteratureDoc(text)
    out = apply_edits(text, insert_references(doc, [UREF, REF]))
    new = LiteratureDoc(out)
    assert [s.key for s in new.sections] == list(SECTION_ORDER)
    assert [(e.id, e.section) for e in new.entries] == [
        ("REF-012", "confirmed"),
        ("UREF-003", "unconfirmed"),
    ]
    assert "## Search History\n\n## Confirmed References\n\n### REF-012" in out
    assert "## Synthesis\n\n- claim [V]\n\n## Unconfirmed References\n\n### UREF-003" in out


def test_insert_into_a_document_with_no_sections() -> None:
    for text in ["", "# Literature", "# Literature\n", "# Literature\n\n\n"]:
        out = apply_edits(text, insert_references(LiteratureDoc(text), [REF, UREF]))
        doc = LiteratureDoc(out)
        assert [s.key for s in doc.sections] == ["confirmed", "unconfirmed"], repr(text)
        assert [e.id for e in doc.entries] == ["REF-012", "UREF-003"]
        assert out.startswith(text)
        assert "\n\n\n" not in out[max(0, len(text) - 1) :], repr(out)


def test_insert_before_an_existing_unconfirmed_section() -> None:
    text = "## Unconfirmed References\n\n### UREF-001: Old\n"
    out = apply_edits(text, insert_references(LiteratureDoc(text), [REF]))
    assert out.startswith("## Confirmed References\n\n### REF-012")
    assert out.endswith("\n\n## Unconfirmed References\n\n### UREF-001: Old\n")
    assert [(e.id, e.section) for e in LiteratureDoc(out).entries] == [
        ("REF-012", "confirmed"),
        ("UREF-001", "unconfirmed"),
    ]


@pytest.mark.parametrize("eol", ["\r\n", "\r"])
def test_insert_uses_the_document_line_ending(eol: str) -> None:
    text = _template().replace("\n", eol)
    out = apply_edits(text, insert_references(LiteratureDoc(text), [REF, UREF]))
    other = {"\r\n": "\n", "\r": "\n"}[eol]
    stripped = out.replace("\r\n", "") if eol == "\r\n" else out
    assert other not in stripped
    doc = LiteratureDoc(out)
    assert [e.id for e in doc.entries] == ["REF-012", "UREF-003"]
    assert doc.by_id["REF-012"].arxiv_id == ArxivId("2301.12345", 2)


def test_no_references_no_edits() -> None:
    assert insert_references(LiteratureDoc(_template()), []) == []


# -- ensure_sections ----------------------------------------------------------------------------


def test_ensure_sections_on_a_complete_document_is_a_no_op() -> None:
    assert ensure_sections(LiteratureDoc(_template()), SECTION_ORDER) == []


def test_ensure_sections_creates_all_in_schema_order() -> None:
    text = "# Lit"
    out = apply_edits(text, ensure_sections(LiteratureDoc(text), reversed(SECTION_ORDER)))
    assert out == (
        "# Lit\n\n## Search History\n\n"
        f"{HEADER}\n{RULE}\n\n"
        "## Confirmed References\n\n"
        "## Synthesis\n\n### Applicable Theorems\n\n### Technique Connections\n\n"
        "### Gaps in Literature\n\n### Suggested Reading Order\n\n"
        "## Unconfirmed References\n\n"
    )
    doc = LiteratureDoc(out)
    assert [s.key for s in doc.sections] == list(SECTION_ORDER)
    assert doc.history_header is not None and doc.history_header.cells == list(HISTORY_COLUMNS)
    assert len(doc.synthesis_subsections) == 4


def test_ensure_sections_fills_gaps_before_existing_sections() -> None:
    text = "# Lit\n\n## Synthesis\n\nstuff\n"
    edits = ensure_sections(LiteratureDoc(text), ["confirmed", "search_history", "confirmed"])
    assert len(edits) == 1
    out = _apply(text, edits)
    assert out == (
        f"# Lit\n\n## Search History\n\n{HEADER}\n{RULE}\n\n## Confirmed References\n\n"
        "## Synthesis\n\nstuff\n"
    )


def test_ensure_sections_crlf() -> None:
    text = "# Lit\r\n\r\n## Confirmed References\r\n"
    out = apply_edits(text, ensure_sections(LiteratureDoc(text), SECTION_ORDER))
    assert "\n" not in out.replace("\r\n", "")
    assert [s.key for s in LiteratureDoc(out).sections] == list(SECTION_ORDER)


# -- add_history_row ----------------------------------------------------------------------------


def test_history_row_after_a_header_only_table() -> None:
    text = _template()
    edits = add_history_row(LiteratureDoc(text), ["2026-02-10", '"a" | b', 8, 12, 5])
    out = _apply(text, edits)
    assert f'{RULE}\n| 2026-02-10 | "a" \\| b | 8 | 12 | 5 |\n\n## Confirmed' in out
    [row] = LiteratureDoc(out).history
    assert row.cells == ["2026-02-10", '"a" | b', "8", "12", "5"]


def test_history_row_after_existing_rows() -> None:
    text = f"## Search History\n\n{HEADER}\n{RULE}\n| 1 | a | 1 | 1 | 1 |\n\nAfter.\n"
    out = _apply(text, add_history_row(LiteratureDoc(text), [2, "multi\nline", 2, 2, 2]))
    assert out == (
        f"## Search History\n\n{HEADER}\n{RULE}\n| 1 | a | 1 | 1 | 1 |\n"
        "| 2 | multi line | 2 | 2 | 2 |\n\nAfter.\n"
    )
    assert [r.cells[1] for r in LiteratureDoc(out).history] == ["a", "multi line"]


def test_history_row_header_without_delimiter() -> None:
    text = f"## Search History\n{HEADER}\n"
    out = apply_edits(text, add_history_row(LiteratureDoc(text), [1, 2, 3, 4, 5]))
    assert out == f"## Search History\n{HEADER}\n| 1 | 2 | 3 | 4 | 5 |\n"


def test_history_row_in_a_section_without_a_table() -> None:
    text = "## Search History\n\nNo searches yet.\n\n## Confirmed References\n"
    out = _apply(text, add_history_row(LiteratureDoc(text), [1, 2, 3, 4, 5]))
    assert out == (
        f"## Search History\n\nNo searches yet.\n\n{HEADER}\n{RULE}\n| 1 | 2 | 3 | 4 | 5 |\n\n"
        "## Confirmed References\n"
    )


def test_history_row_without_a_section() -> None:
    text = "# Lit\n\n## Confirmed References\n"
    out = _apply(text, add_history_row(LiteratureDoc(text), [1, 2, 3, 4, 5]))
    assert out == (
        f"# Lit\n\n## Search History\n\n{HEADER}\n{RULE}\n| 1 | 2 | 3 | 4 | 5 |\n\n"
        "## Confirmed References\n"
    )
    text = "# Lit"
    out = _apply(text, add_history_row(LiteratureDoc(text), [1, 2, 3, 4, 5]))
    assert out == f"# Lit\n\n## Search History\n\n{HEADER}\n{RULE}\n| 1 | 2 | 3 | 4 | 5 |\n"
    assert len(LiteratureDoc(out).history) == 1


def test_history_row_crlf() -> None:
    text = _template().replace("\n", "\r\n")
    out = _apply(text, add_history_row(LiteratureDoc(text), [1, 2, 3, 4, 5]))
    assert f"{RULE}\r\n| 1 | 2 | 3 | 4 | 5 |\r\n\r\n## Confirmed" in out
    assert "\n" not in out.replace("\r\n", "")


# -- update_frontmatter -------------------------------------------------------------------------


def test_update_replaces_only_the_value_span() -> None:
    text = _template()
    doc = LiteratureDoc(text)
    edits = update_frontmatter(doc, {"total_papers": 2, "last_search": "2026-02-10T14:30:00Z"})
    assert [text[e.span.start : e.span.end] for e in edits] == ["0", '""']
    out = apply_edits(text, edits)
    assert out == text.replace("total_papers: 0", "total_papers: 2").replace(
        'last_search: ""', 'last_search: "2026-02-10T14:30:00Z"'
    )
    assert parse_frontmatter(out).data["last_search"] == "2026-02-10T14:30:00Z"


def test_update_with_unchanged_values_makes_no_edits() -> None:
    doc = LiteratureDoc(_template())
    assert update_frontmatter(doc, {"total_papers": 0, "sources_queried": []}) == []


def test_update_adds_missing_keys_before_the_closing_fence() -> None:
    text = "---\nproblem: x # comment\n---\nbody\n"
    out = apply_edits(text, update_frontmatter(MarkdownDoc(text), {"new": [1, "a"], "n": 1}))
    assert out == '---\nproblem: x # comment\nnew: [1, "a"]\nn: 1\n---\nbody\n'


def test_update_empty_frontmatter_and_empty_values() -> None:
    text = "---\n---\nbody"
    out = apply_edits(text, update_frontmatter(MarkdownDoc(text), {"a": "b"}))
    assert out == '---\na: "b"\n---\nbody'
    text = "---\nlast_search:\nx: 1\n---\n"
    out = apply_edits(text, update_frontmatter(MarkdownDoc(text), {"last_search": "now"}))
    assert out == '---\nlast_search: "now"\nx: 1\n---\n'


def test_update_block_values_keeps_the_following_lines() -> None:
    text = '---\nsources_queried:\n  - arxiv\n# note\nlast_search: ""\n---\nbody\n'
    out = apply_edits(
        text, update_frontmatter(MarkdownDoc(text), {"sources_queried": ["arxiv", "crossref"]})
    )
    assert out == (
        '---\nsources_queried:\n  ["arxiv", "crossref"]\n# note\nlast_search: ""\n---\nbody\n'
    )
    assert parse_frontmatter(out).data == {
        "sources_queried": ["arxiv", "crossref"],
        "last_search": "",
    }


def test_update_creates_frontmatter_when_absent() -> None:
    text = "# Title\n"
    out = apply_edits(text, update_frontmatter(MarkdownDoc(text), {"problem": "p", "n": 0}))
    assert out == '---\nproblem: "p"\nn: 0\n---\n# Title\n'
    text = "\ufeff# Title\r\n"
    out = apply_edits(text, update_frontmatter(MarkdownDoc(text), {"problem": "p"}))
    assert out == '\ufeff---\r\nproblem: "p"\r\n---\r\n# Title\r\n'
    assert parse_frontmatter(out).data == {"problem": "p"}


@pytest.mark.parametrize("eol", ["\r\n", "\r"])
def test_update_uses_the_document_line_ending(eol: str) -> None:
    text = _template().replace("\n", eol)
    out = apply_edits(text, update_frontmatter(MarkdownDoc(text), {"total_papers": 1, "x": "y"}))
    assert out == text.replace("total_papers: 0", "total_papers: 1").replace(
        f"sources_queried: []{eol}---", f'sources_queried: []{eol}x: "y"{eol}---'
    )


@pytest.mark.parametrize(
    "text",
    [
        "---\na: [1\n---\nbody\n",
        "---\n- a\n---\n",
        "---\na: &x 1\nb: *x\n---\n",
        "---\na: !!python/object:os.system x\n---\n",
        "---\na: 1\n",
    ],
)
def test_update_refuses_invalid_frontmatter(text: str) -> None:
    with pytest.raises(ValueError, match="cannot be updated safely"):
        update_frontmatter(MarkdownDoc(text), {"a": 2})
