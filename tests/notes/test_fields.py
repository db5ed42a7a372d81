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


_PLAIN_PIECES = (
    "- **Year:** 1966",
    "- **arXiv ID:**   2401.00001  ",
    "- **Authors:**",
    "- **:** nameless",
    "- **Re:** a:** b",
    "- **year:** 1967",
    "- **Odd Name! :** \u00a0x\u00a0",
    "- **Abstract:** **bold** and *it*",
    "- **X:**\t",
    "",
    "   ",
    " \t",
)
_KEYS = ("year", "arxiv_id", "authors", "", "re", "odd_name", "abstract", "x", "doi", "relevance")
# `missing`'s argument, as `entry_fields` passes it: (key, name) pairs.
_REQUIRED = tuple((k, k.upper() or "?") for k in _KEYS)


def _field_map_described(fm: FieldMap) -> tuple[object, ...]:
    return (
        _described((fm.all, []))[0],
        [fm.value(k) for k in _KEYS],
        [k in fm for k in _KEYS],
        [fm.blank(k) == (not fm.value(k).strip()) for k in _KEYS],
        fm.missing(_REQUIRED) == [name for k, name in _REQUIRED if not fm.value(k).strip()],
        [(f.name, f.span) if (f := fm.get(k)) else None for k in _KEYS],
    )


@settings(max_examples=500, deadline=None)
@given(
    # Half the entries of plain pieces only (the one-pass path), half mixed (mostly line by line).
    st.lists(st.sampled_from(_PLAIN_PIECES), max_size=12)
    | st.lists(st.sampled_from(_PLAIN_PIECES) | st.sampled_from(_PIECES), max_size=12),
    st.integers(0, 2),
    st.integers(0, 2),
    st.booleans(),
)
def test_the_field_map_of_one_pass_equals_the_parsed_fields(
    pieces: list[str], a: int, b: int, values_first: bool
) -> None:
    """`parse_field_map` (its lazy map for entries of canonical lines) against `parse_fields`:
    the same fields, spans, values and last line, whichever is asked for first."""
    from mathlsp.notes.fields import parse_field_map

    text = "intro\n\n### REF-001: T\n" + "\n".join(pieces) + "\n"
    lines = scan(text)
    last = len(lines.texts) - 1
    first, last = min(3 + a, last), max(last - b, 2)
    fields, loose = parse_fields(lines, first, last)
    fm, fm_loose, last_field = parse_field_map(lines, first, last)
    assert fm_loose == loose
    assert last_field == (lines.line_of(fields[-1]._se) if fields else -1)
    if values_first:  # values read before the fields are made, as a cold `check` does
        assert [fm.value(k) for k in _KEYS] == [FieldMap(fields).value(k) for k in _KEYS]
        assert [fm.blank(k) for k in _KEYS] == [not fm.value(k).strip() for k in _KEYS]
        assert fm.missing(_REQUIRED) == [n for k, n in _REQUIRED if not fm.value(k).strip()]
    assert _field_map_described(fm) == _field_map_described(FieldMap(fields))
    kept = scan(text)
    kept.compact()  # lines read as a view of the text, as a kept or edited version has them
    assert _field_map_described(parse_field_map(kept, first, last)[0]) == _field_map_described(
        FieldMap(fields)
    )


def test_an_entry_of_canonical_lines_makes_its_fields_when_asked() -> None:
    from mathlsp.notes.fields import parse_field_map

    text = "### REF-001: T\n- **Year:** 1966\n- **DOI:**  10.1/x \n\n"
    lines = scan(text)
    fm, loose, last = parse_field_map(lines, 1, len(lines.texts) - 1)
    assert (loose, last) == ([], 2)
    assert fm._all is None  # nothing made yet: the values are read from the rows
    assert fm.value("doi") == "10.1/x" and "year" in fm and "url" not in fm
    assert fm._all is None
    doi = fm.get("doi")
    assert doi is not None and _at(text, doi.value_span) == "10.1/x" and doi.line == 2
    assert _at(text, doi.span) == "- **DOI:**  10.1/x"


def test_an_entry_with_a_wrapped_value_is_parsed_line_by_line() -> None:
    from mathlsp.notes.fields import parse_field_map

    text = "### REF-001: T\n- **Abstract:** one\n  two\n- **Year:** 1966\n"
    lines = scan(text)
    fm, _, last = parse_field_map(lines, 1, len(lines.texts) - 1)
    assert fm._all is not None and fm.value("abstract") == "one two" and last == 3
