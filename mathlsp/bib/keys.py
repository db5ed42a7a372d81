"""Citation keys: `author-year-word` by default (`perelman2002entropy`), configurable, and never
one that is already taken (`…a`, `…b` after it)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

DEFAULT_KEY_FORMAT = "author-year-word"
# The parts a key format may name; anything else in it is kept literally (`:`, `_`, `-`).
KEY_PARTS = ("authors", "author", "year", "word", "title")
_PART = re.compile(r"authors|author|year|word|title")
_STOP = frozenset(
    "a an the on of in for and to with from at by via some new its is are as into".split()
)


def _ascii(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.replace("ß", "ss").replace("ø", "o"))
    return re.sub(r"[^a-z0-9]", "", folded.encode("ascii", "ignore").decode().lower())


def _words(title: str) -> list[str]:
    plain = re.sub(r"\$[^$]*\$", " ", title)  # a formula is no word
    return [w for w in (_ascii(w) for w in re.split(r"[\s\-/:,.;]+", plain)) if w]


def valid_key_format(spec: str) -> bool:
    return bool(_PART.search(spec)) and re.fullmatch(r"[A-Za-z0-9:_\-.]+", spec) is not None


def make_key(spec: str, families: Iterable[str], year: int | str | None, title: str) -> str:
    """The key a format gives a paper (before making it unique): `author` is the first author's
    family name, `authors` up to three of them, `word` the title's first word that says
    something, `title` its first three."""
    fams = [f for f in (_ascii(f) for f in families) if f]
    words = _words(title)
    telling = [w for w in words if w not in _STOP]
    values = {
        "author": fams[0] if fams else "anon",
        "authors": "".join(fams[:3]) or "anon",
        "year": str(year) if year else "nd",
        "word": (telling or words or ["untitled"])[0],
        "title": "".join((telling or words)[:3]) or "untitled",
    }
    spec = spec if valid_key_format(spec) else DEFAULT_KEY_FORMAT
    # `author-year-word`: the separators between parts go (`perelman2002entropy`); a
    # separator that is not `-` (`author:year:word`) is kept as written.
    key = _PART.sub(lambda m: values[m.group()], spec.replace("-", ""))
    return key


def unique_key(key: str, taken: set[str]) -> str:
    """`key`, or `key` + a, b, … z, aa, … when taken (compared case-insensitively, as BibTeX)."""
    lowered = {k.lower() for k in taken}
    if key.lower() not in lowered:
        return key
    n = 0
    while True:
        suffix = ""
        m = n
        while True:
            suffix = chr(ord("a") + m % 26) + suffix
            m = m // 26 - 1
            if m < 0:
                break
        if (key + suffix).lower() not in lowered:
            return key + suffix
        n += 1
