"""A `.bib`'s verdicts from the cache only (no network): what the editor shows per keystroke.

The same decision as the gate (`verify.pipeline.decide_subject`) on cached evidence, else the
verdict the gate stored for the same claim (title-only entries). A file's verdicts are kept per
open file, for its current version only: a keystroke decides the entry it changed and reuses
the rest (by subject: a re-read reuses the subjects of unchanged entries), and nothing of older
versions stays behind. `generation` follows the notes' offline verifier: when the cache learns
something, every kept verdict is dropped.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from mathlsp.sources.record import Identifier
from mathlsp.verify.pipeline import (
    ReferenceCheck,
    Subject,
    claim_fingerprint,
    decide_subject,
    evidence_from,
)

# Verdicts asked one at a time (hover cards, field fixes, code actions), with their records.
_SINGLE_MAX = 1024


class OfflineBibVerifier:
    def __init__(self, cache: Any) -> None:
        self.cache = cache
        # uri → id(subject) → (subject, verdict): the subject is held, so its id is not reused.
        self._files: dict[str, dict[int, tuple[Subject, ReferenceCheck | None]]] = {}
        self._single: OrderedDict[tuple[object, ...], ReferenceCheck | None] = OrderedDict()
        self._pending: dict[str, ReferenceCheck] = {}  # claim fingerprint → last pending result
        self._lock = threading.Lock()
        self.generation: object = None

    def sync(self, generation: object) -> None:
        """Drop the verdicts when what they rest on changed (the cache learnt something)."""
        with self._lock:
            if generation != self.generation:
                self._files.clear()
                self._single.clear()
                self.generation = generation

    def remember(self, subject: Subject, check: ReferenceCheck) -> None:
        key = claim_fingerprint(subject.claim)
        with self._lock:
            if check.pending and not check.confirmed:
                self._pending[key] = check
            else:
                self._pending.pop(key, None)
            self._files.clear()
            self._single.clear()

    def forget(self, uri: str) -> None:
        with self._lock:
            self._files.pop(uri, None)

    def verdicts(self, uri: str, subjects: Sequence[Subject]) -> list[ReferenceCheck | None]:
        """Every diagnostic verdict of the file at `uri`, now made of `subjects`: the ones of
        unchanged entries as before, the stored verdicts of the rest in a few queries (not one
        per entry: a 2,000-entry file opened), the cached records for those with none."""
        with self._lock:
            old = self._files.get(uri, {})
            generation = self.generation
        new: dict[int, tuple[Subject, ReferenceCheck | None]] = {}
        todo: list[Subject] = []
        for s in subjects:
            kept = old.get(id(s))
            if kept is not None and kept[0] is s:
                new[id(s)] = kept
            else:
                todo.append(s)
        if todo:
            prints = [claim_fingerprint(s.claim) for s in todo]
            stored = self.cache.get_verifications(prints)
            # The cached records of the entries with no stored verdict, in a few queries too.
            undecided = [s for s, p in zip(todo, prints, strict=True) if not stored.get(p)]
            idents = [i for s in undecided for i in s.identifiers]
            records = self.cache.lookup_any_many(idents) if idents else {}
            for s, fingerprint in zip(todo, prints, strict=True):
                data = stored.get(fingerprint)
                if data:
                    result: ReferenceCheck | None = _from_stored(s, data)
                else:
                    result = self._decide(s, stored_asked=True, records=records)
                new[id(s)] = (s, result)
        with self._lock:
            if self.generation == generation:
                self._files[uri] = new
        return [new[id(s)][1] for s in subjects]

    def check(self, subject: Subject, *, with_record: bool = False) -> ReferenceCheck | None:
        """One entry's verdict. `with_record` (a hover card, a field fix) decides on the cached
        records so that the record comes with it; otherwise the verdict the gate stored for
        this very claim comes first (one query instead of reading and matching every cached
        record)."""
        memo_key = (subject.key, subject.claim, subject.identifiers, with_record)
        with self._lock:
            if memo_key in self._single:
                self._single.move_to_end(memo_key)
                return self._single[memo_key]
        if with_record:
            result = self._decide(subject)
        else:
            result = self._stored(subject)
            if result is None:
                result = self._decide(subject, stored_asked=True)
        with self._lock:
            self._single[memo_key] = result
            if len(self._single) > _SINGLE_MAX:
                self._single.popitem(last=False)
        return result

    def _decide(
        self,
        subject: Subject,
        stored_asked: bool = False,
        records: dict[Identifier, list[Any]] | None = None,
    ) -> ReferenceCheck | None:
        evidence = []
        for ident in subject.identifiers:
            results = records.get(ident) if records is not None else self.cache.lookup_any(ident)
            if results:
                evidence.append(
                    evidence_from(ident, results, next((r.reason for r in results), ""))
                )
        if evidence:
            return decide_subject(subject, evidence)
        return self._pending_of(subject) if stored_asked else self._stored(subject)

    def _stored(self, subject: Subject) -> ReferenceCheck | None:
        """The gate's stored verdict for this claim, else a pending result remembered."""
        stored = self.cache.get_verification(claim_fingerprint(subject.claim))
        if stored:
            return _from_stored(subject, stored)
        return self._pending_of(subject)

    def _pending_of(self, subject: Subject) -> ReferenceCheck | None:
        with self._lock:
            pending = self._pending.get(claim_fingerprint(subject.claim)) if self._pending else None
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
