"""The outcome a literature search journals (`LIT-` entries), by the JOURNAL schema. Pure.

An outcome says how the attempt went, and dead-end detection and the dashboard read it: FAILED
is for an attempt that did not work. A search whose sources answered and whose papers are all
already in LITERATURE.md did what it was asked — it checked the literature again and found the
list complete for its queries — so it is not FAILED: it is SUCCEEDED when what it found is
mostly confirmed there (REF- entries), PARTIAL when mostly unconfirmed (UREF- entries), as a
first search is judged by what it confirms.
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
    by the unconfirmed, else PARTIAL. Nothing new but papers already listed: the same rule on
    the listed entries they are."""
    if all_down:
        return "FAILED"
    if new_confirmed or new_unconfirmed:
        return _by_counts(new_confirmed, new_unconfirmed)
    if not listed:
        return "FAILED"
    unconfirmed = sum(entry.upper().startswith("UREF-") for entry in set(listed))
    return _by_counts(len(set(listed)) - unconfirmed, unconfirmed)


def _by_counts(confirmed: int, unconfirmed: int) -> str:
    if confirmed == 0 or unconfirmed > confirmed:
        return "PARTIAL"
    return "SUCCEEDED"
