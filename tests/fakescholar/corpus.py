"""The fake server's knowledge: the paper corpus, the theorem list, and naive term matching."""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

DATA = Path(__file__).with_name("data")
T = TypeVar("T")


@dataclass(frozen=True)
class Paper:
    key: str
    title: str
    authors: list[tuple[str, str]]  # (given, family)
    year: int
    venue: str | None
    abstract: str | None
    citations: int
    arxiv_id: str | None = None
    arxiv_versions: int = 1
    arxiv_published: str | None = None
    categories: list[str] = field(default_factory=list)
    doi: str | None = None  # as registered (case preserved)
    pmid: str | None = None
    volume: str | None = None
    issue: str | None = None
    pages: str | None = None
    type: str = "journal-article"
    zbl: str | None = None  # zbMATH's Zbl/JFM number: the fake zbMATH knows only these papers
    msc: list[str] = field(default_factory=list)
    # The arXiv version's title where the journal's differs (a word changed in revision): arXiv
    # and Semantic Scholar carry it, OpenAlex, Crossref and zbMATH the journal's, as real
    # records do.
    preprint_title: str | None = None

    @property
    def arxiv_title(self) -> str:
        """The title arXiv and Semantic Scholar show."""
        return self.preprint_title or self.title

    @property
    def doi_lower(self) -> str | None:
        return self.doi.lower() if self.doi else None

    @property
    def datacite_doi(self) -> str | None:
        """arXiv's own DOI (10.48550/arXiv.<id>)."""
        return f"10.48550/arXiv.{self.arxiv_id}" if self.arxiv_id else None

    @property
    def s2_id(self) -> str:
        return hashlib.sha1(f"s2:{self.key}".encode()).hexdigest()

    @property
    def corpus_id(self) -> int:
        return int(hashlib.sha1(f"corpus:{self.key}".encode()).hexdigest()[:7], 16)

    @property
    def openalex_id(self) -> str:
        return "W" + str(
            4000000000 + int(hashlib.sha1(f"oa:{self.key}".encode()).hexdigest()[:8], 16) % 99999999
        )

    @property
    def in_crossref(self) -> bool:
        return bool(self.doi) and not self.doi_lower.startswith("10.48550/")  # type: ignore[union-attr]

    def names(self) -> list[str]:
        return [f"{g} {f}".strip() for g, f in self.authors]

    def text(self) -> str:
        return " ".join(
            [
                self.title,
                self.preprint_title or "",
                self.abstract or "",
                " ".join(self.names()),
                self.venue or "",
                " ".join(self.categories),
            ]
        )


@dataclass(frozen=True)
class Theorem:
    theorem_id: int
    name: str
    body: str
    slogan: str
    theorem_type: str
    source: str
    link: str | None
    arxiv_id: str | None

    def text(self) -> str:
        return f"{self.name} {self.body} {self.slogan}"


def _paper(d: dict[str, Any]) -> Paper:
    arxiv = d.get("arxiv") or {}
    return Paper(
        key=d["key"],
        title=d["title"],
        authors=[(a[0], a[1]) for a in d["authors"]],
        year=d["year"],
        venue=d.get("venue"),
        abstract=d.get("abstract"),
        citations=d.get("citations", 0),
        arxiv_id=arxiv.get("id"),
        arxiv_versions=arxiv.get("versions", 1),
        arxiv_published=arxiv.get("published"),
        preprint_title=arxiv.get("title"),
        categories=list(arxiv.get("categories", [])),
        doi=d.get("doi"),
        pmid=d.get("pmid"),
        volume=d.get("volume"),
        issue=d.get("issue"),
        pages=d.get("pages"),
        type=d.get("type", "journal-article"),
        zbl=d.get("zbl"),
        msc=list(d.get("msc", [])),
    )


def load_papers() -> list[Paper]:
    data = json.loads((DATA / "corpus.json").read_text(encoding="utf-8"))
    return [_paper(p) for p in data["papers"]]


def load_theorems() -> list[Theorem]:
    data = json.loads((DATA / "theorems.json").read_text(encoding="utf-8"))
    out = []
    for i, t in enumerate(data["theorems"]):
        out.append(
            Theorem(
                theorem_id=26000000 + i,
                name=t["name"],
                body=t["body"],
                slogan=t["slogan"],
                theorem_type=t["theorem_type"],
                source=t.get("source", "arXiv"),
                link=t.get("link"),
                arxiv_id=t.get("arxiv"),
            )
        )
    return out


def load_citations() -> dict[str, list[str]]:
    """Corpus key → the corpus keys it cites (data/citations.json)."""
    data = json.loads((DATA / "citations.json").read_text(encoding="utf-8"))
    return {str(k): [str(x) for x in v] for k, v in data["cites"].items()}


def synthetic_papers(n: int) -> list[Paper]:
    """Deterministic filler papers for load tests: arXiv ids 2401.1xxxx, DOIs 10.5555/bench.N."""
    out = []
    for i in range(n):
        kind = i % 4
        out.append(
            Paper(
                key=f"bench-{i}",
                title=f"Synthetic benchmark paper number {i} on spectral estimates",
                authors=[("Ada", f"Bench{i}"), ("Emmy", "Noether")],
                year=2000 + i % 25,
                venue="Journal of Synthetic Benchmarks",
                abstract=f"We study estimate {i} for synthetic operators.",
                citations=i,
                arxiv_id=f"2401.{10000 + i}" if kind in (0, 1) else None,
                arxiv_published="2024-01-15" if kind in (0, 1) else None,
                categories=["math.SP"] if kind in (0, 1) else [],
                doi=f"10.5555/bench.{i}" if kind in (1, 2, 3) else None,
                pmid=str(30000000 + i) if kind == 3 else None,
            )
        )
    return out


_WORD = re.compile(r"[a-z0-9]+")
_BOOLEAN = {"and", "or", "andnot", "not"}


#: Letters NFKD does not decompose, folded as Lucene's ASCIIFoldingFilter folds them.
_LETTERS = str.maketrans(
    {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe"}
    | {"Œ": "OE", "đ": "d", "Đ": "D", "ı": "i", "ð": "d", "þ": "th"}
)
_MARKS = re.compile(r"[\u0300-\u036f]+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def fold(text: str) -> str:
    """Lower-case ASCII folding so `Szemeredi` finds `Szemerédi`.

    Accents are dropped, but any other non-ASCII character (an en dash in "Kardar–Parisi–Zhang",
    a non-breaking space) separates words: the real services tokenise by Unicode word boundaries
    (UAX #29, as Lucene's StandardTokenizer does), where dash punctuation is never inside a word.
    Deleting it instead would glue "kardarparisizhang" into one word no query can find."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    return _NON_ASCII.sub(" ", _MARKS.sub("", decomposed)).lower()


def words(text: str) -> list[str]:
    return [w for w in _WORD.findall(fold(text)) if w not in _BOOLEAN]


def arxiv_terms(query: str) -> tuple[list[str], list[str]]:
    """(`cat:` filters, other words) from arXiv search_query syntax."""
    cats = re.findall(r"cat:\s*\"?([A-Za-z.\-*]+)", query)
    rest = re.sub(r"cat:\s*\"?[A-Za-z.\-*]+\"?", " ", query)
    rest = re.sub(r"\b(ti|au|abs|all|jr|co|rn|id):", " ", rest)
    return cats, words(rest)


def score(query_words: list[str], text: str) -> float:
    """Fraction of distinct query words present in `text` (0 when none)."""
    if not query_words:
        return 0.0
    have = set(words(text))
    wanted = set(query_words)
    return len(wanted & have) / len(wanted)


def rank(
    items: list[T], query_words: list[str], text_of: Any, *, minimum: float = 0.01
) -> list[tuple[float, T]]:
    scored = [(score(query_words, text_of(it)), it) for it in items]
    scored = [(s, it) for s, it in scored if s >= minimum]
    scored.sort(key=lambda p: -p[0])
    return scored
