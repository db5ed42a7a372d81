"""The search itself: discovery → merge → rank → verify. Async, cancellable, writes nothing.

`run_search` reads the problem folder (through `reader`, so the editor can pass its open buffers),
builds the queries, runs every backend's queries and the lookup of PROBLEM.md's identifiers
concurrently (each backend keeps its own rate limit), merges and ranks what came back, drops
papers LITERATURE.md already lists, and verifies the rest in one batched pass through the
verification pipeline. Progress is reported as `on_progress(backend, message)` — per query, per
retry or rate-limit wait, per verification step — which the CLI prints and the language server
turns into `$/progress`. Cancelling the task (`asyncio.CancelledError`) stops every request.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mathlsp.notes.identifiers import find_identifiers
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.notes.loader import read_note_text
from mathlsp.notes.problem import ProblemDoc, frontmatter_trouble
from mathlsp.research.search_outcome import search_outcome
from mathlsp.search.feedback import FEEDBACK_RESERVE, ask_feedback
from mathlsp.search.follow import FollowReport, follow
from mathlsp.search.merge import REFERENCE, Candidate, Found, Hit, merge_records, same_theorem
from mathlsp.search.named import named_works, resolve
from mathlsp.search.queries import (
    DISCOVERY,
    PlannedQuery,
    QueryPlan,
    ReferenceSeed,
    build_queries,
    prior_queries,
)
from mathlsp.search.rank import MAX_CANDIDATES, rank_candidates
from mathlsp.search.same_words import (
    TELLER,
    WITNESS,
    arxiv_words,
    fitted,
    plain_words,
    said_none_of,
    says_topic,
    told_by,
)
from mathlsp.search.spare import SpareClaims, cost
from mathlsp.search.superset import SAMPLE_QUERIES, SUPERSET, absent
from mathlsp.sources.base import LookupStatus
from mathlsp.sources.budget import BudgetSpent, RequestBudget, spending
from mathlsp.sources.labels import label
from mathlsp.sources.record import Identifier, IdKind, parse_identifier
from mathlsp.sources.settings import DEFAULT_MIN_INTERVAL_S
from mathlsp.sources.theoremsearch import TheoremHit
from mathlsp.verify.normalize import fold, normalize_title
from mathlsp.verify.pipeline import ReferenceCheck, verify_subjects

ProgressCallback = Callable[[str, str], None]  # (backend or phase, message)
Reader = Callable[[Path], str | None]
#: Results asked per query: a specialist's papers are rarely all in a search engine's first ten,
#: and a longer answer costs no extra request.
RESULTS_PER_QUERY = 25
#: HTTP requests one search may send, every backend and phase included (counted where requests
#: leave, retries too: `mathlsp.sources.budget`).
MAX_REQUESTS = 40
#: Kept back from discovery for the verification of what it finds: one batch per backend that
#: knows the candidates' identifiers (arXiv, Semantic Scholar, OpenAlex by DOI and by id; 3–4 on
#: the benchmark's problems), with room for a Crossref look-up.
VERIFY_RESERVE = 5
#: … and for following citations: references from Semantic Scholar and OpenAlex (the look-up of
#: what they cite, when there is any, comes out of what discovery left).
FOLLOW_RESERVE = 2
#: Discovery's share of a search's 30 s: a backend sends no discovery request its rate limit
#: would start later than this (arXiv's 3 s pace: 8 requests, at 0, 3, …, 21 s), so that the
#: verification batch it still owes starts by ~24 s. Counted in requests, not measured time, so
#: that a search asks the same questions under any load and with the limits off.
DISCOVERY_SECONDS = 21.0
#: How long arXiv's second query and zbMATH's first wait for OpenAlex's first answers (arXiv's
#: own pace spaces its queries 3 s apart anyway).
SUPERSET_WAIT_S = 3.0
AUTHOR_WAIT_S = 3.0  # arXiv's author query waiting for the other lanes' answers on that author
WORDS_WAIT_S = 3.0  # an arXiv query waiting for Semantic Scholar's answer on the same words
#: A Semantic Scholar query waiting for OpenAlex's first-round answer on the same author or
#: phrases (OpenAlex answers its first round within about a second at its 0.1 s pace).
TOLD_WAIT_S = 3.0
#: OpenAlex topic queries (key object, Known Result, named result, reference title) broadened
#: per search: each broadening takes a request a spare query would have had.
TOPIC_BROADENINGS = 2
#: OpenAlex's spare queries go out only while at most this share of its answers (broadenings
#: included) came back empty: a search whose words the index mostly does not hold spent its
#: spares on more empty answers (issue 26, stop 51).
SPARE_ZERO_HIT = 0.5
#: Every wait of one lane for another's answers, by name (a benchmark unbounds them all).
LANE_WAITS = ("SUPERSET_WAIT_S", "AUTHOR_WAIT_S", "WORDS_WAIT_S", "TOLD_WAIT_S")
NOT_READY = "No defined problem found"


class ProblemNotReady(Exception):
    """PROBLEM.md is missing, unreadable or still a draft: the search cannot start."""


@dataclass(slots=True)
class BackendReport:
    """What one discovery backend did in this search."""

    backend: str
    queries: list[PlannedQuery] = field(default_factory=list)
    answered: list[PlannedQuery] = field(default_factory=list)
    results: int = 0  # records returned, over all answered queries
    papers: set[str] = field(default_factory=set)  # distinct papers among them
    errors: list[str] = field(default_factory=list)
    skipped: str | None = None  # why it was not asked
    empty: list[PlannedQuery] = field(default_factory=list)  # answered with no result
    broadened: list[PlannedQuery] = field(default_factory=list)  # asked instead of an empty one
    unsent: list[PlannedQuery] = field(default_factory=list)  # planned, never sent (see `held`)
    held: str | None = None  # why the rest of its queries were not sent
    spare: list[PlannedQuery] = field(default_factory=list)  # extra queries the budget allowed

    @property
    def asked(self) -> int:
        """Queries sent and answered, the broadened ones included."""
        return len(self.answered) + len(self.broadened)

    @property
    def zero_hit_rate(self) -> float:
        """The share of answered queries (broadened ones included) that returned nothing."""
        return len(self.empty) / self.asked if self.asked else 0.0

    def spares_wasted(self, limit: float) -> bool:
        """Whether more spare queries would likely come back empty too: more than `limit` of
        its answers (broadenings included) already did."""
        return self.asked > 0 and self.zero_hit_rate > limit

    @property
    def dry(self) -> bool:
        """The backend holds (next to) nothing on the subject, and its remaining queries would
        only spend the budget: two queries and a broadening answered, all empty, or three empty
        answers and at most two papers in all. (One empty query and its broadening can be one
        badly put question.)"""
        if len(self.answered) < 2 or not self.broadened:
            return False
        return len(self.empty) == self.asked or (len(self.empty) >= 3 and len(self.papers) <= 2)

    @property
    def down(self) -> bool:
        sent = [q for q in self.queries if q not in self.unsent]
        return bool(sent) and not self.answered

    @property
    def status(self) -> str:
        if self.skipped:
            return "skipped"
        if not self.queries:
            return "idle"
        if self.down:
            return "down"
        return "partial" if self.errors else "ok"

    @property
    def error_summary(self) -> str:
        # "… is unreachable …; not asked again" only repeats the outage the first error names.
        errors = [e for e in self.errors if "not asked again" not in e] or self.errors[:1]
        return "; ".join(dict.fromkeys(errors))


@dataclass(frozen=True, slots=True)
class UnresolvedReference:
    """A PROBLEM.md identifier no source could resolve (an Unconfirmed entry, honestly)."""

    identifier: Identifier
    seed: ReferenceSeed
    reason: str
    pending: bool  # a source could not answer, as opposed to "does not exist"


@dataclass(slots=True)
class SearchResult:
    problem_dir: Path
    problem: ProblemDoc
    plan: QueryPlan
    started_at: dt.datetime
    literature_text: str | None  # what LITERATURE.md held when the search started
    journal_text: str | None
    backends: dict[str, BackendReport]
    candidates: list[Candidate] = field(default_factory=list)  # new, ranked, verified
    checks: dict[str, ReferenceCheck] = field(default_factory=dict)  # by Candidate.key
    already_listed: list[tuple[Candidate, str]] = field(default_factory=list)  # (paper, entry)
    dropped: list[Candidate] = field(default_factory=list)  # irrelevant or beyond the cap
    unresolved: list[UnresolvedReference] = field(default_factory=list)
    theorem_context: list[TheoremHit] = field(default_factory=list)  # ProofWiki, Stacks, …
    records_found: int = 0
    looked_up: list[Identifier] = field(default_factory=list)  # PROBLEM.md ids sent to sources
    named_found: list[str] = field(default_factory=list)  # works the problem names, found
    named_unfound: list[str] = field(default_factory=list)  # … and not found, by name
    references_found: int = 0
    followed: FollowReport = field(default_factory=FollowReport)  # references followed
    budget: RequestBudget = field(default_factory=lambda: RequestBudget(MAX_REQUESTS))
    spent_by_phase: dict[str, int] = field(default_factory=dict)  # discovery, following, verifying

    @property
    def slug(self) -> str:
        return self.problem_dir.name

    def check(self, candidate: Candidate) -> ReferenceCheck | None:
        return self.checks.get(candidate.key)

    @property
    def below_line(self) -> list[Candidate]:
        """Set aside but worth showing: papers that say some of the problem's terms."""
        from mathlsp.search.rank import below_the_line

        return below_the_line(self.dropped)

    @property
    def confirmed(self) -> list[Candidate]:
        return [c for c in self.candidates if (ch := self.check(c)) is not None and ch.confirmed]

    @property
    def unconfirmed(self) -> list[Candidate]:
        return [c for c in self.candidates if (ch := self.check(c)) is None or not ch.confirmed]

    @property
    def down(self) -> list[str]:
        return [b for b, r in self.backends.items() if r.down]

    @property
    def all_down(self) -> bool:
        """No paper source answered anything (TheoremSearch alone cannot confirm a paper)."""
        papers = [r for b, r in self.backends.items() if b != "theoremsearch" and r.queries]
        attempted = bool(papers) or bool(self.looked_up)
        answered = any(r.answered for r in papers) or any(not u.pending for u in self.unresolved)
        return attempted and not answered and self.references_found == 0

    @property
    def nothing_to_do(self) -> bool:
        """Every query is in the Search History and every PROBLEM.md identifier is listed."""
        return not self.plan.queries and not self.looked_up

    @property
    def first_search(self) -> bool:
        if self.literature_text is None:
            return True
        return not LiteratureDoc(self.literature_text).history

    @property
    def strategy(self) -> str:
        """A first search without an explicit query is a broad survey."""
        if self.first_search and not self.plan.user_query:
            return "broad-survey"
        return "targeted-search"

    @property
    def outcome(self) -> str:
        """SUCCEEDED, PARTIAL or FAILED (`research.search_outcome`): a follow-up whose papers
        are all listed already is judged by those entries, not FAILED."""
        return search_outcome(
            all_down=self.all_down,
            new_confirmed=len(self.confirmed),
            new_unconfirmed=len(self.unconfirmed) + len(self.unresolved),
            listed=[entry for _, entry in self.already_listed],
        )

    def unique_results(self, backend: str) -> int:
        return len(self.backends[backend].papers) if backend in self.backends else 0


# -- what LITERATURE.md already lists -----------------------------------------------------------
class Listed:
    """Papers already in LITERATURE.md: by arXiv id, DOI, and normalised title + year;
    identifiers named in an entry's Reason or Source count too (an Unconfirmed entry often names
    the id that failed). Entries standing outside Confirmed and Unconfirmed References count as
    well: a LITERATURE.md written under `# Confirmed References` still lists its papers."""

    def __init__(self, doc: LiteratureDoc | None) -> None:
        self.ids: dict[str, str] = {}
        self.titles: dict[tuple[str, int | None], str] = {}
        for entry in doc.entries if doc is not None else ():
            for key in _entry_ids(entry):
                self.ids.setdefault(key, entry.id)
            title = normalize_title(entry.title)
            if title:
                self.titles.setdefault((title, entry.year), entry.id)

    def identifier(self, ident: Identifier) -> str | None:
        return self.ids.get(ident.unversioned().key)

    def candidate(self, c: Candidate) -> str | None:
        for ident in c.identifiers:
            if ident.kind in (IdKind.ARXIV, IdKind.DOI) and (hit := self.identifier(ident)):
                return hit
        title = normalize_title(c.title)
        years = {r.year for r in c.records if r.year} | {c.year}
        for year in years:
            if (hit := self.titles.get((title, year))) is not None:
                return hit
        # An entry written without a year matches on the title alone.
        return self.titles.get((title, None))


def _entry_ids(entry: ReferenceEntry) -> list[str]:
    keys: list[str] = []
    if entry.arxiv_id is not None:
        ident = parse_identifier(f"arXiv:{entry.arxiv_id.base}")
        if ident:
            keys.append(ident.key)
    if entry.doi:
        ident = parse_identifier(entry.doi)
        if ident:
            keys.append(ident.key)
    for name in ("reason", "source"):
        for m in find_identifiers(entry.fields.value(name)):
            if not m.valid:
                continue
            ident = parse_identifier(f"arXiv:{m.value}" if m.kind == "arxiv" else m.value)
            if ident:
                keys.append(ident.unversioned().key)
    return keys


# -- the search ---------------------------------------------------------------------------------
def load_problem(problem_dir: Path, reader: Reader = read_note_text) -> ProblemDoc:
    """PROBLEM.md, or ProblemNotReady saying what to complete first (its frontmatter, when it
    cannot be read: the search takes the title, status, domain and tags from it)."""
    path = problem_dir / "PROBLEM.md"
    text = reader(path)
    if text is None:
        raise ProblemNotReady(
            f"{NOT_READY}: {path} does not exist. Run `mathlsp init <slug>` and complete "
            "PROBLEM.md (statement, domain, tags, `status: defined`) first."
        )
    problem = ProblemDoc(text, path)
    if trouble := frontmatter_trouble(problem):
        raise ProblemNotReady(f"{trouble}; nothing was asked or written")
    if problem.status == "draft":
        raise ProblemNotReady(
            f"{NOT_READY}: {path} is still a draft. Complete the problem (statement, domain, "
            "tags) and set `status: defined` before searching."
        )
    if not problem.statement.strip() and not problem.tags and not problem.title:
        raise ProblemNotReady(f"{NOT_READY}: {path} has no title, statement or tags to search for.")
    return problem


async def run_search(
    problem_dir: Path,
    sources: Any,  # mathlsp.sources.Sources (or anything with the same methods)
    user_query: str | None = None,
    on_progress: ProgressCallback | None = None,
    now: dt.datetime | None = None,
    *,
    reader: Reader = read_note_text,
    limit: int = MAX_CANDIDATES,
    plan: QueryPlan | None = None,
    follow_references: bool = True,
) -> SearchResult:
    """Discover, merge, rank and verify; nothing is written (see `mathlsp.search.write`).

    Raises ProblemNotReady for a missing or draft PROBLEM.md. Network trouble never raises: a
    backend that fails is reported in `SearchResult.backends` and the search goes on without it.
    `plan` overrides the queries (e.g. after the user edited them in a confirmation)."""
    now = now or dt.datetime.now(dt.UTC)

    def progress(backend: str, message: str) -> None:
        if on_progress is not None:
            on_progress(backend, message)

    problem = load_problem(problem_dir, reader)
    literature_text = reader(problem_dir / "LITERATURE.md")
    journal_text = reader(problem_dir / "JOURNAL.md")
    literature = LiteratureDoc(literature_text) if literature_text is not None else None
    history = literature.history if literature else []
    prior = prior_queries((r.cells for r in history), journal_text)
    enabled: Collection[str] = getattr(sources, "enabled", DISCOVERY)
    notation = reader(problem_dir / "NOTATION.md")
    plan = plan or build_queries(problem, user_query, prior, backends=enabled, notation=notation)
    reports = {b: BackendReport(b, skipped=plan.skipped_backends.get(b)) for b in DISCOVERY}
    for q in plan.queries:
        reports[q.backend].queries.append(q)
    result = SearchResult(problem_dir, problem, plan, now, literature_text, journal_text, reports)
    listed = Listed(literature)
    result.looked_up = [i for i in plan.reference_ids if listed.identifier(i) is None]
    if result.nothing_to_do:
        progress("search", "nothing new to ask: every query is in the Search History")
        return result

    original_event = getattr(sources, "on_event", None)

    def relay(event: Any) -> None:
        progress(getattr(event, "backend", "sources"), getattr(event, "message", str(event)))
        if original_event is not None:
            original_event(event)

    if hasattr(sources, "on_event"):
        sources.on_event = relay
    budget = result.budget
    budget.ceiling = MAX_REQUESTS - VERIFY_RESERVE - (FOLLOW_RESERVE if follow_references else 0)
    try:
        with spending(budget):
            await _search(result, sources, listed, progress, limit, follow_references)
    finally:
        if hasattr(sources, "on_event"):
            sources.on_event = original_event
    return result


async def _search(
    result: SearchResult,
    sources: Any,
    listed: Listed,
    progress: ProgressCallback,
    limit: int,
    follow_references: bool,
) -> None:
    """Discovery, following, ranking and verification, each phase under its budget ceiling."""
    plan, budget = result.plan, result.budget
    found, ref_found = await _discover(plan, sources, result, progress)
    result.spent_by_phase["discovery"] = budget.spent

    def fresh_of(candidates: list[Candidate]) -> list[Candidate]:
        result.already_listed = []
        fresh: list[Candidate] = []
        for c in candidates:
            entry = listed.candidate(c)
            if entry is not None:
                result.already_listed.append((c, entry))
            else:
                fresh.append(c)
        return fresh

    candidates = merge_records(found, ref_found)
    kept, dropped = rank_candidates(fresh_of(candidates), plan.terms, limit, result.problem.text)
    budget.ceiling = MAX_REQUESTS - VERIFY_RESERVE
    cited: list[Found] = []
    if follow_references and not result.all_down:
        # What the named and the strongest papers cite, then the same line for everything.
        progress("references", "following the references of the strongest papers")
        spent = budget.spent
        cited, result.followed = await follow(
            [*kept, *(c for c, _ in result.already_listed)], sources
        )
        result.followed.requests = budget.spent - spent
        n_seeds = len(result.followed.seeds)
        # The cited works first, as the report counts them ("0 cited works" beside the report's
        # "15 cited works, 0 … found" read as a contradiction on a first day).
        f = result.followed
        progress("references", f"{f.cited} cited works from {n_seeds} papers, {f.found} new found")
    # The field's own words for the problem, read off the strongest papers so far (PROBLEM.md's,
    # those it cites by people and year, then the first round's list, best first): after the
    # other phases' shares, from the verification's room beyond what it usually needs (one after
    # the other, so that the same search spends the same requests on the same things).
    budget.ceiling = MAX_REQUESTS - VERIFY_RESERVE + FEEDBACK_RESERVE
    more = await ask_feedback(
        plan, candidates, result.problem, sources, result.backends["openalex"], progress,
        RESULTS_PER_QUERY, kept,
    )  # fmt: skip
    if more or cited:
        found = [*found, *cited, *more]
        candidates = merge_records(found, ref_found)
        kept, dropped = rank_candidates(
            fresh_of(candidates), plan.terms, limit, result.problem.text
        )
    result.spent_by_phase["following"] = budget.spent - result.spent_by_phase["discovery"]
    result.candidates, result.dropped = kept, dropped
    progress(
        "merge",
        f"{result.records_found} records → {len(candidates)} papers; "
        f"{len(result.already_listed)} already listed, {len(kept)} to verify",
    )
    budget.ceiling = None
    if kept and not result.all_down:
        subjects = [c.subject() for c in kept]

        def verifying(done: int, total: int, message: str) -> None:
            progress("verify", f"[{done}/{total}] {message}")

        checks = await verify_subjects(
            subjects, sources, now=result.started_at, on_progress=verifying
        )
        result.checks = {s.key: ch for s, ch in zip(subjects, checks, strict=True)}
        confirmed = sum(ch.confirmed for ch in checks)
        progress("verify", f"verified {confirmed} of {len(checks)} candidates")
    result.spent_by_phase["verifying"] = budget.spent - sum(result.spent_by_phase.values())


async def _discover(
    plan: QueryPlan,
    sources: Any,
    result: SearchResult,
    progress: ProgressCallback,
) -> tuple[list[Found], list[Found]]:
    """Every query and the PROBLEM.md lookups, concurrently. Returns (search hits, references)."""
    reports = result.backends
    asked = {q.key for q in plan.queries}  # a broadening never repeats a query of this search
    numbered: dict[str, int] = Counter()
    sent: dict[str, int] = Counter()  # discovery requests per backend, broadenings included
    allowance = {b: pace_allowance(b, sources, result.looked_up) for b in DISCOVERY}
    found: dict[int, list[Found]] = {}
    ref_found: list[Found] = []
    # OpenAlex's first answers, read before arXiv's second query and zbMATH's first
    # (`search/superset.py`): a backend the subject's literature is (next to) absent from sends
    # nothing more. Set once they are in, or once OpenAlex can give no more.
    sample: list[Any] = []
    sampled = asyncio.Event()
    narrow: dict[str, str] = {}  # backend → why it holds nothing on the subject
    # Per cited author (the first of a group), per answer of Semantic Scholar's or OpenAlex's
    # author + topic query: whether it held an arXiv preprint.
    on_arxiv: dict[str, list[bool]] = {}
    # OpenAlex byline queries whose answer says none of the topic's phrases (only the tags'
    # words): as empty as the topic's phrases alone would have been, for what follows from it.
    off_topic: set[int] = set()
    topic_broadened = [0]  # OpenAlex topic queries broadened so far (TOPIC_BROADENINGS)

    async def ask(q: PlannedQuery) -> tuple[list[Found], str, Any]:
        """(results, detail, error) of one query."""
        items: list[Found] = []
        detail = ""
        if q.backend == "theoremsearch":
            outcome = await sources.search_theorems(q.query, RESULTS_PER_QUERY)
            error = outcome.error
            if error is None:
                arxiv_rank = 0
                for hit in outcome.hits:
                    paper = hit.paper
                    if paper is None:
                        if not any(same_theorem(hit, h) for h in result.theorem_context):
                            result.theorem_context.append(hit)
                        continue
                    items.append(Found(paper, Hit(q.backend, q.query, arxiv_rank), hit))
                    arxiv_rank += 1
                count = len(outcome.hits)
                detail = f"{count} theorem{'s' if count != 1 else ''} ({len(items)} from arXiv)"
            return items, detail, error
        # Semantic Scholar's relevance search spans every field: keep a mathematics problem
        # among mathematics papers.
        filters = (
            {"fieldsOfStudy": "Mathematics"}
            if q.backend == "semantic_scholar"
            and result.plan.mathematical
            and not result.plan.biomedical
            else None
        )
        outcome = await sources.search(q.backend, q.query, RESULTS_PER_QUERY, filters=filters)
        error = outcome.error
        if error is None:
            items = [
                Found(r, Hit(q.backend, q.query, rank)) for rank, r in enumerate(outcome.records)
            ]
            detail = f"{len(items)} result{'s' if len(items) != 1 else ''}"
        return items, detail, error

    async def one(index: int, q: PlannedQuery) -> None:
        asked.add(q.key)
        numbered[q.backend] += 1
        n, total = numbered[q.backend], len(reports[q.backend].queries)
        report = reports[q.backend]
        progress(q.backend, f"query {n}/{total}: {q.query}")
        sent[q.backend] += 1
        items, detail, error = await ask(q)
        if isinstance(error, BudgetSpent):
            report.unsent.append(q)
            report.held = report.held or "the search's request budget was spent"
            progress(q.backend, f"query {n}/{total} not sent: {error}")
            return
        if error is not None:
            if q.backend == SUPERSET:
                sampled.set()  # no waiting on a backend in trouble
            message = str(getattr(error, "message", error))
            report.errors.append(message)
            progress(q.backend, f"query {n}/{total} failed: {message}")
            return
        report.answered.append(q)
        if q.backend == WITNESS:
            heard_words(q.query, not items)
        if q.backend == TELLER and q.authors and items:
            texts = [f"{f.record.title} {f.record.abstract or ''}" for f in items]
            if not says_topic(q.broader, texts):
                off_topic.add(id(q))
        if q.authors and q.backend in ("semantic_scholar", "openalex"):
            key = _author_key(q)
            on_topic = [] if id(q) in off_topic else items
            on_arxiv.setdefault(key, []).append(any(_theirs(f.record, key) for f in on_topic))
        if not items or id(q) in off_topic:
            if not items:
                report.empty.append(q)
            wider = PlannedQuery(q.backend, q.broader, f"{q.purpose}, broadened")
            paced = sent[q.backend] < allowance[q.backend]
            # OpenAlex's topic queries are broadened TOPIC_BROADENINGS times a search at most:
            # each takes the request of a spare query, which on fresh8 found 4 gold papers the
            # third broadening's words did not.
            topical = q.backend == TELLER and not q.authors and q.purpose != "tags"
            if (
                q.broader
                and paced
                and not (topical and topic_broadened[0] >= TOPIC_BROADENINGS)
                and wider.key not in asked
                and wider.key not in plan.prior_keys
                and not await found_none(wider)
                # arXiv's first query goes out before OpenAlex's sample is in; its broadening,
                # 3 s later, does not when that sample shows the subject off arXiv.
                and not (q.backend == "arxiv" and await superset_says("arxiv"))
            ):
                # Nothing at all: too many phrases, or a category the papers are not in. Asked
                # once more with fewer constraints, never more (and never a query already run).
                asked.add(wider.key)
                topic_broadened[0] += topical
                none = "no result" if not items else "nothing on the topic"
                progress(q.backend, f"query {n}/{total}: {none}; broadened to {wider.query}")
                sent[q.backend] += 1
                kept_items = items  # the person's works the tags' words found stay found
                items, detail, error = await ask(wider)
                if error is None:
                    report.broadened.append(wider)
                    if q.backend == WITNESS:
                        heard_words(wider.query, not items)
                    if not items:
                        report.empty.append(wider)
                items = [*kept_items, *items]
        report.results += len(items)
        report.papers.update(_paper_key(f.record) for f in items)
        found[index] = items
        progress(q.backend, f"query {n}/{total}: {detail}")
        if q.backend == SUPERSET and not sampled.is_set():
            sample.extend(f.record for f in items)
            if len(report.answered) >= SAMPLE_QUERIES:
                sampled.set()

    # Each backend's queries go one after another (its rate limit spaces them anyway), so that
    # what the first ones returned can decide whether the rest are worth the budget.
    lanes: dict[str, list[tuple[int, PlannedQuery]]] = {}
    for index, q in enumerate(plan.queries):
        lanes.setdefault(q.backend, []).append((index, q))
    spares: dict[str, list[PlannedQuery]] = {}
    for q in plan.spare:
        spares.setdefault(q.backend, []).append(q)
    claims = SpareClaims.of(plan.spare)
    claims.decline(q for q in plan.spare if q.backend not in lanes)
    # Requests the first queries may still need (one each, two if it can be broadened): spare
    # queries wait until the budget has room beyond them.
    owed = {b: sum(cost(q) for _, q in items) for b, items in lanes.items()}
    changed = asyncio.Condition()
    # arXiv's author + topic query waits (at most AUTHOR_WAIT_S) for Semantic Scholar's and
    # OpenAlex's first-round queries about the same author: what they answered decides its shape
    # (`_topic_alone`), and without the wait the shape, and so the whole search, depended on
    # which lane happened to answer first.
    pending: Counter[str] = Counter(
        _author_key(q)
        for b in ("semantic_scholar", "openalex")
        for _, q in lanes.get(b, [])
        if q.authors
    )
    heard = {key: asyncio.Event() for key in pending}
    # Semantic Scholar's first-round answers by their words, True when it found nothing: an arXiv
    # query needing only those words waits (at most WORDS_WAIT_S) for that answer and is not sent
    # when it was empty (`search/same_words.py`). Later answers are not waited for, so that what
    # decides does not depend on which lane ran ahead. Only when it runs ahead of arXiv (with an
    # API key, 1 s against 3 s; without one both go at 3 s, and waiting would slow arXiv).
    none_for: dict[frozenset[str], bool] = {}
    ahead = allowance.get(WITNESS, 0) > allowance.get("arxiv", 0)
    due = {
        plain_words(text): asyncio.Event()
        for _, q in (lanes.get(WITNESS, []) if ahead else [])
        for text in (q.query, q.broader)
        if text
    }

    # Semantic Scholar's own empty answers, in its lane's order: a later query of it needing all
    # the words of one of them is not sent (`same_words.said_none_of`).
    witness_empty: list[frozenset[str]] = []

    # OpenAlex's first-round queries that ask what a Semantic Scholar query asks (the same cited
    # author; the same phrases), and whether each found nothing: the Semantic Scholar query waits
    # (at most TOLD_WAIT_S) for that answer, and is not sent when it was empty; an author query
    # is asked as its topic alone (`same_words.told_by`). Only first-round answers, which wait
    # for nothing, so that what decides does not depend on which lane ran ahead.
    tellers = [q for _, q in lanes.get(TELLER, [])] if WITNESS in lanes else []
    teller_of = {
        id(q): t
        for q in [*(q for _, q in lanes.get(WITNESS, [])), *spares.get(WITNESS, [])]
        for t in tellers
        if t.purpose == q.purpose and told_by(q.query, _author_key(q) if q.authors else "", t.query)
    }
    told = {id(t): asyncio.Event() for t in teller_of.values()}
    teller_empty: set[int] = set()
    teller_found: dict[int, list[Any]] = {}  # what each such OpenAlex query found (not empty)
    stand_in: dict[int, int] = {}  # a spare query sent in another's place → the one it replaced
    # The request a query OpenAlex's answer showed empty would have sent: kept, not handed to the
    # spare queries (the plan's last, emptiest and least on the subject: on fresh4 it went to an
    # OpenAlex spare whose 25 off-subject works pushed two gold papers below the line). Its
    # broadening's is released as usual: keeping it too made the spare grants depend on which
    # lane answered first (test_the_spare_queries_do_not_depend_on_which_lane_answers_first).
    saved = [0]

    def tell(q: PlannedQuery, items: list[Found]) -> None:
        if id(q) in told:
            if q in reports[TELLER].empty or id(q) in off_topic:
                teller_empty.add(id(q))
            else:
                teller_found[id(q)] = [f.record for f in items]
            told[id(q)].set()

    def fit(q: PlannedQuery) -> PlannedQuery:
        """`q` asked in the words OpenAlex's twin found said (`same_words.fitted`): once it has
        answered with works, Semantic Scholar asks for the phrase those works say."""
        teller = teller_of.get(id(q))
        records = teller_found.get(id(teller)) if teller is not None else None
        if not records:
            return q
        who = ""
        if q.authors:
            topic = set(q.broader.split())
            who = " ".join(w for w in q.query.split() if w not in topic)
        # A byline twin's phrases only, never a lone tag word it also took (its broadening).
        alone = teller.broader if teller.authors else ""  # type: ignore[union-attr]
        text = fitted(q.query, who, teller.query, records, alone)  # type: ignore[union-attr]
        if text is None or text == q.query:
            return q
        new = PlannedQuery(
            q.backend, text, q.purpose, q.broader if text != q.broader else "", q.authors
        )
        if new.key in asked or new.key in plan.prior_keys:
            return q
        return new

    async def told_none(q: PlannedQuery) -> bool:
        teller = teller_of.get(id(q))
        if teller is None:
            return False
        try:
            await asyncio.wait_for(told[id(teller)].wait(), TOLD_WAIT_S)
        except TimeoutError:
            told[id(teller)].set()  # a slow OpenAlex holds Semantic Scholar back once per answer
        return id(teller) in teller_empty

    def reshaped(q: PlannedQuery) -> PlannedQuery | None:
        """What Semantic Scholar asks instead of `q` when OpenAlex's answer says `q` is empty:
        an author query's topic alone (what it would be broadened to), nothing otherwise."""
        if not q.authors or not q.broader:
            return None
        alone = PlannedQuery(q.backend, q.broader, f"{q.purpose}: the topic alone")
        if (
            alone.key in asked
            or alone.key in plan.prior_keys
            or said_none_of(alone.query, witness_empty)
        ):
            return None
        return alone

    def heard_words(query: str, empty: bool) -> None:
        words = plain_words(query)
        if empty:
            witness_empty.append(words)
        if words in due:
            none_for[words] = none_for.get(words, True) and empty
            due[words].set()

    async def found_none(q: PlannedQuery) -> bool:
        if q.backend == WITNESS:
            return said_none_of(q.query, witness_empty)
        words = arxiv_words(q.query) if q.backend == "arxiv" else None
        event = due.get(words) if words is not None else None
        if event is None:
            return False
        try:
            await asyncio.wait_for(event.wait(), WORDS_WAIT_S)
        except TimeoutError:
            event.set()  # a slow lane holds arXiv back once per answer, not at every query
        return none_for.get(words, False)

    def settled_author(q: PlannedQuery) -> None:
        key = _author_key(q)
        pending[key] -= 1
        if pending[key] <= 0:
            heard[key].set()

    async def hear_about(q: PlannedQuery) -> None:
        event = heard.get(_author_key(q)) if q.authors else None
        if event is not None:
            try:
                await asyncio.wait_for(event.wait(), AUTHOR_WAIT_S)
            except TimeoutError:
                event.set()  # a slow lane holds arXiv back once, not at every query

    async def settle(backend: str, amount: int, kept: int = 0) -> None:
        async with changed:
            saved[0] += kept  # with the release, so that the room never shrinks
            owed[backend] = max(0, owed[backend] - amount)
            changed.notify_all()

    async def superset_says(backend: str) -> str | None:
        """Why `backend` holds nothing on the subject, by OpenAlex's first answers, if so."""
        try:
            await asyncio.wait_for(sampled.wait(), SUPERSET_WAIT_S)
        except TimeoutError:
            sampled.set()  # a slow OpenAlex holds nobody back: what it answered so far decides
        if not narrow:
            narrow.update(absent(sample, ("arxiv", "zbmath")))
            narrow.setdefault(SUPERSET, "")  # read once
        return narrow.get(backend)

    async def lane(backend: str) -> None:
        report = reports[backend]
        for index, q in lanes.get(backend, []):
            kept = 0  # a request OpenAlex's answer saved
            # arXiv's first query goes out with OpenAlex's; zbMATH waits for their answer.
            waits = (backend == "arxiv" and sent[backend] > 0) or backend == "zbmath"
            why = await superset_says(backend) if waits and backend != SUPERSET else None
            if why:
                report.unsent.append(q)
                report.held = why
            elif report.dry:
                report.unsent.append(q)
                report.held = "its first queries, broadened, found nothing on the subject"
            elif sent[backend] >= allowance[backend]:
                report.unsent.append(q)
                report.held = _also(report.held, _PACED)
            else:
                if backend == "arxiv":
                    await hear_about(q)
                sent_q = _topic_alone(q, on_arxiv, asked | plan.prior_keys, report, plan)
                if backend == WITNESS and await told_none(sent_q):
                    alone = reshaped(sent_q)
                    if alone is None:
                        report.unsent.append(sent_q)
                        report.held = _also(report.held, _TOLD)
                        kept = 1
                        sent_q = None
                    else:
                        plan.queries[index] = alone
                        report.queries[report.queries.index(sent_q)] = alone
                        sent_q = alone
                elif backend == WITNESS and (said := fit(sent_q)) is not sent_q:
                    plan.queries[index] = said
                    report.queries[report.queries.index(sent_q)] = said
                    sent_q = said
                if sent_q is None:
                    pass
                elif await found_none(sent_q):
                    report.unsent.append(sent_q)
                    report.held = _also(report.held, _OWN if backend == WITNESS else _NO_WORDS)
                else:
                    await one(index, sent_q)
            if backend == TELLER:
                tell(q, found.get(index, []))
            if q.authors and backend in ("semantic_scholar", "openalex"):
                settled_author(q)
            await settle(backend, 1 + bool(q.broader), kept)
        if backend == SUPERSET:
            sampled.set()  # what it answered is all the evidence there will be
        if backend == WITNESS:
            for event in due.values():
                event.set()
        if backend == TELLER:
            for event in told.values():
                event.set()
        await settle(backend, owed.get(backend, 0))
        extra = spares.get(backend, [])
        await spend_spare(backend, extra)
        async with changed:
            claims.decline(extra)  # what it did not send: the queries after them wait no more
            changed.notify_all()

    def room() -> int:
        return result.budget.remaining - sum(owed.values()) - saved[0]

    def decidable(q: PlannedQuery) -> bool:
        """Whether spare query `q` can be decided: granted now, or never, because nothing the
        others may still need, nor any spare query decided before it, can free more room."""
        return claims.may_grant(q, room()) or (claims.first(q) and not any(owed.values()))

    async def spend_spare(backend: str, extra: list[PlannedQuery]) -> None:
        report = reports[backend]
        if narrow.get(backend):
            return
        if report.dry or not report.answered or len(report.empty) == report.asked:
            return  # a backend that found nothing gets no more of the budget
        for q in extra:
            if sent[backend] >= allowance[backend]:
                return  # its rate limit leaves no time for more
            if backend == TELLER and report.spares_wasted(SPARE_ZERO_HIT):
                return  # its index mostly lacks the subject's words: more would be empty too
            sent_q: PlannedQuery | None = q
            if backend == WITNESS and await told_none(q):
                sent_q = reshaped(q)
            elif backend == WITNESS:
                sent_q = fit(q)
            async with changed:
                await changed.wait_for(functools.partial(decidable, q))
                if not claims.may_grant(q, room()):
                    return
                claims.grant(q)
                if sent_q is None:
                    # OpenAlex's answer says it would find nothing: granted as if sent, its
                    # request kept, so that the later spare queries get what they would get.
                    saved[0] += 1
                    changed.notify_all()
                    continue
                owed[backend] = cost(sent_q)  # claimed before another lane can
                changed.notify_all()
            stand_in[id(sent_q)] = id(q)
            report.queries.append(sent_q)
            report.spare.append(sent_q)
            plan.queries.append(sent_q)
            await one(len(plan.queries) - 1, sent_q)
            await settle(backend, owed[backend])
            if report.unsent and report.unsent[-1] is sent_q:
                plan.queries.remove(sent_q)
                report.queries.remove(sent_q)
                report.spare.remove(sent_q)
                report.unsent.remove(sent_q)
                return

    async def references() -> None:
        seeds = {i: r for r in plan.references for i in r.identifiers}
        wanted = result.looked_up
        if not wanted:
            return
        progress(
            "problem",
            f"looking up {len(wanted)} identifier{'s' * (len(wanted) != 1)} "
            "from PROBLEM.md References",
        )
        outcomes = await sources.lookup_many(wanted)
        for ident, outcome in zip(wanted, outcomes, strict=True):
            record = outcome.record
            if record is not None:
                result.references_found += 1
                ref_found.append(Found(record, Hit(REFERENCE, seeds[ident].text, 0)))
                continue
            pending = outcome.status is LookupStatus.ERROR
            result.unresolved.append(
                UnresolvedReference(ident, seeds[ident], outcome.reason, pending)
            )
        progress("problem", f"{result.references_found} of {len(wanted)} identifiers found")

    async def named() -> None:
        works = named_works(result.problem)
        if not works:
            return
        progress("problem", f"looking up {len(works)} works PROBLEM.md names")
        records = await asyncio.gather(*(resolve(w, sources) for w in works))
        for work, record in zip(works, records, strict=True):
            if record is None:
                result.named_unfound.append(work.label)
                continue
            result.named_found.append(work.label)
            ref_found.append(Found(record, Hit(REFERENCE, f"{work.where}: {work.text}", 0)))
        progress("problem", f"{len(result.named_found)} of {len(works)} named works found")

    async def side(task: Any, backend: str, cost: int) -> None:
        await task()
        await settle(backend, cost)

    # The problem's own identifiers and named works come first in the budget: they are owed too.
    owed["problem:references"] = len({i.kind for i in result.looked_up}) + 1
    owed["problem:named"] = 2 * len(named_works(result.problem))
    planned = len(plan.queries)
    if SUPERSET not in lanes:
        sampled.set()
    async with asyncio.TaskGroup() as group:
        for backend in lanes:
            group.create_task(lane(backend))
        group.create_task(side(references, "problem:references", owed["problem:references"]))
        group.create_task(side(named, "problem:named", owed["problem:named"]))
    # Spare queries were appended as the lanes reached them, an order the network decides: put
    # them in the plan's order, so that the journal, the report and ties among candidates do not
    # change from run to run.
    sent = plan.queries[planned:]
    rank = {id(q): n for n, q in enumerate(plan.spare)}
    rank.update({new: rank[old] for new, old in stand_in.items() if old in rank})
    moved = sorted(range(len(sent)), key=lambda k: rank.get(id(sent[k]), len(rank)))
    plan.queries[planned:] = [sent[k] for k in moved]
    spare_found = {planned + new: found.pop(planned + old) for new, old in enumerate(moved)
                   if planned + old in found}  # fmt: skip
    found.update(spare_found)
    ordered = [f for i in sorted(found) for f in found[i]]
    result.records_found = len(ordered) + len(ref_found)
    return ordered, ref_found


def _topic_alone(
    q: PlannedQuery,
    on_arxiv: dict[str, list[bool]],
    asked: Collection[str],
    report: BackendReport,
    plan: QueryPlan,
) -> PlannedQuery:
    """arXiv's author + topic query, or its topic alone (what it is broadened to) when Semantic
    Scholar or OpenAlex, which index arXiv's papers and answer sooner, asked about the same author
    and the topic and got no arXiv preprint: the cited work is older than arXiv, or the author does
    not post there (25 of 34 such arXiv queries on the studied problems came back empty, then were
    asked as the topic alone). The query is replaced in the plan, so the Search History records
    the one asked."""
    if q.backend != "arxiv" or not q.authors or not q.broader:
        return q
    said = on_arxiv.get(_author_key(q))
    alone = PlannedQuery(q.backend, q.broader, f"{q.purpose}: the topic alone")
    if not said or any(said) or alone.key in asked:
        return q
    plan.queries[plan.queries.index(q)] = alone
    report.queries[report.queries.index(q)] = alone
    return alone


def _author_key(q: PlannedQuery) -> str:
    """The cited author an author + topic query is about (the first of its group)."""
    return fold(q.authors[0]).lower()


def _theirs(record: Any, surname: str) -> bool:
    """An arXiv preprint by `surname` (folded, lower case): Semantic Scholar matches a name in
    the abstract too ("Siegel zeros", "the Weil bound")."""
    words = set(surname.replace("-", " ").split())
    return bool(record.arxiv_id) and any(
        words <= set(fold(a.family).lower().replace("-", " ").split()) for a in record.authors
    )


def pace_allowance(backend: str, sources: Any, looked_up: Collection[Identifier] = ()) -> int:
    """Discovery requests `backend` can start within DISCOVERY_SECONDS at its rate limit — the
    documented one, or the configured one when slower (Semantic Scholar without a key) — less
    the batch that looks up PROBLEM.md's arXiv identifiers there."""
    settings = getattr(sources, "settings", None)
    configured = settings.interval(backend) if settings is not None else 0.0
    pace = max(DEFAULT_MIN_INTERVAL_S.get(backend, 0.0), configured)
    if pace <= 0:
        return MAX_REQUESTS
    own = 1 if backend == "arxiv" and any(i.kind is IdKind.ARXIV for i in looked_up) else 0
    return max(1, 1 + int(DISCOVERY_SECONDS // pace) - own)


def _paper_key(record: Any) -> str:
    ids = record.identifiers
    return ids[0].key if ids else "title:" + normalize_title(record.title)


_NO_WORDS = "Semantic Scholar found no paper saying all of their words"
_OWN = "each needs every word of one of its queries that found nothing"
_TOLD = "OpenAlex found no work by the same author or saying the same phrases"


def _also(held: str | None, why: str) -> str:
    """The reasons a backend's queries were not sent, each once."""
    return why if not held else held if why in held else f"{held}; {why}"


_PACED = f"its rate limit leaves no time for more within the first {DISCOVERY_SECONDS:.0f} s"


def describe_backends(result: SearchResult) -> list[str]:
    """One line per backend: what it answered, or why not."""
    lines = []
    for b, r in result.backends.items():
        if r.status == "skipped":
            lines.append(f"{label(b)}: skipped ({r.skipped})")
        elif r.status == "idle":
            lines.append(f"{label(b)}: no new query")
        elif r.status == "down":
            lines.append(f"{label(b)}: down ({r.error_summary})")
        else:
            note = f"; {len(r.errors)} queries failed ({r.error_summary})" if r.errors else ""
            n, k = len(r.papers), r.asked
            if r.empty:
                wide = f", {len(r.broadened)} broadened" if r.broadened else ""
                note = f"; {len(r.empty)} of {k} returned nothing{wide}" + note
            if r.spare:
                note += f"; {len(r.spare)} more with the budget others left"
            if r.unsent:
                note += f"; {len(r.unsent)} not sent: {r.held}"
            lines.append(
                f"{label(b)}: {n} paper{'' if n == 1 else 's'} from {k} "
                f"quer{'y' if k == 1 else 'ies'}{note}"
            )
    return lines
