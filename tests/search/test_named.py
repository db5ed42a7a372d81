"""Works the problem names: which record counts as the work, and what is never looked up."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from mathlsp.search.named import NamedWork, is_the_work, resolve
from mathlsp.sources.record import Author, PaperRecord


def record(*families: str, year: int = 1976, title: str = "On something") -> PaperRecord:
    return PaperRecord("openalex", title, authors=tuple(Author(f) for f in families), year=year)


def work(*authors: str, description: str = "", year: int | None = 1976) -> NamedWork:
    return NamedWork("Known Result 1", "the line", description, authors, year)


def test_two_cited_people_name_a_paper_by_both() -> None:
    both = work("Lee", "Szczarba", description="cohomology of congruence subgroups")
    assert is_the_work(both, record("Lee", "Szczarba"))
    assert is_the_work(both, record("Szczarba", "Lee", "Other"))
    # Any paper of one of them that year is not the work the line names.
    assert not is_the_work(both, record("Szczarba"))
    assert not is_the_work(both, record("Lee", "Someone"))
    one = work("Ash", description="unstable cohomology")
    assert is_the_work(one, record("Ash", year=1977))
    assert not is_the_work(one, record("Ash", year=1980))


@dataclass
class Outcome:
    records: list[PaperRecord]
    error: Exception | None = None


@dataclass
class Sources:
    """Crossref finds nothing; OpenAlex answers any query with one paper of the author."""

    asked: list[str] = field(default_factory=list)

    async def match_title(self, query: str, backend: str) -> Outcome:
        self.asked.append(f"{backend}: {query}")
        return Outcome([])

    async def search(self, backend: str, query: str, limit: int) -> Any:
        self.asked.append(query)
        return Outcome([record("Ash", title="A paper on anything")])


def test_one_surname_and_a_year_alone_are_not_looked_up() -> None:
    # "Ash (1984)" with no word of what the work is about: any paper of Ash's that year would
    # pass as the work and be written as the one the problem names.
    sources = Sources()
    assert asyncio.run(resolve(work("Ash", description="Ash", year=1984), sources)) is None
    assert sources.asked == []  # neither Crossref nor OpenAlex
    # With what it is about, it is asked, and a paper of the author that year counts.
    about = work("Ash", description="unstable cohomology of SL(n,O)", year=1976)
    assert asyncio.run(resolve(about, sources)) is not None
    assert len(sources.asked) == 2  # Crossref found nothing, then OpenAlex


def test_a_line_of_people_and_a_journal_names_the_work_by_the_journal() -> None:
    # "Szczarba (Invent. Math. 1976)": nothing of what the work is about; the journal it names
    # tells the work from Szczarba's other papers of 1975-77.
    line = NamedWork(
        "Known Result 1", "Szczarba (Invent. Math. 1976)", "Szczarba", ("Szczarba",), 1976
    )
    there = PaperRecord(
        "crossref",
        "On the homology of SL(n, Z)",
        authors=(Author("Szczarba", "R. H."),),
        year=1976,
        venue="Inventiones Mathematicae",
    )
    elsewhere = PaperRecord(
        "crossref",
        "Homotopy of function spaces",
        authors=(Author("Szczarba", "R. H."),),
        year=1976,
        venue="Topology",
    )
    assert is_the_work(line, there)
    assert not is_the_work(line, elsewhere)
    asked = Sources()  # sent: the journal names it
    asyncio.run(resolve(line, asked))
    assert asked.asked and asked.asked[0].startswith("crossref")
