"""Does a source's record match what a note claims? A pure verdict with every reason and score.

The rule (SPEC §3): title substantially equal after normalisation; at least one author surname
matching and no invented authors; year equal or ±1 (wider only for an arXiv preprint linked by
identifier to a later journal version); an abstract, when the note carries one, grounded in the
source's abstract. Thresholds were calibrated on tests/verify/labelled.py (see its test).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rapidfuzz import fuzz

from mathlsp.verify.mathform import math_changes
from mathlsp.verify.normalize import (
    SYMBOL_WORDS,
    fold,
    german_fold,
    given_tokens,
    main_title,
    math_words,
    name_keys,
    normalize_text,
    normalize_title,
    strip_trailing_particles,
    surname,
    transliteration_key,
)

TITLE_MIN = 92.0  # rapidfuzz ratio (0-100) between normalised titles
WORD_VARIANT_MIN = 85.0  # two title words are one word spelt differently (behaviour/behavior)
AUTHOR_FUZZ_MIN = 88.0  # surname spelling variants (transliteration) still count
ABSTRACT_MIN = 0.85  # share of the note's abstract words found in the source's abstract
PREPRINT_YEAR_SPAN = 6  # arXiv preprint → journal version, when linked by identifier


class AuthorLike(Protocol):
    @property
    def family(self) -> str: ...
    @property
    def name(self) -> str: ...


class RecordLike(Protocol):
    @property
    def backend(self) -> str: ...
    @property
    def arxiv_version(self) -> int | None: ...
    @property
    def title(self) -> str: ...
    @property
    def authors(self) -> Sequence[AuthorLike]: ...
    @property
    def year(self) -> int | None: ...
    @property
    def abstract(self) -> str | None: ...
    @property
    def arxiv_id(self) -> str | None: ...
    @property
    def doi(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Claim:
    """What a note says about a paper."""

    title: str
    authors: tuple[str, ...] = ()
    year: int | None = None
    abstract: str | None = None
    arxiv_id: str | None = None  # without version
    doi: str | None = None  # normalised
    et_al: bool = False  # the author list was cut short with "et al."
    arxiv_version: int | None = None  # the version the note names (`…v7`), if any
    #: Another reading of the same authors field, when its structure allows two: `Le Chen,
    #: Guannan Hu` is one inverted name to BibTeX but two people as typed by hand or by an LLM.
    #: The source's list decides; each reading is judged as strictly as the other.
    authors_alt: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Criterion:
    name: str  # "title" | "authors" | "year" | "abstract" | "identifier"
    ok: bool
    score: float | None
    detail: str
    #: A title that agrees only as a short main title: confirmed only with authors and year.
    weak: bool = False
    #: The subtitle the note's title adds to this record's: another source's record may carry it.
    added_subtitle: str | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    criteria: tuple[Criterion, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def matched(self) -> bool:
        return all(c.ok for c in self.criteria)

    @property
    def reasons(self) -> list[str]:
        """Why it did not match (empty when it did)."""
        return [c.detail for c in self.criteria if not c.ok]

    def criterion(self, name: str) -> Criterion | None:
        return next((c for c in self.criteria if c.name == name), None)


def title_similarity(a: str, b: str) -> float:
    na, nb = normalize_title(a), normalize_title(b)
    if not na or not nb:
        return 0.0
    return float(fuzz.ratio(na, nb))


# Prefixes that negate a word, and opposite pairs a character ratio cannot see as different.
_NEGATIONS = frozenset({"in", "im", "il", "ir", "un", "non", "dis", "a", "anti", "de"})
_NEGATION_WORDS = frozenset({"no", "not", "non", "never", "without", "nor"})
_ANTONYM_PAIRS = [
    ("upper", "lower"), ("necessary", "sufficient"), ("necessity", "sufficiency"),
    ("convergence", "divergence"), ("convergent", "divergent"), ("converges", "diverges"),
    ("sharp", "weak"), ("sharper", "weaker"), ("strong", "weak"), ("stronger", "weaker"),
    ("maximal", "minimal"), ("maximum", "minimum"), ("maximizing", "minimizing"),
    ("positive", "negative"), ("increasing", "decreasing"), ("even", "odd"),
    ("sub", "super"), ("subadditive", "superadditive"), ("subharmonic", "superharmonic"),
    ("submultiplicative", "supermultiplicative"), ("sublinear", "superlinear"),
    ("lower", "higher"), ("above", "below"), ("local", "global"), ("large", "small"),
    ("many", "few"), ("dense", "sparse"), ("open", "closed"), ("true", "false"),
    ("possible", "impossible"), ("always", "never"), ("all", "some"), ("first", "last"),
    ("before", "after"), ("injective", "surjective"), ("left", "right"),
]  # fmt: skip
_ANTONYMS = frozenset(p for a, b in _ANTONYM_PAIRS for p in ((a, b), (b, a)))

# `i` is a first part's number, which `part_markers` compares; as a word it is no content.
_STOPWORDS = frozenset(
    "a an the of on in for and with to by its is are from at as or via into over under i".split()
)


def _content_words(normalised: str) -> list[str]:
    return [w for w in normalised.split() if w not in _STOPWORDS]


# Prefixes that make another word of the same stem: cohomology is not homology, subgroups are not
# supergroups. Longest first, so that `super` is not read as `su` + `per`.
_STEM_PREFIXES = ("pseudo", "super", "quasi", "semi", "anti", "non", "sub", "co")
_STEM_MIN = 4  # `cosets`/`sets` is a changed word anyway; this is for look-alike stems


def _stem(word: str) -> tuple[str, str]:
    """The prefixes a word carries, stacked (`subnonlinear` → `sub+non`, `linear`)."""
    prefixes = ""
    found = True
    while found:
        found = False
        for prefix in _STEM_PREFIXES:
            if word.startswith(prefix) and len(word) - len(prefix) >= _STEM_MIN:
                prefixes, word, found = prefixes + prefix + "+", word[len(prefix) :], True
                break
    return prefixes, word


def prefix_changed(a: str, b: str) -> bool:
    """One word is the other with a prefix that changes its meaning added, removed or swapped:
    homology/cohomology, groups/subgroups/supergroups, stable/semistable, traces/pseudotraces."""
    (pa, sa), (pb, sb) = _stem(a), _stem(b)
    return pa != pb and sa == sb


def _opposite(a: str, b: str) -> bool:
    """`a` and `b` say opposite (or other) things: one is the other negated (finite/infinite,
    bounded/unbounded, existence/nonexistence), they are a listed antonym pair, or a prefix turns
    one into another object (homology/cohomology)."""
    if (a, b) in _ANTONYMS or prefix_changed(a, b):
        return True
    short, long_ = sorted((a, b), key=len)
    prefix = long_[: len(long_) - len(short)]
    if not long_.endswith(short) or prefix not in _NEGATIONS:
        return False
    # a-symmetric, a-typical, de-focusing, de-coupling; not a stray "a" or "de" on a short word
    return prefix not in ("a", "de") or len(short) >= 5


def title_words(claimed: str, source: str) -> tuple[list[str], list[str]]:
    """The content words of both titles in the normal form, compounds aligned: words written
    apart on one side and joined on the other (`GL n` / `GLn`, `eigen value` / `eigenvalue`) are
    joined on both. Words a symbol became (`times`, `infinity`) count only when both titles name
    a symbol: an ASCII title often leaves the symbol out."""
    a = _content_words(normalize_title(claimed))
    b = _content_words(normalize_title(source))
    a, b = _joined(a, set(b)), _joined(b, set(a))
    if not any(w in SYMBOL_WORDS for w in a) or not any(w in SYMBOL_WORDS for w in b):
        a = [w for w in a if w not in SYMBOL_WORDS]
        b = [w for w in b if w not in SYMBOL_WORDS]
    return a, b


def _joined(words: list[str], others: set[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(words):
        for n in (3, 2):
            joined = "".join(words[i : i + n])
            if i + n <= len(words) and joined in others:
                out.append(joined)
                i += n
                break
        else:
            out.append(words[i])
            i += 1
    return out


def opposites(claimed: str, source: str) -> list[tuple[str, str]]:
    """(claimed word, source word) pairs where the two titles say opposite things."""
    a, b = title_words(claimed, source)
    only_a = [w for w in a if w not in b]
    only_b = [w for w in b if w not in a]
    pairs = [(x, y) for x in only_a for y in only_b if _opposite(x, y)]
    # "no"/"not"/"non" on one side only negates what follows it.
    for words, others, flip in ((a, b, False), (b, a, True)):
        for w in words:
            if w in _NEGATION_WORDS and w not in others:
                pair = (w, "(no negation)")
                pairs.append(pair[::-1] if flip else pair)
    return pairs


def _spelling_variant(a: str, b: str, strict: frozenset[str] = frozenset()) -> bool:
    """The same word spelt two ways (behaviour/behavior, graph/graphs). Symbols and indices
    (`qp`/`zp`, `m23`/`m24`, `gamma1`/`gamma0`, any word of the mathematics: `strict`) have no
    spelling variants: one letter is another object."""
    if len(a) < 4 or len(b) < 4 or not a.isalpha() or not b.isalpha():
        return False
    if a in strict or b in strict:
        return False
    if _american(a) == _american(b):
        return True
    return fuzz.ratio(a, b) >= WORD_VARIANT_MIN and not _opposite(a, b)


# British spellings and their American forms, by ending: centre/center, colour/color,
# polarised/polarized, analyse/analyze, modelling/modeling, analogue/analog.
_BRITISH = (
    (re.compile(r"(?<=[a-z]{2}[bgt])re(s?)$"), r"er\1"),
    (re.compile(r"(?<=[a-z]{2})our(s|ed|ing|able)?$"), r"or\1"),
    (re.compile(r"(?<=[a-z]{4})is(e|es|ed|ing|ation|ations|er|ers)$"), r"iz\1"),
    (re.compile(r"(?<=[a-z]{3})ys(e|es|ed|ing)$"), r"yz\1"),
    (re.compile(r"(?<=[a-z]{3}[aeiou])ll(ed|ing|er|ers)$"), r"l\1"),
    (re.compile(r"(?<=[a-z]{3})ogue(s?)$"), r"og\1"),
)


def _american(word: str) -> str:
    for pattern, american in _BRITISH:
        word = pattern.sub(american, word)
    return word


def changed_words(claimed: str, source: str) -> list[str]:
    """Content words of either title with no counterpart in the other (spelling variants such as
    behaviour/behavior or graph/graphs count as counterparts; a negated form never does). A
    near-miss fabrication changes one word of a long title — "first" for "second" — which a
    character ratio alone forgives. A changed script or sign in the mathematics (`mathform`:
    `H^{-1}` for `H^1`, `ζ(2n)` for `ζ(2n+1)`) counts as a changed word."""
    a, b = title_words(claimed, source)
    strict = math_words(claimed) | math_words(source)
    out: list[str] = []
    for words, others in ((a, set(b)), (b, set(a))):
        for w in words:
            if w in others:
                continue
            if not any(_spelling_variant(w, o, strict) for o in others):
                out.append(w)
    # A number is content each time it is written: `U(2,1)` is not `U(2,2)`, though both titles
    # say "2" and "1" (a set of words cannot tell them apart).
    counts_a, counts_b = Counter(w for w in a if w.isdigit()), Counter(w for w in b if w.isdigit())
    out += [n for n in sorted(counts_a.keys() | counts_b.keys()) if counts_a[n] != counts_b[n]
            and n not in out]  # fmt: skip
    # Words lose a formula's signs and scripts (`H^{-1}` and `H^1` are both `h 1`).
    return out + [c for c in math_changes(claimed, source) if c not in out]


_ROMAN_PARTS = frozenset("ii iii iv vi vii viii ix xi xii".split())
_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten first second third fourth fifth sixth "
    "seventh eighth ninth tenth".split()
)


def _is_part_number(word: str) -> bool:
    return (
        word.isdigit()
        or word in _ROMAN_PARTS
        or word in ("i", "v", "x")
        or word in _NUMBER_WORDS
        or (len(word) == 1 and word.isalpha())
    )


def part_markers(title: str) -> frozenset[str]:
    """The part numbers a title carries (`… II`, `Part 2`, `… I:`): content, never a subtitle."""
    words = normalize_title(title).split()
    marks = {w for w in words if w in _ROMAN_PARTS}
    # "Part 2", "Part II", "Part B"; "the integer part function" names no part.
    marks |= {
        f"part {words[i + 1]}"
        for i, w in enumerate(words[:-1])
        if w == "part" and _is_part_number(words[i + 1])
    }
    main = normalize_title(main_title(title)).split()
    # `… I: subtitle`, `… conditions. I` (a MathSciNet title's part after its separator).
    if (main and main[-1] == "i" and len(main) > 1) or (len(words) > 1 and words[-1] == "i"):
        marks.add("i")
    return frozenset(marks)


def _part_mismatch(claimed: str, source: str) -> str | None:
    mine, theirs = part_markers(claimed), part_markers(source)
    # "Part I" is often left unnumbered, by the note or by the source (before a sequel existed).
    if mine == theirs or {frozenset(), frozenset({"i"})} == {mine, theirs}:
        return None

    def names(marks: frozenset[str]) -> str:
        return f'names part "{", ".join(sorted(marks)).upper()}"' if marks else "has no part number"

    return f'title {names(mine)} but the source\'s title {names(theirs)}: "{source}"'


_SEPARATORS = (": ", ". ", " - ", " — ")


def _cuts(title: str) -> list[str]:
    """The title cut at each subtitle separator, shortest first."""
    found = sorted(i for sep in _SEPARATORS for i in _positions(title, sep))
    return [title[:i] for i in found if i > 0]


def _positions(text: str, sep: str) -> list[int]:
    out, start = [], 0
    while (i := text.find(sep, start)) >= 0:
        out.append(i)
        start = i + 1
    return out


_TRUNCATION = ("…", "...")
TRUNCATED_MIN_WORDS = 4


def _truncated_prefix(claimed: str, source: str) -> float | None:
    """A title cut short with `…`/`...` agrees when its words start the source's title."""
    text = claimed.rstrip()
    if not text.endswith(_TRUNCATION):
        return None
    head = normalize_title(text.rstrip(".… ")).split()
    full = normalize_title(source).split()
    if len(head) < TRUNCATED_MIN_WORDS or len(head) > len(full):
        return None
    if head[:-1] != full[: len(head) - 1] or not full[len(head) - 1].startswith(head[-1]):
        return None
    return 100.0 * len(head) / len(full)


_ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
_PART_ARABIC = re.compile(r"\b([Pp]art\s+)(\d{1,2})\b")
_TRAILING_ARABIC = re.compile(r"([\s.,]\s*)(\d{1,2})\.?\s*$")
_TRAILING_ROMAN = re.compile(r"[\s.,]\s*([IVX]{1,4})\.?\s*$")


def _roman(m: re.Match[str]) -> str:
    number = int(m.group(2))
    return m.group(1) + _ROMAN[number] if 1 <= number < len(_ROMAN) else m.group(0)


def roman_parts(title: str, other: str) -> str:
    """`Part 3` → `Part III`; and a number ending the title (`… Varieties 2`) in roman numerals
    when the other title ends with that part number in roman (`… Varieties II`) — only then: `…
    modulo 2` or `… rank 2` names no part."""
    title = _PART_ARABIC.sub(_roman, title)
    ending = _TRAILING_ROMAN.search(other)
    if ending and ending.group(1) in _ROMAN:
        part = _ROMAN.index(ending.group(1))
        title = _TRAILING_ARABIC.sub(
            lambda m: _roman(m) if int(m.group(2)) == part else m.group(0), title
        )
    return title


def match_title(claimed: str, source: str) -> Criterion:
    claimed, source = roman_parts(claimed, source), roman_parts(source, claimed)
    if not normalize_title(source):
        return Criterion("title", False, None, "the source gives no title to compare with")
    flipped = opposites(claimed, source)
    if flipped:
        said = "; ".join(f'"{x}" where the source says "{y}"' for x, y in flipped)
        return Criterion("title", False, None, f'title says {said}: "{source}"')
    part = _part_mismatch(claimed, source)
    if part is not None:
        return Criterion("title", False, None, part)
    prefix = _truncated_prefix(claimed, source)
    if prefix is not None:
        return Criterion("title", True, prefix, "title matches as a truncation of the source's")
    score = title_similarity(claimed, source)
    if score >= TITLE_MIN:
        changed = changed_words(claimed, source)
        if not changed:
            return Criterion("title", True, score, f"title matches ({score:.0f}%)")
        return Criterion(
            "title", False, score, f'title differs in "{", ".join(changed)}": "{source}"'
        )
    # The note gives the source's title up to one of its separators ("Title. Part: subtitle").
    for cut in _cuts(source):
        if (
            cut != main_title(source)
            and title_similarity(claimed, cut) >= TITLE_MIN
            and not changed_words(claimed, cut)
            and len(normalize_title(cut).split()) >= 3
        ):
            return Criterion("title", True, 100.0, "title matches up to the source's subtitle")
    # "Title: a subtitle" against "Title": the main titles agree and one side adds a subtitle.
    main_claim, main_source = main_title(claimed), main_title(source)
    if (main_claim != claimed) != (main_source != source):
        pairs = ((main_claim, source), (claimed, main_source))
        sub, short, long_ = max((title_similarity(x, y), x, y) for x, y in pairs)
        if sub >= TITLE_MIN and not changed_words(short, long_):
            if main_claim != claimed:
                # A subtitle the record does not carry may be invented ("…: a new approach"):
                # only a record that carries it confirms it (`match(…, subtitle_carried=True)`).
                added = claimed[len(main_claim) :].lstrip(":.-— ").strip()
                return Criterion(
                    "title",
                    False,
                    sub,
                    f'title adds the subtitle "{added}", which the source\'s record does not '
                    f'carry: "{source}"',
                    added_subtitle=added,
                )
            if len(normalize_title(main_claim).split()) >= 3:
                return Criterion(
                    "title", True, sub, f"title matches without its subtitle ({sub:.0f}%)"
                )
            if main_claim == claimed:
                # "X's theorem" for "X's theorem: proof, complements, variations": too generic
                # to stand alone; `match` confirms it only when authors and year agree as well.
                return Criterion("title", True, sub, f"main title matches ({sub:.0f}%)", weak=True)
    return Criterion("title", False, score, f'title differs ({score:.0f}% similar): "{source}"')


def _same_surname(a: str, b: str) -> bool:
    if not a or not b:
        return False
    if a == b or german_fold(a) == german_fold(b):
        return True
    if len(a) > 3 and transliteration_key(a) == transliteration_key(b):
        return True
    return len(a) > 3 and fuzz.ratio(a, b) >= AUTHOR_FUZZ_MIN


def match_authors(claimed: Sequence[str], source: Sequence[AuthorLike], et_al: bool) -> Criterion:
    """Every name the note gives is a different author of the source's, with the same given
    names where both give them (initials agree with full names); without "et al." the note's
    list is the source's whole list, in any order."""
    if not claimed:
        return Criterion("authors", True, None, "no authors in the note to compare")
    if not source:
        # Absent evidence is not agreement: another source has to list them.
        return Criterion(
            "authors", False, None, "the source lists no authors to check the note's against"
        )
    people = _rejoined(_distinct(source), claimed)
    # The source's family name must be among the note's words: a note's name may be written in
    # either order (`Zhang Wei`), but a shared given name is not a shared surname (Michael
    # Winkler is not Michael Revers).
    source_keys = [
        (a.name, {surname(a.family) or a.family.lower()} | name_keys(a.family) | _read_whole(a))
        for a in people
    ]
    matched: list[str] = []
    invented: list[str] = []
    other_given: list[tuple[str, str]] = []  # (the note's name, the source's) with one surname
    taken: set[int] = set()  # each source author vouches for one name: "Zhang, Y" and an
    for name in claimed:  # invented "Wei Zhang" cannot both be Yitang Zhang
        keys = {surname(name)} | name_keys(name)
        hits = [
            i
            for i, (_, sks) in enumerate(source_keys)
            if i not in taken and any(_same_surname(k, sk) for k in keys for sk in sks)
        ]
        if not hits:
            invented.append(name)
            continue
        scored = [(given_agreement(name, people[i]), i) for i in hits]
        best, i = max(scored, key=lambda t: (t[0] is not None and t[0] >= 0, t[0] or 0, -t[1]))
        taken.add(i)
        if best is not None and best < 0:
            other_given.append((name, people[i].name))
        else:
            matched.append(name)
    score = len(matched) / len(claimed)
    listed = ", ".join(n for n, _ in source_keys[:6]) + (" et al." if len(people) > 6 else "")
    if not matched and not other_given:
        return Criterion("authors", False, score, f"no author matches the source's ({listed})")
    problems: list[str] = []
    if invented:
        who = ", ".join(invented)
        plural = "s" * (len(invented) > 1)
        problems.append(f"author{plural} {who} not among the source's ({listed})")
    problems.extend(
        f'"{mine}" is not the source\'s "{theirs}" (another given name)'
        for mine, theirs in other_given
    )
    missing = [people[i].name for i in range(len(people)) if i not in taken]
    if missing and not et_al and not invented:
        problems.append(
            f"the note lists {len(claimed)} of the source's {len(people)} authors without "
            f'"et al.": missing {", ".join(missing[:6])}' + (" …" if len(missing) > 6 else "")
        )
    if problems:
        return Criterion("authors", False, score, "; ".join(problems))
    detail = f"{len(matched)} of {len(claimed)} authors match"
    if et_al:
        detail += " (et al.)"
    return Criterion("authors", True, score, detail)


def match_claim_authors(claim: Claim, source: Sequence[AuthorLike]) -> Criterion:
    """`match_authors` on the claim's authors field, under its other reading (`authors_alt`)
    when the first does not agree with the source's list."""
    first = match_authors(claim.authors, source, claim.et_al)
    if first.ok or not claim.authors_alt or claim.authors_alt == claim.authors:
        return first
    other = match_authors(claim.authors_alt, source, claim.et_al)
    return other if other.ok else first


_TRAILING_INITIAL = re.compile(r"[A-Z]\.?")


def _read_whole(a: AuthorLike) -> set[str]:
    """`Lakshmi S K`, `Darshan D.`, `Ravi G. N` (arXiv lists many Indian names so: a given name,
    then initials) split into the family name `K` and the given `Lakshmi S`: the whole name read
    as a note's is read is a key too, so that a name written as the source writes it finds it.
    A lone undotted capital stays a family name (`Weinan E`: "Weinan X" is someone else)."""
    words = a.name.split()
    trailing = 0
    while trailing < len(words) - 1 and _TRAILING_INITIAL.fullmatch(words[-1 - trailing]):
        trailing += 1
    if trailing >= 2 or (trailing == 1 and words[-1].endswith(".")):
        return {surname(a.name)}
    return set()


def _distinct(source: Sequence[AuthorLike]) -> list[AuthorLike]:
    """The source's authors, a name listed twice (some records repeat one) counted once."""
    seen: set[str] = set()
    out: list[AuthorLike] = []
    for a in source:
        key = " ".join(given_tokens(a.name))
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


@dataclass(frozen=True)
class _Joined:
    """One person a source split in two (`Schlage-Puchta`, `Jan-Christoph`)."""

    family: str
    given: str

    @property
    def name(self) -> str:
        return f"{self.given} {self.family}"


def _rejoined(people: list[AuthorLike], claimed: Sequence[str]) -> list[AuthorLike]:
    """arXiv keeps a submitter's `Family, Given` as two one-word authors; when the note names that
    person (`J.-C. Schlage-Puchta`, either order), the two are one author again. One-word authors
    the note lists apart (mononyms: `Mohan`, `Neetu`) stay apart."""
    alone = {fold(name) for name in claimed if len(name.split()) == 1}
    out: list[AuthorLike] = []
    i = 0
    while i < len(people):
        pair = people[i : i + 2]
        joined = _as_one(pair, claimed) if not {fold(a.name) for a in pair} & alone else None
        out.append(joined or people[i])
        i += 2 if joined else 1
    return out


def _as_one(pair: Sequence[AuthorLike], claimed: Sequence[str]) -> _Joined | None:
    """Two one-word authors as the one person a name of the note is, family name first or
    second; None when they are not."""
    if len(pair) < 2 or not all(_one_word(a) for a in pair):
        return None
    for first, second in (pair, pair[::-1]):
        joined = _Joined(first.name, second.name)
        if any(
            _same_surname(surname(name), fold(first.name))
            and (given_agreement(name, joined) or 0) > 0
            for name in claimed
        ):
            return joined
    return None


def _one_word(a: AuthorLike) -> bool:
    return len(a.name.split()) == 1


GIVEN_PREFIX = 3  # Grisha/Grigori, Terry/Terence: a shared start of three letters is one name


def _given_token_agrees(a: str, b: str) -> bool:
    if len(a) == 1 or len(b) == 1:
        return a[0] == b[0]
    return (
        a.startswith(b)
        or b.startswith(a)
        or a[:GIVEN_PREFIX] == b[:GIVEN_PREFIX]
        or transliteration_key(a) == transliteration_key(b)
    )


def _goes_by_later(lone: Sequence[str], initials_first: Sequence[str]) -> bool:
    """A lone given name that agrees with one after the first of names that open with an
    initial (`Johan` and `A. J.`)."""
    return (
        len(lone) == 1
        and len(initials_first[0]) == 1
        and any(_given_token_agrees(lone[0], t) for t in initials_first[1:])
    )


def given_agreement(name: str, author: AuthorLike) -> int | None:
    """How well the given names of a note's `name` agree with a source author of the same
    surname: None when either gives none (nothing to compare), -1 when they differ ("Wei Zhang"
    for Yitang Zhang, "J. A. Green" for Ben Green), else the number of agreeing names."""
    family = given_tokens(author.family) or [author.family.lower()]
    particles = set(given_tokens(author.family, particles=True)) - set(family)  # `del`, `van der`

    def without_family(text: str) -> list[str]:
        tokens = given_tokens(text, particles=True)
        return strip_trailing_particles(
            [
                t
                for t in tokens
                if t not in particles and not any(_same_surname(t, f) for f in family)
            ]
        )

    mine = without_family(name)
    theirs = without_family(author.given or author.name)
    if not mine or not theirs:
        return None
    # The first given names agree (J./James, Ben/Benjamin), or the note's is a full name the
    # source gives later (Tyrrell for R. Tyrrell Rockafellar); "Jonas" is not "Emmanuel J.".
    # A person who goes by a later given name is cited by it alone on one side and by initials
    # first on the other (Johan / A. J. de Jong, Roger / D. R. Heath-Brown, R. / M. Ram Murty):
    # a lone given name may be any of the other side's when that side's first is an initial.
    first = (
        _given_token_agrees(mine[0], theirs[0])
        or (
            len(mine[0]) > 1 and any(len(t) > 1 and _given_token_agrees(mine[0], t) for t in theirs)
        )
        or _goes_by_later(mine, theirs)
        or _goes_by_later(theirs, mine)
    )
    if not first:
        return -1
    return sum(any(_given_token_agrees(m, t) for t in theirs) for m in mine)


def match_year(
    claimed: int | None, source: int | None, linked_preprint: bool, linked_journal: bool = False
) -> Criterion:
    """`linked_preprint`: the record is an arXiv preprint of the (later) journal version the note
    cites; `linked_journal`: the record is the journal version of the arXiv preprint the note
    cites (its year is the preprint's)."""
    if claimed is None:
        return Criterion("year", True, None, "no year in the note to compare")
    if source is None:
        return Criterion(
            "year", False, None, f"the source gives no year to check {claimed} against"
        )
    diff = claimed - source
    if linked_journal and -PREPRINT_YEAR_SPAN <= diff < 0:
        return Criterion(
            "year", True, float(diff), f"journal version {source} of the {claimed} arXiv preprint"
        )
    if abs(diff) <= 1:
        return Criterion(
            "year", True, float(diff), f"year {source}" + (f" (note: {claimed})" if diff else "")
        )
    if linked_preprint and 0 < diff <= PREPRINT_YEAR_SPAN:
        return Criterion(
            "year", True, float(diff), f"arXiv preprint {source} of the {claimed} journal version"
        )
    return Criterion(
        "year", False, float(diff), f"year differs: the source says {source}, the note {claimed}"
    )


def abstract_grounding(claimed: str, source: str) -> float:
    """Share of the note's abstract words (3+ letters) that occur in the source's abstract."""
    words = [w for w in normalize_text(claimed).split() if len(w) > 2]
    if not words:
        return 1.0
    vocab = set(normalize_text(source).split())
    return sum(w in vocab for w in words) / len(words)


def match_abstract(claimed: str | None, source: str | None) -> Criterion | None:
    if not claimed or not claimed.strip():
        return None
    if not source:
        return Criterion("abstract", True, None, "the source has no abstract to ground it in")
    share = abstract_grounding(claimed, source)
    if share >= ABSTRACT_MIN:
        return Criterion("abstract", True, share, f"abstract grounded ({share:.0%} of its words)")
    return Criterion(
        "abstract",
        False,
        share,
        f"abstract not grounded in the source's ({share:.0%} of its words)",
    )


def match_identifiers(claim: Claim, record: RecordLike) -> Criterion | None:
    """An identifier the note gives that the record contradicts (another paper's id)."""
    if claim.arxiv_id and record.arxiv_id and claim.arxiv_id.lower() != record.arxiv_id.lower():
        return Criterion(
            "identifier",
            False,
            None,
            f"arXiv id {claim.arxiv_id} differs from the source's {record.arxiv_id}",
        )
    if (
        claim.arxiv_version
        and record.backend == "arxiv"
        and record.arxiv_version
        and claim.arxiv_version > record.arxiv_version
    ):
        latest = record.arxiv_version
        versions = "v1" if latest == 1 else f"v1–v{latest}"
        return Criterion(
            "identifier",
            False,
            None,
            f"arXiv {claim.arxiv_id}v{claim.arxiv_version} does not exist: arXiv lists {versions}",
        )
    # arXiv lists the journal DOI; a note may carry arXiv's own DataCite DOI: neither contradicts.
    if (
        claim.doi
        and record.doi
        and claim.doi.lower() != record.doi.lower()
        and record.backend != "arxiv"
        and not claim.doi.lower().startswith("10.48550/")
    ):
        return Criterion(
            "identifier", False, None, f"DOI {claim.doi} differs from the source's {record.doi}"
        )
    return None


def carries_subtitle(claim: Claim, records: Sequence[RecordLike]) -> bool:
    """Some record's title is the note's whole title, the subtitle it adds included (a journal
    version may carry a subtitle the preprint's record lacks)."""
    return any(match_title(claim.title, r.title).ok for r in records)


def match(claim: Claim, record: RecordLike, subtitle_carried: bool = False) -> Verdict:
    """Compare a note's claim with one source record. `subtitle_carried`: another record of the
    same paper carries the subtitle the note's title adds to this one's (`carries_subtitle`)."""
    # arXiv lists the journal version's DOI when there is one: that links the preprint to a
    # (later) journal version, whose year the note may give — unless the note names another DOI.
    linked_preprint = bool(
        record.backend == "arxiv"
        and record.doi
        and (not claim.doi or claim.doi.lower() == record.doi.lower())
    )
    linked_journal = bool(
        record.backend != "arxiv"
        and claim.arxiv_id
        and claim.doi
        and record.doi
        and claim.doi.lower() == record.doi.lower()
    )
    criteria = [
        match_title(claim.title, record.title),
        match_claim_authors(claim, record.authors),
        match_year(claim.year, record.year, linked_preprint, linked_journal),
    ]
    for extra in (
        match_abstract(claim.abstract, record.abstract),
        match_identifiers(claim, record),
    ):
        if extra is not None:
            criteria.append(extra)
    title, authors, year = criteria[0], criteria[1], criteria[2]
    if title.added_subtitle is not None and subtitle_carried:
        criteria[0] = Criterion(
            "title",
            True,
            title.score,
            f'title matches; its subtitle "{title.added_subtitle}" is in another source\'s record',
        )
    if title.weak and not (claim.authors and authors.ok and claim.year is not None and year.ok):
        criteria[0] = Criterion(
            "title",
            False,
            title.score,
            f'only the main title agrees with "{record.title}", and the note gives no authors '
            "and year that confirm it is this paper",
        )
    return Verdict(tuple(criteria))
