"""What a candidate's pool says about it: pseudo-relevance features for the learned decision.

Pure. The lexical rule judges each paper alone, on the problem's phrases. A specialist also
reads a paper against the others the search found: a paper whose words are those of the pool's
strongest, most specific candidates (and of the works PROBLEM.md names) is on the problem; a
paper that shares only the field's phrases with them, and otherwise talks of something else, is
a neighbour. These features measure that from what the search holds at decision time — the
candidates' titles and abstracts, their lexical evidence, the discovery queries — never from a
judged set:

- `exemplar_sim`: cosine (TF-IDF over the pool's words) between the paper and the centroid of
  the pool's exemplars: the works PROBLEM.md names, then the highest evidence, `EXEMPLARS` in
  all, the paper itself left out;
- `sim_rank`: the paper's `exemplar_sim` as a quantile of the pool's;
- `evidence_rank`: its evidence as a quantile of the pool's (1: the strongest);
- `query_precision`: over the discovery queries that returned it, the largest share of that
  query's answer the lexical rule admits (a query on the problem's own object returns mostly
  admitted papers; one on the field's name, mostly not); `query_others` the same without the
  paper itself (half a paper of prior each way, so a query that returned it alone says 0.5);
- `same_match`: log(1 + other candidates that say exactly the same set of the problem's
  phrases): a paper whose evidence many others share says only the field;
- `problem_sim`: cosine (the same TF-IDF, the pool's IDF) between the paper and the whole of
  PROBLEM.md's text; `problem_sim_rank` its quantile in the pool. The problem's phrases are
  what the lexical rule reads; a paper on the problem also shares its rare single words
  (notation spelled out, the objects of the Known Results), weighted by their rarity in the
  field the search found (stop 42).

`note_shares` splits a paper's `problem_sim` into the note's words that make it, so that the
Relevance line of a paper let in for being close to the note can name them (`write.py`).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

#: How many of the pool's strongest candidates stand for the problem.
EXEMPLARS = 5
#: A pool of fewer candidates says little about where a paper stands in it (as `rank.MIN_POOL`
#: for rarity): its quantiles are pulled toward the middle. The judged pools the model was
#: trained on have 70 to 300 candidates.
FULL_POOL = 20

FEATURES = (
    "exemplar_sim",
    "sim_rank",
    "evidence_rank",
    "query_precision",
    "query_others",
    "same_match",
    "problem_sim",
    "problem_sim_rank",
)


@dataclass(frozen=True, slots=True)
class Item:
    """One candidate as these features see it."""

    words: tuple[str, ...]  # content stems of title and abstract
    evidence: float
    reference: bool  # PROBLEM.md names it
    lexical: bool
    queries: frozenset[tuple[str, str]]  # (backend, query) pairs that returned it
    said: frozenset[str]  # the problem's terms it says (their texts)


def _frequencies(items: Sequence[Item]) -> Counter[str]:
    """How many candidates say each word."""
    df: Counter[str] = Counter()
    for it in items:
        df.update(set(it.words))
    return df


def _vectors(items: Sequence[Item], df: Counter[str]) -> list[dict[str, float]]:
    """Unit TF-IDF vectors (log term frequency, IDF over the pool: `df` its `_frequencies`)."""
    n = len(items)
    out = []
    for it in items:
        tf = Counter(it.words)
        v = {w: (1 + math.log(c)) * math.log((n + 1) / df[w]) for w, c in tf.items()}
        norm = math.sqrt(sum(x * x for x in v.values()))
        out.append({w: x / norm for w, x in v.items()} if norm > 0 else {})
    return out


def _query_vector(words: Sequence[str], df: Counter[str], n: int) -> dict[str, float]:
    """A unit TF-IDF vector of `words` over the pool's IDF (`_vectors`); words no candidate
    says are left out: they tell no candidate from another."""
    tf = Counter(words)
    v = {w: (1 + math.log(c)) * math.log((n + 1) / df[w]) for w, c in tf.items() if df[w]}
    norm = math.sqrt(sum(x * x for x in v.values()))
    return {w: x / norm for w, x in v.items()} if norm > 0 else {}


def _cos(a: dict[str, float], b: dict[str, float]) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(x * b.get(w, 0.0) for w, x in a.items())


def quantiles(values: Sequence[float], full: int = FULL_POOL) -> list[float]:
    """Each value's share of the pool strictly below it, ties counted half (1: the top), pulled
    toward the middle in a pool smaller than `full`: in a pool of two, one paper is "the
    bottom" whatever it is."""
    n = len(values)
    if n <= 1:
        return [0.5] * n
    shrink = min(1.0, (n - 1) / (full - 1))
    ordered = sorted(values)
    out = []
    for v in values:
        lo, hi = bisect_left(ordered, v), bisect_right(ordered, v)
        out.append(0.5 + ((lo + (hi - lo - 1) / 2) / (n - 1) - 0.5) * shrink)
    return out


def exemplar_groups(items: Sequence[Item]) -> list[list[int]]:
    """Each item's exemplars (indices): the works PROBLEM.md names, then the strongest
    candidates by evidence, ties by position (deterministic), `EXEMPLARS` of them, the item
    itself never its own."""
    strongest = sorted(
        (i for i, it in enumerate(items) if it.reference or it.evidence > 0),
        key=lambda i: (not items[i].reference, -items[i].evidence, i),
    )[: EXEMPLARS + 1]
    return [[j for j in strongest if j != i][:EXEMPLARS] for i in range(len(items))]


def note_shares(
    items: Sequence[Item], problem: Sequence[str], which: Sequence[int]
) -> dict[int, list[tuple[str, float]]]:
    """For each index of `which`, the note's stems its paper says with each one's share of the
    paper's `problem_sim` (the product of the word's two unit TF-IDF weights, so the shares sum
    to the cosine), largest first, ties by the word: what makes the paper close to the note,
    weighted by the words' rarity among `items` (the pool `pool_features` read)."""
    if not items or not which:
        return {}
    df = _frequencies(items)
    n = len(items)
    about = _query_vector(problem, df, n)
    out: dict[int, list[tuple[str, float]]] = {}
    for i in which:
        vec = _query_vector(items[i].words, df, n)  # every word of a candidate is in `df`
        shares = [(w, x * about[w]) for w, x in vec.items() if w in about]
        out[i] = sorted(shares, key=lambda s: (-s[1], s[0]))
    return out


def pool_features(items: Sequence[Item], problem: Sequence[str] = ()) -> list[dict[str, float]]:
    """`FEATURES` for each item of one pool, in order; `problem`: the content stems of
    PROBLEM.md's text (or of its phrases), as an item's `words`."""
    if not items:
        return []
    df = _frequencies(items)  # one count serves the candidates' vectors and the problem's
    vecs = _vectors(items, df)
    about = _query_vector(problem, df, len(items))
    groups = exemplar_groups(items)
    admitted: Counter[tuple[str, str]] = Counter()
    returned: Counter[tuple[str, str]] = Counter()
    for it in items:
        for q in it.queries:
            returned[q] += 1
            admitted[q] += it.lexical
    same = Counter(it.said for it in items)
    sims = []
    out = []
    for i, it in enumerate(items):
        group = groups[i]
        centroid: dict[str, float] = {}
        for j in group:
            for w, x in vecs[j].items():
                centroid[w] = centroid.get(w, 0.0) + x / len(group)
        norm = math.sqrt(sum(x * x for x in centroid.values()))
        sim = _cos(vecs[i], centroid) / norm if norm > 0 else 0.0
        sims.append(sim)
        precision = max((admitted[q] / returned[q] for q in it.queries), default=0.0)
        others = max(
            ((admitted[q] - it.lexical + 0.5) / ((returned[q] - 1) + 1) for q in it.queries),
            default=0.0,
        )
        out.append(
            {
                "exemplar_sim": sim,
                "query_precision": precision,
                "query_others": others,
                "same_match": math.log1p(same[it.said] - 1) if it.said else 0.0,
                "problem_sim": _cos(vecs[i], about),
            }
        )
    for x, q in zip(out, quantiles(sims), strict=True):
        x["sim_rank"] = q
    for x, q in zip(out, quantiles([it.evidence for it in items]), strict=True):
        x["evidence_rank"] = q
    for x, q in zip(out, quantiles([x["problem_sim"] for x in out]), strict=True):
        x["problem_sim_rank"] = q
    return out
