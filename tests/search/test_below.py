"""Below the line: set-aside papers added by hand are Unconfirmed, never Confirmed."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.templates import fill_template
from mathlsp.search.below import add_to_literature, listed, reference

WHEN = dt.datetime(2026, 11, 26, 12, 0, tzinfo=dt.UTC)
ITEM = {
    "title": "Explicit zero density for the Riemann zeta function",
    "authors": ["Habiba Kadiri", "Allysa Lumley", "Nathan Ng"],
    "year": 2018,
    "arxiv_id": "1708.06118",
    "doi": "",
    "source": "arXiv",
    "evidence": 0.6,
    "relevance": 'Its abstract says "zero density".',
}


def literature() -> str:
    return fill_template("LITERATURE.md", {"PROBLEM_SLUG": "pnt", "PROBLEM_TITLE": "PNT"})


def test_added_as_the_next_uref_with_the_reason_and_counts() -> None:
    text = add_to_literature(literature(), ITEM, WHEN)
    assert text is not None
    doc = LiteratureDoc(text)
    assert not doc.confirmed
    (entry,) = doc.unconfirmed
    assert entry.id == "UREF-001" and entry.title == ITEM["title"]
    reason = entry.fields.value("reason")
    assert reason.startswith("set aside by the search of 2026-11-26 (below the relevance line")
    assert 'its abstract says "zero density"' in reason and "not verified" in reason
    assert doc.frontmatter.get("unconfirmed_count") == 1
    assert doc.frontmatter.get("total_papers") == 1
    # A second time: already listed, nothing to add.
    assert listed(doc, ITEM) and add_to_literature(text, ITEM, WHEN) is None


def test_never_a_confirmed_reference_whatever_the_item_says() -> None:
    forged = {**ITEM, "status": "confirmed", "verified": "2026-11-26 via https://arxiv.org"}
    ref = reference(forged, 3, WHEN)
    assert ref.kind == "UREF" and ref.id == "UREF-003" and not ref.verified


def test_numbering_continues_after_existing_entries() -> None:
    first = add_to_literature(literature(), ITEM, WHEN)
    assert first is not None
    other = {**ITEM, "title": "A different paper", "arxiv_id": "1901.00001"}
    second = add_to_literature(first, other, WHEN)
    assert second is not None
    assert [e.id for e in LiteratureDoc(second).unconfirmed] == ["UREF-001", "UREF-002"]


def test_the_next_uref_comes_after_every_number_ever_used() -> None:
    """UREF-002 was moved away and is still mentioned: the added paper is UREF-003, not -002
    (numbers are never reused; the search and verify writers follow the same rule)."""
    text = add_to_literature(literature(), ITEM, WHEN)
    assert text is not None
    text = text.replace("## Synthesis", "## Synthesis\n\nSee UREF-002 [~] for the old bound.", 1)
    other = {**ITEM, "title": "A different paper", "arxiv_id": "1901.00001"}
    added = add_to_literature(text, other, WHEN)
    assert added is not None
    assert [e.id for e in LiteratureDoc(added).unconfirmed] == ["UREF-001", "UREF-003"]


def test_the_reason_names_the_day_of_the_search_not_the_day_it_was_added() -> None:
    item = {**ITEM, "set_aside_at": "2026-11-20T23:59:00+00:00"}
    reason = reference(item, 1, WHEN).reason
    assert reason.startswith("set aside by the search of 2026-11-20 ")
    # An item that does not say (or says nonsense) falls back to the day it is added.
    assert "search of 2026-11-26 " in reference({**ITEM, "set_aside_at": "soon"}, 1, WHEN).reason


def test_recall_stamps_each_item_with_the_search_time(tmp_path: Path) -> None:
    from mathlsp.cache import Cache
    from mathlsp.search.below import recall, remember

    with Cache(tmp_path / "cache") as cache:
        remember(cache, tmp_path, [ITEM], dt.datetime(2026, 11, 20, 8, tzinfo=dt.UTC))
        (item,) = recall(cache, tmp_path)
    assert item["title"] == ITEM["title"]
    assert reference(item, 1, WHEN).reason.startswith("set aside by the search of 2026-11-20 ")


def test_a_set_aside_paper_says_why_it_was_set_aside() -> None:
    from mathlsp.search.below import entry, why_set_aside
    from mathlsp.search.merge import Candidate
    from mathlsp.search.queries import Term
    from mathlsp.search.rank import Match
    from mathlsp.sources.record import PaperRecord

    def paper(*found: Match) -> Candidate:
        c = Candidate([PaperRecord(backend="arxiv", title="A paper", arxiv_id="1708.06118")])
        c.found = list(found)
        return c

    tag = Term("prime gaps", "tag", 1.0, "prime-gaps")
    phrase = Term("zero density", "keyword", 1.0, "zero density")
    field = Term("riemann zeta", "keyword", 1.0, "Riemann zeta")
    assert "a tag alone never admits" in why_set_aside(paper(Match(tag, "text", 0.9)))
    assert "only in passing" in why_set_aside(paper(Match(phrase, "passing", 0.9)))
    assert "the field's words" in why_set_aside(paper(Match(field, "title", 0.1)))
    weighed = paper(Match(phrase, "text", 0.9), Match(field, "title", 0.1))
    assert why_set_aside(weighed) == "the ranking weighed its match below those written"
    item = entry(weighed, 'Its abstract says "zero density".')
    assert item["why"] == "the ranking weighed its match below those written"
    reason = reference(item, 1, WHEN).reason
    assert "(below the relevance line, because the ranking weighed its match below" in reason
    assert 'written; its abstract says "zero density")' in reason
