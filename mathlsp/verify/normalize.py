"""Text normalisation for comparing what a note claims with what a source returned.

Titles differ between sources in case, punctuation, LaTeX, diacritics and hyphenation; names in
order, initials, particles and transliteration. None of those may decide a verdict.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from pylatexenc import latex2text
from pylatexenc.latexencode import get_builtin_uni2latex_dict

from mathlsp.personnames import without_suffix

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
_ELL = re.compile(r"(?<![a-z])ell(?![a-z])")  # `ell^p`, `mod-ell`, `l^ell_1`: ℓ typed out
_AMPERSAND = re.compile(r"\\?&(?:amp;)?")
_SCRIPT_SPACE = re.compile(r"\s*([\^_])\s*")


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
    """The one normal form titles are compared in (both sides): case, punctuation, HTML/JATS tags,
    diacritics and hyphenation removed; mathematics written one way whether it came as LaTeX,
    Unicode or ASCII names (`$\\theta(x)$`, `θ(x)`, `theta (x)` → `theta x`; `\\mathbb{Q}`, `ℚ`,
    `Q` → `q`); the field's abbreviations and ordinals spelt out (`PDEs`, `10th`, `n-th`);
    meaning-changing prefixes joined to their word (`quasi-categories` → `quasicategories`)."""
    text = _AMPERSAND.sub(" and ", _HTML_TAG.sub(" ", title))
    text = fold(math_names(_ascii_times(latex_to_unicode(text))))
    # `$A _ 4$` is `$A_4$`: spacing inside mathematics is no content. A symbol's other names
    # first, so that `A_ infty` and `A_∞` join alike.
    text = _SYMBOL_ALIAS.sub(lambda m: _ABBREVIATIONS[m.group(0)], _ELL.sub("l", text))
    text = _SCRIPT_SPACE.sub(r"\1", text).replace("^", "").replace("_", "")
    text = text.replace("-", " ").replace("'", "")
    text = _NON_WORD.sub(" ", text)
    return " ".join(_spelt_out(text.split()))


# A plain-text `x` for × (`SL2 x SL2`, `(C_p x C_p)`, `GL(3)xGL(2)`, `3x3`): only between two
# pieces of notation, so the variable in "for x in X", "Some x" or "f(2x)" stays a letter. Notation
# before it: a token with a digit, a script, a closing bracket, or all capitals; after it: a
# digit, a capital or a bracket.
_SPACED_X = re.compile(r"(\S+)\s+x\s+(?=[0-9A-Z(\[\\])")
_NOTATION = re.compile(r"[0-9_^)\]]|^\(?[A-Z]{1,4}$")
_GLUED_X = re.compile(r"(?<=[)\]])\s*x(?=[A-Z(\s])|(?<=\d)x(?=\d)")


def _ascii_times(text: str) -> str:
    if "x" not in text:
        return text
    text = _SPACED_X.sub(
        lambda m: f"{m.group(1)} × " if _NOTATION.search(m.group(1)) else m.group(0), text
    )
    return _GLUED_X.sub(" × ", text)


_MATH_SEGMENT = re.compile(r"\$[^$]+\$|\\\(.+?\\\)")


@lru_cache(maxsize=4096)
def math_words(title: str) -> frozenset[str]:
    """The normal-form words of a title's mathematics (`$…$`, `\\(…\\)`): symbols and indices,
    which have no spelling variants (`\\alpha_kn^k` is not `\\alpha_kn^m`)."""
    return frozenset(
        w for seg in _MATH_SEGMENT.findall(title) for w in normalize_title(seg).split()
    )


def query_text(title: str) -> str:
    """A title as a search engine wants it, its mathematics in the normal form's words but its
    own wording kept (`Bounds for $\theta(x)$ on $\\mathbb{F}_p$…` → `bounds for theta x on f p`):
    the same symbols on both sides whichever way the note and the index wrote them."""
    text = _AMPERSAND.sub(" and ", _HTML_TAG.sub(" ", title)).rstrip(" .…")
    # Scripts apart from their base (`GL_n` → `gl n`, `SL_2` → `sl 2`): an index splits or keeps
    # them, but no tokeniser glues `gln` or `sl2`.
    text = fold(math_names(latex_to_unicode(text))).replace("^", " ").replace("_", " ")
    # A sign left on its own (`H^{-1}` → `h -1`) would read as "without" to a Lucene query.
    text = _LONE_DASH.sub(" ", re.sub(r"[^\w\s'-]", " ", text))
    return " ".join(text.split())


_LONE_DASH = re.compile(r"(?<!\w)-+|-+(?!\w)")

# Prefixes a title writes closed up, hyphenated or apart (`quasilinear`, `quasi-linear`): an index
# keeps one token or two, so a query in the other form finds nothing.
_COMPOUND_PREFIX = "quasi|semi|pseudo|anti|non|multi|hyper|super|sub"
_HYPHENATED = re.compile(rf"\b({_COMPOUND_PREFIX})-([a-z]{{3,}})\b")
_CLOSED_UP = re.compile(rf"\b({_COMPOUND_PREFIX})([a-z]{{4,}})\b")


def compound_variant(query: str) -> str:
    """`query` (a `query_text`) with each prefixed compound written the other way: hyphenated
    ones closed up, closed-up ones hyphenated (`quasilinear` ↔ `quasi-linear`)."""
    joined = _HYPHENATED.sub(r"\1\2", query)
    if joined != query:
        return joined
    return _CLOSED_UP.sub(r"\1-\2", query)


# -- the mathematics in titles ---------------------------------------------------------------------
# LaTeX → Unicode is pylatexenc's; what follows is only what mathematics adds: macros papers define
# for themselves, symbols named in words, the field's abbreviations.
_LATEX_DB = latex2text.get_default_latex_context_db()
_LATEX_TO_TEXT = latex2text.LatexNodes2Text(math_mode="text")
_MACRO = re.compile(r"\\([A-Za-z]+)")
_ALIASES = {
    "Bbb": "mathbb", "bbb": "mathbb", "bold": "mathbf", "sb": "_", "sp": "^",
    "ZZ": "Z", "QQ": "Q", "RR": "R", "CC": "C", "NN": "N", "FF": "F", "PP": "P", "HH": "H",
    "AA": "A", "ne": "neq", "frak": "mathfrak", "operatorname": "mathrm",
    "boldsymbol": "mathbf", "bm": "mathbf", "tfrac": "frac", "dfrac": "frac",
}  # fmt: skip
_FONT_SWITCHES = frozenset("rm bf it sf tt cal em sl sc".split())  # pylatexenc reads these
# Font switches and sizing pylatexenc reads without a macro spec: they say how, never what.
_SILENT = frozenset("rm bf it sf tt cal em sl sc bb left right big Big bigl bigr Bigl Bigr "
                    "displaystyle textstyle scriptstyle limits nolimits colon mbox hbox "
                    "boldmath unboldmath".split())  # fmt: skip
# `{\mathversion{bold}$p$}`: like `\boldmath`, a weight for the formula that follows, no content.
_MATHVERSION = re.compile(r"\\mathversion\s*\{\s*[A-Za-z]*\s*\}")
_SYMBOLS = {
    "×": " times ", "⊗": " otimes ", "⊕": " oplus ", "∞": " infinity ", "√": " sqrt ",
    "≥": " geq ", "⩾": " geq ", "≤": " leq ", "⩽": " leq ", "≠": " neq ", "→": " to ",
    "↦": " mapsto ", "⊂": " subset ", "⊆": " subset ", "≅": " cong ", "∼": " sim ", "≃": " simeq ",
    "∂": " partial ", "∇": " nabla ", "∑": " sum ", "∏": " prod ", "∫": " int ", "ℓ": "l",
    "ħ": "h", "∅": " emptyset ", "∖": " setminus ",
}  # fmt: skip


def _latex_symbol_names() -> dict[str, str]:
    """Every other Unicode symbol by its LaTeX name (`⋁` → `bigvee`), from pylatexenc's table."""
    out: dict[str, str] = {}
    for cp, latex in get_builtin_uni2latex_dict().items():
        char = chr(cp)
        if cp < 128 or not unicodedata.category(char).startswith("S") or char in _SYMBOLS:
            continue
        names = [n for n in re.findall(r"\\([A-Za-z]+)", latex) if n not in ("ensuremath", "small")]
        if names:
            name = names[-1].removeprefix("text")
            out[char] = f" {name} " if len(name) > 1 else name
    return out


_SYMBOL_NAMES = _latex_symbol_names()
# Accents and fonts a plain-text title spells out or drops (`\overline{M}`, `\check{C}`).
_MARKUP_WORDS = frozenset(
    "hat check tilde bar overline underline widetilde widehat vec dot ddot breve mathcal "
    "mathfrak mathbb mathrm mathbf mathscr mathsf text textrm operatorname bold boldsymbol pmb "
    "lfloor rfloor lceil rceil langle rangle lvert rvert vert mid ldots cdots dots colon "
    "backslash displaystyle".split()
)
#: Words a symbol or markup becomes: an ASCII title often drops the symbol, so they count only
#: when both sides name one (a swapped symbol); see matcher.title_words.
SYMBOL_WORDS = frozenset(
    {w.strip() for w in (*_SYMBOLS.values(), *_SYMBOL_NAMES.values()) if len(w.strip()) > 1}
    | _MARKUP_WORDS
)


def _macro(m: re.Match[str]) -> str:
    name = m.group(1)
    alias = _ALIASES.get(name)
    if alias is not None:
        return alias if alias in "_^" or len(alias) == 1 else "\\" + alias
    if name in _SILENT:
        return m.group(0) if name in _FONT_SWITCHES else " "
    # A macro pylatexenc does not know (a paper's own `\Sel`, `\GL`) keeps its name as a word.
    return m.group(0) if _LATEX_DB.get_macro_spec(name) is not None else f" {name} "


@lru_cache(maxsize=8192)
def latex_to_unicode(text: str) -> str:
    """LaTeX markup and math to Unicode text (`$\\Gamma_1(N)$` → `Γ_1(N)`), via pylatexenc; text
    without LaTeX is returned as it is."""
    if "\\" not in text and "$" not in text and "{" not in text:
        return text
    prepared = _MACRO.sub(_macro, re.sub(r"(?<!\\)%", r"\\%", _MATHVERSION.sub(" ", text)))
    try:
        return _LATEX_TO_TEXT.latex_to_text(prepared)
    except Exception:
        return strip_latex(text)


def _greek_name(char: str) -> str | None:
    try:
        name = unicodedata.name(char)
    except ValueError:
        return None
    if not name.startswith("GREEK ") or "WITH" in name:
        return None
    words = name.split()
    if "LETTER" in words:  # GREEK SMALL LETTER THETA, GREEK CAPITAL LETTER GAMMA, … FINAL SIGMA
        return words[-1].lower().replace("lamda", "lambda")  # Unicode spells it LAMDA
    if words[-1] == "SYMBOL" and len(words) == 3:  # GREEK THETA SYMBOL (ϑ), GREEK PHI SYMBOL (ϕ)
        return words[1].lower()
    return None


@lru_cache(maxsize=8192)
def math_names(text: str) -> str:
    """Greek letters and mathematical symbols as the ASCII words people type for them (`θ` →
    `theta`, `×` → `times`, `∞` → `infinity`); mathematical alphanumerics (`𝔽`, `ℚ`, `𝐆𝐋`) as
    their letters."""
    if text.isascii():
        return text
    out: list[str] = []
    for char in unicodedata.normalize("NFKC", text):
        if char.isascii():
            out.append(char)
        elif (symbol := _SYMBOLS.get(char) or _SYMBOL_NAMES.get(char)) is not None:
            out.append(symbol)
        elif (greek := _greek_name(char)) is not None:
            out.append(greek)
        else:
            out.append(char)
    return "".join(out)


_ABBREVIATIONS = {
    "pde": "partial differential equation", "pdes": "partial differential equations",
    "ode": "ordinary differential equation", "odes": "ordinary differential equations",
    "spde": "stochastic partial differential equation",
    "spdes": "stochastic partial differential equations",
    "sde": "stochastic differential equation", "sdes": "stochastic differential equations",
    "infty": "infinity", "vs": "versus", "ell": "l", "varphi": "phi", "vartheta": "theta",
    "varepsilon": "epsilon", "varpi": "pi", "varrho": "rho", "varsigma": "sigma",
    "le": "leq", "ge": "geq", "leqslant": "leq", "geqslant": "geq", "lamda": "lambda",
}  # fmt: skip
_ORDINALS = {
    "1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth",
    "6th": "sixth", "7th": "seventh", "8th": "eighth", "9th": "ninth", "10th": "tenth",
    "11th": "eleventh", "12th": "twelfth", "13th": "thirteenth", "14th": "fourteenth",
    "15th": "fifteenth", "16th": "sixteenth", "17th": "seventeenth", "18th": "eighteenth",
    "19th": "nineteenth", "20th": "twentieth", "30th": "thirtieth", "40th": "fortieth",
    "50th": "fiftieth", "60th": "sixtieth", "70th": "seventieth", "80th": "eightieth",
    "90th": "ninetieth", "100th": "hundredth",
}  # fmt: skip
#: Prefixes that make another word (homology/cohomology): written joined, hyphenated or apart,
#: they are one word, so that `quasi-categories` is `quasicategories` and never `categories`.
WORD_PREFIXES = frozenset({"non", "co", "sub", "super", "semi", "quasi", "pseudo", "anti"})


def _spelt_out(words: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else None
        if w in _ABBREVIATIONS:
            out.extend(_ABBREVIATIONS[w].split())
        elif w in _ORDINALS:
            out.append(_ORDINALS[w])
        elif nxt == "th" and len(w) == 1 and w.isalpha():  # `n-th`, `$k$-th`
            out.append(w + "th")
            i += 1
        elif w in WORD_PREFIXES and nxt is not None and nxt.isalpha() and nxt not in _STOP:
            out.append(w + nxt)
            i += 1
        else:
            out.append(w)
        i += 1
    return out


_STOP = frozenset("a an the of on in for and with to by".split())
# Symbols by another of their names (`infty`, `varphi`, `le`): one word each, as `_spelt_out`
# writes them.
_SYMBOL_ALIAS = re.compile(
    r"(?<![a-z])(?:infty|varphi|vartheta|varepsilon|varpi|varrho|varsigma|leqslant|geqslant|lamda)"
    r"(?![a-z])"
)


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


_DASHES = re.compile(r"[-‐‑–—]+")


def _name_tokens(name: str) -> list[str]:
    # Any dash joins a double-barrelled name (`Muñoz--Bertrand`, `Muñoz–Bertrand`).
    text = _DASHES.sub(" ", fold(strip_latex(name))).replace("'", "")
    return [t for t in re.split(r"[\s.,]+", text) if t]


# `W.Xu`, `A.K.Uncu`: an initial typed against the family name.
_GLUED_INITIAL = re.compile(r"(?<=\b[A-Z])\.(?=[A-Z][a-z])")


_INITIAL = re.compile(r"(?:[A-Z]\.-?)+|[A-Z]")


def surname(name: str) -> str:
    """Family name, folded: `Erdős, Paul` / `P. Erdős` / `Paul Erdős` / `Erdos P` → `erdos`."""
    name = without_suffix(" ".join(_GLUED_INITIAL.sub(". ", name).split()))
    if "," in name:
        family = name.split(",", 1)[0]
        tokens = _name_tokens(family)
        return " ".join(t for t in tokens if t not in _PARTICLES) or " ".join(tokens)
    raw = [w for w in name.split() if w.lower().rstrip(".") not in _SUFFIXES]
    if not raw:
        return ""
    # "Windisch T" / "Hambrick GW": trailing initials after the family name (PubMed style).
    # Not after an initial: in `F. HU` or `M. H. NG` the capitals are the family name.
    last = raw[-1].replace(".", "")
    leading_initial = _INITIAL.fullmatch(raw[0]) is not None
    initials_last = len(raw) > 1 and len(last) <= 3 and last.isupper() and not leading_initial
    raw = raw[:-1] if initials_last else raw[-1:]
    core = _name_tokens(" ".join(raw))
    if not core:
        return ""
    return " ".join(t for t in core if t not in _PARTICLES) or core[-1]


def name_keys(name: str) -> set[str]:
    """Every folded token that could be the family name (order-agnostic fallback)."""
    keys = {surname(name)}
    keys.update(t for t in _name_tokens(without_suffix(name)) if len(t) > 2 and t not in _PARTICLES)
    # `Jun MA`, `Fei HU`, `Weinan E`: a short family name in capitals after a whole given name
    # (which PubMed's `Windisch TW` initials also look like: both are tried). A lone capital
    # after an initial (`F. E`) is read by `surname` already.
    words = without_suffix(name).split()
    if (
        len(words) > 1
        and words[-1].isupper()
        and words[-1].isalpha()
        and (len(words[-1]) > 1 or _INITIAL.fullmatch(words[-2]) is None)
    ):
        keys.add(fold(words[-1]))
    # `Lu Weixiao`, `Oh Tadahiro`: a two-letter family name written first, before a whole given
    # name, as Chinese and Korean names are (an initial has a dot or stands in capitals).
    if (
        len(words) == 2
        and len(words[0]) == 2
        and words[0].isalpha()
        and words[0].istitle()
        and len(words[1]) > 1
        and words[1].replace("-", "").isalpha()
        and words[1].istitle()
        and fold(words[0]) not in _PARTICLES
    ):
        keys.add(fold(words[0]))
    keys.discard("")
    return keys


def given_tokens(name: str, particles: bool = False) -> list[str]:
    """The folded words of a name, initials one a letter (`Alperin JP` → alperin, j, p;
    `J.-P. Serre` → j, p, serre), suffixes and (unless `particles`) particles left out."""
    out: list[str] = []
    for raw in re.split(r"[\s.,\-‐‑–—]+", strip_latex(name)):
        if not raw:
            continue
        if raw.isalpha() and raw.isupper() and 2 <= len(raw) <= 3:  # `JP`, `GW`: initials
            out.extend(fold(c) for c in raw)
            continue
        token = fold(raw).replace("'", "")
        if token and token not in _SUFFIXES:
            out.append(token)
    if particles:
        return out
    # `Le`, `Van` and `Di` are given names too: particles go only when something else is left.
    return [t for t in out if len(t) == 1 or t not in _PARTICLES] or out  # `Y.` is an initial


def strip_trailing_particles(tokens: list[str]) -> list[str]:
    """Given names without the particles of the family name that follow them (`B. L. van der`
    → b, l), keeping a given name that looks like one (`Der-Chen`, `Le`)."""
    end = len(tokens)
    while end > 1 and tokens[end - 1] in _PARTICLES:
        end -= 1
    return tokens[:end]


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
