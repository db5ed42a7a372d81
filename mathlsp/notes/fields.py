"""`- **Name:** value` bullet fields, the building block of reference and journal entries.

This is the hottest loop of the model (a 5,000-reference file has ~60k fields), so fields keep
plain offsets and build their spans only when asked.
"""

from __future__ import annotations

import re
import sys

from mathlsp.notes.markdown import Lines
from mathlsp.notes.spans import Span

_FIELD = re.compile(
    r"[ \t]*[-*+][ \t]+\*\*(?P<name>[^*\r\n]+?)(?::\*\*|\*\*[ \t]*:)[ \t]*(?P<value>.*)$"
)

# Spellings users write for the same field.
_ALIASES = {
    "arxiv": "arxiv_id",
    "arxiv_identifier": "arxiv_id",
    "insight_takeaway": "insight",
    "takeaway": "insight",
    "key_result": "key_results",
    "author": "authors",
    "reattempt_of": "re_attempt_of",
    "strategy": "strategy_type",
}
_KEYS: dict[str, str] = {}


def field_key(name: str) -> str:
    key = _KEYS.get(name)
    if key is None:
        key = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")
        key = _KEYS[name] = _ALIASES.get(key, key)
    return key


class Field:
    """One field: `name` as written, `key` normalised (e.g. "arXiv ID" → "arxiv_id")."""

    __slots__ = ("_ne", "_ns", "_se", "_ss", "_ve", "_vs", "key", "line", "name", "value")

    def __init__(
        self, name: str, key: str, value: str, line: int, ss: int, se: int, ns: int, ne: int,
        vs: int, ve: int,
    ) -> None:  # fmt: skip
        self.name = name
        self.key = key
        self.value = value  # stripped; continuation lines joined with a space
        self.line = line
        self._ss, self._se, self._ns, self._ne, self._vs, self._ve = ss, se, ns, ne, vs, ve

    @property
    def span(self) -> Span:
        """The whole bullet, continuation lines included."""
        return Span(self._ss, self._se)

    @property
    def name_span(self) -> Span:
        return Span(self._ns, self._ne)

    @property
    def value_span(self) -> Span:
        """The value as written, across its continuation lines."""
        return Span(self._vs, self._ve)

    def shifted(self, lines: int, offset: int) -> Field:
        """The same field `lines` lines and `offset` characters further down the text."""
        return Field(
            self.name, self.key, self.value, self.line + lines, self._ss + offset,
            self._se + offset, self._ns + offset, self._ne + offset, self._vs + offset,
            self._ve + offset,
        )  # fmt: skip

    def __repr__(self) -> str:
        return f"Field({self.name!r}, {self.value!r}, line={self.line})"


def parse_fields(lines: Lines, first: int, last: int) -> tuple[list[Field], list[int]]:
    """Fields on lines first..last (inclusive), and the lines that belong to no field.

    Canonical bullets (`- **Name:** value` at the start of a line) are found with a C-level
    substring search; only the lines between them (wrapped values, other bullet spellings, code,
    stray text) are looked at one by one.
    """
    fields: list[Field] = []
    loose: list[int] = []
    if first > last:
        return fields, loose
    texts, opaque, starts, text = lines.texts, lines.opaque, lines.starts, lines.text
    endpos = starts[last] + len(texts[last])
    has_cr = lines.has_cr
    line = first
    line_start = starts[first]
    prev_line = first - 1
    current: Field | None = None
    hit = text.find("\n- **", line_start - 1, endpos) if line_start else -1
    while hit >= 0:
        start = hit + 1
        line = lines.line_of(start) if has_cr else line + text.count("\n", line_start, start)
        line_start = start
        hit = text.find("\n- **", start, endpos)
        stop = hit if hit >= 0 else endpos
        colon = text.find(":**", start + 4, stop)
        if colon < 0 or opaque[line] or "*" in text[start + 4 : colon]:
            continue  # not canonical: the line-by-line pass below takes it
        if line > prev_line + 1:
            current = _between(lines, current, prev_line + 1, line - 1, fields, loose)
        if current is not None:
            fields.append(current)
        name = sys.intern(text[start + 4 : colon])  # 48k fields, a dozen names: one copy each
        raw = texts[line][colon + 3 - start :]
        value = raw.strip()
        vs = colon + 3 + len(raw) - len(raw.lstrip())
        ve = vs + len(value)
        current = Field(
            name, field_key(name), value, line, start, ve, start + 4, colon, vs, ve
        )  # fmt: skip
        prev_line = line
    if prev_line < last:
        current = _between(lines, current, prev_line + 1, last, fields, loose)
    if current is not None:
        fields.append(current)
    return fields, loose


def _between(
    lines: Lines, current: Field | None, first: int, last: int, fields: list[Field],
    loose: list[int],
) -> Field | None:  # fmt: skip
    """Lines between two bullets: continuation of `current`, blank, or loose. Returns the field
    still open (None once a blank or stray line closed it); closed fields go to `fields`."""
    texts, opaque, starts = lines.texts, lines.opaque, lines.starts
    for i in range(first, last + 1):
        text = texts[i]
        if opaque[i]:
            if current is not None:
                fields.append(current)
                current = None
            if text.strip():
                loose.append(i)
            continue
        if not text or text.isspace():
            if current is not None:
                fields.append(current)
                current = None
            continue
        m = _FIELD.match(text) if "**" in text else None
        if m:
            if current is not None:
                fields.append(current)
            base = starts[i]
            value = m.group("value").rstrip()
            name = sys.intern(m.group("name").strip())
            ns, vs = base + m.start("name"), base + m.start("value")
            current = Field(
                name, field_key(name), value, i, base, base + len(text.rstrip()), ns,
                ns + len(name), vs, vs + len(value),
            )  # fmt: skip
            continue
        stripped = text.strip()
        if current is not None and (text[0] in " \t" or not stripped.startswith(("-", "*", "+"))):
            # A wrapped value (long abstracts): the field grows to cover it.
            base = starts[i]
            end = base + len(text.rstrip())
            if not current.value:
                current._vs = base + len(text) - len(text.lstrip())
                current.value = stripped
            else:
                current.value += " " + stripped
            current._se = end
            current._ve = end
        else:
            if current is not None:
                fields.append(current)
                current = None
            loose.append(i)
    return current


class FieldMap:
    """Fields of one entry by key; the first occurrence wins, repeats are kept for checks."""

    __slots__ = ("_by_key", "all")

    def __init__(self, fields: list[Field]) -> None:
        self.all = fields
        by_key: dict[str, Field] = {}
        for f in fields:
            if f.key not in by_key:
                by_key[f.key] = f
        self._by_key = by_key

    def get(self, key: str) -> Field | None:
        return self._by_key.get(key)

    def value(self, key: str) -> str:
        f = self._by_key.get(key)
        return f.value if f else ""

    def __contains__(self, key: str) -> bool:
        return key in self._by_key
