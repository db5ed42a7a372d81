"""Parts of `scan`: `parse_heading` in one match, line starts and candidate lines in C."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.markdown import Heading, _heading_title, parse_heading
from mathlsp.notes.spans import Span

_HEADING = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*))?$")


def _two_step(line: str, number: int, base: int) -> Heading | None:
    """The reading before: a check of the indent and the `#`, then the match."""
    lead = line.lstrip(" ")
    if len(line) - len(lead) > 3 or not lead.startswith("#"):
        return None
    m = _HEADING.match(line)
    if m is None:
        return None
    title = _heading_title(m.group(2) or "")
    t_start = m.start(2) if m.group(2) is not None else len(line)
    return Heading(
        level=len(m.group(1)),
        title=title,
        line=number,
        span=Span(base, base + len(line)),
        title_span=Span(base + t_start, base + t_start + len(title)),
    )


_BITS = st.sampled_from(" \t#aZ-:\u00a0\u3000é`\x0b\x0c\r\x1c\x85")
# Lines shaped like headings (an indent, `#`s, a gap, a title, a tail) and any short text.
_LINES = st.one_of(
    st.tuples(
        st.sampled_from(["", " ", "   ", "    ", "\t"]),
        st.sampled_from(["", "#", "##", "###", "######", "#######"]),
        st.sampled_from(["", " ", "\t", "  \t", "x"]),
        st.text(alphabet=_BITS, max_size=8),
        st.sampled_from(["", " ", "\t", " #", "#", "\t## ", " # \t", "\\#"]),
    ).map("".join),
    st.text(alphabet=_BITS, max_size=14),
)


@settings(max_examples=3000, deadline=None)
@given(_LINES, st.integers(0, 100), st.integers(0, 10_000))
def test_one_match_reads_every_line_as_the_two_steps_did(line: str, number: int, base: int) -> None:
    assert parse_heading(line, number, base) == _two_step(line, number, base)


def test_headings_with_closing_hashes_and_blanks() -> None:
    for line in ["### REF-001: T ###", "## C#", "#", "####### seven", "   # three", "    # four",
                 "# a #  ", "#\tx\t#", "## #", "#  "]:  # fmt: skip
        assert parse_heading(line, 3, 40) == _two_step(line, 3, 40), line


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab\n\r é"), max_size=40))
def test_split_lines_starts_are_the_line_starts(text: str) -> None:
    from mathlsp.notes.linestarts import line_starts
    from mathlsp.notes.markdown import split_lines

    texts, starts = split_lines(text)
    assert starts == line_starts(text)
    assert len(texts) == len(starts)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from("#`~< -a\t"), max_size=3)), st.integers(0, 5))
def test_candidate_lines_are_the_lines_starting_with_a_special_character(
    texts: list[str], first: int
) -> None:
    from mathlsp.notes.markdown import _SPECIAL, _candidate_lines

    want = [i for i in range(first, len(texts)) if texts[i][:1] in _SPECIAL]
    assert _candidate_lines(texts, first) == want
