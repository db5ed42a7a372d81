"""Following the literature: from the papers the problem names and the strongest admitted ones
to the works they cite, as a specialist reads a bibliography.

Semantic Scholar (`references`) and OpenAlex (`referenced_works`) say what a paper cites; one
batched call per source gives the citations of every seed, and one Semantic Scholar batch looks
the cited works up. Bounded: at most `MAX_SEEDS` seeds and `MAX_FOLLOWED` cited works, so three
or four requests in all. What comes back joins the candidates and faces the same relevance line:
being cited by a relevant paper is a lead, not a relevance.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mathlsp.search.merge import Candidate, Found, Hit
from mathlsp.sources.record import Identifier, IdKind, parse_identifier

MAX_SEEDS = 4
MAX_FOLLOWED = 25
#: The query a followed work's hit carries: how the report tells what following added.
FOLLOWED_QUERY = "references of the strongest papers"
_PREFERRED = (IdKind.ARXIV, IdKind.DOI, IdKind.S2)


@dataclass(slots=True)
class FollowReport:
    """What following the references did, for the report."""

    seeds: list[str] = field(default_factory=list)  # titles of the papers followed
    cited: int = 0  # distinct works they cite
    looked_up: int = 0  # of those, looked up (new to the search)
    found: int = 0  # … and returned by a source
    errors: list[str] = field(default_factory=list)
    requests: int = 0  # HTTP requests following spent (set by the search, from its budget)

    @property
    def ran(self) -> bool:
        return bool(self.seeds)


def seeds(candidates: Sequence[Candidate], limit: int = MAX_SEEDS) -> list[Candidate]:
    """The papers PROBLEM.md names first, then the strongest admitted ones by evidence."""
    named = [c for c in candidates if c.problem_reference is not None]
    strong = sorted(
        (c for c in candidates if c.problem_reference is None),
        key=lambda c: (-c.evidence, c.title.lower()),
    )
    return [*named, *strong][:limit]


def _key_of(keys: frozenset[str]) -> Identifier | None:
    """The identifier to look a cited work up by: arXiv id, DOI, else Semantic Scholar id."""
    parsed = [i for k in keys if (i := parse_identifier(k)) is not None]
    for kind in _PREFERRED:
        for ident in parsed:
            if ident.kind is kind:
                return ident
    return None


def cited_works(
    links: dict[Identifier, Any], known: set[str], limit: int = MAX_FOLLOWED
) -> list[Identifier]:
    """The works the seeds cite, most-cited among them first, without those already found."""
    counts: Counter[Identifier] = Counter()
    for paper in links.values():
        for keys in getattr(paper, "references", ()):
            if keys & known:
                continue
            ident = _key_of(keys)
            if ident is not None:
                counts[ident] += 1
    return [i for i, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0].key))][:limit]


async def follow(candidates: Sequence[Candidate], sources: Any) -> tuple[list[Found], FollowReport]:
    """Records of the works the seeds cite (not yet among the candidates), and what was done."""
    report = FollowReport()
    if not hasattr(sources, "references"):
        return [], report
    chosen = seeds(candidates)
    ids = [i for c in chosen for i in c.identifiers if i.kind in _PREFERRED]
    if not ids:
        return [], report
    report.seeds = [c.title for c in chosen]
    outcome = await sources.references(ids)
    report.errors = [str(getattr(e, "message", e)) for e in outcome.errors]
    known = {i.key for c in candidates for i in c.identifiers}
    works = cited_works(outcome.links, known)
    report.cited = sum(len(getattr(p, "references", ())) for p in outcome.links.values())
    report.looked_up = len(works)
    if not works:
        return [], report
    results = await sources.lookup_many(works, backends=["semantic_scholar"])
    found: list[Found] = []
    for rank, r in enumerate(results):
        record = getattr(r, "record", None)
        if record is not None:
            found.append(Found(record, Hit("semantic_scholar", FOLLOWED_QUERY, rank)))
    report.found = len(found)
    return found, report
