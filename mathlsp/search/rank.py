"""Ranking candidates and drawing the line: what is specific to the problem, weighted by rarity.

Pure. Each of the problem's terms (`QueryPlan.terms`: the user's query, tags, named results, key
objects of the statement and of the Known Results, cited authors) is looked for in a candidate's
title, abstract and quoted theorem statements, as a phrase after `text.core` ("zero density
estimate" is said by "Explicit zero density for …"). A term found in most of what the search
retrieved tells nothing about a paper (it is the field); a term few retrieved papers say is the
problem's own. So each match counts its kind's weight × where it was said (title 1, abstract or
statement 0.6) × its rarity among the retrieved papers (an IDF, 0–1): that sum is the paper's
**evidence**.

A paper is above the line (`admitted`) when PROBLEM.md names it, or when it says something
specific — a phrase of two or more words that is not only a tag, a named result, or the user's
query — its evidence reaches `MIN_EVIDENCE`, it shares two independent features with the problem
(`MIN_FEATURES`: distinct phrases; a cited author few retrieved papers are by, one more) unless
one rare title phrase says enough, it is on the problem's subject (`on_subject`: what the
problem's title says, or a declared aspect in its own title), it says more than the field's name
(`beyond_field`), and it is not `field_only`: when the problem's subject has a phrase few
retrieved papers say, a paper that says none of it and only phrases much of the pool shares is
on the field, not on the problem. A phrase a long abstract first says late is said in passing:
it puts the paper on the subject but is not a feature. A person the statement names opens a
narrower route for a paper that says none of the phrases (`admitted`). A tag alone, a cited
author alone, single shared words, or a TheoremSearch similarity alone never admit a paper; a
cited author adds to the evidence of a paper that already matches the topic. Below the line,
candidates with any match are kept as `below` (shown, never written). Admitted papers are
ordered by evidence, citations breaking near-ties: relevance × (1 + log(citations + 1)).

That is the **lexical rule**. The line itself is drawn by a learned logistic model
(`learned.py`, `decide`) over the lexical rule's verdict and ingredients and the discovery
queries' agreement, within the hard rules (`eligible`); the lexical rule stays its strongest
input, the order, and the Relevance line's explanation (docs/search.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TypeVar

from mathlsp.search.cited_phrases import said_phrases, shared_phrases
from mathlsp.search.dated import DatedCitation, dated_citations, the_cited_work
from mathlsp.search.embedding import embedding_features, problem_text
from mathlsp.search.learned import probability
from mathlsp.search.merge import REFERENCE, Candidate
from mathlsp.search.people import (
    GIVEN,
    NOBODY,
    OBJECT_NOUNS,
    SURNAME,
    best_agreement,
    people_named_so,
)
from mathlsp.search.pool_features import (
    FULL_POOL,
    Item,
    exemplar_groups,
    note_shares,
    pool_features,
)
from mathlsp.search.queries import Term
from mathlsp.search.ranker_trees import TREES
from mathlsp.search.ranker_weights import CUT, WEIGHTS
from mathlsp.search.text import GENERIC, STOPWORDS, contains_phrase, core, has_all, stem, stems

MAX_CANDIDATES = 20
MAX_BELOW = 15  # candidates shown below the line
_BLAND = frozenset(stem(w) for w in GENERIC | STOPWORDS)
#: What any paper of a named object's people may say ("distribution" of every Tracy–Widom
#: paper): no sign that the paper is that object's source.
_OBJECT_WORDS = frozenset(stem(w) for w in OBJECT_NOUNS)
#: What a named result is (its head noun), not whose: "conjecture" is shared by every conjecture.
_HEADS = frozenset(
    stem(w)
    for w in (
        "theorem conjecture problem question hypothesis lemma inequality formula identity "
        "equation equations criterion principle"
    ).split()
)
#: Where a term is said: as a phrase in the title, every word of it in the (short) title
#: ("small gaps between primes" says `prime-gaps`), as a phrase in the abstract or a statement.
#: "passing": first said late in a long abstract (`PASSING_AT`), after the paper's own subject.
#: "surname": an author whose surname alone agrees with a cited person's (`_by`).
PLACE = {"title": 1.0, "title words": 0.7, "text": 0.6, "passing": 0.6, "surname": 1.0}
#: Weight of a match, by the kind of term (a tag is the field, a named result the problem's own).
KIND_WEIGHT = {"query": 3.0, "theorem": 1.5, "keyword": 1.0, "tag": 1.0, "author": 0.0}
AUTHOR_BONUS = 0.4  # a cited author among the paper's authors, once the topic matches
#: A cited surname alone (the note writes no given name, or the record none) among the paper's
#: authors: a haystack holds many Zhangs, so it adds less and is no feature (`cited_strength`).
WEAK_AUTHOR_BONUS = 0.1
#: What a surname-only match is worth to the learned decision's `cited_author` (1: a person
#: the note cites, given names agreeing, or two cited people on the paper).
WEAK_AUTHOR_FEATURE = 0.0
SINGLE_WORD = 0.4  # a one-word term ("chebyshev", "primes") counts for less
MIN_EVIDENCE = 0.8
RARITY_FLOOR = 0.5
RARITY_POWER = 1.0
#: Independent features a paper must share with the problem (distinct phrases, overlapping ones
#: counted once; the cited authors among its authors count as one more), unless one of them is
#: rare in its title or its title says the problem's subject.
MIN_FEATURES = 2
RARE_TITLE = 0.8
REQUIRE_DECLARED = False
SUBJECT_RULE = True
ASPECT_RARITY = 0.45
#: Below this rarity a term is the field (said by roughly a sixth of the retrieved papers or
#: more): said in a title it does not by itself make the paper the problem's.
FIELD_RARITY = 0.3
#: One feature alone admits a paper only when its title says it and (nearly) no other retrieved
#: paper does: in a pool of 40, one other paper saying "lower tail probabilities" is enough to
#: make it the topic of a neighbouring field (Gaussian processes), not this problem's.
RARE_SINGLE = 0.9
#: A phrase nearly every retrieved paper says (the test's 22 of 22) is the field's name even in a
#: cited author's title: "The KPZ equation and its universality class".
AUTHOR_FIELD = 0.1
#: A cited author counts as a feature only when few retrieved papers are theirs (rarity 0.5: at
#: most about √n of n papers, 6 of 40).
AUTHOR_RARE = 0.5
PASSING_AT = 0.4
#: Below this rarity a phrase is one a good part of the retrieved papers share (a quarter of 40,
#: a sixth of 200): a paper saying only such phrases is on the field, not on this problem, when
#: the problem's subject has a phrase of its own (rarity at least `OWN_RARITY`) it does not say.
FIELD_PAIR = 0.35
OWN_RARITY = 0.5
PASSING_MIN_WORDS = 100  # a short abstract has no room to mention things in passing
#: A tag's phrase in a paper's title states the problem's object (`states_object`) when it is
#: not the field (`FIELD_RARITY`) and the problem's title says it too; any other tag (a statement
#: object, a label only the user declared) must be one few retrieved papers say (`OWN_RARITY`).
OBJECT_RARITY = FIELD_RARITY
LABEL_RARITY = OWN_RARITY
#: A paper that says a tag, a named result or the query of the problem is eligible, whatever
#: else the hard rules say of it (a tag however many retrieved papers say it, in the title or
#: the abstract, a single word, a mention in passing), when its words are this close to the
#: whole note (`pool_features.problem_sim`, a cosine over the note's words weighted by their
#: rarity among the papers found, that does not rank the paper against the others;
#: `near_note`). Stop 43 read it only for a tag's whole phrase in the title (on the eleven
#: studied splits' pools, 20 gold and 32 other papers kept out by the tag rule reach it); stop
#: 44 for any tag, named result or query (`NAMED_KINDS`; on the twelve older studied splits, 51
#: gold and 45 other papers kept out reach it, and leave-one-split-out F1 rises from 0.702 to
#: 0.724).
NEAR_NOTE = 0.15
#: … or, whatever its cosine, among the papers of the pool closest to the note
#: (`pool_features.problem_sim_rank`, the cosine's quantile: the closest twentieth; in a pool
#: of fewer than `FULL_POOL` the lexical rule draws the line and this is not read). A short note
#: (the blind splits' notes run 75 to 255 words) shares few of its rare words with any paper,
#: so its closest papers can stay under `NEAR_NOTE`. Stop 45: on the fourteen studied splits'
#: pools it lets 14 gold, 27 borderline and 77 other papers be weighed by the model;
#: leave-one-split-out F1 0.697 -> 0.699 (docs/search.md, "The papers closest to a short note").
NEAR_NOTE_RANK = 0.95
#: The phrases `near_note` reads: a tag, a named result, the user's query. A statement's key
#: object may be prose ("Schoenfeld gave"), which the Relevance line never gives as a reason.
NAMED_KINDS = frozenset({"tag", "theorem", "query"})
#: Whether the learned model (`learned.py`, trained on the judged benchmark pools) draws the
#: line instead of the lexical rule (`admitted`), within the hard rules (`eligible`).
LEARNED = True
#: Down the list the model's probability must rise (stop 56): the first `FREE_PLACES` papers it
#: admits need the cut, each one after them `CUT_STEP` more than the one before. At the same
#: probability a paper sixth or later was gold less often than one in the first five (in sample,
#: 0.34 against 0.53 at 0.3), and a same-field pool fills a list with papers just over the cut.
#: The cut is chosen without it. Leave-one-split-out over the studied splits: F1 0.693 -> 0.696,
#: precision 0.78 -> 0.81, false papers 391 -> 338 (docs/search.md, stop 56).
FREE_PLACES = 5
CUT_STEP = 0.01

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Match:
    """One term said by a paper: where, and how rare it is among the retrieved papers."""

    term: Term
    place: str  # "title" | "text"
    rarity: float  # 0–1
    # How many of how many retrieved papers say it: what the Relevance line tells the reader.
    said_by: int = 0
    pool: int = 0

    @property
    def specific(self) -> bool:
        """What can admit a paper: a phrase that is not only a tag, a named result, the query."""
        t = self.term
        if t.kind in ("query", "theorem"):
            return True
        if len(core(t.stems)) < 2:
            return False
        # A tag is the field's label: specific when the problem says it too, or when it is
        # what the paper's title is about.
        return t.kind == "keyword" or t.echoed or self.place.startswith("title")

    @property
    def value(self) -> float:
        t = self.term
        weight = KIND_WEIGHT.get(t.kind, 1.0) * (SINGLE_WORD if len(core(t.stems)) < 2 else 1.0)
        # The problem's core object is said by most of what its queries retrieve: rarity
        # sharpens the weight, it does not erase it.
        rare = RARITY_FLOOR + (1 - RARITY_FLOOR) * self.rarity**RARITY_POWER
        return weight * PLACE[self.place] * rare


@lru_cache(maxsize=4096)
def _stems_of(text: str) -> tuple[str, ...]:
    """`stems`, once per text: ranking asks each candidate about every term (9k `said` calls on
    a 140-paper pool), and re-stemming its title and abstract each time was most of its CPU.
    Emptied after each ranking (`rank_candidates`): a server runs many searches, and a pool's
    stemmed abstracts are megabytes."""
    return tuple(stems(text))


def _parts(candidate: Candidate) -> tuple[tuple[str, ...], tuple[str, ...]]:
    title = _stems_of(candidate.title)
    text = _stems_of(
        " ".join([candidate.abstract or "", *(f"{t.name} {t.body}" for t in candidate.theorems)])
    )
    return title, text


def said(candidate: Candidate, term: Term) -> str | None:
    """Where the paper says `term`: "title", "text" (abstract or a quoted statement) or None."""
    if term.kind == "author":
        return _by(candidate, term)
    title, text = _parts(candidate)
    needles = [n for n in (core(term.stems), core(term.alias_stems)) if n]
    if any(contains_phrase(title, n) for n in needles):
        return "title"
    if any(len(n) > 1 and has_all(title, n) for n in needles):
        return "title words"
    if any(contains_phrase(text, n) for n in needles):
        if _in_passing(candidate, needles):
            return "passing"
        return "text"
    return None


def _by(candidate: Candidate, term: Term) -> str | None:
    """Whether the paper is by the person `term` names: "title" when surname and the given
    names the note writes agree, "surname" when only the surname can be compared
    (`search/people.py`), None when none of its authors is that person."""
    authors = [a for r in candidate.records for a in r.authors]
    best = best_agreement(term.text, term.given, authors)
    return "title" if best == GIVEN else "surname" if best == SURNAME else None


def cited_strength(found: Sequence[Match]) -> int:
    """How surely the paper is by people the problem cites: `GIVEN` when one agrees in given
    names too, or two cited people wrote it (Kermack and McKendrick, cited by surname); `SURNAME`
    when one cited surname alone is among its authors; `NOBODY`."""
    by = [m for m in found if m.term.kind == "author"]
    # "van Geemen" and "Geemen", read from two places of the note, are one person.
    people = {m.term.text.replace("-", " ").split()[-1] for m in by}
    if any(m.place == "title" for m in by) or len(people) >= 2:
        return GIVEN
    return SURNAME if by else NOBODY


def _first_at(haystack: Sequence[str], needle: Sequence[str]) -> int | None:
    n = len(needle)
    for i in range(len(haystack) - n + 1):
        if list(haystack[i : i + n]) == list(needle):
            return i
    return None


def _in_passing(candidate: Candidate, needles: Sequence[Sequence[str]]) -> bool:
    """Whether a long abstract first says the phrase only after `PASSING_AT` of its words: an
    abstract states its subject first, and what it names late is context or an application
    ("… we also recover identities for the third-order mock theta functions")."""
    abstract = _stems_of(candidate.abstract or "")
    if len(abstract) < PASSING_MIN_WORDS:
        return False
    statements = _stems_of(" ".join(f"{t.name} {t.body}" for t in candidate.theorems))
    if any(contains_phrase(statements, n) for n in needles):
        return False
    at = [i for n in needles if (i := _first_at(abstract, n)) is not None]
    return bool(at) and min(at) > PASSING_AT * len(abstract)


MIN_POOL = 20  # fewer retrieved papers than this say little about a field


def rarity(df: int, n: int) -> float:
    """IDF of a term said by `df` of `n` retrieved papers, scaled to 0–1 (1: said by one); a
    small pool counts as `MIN_POOL` papers."""
    n = max(n, MIN_POOL)
    if df <= 0:
        return 1.0
    return max(0.0, min(1.0, math.log((n + 1) / df) / math.log(n + 1)))


def matches(
    candidate: Candidate, terms: Sequence[Term], rarities: dict[Term, float]
) -> list[Match]:
    out = []
    for t in terms:
        place = said(candidate, t)
        if place is not None:
            out.append(Match(t, place, rarities.get(t, 1.0)))
    if cited_strength(out) == GIVEN:
        # Two cited people on one paper (Kermack and McKendrick) are surely theirs, though the
        # note gives neither's initials: each is then as sure as a name agreeing in full.
        out = [replace(m, place="title") if m.place == "surname" else m for m in out]
    return out


def concepts(found: Sequence[Match]) -> list[Match]:
    """The matches that say different things: a term whose words overlap a stronger match's
    ("landau siegel" under "landau siegel zeros") is the same thing said again."""
    out: list[Match] = []
    for m in sorted((m for m in found if m.term.kind != "author"), key=lambda m: -m.value):
        mine = set(core(m.term.stems)) - _BLAND
        if not any(mine & (set(core(o.term.stems)) - _BLAND) for o in out):
            out.append(m)
    return out


def evidence(found: Sequence[Match]) -> float:
    topical = [m for m in found if m.term.kind != "author"]
    value = sum(m.value for m in topical)
    if topical:
        by = cited_strength(found)
        value += AUTHOR_BONUS if by == GIVEN else WEAK_AUTHOR_BONUS if by == SURNAME else 0.0
    return value


def admitted(
    candidate: Candidate, found: Sequence[Match], value: float, terms: Sequence[Term] = ()
) -> bool:
    """Named in PROBLEM.md; or a specific match and evidence at least `MIN_EVIDENCE`; or by an
    author the problem cites or names, with a word of the problem's topic in its title (the
    classic "A contribution to the mathematical theory of epidemics" by the Kermack and
    McKendrick of "the Kermack–McKendrick model")."""
    if candidate.problem_reference is not None:
        return True
    # A phrase said in passing shows the paper knows the problem's words, not that it shares
    # the problem's features: it counts for the subject, not as a feature.
    everything = found
    found = [m for m in found if m.place != "passing"]
    distinct = concepts(found)
    # A cited author who wrote much of what the search retrieved is the field's, not a feature
    # the paper shares with this problem: Flandoli wrote a good part of a pool on ergodicity of
    # the stochastic Navier–Stokes equations, and his papers on their other questions came in on
    # "stochastic Navier–Stokes" and his name alone.
    authored = _authored(found)
    enough = len(distinct) + authored >= MIN_FEATURES or any(
        m.specific
        and m.place.startswith("title")
        and (m.rarity >= RARE_SINGLE or (m.term.subject and m.rarity >= FIELD_RARITY))
        for m in distinct
    )
    # The tags are what the user declared the problem to be about: a paper that says none of
    # them (nor a named result, nor the query) is about something else that shares its words.
    declared = not REQUIRE_DECLARED or any(
        m.term.kind in ("tag", "query", "theorem") for m in found
    )
    if (
        any(m.specific for m in found)
        and value >= MIN_EVIDENCE
        and enough
        and declared
        and on_subject(everything, title_only=not candidate.abstract, eponyms=subject_words(terms))
        and beyond_field(found, authored=authored)
    ):
        return True
    # A paper that says the topic's phrases was judged on them above; the author route is for
    # the classic whose title says the subject in its own words.
    topical = any(m.term.kind != "author" for m in everything)
    return not topical and author_route(found, candidate, terms)


def _authored(found: Sequence[Match]) -> bool:
    """A cited author is a feature the paper shares with the problem: surely theirs
    (`cited_strength`), and few retrieved papers are theirs."""
    by = [m for m in found if m.term.kind == "author"]
    return cited_strength(by) == GIVEN and any(m.rarity >= AUTHOR_RARE for m in by)


def author_route(found: Sequence[Match], candidate: Candidate, terms: Sequence[Term]) -> bool:
    """The classic an object is named after, found by its people: *A contribution to the
    mathematical theory of epidemics* for "the Kermack–McKendrick model". Only people the
    statement names (a Known Result's citations name prolific authors of the whole field), surely
    theirs (`cited_strength`: the given names agree, or two of them wrote it), and a title that
    says the problem's subject: most of one of its phrases in other words ("porous medium" of
    "porous medium flow", two telling words of one phrase), or, for people whose work no Known
    Result or Reference lists (so nothing else looks it up), one telling word of it that is not
    what any paper of theirs may say ("distribution", "model"). Tracy and Widom's papers on ASEP
    (*Asymptotics in ASEP with step initial condition*) say one word of a Tracy–Widom problem,
    and the problem lists their work: they stay below the line."""
    by = [m for m in found if m.term.kind == "author" and m.term.echoed]
    if cited_strength(by) != GIVEN:
        return False
    if _phrase_words(candidate, terms) >= 2:
        return True
    unlisted = [m for m in by if not m.term.cited]
    return cited_strength(unlisted) == GIVEN and bool(topic_words(candidate, terms) - _OBJECT_WORDS)


def _phrase_words(candidate: Candidate, terms: Sequence[Term]) -> int:
    """The most telling words of one of the problem's phrases (its title's, its tags) that the
    paper's title says: "porous medium" of "porous medium flow"."""
    title = set(stems(candidate.title))
    return max(
        (
            len(
                {w for w in core(t.stems) if w not in _BLAND and len(w) > 3} & title - _OBJECT_WORDS
            )
            for t in terms
            if t.kind != "author" and len(t.stems) > 1 and (t.subject or t.kind == "tag")
        ),
        default=0,
    )


def subject_words(terms: Sequence[Term]) -> frozenset[str]:
    """The telling words (stems) of what the problem's title says: "lehmer", "mahler" of
    "Lehmer's problem on the smallest Mahler measure"."""
    return frozenset(
        w
        for t in terms
        if t.subject and t.kind != "author"
        for w in core(t.stems)
        if w not in _BLAND and w not in _HEADS and len(w) > 3
    )


def on_subject(
    found: Sequence[Match], title_only: bool = False, eponyms: frozenset[str] = frozenset()
) -> bool:
    """Whether the paper is about the problem, not only about its surroundings: it says what the
    problem's title says, or its own title says one of the problem's declared aspects (a tag or
    the user's query), or a phrase of the problem few retrieved papers say. A statement's context
    objects ("symmetric group", "Bruhat order") said by a paper of the same field do not make it
    a paper on the problem; nor does a rare phrase in the title of a paper whose abstract says
    none of the problem's declared words (a Rademacher-type formula for overpartitions is not
    about mock theta functions). A record without an abstract is judged on its title alone. A
    named result in its title that shares a word with the problem's title (`eponyms`) is the
    problem's own: "A p-adic criterion for Lehmer's conjecture" for "Lehmer's problem"; the
    p-adic Gross–Zagier theorem beside Landau–Siegel zeros is not."""
    if not SUBJECT_RULE:
        return True
    declared = title_only or any(
        m.term.subject or (m.term.kind in ("tag", "query") and len(core(m.term.stems)) > 1)
        for m in found
    )
    return any(
        m.term.subject
        or (
            m.place.startswith("title")
            and m.term.kind == "theorem"
            and bool(set(core(m.term.stems)) & eponyms)
        )
        or (
            m.place.startswith("title")
            and (
                m.term.kind == "query"
                # A tag most retrieved papers say is the field's label ("Coxeter groups").
                or (m.term.kind == "tag" and m.rarity >= ASPECT_RARITY)
                or (m.rarity >= RARE_TITLE and declared)
            )
        )
        for m in found
    )


def beyond_field(found: Sequence[Match], authored: bool = False) -> bool:
    """Whether the paper says more than the field's name: a match most retrieved papers do not
    share (rarity at least `ASPECT_RARITY`), or two different things, or a specific phrase in
    its title by an author the problem cites (the specialists' own papers on the object: "Ergodic
    properties of highly degenerate 2D stochastic Navier–Stokes equations" by Hairer and
    Mattingly)."""
    # One-word terms ("partitions") are too loose to be a second thing said.
    distinct = [m for m in concepts(found) if len(core(m.term.stems)) > 1]
    if authored and any(
        m.specific and m.place.startswith("title") and m.rarity >= AUTHOR_FIELD for m in distinct
    ):
        return True
    return len(distinct) >= 2 or any(
        m.rarity >= ASPECT_RARITY for m in found if m.term.kind != "author"
    )


def own_phrases(terms: Sequence[Term], rarities: dict[Term, float]) -> list[Term]:
    """The phrases of the problem's subject (what its title says) that few retrieved papers say:
    "p-adic Littlewood" of "Partial quotients and the p-adic Littlewood conjecture", where
    "partial quotients" is said by a good part of the pool."""
    return [
        t
        for t in terms
        if t.subject
        and t.kind != "author"
        and len(core(t.stems)) > 1
        and t in rarities
        and rarities[t] >= OWN_RARITY
    ]


def field_only(found: Sequence[Match], own: Sequence[Term]) -> bool:
    """Whether a paper says only what much of the field says, while the problem has a phrase of
    its own (`own_phrases`) that the paper does not say: *Continued fractions with large prime
    partial quotients* beside a problem on the p-adic Littlewood conjecture, *Selmer groups of
    families of elliptic curves* beside one on fine Selmer groups. Without such a phrase the pool
    is the problem's own (every paper on mock theta functions says "mock theta functions"), and
    the rule says nothing. A paper by an author the problem cites is the specialists' own."""
    if not own or any(m.term in own for m in found):
        return False
    if cited_strength(found) == GIVEN:
        return False
    topical = [m for m in found if m.term.kind != "author" and m.place != "passing"]
    return all(m.rarity < FIELD_PAIR for m in topical)


def topic_words(candidate: Candidate, terms: Sequence[Term]) -> set[str]:
    """Telling words (not "graphs", "number") of the problem's phrases that the title says."""
    title = set(stems(candidate.title))
    wanted = {
        w
        for t in terms
        if t.kind != "author" and len(t.stems) > 1 and (t.subject or t.kind == "tag")
        for w in core(t.stems)
        if w not in _BLAND and len(w) > 3
    }
    return title & wanted


def route_words(candidate: Candidate, terms: Sequence[Term]) -> set[str]:
    """The words of the problem's subject the author route reads in the title (`author_route`):
    `topic_words` but the object nouns any paper of the field says. What the Relevance line of a
    paper let in by that route names, so that it never reads as "an author alone"."""
    return topic_words(candidate, terms) - _OBJECT_WORDS


def match_terms(
    candidate: Candidate, terms: Sequence[Term]
) -> tuple[float, list[Term], list[Term]]:
    """(weighted share of the terms said, terms said as phrases, terms whose words are all
    there but apart)."""
    title, text = _parts(candidate)
    total = sum(t.weight for t in terms)
    got = 0.0
    matched: list[Term] = []
    partly: list[Term] = []
    for term in terms:
        place = said(candidate, term)
        if place is not None:
            got += term.weight * PLACE[place]
            matched.append(term)
        elif term.kind != "author" and len(term.stems) > 1 and has_all(title + text, term.stems):
            partly.append(term)
    return (got / total if total else 0.0), matched, partly


def relevance(candidate: Candidate, terms: Sequence[Term]) -> tuple[float, list[Term], list[Term]]:
    """(relevance 0–1, terms said, terms partly there), rarities unknown (every term rare)."""
    found = matches(candidate, terms, {})
    _, matched, partly = match_terms(candidate, terms)
    value = 1.0 if candidate.problem_reference is not None else 1 - math.exp(-evidence(found))
    return round(value, 4), matched, partly


def score(relevance_: float, citations: int | None) -> float:
    """Relevance × (1 + log(citations + 1)): citations order papers of like relevance; a paper
    nobody has counted citations for is not sunk to zero."""
    return relevance_ * (1 + math.log((citations or 0) + 1))


def rank_candidates(
    candidates: Sequence[Candidate],
    terms: Sequence[Term],
    limit: int = MAX_CANDIDATES,
    problem: str = "",
) -> tuple[list[Candidate], list[Candidate]]:
    """(kept, dropped): evidence, matched terms and score set on each; kept = above the line,
    best first, capped at `limit` (PROBLEM.md references always kept); dropped = the rest, best
    first (those with some match are the "below the line" candidates). `problem`: PROBLEM.md's
    text, which the embedding features read (without it, the problem's phrases stand for it)."""
    try:
        return _ranked(candidates, terms, limit, problem)
    finally:
        _stems_of.cache_clear()


@dataclass(slots=True)
class Assessed:
    """One candidate as the ranking sees it: its matches, evidence, the lexical verdict, and
    the features the learned decision reads (`learned.FEATURES`)."""

    candidate: Candidate
    found: list[Match]
    value: float
    lexical: bool
    eligible: bool
    features: dict[str, float]
    #: Admitted by the lexical rule's author route (`admitted`): by a person the statement
    #: names, saying none of the problem's phrases; the model weighs it (stop 46).
    named_author: bool = False


def assess(
    candidates: Sequence[Candidate], terms: Sequence[Term], problem: str = ""
) -> list[Assessed]:
    """Every candidate's matches with their rarities among `candidates`, its evidence, whether
    the lexical rule admits it, and its features; sets evidence, matches and score on each."""
    n = len(candidates)
    said_by: dict[Term, int] = {}
    found_by: dict[int, list[Match]] = {}
    for c in candidates:
        found = matches(c, terms, {})
        found_by[id(c)] = found
        for m in found:
            said_by[m.term] = said_by.get(m.term, 0) + 1
    rarities = {t: rarity(df, n) for t, df in said_by.items()}
    # A surname the note writes alone names the person when the retrieved papers know only one
    # of that name (J. Zapletal); among Yitang, Tianping and Huimin Zhang it names no one.
    single = _single_people(candidates, [m.term for f in found_by.values() for m in f])
    own = own_phrases(terms, rarities)
    eponyms = subject_words(terms)
    text = problem_text(problem)
    cites = dated_citations(text)
    cited_as = {id(c): _cited_work(c, cites) for c in candidates}
    own_works = {id(c): who for c in candidates if (who := _how_cited(c, cited_as[id(c)]))}
    # The field's name for the object, as the works the note cites title it (the note's front
    # matter read too: a tag is not a name the note does not use).
    shared = shared_phrases(
        ((c.title, own_works[id(c)]) for c in candidates if id(c) in own_works), problem
    )
    out: list[Assessed] = []
    for c in candidates:
        found = [
            Match(
                m.term,
                "title" if m.place == "surname" and m.term in single else m.place,
                rarities.get(m.term, 1.0),
                said_by.get(m.term, 0),
                n,
            )
            for m in found_by[id(c)]
        ]
        value = evidence(found)
        c.evidence = round(value, 4)
        c.share, c.matched, c.partly = match_terms(c, terms)
        c.found = found
        c.relevance = 1.0 if c.problem_reference is not None else round(1 - math.exp(-value), 4)
        c.score = score(c.relevance, c.citation_count)
        lexical = admitted(c, found, value, terms) and (
            c.problem_reference is not None or not field_only(found, own)
        )
        cited = cited_as[id(c)]
        c.cited_as = cited or ""
        c.cited_phrases = said_phrases(c.title, shared, own_works.get(id(c)))
        x = _features(c, found, value, lexical, own, eponyms)
        named_author = lexical and not any(m.term.kind != "author" for m in found)
        # The paper the note cites by name is the problem's own, as a References item is; the
        # model still weighs it (its words may be another subject's: the same people's other
        # paper that year). So is one whose title says the object's name as two or more of the
        # cited works title it (`cited_phrases`).
        allowed = eligible(c, found, lexical) or cited is not None or bool(c.cited_phrases)
        out.append(Assessed(c, found, value, lexical, allowed, x, named_author))
    best = max((a.value for a in out if a.candidate.problem_reference is None), default=0.0)
    for a in out:
        a.features["evidence_share"] = a.value / best if best > 0 else 0.0
    items = [_item(a) for a in out]
    about = text or ". ".join(t.text for t in terms if t.kind != "author")
    # Without the note's text the similarity is to the terms themselves: a tag alone.
    noted = bool(text.strip())
    note = content_words(about)
    only_near: list[int] = []
    for i, (a, x) in enumerate(zip(out, pool_features(items, note), strict=True)):
        a.features.update(x)
        close = x.get("problem_sim", 0.0), x.get("problem_sim_rank", 0.0)
        if not a.eligible and noted and near_note(a.found, *close):
            a.eligible = True
            only_near.append(i)
    # What the Relevance line of a paper let in only for its nearness names (`write.py`).
    shares = note_shares(items, note, only_near)
    for i, a in enumerate(out):
        a.candidate.near_words = shares.get(i, [])
    # Only where the model draws the line (`_ranked`): a small pool's is the lexical rule's, and
    # it need not load the embedding at all. Empty when the embedding is unavailable.
    if len(out) >= FULL_POOL:
        texts = [f"{a.candidate.title}. {a.candidate.abstract or ''}" for a in out]
        groups = exemplar_groups(items)
        for a, x in zip(out, embedding_features(about, texts, groups), strict=False):
            a.features.update(x)
    return out


def _how_cited(c: Candidate, byline: str | None) -> str | None:
    """How the note cites one of its own works, for a Relevance line: its byline ("Cheskidov
    (2008)"), where it names it ("Known Result 2"), or, for one its References give by an
    identifier (the whole line is the hit's query), the title's first words; None for any other
    paper."""
    if c.problem_reference is None:
        return byline
    if named := c.named_in:
        return named[0]
    head = c.title.split()
    return "*" + " ".join(head[:6]) + (" …" if len(head) > 6 else "") + "*"


def _cited_work(c: Candidate, cites: Sequence[DatedCitation]) -> str | None:
    """The byline that names this paper, by any source's record of it."""
    if not cites or c.problem_reference is not None:
        return None
    for r in c.records:
        cited = the_cited_work(cites, r.authors, r.year)
        if cited is not None:
            return cited
    return None


def _single_people(candidates: Sequence[Candidate], said: Sequence[Term]) -> set[Term]:
    """The cited surnames matched without given names whose retrieved authors are one person
    (`people.people_named_so`)."""
    terms = {t for t in said if t.kind == "author" and not t.given}
    if not terms:
        return set()
    authors = {a for c in candidates for r in c.records for a in r.authors}
    return {t for t in terms if people_named_so(t.text, authors) <= 1}


def content_words(text: str) -> tuple[str, ...]:
    """The stems `pool_features` compares: no stopword, no generic word, none of two letters."""
    return tuple(w for w in _stems_of(text) if w not in _BLAND and len(w) > 2)


def _item(a: Assessed) -> Item:
    c = a.candidate
    title, text = _parts(c)
    return Item(
        words=tuple(w for w in (*title, *text) if w not in _BLAND and len(w) > 2),
        evidence=a.value,
        reference=c.problem_reference is not None,
        lexical=a.lexical,
        queries=frozenset((h.backend, h.query) for h in c.hits if h.backend != REFERENCE),
        said=frozenset(m.term.text for m in a.found if m.term.kind != "author"),
    )


def eligible(
    candidate: Candidate, found: Sequence[Match], lexical: bool, objects: bool = True
) -> bool:
    """What the learned decision may admit: the hard rules, kept on top of the model. A paper
    PROBLEM.md names, or one the lexical rule admits, or one that says a specific phrase of the
    problem (not in passing) beyond a tag, or whose title states the problem's object
    (`states_object`): a tag, a cited author or a TheoremSearch similarity alone never admits a
    paper. (`objects=False`: without the title statements, the rule before stop 40.) `assess`
    also admits a paper saying a tag, a named result or the query whose words are close to the
    whole note (`near_note`; stop 43 a tag in the title, stop 44 anywhere), once the pool's
    similarities are known, the work the note cites by people and year, and a paper whose title
    says the object's name as two or more of those works title it (`cited_phrases`, stop 55)."""
    if candidate.problem_reference is not None or lexical:
        return True
    said_ = [m for m in found if m.place != "passing" and m.term.kind != "author"]
    if not any(m.specific for m in said_):
        return False
    return any(m.term.kind != "tag" or (objects and states_object(m)) for m in said_)


def states_object(m: Match) -> bool:
    """Whether a tag's match is the paper's title stating the problem's object, not the field's
    label: the tag's whole phrase (two words or more) in the title, and not what most retrieved
    papers say — rarer still when the problem's title does not say it. *Average rank of
    elliptic curves over function fields* states a problem on average ranks; *Character sums
    over …* beside a pool where a third of the papers say "character sums" names the field."""
    if m.term.kind != "tag" or m.place != "title" or len(core(m.term.stems)) < 2:
        return False
    return m.rarity >= (OBJECT_RARITY if m.term.subject else LABEL_RARITY)


def near_note(found: Sequence[Match], problem_sim: float, problem_sim_rank: float = 0.0) -> bool:
    """Whether a paper that says a phrase of the problem the hard rules alone would not let
    through (a tag much of the pool says, a tag in its abstract, a single word, a phrase only in
    passing) is still the problem's: when its words are close to the whole of PROBLEM.md
    (`problem_sim` at least `NEAR_NOTE`). The queries fill the pool with the problem's own
    object, so its pool rarity makes it look like the field's label, and a note that describes
    its problem without naming it ("Ordering a set of residues so that all partial sums
    differ") leaves the papers that name it (*On Graham's rearrangement conjecture*) only its
    tags to say; the phrase and the note's other rare words together are not "a tag alone".
    The phrase is one the Relevance line always names (`NAMED_KINDS`): a statement's phrase
    may be prose, never a reason (`write.relevance_text`). An author alone, or a similarity
    without any of those phrases, never is. Close is `problem_sim` at least `NEAR_NOTE`, or
    among the pool's closest (`problem_sim_rank` at least `NEAR_NOTE_RANK`, stop 45): a short
    note shares few words with any paper, and its closest papers stay under the absolute bar."""
    close = problem_sim >= NEAR_NOTE or problem_sim_rank >= NEAR_NOTE_RANK
    return close and any(m.term.kind in NAMED_KINDS for m in found)


def _features(
    c: Candidate,
    found: Sequence[Match],
    value: float,
    lexical: bool,
    own: Sequence[Term],
    eponyms: frozenset[str],
) -> dict[str, float]:
    topical = [m for m in found if m.term.kind != "author"]
    said_ = [m for m in topical if m.place != "passing"]
    titled = [m for m in said_ if m.place.startswith("title")]
    authored = _authored(found)
    by = cited_strength(found)
    hits = [h for h in c.hits if h.backend != REFERENCE]
    queries = {(h.backend, h.query) for h in hits}
    top5 = {(h.backend, h.query) for h in hits if h.rank < 5}
    backends = {h.backend for h in hits}
    return {
        "lexical": float(lexical),
        "evidence": math.log1p(value),
        "evidence_share": 0.0,  # set once the pool's best is known (`assess`)
        "concepts": min(len(concepts(said_)), 4) / 4,
        "max_rarity": max((m.rarity for m in said_), default=0.0),
        "title_rarity": max((m.rarity for m in titled), default=0.0),
        "subject": float(any(m.term.subject for m in said_)),
        "subject_title": float(any(m.term.subject for m in titled)),
        "own_said": float(any(m.term in own for m in said_)),
        "own_missing": float(bool(own) and not any(m.term in own for m in found)),
        "field_only": float(field_only(found, own)),
        "on_subject": float(on_subject(found, title_only=not c.abstract, eponyms=eponyms)),
        "beyond_field": float(beyond_field(said_, authored=authored)),
        "title_only": float(not c.abstract),
        "cited_author": 1.0 if by == GIVEN else WEAK_AUTHOR_FEATURE if by == SURNAME else 0.0,
        "author_crowd": author_crowd(found),
        "named_result": float(any(m.term.kind == "theorem" for m in said_)),
        "queries": math.log1p(len(queries)),
        "backends": len(backends) / 5,
        "top5": math.log1p(len(top5)),
        "best_rank": 1 / (1 + min((h.rank for h in hits), default=99)),
        "theoremsearch_only": float(bool(backends) and backends == {"theoremsearch"}),
        "cited_work": float(bool(c.cited_as)),
        "cited_phrase": float(bool(c.cited_phrases)),
        "states_object": max((m.rarity for m in said_ if states_object(m)), default=0.0),
        "tag_title": max(
            (m.rarity for m in titled if m.term.kind == "tag" and m.place == "title"), default=0.0
        ),
    }


#: Papers of one cited person among the retrieved at which `author_crowd` is 1.
CROWD = 32


def author_crowd(found: Sequence[Match]) -> float:
    """How many of the retrieved papers its cited people wrote, of the one who wrote fewest (a
    log share of `CROWD`; 0 when no cited person wrote it). A person the note cites who wrote
    twenty of the papers found (Bourgain on a dispersive problem) tells less of each than one
    who wrote two: among the studied pools, papers by a cited person with 8 or more of the
    pool were gold 0.35 of the time, with 2 to 7 0.55."""
    counts = [m.said_by for m in found if m.term.kind == "author" and m.said_by > 0]
    if not counts:
        return 0.0
    return min(1.0, math.log1p(min(counts)) / math.log1p(CROWD))


def decide(a: Assessed, learned: bool = True, odds: float | None = None) -> bool:
    """Above the line: PROBLEM.md names it; or, with `LEARNED` (and `learned`), the hard rules
    allow it (`eligible`) and the learned model's probability reaches its cut; else the lexical
    rule. The lexical rule's author route (a person the statement names, a word of the subject
    in the title) makes a paper eligible and the model weighs it like any other (stop 46:
    unweighed, the route wrote 24 false papers, 5 borderline and 9 gold over the fifteen studied
    splits, and the model writes 8 of those 9 gold itself)."""
    if a.candidate.problem_reference is not None:
        return True
    if not (LEARNED and learned):
        return a.lexical
    p = probability(a.features, WEIGHTS, TREES) if odds is None else odds
    return a.eligible and p >= CUT


def needed(place: int, cut: float | None = None) -> float:
    """The probability the model's `place`-th admitted paper (0 its likeliest, PROBLEM.md's own
    works not counted) must reach; `cut`: the shipped one unless given."""
    return (CUT if cut is None else cut) + CUT_STEP * max(0, place - FREE_PLACES)


def held_to_rise(
    admitted: Iterable[_T],
    odds: Callable[[_T], float],
    title: Callable[[_T], str],
    cut: float | None = None,
) -> list[_T]:
    """Of the papers the model admitted (candidates, or `train_ranker`'s rows), likeliest first
    and ties by title, those that reach `needed` at their place among them."""
    ranked = sorted(admitted, key=lambda x: (-odds(x), title(x).lower()))
    return [x for i, x in enumerate(ranked) if odds(x) >= needed(i, cut)]


def down_the_list(
    above: Sequence[Candidate], odds: Mapping[int, float], cut: float | None = None
) -> tuple[list[Candidate], list[Candidate]]:
    """(kept, set below the line): the papers the model admitted held to the rise
    (`held_to_rise`); PROBLEM.md's own works are neither held to it nor counted in it."""
    found = [c for c in above if c.problem_reference is None]
    kept = {id(c) for c in held_to_rise(found, lambda c: odds[id(c)], lambda c: c.title, cut)}
    return [c for c in above if id(c) in kept or c.problem_reference is not None], [
        c for c in found if id(c) not in kept
    ]


def _ranked(
    candidates: Sequence[Candidate], terms: Sequence[Term], limit: int, problem: str
) -> tuple[list[Candidate], list[Candidate]]:
    above: list[Candidate] = []
    rest: list[Candidate] = []
    assessed = assess(candidates, terms, problem)
    # The model reads each paper against its pool (quantiles, exemplars) and was trained on
    # pools of 70 to 300 candidates; a pool of a handful says little of where a paper stands,
    # and there the lexical rule draws the line.
    learned = len(assessed) >= FULL_POOL and all("problem_emb" in a.features for a in assessed)
    # The model's probability draws the line and, since stop 52, orders both sides of it: best
    # first (leave-one-split-out P@5 0.85 -> 0.88; under the cap the likelier papers are kept).
    odds = (
        {id(a.candidate): probability(a.features, WEIGHTS, TREES) for a in assessed}
        if LEARNED and learned
        else None
    )
    for a in assessed:
        p = None if odds is None else odds[id(a.candidate)]
        (above if decide(a, learned, p) else rest).append(a.candidate)
    if odds is not None:
        above, low = down_the_list(above, odds)
        rest += low
    if LEARNED and learned and (lone := _lone_strongest(assessed, above)) is not None:
        above.append(lone)
        rest = [c for c in rest if c is not lone]

    def order(c: Candidate) -> tuple[float, float, str]:
        if odds is None:
            return _order(c)
        return (-(1.0 if c.problem_reference is not None else odds[id(c)]), 0.0, c.title.lower())

    above.sort(key=order)
    rest.sort(key=order)
    # The work an object is named after (the author route) is kept as PROBLEM.md's own works
    # are: its relevance is low by construction (none of the problem's phrases), so under the
    # cap a full list of the field's papers would push it out.
    named = {id(a.candidate) for a in assessed if a.named_author}
    refs = [c for c in above if c.problem_reference is not None or id(c) in named]
    room = max(0, limit - len(refs))
    others = [c for c in above if c.problem_reference is None and id(c) not in named]
    kept = sorted(refs + others[:room], key=order)
    return kept, sorted(others[room:] + rest, key=order)


def _order(c: Candidate) -> tuple[float, float, str]:
    """Best first: score, then relevance, then title (deterministic)."""
    return (-c.score, -c.relevance, c.title.lower())


def _lone_strongest(assessed: Sequence[Assessed], above: Sequence[Candidate]) -> Candidate | None:
    """The strongest paper the lexical rule admits, when the model kept none of those.

    The model reads each paper against its pool (`pool_features`), so the one paper on the
    problem among a pool of its field's reads as the outlier and falls below the cut — and the
    field's papers that mention the problem's named results, being one another's exemplars, may
    rise above it (stop 41's model, on a synthetic pool of twenty *Heights on curve …*). A list
    follows the evidence: what is specific to the problem, said by a paper the hard rules allow,
    is not left out for want of company. (On the 115 judged pools the model keeps none of the
    lexically admitted papers only where it keeps nothing at all.)"""
    kept = {id(c) for c in above}
    if any(
        a.lexical
        and id(a.candidate) in kept
        and a.candidate.problem_reference is None
        and not a.named_author
        for a in assessed
    ):
        return None
    admitted = [
        a.candidate
        for a in assessed
        if a.lexical and a.eligible and not a.named_author and id(a.candidate) not in kept
    ]
    if not admitted:
        return None
    return min(admitted, key=_order)


def below_the_line(dropped: Sequence[Candidate], limit: int = MAX_BELOW) -> list[Candidate]:
    """The set-aside candidates worth showing: those that say at least one of the problem's
    topical terms, or are surely by a person the statement names (their papers on other
    subjects: shown, never confirmed), best first."""
    return [
        c
        for c in dropped
        if any(m.term.kind != "author" for m in c.found)
        or cited_strength([m for m in c.found if m.term.kind == "author" and m.term.echoed])
        == GIVEN
    ][:limit]
