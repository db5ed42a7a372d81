"""Long lines cost linear work: a 1 MB line of mentions must not be scanned once per mention.

Timing belongs in benchmarks (machines here are noisy), so these tests check the structure that
makes the work linear — each line's non-prose spans are computed once per scan — and that the
fast lookups agree with the obvious quadratic definition on generated lines.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import mathlsp.notes.document as document
from mathlsp.notes.document import MarkdownDoc, _Excluded
from mathlsp.notes.identifiers import find_identifiers


def test_a_line_of_mentions_computes_its_code_spans_once(monkeypatch) -> None:
    calls: list[int] = []
    original = document._inline_excluded

    def counting(lines, line):  # type: ignore[no-untyped-def]
        calls.append(line)
        return original(lines, line)

    monkeypatch.setattr(document, "_inline_excluded", counting)
    line = "REF-001 `code` " * 5000
    doc = MarkdownDoc("# Proof\n\n" + line + "\n", "PROOF.md")
    mentions = doc.mentions
    assert len(mentions) == 5000
    assert calls.count(2) == 1  # once for the line, not once per mention


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 200), st.integers(0, 30)), max_size=30), st.integers(0, 260)
)
def test_excluded_spans_agree_with_the_definition(spans, col) -> None:
    pairs = [(s, s + n) for s, n in spans]
    assert (col in _Excluded(pairs)) == any(s <= col < e for s, e in pairs)


PIECES = st.sampled_from(
    ["arXiv:2301.12345", "2301.12345v2", "doi:10.1000/x", "10.1007/978-3-642", "arxiv:bad",
     "doi:", "math/0601001", " ", "(", ")", ".", ",", "`", "a", "10.", "arXiv:"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(PIECES, max_size=40).map("".join))
def test_identifier_mentions_never_overlap(text: str) -> None:
    found = sorted((m.start, m.end) for m in find_identifiers(text))
    for (_s1, e1), (s2, _e2) in itertools.pairwise(found):
        assert e1 <= s2, (text, found)


# -- the one-pass scanners agree with the plain definitions they replace ------------------------
def _reference_code_spans(text: str) -> list[tuple[int, int]]:
    """CommonMark's code spans read literally: from each backtick run, look for the next run of
    the same length; none: the run is text and reading goes on after it (quadratic)."""
    out: list[tuple[int, int]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] != "`":
            i += 1
            continue
        j = i
        while j < n and text[j] == "`":
            j += 1
        p, close = j, None
        while p < n and close is None:
            if text[p] == "`":
                q = p
                while q < n and text[q] == "`":
                    q += 1
                if q - p == j - i:
                    close = q
                p = q
            else:
                p += 1
        if close is None:
            i = j
        else:
            out.append((i, close))
            i = close
    return out


LINE_PIECES = st.sampled_from(
    ["`", "``", "```", "a", " ", "REF-001", "UREF-002", "REF-9", "<!--", "-->", "x-", "U",
     "[V]", ". ", "; B", "\\`", "𝔸", "é", "arXiv:2301.12345", "doi:10.1000/x)", ")", "]"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(LINE_PIECES, max_size=40).map("".join))
def test_code_spans_agree_with_the_definition(text: str) -> None:
    from mathlsp.notes.markdown import code_spans

    assert code_spans(text) == _reference_code_spans(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(LINE_PIECES, max_size=25).map("".join), min_size=1, max_size=6))
def test_mentions_agree_with_a_scan_line_by_line(lines: list[str]) -> None:
    import re

    from mathlsp.notes.document import REF_ID

    text = "# Proof\n" + "\n".join(lines) + "\n"
    doc = MarkdownDoc(text, "PROOF.md")
    expected = []
    for i, line in enumerate(doc.lines.texts):
        if doc.lines.opaque[i]:
            continue
        hidden = _reference_code_spans(line) + [
            (m.start(), m.end()) for m in re.finditer(r"<!--.*?(?:-->|$)", line)
        ]
        base = doc.lines.starts[i]
        for m in REF_ID.finditer(line):
            if not any(s <= m.start() < e for s, e in hidden):
                expected.append((m["kind"], int(m["num"]), base + m.start(), base + m.end(), i))
    got = [(m.kind, m.number, m.span.start, m.span.end, m.line) for m in doc.mentions]
    assert got == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(LINE_PIECES, max_size=200).map("".join), st.data())
def test_positions_on_long_lines_count_utf16_units(line: str, data: st.DataObject) -> None:
    from mathlsp.notes.text import LineIndex, utf16_len

    text = "x\n" + line * 8 + "\nend"
    index = LineIndex(text)
    for _ in range(5):
        offset = data.draw(st.integers(0, len(text)))
        pos = index.position(offset)
        start = text.rfind("\n", 0, offset) + 1 if offset else 0
        assert (pos.line, pos.character) == (
            text.count("\n", 0, offset),
            utf16_len(text[start:offset]),
        )


def _reference_verified(text: str, column: int) -> bool:
    from mathlsp.checks.references import _SENTENCE_END

    if "[V]" not in text:
        return False
    start, end = 0, len(text)
    for m in _SENTENCE_END.finditer(text):
        if m.end() <= column:
            start = m.end()
        elif m.start() >= column:
            end = m.start() + 1
            break
    return "[V]" in text[start:end]


@settings(max_examples=300, deadline=None)
@given(st.lists(LINE_PIECES, max_size=40).map("".join), st.lists(st.integers(0, 400), max_size=8))
def test_verified_sentences_agree_with_the_definition(text: str, columns: list[int]) -> None:
    from mathlsp.checks.references import _VerifiedLines

    doc = MarkdownDoc("# Proof\n" + text + "\n" + text[::-1] + "\n", "PROOF.md")
    verified = _VerifiedLines(doc)
    for line in (1, 2, 1):
        for col in columns:
            col = min(col, len(doc.lines.texts[line]))
            assert verified(line, col) == _reference_verified(doc.lines.texts[line], col)


def _reference_strip(text: str) -> str:
    pairs = {")": "(", "]": "["}
    while text and text[-1] in pairs and text.count(text[-1]) > text.count(pairs[text[-1]]):
        text = text[:-1].rstrip(".,;:")
    return text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="()[]x.,;:/", max_size=30))
def test_unbalanced_closers_are_stripped_as_defined(text: str) -> None:
    from mathlsp.notes.identifiers import _strip_unbalanced_closer

    assert _strip_unbalanced_closer(text) == _reference_strip(text)
