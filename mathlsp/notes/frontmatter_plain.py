"""Frontmatter as notes write it, read without PyYAML: `key: value` lines whose values are quoted
strings, plain words, small whole numbers and flow lists of those.

Importing PyYAML costs ~40 ms, more than `mathlsp check` spends on a thousand references, and every
LITERATURE.md carries frontmatter. This reader accepts only the lines whose YAML meaning is beyond
doubt and returns None for anything else (comments, block lists, escapes, dates, booleans, tabs,
CRLF, …), which the caller then gives to PyYAML. `tests/notes/test_frontmatter_plain.py` holds it
equal to PyYAML, spans included, on every frontmatter in the repository and on generated ones.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from mathlsp.notes.spans import Span

# PyYAML's reader refuses these characters anywhere in the stream.
_NON_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
_LINE = re.compile(r"(?P<key>[A-Za-z_][A-Za-z0-9_-]*):(?: +(?P<value>\S(?:.*\S)?))? *")
# A plain scalar PyYAML reads as this very string: a letter first, no indicator that could start
# a comment, a mapping, a flow collection, an anchor, a tag or a quote.
_WORD = re.compile(r"[^\W\d_][\w ./()+-]*")
# PyYAML's YAML 1.1 booleans, and its nulls.
_BOOLS = {
    **dict.fromkeys("yes Yes YES true True TRUE on On ON".split(), True),
    **dict.fromkeys("no No NO false False FALSE off Off OFF".split(), False),
}
_NOT_STRINGS = frozenset([*_BOOLS, "null", "Null", "NULL"])
_INT = re.compile(r"0|[1-9][0-9]{0,17}")
# A word that opens with a digit (an MSC code, `93E11`) is a string unless it is a hex or binary
# integer; without a dot or a colon no other YAML 1.1 number or timestamp reads it.
_CODE = re.compile(r"(?![0-9]*$)(?!0[xXbB])[0-9][0-9A-Za-z]*")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_DOUBLE = re.compile(r'"[^"\\]*"')
_SINGLE = re.compile(r"'[^']*'")
_ITEM = re.compile(r"""\s*("[^"\\]*"|'[^']*'|[^\W_][\w ./()+-]*?)\s*(,|\]$)""")


def scalar(text: str) -> tuple[bool, Any]:
    """(True, value) for a scalar this reader is sure of, else (False, None)."""
    if _DOUBLE.fullmatch(text) or _SINGLE.fullmatch(text):
        return True, text[1:-1]
    if _INT.fullmatch(text):
        return True, int(text)
    if text in _BOOLS:
        return True, _BOOLS[text]
    if _DATE.fullmatch(text):
        # PyYAML reads a date, which frontmatter keeps as its ISO string: the text itself.
        try:
            dt.date.fromisoformat(text)
        except ValueError:
            return False, None
        return True, text
    if _CODE.fullmatch(text):
        return True, text
    if _WORD.fullmatch(text) and text not in _NOT_STRINGS and "  " not in text:
        return True, text
    return False, None


def flow_list(text: str) -> tuple[bool, Any]:
    """`[a, "b c", 3]`; an empty `[]`."""
    if text == "[]":
        return True, []
    if not (text.startswith("[") and text.endswith("]")) or text == "[":
        return False, None
    items: list[Any] = []
    pos = 1
    while pos < len(text):
        m = _ITEM.match(text, pos)
        if m is None:
            return False, None
        sure, value = scalar(m.group(1))
        if not sure:
            return False, None
        items.append(value)
        pos = m.end()
    return True, items


def read(source: str, base: int) -> list[tuple[str, Any, Span, Span]] | None:
    """(key, value, key span, value span) per line, or None when PyYAML must decide."""
    if "\r" in source or "\t" in source or _NON_PRINTABLE.search(source):
        return None
    out: list[tuple[str, Any, Span, Span]] = []
    offset = 0
    for line in source.split("\n"):
        at = offset
        offset += len(line) + 1
        if not line.strip():
            if line:  # a line of spaces: PyYAML's business
                return None
            continue
        m = _LINE.fullmatch(line)
        if m is None or m.group("value") is None:
            return None
        value_text = m.group("value")
        sure, value = flow_list(value_text) if value_text.startswith("[") else scalar(value_text)
        if not sure:
            return None
        key = m.group("key")
        if key in _NOT_STRINGS:  # `on:` is the boolean True to PyYAML, not a key
            return None
        key_span = Span(base + at, base + at + len(key))
        value_span = Span(base + at + m.start("value"), base + at + m.end("value"))
        out.append((key, value, key_span, value_span))
    return out or None
