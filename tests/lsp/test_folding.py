"""textDocument/foldingRange over stdio, with VS Code's and Neovim's capabilities: the server
says it folds, and answers each note with the pure function's folds, line by line."""

from __future__ import annotations

from lsp_helpers import Problem, open_note
from lsprotocol import types
from pytest_lsp import LanguageClient

from mathlsp.ide.folds import folds
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc


def _ident(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def test_folding_ranges_of_literature_and_journal(client: LanguageClient, problem: Problem):
    assert client.init_result.capabilities.folding_range_provider  # type: ignore[attr-defined]
    extra = "\n## Notes\n\n```\ncode\n```\n\n<!--\nhidden\n-->\n"
    problem.write("LITERATURE.md", problem.texts["LITERATURE.md"] + extra)
    for name, model in (("LITERATURE.md", LiteratureDoc), ("JOURNAL.md", JournalDoc)):
        uri = open_note(client, problem, name)
        got = await client.text_document_folding_range_async(
            types.FoldingRangeParams(text_document=_ident(uri))
        )
        expected = folds(model(problem.texts[name], name))
        assert got and len(got) == len(expected)
        for fold, want in zip(got, expected, strict=True):
            assert (fold.start_line, fold.end_line) == (want.start_line, want.end_line)
            assert fold.kind == want.kind.value
            assert fold.start_character is None and fold.end_character is None  # lines only
    kinds = {f.kind for f in got}
    assert kinds == {"region"}
    lit = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=_ident(problem.uri("LITERATURE.md")))
    )
    assert [f.kind for f in lit[-2:]] == ["region", "comment"]  # the code, the comment


async def test_folding_range_of_a_closed_note_is_empty(client: LanguageClient, problem: Problem):
    got = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=_ident(problem.uri("PROOF.md")))
    )
    assert not got


def test_answer_text_keeps_lines_and_the_kinds_a_client_knows():
    import json

    from mathlsp.features.folding import folding_json
    from mathlsp.ide.folds import Fold, FoldKind

    given = [Fold(0, 2, FoldKind.REGION, 0), Fold(3, 9, FoldKind.REGION, 0)]
    given.append(Fold(4, 5, FoldKind.COMMENT, 1))
    assert json.loads(folding_json(given, None, None)) == [
        {"startLine": 0, "endLine": 2, "kind": "region"},
        {"startLine": 3, "endLine": 9, "kind": "region"},
        {"startLine": 4, "endLine": 5, "kind": "comment"},
    ]
    assert json.loads(folding_json(given, 2, {"comment"})) == [
        {"startLine": 0, "endLine": 2},
        {"startLine": 3, "endLine": 9},
    ]
