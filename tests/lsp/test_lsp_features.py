"""Symbols, navigation, completion and hover end to end, with VS Code and Neovim capabilities."""

from __future__ import annotations

import re

from lsp_helpers import PROBLEM, PROOF, Problem, encoding, open_note, position
from lsprotocol import types
from pytest_lsp import LanguageClient


def _ident(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def _append(client: LanguageClient, problem: Problem, name: str, uri: str, extra: str) -> str:
    """Append `extra` to an open note (version 2); returns the new text."""
    text = problem.texts[name]
    lines = text.split("\n")
    end = types.Position(line=len(lines) - 1, character=len(lines[-1]))  # ASCII last line
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=end, end=end), text=extra
                )
            ],
        )
    )
    problem.texts[name] = text + extra
    return text + extra


def _insert_line(client, problem: Problem, name: str, uri: str, line: int, new: str) -> str:
    """Insert a whole line before `line` (version 2); returns the new text."""
    at = types.Position(line=line, character=0)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=at, end=at), text=new + "\n"
                )
            ],
        )
    )
    lines = problem.texts[name].split("\n")
    lines.insert(line, new)
    problem.texts[name] = "\n".join(lines)
    return problem.texts[name]


def _labels(result) -> list[str]:
    items = result.items if isinstance(result, types.CompletionList) else result or []
    return [i.label for i in items]


# -- symbols -------------------------------------------------------------------------------
async def test_document_symbols_outline_literature(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "LITERATURE.md")
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=_ident(uri))
    )
    assert symbols and isinstance(symbols[0], types.DocumentSymbol)
    top = {s.name: s for s in symbols}
    assert "frontmatter" in top and "Literature" in top
    sections = {s.name: s for s in top["Literature"].children}
    assert list(sections) == [
        "Search History",
        "Confirmed References",
        "Synthesis",
        "Unconfirmed References",
    ]
    assert sections["Confirmed References"].kind == types.SymbolKind.Namespace
    refs = sections["Confirmed References"].children
    assert [(r.name, r.detail, r.kind) for r in refs] == [
        ("REF-001", "Perturbation Theory for Linear Operators", types.SymbolKind.Class),
        ("REF-002", "Spectral Radius and Neumann Series", types.SymbolKind.Class),
    ]
    uref = sections["Unconfirmed References"].children[0]
    assert (uref.name, uref.kind) == ("UREF-001", types.SymbolKind.Key)
    enc = encoding(client)
    from lsp_helpers import LITERATURE

    assert refs[0].selection_range.start == position(LITERATURE, "REF-001", enc)
    synthesis = [c.name for c in sections["Synthesis"].children]
    assert synthesis[:2] == ["Applicable Theorems", "Technique Connections"]


async def test_document_symbols_journal_entries(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "JOURNAL.md")
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=_ident(uri))
    )
    journal = next(s for s in symbols if s.name == "Journal")
    searches = journal.children[0]
    assert searches.name == "Literature Searches"
    assert [(e.name, e.detail) for e in searches.children] == [("LIT-001", "First search")]


async def test_workspace_symbols(client: LanguageClient, problem: Problem):
    result = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="spectral"))
    names = [s.name for s in result]
    assert names == ["REF-002: Spectral Radius and Neumann Series"]
    assert result[0].location.uri == problem.uri("LITERATURE.md")
    assert result[0].container_name.startswith("neumann-series")
    by_id = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="uref001"))
    assert [s.name.split(":")[0] for s in by_id] == ["UREF-001"]
    everything = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
    all_names = {s.name.split(":")[0] for s in everything}
    assert {"REF-001", "REF-002", "UREF-001", "LIT-001"} <= all_names
    assert "Convergence of perturbed Neumann series" in {s.name for s in everything}


# -- navigation ------------------------------------------------------------------------------
async def test_definition_from_a_mention(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "PROOF.md")
    enc = encoding(client)
    # REF-002 stands after non-ASCII text (Ü, 𝔽): positions must follow the negotiated encoding.
    result = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=_ident(uri), position=position(PROOF, "REF-002", enc, delta=3)
        )
    )
    from lsp_helpers import LITERATURE

    assert [loc.uri for loc in result] == [problem.uri("LITERATURE.md")]
    assert result[0].range.start == position(LITERATURE, "REF-002", enc)
    assert result[0].range.end == position(LITERATURE, "REF-002", enc, delta=7)
    nothing = await client.text_document_definition_async(
        types.DefinitionParams(text_document=_ident(uri), position=position(PROOF, "Proof", enc))
    )
    assert not nothing
    unknown = await client.text_document_definition_async(
        types.DefinitionParams(text_document=_ident(uri), position=position(PROOF, "REF-009", enc))
    )
    assert not unknown


async def test_references_across_the_folder(client: LanguageClient, problem: Problem):
    from lsp_helpers import LITERATURE

    uri = open_note(client, problem, "LITERATURE.md")
    enc = encoding(client)
    at = position(LITERATURE, "REF-001", enc, delta=2)  # on the entry heading
    with_decl = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=_ident(uri),
            position=at,
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    files = sorted(loc.uri.rsplit("/", 1)[-1] for loc in with_decl)
    # heading + 2 synthesis mentions in LITERATURE.md, PROBLEM.md, PROOF.md
    assert files == ["LITERATURE.md"] * 3 + ["PROBLEM.md", "PROOF.md"]
    assert (
        types.Location(
            uri=uri,
            range=types.Range(
                start=position(LITERATURE, "REF-001", enc),
                end=position(LITERATURE, "REF-001", enc, delta=7),
            ),
        )
        in with_decl
    )
    proof = next(loc for loc in with_decl if loc.uri.endswith("PROOF.md"))
    assert proof.range.start == position(PROOF, "REF-001", enc)
    without = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=_ident(uri),
            position=at,
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    assert len(without) == len(with_decl) - 1
    # From a mention in another file, the same set.
    proof_uri = open_note(client, problem, "PROOF.md")
    from_mention = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=_ident(proof_uri),
            position=position(PROOF, "REF-001", enc, delta=7),  # just after the id
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    assert sorted(map(str, from_mention)) == sorted(map(str, with_decl))


# -- completion ------------------------------------------------------------------------------
async def test_completion_of_reference_ids(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "PROOF.md")
    text = _append(client, problem, "PROOF.md", uri, "See REF-")
    enc = encoding(client)
    at = position(text, "See REF-", enc, delta=len("See REF-"))
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=_ident(uri),
            position=at,
            context=types.CompletionContext(
                trigger_kind=types.CompletionTriggerKind.TriggerCharacter, trigger_character="-"
            ),
        )
    )
    assert _labels(result) == ["REF-001", "REF-002"]
    first = result.items[0]
    assert first.detail == "Perturbation Theory for Linear Operators"
    assert first.text_edit.new_text == "REF-001"
    assert first.text_edit.range.start == position(text, "See REF-", enc, delta=4)
    assert first.text_edit.range.end == at
    doc = first.documentation
    assert "Tosio Kato" in (doc.value if isinstance(doc, types.MarkupContent) else doc)

    text = _append(client, problem, "PROOF.md", uri, " and UREF-")
    at = position(text, "UREF-", enc, nth=1, delta=5)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=_ident(uri), position=at)
    )
    assert _labels(result) == ["UREF-001"]
    assert result.items[0].detail == "A Neumann Series Folklore Note"


async def test_completion_of_confidence_markers(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "PROOF.md")
    text = _append(client, problem, "PROOF.md", uri, "A claim [")
    enc = encoding(client)
    at = position(text, "A claim [", enc, delta=len("A claim ["))
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=_ident(uri), position=at)
    )
    assert _labels(result) == ["[V]", "[S]", "[~]"]
    assert result.items[0].text_edit.range.start == position(text, "A claim [", enc, delta=8)


async def test_completion_of_frontmatter_keys_and_values(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "PROBLEM.md")
    enc = encoding(client)
    # A new, empty line inside the frontmatter: keys not written yet.
    text = _insert_line(client, problem, "PROBLEM.md", uri, 6, "")
    keys = await client.text_document_completion_async(
        types.CompletionParams(text_document=_ident(uri), position=types.Position(6, 0))
    )
    labels = _labels(keys)
    assert "subdomain" in labels and "output_type" in labels and "categories" in labels
    assert "status" not in labels and "title" not in labels  # already present
    assert keys.items[0].text_edit.new_text.endswith(": ")

    statuses = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=_ident(uri),
            position=position(text, "status:", enc, delta=len("status:")),
        )
    )
    assert _labels(statuses) == ["draft", "defined", "in-progress", "solved", "abandoned"]
    assert statuses.items[0].text_edit.new_text == " draft"
    domains = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=_ident(uri),
            position=position(text, "domain: ", enc, delta=len("domain: ")),
        )
    )
    assert {"analysis", "algebra", "number-theory", "other"} <= set(_labels(domains))


async def test_completion_of_arxiv_categories(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "PROBLEM.md")
    text = _insert_line(client, problem, "PROBLEM.md", uri, 6, "categories: [math.")
    enc = encoding(client)
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=_ident(uri),
            position=position(text, "[math.", enc, delta=len("[math.")),
        )
    )
    labels = _labels(result)
    assert labels[:3] == ["math.FA", "math.CA", "math.CV"]  # the domain's (analysis) first
    assert "math.NT" in labels and len(labels) == len(set(labels))
    assert result.items[0].text_edit.new_text == "math.FA"
    assert result.items[0].text_edit.range.start == position(text, "math.", enc)


async def test_no_completion_in_plain_prose(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "PROOF.md")
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=_ident(uri),
            position=position(PROOF, "Compare", encoding(client), delta=3),
        )
    )
    assert not _labels(result)


# -- hover -----------------------------------------------------------------------------------
def _outside_code(markdown: str) -> str:
    return re.sub(r"(`{3,})[^\n]*\n.*?\n\1", "", markdown, flags=re.DOTALL)


async def test_hover_shows_the_entry_as_written(client: LanguageClient, problem: Problem):
    uri = open_note(client, problem, "PROOF.md")
    enc = encoding(client)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=_ident(uri), position=position(PROOF, "REF-001", enc))
    )
    assert hover.contents.kind == types.MarkupKind.Markdown
    value = hover.contents.value
    assert "### REF-001: Perturbation Theory for Linear Operators" in value
    assert "- **Authors:** Tosio Kato" in value
    assert "confirmed reference" in value
    # Markdown/HTML from the file stays inside the code block.
    assert "<script>" in value
    outside = _outside_code(value)
    assert "<script" not in outside and "javascript:" not in outside
    assert "Tosio" not in outside
    assert hover.range.start == position(PROOF, "REF-001", enc)
    assert hover.range.end == position(PROOF, "REF-001", enc, delta=7)

    uref = await client.text_document_hover_async(
        types.HoverParams(text_document=_ident(uri), position=position(PROOF, "UREF-001", enc))
    )
    assert "unconfirmed reference" in uref.contents.value
    assert "Reason:** Semantic Scholar returned no match" in uref.contents.value

    missing = await client.text_document_hover_async(
        types.HoverParams(text_document=_ident(uri), position=position(PROOF, "REF-009", enc))
    )
    assert "no entry" in missing.contents.value

    prose = await client.text_document_hover_async(
        types.HoverParams(text_document=_ident(uri), position=position(PROOF, "Compare", enc))
    )
    assert prose is None


async def test_hover_on_an_entry_heading_counts_mentions(client: LanguageClient, problem):
    from lsp_helpers import LITERATURE

    uri = open_note(client, problem, "LITERATURE.md")
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=_ident(uri), position=position(LITERATURE, "REF-002", encoding(client))
        )
    )
    assert "mentioned" in hover.contents.value
    assert "PROOF.md (1)" in hover.contents.value and "JOURNAL.md (1)" in hover.contents.value
    # The heading's hover is the entry's card too, not only a count.
    assert "REF-002" in hover.contents.value and "**Authors:**" in hover.contents.value


async def test_hover_reads_unsaved_literature(client: LanguageClient, problem: Problem):
    """An open LITERATURE.md is read from the editor's buffer, not from disk."""
    from lsp_helpers import LITERATURE

    lit = open_note(client, problem, "LITERATURE.md")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=lit, version=2),
            content_changes=[
                types.TextDocumentContentChangeWholeDocument(
                    text=LITERATURE.replace("Tosio Kato", "T. Kato (edited)")
                )
            ],
        )
    )
    uri = open_note(client, problem, "PROBLEM.md")
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=_ident(uri), position=position(PROBLEM, "REF-001", encoding(client))
        )
    )
    assert "T. Kato (edited)" in hover.contents.value
