"""Folding ranges as a pure function of the notes model: what folds, where each fold ends, the
client's limit, and the folds of a version a keystroke made (entries keep their parsed cores and
the fold lengths kept there) equal to those of the same text parsed afresh."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from benchmarks.corpus import literature, with_endings
from mathlsp.ide.folds import Fold, FoldKind, folds, limited
from mathlsp.ide.outline import OutlineNode, outline
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from tests.buffered import buffered_literature
from tests.lsp.lsp_helpers import JOURNAL

REGION, COMMENT = FoldKind.REGION, FoldKind.COMMENT

NOTE = """\
---
problem: "p"
---
# Literature

## Confirmed References

### REF-001: First
- **Authors:** A
- **Year:** 2001

### REF-002: One line only

## Notes

Prose.

```python
x = 1
# not a heading
```

<!--
hidden
-->

Last line.
"""


def _lines(doc_folds: list[Fold]) -> list[tuple[int, int, FoldKind]]:
    return [(f.start_line, f.end_line, f.kind) for f in doc_folds]


def test_frontmatter_sections_entries_code_and_comments():
    doc = LiteratureDoc(NOTE, "LITERATURE.md")
    assert _lines(folds(doc)) == [
        (0, 2, REGION),  # the frontmatter, fences included
        (3, 26, REGION),  # the title's section, through its last non-blank line
        (5, 11, REGION),  # a section holding entries
        (7, 9, REGION),  # an entry, through its last field (REF-002 has none: no fold)
        (13, 26, REGION),
        (17, 20, REGION),  # fenced code (the `#` inside is no heading)
        (22, 24, COMMENT),  # an HTML comment
    ]
    depths = [f.depth for f in folds(doc)]
    assert depths == [0, 0, 1, 2, 1, 2, 2]


def test_crlf_and_no_frontmatter():
    doc = LiteratureDoc(with_endings(NOTE, "crlf"), "LITERATURE.md")
    assert _lines(folds(doc)) == _lines(folds(LiteratureDoc(NOTE, "LITERATURE.md")))
    bare = LiteratureDoc("# T\n\ntext\n\n## S\n\nmore\n", "LITERATURE.md")
    assert _lines(folds(bare)) == [(0, 6, REGION), (4, 6, REGION)]
    assert folds(LiteratureDoc("", "LITERATURE.md")) == []


def test_journal_entries_fold():
    doc = JournalDoc(JOURNAL, "JOURNAL.md")
    entries = {e.heading.line: e for e in doc.entries}
    got = {f.start_line: f.end_line for f in folds(doc)}
    for line, e in entries.items():
        last = doc.lines.line_of(e.span.end)
        assert (got.get(line) == last) if last > line else line not in got


def test_limit_keeps_the_outermost_folds_in_line_order():
    every = folds(LiteratureDoc(NOTE, "LITERATURE.md"))
    assert limited(every, None) == every and limited(every, 99) == every
    assert _lines(limited(every, 2)) == [(0, 2, REGION), (3, 26, REGION)]
    kept = limited(every, 4)
    assert [f.depth for f in kept] == [0, 0, 1, 1]
    assert kept == sorted(kept, key=lambda f: f.start_line)
    assert limited(every, 0) == []


def _outline_spans(doc: LiteratureDoc, nodes: list[OutlineNode]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for n in nodes:
        first, last = doc.lines.line_of(n.span.start), doc.lines.line_of(n.span.end)
        if n.name == "frontmatter":
            last = doc.lines.line_of(n.span.end - 1)
        if last > first:
            out.append((first, last))
        out += _outline_spans(doc, n.children)
    return out


def _change(line: int, col: int, end_line: int, end_col: int, new: str) -> object:
    rng = types.Range(types.Position(line, col), types.Position(end_line, end_col))
    return types.TextDocumentContentChangePartial(range=rng, text=new)


def test_folds_after_edits_equal_a_fresh_parse_and_the_outline(tmp_path: Path):
    text = literature(600) + "\n## Notes\n\n```\ncode\n```\n<!-- a\nb -->\n"
    buffer, folder, lit = buffered_literature(tmp_path, text)
    lines = text.split("\n")
    row = next(i for i, s in enumerate(lines) if s.startswith("### REF-300"))
    edits = [
        _change(row + 1, 3, row + 1, 3, "x"),  # a field
        _change(row + 2, 0, row + 2, 0, "- **Notes:** added\n"),  # a line: entries below move
        _change(12, 0, 12, 0, "\n\n\n"),  # lines above every entry
        _change(row + 5, 0, row + 6, 0, ""),  # a line deleted
        _change(row, 0, row, 0, "x"),  # a heading is no heading any more
        _change(row, 0, row, 1, ""),  # and is again
        _change(row + 1, 0, row + 3, 0, ""),  # two fields of one entry deleted
    ]
    doc = folder.doc(lit)
    assert isinstance(doc, LiteratureDoc)
    folds(doc)  # the cores keep their fold lengths from here on
    for change in edits:
        buffer.apply_change(change)  # type: ignore[arg-type]
        doc = folder.doc(lit)
        assert isinstance(doc, LiteratureDoc)
        got = folds(doc)
        fresh = LiteratureDoc(doc.text, "LITERATURE.md")
        assert got == folds(fresh)
        headed = [(f.start_line, f.end_line) for f in got if f.kind is REGION]
        spans = _outline_spans(fresh, outline(fresh))
        assert set(spans) <= set(headed)
        assert len(headed) - len(spans) == 1  # the fenced code
