"""Writing research-journal entries as minimal edits of JOURNAL.md."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mathlsp.notes.journal import (
    CATEGORIES,
    OUTCOME_STATUS,
    OUTCOMES,
    SECTION_ORDER,
    SECTION_TITLES,
    JournalDoc,
)
from mathlsp.notes.render import Edit, apply_edits, line_ending, one_line, update_frontmatter
from mathlsp.notes.spans import Span


@dataclass(slots=True)
class NewJournalEntry:
    category: str  # PROOF | LIT | COMP | NOTE
    title: str
    insight: str  # never optional
    outcome: str  # SUCCEEDED | FAILED | PARTIAL | ABANDONED | IN_PROGRESS
    agent: str = "mathlsp"
    strategy_type: str = ""
    tags: Sequence[str] = ()
    what_was_tried: str = ""
    reasoning: str = ""
    artifacts: str = ""
    related_files: str = "[PROBLEM.md](PROBLEM.md)"
    timestamp: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    re_attempt_of: str = ""


def iso(ts: dt.datetime) -> str:
    return ts.astimezone(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def next_number(doc: JournalDoc, category: str) -> int:
    """One past the highest number used in the category: numbering never resets or collides."""
    return max((e.number for e in doc.entries if e.category == category), default=0) + 1


def render_entry(entry: NewJournalEntry, number: int, eol: str = "\n") -> str:
    lines = [f"### {entry.category}-{number:03d}: {one_line(entry.title)}"]

    def add(name: str, value: object) -> None:
        lines.append(f"- **{name}:** {one_line(value)}".rstrip())

    add("Timestamp", iso(entry.timestamp))
    add("Agent", entry.agent)
    # A PROOF entry always has the line: dead-end detection matches on it, and an empty one is
    # a slot the user fills (JRN013's quick fixes offer the types).
    if entry.strategy_type or entry.category == "PROOF":
        add("Strategy type", entry.strategy_type)
    add("Tags", "[" + ", ".join(one_line(t) for t in entry.tags) + "]")
    if entry.re_attempt_of:
        add("Re-attempt of", entry.re_attempt_of)
    add("What was tried", entry.what_was_tried)
    add("Outcome", entry.outcome)
    add("Reasoning", entry.reasoning)
    add("Artifacts produced", entry.artifacts or "none")
    add("Related files", entry.related_files)
    add("Insight/Takeaway", entry.insight)
    return eol.join(lines) + eol


def add_journal_entry(doc: JournalDoc, entry: NewJournalEntry) -> tuple[list[Edit], str]:
    """Edits that add `entry` to its section and update the frontmatter; and the new id."""
    if entry.category not in CATEGORIES:
        raise ValueError(f"unknown journal category {entry.category!r}")
    if not entry.insight.strip():
        raise ValueError("a journal entry needs an Insight/Takeaway (it is never optional)")
    if entry.outcome not in OUTCOMES:
        raise ValueError(f"unknown outcome {entry.outcome!r}; use one of {', '.join(OUTCOMES)}")
    eol = line_ending(doc.text)
    number = next_number(doc, entry.category)
    entry_id = f"{entry.category}-{number:03d}"
    block = render_entry(entry, number, eol)
    edits = [_insert_in_section(doc, entry.category, block, eol)]
    updates: dict[str, Any] = {
        "total_entries": len(doc.entries) + 1,
        "last_entry": iso(entry.timestamp),
    }
    edits += update_frontmatter(doc, updates)
    if entry.category == "PROOF":
        edits += _strategies_tried_edit(doc, entry, entry_id, eol)
    return edits, entry_id


def _insert_in_section(doc: JournalDoc, category: str, block: str, eol: str) -> Edit:
    lines = doc.lines
    section = doc.section(category)
    if section is not None:
        last = section.heading.line
        for i in range(section.first_line, section.last_line + 1):
            if lines.texts[i].strip():
                last = i
        end = lines.starts[last] + len(lines.texts[last])
        return Edit(Span(end, end), eol + eol + block.rstrip("\r\n"))
    # The section is missing: before the next section in schema order, else at the end.
    heading = f"## {SECTION_TITLES[category]}{eol}{eol}{block}"
    for later in SECTION_ORDER[SECTION_ORDER.index(category) + 1 :]:
        following = doc.section(later)
        if following is not None:
            return Edit(Span(following.span.start, following.span.start), heading + eol)
    at = len(doc.text)
    prefix = (
        ""
        if not doc.text or doc.text.endswith(eol + eol)
        else (eol if doc.text.endswith(("\n", "\r")) else eol + eol)
    )
    return Edit(Span(at, at), prefix + heading)


def _strategies_tried_edit(
    doc: JournalDoc, entry: NewJournalEntry, entry_id: str, eol: str
) -> list[Edit]:
    current = doc.frontmatter.get("strategies_tried")
    items = [dict(i) for i in current if isinstance(i, dict)] if isinstance(current, list) else []
    item = {
        "id": entry_id,
        "strategy": entry.strategy_type,
        "status": OUTCOME_STATUS[entry.outcome],
        "tags": list(entry.tags),
    }
    items = [i for i in items if i.get("id") != entry_id] + [item]
    return replace_frontmatter_key(doc, "strategies_tried", items, eol)


def replace_frontmatter_key(doc: JournalDoc, key: str, value: Any, eol: str) -> list[Edit]:
    """Re-render one key (with nested values) in YAML block style; other keys stay untouched."""
    fm = doc.frontmatter
    import yaml  # on use: the server starts without PyYAML's emitter

    rendered = yaml.safe_dump(
        {key: value}, sort_keys=False, allow_unicode=True, default_flow_style=None, width=10_000
    ).replace("\n", eol)
    existing = fm.fields.get(key)
    if existing is None:
        at = fm.yaml_span.end
        return [Edit(Span(at, at), rendered)]
    starts = sorted(f.key_span.start for f in fm.fields.values())
    following = [s for s in starts if s > existing.key_span.start]
    end = following[0] if following else fm.yaml_span.end
    # Keep the region to whole lines: from the key to the start of the next key's line.
    line_start = doc.text.rfind("\n", 0, existing.key_span.start) + 1
    return [Edit(Span(line_start, end), rendered)]


def write_journal_entry(text: str, entry: NewJournalEntry) -> tuple[str, str]:
    """The new JOURNAL.md text and the entry's id (a convenience for the CLI and tests)."""
    doc = JournalDoc(text)
    edits, entry_id = add_journal_entry(doc, entry)
    return apply_edits(text, edits), entry_id
