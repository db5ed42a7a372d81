"""The verified-record card: complete, and safe against whatever an API returns."""

from __future__ import annotations

import datetime as dt

from mathlsp.ide.hover_card import Status, escape_markdown, record_card, safe_url
from mathlsp.sources.record import Author, PaperRecord

NOW = dt.datetime(2026, 3, 4, 12, 0, tzinfo=dt.UTC)


def paper(**kw: object) -> PaperRecord:
    base: dict[str, object] = {
        "backend": "arxiv",
        "title": "Heat-bath random walks with Markov bases",
        "authors": (Author("Stanley", "Caprice"), Author("Windisch", "Tobias")),
        "year": 2016,
        "venue": "Advances in Applied Mathematics",
        "abstract": "Graphs on lattice points are studied whose edges come from a finite set.",
        "arxiv_id": "1605.08386",
        "arxiv_version": 1,
        "doi": "10.1016/j.aam.2017.01.001",
        "citation_count": 12,
        "url": "http://export.arxiv.org/api/query?id_list=1605.08386",
    }
    base.update(kw)
    return PaperRecord(**base)  # type: ignore[arg-type]


def test_card_has_everything_a_reader_needs() -> None:
    status = Status(
        "confirmed", when=dt.datetime(2026, 3, 1, tzinfo=dt.UTC), url=paper().url, source="arxiv"
    )
    card = record_card(paper(), status, heading="REF-001", now=NOW)
    assert card.startswith("**REF-001** · Heat\\-bath random walks with Markov bases")
    assert "Caprice Stanley, Tobias Windisch · 2016 · *Advances in Applied Mathematics*" in card
    assert "[1605\\.08386v1](https://arxiv.org/abs/1605.08386v1)" in card
    assert (
        "[10\\.1016/j\\.aam\\.2017\\.01\\.001](https://doi.org/10.1016/j.aam.2017.01.001)" in card
    )
    assert "cited by 12" in card
    assert (
        "✓ Verified 2026-03-01 (3 days ago) via arXiv — [re\\-check](http://export.arxiv.org/api/query?id_list=1605.08386)"
        in card
    )
    assert "Graphs on lattice points are studied" in card


def test_api_text_cannot_inject_links_html_or_commands() -> None:
    evil = paper(
        title="[click](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>",
        abstract="See [here](javascript:alert(1)) and <script>alert(1)</script> ![x](http://e/x.png)",
        venue="*bold* `code`",
    )
    card = record_card(evil, Status("unverified"), now=NOW)
    assert "](command:" not in card and "](javascript:" not in card
    assert "<img" not in card and "<script>" not in card and "![x](" not in card
    assert "\\[click\\]\\(command:workbench" in card
    assert "&lt;script&gt;" in card


def test_only_http_links_are_made() -> None:
    assert safe_url("javascript:alert(1)") is None
    assert safe_url("command:foo") is None
    assert (
        safe_url("https://doi.org/10.1002/(SICI)1097") == "https://doi.org/10.1002/%28SICI%291097"
    )
    card = record_card(
        paper(url="javascript:alert(1)"), Status("confirmed", url="javascript:alert(1)"), now=NOW
    )
    assert "javascript:" not in card


def test_unconfirmed_and_missing_records() -> None:
    card = record_card(
        None,
        Status("not-found", reasons=("arXiv returned no entry for 2301.99999",)),
        heading="2301.99999",
        now=NOW,
    )
    assert "✗ Unknown to the sources: arXiv returned no entry for 2301\\.99999" in card
    card = record_card(
        paper(),
        Status("pending", reasons=("Semantic Scholar rate-limited; verification pending",)),
        now=NOW,
    )
    assert "… Verification pending" in card


def test_an_identifier_being_looked_up_is_not_called_unverified() -> None:
    # Hovering the arXiv id of a stamped REF with a fresh cache read "? Not verified yet: not in
    # the local cache yet", above the entry's own `Verified:` stamp.
    card = record_card(None, Status("looking"), heading="1311.4600", now=NOW)
    assert "looking it up" in card and "hover again" in card
    assert "verified" not in card.lower() and "✗" not in card


def test_plain_text_variant_has_no_markdown() -> None:
    card = record_card(
        paper(), Status("confirmed", url=paper().url), heading="REF-001", markdown=False, now=NOW
    )
    assert "**" not in card and "\\" not in card and "https://arxiv.org/abs/1605.08386v1" in card


def test_escape_markdown_round_trip_text() -> None:
    assert escape_markdown("a_b*c [d](e) <f>") == "a\\_b\\*c \\[d\\]\\(e\\) &lt;f&gt;"
