"""Which backend gets the requests a search's first queries left over: spare queries are granted
in one fixed order, so that the answer depends on what the backends answered, never on which lane
ran ahead.

Before this, each lane claimed the budget as soon as its own queries were done: with the rate
limits off (the benchmark's `--fast`) that order was the event loop's, and two runs of the same
code on the same problem wrote up to six papers more or less.

The order is round by round — every backend's first spare query, then every second one, … —
OpenAlex before Semantic Scholar (it answers first, so it never waits on the slower lane), and
arXiv's after everyone's: its 3 s pace makes its lane end last, so its spares would be decided
last anyway, and no other lane waits on it.

A spare query is granted when it is the first undecided one and the budget has room, or earlier
when the budget has room for it *and* for every undecided query before it at its worst (itself
and its broadening): an early grant never takes what an earlier one would have had, so the grants
are those of deciding one at a time in the order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from mathlsp.search.queries import PlannedQuery

__all__ = ["SPARE_ORDER", "SpareClaims", "cost", "spare_order"]

#: Backends in the order their n-th spare queries are decided within a round.
SPARE_ORDER = ("openalex", "semantic_scholar", "pubmed", "theoremsearch", "zbmath", "arxiv")


def cost(q: PlannedQuery) -> int:
    """Requests `q` may take: itself, and its broadening when it comes back empty."""
    return 1 + bool(q.broader)


def spare_order(spare: Iterable[PlannedQuery]) -> list[PlannedQuery]:
    """`spare` in the order it is decided: round by round, arXiv's after every other backend's."""
    rounds: dict[str, int] = {}
    keyed = []
    for n, q in enumerate(spare):
        turn = rounds.get(q.backend, 0)
        rounds[q.backend] = turn + 1
        last = q.backend == "arxiv"
        where = SPARE_ORDER.index(q.backend) if q.backend in SPARE_ORDER else len(SPARE_ORDER)
        keyed.append(((last, turn, where, n), q))
    return [q for _, q in sorted(keyed, key=lambda item: item[0])]


@dataclass(slots=True)
class SpareClaims:
    """The spare queries in their order, each undecided (None), granted (True) or declined."""

    order: list[PlannedQuery]
    decided: dict[int, bool] = field(default_factory=dict)  # id(query) → granted

    @classmethod
    def of(cls, spare: Iterable[PlannedQuery]) -> SpareClaims:
        return cls(spare_order(spare))

    def ahead(self, q: PlannedQuery) -> int:
        """Requests the undecided queries before `q` may take at their worst."""
        total = 0
        for p in self.order:
            if p is q:
                return total
            if id(p) not in self.decided:
                total += cost(p)
        return total

    def first(self, q: PlannedQuery) -> bool:
        """Whether every query before `q` is decided (each undecided one may take a request)."""
        return self.ahead(q) == 0

    def may_grant(self, q: PlannedQuery, room: int) -> bool:
        """Whether `q` can be granted now, `room` being the requests nobody else may still need."""
        if self.first(q):
            return room > 0
        return room - self.ahead(q) >= cost(q)

    def grant(self, q: PlannedQuery) -> None:
        self.decided[id(q)] = True

    def decline(self, queries: Iterable[PlannedQuery]) -> None:
        """`queries` will not be sent (their backend stopped, or the budget is spent)."""
        for q in queries:
            self.decided.setdefault(id(q), False)
