"""JOURNAL.md: entries, sections, numbering and the `strategies_tried` index (docs/schemas.md).

JRN009 is reserved for dead-end detection (a new PROOF- attempt repeating a failed strategy).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from mathlsp.checks.base import CheckContext, define, rule
from mathlsp.checks.findings import Finding, Severity
from mathlsp.checks.literature import count_mismatch, missing_keys, numbering, section_structure
from mathlsp.notes.fields import Field
from mathlsp.notes.journal import (
    OUTCOME_STATUS,
    OUTCOMES,
    SECTION_ORDER,
    SECTION_TITLES,
    STRATEGIES,
    JournalDoc,
    JournalEntry,
)
from mathlsp.notes.spans import Span

MISSING_FRONTMATTER = define(
    "JRN001", Severity.WARNING, "JOURNAL.md frontmatter is missing or lacks a required key"
)
COUNT_MISMATCH = define(
    "JRN002", Severity.WARNING, "Frontmatter `total_entries` disagrees with the entries"
)
SECTION_MISSING = define("JRN003", Severity.WARNING, "A journal section is missing")
SECTION_ORDER_CODE = define("JRN004", Severity.WARNING, "Journal sections are out of order")
SECTION_DUPLICATE = define("JRN005", Severity.WARNING, "A journal section appears more than once")
DUPLICATE_ID = define("JRN006", Severity.ERROR, "Two journal entries share one id")
NUMBERING = define("JRN007", Severity.WARNING, "Journal numbering goes backwards or restarts")
WRONG_SECTION = define("JRN008", Severity.WARNING, "Journal entry stands in the wrong section")
# JRN009: reserved for dead-end detection.
NO_INSIGHT = define("JRN010", Severity.WARNING, "Journal entry has no Insight/Takeaway")
MISSING_FIELDS = define("JRN011", Severity.WARNING, "Journal entry lacks required fields")
UNKNOWN_OUTCOME = define("JRN012", Severity.WARNING, "Journal entry has an unknown outcome")
UNKNOWN_STRATEGY = define(
    "JRN013", Severity.WARNING, "Journal entry has a missing or unknown strategy type"
)
BAD_TIMESTAMP = define("JRN014", Severity.WARNING, "Journal timestamp is not ISO 8601")
NOT_TRACKED = define(
    "JRN015", Severity.WARNING, "PROOF entry is missing from frontmatter `strategies_tried`"
)
STATUS_MISMATCH = define(
    "JRN016", Severity.WARNING, "`strategies_tried` status disagrees with the entry's outcome"
)

REQUIRED_KEYS = ("problem", "total_entries", "last_entry", "strategies_tried")
# Dead-end detection also reads "failed", so it is accepted for a FAILED outcome.
_ALSO_ACCEPTED = {"FAILED": ("failed",)}


def _doc(ctx: CheckContext) -> JournalDoc:
    assert isinstance(ctx.doc, JournalDoc)
    return ctx.doc


@rule(applies_to=JournalDoc)
def journal_frontmatter(ctx: CheckContext) -> Iterator[Finding]:
    doc = _doc(ctx)
    fix = {
        "problem": f'"{ctx.folder.slug}"',
        "total_entries": len(doc.entries),
        "last_entry": '""',
        "strategies_tried": "[]",
    }
    yield from missing_keys(ctx, MISSING_FRONTMATTER, REQUIRED_KEYS, "JOURNAL.md", fix)
    yield from count_mismatch(ctx, COUNT_MISMATCH, "total_entries", len(doc.entries), "entries")
    fm = doc.frontmatter
    f = fm.fields.get("strategies_tried") if fm.error is None else None
    if f is not None and f.value is not None and not isinstance(f.value, list):
        yield ctx.finding(
            MISSING_FRONTMATTER,
            "`strategies_tried` must be a list of `{id, strategy, status, tags}` items",
            f.value_span if f.value_span.end > f.value_span.start else f.key_span,
            data={"key": "strategies_tried"},
        )


@rule(applies_to=JournalDoc)
def journal_sections(ctx: CheckContext) -> Iterator[Finding]:
    yield from section_structure(
        ctx,
        _doc(ctx).sections,
        SECTION_ORDER,
        SECTION_TITLES,
        (SECTION_MISSING, SECTION_ORDER_CODE, SECTION_DUPLICATE),
        "JOURNAL.md",
    )


@rule(applies_to=JournalDoc)
def journal_ids(ctx: CheckContext) -> Iterator[Finding]:
    doc = _doc(ctx)
    first: dict[str, JournalEntry] = {}
    top: dict[str, int] = {}
    for entry in doc.entries:
        top[entry.category] = max(top.get(entry.category, 0), entry.number)
    for entry in doc.entries:
        seen = first.setdefault(entry.id, entry)
        if seen is not entry:
            nxt = f"{entry.category}-{top[entry.category] + 1:03d}"
            yield ctx.finding(
                DUPLICATE_ID,
                f"{entry.id} is already used by '{seen.title or '(untitled)'}': "
                f"renumber this entry (the next free id is {nxt})",
                entry.id_span,
                related=[(doc, seen.id_span, f"first {entry.id}")],
                data={"id": entry.id, "next": top[entry.category] + 1},
            )
    # Misplaced entries (JRN008) are left out: where they belong decides their order.
    placed = [e for e in doc.entries if e.section == e.category]
    for entry, prev, highest, restarted in numbering(
        placed, lambda e: e.category, lambda e: e.number
    ):
        nxt = f"{entry.category}-{highest + 1:03d}"
        if restarted:
            message = (
                f"Numbering restarts at {entry.id} after {prev.id}: journal numbering "
                f"never resets, continue from {nxt}"
            )
        else:
            message = f"{entry.id} comes after {prev.id}: keep entries in increasing order"
        yield ctx.finding(
            NUMBERING,
            message,
            entry.id_span,
            related=[(doc, prev.id_span, f"previous {entry.category} entry")],
            data={"kind": entry.category, "next": highest + 1},
        )


@rule(applies_to=JournalDoc)
def journal_entry_sections(ctx: CheckContext) -> Iterator[Finding]:
    for entry in _doc(ctx).entries:
        if entry.section == entry.category:
            continue
        where = (
            f"under '{SECTION_TITLES[entry.section]}'"
            if entry.section in SECTION_TITLES
            else "outside the journal sections"
        )
        want = SECTION_TITLES[entry.category]
        yield ctx.finding(
            WRONG_SECTION,
            f"{entry.id} stands {where}: {entry.category}- entries belong under '{want}'",
            entry.id_span,
            data={"id": entry.id, "section": want},
        )


@rule(applies_to=JournalDoc)
def journal_entry_fields(ctx: CheckContext) -> Iterator[Finding]:
    for entry in _doc(ctx).entries:
        fields = entry.fields
        if not fields.value("insight").strip():
            yield ctx.finding(
                NO_INSIGHT,
                f"{entry.id} has no Insight/Takeaway: it is never optional — add "
                "`- **Insight/Takeaway:** what this taught you`",
                entry.id_span,
                data={"id": entry.id, "field": "Insight/Takeaway"},
            )
        required = [("timestamp", "Timestamp"), ("what_was_tried", "What was tried")]
        if entry.category != "NOTE":
            required.insert(1, ("outcome", "Outcome"))
        missing = [name for key, name in required if not fields.value(key).strip()]
        if missing:
            yield ctx.finding(
                MISSING_FIELDS,
                f"{entry.id} lacks {', '.join(missing)}: add "
                + ", ".join(f"`- **{m}:** …`" for m in missing),
                entry.id_span,
                data={"id": entry.id, "missing": missing},
            )
        f = fields.get("outcome")
        if f is not None and f.value.strip() and entry.outcome not in OUTCOMES:
            yield ctx.finding(
                UNKNOWN_OUTCOME,
                f"{entry.id}: unknown outcome `{f.value}`: use one of " + ", ".join(OUTCOMES),
                _value_span(f),
                data={"id": entry.id, "known": list(OUTCOMES)},
            )
        yield from _strategy(ctx, entry)
        f = fields.get("timestamp")
        if f is not None and f.value.strip() and entry.timestamp is None:
            yield ctx.finding(
                BAD_TIMESTAMP,
                f"{entry.id}: timestamp `{f.value}` is not ISO 8601 (e.g. 2026-02-10T14:30:00Z)",
                _value_span(f),
                data={"id": entry.id},
            )


def _strategy(ctx: CheckContext, entry: JournalEntry) -> Iterator[Finding]:
    known = STRATEGIES.get(entry.category)
    if known is None:
        return  # COMP and NOTE strategies are free-form
    f = entry.fields.get("strategy_type")
    value = entry.strategy_type
    if f is None or not value:
        if entry.category == "PROOF":
            yield ctx.finding(
                UNKNOWN_STRATEGY,
                f"{entry.id} has no Strategy type: dead-end detection matches on it — "
                f"use one of {', '.join(known)}",
                entry.id_span if f is None else f.span,
                data={"id": entry.id, "known": list(known)},
            )
        return
    if value not in known:
        yield ctx.finding(
            UNKNOWN_STRATEGY,
            f"{entry.id}: `{f.value}` is not a {entry.category} strategy type: use one of "
            + ", ".join(known),
            _value_span(f),
            data={"id": entry.id, "known": list(known)},
        )


@rule(applies_to=JournalDoc)
def strategies_tried(ctx: CheckContext) -> Iterator[Finding]:
    doc = _doc(ctx)
    fm = doc.frontmatter
    f = fm.fields.get("strategies_tried") if fm.error is None else None
    if f is None or not isinstance(f.value, list):
        return  # JRN001
    tracked: dict[str, dict[str, Any]] = {}
    for item in f.value:
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            tracked.setdefault(item["id"].strip().upper(), item)
    block = doc.text[f.value_span.start : f.value_span.end]
    for entry in doc.entries:
        if entry.category != "PROOF":
            continue
        outcome = entry.outcome
        expected = OUTCOME_STATUS.get(outcome)
        item = tracked.get(entry.id)
        if item is None:
            data = {
                "id": entry.id,
                "strategy": entry.strategy_type,
                "status": expected or "in-progress",
                "tags": entry.tags,
            }
            yield ctx.finding(
                NOT_TRACKED,
                f"{entry.id} is not in frontmatter `strategies_tried`, so dead-end detection "
                f"cannot see it: add `{{id: {entry.id}, strategy: {data['strategy'] or '…'}, "
                f"status: {data['status']}, tags: [...]}}`",
                entry.id_span,
                related=[(doc, f.key_span, "strategies_tried")],
                data=data,
            )
            continue
        if expected is None:
            continue  # unknown outcome: JRN012
        status = str(item.get("status") or "").strip().lower()
        if status == expected or status in _ALSO_ACCEPTED.get(outcome, ()):
            continue
        span = _status_span(block, f.value_span.start, entry.id) or f.key_span
        yield ctx.finding(
            STATUS_MISMATCH,
            f"`strategies_tried` records {entry.id} as `{status or 'no status'}` but its "
            f"outcome is {outcome}: set `status: {expected}`",
            span,
            related=[(doc, entry.id_span, f"{entry.id}: Outcome {outcome}")],
            data={"id": entry.id, "key": "status", "expected": expected},
        )


_ITEM_START = re.compile(r"^[ \t]*-[ \t]|\{", re.MULTILINE)
_STATUS = re.compile(r"status\s*:\s*[\"']?(?P<v>[\w-]*)")


def _status_span(block: str, base: int, ident: str) -> Span | None:
    """The `status` value of the `strategies_tried` item with this id, located in the YAML."""
    m = re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", block, re.IGNORECASE)
    if m is None:
        return None
    starts = [i.start() for i in _ITEM_START.finditer(block)]
    begin = max((i for i in starts if i <= m.start()), default=0)
    end = min((i for i in starts if i > m.start()), default=len(block))
    s = _STATUS.search(block, begin, end)
    return Span(base + s.start("v"), base + s.end("v")) if s else None


def _value_span(f: Field) -> Span:
    return f.value_span if f.value_span.end > f.value_span.start else f.name_span
