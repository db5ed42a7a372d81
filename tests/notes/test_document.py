"""MarkdownDoc: REF/UREF mentions and identifiers in prose, never in code, comments or headings."""

from __future__ import annotations

from mathlsp.notes.document import MarkdownDoc, Mention, ref_id
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.spans import Span
from mathlsp.notes.text import Position, Range


def _at(text: str, span: Span) -> str:
    return text[span.start : span.end]


def test_ref_id_pads_to_three_digits() -> None:
    assert ref_id("REF", 1) == "REF-001"
    assert ref_id("UREF", 42) == "UREF-042"
    assert ref_id("REF", 1234) == "REF-1234"


def test_mentions_with_exact_spans() -> None:
    text = "See REF-001 and UREF-12, (REF-0003).\nAlso REF-7."
    doc = MarkdownDoc(text)
    assert [(m.id, _at(text, m.span), m.line) for m in doc.mentions] == [
        ("REF-001", "REF-001", 0),
        ("UREF-012", "UREF-12", 0),
        ("REF-003", "REF-0003", 0),
        ("REF-007", "REF-7", 1),
    ]
    assert doc.mentions[1] == Mention("UREF", 12, Span(16, 23), 0)


def test_not_mentions() -> None:
    doc = MarkdownDoc("PREF-001 REF-001a REF-001-2 XREF-1 REF- REF-1234567 my_REF-001 REF_001")
    assert doc.mentions == []


def test_mentions_in_code_and_comments_are_ignored() -> None:
    text = (
        "Real REF-001.\n"
        "Inline `REF-002` code and ``UREF-003`` too.\n"
        "```\nREF-004\n```\n"
        "~~~~\nREF-005\n~~~~\n"
        "<!-- REF-006 -->\n"
        "<!--\nREF-007\n-->\n"
        "Prose REF-008 <!-- but not REF-009 --> then REF-010 <!-- open REF-011\n"
    )
    doc = MarkdownDoc(text)
    assert [m.id for m in doc.mentions] == ["REF-001", "REF-008", "REF-010"]


def test_mentions_in_frontmatter_are_ignored() -> None:
    text = "---\nnote: REF-001\n---\nBody REF-002\n"
    doc = MarkdownDoc(text)
    assert [m.id for m in doc.mentions] == ["REF-002"]
    assert doc.mentions[0].line == 3


def test_entry_headings_are_definitions_not_mentions() -> None:
    text = (
        "## Confirmed References\n\n### REF-001: Title citing REF-002\n- **Relevance:** REF-003\n"
    )
    doc = LiteratureDoc(text)
    assert [m.id for m in doc.mentions] == ["REF-002", "REF-003"]
    assert [_at(text, s) for s in doc.definition_spans()] == ["REF-001"]
    assert MarkdownDoc(text).definition_spans() == []
    assert [m.id for m in MarkdownDoc(text).mentions] == ["REF-001", "REF-002", "REF-003"]


def test_ranges_use_utf16_columns() -> None:
    text = "𝔽-linear é REF-001\r\nnext UREF-002"
    doc = MarkdownDoc(text)
    first, second = doc.mentions
    assert doc.range(first.span) == Range(Position(0, 12), Position(0, 19))
    assert doc.range(second.span) == Range(Position(1, 5), Position(1, 13))
    assert doc.index.offset(Position(0, 12)) == first.span.start


def test_mentions_with_lone_cr_and_bom() -> None:
    text = "\ufeffREF-001\rline REF-002\r"
    doc = MarkdownDoc(text)
    assert [(m.id, m.line) for m in doc.mentions] == [("REF-001", 0), ("REF-002", 1)]
    assert doc.range(doc.mentions[0].span) == Range(Position(0, 1), Position(0, 8))


def test_identifiers_in_prose_with_document_spans() -> None:
    text = (
        "---\nref: arXiv:2301.12345\n---\n"
        "See arXiv:2301.12345v2 and doi:10.1007/978-3-642-66282-9.\n"
        "`arXiv:1501.00001` is code; arXiv:2313.12345 is malformed.\n"
        "```\n2301.54321\n```\n"
        "<!-- doi:10.1000/hidden -->\n"
        "Tail 10.1000/VISIBLE <!-- 10.1000/hidden -->\n"
    )
    doc = MarkdownDoc(text)
    found = [
        (i.mention.kind, i.mention.value, i.mention.valid, _at(text, i.span), i.line)
        for i in sorted(doc.identifiers, key=lambda i: i.span)
    ]
    assert found == [
        ("arxiv", "2301.12345v2", True, "arXiv:2301.12345v2", 3),
        ("doi", "10.1007/978-3-642-66282-9", True, "doi:10.1007/978-3-642-66282-9", 3),
        ("arxiv", "2313.12345", False, "arXiv:2313.12345", 4),
        ("doi", "10.1000/visible", True, "10.1000/VISIBLE", 9),
    ]


def test_line_markers() -> None:
    doc = MarkdownDoc("Fact [V] and guess [~]\nnothing [X]\n[S]")
    assert doc.line_markers(0) == {"V", "~"}
    assert doc.line_markers(1) == set()
    assert doc.line_markers(2) == {"S"}


def test_path_and_empty_document() -> None:
    doc = MarkdownDoc("", "notes/STATE.md")
    assert doc.path == "notes/STATE.md"
    assert doc.mentions == []
    assert doc.identifiers == []
    assert doc.lines.texts == [""]
