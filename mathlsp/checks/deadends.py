"""JRN009: the dead-end nudge on a new proof attempt (information, never an error)."""

from __future__ import annotations

from collections.abc import Iterator

from mathlsp.checks.base import CheckContext, define, rule
from mathlsp.checks.findings import Finding, Severity
from mathlsp.notes.journal import JournalDoc
from mathlsp.research.deadends import find_dead_ends

DEAD_END = define(
    "JRN009", Severity.INFORMATION, "A proof attempt repeats an earlier failed strategy"
)


@rule(JournalDoc)
def dead_ends(ctx: CheckContext) -> Iterator[Finding]:
    doc = ctx.doc
    assert isinstance(doc, JournalDoc)
    for d in find_dead_ends(doc):
        related = [(doc, d.prior.id_span, f"{d.prior.id}: {d.prior.outcome}")]
        related += [(doc, e.id_span, f"since then: {e.id}") for e in d.since]
        yield ctx.finding(
            DEAD_END,
            f"{d.message} Proceeding? Record {d.entry.id} as a re-attempt of {d.prior.id} "
            "(quick fix) and this note goes.",
            d.entry.id_span,
            related=related,
            data={"prior": d.prior.id, "entry": d.entry.id},
        )
