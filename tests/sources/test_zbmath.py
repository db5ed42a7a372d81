"""zbMATH Open: identifier syntax, the document parser, and the client against the fake API."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathlsp.mathids import mr_url, parse_mr, parse_zbl, zbl_url
from mathlsp.sources import LookupStatus, Sources, parse_identifier
from mathlsp.sources.errors import MalformedResponse
from mathlsp.sources.record import Identifier, IdKind, PaperRecord
from mathlsp.sources.zbmath import ZbmathSource, parse_document, parse_result
from tests.fakescholar import FakeScholar
from tests.fakescholar.corpus import load_papers
from tests.fakescholar.zbmath import render_document

SZEMEREDI = Identifier(IdKind.ZBL, "0303.10056")


# --- syntax -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Zbl 0303.10056", "0303.10056"),
        ("zbl:0303.10056", "0303.10056"),
        ("0303.10056", "0303.10056"),
        ("Zbl. 0303.10056", "0303.10056"),
        ("Zbl 07192477", "07192477"),
        ("Zbl 7192477", "07192477"),
        ("JFM 57.0054.02", "JFM 57.0054.02"),
        ("https://zbmath.org/?q=an:0303.10056", "0303.10056"),
        ("https://zbmath.org/?q=an%3A0303.10056", "0303.10056"),
        ("https://zbmath.org/?q=an:JFM%2057.0054.02", "JFM 57.0054.02"),
        ("https://zbmath.org/7192477", "07192477"),
        ("`Zbl 0303.10056`", "0303.10056"),
        ("Zbl 0303.1005", None),
        ("Zbl 12", None),
        ("JFM 57.54.2", None),
        ("0303-10056", None),
        ("https://zbmath.org/serials/?q=se:1", None),
        ("", None),
    ],
)
def test_zbl_numbers(text: str, expected: str | None) -> None:
    assert parse_zbl(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MR0369312", "MR0369312"),
        ("MR 369312", "MR0369312"),
        ("MR369312 (51 #5556)", "MR0369312"),
        ("mr:0369312", "MR0369312"),
        ("https://mathscinet.ams.org/mathscinet-getitem?mr=369312", "MR0369312"),
        ("https://mathscinet.ams.org/mathscinet/article?mr=0369312", "MR0369312"),
        ("https://mathscinet.ams.org/mathscinet-getitem?mr=MR0369312", "MR0369312"),
        ("MR", None),
        ("MR0000000", None),
        ("369312", None),  # a bare number is anything
        ("MR12a", None),
    ],
)
def test_mr_numbers(text: str, expected: str | None) -> None:
    assert parse_mr(text) == expected


@given(st.text(max_size=60))
def test_parsers_never_raise_and_are_idempotent(text: str) -> None:
    for parse in (parse_zbl, parse_mr):
        once = parse(text)
        if once is not None:
            assert (
                parse(once if parse is parse_mr or once.startswith("JFM") else f"Zbl {once}")
                == once
            )


def test_links_are_public_pages() -> None:
    assert zbl_url("0303.10056") == "https://zbmath.org/?q=an:0303.10056"
    assert zbl_url("JFM 57.0054.02") == "https://zbmath.org/?q=an:JFM%2057.0054.02"
    assert mr_url("MR0369312") == "https://mathscinet.ams.org/mathscinet-getitem?mr=0369312"


def test_identifiers_need_their_prefix() -> None:
    assert parse_identifier("Zbl 0303.10056") == SZEMEREDI
    assert parse_identifier("https://zbmath.org/?q=an:0303.10056") == SZEMEREDI
    assert parse_identifier("JFM 57.0054.02") == Identifier(IdKind.ZBL, "JFM 57.0054.02")
    # bare, the same digits are an arXiv id's shape: a Zbl number needs its prefix
    assert parse_identifier("0303.10056").kind is IdKind.ARXIV  # type: ignore[union-attr]


# --- the parser -------------------------------------------------------------------------------


def _paper(key: str):
    return next(p for p in load_papers() if p.key == key)


def test_document_parses_into_a_record() -> None:
    record = parse_document(render_document(_paper("szemeredi-progressions")), "http://z/v1")
    assert record is not None
    assert record.backend == "zbmath"
    assert record.title.startswith("On sets of integers containing no k elements")
    assert [a.family for a in record.authors] == ["Szemerédi"]
    assert record.authors[0].given == "E."
    assert record.year == 1975
    assert record.venue == "Acta Arithmetica"
    assert record.doi == "10.4064/aa-27-1-199-245"
    assert record.zbl_id == "0303.10056"
    assert record.msc == ("11B25",)
    assert record.abstract is None  # "No review copy delivered." is no abstract
    assert (
        record.url
        == "http://z/v1/document/_search?search_string=an:0303.10056&page=0&results_per_page=1"
    )
    assert record.carries(SZEMEREDI)


def test_summary_is_the_abstract_and_arxiv_links_are_read() -> None:
    record = parse_document(render_document(_paper("green-tao-primes")), "http://z/v1")
    assert record is not None
    assert record.arxiv_id == "math/0404188"
    assert record.abstract and "arithmetic progressions" in record.abstract
    assert record.msc == ("11B25", "11N13", "11B05")


def test_record_survives_the_cache_round_trip() -> None:
    record = parse_document(render_document(_paper("godel-incompleteness")), "http://z/v1")
    assert record is not None and record.zbl_id == "JFM 57.0054.02"
    again = PaperRecord.from_dict(record.to_dict())
    assert again == record


@pytest.mark.parametrize(
    "body",
    [
        [],
        {"status": {}},
        {"result": "nope"},
        {"result": 3},
    ],
)
def test_malformed_bodies_are_typed_errors(body: object) -> None:
    with pytest.raises(MalformedResponse):
        parse_result(body, "http://z/v1", "http://z/v1/document/_search")


def test_documents_without_title_or_number_are_skipped() -> None:
    good = render_document(_paper("wiles-flt"))
    no_title = {**good, "title": {"title": None}}
    no_number = {**good, "identifier": None, "id": None}
    hostile = {**good, "title": {"title": "A\u202etitle\u0007 <b>x</b>"}, "msc": [{"code": 7}, "x"]}
    records = parse_result({"result": [no_title, no_number, hostile, "junk"]}, "http://z", "u")
    assert len(records) == 1
    assert "\u202e" not in records[0].title and "\u0007" not in records[0].title
    assert records[0].msc == ()


# --- the client ---------------------------------------------------------------------------------


async def test_zbl_lookup_is_one_request(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    sources = make_sources()
    (outcome,) = await sources.lookup_many([SZEMEREDI])
    assert outcome.found and outcome.record is not None
    assert outcome.record.zbl_id == "0303.10056"
    reqs = fake.controls.requests()
    assert [r.backend for r in reqs] == ["zbmath"]
    assert reqs[0].query["search_string"] == ["an:0303.10056"]


async def test_eight_digit_number_uses_the_document_route(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    src = make_sources().get("zbmath")
    assert isinstance(src, ZbmathSource)
    (missing,) = await src.lookup([Identifier(IdKind.ZBL, "07192477")])
    assert missing.status is LookupStatus.NOT_FOUND
    assert fake.controls.requests("zbmath")[0].path.endswith("/document/7192477")


async def test_unknown_zbl_is_not_found_and_final(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    (outcome,) = await make_sources().lookup_many([Identifier(IdKind.ZBL, "9999.99999")])
    assert outcome.status is LookupStatus.NOT_FOUND
    assert outcome.reason == "zbMATH Open returned no entry for 9999.99999"


async def test_doi_lookup_and_title_match(make_sources: Callable[..., Sources]) -> None:
    src = make_sources().get("zbmath")
    assert isinstance(src, ZbmathSource)
    (found,) = await src.lookup([Identifier(IdKind.DOI, "10.1007/bf02698687")])
    assert found.found and found.record is not None
    assert found.record.zbl_id == "0474.20018"
    match = await src.match_title("Groups of polynomial growth and expanding maps")
    assert match is not None and match.zbl_id == "0474.20018"
    assert await src.match_title("A paper nobody wrote about nothing") is None


async def test_msc_search(make_sources: Callable[..., Sources]) -> None:
    src = make_sources().get("zbmath")
    assert isinstance(src, ZbmathSource)
    records = await src.search("cc:11B25 arithmetic", limit=10)
    assert {r.zbl_id for r in records} == {"0303.10056", "1191.11025"}


@pytest.mark.parametrize("fault", ["503", "timeout", "html", "truncate"])
async def test_faults_leave_it_pending(
    fault: str, fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    fake.controls.add_fault(fault, "zbmath", count=10)
    fake.controls.timeout_hang_s = 3.0
    (outcome,) = await make_sources(max_attempts=2, timeout_s=0.5).lookup_many([SZEMEREDI])
    assert outcome.status is LookupStatus.ERROR
    assert outcome.results[0].pending or fault in ("html", "truncate")
    assert "zbMATH Open" in outcome.reason


async def test_zbmath_down_fails_fast(make_sources: Callable[..., Sources]) -> None:
    # Nothing listens there: the breaker takes the host for down and answers at once after that.
    sources = make_sources(base_urls={"zbmath": "http://127.0.0.1:9/v1"}, max_attempts=2)
    started = time.monotonic()
    outcomes = await sources.lookup_many(
        [SZEMEREDI, Identifier(IdKind.ZBL, "0474.20018"), Identifier(IdKind.ZBL, "0661.05035")]
    )
    assert all(o.status is LookupStatus.ERROR for o in outcomes)
    assert all(o.results[0].pending for o in outcomes)
    assert time.monotonic() - started < 30  # bounded, not a timing assertion of the target


async def test_jfm_numbers_are_looked_up_without_their_prefix(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    (outcome,) = await make_sources().lookup_many([Identifier(IdKind.ZBL, "JFM 57.0054.02")])
    assert outcome.found and outcome.record is not None
    assert outcome.record.zbl_id == "JFM 57.0054.02"
    assert outcome.record.year == 1931
    (req,) = fake.controls.requests("zbmath")
    assert req.query["search_string"] == ["an:57.0054.02"]
