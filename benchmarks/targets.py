"""Helper for the benchmarks (not one itself): print which targets a run's figures meet.

Every runnable benchmark ends with a "Targets" block: each target with the figure measured and
whether it holds — or says that none is set, so no figure is read as a promise it is not.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Target:
    what: str  # "parse+check, 1,000 refs"
    figure: float | None  # None: not measured in this run
    limit: float
    unit: str  # "ms", "s", "MB", "×", ""
    at_most: bool = True  # False: the figure must be at least the limit

    @property
    def holds(self) -> bool | None:
        if self.figure is None:
            return None
        return self.figure <= self.limit if self.at_most else self.figure >= self.limit

    def line(self) -> str:
        sign = "≤" if self.at_most else "≥"
        goal = f"{self.what} {sign} {self.limit:g}{self.unit and ' ' + self.unit}"
        if self.figure is None:
            return f"  not run  {goal}"
        value = f"{self.figure:,.0f}" if abs(self.figure) >= 100 else f"{self.figure:.3g}"
        measured = f"{value}{self.unit and ' ' + self.unit}"
        return f"  {'holds ' if self.holds else 'MISSED'}   {goal}: measured {measured}"


def report(targets: list[Target]) -> int:
    """Print the targets and how they fared; the number missed."""
    print("Targets:")
    for t in targets:
        print(t.line())
    missed = sum(1 for t in targets if t.holds is False)
    if missed:
        print(f"{missed} of {len(targets)} targets missed on this machine (figures above).")
    return missed


def none_set(why: str) -> None:
    print(f"Targets: none set for this benchmark ({why}); the figures above are for comparison.")


if __name__ == "__main__":
    sys.exit("targets.py is a helper of the benchmarks, not a benchmark: run one of bench_*.py")
