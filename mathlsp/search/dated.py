"""The works a note cites in passing by their people and year: "Kesten (1963)", "Mijena–Nane
2015", "Gyöngy, Nualart and Sanz-Solé (1995)".

Pure. A short note names the work it builds on so, inside a sentence, without a title; the work's
title is how its field names the problem's object, often in words the note never writes (a note
on "non-self-intersecting lattice paths" citing "Kesten (1963)", whose paper is *On the number of
self-avoiding walks*). Feedback reads such a work's title, once a query has retrieved it, as it
reads the title of a work PROBLEM.md lists (`feedback.strong_papers`). Only people followed by
their year count: a surname alone would take any paper of that author as the one cited.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from mathlsp.search.people import same_person_surname
from mathlsp.sources.record import Author

# A capitalised surname ("Kesten", "Sanz-Solé", "O'Neil"); particles may stand before it, as
# the note writes them ("van den Berg", "de la Vallée Poussin", "Da Prato", "Le Gall", "Ben
# Arous"), and after them a second word of the name. The byline keeps them as written; the
# surname matched is its last word, as before (`people._keys` reads "Le Gall" as "Gall" too).
_PARTICLE = (
    r"(?:(?:[dD]e|[vV]an|[vV]on|der|den|[lL]a|[lL]e|[dD]u|[dD]i|[dD]a|[dD]el|[dD]ella|dos|Ben|El)"
    r"[ \t]+)"
)
_WORD = r"[^\W\d_a-z][\w'’]+(?:-[^\W\d_a-z][\w'’]+)*"
_NAME = rf"(?:{_PARTICLE}{{1,3}}{_WORD}(?:[ \t]+{_WORD})?|{_WORD})"
# Between two people of one byline: an en or em dash, a slash, a comma, "and", "&".
# Never a line break: a heading or a list's dash is no byline's. A hyphen without spaces is
# inside one surname ("Sanz-Solé").
_SEP = r"(?:[ \t]*[–—/][ \t]*|[ \t]+-[ \t]+|--|,[ \t]+|[ \t]+and[ \t]+|[ \t]*&[ \t]*)"
_DATED = re.compile(
    rf"(?<![\w'’-])(?P<who>{_NAME}(?:{_SEP}{_NAME}){{0,3}})(?P<etal>[ \t]+et[ \t]+al\.?)?"
    rf"(?:'s)?[ \t]*[(\[]?[ \t]*(?P<year>1[89]\d\d|20\d\d)[a-z]?(?![\d])"
    # "Tao–Vu (2008, 2010)": the same people's later works.
    rf"(?P<more>(?:[ \t]*,[ \t]*(?:1[89]\d\d|20\d\d)[a-z]?(?![\d]))*)"
)
_SPLIT = re.compile(_SEP)
#: Capitalised words that open a sentence or name a thing, never a cited person ("In 1962",
#: "Since 2015", "Theorem 1975").
_NOT_PEOPLE = frozenset(
    "in since until after before by from the a an of on for and or see cf also then thus "
    "theorem lemma conjecture proposition corollary section chapter part volume vol page "
    "problem question remark example figure table year years paper papers work survey "
    "handbook proc ann math journal".split()
)


@dataclass(frozen=True, slots=True)
class DatedCitation:
    """The surnames of one byline the note writes, and the year it gives."""

    surnames: tuple[str, ...]
    year: int
    et_al: bool = False  # "Comets et al. 2003": more people than the byline names
    # The people as the note writes them ("Ben Arous–Zeitouni"; the surnames keep "Arous").
    written: str = field(default="", compare=False)
    # The byline's later years ("(2008, 2010)"): `the_cited_work` reads them with `year`;
    # feedback reads `year` alone.
    also: tuple[int, ...] = field(default=(), compare=False)

    @property
    def years(self) -> tuple[int, ...]:
        return (self.year, *self.also)

    @property
    def label(self) -> str:
        """The byline as the note writes it: "Rudelson–Vershynin (2008)"."""
        return self.cited(self.year)

    def cited(self, year: int) -> str:
        """The byline with one of its years: "Tao–Vu (2010)"."""
        who = self.written or "–".join(self.surnames)
        return who + (" et al." if self.et_al else "") + f" ({year})"


def dated_citations(text: str) -> list[DatedCitation]:
    """Every byline followed by a year in `text`, in order, each once."""
    out: list[DatedCitation] = []
    for m in _DATED.finditer(text):
        people = [p.strip() for p in _SPLIT.split(m.group("who")) if p.strip()]
        # Drop the sentence's opening word ("In Kesten 1963" keeps Kesten; "In 1962" nobody).
        # and an acronym ("AMS 2010") is an institution or a journal, not a person.
        people = [p for p in people if p.split()[-1].lower() not in _NOT_PEOPLE and not p.isupper()]
        if not people:
            continue
        cite = DatedCitation(
            tuple(p.split()[-1] for p in people),
            int(m.group("year")),
            bool(m.group("etal")),
            written=" ".join(m.group("who").split()),
            also=tuple(map(int, re.findall(r"\d{4}", m.group("more")))),
        )
        if cite not in out:
            out.append(cite)
    return out


def is_cited_work(
    cites: Iterable[DatedCitation], authors: Iterable[Author], year: int | None
) -> bool:
    """A paper by one of a dated byline's people, its year within one of the year given."""
    if year is None:
        return False
    authors = list(authors)
    return any(
        abs(year - c.year) <= 1
        and any(same_person_surname(s, a) for s in c.surnames for a in authors)
        for c in cites
    )


def the_cited_work(
    cites: Iterable[DatedCitation], authors: Iterable[Author], year: int | None
) -> str | None:
    """The byline, with its year, that names this very paper, if one does ("Tao–Vu (2010)"):
    every person of the byline wrote it, nobody else did (more people only after "et al."), in a
    year the byline gives. Stricter than
    `is_cited_work`, which only leads feedback to a title's words: this one lets a paper the note
    cites by name be weighed for the list though it says none of the problem's phrases (a titles-
    only record *Circular law* for a note's "Bai (1997)" on the "uniform disc law"). A co-author
    too many, or a year off, is another paper of the same people (stop 52: on the studied pools
    the looser reading took 19 papers that were not the cited one, this one 7)."""
    if year is None:
        return None
    authors = list(authors)
    for c in cites:
        if year not in c.years:
            continue
        if len(authors) < len(c.surnames) + c.et_al or (
            not c.et_al and len(authors) > len(c.surnames)
        ):
            continue
        if all(any(same_person_surname(s, a) for a in authors) for s in c.surnames):
            return c.cited(year)
    return None
