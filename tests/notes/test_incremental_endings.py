"""Incremental re-parsing equals parsing from scratch with every line break LSP names.

`test_incremental` holds the engine to a full parse on `\\n` texts; these hold it on `\\r\\n`
(Windows editors, git's autocrlf), a lone `\\r` and a mix of the three, with edits that make,
split and join `\\r\\n` pairs (an edit between `\\r` and `\\n` too, which no LSP position names but
a region composed of several edits may start or end at), lines added and deleted with the
document's own break, typing in fields and headings, and astral characters.
"""

from __future__ import annotations

import bisect
import datetime as dt
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathlsp.checks import CheckSettings, check_document
from mathlsp.notes.edits import Edit
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.loader import LoadedText
from mathlsp.notes.markdown import scan, split_lines, touched
from mathlsp.notes.spans import Span
from tests.notes.test_incremental import (
    BASE,
    CHUNK_SIZES,
    LINES,
    SNIPPETS,
    TITLE_TYPING,
    _chunked,
    _History,
    _many,
    _version,
    dump,
)
from tests.notes.test_incremental import edits as lf_edits

BREAKS = ("\n", "\r\n", "\r")


@st.composite
def with_breaks(draw: st.DrawFn, text: str) -> str:
    """`text` (broken by `\\n`) with every break `\\r\\n`, every one a lone `\\r`, or each line's
    drawn from the three."""
    kind = draw(st.sampled_from(["crlf", "cr", "mixed"]))
    lines = text.split("\n")
    if kind != "mixed":
        return ("\r\n" if kind == "crlf" else "\r").join(lines)
    picks = draw(st.lists(st.sampled_from(BREAKS), min_size=len(lines), max_size=len(lines)))
    for i in range(len(lines) - 2):
        if picks[i] == "\r" and not lines[i + 1] and picks[i + 1] == "\n":
            picks[i + 1] = "\r\n"  # `\r` + `\n` would be one break, not two
    return "".join(line + brk for line, brk in zip(lines[:-1], picks, strict=False)) + lines[-1]


def _break_after(text: str, starts: list[int], texts: list[str], i: int) -> str:
    """The break that ends line `i` (the text's last line has none: `\r\n` if the text
    holds one, else `\n`)."""
    if i + 1 < len(starts):
        return text[starts[i] + len(texts[i]) : starts[i + 1]]
    return "\r\n" if "\r\n" in text else "\n"


CR_SNIPPETS = ["\r", "\r\n", "\n", "\r\r\n", "x\r", "\ry", "𝔽\r\n", "- **Year:** 1999\r\n",
               "### REF-004: New\r\n", "\r\n\r\n", "  wrapped\r"]  # fmt: skip


@st.composite
def edits(draw: st.DrawFn, text: str) -> tuple[str, Edit]:
    """An edit of a text with any line breaks: a whole line deleted or added (with the break
    of the line it stands before), typing in a field or a heading, a `\\r\\n` split or joined at a
    line's end, or anything anywhere."""
    texts, starts = split_lines(text)
    n = len(texts)
    choice = draw(st.integers(0, 5))
    if choice == 0:  # a whole line deleted, or one added before a line
        i = draw(st.integers(0, n - 1))
        if draw(st.booleans()) and i + 1 < n:
            return "", Edit(starts[i], starts[i + 1], starts[i])
        brk = _break_after(text, starts, texts, i)
        inserted = draw(st.sampled_from(LINES)).replace("\n", brk)
        return inserted, Edit(starts[i], starts[i], starts[i] + len(inserted))
    if choice == 1:  # typing in a heading or a field, or Enter there
        rows = [i for i, t in enumerate(texts) if t.startswith(("### ", "- **", "  "))]
        if rows:
            i = draw(st.sampled_from(rows))
            at = starts[i] + draw(st.integers(min(4, len(texts[i])), len(texts[i])))
            if draw(st.booleans()) and at < starts[i] + len(texts[i]):
                return "", Edit(at, at + 1, at)
            pool = [*TITLE_TYPING, "é", "𝔽", _break_after(text, starts, texts, i)]
            inserted = draw(st.sampled_from(pool))
            return inserted, Edit(at, at, at + len(inserted))
    if choice == 2 and n > 1:  # at a line's end: its break split, joined, or made a pair
        i = draw(st.integers(0, n - 2))
        end = starts[i] + len(texts[i])  # the break's first character
        brk = text[end : starts[i + 1]]
        if brk == "\r\n":
            return draw(
                st.sampled_from(
                    [
                        ("", Edit(end, end + 1, end)),  # the `\r` deleted
                        ("", Edit(end + 1, end + 2, end + 1)),  # the `\n` deleted
                        ("x", Edit(end + 1, end + 1, end + 2)),  # typed between them
                        ("\r", Edit(end + 1, end + 1, end + 2)),
                    ]
                )
            )
        if brk == "\r":  # a `\n` after it pairs with it; deleting what follows may too
            return "\n", Edit(end + 1, end + 1, end + 2)
        return "\r", Edit(end, end, end + 1)  # `\n` becomes `\r\n`
    start = draw(st.integers(0, len(text)))
    length = draw(st.integers(0, min(40, len(text) - start)))
    inserted = draw(
        st.sampled_from(SNIPPETS + CR_SNIPPETS) | st.text("ab #-*:\r\n`[]V𝔽", max_size=6)
    )
    return inserted, Edit(start, start + length, start + len(inserted))


def _typed_equals_fresh(data: st.DataObject, text: str, most: int, midway: bool) -> None:
    """Up to `most` edits with any line breaks, each re-parsed incrementally; the model must
    equal a fresh parse of the text at the end (and, `midway`, at random points between)."""
    doc = LiteratureDoc(text)
    chunked = _chunked(text, data.draw(CHUNK_SIZES))
    for _ in range(data.draw(st.integers(1, most))):
        inserted, edit = data.draw(edits(text))
        text = text[: edit.start] + inserted + text[edit.old_end :]
        # The editor buffer's line starts, or none (the model works its own out).
        starts = split_lines(text)[1] if data.draw(st.booleans()) else None
        doc = LiteratureDoc.reparse(doc, _version(chunked, edit, inserted, text), edit, starts)
        if midway and data.draw(st.booleans()):
            assert dump(doc) == dump(LiteratureDoc(text))
    assert dump(doc) == dump(LiteratureDoc(text))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_reparse_with_any_line_breaks_equals_a_fresh_parse(data: st.DataObject) -> None:
    _typed_equals_fresh(data, data.draw(with_breaks(BASE)), most=8, midway=True)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_typing_in_a_larger_crlf_file_stays_equal(data: st.DataObject) -> None:
    _typed_equals_fresh(data, data.draw(with_breaks(_many(20))), most=12, midway=False)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_checks_with_any_line_breaks_equal_checks_from_scratch(
    tmp_path_factory: Any, data: st.DataObject
) -> None:
    root: Path = tmp_path_factory.mktemp("p")
    lit = root / "LITERATURE.md"
    (root / "PROOF.md").write_bytes(b"By [V] REF-001 and UREF-001 [V], REF-007.\r\n")
    history = _History()
    current = {"text": data.draw(with_breaks(BASE))}
    check = CheckSettings(now=dt.datetime(2026, 11, 24, tzinfo=dt.UTC))
    chunked = _chunked(current["text"], data.draw(CHUNK_SIZES))

    def reader(path: Path) -> LoadedText:
        if path == lit:
            return LoadedText(
                chunked.view if chunked is not None else current["text"],
                history=history,
                generation=len(history.log),
                starts=split_lines(current["text"])[1],
            )
        return LoadedText(path.read_bytes().decode()) if path.exists() else LoadedText(None)

    lit.write_bytes(current["text"].encode())
    live = ProblemFolder(root, reader)
    live.doc(lit)
    for _ in range(data.draw(st.integers(1, 5))):
        inserted, edit = data.draw(edits(current["text"]))
        text = current["text"]
        current["text"] = text[: edit.start] + inserted + text[edit.old_end :]
        if chunked is not None:
            chunked.replace(edit.start, edit.old_end, inserted)
        history.log.append(edit)
        lit.write_bytes(current["text"].encode())
        fresh = ProblemFolder(root)
        for name in ("LITERATURE.md", "PROOF.md"):
            assert check_document(live, root / name, check) == check_document(
                fresh, root / name, check
            )


def test_a_keystroke_in_a_crlf_file_rereads_its_own_line_only() -> None:
    # The fault this file guards: `\r\n` documents were re-parsed whole on every keystroke.
    text = BASE.replace("\n", "\r\n")
    lines = scan(text)
    at = text.index("We bound the gap") + 3
    found = touched(lines, text[:at] + "x" + text[at:], Edit(at, at, at + 1))
    assert found is not None
    first, last, new_texts = found
    col = at - lines.starts[first]
    assert first == last
    assert new_texts == [lines.texts[first][:col] + "x" + lines.texts[first][col:]]


def test_a_newline_typed_after_a_lone_cr_joins_it_into_one_break() -> None:
    # "a\r|b": a `\n` typed after the `\r` makes one `\r\n` break: still two lines, not three.
    text = BASE.replace("\n", "\r")
    lines = scan(text)
    at = text.index("- **Year:** 2009") + len("- **Year:** 2009\r")
    new = text[:at] + "\n" + text[at:]
    found = touched(lines, new, Edit(at, at, at + 1))
    assert found is not None
    first, last, new_texts = found
    assert (first, last) == (lines.line_of(at - 1), lines.line_of(at))
    assert new_texts == ["- **Year:** 2009", "- **Source:** arXiv"]
    assert dump(LiteratureDoc.reparse(LiteratureDoc(text), new, Edit(at, at, at + 1))) == dump(
        LiteratureDoc(new)
    )


def _placed(value: Any, starts: list[int]) -> Any:
    """`value` (a `dump`) with every span as (line, column) pairs: the same for a text and the
    text with its breaks replaced by others, whatever each break's length."""

    def at(offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(starts, offset) - 1
        return line, offset - starts[line]

    if isinstance(value, Span):
        return at(value.start), at(value.end)
    if isinstance(value, dict):
        return {k: _placed(v, starts) for k, v in value.items() if k != "starts"}
    if isinstance(value, list | tuple):
        return [_placed(v, starts) for v in value]
    return value


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_text_parses_alike_whatever_its_line_breaks(data: st.DataObject) -> None:
    # The full parse is the oracle of the incremental one; this is the full parse's: the fields'
    # one-pass readers (`\r\n` rows two characters apart), the split into lines and the spans
    # place everything on the same lines and columns as in the `\n` text.
    lf = _many(data.draw(st.integers(0, 6)))
    for _ in range(data.draw(st.integers(0, 3))):
        inserted, edit = data.draw(lf_edits(lf))
        lf = lf[: edit.start] + inserted + lf[edit.old_end :]
    other = data.draw(with_breaks(lf))
    expected = _placed(dump(LiteratureDoc(lf)), split_lines(lf)[1])
    assert _placed(dump(LiteratureDoc(other)), split_lines(other)[1]) == expected


def test_an_empty_value_after_a_space_is_placed_alike_on_both_passes() -> None:
    # Found by a random run (stop 54): "- **Relevance:** " then a lone `\r`. The regex pass
    # (`\n` breaks) ended the field at its empty value, after the space; the line-by-line pass
    # (lone `\r` breaks, other bullet spellings) ended it before the space, ahead of its value.
    for bullet in ("- **Relevance:** ", "* **Relevance:**   "):
        head = "# Literature: p\n\n## Confirmed References\n\n### REF-001: A\n"
        lf = f"{head}{bullet}\n- **Year:** 2009\n"
        cr = lf.replace("\n", "\r")
        placed = [_placed(dump(LiteratureDoc(text)), split_lines(text)[1]) for text in (lf, cr)]
        assert placed[0] == placed[1]
        [entry] = LiteratureDoc(lf).entries
        field = entry.fields.get("relevance")
        assert field is not None and field.span.end >= field.value_span.start
