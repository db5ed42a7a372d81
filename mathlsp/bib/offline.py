"""A `.bib`'s verdicts from the cache only (no network): what the editor shows per keystroke.

The same decision as the gate (`verify.pipeline.decide_subject`) on cached evidence, else the
verdict the gate stored for the same claim (title-only entries); memoised per claim, so a
keystroke costs a dict lookup per entry. `generation` follows the notes' offline verifier: when
the cache learns something, every memoised verdict is dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from mathlsp.verify.pipeline import (
    ReferenceCheck,
    Subject,
    claim_fingerprint,
    decide_subject,
    evidence_from,
)

_MAX = 50_000

# A claim's fingerprint (JSON and SHA-256) is most of what a memoised verdict costs to look up.
_fingerprint = lru_cache(maxsize=_MAX)(claim_fingerprint)


class OfflineBibVerifier:
    def __init__(self, cache: Any) -> None:
        self.cache = cache
        self._memo: dict[tuple[object, ...], ReferenceCheck | None] = {}
        self._pending: dict[str, ReferenceCheck] = {}  # claim fingerprint → last pending result
        self._lock = threading.Lock()
        self.generation: object = None

    def sync(self, generation: object) -> None:
        """Drop the memo when what verdicts rest on changed (the cache learnt something)."""
        with self._lock:
            if generation != self.generation:
                self._memo.clear()
                self.generation = generation

    def remember(self, subject: Subject, check: ReferenceCheck) -> None:
        key = _fingerprint(subject.claim)
        with self._lock:
            if check.pending and not check.confirmed:
                self._pending[key] = check
            else:
                self._pending.pop(key, None)
            self._memo.clear()

    def prefetch(self, subjects: Sequence[Subject]) -> None:
        """Every diagnostic verdict of a file at once: the stored verdicts in a few queries
        instead of one per entry (opening a 2,000-entry `.bib`), then `check` for the rest."""
        with self._lock:
            todo = [s for s in subjects if (s.key, s.claim, s.identifiers, False) not in self._memo]
        if not todo:
            return
        stored = self.cache.get_verifications([_fingerprint(s.claim) for s in todo])
        for subject in todo:
            data = stored.get(_fingerprint(subject.claim))
            result = _from_stored(subject, data) if data else self._decide(subject, True)
            self._memoise((subject.key, subject.claim, subject.identifiers, False), result)

    def check(self, subject: Subject, *, with_record: bool = False) -> ReferenceCheck | None:
        """The verdict. `with_record` (a hover card, a field fix) decides on the cached records
        so that the record comes with it; a diagnostic first takes the verdict the gate stored
        for this very claim (one query instead of reading and matching every cached record: a
        2,000-entry file's verdicts in 0.2 s instead of 3)."""
        memo_key = (subject.key, subject.claim, subject.identifiers, with_record)
        with self._lock:
            if memo_key in self._memo:
                return self._memo[memo_key]
        if with_record:
            result = self._decide(subject)
        else:
            result = self._stored(subject)
            if result is None:
                result = self._decide(subject, stored_asked=True)
        self._memoise(memo_key, result)
        return result

    def _memoise(self, memo_key: tuple[object, ...], result: ReferenceCheck | None) -> None:
        with self._lock:
            if len(self._memo) > _MAX:
                self._memo.clear()
            self._memo[memo_key] = result

    def _decide(self, subject: Subject, stored_asked: bool = False) -> ReferenceCheck | None:
        evidence = []
        for ident in subject.identifiers:
            results = self.cache.lookup_any(ident)
            if results:
                evidence.append(
                    evidence_from(ident, results, next((r.reason for r in results), ""))
                )
        if evidence:
            return decide_subject(subject, evidence)
        return self._pending_of(subject) if stored_asked else self._stored(subject)

    def _stored(self, subject: Subject) -> ReferenceCheck | None:
        """The gate's stored verdict for this claim, else a pending result remembered."""
        stored = self.cache.get_verification(_fingerprint(subject.claim))
        if stored:
            return _from_stored(subject, stored)
        return self._pending_of(subject)

    def _pending_of(self, subject: Subject) -> ReferenceCheck | None:
        key = _fingerprint(subject.claim)
        with self._lock:
            pending = self._pending.get(key)
        if pending is None:
            return None
        return ReferenceCheck(
            subject.key, subject.section, pending.status, pending.reasons, pending=True
        )


def _from_stored(subject: Subject, stored: dict[str, Any]) -> ReferenceCheck:
    return ReferenceCheck(
        subject.key,
        subject.section,
        "confirmed" if stored.get("status") == "confirmed" else "unconfirmed",
        tuple(str(r) for r in stored.get("reasons") or ()),
        source=stored.get("source"),
        url=stored.get("url"),
    )
