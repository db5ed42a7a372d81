"""The outcome a literature search journals (`LIT-` entries), by the JOURNAL schema. Pure.

An outcome says how the attempt went, and dead-end detection and the dashboard read it. The
schema (seed 004 §9): SUCCEEDED "found relevant papers", PARTIAL "some results but gaps remain",
FAILED "no relevant results". A follow-up search is run to complement what is listed (seed 004
§8), so one whose sources answered and whose papers are all already in LITERATURE.md is PARTIAL:
it had results (it found the listed papers again, so the list is complete for its queries) but
added nothing, and the gap it was run for remains. It is never SUCCEEDED (nothing was found that
the notes did not hold) nor FAILED (it did find papers on the problem; FAILED would feed
dead-end detection).
"""

from __future__ import annotations

from collections.abc import Sequence


def search_outcome(
    *,
    all_down: bool,
    new_confirmed: int,
    new_unconfirmed: int,
    listed: Sequence[str] = (),
) -> str:
    """SUCCEEDED, PARTIAL or FAILED. `listed`: the LITERATURE.md entry ids ("REF-003",
    "UREF-001") of the papers found that were already listed.

    FAILED: no source answered, or no paper at all on the problem was found (neither new nor
    already listed). New papers: SUCCEEDED when some are confirmed and they are not outnumbered
    by the unconfirmed, else PARTIAL. Nothing new but papers already listed: PARTIAL."""
    if all_down:
        return "FAILED"
    if new_confirmed or new_unconfirmed:
        return _by_counts(new_confirmed, new_unconfirmed)
    return "PARTIAL" if listed else "FAILED"


def _by_counts(confirmed: int, unconfirmed: int) -> str:
    if confirmed == 0 or unconfirmed > confirmed:
        return "PARTIAL"
    return "SUCCEEDED"
