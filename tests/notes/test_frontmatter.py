"""Frontmatter: located exactly, parsed by a strict safe loader, errors recorded (never raised)."""

from __future__ import annotations

import pytest

from mathlsp.notes.frontmatter import MAX_FRONTMATTER_CHARS, parse_frontmatter
from mathlsp.notes.spans import Span


def _at(text: str, span: Span) -> str:
    return text[span.start : span.end]


LITERATURE_FM = """\
---
problem: "neumann-series"
total_papers: 3
confirmed_count: 2
unconfirmed_count: 1
last_search: "2026-02-10T14:30:00Z"
sources_queried: [arxiv, semantic_scholar]
---
# Literature
"""


def test_literature_frontmatter_values_and_spans() -> None:
    fm = parse_frontmatter(LITERATURE_FM)
    assert fm.present and fm.closed and fm.valid and fm.error is None
    assert fm.data == {
        "problem": "neumann-series",
        "total_papers": 3,
        "confirmed_count": 2,
        "unconfirmed_count": 1,
        "last_search": "2026-02-10T14:30:00Z",
        "sources_queried": ["arxiv", "semantic_scholar"],
    }
    assert _at(LITERATURE_FM, fm.span) == LITERATURE_FM[: LITERATURE_FM.index("# Literature")]
    assert _at(LITERATURE_FM, fm.yaml_span).startswith('problem: "neumann-series"\n')
    assert _at(LITERATURE_FM, fm.yaml_span).endswith("semantic_scholar]\n")
    assert LITERATURE_FM[fm.body_start :] == "# Literature\n"
    field = fm.fields["problem"]
    assert _at(LITERATURE_FM, field.key_span) == "problem"
    assert _at(LITERATURE_FM, field.value_span) == '"neumann-series"'
    assert _at(LITERATURE_FM, fm.fields["total_papers"].value_span) == "3"
    assert _at(LITERATURE_FM, fm.fields["sources_queried"].value_span) == (
        "[arxiv, semantic_scholar]"
    )
    assert fm.get("total_papers") == 3
    assert fm.get("missing", "default") == "default"


def test_no_frontmatter() -> None:
    for text in ["", "# Title\n", "text\n---\na: 1\n---\n", " ---\na: 1\n---\n", "--- x\n"]:
        fm = parse_frontmatter(text)
        assert not fm.present, text
        assert fm.body_start == 0
        assert fm.data == {}
        assert fm.error is None
        assert not fm.valid


def test_bom_is_skipped() -> None:
    text = "\ufeff---\na: 1\n---\nbody"
    fm = parse_frontmatter(text)
    assert fm.valid
    assert fm.span == Span(1, text.index("body"))
    assert fm.data == {"a": 1}
    assert _at(text, fm.fields["a"].value_span) == "1"
    fm = parse_frontmatter("\ufeff# Title\n")
    assert not fm.present
    assert fm.body_start == 1


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_line_endings(eol: str) -> None:
    text = eol.join(["---", "title: Über 𝔽-modules", "n: 2", "---", "# Body", ""])
    fm = parse_frontmatter(text)
    assert fm.valid, fm.error
    assert fm.data == {"title": "Über 𝔽-modules", "n": 2}
    assert _at(text, fm.fields["title"].value_span) == "Über 𝔽-modules"
    assert _at(text, fm.fields["n"].value_span) == "2"
    assert text[fm.body_start :] == "# Body" + eol
    assert _at(text, fm.span) == eol.join(["---", "title: Über 𝔽-modules", "n: 2", "---", ""])


def test_fences_with_trailing_blanks_longer_dashes_and_dots_closer() -> None:
    text = "---  \na: 1\n...\t\nbody"
    fm = parse_frontmatter(text)
    assert fm.valid and fm.data == {"a": 1}
    assert text[fm.body_start :] == "body"
    text = "-----\na: 1\n----\nbody"
    assert parse_frontmatter(text).data == {"a": 1}


def test_empty_frontmatter_blocks() -> None:
    for text in ["---\n---\nbody", "---\n\n\n---\nbody", "---\n# only a comment\n---\nbody"]:
        fm = parse_frontmatter(text)
        assert fm.valid and fm.data == {} and fm.fields == {}, text
        assert text[fm.body_start :] == "body"
    fm = parse_frontmatter("---\n---")
    assert fm.valid and fm.body_start == 7


def test_unclosed_frontmatter() -> None:
    text = "---\ntitle: x\n# Heading\n"
    fm = parse_frontmatter(text)
    assert fm.present and not fm.closed
    assert fm.error is not None and "not closed" in fm.error
    assert fm.error_span == Span(0, 3)
    assert fm.span == Span(0, len(text))
    assert fm.body_start == len(text)
    assert fm.data == {}
    assert not fm.valid
    fm = parse_frontmatter("---")
    assert fm.present and not fm.closed


def test_frontmatter_that_is_a_list() -> None:
    text = "---\n- a\n- b\n---\n"
    fm = parse_frontmatter(text)
    assert fm.present and fm.closed and not fm.valid
    assert fm.error is not None and "mapping" in fm.error
    assert fm.error_span is not None
    assert _at(text, fm.error_span).startswith("- a")
    assert fm.data == {} and fm.fields == {}


@pytest.mark.parametrize("yaml_text", ["42", "just a sentence", "'quoted'", "[1, 2]"])
def test_frontmatter_that_is_a_scalar_or_flow_list(yaml_text: str) -> None:
    fm = parse_frontmatter(f"---\n{yaml_text}\n---\n")
    assert fm.error is not None and fm.data == {}


@pytest.mark.parametrize(
    "yaml_text",
    [
        "a: [1, 2",
        "a: b: c",
        "a:\n  - x\n b: 2",
        "a: 'unterminated",
        '"a": "x" "y"',
        "\ta: 1",
        "a: @reserved",
        "{a: 1",
    ],
)
def test_malformed_yaml_sets_an_error_with_a_span(yaml_text: str) -> None:
    text = f"---\n{yaml_text}\n---\nbody\n"
    fm = parse_frontmatter(text)
    assert fm.present and fm.closed
    assert fm.error is not None and fm.error.startswith("invalid YAML")
    assert fm.data == {} and fm.fields == {}
    assert fm.error_span is not None
    assert fm.yaml_span.start <= fm.error_span.start <= fm.error_span.end <= fm.yaml_span.end
    assert text[fm.body_start :] == "body\n"


def test_billion_laughs_is_refused_at_the_first_anchor() -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(ord("b"), ord("j")):
        prev = chr(i - 1)
        lines.append(f"{chr(i)}: &{chr(i)} [" + ",".join([f"*{prev}"] * 9) + "]")
    text = "---\n" + "\n".join(lines) + "\n---\n"
    fm = parse_frontmatter(text)
    assert fm.error is not None and "anchor" in fm.error
    assert fm.data == {}


def test_aliases_are_refused() -> None:
    fm = parse_frontmatter("---\nbase: &b {x: 1}\nother: *b\n---\n")
    assert fm.error is not None and "not allowed" in fm.error
    fm = parse_frontmatter("---\nother: *undefined\n---\n")
    assert fm.error is not None
    fm = parse_frontmatter("---\nbase: {x: 1}\n<<: *b\n---\n")
    assert fm.error is not None


@pytest.mark.parametrize(
    "value",
    [
        "!!python/object:os.system ls",
        "!!python/object/apply:os.system [ls]",
        "!!python/name:os.system",
        "!!binary aGVsbG8=",
        "!!str 12",
        "!custom x",
    ],
)
def test_explicit_tags_are_refused(value: str) -> None:
    fm = parse_frontmatter(f"---\na: {value}\n---\n")
    assert fm.error is not None and "tag" in fm.error
    assert fm.data == {}


def test_dates_become_iso_strings_everywhere() -> None:
    text = (
        "---\ncreated: 2026-02-10\nlast_search: 2026-02-10T14:30:00Z\n"
        "nested: {when: 2026-01-01}\nlist: [2026-03-04, x]\n---\n"
    )
    fm = parse_frontmatter(text)
    assert fm.data == {
        "created": "2026-02-10",
        "last_search": "2026-02-10T14:30:00+00:00",
        "nested": {"when": "2026-01-01"},
        "list": ["2026-03-04", "x"],
    }
    assert _at(text, fm.fields["created"].value_span) == "2026-02-10"


def test_value_spans_of_block_values_stop_at_their_last_character() -> None:
    text = (
        "---\n"
        "tags:\n  - a\n  - b\n"
        "# a comment\n"
        "note: |\n  line one\n  line two\n\n"
        "strategies_tried:\n  - id: PROOF-001\n    status: abandoned\n"
        "after: 1\n"
        "---\n"
    )
    fm = parse_frontmatter(text)
    assert fm.valid, fm.error
    assert _at(text, fm.fields["tags"].value_span) == "- a\n  - b"
    assert _at(text, fm.fields["note"].value_span) == "|\n  line one\n  line two"
    assert _at(text, fm.fields["strategies_tried"].value_span) == (
        "- id: PROOF-001\n    status: abandoned"
    )
    assert fm.data["strategies_tried"] == [{"id": "PROOF-001", "status": "abandoned"}]
    assert _at(text, fm.fields["after"].value_span) == "1"


def test_empty_values_get_an_empty_span_after_the_colon() -> None:
    text = "---\nlast_search:\nempty_list: []\nq: ''\n---\n"
    fm = parse_frontmatter(text)
    field = fm.fields["last_search"]
    assert field.value is None
    assert field.value_span.start == field.value_span.end
    assert text[: field.value_span.start].endswith("last_search:")
    assert _at(text, fm.fields["empty_list"].value_span) == "[]"
    assert _at(text, fm.fields["q"].value_span) == "''"


def test_comments_and_quoted_values() -> None:
    text = '---\nstatus: draft   # draft | defined\ntitle: "A: B # not a comment"\n---\n'
    fm = parse_frontmatter(text)
    assert fm.data == {"status": "draft", "title": "A: B # not a comment"}
    assert _at(text, fm.fields["status"].value_span) == "draft"
    assert _at(text, fm.fields["title"].value_span) == '"A: B # not a comment"'


def test_non_string_keys_are_skipped_and_duplicates_keep_the_last() -> None:
    fm = parse_frontmatter("---\n1: one\n? [a]\n: list\nb: 2\nb: 3\n---\n")
    assert fm.valid
    assert fm.data == {"b": 3}
    assert set(fm.fields) == {"b"}


def test_frontmatter_too_large() -> None:
    text = "---\n" + "a: " + "x" * MAX_FRONTMATTER_CHARS + "\n---\nbody"
    fm = parse_frontmatter(text)
    assert fm.error is not None and "too large" in fm.error
    assert fm.data == {}
    assert text[fm.body_start :] == "body"


def test_deep_nesting_does_not_raise() -> None:
    text = "---\na: " + "[" * 400 + "]" * 400 + "\n---\n"
    fm = parse_frontmatter(text)
    assert fm.present  # parsed or refused, never an exception
    assert fm.error is None or fm.data == {}


def test_control_characters_do_not_raise() -> None:
    fm = parse_frontmatter("---\na: \x07bell\x00\n---\n")
    assert fm.error is not None
