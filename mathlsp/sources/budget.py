"""A hard cap on the HTTP requests one task (a literature search) may send, across every backend.

The cap is checked where requests leave (`Fetcher.request`, retries included), so nothing a search
does — discovery, broadening, named look-ups, following citations, verification — can exceed it.
It travels in a context variable: asyncio tasks inherit it, so the shared fetchers of a long-lived
server count only the requests of the search that set it.

`ceiling` lets the caller keep part of the total for a later phase: discovery runs under a lower
ceiling so that the candidates it finds can still be verified.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

from mathlsp.sources.errors import BudgetSpent

__all__ = ["BudgetSpent", "RequestBudget", "current_budget", "spending"]


@dataclass(slots=True)
class RequestBudget:
    total: int
    ceiling: int | None = None  # below `total` while a later phase keeps a reserve
    spent: int = 0
    by_backend: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)

    @property
    def limit(self) -> int:
        return self.total if self.ceiling is None else min(self.ceiling, self.total)

    @property
    def remaining(self) -> int:
        """Requests still allowed under the current ceiling."""
        return max(0, self.limit - self.spent)

    def try_spend(self, backend: str) -> bool:
        """Count one request about to be sent; False (and nothing counted) when over the limit."""
        if self.spent >= self.limit:
            self.refused[backend] += 1
            return False
        self.spent += 1
        self.by_backend[backend] += 1
        return True


_CURRENT: ContextVar[RequestBudget | None] = ContextVar("mathlsp_request_budget", default=None)


def current_budget() -> RequestBudget | None:
    return _CURRENT.get()


@contextlib.contextmanager
def spending(budget: RequestBudget) -> Iterator[RequestBudget]:
    """Every request sent inside (and in tasks created inside) counts against `budget`."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)
