"""A BibTeX entry as the claim the verifier checks, and its identifiers.

Where an entry keeps its identifiers varies with who wrote it: `doi`, or a `url`/`howpublished`
at doi.org; an arXiv id in `eprint` (with `archivePrefix = {arXiv}` or biblatex's
`eprinttype = {arxiv}`, or an id-shaped eprint with neither), in an `arxiv` field, in a
`url` at arxiv.org/abs, as `arXiv:…` in a `note`/`howpublished`, in `journal = {arXiv preprint
arXiv:…}` or `journal = {ArXiv}, volume = {abs/…}` (Semantic Scholar, DBLP), or as a DOI
10.48550/arXiv.…; the year in `year` or biblatex's `date`.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from mathlsp.bib.latex import to_text
from mathlsp.bib.names import authors_of
from mathlsp.bib.parse import BibEntry
from mathlsp.personnames import comma_list
from mathlsp.sources.record import (
    Identifier,
    IdKind,
    arxiv_id_from_doi,
    normalize_doi,
    parse_arxiv_id,
)
from mathlsp.verify.matcher import Claim
from mathlsp.verify.pipeline import Subject

_YEAR = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d|21\d\d)(?!\d)")
# `doi.org/…`, `doi:10.…`, and `DOI 10.…` as a note writes it.
_DOI_IN = re.compile(r"(?:doi\.org/|\bdoi:?\s*)(10\.\d{4,9}/[^\s{}\\]+)", re.IGNORECASE)
# `arXiv:2104.12255`, `arXiv preprint arXiv:math/0404188` in a note.
_ARXIV_IN = re.compile(r"\barxiv:\s*([^\s{},;]+)", re.IGNORECASE)
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([^\s{}\\]+?)(?:\.pdf)?/?(?:[\s}]|$)", re.I)


def bib_title(entry: BibEntry) -> str:
    return to_text(entry.get("title") or "")


def bib_authors(entry: BibEntry) -> tuple[list[str], bool]:
    """The authors (editors when a book has none) as display names, and `and others`."""
    value = entry.get("author") or entry.get("editor") or ""
    return authors_of(value)


def bib_year(entry: BibEntry) -> int | None:
    for name in ("year", "date"):
        value = entry.get(name)
        if value and (m := _YEAR.search(value)):
            return int(m.group(1))
    return None


def bib_doi(entry: BibEntry) -> str | None:
    value = entry.get("doi")
    if value:
        doi = normalize_doi(to_text(value).replace(" ", ""))
        if doi:
            return doi
    for name in ("url", "howpublished", "note"):
        value = entry.get(name)
        # `https://doi.org/10.4007%2Fannals…`: a URL percent-encodes the DOI's slash
        if value and (m := _DOI_IN.search(unquote(value))):
            doi = normalize_doi(m.group(1).rstrip(".,;"))
            if doi:
                return doi
    return None


def bib_arxiv(entry: BibEntry, doi: str | None = None) -> tuple[str, int | None] | None:
    """The arXiv id (without version) and the version named, if any (`doi`: the entry's
    `bib_doi`, when the caller has it already)."""
    prefix = (entry.get("archiveprefix") or entry.get("eprinttype") or "").strip().lower()
    eprint = entry.get("eprint")
    candidates: list[str] = []
    if eprint and prefix in ("arxiv", ""):
        candidates.append(to_text(eprint))
    if value := entry.get("arxiv"):
        candidates.append(to_text(value))
    for name in ("url", "howpublished", "note", "journal"):
        value = entry.get(name)
        if value and (m := _ARXIV_URL.search(value + " ")):
            candidates.append(m.group(1))
        elif name == "journal" and value and value.lower().startswith("arxiv"):
            candidates.append(value.split(":", 1)[-1].split()[0] if ":" in value else "")
            # Semantic Scholar's and DBLP's export: `journal = {ArXiv}, volume = {abs/2104.12255}`
            volume = entry.get("volume") or ""
            candidates.append(volume.removeprefix("abs/"))
        elif name in ("note", "howpublished") and value and (m := _ARXIV_IN.search(value)):
            candidates.append(m.group(1))
    for text in candidates:
        text = text.strip().removeprefix("arXiv:").removeprefix("arxiv:").strip()
        parsed = parse_arxiv_id(text) if text else None
        if parsed is not None:
            return parsed
    doi = doi or bib_doi(entry)
    if doi and (derived := arxiv_id_from_doi(doi)):
        return derived, None
    return None


def bib_identifiers(entry: BibEntry) -> tuple[Identifier, ...]:
    """arXiv first, then DOI, as `verify.pipeline.identifiers_of` orders a note's."""
    doi = bib_doi(entry)
    return _identifiers(bib_arxiv(entry, doi), doi)


def _identifiers(arxiv: tuple[str, int | None] | None, doi: str | None) -> tuple[Identifier, ...]:
    out: list[Identifier] = []
    if arxiv is not None:
        out.append(Identifier(IdKind.ARXIV, arxiv[0]))
    if doi and not (arxiv and arxiv_id_from_doi(doi) == arxiv[0]):
        out.append(Identifier(IdKind.DOI, doi))
    return tuple(out)


def bib_venue(entry: BibEntry) -> str | None:
    for name in ("journaltitle", "journal", "booktitle", "series", "publisher"):
        value = entry.get(name)
        if value:
            return to_text(value)
    return None


def bib_claim(entry: BibEntry) -> Claim:
    doi = bib_doi(entry)
    return _claim(entry, bib_arxiv(entry, doi), doi)


def _claim(entry: BibEntry, arxiv: tuple[str, int | None] | None, doi: str | None) -> Claim:
    authors, et_al = bib_authors(entry)
    abstract = entry.get("abstract")
    raw_authors = entry.get("author") or ""
    alt = comma_list(to_text(raw_authors)) if len(authors) == 1 else None
    return Claim(
        title=bib_title(entry),
        authors=tuple(authors),
        year=bib_year(entry),
        abstract=to_text(abstract) if abstract else None,
        arxiv_id=arxiv[0] if arxiv else None,
        doi=doi,
        et_al=et_al,
        arxiv_version=arxiv[1] if arxiv else None,
        authors_alt=tuple(alt or ()),
    )


def bib_subject(entry: BibEntry, key: str | None = None) -> Subject:
    """What the gate checks for one entry; `key` defaults to the BibTeX key (a file with a
    duplicate key passes its own, unique keys)."""
    doi = bib_doi(entry)  # read once: the arXiv id, the claim and the identifiers all need it
    arxiv = bib_arxiv(entry, doi)
    return Subject(key or entry.key, _claim(entry, arxiv, doi), _identifiers(arxiv, doi), "other")
