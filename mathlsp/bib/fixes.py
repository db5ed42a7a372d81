"""Fields of an entry that the verified record says otherwise, as the values to write: the
"fix a field from the source" action. Only what the record holds is offered, never a guess."""

from __future__ import annotations

from mathlsp.bib.claim import bib_claim
from mathlsp.bib.latex import title_to_latex
from mathlsp.bib.names import bibtex_names
from mathlsp.bib.parse import BibEntry
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.matcher import match
from mathlsp.verify.normalize import normalize_title

FIXABLE = ("title", "author", "year", "doi")


def field_fixes(entry: BibEntry, record: PaperRecord) -> dict[str, str]:
    """field name → the value the record gives it, for the fields that disagree with it."""
    claim = bib_claim(entry)
    verdict = match(claim, record)
    out: dict[str, str] = {}
    if record.title and normalize_title(record.title) != normalize_title(claim.title):
        out["title"] = title_to_latex(record.title)
    authors = verdict.criterion("authors")
    claimed = [Author.from_name(a).family.lower() for a in claim.authors]
    listed = [a.family.lower() for a in record.authors]
    # Offered when the people differ (a co-author missing or added), not for a spelling of
    # the same people the matcher accepts (`G.` for `Grisha`).
    if record.authors and (
        (authors is not None and not authors.ok) or (claimed != listed and not claim.et_al)
    ):
        out["author"] = bibtex_names([(a.family, a.given) for a in record.authors])
    if record.year and claim.year != record.year and "year" not in entry.inherited:
        out["year"] = str(record.year)  # offered even within the matcher's ±1: it is an offer
    same = (
        claim.doi is not None and record.doi is not None and claim.doi.lower() == record.doi.lower()
    )
    if record.doi and not same and not record.doi.startswith("10.48550/"):
        out["doi"] = record.doi
    return out
