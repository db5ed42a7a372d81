"""Writing verification results back: stamp what was confirmed, move what failed.

Pure: edits are computed on the parsed notes and applied by the caller (atomically by the CLI,
as a versioned WorkspaceEdit by the server). Confirmed entries get `Verified: <ISO> via <URL>`;
entries in Confirmed References that a source contradicts or does not know move to Unconfirmed
References as the next UREF with the reason, and every mention of the old id in the problem
folder follows. Entries whose verification is only *pending* (a source could not answer) are
left where they are: an outage is no evidence against a paper.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mathlsp.notes.document import MarkdownDoc, ref_id
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry, VerifiedStamp
from mathlsp.notes.numbering import next_numbers
from mathlsp.notes.render import (
    UNCONFIRMED_STATUS,
    Edit,
    NewReference,
    insert_references,
    line_ending,
    update_frontmatter,
)
from mathlsp.notes.spans import Span
from mathlsp.sources.recheck import same_recheck
from mathlsp.verify.pipeline import ReferenceCheck

# Fields the UREF schema renders itself; any other field of a moved entry is kept as written.
_RENDERED = {"authors", "year", "source", "arxiv_id", "doi", "relevance", "reason", "status"}


@dataclass(slots=True)
class VerificationEdits:
    literature: list[Edit] = field(default_factory=list)
    others: dict[Path, list[Edit]] = field(default_factory=dict)  # mentions in other notes
    stamped: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)  # confirmed, stamp already says so
    moved: dict[str, str] = field(default_factory=dict)  # REF-003 → UREF-007


def stamp_edit(doc: LiteratureDoc, entry: ReferenceEntry, stamp: str) -> Edit:
    """Set the entry's `Verified:` value, adding the field after its last one if absent."""
    existing = entry.fields.get("verified")
    if existing is not None:
        span = existing.value_span
        if span.start == span.end:  # "- **Verified:**" with nothing after it
            return Edit(span, " " + stamp if not doc.text[: span.start].endswith(" ") else stamp)
        return Edit(span, stamp)
    eol = line_ending(doc.text)
    last = entry.fields.all[-1].span.end if entry.fields.all else entry.heading.span.end
    return Edit(Span(last, last), f"{eol}- **Verified:** {stamp}")


#: A stamp older than this is renewed even when its evidence is the same: REF008's default; the
#: callers pass the user's `stale_after_days`, so a stamp is renewed once REF008 calls it stale.
RESTAMP_AFTER = dt.timedelta(days=180)
_SINGLE = "(only source reachable)"


def stamp_holds(
    entry: ReferenceEntry,
    check: ReferenceCheck,
    now: dt.datetime,
    renew_after: dt.timedelta = RESTAMP_AFTER,
) -> bool:
    """The entry's stamp already records what this check found — the same re-check URL, the
    same "only source reachable" — with a sound timestamp that is neither in the future nor
    older than `renew_after`: writing a new time would change the file and say nothing new."""
    return stamp_still_holds(entry.verified, check, now, renew_after)


def stamp_still_holds(
    stamp: VerifiedStamp | None,
    check: ReferenceCheck,
    now: dt.datetime,
    renew_after: dt.timedelta = RESTAMP_AFTER,
) -> bool:
    """`stamp_holds` for a stamp read from anywhere (a note's `Verified:`, a .bib's field)."""
    if stamp is None or stamp.url is None or stamp.timestamp is None or not check.url:
        return False
    record = check.record
    same = same_recheck(
        stamp.url,
        check.url,
        openalex_id=record.openalex_id if record else None,
        doi=record.doi if record else None,
    )
    if not same or (_SINGLE in stamp.raw) != check.single_source:
        return False
    age = now - stamp.timestamp
    return dt.timedelta(days=-1) <= age <= renew_after


def moved_reference(
    entry: ReferenceEntry, number: int, check: ReferenceCheck, today: str
) -> NewReference:
    f = entry.fields
    reason = "; ".join(check.reasons) or "verification failed"
    extra: dict[str, str] = {}
    for fld in f.all:
        if fld.key in _RENDERED or fld.name in extra:
            continue
        name = "Previous stamp" if fld.key == "verified" else fld.name
        extra[name] = fld.value
    return NewReference(
        kind="UREF",
        number=number,
        title=entry.title,
        authors=[f.value("authors")] if f.value("authors") else [],
        year=f.value("year") or None,
        source=f.value("source"),
        arxiv_id=f.value("arxiv_id"),
        doi=f.value("doi"),
        reason=f"{reason} (moved from {entry.id} on {today})",
        relevance=f.value("relevance"),
        status=UNCONFIRMED_STATUS,
        extra=extra,
    )


def _entry_block(doc: LiteratureDoc, entry: ReferenceEntry) -> Span:
    """The entry's lines and the blank lines after it, so removal leaves no gap."""
    text = doc.text
    start = doc.lines.starts[entry.heading.line]
    end = entry.span.end
    while end < len(text) and text[end] in "\r\n":
        end += 1
    return Span(start, end)


def verification_edits(
    doc: LiteratureDoc,
    checks: Sequence[ReferenceCheck],
    others: Mapping[Path, MarkdownDoc] | None = None,
    now: dt.datetime | None = None,
    renew_after: dt.timedelta = RESTAMP_AFTER,
) -> VerificationEdits:
    now = now or dt.datetime.now(dt.UTC)
    out = VerificationEdits()
    by_id = {c.entry_id: c for c in checks}
    numbers = next_numbers(doc, (others or {}).values())
    moving: list[tuple[ReferenceEntry, NewReference]] = []
    for entry in doc.confirmed:
        check = by_id.get(entry.id)
        if check is None or entry.section != "confirmed":
            continue
        if check.confirmed and check.url:
            if stamp_holds(entry, check, now, renew_after):
                out.unchanged.append(entry.id)
                continue
            out.literature.append(stamp_edit(doc, entry, check.stamp))
            out.stamped.append(entry.id)
        elif not check.confirmed and not check.pending:
            number = numbers.take("UREF")
            new = moved_reference(entry, number, check, now.date().isoformat())
            out.moved[entry.id] = ref_id("UREF", number)
            moving.append((entry, new))
    removed = [_entry_block(doc, e) for e, _ in moving]
    out.literature.extend(Edit(span, "") for span in removed)
    if moving:
        out.literature.extend(insert_references(doc, [new for _, new in moving]))
        out.literature.extend(_mention_edits(doc, out.moved, removed))
        for path, other in (others or {}).items():
            edits = _mention_edits(other, out.moved, [])
            if edits:
                out.others[path] = edits
        confirmed = len(doc.confirmed) - len(moving)
        unconfirmed = len(doc.unconfirmed) + len(moving)
        if doc.frontmatter.error is None:
            out.literature.extend(
                update_frontmatter(
                    doc,
                    {
                        "total_papers": confirmed + unconfirmed,
                        "confirmed_count": confirmed,
                        "unconfirmed_count": unconfirmed,
                    },
                )
            )
    return out


def _mention_edits(
    doc: MarkdownDoc, renames: Mapping[str, str], skip: Sequence[Span]
) -> list[Edit]:
    return [
        Edit(m.span, renames[m.id])
        for m in doc.mentions
        if m.id in renames and not any(s.start <= m.span.start < s.end for s in skip)
    ]
