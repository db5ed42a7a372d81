"""LaTeX ↔ Unicode for BibTeX field values, through pylatexenc.

Math (`$…$`) is kept verbatim both ways: a title's `$\\zeta(s)$` is what the paper says, and the
matcher already knows how to compare it. Values without a backslash skip pylatexenc (its parser
costs about half a millisecond a title; most values need only their protective braces dropped).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db
from pylatexenc.latexencode import unicode_to_latex

_MATH = re.compile(r"(?<!\\)\$\$?.*?(?<!\\)\$\$?", re.DOTALL)


# Boxes and font commands whose argument is the text itself: pylatexenc's default rules drop
# `\mbox{word}` and `\textup{…}`/`\texttt{…}` whole, taking a word out of a title.
_KEEP_ARGUMENT = "mbox hbox fbox makebox textup textnormal textsf texttt textsl textmd".split()


@lru_cache(maxsize=1)
def _converter() -> LatexNodes2Text:
    context = get_default_latex_context_db()  # a new one: the category is ours alone
    context.add_context_category(
        "mathlsp-keep-argument",
        macros=[MacroTextSpec(name, discard=False) for name in _KEEP_ARGUMENT],
        prepend=True,
    )
    return LatexNodes2Text(latex_context=context, math_mode="verbatim", strict_latex_spaces=True)


# Small: a file's values are decoded once per reading and then kept with its subjects; every
# version of a value typed in would otherwise stay here.
@lru_cache(maxsize=4096)
def to_text(value: str) -> str:
    """A field value as plain Unicode: accents decoded, braces and markup gone, math kept,
    whitespace runs (a value's line breaks) collapsed."""
    if "\\" in value:
        value = _outside_math(value, _accents)  # the common commands, without the parser
    if _needs_parser(value):
        try:
            value = _converter().latex_to_text(value)
        except Exception:  # pylatexenc on hostile input: fall back to dropping the markup
            value = value.replace("\\", " ")
    if "{" in value or "}" in value:
        value = _strip_braces(value)
    if "`" in value or "''" in value or "--" in value:
        value = _outside_math(value, _ligatures)
    return " ".join(value.split())


# BibTeX's accent commands and special letters, decoded without pylatexenc (whose parser costs
# about half a millisecond a value: a 2,000-entry file opened in the editor would wait a second
# for its names alone). Whatever else a value holds still goes through pylatexenc.
_COMBINING = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a",
}  # fmt: skip
_LETTERS = {
    "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "ss": "ß", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ",
    "oe": "œ", "OE": "Œ", "i": "ı", "j": "ȷ",
}  # fmt: skip
_ACCENT = re.compile(
    r"\\(?P<cmd>['`^\"~=.]|[uvHckr](?![A-Za-z]))\s*(?:\{\s*(?P<b>\\[ij]|[A-Za-z])\s*\}|(?P<a>\\[ij](?![A-Za-z])|[A-Za-z]))"
)
_LETTER = re.compile(r"\\(?P<name>ss|aa|AA|ae|AE|oe|OE|[oOlLij])(?![A-Za-z])\s?")


def _accents(text: str) -> str:
    def accent(m: re.Match[str]) -> str:
        base = m.group("b") or m.group("a")
        base = {"\\i": "i", "\\j": "j"}.get(base, base)
        return unicodedata.normalize("NFC", base + _COMBINING[m.group("cmd")])

    text = _ACCENT.sub(accent, text)
    text = _LETTER.sub(lambda m: _LETTERS[m.group("name")], text)
    # `{ö}` left by `{\"o}`: the braces go with the rest of the grouping braces.
    return text


_LIGATURES = (("---", "—"), ("--", "–"), ("``", "“"), ("''", "”"))


def _ligatures(text: str) -> str:
    """TeX's quote and dash ligatures as the characters they typeset (`to_latex` writes them)."""
    for tex, char in _LIGATURES:
        text = text.replace(tex, char)
    return text


def _outside_math(value: str, fn: Callable[[str], str]) -> str:
    out: list[str] = []
    pos = 0
    for m in _MATH.finditer(value):
        out.append(fn(value[pos : m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(fn(value[pos:]))
    return "".join(out)


def _needs_parser(value: str) -> bool:
    """A command or a `~` outside math (math is kept verbatim whatever it holds)."""
    if "\\" not in value and "~" not in value:
        return False
    plain = _MATH.sub("", value) if "$" in value else value
    return "\\" in plain or "~" in plain


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
