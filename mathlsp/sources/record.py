"""The normalised paper record every backend returns, and identifier parsing.

Identifiers are normalised once, here, so that the cache, the router and verification agree on
what "the same paper" means: arXiv ids without version (the version is kept beside it), old-style
ids without their subject class (`math.GT/0309136` is `math/0309136`), DOIs lower-cased without a
resolver prefix (a record's `doi` keeps the source's case, for the notes to show; its identifier
is lower-cased), Semantic Scholar paperIds lower-case hex, OpenAlex ids as `W…`, PMIDs as digits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any
from urllib.parse import unquote

from mathlsp.mathids import parse_zbl
from mathlsp.personnames import without_suffix
from mathlsp.safetext import safe_text


class IdKind(StrEnum):
    ARXIV = "arxiv"
    DOI = "doi"
    S2 = "s2"
    OPENALEX = "openalex"
    PMID = "pmid"
    ZBL = "zbl"  # a zbMATH Open Zbl/JFM number (mathlsp.mathids)


# New-style (2007+) ids: YYMM.NNNN or YYMM.NNNNN. arXiv itself treats any such shape as
# well-formed (an unknown one is silently absent), so the month is not validated here.
_ARXIV_NEW = re.compile(r"(?P<id>\d{4}\.\d{4,5})(?:v(?P<v>\d+))?")
# Old-style ids: archive[.SUBJ]/YYMMNNN. The subject class is not part of the identifier.
_ARXIV_OLD = re.compile(
    r"(?P<archive>[a-z]+(?:-[a-z]+)?)(?:\.[A-Za-z]{2}(?:-[a-z]+)?)?/(?P<num>\d{7})(?:v(?P<v>\d+))?"
)
_ARXIV_URL = re.compile(
    r"^https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/(?P<rest>.+?)(?:\.pdf)?/?$"
)
_ARXIV_PREFIX = re.compile(r"^arxiv\s*:\s*", re.IGNORECASE)
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(?P<id>.+)$")

_DOI = re.compile(r"^10\.\d{4,9}/\S+$")
_DOI_PREFIX = re.compile(r"^(?:(?:https?://)?(?:www\.|dx\.)?doi\.org/|doi\s*:\s*)", re.IGNORECASE)

_S2 = re.compile(r"^[0-9a-fA-F]{40}$")
_S2_PREFIX = re.compile(
    r"^(?:s2\s*:\s*|https?://(?:www\.|api\.)?semanticscholar\.org/(?:paper/(?:[^/]+/)?)?)",
    re.IGNORECASE,
)
_OPENALEX = re.compile(r"^[Ww](\d+)$")
_OPENALEX_PREFIX = re.compile(
    r"^(?:openalex\s*:\s*|https?://(?:api\.)?openalex\.org/(?:works/)?)", re.IGNORECASE
)
_PMID = re.compile(r"^\d{1,9}$")
# A Zbl number needs its prefix or URL too: `zbl:0303.10056`, `Zbl 0303.10056`, `JFM 57.0054.02`.
_ZBL_HINT = re.compile(r"^(?:zbl|zbmath|jfm|https?://(?:www\.)?zbmath\.org/)", re.IGNORECASE)
_PMID_PREFIX = re.compile(
    r"^(?:pmid\s*:?\s*|https?://(?:www\.)?(?:pubmed\.ncbi\.nlm\.nih\.gov|ncbi\.nlm\.nih\.gov/pubmed)/)",
    re.IGNORECASE,
)


@dataclass(frozen=True, order=True)
class Identifier:
    """A normalised identifier. `value` never carries an arXiv version; `version` does."""

    kind: IdKind
    value: str
    version: int | None = None

    @property
    def key(self) -> str:
        """Version-less cache/index key such as `arxiv:2301.12345` or `doi:10.1007/x`."""
        return f"{self.kind.value}:{self.value}"

    @property
    def versioned(self) -> str:
        """The bare id with its arXiv version if any (`2301.12345v2`)."""
        return f"{self.value}v{self.version}" if self.version else self.value

    def unversioned(self) -> Identifier:
        return Identifier(self.kind, self.value) if self.version else self

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.versioned}"


def parse_arxiv_id(text: str) -> tuple[str, int | None] | None:
    """`(id_without_version, version)` for a new- or old-style arXiv id, else None."""
    s = text.strip()
    m = _ARXIV_URL.match(s)
    if m:
        s = m.group("rest")
    s = _ARXIV_PREFIX.sub("", s)
    m = _ARXIV_NEW.fullmatch(s)
    if m:
        return m.group("id"), int(m.group("v")) if m.group("v") else None
    m = _ARXIV_OLD.fullmatch(s)
    if m:
        base = f"{m.group('archive')}/{m.group('num')}"
        return base, int(m.group("v")) if m.group("v") else None
    return None


def clean_doi(text: str) -> str | None:
    """The DOI as the source (or the user) writes it, without `https://doi.org/` or `doi:`; None
    when it is not a DOI. DOIs compare case-insensitively (`normalize_doi`), but a note shows the
    form it was given: `10.1007/BF02126799`, not `10.1007/bf02126799`."""
    s = _DOI_PREFIX.sub("", text.strip()).strip()
    s = s.rstrip(".,;")
    if "%" in s:  # a copied URL: `10.1515%2Frose.2000.8.3.245`
        s = unquote(s)
    return s if _DOI.match(s) else None


def normalize_doi(text: str) -> str | None:
    """Lower-cased DOI without `https://doi.org/` or `doi:` (what identifiers compare); None
    when it is not a DOI."""
    doi = clean_doi(text)
    return doi.lower() if doi is not None else None


def parse_identifier(text: str) -> Identifier | None:
    """Classify a string as arXiv id, DOI, S2 paperId, OpenAlex id or PMID (prefix required)."""
    s = text.strip()
    if not s:
        return None
    arxiv = parse_arxiv_id(s)
    if arxiv:
        return Identifier(IdKind.ARXIV, arxiv[0], arxiv[1])
    doi = normalize_doi(s)
    if doi:
        return Identifier(IdKind.DOI, doi)
    s2 = _S2_PREFIX.sub("", s)
    if _S2.match(s2):
        return Identifier(IdKind.S2, s2.lower())
    if _ZBL_HINT.match(s) and (zbl := parse_zbl(s)) is not None:
        return Identifier(IdKind.ZBL, zbl)
    oa = _OPENALEX.match(_OPENALEX_PREFIX.sub("", s))
    if oa:
        return Identifier(IdKind.OPENALEX, f"W{oa.group(1)}")
    # A bare number is too ambiguous ("Kato 1966"): a PMID needs its prefix or URL.
    if _PMID_PREFIX.match(s):
        pmid = _PMID_PREFIX.sub("", s).strip().rstrip("/")
        if _PMID.match(pmid):
            return Identifier(IdKind.PMID, str(int(pmid)))
    return None


def identifier_from_key(key: str) -> Identifier | None:
    """Inverse of `Identifier.key` / `str(Identifier)`."""
    kind, _, value = key.partition(":")
    if kind == IdKind.PMID.value:
        return Identifier(IdKind.PMID, value) if _PMID.match(value) else None
    if kind == IdKind.S2.value:
        return Identifier(IdKind.S2, value) if _S2.match(value) else None
    if kind == IdKind.OPENALEX.value:
        return Identifier(IdKind.OPENALEX, value) if _OPENALEX.match(value) else None
    if kind == IdKind.ZBL.value:
        zbl = parse_zbl(f"zbl:{value}") if not value.startswith("JFM") else parse_zbl(value)
        return Identifier(IdKind.ZBL, zbl) if zbl else None
    return parse_identifier(f"{kind}:{value}") if kind in ("arxiv", "doi") else None


def arxiv_id_from_doi(doi: str) -> str | None:
    """`10.48550/arxiv.2312.07559` → `2312.07559` (arXiv's DataCite DOIs)."""
    m = _ARXIV_DOI.match(doi.lower())
    if not m:
        return None
    parsed = parse_arxiv_id(m.group("id"))
    return parsed[0] if parsed else None


_PARTICLES = frozenset(
    [
        "van",
        "von",
        "der",
        "den",
        "de",
        "del",
        "della",
        "di",
        "da",
        "du",
        "dos",
        "das",
        "le",
        "la",
        "lo",
        "ter",
        "ten",
        "bin",
        "ibn",
        "al",
        "el",
    ]
)


@dataclass(frozen=True)
class Author:
    """An author split into given and family names (family may carry particles: `de la Harpe`)."""

    family: str
    given: str | None = None

    def __post_init__(self) -> None:
        # Names come from the sources: never let a control character reach a note or a terminal.
        object.__setattr__(self, "family", _fold(self.family) or "")
        object.__setattr__(self, "given", _fold(self.given))

    @property
    def name(self) -> str:
        return f"{self.given} {self.family}" if self.given else self.family

    @classmethod
    def from_name(cls, name: str) -> Author:
        """Split a display name: `Gould, Andrew`, `Andrew Gould`, `Jean de la Harpe`; a
        generational suffix in any place (`M. Jodeit, Jr.`, `Jr., M. Jodeit`) is left out."""
        name = without_suffix(" ".join(name.split()))
        if "," in name:
            family, _, given = name.partition(",")
            return cls(family.strip(), given.strip() or None)
        parts = name.split(" ")
        if len(parts) == 1:
            return cls(parts[0])
        i = len(parts) - 1
        while i > 1 and parts[i - 1].lower() in _PARTICLES:
            i -= 1
        return cls(" ".join(parts[i:]), " ".join(parts[:i]) or None)

    @classmethod
    def from_pubmed(cls, name: str) -> Author:
        """PubMed's `Family INITIALS [Jr]` form, e.g. `Hambrick GW Jr`."""
        parts = without_suffix(name).split()
        if len(parts) >= 2 and parts[-1].isupper() and len(parts[-1]) <= 4:
            return cls(" ".join(parts[:-1]), parts[-1])
        return cls.from_name(name)


def _utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class PaperRecord:
    """One backend's view of one paper.

    `url` is a request URL anyone can open to re-check exactly this record (never with a key);
    `fetched_at` is when the backend answered.
    """

    backend: str
    title: str
    authors: tuple[Author, ...] = ()
    year: int | None = None
    venue: str | None = None
    abstract: str | None = None
    arxiv_id: str | None = None
    arxiv_version: int | None = None
    doi: str | None = None
    s2_id: str | None = None
    openalex_id: str | None = None
    pmid: str | None = None
    citation_count: int | None = None
    open_access_url: str | None = None
    url: str = ""
    fetched_at: datetime = field(default_factory=_utcnow)
    categories: tuple[str, ...] = ()
    published: str | None = None  # ISO date when the backend gives one
    zbl_id: str | None = None  # canonical Zbl/JFM number (mathlsp.mathids)
    msc: tuple[str, ...] = ()  # Mathematics Subject Classification codes (zbMATH)

    def __post_init__(self) -> None:
        # The one place every backend's text passes through (the cache's too): what a source sends
        # is untrusted, so controls, escape sequences, bidi overrides and zero-width characters
        # are removed here and no later layer has to remember.
        for name in _TEXT_FIELDS:
            value = getattr(self, name)
            if isinstance(value, str):
                object.__setattr__(
                    self, name, _fold(value) if name != "title" else _fold(value) or ""
                )
        for name in ("categories", "msc"):
            values = (_fold(c) for c in getattr(self, name))
            object.__setattr__(self, name, tuple(c for c in values if c))

    @property
    def arxiv_id_versioned(self) -> str | None:
        if not self.arxiv_id:
            return None
        return f"{self.arxiv_id}v{self.arxiv_version}" if self.arxiv_version else self.arxiv_id

    @property
    def identifiers(self) -> tuple[Identifier, ...]:
        """Every identifier the record carries (version-less), most specific first."""
        ids: list[Identifier] = []
        if self.arxiv_id:
            ids.append(Identifier(IdKind.ARXIV, self.arxiv_id))
        if self.doi:
            ids.append(Identifier(IdKind.DOI, self.doi.lower()))
            derived = arxiv_id_from_doi(self.doi)
            if derived and not self.arxiv_id:
                ids.append(Identifier(IdKind.ARXIV, derived))
        if self.s2_id:
            ids.append(Identifier(IdKind.S2, self.s2_id))
        if self.openalex_id:
            ids.append(Identifier(IdKind.OPENALEX, self.openalex_id))
        if self.pmid:
            ids.append(Identifier(IdKind.PMID, self.pmid))
        if self.zbl_id:
            ids.append(Identifier(IdKind.ZBL, self.zbl_id))
        return tuple(ids)

    def carries(self, identifier: Identifier) -> bool:
        return identifier.unversioned() in self.identifiers

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "authors":
                value = [{"given": a.given, "family": a.family} for a in value]
            elif f.name == "fetched_at":
                value = value.isoformat()
            elif f.name in ("categories", "msc"):
                value = list(value)
            out[f.name] = value
        out["arxiv_id_versioned"] = self.arxiv_id_versioned
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PaperRecord:
        known = {f.name for f in fields(cls)}
        kwargs = {k: v for k, v in data.items() if k in known}
        kwargs["authors"] = tuple(
            Author(a["family"], a.get("given")) for a in data.get("authors") or ()
        )
        kwargs["categories"] = tuple(data.get("categories") or ())
        kwargs["msc"] = tuple(data.get("msc") or ())
        if isinstance(kwargs.get("fetched_at"), str):
            kwargs["fetched_at"] = datetime.fromisoformat(kwargs["fetched_at"])
        return cls(**kwargs)


_TEXT_FIELDS = (
    "title",
    "venue",
    "abstract",
    "url",
    "open_access_url",
    "published",
    "zbl_id",
)


def _fold(text: str | None) -> str | None:
    """Untrusted text made safe, whitespace folded to single spaces; None when nothing is left."""
    if text is None:
        return None
    if not isinstance(text, str):
        text = str(text)
    cleaned = " ".join(safe_text(text).split())
    return cleaned or None


def clean_text(text: str | None) -> str | None:
    """Collapse whitespace (arXiv wraps titles and abstracts at ~80 columns)."""
    if text is None:
        return None
    cleaned = " ".join(text.split())
    return cleaned or None
