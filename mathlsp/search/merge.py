"""Merging discovery results into candidates: pure.

Records are the same paper when they share an identifier (arXiv id, normalised DOI — arXiv's
DataCite DOIs count as the arXiv id —, Semantic Scholar, OpenAlex or PubMed id), or, failing
that, when their normalised titles are nearly equal, their years within one and an author
surname shared. Two different arXiv ids, or two different journal DOIs, are never merged. A
candidate keeps every record and reads each field from the richest one: the longest author list
and abstract, the journal's DOI, venue and year over the preprint's, the highest citation count,
every identifier and category; its provenance lists every backend that found it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz, process

from mathlsp.search.cited_phrases import CitedPhrase
from mathlsp.search.queries import Term
from mathlsp.sources.labels import label
from mathlsp.sources.record import Identifier, IdKind, PaperRecord, arxiv_id_from_doi
from mathlsp.sources.theoremsearch import TheoremHit
from mathlsp.verify.matcher import Claim
from mathlsp.verify.normalize import fold, normalize_title
from mathlsp.verify.pipeline import Subject

#: Which backend's value wins for a field when records disagree (most authoritative first).
PRIORITY = (
    "arxiv",
    "semantic_scholar",
    "openalex",
    "crossref",
    "pubmed",
    "zbmath",
    "theoremsearch",
)
TITLE_MERGE_MIN = 92.0  # rapidfuzz ratio of normalised titles (the verification threshold)
REFERENCE = "problem"  # the provenance of a PROBLEM.md reference looked up by identifier


@dataclass(frozen=True, slots=True)
class Hit:
    """Where a record was found: a backend's answer to one query, at a position."""

    backend: str  # a discovery backend, or REFERENCE
    query: str
    rank: int  # 0-based position in that answer


@dataclass(frozen=True, slots=True)
class Found:
    record: PaperRecord
    hit: Hit
    theorem: TheoremHit | None = None  # the TheoremSearch hit that named this paper


def _priority(record: PaperRecord) -> int:
    return PRIORITY.index(record.backend) if record.backend in PRIORITY else len(PRIORITY)


def _is_arxiv_doi(doi: str | None) -> bool:
    return bool(doi) and arxiv_id_from_doi(doi or "") is not None


@dataclass(slots=True)
class Candidate:
    """One paper, as every backend that returned it described it."""

    records: list[PaperRecord]
    hits: list[Hit] = field(default_factory=list)
    theorems: list[TheoremHit] = field(default_factory=list)
    problem_reference: str | None = None  # the PROBLEM.md References item it came from
    # Set by ranking:
    relevance: float = 0.0
    score: float = 0.0
    share: float = 0.0  # weighted share of the problem's terms the paper matches
    matched: list[Term] = field(default_factory=list)
    partly: list[Term] = field(default_factory=list)  # every word of a term, but apart
    evidence: float = 0.0  # what it says that is specific to the problem, by rarity (rank.py)
    found: list[Any] = field(default_factory=list)  # rank.Match: each term said, where, rarity
    # Eligible only for being close to the note (`rank.near_note`): the note's stems it shares,
    # each with its share of the cosine, largest first (`pool_features.note_shares`).
    near_words: list[tuple[str, float]] = field(default_factory=list)
    # The byline PROBLEM.md cites this very paper by ("Bai (1997)"; `dated.the_cited_work`).
    cited_as: str = ""
    # The field's names for the object its title says, as two or more of the works PROBLEM.md
    # cites title it ("dyadic model"; `cited_phrases.said_phrases`).
    cited_phrases: list[CitedPhrase] = field(default_factory=list)

    @property
    def named_in(self) -> tuple[str, str] | None:
        """Where PROBLEM.md names this work by what it says, and its line ("Known Result 2",
        "Smith (2004) …"): a named work's hit; None for one looked up by an identifier (its hit's
        query is the References line) or a paper the note does not list."""
        where, _, line = (self.problem_reference or "").partition(": ")
        return (where, line) if where.startswith(("Known Result ", "Reference ")) and line else None

    # -- identity -------------------------------------------------------------------------
    @property
    def key(self) -> str:
        """Stable within one search: the first identifier, else the normalised title."""
        ids = self.identifiers
        if ids:
            # Every identifier: two candidates may share an arXiv id yet name different journal
            # DOIs (sources that disagree), and must not share a verification result.
            return "|".join(i.key for i in ids)
        # Two papers without identifiers that were not merged differ in authors or year: the
        # key says so, or one paper's verification would be read as the other's.
        who = ",".join(sorted(self.surnames))
        return f"title:{normalize_title(self.title)}|{who}|{self.year or ''}"

    @property
    def by_priority(self) -> list[PaperRecord]:
        return sorted(self.records, key=_priority)

    @property
    def identifiers(self) -> tuple[Identifier, ...]:
        """Every identifier any record carries, arXiv first, then DOIs, S2, OpenAlex, PMID, Zbl."""
        ids = dict.fromkeys(i for r in self.by_priority for i in r.identifiers)
        order = [IdKind.ARXIV, IdKind.DOI, IdKind.S2, IdKind.OPENALEX, IdKind.PMID, IdKind.ZBL]
        return tuple(sorted(ids, key=lambda i: order.index(i.kind)))

    def _ids(self, kind: IdKind) -> set[str]:
        return {i.value for i in self.identifiers if i.kind is kind}

    # -- the richest metadata -------------------------------------------------------------
    @property
    def title(self) -> str:
        return next((r.title for r in self.by_priority if r.title.strip()), "")

    @property
    def authors(self) -> tuple[str, ...]:
        best = max(self.by_priority, key=lambda r: len(r.authors))  # first of the longest
        return tuple(a.name for a in best.authors)

    @property
    def surnames(self) -> set[str]:
        return {fold(a.family) for r in self.records for a in r.authors if a.family}

    @property
    def published(self) -> PaperRecord | None:
        """A record of the published version (a journal DOI, from a bibliographic index)."""
        return next(
            (
                r
                for r in self.by_priority
                if r.backend not in ("arxiv", "theoremsearch")
                and r.doi
                and not _is_arxiv_doi(r.doi)
            ),
            None,
        )

    @property
    def year(self) -> int | None:
        pub = self.published
        if pub is not None and pub.year:
            return pub.year
        return next((r.year for r in self.by_priority if r.year), None)

    @property
    def venue(self) -> str | None:
        return next(
            (r.venue for r in self.by_priority if r.venue and r.venue.lower() != "arxiv"), None
        )

    @property
    def abstract(self) -> str | None:
        abstracts = [r.abstract for r in self.by_priority if r.abstract and r.abstract.strip()]
        return max(abstracts, key=len) if abstracts else None

    @property
    def arxiv_id(self) -> str | None:
        return next((i.value for i in self.identifiers if i.kind is IdKind.ARXIV), None)

    @property
    def arxiv_version(self) -> int | None:
        versions = [r.arxiv_version for r in self.records if r.arxiv_version and r.arxiv_id]
        return max(versions) if versions else None

    @property
    def doi(self) -> str | None:
        dois = [r.doi for r in self.by_priority if r.doi]
        journal = [d for d in dois if not _is_arxiv_doi(d)]
        return (journal or dois or [None])[0]

    @property
    def citation_count(self) -> int | None:
        counts = [r.citation_count for r in self.records if r.citation_count is not None]
        return max(counts) if counts else None

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for r in self.by_priority for c in r.categories if c))

    # -- provenance -----------------------------------------------------------------------
    @property
    def found_by(self) -> list[str]:
        """Discovery backends that returned the paper, in priority order."""
        backends = {h.backend for h in self.hits if h.backend != REFERENCE}
        return sorted(backends, key=lambda b: PRIORITY.index(b) if b in PRIORITY else 99)

    @property
    def best_rank(self) -> int | None:
        ranks = [h.rank for h in self.hits if h.backend != REFERENCE]
        return min(ranks) if ranks else None

    @property
    def source_label(self) -> str:
        """The Source field: one backend, `both (arXiv, Semantic Scholar)` (the schema's word for
        that pair), or the backends that found it, merged."""
        names = [label(b) for b in self.found_by]
        if not names:  # only the PROBLEM.md References lookup knows it (or nothing does)
            found = "PROBLEM.md References" if self.problem_reference is None else ""
        elif len(names) == 1:
            found = names[0]
        elif names == ["arXiv", "Semantic Scholar"]:
            # The schema's "both": arXiv and Semantic Scholar, and only those two.
            found = "both (arXiv, Semantic Scholar)"
        elif len(names) == 2:
            found = f"{names[0]} and {names[1]} (merged)"
        else:
            found = ", ".join(names[:-1]) + f" and {names[-1]} (merged)"
        if self.problem_reference is None:
            return found
        where = self.problem_reference
        # Named in Known Results is not listed in References: say which part of PROBLEM.md.
        listed = (
            f"PROBLEM.md ({where})"
            if where.startswith("Known Result ")
            else f"PROBLEM.md References ({where})"
        )
        return f"{listed}; also found by {found}" if names else listed

    # -- verification ---------------------------------------------------------------------
    def claim(self) -> Claim:
        """What the candidate claims, from its own metadata (no abstract: preprint and journal
        abstracts legitimately differ, and the written abstract is the confirming record's)."""
        return Claim(
            title=self.title,
            authors=self.authors,
            year=self.year,
            arxiv_id=self.arxiv_id,
            doi=self.doi,
        )

    def subject(self) -> Subject:
        # A Zbl number is one zbMATH request per paper: asked only when nothing else identifies
        # the paper, since the arXiv/DOI batches already vouch for one that carries both.
        ids = self.identifiers
        if any(i.kind is not IdKind.ZBL for i in ids):
            ids = tuple(i for i in ids if i.kind is not IdKind.ZBL)
        return Subject(self.key, self.claim(), ids, "candidate")

    def add(self, record: PaperRecord, hit: Hit | None, theorem: TheoremHit | None) -> None:
        if not any(_same_record(record, r) for r in self.records):
            self.records.append(record)
        if hit is not None and hit not in self.hits:
            self.hits.append(hit)
        if theorem is not None and not any(same_theorem(theorem, t) for t in self.theorems):
            self.theorems.append(theorem)

    def absorb(self, other: Candidate) -> None:
        for r in other.records:
            self.add(r, None, None)
        self.hits += [h for h in other.hits if h not in self.hits]
        for t in other.theorems:
            if not any(same_theorem(t, mine) for mine in self.theorems):
                self.theorems.append(t)
        self.problem_reference = _which_reference(self.problem_reference, other.problem_reference)


def _which_reference(a: str | None, b: str | None) -> str | None:
    """Of two ways PROBLEM.md names a paper, the one the report quotes — the same whichever
    lookup answered first (a Known Result's words say more than a bare identifier)."""
    if a is None or b is None:
        return a or b
    return min(a, b, key=lambda q: (not q.startswith("Known Result "), q))


def same_theorem(a: TheoremHit, b: TheoremHit) -> bool:
    if a.theorem_id is not None and b.theorem_id is not None:
        return a.theorem_id == b.theorem_id
    return (a.name, a.body, a.arxiv_id) == (b.name, b.body, b.arxiv_id)


def _same_record(a: PaperRecord, b: PaperRecord) -> bool:
    return a.backend == b.backend and (
        set(a.identifiers) & set(b.identifiers)
        or (not a.identifiers and normalize_title(a.title) == normalize_title(b.title))
    )


def _journal_dois(ids: Iterable[Identifier]) -> set[str]:
    return {i.value for i in ids if i.kind is IdKind.DOI and not _is_arxiv_doi(i.value)}


@dataclass(frozen=True, slots=True)
class _Traits:
    """What `same_paper` reads of a candidate or a record, computed once: merging compares each
    record with many candidates, and recomputing a candidate's sorted identifiers and normalised
    title on every comparison made merging quadratic in the pool's size."""

    ids: frozenset[Identifier]
    arxiv: frozenset[str]
    journal_dois: frozenset[str]
    title: str  # normalised
    years: tuple[int, ...]
    surnames: frozenset[str]

    @classmethod
    def of_candidate(cls, candidate: Candidate) -> _Traits:
        ids = frozenset(i for r in candidate.records for i in r.identifiers)
        return cls(
            ids,
            frozenset(i.value for i in ids if i.kind is IdKind.ARXIV),
            frozenset(_journal_dois(ids)),
            normalize_title(candidate.title),
            tuple(r.year for r in candidate.records if r.year),
            frozenset(candidate.surnames),
        )

    @classmethod
    def of_record(cls, record: PaperRecord, title: str | None = None) -> _Traits:
        ids = frozenset(record.identifiers)
        return cls(
            ids,
            frozenset(i.value for i in ids if i.kind is IdKind.ARXIV),
            frozenset(_journal_dois(ids)),
            normalize_title(record.title) if title is None else title,
            (record.year,) if record.year else (),
            frozenset(fold(x.family) for x in record.authors if x.family),
        )


def _same(mine: _Traits, theirs: _Traits) -> bool:
    if mine.arxiv and theirs.arxiv and not mine.arxiv & theirs.arxiv:
        return False
    if mine.journal_dois and theirs.journal_dois and not mine.journal_dois & theirs.journal_dois:
        return False
    if mine.ids & theirs.ids:
        return True
    a, b = mine.title, theirs.title
    if not a or not b or fuzz.ratio(a, b) < TITLE_MERGE_MIN:
        return False
    year = theirs.years[0] if theirs.years else None
    if year and mine.years and min(abs(year - y) for y in mine.years) > 1:
        return False
    return not (theirs.surnames and mine.surnames) or bool(theirs.surnames & mine.surnames)


def same_paper(candidate: Candidate, record: PaperRecord) -> bool:
    """Shared identifier; else near-equal title, year ±1 and a shared surname. Different arXiv
    ids or different journal DOIs are different papers whatever the titles say."""
    return _same(_Traits.of_candidate(candidate), _Traits.of_record(record))


# Title pre-selection in bulk, a point under the merge threshold: every candidate the exact
# `fuzz.ratio` test in `_same` could accept is among those it returns, whatever the rounding.
_TITLE_PRESELECT = TITLE_MERGE_MIN - 1.0


class _Pool:
    """The candidates so far, indexed by identifier and by normalised title, so that a new record
    is compared only with the candidates it could be the same paper as (a shared identifier, or
    a title the bulk fuzzy pass puts near the threshold): the same decisions as comparing it with
    every candidate, in near-linear time."""

    def __init__(self) -> None:
        self._next = 0
        self.by_seq: dict[int, Candidate] = {}  # creation order is the list's order
        self._traits: dict[int, _Traits] = {}
        self._by_id: dict[Identifier, set[int]] = {}
        self._titles: dict[int, str] = {}  # non-empty normalised titles only

    def matches(self, record: _Traits) -> list[int]:
        """The candidates `record` is the same paper as, in the list's order."""
        near: set[int] = set()
        for i in record.ids:
            near |= self._by_id.get(i, set())
        if record.title and self._titles:
            hits = process.extract(
                record.title,
                self._titles,
                scorer=fuzz.ratio,
                processor=None,
                score_cutoff=_TITLE_PRESELECT,
                limit=None,
            )
            near.update(seq for _, _, seq in hits)
        return [s for s in sorted(near) if _same(self._traits[s], record)]

    def new(self) -> int:
        seq = self._next
        self._next += 1
        self.by_seq[seq] = Candidate([])
        return seq

    def refresh(self, seq: int) -> None:
        """Re-read a candidate after it gained records (its title or identifiers may change)."""
        traits = _Traits.of_candidate(self.by_seq[seq])
        self._traits[seq] = traits
        for i in traits.ids:
            self._by_id.setdefault(i, set()).add(seq)
        if traits.title:
            self._titles[seq] = traits.title
        else:
            self._titles.pop(seq, None)

    def remove(self, seq: int) -> None:
        for i in self._traits[seq].ids:
            self._by_id[i].discard(seq)
        self._titles.pop(seq, None)
        del self._traits[seq], self.by_seq[seq]


def merge_records(found: Iterable[Found], problem_refs: Sequence[Found] = ()) -> list[Candidate]:
    """Deduplicated candidates, in first-seen order. `problem_refs` are records of PROBLEM.md
    references looked up by identifier (their candidates are marked as such)."""
    pool = _Pool()
    tagged = [(f, False) for f in found] + [(f, True) for f in problem_refs]
    for item, is_ref in tagged:
        title = normalize_title(item.record.title)
        if not title and not item.record.identifiers:
            # Nothing to write, look up or verify: a title of punctuation alone ("---") names
            # no paper, and two such records would share one key yet be written twice.
            continue
        matches = pool.matches(_Traits.of_record(item.record, title))
        if matches:
            seq = matches[0]
            target = pool.by_seq[seq]
            for other in matches[1:]:
                target.absorb(pool.by_seq[other])
                pool.remove(other)
        else:
            seq = pool.new()
            target = pool.by_seq[seq]
        target.add(item.record, item.hit, item.theorem)
        if is_ref:
            target.problem_reference = _which_reference(target.problem_reference, item.hit.query)
        pool.refresh(seq)
    return list(pool.by_seq.values())
