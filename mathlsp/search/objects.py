"""Which of the problem's phrases name a mathematical object, and when a text says one. Pure.

One rule for the two places that name the problem's phrases to the reader: the reasons of a
Relevance line (`search/write.py`) and the gaps of the Synthesis (`synthesis/draft.py`). A phrase
that reads as prose ("Malle predicts", "matching upper"), as people ("Lemke Oliver", "Armstrong
Tran") or as a formula's notation spelled out ("partial derivative" from `$\\partial_t u$`) is
never a reason and never a gap. People are read off the problem (the authors it cites, the people
its prose says did something, the words it always capitalises as names) and off the papers'
author lists, never from a list of names.

And one normalisation for "a text says the phrase": the relevance line's (`text.core`, closed-up
spaces and hyphens, plurals), plus the word forms a reader takes for the same object — a noun in
"-ity" and its adjective ("viscosity" and "viscous", "regularity" and "regular", "ergodicity"
and "ergodic") — and an acronym the phrase writes for a run of words whose initials it is
("viscous HJB" is said by "viscous Hamilton–Jacobi–Bellman equations").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

from mathlsp.search.text import (
    GENERIC,
    GRADING,
    NAME_PARTICLES,
    REPORTING,
    STOPWORDS,
    WORK_NOUNS,
    contains_phrase,
    core,
    fold_keep_case,
    has_all,
    is_prose,
    names_an_object,
    people_named,
    read_off_formula,
    words,
    written_as_names,
)
from mathlsp.verify.normalize import fold

# Adjectives that place or order something and need the noun they modify ("matching upper" is
# "matching upper bounds" cut before its noun).
_NEEDS_NOUN = GRADING | frozenset("upper lower matching independent".split())


def _present(verb: str) -> set[str]:
    """The third person present of a past form: "predicted" → "predicts", "computed" →
    "computes", "established" → "establishes"."""
    if not verb.endswith("ed") or len(verb) < 5:
        return set()
    base = verb[:-2]
    return {base + "s", base + "es", verb[:-1] + "s"}


# "Malle predicts", "the argument extends": what someone does, said in the present. Not the
# forms that are nouns too ("the Weil conjectures", "places of a field", "pure states").
_REPORTS_NOW = frozenset(w for v in REPORTING for w in _present(v)) - frozenset(
    "answers conjectures places claims notes studies states uses finds".split()
)
# Heads that say how much or in what sense, not which object ("exact threshold", "right
# order", "extra structure", "random field sense"): with grading words only, no object.
_VAGUE_HEADS = frozenset("order threshold structure sense regime".split())


def _adverb(word: str) -> bool:
    return len(word) > 4 and word.endswith("ly")


def surnames(names: Iterable[str]) -> set[str]:
    """The folded words of people's names as written ("Lemke Oliver" → {"lemke", "oliver"}),
    given names and initials too: a phrase of only such words names people."""
    out: set[str] = set()
    for n in names:
        out.update(w for w in words(fold(n)) if len(w) > 1 and w not in NAME_PARTICLES)
    return out


@lru_cache(maxsize=64)
def cited_people(problem_text: str) -> tuple[str, ...]:
    """The people PROBLEM.md cites, as its search's author terms name them."""
    from mathlsp.notes.problem import ProblemDoc
    from mathlsp.search.queries import build_queries

    return tuple(
        t.text for t in build_queries(ProblemDoc(problem_text)).terms if t.kind == "author"
    )


@lru_cache(maxsize=64)
def problem_people(text: str) -> frozenset[str]:
    """The words of the people a problem's prose says did something ("Corwin and Ghosal
    proved", "Zwegers' completion", "(Le Doussal, Majumdar; …)")."""
    return frozenset(surnames(n for group in people_named(text) for n in group))


def why_not_an_object(
    phrase: str,
    source: str = "",
    people: Collection[str] = (),
    authors: Collection[str] = (),
    one_word: bool = False,
) -> str | None:
    """Why a key phrase of the problem (`source`: PROBLEM.md) is not one of its objects, or None.
    `people`: the people the problem cites (names as written); `authors`: the words of the
    papers' author names (`surnames`). A phrase with a person the problem names in it is not an
    object ("Tao bounded"); one made only of names is people whoever they are ("Lemke Oliver",
    "Armstrong Tran"); an eponym is an object ("Tracy Widom distribution"). `one_word`: a single
    word may stand (a Relevance reason; a gap needs a phrase)."""
    ws = words(phrase)
    if not ws:
        return "empty"
    cited = surnames(people) | (problem_people(source) if source else set())
    names = cited | set(authors)
    if all(w in names or w in NAME_PARTICLES or w in WORK_NOUNS for w in ws) and any(
        w in names for w in ws
    ):
        return "people"
    if source and _names_in(source, phrase):
        return "people"
    # "defined mu almost" (from "μ-almost surely"), "random field sense": a sentence's words.
    if is_prose(phrase) or ws[-1] in _REPORTS_NOW or ws[-1] in STOPWORDS or ws[-1] == "sense":
        return "prose"
    if len(ws) > 1 and ws[-1] in _NEEDS_NOUN:
        return "cut before its noun"
    # A reason is a measured match (the paper says "general linear group" of `GL_n`): only a
    # gap must be an object's whole name.
    if one_word:
        return None
    # "bijection compatible", "brownian motion independent": a predicate, not an object's name
    # (a reason may say it: "representation stable" is what the paper proves); an adverb makes
    # the adjective a property's name ("fully Hodge-Newton decomposable").
    if len(ws) > 1 and ws[-1].endswith(("able", "ible")) and not any(map(_adverb, ws[:-1])):
        return "cut before its noun"
    if source and read_off_formula(source, phrase):
        return "notation"
    if len(ws) == 1:
        return "one word"
    if all(w in GRADING or w in GENERIC or w in _VAGUE_HEADS or w in STOPWORDS for w in ws):
        return "not an object"
    if not names_an_object(phrase, people):
        return "not an object"
    return None


def _names_in(source: str, phrase: str) -> bool:
    """`text.written_as_names`, unless a word of the phrase is an acronym and the phrase heads a
    noun somewhere ("the Hartree NLS equation": an object; "(Analysis & PDE)": a journal)."""
    if not written_as_names(source, phrase):
        return False
    ws = words(phrase)
    plain = fold_keep_case(source)
    if not any(re.search(rf"(?<![\w-]){re.escape(w.upper())}s?(?![\w-])", plain) for w in ws):
        return True
    run = r"[\W_]+".join(re.escape(w) for w in ws)
    for m in re.finditer(rf"(?<![\w-]){run}s?\s+([a-z][a-z-]{{2,}})", plain, re.IGNORECASE):
        if m.group(1).islower() and m.group(1) not in STOPWORDS:
            return False
    return True


# -- when a text says a phrase --------------------------------------------------------------
# Words that carry no letter of an acronym ("in the" spells nothing; "central limit theorem" is
# CLT, though "theorem" is a stopword for queries).
_GLUE = frozenset("a an the of and for in on to with by at or".split())
# Noun endings in "-ity" and the adjective a reader takes for the same object.
_ITY = (("osity", "ous"), ("icity", "ic"), ("arity", "ar"), ("ality", "al"), ("ivity", "ive"))
_ITY += (("bility", "ble"), ("ity", ""))


def word_root(stem: str) -> str:
    """One form for a noun in "-ity" and its adjective: "viscosity" and "viscous" → "viscous",
    "regularity" → "regular", "ergodicity" → "ergodic", "stability" → "stable"."""
    for noun, adjective in _ITY:
        if stem.endswith(noun) and len(stem) > len(noun) + 2:
            return stem[: -len(noun)] + adjective
    return stem


def roots(stems_: Sequence[str]) -> tuple[str, ...]:
    return tuple(word_root(s) for s in stems_)


def _acronym_runs(
    haystack: Sequence[str], needle: Sequence[str], acronyms: Collection[str]
) -> bool:
    """`needle` said with one of its words — an acronym the problem writes (`acronyms`, lower
    case) — as a run of the haystack's words with its initials, and its other words within
    the haystack, as `has_all` reads a phrase: "viscous hjb" in "viscosity solutions of
    hamilton jacobi bellman equations" (roots). The run holds no function word."""
    have = set(haystack)
    for i, w in enumerate(needle):
        k = len(w)
        if w not in acronyms or w in have:
            continue
        if not all(x in have for x in (*needle[:i], *needle[i + 1 :])):
            continue
        for j in range(len(haystack) - k + 1):
            run = haystack[j : j + k]
            if "".join(x[:1] for x in run) == w and not any(x in _GLUE for x in run):
                return True
    return False


def says(
    parts: Sequence[Sequence[str]],
    needles: Iterable[Sequence[str]],
    acronyms: Collection[str] = (),
) -> bool:
    """Whether one of `parts` (stems of a title, an abstract, a quoted statement) says one of
    `needles` (a term's stems in its spellings): as the relevance line does (a phrase after
    `core`, spaces and hyphens aside), or every word of it within one text, after `word_root`,
    or with one of the problem's `acronyms` (lower case: `acronyms.acronyms_in`) for a run of
    words. A gap is a subject no confirmed paper is about, not a word form none of them uses."""
    wanted = [roots(core(n)) for n in needles if n]
    texts = [roots(p) for p in parts]
    return any(
        contains_phrase(t, n) or has_all(t, n) or _acronym_runs(t, n, acronyms)
        for t in texts
        for n in wanted
    )
