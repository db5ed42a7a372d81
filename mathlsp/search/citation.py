"""A reference line as mathematicians type it, without italics or quotes around the title:

    M. Hairer, A theory of regularity structures, Invent. Math. 198 (2014)
    H. L. Montgomery and R. C. Vaughan, The exceptional set in Goldbach's problem, Acta Arith. 1975
    Hooley, C. (1967). On Artin's conjecture. J. reine angew. Math. 225, 209–220.

read into its authors' surnames, its title and its year, so that the paper it names can be looked
up by what it is (`search.named`). A line this cannot read confidently gives None: a guessed
title would send a query for a journal's name.
"""

from __future__ import annotations

import re

_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
# An initial (`M.`, `Ya.`, `Ph.`, `J.-C.`, `É.`) and a capitalised surname (`Heath-Brown`, `E`,
# `O'Neil`), with the particles that may stand before one.
_INITIAL = r"(?:[^\W\d_][a-z]?\.(?:\s*-\s*[^\W\d_][a-z]?\.)*)"
_SURNAME = r"(?:[^\W\d_a-z][\w'’]*(?:-[^\W\d_][\w'’]*)*)"
_PARTICLE = r"(?:de|la|le|van|von|der|den|du|di|da|del|dos|ter|ten)"
_INITIALS_FIRST = re.compile(
    rf"{_INITIAL}(?:\s*{_INITIAL})*\s*(?:{_PARTICLE}\s+)*{_SURNAME}(?:\s+{_SURNAME})?"
)
_INITIALS_LAST = re.compile(rf"(?:{_PARTICLE}\s+)*{_SURNAME}\s+{_INITIAL}(?:\s*{_INITIAL})*")
_FULL_NAME = re.compile(
    rf"[^\W\d_a-z][\w'’]+(?:\s+{_INITIAL})?(?:\s+(?:{_PARTICLE}\s+)*{_SURNAME}){{1,2}}"
)
_JOIN = re.compile(r"\s+(?:and|&)\s+|\s*&\s*")
# Words a title has and a person's name has not.
_TITLE_WORDS = frozenset(
    "a an the of on in for and to with from by at as is are its via some new".split()
)
# The venue after a title: an abbreviation (`Invent. Math.`, `J.`), a volume or a year.
_VENUE = re.compile(r"\b[A-Z][a-z]{0,6}\.(?:\s|$)|(?<![\w+^_-])\d+(?![\w+^-])")
_APA = re.compile(
    r"^(?P<authors>[^()]+?)\s*\((?P<year>1[5-9]\d\d|20\d\d)[a-z]?\)[.,:]?\s+(?P<rest>.+)$"
)


def _is_name(segment: str) -> bool:
    segment = segment.strip()
    if not segment:
        return False
    if _INITIALS_FIRST.fullmatch(segment) or _INITIALS_LAST.fullmatch(segment):
        return True
    words = segment.split()
    return bool(_FULL_NAME.fullmatch(segment)) and not any(w.lower() in _TITLE_WORDS for w in words)


def surname(name: str) -> str:
    """The family name of a name as `_is_name` accepts it: `Heath-Brown` of `D. R. Heath-Brown`,
    `Hooley` of `Hooley C.`, `de la Bretèche` kept as `Bretèche`."""
    name = name.strip()
    if _INITIALS_LAST.fullmatch(name) and not _INITIALS_FIRST.fullmatch(name):
        return re.sub(rf"\s+{_INITIAL}.*$", "", name).split()[-1]
    return name.split()[-1]


def _split(text: str) -> list[str]:
    """At commas outside `$…$` and brackets."""
    parts: list[str] = []
    depth, math, start = 0, False, 0
    for i, ch in enumerate(text):
        if ch == "$":
            math = not math
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0 and not math:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def _people(segment: str) -> list[str] | None:
    """The names in one author segment (`H. L. Montgomery and R. C. Vaughan`), or None."""
    names = [n for n in _JOIN.split(segment) if n.strip()]
    return names if names and all(_is_name(n) for n in names) else None


def parse_citation(text: str) -> tuple[tuple[str, ...], str, int | None] | None:
    """(author surnames, title, year) of a plain reference line, or None."""
    line = " ".join(text.split()).strip(" .;")
    year_match = list(_YEAR.finditer(line))
    year = int(year_match[-1].group(1)) if year_match else None
    apa = _APA.match(line)
    if apa:
        authors = _apa_authors(apa.group("authors"))
        title = re.split(r"(?<=[.?!])\s", apa.group("rest"), maxsplit=1)[0].rstrip(".")
        if authors and len(title.split()) >= 2:
            return tuple(surname(a) for a in authors), title, int(apa.group("year"))
        return None
    segments = _split(line)
    authors: list[str] = []
    i = 0
    while i < len(segments) and (people := _people(segments[i])) is not None:
        authors += people
        i += 1
    title_parts: list[str] = []
    for segment in segments[i:]:
        if _VENUE.search(segment) and title_parts:
            break
        title_parts.append(segment)
        if _VENUE.search(segment):
            return None  # the first segment after the names is a venue or a year: no title
    title = ", ".join(title_parts).strip()
    if not authors or len(title.split()) < 2 or i == len(segments):
        return None
    return tuple(surname(a) for a in authors), title, year


def _apa_authors(text: str) -> list[str]:
    """`Hooley, C.`, `Cohen, H., & Lenstra, H. W.`: pairs of surname and initials."""
    parts = [p for p in re.split(r",\s*|\s+(?:and|&)\s+|\s*&\s*", text.strip(" ,")) if p]
    out: list[str] = []
    k = 0
    while k < len(parts):
        if k + 1 < len(parts) and re.fullmatch(rf"{_INITIAL}(?:\s*{_INITIAL})*", parts[k + 1]):
            out.append(f"{parts[k]} {parts[k + 1]}")
            k += 2
        elif _is_name(parts[k]):
            out.append(parts[k])
            k += 1
        else:
            return []
    return out
