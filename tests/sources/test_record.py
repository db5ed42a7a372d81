"""Identifier classification/normalisation and the record type."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mathlsp.sources.record import (
    Author,
    Identifier,
    IdKind,
    PaperRecord,
    arxiv_id_from_doi,
    clean_doi,
    identifier_from_key,
    normalize_doi,
    parse_arxiv_id,
    parse_identifier,
)


@pytest.mark.parametrize(
    ("text", "kind", "value", "version"),
    [
        ("2301.12345", IdKind.ARXIV, "2301.12345", None),
        ("2301.12345v2", IdKind.ARXIV, "2301.12345", 2),
        ("arXiv:2301.12345v2", IdKind.ARXIV, "2301.12345", 2),
        ("ARXIV:0707.4269", IdKind.ARXIV, "0707.4269", None),
        ("arxiv: 1311.4600", IdKind.ARXIV, "1311.4600", None),
        ("math/0601001v2", IdKind.ARXIV, "math/0601001", 2),
        ("math.GT/0309136", IdKind.ARXIV, "math/0309136", None),
        ("math.DG/0211159v1", IdKind.ARXIV, "math/0211159", 1),
        ("hep-th/9711200", IdKind.ARXIV, "hep-th/9711200", None),
        ("https://arxiv.org/abs/1603.04246v2", IdKind.ARXIV, "1603.04246", 2),
        ("http://arxiv.org/pdf/cs/0405020.pdf", IdKind.ARXIV, "cs/0405020", None),
        ("10.1007/978-3-642-66282-9", IdKind.DOI, "10.1007/978-3-642-66282-9", None),
        ("doi:10.1007/BF02698687", IdKind.DOI, "10.1007/bf02698687", None),
        ("DOI: 10.2307/2118559", IdKind.DOI, "10.2307/2118559", None),
        (
            "https://doi.org/10.1090/S0025-5718-1965-0178586-1",
            IdKind.DOI,
            "10.1090/s0025-5718-1965-0178586-1",
            None,
        ),
        (
            "https://dx.doi.org/10.4007/annals.2014.179.3.7.",
            IdKind.DOI,
            "10.4007/annals.2014.179.3.7",
            None,
        ),
        (
            "649DEF34F8BE52C8B66281AF98AE884C09AEF38B",
            IdKind.S2,
            "649def34f8be52c8b66281af98ae884c09aef38b",
            None,
        ),
        ("W2741809807", IdKind.OPENALEX, "W2741809807", None),
        ("https://openalex.org/W2741809807", IdKind.OPENALEX, "W2741809807", None),
        ("pmid:12991237", IdKind.PMID, "12991237", None),
        ("PMID: 12991237", IdKind.PMID, "12991237", None),
        ("https://pubmed.ncbi.nlm.nih.gov/12991237/", IdKind.PMID, "12991237", None),
    ],
)
def test_parse_identifier(text: str, kind: IdKind, value: str, version: int | None) -> None:
    ident = parse_identifier(text)
    assert ident == Identifier(kind, value, version)


@pytest.mark.parametrize(
    "text", ["", "abc", "1966", "12991237", "2301.123", "10.1234", "doi:", "math/06010", "W12x"]
)
def test_not_identifiers(text: str) -> None:
    # A bare number is ambiguous ("Kato 1966"): PMIDs need their prefix.
    assert parse_identifier(text) is None


def test_identifier_keys_round_trip() -> None:
    for text in ("arXiv:math/0601001v2", "doi:10.1007/x", "pmid:1", "W12", "a" * 40):
        ident = parse_identifier(text)
        assert ident is not None
        assert identifier_from_key(str(ident)) == ident
    ident = parse_identifier("2301.12345v3")
    assert ident is not None
    assert ident.key == "arxiv:2301.12345"
    assert ident.versioned == "2301.12345v3"
    assert ident.unversioned() == Identifier(IdKind.ARXIV, "2301.12345")


def test_helpers() -> None:
    assert parse_arxiv_id("quant-ph/0201082v1") == ("quant-ph/0201082", 1)
    assert normalize_doi("https://doi.org/10.48550/arXiv.2312.07559") == "10.48550/arxiv.2312.07559"
    assert normalize_doi("not a doi") is None
    assert arxiv_id_from_doi("10.48550/arXiv.2312.07559") == "2312.07559"
    assert arxiv_id_from_doi("10.48550/arxiv.math/0211159") == "math/0211159"
    assert arxiv_id_from_doi("10.1007/x") is None


def test_a_record_keeps_the_dois_case_and_compares_it_lower_cased() -> None:
    # What a note shows is the source's form; what identifies the paper is case-insensitive.
    assert clean_doi("https://doi.org/10.1007/BF02126799.") == "10.1007/BF02126799"
    assert normalize_doi("10.1007/BF02126799") == "10.1007/bf02126799"
    record = PaperRecord("crossref", "Ramanujan graphs", doi="10.1007/BF02126799")
    assert record.doi == "10.1007/BF02126799"
    assert Identifier(IdKind.DOI, "10.1007/bf02126799") in record.identifiers
    assert record.carries(parse_identifier("doi:10.1007/Bf02126799"))


@pytest.mark.parametrize(
    ("name", "family", "given"),
    [
        ("Terence Tao", "Tao", "Terence"),
        ("Harald Andrés Helfgott", "Helfgott", "Harald Andrés"),
        ("Maryna S. Viazovska", "Viazovska", "Maryna S."),
        ("Gould, Andrew", "Gould", "Andrew"),
        ("Pierre de la Harpe", "de la Harpe", "Pierre"),
        ("Ludwig van Beethoven", "van Beethoven", "Ludwig"),
        ("Martin Luther King Jr.", "King", "Martin Luther"),
        ("ProofWiki", "ProofWiki", None),
        ("  Grisha   Perelman ", "Perelman", "Grisha"),
    ],
)
def test_author_names(name: str, family: str, given: str | None) -> None:
    assert Author.from_name(name) == Author(family, given)


def test_pubmed_author_names() -> None:
    assert Author.from_pubmed("Hodgkin AL") == Author("Hodgkin", "AL")
    assert Author.from_pubmed("Hambrick GW Jr") == Author("Hambrick", "GW")
    assert Author.from_pubmed("Scalfani VF").name == "VF Scalfani"


def test_record_identifiers_and_round_trip() -> None:
    record = PaperRecord(
        backend="openalex",
        title="PaperQA",
        authors=(Author("White", "Andrew D."),),
        year=2023,
        doi="10.48550/arxiv.2312.07559",
        openalex_id="W4389761608",
        url="https://api.openalex.org/works/W4389761608",
        fetched_at=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
        categories=("cs.CL",),
    )
    keys = [i.key for i in record.identifiers]
    # The arXiv id is derived from arXiv's DataCite DOI so the cache indexes it too.
    assert keys == ["doi:10.48550/arxiv.2312.07559", "arxiv:2312.07559", "openalex:W4389761608"]
    assert record.carries(Identifier(IdKind.ARXIV, "2312.07559", 3))
    assert PaperRecord.from_dict(record.to_dict()) == record
    assert record.to_dict()["fetched_at"] == "2026-01-02T03:04:05+00:00"
