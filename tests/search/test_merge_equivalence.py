"""The indexed `merge_records` against the quadratic one it replaced, on generated record streams.

The reference below is the merge as it was before the index (every record compared with every
candidate so far, in order): the indexed merge must return the very same candidates, in the same
order, holding the same record objects, hits, theorems and PROBLEM.md reference. The streams are
built to hit every branch of `same_paper`: shared identifiers (arXiv ids, their DataCite DOIs,
journal DOIs, S2/OpenAlex ids), conflicting arXiv ids and journal DOIs, near-duplicate titles on
both sides of the fuzzy threshold, years apart by 0, 1 or 2, shared and disjoint surnames, empty
and punctuation-only titles, and records that bridge two candidates (so one absorbs another).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from mathlsp.search.merge import (
    REFERENCE,
    TITLE_MERGE_MIN,
    Candidate,
    Found,
    Hit,
    _journal_dois,
    _which_reference,
    merge_records,
)
from mathlsp.sources.record import Author, IdKind, PaperRecord
from mathlsp.sources.theoremsearch import TheoremHit
from mathlsp.verify.normalize import fold, normalize_title


def reference_same_paper(candidate: Candidate, record: PaperRecord) -> bool:
    mine = set(candidate.identifiers)
    theirs = set(record.identifiers)
    arxiv_a = {i.value for i in mine if i.kind is IdKind.ARXIV}
    arxiv_b = {i.value for i in theirs if i.kind is IdKind.ARXIV}
    if arxiv_a and arxiv_b and not arxiv_a & arxiv_b:
        return False
    doi_a, doi_b = _journal_dois(mine), _journal_dois(theirs)
    if doi_a and doi_b and not doi_a & doi_b:
        return False
    if mine & theirs:
        return True
    a, b = normalize_title(candidate.title), normalize_title(record.title)
    if not a or not b or fuzz.ratio(a, b) < TITLE_MERGE_MIN:
        return False
    years = [r.year for r in candidate.records if r.year]
    if record.year and years and min(abs(record.year - y) for y in years) > 1:
        return False
    surnames = {fold(x.family) for x in record.authors if x.family}
    return not (surnames and candidate.surnames) or bool(surnames & candidate.surnames)


def reference_merge(found: Iterable[Found], problem_refs: Sequence[Found] = ()) -> list[Candidate]:
    candidates: list[Candidate] = []
    tagged = [(f, False) for f in found] + [(f, True) for f in problem_refs]
    for item, is_ref in tagged:
        if not normalize_title(item.record.title) and not item.record.identifiers:
            continue
        matches = [c for c in candidates if reference_same_paper(c, item.record)]
        if matches:
            target = matches[0]
            for other in matches[1:]:
                target.absorb(other)
                candidates.remove(other)
        else:
            target = Candidate([])
            candidates.append(target)
        target.add(item.record, item.hit, item.theorem)
        if is_ref:
            target.problem_reference = _which_reference(target.problem_reference, item.hit.query)
    return candidates


def shape(candidates: Sequence[Candidate]) -> list[tuple[object, ...]]:
    """Everything merging decides, with records by identity (not merely equal values)."""
    return [
        (
            tuple(id(r) for r in c.records),
            tuple(c.hits),
            tuple(c.theorems),
            c.problem_reference,
            c.key,
        )
        for c in candidates
    ]


# Titles near one another: a base, a case/punctuation variant (same normalised title), a
# one-letter change (above the threshold), a few words changed (below it), and empty ones.
BASE = [
    "Heat-bath random walks with Markov bases",
    "Spectral gaps of random regular graphs",
    "On the exceptional set in Goldbach's problem",
]
TITLES = [
    *BASE,
    *(t.upper() + "." for t in BASE),
    *(t[:-1] for t in BASE),
    *(t.replace("random", "quantum") for t in BASE),
    "",
    "---",
]
SURNAMES = [("Stanley",), ("Windisch",), ("Stanley", "Windisch"), ("Diaconis",), ()]
ARXIV = ["1605.08386", "1605.08387", "math/0309136", None]
DOI = [
    "10.1007/bf02126799",
    "10.1000/two",
    "10.48550/arxiv.1605.08386",
    "10.48550/arxiv.1605.08387",
    None,
]
BACKENDS = ["arxiv", "semantic_scholar", "openalex", "crossref", "zbmath", "theoremsearch"]


@st.composite
def records(draw: st.DrawFn) -> PaperRecord:
    maybe = st.one_of(st.none(), st.sampled_from(["a" * 40, "b" * 40]))
    return PaperRecord(
        backend=draw(st.sampled_from(BACKENDS)),
        title=draw(st.sampled_from(TITLES)),
        authors=tuple(Author(s) for s in draw(st.sampled_from(SURNAMES))),
        year=draw(st.sampled_from([None, 2015, 2016, 2017, 2018])),
        arxiv_id=draw(st.sampled_from(ARXIV)),
        doi=draw(st.sampled_from(DOI)),
        s2_id=draw(maybe),
        openalex_id=draw(st.sampled_from([None, None, "W1", "W2"])),
    )


@st.composite
def founds(draw: st.DrawFn) -> Found:
    record = draw(records())
    theorem = None
    if draw(st.booleans()) and draw(st.booleans()):
        theorem = TheoremHit(
            draw(st.sampled_from(["Theorem 1", "Lemma 2"])),
            "body",
            "theorem",
            0.9,
            "arXiv",
            None,
            theorem_id=draw(st.sampled_from([None, 1, 2])),
        )
    hit = Hit(record.backend, draw(st.sampled_from(["q1", "q2"])), draw(st.integers(0, 3)))
    return Found(record, hit, theorem)


@st.composite
def references(draw: st.DrawFn) -> Found:
    record = draw(records())
    where = draw(st.sampled_from(["[1]", "[2]", "Known Result 1", "Known Result 2"]))
    return Found(record, Hit(REFERENCE, where, 0))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(founds(), max_size=40), st.lists(references(), max_size=4))
def test_indexed_merge_decides_as_the_quadratic_one(stream: list[Found], refs: list[Found]) -> None:
    assert shape(merge_records(stream, refs)) == shape(reference_merge(stream, refs))


def test_a_bridging_record_absorbs_the_later_candidate_into_the_first() -> None:
    # Two candidates (one by arXiv id, one by journal DOI) that a third record names both of:
    # the first absorbs the second, in both implementations, and the list keeps its order.
    a = PaperRecord("arxiv", "Spectral gaps", (Author("Stanley"),), 2016, arxiv_id="1605.08386")
    other = PaperRecord("openalex", "Unrelated", (Author("Diaconis"),), 2010, doi="10.1/x")
    b = PaperRecord("crossref", "Spectral gaps!", (Author("Windisch"),), 2017, doi="10.1/y")
    bridge = PaperRecord("semantic_scholar", "Gaps", (), None, arxiv_id="1605.08386", doi="10.1/y")
    stream = [Found(r, Hit(r.backend, "q", 0)) for r in (a, other, b, bridge)]
    out = merge_records(stream)
    assert shape(out) == shape(reference_merge(stream))
    assert [len(c.records) for c in out] == [3, 1]
