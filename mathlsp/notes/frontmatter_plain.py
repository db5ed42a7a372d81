"""The frontmatter real notes carry, read without PyYAML.

Importing PyYAML costs ~40 ms, a sixth of `mathlsp check`'s work on a 5,000-reference
LITERATURE.md, for blocks that are only `key: value` lines. This reader accepts exactly that
shape: plain or quoted scalars, one-line flow lists and block lists of scalars, comments and blank
lines. It returns what PyYAML's strict loader would, values typed as YAML 1.1 types them (dates as
ISO strings), spans included; for anything it is not sure of it returns None and the caller asks
PyYAML. A hypothesis test holds it to PyYAML on every block it accepts.
"""

from __future__ import annotations

import re
from typing import Any

from mathlsp.notes.frontmatter import FrontmatterField
from mathlsp.notes.spans import Span

# Any character PyYAML's reader refuses, treats as a line break (\x85, \u2028, \u2029) or as a
# byte-order mark, and tabs (indentation rules): such a block goes to PyYAML. The surrogates are
# a class of their own: in one class with the rest, compiling it cost ~5 ms of every `check` of a
# note with frontmatter (the compiler maps a class spanning U+0000-U+FFFF character by character).
_UNSURE_CHARS = re.compile(
    "[\\x00-\\x09\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\u2028\\u2029\\ufeff\\ufffe\\uffff]|[\\ud800-\\udfff]"
)
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*")
# A scalar on a line: quoted with nothing to unescape, or plain with a safe first character and
# nothing that would end it early (": ", " #") or that starts another construct.
_DOUBLE = r'"[^"\\]*"'
_SINGLE = r"'[^']*'"
_PLAIN = r"[^\s\-?:,\[\]{}#&*!|>'\"%@`](?:[^\s:#]|:(?=\S)|#(?<=\S#)|[ ]+(?=[^\s#]))*"
_COMMENT = r"(?:[ ]+#.*)?"
_SCALAR_LINE = re.compile(rf"({_DOUBLE}|{_SINGLE}|{_PLAIN})[ ]*{_COMMENT}")
# Flow items stop at flow indicators, so a plain item may hold none of ",[]{}"; nor, to be
# safe, any other indicator.
_FLOW_PLAIN = r"[^\s\-?:,\[\]{}#&*!|>'\"%@`](?:[^\s:#,\[\]{}?&*!|>'\"%@`]|[ ]+(?=[^\s,\]#]))*"
_FLOW_ITEM = rf"(?:{_DOUBLE}|{_SINGLE}|{_FLOW_PLAIN})"
_FLOW_LINE = re.compile(rf"\[([ ]*(?:{_FLOW_ITEM}(?:[ ]*,[ ]*{_FLOW_ITEM})*)?[ ]*)\][ ]*{_COMMENT}")
_FLOW_ITEMS = re.compile(_FLOW_ITEM)
_ITEM = re.compile(r"([ ]*)- (?=\S)")
_SKIP = re.compile(r"[ ]*(?:#.*)?")  # a blank or comment-only line
_NOTHING = re.compile(r"[ ]*|[ ]+#.*")  # what may follow a key with no value on its line

# YAML 1.1's implicit types (PyYAML's resolver): a plain scalar that matches any of them is
# typed, and only the simple forms below are typed here; the rest go to PyYAML.
_BOOL = {
    "yes": True,
    "no": False,
    "true": True,
    "false": False,
    "on": True,
    "off": False,
}
_BOOL_WORD = re.compile(
    r"yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF"
)
_NULL_WORD = re.compile(r"~|null|Null|NULL")
_SIMPLE_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]{0,99})")
_SIMPLE_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_OTHER_TYPED = re.compile(
    r"""[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
    |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
    |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN)
    |[-+]?0b[0-1_]+
    |[-+]?0[0-7_]+
    |[-+]?(?:0|[1-9][0-9_]*)
    |[-+]?0x[0-9a-fA-F_]+
    |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+
    |[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?.*
    |<<|=""",
    re.X,
)


class _Unsure(Exception):
    """The block has something this reader does not type as PyYAML would."""


def load_plain(source: str, base: int) -> dict[str, FrontmatterField] | None:
    """The fields of `source` (the YAML between the fences, at offset `base`), or None when the
    block is not of the plain shape and PyYAML must read it."""
    if _UNSURE_CHARS.search(source) or "\r" in source.replace("\r\n", ""):
        return None
    try:
        return _fields(source, base)
    except _Unsure:
        return None


def _lines(source: str) -> list[tuple[int, str]]:
    """(offset, text without its line break) of every line."""
    out: list[tuple[int, str]] = []
    pos = 0
    for line in source.split("\n"):
        out.append((pos, line[:-1] if line.endswith("\r") else line))
        pos += len(line) + 1
    return out


def _fields(source: str, base: int) -> dict[str, FrontmatterField]:
    lines = _lines(source)
    fields: dict[str, FrontmatterField] = {}
    i = 0
    while i < len(lines):
        at, line = lines[i]
        i += 1
        if _SKIP.fullmatch(line):
            continue
        key_match = _KEY.match(line)
        if key_match is None or not line.startswith(":", key_match.end()):
            raise _Unsure
        key = key_match.group()
        if len(key) > 128 or _BOOL_WORD.fullmatch(key) or _NULL_WORD.fullmatch(key):
            raise _Unsure
        key_span = Span(base + at, base + at + len(key))
        rest_at = key_match.end() + 1
        rest = line[rest_at:]
        if _NOTHING.fullmatch(rest):
            items, i = _block_list(lines, i, base)
            if items is None:
                # PyYAML marks an empty value right after its colon.
                after = base + at + rest_at
                _put(fields, key, None, key_span, Span(after, after))
            else:
                _put(fields, key, items[0], key_span, items[1])
            continue
        if not rest.startswith(" "):
            raise _Unsure
        start = rest_at + len(rest) - len(rest.lstrip(" "))
        value, end = _value(line, start)
        _put(fields, key, value, key_span, Span(base + at + start, base + at + end))
    return fields


def _put(
    fields: dict[str, FrontmatterField], key: str, value: Any, key_span: Span, value_span: Span
) -> None:
    fields[key] = FrontmatterField(key=key, value=value, key_span=key_span, value_span=value_span)


def _value(line: str, start: int) -> tuple[Any, int]:
    """The typed value written from `start` in `line`, and where it ends."""
    if line.startswith("[", start):
        match = _FLOW_LINE.fullmatch(line, start)
        if match is None:
            raise _Unsure
        items = [_scalar(m.group()) for m in _FLOW_ITEMS.finditer(match.group(1))]
        return items, match.end(1) + 1
    match = _SCALAR_LINE.fullmatch(line, start)
    if match is None:
        raise _Unsure
    return _scalar(match.group(1)), match.end(1)


def _block_list(
    lines: list[tuple[int, str]], i: int, base: int
) -> tuple[tuple[list[Any], Span] | None, int]:
    """A block list of scalars starting at line `i`, if there is one, and the line after it."""
    indent: str | None = None
    values: list[Any] = []
    first = last = 0
    while i < len(lines):
        at, line = lines[i]
        match = _ITEM.match(line)
        if match is None:
            if line[:1] == " " and not _SKIP.fullmatch(line):
                raise _Unsure  # an indented line that is not an item: nested or continued
            break
        if indent is None:
            indent = match.group(1)
            first = at + len(indent)
        elif match.group(1) != indent:
            raise _Unsure
        scalar = _SCALAR_LINE.fullmatch(line, match.end())
        if scalar is None or line.startswith("[", match.end()):
            raise _Unsure
        values.append(_scalar(scalar.group(1)))
        last = at + scalar.end(1)
        i += 1
    if indent is None:
        return None, i
    return (values, Span(base + first, base + last)), i


def _scalar(text: str) -> Any:
    """A scalar as written, typed as PyYAML's safe loader types it."""
    if text[0] in "\"'":
        return text[1:-1]
    if _BOOL_WORD.fullmatch(text):
        return _BOOL[text.lower()]
    if _NULL_WORD.fullmatch(text):
        return None
    if _SIMPLE_INT.fullmatch(text):
        return int(text)
    date = _SIMPLE_DATE.fullmatch(text)
    if date is not None:
        import datetime as dt  # here: most blocks have no date, and the import costs ~2 ms

        try:
            return dt.date(int(date[1]), int(date[2]), int(date[3])).isoformat()
        except ValueError:
            raise _Unsure from None
    if _OTHER_TYPED.fullmatch(text):
        raise _Unsure
    return text
