"""`- **Name:** value` bullet fields, the building block of reference and journal entries."""

from __future__ import annotations

import re
from dataclasses import dataclass

from mathlsp.notes.markdown import Lines
from mathlsp.notes.spans import Span

_FIELD = re.compile(
    r"(?P<indent>[ \t]*)[-*+][ \t]+\*\*(?P<name>[^*\n]+?)"
    r"(?::\*\*|\*\*[ \t]*:)[ \t]*(?P<value>.*)$"
)

# Spellings users write for the same field.
_ALIASES = {
    "arxiv": "arxiv_id",
    "arxiv_id": "arxiv_id",
    "arxiv_identifier": "arxiv_id",
    "insight_takeaway": "insight",
    "insight": "insight",
    "takeaway": "insight",
    "key_result": "key_results",
    "author": "authors",
    "re_attempt_of": "re_attempt_of",
    "reattempt_of": "re_attempt_of",
    "strategy": "strategy_type",
    "strategy_type": "strategy_type",
}


def field_key(name: str) -> str:
    key = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")
    return _ALIASES.get(key, key)


@dataclass(slots=True)
class Field:
    name: str  # as written, e.g. "arXiv ID"
    key: str  # normalised, e.g. "arxiv_id"
    value: str  # stripped; continuation lines joined with a space
    line: int
    span: Span  # the whole bullet, continuation lines included
    name_span: Span
    value_span: Span  # the value as written on the bullet line and its continuations


def parse_fields(lines: Lines, first: int, last: int) -> tuple[list[Field], list[int]]:
    """Fields on lines first..last (inclusive), and the lines that belong to no field."""
    fields: list[Field] = []
    loose: list[int] = []
    texts, opaque = lines.texts, lines.opaque
    current: Field | None = None
    parts: list[str] = []
    for i in range(first, last + 1):
        text = texts[i]
        if opaque[i]:
            current = _close(current, parts, fields)
            if text.strip():
                loose.append(i)
            continue
        stripped = text.strip()
        if not stripped:
            current = _close(current, parts, fields)
            continue
        m = _FIELD.match(text) if "**" in text else None
        if m:
            _close(current, parts, fields)
            value = m.group("value").rstrip()
            current = Field(
                name=m.group("name").strip(),
                key=field_key(m.group("name")),
                value="",
                line=i,
                span=lines.span(i),
                name_span=lines.span(i, m.start("name"), m.end("name")),
                value_span=lines.span(i, m.start("value"), m.start("value") + len(value)),
            )
            parts = [value] if value else []
        elif current is not None and (
            text[:1] in " \t" or not stripped.startswith(("-", "*", "+"))
        ):
            # A wrapped value (long abstracts): the field grows to cover it.
            end = lines.starts[i] + len(text.rstrip())
            start = current.value_span.start
            if not parts:
                start = lines.starts[i] + len(text) - len(text.lstrip())
            parts.append(stripped)
            current.span = Span(current.span.start, end)
            current.value_span = Span(start, end)
        else:
            current = _close(current, parts, fields)
            loose.append(i)
    _close(current, parts, fields)
    return fields, loose


def _close(current: Field | None, parts: list[str], fields: list[Field]) -> None:
    if current is not None:
        current.value = " ".join(parts).strip()
        fields.append(current)
    parts.clear()
    return None


class FieldMap:
    """Fields of one entry by key; the first occurrence wins, repeats are kept for checks."""

    __slots__ = ("_by_key", "all")

    def __init__(self, fields: list[Field]) -> None:
        self.all = fields
        self._by_key: dict[str, Field] = {}
        for f in fields:
            self._by_key.setdefault(f.key, f)

    def get(self, key: str) -> Field | None:
        return self._by_key.get(key)

    def value(self, key: str) -> str:
        f = self._by_key.get(key)
        return f.value if f else ""

    def __contains__(self, key: str) -> bool:
        return key in self._by_key
