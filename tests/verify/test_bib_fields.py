"""Where real `.bib` entries keep identifiers and years the verifier must read: the field mapping
of `bib.claim` on the forms exports and hand-written entries use."""

from __future__ import annotations

import pytest

from mathlsp.bib.claim import bib_subject
from mathlsp.bib.parse import parse_bib
from mathlsp.verify.pipeline import Subject

BASE = {
    "author": "Green, Ben and Tao, Terence",
    "title": "The primes contain arbitrarily long arithmetic progressions",
    "year": "2008",
}


def subject(**fields: str) -> Subject:
    values = {**BASE, **fields}
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in values.items() if v)
    return bib_subject(parse_bib(f"@article{{key,\n{body}\n}}\n").entries[0])


@pytest.mark.parametrize(
    "fields",
    [{"note": "arXiv:2104.12255"},
     {"note": "Preprint, arXiv: 2104.12255v2"},
     {"howpublished": "arXiv preprint arXiv:2104.12255"},
     {"journal": "arXiv preprint arXiv:2104.12255"},
     {"eprint": "2104.12255", "eprinttype": "arxiv"},
     {"journal": "ArXiv", "volume": "abs/2104.12255"}],  # Semantic Scholar / DBLP export
)  # fmt: skip
def test_an_arxiv_id_is_read_wherever_an_export_puts_it(fields: dict[str, str]) -> None:
    assert [str(i) for i in subject(**fields).identifiers] == ["arxiv:2104.12255"]


@pytest.mark.parametrize(
    "fields",
    [{"howpublished": r"\url{https://doi.org/10.4007/annals.2008.167.481}"},
     {"url": "https://doi.org/10.4007%2Fannals.2008.167.481"},
     {"note": "doi:10.4007/annals.2008.167.481."}],
)  # fmt: skip
def test_a_doi_is_read_from_url_howpublished_and_note(fields: dict[str, str]) -> None:
    assert [str(i) for i in subject(**fields).identifiers] == ["doi:10.4007/annals.2008.167.481"]


def test_a_journal_called_arxiv_without_an_id_names_none() -> None:
    assert subject(journal="ArXiv", volume="12").identifiers == ()


@pytest.mark.parametrize(
    ("year", "expected"),
    [("2021/22", 2021), ("2008a", 2008), ("in press", None), ("to appear", None),
     ("forthcoming", None), ("{In press}", None)],
)  # fmt: skip
def test_years_as_bibliographies_write_them(year: str, expected: int | None) -> None:
    # "in press" states no year: nothing to compare, never a mismatch
    assert subject(year=year).claim.year == expected
