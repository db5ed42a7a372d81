"""Scholarly identifiers in text: recognise, validate and normalise arXiv ids and DOIs."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote

# Archives that existed under the pre-2007 scheme (arXiv's own list, incl. the retired ones).
OLD_ARCHIVES = frozenset(
    [
        "acc-phys",
        "adap-org",
        "alg-geom",
        "ao-sci",
        "astro-ph",
        "atom-ph",
        "bayes-an",
        "chao-dyn",
        "chem-ph",
        "cmp-lg",
        "comp-gas",
        "cond-mat",
        "cs",
        "dg-ga",
        "funct-an",
        "gr-qc",
        "hep-ex",
        "hep-lat",
        "hep-ph",
        "hep-th",
        "math",
        "math-ph",
        "mtrl-th",
        "nlin",
        "nucl-ex",
        "nucl-th",
        "patt-sol",
        "physics",
        "plasm-ph",
        "q-alg",
        "q-bio",
        "q-fin",
        "quant-ph",
        "solv-int",
        "stat",
        "supr-con",
    ]
)

_NEW = re.compile(r"(?P<yymm>\d{4})\.(?P<num>\d{4,5})(?:v(?P<v>\d+))?")
_OLD = re.compile(
    r"(?P<archive>[a-z]+(?:-[a-z]+)?)(?:\.(?P<subj>[A-Za-z]{2}))?/(?P<yymm>\d{4})(?P<num>\d{3})"
    r"(?:v(?P<v>\d+))?"
)
_ARXIV_PREFIX = re.compile(
    r"^(?:arxiv:|https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/)", re.IGNORECASE
)
# `doi:`, and the resolver's URL with or without its scheme (`doi.org/…`, `dx.doi.org/…`).
_DOI_PREFIX = re.compile(r"^(?:doi:\s*|(?:https?://)?(?:www\.|dx\.)?doi\.org/)", re.IGNORECASE)
DOI_SYNTAX = re.compile(r"^10\.\d{4,9}/\S+$")
_TRAILING = ".,;:"
_AFTER_DOI = frozenset(_TRAILING + ")]")

# Where identifiers stand in free text. Bare new-style arXiv ids are accepted (mathematicians
# write "see 2301.12345"); bare old-style and bare DOIs need no prefix either, they are distinctive.
# The boundary look-behinds apply to bare ids only: after a URL prefix the id follows a "/".
_TEXT_ARXIV = re.compile(
    r"(?:(?P<prefix>arxiv:\s?|https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/)|(?<![\w./-]))"
    r"(?P<id>\d{4}\.\d{4,5}(?:v\d+)?(?![\w/])"
    r"|[a-z]+(?:-[a-z]+)?(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?(?!\w))",
    re.IGNORECASE,
)
# A prefixed token that claims to be an arXiv id, whatever it looks like (to flag malformed ones).
_TEXT_ARXIV_CLAIM = re.compile(r"(?<![\w/])arxiv:\s?(?P<id>[A-Za-z0-9][^\s,;)\]]*)", re.IGNORECASE)
_TEXT_DOI = re.compile(
    r"(?:(?<![\w/])doi:\s?|https?://(?:dx\.)?doi\.org/|(?<![\w/.]))"
    r"(?P<id>10\.\d{4,9}/[^\s\"<>\]`]+)",
    re.IGNORECASE,
)
_TEXT_DOI_CLAIM = re.compile(r"(?<![\w/])doi:\s?(?P<id>[A-Za-z0-9][^\s,;)\]]*)", re.IGNORECASE)

IdKind = Literal["arxiv", "doi"]


@dataclass(slots=True, unsafe_hash=True)  # not frozen, as `IdMention`: one per entry
class ArxivId:
    base: str  # without version, e.g. "2301.12345" or "math/0601001"
    version: int | None

    @property
    def versioned(self) -> str:
        return f"{self.base}v{self.version}" if self.version else self.base

    def __str__(self) -> str:
        return self.versioned


def _valid_yymm(yymm: str, *, old: bool) -> bool:
    yy, mm = int(yymm[:2]), int(yymm[2:])
    if not 1 <= mm <= 12:
        return False
    if old:  # 1991-08 .. 2007-03
        return (yy, mm) >= (91, 8) or (yy, mm) <= (7, 3)
    return yy >= 7 and not (yy == 7 and mm < 4)


def parse_arxiv(value: str) -> ArxivId | None:
    """A well-formed arXiv id (any accepted spelling) → its canonical form; otherwise None."""
    # A bare new-style id (what entries hold) is its own cleaned text: digits, a dot and a `v`
    # hold no blank, prefix, `/` or `.pdf` to remove.
    text = value
    m = _NEW.fullmatch(value)
    if m is None:
        text = _ARXIV_PREFIX.sub("", value.strip()).strip().rstrip("/")
        if text.lower().endswith(".pdf"):
            text = text[:-4]
        m = _NEW.fullmatch(text)
    if m:
        yymm, num, v = m.groups()
        # What `_valid_yymm(yymm, old=False)` says, from one int (asked once per entry): a
        # month, from 2007-04 on. 4-digit numbers until 2014-12, 5-digit from 2015-01.
        ym = int(yymm)
        if not 1 <= ym % 100 <= 12 or ym < 704 or (len(num) == 5) != (ym >= 1501):
            return None
        # The whole match is `yymm.num[vN]`: the base is its text up to the version.
        matched = m.string
        return ArxivId(matched if v is None else matched[: m.start("v") - 1], int(v) if v else None)
    if m := _OLD.fullmatch(text):
        archive = m["archive"].lower()
        if archive not in OLD_ARCHIVES or not _valid_yymm(m["yymm"], old=True):
            return None
        subj = f".{m['subj'].upper()}" if m["subj"] else ""
        return ArxivId(f"{archive}{subj}/{m['yymm']}{m['num']}", int(m["v"]) if m["v"] else None)
    return None


def normalize_doi(value: str) -> str | None:
    """A DOI lower-cased without URL or `doi:` prefix, or None when it is not DOI-shaped."""
    if (
        value[:3] == "10."
        and value[-1] not in _AFTER_DOI
        and not value[-1].isspace()
        and "%" not in value
        and DOI_SYNTAX.match(value)
    ):
        # A bare DOI (what entries hold): no blank, prefix, trailing punctuation, escape or
        # closer to remove, so the steps below would give it back as it is.
        return value.lower()
    text = _DOI_PREFIX.sub("", value.strip()).strip().rstrip(_TRAILING)
    if "%" in text:  # a copied URL: `10.1515%2Frose.2000.8.3.245`
        text = unquote(text)
    text = _strip_unbalanced_closer(text)
    return text.lower() if DOI_SYNTAX.match(text) else None


def _strip_unbalanced_closer(text: str) -> str:
    # "(see 10.1000/xyz)" must not swallow the ")"; "10.1002/(SICI)1097" keeps its own.
    # The counts are kept as the end moves (counting again per character was quadratic on a
    # long run of closers), and the text is cut once.
    if not text.endswith((")", "]")):
        return text  # the common case: nothing to strip
    pairs = {")": "(", "]": "["}
    counts = {c: text.count(c) for c in "()[]"}
    end = len(text)
    while end and text[end - 1] in pairs and counts[text[end - 1]] > counts[pairs[text[end - 1]]]:
        counts[text[end - 1]] -= 1
        end -= 1
        while end and text[end - 1] in _TRAILING:
            end -= 1  # what `rstrip(_TRAILING)` would drop (no bracket among them)
    return text[:end]


_ABSENT = frozenset({"", "-", "—", "–", "n/a", "na", "none", "(none)", "not available", "tbd", "?"})


_LONGEST_ABSENT = max(map(len, _ABSENT))


def is_absent(value: str) -> bool:
    """Field values that mean "no identifier" rather than a malformed one."""
    value = value.strip()
    if value[:1] == "(":
        return True
    # The common case (an identifier, asked for every entry): longer than any absent word,
    # with no emphasis around it to strip.
    if len(value) > _LONGEST_ABSENT and value[0] not in "*_`" and value[-1] not in "*_`":
        return False
    return value.strip("*_`").strip().lower() in _ABSENT


# Not frozen (a value all the same, hashed by its fields): a 1 MB line of identifiers makes
# 100k of these, and a frozen dataclass's `__init__` sets each field by `object.__setattr__`.
@dataclass(slots=True, unsafe_hash=True)
class IdMention:
    kind: IdKind
    value: str  # normalised (arXiv: versioned as written; DOI: lower-case)
    start: int  # offsets within the scanned string
    end: int
    valid: bool


def find_identifiers(text: str) -> Iterator[IdMention]:
    """arXiv ids and DOIs in a line of prose, including prefixed tokens that are malformed."""
    seen = _Taken()
    seen.new_pass()
    # Cheap guards skip the regexes that cannot match (each needs its literal).
    for m in _TEXT_DOI.finditer(text) if "10." in text else ():
        raw = m["id"]
        doi = normalize_doi(raw)
        if doi is None:
            continue
        end = m.start("id") + len(_strip_unbalanced_closer(raw.rstrip(_TRAILING)))
        seen.add(m.start(), end)
        yield IdMention("doi", doi, m.start(), end, True)
    seen.new_pass()
    for m in _TEXT_ARXIV.finditer(text):
        if seen.overlaps(m.start(), m.end()):
            continue
        parsed = parse_arxiv(m["id"])
        if parsed is None and not m["prefix"]:
            continue  # a bare number that is not an arXiv id: not ours to judge
        seen.add(m.start(), m.end())
        yield IdMention(
            "arxiv", str(parsed) if parsed else m["id"], m.start(), m.end(), parsed is not None
        )
    lower = text.lower() if ":" in text else ""
    for claim, kind in ((_TEXT_ARXIV_CLAIM, "arxiv"), (_TEXT_DOI_CLAIM, "doi")):
        if f"{kind}:" not in lower:
            continue
        seen.new_pass()
        for m in claim.finditer(text):
            if seen.overlaps(m.start(), m.end()):
                continue
            raw = m["id"].rstrip(_TRAILING)
            seen.add(m.start(), m.start("id") + len(raw))
            yield IdMention(kind, raw, m.start(), m.start("id") + len(raw), False)  # type: ignore[arg-type]


class _Taken:
    """Spans already claimed by an earlier pattern. Each pattern's matches come in increasing,
    disjoint order, so every pass is a sorted run and an overlap check is one binary search per
    run — linear-logarithmic on a 1 MB line of identifiers, where a scan of every span was O(n²)."""

    __slots__ = ("runs",)

    def __init__(self) -> None:
        self.runs: list[tuple[list[int], list[int]]] = []

    def new_pass(self) -> None:
        self.runs.append(([], []))

    def add(self, start: int, end: int) -> None:
        starts, ends = self.runs[-1]
        starts.append(start)
        ends.append(end)

    def overlaps(self, start: int, end: int) -> bool:
        for starts, ends in self.runs:
            k = bisect.bisect_left(starts, end) - 1  # the last span starting before `end`
            if k >= 0 and ends[k] > start:
                return True
        return False
