"""The anti-hallucination gate on a `.bib`: the same matcher, sources and decisions as for
LITERATURE.md (`verify.pipeline.verify_subjects`), one subject per entry.

Each result is stored in the cache under the claim's fingerprint, as `verify_entries` does for a
note, so the editor can show a `.bib`'s verdicts offline.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mathlsp.bib.claim import bib_subject
from mathlsp.bib.parse import BibEntry, BibFile
from mathlsp.bib.render import STAMP_FIELD
from mathlsp.bib.update import TextEdit, set_field
from mathlsp.notes.literature import parse_verified
from mathlsp.verify.pipeline import (
    ProgressCallback,
    ReferenceCheck,
    Subject,
    claim_fingerprint,
    verify_subjects,
)
from mathlsp.verify.write import RESTAMP_AFTER, stamp_still_holds


@dataclass(frozen=True, slots=True)
class BibCheck:
    entry: BibEntry
    check: ReferenceCheck


def subject_map(
    bib: BibFile, known: Mapping[tuple[object, ...], Subject] | None = None
) -> dict[tuple[object, ...], Subject]:
    """One subject per entry, in order, by what its entry says: `known` is the map of an
    earlier reading (the buffer's previous version), whose subjects are reused, so a keystroke
    maps only the entry it changed (decoding LaTeX is most of what mapping costs)."""
    seen: set[str] = set()
    out: dict[tuple[object, ...], Subject] = {}
    for e in bib.entries:
        key = e.key if e.key not in seen else f"{e.key}@{e.line + 1}"
        seen.add(key)
        memo_key = (key, e.type, tuple(e.fields.items()))
        subject = known.get(memo_key) if known else None
        out[memo_key] = subject if subject is not None else bib_subject(e, key)
    return out


def subjects(bib: BibFile) -> list[Subject]:
    """One subject per entry, keyed by its BibTeX key (`key@line` for a repeated key)."""
    return list(subject_map(bib).values())


async def verify_bib(
    bib: BibFile,
    sources: Any,
    *,
    now: dt.datetime | None = None,
    use_cache: bool = True,
    on_progress: ProgressCallback | None = None,
) -> list[BibCheck]:
    out: list[BibCheck] = []
    async for checks in verify_batches(
        [bib.entries], sources, now=now, use_cache=use_cache, on_progress=on_progress
    ):
        out.extend(checks)
    return out


async def verify_batches(
    batches: Iterable[Sequence[BibEntry]],
    sources: Any,
    *,
    now: dt.datetime | None = None,
    use_cache: bool = True,
    on_progress: ProgressCallback | None = None,
    total: int | None = None,
) -> AsyncIterator[list[BibCheck]]:
    """Each batch of entries verified in turn (`verify_subjects` over the batch: identifiers
    looked up together, a title match for the rest), so a large file is held a batch at a
    time (`bib.stream`). A repeated key is `key@line` across batches too. With `total` (the
    file's entries) and more than one batch, progress says which entries it is at."""
    seen: set[str] = set()
    done = 0
    for entries in batches:
        progress = on_progress
        if on_progress is not None and total is not None and len(entries) < total:
            progress = _within(on_progress, f"entries {done + 1}–{done + len(entries)} of {total}")
        done += len(entries)
        subs = []
        for e in entries:
            key = e.key if e.key not in seen else f"{e.key}@{e.line + 1}"
            seen.add(key)
            subs.append(bib_subject(e, key))
        checks = await verify_subjects(
            subs, sources, now=now, use_cache=use_cache, on_progress=progress
        )
        cache = getattr(sources, "cache", None)
        if cache is not None:
            for sub, check in zip(subs, checks, strict=True):
                if not check.pending:
                    cache.put_verification(claim_fingerprint(sub.claim), check.to_json())
        yield [BibCheck(e, c) for e, c in zip(entries, checks, strict=True)]


def _within(on_progress: ProgressCallback, where: str) -> ProgressCallback:
    def progress(done: int, total: int, message: str) -> None:
        on_progress(done, total, f"{where}: {message}")

    return progress


def stamp_edits(
    text: str,
    results: Sequence[BibCheck],
    now: dt.datetime | None = None,
    renew_after: dt.timedelta = RESTAMP_AFTER,
) -> list[TextEdit]:
    """`mathlsp-verified` set on every confirmed entry and dropped from every entry that now
    fails (a stale stamp would vouch for it); pending entries and every other field untouched.
    A stamp that already records this evidence is kept (`verify.write.stamp_holds`), so a second
    `--write` on an unchanged file changes nothing, as for LITERATURE.md."""
    now = now or dt.datetime.now(dt.UTC)
    edits = []
    for r in results:
        if r.check.pending and not r.check.confirmed:
            continue
        existing = r.entry.get(STAMP_FIELD)
        if (
            r.check.confirmed
            and existing
            and stamp_still_holds(parse_verified(existing), r.check, now, renew_after)
        ):
            continue
        value = r.check.stamp if r.check.confirmed and r.check.url else None
        edit = set_field(text, r.entry, STAMP_FIELD, value)
        if edit is not None:
            edits.append(edit)
    return edits
