"""Spare queries are granted in one fixed order, whatever order the lanes reach them in."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.search.queries import PlannedQuery
from mathlsp.search.spare import SpareClaims, cost, spare_order


def _q(backend: str, n: int, broader: str = "") -> PlannedQuery:
    return PlannedQuery(backend, f"{backend} {n}", "spare", broader)


def test_spare_queries_are_decided_round_by_round_arxiv_last() -> None:
    plan = [
        _q("arxiv", 1),
        _q("arxiv", 2),
        *(_q("semantic_scholar", n) for n in (1, 2, 3)),
        *(_q("openalex", n) for n in (1, 2)),
    ]
    assert [q.query for q in spare_order(plan)] == [
        "openalex 1",
        "semantic_scholar 1",
        "openalex 2",
        "semantic_scholar 2",
        "semantic_scholar 3",
        "arxiv 1",
        "arxiv 2",
    ]


def test_a_spare_query_waits_for_those_before_it_unless_there_is_room_for_all() -> None:
    oa, s2 = _q("openalex", 1, "wider"), _q("semantic_scholar", 1)
    claims = SpareClaims.of([s2, oa])
    assert claims.first(oa) and not claims.first(s2)
    assert cost(oa) == 2 and claims.ahead(s2) == 2
    # One request left: OpenAlex's query comes first, even if Semantic Scholar asks before it.
    assert not claims.may_grant(s2, 1) and not claims.may_grant(s2, 2)
    assert claims.may_grant(oa, 1)
    # Room for OpenAlex's query and its broadening, and for Semantic Scholar's: no waiting.
    assert claims.may_grant(s2, 3)
    claims.decline([oa])
    assert claims.first(s2) and claims.may_grant(s2, 1)


def _run(
    plan: list[PlannedQuery], uses: dict[int, int], budget: int, draw: random.Random | None
) -> set[str]:
    """The queries granted, each lane (one per backend) claiming its spare queries in turn, in
    the order `draw` picks lanes and answers, a granted query settling a random while later.
    `draw` None decides one query at a time in the fixed order, each settled at once."""
    claims = SpareClaims.of(plan)
    lanes = {b: [q for q in plan if q.backend == b] for b in {q.backend for q in plan}}
    spent = 0
    owed: dict[str, tuple[int, int]] = {}  # lane → (uses, worst cost) of its query in flight
    granted: set[str] = set()
    while True:
        steps = [("settle", b) for b in owed]
        if draw is None:
            head = [q.backend for q in claims.order if id(q) not in claims.decided][:1]
            steps = steps or [("claim", b) for b in head]
        else:
            steps += [("claim", b) for b, queue in lanes.items() if queue and b not in owed]
        if not steps:
            return granted
        kind, lane = draw.choice(sorted(steps)) if draw else steps[0]
        if kind == "settle":
            spent += owed.pop(lane)[0]
            continue
        q = lanes[lane][0]
        room = budget - spent - sum(worst for _, worst in owed.values())
        if claims.may_grant(q, room):
            claims.grant(q)
            owed[lane] = (uses[id(q)], cost(q))
            granted.add(q.query)
            lanes[lane].pop(0)
        elif claims.first(q) and not owed:
            claims.decline(lanes.pop(lane))  # no room, and nothing can free any: the lane stops
        # else it waits: another step is taken


@settings(max_examples=200, deadline=None)
@given(
    counts=st.tuples(*(st.integers(0, 4) for _ in range(3))),
    broad=st.lists(st.booleans(), min_size=12, max_size=12),
    used=st.lists(st.booleans(), min_size=12, max_size=12),
    budget=st.integers(0, 12),
    seed=st.integers(0, 10_000),
)
def test_the_grants_do_not_depend_on_which_lane_runs_ahead(
    counts: tuple[int, int, int],
    broad: list[bool],
    used: list[bool],
    budget: int,
    seed: int,
) -> None:
    # Whatever order the lanes reach their spare queries and the granted ones come back in, the
    # grants are those of deciding one query at a time in the fixed order.
    plan: list[PlannedQuery] = []
    uses: dict[int, int] = {}
    for backend, count in zip(("arxiv", "semantic_scholar", "openalex"), counts, strict=True):
        for n in range(count):
            k = len(plan)
            q = _q(backend, n, "wider" if broad[k] else "")
            plan.append(q)
            uses[id(q)] = 2 if broad[k] and used[k] else 1  # broadened when it came back empty
    reference = _run(plan, uses, budget, None)
    assert _run(plan, uses, budget, random.Random(seed)) == reference
