"""Pseudo-relevance feedback: the field's own words for the problem, read off its strongest hits.

A problem may name its objects otherwise than the papers on them do ("Riesz-potential pressure"
for "fractional porous medium", "Dawson–Watanabe superprocess" for "super-Brownian motion"): no
phrase of the note finds those papers. The papers the first round found that match the problem
best — those PROBLEM.md names or cites by people and year, the first round's list as the learned
model drew it, and those saying two or more of its specific terms — say how the field writes it.
The phrases two or more of them say in their titles or abstracts, and the problem does not, are
asked once more (`FEEDBACK_QUERIES` OpenAlex queries, any of the phrases:
its relevance order puts the works saying most of them first; up to `MORE_FEEDBACK_QUERIES` more
while the requests discovery and following left unspent last). What comes back faces the same
relevance line as everything else: a feedback phrase is a lead, never a term of relevance.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mathlsp.notes.problem import ProblemDoc
from mathlsp.search.acronyms import (
    acronyms_beside,
    acronyms_in,
    spell_out_acronyms,
    written_as_name,
    written_by,
)
from mathlsp.search.dated import DatedCitation, dated_citations, is_cited_work
from mathlsp.search.merge import Candidate, Found, Hit
from mathlsp.search.queries import PlannedQuery, QueryPlan, noun_part, spelled_out
from mathlsp.search.text import contains_phrase, key_phrases, stem, stems, words
from mathlsp.sources.budget import BudgetSpent, current_budget
from mathlsp.sources.record import Author
from mathlsp.verify.normalize import normalize_title

#: The strongest papers read (PROBLEM.md's own first, then by evidence).
MAX_STRONG = 10
#: Papers that must say a phrase for it to be the field's, not one paper's.
MIN_SAID_BY = 2
#: Phrases per query, and queries (each one request to OpenAlex, the fastest service).
PHRASES_PER_QUERY = 2
FEEDBACK_QUERIES = 2
#: Queries beyond those, sent only while the phases before left requests unspent (a problem
#: whose queries found little is the one whose field names its objects otherwise).
MORE_FEEDBACK_QUERIES = 2
#: The field's acronyms for the problem's objects asked at most (`field_acronyms`).
FIELD_ACRONYMS = 1
#: A cited work's title phrases asked first (one query), and the longest run of its title read
#: (a title's run is read whole: "space-time fractional stochastic partial differential
#: equations" holds the field's phrase at its head, not its end).
CITED_PHRASES = PHRASES_PER_QUERY
TITLE_RUN = 8
#: Requests they may take from verification's reserve (one batch per backend, 3–4 of its 5 on
#: the benchmark's problems): discovery's and following's shares stay as they were.
FEEDBACK_RESERVE = FEEDBACK_QUERIES


@dataclass(slots=True)
class FeedbackReport:
    """What feedback asked, for the report."""

    strong: list[str] = field(default_factory=list)  # titles of the papers read
    phrases: list[str] = field(default_factory=list)

    @property
    def ran(self) -> bool:
        return bool(self.phrases)


def specific_features(candidate: Candidate) -> int:
    """How many of the problem's specific terms (not authors) the paper says, by `rank.Match`."""
    return len(
        {
            m.term.text
            for m in candidate.found
            if getattr(m, "specific", False) and m.term.kind != "author"
        }
    )


def strong_papers(
    candidates: Sequence[Candidate],
    limit: int = MAX_STRONG,
    cited: Sequence[DatedCitation] = (),
    above: Sequence[Candidate] = (),
) -> list[Candidate]:
    """The papers PROBLEM.md names, then the works its prose cites by people and year
    ("Kesten (1963)") that a query retrieved, then the first round's list (`above`, best first
    by the learned model), then those saying two or more of its specific terms, by evidence:
    what the field's vocabulary is read from. The model's list comes before the evidence order:
    a paper saying many of the note's terms is often the field's neighbour, and its words lead
    there (docs/search.md, stop 53: 29 more gold retrieved over the studied splits)."""
    named = [c for c in candidates if c.problem_reference is not None]
    # A cited work's title names the note's object as its field does, in words the note may
    # never write ("On the number of self-avoiding walks" for "non-self-intersecting paths").
    dated = sorted(
        (
            c
            for c in candidates
            if c.problem_reference is None and is_cited_work(cited, _authors(c), c.year)
        ),
        key=lambda c: (c.year or 0, c.title.lower()),
    )
    # By identity: a Candidate's equality compares its records field by field.
    taken = {id(c) for c in dated}
    chosen = [c for c in above if c.problem_reference is None and id(c) not in taken]
    taken |= {id(c) for c in chosen}
    matching = sorted(
        (
            c
            for c in candidates
            if c.problem_reference is None and id(c) not in taken and specific_features(c) >= 2
        ),
        key=lambda c: (-c.evidence, c.title.lower()),
    )
    return [*named, *dated, *chosen, *matching][:limit]


def _authors(candidate: Candidate) -> list[Author]:
    return [a for r in candidate.records for a in r.authors]


def _grams(
    text: str, limit: int, names: set[str], max_words: int = 4
) -> dict[tuple[str, ...], str]:
    """Every run of two or three words inside the text's key phrases (stems → the words): the
    field's phrase may sit inside a longer one whose rest the problem says ("fractional porous
    medium" in "fractional porous medium flow", where the problem says "porous medium flow")."""
    out: dict[tuple[str, ...], str] = {}
    for p in key_phrases(text, limit=limit, max_words=max_words, names=names):
        # "… equations driven by": the clause's verb is no word of the field's phrase.
        ws = words(noun_part(p))
        ss = [stem(w) for w in ws]
        for n in (2, 3):
            for i in range(len(ws) - n + 1):
                out.setdefault(tuple(ss[i : i + n]), " ".join(ws[i : i + n]))
    return out


def _phrases_of(candidate: Candidate) -> dict[tuple[str, ...], tuple[int, str]]:
    """The paper's phrases of two or three words (as stems) with what each counts for — one
    paper's say, or `MIN_SAID_BY` in the title of a paper PROBLEM.md names (the problem's own
    pointer to how its field writes it) — and how it is written. Its authors' names are who
    wrote it, not what about."""
    names = set(candidate.surnames)
    out: dict[tuple[str, ...], tuple[int, str]] = {}
    for text, limit, weight in (
        (candidate.abstract or "", 10, 1),
        (candidate.title, 6, MIN_SAID_BY),
    ):
        for s, spelled in _grams(text, limit, names).items():
            out[s] = (max(out.get(s, (0, ""))[0], weight), spelled)
    return out


def feedback_phrases(
    strong: Sequence[Candidate], problem_text: str, asked: Iterable[str] = ()
) -> list[str]:
    """Phrases at least `MIN_SAID_BY` strong papers say (or the title of a paper PROBLEM.md
    names) that the problem does not, nor any query already asked; most papers first, then the
    longer, each as one of them writes it."""
    said = stems(problem_text)
    asked_stems = [tuple(stems(a)) for a in asked]
    counts: dict[tuple[str, ...], int] = {}
    spelled: dict[tuple[str, ...], str] = {}
    for c in strong:
        for s, (n, text) in _phrases_of(c).items():
            counts[s] = counts.get(s, 0) + n
            spelled.setdefault(s, text)
    chosen: list[tuple[str, ...]] = []
    order = sorted(counts.items(), key=lambda kv: (-kv[1], -len(kv[0]), spelled[kv[0]]))
    for s, n in order:
        if n < MIN_SAID_BY:
            continue
        if contains_phrase(said, s) or any(contains_phrase(a, s) for a in asked_stems):
            continue
        # One phrase inside another ("fractional porous" in "fractional porous medium") is one.
        if any(contains_phrase(c, s) or contains_phrase(s, c) for c in chosen):
            continue
        chosen.append(s)
    return [spelled[s] for s in chosen]


def cited_title_phrases(
    cited: Sequence[Candidate],
    candidates: Sequence[Candidate],
    problem_text: str,
    asked: Iterable[str] = (),
) -> list[str]:
    """The phrases of two or three words in the titles of the works the note cites by people and
    year (`dated`), over the title's whole runs of words, that the problem and the queries do
    not say and another retrieved title says too; those most cited titles say first, then the
    rarest among the retrieved papers' titles, then the longer, then in title order. The cited
    title names the object as its field does ("self-avoiding walks", "space-time fractional");
    a phrase many retrieved titles say ("partial differential equations") is the wider
    field's, which the queries reached."""
    said = stems(problem_text)
    asked_stems = [tuple(stems(a)) for a in asked]
    titles = [tuple(stems(c.title)) for c in candidates]
    found: dict[tuple[str, ...], str] = {}
    cited_by: dict[tuple[str, ...], int] = {}
    for c in cited:
        for s, text in _grams(c.title, 6, set(c.surnames), max_words=TITLE_RUN).items():
            found.setdefault(s, text)
            cited_by[s] = cited_by.get(s, 0) + 1
    said_by = {s: sum(contains_phrase(t, s) for t in titles) for s in found}
    # What most of the cited works' titles say first ("space-time fractional" in three of one
    # person's papers, beside one's "non-linear noise excitation"), then the rarer.
    order = sorted(
        enumerate(found), key=lambda ks: (-cited_by[ks[1]], said_by[ks[1]], -len(ks[1]), ks[0])
    )
    chosen: list[tuple[str, ...]] = []
    for _, s in order:
        # One title's phrase alone ("strong analytic solutions") is that paper's, not the
        # field's: another retrieved title must say it too.
        if said_by[s] < MIN_SAID_BY:
            continue
        if contains_phrase(said, s) or any(contains_phrase(a, s) for a in asked_stems):
            continue
        if any(set(s) & set(c) for c in chosen):
            continue  # overlapping runs of one title are one phrase asked twice
        chosen.append(s)
    return [found[s] for s in chosen][:CITED_PHRASES]


def acronym_phrases(
    candidates: Sequence[Candidate], problem_text: str, asked: Iterable[str] = ()
) -> list[str]:
    """The acronyms the problem uses, never spells out and asks in its queries, each in the words
    the candidates' titles and abstracts spell it with (`acronyms.spell_out_acronyms`), unless
    the problem or a query asked already says them; in the order the problem first uses the
    acronyms."""
    asked = list(asked)
    # Only an acronym the plan asked, as a word of the note's own phrases ("parabolic elliptic
    # pks"): one the note mentions in passing ("comparison with BBM") names a neighbour.
    asked_words = {w for a in asked for w in words(a)}
    acronyms = [a for a in acronyms_in(problem_text) if a.lower() in asked_words]
    if not acronyms:
        return []
    texts = [f"{c.title}. {c.abstract or ''}" for c in candidates]
    # An acronym the papers write too ("SPDE", "KPZ") found them already, and its words are
    # the field's broad name; one they do not write ("PKS") is the note's shorthand, and the
    # papers on its object are found by the words alone. But a name's acronym ("KdV") and the
    # name ("Korteweg-de Vries") are one object's two spellings, and a title-only record says
    # one of them: the papers writing the letters never found those writing the name.
    written = {a for a in acronyms if written_by(a, texts) >= MIN_SAID_BY}
    spelled = spell_out_acronyms(acronyms, texts, spelled_out(problem_text))
    said = stems(problem_text)
    asked_stems = [stems(a) for a in asked]
    out: list[str] = []
    for a in acronyms:
        run = spelled.get(a)
        if run is None or (a in written and not written_as_name(run, texts)):
            continue
        s = stems(run)
        if contains_phrase(said, s) or any(contains_phrase(q, s) for q in asked_stems):
            continue
        out.append(run)
    return list(dict.fromkeys(out))


def field_acronyms(
    candidates: Sequence[Candidate], problem_text: str, phrases: Iterable[str]
) -> list[str]:
    """The acronyms the retrieved papers write beside a run of words holding one of the
    problem's `phrases` (its tags and key phrases) and the note never writes ("asymmetric simple
    exclusion process (ASEP)" for the tag "exclusion process"): the field's short name of the
    object, by which title-only records name it ("Two ways to solve ASEP")."""
    wanted = [tuple(stems(p)) for p in phrases if len(words(p)) >= 2]
    texts = [f"{c.title}. {c.abstract or ''}" for c in candidates]
    plain = problem_text.lower()

    def unsaid(a: str) -> bool:
        return re.search(rf"(?<![a-z]){re.escape(a.lower())}s?(?![a-z])", plain) is None

    return acronyms_beside(wanted, texts, unsaid)


def feedback_queries(
    plan: QueryPlan,
    candidates: Sequence[Candidate],
    problem_text: str,
    above: Sequence[Candidate] = (),
) -> tuple[list[PlannedQuery], FeedbackReport]:
    """OpenAlex queries, any of the field's phrases, and what they were read from."""
    report = FeedbackReport()
    if "openalex" not in plan.backends:
        return [], report
    asked = [q.query for q in plan.queries]
    # The note's unexplained acronyms in the words the retrieved papers spell them with: the
    # field's name of the object, which a title-only record says and the note never does.
    phrases = acronym_phrases(candidates, problem_text, asked)
    # And the other way: the field's acronym for an object the note names in words.
    objects = [t.text for t in plan.terms if t.kind in ("tag", "keyword")]
    phrases += field_acronyms(candidates, problem_text, objects)[:FIELD_ACRONYMS]
    cites = dated_citations(problem_text)
    strong = strong_papers(candidates, cited=cites, above=above)
    report.strong = [c.title for c in strong]
    # The titles of the works the note cites by people and year, which a query retrieved.
    dated = [
        c
        for c in strong
        if c.problem_reference is None and is_cited_work(cites, _authors(c), c.year)
    ]
    phrases += [
        p
        for p in cited_title_phrases(dated, candidates, problem_text, [*asked, *phrases])
        if not any(contains_phrase(stems(p), stems(a)) for a in phrases)
    ]
    if strong:
        phrases += [
            p
            for p in feedback_phrases(strong, problem_text, [*asked, *phrases])
            if not any(contains_phrase(stems(p), stems(a)) for a in phrases)
        ]
    phrases = phrases[: PHRASES_PER_QUERY * (FEEDBACK_QUERIES + MORE_FEEDBACK_QUERIES)]
    if not phrases:
        return [], report
    report.phrases = phrases
    out: list[PlannedQuery] = []
    for group in _groups(phrases)[: FEEDBACK_QUERIES + MORE_FEEDBACK_QUERIES]:
        query = " OR ".join(f'"{p}"' if " " in p else p for p in group)
        q = PlannedQuery("openalex", query, "feedback: the strongest papers' words")
        if q.key not in plan.prior_keys:
            out.append(q)
    return out, report


def _groups(phrases: Sequence[str]) -> list[list[str]]:
    """The phrases `PHRASES_PER_QUERY` to a query, in order; a single word ("ASEP") alone:
    OpenAlex ranks a work saying a phrase of several words above one saying a single word, and
    beside "asymmetric exclusion processes" the works titled "Two ways to solve ASEP" fell
    below the answer's 25."""
    out: list[list[str]] = []
    pending: list[str] = []
    for p in phrases:
        if " " not in p:
            out.append([p])
            continue
        pending.append(p)
        if len(pending) == PHRASES_PER_QUERY:
            out.append(pending)
            pending = []
    return out + ([pending] if pending else [])


def problem_words(problem: ProblemDoc) -> str:
    """Everything the problem says about its subject: what feedback phrases must add to."""
    return " ".join(
        [
            problem.title,
            " ".join(t.replace("-", " ") for t in problem.tags),
            problem.statement,
            *(k.text for k in problem.known_results),
        ]
    )


async def ask_feedback(
    plan: QueryPlan,
    candidates: Sequence[Candidate],
    problem: ProblemDoc,
    sources: Any,
    report: Any,  # run.BackendReport of OpenAlex: the queries are recorded like any other
    progress: Callable[[str, str], None],
    per_query: int,
    above: Sequence[Candidate] = (),
) -> list[Found]:
    """Send the feedback queries; the records they return, as discovery's hits."""
    queries, _ = feedback_queries(plan, candidates, problem_words(problem), above)
    found: list[Found] = []
    budget = current_budget()
    for n, q in enumerate(queries):
        # Past the first queries, only requests the phases before left unspent are asked with.
        if n >= FEEDBACK_QUERIES and budget is not None and budget.remaining <= 0:
            break
        progress(q.backend, f"feedback query: {q.query}")
        outcome = await sources.search(q.backend, q.query, per_query)
        if isinstance(outcome.error, BudgetSpent):
            progress(q.backend, "feedback query not sent: the request budget is spent")
            break
        plan.queries.append(q)
        report.queries.append(q)
        if outcome.error is not None:
            report.errors.append(str(getattr(outcome.error, "message", outcome.error)))
            continue
        report.answered.append(q)
        if not outcome.records:
            report.empty.append(q)
        report.results += len(outcome.records)
        for rank, r in enumerate(outcome.records):
            ids = r.identifiers
            report.papers.add(ids[0].key if ids else "title:" + normalize_title(r.title))
            found.append(Found(r, Hit(q.backend, q.query, rank)))
        progress(q.backend, f"feedback query: {len(outcome.records)} results")
    return found
