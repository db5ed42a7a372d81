"""LIT001–LIT012: the structure of LITERATURE.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathlsp.checks import check_document
from mathlsp.checks.findings import Severity
from mathlsp.notes.folder import ProblemFolder
from tests.checks.conftest import (
    JOURNAL,
    LITERATURE,
    SETTINGS,
    codes,
    edit,
    only,
    ref_entry,
    span,
    with_refs,
    write,
)

L = "LITERATURE.md"


# -- LIT001 frontmatter ----------------------------------------------------------------------
def test_no_frontmatter(check) -> None:
    body = LITERATURE.split("---\n", 2)[2]
    found = only(check(L, body), "LIT001")
    assert len(found) == 1
    assert found[0].severity is Severity.WARNING
    assert span(found[0]) == (0, 0, 0, len("# Literature: Convergence of perturbed Neumann series"))
    assert "no YAML frontmatter" in found[0].message


def test_missing_key_reported_on_fence_with_fix_data(check) -> None:
    text = edit(LITERATURE, 'sources_queried: ["arxiv", "semantic_scholar"]\n', "")
    text = edit(text, "confirmed_count: 2\n", "")
    found = only(check(L, text), "LIT001")
    assert [f.data["key"] for f in found] == ["confirmed_count", "sources_queried"]
    assert span(found[0]) == (0, 0, 0, 3)
    assert found[0].data["expected"] == 2
    assert "`confirmed_count: 2`" in found[0].message


def test_broken_yaml_is_left_to_doc_rules(check) -> None:
    text = edit(LITERATURE, "total_papers: 3", "total_papers: [3")
    found = check(L, text)
    assert "LIT001" not in codes(found)
    assert "LIT003" not in codes(found)
    assert "DOC002" in codes(found)


# -- LIT002 slug -----------------------------------------------------------------------------
def test_slug_mismatch_range_on_value(check) -> None:
    found = only(check(L, edit(LITERATURE, '"neumann-series"', '"old-name"')), "LIT002")
    assert len(found) == 1
    assert span(found[0]) == (1, 9, 1, 19)
    assert found[0].data == {"key": "problem", "expected": "neumann-series"}


def test_slug_mismatch_utf16_columns(check) -> None:
    # "𝔽" is one str character but two UTF-16 code units.
    found = only(check(L, edit(LITERATURE, '"neumann-series"', '"𝔽oo"')), "LIT002")
    assert span(found[0]) == (1, 9, 1, 9 + 6)  # 5 characters, 6 code units


def test_slug_not_checked_outside_dot_math(tmp_path: Path) -> None:
    root = tmp_path / "my-notes"
    write(root, {L: edit(LITERATURE, '"neumann-series"', '"whatever"')})
    found = check_document(ProblemFolder(root), root / L, SETTINGS)
    assert "LIT002" not in codes(found)


# -- LIT003 counts ---------------------------------------------------------------------------
def test_count_mismatch_data_for_quick_fix(check) -> None:
    text = edit(LITERATURE, "confirmed_count: 2", "confirmed_count: 5")
    found = only(check(L, text), "LIT003")
    assert len(found) == 1
    f = found[0]
    assert f.severity is Severity.WARNING
    assert span(f) == (3, 17, 3, 18)
    assert f.data == {"key": "confirmed_count", "expected": 2}
    assert "`confirmed_count` is `5`" in f.message and "set it to 2" in f.message


def test_counts_follow_the_body(check) -> None:
    text = with_refs(ref_entry(3), unconfirmed=(ref_entry(2, "Other", kind="UREF"),))
    found = only(check(L, text), "LIT003")
    assert {f.data["key"]: f.data["expected"] for f in found} == {
        "total_papers": 5,
        "confirmed_count": 3,
        "unconfirmed_count": 2,
    }


def test_count_not_an_integer(check) -> None:
    found = only(check(L, edit(LITERATURE, "total_papers: 3", 'total_papers: "three"')), "LIT003")
    assert found[0].data == {"key": "total_papers", "expected": 3}


# -- LIT004-006 sections ---------------------------------------------------------------------
def test_missing_section(check) -> None:
    start = LITERATURE.index("## Synthesis")
    end = LITERATURE.index("## Unconfirmed References")
    found = only(check(L, LITERATURE[:start] + LITERATURE[end:]), "LIT004")
    assert len(found) == 1
    assert found[0].data == {"section": "Synthesis", "after": "Confirmed References"}
    assert span(found[0])[:2] == (8, 0)  # on the `#` title


def test_section_at_another_heading_level_is_named_at_its_heading(check) -> None:
    # Written by someone else: `# Confirmed References`. Saying the section is missing (on the
    # title line, with a fix adding an empty second one) would leave its entries unread.
    text = edit(LITERATURE, "## Confirmed References", "# Confirmed references")
    found = only(check(L, text), "LIT004")
    assert len(found) == 1
    assert found[0].message == (
        "'# Confirmed references' is a level-1 heading, so LITERATURE.md has no "
        "'## Confirmed References' section and what stands under it is not read as one: make it "
        "`## Confirmed references`"
    )
    assert span(found[0]) == (16, 0, 16, len("# Confirmed references"))
    assert found[0].data == {"relevel": 2, "line": 16}


def test_section_out_of_order(check) -> None:
    start = LITERATURE.index("## Synthesis")
    end = LITERATURE.index("## Unconfirmed References")
    text = LITERATURE[:start] + LITERATURE[end:] + "\n" + LITERATURE[start:end]
    found = check(L, text)
    order = only(found, "LIT005")
    assert len(order) == 1
    assert order[0].message.startswith("Section 'Synthesis' comes after 'Unconfirmed References'")
    assert order[0].related[0].range.start.line == 41
    assert "LIT004" not in codes(found)


def test_section_duplicated(check) -> None:
    text = LITERATURE + "\n## Confirmed References\n"
    found = only(check(L, text), "LIT006")
    assert len(found) == 1
    assert span(found[0]) == (68, 0, 68, len("## Confirmed References"))
    assert found[0].related[0].range.start.line == 16


def test_section_titles_compared_loosely(check) -> None:
    text = edit(LITERATURE, "## Search History", "## search history:")
    assert codes(check(L, text)) == []


# -- LIT007 / LIT008 numbering ---------------------------------------------------------------
def test_duplicate_id_is_an_error_pointing_at_first(check) -> None:
    found = only(check(L, with_refs(ref_entry(1, "Something else"))), "LIT007")
    assert len(found) == 1
    assert found[0].severity is Severity.ERROR
    assert span(found[0]) == (41, 4, 41, 11)
    assert found[0].related[0].range.start.line == 18
    assert found[0].data == {"id": "REF-001", "next": 3}


def test_gaps_are_not_flagged(check) -> None:
    text = with_refs(ref_entry(4, "Four"), ref_entry(9, "Nine"))
    assert "LIT008" not in codes(check(L, text))


def test_out_of_order_numbering(check) -> None:
    text = with_refs(ref_entry(5, "Five"), ref_entry(3, "Three"), ref_entry(4, "Four"))
    found = only(check(L, text), "LIT008")
    assert len(found) == 1  # REF-004 continues the run REF-003 started: one report
    f = found[0]
    assert f.message.startswith("REF-003 comes after REF-005")
    assert f.data == {"kind": "REF", "next": 6}


def test_reset_numbering(check) -> None:
    text = with_refs(ref_entry(3, "Three"), ref_entry(1, "Restart A"))
    found = only(check(L, text), "LIT008")
    assert len(found) == 1
    assert "restarts at REF-001 after REF-003" in found[0].message
    assert "continue from REF-004" in found[0].message


def test_an_id_used_once_out_of_order_is_not_a_restart(check) -> None:
    # Written by someone else, by importance: REF-003, then REF-001, REF-002 (used once each).
    start = LITERATURE.index("### REF-001")
    end = LITERATURE.index("## Synthesis")
    refs = ref_entry(3, "Three") + LITERATURE[start:end]
    found = only(check(L, LITERATURE[:start] + refs + LITERATURE[end:]), "LIT008")
    assert [f.message for f in found] == [
        "REF-001 comes after REF-003: keep entries in increasing order "
        "(the next free id is REF-004)"
    ]


def test_ref_and_uref_numbered_independently(check) -> None:
    text = with_refs(unconfirmed=(ref_entry(2, "Second unconfirmed", kind="UREF"),))
    assert "LIT008" not in codes(check(L, text))


# -- LIT013 reused numbers --------------------------------------------------------------------
MOVED = """### UREF-002: An earlier paper
- **Authors:** C. Roe
- **Year:** 2017
- **Source:** arXiv
- **Reason:** arXiv returned no entry for 1705.00001 (moved from REF-002 on 2026-02-11)
- **Relevance:** none
- **Status:** Unconfirmed -- do not cite as established reference
"""


def test_a_number_moved_away_and_given_again_is_reported(check) -> None:
    text = edit(LITERATURE, "## Unconfirmed References\n", "## Unconfirmed References\n\n" + MOVED)
    text = edit(text, "unconfirmed_count: 1", "unconfirmed_count: 2")
    text = edit(text, "total_papers: 3", "total_papers: 4")
    found = only(check(L, text), "LIT013")
    assert len(found) == 1
    f = found[0]
    assert f.severity is Severity.ERROR
    assert span(f) == (30, 4, 30, 11)  # REF-002's heading
    assert f.data == {"id": "REF-002", "moved_to": "UREF-002", "next": "REF-003"}
    assert "moved to UREF-002 on 2026-02-11" in f.message
    assert f.related[0].message == "moved from REF-002"


def test_a_moved_number_not_given_again_is_fine(check) -> None:
    text = edit(LITERATURE, "## Unconfirmed References\n", "## Unconfirmed References\n\n" + MOVED)
    text = edit(text, "REF-002", "REF-003", count=10)
    text = edit(text, "moved from REF-003", "moved from REF-002")
    assert "LIT013" not in codes(check(L, text))


def test_next_free_number_skips_numbers_used_in_mentions(check) -> None:
    text = with_refs(ref_entry(1, "Something else")) + "\nSee REF-008.\n"
    (found,) = only(check(L, text), "LIT007")
    assert found.data["next"] == 9


# -- LIT009 / LIT010 placement ---------------------------------------------------------------
def test_uref_under_confirmed(check) -> None:
    found = only(check(L, with_refs(ref_entry(2, "Odd", kind="UREF"))), "LIT009")
    assert len(found) == 1
    assert "UREF-002 is an unconfirmed reference but stands under 'Confirmed References'" in (
        found[0].message
    )


def test_ref_under_unconfirmed_and_outside(check) -> None:
    text = with_refs(unconfirmed=(ref_entry(3, "Moved but not renamed"),))
    text = edit(text, "## Search History\n", ref_entry(4, "Too early") + "## Search History\n")
    found = check(L, text)
    misplaced = only(found, "LIT009")
    assert [(span(f), f.data["id"]) for f in misplaced] == [
        ((10, 4, 10, 11), "REF-004"),
        ((78, 4, 78, 11), "REF-003"),
    ]
    assert "REF-004 is a confirmed reference but stands outside the reference sections" in (
        misplaced[0].message
    )
    assert "REF-003 is a confirmed reference but stands under 'Unconfirmed References'" in (
        misplaced[1].message
    )
    assert "LIT008" not in codes(found)  # misplaced entries do not count for the order


def test_entry_heading_level(check) -> None:
    text = with_refs(ref_entry(3, "Deep", level=4), ref_entry(4, "Shallow", level=2))
    found = check(L, text)
    levels = only(found, "LIT010")
    assert [span(f) for f in levels] == [(41, 0, 41, 18), (51, 0, 51, 19)]
    assert all(f.data == {"level": 3} for f in levels)
    assert "level-2" in levels[1].message and "not read as an entry" in levels[1].message
    assert "REF009" not in codes(found)  # the heading itself is not a mention


def test_headings_inside_code_fences_are_not_entries(check) -> None:
    fenced = "```markdown\n### REF-001: duplicate in an example\n## Synthesis\n```\n\n"
    found = check(L, with_refs(fenced))
    assert codes(found) == []


# -- LIT011 duplicate papers -----------------------------------------------------------------
def test_same_arxiv_id_ignoring_version(check) -> None:
    text = with_refs(ref_entry(3, "Different title", arxiv="1901.01234v2"))
    found = only(check(L, text), "LIT011")
    assert len(found) == 1
    assert "same arXiv id 1901.01234 as REF-001" in found[0].message
    assert found[0].related[0].range.start.line == 18
    assert found[0].data == {"id": "REF-003", "duplicate_of": "REF-001"}


def test_same_doi_normalised(check) -> None:
    text = with_refs(ref_entry(3, "Another", doi="https://doi.org/10.1016/J.JFA.2020.108765"))
    found = only(check(L, text), "LIT011")
    assert len(found) == 1 and "DOI 10.1016/j.jfa.2020.108765 as REF-002" in found[0].message


def test_same_title_and_year_normalised(check) -> None:
    entry = ref_entry(3, "Neumann Séries in \\emph{Banach} algebras!", year=2019)
    found = only(check(L, with_refs(entry)), "LIT011")
    assert len(found) == 1 and "title and year (2019)" in found[0].message


def test_same_title_other_year_is_another_paper(check) -> None:
    entry = ref_entry(3, "Neumann series in Banach algebras", year=2001)
    assert "LIT011" not in codes(check(L, with_refs(entry)))


def test_duplicate_across_confirmed_and_unconfirmed(check) -> None:
    text = with_refs(unconfirmed=(ref_entry(2, "Dup", kind="UREF", arxiv="1901.01234"),))
    found = only(check(L, text), "LIT011")
    assert len(found) == 1 and found[0].message.startswith("UREF-002 has the same arXiv id")


# -- LIT012 search history -------------------------------------------------------------------
def test_history_wrong_columns(check) -> None:
    text = edit(LITERATURE, "| S2 Results |", "| Semantic Scholar |")
    found = only(check(L, text), "LIT012")
    assert len(found) == 1
    assert span(found[0])[:2] == (12, 0)
    assert "expected `Date | Query Summary | arXiv Results | S2 Results | New Confirmed`" in (
        found[0].message
    )


def test_history_row_with_wrong_cell_count(check) -> None:
    text = edit(LITERATURE, "| 8 | 12 | 2 |", "| 8 | 12 |")
    found = only(check(L, text), "LIT012")
    assert len(found) == 1 and span(found[0])[0] == 14


def test_history_escaped_pipe_is_not_a_column(check) -> None:
    text = edit(LITERATURE, '"operator norm" AND', '"a \\| b" AND')
    assert "LIT012" not in codes(check(L, text))


def test_history_without_table(check) -> None:
    start = LITERATURE.index("| Date")
    end = LITERATURE.index("## Confirmed")
    found = only(check(L, LITERATURE[:start] + LITERATURE[end:]), "LIT012")
    assert len(found) == 1 and span(found[0])[0] == 10


def test_history_without_delimiter_row(check) -> None:
    text = edit(
        LITERATURE, "|------|---------------|---------------|------------|---------------|\n", ""
    )
    found = only(check(L, text), "LIT012")
    assert len(found) == 1 and "delimiter row" in found[0].message


# -- line endings ----------------------------------------------------------------------------
def test_crlf_positions(check) -> None:
    text = edit(LITERATURE, "confirmed_count: 2", "confirmed_count: 5").replace("\n", "\r\n")
    found = only(check(L, text), "LIT003")
    assert span(found[0]) == (3, 17, 3, 18)


def test_a_mention_naming_the_id_with_another_title_is_a_reuse(check) -> None:
    journal = JOURNAL + '\nFollowing REF-002 ("Bounded gaps between primes"), we tried sieves.\n'
    found = only(check(L, LITERATURE, JOURNAL_md=journal), "LIT013")
    assert len(found) == 1
    f = found[0]
    assert f.data == {
        "id": "REF-002",
        "other_title": "Bounded gaps between primes",
        "next": "REF-003",
    }
    assert "JOURNAL.md names it 'Bounded gaps between primes'" in f.message
    assert f.related[0].path.endswith("JOURNAL.md")


@pytest.mark.parametrize(
    "mention",
    [
        'REF-002 ("Spectral radius and operator norms")',  # its own title
        "REF-002 (*Spectral radius and norms*)",  # shortened
        'REF-002 ("the key lemma")',  # a phrase, not a title
        "REF-002 and Bounded gaps between primes",  # no quotes: no claim about REF-002
    ],
)
def test_a_mention_naming_the_entrys_own_title_is_fine(check, mention: str) -> None:
    journal = JOURNAL + f"\nFollowing {mention}, we tried sieves.\n"
    assert "LIT013" not in codes(check(L, LITERATURE, JOURNAL_md=journal))
