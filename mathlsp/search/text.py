"""Plain mathematical English from notes: LaTeX and Markdown stripped, key phrases, term matching.

Pure and dependency-free (no NLP library): key phrases are found the RAKE way — the text is cut
at stopwords, punctuation and formulas, and each run of content words is a candidate phrase,
scored by how connected and frequent its words are. That is enough to pull "heat-bath random
walk", "Markov basis" and "spectral gap" out of a problem statement.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from mathlsp.verify.normalize import fold, strip_latex

# Words that carry no mathematical content of their own: English function words and the filler
# of problem statements ("Let … be …, find conditions under which …").
STOPWORDS = frozenset(
    """
    a about above after again against all almost also although always am among an and another
    any anything are around as assume assuming at be because been before being below between
    both but by can cannot case cases certain come comes consider considered could
    denote denoted describe determine did do does doing done down during each either else
    enough especially etc even every exactly exist exists explicit explicitly fact few find
    finding following for from further get give given gives go good grow grows had has have
    having here how however i if in indeed into is it its itself just know known
    least less let like main make many may might more most much must namely near necessary
    need new no non nor not now of often on once one only onto or other otherwise our out over
    own particular particularly possible prove proved provide provided question rather
    really regarding respectively result results said same say see seem should show shown
    similar since so some such suppose supposing sure take than that the their
    them then there thereby therefore these they this those though through thus to too
    true under understand uniformly until up upon us use used using usual various very via
    want was way we well were what whatever when where whether which while who whose why
    will with within without would yet you your
    prove proof proofs show shows showing study studies studied paper papers
    condition conditions conjecture conjectures theorem theorems lemma lemmas problem problems
    answer answers approach approaches question questions claim claims work works recent
    hold holds holding obtain obtained obtains whenever arbitrary sufficiently sufficient
    sometimes converge converges satisfy satisfies satisfying imply implies implied tend
    tends act acts acting vanish vanishes equal equals contain contains containing lie lies
    admit admits th st nd rd
    """.split()
)
# Nouns too generic to search for on their own (fine inside a phrase: "mixing time").
GENERIC = frozenset(
    """
    bound bounds bounded case element elements function functions general map maps number
    numbers object objects point points property properties set sets size space spaces
    structure structures term terms time type types value values way ways moves move walk
    walks order degree form forms part parts side sides example examples method methods
    estimate estimates constant constants sequence sequences class classes family families
    model models system systems graph graphs matrix matrices operator operators group groups
    """.split()
)

# Phrases of mathematical prose that say nothing about the problem itself.
GENERIC_PHRASES = frozenset(
    [
        "absolute value", "high probability", "sufficiently large", "positive integer",
        "positive integers", "real number", "real numbers", "natural number", "natural numbers",
        "main result", "main results", "upper bound", "lower bound", "general case",
        "special case", "large enough",
    ]
)  # fmt: skip
# LaTeX inside formulas that names a concept worth searching for.
_MATH_CONCEPTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), w)
    for p, w in (
        (r"\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*\{?\s*[ndkm]\s*\}?", "euclidean space"),
        (r"\\mathbb\s*\{?\s*Z\s*\}?\s*\^\s*\{[^{}]*\\times[^{}]*\}", "integer matrix"),
        (r"\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*\{[^{}]*\\times[^{}]*\}", "real matrix"),
        (r"\\mathbb\s*\{?\s*C\s*\}?\s*\^\s*\{[^{}]*\\times[^{}]*\}", "complex matrix"),
        (r"\\\||\\lVert|\\Vert", "norm"),
        (r"\\sum", "series"),
        (r"\\int(?![a-z])", "integral"),
        (r"\\partial", "partial derivative"),
        (r"\\nabla", "gradient"),
        (r"\\Delta(?![a-z])", "laplacian"),
        (r"\\det(?![a-z])", "determinant"),
        (r"\\otimes", "tensor product"),
        (r"\\oplus", "direct sum"),
        (r"\\(?:mathrm|operatorname)\s*\{\s*tr\s*\}", "trace"),
        (r"\\(?:mathrm|operatorname)\s*\{\s*(?:GL)\s*\}|\bGL_", "general linear group"),
        (r"\\(?:mathrm|operatorname)\s*\{\s*(?:SL)\s*\}|\bSL_", "special linear group"),
        (r"\\zeta\s*\(", "zeta function"),
        (r"\\lim(?![a-z])", "limit"),
    )
)
_CONCEPT_WORDS = frozenset(w for _, w in _MATH_CONCEPTS)
_MATH = re.compile(r"\$\$.*?\$\$|\$(?:\\.|[^$\\])+\$|\\\(.*?\\\)|\\\[.*?\\\]", re.DOTALL)
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MD_CODE = re.compile(r"`+([^`]*)`+")
_MD_MARK = re.compile(r"(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)")
_HTML = re.compile(r"<!--.*?-->|</?[A-Za-z][^>]*>", re.DOTALL)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’]*(?:-[A-Za-z0-9'’]+)*")
BREAK = " | "  # a phrase boundary inside plain text


_STYLE_CMD = re.compile(
    r"\\(?:mathrm|mathbf|mathit|mathsf|operatorname|text|textrm|mathcal|mathfrak|mathbb|rm)"
    r"\s*\{([^{}]*)\}"
)
_GREEK = (
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma tau "
    "upsilon phi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Phi Psi Omega ell"
).split()
_GREEK_CMD = re.compile(r"\\(" + "|".join(_GREEK) + r")(?![A-Za-z])")
_SYMBOL = re.compile(r"[A-Za-z]{1,5}\d{1,3}|[A-Z]{2,5}|[A-Z][a-z]?[A-Z]{1,3}|" + "|".join(_GREEK))


def compact_symbol(tex: str) -> str | None:
    """The name a paper would write for a small formula — `P_5` → "P5", `\\mathrm{GL}_2` → "GL2",
    `\\zeta` → "zeta", `\\mathrm{PSL}` → "PSL" — or None for anything else (a lone variable, an
    expression), which stays a phrase break."""
    text = _STYLE_CMD.sub(r"\1", tex)
    text = _GREEK_CMD.sub(r"\1", text)
    text = re.sub(r"[_^{}\s]", "", text)
    return text if _SYMBOL.fullmatch(text) else None


def plain_text(markdown: str) -> str:
    """Markdown with LaTeX to plain mathematical English. Formulas become phrase breaks, plus the
    names of the concepts they denote (`\\|T\\|` → "norm", `\\mathbb{R}^n` → "euclidean space")."""

    def formula(m: re.Match[str]) -> str:
        words = [w for p, w in _MATH_CONCEPTS if p.search(m.group(0))]
        concepts = "".join(w + BREAK for w in dict.fromkeys(words))
        symbol = compact_symbol(m.group(0).strip("$"))
        if symbol is None:
            return BREAK + concepts
        # A named object is a word a paper's title would use: `$P_5$-free` → "P5-free",
        # `$\mathrm{GL}_2$` → "GL2", `$\zeta$` → "zeta" — never a fragment like "-free".
        glued = m.string[m.end() : m.end() + 1] == "-"
        return f" {symbol}" + ("" if glued else " " + (BREAK + concepts if concepts else ""))

    text = _HTML.sub(" ", markdown)
    text = _MATH.sub(formula, text)
    text = _MD_LINK.sub(r"\1", text)
    text = _MD_CODE.sub(r"\1", text)
    text = _MD_MARK.sub("", text)
    text = strip_latex(text)
    return " ".join(text.split())


_IRREGULAR = {
    "bases": "basis", "matrices": "matrix", "vertices": "vertex", "indices": "index",
    "simplices": "simplex", "radii": "radius", "spectra": "spectrum", "tori": "torus",
    "loci": "locus", "lemmata": "lemma", "criteria": "criterion", "phenomena": "phenomenon",
    "polyhedra": "polyhedron", "automata": "automaton", "maxima": "maximum", "minima": "minimum",
}  # fmt: skip


def stem(word: str) -> str:
    """A crude singular: enough that "walks" finds "walk" and "Markov bases" finds "basis"."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and w.endswith(("sses", "shes", "ches", "xes")):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is", "ys")):
        return w[:-1]
    return w


def words(text: str) -> list[str]:
    """Lower-case ASCII words, hyphenated compounds split, possessives dropped."""
    out: list[str] = []
    for token in _WORD.findall(fold(text)):
        token = re.sub(r"['’]s$", "", token).replace("'", "").replace("’", "")
        out.extend(p for p in token.split("-") if p)
    return out


def stems(text: str) -> list[str]:
    return [stem(w) for w in words(text)]


def key_phrases(text: str, limit: int = 8, max_words: int = 4) -> list[str]:
    """Content phrases of `text` (plain or Markdown), best first, lower case, hyphens kept.

    RAKE: split at stopwords, punctuation and formulas; word score = degree / frequency; a phrase
    scores the sum of its words. Single generic nouns ("walk", "bound") are dropped."""
    plain = plain_text(text)
    phrases: list[list[str]] = []
    for chunk in re.split(r"[|.,;:!?()\[\]{}\"“”]+|\s[-–—]\s", plain):
        current: list[str] = []
        for token in _WORD.findall(fold(chunk)):
            token = re.sub(r"['’]s$", "", token)
            if token in STOPWORDS or token.isdigit() or len(token) < 2:
                if current:
                    phrases.append(current)
                current = []
                continue
            current.append(token)
        if current:
            phrases.append(current)
    phrases = [p[-max_words:] for p in phrases]  # long runs: keep the head noun end
    freq: Counter[str] = Counter()
    degree: Counter[str] = Counter()
    for p in phrases:
        for w in p:
            freq[w] += 1
            degree[w] += len(p)
    scored: dict[str, float] = {}
    for p in phrases:
        if len(p) == 1 and (p[0] in GENERIC or stem(p[0]) in GENERIC or len(p[0]) < 4):
            continue
        phrase = " ".join(p)
        if phrase in GENERIC_PHRASES:
            continue
        score = sum(degree[w] / freq[w] for w in p)
        if phrase in _CONCEPT_WORDS:
            score /= 2  # read off a formula: the prose says more about the problem
        scored[phrase] = max(scored.get(phrase, 0.0), score)
    # One phrase per stem sequence ("random walk" and "random walks" are one).
    best: dict[tuple[str, ...], tuple[float, int, str]] = {}
    for order, (phrase, score) in enumerate(scored.items()):
        key = tuple(stem(w) for w in phrase.replace("-", " ").split())
        if key not in best or score > best[key][0]:
            best[key] = (score, best[key][1] if key in best else order, phrase)
    # Best score first; ties in the order the text mentions them.
    ordered = sorted(best.values(), key=lambda sp: (-sp[0], sp[1]))
    return [p for _, _, p in ordered[:limit]]


def query_words(phrase: str) -> str:
    """A phrase as search words: hyphens to spaces, whitespace collapsed."""
    return " ".join(phrase.replace("-", " ").replace("–", " ").split())


def contains_phrase(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    """`needle` (stems) as a contiguous run of `haystack` (stems)."""
    n = len(needle)
    if n == 0 or n > len(haystack):
        return False
    first = needle[0]
    return any(
        haystack[i] == first and list(haystack[i : i + n]) == list(needle)
        for i in range(len(haystack) - n + 1)
    )


def has_all(haystack: Iterable[str], needle: Iterable[str]) -> bool:
    have = set(haystack)
    return all(w in have for w in needle)


_URLISH = re.compile(r"https?://|www\.|\b\d{4}-\d{2}-\d{2}T\d{2}:|\b10\.\d{4,9}/|\*\*|\|")
_QUERY_WORD = re.compile(r"[^\W\d_]{3,}")


def reads_as_query(text: str) -> bool:
    """Whether a selection reads like words to search for: at least two words of three or more
    letters making up most of it, and no URL, timestamp, DOI, table or field markup (a range the
    editor sends for a diagnostic often covers a `Verified:` stamp or an identifier)."""
    text = " ".join(text.split())
    if not 3 <= len(text) <= 300 or _URLISH.search(text):
        return False
    words = _QUERY_WORD.findall(text)
    letters = sum(len(w) for w in words)
    return len(words) >= 2 and letters >= 0.6 * len(text.replace(" ", ""))
