"""Does a source's record match what a note claims? A pure verdict with every reason and score.

The rule (SPEC §3): title substantially equal after normalisation; at least one author surname
matching and no invented authors; year equal or ±1 (wider only for an arXiv preprint linked by
identifier to a later journal version); an abstract, when the note carries one, grounded in the
source's abstract. Thresholds were calibrated on tests/verify/labelled.py (see its test).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rapidfuzz import fuzz

from mathlsp.verify.normalize import (
    german_fold,
    main_title,
    name_keys,
    normalize_text,
    normalize_title,
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


@dataclass(frozen=True, slots=True)
class Criterion:
    name: str  # "title" | "authors" | "year" | "abstract" | "identifier"
    ok: bool
    score: float | None
    detail: str
    #: A title that agrees only as a short main title: confirmed only with authors and year.
    weak: bool = False


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
_NEGATIONS = frozenset({"in", "im", "il", "ir", "un", "non", "dis", "a", "anti"})
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

_STOPWORDS = frozenset(
    "a an the of on in for and with to by its is are from at as or via into over under".split()
)


def _content_words(normalised: str) -> list[str]:
    return [w for w in normalised.split() if w not in _STOPWORDS]


def _opposite(a: str, b: str) -> bool:
    """`a` and `b` say opposite things: one is the other negated (finite/infinite,
    bounded/unbounded, existence/nonexistence) or they are a listed antonym pair."""
    if (a, b) in _ANTONYMS:
        return True
    short, long_ = sorted((a, b), key=len)
    prefix = long_[: len(long_) - len(short)]
    if not long_.endswith(short) or prefix not in _NEGATIONS:
        return False
    return prefix != "a" or len(short) >= 5  # a-symmetric, a-typical; not a stray "a"


def opposites(claimed: str, source: str) -> list[tuple[str, str]]:
    """(claimed word, source word) pairs where the two titles say opposite things."""
    a = _joined_negations(_content_words(normalize_title(claimed)))
    b = _joined_negations(_content_words(normalize_title(source)))
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


def _joined_negations(words: list[str]) -> list[str]:
    """`non existence` (from `non-existence`) is one word, `nonexistence`, as some write it."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] == "non" and i + 1 < len(words):
            out.append("non" + words[i + 1])
            i += 2
            continue
        out.append(words[i])
        i += 1
    return out


def changed_words(claimed: str, source: str) -> list[str]:
    """Content words of either title with no counterpart in the other (spelling variants such as
    behaviour/behavior or graph/graphs count as counterparts; a negated form never does). A
    near-miss fabrication changes one word of a long title — "first" for "second" — which a
    character ratio alone forgives."""
    a = _joined_negations(_content_words(normalize_title(claimed)))
    b = _joined_negations(_content_words(normalize_title(source)))
    out: list[str] = []
    for words, others in ((a, set(b)), (b, set(a))):
        for w in words:
            if w in others:
                continue
            if not any(
                fuzz.ratio(w, o) >= WORD_VARIANT_MIN and not _opposite(w, o) for o in others
            ):
                out.append(w)
    return out


_ROMAN_PARTS = frozenset("ii iii iv vi vii viii ix xi xii".split())


def part_markers(title: str) -> frozenset[str]:
    """The part numbers a title carries (`… II`, `Part 2`, `… I:`): content, never a subtitle."""
    words = normalize_title(title).split()
    marks = {w for w in words if w in _ROMAN_PARTS}
    marks |= {f"part {words[i + 1]}" for i, w in enumerate(words[:-1]) if w == "part"}
    main = normalize_title(main_title(title)).split()
    if main and main[-1] == "i" and len(main) > 1:
        marks.add("i")
    return frozenset(marks)


def _part_mismatch(claimed: str, source: str) -> str | None:
    mine, theirs = part_markers(claimed), part_markers(source)
    if mine == theirs or (not mine and theirs == {"i"}):  # "Part I" is often left unnumbered
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


def match_title(claimed: str, source: str) -> Criterion:
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
    if not claimed:
        return Criterion("authors", True, None, "no authors in the note to compare")
    if not source:
        # Absent evidence is not agreement: another source has to list them.
        return Criterion(
            "authors", False, None, "the source lists no authors to check the note's against"
        )
    source_keys = [
        (a.name, {surname(a.family) or a.family.lower()} | name_keys(a.name)) for a in source
    ]
    matched: list[str] = []
    invented: list[str] = []
    taken: set[int] = set()  # each source author vouches for one name: "Zhang, Y" and an
    for name in claimed:  # invented "Wei Zhang" cannot both be Yitang Zhang
        keys = {surname(name)} | name_keys(name)
        hits = [
            i
            for i, (_, sks) in enumerate(source_keys)
            if i not in taken and any(_same_surname(k, sk) for k in keys for sk in sks)
        ]
        if hits:
            taken.add(hits[0])
            matched.append(name)
        else:
            invented.append(name)
    score = len(matched) / len(claimed)
    listed = ", ".join(n for n, _ in source_keys[:6]) + (" et al." if len(source) > 6 else "")
    if not matched:
        return Criterion("authors", False, score, f"no author matches the source's ({listed})")
    if invented:
        who = ", ".join(invented)
        return Criterion(
            "authors",
            False,
            score,
            f"author{'s' * (len(invented) > 1)} {who} not among the source's ({listed})",
        )
    detail = f"{len(matched)} of {len(claimed)} authors match"
    if et_al:
        detail += " (et al.)"
    return Criterion("authors", True, score, detail)


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


def match(claim: Claim, record: RecordLike) -> Verdict:
    """Compare a note's claim with one source record."""
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
        match_authors(claim.authors, record.authors, claim.et_al),
        match_year(claim.year, record.year, linked_preprint, linked_journal),
    ]
    for extra in (
        match_abstract(claim.abstract, record.abstract),
        match_identifiers(claim, record),
    ):
        if extra is not None:
            criteria.append(extra)
    title, authors, year = criteria[0], criteria[1], criteria[2]
    if title.weak and not (claim.authors and authors.ok and claim.year is not None and year.ok):
        criteria[0] = Criterion(
            "title",
            False,
            title.score,
            f'only the main title agrees with "{record.title}", and the note gives no authors '
            "and year that confirm it is this paper",
        )
    return Verdict(tuple(criteria))
