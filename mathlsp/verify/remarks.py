"""What a confirmation should say out loud: a year that differs from the source's.

A year one off (or a journal year several years after an arXiv preprint's) still confirms the
entry — a preprint and its journal version are one paper — but the difference is stated, once,
wherever the verdict is shown (the `verify` table and JSON, the hover card), so the user knows
which version the year belongs to.
"""

from __future__ import annotations

from mathlsp.sources.labels import label
from mathlsp.sources.record import PaperRecord


def year_note(claimed: int | None, record: PaperRecord) -> str | None:
    """None when the years agree or either is unknown."""
    source = record.year
    if claimed is None or source is None or claimed == source:
        return None
    gap = abs(claimed - source)
    apart = "a year" if gap == 1 else f"{gap} years"
    where = label(record.backend)
    if record.backend == "arxiv" and claimed > source:
        why = f"{source} is the arXiv preprint's year, {claimed} presumably the journal version's"
    elif record.backend != "arxiv" and claimed < source:
        why = f"{claimed} is presumably the preprint's year, {source} the journal version's"
    else:
        why = "preprint and journal years often differ so"
    return f"year {claimed} in the entry, {source} in {where} ({apart} apart: {why})"
