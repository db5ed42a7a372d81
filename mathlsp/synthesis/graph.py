"""The citation graph among a problem's confirmed references, and a reading order from it. Pure.

Nodes are REF ids; an edge A → B means "A cites B". Links come from the sources as identifier
keys (`arxiv:…`, `doi:…`, `s2:…`, `openalex:W…`): a cited work is one of your references when
any of its keys is one of that reference's keys. `reading_order` puts foundations first — a paper
before every paper that cites it — and breaks ties by relevance, then by document order. A cycle
(two papers citing each other, as preprints do) is broken deterministically: the most relevant
paper of the stuck remainder is placed first, and the citations it had to skip are reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(slots=True)
class CitationGraph:
    nodes: list[str]  # REF ids, in document order
    cites: dict[str, set[str]] = field(default_factory=dict)  # REF → REFs it cites
    known: set[str] = field(default_factory=set)  # REFs some source told us the citations of

    def cited_by(self, ref: str) -> list[str]:
        return sorted(n for n in self.nodes if ref in self.cites.get(n, ()))

    def citing(self, ref: str) -> list[str]:
        """The references `ref` cites (sorted)."""
        return sorted(self.cites.get(ref, ()))

    @property
    def edges(self) -> list[tuple[str, str]]:
        return sorted((a, b) for a, bs in self.cites.items() for b in bs)


def build_graph(
    own: Mapping[str, Iterable[str]], references: Mapping[str, Iterable[Iterable[str]]]
) -> CitationGraph:
    """`own`: REF id → its identifier keys (document order); `references`: REF id → the keys
    of each work it cites, as far as a source said. Self-citations and unknown works drop out."""
    nodes = list(own)
    owner: dict[str, str] = {}
    for ref, keys in own.items():
        for key in keys:
            owner.setdefault(key.lower(), ref)
    graph = CitationGraph(nodes)
    for ref, works in references.items():
        if ref not in own:
            continue
        graph.known.add(ref)
        for keys in works:
            hit = next((owner[k.lower()] for k in keys if k.lower() in owner), None)
            if hit is not None and hit != ref:
                graph.cites.setdefault(ref, set()).add(hit)
    return graph


@dataclass(slots=True)
class ReadingOrder:
    order: list[str]
    broken: list[tuple[str, str]]  # (citing, cited) citations a cycle forced us to skip


def reading_order(
    graph: CitationGraph, relevance: Mapping[str, float] | None = None
) -> ReadingOrder:
    """Foundations first: every paper after the papers it cites, ties by relevance (higher
    first) then document order; cycles broken at the most relevant paper of the remainder."""
    relevance = relevance or {}
    position = {n: i for i, n in enumerate(graph.nodes)}

    def rank(n: str) -> tuple[float, int]:
        return (-relevance.get(n, 0.0), position[n])

    pending = {n: set(graph.cites.get(n, ())) & set(graph.nodes) for n in graph.nodes}
    placed: list[str] = []
    done: set[str] = set()
    broken: list[tuple[str, str]] = []
    while len(placed) < len(graph.nodes):
        ready = [n for n in graph.nodes if n not in done and not pending[n] - done]
        if ready:
            pick = min(ready, key=rank)
        else:  # a cycle: place the most relevant remaining paper, skipping what it cites
            stuck = [n for n in graph.nodes if n not in done]
            pick = min(stuck, key=rank)
            broken.extend((pick, c) for c in sorted(pending[pick] - done, key=position.get))
        placed.append(pick)
        done.add(pick)
    return ReadingOrder(placed, broken)


def cycles(graph: CitationGraph) -> list[list[str]]:
    """The strongly connected components with more than one paper (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.cites.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp: list[str] = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for n in graph.nodes:
        if n not in index:
            visit(n)
    return sorted(out)


def describe(graph: CitationGraph, ref: str) -> str:
    """ "cites REF-002, REF-005 · cited by REF-007" (empty when neither)."""
    parts = []
    if graph.citing(ref):
        parts.append("cites " + ", ".join(graph.citing(ref)))
    if graph.cited_by(ref):
        parts.append("cited by " + ", ".join(graph.cited_by(ref)))
    return " · ".join(parts)
