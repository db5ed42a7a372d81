"""LiteratureDoc: the LITERATURE.md schema (docs/schemas.md) with source spans."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.identifiers import ArxivId
from mathlsp.notes.literature import (
    CONFIRMED_FIELDS,
    SECTION_ORDER,
    SYNTHESIS_ORDER,
    LiteratureDoc,
    parse_verified,
    split_authors,
)
from mathlsp.notes.spans import Span
from mathlsp.notes.templates import fill_template
from mathlsp.notes.text import Position, Range

UTC = dt.UTC


def _at(text: str, span: Span) -> str:
    return text[span.start : span.end]


REALISTIC = """\
---
problem: "neumann-series"
total_papers: 3
confirmed_count: 2
unconfirmed_count: 1
last_search: "2026-02-10T14:30:00Z"
sources_queried: ["arxiv", "semantic_scholar"]
---
# Literature: Convergence of perturbed Neumann series

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|
| 2026-02-10 | "operator norm" AND "Banach space" | 8 | 12 | 2 |
| 2026-02-11 | spectral radius \\| Neumann | 3 | 4 | 0 |

## Confirmed References

### REF-001: Perturbation theory for linear operators — Über 𝔽-Räume
- **Authors:** Tosio Kato
- **Year:** 1966
- **Source:** both
- **arXiv ID:** N/A
- **DOI:** https://doi.org/10.1007/978-3-642-66282-9
- **Abstract:** A classic monograph on the perturbation
  of linear operators in Banach and Hilbert spaces,
  including analytic perturbation theory.
- **Relevance:** Gives the Neumann series bound [V].
- **Key Results:** Theorem IV.1.16
- **Confidence:** [V]
- **Verified:** 2026-02-10T14:30:00Z via https://api.semanticscholar.org/graph/v1/paper/DOI:10.1007/978-3-642-66282-9

### REF-002: Spectral radius and convergence
- **Authors:** A. Author, B. Author and C. Author
- **Year:** 2023
- **Source:** arXiv
- **arXiv ID:** 2301.12345v2
- **DOI:** —
- **Abstract:** We prove things.
- **Relevance:** Compare with REF-001.
- **Key Results:** Theorem 2
- **Confidence:** [S]
- **Verified:** 2026-02-10T14:31:00+01:00 via [arXiv API](https://export.arxiv.org/api/query?id_list=2301.12345)

## Synthesis

### Applicable Theorems

- Kato's bound applies directly [V] (REF-001).
- The spectral approach of REF-002
  extends it to non-normal operators [S].

### Technique Connections

A paragraph about techniques [~]
that wraps onto a second line.

Another paragraph.

### Gaps in Literature

1. Nothing on Fréchet spaces [~].
2) Nothing on quasi-Banach spaces.

### Suggested Reading Order

* REF-001 then REF-002.

## Unconfirmed References

### UREF-001: A paper we could not find
- **Authors:** Someone et al.
- **Year:** 2019?
- **Source:** cited in REF-002
- **Reason:** arXiv API returned no results for ID 2301.99999
- **Relevance:** Might extend REF-002.
- **Status:** Unconfirmed -- do not cite as established reference
"""


@pytest.fixture(scope="module")
def doc() -> LiteratureDoc:
    return LiteratureDoc(REALISTIC)


def test_sections_in_schema_order_with_spans(doc: LiteratureDoc) -> None:
    assert [s.key for s in doc.sections] == list(SECTION_ORDER)
    history = doc.section("search_history")
    assert history is not None
    assert history.heading.title == "Search History"
    assert _at(REALISTIC, history.span).startswith("## Search History\n\n| Date |")
    assert _at(REALISTIC, history.span).endswith("| 3 | 4 | 0 |\n")
    assert history.first_line == history.heading.line + 1
    assert REALISTIC.splitlines()[history.last_line + 1] == "## Confirmed References"
    unconfirmed = doc.section("unconfirmed")
    assert unconfirmed is not None
    assert unconfirmed.last_line == len(doc.lines.texts) - 1
    assert doc.section("nonexistent") is None


def test_entries(doc: LiteratureDoc) -> None:
    assert [(e.id, e.kind, e.section, e.confirmed) for e in doc.entries] == [
        ("REF-001", "REF", "confirmed", True),
        ("REF-002", "REF", "confirmed", True),
        ("UREF-001", "UREF", "unconfirmed", False),
    ]
    assert [e.id for e in doc.confirmed] == ["REF-001", "REF-002"]
    assert [e.id for e in doc.unconfirmed] == ["UREF-001"]
    assert set(doc.by_id) == {"REF-001", "REF-002", "UREF-001"}


def test_entry_spans_and_title(doc: LiteratureDoc) -> None:
    ref = doc.by_id["REF-001"]
    assert ref.number == 1
    assert ref.title == "Perturbation theory for linear operators — Über 𝔽-Räume"
    assert _at(REALISTIC, ref.id_span) == "REF-001"
    assert _at(REALISTIC, ref.title_span) == ref.title
    assert _at(REALISTIC, ref.span).startswith("### REF-001: Perturbation")
    assert _at(REALISTIC, ref.span).endswith("DOI:10.1007/978-3-642-66282-9")
    assert ref.loose_lines == []
    # The title in LSP terms: 𝔽 counts two UTF-16 code units.
    rng = doc.range(ref.title_span)
    line = ref.heading.line
    assert rng == Range(Position(line, 13), Position(line, 13 + len(ref.title) + 1))
    assert doc.entry_at(ref.span.start + 5) is ref
    assert doc.entry_at(ref.span.end) is ref
    assert doc.entry_at(0) is None


def test_entry_fields(doc: LiteratureDoc) -> None:
    ref = doc.by_id["REF-001"]
    assert [f.key for f in ref.fields.all] == list(CONFIRMED_FIELDS)
    assert ref.authors == ["Tosio Kato"]
    assert ref.year == 1966
    assert ref.arxiv_field is None  # "N/A"
    assert ref.arxiv_id is None
    assert ref.doi_field is not None
    assert ref.doi == "10.1007/978-3-642-66282-9"
    abstract = ref.fields.get("abstract")
    assert abstract is not None
    assert abstract.value == (
        "A classic monograph on the perturbation of linear operators in Banach and Hilbert "
        "spaces, including analytic perturbation theory."
    )
    assert _at(REALISTIC, abstract.value_span).endswith("analytic perturbation theory.")
    assert "\n  of linear operators" in _at(REALISTIC, abstract.value_span)


def test_second_entry_identifiers_and_stamp(doc: LiteratureDoc) -> None:
    ref = doc.by_id["REF-002"]
    assert ref.authors == ["A. Author", "B. Author", "C. Author"]
    assert ref.arxiv_id == ArxivId("2301.12345", 2)
    assert ref.doi_field is None  # "—"
    assert ref.doi is None
    stamp = ref.verified
    assert stamp is not None
    assert stamp.timestamp == dt.datetime(2026, 2, 10, 13, 31, tzinfo=UTC)
    assert stamp.url == "https://export.arxiv.org/api/query?id_list=2301.12345"


def test_unconfirmed_entry(doc: LiteratureDoc) -> None:
    uref = doc.by_id["UREF-001"]
    assert uref.authors == ["Someone"]
    assert uref.year == 2019
    assert uref.fields.value("reason").startswith("arXiv API returned no results")
    assert uref.fields.value("status") == "Unconfirmed -- do not cite as established reference"
    assert uref.verified is None
    assert uref.arxiv_id is None


def test_mentions_exclude_entry_headings(doc: LiteratureDoc) -> None:
    ids = [m.id for m in doc.mentions]
    assert ids.count("REF-001") == 3  # Relevance of REF-002, Applicable Theorems, Reading Order
    assert "UREF-001" not in ids
    assert ids.count("REF-002") == 4  # Synthesis twice, UREF-001 Source and Relevance


def test_search_history(doc: LiteratureDoc) -> None:
    header = doc.history_header
    assert header is not None
    assert header.cells == ["Date", "Query Summary", "arXiv Results", "S2 Results", "New Confirmed"]
    assert [r.cells for r in doc.history] == [
        ["2026-02-10", '"operator norm" AND "Banach space"', "8", "12", "2"],
        ["2026-02-11", "spectral radius | Neumann", "3", "4", "0"],
    ]
    row = doc.history[0]
    assert _at(REALISTIC, row.span) == REALISTIC.splitlines()[row.line]
    assert _at(REALISTIC, row.span).startswith("| 2026-02-10 |")


def test_synthesis_subsections_and_items(doc: LiteratureDoc) -> None:
    assert [h.title for h in doc.synthesis_subsections] == [
        "Applicable Theorems",
        "Technique Connections",
        "Gaps in Literature",
        "Suggested Reading Order",
    ]
    items = [(i.subsection, i.text, sorted(i.markers)) for i in doc.synthesis_items]
    assert items == [
        ("applicable_theorems", "- Kato's bound applies directly [V] (REF-001).", ["V"]),
        (
            "applicable_theorems",
            "- The spectral approach of REF-002 extends it to non-normal operators [S].",
            ["S"],
        ),
        (
            "technique_connections",
            "A paragraph about techniques [~] that wraps onto a second line.",
            ["~"],
        ),
        ("technique_connections", "Another paragraph.", []),
        ("gaps", "1. Nothing on Fréchet spaces [~].", ["~"]),
        ("gaps", "2) Nothing on quasi-Banach spaces.", []),
        ("reading_order", "* REF-001 then REF-002.", []),
    ]
    wrapped = doc.synthesis_items[1]
    assert wrapped.last_line == wrapped.first_line + 1
    assert _at(REALISTIC, wrapped.span) == (
        "- The spectral approach of REF-002\n  extends it to non-normal operators [S]."
    )


def test_shipped_template_filled() -> None:
    text = fill_template(
        "LITERATURE.md", {"PROBLEM_SLUG": "neumann-series", "PROBLEM_TITLE": "Neumann 𝔽"}
    )
    doc = LiteratureDoc(text)
    assert doc.frontmatter.valid
    assert doc.frontmatter.data["problem"] == "neumann-series"
    assert doc.frontmatter.data["sources_queried"] == []
    assert [s.key for s in doc.sections] == list(SECTION_ORDER)
    assert doc.entries == []  # the example entry sits in a comment
    assert doc.mentions == []
    assert doc.history_header is not None
    assert doc.history_header.cells[0] == "Date"
    assert doc.history == []
    assert [h.title for h in doc.synthesis_subsections] == [
        "Applicable Theorems",
        "Technique Connections",
        "Gaps in Literature",
        "Suggested Reading Order",
    ]
    assert doc.synthesis_items == []
    assert len(SYNTHESIS_ORDER) == 4


def test_ref_heading_without_fields() -> None:
    text = "## Confirmed References\n\n### REF-007\n\n### REF-008 Title without colon\n"
    doc = LiteratureDoc(text)
    bare, titled = doc.entries
    assert (bare.id, bare.title, bare.fields.all) == ("REF-007", "", [])
    assert _at(text, bare.span) == "### REF-007"
    assert bare.title_span.start == bare.title_span.end
    assert bare.authors == [] and bare.year is None and bare.verified is None
    assert bare.arxiv_id is None and bare.doi is None
    assert titled.title == "Title without colon"


@pytest.mark.parametrize("sep", [": ", ". ", " - ", " – ", " — ", " ", ":"])
def test_heading_separators(sep: str) -> None:
    doc = LiteratureDoc(f"### REF-003{sep}The Title\n")
    [entry] = doc.entries
    assert entry.title == "The Title"


def test_entries_outside_sections() -> None:
    text = (
        "# Literature\n"
        "### REF-001: Before any section\n"
        "- **Year:** 2000\n"
        "## Notes\n"
        "### REF-002: In an unknown section\n"
        "# Appendix\n"
        "### UREF-003: Under an H1\n"
    )
    doc = LiteratureDoc(text)
    assert [(e.id, e.section) for e in doc.entries] == [
        ("REF-001", None),
        ("REF-002", None),
        ("UREF-003", None),
    ]
    assert [s.key for s in doc.sections] == [None]
    assert doc.section("confirmed") is None
    assert doc.history_header is None and doc.history == []
    assert doc.synthesis_items == []


def test_entries_and_headings_in_code_and_comments_are_not_parsed() -> None:
    text = (
        "## Confirmed References\n"
        "```markdown\n### REF-001: In code\n- **Year:** 1\n```\n"
        "<!--\n### REF-002: In a comment\n-->\n"
        "~~~\n## Synthesis\n~~~\n"
        "### REF-003: Real\n"
        "- **Year:** 2003\n"
    )
    doc = LiteratureDoc(text)
    assert [e.id for e in doc.entries] == ["REF-003"]
    assert [s.key for s in doc.sections] == ["confirmed"]
    assert doc.entries[0].loose_lines == []


def test_entry_ends_at_next_heading_and_keeps_loose_lines() -> None:
    text = (
        "## Confirmed References\n"
        "### REF-001: A\n"
        "- **Year:** 2000\n"
        "\n"
        "A stray paragraph.\n"
        "\n"
        "#### A sub-heading\n"
        "- **Year:** 1999\n"
    )
    doc = LiteratureDoc(text)
    [entry] = doc.entries
    assert entry.loose_lines == [4]
    assert _at(text, entry.span) == "### REF-001: A\n- **Year:** 2000\n\nA stray paragraph."
    assert entry.fields.value("year") == "2000"
    assert [h.title for h in doc.other_headings] == ["A sub-heading"]


def test_duplicate_ids_keep_the_first_in_by_id() -> None:
    doc = LiteratureDoc("### REF-001: First\n### REF-001: Second\n### REF-1: Third\n")
    assert len(doc.entries) == 3
    assert doc.by_id["REF-001"].title == "First"


def test_crlf_document() -> None:
    text = REALISTIC.replace("\n", "\r\n")
    doc = LiteratureDoc(text)
    assert doc.frontmatter.valid
    assert [e.id for e in doc.entries] == ["REF-001", "REF-002", "UREF-001"]
    ref = doc.by_id["REF-001"]
    assert _at(text, ref.title_span) == ref.title
    assert ref.doi == "10.1007/978-3-642-66282-9"
    assert ref.fields.value("abstract").endswith("analytic perturbation theory.")
    assert [r.cells[0] for r in doc.history] == ["2026-02-10", "2026-02-11"]
    assert len(doc.synthesis_items) == 7


def test_lone_cr_document() -> None:
    text = REALISTIC.replace("\n", "\r")
    doc = LiteratureDoc(text)
    assert doc.frontmatter.valid
    assert doc.frontmatter.data["total_papers"] == 3
    assert [e.id for e in doc.entries] == ["REF-001", "REF-002", "UREF-001"]
    assert doc.by_id["REF-002"].arxiv_id == ArxivId("2301.12345", 2)
    assert len(doc.history) == 2


def test_bom_document() -> None:
    text = "\ufeff" + REALISTIC
    doc = LiteratureDoc(text)
    assert doc.frontmatter.valid
    assert [e.id for e in doc.entries] == ["REF-001", "REF-002", "UREF-001"]
    ref = doc.by_id["REF-001"]
    assert _at(text, ref.id_span) == "REF-001"


def test_history_table_variants() -> None:
    text = (
        "## Search History\n"
        "\n"
        "Date | Query | a | b | c\n"  # a row without a leading pipe is not part of the table
        "| Date | Query Summary |\n"
        "|:---|---:|\n"
        "| 2026-01-01 | q |\n"
        "\n"
        "| 2026-01-02 | after a blank line |\n"
        "Trailing text ends the table\n"
        "| 2026-01-03 | not in the table |\n"
    )
    doc = LiteratureDoc(text)
    assert doc.history_header is not None
    assert doc.history_header.cells == ["Date", "Query Summary"]
    assert doc.history_header.line == 3
    # Blank lines inside the table are tolerated; the first other text ends it.
    assert [r.cells for r in doc.history] == [
        ["2026-01-01", "q"],
        ["2026-01-02", "after a blank line"],
    ]


def test_history_table_with_header_only_and_escaped_pipes() -> None:
    text = "## Search History\n\n| Date | Query |\n|---|---|\n"
    doc = LiteratureDoc(text)
    assert doc.history_header is not None
    assert doc.history == []
    text = (
        "## Search History\n| Date | Query |\n|---|---|\n"
        "| d | a \\| b \\|\n| e | x |\ntext\n| f |\n"
    )
    doc = LiteratureDoc(text)
    assert [r.cells for r in doc.history] == [["d", "a | b |"], ["e", "x"]]


def test_history_table_in_code_is_ignored() -> None:
    text = "## Search History\n```\n| Date | Query |\n|---|---|\n```\n"
    doc = LiteratureDoc(text)
    assert doc.history_header is None


# -- Verified stamps ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "timestamp", "url"),
    [
        (
            "2026-02-10T14:30:00Z via https://export.arxiv.org/api/query?id_list=2301.12345",
            dt.datetime(2026, 2, 10, 14, 30, tzinfo=UTC),
            "https://export.arxiv.org/api/query?id_list=2301.12345",
        ),
        (
            "2026-02-10T14:30:00+02:00 via https://api.semanticscholar.org/graph/v1/paper/x.",
            dt.datetime(2026, 2, 10, 12, 30, tzinfo=UTC),
            "https://api.semanticscholar.org/graph/v1/paper/x",
        ),
        (
            "2026-02-10T14:30:00-05:30 via [arXiv](https://export.arxiv.org/api/query)",
            dt.datetime(2026, 2, 10, 20, 0, tzinfo=UTC),
            "https://export.arxiv.org/api/query",
        ),
        (
            "[2026-02-10T14:30:00Z](https://export.arxiv.org/abs/2301.12345)",
            dt.datetime(2026, 2, 10, 14, 30, tzinfo=UTC),
            "https://export.arxiv.org/abs/2301.12345",
        ),
        (
            "`2026-02-10T14:30:00Z` via <https://api.crossref.org/works/10.1000/x>",
            dt.datetime(2026, 2, 10, 14, 30, tzinfo=UTC),
            "https://api.crossref.org/works/10.1000/x",
        ),
        ("2026-02-10T14:30:00 via", dt.datetime(2026, 2, 10, 14, 30, tzinfo=UTC), None),
        ("2026-02-10", dt.datetime(2026, 2, 10, tzinfo=UTC), None),
        ("*2026-02-10T14:30:00.123456Z*", dt.datetime(2026, 2, 10, 14, 30, 0, 123456, UTC), None),
        ("garbage via https://example.org", None, "https://example.org"),
        ("yesterday", None, None),
        ("2026-13-45T99:00:00Z via https://x.org", None, "https://x.org"),
        ("", None, None),
        ("{ISO timestamp} via {API endpoint URL}", None, None),
    ],
)
def test_parse_verified(value: str, timestamp: dt.datetime | None, url: str | None) -> None:
    stamp = parse_verified(value)
    assert stamp.raw == value.strip()
    assert stamp.timestamp == timestamp
    if timestamp is not None:
        assert stamp.timestamp is not None and stamp.timestamp.tzinfo is not None
    assert stamp.url == url


# -- authors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", []),
        ("Tosio Kato", ["Tosio Kato"]),
        ("A. One, B. Two, C. Three", ["A. One", "B. Two", "C. Three"]),
        ("A. One, B. Two and C. Three", ["A. One", "B. Two", "C. Three"]),
        ("A. One & B. Two", ["A. One", "B. Two"]),
        ("Kato, Tosio; Reed, Michael", ["Kato, Tosio", "Reed, Michael"]),
        ("Someone et al.", ["Someone"]),
        ("Someone, et al", ["Someone"]),
        ("Gödel, Noether, 𝔽-Person", ["Gödel", "Noether", "𝔽-Person"]),
    ],
)
def test_split_authors(value: str, expected: list[str]) -> None:
    assert split_authors(value) == expected


def test_year_forms() -> None:
    def year(value: str) -> int | None:
        return LiteratureDoc(f"### REF-001: T\n- **Year:** {value}\n").entries[0].year

    assert year("1966") == 1966
    assert year("(2023)") == 2023
    assert year("2019?") == 2019
    assert year("circa 1850") == 1850
    assert year("unknown") is None
    assert year("12345") is None


def test_a_bare_four_digit_year_reads_as_the_search_reads_it() -> None:
    # Every 4-digit value (and non-ASCII digits, which take the search) against `_YEAR`.
    from mathlsp.notes.literature import _YEAR

    def year(value: str) -> int | None:
        return LiteratureDoc(f"### REF-001: T\n- **Year:** {value}\n").entries[0].year

    for number in range(10000):
        value = f"{number:04d}"
        m = _YEAR.search(value)
        assert year(value) == (int(m.group(1)) if m else None), value
    for value in ("1\u0669\u0669\u0669", "\u0661\u0669\u0669\u0669", "20\u0662\u0660"):
        m = _YEAR.search(value)  # non-ASCII digits take the search, which reads some of them
        assert year(value) == (int(m.group(1)) if m else None), value


def test_identifier_fields_with_backticks_and_absent_markers() -> None:
    text = (
        "### REF-001: T\n"
        "- **arXiv ID:** `math/0601001v2`\n"
        "- **DOI:** `doi:10.1000/ABC`\n"
        "### REF-002: U\n"
        "- **arXiv:** (not on arXiv)\n"
        "- **DOI:** none\n"
        "### REF-003: V\n"
        "- **arXiv ID:** 2313.12345\n"
        "- **DOI:** not-a-doi\n"
    )
    doc = LiteratureDoc(text)
    first, second, third = doc.entries
    assert first.arxiv_id == ArxivId("math/0601001", 2)
    assert first.doi == "10.1000/abc"
    assert second.arxiv_field is None and second.doi_field is None
    assert third.arxiv_field is not None and third.arxiv_id is None
    assert third.doi_field is not None and third.doi is None


def test_synthesis_items_skip_tables_code_and_comments() -> None:
    text = (
        "## Synthesis\n"
        "<!-- every claim carries [V] -->\n"
        "Intro paragraph [S].\n"
        "| a | b |\n"
        "```\n- not an item [V]\n```\n"
        "- item one [V] [~]\n"
        "  continued\n"
        "- item two\n"
        "### Unknown Subsection\n"
        "+ item three\n"
        "## Unconfirmed References\n"
        "- not synthesis\n"
    )
    doc = LiteratureDoc(text)
    items = [(i.subsection, i.text, sorted(i.markers)) for i in doc.synthesis_items]
    assert items == [
        (None, "Intro paragraph [S].", ["S"]),
        (None, "- item one [V] [~] continued", ["V", "~"]),
        (None, "- item two", []),
        (None, "+ item three", []),
    ]


def test_no_synthesis_section() -> None:
    doc = LiteratureDoc("## Confirmed References\n- [V] x\n")
    assert doc.synthesis_items == []
    assert doc.synthesis_subsections == []


def test_section_headings_are_matched_loosely() -> None:
    text = (
        "## search history\n## **Confirmed references**\n## Synthesis:\n## UNCONFIRMED REFERENCES\n"
    )
    doc = LiteratureDoc(text)
    assert [s.key for s in doc.sections] == list(SECTION_ORDER)
    assert LiteratureDoc("### Search History\n").sections == []


@settings(max_examples=600, deadline=None)
@given(
    st.one_of(
        st.from_regex(
            r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z via "
            r"https?://[a-z.]{1,12}/[A-Za-z0-9?=&_.;,:/()\[\]`-]{0,20}",
            fullmatch=True,
        ),
        st.tuples(
            st.sampled_from(
                ["2026-10-23T12:00:00Z", "2026-13-01T00:00:00Z", "2026-02-30T1:00:00Z"]
            ),
            st.sampled_from([" via ", " via  ", " VIA ", " via\t", "via ", " "]),
            st.sampled_from(["http://export.arxiv.org/api/query?id_list=1", "https://x/y.", "x"]),
            st.sampled_from(["", ".", ";", " ", ")", "`", " extra"]),
        ).map("".join),
    )
)
def test_a_plain_stamp_reads_as_the_general_path_reads_it(value: str) -> None:
    # A leading blank always takes the general path, which strips it first.
    fast, general = parse_verified(value), parse_verified(" " + value)
    assert (fast.raw, fast.timestamp, fast.url) == (general.raw, general.timestamp, general.url)
    if fast.timestamp is not None:
        assert fast.timestamp.utcoffset() == general.timestamp.utcoffset()  # type: ignore[union-attr]
