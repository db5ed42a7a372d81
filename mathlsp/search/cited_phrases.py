"""The field's name for the problem's object, read off the titles of the works the note cites.

A note may write its object in symbols or in its own words (an infinite system of ODEs coupling
neighbouring shells; a multiple Wiener–Itô integral of order q) while the works it cites by
people and year title it by the field's name (*Finite time blow-up for a dyadic model of the
Euler equations*, *Blow-up in finite time for the dyadic model of the Navier–Stokes equations*).
Two adjacent words that `MIN_CITED` or more of those titles say, and the note never does, are
that name: a paper whose title says them is on the problem's object as a specialist who has read
the cited works sees it. The phrase makes a paper eligible for the learned decision
(`rank.assess`), which weighs it (the `cited_phrase` feature); alone it writes nothing, and the
Relevance line says where the phrase comes from. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise

from mathlsp.search.text import BREAK, STOPWORDS, plain_text, stem, words

#: Titles of cited works that must say a phrase for it to be the field's name, not one paper's.
MIN_CITED = 2

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class CitedPhrase:
    words: str  # as the first cited title writes it (lower case): "dyadic model"
    by: tuple[str, ...]  # the cited works whose titles say it, as the note cites them

    @property
    def cited(self) -> int:
        return len(self.by)


def title_pairs(text: str) -> dict[Pair, str]:
    """Each two adjacent content words of `text` (stems, neither a stopword nor shorter than
    three letters) with the words as written; never across a formula."""
    out: dict[Pair, str] = {}
    for chunk in plain_text(text).split(BREAK):
        ws = words(chunk)
        for a, b in pairwise(ws):
            pair = (stem(a), stem(b))
            if all(s not in STOPWORDS and len(s) > 2 for s in pair):
                out.setdefault(pair, f"{a} {b}")
    return out


def shared_phrases(cited: Iterable[tuple[str, str]], note: str) -> dict[Pair, CitedPhrase]:
    """The pairs `MIN_CITED` or more of the cited works' titles say and `note` (PROBLEM.md's
    text) does not; `cited`: each work's title and how the note cites it ("Cheskidov (2008)")."""
    said = set(title_pairs(note))
    found: dict[Pair, CitedPhrase] = {}
    for title, who in cited:
        for pair, shown in title_pairs(title).items():
            if pair in said:
                continue
            seen = found.get(pair) or CitedPhrase(shown, ())
            found[pair] = CitedPhrase(seen.words, (*seen.by, who))
    return {p: c for p, c in found.items() if c.cited >= MIN_CITED}


def said_phrases(
    title: str, shared: Mapping[Pair, CitedPhrase], who: str | None = None
) -> list[CitedPhrase]:
    """The shared phrases `title` says, each with the other cited works that say it: a cited
    work (`who`: how the note cites it) does not vouch for its own title."""
    out = []
    for pair in title_pairs(title):
        phrase = shared.get(pair)
        if phrase is None:
            continue
        by = list(phrase.by)
        if who in by:
            by.remove(who)  # once: two works may be cited alike ("Bourgain (2008)")
        if len(by) >= MIN_CITED:
            out.append(CitedPhrase(phrase.words, tuple(by)))
    return out
