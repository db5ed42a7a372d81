"""The gate with zbMATH: a Zbl-only reference, a wrong one, and MR/Zbl fields in the notes."""

from __future__ import annotations

import datetime as dt

from mathlsp.checks import CheckSettings, check_document
from mathlsp.ide.hover_card import Status, record_card
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.pipeline import identifiers_of, verify_entries
from tests.fakescholar import FakeScholar

SZEMEREDI_ZBL_ONLY = """\
### REF-001: On sets of integers containing no k elements in arithmetic progression
- **Authors:** E. Szemerédi
- **Year:** 1975
- **Zbl:** 0303.10056
- **MR:** MR0369312
"""
WRONG_TITLE = """\
### REF-002: On sets of integers containing no k elements in geometric progression
- **Authors:** E. Szemerédi
- **Year:** 1975
- **Zbl:** 0303.10056
"""
URL_ONLY = """\
### REF-003: Groups of polynomial growth and expanding maps
- **Authors:** Mikhael Gromov
- **Year:** 1981
- **URL:** https://zbmath.org/?q=an:0474.20018
"""


def doc(body: str) -> LiteratureDoc:
    return LiteratureDoc("## Confirmed References\n\n" + body + "\n## Unconfirmed References\n")


def test_zbl_and_mr_are_read_from_fields_and_links() -> None:
    a, b, c = doc(SZEMEREDI_ZBL_ONLY + WRONG_TITLE + URL_ONLY).entries
    assert b.zbl == "0303.10056"
    assert a.zbl == "0303.10056" and a.mr == "MR0369312"
    assert c.zbl == "0474.20018" and c.mr is None
    assert [str(i) for i in identifiers_of(a)] == ["zbl:0303.10056"]
    assert [str(i) for i in identifiers_of(c)] == ["zbl:0474.20018"]


async def test_a_zbl_only_reference_is_confirmed_in_one_request(sources, fake: FakeScholar) -> None:
    (entry,) = doc(SZEMEREDI_ZBL_ONLY).entries
    (check,) = await verify_entries([entry], sources)
    assert check.confirmed, check.reasons
    assert check.source == "zbmath"
    assert check.url and "an:0303.10056" in check.url
    assert len(fake.controls.requests()) == 1


async def test_a_changed_title_next_to_a_real_zbl_is_not_confirmed(
    sources, fake: FakeScholar
) -> None:
    (entry,) = doc(WRONG_TITLE).entries
    (check,) = await verify_entries([entry], sources)
    assert not check.confirmed and not check.pending
    assert any("zbMATH Open" in r and "title" in r for r in check.reasons), check.reasons


async def test_a_number_zbmath_does_not_know_is_the_reason(sources) -> None:
    (entry,) = doc(SZEMEREDI_ZBL_ONLY.replace("0303.10056", "0303.99999")).entries
    (check,) = await verify_entries([entry], sources)
    assert not check.confirmed and not check.pending
    assert "zbMATH Open returned no entry for 0303.99999" in check.reasons


async def test_zbmath_down_leaves_it_pending(sources, fake: FakeScholar) -> None:
    fake.controls.add_fault("503", "zbmath", count=50)
    (entry,) = doc(SZEMEREDI_ZBL_ONLY).entries
    (check,) = await verify_entries([entry], sources)
    assert check.pending and not check.confirmed


def test_malformed_zbl_and_mr_are_reported(tmp_path) -> None:
    body = SZEMEREDI_ZBL_ONLY.replace("0303.10056", "0303-10056").replace("MR0369312", "MR12a")
    (tmp_path / "LITERATURE.md").write_text(
        "## Confirmed References\n\n" + body + "\n## Unconfirmed References\n", encoding="utf-8"
    )
    findings = check_document(ProblemFolder(tmp_path), tmp_path / "LITERATURE.md", CheckSettings())
    bad = [f for f in findings if f.code == "REF013"]
    assert len(bad) == 2
    assert "`0303-10056` is not a valid Zbl number" in bad[0].message
    assert "`MR12a` is not a valid MR number" in bad[1].message
    ok = (
        (tmp_path / "LITERATURE.md")
        .read_text(encoding="utf-8")
        .replace("0303-10056", "Zbl 0303.10056")
    )
    (tmp_path / "LITERATURE.md").write_text(
        ok.replace("MR12a", "MR 369312 (51 #5556)"), encoding="utf-8"
    )
    assert not [
        f
        for f in check_document(
            ProblemFolder(tmp_path), tmp_path / "LITERATURE.md", CheckSettings()
        )
        if f.code == "REF013"
    ]


def test_hover_card_shows_zbl_msc_and_mr() -> None:
    record = PaperRecord(
        backend="zbmath",
        title="On sets of integers containing no k elements in arithmetic progression",
        authors=(Author("Szemerédi", "E."),),
        year=1975,
        zbl_id="0303.10056",
        msc=("11B25",),
        url="https://api.zbmath.org/v1/document/_search?search_string=an:0303.10056",
    )
    now = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    card = record_card(
        record, Status("confirmed", when=now, source="zbmath"), mr="MR0369312", now=now
    )
    assert "[Zbl 0303\\.10056](https://zbmath.org/?q=an:0303.10056)" in card
    assert "[MR0369312](https://mathscinet.ams.org/mathscinet-getitem?mr=0369312)" in card
    assert "MSC 11B25" in card
    assert "via zbMATH Open" in card
    plain = record_card(record, Status("confirmed", source="zbmath"), markdown=False, now=now)
    assert "Zbl 0303.10056 (https://zbmath.org/?q=an:0303.10056)" in plain


def test_problem_msc_classes_and_their_check(tmp_path) -> None:
    from mathlsp.notes.problem import ProblemDoc

    doc = ProblemDoc("---\ndomain: number-theory\nmsc: [11N05, 11Nxx, banana]\n---\n# P\n")
    assert doc.msc == ["11N05", "11Nxx"] and doc.msc_invalid == ["banana"]
    assert doc.msc_classes == ("11N05", "11Nxx")
    assert ProblemDoc("---\ndomain: number-theory\n---\n").msc_classes == ("11",)
    assert ProblemDoc("---\ndomain: other\n---\n").msc_classes == ()
    (tmp_path / "PROBLEM.md").write_text(
        "---\ntitle: T\nstatus: defined\ndomain: number-theory\ntags: [a]\n"
        "msc: [11N05, number theory]\n---\n# Problem\n\nState.\n",
        encoding="utf-8",
    )
    findings = check_document(ProblemFolder(tmp_path), tmp_path / "PROBLEM.md", CheckSettings())
    (bad,) = [f for f in findings if f.code == "PRB010"]
    assert "`number theory`" in bad.message


NOTES_ONLY = """\
### REF-004: On sets of integers containing no k elements in arithmetic progression
- **Authors:** E. Szemerédi
- **Year:** 1975
- **Notes:** Acta Arith. 27 (1975), Zbl 0303.10056, MR0369312 (51 #5556).
"""


async def test_a_zbl_number_in_the_notes_is_looked_up_like_a_field(
    sources, fake: FakeScholar
) -> None:
    (entry,) = doc(NOTES_ONLY).entries
    assert (entry.zbl, entry.mr) == ("0303.10056", "MR0369312")
    (check,) = await verify_entries([entry], sources)
    assert check.confirmed and check.source == "zbmath", check.reasons
    assert len(fake.controls.requests()) == 1
