"""Title-only verdicts: a source that could not answer is no evidence of absence, and a title
that corrupts a paper the first sources hold is refuted without asking the slow ones."""

from __future__ import annotations

import datetime as dt

import pytest

from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.sources import Sources
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.matcher import Claim
from mathlsp.verify.pipeline import corrupted_paper, verify_entries
from tests.fakescholar import FakeScholar

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)

NOBODY_KNOWS = """\
### REF-001: On the convergence of quasi-Neumann expansions in Fréchet spaces
- **Authors:** B. Invented
- **Year:** 2019
"""
GREEN_TAO_WORD = """\
### REF-002: The primes contain arbitrarily long geometric progressions
- **Authors:** Ben Green, Terence Tao
- **Year:** 2008
"""
HELFGOTT_SUBTITLE = """\
### REF-003: The ternary Goldbach conjecture is true: A Survey
- **Authors:** Helfgott, H. A.
- **Year:** 2013
"""


def entries(body: str) -> list[ReferenceEntry]:
    doc = LiteratureDoc("## Confirmed References\n\n" + body + "\n## Unconfirmed References\n")
    return doc.entries


def asked(fake: FakeScholar) -> set[str]:
    return {r.backend for r in fake.controls.requests()}


# -- an error is not absence -------------------------------------------------------------------
@pytest.mark.parametrize("down", ["semantic_scholar", "openalex", "crossref"])
async def test_a_broad_index_that_could_not_answer_leaves_the_title_pending(
    sources: Sources, fake: FakeScholar, down: str
) -> None:
    fake.controls.add_fault("503", down, count=500)
    (check,) = await verify_entries(entries(NOBODY_KNOWS), sources, now=NOW)
    assert check.pending and not check.confirmed, check.reasons
    said = " ".join(check.reasons)
    name = {"semantic_scholar": "Semantic Scholar", "openalex": "OpenAlex"}.get(down, "Crossref")
    assert f"{name} could not answer" in said and "verification pending" in said, said


@pytest.mark.parametrize("down", ["arxiv", "zbmath"])
async def test_a_narrow_source_that_could_not_answer_does_not_hold_the_verdict(
    sources: Sources, fake: FakeScholar, down: str
) -> None:
    fake.controls.add_fault("503", down, count=500)
    (check,) = await verify_entries(entries(NOBODY_KNOWS), sources, now=NOW)
    assert not check.pending and not check.confirmed, check.reasons
    said = check.reasons[0]
    name = {"arxiv": "arXiv", "zbmath": "zbMATH Open"}[down]
    assert said.startswith("no source found a paper titled") and f"{name} could not answer" in said


async def test_an_unrelated_paper_is_never_named_as_the_closest(
    sources: Sources, fake: FakeScholar
) -> None:
    # The fake's title search, like Crossref's, answers with something: a fabricated title on
    # graph lifts was told its closest paper was Perelman's entropy formula for the Ricci flow.
    lifts = NOBODY_KNOWS.replace(
        "On the convergence of quasi-Neumann expansions in Fréchet spaces",
        "Two-sided spectral gaps of signed 2-lifts via Chebyshev cocycles",
    )
    (check,) = await verify_entries(entries(lifts), sources, now=NOW)
    said = check.reasons[0]
    assert said.startswith("no source found a paper titled"), said
    assert "closest" not in said, said


def test_the_closest_hint_needs_a_title_like_the_entry_s() -> None:
    from mathlsp.verify.matcher import title_similarity
    from mathlsp.verify.pipeline import CLOSEST_HINT_MIN

    claimed = "Two-sided spectral gaps of signed 2-lifts via Chebyshev cocycles"
    unrelated = "The entropy formula for the Ricci flow and its geometric applications"
    near = "Two-sided spectral gaps of 2-lifts via Chebyshev polynomials"
    assert title_similarity(claimed, unrelated) < CLOSEST_HINT_MIN
    assert title_similarity(claimed, near) >= CLOSEST_HINT_MIN


# -- a corruption of a paper the first sources hold ---------------------------------------------
async def test_a_word_swapped_in_a_held_papers_title_asks_only_the_first_sources(
    sources: Sources, fake: FakeScholar
) -> None:
    (check,) = await verify_entries(entries(GREEN_TAO_WORD), sources, now=NOW)
    assert not check.confirmed and not check.pending
    assert asked(fake) == {"openalex", "crossref"}
    said = check.reasons[0]
    assert "The primes contain arbitrarily long arithmetic progressions" in said
    assert "geometric" in said, said


async def test_the_same_title_by_other_authors_still_asks_every_source(
    sources: Sources, fake: FakeScholar
) -> None:
    other = GREEN_TAO_WORD.replace("Ben Green, Terence Tao", "A. Nonymous")
    (check,) = await verify_entries(entries(other), sources, now=NOW)
    assert not check.confirmed and not check.pending
    assert {"semantic_scholar", "arxiv", "zbmath"} <= asked(fake)


async def test_a_subtitle_added_to_a_paper_one_first_source_holds_asks_the_others(
    sources: Sources, fake: FakeScholar
) -> None:
    # Crossref cannot hold an arXiv-only paper: another source might carry the subtitle.
    (check,) = await verify_entries(entries(HELFGOTT_SUBTITLE), sources, now=NOW)
    assert not check.confirmed and not check.pending
    assert "semantic_scholar" in asked(fake)
    assert 'adds the subtitle "A Survey"' in " ".join(check.reasons)


def _record(backend: str, title: str, *names: tuple[str, str]) -> PaperRecord:
    return PaperRecord(backend, title, tuple(Author(f, g) for f, g in names), 2008)


def test_corrupted_paper_rules() -> None:
    real = "The primes contain arbitrarily long arithmetic progressions"
    authors = (("Green", "Ben"), ("Tao", "Terence"))
    claim = Claim(title=real.replace("arithmetic", "geometric"), authors=("B. Green", "T. Tao"))
    openalex = _record("openalex", real, *authors)
    crossref = _record("crossref", real, *authors)
    assert corrupted_paper(claim, [openalex]) is openalex
    # Other authors, or none claimed: not this paper's corruption.
    assert corrupted_paper(claim, [_record("openalex", real, ("Nonymous", "A."))]) is None
    assert corrupted_paper(Claim(title=claim.title, authors=()), [openalex]) is None
    # A title that matches is no corruption; a distant one is another paper.
    assert corrupted_paper(Claim(title=real, authors=claim.authors), [openalex]) is None
    far = Claim(title="Spectral gaps of perturbed Neumann series", authors=claim.authors)
    assert corrupted_paper(far, [openalex]) is None
    # Only notation differs: another source's rendering may match, one record is not enough…
    symbols = "Bounded generation of $SL_2$ over rings of integers"
    held = _record("openalex", symbols.replace("SL_2", "SL_3"), *authors)
    sl2 = Claim(title=symbols, authors=claim.authors)
    assert corrupted_paper(sl2, [held]) is None
    # … unless both first sources hold the paper so.
    assert corrupted_paper(sl2, [held, _record("crossref", held.title, *authors)]) is held
    # Words only added: both first sources must hold the paper without them.
    added = Claim(title=real + " in dimension three", authors=claim.authors)
    assert corrupted_paper(added, [openalex]) is None
    assert corrupted_paper(added, [openalex, crossref]) is openalex
