"""REF and UREF numbers are never reused: the next one comes after every number ever written.

A reference moved to Unconfirmed References leaves its old id behind in a "moved from REF-003"
note and in every mention of it (PROOF.md, the Synthesis, the journal); a removed reference
leaves its mentions. Numbering on from the entries still in the file would hand REF-003 to
another paper, and those mentions would silently point at it. Every writer (search, verify, the
editor's commands) takes its next number from `next_numbers`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mathlsp.notes.document import MarkdownDoc, ref_id
from mathlsp.notes.literature import LiteratureDoc

KINDS = ("REF", "UREF")


def highest_used(doc: LiteratureDoc | None, others: Iterable[MarkdownDoc] = ()) -> dict[str, int]:
    """The highest number of each kind that the notes have ever used: entry headings, and any
    mention in prose — "moved from" notes, Search History rows, the Synthesis, other notes."""
    top = dict.fromkeys(KINDS, 0)
    docs: list[MarkdownDoc] = [d for d in others if d is not doc]
    if doc is not None:
        docs.insert(0, doc)
        for entry in doc.entries:
            core = entry.core
            if core.number > top[core.kind]:
                top[core.kind] = core.number
    for note in docs:
        for mention in note.mentions:
            if mention.number > top[mention.kind]:
                top[mention.kind] = mention.number
    return top


@dataclass(slots=True)
class NextNumbers:
    """Hands out fresh numbers, each kind on its own, after the highest ever used."""

    next: dict[str, int]

    def take(self, kind: str) -> int:
        number = self.next[kind]
        self.next[kind] = number + 1
        return number

    def peek(self, kind: str) -> str:
        return ref_id(kind, self.next[kind])


def next_numbers(doc: LiteratureDoc | None, others: Iterable[MarkdownDoc] = ()) -> NextNumbers:
    return NextNumbers({k: n + 1 for k, n in highest_used(doc, others).items()})
