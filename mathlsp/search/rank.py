"""Ranking candidates: relevance × log(citations + 1), ties by relevance. Pure.

Relevance (0–1) is measured against the problem's own terms (`QueryPlan.terms`): a term found as a
phrase in the title counts fully, in the abstract or a quoted theorem 0.7, its words scattered
0.4, half of its words (author names included, generic words like "graphs" not) 0.2; cited
authors count when they are among the paper's authors. Weights: the user's query 3,
tags 2, named results 1.5, key phrases of the statement 1, of the Known Results 0.75. The best
position a backend gave the paper and TheoremSearch's similarity add a little. A paper listed in
PROBLEM.md References is relevant by definition. The cut-off (`keep`): a paper must match a
telling term (a phrase, a named result, a cited author, the user's query) or a fifth of the
weighted terms, or half-match terms through two different telling words; single shared words
("primes", "finite") are not enough, however similar
TheoremSearch found one of its theorems. The rest are capped (10–20 per search).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from mathlsp.search.merge import Candidate
from mathlsp.search.queries import Term
from mathlsp.search.text import GENERIC, STOPWORDS, contains_phrase, has_all, stem, stems

MAX_CANDIDATES = 20
_BLAND = frozenset(stem(w) for w in GENERIC | STOPWORDS)
IN_TITLE, IN_TEXT, SCATTERED, PARTLY = 1.0, 0.7, 0.4, 0.2
W_TERMS, W_POSITION, W_THEOREM = 0.7, 0.2, 0.1


def match_terms(
    candidate: Candidate, terms: Sequence[Term]
) -> tuple[float, list[Term], list[Term]]:
    """(weighted share of the terms matched, terms matched, terms matched only in part)."""
    title = stems(candidate.title)
    text = stems(
        " ".join([candidate.abstract or "", *(f"{t.name} {t.body}" for t in candidate.theorems)])
    )
    surnames = candidate.surnames
    vocabulary = set(title) | set(text) | {stem(s) for s in surnames}
    total = sum(t.weight for t in terms)
    got = 0.0
    matched: list[Term] = []
    partly: list[Term] = []
    for term in terms:
        if term.kind == "author":
            m = IN_TITLE if term.text in surnames else 0.0
        else:
            needle = term.stems
            if contains_phrase(title, needle):
                m = IN_TITLE
            elif contains_phrase(text, needle):
                m = IN_TEXT
            elif len(needle) > 1 and has_all(title + text, needle):
                m = SCATTERED
            elif len(needle) > 1 and 2 * sum(_telling(w, vocabulary) for w in needle) >= len(
                needle
            ):
                got += term.weight * PARTLY
                partly.append(term)
                continue
            else:
                m = 0.0
        if m:
            got += term.weight * m
            matched.append(term)
    return (got / total if total else 0.0), matched, partly


def _telling(word: str, vocabulary: set[str]) -> bool:
    """A word of a term found in the paper that says something ("gap", not "graphs")."""
    return word in vocabulary and word not in _BLAND


def relevance(candidate: Candidate, terms: Sequence[Term]) -> tuple[float, list[Term], list[Term]]:
    """(relevance 0–1, terms matched, terms matched in part)."""
    share, matched, partly = match_terms(candidate, terms)
    rank = candidate.best_rank
    position = 1.0 / (1 + rank) if rank is not None else 0.0
    similarity = max((t.similarity or 0.0 for t in candidate.theorems), default=0.0)
    value = W_TERMS * min(1.0, 2 * share) + W_POSITION * position + W_THEOREM * similarity
    if candidate.problem_reference is not None:
        value = 1.0
    return round(min(1.0, value), 4), matched, partly


def score(relevance_: float, citations: int | None) -> float:
    """Relevance × log(citations + 1); an unknown count counts as none."""
    return relevance_ * math.log((citations or 0) + 1)


MIN_SHARE = 0.2  # of the problem's weighted terms, for a paper with no telling match


def telling(term: Term) -> bool:
    """A match that says the paper is about the problem: a phrase of two or more words, a named
    result, a cited author or the user's query. One word — "primes", "finite", "integers",
    "dimensions" — is shared by papers on every subject."""
    return term.kind in ("query", "theorem", "author") or len(term.stems) >= 2


def keep(candidate: Candidate) -> bool:
    """Listed or named in PROBLEM.md; or matching one of its terms tellingly; or matching enough
    of them (`MIN_SHARE`) in single words. Verification proves a paper exists, not that it
    belongs: what falls below is set aside, never written as a reference (a TheoremSearch
    statement counts as the paper's text; similarity alone is not relevance)."""
    return (
        candidate.problem_reference is not None
        or any(telling(t) for t in candidate.matched)
        or candidate.share >= MIN_SHARE
        or len(partial_words(candidate)) >= 2
    )


def partial_words(candidate: Candidate) -> set[str]:
    """The distinct telling words by which the paper half-matches terms: "epidemic" and the
    cited authors' names count as three; "lattice" matching both "E8 lattice" and "Leech
    lattice" counts once."""
    vocabulary = (
        set(stems(candidate.title))
        | set(stems(candidate.abstract or ""))
        | {stem(s) for s in candidate.surnames}
    )
    return {w for t in candidate.partly for w in t.stems if _telling(w, vocabulary)}


def rank_candidates(
    candidates: Sequence[Candidate], terms: Sequence[Term], limit: int = MAX_CANDIDATES
) -> tuple[list[Candidate], list[Candidate]]:
    """(kept, dropped): relevance, matched terms and score set on each; kept sorted best first
    and capped at `limit` (PROBLEM.md references are always kept)."""
    for c in candidates:
        c.relevance, c.matched, c.partly = relevance(c, terms)
        c.share = match_terms(c, terms)[0]
        c.score = score(c.relevance, c.citation_count)
    ordered = sorted(candidates, key=lambda c: (-c.score, -c.relevance, c.title.lower()))
    refs = [c for c in ordered if c.problem_reference is not None]
    room = max(0, limit - len(refs))
    others = [c for c in ordered if c.problem_reference is None and keep(c)]
    chosen = {id(c) for c in refs + others[:room]}
    kept = [c for c in ordered if id(c) in chosen]
    dropped = [c for c in ordered if id(c) not in chosen]
    return kept, dropped
