"""A typing session in LITERATURE.md through the real server: after every keystroke, the
published diagnostics are those of a check from scratch on the same text.

The server answers most of these keystrokes incrementally (one entry re-parsed, whole-file
findings reused, the rest of the structure deferred); this holds it to the result of doing it
all again.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from lsp_helpers import Problem, encoding, open_note, position, published_for, wait_until
from lsprotocol import types
from pytest_lsp import LanguageClient

from mathlsp.checks import CheckSettings, check_document
from mathlsp.notes.folder import ProblemFolder

# (text to find, offset from its start, characters replaced, replacement): typing in prose, in
# a field other rules read, making a duplicate, breaking and mending a heading, a new line, a
# mention of a reference that does not exist.
_TITLE = "Spectral Radius and Neumann Series"
SESSION = [
    ("We study the spectral", 21, 0, " gap and"),
    ("spectral gap and", 16, 0, "x"),
    ("spectral gap andx", 16, 1, ""),
    ("- **Year:** 2023", 12, 4, "1966"),
    ("### REF-002: ", 13, len(_TITLE), "Perturbation Theory for Linear Operators"),
    ("- **Relevance:** Gives the sharp condition.", 43, 0, "\n  wrapped"),
    ("### REF-002", 0, 1, ""),
    ("## REF-002", 0, 0, "#"),
    ("Theorem 2", 9, 0, " (see REF-009)"),
    ("- **Year:** 1966\n- **Source:** arXiv", 12, 4, "2023"),
]


def _expected(problem: Problem, text: str, scratch: Path) -> list[tuple[str, int, str]]:
    """The findings of a from-scratch check of `text` as LITERATURE.md, in a copy of the folder."""
    if scratch.exists():
        shutil.rmtree(scratch)
    shutil.copytree(problem.root, scratch)
    (scratch / "LITERATURE.md").write_text(text, encoding="utf-8")
    findings = check_document(ProblemFolder(scratch), scratch / "LITERATURE.md", CheckSettings())
    return sorted((f.code, f.range.start.line, f.message) for f in findings)


async def test_every_keystroke_publishes_what_a_fresh_check_finds(
    client: LanguageClient, problem: Problem, tmp_path: Path
) -> None:
    uri = open_note(client, problem, "LITERATURE.md")
    await wait_until(lambda: published_for(client, uri), what="first diagnostics")
    text = problem.texts["LITERATURE.md"]
    enc = encoding(client)
    for version, (needle, at, length, replacement) in enumerate(SESSION, start=2):
        start = position(text, needle, enc, delta=at)
        end = position(text, needle, enc, delta=at + length)
        offset = text.index(needle) + at
        text = text[:offset] + replacement + text[offset + length :]
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    types.TextDocumentContentChangePartial(
                        range=types.Range(start=start, end=end), text=replacement
                    )
                ],
            )
        )
        await wait_until(
            lambda v=version: any(p.version == v for p in published_for(client, uri)),
            what=f"diagnostics for version {version}",
        )
        got = next(p for p in published_for(client, uri) if p.version == version)
        published = sorted((str(d.code), d.range.start.line, d.message) for d in got.diagnostics)
        assert published == _expected(problem, text, tmp_path / "scratch"), (version, needle)
