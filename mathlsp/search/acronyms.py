"""Acronyms a note uses and never spells out, spelled out from the papers a search retrieved.

A note written by someone inside the field says "PKS", "GMC" or "KLR" and never the words; titles
(title-only BibTeX records above all) say "Patlak–Keller–Segel", "Gaussian multiplicative chaos",
"Khovanov–Lauda–Rouquier", and no query of the note's words reaches them. The first round's
papers spell the acronym out somewhere: "the Patlak-Keller-Segel (PKS) system", or a run of words
whose initials are its letters in several of them. That run, asked among the feedback phrases, is
the field's own name for the object — read off what came back, never from a list of acronyms.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from mathlsp.search.text import BREAK, STOPWORDS, plain_text, stem, words

# An acronym as notes write it: two to six capitals, an optional plural "s" ("SPDEs"), a small
# letter between two of them where it stands for a particle of a name ("KdV": Korteweg-de Vries).
_ACRONYM = re.compile(r"(?<![\w-])([A-Z](?:[a-z]?[A-Z]){1,5})s?(?![\w-])")
# Particles of a name, written in lower case inside it ("Korteweg-de Vries", "van der Waerden").
_PARTICLES = frozenset("de van von der den ter la le du di da del dos".split())
# Roman numerals ("II", "XIV") and the like are no acronyms.
_ROMAN = re.compile(r"^[IVXLCDM]+$")
# Small words an expansion may carry that have no letter in the acronym ("law of large numbers"
# is LLN, "Birch and Swinnerton-Dyer" BSD).
_GLUE = frozenset("of and the for in on to with".split())
#: Papers that must spell it out in the same words, when none writes the acronym beside them.
MIN_PAPERS = 2
_TOKEN = re.compile(r"[A-Za-z][A-Za-z']*(?:-[A-Za-z][A-Za-z']*)*")


# A journal as citations abbreviate it: before a volume or year ("CMP 2015", "ARMA 202",
# "SIAM J."), or after an abbreviated word ("Proc. LMS", "Publ. IHES").
_VENUE_AFTER = r"s?[,.]?\s*(?:\d|J\.)"
_VENUE_BEFORE = r"\b[A-Z][a-z]{1,6}\.\s*"


def acronyms_in(text: str) -> list[str]:
    """The acronyms a text uses (upper case, in order of first use), not the journals its
    citations abbreviate."""
    plain = plain_text(text)
    out: list[str] = []
    for m in _ACRONYM.finditer(plain):
        a = m.group(1)
        if a in out or _ROMAN.fullmatch(a) or len(a) > 6:
            continue
        if re.search(rf"(?:{_VENUE_BEFORE}{a}\b|\b{a}{_VENUE_AFTER})", text):
            continue
        out.append(a)
    return out


def written_by(acronym: str, texts: Iterable[str]) -> int:
    """How many of the texts write the acronym itself."""
    pattern = re.compile(rf"(?<![\w-]){acronym}s?(?![\w-])")
    return sum(1 for t in texts if pattern.search(t))


def _parts(text: str) -> list[tuple[str, int]]:
    """Word parts (a hyphenated compound's parts each one: "Patlak-Keller-Segel" gives three
    initials) with the index of the whole word they belong to."""
    out: list[tuple[str, int]] = []
    for i, token in enumerate(_TOKEN.findall(text)):
        out.extend((p, i) for p in token.split("-") if p)
    return out


def runs_with_initials(acronym: str, text: str) -> list[str]:
    """Every run of words in `text` whose initials spell `acronym` (case-insensitive; small words
    without a letter of their own may sit inside), lower case, as the text writes it."""
    letters = acronym.lower()
    parts = _parts(text)
    found: list[str] = []
    for start in range(len(parts)):
        if parts[start][0][0].lower() != letters[0] or parts[start][0].lower() in _GLUE:
            continue
        k, j = 0, start
        taken: list[int] = []
        while j < len(parts) and k < len(letters):
            word = parts[j][0].lower()
            if word[0] == letters[k] and not (word in _GLUE and k > 0):
                taken.append(j)
                k += 1
            elif word in _GLUE and k > 0:
                pass
            else:
                break
            j += 1
        # The run must end on a letter of its own and take whole words (not half of a compound),
        # each word a word of the subject's ("by the first named" is no name).
        if any(len(parts[t][0]) < 2 or parts[t][0].lower() in STOPWORDS for t in taken):
            continue
        if k == len(letters) and taken:
            end = taken[-1]
            if end + 1 < len(parts) and parts[end + 1][1] == parts[end][1]:
                continue
            if start > 0 and parts[start - 1][1] == parts[start][1]:
                continue
            found.append(" ".join(p for p, _ in parts[start : end + 1]).lower())
    return found


def _beside(acronym: str, text: str) -> list[str]:
    """Runs the text writes with the acronym in parentheses right after: "Patlak-Keller-Segel
    (PKS)"."""
    out: list[str] = []
    for m in re.finditer(rf"\(\s*{acronym}s?\s*\)", text):
        before = text[: m.start()]
        tail = " ".join(_TOKEN.findall(before)[-(2 * len(acronym) + 2) :])
        runs = runs_with_initials(acronym, tail)
        if runs:
            out.append(runs[-1])
    return out


def spell_out_acronyms(
    acronyms: Iterable[str], texts: Iterable[str], known: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Each acronym (upper case) with the words the texts (titles and abstracts of retrieved
    papers, one text per paper) spell it as: a run written with the acronym in parentheses
    after it wins; else the run of words with its initials that most papers say, when at least
    `MIN_PAPERS` do. Acronyms in `known` (already spelled out by the note) are left out."""
    wanted = [a for a in dict.fromkeys(acronyms) if not (known and a.lower() in known)]
    if not wanted:
        return {}
    beside: dict[str, Counter[str]] = {a: Counter() for a in wanted}
    said: dict[str, Counter[str]] = {a: Counter() for a in wanted}
    for text in texts:
        # Formulas are no words: a run never crosses one ("$A \\rightarrow \\mathcal{A}$").
        chunks = plain_text(text).split(BREAK.strip())
        for a in wanted:
            runs = {r for chunk in chunks for r in runs_with_initials(a, chunk)}
            for run in {r for chunk in chunks for r in _beside(a, chunk)}:
                beside[a][run] += 1
            for run in runs:
                said[a][run] += 1
    out: dict[str, str] = {}
    for a in wanted:
        if beside[a]:
            out[a] = _best(beside[a] + said[a], beside[a])
        # Two letters are any two words' initials: only a paper writing the acronym beside
        # its words says what it stands for.
        elif said[a] and len(a) > 2:
            run = _best(said[a], said[a])
            if said[a][run] >= MIN_PAPERS:
                out[a] = run
    return out


def _best(counts: Counter[str], among: Counter[str]) -> str:
    # Most papers first; among equals the longer (a name in full), then alphabetical for a
    # deterministic choice.
    return min(among, key=lambda r: (-counts[r], -len(words(r)), r))


def written_as_name(run: str, texts: Iterable[str]) -> bool:
    """Whether the texts write `run` (lower case, as `runs_with_initials` gives it) as a name:
    somewhere, and everywhere with capitals but for a name's particles ("Korteweg-de Vries",
    "Landau-Lifshitz-Gilbert"). A name's acronym and the name are one object's two spellings;
    the words of "stochastic partial differential equations" are written in lower case too."""
    parts = run.split()
    if not parts:
        return False
    pattern = re.compile(r"(?<![\w-])" + r"[\s-]+".join(map(re.escape, parts)) + r"(?![\w-])", re.I)
    seen = False
    for text in texts:
        for m in pattern.finditer(text):
            said = re.split(r"[\s-]+", m.group(0))
            if any(w[:1].islower() and w.lower() not in _PARTICLES for w in said):
                return False
            seen = True
    return seen


# An acronym a paper writes in parentheses after its words: "(ASEP)", "(KdV)"; three letters at
# least, since two are any two words' initials.
_BESIDE = re.compile(r"\(\s*([A-Z](?:[a-z]?[A-Z]){2,5})s?\s*\)")


def acronyms_beside(
    phrases: Iterable[tuple[str, ...]], texts: Iterable[str], unsaid: Callable[[str], bool]
) -> list[str]:
    """Acronyms the texts write in parentheses after a run of words holding one of `phrases`
    (stems: the problem's tags and key phrases) — "asymmetric simple exclusion process (ASEP)"
    for the tag "exclusion process" —, for which `unsaid` holds (the note never writes them); by
    how many texts write each, most first. A title-only record names its object by the acronym
    as often as by the words ("Two ways to solve ASEP"), and then no phrase of the note finds it."""
    wanted = [p for p in phrases if p]
    counts: Counter[str] = Counter()
    for text in texts:
        chunks = plain_text(text).split(BREAK.strip())
        found: set[str] = set()
        for chunk in chunks:
            for m in _BESIDE.finditer(chunk):
                a = m.group(1)
                if a in found or _ROMAN.fullmatch(a) or not unsaid(a):
                    continue
                run = next(iter(_beside(a, chunk[: m.end()])[-1:]), "")
                run_stems = tuple(stem(w) for w in words(run))
                if any(_holds(run_stems, p) for p in wanted):
                    found.add(a)
        counts.update(found)
    return sorted(counts, key=lambda a: (-counts[a], a))


def _holds(run: Sequence[str], phrase: Sequence[str]) -> bool:
    n = len(phrase)
    return any(tuple(run[i : i + n]) == tuple(phrase) for i in range(len(run) - n + 1))
