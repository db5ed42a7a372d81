"""`NoteBuffer` applies incremental changes as LSP says, and knows where they were."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from mathlsp.features.buffers import NoteBuffer
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.loader import LoadedText, read_note
from mathlsp.notes.markdown import split_lines
from tests.notes.test_incremental import dump

TEXTS = st.text(alphabet="ab é𝔽\n\r#-*", max_size=60)


@st.composite
def changes(draw: st.DrawFn, text: str) -> types.TextDocumentContentChangePartial:
    lines = text.split("\n")

    def position() -> types.Position:
        line = draw(st.integers(0, len(lines)))
        return types.Position(line=line, character=draw(st.integers(0, 12)))

    a, b = position(), position()
    if (b.line, b.character) < (a.line, a.character):
        a, b = b, a
    return types.TextDocumentContentChangePartial(
        range=types.Range(start=a, end=b), text=draw(TEXTS)
    )


def _units(char: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(char.encode("utf-8"))
    return 2 if ord(char) > 0xFFFF else 1


def _offset(text: str, pos: types.Position, encoding: str) -> int:
    """The LSP rule, written out: a line past the end is the end; a column past the line's end
    is the line's end; columns count code units of the negotiated encoding."""
    lines = text.split("\n")
    if pos.line >= len(lines):
        return len(text)
    base = sum(len(line) + 1 for line in lines[: pos.line])
    units = 0
    for i, char in enumerate(lines[pos.line]):
        if units >= pos.character:
            return base + i
        units += _units(char, encoding)
    return base + len(lines[pos.line])


@settings(max_examples=300, deadline=None)
@given(
    st.data(),
    st.text(alphabet="ab é𝔽\n#-", max_size=80),
    st.sampled_from([types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8]),
)
def test_changes_apply_as_the_protocol_says(
    data: st.DataObject, text: str, encoding: types.PositionEncodingKind
) -> None:
    codec = PositionCodec(encoding=encoding)
    buffer = NoteBuffer("file:///n.md", text, version=0, position_codec=codec)
    expected = text
    for _ in range(data.draw(st.integers(1, 5))):
        change = data.draw(changes(buffer.source))
        if "\r" in change.text:
            continue
        start = _offset(expected, change.range.start, encoding.value)
        end = _offset(expected, change.range.end, encoding.value)
        expected = expected[:start] + change.text + expected[end:]
        buffer.apply_change(change)
        assert buffer.source == expected
        _, generation, starts = buffer.snapshot()
        assert generation == buffer.generation
        if starts is not None:
            assert starts == split_lines(buffer.source)[1]


@settings(max_examples=300, deadline=None)
@given(st.data(), TEXTS)
def test_the_logged_region_explains_every_difference(data: st.DataObject, text: str) -> None:
    buffer = NoteBuffer("file:///n.md", text, version=0)
    versions = [text]
    for _ in range(data.draw(st.integers(1, 6))):
        buffer.apply_change(data.draw(changes(buffer.source)))
        versions.append(buffer.source)
    since = data.draw(st.integers(0, buffer.generation))
    edit = buffer.edit_since(since, buffer.generation)
    assert edit is not None
    old, new = versions[since], buffer.source
    assert old[: edit.start] == new[: edit.start]
    assert old[edit.old_end :] == new[edit.new_end :]
    assert len(new) == len(old) + edit.delta


def test_a_full_change_forgets_the_history() -> None:
    buffer = NoteBuffer("file:///n.md", "one\ntwo\n", version=0)
    buffer.apply_change(
        types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)), text="x"
        )
    )
    assert buffer.edit_since(0, 1) is not None
    buffer.apply_change(types.TextDocumentContentChangeWholeDocument(text="new text"))
    assert buffer.source == "new text"
    assert buffer.edit_since(1, 2) is None
    assert buffer.edit_since(0, 2) is None


def test_a_buffer_opened_over_a_parsed_file_takes_the_parse_s_line_starts(tmp_path: Path) -> None:
    text = "# L\n\n## Confirmed References\n\n### REF-001: T\n- **Authors:** A\n" * 3
    lit = tmp_path / "LITERATURE.md"
    lit.write_text(text)
    current: dict[str, NoteBuffer] = {}

    def reader(path: Path) -> LoadedText:
        buffer = current.get("buffer")
        if path != lit or buffer is None:
            return read_note(path)
        source, generation, starts = buffer.snapshot()
        return LoadedText(source, history=buffer, generation=generation, starts=starts)

    folder = ProblemFolder(tmp_path, reader)
    parsed = folder.doc(lit)  # the start-up index: read from disk
    assert parsed is not None
    current["buffer"] = buffer = NoteBuffer(
        lit.as_uri(), text.encode().decode(), version=1
    )  # a new string
    assert folder.doc(lit) is parsed  # equal text: the parse now reads the buffer's string
    assert buffer.snapshot()[2] is parsed.lines.starts  # shared, not computed again
    buffer.apply_change(
        types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(4, 3), types.Position(4, 3)), text="x\n"
        )
    )
    assert buffer.snapshot()[2] == split_lines(buffer.source)[1]
    assert parsed.lines.starts == split_lines(text)[1]  # the parse's own are untouched


def test_starts_offered_for_an_older_text_are_ignored() -> None:
    buffer = NoteBuffer("file:///n.md", "one\ntwo\n", version=0)
    buffer.apply_change(
        types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)), text="x\n"
        )
    )
    buffer.adopt_starts(0, [0, 4, 8])  # the text before the change
    assert buffer.snapshot()[2] == split_lines(buffer.source)[1]


_BREAK = re.compile(r"\r\n|\r|\n")
PIECES = st.sampled_from(["a", "b", " ", "é", "𝔽", "\n", "\r\n", "\r", "#", "- **x:** "])


def _lsp_offset(text: str, pos: types.Position, encoding: str) -> int:
    """The LSP rule with every line ending it names (`\\n`, `\\r\\n`, a lone `\\r`)."""
    starts = [0, *(m.end() for m in _BREAK.finditer(text))]
    if pos.line >= len(starts):
        return len(text)
    base = starts[pos.line]
    end = starts[pos.line + 1] if pos.line + 1 < len(starts) else len(text)
    line = text[base:end].rstrip("\r\n")
    units = 0
    for i, char in enumerate(line):
        if units >= pos.character:
            return base + i
        units += _units(char, encoding)
    return base + len(line)


@st.composite
def lsp_changes(draw: st.DrawFn, text: str) -> types.TextDocumentContentChangePartial:
    lines = len(_BREAK.findall(text)) + 1

    def position() -> types.Position:
        return types.Position(draw(st.integers(0, lines)), draw(st.integers(0, 14)))

    a, b = position(), position()
    if (b.line, b.character) < (a.line, a.character):
        a, b = b, a
    new = "".join(draw(st.lists(PIECES, max_size=6)))
    return types.TextDocumentContentChangePartial(range=types.Range(start=a, end=b), text=new)


class _TinyChunks(NoteBuffer):
    chunk_size = 3


@settings(max_examples=300, deadline=None)
@given(
    st.data(),
    st.lists(PIECES, max_size=40).map("".join),
    st.sampled_from([types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8]),
    st.sampled_from([NoteBuffer, _TinyChunks]),
)
def test_edit_sequences_with_any_line_ending_equal_the_naive_application(
    data: st.DataObject,
    text: str,
    encoding: types.PositionEncodingKind,
    kind: type[NoteBuffer],
) -> None:
    # Inserts, deletes and multi-line replacements over CRLF, lone CR and astral characters
    # (two UTF-16 units each), making and breaking `\r\n` pairs; with chunks of 3 characters
    # every edit meets chunk boundaries (`\r\n` and surrogate-free astral characters split
    # across two chunks). The text is read only sometimes, so several edits go to the chunks
    # between two joins. The buffer's text and line starts stay those of the plain rule.
    codec = PositionCodec(encoding=encoding)
    buffer = kind("file:///n.md", text, version=0, position_codec=codec)
    expected = text
    for _ in range(data.draw(st.integers(1, 12))):
        change = data.draw(lsp_changes(expected))
        start = _lsp_offset(expected, change.range.start, encoding.value)
        end = _lsp_offset(expected, change.range.end, encoding.value)
        expected = expected[:start] + change.text + expected[end:]
        buffer.apply_change(change)
        if data.draw(st.booleans()):
            continue
        assert buffer.source == expected
        _, generation, starts = buffer.snapshot()
        assert generation == buffer.generation
        if starts is not None:
            assert list(starts) == [0, *(m.end() for m in _BREAK.finditer(expected))]
    edit = buffer.edit_since(0, buffer.generation)
    assert edit is not None
    assert expected[: edit.start] == text[: edit.start]
    assert expected[edit.new_end :] == text[edit.old_end :]


@settings(max_examples=200, deadline=None)
@given(
    st.data(),
    st.lists(PIECES, max_size=30).map("".join),
    st.sampled_from([NoteBuffer, _TinyChunks]),
)
def test_a_whole_document_replacement_between_edits_starts_the_text_over(
    data: st.DataObject, text: str, kind: type[NoteBuffer]
) -> None:
    buffer = kind("file:///n.md", text, version=0)
    expected = text
    for _ in range(data.draw(st.integers(1, 8))):
        if data.draw(st.booleans()):
            expected = data.draw(st.lists(PIECES, max_size=30).map("".join))
            buffer.apply_change(types.TextDocumentContentChangeWholeDocument(text=expected))
        else:
            change = data.draw(lsp_changes(expected))
            start = _lsp_offset(expected, change.range.start, "utf-16")
            end = _lsp_offset(expected, change.range.end, "utf-16")
            expected = expected[:start] + change.text + expected[end:]
            buffer.apply_change(change)
        assert buffer.source == expected
        _, generation, starts = buffer.snapshot()
        assert generation == buffer.generation
        if starts is not None:
            assert list(starts) == [0, *(m.end() for m in _BREAK.finditer(expected))]


def test_a_compacted_buffer_reads_and_edits_as_before() -> None:
    buffer = _TinyChunks("file:///n.md", "one\ntwo\nthree\n", version=0)
    edit = types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(1, 1), types.Position(1, 2)), text="W\n"
    )
    buffer.apply_change(edit)
    text = buffer.source
    buffer.compact()
    assert buffer.source is text
    buffer.apply_change(edit)
    assert buffer.source == "one\ntW\n\no\nthree\n"
    assert buffer.snapshot()[2] == split_lines(buffer.source)[1]


_LIT = (
    "# Literature\n\n## Confirmed References\n\n"
    + "".join(
        f"### REF-00{i}: A paper about {w} and more\n- **Authors:** Doe, J\n"
        f"- **Year:** 20{i}0\n- **Abstract:** Words 𝔽 on {w},\n  wrapped once.\n"
        f"- **Relevance:** [S] Cites REF-00{i + 1}.\n\n"
        for i, w in ((1, "gaps"), (2, "sieves"), (3, "primes"))
    )
    + '## Synthesis\n\n- REF-001 ("Another paper on bounded gaps") and REF-002 [V].\n'
)
_NOTE_PIECES = PIECES | st.sampled_from(
    ["x", "REF-003", "### REF-004: Fresh", "- **Year:** 1999", "- **DOI:** 10.1/x", "𝔽é"]
)


class _SmallChunks(NoteBuffer):
    chunk_size = 17


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.data(),
    st.sampled_from([types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8]),
    st.sampled_from([NoteBuffer, _TinyChunks, _SmallChunks]),
)
def test_the_model_of_an_edited_buffer_equals_a_parse_of_its_text(
    data: st.DataObject, encoding: types.PositionEncodingKind, kind: type[NoteBuffer]
) -> None:
    # The notes model reads the buffer's chunks (a keystroke re-parses the lines it touched):
    # after any sequence of LSP changes (CRLF and lone CR, astral characters counted in the
    # negotiated units, edits across chunk boundaries, whole-document replacements), it equals
    # a parse of the text the plain rule gives, and so do the checks' findings.
    import datetime as dt
    import tempfile

    from mathlsp.checks import CheckSettings, check_document

    codec = PositionCodec(encoding=encoding)
    buffer = kind("file:///x/LITERATURE.md", _LIT, version=0, position_codec=codec)
    root = Path(tempfile.mkdtemp())
    lit = root / "LITERATURE.md"
    lit.write_text(_LIT)

    def reader(path: Path) -> LoadedText:
        if path != lit:
            return read_note(path)
        source, generation, starts = buffer.snapshot()
        return LoadedText(source, history=buffer, generation=generation, starts=starts)

    live = ProblemFolder(root, reader)
    check = CheckSettings(now=dt.datetime(2026, 11, 24, tzinfo=dt.UTC))
    live.doc(lit)
    expected = _LIT
    for _ in range(data.draw(st.integers(1, 10))):
        if data.draw(st.integers(0, 9)) == 0:
            expected = data.draw(st.sampled_from([_LIT, _LIT.replace("\n", "\r\n"), ""]))
            buffer.apply_change(types.TextDocumentContentChangeWholeDocument(text=expected))
        else:
            lines = len(_BREAK.findall(expected)) + 1
            a = types.Position(data.draw(st.integers(0, lines)), data.draw(st.integers(0, 40)))
            b = a
            if data.draw(st.booleans()):
                b = types.Position(
                    a.line + data.draw(st.integers(0, 2)), data.draw(st.integers(0, 40))
                )
                if (b.line, b.character) < (a.line, a.character):
                    a, b = b, a
            new = "".join(data.draw(st.lists(_NOTE_PIECES, max_size=3)))
            start = _lsp_offset(expected, a, encoding.value)
            end = _lsp_offset(expected, b, encoding.value)
            expected = expected[:start] + new + expected[end:]
            buffer.apply_change(
                types.TextDocumentContentChangePartial(range=types.Range(a, b), text=new)
            )
        doc = live.doc(lit)
        assert isinstance(doc, LiteratureDoc)
        assert dump(doc) == dump(LiteratureDoc(expected))
        if data.draw(st.booleans()):
            found = check_document(live, lit, check)
            lit.write_text(expected, newline="")
            assert found == check_document(ProblemFolder(root), lit, check)
    assert buffer.source == expected
