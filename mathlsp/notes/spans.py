"""Offset spans: what the document model records; ranges are derived when a protocol needs them."""

from __future__ import annotations

from typing import NamedTuple


class Span(NamedTuple):
    start: int
    end: int

    def contains(self, offset: int) -> bool:
        return self.start <= offset <= self.end
