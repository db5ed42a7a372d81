"""The mathematics of a title as a token stream, for comparison and for search queries.

`normalize.normalize_title` compares titles as words: it has to, since sources write the same
mathematics as LaTeX, Unicode or plain words. Words lose what makes one formula another, though:
`$H^{-1}$` and `$H^1$` are both `h 1`, and `ζ(2n+1)` and `ζ(2n)` differ by a `1` the other title
may hold elsewhere. This module keeps, beside the words, the two things a formula's identity
rests on and no rendering changes:

- **scripts**: what is raised or lowered onto which base (`H^{-1}` → `h^(-1)`), whether written
  `^{1}`, `^1` or `¹`;
- **signed terms**: an operator and the number or single letter it applies to (`2n+1` → `+1`,
  `p = 2` → `=2`), wherever they stand.

A title that carries no mathematics markup on one side (an ASCII `H1`, `zeta 2n`) is compared by
its words only: leaving markup out is how plain-text indexes write formulas, not a change.

For searching, `normalize.query_text` writes the mathematics as separate words (`GL_n(ℝ)` →
`gl n r`); `text_words` leaves it out, for an index that tokenises formulas otherwise.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from mathlsp.verify.normalize import fold, latex_to_unicode, math_names, query_text

# Private-use marks for a script's group: they pass through pylatexenc, the symbol names and
# folding untouched, so the group survives `^{2n-1}` → `^2n-1` (pylatexenc drops the braces).
_OPEN, _CLOSE = "\ue000", "\ue001"
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ", "0123456789+-=()ni")
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₙᵢₖₘₚ", "0123456789+-=()nikmp")
_SUPER_RUN = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ]+")
_SUB_RUN = re.compile("[₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₙᵢₖₘₚ]+")
_MATH_SEGMENT = re.compile(r"\$[^$]+\$|\\\(.+?\\\)")
_HTML_SCRIPT = re.compile(r"<(/?)(sup|sub)\b[^>]*>", re.IGNORECASE)
_HTML_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_LOOSE = re.compile(r"[-+]?\s*[a-z0-9]")
_BASE = re.compile(r"([a-z]+|\d+|\))\s*$")
# Greek letters arrive by name (`λ` → `lambda`): one symbol, as a single Latin letter is.
_GREEK = "|".join(
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho "
    "sigma tau upsilon phi chi psi omega".split()
)
_SIGNED = re.compile(rf"([-+=<>])(\d+|(?:{_GREEK})(?![a-z])|[a-z](?![a-z]))")
_PRODUCT = re.compile(r"([-+=<>])([a-z]{2,})")
_GREEK_LETTER = re.compile("([A-Za-z0-9])?([\u0391-\u03c9\u03d1\u03d5\u03f5])")


def _apart(m: re.Match[str]) -> str:
    """A Greek letter apart from the letters around it, never from a sign before it."""
    return (m.group(1) + " " if m.group(1) else "") + m.group(2) + " "


# Markup that says "this is a formula": a side without any is plain text and its symbols are
# not compared (an ASCII title writes `H^{-1}` as `H-1` or `H1`).
_MARKUP = re.compile(r"[$^_=<>+]|\\\(|<su[bp]>|[\u0370-\u03ff]|[⁰-₟]", re.IGNORECASE)
_ELL = re.compile(r"(?<![a-z])ell(?![a-z])")  # `\\ell` typed out, as `ℓ` becomes
_MINUS = re.compile(r"\s*\u2212\s*")
# `2^127 - 1`, `x^3- 5px`, `v^{- 1}`, `u_t- Delta u`: a hyphen after a number, a lone letter, a
# bracket or a script's opening, before a number or one symbol, subtracts; after a word
# (`Conjecture - 5/a`) it is a dash.
_SPACED_MINUS = re.compile(
    rf"(?:(?<=[\d)}}\]^_({_OPEN}{_CLOSE}])|(?<=(?<![a-z])[a-z]))\s*-\s*"
    rf"(?=\d|(?:{_GREEK})(?![a-z])|[a-z](?![a-z]))",
    re.IGNORECASE,
)
_TEXT_DASHES = re.compile("[\u2010-\u2015]")
_SPACE_IN_MATH = re.compile(r"\s*([-+=<>])\s*")


def _group_scripts(text: str) -> str:
    """`^{…}`/`_{…}` and `<sup>…</sup>` with their group marked; Unicode super/subscripts as
    `^(…)`/`_(…)` groups."""
    text = _SUPER_RUN.sub(
        lambda m: "^" + _OPEN + m.group(0).translate(_SUPERSCRIPTS) + _CLOSE, text
    )
    text = _SUB_RUN.sub(lambda m: "_" + _OPEN + m.group(0).translate(_SUBSCRIPTS) + _CLOSE, text)
    text = _HTML_SCRIPT.sub(
        lambda m: _CLOSE if m.group(1) else ("^" if m.group(2).lower() == "sup" else "_") + _OPEN,
        text,
    )
    text = _HTML_TAG.sub(" ", text)
    out: list[str] = []
    depth: list[bool] = []  # per open brace: is it a script's group?
    i = 0
    while i < len(text):
        char = text[i]
        if char in "^_" and (i == 0 or text[i - 1] != "\\"):
            j = i + 1
            while j < len(text) and text[j] == " ":
                j += 1
            if j < len(text) and text[j] == "{":
                out.append(char + _OPEN)
                depth.append(True)
                i = j + 1
                continue
        if char == "{" and (i == 0 or text[i - 1] != "\\"):
            depth.append(False)
        elif char == "}" and (i == 0 or text[i - 1] != "\\") and depth and depth.pop():
            out.append(_CLOSE)
            i += 1
            continue
        out.append(char)
        i += 1
    return "".join(out)


def _tight_math(title: str) -> str:
    """Spacing inside `$…$` carries nothing: `2n + 1` is `2n+1`."""
    return _MATH_SEGMENT.sub(lambda m: _SPACE_IN_MATH.sub(r"\1", m.group(0)), title)


@lru_cache(maxsize=4096)
def math_stream(title: str) -> str:
    """The title lower-cased in one notation (LaTeX, Unicode and named symbols alike, `\\left(`
    as `(`, fonts dropped) with its scripts' groups kept and spacing around operators gone."""
    text = _group_scripts(_tight_math(title))
    # A Greek letter is one symbol, its name one word (`γ\\mathrm{Tr}` is `gamma tr`).
    text = math_names(_GREEK_LETTER.sub(_apart, latex_to_unicode(text)))
    # Dashes are punctuation (`$R^N$—I.`); only `−` and a hyphen can be a minus.
    text = _TEXT_DASHES.sub(" ", _MINUS.sub("-", text))
    text = _SPACED_MINUS.sub("-", text)
    text = re.sub(r"\s*([+=<>])\s*", r"\1", fold(text))
    return _ELL.sub("l", text)


def has_markup(title: str) -> bool:
    """The title writes some mathematics as mathematics (`$…$`, scripts, Greek, operators)."""
    return _MARKUP.search(title) is not None


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text.replace(_OPEN, "").replace(_CLOSE, ""))


@lru_cache(maxsize=4096)
def scripts(title: str) -> frozenset[tuple[str, str, str, bool]]:
    """(base, `^` or `_`, content, loose) of every script: `$H^{-1}$` → `("h", "^", "-1",
    False)`; `\\pi^{2n}` → `("pi", "^", "2n", False)`; `^{1}`, `^1` and `¹` are one script. A
    script written without braces (`^5/2`) is *loose*: its extent is not written, so it holds only
    its first character and agrees with any group that starts with it."""
    stream = math_stream(title)
    out: set[tuple[str, str, str, bool]] = set()
    # Every `^`/`_`, nested ones too (`\\mathrm{Tr}_{q}^{q^n}` holds `q^{q^n}` and `q^n`).
    for i, kind in enumerate(stream):
        if kind not in "^_":
            continue
        content, loose = _script_at(stream, i + 1)
        if content:
            base = _BASE.search(stream[:i].replace(_OPEN, "").replace(_CLOSE, ""))
            out.add((base.group(1) if base else "", kind, content, loose))
    return frozenset(out)


def _script_at(stream: str, start: int) -> tuple[str, bool]:
    """The script starting at `start`: a group's whole content, or one (signed) character."""
    j = start
    while j < len(stream) and stream[j] == " ":
        j += 1
    if j < len(stream) and stream[j] == _OPEN:
        depth = 0
        for k in range(j, len(stream)):
            depth += {_OPEN: 1, _CLOSE: -1}.get(stream[k], 0)
            if depth == 0:
                return _flat(stream[j + 1 : k]), False
        return _flat(stream[j + 1 :]), False
    m = _LOOSE.match(stream, j)
    return (_flat(m.group(0)), True) if m else ("", True)


def _agree(a: tuple[str, str, str, bool], b: tuple[str, str, str, bool]) -> bool:
    if a[2] == b[2]:
        return True
    return (a[3] and b[2].startswith(a[2])) or (b[3] and a[2].startswith(b[2]))


@lru_cache(maxsize=4096)
def signed_terms(title: str) -> tuple[str, ...]:
    """An operator with the number or single letter it applies to, wherever it stands:
    `ζ(2n+1)` → `+1`, `H^{-1}` → `-1`, `$p = 2$` → `=2`. A hyphen inside a word (`p-adic`,
    `quasi-categories`) applies to no single letter or number."""
    # Spacing is gone around operators already (`_tight_math`, `math_stream`); a hyphen with a
    # space on either side is a dash, and signs nothing.
    flat = math_stream(title).replace(_OPEN, "").replace(_CLOSE, "")
    # A multiset, sorted: `(2^k-1)(b^k-1)` has two `-1`, and dropping one is a change.
    return tuple(sorted(m.group(1) + m.group(2) for m in _SIGNED.finditer(flat)))


@lru_cache(maxsize=4096)
def product_terms(title: str) -> tuple[str, ...]:
    """Inside `$…$` only: an operator with a product of letters or a named function (`ax-by` →
    `-by`, `π^2-\\log^2` → `-log`)."""
    out: list[str] = []
    for segment in _MATH_SEGMENT.findall(title):
        flat = math_stream(segment).replace(_OPEN, "").replace(_CLOSE, "")
        out.extend(m.group(1) + m.group(2) for m in _PRODUCT.finditer(flat))
    return tuple(sorted(out))


def math_changes(claimed: str, source: str) -> list[str]:
    """What the mathematics of one title has that the other's lacks, when both write some
    mathematics as such: a script of the same base and kind with other content (`H^{-1}` for
    `H^1`), or a signed term only one side has (`ζ(2n+1)` for `ζ(2n)`)."""
    if not has_markup(claimed) or not has_markup(source):
        return []
    changes: list[str] = []
    mine, theirs = scripts(claimed), scripts(source)
    for a, b in ((mine, theirs), (theirs, mine)):
        for script in sorted(a):
            same_place = [o for o in b if o[:2] == script[:2]]
            if same_place and not any(_agree(script, o) for o in same_place):
                base, kind, content, _ = script
                changes.append(f"{base}{kind}{{{content}}}")
    signed_a, signed_b = Counter(signed_terms(claimed)), Counter(signed_terms(source))
    if _MATH_SEGMENT.search(claimed) and _MATH_SEGMENT.search(source):
        # Both typed as formulas: products and named functions count too (`ax-by+cz`, `-\\log`);
        # in text a hyphen before letters is a word's (`blow-up`), and one side may write
        # `blowup`.
        signed_a.update(product_terms(claimed))
        signed_b.update(product_terms(source))
    changes.extend(sorted((signed_a - signed_b) + (signed_b - signed_a)))
    return list(dict.fromkeys(changes))


def text_words(title: str) -> str:
    """The title's words outside its mathematics (`$…$`, `\\(…\\)`, a word with a script), for a
    second search when an index tokenises the formulas otherwise (`sl_2` as one word)."""
    text = _MATH_SEGMENT.sub(" ", title)
    return query_text(" ".join(w for w in text.split() if not re.search(r"[\^_]", w)))
