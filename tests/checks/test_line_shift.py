"""Lines added or deleted inside an entry move the findings below the edit (they are not found
again): after each such keystroke on a large generated LITERATURE.md, typed through the
editor's buffer, the findings listed and every entry's findings kept for the next keystroke
equal those of a check from scratch on the same text."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from lsprotocol import types

from benchmarks.bench_large_literature import short_literature
from mathlsp.checks import CheckSettings, check_document
from mathlsp.checks.base import CheckContext
from mathlsp.checks.cap import listed
from mathlsp.checks.entries import entry_findings, moved
from mathlsp.checks.findings import Finding, Related, Severity, by_position
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.text import Position, Range
from tests.buffered import buffered_literature


def _rng(a: int, b: int, c: int, d: int) -> Range:
    return Range(Position(a, b), Position(c, d))


def test_moved_is_replace_with_the_ranges_moved():
    f = Finding(
        "REF001", Severity.ERROR, "m", _rng(10, 2, 11, 3),
        (Related("p", _rng(12, 0, 12, 4), "here"), Related("q", _rng(3, 0, 3, 1), "there")),
        {"k": 1}, True,
    )  # fmt: skip
    got = moved(f, 5, "p", after=10)
    want = dataclasses.replace(
        f,
        range=_rng(10, 2, 11, 3),  # starts on line `after`: stays
        related=(Related("p", _rng(17, 0, 17, 4), "here"), f.related[1]),
    )
    assert got == want and got.data is f.data and got.unnecessary
    lined = dataclasses.replace(f, data={"line": 11, "refs": ["REF-001"]})
    assert moved(lined, 5, "p", after=10).data == {"line": 16, "refs": ["REF-001"]}
    assert moved(lined, 5, "p", after=11).data == {"line": 11, "refs": ["REF-001"]}
    assert lined.data == {"line": 11, "refs": ["REF-001"]}  # not changed in place
    assert moved(f, -2, "p").range == _rng(8, 2, 9, 3)
    assert [getattr(f, x.name) for x in dataclasses.fields(Finding)][4:] == [
        f.related, f.data, f.unnecessary
    ]  # fmt: skip  # the order `moved` passes them in


def _change(line: int, col: int, end_line: int, end_col: int, new: str) -> object:
    rng = types.Range(types.Position(line, col), types.Position(end_line, end_col))
    return types.TextDocumentContentChangePartial(range=rng, text=new)


def _key(f: Finding) -> tuple[object, ...]:
    return (f.code, f.range, f.message, f.related, f.unnecessary, sorted(f.data.items()))


def test_lines_added_and_deleted_keep_every_finding(tmp_path: Path) -> None:
    text = short_literature(1500)  # imported entries: each has findings (REF007 …)
    buffer, folder, lit = buffered_literature(tmp_path, text)
    settings = CheckSettings()
    check_document(folder, lit, settings)
    rows = text.split("\n")
    mid = next(i for i, s in enumerate(rows) if s.startswith("### REF-700"))
    top = next(i for i, s in enumerate(rows) if s.startswith("### REF-002"))
    edits = [
        _change(mid + 2, 0, mid + 2, 0, "- **Notes:** added\n"),  # a line: entries below move
        _change(mid + 2, 0, mid + 2, 0, "- **Notes:** one\n- **Notes:** two\n\n"),  # three
        _change(top + 1, 0, top + 1, 0, "- **Notes:** near the top\n"),
        _change(mid + 3, 0, mid + 5, 0, ""),  # two lines deleted
        _change(mid + 2, 0, mid + 3, 0, ""),  # and one more: back where it was
        _change(top + 2, 0, top + 2, 0, "- **Year:** 1999\n"),  # a duplicate field
        _change(top + 2, 0, top + 3, 0, ""),  # gone again
        _change(mid + 1, 3, mid + 1, 3, "x"),  # a keystroke in a field after them
        # Neovim 0.7's line added below a heading: the heading's break replaced by a break,
        # the line and a break (the buffer logs only the line as changed); then deleted so
        "nvim",
        "nvim-delete",
    ]
    for n, change in enumerate(edits):
        if isinstance(change, str):
            now = buffer.source.split("\n")
            row = next(i for i, s in enumerate(now) if s.startswith("### REF-701"))
            end = len(now[row])
            if change == "nvim":
                change = _change(row, end, row + 1, 0, "\n- **Notes:** nvim\n")
            else:
                change = _change(row, end, row + 2, 0, "\n")
        buffer.apply_change(change)  # type: ignore[arg-type]
        got = check_document(folder, lit, settings)
        now = buffer.source
        scratch = tmp_path / f"scratch-{n}"
        scratch.mkdir()
        (scratch / "LITERATURE.md").write_text(now, encoding="utf-8", newline="")
        fresh_folder = ProblemFolder(scratch)
        want = check_document(fresh_folder, scratch / "LITERATURE.md", settings)
        assert [_key(f) for f in got] == [_key(f) for f in want], n
        # What the next keystroke starts from: every entry's findings, not only those listed;
        # merged with the whole-file ones they list as sorting them all did.
        kept = folder.check_memo[lit][3]
        every = folder.check_memo[lit][2] + [f for e in kept for f in e]
        assert [_key(f) for f in listed(sorted(every, key=by_position))] == [_key(f) for f in got]
        doc = fresh_folder.doc(scratch / "LITERATURE.md")
        assert isinstance(doc, LiteratureDoc)
        ctx = CheckContext(
            fresh_folder, scratch / "LITERATURE.md", doc, settings.for_folder(scratch)
        )
        fresh = entry_findings(ctx, doc)
        assert [[_key(f) for f in e] for e in kept] == [[_key(f) for f in e] for e in fresh], n
        assert sum(map(len, kept)) > 1000
