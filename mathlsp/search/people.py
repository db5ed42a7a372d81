"""Whether a paper's author is a person the problem cites: surname, and given names when the note
writes them.

Pure. A note cites people as mathematicians write them: "Yitang Zhang", "Y. Zhang", "D. R.
Heath-Brown", "Tracy, C. A., & Widom, H. (1994)", or by surname alone ("(Zhang 2014)", "Tracy and
Widom"). A surname alone is weak evidence: a haystack of thousands of papers holds many Zhangs,
and *On Zeckendorf–Niven numbers and arithmetic progressions* by an L. Zhang was confirmed "by
Zhang (cited in the problem)" beside a problem citing Yitang Zhang. So a paper's author is the
cited person (`GIVEN`) only when the surname agrees and so do the given names or initials the note
writes; a note that writes none leaves a surname match (`SURNAME`), which the ranking counts for
less; given names that differ ("Wei Zhang" for Yitang Zhang) are another person (`NOBODY`).
Surnames compare folded (Erdős, Erdos), with their particles ("de la Vallée Poussin", "Poussin"),
hyphens ("Heath-Brown", "Heath Brown") and transliterations (Chebyshev, Tschebyscheff).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from mathlsp.search.text import STOPWORDS
from mathlsp.sources.record import Author
from mathlsp.verify.matcher import given_agreement
from mathlsp.verify.normalize import (
    fold,
    german_fold,
    given_tokens,
    surname,
    transliteration_key,
)

NOBODY = 0  # another person, or no such surname among the paper's authors
SURNAME = 1  # the surname agrees; the note writes no given name (or the record gives none)
GIVEN = 2  # the surname and the given names or initials the note writes agree

# Initials as notes write them: "Y.", "D. R.", "J.-C.", "Yu. G.", "Ch.".
_INITIALS = r"(?:[A-Z][a-z]?\.(?:\s*-\s*[A-Z][a-z]?\.)?\s*)+"
# A whole given name ("Yitang", "Jean-Pierre"), then perhaps middle initials ("Craig A.").
_WHOLE = r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?\s+(?:[A-Z]\.\s*)*"
_PARTICLE_WORDS = frozenset("van von de der den la le du di da del dos".split())
_PARTICLES = rf"(?:(?:{'|'.join(sorted(_PARTICLE_WORDS))})\s+)*"
#: Capitalised words that stand before a surname without being a given name: sentence openers,
#: what a result is called, and the like ("Following Zhang", "Theorem Zhang").
_NOT_GIVEN = frozenset(
    "the a an by see after before following from in on of for with and or but as also then "
    "thus hence here there this that these those we our their his her its known result results "
    "theorem theorems lemma conjecture conjectures problem problems question note notes remark "
    "remarks work works paper papers method methods bound bounds argument approach idea ideas "
    "proof proofs recently later earlier since unlike like via using following cf compare "
    "classical open main key recall references reference introduction background".split()
)
#: Nouns that follow a surname in an object's name ("Landau Siegel zeros", "Hardy Littlewood
#: conjecture"): the capitalised word before it is another person, not a given name.
OBJECT_NOUNS = frozenset(
    "theorem theorems lemma conjecture conjectures inequality principle formula criterion "
    "series transform decomposition hypothesis identity estimate estimates method problem bound "
    "bounds zeros zero equation equations model models distribution distributions process "
    "processes function functions constant constants operator operators kernel space spaces "
    "group groups algebra algebras measure measures sieve polynomial polynomials graph graphs "
    "number numbers sum sums matrix matrices property type".split()
)


def given_names(name: str, text: str, others: Iterable[str] = ()) -> str:
    """The given names or initials `text` writes with the surname `name`, or "": "Yitang" of
    "Yitang Zhang", "Y." of "Y. Zhang", "D. R." of "D. R. Heath-Brown", "C. A." of "Tracy, C. A.,
    & Widom, H.". `others`: the other people the note names (a surname before another surname is
    a second person: "Hardy Littlewood")."""
    if not name or not text:
        return ""
    people = {fold(o) for o in others} | {fold(name)}
    quoted = re.escape(name)
    before = re.compile(
        rf"(?<![\w.-])(?P<given>{_INITIALS}|{_WHOLE}){_PARTICLES}{quoted}(?![\w-])"
        r"(?:['’]s)?\s*(?P<next>[\w-]*)"
    )
    for m in before.finditer(text):
        given = " ".join(m["given"].split())
        first = given.split()[0].strip(".")
        if "." not in given:  # a whole word: make sure it is a given name, not the sentence's
            word = first.lower()
            if (
                word in _NOT_GIVEN
                or word in STOPWORDS
                or fold(first) in people
                or word.endswith(("ly", "ing", "ian", "ean"))
                or m["next"].lower() in OBJECT_NOUNS
            ):
                continue
        return given
    inverted = re.compile(rf"(?<![\w-]){quoted},\s*(?P<given>{_INITIALS})")
    m = inverted.search(text)
    return " ".join(m["given"].split()).rstrip(",") if m else ""


def _keys(family: str) -> set[str]:
    """A surname's folded forms: whole, joined ("heath brown", "heathbrown"), without its
    particles, and, for a name of several words, its last (the note's "Poussin" is the record's
    "de la Vallée Poussin")."""
    words = fold(family).replace("-", " ").replace("'", "").split()
    bare = [w for w in words if w not in _PARTICLE_WORDS] or words
    out = {" ".join(words), "".join(words), " ".join(bare), "".join(bare)}
    # A hyphen joins a double surname: Williams-Tracy is not Tracy.
    if len(bare) > 1 and "-" not in family:
        out.add(bare[-1])
    return {k for k in out if k}


def _same(a: str, b: str) -> bool:
    """Two folded surnames are one: equal, or German (Müller, Mueller) or transliterated
    (Chebyshev, Tschebyscheff) spellings. No near-spelling: among a pool's thousand authors,
    Chen is not Cheng."""
    if a == b or german_fold(a) == german_fold(b):
        return True
    return len(a) > 3 and len(b) > 3 and transliteration_key(a) == transliteration_key(b)


@lru_cache(maxsize=65536)
def same_person_surname(mine: str, author: Author) -> bool:
    """The cited surname `mine` is the author's family name (folded, particles, hyphens,
    transliterations)."""
    theirs = _keys(author.family) | {surname(author.name)}
    return any(_same(a, b) for a in _keys(mine) for b in theirs)


@lru_cache(maxsize=65536)
def agreement(name: str, given: str, author: Author) -> int:
    """`GIVEN`, `SURNAME` or `NOBODY`: is `author` the person the note cites as `name` (surname)
    with `given` (the given names or initials the note writes, or "")?"""
    if not same_person_surname(name, author):
        return NOBODY
    if not given:
        return SURNAME
    agree = given_agreement(f"{given} {name}", author)
    if agree is None:  # the record gives no given name to compare
        return SURNAME
    return GIVEN if agree > 0 else NOBODY


def best_agreement(name: str, given: str, authors: Sequence[Author]) -> int:
    """The strongest agreement of any of a paper's authors with the cited person."""
    return max((agreement(name, given, a) for a in authors), default=NOBODY)


def people_named_so(name: str, authors: Iterable[Author]) -> int:
    """How many different people of the surname `name` wrote the retrieved papers, told apart by
    their first given name (an initial is anyone whose name it opens; a record without given
    names tells nothing): Han, Tianping and Huimin Zhang are three; Jindřich Zapletal and
    J. Zapletal one. A surname the note gives alone is that person only when the retrieved
    papers know one person of that name."""
    firsts: set[str] = set()
    for a in authors:
        if a.given and same_person_surname(name, a):
            tokens = given_tokens(a.given)
            if tokens:
                firsts.add(tokens[0])
    whole = sorted(f for f in firsts if len(f) > 1)
    people: list[str] = []
    for f in whole:  # Yitang and Yi (of Yi-Tang) are one
        if not any(f.startswith(p) or p.startswith(f) or f[:3] == p[:3] for p in people):
            people.append(f)
    initials = {f for f in firsts if len(f) == 1 and not any(p.startswith(f) for p in people)}
    return len(people) + len(initials)
