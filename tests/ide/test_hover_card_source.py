"""The hover's "via" names the source of the stamp it shows, read from the stamp's URL."""

from __future__ import annotations

import datetime as dt

from mathlsp.ide.hover_card import Status, source_of_url, status_line


def test_via_follows_the_stamp_url() -> None:
    url = "https://api.openalex.org/works?filter=doi:10.4007/annals.2015.181.1.7"
    assert source_of_url(url) == "openalex"
    assert source_of_url("http://export.arxiv.org/api/query?id_list=1311.4600") == "arxiv"
    assert source_of_url("http://127.0.0.1:9/x") is None and source_of_url(None) is None
    when = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
    line = status_line(Status("confirmed", when, url, source_of_url(url)), when, markdown=False)
    assert "via OpenAlex" in line and "Semantic Scholar" not in line


def test_a_later_check_by_another_source_does_not_rename_the_stamp() -> None:
    from types import SimpleNamespace

    from mathlsp.features.verification.cards import entry_status
    from mathlsp.notes.literature import LiteratureDoc

    stamp = "https://api.openalex.org/works?filter=doi:10.4007/annals.2014.179.3.7"
    doc = LiteratureDoc(
        "## Confirmed References\n\n### REF-001: Bounded gaps between primes\n"
        f"- **Verified:** 2026-02-01T00:00:00Z via {stamp}\n"
    )
    check = SimpleNamespace(
        confirmed=True, pending=False, source="semantic_scholar", url="https://api.x/y", notes=()
    )
    status = entry_status(doc.confirmed[0], check)  # type: ignore[arg-type]
    assert status.url == stamp and status.source == "openalex"
