"""A subtitle the note adds is confirmed only by a record that carries it (issue 27): a journal
version may carry one its preprint lacks; an invented one (": a new approach") is in no record."""

from __future__ import annotations

import datetime as dt

from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.sources import LookupStatus, Sources
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.matcher import Claim, carries_subtitle, match, match_title
from mathlsp.verify.pipeline import Evidence, decide, verify_entries

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
PREPRINT = PaperRecord(
    backend="arxiv",
    title="Interlacing families II",
    authors=(Author("Marcus", "Adam W."), Author("Spielman", "Daniel A."),
             Author("Srivastava", "Nikhil")),
    year=2013,
    arxiv_id="1306.3969",
    doi="10.4007/annals.2015.182.1.8",
)  # fmt: skip
JOURNAL = PaperRecord(
    backend="crossref",
    title="Interlacing families II: Mixed characteristic polynomials and the Kadison-Singer "
    "problem",
    authors=PREPRINT.authors,
    year=2015,
    doi="10.4007/annals.2015.182.1.8",
)


def entry(title: str, ids: str) -> ReferenceEntry:
    body = (
        f"### REF-001: {title}\n- **Authors:** Marcus, A. W.; Spielman, D. A.; Srivastava, N.\n"
        f"- **Year:** 2015\n{ids}"
    )
    doc = LiteratureDoc(f"## Confirmed References\n\n{body}\n## Unconfirmed References\n")
    return doc.entries[0]


def test_an_added_subtitle_is_not_confirmed_by_a_record_without_it() -> None:
    verdict = match_title(JOURNAL.title, PREPRINT.title)
    assert not verdict.ok
    assert (
        verdict.added_subtitle == "Mixed characteristic polynomials and the Kadison-Singer problem"
    )
    assert "does not carry" in verdict.detail
    # Dropping the source's subtitle stays harmless.
    assert match_title(PREPRINT.title, JOURNAL.title).ok


def test_a_record_carrying_the_subtitle_confirms_the_others() -> None:
    claim = Claim(JOURNAL.title, ("A. W. Marcus", "D. A. Spielman", "N. Srivastava"), 2015)
    assert carries_subtitle(claim, [PREPRINT, JOURNAL])
    assert not carries_subtitle(claim, [PREPRINT])
    assert match(claim, PREPRINT, subtitle_carried=True).matched
    assert not match(claim, PREPRINT).matched


def test_decide_looks_for_the_subtitle_in_every_source() -> None:
    ids = "- **arXiv ID:** 1306.3969\n- **DOI:** 10.4007/annals.2015.182.1.8\n"
    e = entry(JOURNAL.title, ids)
    arxiv = Evidence("arXiv 1306.3969", LookupStatus.FOUND, (PREPRINT,))
    crossref = Evidence("DOI 10.4007/annals.2015.182.1.8", LookupStatus.FOUND, (JOURNAL,))
    assert decide(e, [arxiv, crossref], NOW).confirmed
    invented = entry("Interlacing families II: a new approach", ids)
    check = decide(invented, [arxiv, crossref], NOW)
    assert not check.confirmed
    # The Crossref record has another subtitle; the arXiv one none: nobody carries this one.
    assert any("a new approach" in r for r in check.reasons)


async def test_an_invented_subtitle_on_a_title_only_entry_says_so(sources: Sources) -> None:
    # "Compressed sensing" (Donoho 2006) is on the fake server; its subtitle here is invented.
    doc = LiteratureDoc(
        "## Confirmed References\n\n### REF-001: Compressed sensing: a new approach\n"
        "- **Authors:** David L. Donoho\n- **Year:** 2006\n\n## Unconfirmed References\n"
    )
    (check,) = await verify_entries(doc.entries, sources, now=NOW)
    assert not check.confirmed and not check.pending
    assert any('adds the subtitle "a new approach"' in r for r in check.reasons), check.reasons
