"""Works the problem itself names, found by what they name rather than by query words.

A Known Result written the way mathematicians write them — "the regularity lemma (Szemerédi,
1978)", "the intersecting-family bound (Erdős, Ko and Rado, 1961)" — or a References line giving
authors, a title and a year without an identifier names one paper, often one that predates arXiv.
Each is parsed into what it names (surnames, year, title or description) and looked up with the
sources' bibliographic search (Crossref's `query.bibliographic`, then OpenAlex's search); a hit
counts only when an author surname agrees (two, when the line cites two or more people) and the
year is within one. What is found is verified
like any other candidate; what is not is reported by name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mathlsp.notes.problem import ProblemDoc
from mathlsp.search.queries import (
    attributed_authors,
    cited_authors,
    noun_part,
    reference_seed,
    venue_words,
)
from mathlsp.search.text import STOPWORDS, key_phrases, plain_text, query_words
from mathlsp.sources.openalex_query import AUTHOR_FILTER, split_filters
from mathlsp.sources.record import PaperRecord
from mathlsp.verify.matcher import match_title
from mathlsp.verify.normalize import fold

#: At most this many named works are looked up per search (a request or two each).
MAX_NAMED = 4
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_PARENTHESES = re.compile(r"\([^()]*\b(?:1[5-9]\d\d|20\d\d)\b[^()]*\)")


@dataclass(frozen=True, slots=True)
class NamedWork:
    where: str  # "Known Result 2" / "Reference 3"
    text: str  # the line as written
    description: str  # what it names, citation removed
    authors: tuple[str, ...]  # surnames
    year: int | None
    # What it names as the note writes it, maths kept: the user reads the label ("random
    # $d$-regular graphs"), the sources read the plain description ("random -regular graphs").
    shown: str = ""

    @property
    def label(self) -> str:
        who = ", ".join(self.authors)
        what = self.shown or self.description
        return f"{what} ({who}{', ' if who and self.year else ''}{self.year or ''})"

    @property
    def query(self) -> str:
        return " ".join([self.description, *self.authors, str(self.year or "")]).strip()


def named_works(problem: ProblemDoc) -> list[NamedWork]:
    """Known Results that cite authors and a year, and References without an identifier."""
    references = [reference_seed(item.text, item.identifiers) for item in problem.references]
    out: list[NamedWork] = []
    for i, item in enumerate(problem.known_results, start=1):
        groups = cited_authors(item.text)
        year = _YEAR.search(item.text)
        if not groups or year is None:
            continue
        description = plain_text(_PARENTHESES.sub("", item.text)).replace(" | ", " ")
        description = " ".join(description.split()).strip(" .;,")
        shown = " ".join(_PARENTHESES.sub("", item.text).split()).strip(" .;,")
        where, year_ = f"Known Result {i}", int(year.group(1))
        out.append(NamedWork(where, item.text, description, groups[0], year_, shown=shown))
    for i, seed in enumerate(references, start=1):
        if seed.identifiers or not (seed.title or seed.authors):
            continue
        year = _YEAR.search(seed.text)
        description = seed.title or plain_text(_PARENTHESES.sub("", seed.text))
        out.append(
            NamedWork(
                f"Reference {i}",
                seed.text,
                " ".join(description.split()).strip(" .;,*"),
                seed.authors,
                int(year.group(1)) if year else None,
            )
        )
    return out[:MAX_NAMED]


def is_the_work(work: NamedWork, record: PaperRecord) -> bool:
    """An author surname agrees — two of them when the line cites two or more people ("Lee–
    Szczarba" names a paper by both, not any paper by either) — and the year is within one
    (when the line gives a year). A line that says nothing of what the work is about (people, a
    journal, a year) names it by more than one surname and a year: two of its people, or the
    journal it names ("Invent. Math."), or the record's title is the line's."""
    theirs = {fold(a.family).replace("-", " ") for a in record.authors if a.family}
    mine = {fold(a).replace("-", " ") for a in work.authors}
    if not mine:  # a title alone: Crossref answers every query with *something*
        return match_title(work.description, record.title).ok
    agree = sum(any(m in t or t in m for t in theirs) for m in mine)
    if agree < min(2, len(mine)):
        return False
    if work.year is not None and record.year is not None and abs(work.year - record.year) > 1:
        return False
    if subject_words(work) or agree >= 2:
        return True
    venue = venue_words(work.text)
    # "Invent. Math." abbreviates "Inventiones Mathematicae": each word opens one of the venue's.
    said = fold(query_words(record.venue or "")).split()
    return bool(venue) and all(any(w.startswith(fold(v)) for w in said) for v in venue)


def subject_words(work: NamedWork) -> set[str]:
    """The words of the line that say what the work is about: not its people, its journal, its
    year ("Lee–Szczarba (Invent. Math. 1976)" has none)."""
    people = {
        fold(n) for g in (*cited_authors(work.text), *attributed_authors(work.text)) for n in g
    }
    people |= {fold(n) for n in work.authors}
    venue = venue_words(work.text)
    return {
        w
        for w in query_words(work.description).lower().replace("-", " ").split()
        if len(w) > 2
        and not w.isdigit()
        and fold(w) not in people
        and w not in venue
        and w not in STOPWORDS
    }


def sendable(work: NamedWork) -> bool:
    """Whether a look-up can tell the work from its authors' other papers: one surname and a
    year with nothing of what the work is about or where it appeared ("Ash (1984)") is not
    sent — any paper of theirs that year would pass for it."""
    return len(work.authors) != 1 or bool(subject_words(work)) or bool(venue_words(work.text))


async def resolve(work: NamedWork, sources: Any) -> PaperRecord | None:
    """The record of the work `work` names, or None; Crossref first, then OpenAlex."""
    if not sendable(work):
        return None
    outcome = await sources.match_title(work.query, "crossref")
    for record in outcome.records if outcome.error is None else ():
        if is_the_work(work, record):
            return record
    query = openalex_query(work)
    # One surname and a year, nothing of what the work is about ("Ash (1984)"): any paper of
    # theirs that year would pass as the work the problem names, and be written as such.
    if not query or (len(work.authors) < 2 and not split_filters(query)[1]):
        return None
    outcome = await sources.search("openalex", query, 5)
    for record in outcome.records if outcome.error is None else ():
        if is_the_work(work, record):
            return record
    return None


def openalex_query(work: NamedWork) -> str:
    """A known-item query for OpenAlex: the first author in its byline filter and the year
    within one in its year filter, the key phrases of the description OR'ed (they rank; its
    `search=` would want every word of a whole Known Result sentence). Without an author, the
    title's words as written (a References line names its title)."""
    # The people the line cites are who, not what ("chenal millet", "lee szczarba"), and a
    # phrase cut around a verb is asked as its noun phrase ("added large deviations").
    people = {n for g in (*cited_authors(work.text), *attributed_authors(work.text)) for n in g}
    venues = venue_words(work.text)  # "(Invent. Math. 1976)" cites a journal, not a subject
    cut = (noun_part(p) for p in key_phrases(work.description, limit=3, names=people))
    phrases = [p for p in cut if p and not venues & set(p.split())]
    if not work.authors:
        return " ".join(query_words(work.description).split()[:12])
    parts = [f'{AUTHOR_FILTER}:"{work.authors[0]}"']
    if work.year:
        parts.append(f"publication_year:{work.year - 1}-{work.year + 1}")
    any_of = " OR ".join(
        f'"{q}"' if " " in q else q for q in dict.fromkeys(query_words(p) for p in phrases) if q
    )
    return " ".join([*parts, any_of]).strip()
