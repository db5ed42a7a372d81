"""The people a note cites without a year: "Hara–Slade, via the lace expansion", "Baudoin–Hairer
for H > 1/2", "Tindel, Ouyang and coauthors", "Balan and coauthors".

Pure. A short note names the works it builds on by their people alone as often as with a year
(`search/dated.py`); on the titles-only problems of fresh10–16 a dozen gold records no query
returned were by people the note named so (issue 26, stop 50). Two shapes only, both of which say
the names are people, not an object named after them:

- two people or more joined by en dashes ("Cass–Litterer–Lyons"), unless an object's noun follows
  ("Kusuoka–Stroock estimates", "Wong–Zakai approximation", "Landau–Lifshitz–Gilbert equation")
  or the names are the note's subject (its title or tags say them: "Wong–Zakai");
- names before "and coauthors" / "and collaborators" / "et al." ("Nualart and coauthors").

A lone surname with neither shape is left alone: "Hörmander's condition", "Brownian motion".
"""

from __future__ import annotations

import re
from collections.abc import Collection

from mathlsp.search.text import REPORTING
from mathlsp.verify.normalize import fold

# A capitalised surname with a lower-case letter ("Slade", "Sánchez-Calle", "McKean"; not "KPZ").
_NAME = (
    r"(?:(?:de|van|von|der|le|la|di|du)\s+)?[A-Z](?=[^\W\d_]*[a-z])[^\W\d_]+(?:-[A-Z][^\W\d_]+)*"
)
_JOINED = re.compile(rf"(?<![\w–-])({_NAME}(?:–{_NAME})+)(?![\w–-])")
# "Tindel, Ouyang and coauthors", "Nualart and coauthors", "Chong et al.".
_WITH_OTHERS = re.compile(
    rf"(?<![\w–-])({_NAME}(?:,\s*{_NAME})*)\s*,?\s+(?:and\s+(?:co-?authors|collaborators)|et\s+al\b)"
)
# What may follow people cited by name: punctuation, a function word, what they did. Anything
# else is the object named after them ("Kusuoka–Stroock estimates", "Hecke–Maass forms",
# "Freidlin–Wentzell asymptotics"): the nouns of objects are too many to list, a citation's
# next words few.
_AFTER_PEOPLE = REPORTING | frozenset(
    "for via on in and with to of from at by who whose which where is are was were has have had "
    "et later earlier also first then independently".split()
)
# Capitalised words that open a sentence or name a part of a text, never a cited person.
_NOT_PEOPLE = frozenset(
    "the a an in on of for and or see cf also then thus theorem lemma section chapter part "
    "known wanted goal question problem remark note".split()
)
# Another group after a slash ("Kusuoka–Stroock / Jerison–Sánchez-Calle estimates").
_SLASHED = re.compile(rf"\s*/\s*{_NAME}(?:–{_NAME})*")


def _eponym(before: str, after: str) -> bool:
    """The words around a group say it names an object after its people: what follows is no
    citation's (`_AFTER_PEOPLE`), past a slash's other group and a parenthesis; or an acronym
    or an article stands before it ("GUE Tracy–Widom", "the
    Navier–Stokes and Euler equations")."""
    while m := _SLASHED.match(after):
        after = after[m.end() :]
    # Past a parenthesis ("Edwards–Wilkinson ($\\gamma>1/2$) to"): what it qualifies.
    after = re.sub(r"^\s*\([^()]*\)", "", after).lstrip()
    last = [w.strip("([{") for w in before.split()[-1:]]
    if last and len(last[0]) > 1 and last[0].isupper() and last[0].isalpha():
        return True
    if last and last[0].lower() in ("the", "a", "an"):  # "the Lacey–Thiele argument"
        return True
    if not after or not after[0].isalpha():
        # A possessive ("Cole–Hopf's transform") or a slash before words ("/ conjugation
        # trick") is an object's; other punctuation ends a citation.
        return after.startswith(("'", "’", "/"))
    word = re.match(r"[A-Za-z]+", after)
    return word is None or word.group(0).lower() not in _AFTER_PEOPLE


def undated_groups(text: str, subject: Collection[str] = ()) -> list[tuple[str, ...]]:
    """The groups of people `text` cites without a year, as written, in order, each once.
    `subject`: the note's title and tags, lower case: names they say are the object
    ("wong zakai") and no one's citation."""
    said = " ".join(fold(s).lower().replace("-", " ").replace("–", " ") for s in subject)
    found: list[tuple[int, tuple[str, ...]]] = []
    for m in _JOINED.finditer(text):
        names = tuple(m.group(1).split("–"))
        folded = " ".join(fold(n).lower().replace("-", " ") for n in names)
        before, after = text[max(0, m.start() - 12) : m.start()], text[m.end() :]
        if _eponym(before, after) or (said and folded in said):
            continue
        found.append((m.start(), names))
    for m in _WITH_OTHERS.finditer(text):
        names = tuple(n.strip() for n in m.group(1).split(","))
        found.append((m.start(), names))
    out: list[tuple[str, ...]] = []
    for _, names in sorted(found):
        kept = (n for n in names if n.split()[-1].lower() not in _NOT_PEOPLE and len(n) > 1)
        group = tuple(dict.fromkeys(kept))
        if group and group not in out:
            out.append(group)
    return out
