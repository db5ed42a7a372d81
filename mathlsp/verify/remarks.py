"""What a confirmation should say out loud: a year that differs from the source's, and a source
that could not cross-check it.

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


#: What a search or an import says after those reasons: the next `verify` asks that source again
#: and, once it answers, renews the stamp without them.
CROSS_CHECK_LATER = "`mathlsp verify` will cross-check it"

_PENDING = ("; verification pending", ": verification pending")


def not_cross_checked(reason: str) -> str:
    """A pending source's reason restated for an entry another source confirmed.

    The sources phrase a failure for an entry nothing confirmed yet ("OpenAlex rate-limited;
    verification pending"); beside a confirmation, stamped `Verified:`, "pending" contradicts the
    line it stands on. What is true is that this one source did not cross-check it.
    """
    return f"not cross-checked — {pending_cause(reason)}"


def pending_cause(reason: str) -> str:
    """A pending source's reason without its "verification pending" tail, for a line that says
    "pending" once itself."""
    for tail in _PENDING:
        reason = reason.removesuffix(tail)
    return reason
