"""The superset index's first answers, read for the narrower backends (pure)."""

from __future__ import annotations

from mathlsp.search.superset import MIN_SAMPLE, absent, published
from mathlsp.sources.record import PaperRecord


def work(n: int, *, arxiv: bool = False, doi: str | None = None) -> PaperRecord:
    return PaperRecord(
        backend="openalex",
        title=f"Work {n}",
        openalex_id=f"W{n}",
        arxiv_id=f"2401.{n:05d}" if arxiv else None,
        doi=doi,
    )


def test_a_subject_whose_literature_is_journal_articles_is_not_asked_of_arxiv() -> None:
    sample = [work(n, doi=f"10.1007/s{n}") for n in range(18)] + [work(99, arxiv=True)] * 2
    said = absent(sample, ("arxiv", "zbmath"))
    assert set(said) == {"arxiv"}
    # Counted once per work: the same work in both answers is one of the sample.
    assert "(1 of 19)" in said["arxiv"]


def test_a_subject_of_recent_preprints_is_not_asked_of_zbmath() -> None:
    sample = [work(n, arxiv=True, doi=f"10.48550/arXiv.2401.{n:05d}") for n in range(20)]
    assert set(absent(sample, ("arxiv", "zbmath"))) == {"zbmath"}
    assert not published(sample[0])


def test_a_mixed_literature_holds_neither_backend() -> None:
    sample = [work(n, arxiv=n % 2 == 0, doi=f"10.1090/{n}" if n % 3 else None) for n in range(30)]
    assert absent(sample, ("arxiv", "zbmath")) == {}


def test_a_thin_sample_says_nothing() -> None:
    sample = [work(n, doi=f"10.1007/{n}") for n in range(MIN_SAMPLE - 1)]
    assert absent(sample, ("arxiv", "zbmath")) == {}
    assert absent([], ("arxiv",)) == {}


def test_only_the_backends_asked_about_are_named() -> None:
    sample = [work(n, doi=f"10.1007/{n}") for n in range(20)]
    assert set(absent(sample, ("zbmath", "semantic_scholar"))) == set()
    assert set(absent(sample, ("arxiv",))) == {"arxiv"}
