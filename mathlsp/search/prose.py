"""Whether a key phrase cut from a note is a sentence's words rather than an object's name. Pure.

Key phrases are cut at stopwords, punctuation and formulas, so a clause's subject and verb come
out as one phrase ("the parity sequence predicts a decrease" → "parity sequence predicts",
"geodesics wander $|x|^\\xi$" → "geodesics wander", "old observation going back to" → "old
observation going"), and so do a preposition's words ("random variables behind it", "one per
site") and a vague noun graded ("lower side", "extra information"). No title says them, so a
query on them comes back empty (on fresh11 such phrases were a third of OpenAlex's 37 empty
queries), and they are no reason and no gap either. `text.is_prose` reads the grammar of the
phrase alone; these rules read it in the sentence it was cut from:

- its last word is followed by a determiner ("predicts a", "look like", "going back"): a verb
  or a preposition, since a noun phrase is not followed by "the" or "a";
- its last word follows a plural noun and is a bare word ("cells respond", "geodesics wander"):
  a plural subject and its verb (a noun names its object with a singular modifier: "cell
  division", "geodesic flow"; names ending in "s" — Stokes, Jones, Adams — are capitalised);
- it ends in a participle in "-ing" said before a preposition and a determiner, or before "both"
  ("data vanishing in a ball", "one abelian surface killing both"): the participle takes an
  object or a place, as a verb does; a noun in "-ing" is not followed so ("graph coloring of
  planar maps", "mixing time");
- it counts the note's own items in vague words ("two conventions"), as a graded vague noun is.

`breaks_noun` reads one word alone, for the cutter of a phrase's noun part: a finite verb of
what happens to an object ("the hole closes at", "the killed process survives with", "where
the finite torus enters"), or any verb's in "-izes", "-ises", "-ifies" ("the fourth-order
operator regularises"), an adverb or preposition standing after the object ("Kelley–Morse
inside it", "locally soluble everywhere"), or a predicate adjective ending the phrase ("hook
length divisible by", "its inverse continuous?"). No title says "torus enters": the noun part
("finite torus", "hook length", "kelley morse") is what a query can ask.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from mathlsp.search.text import GENERIC, GRADING, fold_keep_case, plain_text, words

#: Words no noun phrase of the mathematics is followed by: a verb or a preposition was before
#: them ("predicts a decrease", "look like", "going back to"). Not "the" or "that", which open
#: a clause after a noun too ("for symmetric groups the conjecture holds").
FOLLOWERS = frozenset("a an its their his her these those every each like back".split())
#: Prepositions and connectives that are no stopword of the key-phrase cutter, yet never part
#: of an object's name ("random variables behind it", "at most one per site", "Ramsey iff").
CONNECTIVES = frozenset("behind per iff beside besides toward towards unlike".split())
#: Nouns that, graded ("lower side", "extra information") or counted ("homogeneous ones"),
#: name no object; with a field's word ("fisher information") they do, so only graded ones.
VAGUE = frozenset(
    "side sides information ones one thing things aspect aspects list convention conventions "
    "notion notions".split()
)
#: What a note calls its own sources and remarks, never an object ("Lagarias' annotated
#: bibliographies", "Chung-type LIL consequences", "an old observation").
REMARKS = frozenset(
    "bibliography bibliographies consequence consequences observation observations remark "
    "remarks comment comments".split()
)
# Endings of singular nouns that look plural ("series", "chaos", "bias", "genus", "analysis",
# "mass"), and the sciences in "-ics" ("dynamics", "statistics"; "geodesics" is a plural).
#: Verbs of what happens to an object, which a note's sentences run on ("the hole closes", "the
#: process survives", "the torus enters", "constructions produce permutations"), none of them a
#: noun of the mathematics in these forms (not "counts", "decays", "escape", "close", "returns");
#: and participles that never name an object ("a lattice giving crystals", "coefficients
#: depending on").
FINITE_VERBS = frozenset(
    """
    closes enters enter survives survive vanishes vanish exists exist converges converge
    diverges diverge explodes explode terminates terminate collapses persists persist emerges
    emerge disappears disappear dies grows shrinks shrink degenerates bifurcates coalesces
    produces produce kills interacts acts corresponds correspond fits puts giving relating
    depending
    """.split()
)
#: Adverbs and prepositions a clause puts after its object ("Kelley–Morse inside it", "locally
#: soluble everywhere"), never the last word of an object's name.
TRAILING = frozenset("inside outside everywhere nowhere somewhere together apart".split())
# Endings of adjectives said of an object after it ("divisible by t", "its inverse continuous",
# "locally soluble"): a noun phrase does not end on them. Not "-able" ("variable", "observable"
# are nouns); words of more than six letters ("double" is a noun: the quantum double).
_PREDICATE_ENDINGS = ("ible", "uble", "ous")
#: Counting words a note numbers its own items with ("the two conventions").
NUMERALS = frozenset("two three four five several various".split())
#: Prepositions after which a participle's place or object follows ("vanishing in a ball").
_PLACE = frozenset("in at on near outside inside along off".split())
_DETERMINERS = frozenset("a an the its their some every each one".split())
_SINGULAR_S = ("ss", "us", "is", "os", "as", "ies", "matics", "namics", "stics", "physics")
# Endings of nouns, which a bare verb does not have ("cells division" is not English, but the
# rule must not call "elements method" a clause either).
_NOUN_ENDINGS = ("tion", "sion", "ity", "ness", "ment", "ism", "ure", "ance", "ence", "ogy", "ing")
_TOKEN = re.compile(r"[^\W\d_][\w'’-]*|\d+|[^\w\s]")


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(_SINGULAR_S)


def _bare_verb(word: str) -> bool:
    return (
        len(word) > 3
        and word.isalpha()
        and not word.endswith("s")
        and not word.endswith("ed")
        and not word.endswith(_NOUN_ENDINGS)
    )


#: The third person of a verb made with "-ize", "-ise" or "-ify" ("the fourth-order operator
#: regularises", "the stationary horizon organises", "the spectrum classifies"): no noun of the
#: mathematics ends so; the few English nouns that do are `_ISE_NOUNS`.
_VERB_SUFFIXES = ("izes", "ises", "ifies")
_ISE_NOUNS = frozenset(
    "exercises premises promises compromises surprises enterprises franchises paradises "
    "expertises".split()
)


def breaks_noun(word: str, last: bool) -> bool:
    """Whether `word` (folded, lower case) is no part of a noun phrase: a finite verb of what
    happens to an object, a trailing adverb or preposition, or — ending the phrase — a predicate
    adjective (see the module's notes)."""
    if word in FINITE_VERBS or word in TRAILING:
        return True
    if len(word) > 7 and word.endswith(_VERB_SUFFIXES) and word not in _ISE_NOUNS:
        return True
    return last and len(word) > 6 and word.endswith(_PREDICATE_ENDINGS)


def _participle_acts(tokens: Sequence[str], end: int) -> bool:
    """Whether the "-ing" word just before `tokens[end]` takes an object or a place there."""
    if end >= len(tokens):
        return False
    after = tokens[end].lower()
    if after == "both":
        return True
    return after in _PLACE and end + 1 < len(tokens) and tokens[end + 1].lower() in _DETERMINERS


def _tokens(source: str) -> list[str]:
    """The source's words and punctuation, formulas as a break ("|"), case kept."""
    return _TOKEN.findall(fold_keep_case(plain_text(source)))


def _occurrences(phrase: Sequence[str], tokens: Sequence[str]) -> list[int]:
    """Indices of the token just past each place `tokens` say the phrase's words in a row."""
    flat = [(w, i) for i, t in enumerate(tokens) for w in words(t)]
    n = len(phrase)
    out = []
    for k in range(len(flat) - n + 1):
        run = flat[k : k + n]
        in_a_row = all(b[1] - a[1] <= 1 for a, b in itertools.pairwise(run))
        if in_a_row and [w for w, _ in run] == list(phrase):
            out.append(run[-1][1] + 1)
    return out


def _capitalised(word: str, tokens: Sequence[str], joined: bool = False) -> bool:
    """Whether the source writes `word` capitalised wherever it says it as a word of its own;
    `joined`: inside a name joined by dashes too ("Rogers–Ramanujan identities", "Jones–Wenzl
    idempotents"): a person's name ending in "s", not a plural."""
    parts = (p for t in tokens for p in (re.split(r"[-–—]", t) if joined else [t]))
    said = [p for p in parts if words(p) == [word]]
    return bool(said) and all(p[:1].isupper() for p in said)


def clause_in(phrase: str, source: str) -> bool:
    """Whether `phrase`, read where `source` says it, is a clause or a preposition's words, not
    an object's name (see the module's rules)."""
    ws = words(phrase)
    if not ws:
        return False
    if any(w in CONNECTIVES for w in ws) or ws[-1] in REMARKS:
        return True
    if len(ws) == 2 and (ws[0] in GRADING or ws[0] in NUMERALS) and ws[1] in VAGUE:
        return True
    if any(breaks_noun(w, i == len(ws) - 1) for i, w in enumerate(ws)):
        return True
    if ws[-1] in ("ones", "one"):
        return True
    tokens = _tokens(source)
    ends = _occurrences(ws, tokens)
    if ends and all(e < len(tokens) and tokens[e].lower() in FOLLOWERS for e in ends):
        return True
    participle = len(ws) >= 2 and ws[-1].endswith("ing")
    if participle and ends and all(_participle_acts(tokens, e) for e in ends):
        return True
    if len(ws) >= 2 and _plural(ws[-2]) and _bare_verb(ws[-1]):
        return not _capitalised(ws[-2], tokens) and ws[-1] not in GENERIC
    # … and so inside the phrase: "tame fields cover part", "geodesic hypersurfaces force
    # arithmeticity", "sets keep mixed expressions": a plural subject, its verb and its object.
    return any(
        _plural(ws[i - 1])
        and _bare_verb(ws[i])
        and ws[i] not in GENERIC
        and not _capitalised(ws[i - 1], tokens, joined=True)
        for i in range(1, len(ws) - 1)
    )
