from __future__ import annotations

from mathlsp.synthesis.graph import build_graph, cycles, describe, reading_order


def graph(edges: dict[str, list[str]], nodes: list[str]):
    own = {n: {f"doi:10.1/{n.lower()}"} for n in nodes}
    refs = {n: [{f"doi:10.1/{c.lower()}"} for c in edges.get(n, [])] for n in nodes}
    return build_graph(own, refs)


def test_edges_by_any_shared_key_and_unknown_works_dropped() -> None:
    own = {"REF-001": {"arxiv:1311.4600", "doi:10.4007/x"}, "REF-002": {"doi:10.1/y"}}
    refs = {
        "REF-002": [{"s2:abc", "ARXIV:1311.4600"}, {"doi:10.9/elsewhere"}, {"doi:10.1/y"}],
    }
    g = build_graph(own, refs)
    assert g.edges == [("REF-002", "REF-001")]  # the self-citation is dropped
    assert g.known == {"REF-002"}
    assert g.cited_by("REF-001") == ["REF-002"]
    assert describe(g, "REF-001") == "cited by REF-002"
    assert describe(g, "REF-002") == "cites REF-001"


def test_foundations_first_ties_by_relevance_then_document_order() -> None:
    nodes = ["REF-001", "REF-002", "REF-003", "REF-004"]
    g = graph({"REF-001": ["REF-004"], "REF-002": ["REF-001", "REF-003"]}, nodes)
    order = reading_order(g, {"REF-003": 0.9, "REF-004": 0.1})
    assert order.order == ["REF-003", "REF-004", "REF-001", "REF-002"]
    assert order.broken == []


def test_every_paper_comes_after_what_it_cites() -> None:
    nodes = [f"REF-{i:03d}" for i in range(1, 8)]
    edges = {"REF-007": ["REF-001"], "REF-001": ["REF-003"], "REF-005": ["REF-007", "REF-002"]}
    order = reading_order(graph(edges, nodes)).order
    assert sorted(order) == nodes
    for a, cited in edges.items():
        for b in cited:
            assert order.index(b) < order.index(a)


def test_two_cycle_is_broken_deterministically_at_the_most_relevant() -> None:
    nodes = ["REF-001", "REF-002", "REF-003"]
    g = graph({"REF-001": ["REF-002"], "REF-002": ["REF-001"], "REF-003": ["REF-001"]}, nodes)
    assert cycles(g) == [["REF-001", "REF-002"]]
    order = reading_order(g, {"REF-002": 0.5})
    assert order.order == ["REF-002", "REF-001", "REF-003"]
    assert order.broken == [("REF-002", "REF-001")]
    # Same input, same answer; equal relevance: document order decides.
    assert reading_order(g).order == ["REF-001", "REF-002", "REF-003"]
    assert reading_order(g).broken == [("REF-001", "REF-002")]


def test_longer_cycle_and_self_loop_terminate() -> None:
    nodes = ["REF-001", "REF-002", "REF-003", "REF-004"]
    g = graph(
        {"REF-001": ["REF-002"], "REF-002": ["REF-003"], "REF-003": ["REF-001"]},
        nodes,
    )
    order = reading_order(g)
    assert sorted(order.order) == nodes
    assert len(order.broken) == 1
    assert cycles(g) == [["REF-001", "REF-002", "REF-003"]]
