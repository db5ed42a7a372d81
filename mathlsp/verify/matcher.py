"""Does a source's record match what a note claims? A pure verdict with every reason and score.

The rule (SPEC §3): title substantially equal after normalisation; at least one author surname
matching and no invented authors; year equal or ±1 (wider only for an arXiv preprint linked by
identifier to a later journal version); an abstract, when the note carries one, grounded in the
source's abstract. Thresholds were calibrated on tests/verify/labelled.py (see its test).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rapidfuzz import fuzz

from mathlsp.verify.normalize import (
    german_fold,
    main_title,
    name_keys,
    normalize_text,
    normalize_title,
    surname,
)

TITLE_MIN = 92.0  # rapidfuzz ratio (0-100) between normalised titles
WORD_VARIANT_MIN = 85.0  # two title words are one word spelt differently (behaviour/behavior)
AUTHOR_FUZZ_MIN = 88.0  # surname spelling variants (transliteration) still count
ABSTRACT_MIN = 0.85  # share of the note's abstract words found in the source's abstract
PREPRINT_YEAR_SPAN = 6  # arXiv preprint → journal version, when linked by identifier


class AuthorLike(Protocol):
    @property
    def family(self) -> str: ...
    @property
    def name(self) -> str: ...


class RecordLike(Protocol):
    @property
    def backend(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def authors(self) -> Sequence[AuthorLike]: ...
    @property
    def year(self) -> int | None: ...
    @property
    def abstract(self) -> str | None: ...
    @property
    def arxiv_id(self) -> str | None: ...
    @property
    def doi(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Claim:
    """What a note says about a paper."""

    title: str
    authors: tuple[str, ...] = ()
    year: int | None = None
    abstract: str | None = None
    arxiv_id: str | None = None  # without version
    doi: str | None = None  # normalised
    et_al: bool = False  # the author list was cut short with "et al."


@dataclass(frozen=True, slots=True)
class Criterion:
    name: str  # "title" | "authors" | "year" | "abstract" | "identifier"
    ok: bool
    score: float | None
    detail: str


@dataclass(frozen=True, slots=True)
class Verdict:
    criteria: tuple[Criterion, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def matched(self) -> bool:
        return all(c.ok for c in self.criteria)

    @property
    def reasons(self) -> list[str]:
        """Why it did not match (empty when it did)."""
        return [c.detail for c in self.criteria if not c.ok]

    def criterion(self, name: str) -> Criterion | None:
        return next((c for c in self.criteria if c.name == name), None)


def title_similarity(a: str, b: str) -> float:
    na, nb = normalize_title(a), normalize_title(b)
    if not na or not nb:
        return 0.0
    return float(fuzz.ratio(na, nb))


_STOPWORDS = frozenset(
    "a an the of on in for and with to by its is are from at as or via into over under".split()
)


def _content_words(normalised: str) -> list[str]:
    return [w for w in normalised.split() if w not in _STOPWORDS]


def changed_words(claimed: str, source: str) -> list[str]:
    """Content words of either title with no counterpart in the other (spelling variants such as
    behaviour/behavior or graph/graphs count as counterparts). A near-miss fabrication changes
    one word of a long title — "first" for "second" — which a character ratio alone forgives."""
    a = _content_words(normalize_title(claimed))
    b = _content_words(normalize_title(source))
    out: list[str] = []
    for words, others in ((a, set(b)), (b, set(a))):
        for w in words:
            if w in others:
                continue
            if not any(fuzz.ratio(w, o) >= WORD_VARIANT_MIN for o in others):
                out.append(w)
    return out


def match_title(claimed: str, source: str) -> Criterion:
    score = title_similarity(claimed, source)
    if score >= TITLE_MIN:
        changed = changed_words(claimed, source)
        if not changed:
            return Criterion("title", True, score, f"title matches ({score:.0f}%)")
        return Criterion(
            "title", False, score, f'title differs in "{", ".join(changed)}": "{source}"'
        )
    # "Title: a subtitle" against "Title": the main titles agree and one side adds a subtitle.
    main_claim, main_source = main_title(claimed), main_title(source)
    if (main_claim != claimed) != (main_source != source):
        sub = max(title_similarity(main_claim, source), title_similarity(claimed, main_source))
        if sub >= TITLE_MIN and len(normalize_title(main_claim).split()) >= 3:
            return Criterion("title", True, sub, f"title matches without its subtitle ({sub:.0f}%)")
    return Criterion("title", False, score, f'title differs ({score:.0f}% similar): "{source}"')


def _same_surname(a: str, b: str) -> bool:
    if not a or not b:
        return False
    if a == b or german_fold(a) == german_fold(b):
        return True
    return len(a) > 3 and fuzz.ratio(a, b) >= AUTHOR_FUZZ_MIN


def match_authors(claimed: Sequence[str], source: Sequence[AuthorLike], et_al: bool) -> Criterion:
    if not claimed:
        return Criterion("authors", True, None, "no authors in the note to compare")
    if not source:
        return Criterion("authors", True, None, "the source lists no authors")
    source_keys = [
        (a.name, {surname(a.family) or a.family.lower()} | name_keys(a.name)) for a in source
    ]
    matched: list[str] = []
    invented: list[str] = []
    for name in claimed:
        keys = {surname(name)} | name_keys(name)
        if any(_same_surname(k, sk) for _, sks in source_keys for k in keys for sk in sks):
            matched.append(name)
        else:
            invented.append(name)
    score = len(matched) / len(claimed)
    listed = ", ".join(n for n, _ in source_keys[:6]) + (" et al." if len(source) > 6 else "")
    if not matched:
        return Criterion("authors", False, score, f"no author matches the source's ({listed})")
    if invented:
        who = ", ".join(invented)
        return Criterion(
            "authors",
            False,
            score,
            f"author{'s' * (len(invented) > 1)} {who} not among the source's ({listed})",
        )
    detail = f"{len(matched)} of {len(claimed)} authors match"
    if et_al:
        detail += " (et al.)"
    return Criterion("authors", True, score, detail)


def match_year(
    claimed: int | None, source: int | None, linked_preprint: bool, linked_journal: bool = False
) -> Criterion:
    """`linked_preprint`: the record is an arXiv preprint of the (later) journal version the note
    cites; `linked_journal`: the record is the journal version of the arXiv preprint the note
    cites (its year is the preprint's)."""
    if claimed is None or source is None:
        return Criterion("year", True, None, "no year to compare")
    diff = claimed - source
    if linked_journal and -PREPRINT_YEAR_SPAN <= diff < 0:
        return Criterion(
            "year", True, float(diff), f"journal version {source} of the {claimed} arXiv preprint"
        )
    if abs(diff) <= 1:
        return Criterion(
            "year", True, float(diff), f"year {source}" + (f" (note: {claimed})" if diff else "")
        )
    if linked_preprint and 0 < diff <= PREPRINT_YEAR_SPAN:
        return Criterion(
            "year", True, float(diff), f"arXiv preprint {source} of the {claimed} journal version"
        )
    return Criterion(
        "year", False, float(diff), f"year differs: the source says {source}, the note {claimed}"
    )


def abstract_grounding(claimed: str, source: str) -> float:
    """Share of the note's abstract words (3+ letters) that occur in the source's abstract."""
    words = [w for w in normalize_text(claimed).split() if len(w) > 2]
    if not words:
        return 1.0
    vocab = set(normalize_text(source).split())
    return sum(w in vocab for w in words) / len(words)


def match_abstract(claimed: str | None, source: str | None) -> Criterion | None:
    if not claimed or not claimed.strip():
        return None
    if not source:
        return Criterion("abstract", True, None, "the source has no abstract to ground it in")
    share = abstract_grounding(claimed, source)
    if share >= ABSTRACT_MIN:
        return Criterion("abstract", True, share, f"abstract grounded ({share:.0%} of its words)")
    return Criterion(
        "abstract",
        False,
        share,
        f"abstract not grounded in the source's ({share:.0%} of its words)",
    )


def match_identifiers(claim: Claim, record: RecordLike) -> Criterion | None:
    """An identifier the note gives that the record contradicts (another paper's id)."""
    if claim.arxiv_id and record.arxiv_id and claim.arxiv_id.lower() != record.arxiv_id.lower():
        return Criterion(
            "identifier",
            False,
            None,
            f"arXiv id {claim.arxiv_id} differs from the source's {record.arxiv_id}",
        )
    # arXiv lists the journal DOI; a note may carry arXiv's own DataCite DOI: neither contradicts.
    if (
        claim.doi
        and record.doi
        and claim.doi.lower() != record.doi.lower()
        and record.backend != "arxiv"
        and not claim.doi.lower().startswith("10.48550/")
    ):
        return Criterion(
            "identifier", False, None, f"DOI {claim.doi} differs from the source's {record.doi}"
        )
    return None


def match(claim: Claim, record: RecordLike) -> Verdict:
    """Compare a note's claim with one source record."""
    # arXiv lists the journal version's DOI when there is one: that links the preprint to a
    # (later) journal version, whose year the note may give — unless the note names another DOI.
    linked_preprint = bool(
        record.backend == "arxiv"
        and record.doi
        and (not claim.doi or claim.doi.lower() == record.doi.lower())
    )
    linked_journal = bool(
        record.backend != "arxiv"
        and claim.arxiv_id
        and claim.doi
        and record.doi
        and claim.doi.lower() == record.doi.lower()
    )
    criteria = [
        match_title(claim.title, record.title),
        match_authors(claim.authors, record.authors, claim.et_al),
        match_year(claim.year, record.year, linked_preprint, linked_journal),
    ]
    for extra in (
        match_abstract(claim.abstract, record.abstract),
        match_identifiers(claim, record),
    ):
        if extra is not None:
            criteria.append(extra)
    return Verdict(tuple(criteria))
