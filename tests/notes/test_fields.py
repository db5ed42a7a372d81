"""`- **Name:** value` bullet fields with wrapped continuation lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.fields import FieldMap, field_key, parse_fields
from mathlsp.notes.markdown import scan
from mathlsp.notes.spans import Span


def _at(text: str, span: Span) -> str:
    return text[span.start : span.end]


def _parse(text: str, first: int = 0, last: int | None = None):
    lines = scan(text)
    last = len(lines.texts) - 1 if last is None else last
    return parse_fields(lines, first, last)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Authors", "authors"),
        ("Author", "authors"),
        ("arXiv ID", "arxiv_id"),
        ("arXiv", "arxiv_id"),
        ("arXiv identifier", "arxiv_id"),
        ("DOI", "doi"),
        ("Key Results", "key_results"),
        ("Key result", "key_results"),
        ("Insight/Takeaway", "insight"),
        ("Takeaway", "insight"),
        ("Strategy type", "strategy_type"),
        ("Strategy", "strategy_type"),
        ("Re-attempt of", "re_attempt_of"),
        ("Reattempt of", "re_attempt_of"),
        ("  What was tried  ", "what_was_tried"),
        ("Artifacts produced", "artifacts_produced"),
    ],
)
def test_field_key(name: str, key: str) -> None:
    assert field_key(name) == key


def test_fields_with_exact_spans() -> None:
    text = "### REF-001: T\n- **Authors:** Gödel, 𝔽. Noether\n- **Year:** 1966\n"
    fields, loose = _parse(text, 1)
    assert loose == []
    assert [(f.name, f.key, f.value, f.line) for f in fields] == [
        ("Authors", "authors", "Gödel, 𝔽. Noether", 1),
        ("Year", "year", "1966", 2),
    ]
    authors = fields[0]
    assert _at(text, authors.span) == "- **Authors:** Gödel, 𝔽. Noether"
    assert _at(text, authors.name_span) == "Authors"
    assert _at(text, authors.value_span) == "Gödel, 𝔽. Noether"
    assert _at(text, fields[1].value_span) == "1966"


@pytest.mark.parametrize(
    "line",
    [
        "- **Year:** 1966",
        "* **Year:** 1966",
        "+ **Year:** 1966",
        "  - **Year:** 1966",
        "\t- **Year:** 1966",
        "- **Year**: 1966",
        "- **Year** : 1966",
        "-\t**Year:**\t1966",
        "- **Year:**1966",
        "- **Year:** 1966   ",
    ],
)
def test_bullet_spellings(line: str) -> None:
    text = "head\n" + line + "\n"
    fields, loose = _parse(text, 1)
    assert loose == []
    [field] = fields
    assert (field.key, field.value) == ("year", "1966")
    assert _at(text, field.value_span) == "1966"
    assert _at(text, field.name_span) == "Year"


def test_empty_values() -> None:
    text = "x\n- **DOI:**\n- **arXiv ID:**   \n- **Year:** 1999\n"
    fields, _ = _parse(text, 1)
    assert [(f.key, f.value) for f in fields] == [("doi", ""), ("arxiv_id", ""), ("year", "1999")]
    for f in fields[:2]:
        assert f.value_span.start == f.value_span.end


def test_wrapped_values_join_continuation_lines() -> None:
    text = (
        "x\n"
        "- **Abstract:** We study the convergence\n"
        "  of perturbed Neumann series\n"
        "in Banach spaces.\n"
        "- **Relevance:** High.\n"
    )
    fields, loose = _parse(text, 1)
    assert loose == []
    abstract, relevance = fields
    assert (
        abstract.value == "We study the convergence of perturbed Neumann series in Banach spaces."
    )
    assert _at(text, abstract.value_span) == (
        "We study the convergence\n  of perturbed Neumann series\nin Banach spaces."
    )
    assert _at(text, abstract.span).startswith("- **Abstract:**")
    assert _at(text, abstract.span).endswith("Banach spaces.")
    assert abstract.line == 1
    assert relevance.value == "High."


def test_value_starting_on_the_continuation_line() -> None:
    text = "x\n- **Abstract:**\n    The abstract, on its own line.\n"
    [field], _ = _parse(text, 1)
    assert field.value == "The abstract, on its own line."
    assert _at(text, field.value_span) == "The abstract, on its own line."


def test_crlf_continuations() -> None:
    text = "x\r\n- **Abstract:** one\r\n  two\r\n- **Year:** 2001\r\n"
    fields, _ = _parse(text, 1)
    assert [(f.key, f.value) for f in fields] == [("abstract", "one two"), ("year", "2001")]
    assert _at(text, fields[0].value_span) == "one\r\n  two"
    assert _at(text, fields[1].span) == "- **Year:** 2001"


def test_blank_line_ends_a_field_and_stray_lines_are_loose() -> None:
    text = "x\n- **Year:** 1966\n\nafter a blank\n- a plain bullet\n- **Source:** arXiv\n"
    fields, loose = _parse(text, 1)
    assert [(f.key, f.value) for f in fields] == [("year", "1966"), ("source", "arXiv")]
    assert loose == [3, 4]


def test_code_and_comments_inside_an_entry_are_loose_not_fields() -> None:
    text = (
        "x\n"
        "- **Year:** 1966\n"
        "```\n"
        "- **Fake:** inside code\n"
        "```\n"
        "<!-- - **Hidden:** in a comment -->\n"
        "- **Source:** arXiv\n"
    )
    fields, loose = _parse(text, 1)
    assert [f.key for f in fields] == ["year", "source"]
    assert loose == [2, 3, 4, 5]


def test_range_limits_are_respected() -> None:
    text = "- **A:** 1\n- **B:** 2\n- **C:** 3\n"
    fields, _ = _parse(text, 1, 1)
    assert [f.key for f in fields] == ["b"]
    assert _parse(text, 2, 1) == ([], [])


def test_field_map_first_occurrence_wins_and_repeats_are_kept() -> None:
    text = "x\n- **Year:** 1966\n- **DOI:** 10.1/x\n- **Year:** 1970\n"
    fields, _ = _parse(text, 1)
    fmap = FieldMap(fields)
    assert fmap.value("year") == "1966"
    assert fmap.get("year") is fields[0]
    assert [f.value for f in fmap.all if f.key == "year"] == ["1966", "1970"]
    assert "doi" in fmap
    assert "abstract" not in fmap
    assert fmap.get("abstract") is None
    assert fmap.value("abstract") == ""


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-2, (1 << 32) + 1) | st.integers(0, 40), min_size=7, max_size=7))
def test_packed_offsets_round_trip_or_are_refused(offsets: list[int]) -> None:
    from mathlsp.notes.fields import _LANE, _MASK, _pack

    if all(0 <= o <= _MASK for o in offsets):
        packed = _pack(*offsets)
        assert [(packed >> (_LANE * k)) & _MASK for k in range(7)] == offsets
    else:
        with pytest.raises(ValueError):
            _pack(*offsets)


def _described(parsed: tuple[list, list[int]]) -> tuple[list[tuple], list[int]]:
    fields, loose = parsed
    return [
        (f.name, f.key, f.value, f.line, f.span, f.name_span, f.value_span) for f in fields
    ], loose


_PIECES = (
    "- **Year:** 1966",
    "- **arXiv ID:**   2401.00001  ",
    "- **Authors:**",
    "- **:** nameless",
    "- **A*B:** starred",
    "- **Title**: other spelling",
    "* **Note:** star bullet",
    "  - **Nested:** x",
    "- **Open",
    "still open:** value",
    "  wrapped continuation",
    "stray text",
    "",
    "   ",
    "```",
    "<!-- c -->",
    "- **Re:** a:** b",
    "- **X:**",
    "\t",
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14), st.integers(0, 3), st.integers(0, 3))
def test_the_regex_pass_equals_the_substring_scan(pieces: list[str], a: int, b: int) -> None:
    from mathlsp.notes.fields import _parse_fields_cr

    text = "### REF-001: T\n" + "\n".join(pieces) + "\n"
    lines = scan(text)
    last = len(lines.texts) - 1
    first, last = min(1 + a, last), max(last - b, 0)
    new = _described(parse_fields(lines, first, last))
    old = _described(_parse_fields_cr(lines, first, last, [], []))
    if any("\n" in name for name, *_ in old[0]):
        # The substring scan let a name run on to a `:**` on a later line; no field is named so.
        assert all("\n" not in name for name, *_ in new[0])
        return
    assert new == old


def test_a_name_does_not_run_on_to_the_next_line() -> None:
    fields, loose = _parse("x\n- **Open\nstill open:** value\n", 1)
    assert fields == []
    assert loose == [1, 2]
