"""The language server's pure parts, without a server: ids under the cursor, outline,
completion candidates, settings, position encodings, and the handler guard."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lsp_helpers import JOURNAL, LITERATURE, PROBLEM, PROOF
from lsprotocol import types

from mathlsp.config import ServerSettings, parse_settings
from mathlsp.features.convert import lsp_position, offset_of
from mathlsp.ide import navigation
from mathlsp.ide.completion_items import CandidateKind, complete
from mathlsp.ide.outline import SymbolKind, matches_query, outline
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import parse_note
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.problem import ProblemDoc


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


# -- settings --------------------------------------------------------------------------------
def test_settings_parse_camel_and_snake_case():
    parsed = parse_settings({"mathlsp": {"debounceMs": 50, "stale_after_days": "30"}})
    assert parsed.warnings == []
    assert parsed.settings.debounce_ms == 50 and parsed.settings.stale_after_days == 30
    assert parsed.settings.check_settings().stale_after_days == 30


@pytest.mark.parametrize(
    "raw",
    [
        {"debounceMs": -1},
        {"debounceMs": "soon"},
        {"debounceMs": True},
        {"verification": "sometimes"},
        {"confirmQueries": "yes please"},
        {"backends": ["arxiv", "google"]},
        {"backends": 3},
        {"cacheDir": 5},
        {"noSuchOption": 1},
        ["not", "an", "object"],
    ],
)
def test_invalid_settings_give_warnings_and_defaults(raw):
    parsed = parse_settings(raw)
    assert parsed.warnings
    assert parsed.settings == ServerSettings()


def test_settings_merge_onto_the_current_ones():
    current = parse_settings({"debounceMs": 10}).settings
    merged = parse_settings({"verification": "ONSAVE", "trace": {"server": "off"}}, current)
    assert merged.warnings == []
    assert merged.settings.debounce_ms == 10 and merged.settings.verification == "onSave"
    assert parse_settings(None, current).settings is current


# -- position encodings ----------------------------------------------------------------------
@given(st.lists(st.sampled_from(["a", "é", "𝔽", "\n", "\r\n", "\r", "中", " "]), max_size=30))
def test_offsets_round_trip_in_every_encoding(parts):
    text = "".join(parts)
    doc = MarkdownDoc(text, "X.md")
    for enc in ("utf-8", "utf-16", "utf-32"):
        for offset in range(len(text) + 1):
            if text[offset - 1 : offset + 1] == "\r\n":
                continue  # inside a line break: not a position
            pos = lsp_position(doc, offset, enc)
            assert offset_of(doc, pos, enc) == offset


def test_utf16_positions_match_the_model():
    doc = MarkdownDoc(PROOF, "PROOF.md")
    at = PROOF.index("REF-001")
    model = doc.index.position(at)
    assert lsp_position(doc, at) == types.Position(model.line, model.character)
    assert lsp_position(doc, at, "utf-8").character == model.character + 3  # Ü=2, 𝔽=4 bytes
    assert lsp_position(doc, at, "utf-32").character == model.character - 1


# -- handler guard ---------------------------------------------------------------------------
async def test_a_failing_handler_answers_empty_and_logs(caplog):
    from mathlsp.features.server import create_server

    server = create_server()
    sent: list[str] = []
    server.log_to_client = lambda message, kind=None: sent.append(message)  # type: ignore[method-assign]

    @server.handler("mathlsp/testBoom", empty=[])
    async def boom(params):
        raise ValueError("kaboom")

    guarded = server.protocol.fm.features["mathlsp/testBoom"]
    assert await guarded(None) == []
    assert sent and "boom failed" in sent[0] and "kaboom" in sent[0]
    assert "boom failed" in caplog.text

    @server.handler("mathlsp/testSync", empty=None)
    def sync_boom(params):
        raise RuntimeError("sync")

    assert server.protocol.fm.features["mathlsp/testSync"](None) is None
