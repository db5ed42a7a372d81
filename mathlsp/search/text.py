"""Plain mathematical English from notes: LaTeX and Markdown stripped, key phrases, term matching.

Pure and dependency-free (no NLP library): key phrases are found the RAKE way — the text is cut
at stopwords, punctuation and formulas, and each run of content words is a candidate phrase,
scored by how connected and frequent its words are. That is enough to pull "heat-bath random
walk", "Markov basis" and "spectral gap" out of a problem statement.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

from mathlsp.search.unicode_math import tex_of_unicode
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
    gave showed established improved improves introduced conjectured computed announced
    observed noted answered settled disproved claimed extends establishes refined refines
    sharpened sharpens later earlier first
    made modulo independently carry carries sit sits push pushes avoid avoids goes back
    characterise characterize characterising characterizing construct constructing classify
    compute computing decide recover transfer bounding check checks checking
    """.split()
)
# Verbs that report what someone did: after a name they make the name a person, not an object
# ("Schoenfeld gave", "Lacey and Thiele's argument extends"). Some are also adjectives
# ("extended Riemann hypothesis"), so only these that follow a name are read as prose.
REPORTING = frozenset(
    """
    gave give gives showed shows proved proves established establishes improved improves
    introduced introduces conjectured conjectures computed announced observed noted answered
    settled disproved claimed extended extends extend generalized generalised generalizes
    generalises refined refines sharpened sharpens obtained obtains developed develops used
    uses applied applies constructed constructs found finds verified verifies studied
    combined combines treated treats considered made introduced studied predicted proved
    showed excluded realised realized surveyed placed avoid avoids push pushes did
    """.split()
)
# What a person's contribution is called: "the Lacey–Thiele argument" names people, not a topic.
WORK_NOUNS = frozenset(
    "argument arguments idea ideas technique techniques method methods approach approaches "
    "proof proofs work works result results paper papers bound bounds estimate estimates "
    "contribution contributions trick tricks".split()
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
    text = re.sub(r"\\var(?=phi|theta|epsilon|rho|sigma|pi)", "\\\\", text)
    text = _GREEK_CMD.sub(r"\1", text)
    glued = re.sub(r"[_^{}\s]", "", text)
    if not _SYMBOL.fullmatch(glued):
        return None
    # A Greek letter's scripts each a word of their own, as titles' TeX is read (`$\Phi^4_3$` is
    # "phi 4 3", never "phi43"): hyphens keep the symbol one token here, and the query and the
    # match split them.
    parts = [p for p in re.split(r"[_^]", re.sub(r"[{}\s]", "", text)) if p]
    return "-".join(parts) if len(parts) > 1 and parts[0] in _GREEK else glued


# A dash that ends a hard-wrapped line joins the word after the break ("Busani–Seppäläinen–" /
# "Sorensen (2022)", "space-" / "time"): the break is the editor's, not the writer's. A spaced dash
# ("the bound –" / "which …") is punctuation and is left alone.
_WRAPPED_DASH = re.compile(r"(?<=[^\W\d_])([-–])[ \t]*\r?\n[ \t]*(?=[^\W\d_])")


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

    text = _HTML.sub(" ", tex_of_unicode(_WRAPPED_DASH.sub(r"\1", markdown)))
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
    "zeroes": "zero",
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


def cased_words(text: str) -> list[str]:
    """`words` with their case kept, to be shown: "Rademacher" stays a name, "Random" at a
    sentence's start is a word (`stem` of the lower case is the word's stem)."""
    out: list[str] = []
    for token in _WORD.findall(fold_keep_case(text)):
        token = re.sub(r"['’]s$", "", token).replace("'", "").replace("’", "")
        out.extend(p for p in token.split("-") if p)
    return out


def without_formulas(text: str) -> str:
    """The text its sentences say: formulas and markup out, so a word read off the notation
    (`\\frac`, `\\mathbb`) is never taken for one the text writes."""
    return strip_latex(_MATH.sub(" . ", _HTML.sub(" ", tex_of_unicode(text))))


def fold_keep_case(text: str) -> str:
    """Diacritics to ASCII, case kept: "Szemerédi" → "Szemeredi"."""
    return "".join(fold(c).upper() if c.isupper() else fold(c) for c in text)


def stems(text: str) -> list[str]:
    return [stem(w) for w in words(text)]


_RAW_WORD = re.compile(r"[^\W_][\w'’]*(?:-[^\W_][\w'’]*)*")


def _tokens(chunk: str) -> list[tuple[str, bool]]:
    """(folded word, capitalised as a name is) for each word of `chunk`; "GL2", "E8" and "SIR"
    are symbols or acronyms, not names."""
    out: list[tuple[str, bool]] = []
    for raw in _RAW_WORD.findall(chunk):
        folded = fold(raw)
        if not _WORD.fullmatch(folded):
            folded = "".join(_WORD.findall(folded))
            if not folded:
                continue
        bare = re.sub(r"['’]s$", "", raw).replace("-", "")
        capital = raw[:1].isupper() and any(c.islower() for c in bare[1:]) and bare.isalpha()
        out.append((folded, capital))
    return out


def people(tokens: Sequence[tuple[str, bool]], eponyms: set[int] | None = None) -> set[int]:
    """Positions of words that name people in prose: a run of capitalised words (joined by
    "and", commas or dashes, possessives allowed) followed by a reporting verb, directly or
    after what the contribution is called — "Schoenfeld gave", "Trudgian improved", "Lacey and
    Thiele's argument extends". "Riemann zeta function" is followed by no verb: an object.
    `eponyms` receives the positions of names heading a result named after them ("the Weil
    conjectures": `eponym_head`), which are neither people nor a phrase of their own."""
    out: set[int] = set()
    i = 0
    while i < len(tokens):
        if not tokens[i][1]:
            i += 1
            continue
        run: list[int] = []
        j = i
        while j < len(tokens):
            word, capital = tokens[j]
            if capital and word not in STOPWORDS:
                run.append(j)
                j += 1
            elif word in ("and", "et", "al") and run and j + 1 < len(tokens) and tokens[j + 1][1]:
                j += 1
            else:
                break
        k = j
        if k < len(tokens) and tokens[k][0].rstrip("s'’") in WORK_NOUNS | {
            w.rstrip("s") for w in WORK_NOUNS
        }:
            k += 1
        said = re.sub(r"['’]s$", "", tokens[k][0]) if k < len(tokens) else ""
        head = k == j and eponym_head([t for t, _ in tokens[max(i - 1, 0) : i]], len(run), said)
        if run and said in REPORTING and head and eponyms is not None:
            eponyms.update(run)
        elif run and said in REPORTING and not head:
            out.update(run)
            if k > j:
                out.add(j)  # the contribution's name goes with them
        i = max(j, i + 1)
    return out


_NAME = (
    r"(?:(?:[Ll]e|[Dd]u|[Vv]an|[Dd]e|[Vv]on|[Dd]er|[Dd]i)\s+)*"
    # A capital, then letters of which one at least is lower case ("Tsai", not "KPZ"), checked by
    # a lookahead: two stars around the `[a-z]` split a name in quadratically many ways, and the
    # list of names before a missing verb backtracked for a minute.
    r"[A-Z](?=[^\W\d_]*[a-z])[^\W\d_]*+(?:[-–][A-Z][^\W\d_]++)*+"
)
_SEP = r"(?:\s*[,;]\s*(?:and\s+)?(?:independently\s+)?|\s+and\s+(?:independently\s+|of\s+)?)"
_NAME_LIST = rf"{_NAME}(?:{_SEP}{_NAME})*"
_WORK = "|".join(sorted(WORK_NOUNS))
# Verbs that say what people did, read only here (not `REPORTING`, which also cuts key phrases):
# "Kamienny, Kenku and Momose classified", "Derickx, …, and Zureick-Brown completed".
_PEOPLE_VERBS = frozenset(
    "classified completed resolved solved confirmed characterised characterized derived "
    "determined".split()
)
_VERB = "|".join(sorted(REPORTING | _PEOPLE_VERBS))
# "Abert, Bergeron, Biringer and coauthors proved", "Trudgian et al. improved": the named people.
_AND_OTHERS = r"(?:,?\s+and\s+(?:co-?authors|collaborators)|\s+et\s+al\.?)?"
_WHO_DID = re.compile(
    rf"(?<![\w-])({_NAME_LIST}){_AND_OTHERS}(?:['’]s?)?,?\s+(?:[a-z]+ly\s+)?"
    rf"(?P<work>(?:{_WORK})\s+)?(?P<verb>{_VERB})\b"
)
# "[1]", "[2, 5]", "[3–7]" after names ("Bourgain, Katz and Tao [1] proved"): a numbered
# reference list's citation, between the people and what they did.
_NUMBERED_CITE = re.compile(r"\s*\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]")
# "is due to Rudnev, Shakan and Shkredov": whose the result is.
_DUE_TO = re.compile(rf"\bdue to\s+({_NAME_LIST})(?![\w-])")
# Words that are capitalised after "due to" or "of" and name a part of a text, no one.
_TEXT_PARTS = frozenset(
    "theorem lemma proposition corollary section remark example definition figure table "
    "chapter appendix equation conjecture".split()
)
_POSSESSIVE = re.compile(rf"(?<![\w-])({_NAME})['’]s?\s+(?=[\w$\\])")
_LISTED = re.compile(rf"\(\s*({_NAME_LIST})\s*\)")
# "the 2020s work of Kurt, Shen and Le", "papers by Ghioca and Tucker": a note names whose work it
# means without a verb or a year. Only nouns for someone's writings: "the method of Lagrange
# multipliers" and "results of Section 3" name no one.
_WRITINGS = "work|works|paper|papers|articles|contributions|monograph|monographs|book|books"
_WORK_OF = re.compile(rf"\b(?i:{_WRITINGS})\s+(?:of|by)\s+({_NAME_LIST})(?![\w-])")
_NOT_PEOPLE = frozenset(
    "the a an this that these those it its we our their there here every each all any some "
    "many most one two if when while since then thus hence however moreover physicists "
    "numerical special classical standard".split()
)


# Reporting verbs in the present that are also plural nouns: after an eponym they are the named
# results ("the Weil conjectures", "Chowla and Elliott conjectures", "Ngô's uses").
NOUN_FORMS = frozenset("conjectures uses finds".split())
_DETERMINERS = frozenset("the a an these those this that his her their its our".split())


def eponym_head(before: Sequence[str], names: int, verb: str) -> bool:
    """Whether a reporting word right after people's names is the head noun of a result named
    after them rather than what they did: a present form that is also a plural noun
    (`NOUN_FORMS`) after names a determiner opens ("the Weil conjectures") or after several
    names joined by "and" or commas, which a verb in "-s" cannot follow ("Chowla and Elliott
    conjectures"). `before`: the words before the names, lower case; `names`: how many."""
    if verb not in NOUN_FORMS:
        return False
    return names > 1 or (bool(before) and before[-1] in _DETERMINERS)


def _names_a_result(plain: str, m: re.Match[str]) -> bool:
    """A `_WHO_DID` match that is a named result (`eponym_head`), not a report."""
    if m.group("work"):
        return False
    names = [n for n in re.split(_SEP, m.group(1)) if n.strip()]
    before = plain[: m.start(1)].lower().split()[-1:]
    return eponym_head(before, len(names), m.group("verb"))


# Words after a possessive that compare people rather than name their work ("Freidlin–Wentzell's
# versus Dembo–Zeitouni's").
_COMPARING = frozenset("versus vs and or".split())


def joint_possessives(text: str) -> list[tuple[str, ...]]:
    """Groups of two people or more joined by en dashes whose possessive names their work
    ("Gonçalves–Jara's second-order Boltzmann–Gibbs principle", "Bertini–Giacomin's Cole–Hopf
    approach"): a note cites a joint result so, where one person's possessive is as often an
    object named after them ("Hörmander's condition", "Brown's thermal noise")."""
    plain = _NUMBERED_CITE.sub("", plain_text(text).replace(BREAK, " "))
    groups: list[tuple[str, ...]] = []
    for m in _POSSESSIVE.finditer(plain):
        after = plain[m.end() :].split(maxsplit=1)
        if after and after[0].lower() in _COMPARING:
            continue
        names = [" ".join(n.split()) for n in re.split(r"(?<=\w)–(?=[A-Z])", m.group(1))]
        names = [n for n in names if n and n.lower() not in _NOT_PEOPLE | _TEXT_PARTS]
        group = tuple(dict.fromkeys(names))
        if len(group) >= 2 and group not in groups:
            groups.append(group)
    return groups


def people_named(text: str, possessive: bool = True) -> list[tuple[str, ...]]:
    """Who the prose says did something: "Corwin and Ghosal proved", "Tsai computed", "Amir,
    Corwin and Quastel, and independently Sasamoto and Spohn, found", "Zwegers' completion",
    "(Le Doussal, Majumdar, Schehr; Meerson …)", "the work of Kurt, Shen and Le"; names joined by
    an en dash ("Brenti–Caselli–Marietti") are several people, a person joined by a hyphen
    ("Sanz-Solé proved", "Bar-Natan's") is one, as mathematicians write them. Groups of names as
    written (diacritics kept), in order. `possessive=False`: not "Zwegers' completion", which in
    a statement is as often an object named after someone ("Brown's thermal noise",
    "Littlewood's sign changes") as their work."""
    plain = _NUMBERED_CITE.sub("", plain_text(text).replace(BREAK, " "))
    found: list[tuple[int, str]] = []
    patterns = (_WHO_DID, _LISTED, _WORK_OF, _DUE_TO)
    if possessive:
        patterns += (_POSSESSIVE,)
    for pattern in patterns:
        found += [
            (m.start(1), m.group(1))
            for m in pattern.finditer(plain)
            if pattern is not _WHO_DID or not _names_a_result(plain, m)
        ]
    groups: list[tuple[str, ...]] = []
    for _, raw in sorted(found):
        names: list[str] = []
        for part in re.split(_SEP, raw):
            for name in re.split(r"(?<=\w)–(?=[A-Z])", part.strip()):
                name = " ".join(name.split())
                low = name.lower()
                if name and low not in _NOT_PEOPLE | _TEXT_PARTS and low not in STOPWORDS:
                    names.append(name)
        group = tuple(dict.fromkeys(names))
        if group and group not in groups:
            groups.append(group)
    return groups


_GREEK_WORDS = frozenset(g.lower() for g in _GREEK)


def _trim_symbols(phrase: list[str]) -> list[str]:
    out = list(phrase)
    while out and (_symbol_word(out[0]) or out[0] in _GREEK_WORDS):
        out.pop(0)
    while out and (_symbol_word(out[-1]) or out[-1] in _GREEK_WORDS):
        out.pop()
    return out


def _symbol_word(word: str) -> bool:
    return bool(re.fullmatch(r"[a-z]{1,2}(?:-?\d{1,3})+", word))


def _bland_word(word: str) -> bool:
    """A symbol such as "l2" or a generic noun: neither names a topic on its own."""
    return _symbol_word(word) or word in GENERIC or stem(word) in GENERIC


def key_phrases(
    text: str, limit: int = 8, max_words: int = 4, names: Collection[str] = ()
) -> list[str]:
    """Content phrases of `text` (plain or Markdown), best first, lower case, hyphens kept.

    RAKE: split at stopwords, punctuation and formulas; word score = degree / frequency; a phrase
    scores the sum of its words. Single generic nouns ("walk", "bound") are dropped, and so is
    prose about people: a phrase made only of people's names (`names`, or names followed by a
    reporting verb, "Schoenfeld gave") and words for their contribution ("argument")."""
    plain = plain_text(text)
    named = {fold(n) for n in names}
    phrases: list[list[str]] = []
    for chunk in re.split(r"[|.,;:!?()\[\]{}\"“”/]+|\s[-–—]\s", plain):
        tokens = _tokens(chunk)
        eponyms: set[int] = set()
        persons = people(tokens, eponyms)
        current: list[str] = []
        for index, (raw_token, _capital) in enumerate(tokens):
            token = re.sub(r"['’]s$", "", raw_token)
            # The eponym of a named result is in that result's term ("Weil conjectures"), not
            # a phrase of its own.
            if (
                token in STOPWORDS
                or index in eponyms
                or token.isdigit()
                or len(token) < 2
                or (index in persons and token not in named and token in WORK_NOUNS)
            ):
                if current:
                    phrases.append(current)
                current = []
                continue
            current.append(token)
            if index in persons:
                named.add(token)
        if current:
            phrases.append(current)
    # A symbol or a Greek letter at either end is notation, not part of the name ("xi space
    # time white noise" from `$\xi$ space-time white noise`, "axioms i3 i0").
    phrases = [_trim_symbols(p) for p in phrases]
    # People at the head of a phrase are who, not what: "Corazza's Wholeness Axiom".
    phrases = [p[next((i for i, w in enumerate(p) if w not in named), len(p)) :] for p in phrases]
    phrases = [p[-max_words:] for p in phrases if p]  # long runs: keep the head noun end
    # People and their "argument", or a symbol with generic nouns ("L2 function bounds" from
    # `$L^2$ function bounds`), say nothing a paper's title would.
    phrases = [
        p
        for p in phrases
        if not all(w in named or w in WORK_NOUNS for w in p)
        and not (any(_symbol_word(w) for w in p) and all(_bland_word(w) for w in p))
    ]
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


# Head nouns a paper's title often leaves out: "zero density estimate" is answered by "Explicit
# zero density for the Riemann zeta function".
HEAD_FILLER = frozenset(
    "estimate bound result problem question method approach technique theory".split()
)


# Adjectives that grade or rank ("small degree", "better constant", "average number"): with a
# generic noun they say how much of something, not which object.
GRADING = frozenset(
    """
    small smaller smallest large larger largest high higher highest low lower lowest big good
    better best weak weaker strong stronger effective average relative fixed nonzero new first
    second third last main simple certain possible possibly exact right next extra sharp
    optimal precise
    """.split()
)


def written_as_names(source: str, phrase: str) -> bool:
    """Whether `source` writes every word of `phrase`, wherever it says it, capitalised as names
    are ("du Cloux" aside, "Caselli–Marietti", "Bricmont–Kupiainen–Lefevere")."""
    ws = words(phrase)
    if not ws:
        return False
    pattern = re.compile(
        r"(?<![\w])" + r"(?:['’]s)?[\W_]+".join(re.escape(w) for w in ws) + r"(?![\w])",
        re.IGNORECASE,
    )
    found = list(pattern.finditer(fold_keep_case(source)))
    if not found:
        return False
    initials = re.compile(r"[^\W\d_]+")
    # "du Cloux", "de Branges": a lower-case particle before a name is part of the name.
    return all(
        any(w[0].isupper() for w in initials.findall(m.group(0)))
        and all(w[0].isupper() or w in NAME_PARTICLES for w in initials.findall(m.group(0)))
        for m in found
    )


NAME_PARTICLES = frozenset("de du da del della der den di van von le la ter ten".split())


# Verbs a statement's sentences run on with ("the exceptional zero repels the others", "the
# filter forgets its initial condition", "Malle noticed corrections"), none of them also a
# mathematical noun: a key phrase cut around one is a clause, not an object. ("leaves", "states"
# and "means" are left out: leaves of a foliation, KMS states, arithmetic means.)
CLAUSE_VERBS = frozenset(
    """
    needs need asks relates repels forgets injects encode encodes relax relaxes occur occurs
    implies holds says requires remains follows yields fails mixes noticed handled added
    identified including
    """.split()
)
# Reporting verbs that open a noun phrase as adjectives ("generalized Heisenberg algebra",
# "refined conjecture"), unlike "treated …", "developed …", "constructed …".
_ADJECTIVAL = frozenset(
    "generalized generalised refined extended improved combined applied".split()
)


# Nouns that end like adverbs: "-ly" is otherwise how English makes an adverb.
_LY_NOUNS = frozenset("family anomaly assembly monopoly butterfly supply italy poly reply".split())


def _adverb(word: str) -> bool:
    return len(word) > 4 and word.endswith("ly") and word not in _LY_NOUNS


_DISCOURSE_HEADS = frozenset(
    "story picture notes note statement statements version versions route tools facts "
    "ground literature".split()
)
_DISCOURSE_WORDS = frozenset(
    "my our your me analogous corresponding alternative instead along beyond whole versus "
    "vs".split()
)


def remark(text: str) -> bool:
    """Whether a phrase is what a note says about its own text ("the whole story", "analogous
    statements", "an entropy version", "my notes", "pressure instead"), not about mathematics."""
    ws = words(text)
    return bool(ws) and (ws[-1] in _DISCOURSE_HEADS or any(w in _DISCOURSE_WORDS for w in ws))


def is_prose(text: str) -> bool:
    """Whether a key phrase reads as a sentence's words rather than an object's name, by its
    grammar alone (so it can be asked of any phrase, without the problem): it ends on an adverb
    or an adverb and one word ("exponentially fast", "except possibly"), holds a verb a clause
    runs on ("theory relates"), or ends on — or opens with — a verb that reports what someone
    did ("Schoenfeld gave", "Lacey Thiele argument extends", "treated Galerkin approximations";
    "extended Riemann hypothesis" is an adjective), or cites ("Aten et al"). A phrase ending in
    another participle
    ("graph coloring", "weighted") is not prose by this rule: many are objects."""
    ws = words(text)
    if not ws:
        return False
    # An adverb before an adjective and its noun is part of the object ("spatially homogeneous
    # noise", "locally compact group"); among the last two words it modifies nothing there.
    if any(_adverb(w) for w in ws[-2:]) or any(w in CLAUSE_VERBS for w in ws):
        return True
    if ws[-1] in REPORTING:
        return True
    # What a note says about its own text, not about mathematics: a head noun of discourse ("the
    # whole story", "analogous statements", "an entropy version") or a modifier pointing at the
    # writer or elsewhere ("my notes", "pressure instead", "along progressions"); and a DOI's
    # digits ("s10240 018 0101 z").
    if ws[-1] in _DISCOURSE_HEADS or any(w in _DISCOURSE_WORDS for w in ws):
        return True
    if sum(sum(c.isdigit() for c in w) >= 3 for w in ws) >= 2:
        return True
    if says_et_al(ws):
        return True
    return len(ws) > 1 and ws[0] in REPORTING and ws[0] not in _ADJECTIVAL


def says_et_al(ws: Sequence[str]) -> bool:
    """Whether words (`words`) say "et al": a citation's byline ("Aten et al"), not an object."""
    return any(a == "et" and b == "al" for a, b in itertools.pairwise(ws))


def read_off_formula(source: str, phrase: str) -> bool:
    """Whether `phrase` is a concept `plain_text` reads off a formula of `source` ("partial
    derivative" from `$\\partial_t u$`, "euclidean space" from `$\\mathbb{R}^d$`) that the prose
    itself never says: the notation of the statement, not an object the problem is about."""
    key = " ".join(words(phrase))
    if key not in _CONCEPT_WORDS:
        return False
    prose = " ".join(words(strip_latex(_MATH.sub(" . ", source))))
    return f" {key} " not in f" {prose} "


def names_an_object(text: str, people: Collection[str] = ()) -> bool:
    """Whether a key phrase of the problem names a mathematical object (worth a Synthesis gap),
    not prose: a phrase with a person the problem names in it ("Tao bounded", "Le Doussal",
    "Cancrini renormalized"), one that ends in a participle, an adverb or a reporting verb
    ("recursions relating", "Fredholm determinant deforming"), one that opens with a reporting
    verb ("treated Galerkin approximations") or holds a clause's verb ("multiscale analysis
    needs", "theory relates Lyapunov exponents"), or graded generic words only ("better
    constant", "small degree", "average number")."""
    ws = words(text)
    if len(ws) < 2:
        return False
    names = {fold(p).lower() for p in people}
    if any(w in names for w in ws) or " ".join(ws) in names:
        return False
    # `is_prose` covers the reporting verbs at either end and a clause's verbs.
    if ws[-1].endswith(("ed", "ing")) or is_prose(text):
        return False
    return not all(w in GRADING or w in GENERIC or w in STOPWORDS for w in ws)


def core(needle: Sequence[str]) -> tuple[str, ...]:
    """A term's stems as relevance and the Synthesis gaps match them: trailing head nouns that
    say nothing specific ("estimate", "bound") dropped while two words or more remain."""
    out = list(needle)
    while len(out) > 2 and out[-1] in HEAD_FILLER:
        out.pop()
    return tuple(out)


def mentions(parts: Sequence[Sequence[str]], needle: Sequence[str]) -> bool:
    """`needle` (stems) said in one of `parts` (stems of a title, an abstract, …): as a phrase,
    after `core`."""
    wanted = core(needle)
    return any(contains_phrase(p, wanted) for p in parts)


def contains_phrase(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    """`needle` (stems) as a contiguous run of `haystack` (stems), spaces and hyphens aside:
    the run's words closed up equal the needle's closed up, from a word's start to a word's end
    ("flipclasses" says "flip classes", "nonempty product-one" says "non empty product one",
    "eigen values" says "eigenvalues")."""
    target = "".join(needle)
    if not target:
        return False
    words = haystack if isinstance(haystack, tuple) else tuple(haystack)
    size, n = len(target), len(words)
    # Only words starting with the target's first letter can start the run (the ranking asks
    # this of every term and every candidate: thousands of calls on one pool).
    for i in _starts(words).get(target[0], ()):
        w = words[i]
        if not target.startswith(w):
            continue
        run, j = w, i + 1
        while len(run) < size and j < n:
            run += words[j]
            j += 1
        if run == target:
            return True
    return False


# Small: the ranking asks about one candidate's title and abstract many times in a row, and a
# server must not keep a pool's abstracts alive.
@lru_cache(maxsize=256)
def _starts(words: tuple[str, ...]) -> dict[str, list[int]]:
    """Where the words starting with each letter are."""
    out: dict[str, list[int]] = {}
    for i, w in enumerate(words):
        if w:
            out.setdefault(w[0], []).append(i)
    return out


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
