"""What a confirmation states (a year that differs), and stamps rewritten only on new evidence."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from mathlsp.ide.hover_card import Status, status_line
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.sources.base import LookupStatus
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.pipeline import Evidence, ReferenceCheck, decide
from mathlsp.verify.remarks import year_note
from mathlsp.verify.write import stamp_holds, verification_edits

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
URL = "http://export.arxiv.org/api/query?id_list=1304.4132"
ARXIV = PaperRecord(
    backend="arxiv",
    title="Interlacing families I: Bipartite Ramanujan graphs of all degrees",
    authors=(
        Author("Marcus", "Adam W."),
        Author("Spielman", "Daniel A."),
        Author("Srivastava", "Nikhil"),
    ),
    year=2013,
    arxiv_id="1304.4132",
    url=URL,
)
JOURNAL = replace(ARXIV, backend="crossref", year=2015, doi="10.4007/annals.2015.182.1.7")


def entry_text(year: int, stamp: str | None = None) -> str:
    lines = [
        "## Confirmed References",
        "",
        f"### REF-001: {ARXIV.title}",
        "- **Authors:** Adam W. Marcus, Daniel A. Spielman, Nikhil Srivastava",
        f"- **Year:** {year}",
        "- **arXiv ID:** 1304.4132",
    ]
    if stamp is not None:
        lines.append(f"- **Verified:** {stamp}")
    return "\n".join(lines) + "\n\n## Unconfirmed References\n"


@pytest.mark.parametrize(
    ("claimed", "record", "expected"),
    [
        (2013, ARXIV, None),
        (None, ARXIV, None),
        (2013, replace(ARXIV, year=None), None),
        (
            2014,
            ARXIV,
            "year 2014 in the entry, 2013 in arXiv (a year apart: 2013 is the arXiv preprint's "
            "year, 2014 presumably the journal version's)",
        ),
        (
            2014,
            JOURNAL,
            "year 2014 in the entry, 2015 in Crossref (a year apart: 2014 is presumably the "
            "preprint's year, 2015 the journal version's)",
        ),
        (
            2016,
            JOURNAL,
            "year 2016 in the entry, 2015 in Crossref (a year apart: preprint and journal years "
            "often differ so)",
        ),
        (
            2015,
            ARXIV,
            "year 2015 in the entry, 2013 in arXiv (2 years apart: 2013 is the arXiv preprint's "
            "year, 2015 presumably the journal version's)",
        ),
    ],
)
def test_year_note(claimed: int | None, record: PaperRecord, expected: str | None) -> None:
    assert year_note(claimed, record) == expected


def test_a_year_one_off_confirms_and_says_so() -> None:
    (entry,) = LiteratureDoc(entry_text(2014)).entries
    check = decide(entry, [Evidence("arXiv 1304.4132", LookupStatus.FOUND, (ARXIV,))], NOW)
    assert check.confirmed
    assert check.notes and check.notes[0].startswith("year 2014 in the entry, 2013 in arXiv")
    assert check.to_json()["notes"] == list(check.notes)
    (same,) = LiteratureDoc(entry_text(2013)).entries
    exact = decide(same, [Evidence("arXiv 1304.4132", LookupStatus.FOUND, (ARXIV,))], NOW)
    assert exact.confirmed and exact.notes == ()


def test_the_hover_status_line_states_the_note() -> None:
    status = Status("confirmed", when=NOW, url=URL, source="arxiv", notes=("year 2014 …",))
    line = status_line(status, NOW, markdown=False)
    assert line == f"✓ Verified 2026-03-01 (today) via arXiv — {URL} (year 2014 …)"


def _check(url: str = URL, single: bool = False) -> ReferenceCheck:
    return ReferenceCheck("REF-001", "confirmed", "confirmed", (), url=url, single_source=single)


@pytest.mark.parametrize(
    ("stamp", "check", "holds"),
    [
        (f"2026-02-20T10:00:00Z via {URL}", _check(), True),
        (f"2026-02-20 via {URL}", _check(), True),
        (f"2026-02-20T10:00:00Z via {URL}", _check(url=URL + "v2"), False),  # other evidence
        (f"2026-02-20T10:00:00Z via {URL}", _check(single=True), False),
        (f"2026-02-20T10:00:00Z via {URL} (only source reachable)", _check(), False),
        (f"2026-02-20T10:00:00Z via {URL} (only source reachable)", _check(single=True), True),
        (f"2025-06-01T10:00:00Z via {URL}", _check(), False),  # older than 180 days: renewed
        (f"2026-05-01T10:00:00Z via {URL}", _check(), False),  # in the future
        (f"Feb 20 via {URL}", _check(), False),
        ("2026-02-20T10:00:00Z via arXiv", _check(), False),
    ],
)
def test_a_stamp_holds_only_for_the_same_evidence(
    stamp: str, check: ReferenceCheck, holds: bool
) -> None:
    (entry,) = LiteratureDoc(entry_text(2013, stamp)).entries
    assert stamp_holds(entry, check, NOW) is holds


def test_verification_edits_leave_a_current_stamp_alone() -> None:
    doc = LiteratureDoc(entry_text(2013, f"2026-02-20T10:00:00Z via {URL}"))
    edits = verification_edits(doc, [_check()], now=NOW)
    assert edits.literature == [] and edits.stamped == [] and edits.unchanged == ["REF-001"]
    renewed = verification_edits(doc, [_check(url=URL + "v2")], now=NOW)
    assert renewed.stamped == ["REF-001"] and len(renewed.literature) == 1


def test_a_stamp_is_renewed_once_the_configured_age_makes_it_stale() -> None:
    doc = LiteratureDoc(entry_text(2013, f"2026-01-10T10:00:00Z via {URL}"))  # 40 days before NOW
    assert verification_edits(doc, [_check()], now=NOW).unchanged == ["REF-001"]
    month = verification_edits(doc, [_check()], now=NOW, renew_after=dt.timedelta(days=30))
    assert month.stamped == ["REF-001"] and len(month.literature) == 1


OA = "https://api.openalex.org/works"


@pytest.mark.parametrize(
    ("stamp_url", "holds"),
    [
        (f"{OA}/W2100000001", True),  # the older form of the same work: the same evidence
        (f"{OA}/doi:10.4007/ANNALS.2014.179.3.7", True),
        (f"{OA}/doi:10.4007%2Fannals.2014.179.3.7", True),
        (f"{OA}/W2100000002", False),  # another work
        (f"{OA}/doi:10.4007/annals.2014.179.3.8", False),
        ("http://127.0.0.1:9/openalex/works/W2100000001", False),  # another host
        ("https://api.crossref.org/works/10.4007/annals.2014.179.3.7", False),  # other source
    ],
)
def test_an_openalex_stamp_in_either_form_is_the_same_evidence(stamp_url: str, holds: bool) -> None:
    record = PaperRecord(
        "openalex",
        "Bounded gaps between primes",
        doi="10.4007/annals.2014.179.3.7",
        openalex_id="W2100000001",
        url=f"{OA}/doi:10.4007/annals.2014.179.3.7",
    )
    check = replace(_check(url=record.url), source="openalex", record=record)
    (entry,) = LiteratureDoc(entry_text(2013, f"2026-02-20T10:00:00Z via {stamp_url}")).entries
    assert stamp_holds(entry, check, NOW) is holds
