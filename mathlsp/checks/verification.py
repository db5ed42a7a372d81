"""VER: entries compared with what their sources returned (from the local cache, offline)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from mathlsp.checks.base import CheckContext, define, entry_rule
from mathlsp.checks.findings import Finding, Severity
from mathlsp.notes.literature import VERIFIED_SECTIONS, ReferenceEntry
from mathlsp.sources.labels import label

if TYPE_CHECKING:
    from mathlsp.verify.memo import OfflineVerifier
    from mathlsp.verify.pipeline import ReferenceCheck

NOT_CONFIRMED = define(
    "VER001", Severity.ERROR, "A confirmed reference is contradicted or unknown to its source"
)
PROMOTABLE = define(
    "VER002", Severity.INFORMATION, "An unconfirmed reference now matches a source record"
)
PENDING = define("VER003", Severity.WARNING, "Verification is pending: a source could not answer")
DIFFERS = define("VER004", Severity.WARNING, "Metadata differs from the verified record")


def verifier_for(ctx: CheckContext) -> OfflineVerifier | None:
    v = ctx.settings.verification
    if v is None:
        return None
    # Imported only with a cache to compare against: the verifier brings the matcher and the
    # sources' records, a third of `mathlsp check`'s start-up, which an offline check never uses.
    from mathlsp.verify.memo import OfflineVerifier

    return v if isinstance(v, OfflineVerifier) else OfflineVerifier(v)


@entry_rule
def verified_records(ctx: CheckContext, entry: ReferenceEntry) -> Sequence[Finding]:
    # Entry rules return their findings (see `references.verification_stamps`).
    verifier = verifier_for(ctx)
    if verifier is None or entry.section not in VERIFIED_SECTIONS:
        return ()
    result = verifier.check(entry)
    return list(findings_for(ctx, entry, result)) if result is not None else ()


def findings_for(
    ctx: CheckContext, entry: ReferenceEntry, result: ReferenceCheck
) -> Iterator[Finding]:
    """The VER findings of one entry, given its verification result (online or cached)."""
    data = {"id": entry.id, "url": result.url, "source": result.source}
    if entry.section == "confirmed":
        if result.pending and not result.confirmed:
            yield ctx.finding(
                PENDING,
                f"{entry.id}: verification pending — {'; '.join(result.reasons)}",
                entry.id_span,
                data=data,
            )
        elif not result.confirmed:
            yield ctx.finding(
                NOT_CONFIRMED,
                f"{entry.id} is not confirmed by its source: {'; '.join(result.reasons)}. Fix the "
                "metadata, or move it to Unconfirmed References",
                entry.id_span,
                data=data,
            )
        elif result.record is not None:
            yield from _differences(ctx, entry, result)
    elif result.confirmed and result.record is not None:
        yield ctx.finding(
            PROMOTABLE,
            f"{entry.id} matches {label(result.record.backend)} "
            f'("{result.record.title}"): it could be confirmed',
            entry.id_span,
            data=data,
        )


def _differences(
    ctx: CheckContext, entry: ReferenceEntry, result: ReferenceCheck
) -> Iterator[Finding]:
    """A match within tolerance can still carry a wrong detail worth fixing from the source."""
    from mathlsp.verify.normalize import normalize_title

    record = result.record
    assert record is not None
    src = label(record.backend)
    diffs: dict[str, str] = {}
    if normalize_title(entry.title) != normalize_title(record.title):
        diffs["title"] = record.title
    if record.year is not None and entry.year is not None and entry.year != record.year:
        linked = (
            record.backend == "arxiv"
            and entry.doi
            and (record.doi or "").lower() == entry.doi.lower()
        )
        if not linked:
            diffs["year"] = str(record.year)
    shortened = entry.authors and len(entry.authors) < len(record.authors)
    if shortened and "et al" not in entry.fields.value("authors").lower():
        diffs["authors"] = ", ".join(a.name for a in record.authors)
    if not diffs:
        return
    what = "; ".join(f"{k}: {v!r}" for k, v in diffs.items())
    yield ctx.finding(
        DIFFERS,
        f"{entry.id} differs from {src} ({what}) — apply the source's metadata to fix it",
        entry.id_span,
        data={"id": entry.id, "url": result.url, "source": result.source, "fields": diffs},
    )
