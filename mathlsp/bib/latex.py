"""LaTeX ↔ Unicode for BibTeX field values, through pylatexenc.

Math (`$…$`) is kept verbatim both ways: a title's `$\\zeta(s)$` is what the paper says, and the
matcher already knows how to compare it. Values without a backslash skip pylatexenc (its parser
costs about half a millisecond a title; most values need only their protective braces dropped).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexencode import unicode_to_latex

_MATH = re.compile(r"(?<!\\)\$\$?.*?(?<!\\)\$\$?", re.DOTALL)


@lru_cache(maxsize=1)
def _converter() -> LatexNodes2Text:
    return LatexNodes2Text(math_mode="verbatim", strict_latex_spaces=True)


def to_text(value: str) -> str:
    """A field value as plain Unicode: accents decoded, braces and markup gone, math kept,
    whitespace runs (a value's line breaks) collapsed."""
    if "\\" in value or "~" in value:
        try:
            value = _converter().latex_to_text(value)
        except Exception:  # pylatexenc on hostile input: fall back to dropping the markup
            value = value.replace("\\", " ")
    if "{" in value or "}" in value:
        value = _strip_braces(value)
    return " ".join(value.split())


def _strip_braces(value: str) -> str:
    """Braces outside math are grouping only; inside math they are the formula's."""
    out: list[str] = []
    pos = 0
    for m in _MATH.finditer(value):
        out.append(value[pos : m.start()].replace("{", "").replace("}", ""))
        out.append(m.group())
        pos = m.end()
    out.append(value[pos:].replace("{", "").replace("}", ""))
    return "".join(out)


def to_latex(text: str) -> str:
    """Unicode text as a BibTeX value: non-ASCII letters as LaTeX accents (so plain BibTeX reads
    them), `&`, `%`, `#` escaped outside math, math kept as it is."""
    out: list[str] = []
    pos = 0
    for m in _MATH.finditer(text):
        out.append(_encode(text[pos : m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(_encode(text[pos:]))
    return _balance("".join(out))


_SPECIAL = re.compile(r"(?<!\\)([&%#_])")


def _encode(text: str) -> str:
    text = _SPECIAL.sub(r"\\\1", text.translate(_QUOTES))
    if text.isascii():
        return text
    return "".join(ch if ch.isascii() else _encode_char(ch) for ch in text)


@lru_cache(maxsize=4096)
def _encode_char(ch: str) -> str:
    """A LaTeX accent for `ch` when it reads back as `ch` (pylatexenc approximates some
    letters, `Ŧ` as `\\={T}`): otherwise the character itself, which biber and a UTF-8 LaTeX
    read as it is."""
    encoded = unicode_to_latex(ch, non_ascii_only=True, unknown_char_warning=False)
    if encoded == ch:
        return ch
    try:
        back = _converter().latex_to_text(encoded)
    except Exception:
        return ch
    return encoded if back.replace("{", "").replace("}", "").strip() == ch else ch


def _balance(value: str) -> str:
    """A value with unbalanced braces would swallow the rest of the file: escape the strays."""
    depth = 0
    for ch in value:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                break
    if depth == 0:
        return value
    return value.replace("{", "(").replace("}", ")")


_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_QUOTES = str.maketrans({"’": "'", "‘": "`", "“": "``", "”": "''", "–": "--", "—": "---"})


def title_to_latex(text: str) -> str:
    """A title as a BibTeX value with its capitals protected: every word after the first that
    carries a capital letter is braced (outside math), so a style that lower-cases titles keeps
    `Riemann` and `SL`; then encoded as `to_latex` does."""
    out: list[str] = []
    pos = 0
    first = True
    for m in _MATH.finditer(text):
        out.append(_protect(text[pos : m.start()], first))
        out.append(m.group())
        pos = m.end()
        first = False
    out.append(_protect(text[pos:], first))
    return "".join(out)


def _protect(chunk: str, first: bool) -> str:
    out: list[str] = []
    pos = 0
    for m in _WORD.finditer(chunk):
        word = m.group()
        out.append(to_latex(chunk[pos : m.start()]))
        encoded = to_latex(word)
        if not first and any(c.isupper() for c in word):
            encoded = "{" + encoded + "}"
        out.append(encoded)
        first = False
        pos = m.end()
    out.append(to_latex(chunk[pos:]))
    return "".join(out)
