"""Offline verification verdicts, memoised per claim so a keystroke costs a dict lookup.

The editor re-checks LITERATURE.md on every change; each entry's verdict from cached evidence is
kept under the fingerprint of what the entry claims, and dropped when the cache learns more.

A verification that ended *pending* (a source could not answer) leaves nothing in the cache, so
it is remembered here, in memory, until a later run settles that claim: the editor can then say
"verification pending" (VER003) instead of nothing.
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
from collections.abc import Sequence
from typing import Any

from mathlsp.notes.literature import VERIFIED_SECTIONS, ReferenceEntry
from mathlsp.verify.pipeline import (
    ReferenceCheck,
    cached_evidence,
    check_from_json,
    claim_key,
    decide,
    identifiers_of,
)

# The memo's floor; a pass over a bigger file raises its room to that file's size (`reserve`).
_MAX = 50_000


# Unique across verifiers: a new verifier never repeats an old one's number.
_GENERATIONS = itertools.count(1)


class OfflineVerifier:
    """Verdicts from the cache only; `None` for an entry the cache knows nothing about."""

    def __init__(self, cache: Any) -> None:
        self.cache = cache
        self._memo: dict[tuple[str | None, ...], ReferenceCheck | None] = {}
        self._pending: dict[str, ReferenceCheck] = {}  # claim key → the last pending result
        self._lock = threading.Lock()
        self._cap = _MAX
        # Counts changes of what verdicts rest on: checks reuse findings computed at the same one.
        self.generation = next(_GENERATIONS)

    def invalidate(self) -> None:
        with self._lock:
            self._memo.clear()
            self.generation = next(_GENERATIONS)

    def remember(self, entry: ReferenceEntry, check: ReferenceCheck) -> None:
        """An online result for `entry`: kept when pending (the cache holds nothing for it),
        forgotten otherwise (the cache now holds the evidence)."""
        key = claim_key(entry)
        with self._lock:
            if check.pending and not check.confirmed:
                self._pending[key] = check
            else:
                self._pending.pop(key, None)
            self._memo.clear()
            self.generation = next(_GENERATIONS)

    def reserve(self, entries: int) -> None:
        """A pass over `entries` entries is about to ask: keep room for twice that many, so a
        file bigger than the floor neither clears the memo mid-pass (every entry then asked the
        cache again on the next generation's pass) nor pushes out this pass's own verdicts."""
        with self._lock:
            self._cap = max(self._cap, 2 * entries)

    def check(self, entry: ReferenceEntry) -> ReferenceCheck | None:
        key = _memo_key(entry)
        with self._lock:
            if key in self._memo:
                # Moved to the end: eviction takes the oldest, i.e. verdicts of text since edited.
                hit = self._memo[key] = self._memo.pop(key)
                return hit
        evidence = cached_evidence(entry, self.cache)
        result = self._verdict(entry, evidence, None)
        self._keep(key, result)
        return result

    def prefetch(self, entries: Sequence[ReferenceEntry]) -> None:
        """The verdicts a pass over `entries` will ask for and the memo lacks, read from the
        cache in a few queries (`lookup_any_many`, `get_verifications`) instead of two or more
        per entry: a 20,000-entry file after the cache learnt something asked 40,000 times."""
        with self._lock:
            generation = self.generation
            todo = {
                k: e
                for e in entries
                if e.section in VERIFIED_SECTIONS and (k := _memo_key(e)) not in self._memo
            }
        if not todo:
            return
        idents = [i for e in todo.values() for i in identifiers_of(e)]
        found = self.cache.lookup_any_many(idents) if idents else {}
        evidence = {k: cached_evidence(e, self.cache, found) for k, e in todo.items()}
        claims = {k: claim_key(e) for k, e in todo.items() if not evidence[k]}
        stored = self.cache.get_verifications(list(claims.values())) if claims else {}
        for k, e in todo.items():
            claim = claims.get(k)
            result = self._verdict(e, evidence[k], (claim, stored.get(claim) if claim else None))
            with self._lock:
                if self.generation != generation:  # the cache learnt more meanwhile
                    return
            self._keep(k, result)

    def _verdict(
        self,
        entry: ReferenceEntry,
        evidence: list[Any],
        stored: tuple[str | None, dict[str, Any] | None] | None,
    ) -> ReferenceCheck | None:
        """`stored`: (claim key, the cache's stored verdict for it), when already read."""
        # The claim's fingerprint (JSON + SHA-256 of the parsed claim) is worked out once, and
        # only when asked for: a file of 130k entries the cache knows nothing of asked it twice
        # per entry, the second time for a pending result that is almost never there.
        claim: str | None = None
        if evidence:
            result: ReferenceCheck | None = decide(entry, evidence)
        else:
            if stored is None:
                claim = claim_key(entry)
                data = self.cache.get_verification(claim)
            else:
                claim, data = stored
            result = check_from_json(entry, data) if data else None
        if result is None and self._pending:
            with self._lock:
                pending = self._pending.get(claim or claim_key(entry))
            if pending is not None:
                section = entry.section if entry.section in VERIFIED_SECTIONS else "other"
                result = dataclasses.replace(pending, entry_id=entry.id, section=section)
        return result

    def _keep(self, key: tuple[str | None, ...], result: ReferenceCheck | None) -> None:
        with self._lock:
            if len(self._memo) >= self._cap:
                # The older half goes, not all: what the current text asked for stays.
                for old in list(itertools.islice(self._memo, len(self._memo) // 2 + 1)):
                    del self._memo[old]
            self._memo[key] = result


def _memo_key(entry: ReferenceEntry) -> tuple[str | None, ...]:
    """What the verdict depends on, as the strings already parsed: hashing them costs about a
    microsecond, where the claim fingerprint (JSON + SHA-256) costs tens — at 5,000 entries per
    keystroke that is the difference between nothing and a tenth of a second."""
    v = entry.fields.value
    return (
        entry.section, entry.id, entry.title, v("authors"), v("year"), v("arxiv_id"), v("doi"),
        v("abstract"),
    )  # fmt: skip
