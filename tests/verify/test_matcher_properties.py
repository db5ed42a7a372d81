"""The matcher under generated claims and records: it never crashes on hostile text, and a
title that shares no word with the source's is never confirmed, whatever else agrees."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.matcher import Claim, match

_TOPIC_A = ["spectral", "gap", "random", "walk", "lattice", "polytope", "fiber", "toric", "ideal"]
_TOPIC_B = ["quantum", "sheaf", "cohomology", "knot", "invariant", "manifold", "braid", "functor"]
_NAMES = ["Smith", "Jones", "Li", "Ó Briain", "Müller", "van der Berg"]
_BACKENDS = ["arxiv", "crossref", "openalex", "semantic_scholar", "pubmed"]
_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))

_words = st.lists(st.sampled_from(_TOPIC_A), min_size=1, max_size=8).map(" ".join)
_other = st.lists(st.sampled_from(_TOPIC_B), min_size=1, max_size=8).map(" ".join)
_people = st.lists(st.sampled_from(_NAMES), max_size=3)
_year = st.one_of(st.none(), st.integers(1990, 2025))
_arxiv = st.one_of(st.none(), st.just("1605.08386"))
_doi = st.one_of(st.none(), st.just("10.1000/x"), st.just("10.48550/arxiv.1605.08386"))


def _record(title: str, authors: list[str], year: int | None, **kw: object) -> PaperRecord:
    return PaperRecord(
        title=title, authors=tuple(Author(n, None) for n in authors), year=year, **kw
    )  # type: ignore[arg-type]


@_SETTINGS
@given(_words, _other, _people, _people, _year, _year, st.booleans(), _arxiv, _arxiv, _doi, _doi,
       st.sampled_from(_BACKENDS), st.booleans())  # fmt: skip
def test_a_title_sharing_no_word_with_the_source_is_never_confirmed(
    t1: str, t2: str, a1: list[str], a2: list[str], y1: int | None, y2: int | None,
    et_al: bool, ax1: str | None, ax2: str | None, d1: str | None, d2: str | None,
    backend: str, swap: bool,
) -> None:  # fmt: skip
    # A real identifier, the right authors and year do not make a fabricated title true.
    if swap:
        t1, t2 = t2, t1
    claim = Claim(t1, tuple(a1), y1, None, ax1, d1, et_al)
    record = _record(t2, a2, y2, backend=backend, abstract=None, arxiv_id=ax2, doi=d2)
    assert not match(claim, record).matched


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)


@_SETTINGS
@given(_text, _text, st.lists(_text, max_size=4), st.lists(_text, max_size=4),
       st.one_of(st.none(), st.integers(-5, 3000)), st.one_of(st.none(), _text),
       st.one_of(st.none(), _text), st.sampled_from(_BACKENDS))  # fmt: skip
def test_any_text_gets_a_verdict(
    t1: str, t2: str, a1: list[str], a2: list[str], year: int | None,
    ab1: str | None, ab2: str | None, backend: str,
) -> None:  # fmt: skip
    verdict = match(
        Claim(t1, tuple(a1), year, ab1), _record(t2, a2, year, backend=backend, abstract=ab2)
    )
    assert verdict.matched == (not verdict.reasons)
