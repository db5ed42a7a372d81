"""The streamed reader (`bib.stream`): the entries `parse_bib` reads, a batch at a time, from a
file; `crossref` parents before or after their children; macros in order; broken blocks."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathlsp.bib import stream as stream_module
from mathlsp.bib.parse import parse_bib
from mathlsp.bib.stream import BibStream, blocks, text_lines
from mathlsp.fsutil import UnreadableFile
from tests.bib.test_fuzz import PIECES
from tests.bib.test_parse import SAMPLE


def streamed(text: str) -> tuple[list, list]:
    s = BibStream.of_text(text)
    entries = list(s.entries())
    return entries, sorted(s.problems, key=lambda p: p.line)


def test_the_sample_streams_as_parse_bib_reads_it() -> None:
    bib = parse_bib(SAMPLE)
    entries, problems = streamed(SAMPLE)
    assert entries == bib.entries
    assert [p.line for p in problems] == [p.line for p in bib.problems]
    # Read alone, the broken entry runs into its block's end, and says so.
    assert problems[0].message.startswith("malformed entry, skipped: it does not close")
    assert [e.key for e in entries][-1] == "after"  # the rest is still read


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.lists(
        st.one_of(
            PIECES,
            st.sampled_from(
                [
                    "@misc{a, title={T}}\n",
                    "\n@string{s={x}}\n",
                    "@misc{c, crossref={p}}\n",
                    "@proceedings{p, title={P}, year=s}\n",
                ]
            ),
        ),
        max_size=40,
    ).map("".join)
)
def test_any_text_streams_as_parse_bib_reads_it_when_its_blocks_read_alone(text: str) -> None:
    bib = parse_bib(text)
    entries, problems = streamed(text)
    for e in entries:
        assert 0 <= e.start <= e.end <= len(text) and e.line <= e.end_line
    if not bib.read_whole:  # every block reads alone: both readers see the same blocks
        assert entries == bib.entries
        assert [(p.line, p.message) for p in problems] == [
            (p.line, p.message) for p in bib.problems
        ]


CROSSREF = """@inproceedings{before, title = {Before}, crossref = {Proc}}
@string{pub = {Springer}}
@proceedings{proc, title = {The Volume}, publisher = pub, year = 2001, crossref = {series}}
@inproceedings{after, title = {After}, crossref = {proc}}
@inproceedings{orphan, title = {Orphan}, crossref = {nowhere}}
@book{series, title = {The Series}, editor = {Ed, A.}}
"""


def test_crossref_parents_after_and_before_their_children_missing_and_chained() -> None:
    entries, problems = streamed(CROSSREF)
    by = {e.key: e for e in entries}
    assert [e.key for e in entries] == ["before", "proc", "after", "orphan", "series"]
    assert not problems
    # The parent comes after the child: read where it stands, with the macros defined up to it.
    assert by["before"].fields["booktitle"] == "The Volume"
    assert by["before"].fields["publisher"] == "Springer"
    assert by["before"].inherited == {"booktitle", "publisher", "year"}
    # The parent came before: the same inheritance.
    assert by["after"].fields == {**by["after"].fields, "booktitle": "The Volume", "year": "2001"}
    assert by["after"].inherited == by["before"].inherited
    # A missing parent leaves the child as written.
    assert by["orphan"].fields == {"title": "Orphan", "crossref": "nowhere"}
    # A chain is one level, as BibTeX: the volume inherits from the series, its children
    # from the volume as written (not the series' editor).
    assert by["proc"].fields["editor"] == "Ed, A."
    assert "editor" not in by["before"].fields
    assert entries == parse_bib(CROSSREF).entries


def test_a_macro_defined_after_an_entry_does_not_apply_to_it() -> None:
    text = "@misc{a, journal = j}\n@string{j = {Journal}}\n@misc{b, journal = j}\n"
    for entries in (streamed(text)[0], parse_bib(text).entries):
        assert [e.fields["journal"] for e in entries] == ["j", "Journal"]


def test_an_at_sign_inside_a_value_does_not_cut_the_entry() -> None:
    text = (
        "@misc{a, note = {see\n@misc remarks, and\n@ more},\n title = {T}}\n@misc{b, title={U}}\n"
    )
    found = list(blocks(text_lines(text)))
    assert [b.at.line for b in found] == [0, 4]
    entries, problems = streamed(text)
    assert [e.key for e in entries] == ["a", "b"] and not problems
    assert entries[0].fields["note"].startswith("see\n@misc remarks")


def test_an_unclosed_entry_is_reported_and_the_next_entry_read() -> None:
    text = "@misc{a, title = {T\n\n@article{b, title = {U}}\n"
    entries, problems = streamed(text)
    assert [e.key for e in entries] == ["b"] and entries[0].line == 2
    assert [p.line for p in problems] == [0]


def test_repeated_keys_are_reported_across_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream_module, "BATCH_BLOCKS", 2)
    text = "".join(f"@misc{{k{i % 3}, title = {{T{i}}}}}\n" for i in range(7))
    entries, problems = streamed(text)
    assert len(entries) == 7
    assert [p.line for p in problems] == [3, 4, 5, 6]
    assert entries == parse_bib(text).entries


def _write(tmp_path: Path, text: str, bom: bool = False) -> Path:
    path = tmp_path / "refs.bib"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode())
    return path


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("bom", [False, True])
def test_a_file_streams_as_its_text(tmp_path: Path, newline: str, bom: bool) -> None:
    text = (SAMPLE + CROSSREF + '@misc{ü, title = {Ünïcode \\"o}}\n').replace("\n", newline)
    path = _write(tmp_path, text, bom)
    s = BibStream.open(path)
    entries = list(s.entries())
    assert entries == streamed(text)[0]
    assert s.entry_count == len(entries) + 1  # the broken one opens an entry too
    # The offsets are the text's, so an entry's text is where they say.
    for e in entries:
        assert text[e.start : e.end].lstrip().startswith("@")


def test_batches_hold_a_bounded_number_of_entries(tmp_path: Path) -> None:
    text = "".join(f"@misc{{k{i}, title = {{T{i}}}}}\n" for i in range(1234))
    s = BibStream.open(_write(tmp_path, text))
    sizes = [len(b) for b in s.batches(500)]
    assert sizes == [500, 500, 234]


def test_an_oversized_block_is_reported_not_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stream_module, "MAX_BLOCK", 1000)
    monkeypatch.setattr(stream_module, "MAX_LINE", 100)
    text = "@misc{a, title={A}}\n@misc{big, note = {" + "x" * 5000 + "}}\n@misc{b, title={B}}\n"
    s = BibStream.open(_write(tmp_path, text))
    assert [e.key for e in s.entries()] == ["a", "b"]
    assert [(p.line, "over" in p.message) for p in s.problems] == [(1, True)]


def test_devices_and_fifos_are_refused_before_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.bib"
    os.mkfifo(fifo)
    with pytest.raises(UnreadableFile):
        BibStream.open(fifo)
    link = tmp_path / "zero.bib"
    link.symlink_to("/dev/zero")
    with pytest.raises(UnreadableFile):
        BibStream.open(link)


def test_the_json_report_is_written_as_json_dump_writes_it() -> None:
    from mathlsp.cli.verify_bib import _JsonReferences

    rows = [{"id": "a", "reasons": ["x\ny"], "record": {"t": "é"}}, {"id": "b", "notes": []}]
    problems = [{"line": 3, "message": "m"}]
    summary = {"confirmed": 1, "unconfirmed": 1, "pending": 0}
    for n in range(3):
        for probs in ([], problems):
            out = io.StringIO()
            writer = _JsonReferences(out)
            for row in rows[:n]:
                writer.reference(row)
            writer.close(probs, summary)
            expected = io.StringIO()
            report = {"references": rows[:n], "problems": probs, "summary": summary}
            json.dump(report, expected, ensure_ascii=False, indent=2)
            assert out.getvalue() == expected.getvalue() + "\n"


def test_a_long_line_read_in_pieces_is_not_cut_where_a_piece_starts() -> None:
    # A line longer than MAX_LINE comes in pieces: a piece that starts with `@` does not start
    # a line, so it does not start a block.
    pieces = ["@misc{a, title={A}} % a long comment ", "@misc{b, title={B}}\n", "@misc{c}\n"]
    found = list(blocks(pieces))
    assert [b.text for b in found] == ["".join(pieces[:2]), pieces[2]]
    assert [b.at.line for b in found] == [0, 1]
