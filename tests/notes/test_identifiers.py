"""arXiv ids and DOIs: validation, normalisation and finding them in prose."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.identifiers import (
    _ABSENT,
    ArxivId,
    IdMention,
    _valid_yymm,
    find_identifiers,
    is_absent,
    normalize_doi,
    parse_arxiv,
)

# -- arXiv ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "base", "version"),
    [
        ("2301.12345v2", "2301.12345", 2),
        ("2301.12345", "2301.12345", None),
        ("0704.0001", "0704.0001", None),  # the very first new-style id
        ("1412.9999", "1412.9999", None),  # last month of 4-digit numbers
        ("1501.00001", "1501.00001", None),  # first month of 5-digit numbers
        ("math/0601001v2", "math/0601001", 2),
        ("math.GT/0309136", "math.GT/0309136", None),
        ("math.gt/0309136", "math.GT/0309136", None),
        ("hep-th/9901001", "hep-th/9901001", None),
        ("hep-th/9108001", "hep-th/9108001", None),  # hep-th opened in August 1991
        ("math/0703999", "math/0703999", None),  # last month of the old scheme
        ("arXiv:2301.12345", "2301.12345", None),
        ("ARXIV:2301.12345v11", "2301.12345", 11),
        ("https://arxiv.org/abs/2301.12345v3", "2301.12345", 3),
        ("http://www.arxiv.org/abs/math/0601001", "math/0601001", None),
        ("https://export.arxiv.org/abs/2301.12345", "2301.12345", None),
        ("https://arxiv.org/pdf/2301.12345v1.pdf", "2301.12345", 1),
        ("https://arxiv.org/abs/2301.12345/", "2301.12345", None),
        ("  2301.12345  ", "2301.12345", None),
    ],
)
def test_valid_arxiv_ids(value: str, base: str, version: int | None) -> None:
    parsed = parse_arxiv(value)
    assert parsed == ArxivId(base, version)
    assert str(parsed) == (f"{base}v{version}" if version else base)


@pytest.mark.parametrize(
    "value",
    [
        "2313.12345",  # month 13
        "2300.12345",  # month 00
        "1501.1234",  # 4 digits after 2014
        "1412.12345",  # 5 digits before 2015
        "0703.1234",  # before the new scheme (April 2007)
        "0612.1234",
        "2301.123",
        "2301.123456",
        "bogus/1234567",  # not an archive
        "math/0613001",  # month 13
        "math/0704001",  # after the old scheme ended
        "math/9101001",  # before arXiv existed
        "hep-th/990100",  # six digits
        "math.GTX/0309136",
        "",
        "arXiv:",
        "not an id",
        "2301.12345v",
        "doi:10.1000/xyz",
    ],
)
def test_invalid_arxiv_ids(value: str) -> None:
    assert parse_arxiv(value) is None


def test_versioned_and_str() -> None:
    assert ArxivId("2301.12345", 2).versioned == "2301.12345v2"
    assert ArxivId("2301.12345", None).versioned == "2301.12345"
    assert str(ArxivId("math/0601001", 1)) == "math/0601001v1"


# -- DOIs -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("10.1007/978-3-642-66282-9", "10.1007/978-3-642-66282-9"),
        ("doi:10.1007/978-3-642-66282-9", "10.1007/978-3-642-66282-9"),
        ("DOI: 10.1007/ABC", "10.1007/abc"),
        ("https://doi.org/10.1007/ABC.def", "10.1007/abc.def"),
        ("http://dx.doi.org/10.1007/abc", "10.1007/abc"),
        ("10.1007/abc.", "10.1007/abc"),
        ("10.1007/abc;,:", "10.1007/abc"),
        ("10.1002/(SICI)1097-4636", "10.1002/(sici)1097-4636"),
        ("https://doi.org/10.1002/(SICI)1097-4636(199912)", "10.1002/(sici)1097-4636(199912)"),
        ("10.1000/xyz)", "10.1000/xyz"),  # closing a parenthesis the DOI did not open
        ("10.1000/xyz).", "10.1000/xyz"),
        ("10.1000/a[1]", "10.1000/a[1]"),
        ("10.1000/a]", "10.1000/a"),
        ("  10.123456789/x  ", "10.123456789/x"),
    ],
)
def test_normalize_doi(value: str, expected: str) -> None:
    assert normalize_doi(value) == expected


@pytest.mark.parametrize(
    "value",
    ["", "doi:", "10.1000", "10.100/abc", "11.1000/abc", "10.1000/", "10.1000/a b", "(10.1000/xyz"],
)
def test_not_doi_shaped(value: str) -> None:
    assert normalize_doi(value) is None


# -- absent values ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    ["", "  ", "-", "—", "–", "N/A", "n/a", "NA", "None", "(none)", "not available", "TBD", "?"],
)
def test_absent_values(value: str) -> None:
    assert is_absent(value)


@pytest.mark.parametrize("value", ["*N/A*", "`none`", "_tbd_", "(not on arXiv)", "(if available)"])
def test_absent_values_with_emphasis_or_parenthesised_notes(value: str) -> None:
    assert is_absent(value)


@pytest.mark.parametrize("value", ["2301.12345", "10.1000/xyz", "bogus", "0", "none yet"])
def test_present_values(value: str) -> None:
    assert not is_absent(value)


# -- identifiers in prose ---------------------------------------------------------------------


def _found(text: str) -> list[tuple[str, str, str, bool]]:
    """(kind, value, the text at the span, valid) in text order."""
    mentions = sorted(find_identifiers(text), key=lambda m: m.start)
    return [(m.kind, m.value, text[m.start : m.end], m.valid) for m in mentions]


def test_bare_and_prefixed_arxiv_ids_with_exact_spans() -> None:
    text = "See 2301.12345v2, arXiv:1501.00001 and arXiv: 0704.0001."
    assert _found(text) == [
        ("arxiv", "2301.12345v2", "2301.12345v2", True),
        ("arxiv", "1501.00001", "arXiv:1501.00001", True),
        ("arxiv", "0704.0001", "arXiv: 0704.0001", True),
    ]


def test_arxiv_urls_cover_the_whole_url() -> None:
    text = "(https://arxiv.org/abs/2301.12345v3) and https://arxiv.org/pdf/math/0601001"
    assert _found(text) == [
        ("arxiv", "2301.12345v3", "https://arxiv.org/abs/2301.12345v3", True),
        ("arxiv", "math/0601001", "https://arxiv.org/pdf/math/0601001", True),
    ]


def test_old_style_ids_in_prose() -> None:
    text = "Thurston math.GT/0309136; Witten hep-th/9901001v2, also math/0601001v2."
    assert _found(text) == [
        ("arxiv", "math.GT/0309136", "math.GT/0309136", True),
        ("arxiv", "hep-th/9901001v2", "hep-th/9901001v2", True),
        ("arxiv", "math/0601001v2", "math/0601001v2", True),
    ]


def test_bare_numbers_that_are_not_arxiv_ids_are_ignored() -> None:
    assert _found("pages 2313.12345 and 1501.1234, version 3.14159, bogus/1234567") == []
    assert _found("1.2301.12345 and x2301.12345 and 2301.12345/7 and 2301.123456") == []
    # A sentence may end right after an id.
    assert _found("see 2301.12345.") == [("arxiv", "2301.12345", "2301.12345", True)]


def test_prefixed_invalid_ids_are_reported_invalid() -> None:
    text = "arXiv:2313.12345 arxiv:1501.1234 arXiv:bogus/1234567 arXiv:foo-bar, doi:nonsense;"
    assert _found(text) == [
        ("arxiv", "2313.12345", "arXiv:2313.12345", False),
        ("arxiv", "1501.1234", "arxiv:1501.1234", False),
        ("arxiv", "bogus/1234567", "arXiv:bogus/1234567", False),
        ("arxiv", "foo-bar", "arXiv:foo-bar", False),
        ("doi", "nonsense", "doi:nonsense", False),
    ]


def test_dois_in_prose_with_prefixes_and_punctuation() -> None:
    text = (
        "Kato doi:10.1007/978-3-642-66282-9. Also https://doi.org/10.1090/S0002-9947, "
        "(see 10.1000/XYZ) and DOI: 10.1016/j.jfa.2020.108.;"
    )
    assert _found(text) == [
        ("doi", "10.1007/978-3-642-66282-9", "doi:10.1007/978-3-642-66282-9", True),
        ("doi", "10.1090/s0002-9947", "https://doi.org/10.1090/S0002-9947", True),
        ("doi", "10.1000/xyz", "10.1000/XYZ", True),
        ("doi", "10.1016/j.jfa.2020.108", "DOI: 10.1016/j.jfa.2020.108", True),
    ]


def test_parenthesised_sici_doi_keeps_its_own_parentheses() -> None:
    text = "(doi:10.1002/(SICI)1097-4636(199912)47)."
    [(kind, value, written, valid)] = _found(text)
    assert (kind, valid) == ("doi", True)
    assert value == "10.1002/(sici)1097-4636(199912)47"
    assert written == "doi:10.1002/(SICI)1097-4636(199912)47"


def test_doi_inside_markdown_link_and_inline_code_boundaries() -> None:
    text = "[paper](https://doi.org/10.1000/abc) `10.1000/def`"
    found = _found(text)
    assert found[0] == ("doi", "10.1000/abc", "https://doi.org/10.1000/abc", True)
    assert found[1] == ("doi", "10.1000/def", "10.1000/def", True)


def test_arxiv_like_suffix_of_a_doi_is_not_a_second_identifier() -> None:
    text = "doi:10.48550/arXiv.2301.12345"
    assert _found(text) == [
        ("doi", "10.48550/arxiv.2301.12345", "doi:10.48550/arXiv.2301.12345", True)
    ]


def test_spans_are_string_offsets_with_non_ascii_text() -> None:
    text = "Gödel 𝔽_p: arXiv:2301.12345 — é"
    [mention] = list(find_identifiers(text))
    assert mention == IdMention("arxiv", "2301.12345", text.index("arXiv"), text.index(" —"), True)


def test_no_identifiers() -> None:
    assert _found("") == []
    assert _found("Kato, Perturbation Theory, 1966.") == []


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.text(alphabet=" *_`()nNaA/-—–?tbdoe1.\t\u00a0", max_size=24),
        st.sampled_from(sorted(_ABSENT)).map(lambda w: f" *{w.upper()}_ "),
    )
)
def test_is_absent_reads_as_the_stripped_lowercase_lookup(value: str) -> None:
    # The early exits for long identifiers must not change the answer.
    plain = value.strip()
    expected = plain.strip("*_`").strip().lower() in _ABSENT or plain.startswith("(")
    assert is_absent(value) == expected


# Values near the forms entries hold, so that both the bare fast path and its edges are tried.
_ID_CHARS = st.sampled_from([*"0123456789.v/%)]:;,x ", "\u0663", "\n", "\t", "Doi:"])
_NEAR_ARXIV = st.one_of(
    st.from_regex(r"[0-9]{4}\.[0-9]{4,5}(v[0-9]{1,2})?", fullmatch=True),
    st.lists(_ID_CHARS, max_size=14).map("".join),
    st.tuples(st.from_regex(r"[0-9]{4}\.[0-9]{4,5}", fullmatch=True), _ID_CHARS).map("".join),
)
_NEAR_DOI = st.one_of(
    st.from_regex(r"10\.[0-9]{4,9}/[A-Za-z0-9.()\[\]_;:,%-]{1,12}", fullmatch=True),
    st.tuples(st.just("10."), st.lists(_ID_CHARS, max_size=14).map("".join)).map("".join),
)


@pytest.mark.parametrize("version", ["", "v2", "v0", "v10"])
def test_every_new_style_month_is_judged_as_valid_yymm_judges_it(version: str) -> None:
    # `parse_arxiv` reads the month and the number's length from one int: every yymm, both
    # lengths, against the rule as `_valid_yymm` writes it.
    for ym in range(10000):
        yymm = f"{ym:04d}"
        for num in ("1234", "12345"):
            valid = _valid_yymm(yymm, old=False) and (len(num) == 5) == (int(yymm) >= 1501)
            parsed = parse_arxiv(f"{yymm}.{num}{version}")
            if not valid:
                assert parsed is None, yymm
                continue
            assert parsed == ArxivId(f"{yymm}.{num}", int(version[1:]) if version else None)


@settings(max_examples=600, deadline=None)
@given(_NEAR_ARXIV)
def test_a_bare_arxiv_id_reads_as_the_general_path_reads_it(value: str) -> None:
    # A leading blank always takes the general path, which strips it first.
    assert parse_arxiv(value) == parse_arxiv(" " + value)


@settings(max_examples=600, deadline=None)
@given(_NEAR_DOI)
def test_a_bare_doi_reads_as_the_general_path_reads_it(value: str) -> None:
    assert normalize_doi(value) == normalize_doi(" " + value)
