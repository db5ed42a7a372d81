"""Entry rules, run once per parsed entry: a keystroke re-checks the entry it touched.

An entry's findings are kept on its parsed core (`EntryCore.memo`) with the settings they were
computed for and the line its heading stood on; a later version of the file in which the entry's
lines are unchanged gets them back, moved by as many lines as the entry moved. Findings of these
rules carry ranges inside the entry only, so moving them is exact.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable

from mathlsp.checks.base import ENTRY_RULES, CheckContext, CheckSettings
from mathlsp.checks.findings import Finding, Related, by_position
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.notes.text import Position, Range

log = logging.getLogger(__name__)

_SLOT = "entry findings"
# How often (in entries) a long pass asks whether its text was replaced meanwhile.
_CANCEL_EVERY = 256


def settings_key(settings: CheckSettings) -> Hashable:
    """What entry findings depend on besides the entry. `now` counts by the hour: a stamp turns
    stale (REF008) or stops being in the future (REF004) up to an hour late, where keying on the
    exact time would re-check every entry on every keystroke."""
    now = settings.now
    verifier = settings.verification
    return (
        settings.stale_after_days,
        (now.year, now.month, now.day, now.hour, now.tzinfo),
        id(verifier) if verifier is not None else None,
        getattr(verifier, "generation", None),
        tuple(sorted(settings.recheck_bases.items())),
    )


def entry_findings(
    ctx: CheckContext, doc: LiteratureDoc, cancelled: Callable[[], bool] | None = None
) -> list[tuple[Finding, ...]]:
    """The findings of every entry, entry by entry (a keystroke works out only its entry's:
    `findings_of`, kept with the others in `checks.kept`)."""
    from mathlsp.checks import CheckCancelled

    key = settings_key(ctx.settings)
    verifier = ctx.settings.verification
    if hasattr(verifier, "reserve"):
        verifier.reserve(len(doc.entries))
        # Entries whose findings are kept ask nothing; the others' verdicts are read in bulk.
        verifier.prefetch([e for e in doc.entries if _stale(e, key)])
    out = []
    for i, each in enumerate(doc.entries):
        if cancelled is not None and i % _CANCEL_EVERY == 0 and cancelled():
            raise CheckCancelled(str(ctx.path))
        out.append(_one(ctx, each, key, doc.path))
    return out


def findings_of(ctx: CheckContext, entry: ReferenceEntry) -> tuple[Finding, ...]:
    """One entry's findings where it stands now (from its core's memo when kept)."""
    return _one(ctx, entry, settings_key(ctx.settings), ctx.doc.path)


def _stale(entry: ReferenceEntry, key: Hashable) -> bool:
    hit = entry.core.memo.get(_SLOT)
    return hit is None or hit[0] != (key, entry.section)


def _one(ctx: CheckContext, entry: ReferenceEntry, key: Hashable, path: str) -> tuple[Finding, ...]:
    memo = entry.core.memo
    line = entry.heading.line
    hit = memo.get(_SLOT)
    if hit is None or hit[0] != (key, entry.section):
        found: list[Finding] = []
        for fn in ENTRY_RULES:
            try:
                found.extend(fn(ctx, entry))
            except Exception:  # one broken rule must not hide the others' findings
                log.exception("check %s failed on %s", getattr(fn, "__name__", fn), entry.id)
        # Kept in listing order: the file's entry findings are then in order entry after
        # entry (each lies inside its entry), and a check merges rather than sorts them.
        found.sort(key=by_position)
        hit = memo[_SLOT] = ((key, entry.section), line, tuple(found))
    shift = line - hit[1]
    return hit[2] if not shift else tuple(moved(f, shift, path) for f in hit[2])


def moved(f: Finding, lines: int, path: str, after: int = -1) -> Finding:
    """`f` with its ranges in note `path` that start below line `after` moved by `lines`, and
    the line its data names for a quick fix (`data["line"]`, a line of `f`'s own note).

    Built with the constructor, not `dataclasses.replace` (which looks the fields up on every
    call): a line added at the top of 20,000 entries moves ~16,000 findings, and `replace`
    was a third of that check (`benchmarks/bench_line_shift.py`)."""
    related = f.related
    if related:
        related = tuple(
            Related(r.path, _range(r.range, lines, after), r.message) if r.path == path else r
            for r in related
        )
    data = f.data
    line = data.get("line") if data else None
    if type(line) is int and line > after:
        # A line of this note a quick fix edits (LIT004's heading, SYN001/SYN003's claim):
        # left behind, the fix would edit the line the finding used to stand on.
        data = {**data, "line": line + lines}
    return Finding(
        f.code, f.severity, f.message, _range(f.range, lines, after), related, data,
        f.unnecessary,
    )  # fmt: skip


def _range(r: Range, lines: int, after: int = -1) -> Range:
    if r.start.line <= after:
        return r
    return Range(
        Position(r.start.line + lines, r.start.character),
        Position(r.end.line + lines, r.end.character),
    )
