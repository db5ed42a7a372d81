"""The line scanner: ATX headings, fenced code, HTML comments, opaque lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.markdown import normalize_heading, scan
from mathlsp.notes.spans import Span


def _at(text: str, span: Span) -> str:
    return text[span.start : span.end]


def _headings(text: str) -> list[tuple[int, str]]:
    return [(h.level, h.title) for h in scan(text).headings]


def _opaque(text: str) -> list[bool]:
    return [bool(o) for o in scan(text).opaque]


def test_lines_and_starts_for_every_line_break() -> None:
    text = "a\nbb\r\nccc\rdddd\n"
    lines = scan(text)
    assert lines.texts == ["a", "bb", "ccc", "dddd", ""]
    assert lines.starts == [0, 2, 6, 10, 15]
    assert [lines.line_of(o) for o in (0, 1, 2, 5, 6, 10, 14, 15)] == [0, 0, 1, 1, 2, 3, 3, 4]
    assert lines.span(1) == Span(2, 4)
    assert lines.span(2, 1, 2) == Span(7, 8)
    assert lines.line_span(1, 3) == Span(2, 14)
    assert _at(text, lines.line_span(1, 3)) == "bb\r\nccc\rdddd"


def test_heading_levels_titles_and_spans() -> None:
    text = "# One\n## Two ##\n   ### Three   #\n#### Über 𝔽 é\n###### Six\n"
    lines = scan(text)
    assert [(h.level, h.title, h.line) for h in lines.headings] == [
        (1, "One", 0),
        (2, "Two", 1),
        (3, "Three", 2),
        (4, "Über 𝔽 é", 3),
        (6, "Six", 4),
    ]
    for h in lines.headings:
        assert _at(text, h.title_span) == h.title
        assert _at(text, h.span) == lines.texts[h.line]


@pytest.mark.parametrize(
    "line",
    ["#hashtag", "####### seven", "    # indented code", "\t# tab", "#5 not a heading", "text # x"],
)
def test_not_headings(line: str) -> None:
    assert scan(line + "\n").headings == []


def test_empty_headings_and_tabs() -> None:
    text = "#\n##   \n#\tTabbed\t##\t\n"
    lines = scan(text)
    assert [(h.level, h.title) for h in lines.headings] == [(1, ""), (2, ""), (1, "Tabbed")]
    empty = lines.headings[0]
    assert empty.title_span.start == empty.title_span.end
    assert _at(text, lines.headings[2].title_span) == "Tabbed"


def test_heading_spans_with_crlf_and_lone_cr() -> None:
    text = "intro\r\n## Search History\r\rbody\r### REF-001: Ĝ𝔽\r\n"
    lines = scan(text)
    assert [(h.level, h.title, h.line) for h in lines.headings] == [
        (2, "Search History", 1),
        (3, "REF-001: Ĝ𝔽", 4),
    ]
    assert [_at(text, h.title_span) for h in lines.headings] == ["Search History", "REF-001: Ĝ𝔽"]
    assert _at(text, lines.headings[1].span) == "### REF-001: Ĝ𝔽"


def test_backtick_and_tilde_fences_are_opaque() -> None:
    text = "```python\n# not a heading\n```\n# yes\n~~~\n## no\n~~~\n"
    assert _headings(text) == [(1, "yes")]
    assert _opaque(text) == [True, True, True, False, True, True, True, False]


def test_closing_fence_must_match_kind_and_length() -> None:
    text = "````\n```\n# no\n~~~~\n# still no\n`````\n# yes\n"
    assert _headings(text) == [(1, "yes")]
    text = "~~~\n```\n# no\n~~\n# no\n~~~~~\n# yes\n"
    assert _headings(text) == [(1, "yes")]


def test_closing_fence_with_info_string_does_not_close() -> None:
    text = "```\n# no\n``` python\n# still code\n```\n# yes\n"
    assert _headings(text) == [(1, "yes")]


def test_backtick_fence_info_with_backtick_is_not_a_fence() -> None:
    assert _headings("``` a`b\n# yes\n") == [(1, "yes")]
    assert _opaque("``` a`b\n# yes\n") == [False, False, False]


def test_tilde_fence_info_may_hold_backticks() -> None:
    assert _headings("~~~ a`b\n# no\n~~~\n") == []


def test_indented_fences() -> None:
    assert _headings("   ```\n# no\n   ```\n# yes\n") == [(1, "yes")]
    assert _headings("    ```\n# yes\n") == [(1, "yes")]  # four spaces: indented code, no fence


def test_unclosed_fence_runs_to_the_end() -> None:
    text = "# before\n```\n# no\n## no"
    assert _headings(text) == [(1, "before")]
    assert _opaque(text) == [False, True, True, True]


def test_html_comments_are_opaque() -> None:
    text = "<!--\n# no\n### REF-001: no\n-->\n# yes\n<!-- one line -->\n## also yes\n"
    assert _headings(text) == [(1, "yes"), (2, "also yes")]
    assert _opaque(text) == [True, True, True, True, False, True, False, False]


def test_html_comment_closing_on_the_opening_line_after_text() -> None:
    assert _headings("  <!-- a --> tail\n# yes\n") == [(1, "yes")]
    assert _headings("<!-- a\nb --> c\n# yes\n") == [(1, "yes")]


def test_unclosed_comment_runs_to_the_end() -> None:
    text = "<!-- open\n# no\n"
    assert _headings(text) == []
    assert all(_opaque(text)[:2])


def test_fence_inside_comment_and_comment_inside_fence() -> None:
    assert _headings("<!--\n```\n-->\n# yes\n") == [(1, "yes")]
    assert _headings("```\n<!--\n```\n# yes\n") == [(1, "yes")]


def test_body_start_marks_frontmatter_lines_opaque() -> None:
    text = "---\n# not: a heading\n---\n# Title\n"
    lines = scan(text, text.index("# Title"))
    assert lines.first_line == 3
    assert _headings(text)[0] == (1, "not: a heading")  # without body_start it is Markdown
    assert [(h.level, h.title) for h in lines.headings] == [(1, "Title")]
    assert [bool(o) for o in lines.opaque] == [True, True, True, False, False]


def test_body_start_at_the_end_of_an_unclosed_frontmatter() -> None:
    text = "---\na: 1\n# x"
    lines = scan(text, len(text))
    assert lines.headings == []
    assert lines.first_line == len(lines.texts)
    lines = scan(text + "\n", len(text) + 1)
    assert lines.headings == []


def test_bom_without_frontmatter_keeps_the_first_line() -> None:
    text = "\ufeff# Title\n## Section\n"
    lines = scan(text, 1)
    assert lines.first_line == 0
    assert [(h.level, h.title) for h in lines.headings] == [(1, "Title"), (2, "Section")]
    assert _at(text, lines.headings[0].title_span) == "Title"


def test_inline_code_spans() -> None:
    text = "a `REF-001` b ``x ` y`` c `unclosed\nno code"
    lines = scan(text)
    spans = lines.inline_code_spans(0)
    assert [lines.texts[0][s:e] for s, e in spans] == ["`REF-001`", "``x ` y``"]
    assert lines.inline_code_spans(1) == []


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Search History", "search history"),
        ("  **Search   History** ", "search history"),
        ("Gaps in Literature:", "gaps in literature"),
        ("Insight/Takeaway", "insight takeaway"),
        ("Über-Ergebnisse", "über ergebnisse"),
        ("", ""),
    ],
)
def test_normalize_heading(title: str, expected: str) -> None:
    assert normalize_heading(title) == expected


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab\n\r ", max_size=40))
def test_line_starts_follow_the_line_lengths(text: str) -> None:
    from mathlsp.notes.markdown import split_lines

    texts, starts = split_lines(text)
    assert len(starts) == len(texts)
    assert all(text[s : s + len(t)] == t for s, t in zip(starts, texts, strict=True))
    if "\r" not in text:
        assert [s - 1 for s in starts[1:]] == [i for i, c in enumerate(text) if c == "\n"]
