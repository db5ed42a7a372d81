"""A verified reference as a BibTeX or biblatex entry.

What goes in is `ExportItem`, the neutral form of a Confirmed Reference (`from_reference` builds
it from a LITERATURE.md entry and, when the cache has it, the verified record): authors as
`Last, First and …`, the title with its math kept and capitals protected, the venue, year, DOI,
arXiv eprint with `archivePrefix`/`primaryClass` (biblatex: `eprinttype`/`eprintclass`), a URL,
and the verification stamp in `mathlsp-verified`, a field no BibTeX or biblatex style prints.
`mathlsp-ref` names the REF entry it came from: it marks the entry as written by mathlsp, so a
later export may update it (and only such entries).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mathlsp.bib.latex import title_to_latex, to_latex
from mathlsp.bib.names import bibtex_names
from mathlsp.mathids import zbl_url
from mathlsp.notes.literature import ReferenceEntry
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.matcher import match_title
from mathlsp.verify.normalize import normalize_title
from mathlsp.verify.pipeline import identifiers_of

STAMP_FIELD = "mathlsp-verified"
REF_FIELD = "mathlsp-ref"
FORMATS = ("bibtex", "biblatex")


@dataclass(frozen=True, slots=True)
class ExportItem:
    ref_id: str  # "REF-003"
    title: str  # Unicode, math as `$…$`
    authors: tuple[tuple[str, str | None], ...]  # (family, given)
    year: int | None = None
    venue: str | None = None
    doi: str | None = None
    arxiv_id: str | None = None  # with its version when the note names one
    primary_class: str | None = None
    url: str | None = None
    zbl: str | None = None  # "0303.10056" / "JFM 57.0054.02" (mathlsp.mathids)
    mrnumber: str | None = None  # "MR0369312"
    stamp: str | None = None  # "<ISO> via <URL>"
    extra: tuple[tuple[str, str], ...] = field(default=())

    @property
    def identifier_keys(self) -> frozenset[str]:
        keys = set()
        if self.doi:
            keys.add("doi:" + self.doi.lower())
        if self.arxiv_id:
            keys.add("arxiv:" + _unversioned(self.arxiv_id))
        if self.zbl:
            keys.add("zbl:" + self.zbl)
        return frozenset(keys)

    @property
    def title_key(self) -> str:
        return normalize_title(self.title)


def _unversioned(arxiv_id: str) -> str:
    head, sep, tail = arxiv_id.rpartition("v")
    return head if sep and tail.isdigit() and head and head[-1].isdigit() else arxiv_id


def from_reference(entry: ReferenceEntry, record: PaperRecord | None = None) -> ExportItem:
    """A Confirmed Reference as an export item: what the note says, completed from the verified
    record where the note is silent (venue, category, the names split as the source split them
    when they are the same people)."""
    names = [Author.from_name(a) for a in entry.authors]
    if record is not None and len(record.authors) == len(names) and record.authors:
        same = all(
            a.family.lower() == b.family.lower() for a, b in zip(names, record.authors, strict=True)
        )
        if same:
            names = list(record.authors)
    arxiv = entry.arxiv_id
    stamp = entry.fields.value("verified") or None
    url = None
    doi = entry.doi_written
    if doi:
        url = f"https://doi.org/{doi}"
    elif arxiv is not None:
        url = f"https://arxiv.org/abs/{arxiv.base}"
    zbl = entry.zbl or (record.zbl_id if record is not None else None)
    if url is None and zbl:
        url = zbl_url(zbl)
    primary = record.categories[0] if record is not None and record.categories else None
    return ExportItem(
        ref_id=entry.id,
        title=entry.title,
        authors=tuple((a.family, a.given) for a in names),
        year=entry.year or (record.year if record else None),
        venue=record.venue if record is not None and record.venue else None,
        doi=doi,
        arxiv_id=str(arxiv) if arxiv is not None else None,
        primary_class=primary if primary and "." in primary else None,
        url=url,
        zbl=zbl,
        mrnumber=entry.mr,
        stamp=stamp,
    )


def verified_record(cache: Any, entry: ReferenceEntry) -> PaperRecord | None:
    """The record that verified `entry`, from the cache (an object with `lookup_any`, never the
    network): the first cached record carrying one of its identifiers whose title matches."""
    for ident in identifiers_of(entry):
        for result in cache.lookup_any(ident):
            record = result.record
            if record is not None and match_title(entry.title, record.title).ok:
                return record
    return None


def entry_type(item: ExportItem) -> str:
    journal_doi = item.doi and not item.doi.startswith("10.48550/")
    return "article" if item.venue and journal_doi else "misc"


def entry_fields(item: ExportItem, fmt: str = "bibtex") -> list[tuple[str, str]]:
    """The entry's fields, in the order written, as BibTeX values (without their braces)."""
    biblatex = fmt == "biblatex"
    out: list[tuple[str, str]] = []
    if item.authors:
        out.append(("author", bibtex_names(list(item.authors))))
    out.append(("title", title_to_latex(item.title)))
    if item.venue:
        name = (
            "journaltitle"
            if biblatex
            else ("journal" if entry_type(item) == "article" else "howpublished")
        )
        out.append((name, to_latex(item.venue)))
    if item.year:
        out.append(("date" if biblatex else "year", str(item.year)))
    if item.doi:
        out.append(("doi", item.doi))
    if item.arxiv_id:
        out.append(("eprint", item.arxiv_id))
        out.append(
            ("eprinttype" if biblatex else "archiveprefix", "arxiv" if biblatex else "arXiv")
        )
        if item.primary_class:
            out.append(("eprintclass" if biblatex else "primaryclass", item.primary_class))
    # The fields amsrefs, amsplain and biblatex-ext read: MathSciNet's number without "MR",
    # zbMATH's as "Zbl" writes it.
    if item.mrnumber:
        out.append(("mrnumber", item.mrnumber.removeprefix("MR")))
    if item.zbl:
        out.append(("zbl", item.zbl))
    if item.url:
        out.append(("url", item.url))
    out.extend(item.extra)
    if item.stamp:
        out.append((STAMP_FIELD, item.stamp))
    out.append((REF_FIELD, item.ref_id))
    return out


_NAMES = {"archiveprefix": "archivePrefix", "primaryclass": "primaryClass"}


def render_entry(key: str, kind: str, fields: Sequence[tuple[str, str]], eol: str = "\n") -> str:
    """`@kind{key,` then one `  name = {value},` a line, then `}`."""
    width = max((len(_NAMES.get(n, n)) for n, _ in fields), default=0)
    lines = [f"@{kind}{{{key},"]
    for name, value in fields:
        shown = _NAMES.get(name, name)
        lines.append(f"  {shown.ljust(width)} = {{{' '.join(value.split())}}},")
    lines.append("}")
    return eol.join(lines)


def render_item(item: ExportItem, key: str, fmt: str = "bibtex", eol: str = "\n") -> str:
    return render_entry(key, entry_type(item), entry_fields(item, fmt), eol)
