"""The large corpus, `shared/corpus/math-papers.jsonl.gz` (16,373 real records), as fake papers.

The file lives outside the repository, in the `shared/` folder beside it (beside the CI clone,
or above the working copy): `corpus_path()` finds it, or `MATHLSP_HAYSTACK` names it. Nothing here
invents metadata: each record's title, authors, year, DOI, arXiv id, venue, abstract and primary
category are served as read. TheoremSearch answers need theorem statements, which the corpus does
not have; `theorems_from_abstracts` takes, for each arXiv record, the abstract's own sentence that
states its result ("We prove …") — a mechanical extract, never a written one.

**What the fake zbMATH holds** (the corpus has no zbMATH data; this is the coverage model):

- the SPDE part's records that MathSciNet reviewed — those with an `mrnumber` in
  `chenle02/SPDEs-Bib` (8,091 BibTeX entries, 6,346 of the corpus's records, 887 before 1992;
  `data/spdes_mr.tsv.gz`, `make_mr.py`) — under the
  MSC classes of their `mrclass`. zbMATH and MathSciNet review the same journal literature back to
  the 19th century; a record MathSciNet did not review (physics journals, preprints) is left out;
- the set-theory bibliography's published records (with a venue), under 03E (set theory: those
  records carry no class of their own, and the bibliography is about large cardinals);
- none of the arXiv listings (2024–2026 preprints): zbMATH reviews what journals publish, and a
  preprint from the last two years is mostly not published yet.

The corpus carries no Zbl numbers: a record zbMATH holds gets a stable eight-digit document number
(the form of modern Zbl numbers) made from its key. It is the fake's, not zbMATH's.
The other backends serve the corpus as before: arXiv the records with an arXiv id, the others all.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from tests.fakescholar.corpus import Paper, Theorem

FILENAME = "math-papers.jsonl.gz"
ENV = "MATHLSP_HAYSTACK"
_NEW_ID = re.compile(r"(\d{2})(\d{2})\.\d{4,5}")
_OLD_ID = re.compile(r"[a-z-]+(?:\.[A-Za-z]{2})?/(\d{2})(\d{2})\d{3}")
_CLAIM = re.compile(
    r"\b(?:we|in this (?:paper|note|article),? we)\s+(?:prove|show|establish|obtain|give|determine|"
    r"compute|construct|classify|characteri[sz]e|derive|confirm|resolve|settle)\b",
    re.I,
)


def corpus_path() -> Path | None:
    """The corpus file: `$MATHLSP_HAYSTACK`, else `shared/corpus/` in a folder above this one."""
    env = os.environ.get(ENV)
    if env:
        p = Path(env)
        return p if p.is_file() else None
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "corpus" / FILENAME
        if candidate.is_file():
            return candidate
    return None


def _author(name: str) -> tuple[str, str]:
    """(given, family) from "Family, Given" (BibTeX) or "Given Family" (arXiv listings)."""
    name = " ".join(name.split())
    if "," in name:
        family, _, given = name.partition(",")
        return given.strip(), family.strip()
    given, _, family = name.rpartition(" ")
    return given, family


def _published(arxiv_id: str | None) -> str | None:
    if not arxiv_id:
        return None
    m = _NEW_ID.fullmatch(arxiv_id) or _OLD_ID.fullmatch(arxiv_id)
    if not m:
        return None
    yy, mm = int(m.group(1)), int(m.group(2))
    year = 2000 + yy if yy < 90 else 1900 + yy
    return f"{year}-{mm:02d}-15"


MR_TABLE = Path(__file__).with_name("data") / "spdes_mr.tsv.gz"


@lru_cache(maxsize=1)
def mathscinet() -> dict[str, tuple[str, tuple[str, ...]]]:
    """BibTeX key → (MR number, MSC classes) of the SPDE part's reviewed records."""
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    with gzip.open(MR_TABLE, "rt", encoding="utf-8") as fh:
        for line in fh:
            key, number, codes = line.rstrip("\n").split("\t")
            out[key] = (number, tuple(codes.split()))
    return out


def zbmath_classes(record: dict[str, Any]) -> list[str] | None:
    """The MSC classes zbMATH files `record` under, or None when zbMATH does not hold it."""
    source = str(record.get("source") or "")
    if source.startswith("chenle02/SPDEs-Bib"):
        reviewed = mathscinet().get(source.rpartition("#")[2])
        return None if reviewed is None else list(reviewed[1])
    if source.startswith("neugierde/cantors-attic") and record.get("venue"):
        return ["03E"]
    return None


def zbmath_number(key: str) -> str:
    digest = int(hashlib.sha1(f"zb:{key}".encode()).hexdigest()[:8], 16)
    return f"{10_000_000 + digest % 9_000_000:08d}"


def paper(record: dict[str, Any]) -> Paper:
    arxiv_id = record.get("arxiv_id") or None
    category = record.get("primary_category")
    msc = zbmath_classes(record)
    return Paper(
        key=str(record["key"]),
        title=str(record["title"]),
        authors=[_author(str(a)) for a in record.get("authors") or []],
        year=int(record["year"]),
        venue=record.get("venue") or None,
        abstract=record.get("abstract") or None,
        citations=0,  # the corpus has no citation counts: 0 on every backend
        arxiv_id=arxiv_id,
        arxiv_published=_published(arxiv_id),
        categories=[category] if category and arxiv_id else [],
        doi=record.get("doi") or None,
        zbl=None if msc is None else zbmath_number(str(record["key"])),
        msc=msc or [],
    )


@lru_cache(maxsize=2)
def load(path: Path | None = None) -> tuple[Paper, ...]:
    path = path or corpus_path()
    if path is None:
        raise FileNotFoundError(f"{FILENAME} not found (set {ENV} or put shared/ beside the repo)")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return tuple(paper(json.loads(line)) for line in fh if line.strip())


def claim(abstract: str) -> str | None:
    """The abstract's first sentence stating a result, or None."""
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z$\\])", abstract):
        if _CLAIM.search(sentence):
            return sentence.strip()
    return None


def theorems_from_abstracts(papers: tuple[Paper, ...]) -> list[Theorem]:
    out: list[Theorem] = []
    for p in papers:
        if not p.arxiv_id or not p.abstract:
            continue
        body = claim(p.abstract)
        if body is None:
            continue
        out.append(
            Theorem(
                theorem_id=27000000 + len(out),
                name="Main result",
                body=body,
                slogan=p.title,
                theorem_type="theorem",
                source="arXiv",
                link=None,
                arxiv_id=p.arxiv_id,
            )
        )
    return out
