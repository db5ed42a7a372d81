"""Text normalisation for comparing what a note claims with what a source returned.

Titles differ between sources in case, punctuation, LaTeX, diacritics and hyphenation; names in
order, initials, particles and transliteration. None of those may decide a verdict.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Letters NFKD does not decompose into ASCII.
_TRANSLIT = str.maketrans(
    {
        "ß": "ss", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "æ": "ae", "Æ": "AE", "œ": "oe",
        "Œ": "OE", "đ": "d", "Đ": "D", "ð": "d", "þ": "th", "ı": "i", "‐": "-", "‑": "-",
        "‒": "-", "–": "-", "—": "-", "−": "-", "’": "'", "‘": "'", "“": '"', "”": '"',
    }
)  # fmt: skip
# LaTeX accent commands: \"o, \'e, \v{c}, \H{o}, ...
_LATEX_ACCENT = re.compile(r"\\[\"'`^~=.uvHckrbd]\s*\{?\s*([A-Za-z])\s*\}?")
_LATEX_ACCENT_MARK = {
    '"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a", "b": "\u0331", "d": "\u0323",
}  # fmt: skip
_LATEX_LETTERS = {r"\ss": "ss", r"\o": "o", r"\O": "O", r"\l": "l", r"\L": "L", r"\ae": "ae",
                  r"\oe": "oe", r"\i": "i", r"\aa": "a", r"\AA": "A"}  # fmt: skip
_LATEX_CMD = re.compile(r"\\(?:mathbb|mathcal|mathfrak|mathrm|mathbf|mathsf|mathit|textbf|"
                        r"textit|emph|text|operatorname|boldsymbol|bm)\s*")  # fmt: skip
_LATEX_OTHER = re.compile(r"\\([A-Za-z]+)")
_NON_WORD = re.compile(r"[^\w\s]")
_HTML_TAG = re.compile(r"</?[A-Za-z][^>]*>")


def _latex_accents(text: str) -> str:
    def repl(m: re.Match[str]) -> str:
        cmd = m.group(0)[1]
        return unicodedata.normalize("NFC", m.group(1) + _LATEX_ACCENT_MARK.get(cmd, ""))

    return _LATEX_ACCENT.sub(repl, text)


def strip_latex(text: str) -> str:
    """LaTeX and math markup to plain words: `$L^p$ on $\\mathbb{R}^n$` → `Lp on Rn`."""
    if "\\" in text:
        text = _latex_accents(text)
        for cmd, letter in _LATEX_LETTERS.items():
            text = re.sub(re.escape(cmd) + r"(?![A-Za-z])\s*", letter, text)
        text = _LATEX_CMD.sub("", text)
        text = _LATEX_OTHER.sub(lambda m: " " + m.group(1) + " ", text)
    return text.replace("$", "").replace("{", "").replace("}", "").replace("^", "").replace("_", "")


def fold(text: str) -> str:
    """Diacritics and special letters to ASCII, lower case."""
    text = text.translate(_TRANSLIT)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.lower()


@lru_cache(maxsize=4096)
def normalize_title(title: str) -> str:
    """Case, punctuation, LaTeX, HTML/JATS tags, diacritics and hyphenation removed."""
    text = _HTML_TAG.sub(" ", title)
    text = fold(strip_latex(text))
    text = text.replace("-", " ").replace("'", "")
    text = _NON_WORD.sub(" ", text)
    return " ".join(text.split())


def main_title(title: str) -> str:
    """The title before a subtitle separator (`Title: subtitle`, `Title. Subtitle`)."""
    cuts = [i for sep in (": ", ". ", " - ", " — ") if (i := title.find(sep)) > 0]
    return title[: min(cuts)] if cuts else title


def normalize_text(text: str) -> str:
    """Abstract text for grounding: like titles, tags and LaTeX gone."""
    return normalize_title(text)


# -- names ----------------------------------------------------------------------------------------
_PARTICLES = frozenset(
    "van von der den de del della di da du dos das le la lo ter ten bin ibn al el y".split()
)
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
_ET_AL = re.compile(r"\bet\.?\s*al\.?|\band others\b", re.IGNORECASE)


def _name_tokens(name: str) -> list[str]:
    text = fold(strip_latex(name)).replace("-", " ").replace("'", "")
    return [t for t in re.split(r"[\s.,]+", text) if t]


def surname(name: str) -> str:
    """Family name, folded: `Erdős, Paul` / `P. Erdős` / `Paul Erdős` / `Erdos P` → `erdos`."""
    name = " ".join(name.split())
    if "," in name:
        family = name.split(",", 1)[0]
        tokens = _name_tokens(family)
        return " ".join(t for t in tokens if t not in _PARTICLES) or " ".join(tokens)
    raw = [w for w in name.split() if w.lower().rstrip(".") not in _SUFFIXES]
    if not raw:
        return ""
    # "Windisch T" / "Hambrick GW": trailing initials after the family name (PubMed style).
    last = raw[-1].replace(".", "")
    initials_last = len(raw) > 1 and len(last) <= 3 and last.isupper()
    raw = raw[:-1] if initials_last else raw[-1:]
    core = _name_tokens(" ".join(raw))
    if not core:
        return ""
    return " ".join(t for t in core if t not in _PARTICLES) or core[-1]


def name_keys(name: str) -> set[str]:
    """Every folded token that could be the family name (order-agnostic fallback)."""
    keys = {surname(name)}
    keys.update(t for t in _name_tokens(name) if len(t) > 2 and t not in _PARTICLES)
    keys.discard("")
    return keys


_TRANSLIT_KEY = (
    ("sch", "s"), ("tch", "c"), ("ch", "c"), ("sh", "s"), ("zh", "z"), ("kh", "h"), ("ts", "c"),
    ("tz", "c"), ("ck", "k"), ("ph", "f"), ("j", "y"), ("w", "v"), ("ff", "v"),
)  # fmt: skip


def transliteration_key(name: str) -> str:
    """One spelling for the transliterations of a folded surname: Matiyasevich, Matijasevič
    (folded `matijasevic`) and Matiyasevic share `matiyasevic`; Chebyshev and Čebyšev too."""
    for old, new in _TRANSLIT_KEY:
        name = name.replace(old, new)
    return re.sub(r"(.)\1+", r"\1", name)


def german_fold(text: str) -> str:
    """`Mueller` and `Müller` (folded `muller`) are one name."""
    return text.replace("ue", "u").replace("oe", "o").replace("ae", "a")


def has_et_al(text: str) -> bool:
    return bool(_ET_AL.search(text))
