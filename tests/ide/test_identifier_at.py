"""The identifier under the cursor, read from the cursor's line, equals what the whole-note
scans found (`doc.identifiers`, and the Zbl/MR search in the whole text that hover used),
at every offset of every line that holds one, on a large generated LITERATURE.md edited
through the editor's buffer (versions kept in chunks), with `\\n` and `\\r\\n` breaks."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from benchmarks.corpus import literature, with_endings
from mathlsp.ide.navigation import identifier_at, math_id_at
from mathlsp.mathids import find_math_ids
from mathlsp.notes.document import LocatedId, MarkdownDoc
from mathlsp.notes.spans import Span
from tests.buffered import buffered_literature

PROSE = [
    "See arXiv:2301.01234 and doi:10.1007/s00222-019-00001-2, also Zbl 0303.10056.",
    "Malformed arXiv:2301.1 and 10.1007/ then MR0369312 and JFM 57.0054.02 `2301.05555`.",
    "A DOI at the end 10.4007/annals.2015.181.3.4",
]


def _old_identifier(doc: MarkdownDoc, offset: int) -> LocatedId | None:
    for located in doc.identifiers:
        if located.span.start <= offset <= located.span.end and located.mention.valid:
            return located
    return None


def _old_math(text: str, offset: int) -> tuple[object, Span] | None:
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    line = text[start : end if end >= 0 else len(text)]
    for m in find_math_ids(line):
        if m.start <= offset - start <= m.end:
            return m, Span(start + m.start, start + m.end)
    return None


def _text(n: int) -> str:
    out: list[str] = []
    for line in literature(n).split("\n"):
        out.append(line)
        if line.startswith("### REF-") and line[8:11] in ("003", "050", "120"):
            out += [f"- **Notes:** {p}" for p in PROSE]
    out += ["", "## Notes", "", *PROSE, "", "```", PROSE[0], "```", ""]
    return "\n".join(out)


def _change(line: int, col: int, new: str) -> object:
    pos = types.Position(line, col)
    return types.TextDocumentContentChangePartial(range=types.Range(pos, pos), text=new)


@pytest.mark.parametrize("eol", ["lf", "crlf"])
def test_identifier_under_cursor_equals_the_whole_note_scan(tmp_path: Path, eol: str) -> None:
    text = with_endings(_text(150), eol)
    buffer, folder, lit = buffered_literature(tmp_path, text)
    rows = text.splitlines()
    field = next(i for i, s in enumerate(rows) if s.startswith("### REF-050")) + 1
    edits = [None, _change(field, 4, "x"), _change(field + 1, 0, f"- **Notes:** {PROSE[1]}\n")]
    checked = ids = maths = 0
    for change in edits:
        if change is not None:
            buffer.apply_change(change)  # type: ignore[arg-type]
        doc = folder.doc(lit)
        assert doc is not None
        whole = doc.text
        lines = doc.lines
        for i, line in enumerate(lines.texts):
            if not any(k in line for k in ("arXiv", "10.", "Zbl", "MR", "JFM")):
                continue
            base = lines.starts[i]
            for offset in range(base, base + len(line) + 1):
                found = identifier_at(doc, offset)
                assert found == _old_identifier(doc, offset), (i, offset)
                math = math_id_at(doc, offset)
                assert math == _old_math(whole, offset), (i, offset)
                checked += 1
                ids += found is not None
                maths += math is not None
    assert checked > 2000 and ids > 500 and maths > 300
