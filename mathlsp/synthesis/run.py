"""Gathering the evidence for a draft: citations among the confirmed references and TheoremSearch
statements on them, through `Sources` (batched, cached); offline, what the cache and the notes
already hold. Network trouble becomes a note, never an exception.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.notes.problem import ProblemDoc
from mathlsp.search.queries import build_queries
from mathlsp.sources.http import label
from mathlsp.sources.record import Identifier
from mathlsp.sources.registry import PaperLinks, cached_links
from mathlsp.synthesis.draft import Evidence, key_result_quotes, theorems_from_hits
from mathlsp.synthesis.graph import CitationGraph, build_graph
from mathlsp.verify.pipeline import identifiers_of

MAX_THEOREM_QUERIES = 3
Progress = Callable[[str], None]


@dataclass(slots=True)
class Gathered:
    evidence: Evidence
    notes: list[str] = field(default_factory=list)  # what could not be fetched, for the user


def graph_from_links(
    references: Sequence[ReferenceEntry], links: Mapping[Identifier, PaperLinks]
) -> CitationGraph:
    own: dict[str, set[str]] = {}
    cited: dict[str, list[frozenset[str]]] = {}
    for e in references:
        idents = [i.unversioned() for i in identifiers_of(e)]
        own[e.id] = {i.key for i in idents}
        for ident in idents:
            found = links.get(ident)
            if found is not None:
                own[e.id] |= found.own
                cited.setdefault(e.id, []).extend(found.references)
    return build_graph(own, cited)


def stamped(doc: LiteratureDoc) -> list[Any]:
    """The references a synthesis may rest on: in Confirmed References *and* stamped
    `Verified: … via <URL>` — an entry typed under the heading but never checked is no evidence."""
    return [
        e
        for e in doc.confirmed
        if e.section == "confirmed" and e.verified is not None and e.verified.url
    ]


def offline_graph(cache: Any, doc: LiteratureDoc) -> CitationGraph | None:
    """The graph from cached links only (None when the cache knows nothing of these papers)."""
    if cache is None:
        return None
    refs = stamped(doc)
    idents = [i for e in refs for i in identifiers_of(e)]
    links = cached_links(cache, idents)
    return graph_from_links(refs, links) if links else None


def offline_evidence(doc: LiteratureDoc, problem: ProblemDoc | None, cache: Any = None) -> Evidence:
    refs = stamped(doc)
    quotes = [q for e in refs for q in key_result_quotes(e)]
    return Evidence(refs, problem, quotes, offline_graph(cache, doc))


async def gather(
    sources: Any,
    doc: LiteratureDoc,
    problem: ProblemDoc | None,
    *,
    progress: Progress | None = None,
    use_cache: bool = True,
) -> Gathered:
    """Evidence from the sources: the citation graph and TheoremSearch statements."""
    refs = stamped(doc)
    evidence = offline_evidence(doc, problem)
    out = Gathered(evidence)
    if not refs:
        return out
    say = progress or (lambda _m: None)
    say(f"citations among {len(refs)} confirmed references")
    idents = [i for e in refs for i in identifiers_of(e)]
    outcome = await sources.references(idents, use_cache=use_cache)
    for err in outcome.errors:
        out.notes.append(f"{label(err.backend)}: citations not fetched ({err})")
    if outcome.links or not outcome.errors:
        evidence.graph = graph_from_links(refs, outcome.links)
    if problem is not None:
        plan = build_queries(problem)
        queries = [q.query for q in plan.queries if q.backend == "theoremsearch"]
        for query in queries[:MAX_THEOREM_QUERIES]:
            say(f"TheoremSearch: {query}")
            found = await sources.search_theorems(query)
            if found.error is not None:
                out.notes.append(f"TheoremSearch: {found.error}")
                break
            evidence.theorems.extend(theorems_from_hits(found.hits, refs))
    return out
