"""What the superset index's first answers say about the narrower backends.

OpenAlex indexes the works arXiv holds (each with its arXiv location) and the journal articles
zbMATH Open reviews (each with its publisher's DOI), and it answers at a tenth of a second, while
arXiv asks for 3 s between requests. Its first answers on the problem's subject (the tags, the
further tags) are a sample of that subject's literature. When almost none of it is on arXiv, the
subject is not an arXiv subject, and arXiv's further queries would come back empty; when almost
none of it is published in journals or books (recent preprints), zbMATH, which reviews published
work, has nothing to find. Those backends then keep their requests for the ones that answer.

The evidence is a share, not a count, so that a broad or a narrow answer weigh the same, and it
needs a sample: with fewer than `MIN_SAMPLE` works it says nothing. Pure: the search
(`search/run.py`) hands it the records and holds the backends it names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mathlsp.sources.record import PaperRecord

#: The backend whose answers are read, and how many of its first answers make the sample.
SUPERSET = "openalex"
SAMPLE_QUERIES = 2
#: Fewer works than this say nothing about the subject's literature.
MIN_SAMPLE = 10
#: A backend is held when less than this share of the sample is the kind of work it holds. On the
#: studied problems the shares fall apart: arXiv 0–0.21 on the subjects arXiv's part of the
#: haystack lacks (no gold paper from arXiv on any of them), 0.36–1.0 elsewhere; published works
#: 0–0.15 where zbMATH returned no gold paper, 0.36–1.0 where it did.
MIN_SHARE = 0.25
#: arXiv's DOIs (10.48550/arXiv.…) are preprints, not publications.
_ARXIV_DOI = "10.48550/"


def on_arxiv(record: PaperRecord) -> bool:
    return bool(record.arxiv_id)


def published(record: PaperRecord) -> bool:
    """A work with a publisher's DOI: what a reviewing service (zbMATH) reviews."""
    return bool(record.doi) and not record.doi.lower().startswith(_ARXIV_DOI)


_HOLDS = {"arxiv": (on_arxiv, "preprints on arXiv"), "zbmath": (published, "published works")}


def absent(records: Iterable[PaperRecord], backends: Iterable[str]) -> Mapping[str, str]:
    """The backends among `backends` that the sample shows to hold (next to) nothing on the
    subject, each with the reason the report gives."""
    sample = {_key(r): r for r in records}
    out: dict[str, str] = {}
    if len(sample) < MIN_SAMPLE:
        return out
    for backend in backends:
        if backend not in _HOLDS:
            continue
        holds, kind = _HOLDS[backend]
        share = sum(holds(r) for r in sample.values()) / len(sample)
        if share < MIN_SHARE:
            n = sum(holds(r) for r in sample.values())
            out[backend] = (
                f"OpenAlex's first answers on the subject hold few {kind} ({n} of {len(sample)})"
            )
    return out


def _key(record: PaperRecord) -> str:
    doi = record.doi.lower() if record.doi else None  # DOIs compare case-insensitively
    return record.openalex_id or doi or record.arxiv_id or record.title.lower()
