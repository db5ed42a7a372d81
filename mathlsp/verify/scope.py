"""Which entries a verification run looks at, and what it says about the ones it leaves.

Only entries under `## Confirmed References` and `## Unconfirmed References` are verified and
stamped: an entry elsewhere has no section to be stamped in or moved from. A LITERATURE.md
written by someone else (`# Confirmed References`, entries under a heading of their own) can hold
every entry outside them; a run that then says "0 confirmed, 0 unconfirmed" and nothing else
reads as if there were nothing to verify, while `check` calls each of them unverified.
"""

from __future__ import annotations

from mathlsp.notes.literature import VERIFIED_SECTIONS, LiteratureDoc, ReferenceEntry


def in_scope(doc: LiteratureDoc) -> list[ReferenceEntry]:
    """The entries a verification run checks, in document order."""
    return [e for e in doc.entries if e.section in VERIFIED_SECTIONS]


def outside(doc: LiteratureDoc) -> list[str]:
    """The ids of the entries a verification run leaves because of where they stand."""
    return [e.id for e in doc.entries if e.section not in VERIFIED_SECTIONS]


def outside_note(doc: LiteratureDoc) -> str | None:
    """A sentence naming the entries left unverified because of where they stand, or None."""
    ids = outside(doc)
    if not ids:
        return None
    shown = ", ".join(ids[:8]) + (f" and {len(ids) - 8} more" if len(ids) > 8 else "")
    verb = "stands" if len(ids) == 1 else "stand"
    return (
        f"not verified: {shown} {verb} outside the '## Confirmed References' and "
        "'## Unconfirmed References' sections, the only ones verification reads; "
        "`mathlsp check` (LIT004, LIT009) says where to move them"
    )
