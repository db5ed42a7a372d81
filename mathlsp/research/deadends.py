"""Dead-end detection: a gentle nudge, never a block.

A PROOF- entry in progress that uses the strategy type of an earlier FAILED/ABANDONED attempt,
or shares two or more tags with it, is pointed at that attempt — with what has changed since
(new literature, computations, proved lemmas) when anything has.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mathlsp.notes.journal import JournalDoc, JournalEntry

FAILED_OUTCOMES = frozenset({"FAILED", "ABANDONED"})
ACTIVE_OUTCOMES = frozenset({"", "IN_PROGRESS", "PARTIAL"})
TAG_OVERLAP = 2


@dataclass(frozen=True, slots=True)
class DeadEnd:
    entry: JournalEntry  # the new attempt
    prior: JournalEntry  # the earlier failed attempt it resembles
    same_strategy: bool
    shared_tags: tuple[str, ...]
    since: tuple[JournalEntry, ...]  # developments after the prior attempt

    @property
    def message(self) -> str:
        """What the earlier attempt was and what happened since, in sentences."""
        p = self.prior
        why = []
        if self.same_strategy:
            why.append(f"used the same strategy ({p.strategy_type})")
        if self.shared_tags:
            tags = list(self.shared_tags)
            listed = ", ".join(tags[:-1]) + f" and {tags[-1]}" if len(tags) > 1 else tags[0]
            why.append(f"shared the tags {listed}")
        verb = {"FAILED": "failed", "ABANDONED": "was abandoned"}.get(p.outcome, "failed")
        head = f"{p.id} ({p.title or 'untitled'}) {' and '.join(why)}; it {verb}"
        reasoning = p.fields.value("reasoning").strip()
        head += f": {_sentence(reasoning)}" if reasoning else "."
        if p.insight:
            head += f" Its insight: {_sentence(p.insight)}"
        if self.since:
            changes = "; ".join(f"{e.id} ({e.title})" if e.title else e.id for e in self.since)
            return (
                f"A similar attempt was made before. {head} Since then: {changes}, which may "
                "address what blocked it."
            )
        return f"A similar attempt was made before. {head} Nothing has been recorded since."

    @property
    def question(self) -> str:
        return proceed_question(self.entry.id, self.prior.id)


def proceed_question(entry_id: str, priors: str) -> str:
    return f"Proceed with {entry_id} anyway? It will be recorded as a re-attempt of {priors}."


def _sentence(text: str) -> str:
    """Text as a sentence: one ending mark, never two, never none."""
    text = " ".join(text.split())
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def re_attempted(entry: JournalEntry) -> set[str]:
    """The ids the entry's `Re-attempt of` field names (one, or several separated by commas)."""
    return {t.upper() for t in re.split(r"[\s,;]+", entry.re_attempt_of) if t}


def _before(a: JournalEntry, b: JournalEntry) -> bool:
    """Did `a` happen before `b`? Timestamps when both have one, else document order."""
    ta, tb = a.timestamp, b.timestamp
    if ta is not None and tb is not None and ta != tb:
        return ta < tb  # the same second (two entries in one go): document order decides
    return a.heading.line < b.heading.line


def _is_development(e: JournalEntry) -> bool:
    return e.category in ("LIT", "COMP") or (e.category == "PROOF" and e.outcome == "SUCCEEDED")


def find_dead_ends(doc: JournalDoc) -> list[DeadEnd]:
    proofs = doc.in_category("PROOF")
    failed = [p for p in proofs if p.outcome in FAILED_OUTCOMES]
    if not failed:
        return []
    out: list[DeadEnd] = []
    for entry in proofs:
        # A drafted attempt (no outcome yet), one in progress, or a PARTIAL repeat of a failed
        # strategy: the nudge is for attempts still being made, not for finished ones.
        if entry.outcome not in ACTIVE_OUTCOMES:
            continue
        tags = set(entry.tags)
        for prior in failed:
            if prior is entry or not _before(prior, entry):
                continue
            if prior.id in re_attempted(entry):
                continue  # the user recorded it as a deliberate re-attempt
            same = bool(entry.strategy_type) and entry.strategy_type == prior.strategy_type
            shared = tuple(sorted(tags & set(prior.tags)))
            if not same and len(shared) < TAG_OVERLAP:
                continue
            since = tuple(
                e
                for e in doc.entries
                if e is not entry
                and _is_development(e)
                and _before(prior, e)
                and not _before(entry, e)
            )
            out.append(
                DeadEnd(entry, prior, same, shared if len(shared) >= TAG_OVERLAP else (), since)
            )
    return out
