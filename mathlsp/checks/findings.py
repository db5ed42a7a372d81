"""What checks report: a `Finding` is a diagnostic before it meets any protocol."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from mathlsp.notes.text import Range


class Severity(IntEnum):
    # Same numbering as LSP's DiagnosticSeverity, so conversion is a cast.
    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Related:
    """Another place that explains a finding (e.g. the entry a duplicate repeats)."""

    path: str
    range: Range
    message: str


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    severity: Severity
    message: str
    range: Range
    related: tuple[Related, ...] = ()
    # Machine-readable facts for quick fixes (e.g. the expected count); JSON-serialisable.
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    unnecessary: bool = False


def by_position(f: Finding) -> tuple[int, int, str]:
    """The order findings are listed in: by where they start, then by code. Ints, not the
    `Position`s themselves: a dataclass's generated comparisons run in Python, a large file's
    72k findings took a second to sort that way; the order is the same."""
    start = f.range.start
    return (start.line, start.character, f.code)
