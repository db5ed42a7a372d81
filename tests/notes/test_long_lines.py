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
