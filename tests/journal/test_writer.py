"""Journal writing: the right section, the next number, true frontmatter, nothing else moved."""

from __future__ import annotations

import datetime as dt

import pytest

from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.journal_render import NewJournalEntry, write_journal_entry
from mathlsp.notes.templates import fill_template

WHEN = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


def entry(category: str = "PROOF", **kw: object) -> NewJournalEntry:
    base: dict[str, object] = {
        "title": "Try induction on n",
        "insight": "The base case needs n >= 2.",
        "outcome": "FAILED",
        "strategy_type": "induction",
        "tags": ["induction", "spectral-gap"],
        "timestamp": WHEN,
    }
    base.update(kw)
    return NewJournalEntry(category, **base)  # type: ignore[arg-type]


@pytest.fixture
def template() -> str:
    return fill_template("JOURNAL.md", {"PROBLEM_SLUG": "p", "PROBLEM_TITLE": "P"})


def test_first_entry_goes_to_its_section(template: str) -> None:
    text, entry_id = write_journal_entry(template, entry())
    assert entry_id == "PROOF-001"
    doc = JournalDoc(text)
    (e,) = doc.entries
    assert (
        e.section == "PROOF" and e.outcome == "FAILED" and e.tags == ["induction", "spectral-gap"]
    )
    assert e.insight == "The base case needs n >= 2."
    assert doc.frontmatter.data["total_entries"] == 1
    assert doc.frontmatter.data["last_entry"] == "2026-03-01T12:00:00Z"
    assert doc.frontmatter.data["strategies_tried"] == [
        {
            "id": "PROOF-001",
            "strategy": "induction",
            "status": "abandoned",
            "tags": ["induction", "spectral-gap"],
        }
    ]


def test_numbering_continues_past_the_highest(template: str) -> None:
    text, _ = write_journal_entry(template, entry())
    text = text.replace("PROOF-001", "PROOF-007")
    text, entry_id = write_journal_entry(text, entry(outcome="IN_PROGRESS"))
    assert entry_id == "PROOF-008"
    statuses = [s["status"] for s in JournalDoc(text).frontmatter.data["strategies_tried"]]
    assert statuses[-1] == "in-progress"


def test_categories_land_in_their_sections_in_order(template: str) -> None:
    text = template
    for cat, strat in (("NOTE", ""), ("LIT", "broad-survey"), ("COMP", ""), ("PROOF", "direct")):
        text, _ = write_journal_entry(text, entry(cat, strategy_type=strat, outcome="SUCCEEDED"))
    doc = JournalDoc(text)
    assert [(e.category, e.section) for e in doc.entries] == [
        ("PROOF", "PROOF"), ("LIT", "LIT"), ("COMP", "COMP"), ("NOTE", "NOTE")
    ]  # fmt: skip
    assert doc.frontmatter.data["total_entries"] == 4
    # Only PROOF entries are strategies.
    assert [s["id"] for s in doc.frontmatter.data["strategies_tried"]] == ["PROOF-001"]


def test_text_outside_the_edits_is_untouched(template: str) -> None:
    user = template.replace("## Notes", "## Notes\n\nMy own words, kept verbatim.  \n")
    text, _ = write_journal_entry(user, entry())
    body_before = user[user.index("# Research Journal") :]
    body_after = text[text.index("# Research Journal") :]
    block_start = body_after.index("### PROOF-001: Try")
    block_end = body_after.index("## Literature Searches")
    # Removing exactly the new entry (and the blank line that separates it) gives back the body.
    assert body_after[:block_start] + body_after[block_end:] == body_before
    assert body_after[block_start:block_end].endswith("n >= 2.\n\n")


def test_crlf_journal_stays_crlf(template: str) -> None:
    crlf = template.replace("\n", "\r\n")
    text, _ = write_journal_entry(crlf, entry())
    assert "\n" not in text.replace("\r\n", "")


def test_missing_section_is_created_in_order() -> None:
    text = "---\ntotal_entries: 0\n---\n# Journal\n\n## Notes\n"
    text, _ = write_journal_entry(
        text, entry("LIT", strategy_type="targeted-search", outcome="PARTIAL")
    )
    doc = JournalDoc(text)
    assert [s.key for s in doc.sections] == ["LIT", "NOTE"]
    assert doc.entries[0].section == "LIT"


def test_no_frontmatter_gets_one() -> None:
    text, _ = write_journal_entry(
        "# Journal\n", entry("NOTE", outcome="SUCCEEDED", strategy_type="")
    )
    doc = JournalDoc(text)
    assert doc.frontmatter.data["total_entries"] == 1 and doc.entries[0].section == "NOTE"


@pytest.mark.parametrize(
    ("kw", "message"),
    [({"insight": "  "}, "Insight"), ({"outcome": "DONE"}, "unknown outcome")],
)
def test_invalid_entries_are_refused(template: str, kw: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        write_journal_entry(template, entry(**kw))


def test_re_attempt_is_recorded(template: str) -> None:
    text, _ = write_journal_entry(template, entry())
    text, _ = write_journal_entry(text, entry(outcome="IN_PROGRESS", re_attempt_of="PROOF-001"))
    assert JournalDoc(text).by_id["PROOF-002"].re_attempt_of == "PROOF-001"
