"""The editor features as pure functions of the notes model, without a server: ids under the
cursor, definitions and references, hover text, outline, completion candidates."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathlsp.ide import navigation
from mathlsp.ide.completion_items import CandidateKind, complete
from mathlsp.ide.outline import SymbolKind, matches_query, outline
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import parse_note
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.problem import ProblemDoc
from tests.lsp.lsp_helpers import JOURNAL, LITERATURE, PROBLEM, PROOF


def lit() -> LiteratureDoc:
    return LiteratureDoc(LITERATURE, "LITERATURE.md")


# -- navigation ------------------------------------------------------------------------------
def test_id_at_mention_and_heading():
    proof = MarkdownDoc(PROOF, "PROOF.md")
    at = PROOF.index("REF-002")
    for offset in (at, at + 3, at + 7):
        found = navigation.id_at(proof, offset)
        assert found is not None and found.id == "REF-002" and not found.is_definition
    assert navigation.id_at(proof, at - 1) is None
    doc = lit()
    heading = LITERATURE.index("### REF-002")
    found = navigation.id_at(doc, heading + 1)  # anywhere on the heading line
    assert found and found.id == "REF-002" and found.is_definition


def test_definitions_and_references():
    doc = lit()
    proof = MarkdownDoc(PROOF, "PROOF.md")
    problem = ProblemDoc(PROBLEM, "PROBLEM.md")
    journal = JournalDoc(JOURNAL, "JOURNAL.md")
    [target] = navigation.definitions(doc, "REF-001")
    assert doc.text[target.span.start : target.span.end] == "REF-001"
    assert navigation.definitions(doc, "REF-009") == []
    docs = [doc, proof, problem, journal]
    refs = navigation.references(docs, doc, "REF-001", include_declaration=False)
    assert sorted(Path(t.doc.path).name for t in refs) == [
        "LITERATURE.md", "LITERATURE.md", "PROBLEM.md", "PROOF.md"
    ]  # fmt: skip
    with_decl = navigation.references(docs, doc, "REF-001", include_declaration=True)
    assert len(with_decl) == len(refs) + 1


def test_reference_card_keeps_file_text_in_a_code_block():
    doc = LiteratureDoc(LITERATURE.replace("A classic.", "Has ```` fences ````."), "L.md")
    card = navigation.reference_card(doc, "REF-001")
    fence = navigation.code_fence(doc.text)
    assert len(fence) == 5
    head, _, rest = card.partition("\n\n")
    assert head == "**REF-001** · confirmed reference · LITERATURE.md line 19"
    assert rest.startswith(fence + "markdown\n") and rest.endswith("\n" + fence)
    assert "no entry" in navigation.reference_card(doc, "REF-404")
    assert "no LITERATURE.md" in navigation.reference_card(None, "REF-001")
    plain = navigation.reference_card(doc, "UREF-001", markdown=False)
    assert "```" not in plain and "do not cite" in plain


# -- outline ---------------------------------------------------------------------------------
def test_outline_of_literature():
    nodes = outline(lit())
    assert [n.kind for n in nodes] == [SymbolKind.FRONTMATTER, SymbolKind.DOCUMENT]
    confirmed = nodes[1].children[1]
    assert confirmed.name == "Confirmed References"
    assert [(c.name, c.kind) for c in confirmed.children] == [
        ("REF-001", SymbolKind.REFERENCE),
        ("REF-002", SymbolKind.REFERENCE),
    ]
    for child in confirmed.children:  # children lie inside their parent
        assert confirmed.span.start <= child.span.start <= child.span.end <= confirmed.span.end
        assert child.span.start <= child.selection.start <= child.selection.end <= child.span.end


def test_outline_of_odd_headings():
    doc = MarkdownDoc("### deep first\n# Top\n#\n## Sub\n#### Deeper\n", "X.md")
    nodes = outline(doc)
    assert [n.name for n in nodes] == ["deep first", "Top", "(untitled)"]
    assert [c.name for c in nodes[2].children] == ["Sub"]
    assert [c.name for c in nodes[2].children[0].children] == ["Deeper"]


@pytest.mark.parametrize(
    ("name", "query", "hit"),
    [
        ("REF-012: Spectral radius", "spectral", True),
        ("REF-012: Spectral radius", "ref12", True),
        ("REF-012: Spectral radius", "radius spec", True),
        ("REF-012: Spectral radius", "banach", False),
        ("anything", "", True),
    ],
)
def test_matches_query(name, query, hit):
    assert matches_query(name, query) is hit


# -- completion ------------------------------------------------------------------------------
def _complete(doc: MarkdownDoc, marker: str = "|"):
    offset = doc.text.index(marker)
    text = doc.text.replace(marker, "", 1)
    doc = parse_note(Path(doc.path), text)
    return complete(doc, offset, lit()), text


def test_complete_ids_filters_by_digits_and_kind():
    result, _ = _complete(MarkdownDoc("See REF-00|\n", "PROOF.md"))
    assert [c.label for c in result.items] == ["REF-001", "REF-002"]
    result, _ = _complete(MarkdownDoc("See REF-2|\n", "PROOF.md"))
    assert [c.label for c in result.items] == ["REF-002"]
    result, _ = _complete(MarkdownDoc("See UREF|\n", "PROOF.md"))
    assert [c.label for c in result.items] == ["UREF-001"]
    assert result.items[0].kind is CandidateKind.REFERENCE
    result, _ = _complete(MarkdownDoc("PREF-|\n", "PROOF.md"))
    assert result.items == []
    result, _ = _complete(MarkdownDoc("```\nREF-|\n```\n", "PROOF.md"))
    assert result.items == []  # inside code


def test_complete_ids_caps_large_literature():
    entries = "".join(f"### REF-{i:03d}: Paper {i}\n- **Year:** 2020\n\n" for i in range(1, 600))
    big = LiteratureDoc("## Confirmed References\n\n" + entries, "LITERATURE.md")
    result = complete(MarkdownDoc("REF-", "P.md"), 4, big)
    assert result.incomplete and len(result.items) == 200
    narrowed = complete(MarkdownDoc("REF-59", "P.md"), 6, big)
    assert not narrowed.incomplete
    assert [c.label for c in narrowed.items][:2] == ["REF-059", "REF-590"]


def test_complete_marker_replaces_an_auto_closed_bracket():
    result, text = _complete(MarkdownDoc("claim [|]\n", "PROOF.md"))
    assert [c.label for c in result.items] == ["[V]", "[S]", "[~]"]
    span = result.items[0].replace
    assert text[span.start : span.end] == "[]"


def test_complete_frontmatter_in_each_file_type():
    result, _ = _complete(LiteratureDoc("---\nproblem: x\n|\n---\n", "LITERATURE.md"))
    assert "problem" not in [c.label for c in result.items]
    assert "sources_queried" in [c.label for c in result.items]
    result, _ = _complete(LiteratureDoc("---\nsources_queried: [arxiv, |]\n---\n", "LITERATURE.md"))
    assert "semantic_scholar" in [c.label for c in result.items]
    result, _ = _complete(JournalDoc("---\n|\n---\n", "JOURNAL.md"))
    assert "strategies_tried" in [c.label for c in result.items]
    result, _ = _complete(ProblemDoc("---\ntype:|\n---\n", "PROBLEM.md"))
    assert result.items[0].insert == " proof"
    result, _ = _complete(ProblemDoc("---\nstatus: in-|\n---\n", "PROBLEM.md"))
    assert result.items[0].replace.end - result.items[0].replace.start == 3
    result, _ = _complete(ProblemDoc("---\n  nested: |\n---\n", "PROBLEM.md"))
    assert result.items == []
    result, _ = _complete(ProblemDoc("---\ntitle: x\n---\nbody |\n", "PROBLEM.md"))
    assert result.items == []
