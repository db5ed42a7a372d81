"""`- **Name:** value` bullet fields, the building block of reference and journal entries.

This is the hottest loop of the model (a 5,000-reference file has ~60k fields), so fields keep
plain offsets and build their spans only when asked.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence

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


_LANE = 32
_MASK = (1 << _LANE) - 1


class Field:
    """One field: `name` as written, `key` normalised (e.g. "arXiv ID" → "arxiv_id").

    Its offsets and line are packed into one int, relative to where the lines it was parsed
    from begin (`_b`, `_l0`: int objects every field of those lines shares): ~60k fields in a
    5,000-reference file would otherwise hold seven int objects each (11 MiB)."""

    __slots__ = ("_b", "_l0", "_rel", "key", "name", "value")

    def __init__(
        self, name: str, key: str, value: str, line: int, ss: int, se: int, ns: int, ne: int,
        vs: int, ve: int, base: int | None = None, line0: int | None = None,
    ) -> None:  # fmt: skip
        self.name = name
        self.key = key
        self.value = value  # stripped; continuation lines joined with a space
        b = ss if base is None else base
        l0 = line if line0 is None else line0
        self._b, self._l0 = b, l0
        self._rel = _pack(ss - b, se - b, ns - b, ne - b, vs - b, ve - b, line - l0)

    def _lane(self, k: int) -> int:
        return (self._rel >> (_LANE * k)) & _MASK

    @property
    def line(self) -> int:
        return self._l0 + self._lane(6)

    @property
    def _ss(self) -> int:
        return self._b + self._lane(0)

    @property
    def _se(self) -> int:
        return self._b + self._lane(1)

    @property
    def span(self) -> Span:
        """The whole bullet, continuation lines included."""
        return Span(self._b + self._lane(0), self._b + self._lane(1))

    @property
    def name_span(self) -> Span:
        return Span(self._b + self._lane(2), self._b + self._lane(3))

    @property
    def value_span(self) -> Span:
        """The value as written, across its continuation lines."""
        return Span(self._b + self._lane(4), self._b + self._lane(5))

    def _grow(self, end: int, value_start: int | None = None) -> None:
        """A continuation line: the bullet and its value now end at `end` (and the value
        starts at `value_start` when it was empty until now)."""
        b = self._b
        vs = self._lane(4) if value_start is None else value_start - b
        self._rel = _pack(
            self._lane(0), end - b, self._lane(2), self._lane(3), vs, end - b, self._lane(6)
        )

    def shifted(self, lines: int, offset: int) -> Field:
        """The same field `lines` lines and `offset` characters further down the text."""
        f = Field.__new__(Field)
        f.name, f.key, f.value = self.name, self.key, self.value
        f._b, f._l0, f._rel = self._b + offset, self._l0 + lines, self._rel
        return f

    def __repr__(self) -> str:
        return f"Field({self.name!r}, {self.value!r}, line={self.line})"


def _pack(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    # One test for all seven (the hottest call of a first parse: 48k fields at 5k references):
    # their OR is negative when one is, and above the lane when one is.
    if not 0 <= a | b | c | d | e | f | g <= _MASK:
        raise ValueError(f"field offset out of range: {(a, b, c, d, e, f, g)}")
    return a | b << 32 | c << 64 | d << 96 | e << 128 | f << 160 | g << 192


# A canonical bullet, from the break before it to the end of its line: the name holds no `*`
# and no break (so its `:**` is the first one on the line).
_CANONICAL = re.compile(r"\n- \*\*([^*\n]*):\*\*([^\n]*)")
# The same in a text with `\r\n` breaks (and no lone `\r`): every break still holds one `\n`, so
# lines are counted as before; the value stops before the `\r`.
_CANONICAL_CR = re.compile(r"\n- \*\*([^*\r\n]*):\*\*([^\r\n]*)")
# Its names only (it matches where `_CANONICAL` does: its value part matches anything).
_CANONICAL_NAME = re.compile(r"\n- \*\*([^*\n]*):\*\*")


def parse_fields(lines: Lines, first: int, last: int) -> tuple[list[Field], list[int]]:
    """Fields on lines first..last (inclusive), and the lines that belong to no field.

    Canonical bullets (`- **Name:** value` at the start of a line) are found by one regex pass
    over the lines; only the lines between them (wrapped values, other bullet spellings, code,
    stray text) are looked at one by one.
    """
    fields: list[Field] = []
    loose: list[int] = []
    if first > last:
        return fields, loose
    texts, opaque, starts, text = lines.texts, lines.opaque, lines.starts, lines.text
    endpos = starts[last] + len(texts[last])
    canonical = _CANONICAL
    if lines.has_cr:
        # A lone `\r` breaks a line without a `\n`, which the regex pass counts lines by.
        # (From the break before `first`: a `\r\n` split there leaves its `\n` out.)
        lo = max(starts[first] - 1, 0)
        if text.count("\r", lo, endpos) != text.count("\r\n", lo, endpos):
            return _parse_fields_cr(lines, first, last, fields, loose)
        canonical = _CANONICAL_CR
    line = first
    at = b0 = starts[first]  # every field here is placed relative to b0 and `first`
    prev_line = first - 1
    current: Field | None = None
    intern, new, count = sys.intern, Field.__new__, text.count
    matches = canonical.finditer(text, b0 - 1, endpos) if b0 else ()
    for m in matches:
        start = m.start() + 1
        line += count("\n", at, start)
        at = start
        if opaque[line]:
            continue  # in code or a comment: the line-by-line pass below takes it
        if line > prev_line + 1:
            current = _between(lines, current, prev_line + 1, line - 1, fields, loose, b0, first)
        if current is not None:
            fields.append(current)
        name = intern(m.group(1))  # 48k fields, a dozen names: one copy each
        raw = m.group(2)
        value = raw.strip()
        vs = m.start(2) + len(raw) - len(raw.lstrip())
        ve = vs + len(value)
        if ve - b0 > _MASK:  # the largest offset of the seven (see `_pack`)
            raise ValueError(f"field offset out of range: {ve - b0}")
        current = new(Field)
        current.name, current.key, current.value = name, field_key(name), value
        current._b, current._l0 = b0, first
        s, c = start - b0, m.end(1) - b0
        current._rel = (
            s | (ve - b0) << 32 | (s + 4) << 64 | c << 96 | (vs - b0) << 128 | (ve - b0) << 160
        ) | (line - first) << 192
        prev_line = line
    if prev_line < last:
        current = _between(lines, current, prev_line + 1, last, fields, loose, b0, first)
    if current is not None:
        fields.append(current)
    return fields, loose


# An entry whose lines are canonical bullets, then blank lines (most entries): matched whole,
# so that its fields are two lists of strings made in C, with no Match and no Field each.
_PLAIN_ENTRY = re.compile(r"(?:\n- \*\*[^*\n]*:\*\*[^\n]*)*(?:\n[ \t]*)*")
# The same with `\r\n` breaks (the first `\n` is the break before the entry's lines: its `\r`
# stands before where the match starts).
_PLAIN_ENTRY_CRLF = re.compile(r"(?:\r?\n- \*\*[^*\r\n]*:\*\*[^\r\n]*)*(?:\r?\n[ \t]*)*")


def parse_field_map(lines: Lines, first: int, last: int) -> tuple[FieldMap, list[int], int]:
    """`parse_fields` as a `FieldMap`, with the last line that holds a field (-1: none).

    Equal to `FieldMap(parse_fields(...)[0])` in every value, field and span; an entry of
    canonical lines only gets a map that makes its `Field`s when first asked for."""
    if first <= last and lines.starts[first]:
        text, starts = lines.text, lines.starts
        b0 = starts[first]
        endpos = starts[last] + len(lines.texts[last])
        plain, brk = _PLAIN_ENTRY, 1
        if lines.has_cr and (crs := text.count("\r", b0, endpos)):
            # Every break `\r\n` (a field's place is its line's start plus the lines above,
            # each two characters longer than its text), or the line-by-line pass below.
            crlf = text.count("\r\n", b0, endpos)
            plain, brk = (
                (_PLAIN_ENTRY_CRLF, 2) if crs == crlf == text.count("\n", b0, endpos) else (None, 0)
            )
        if (
            plain is not None
            and endpos - b0 <= _MASK
            and lines.opaque.find(1, first, last + 1) < 0
            and plain.fullmatch(text, b0 - 1, endpos)
        ):
            names = _CANONICAL_NAME.findall(text, b0 - 1, endpos)
            n = len(names)
            if not n:
                return FieldMap([]), [], -1
            # The field lines themselves: the list a first parse already holds (no copy), else
            # one slice of the text split. Values are cut from them when read.
            texts = lines.texts
            if type(texts) is list:
                rows = tuple(texts[first : first + n])
            else:
                stop = starts[first + n - 1] + len(texts[first + n - 1])
                rows = tuple(text[b0:stop].split("\r\n" if brk == 2 else "\n"))
            return FieldMap._of_rows(tuple(names), rows, b0, first, brk), [], first + n - 1
    fields, loose = parse_fields(lines, first, last)
    return FieldMap(fields), loose, lines.line_of(fields[-1]._se) if fields else -1


def _parse_fields_cr(
    lines: Lines, first: int, last: int, fields: list[Field], loose: list[int]
) -> tuple[list[Field], list[int]]:
    """`parse_fields` for a text with `\r` breaks: bullets found by substring search."""
    texts, opaque, starts, text = lines.texts, lines.opaque, lines.starts, lines.text
    endpos = starts[last] + len(texts[last])
    line = first
    line_start = b0 = starts[first]  # every field here is placed relative to these two
    prev_line = first - 1
    current: Field | None = None
    hit = text.find("\n- **", line_start - 1, endpos) if line_start else -1
    while hit >= 0:
        start = hit + 1
        line = lines.line_of(start)
        line_start = start
        hit = text.find("\n- **", start, endpos)
        stop = hit if hit >= 0 else endpos
        colon = text.find(":**", start + 4, stop)
        if colon < 0 or opaque[line] or "*" in text[start + 4 : colon]:
            continue  # not canonical: the line-by-line pass below takes it
        if line > prev_line + 1:
            current = _between(lines, current, prev_line + 1, line - 1, fields, loose, b0, first)
        if current is not None:
            fields.append(current)
        name = sys.intern(text[start + 4 : colon])  # 48k fields, a dozen names: one copy each
        raw = texts[line][colon + 3 - start :]
        value = raw.strip()
        vs = colon + 3 + len(raw) - len(raw.lstrip())
        ve = vs + len(value)
        current = Field(
            name, field_key(name), value, line, start, ve, start + 4, colon, vs, ve, b0, first
        )  # fmt: skip
        prev_line = line
    if prev_line < last:
        current = _between(lines, current, prev_line + 1, last, fields, loose, b0, first)
    if current is not None:
        fields.append(current)
    return fields, loose


def _between(
    lines: Lines, current: Field | None, first: int, last: int, fields: list[Field],
    loose: list[int], b0: int, l0: int,
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
            # An empty value stands after the spaces that end its line, as the regex pass
            # places it: the field ends there too, never before its value.
            end = max(base + len(text.rstrip()), vs + len(value))
            current = Field(
                name, field_key(name), value, i, base, end, ns,
                ns + len(name), vs, vs + len(value), b0, l0,
            )  # fmt: skip
            continue
        stripped = text.strip()
        if current is not None and (text[0] in " \t" or not stripped.startswith(("-", "*", "+"))):
            # A wrapped value (long abstracts): the field grows to cover it.
            base = starts[i]
            end = base + len(text.rstrip())
            if not current.value:
                current._grow(end, base + len(text) - len(text.lstrip()))
                current.value = stripped
            else:
                current._grow(end)
                current.value += " " + stripped
        else:
            if current is not None:
                fields.append(current)
                current = None
            loose.append(i)
    return current


class FieldMap:
    """Fields of one entry by key; the first occurrence wins, repeats are kept for checks.

    A map made by `parse_field_map` for an entry of canonical lines only (`_first` set) holds
    the names and raw values the one regex pass found, and the row of each key's first
    occurrence: a cold `check` reads values and never needs a `Field` (with spans) unless it
    reports one. The `Field`s are made from the rows when first asked for (`all`, `get`), then
    kept."""

    __slots__ = ("_all", "_b", "_brk", "_by_key", "_first", "_l0", "_names", "_rows")

    def __init__(self, fields: list[Field]) -> None:
        self._all: list[Field] | None = fields
        self._names: tuple[str, ...] = ()
        self._rows: tuple[str, ...] = ()
        self._first: dict[str, int] | None = None
        self._b = self._l0 = 0
        self._brk = 1
        by_key: dict[str, Field] = {}
        for f in fields:
            if f.key not in by_key:
                by_key[f.key] = f
        self._by_key: dict[str, Field] | None = by_key

    @classmethod
    def _of_rows(
        cls, names: tuple[str, ...], rows: tuple[str, ...], base: int, line0: int, brk: int = 1
    ) -> FieldMap:
        """Fields written as consecutive canonical lines from line `line0` (at offset `base`):
        `rows[n]` is the line `- **names[n]:**<raw value>`, on line `line0 + n`; each line's
        break is `brk` characters (`\n` or `\r\n`)."""
        fm = cls.__new__(cls)
        fm._all = fm._by_key = None
        # Entries list the same names in the same order: one tuple of names and one map of
        # each key's first row serve them all (48k fields, a few dozen layouts).
        layout = _LAYOUTS.get(names)
        if layout is None:
            layout = _layout(names)
        fm._names, fm._first = layout
        # The lines, not their values: a value is cut and stripped when read (most are read
        # once, by a rule), where cutting each when parsed made 48k strings at 5k references.
        fm._rows = rows
        fm._b, fm._l0, fm._brk = base, line0, brk
        return fm

    @property
    def all(self) -> list[Field]:
        fields = self._all
        if fields is None:
            fields = _rows_to_fields(self._names, self._rows, self._b, self._l0, self._brk)
            by_key: dict[str, Field] = {}
            for f in fields:
                if f.key not in by_key:
                    by_key[f.key] = f
            self._by_key, self._all = by_key, fields
            # From now on values are read from the fields and the lines are let go (the map
            # would hold each value twice for hours in a server). In this order: a reader on
            # another thread reads `_rows` before `_first` (see `value`), so it never finds a
            # row number without its line.
            self._first, self._rows, self._names = None, (), ()
        return fields

    def get(self, key: str) -> Field | None:
        if self._by_key is None:
            self.all  # noqa: B018 (makes the fields and their map)
        return self._by_key.get(key)  # type: ignore[union-attr]

    def value(self, key: str) -> str:
        rows, names = self._rows, self._names
        first = self._first
        if first is not None:
            n = first.get(key)
            return rows[n][len(names[n]) + 7 :].strip() if n is not None else ""
        f = self._by_key.get(key)  # type: ignore[union-attr]
        return f.value if f else ""

    def blank(self, key: str) -> bool:
        """Whether `value(key)` is blank: read without stripping a copy of it (an abstract)."""
        rows, names = self._rows, self._names
        first = self._first
        if first is not None:
            n = first.get(key)
            if n is None:
                return True
            # Blank when only blanks follow `:**` (the line's `**` stops any stripping).
            return len(rows[n].rstrip()) <= len(names[n]) + 7
        f = self._by_key.get(key)  # type: ignore[union-attr]
        return f is None or not f.value.strip()

    def missing(self, required: Sequence[tuple[str, str]]) -> list[str]:
        """The names of the (key, name) pairs of `required` whose value is blank (`blank`),
        in their order: one call per entry where a call per key cost as much as the test."""
        rows, names = self._rows, self._names
        first = self._first
        if first is None:
            return [name for key, name in required if self.blank(key)]
        out: list[str] = []
        for key, name in required:
            n = first.get(key)
            if n is None or len(rows[n].rstrip()) <= len(names[n]) + 7:
                out.append(name)
        return out

    def __contains__(self, key: str) -> bool:
        first = self._first
        return key in (first if first is not None else self._by_key)  # type: ignore[operator]


_LAYOUTS: dict[tuple[str, ...], tuple[tuple[str, ...], dict[str, int]]] = {}


def _layout(names: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, int]]:
    names = tuple(map(sys.intern, names))
    first: dict[str, int] = {}
    for n, name in enumerate(names):
        first.setdefault(field_key(name), n)
    if len(_LAYOUTS) >= 4096:  # a file of ever-new layouts must not grow this without end
        _LAYOUTS.clear()
    layout = _LAYOUTS[names] = (names, first)
    return layout


def _rows_to_fields(
    names: tuple[str, ...], rows: tuple[str, ...], b0: int, first: int, brk: int = 1
) -> list[Field]:
    """The `Field`s of canonical lines, placed as `parse_fields` places them: the bullet from
    its `-` to the end of its stripped value, the name after `- **`, the value stripped."""
    out: list[Field] = []
    new = Field.__new__
    s = 0  # where the line starts, relative to b0
    for n, (name, line) in enumerate(zip(names, rows, strict=True)):
        c = s + 4 + len(name)
        raw = line[len(name) + 7 :]
        value = raw.strip()
        vs = c + 3 + len(raw) - len(raw.lstrip())
        ve = vs + len(value)
        f = new(Field)
        f.name, f.key, f.value = name, field_key(name), value
        f._b, f._l0 = b0, first
        f._rel = _pack(s, ve, s + 4, c, vs, ve, n)
        out.append(f)
        s += len(line) + brk
    return out
