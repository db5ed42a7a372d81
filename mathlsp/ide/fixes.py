"""Quick fixes as pure edit computations: a parsed note (+ a finding's `data`) → `Edit`s.

No protocol types here: the language server (`mathlsp.features.code_actions`) turns these edits
into versioned WorkspaceEdits, and tests call them directly. Every function recomputes what it
needs from the document it is given (never trusting a possibly stale finding blindly) and returns
no edit when the fix no longer applies.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mathlsp.notes.document import MarkdownDoc, ref_id
from mathlsp.notes.journal import STRATEGIES, JournalDoc, JournalEntry
from mathlsp.notes.literature import SECTION_TITLES, LiteratureDoc
from mathlsp.notes.render import Edit, ensure_sections, line_ending, update_frontmatter
from mathlsp.notes.spans import Span

MARKERS = ("[V]", "[S]", "[~]")
MARKER_MEANING = {"[V]": "a cited fact", "[S]": "derived from cited premises", "[~]": "speculative"}
INSIGHT_FIELD = "- **Insight/Takeaway:** "
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+")
# Where a sentence ends inside a line (the rule of REF010's check, kept in step with it).
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[A-Z\[$*_(])")
_SECTION_KEYS = {title: key for key, title in SECTION_TITLES.items()}


# -- frontmatter counts (LIT003, JRN002) ------------------------------------------------------
def expected_counts(doc: MarkdownDoc) -> dict[str, int]:
    """The counts the frontmatter of a LITERATURE.md or JOURNAL.md should hold, from its body."""
    if isinstance(doc, LiteratureDoc):
        n_ref = sum(1 for e in doc.entries if e.kind == "REF")
        n_uref = len(doc.entries) - n_ref
        return {
            "total_papers": n_ref + n_uref,
            "confirmed_count": n_ref,
            "unconfirmed_count": n_uref,
        }
    if isinstance(doc, JournalDoc):
        return {"total_entries": len(doc.entries)}
    return {}


def fix_counts(doc: MarkdownDoc, keys: Iterable[str] | None = None) -> list[Edit]:
    """Set the count keys (all of them by default) that exist in the frontmatter and disagree
    with the body. Missing keys are LIT001/JRN001's business and are not added here; a
    frontmatter that is not valid YAML is left alone."""
    fm = doc.frontmatter
    if not fm.present or fm.error is not None:
        return []
    expected = expected_counts(doc)
    wanted = expected if keys is None else {k: expected[k] for k in keys if k in expected}
    updates = {}
    for key, value in wanted.items():
        f = fm.fields.get(key)
        if f is None:
            continue
        current = f.value
        if isinstance(current, int) and not isinstance(current, bool) and current == value:
            continue
        updates[key] = value
    return update_frontmatter(doc, updates) if updates else []


def wrong_counts(doc: MarkdownDoc) -> list[str]:
    """The count keys present in the frontmatter whose value disagrees with the body."""
    fm = doc.frontmatter
    if not fm.present or fm.error is not None:
        return []
    out = []
    for key, value in expected_counts(doc).items():
        f = fm.fields.get(key)
        if f is None:
            continue
        if not (isinstance(f.value, int) and not isinstance(f.value, bool) and f.value == value):
            out.append(key)
    return out


# -- confidence markers (SYN001, REF010) ------------------------------------------------------
def add_marker(doc: LiteratureDoc, line: int, marker: str) -> list[Edit]:
    """Put `marker` at the start of the synthesis claim that begins on `line` (after its list
    bullet). No edit when no unmarked claim starts there."""
    if marker not in MARKERS:
        raise ValueError(f"unknown confidence marker {marker!r}")
    item = next((i for i in doc.synthesis_items if i.first_line == line), None)
    if item is None or item.markers:
        return []
    text = doc.lines.texts[line]
    m = _LIST_ITEM.match(text)
    column = m.end() if m else len(text) - len(text.lstrip())
    at = doc.lines.starts[line] + column
    return [Edit(Span(at, at), marker + " ")]


def sentence_bounds(text: str, column: int) -> tuple[int, int]:
    """The sentence of a line around `column` (as REF010's check cuts it)."""
    start, end = 0, len(text)
    for m in _SENTENCE_END.finditer(text):
        if m.end() <= column:
            start = m.end()
        elif m.start() >= column:
            end = m.start() + 1
            break
    return start, end


def downgrade_verified(doc: MarkdownDoc, offset: int) -> list[Edit]:
    """Replace the [V] of the sentence around `offset` with [~] (REF010: an unconfirmed
    reference cannot support a verified claim)."""
    lines = doc.lines
    line = lines.line_of(offset)
    if line < 0 or line >= len(lines.texts):
        return []
    text = lines.texts[line]
    start, end = sentence_bounds(text, offset - lines.starts[line])
    at = text.find("[V]", start, end)
    if at < 0:
        return []
    base = lines.starts[line]
    return [Edit(Span(base + at, base + at + 3), "[~]")]


# -- mentions (REF009) ------------------------------------------------------------------------
def replace_mention(doc: MarkdownDoc, span: Span, old: str, new: str) -> list[Edit]:
    """Replace the mention `old` at `span` with `new` — only if the text there still is `old`."""
    if doc.text[span.start : span.end] != old:
        return []
    return [Edit(span, new)]


# -- renumbering (LIT007, LIT008) -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Renumbering:
    """New ids for entries (by position in `LiteratureDoc.entries`) and for mentions."""

    entries: dict[int, str]  # index in doc.entries → new id
    mentions: dict[str, str]  # old id → new id, for ids whose first entry changed

    def __bool__(self) -> bool:
        return bool(self.entries)


def plan_renumbering(doc: LiteratureDoc, reserved: Iterable[str] = ()) -> Renumbering:
    """REF and UREF entries renumbered in document order, each kind on its own, continuing
    correctly: an entry keeps its number while it is above every number before it; otherwise
    (a duplicate, a drop, a restart) it takes the next number above the highest so far, skipping
    `reserved` ids (ones still mentioned somewhere without an entry: a removed reference's id is
    never reused for another paper). Gaps stay. A mention of an id follows the first entry that
    carried it; later entries that now collide with a new number move up too, consistently."""
    taken = set(reserved)
    highest: dict[str, int] = {}
    entries: dict[int, str] = {}
    mentions: dict[str, str] = {}
    first_seen: set[str] = set()
    for index, entry in enumerate(doc.entries):
        top = highest.get(entry.kind, 0)
        number = entry.number
        if number <= top:
            number = top + 1
            while ref_id(entry.kind, number) in taken:
                number += 1
        highest[entry.kind] = number
        new_id = ref_id(entry.kind, number)
        old_id = entry.id
        if new_id != old_id:
            entries[index] = new_id
        if old_id not in first_seen:
            first_seen.add(old_id)
            if new_id != old_id:
                mentions[old_id] = new_id
    return Renumbering(entries, mentions)


def renumber_references(
    doc: LiteratureDoc, notes: Sequence[MarkdownDoc] = ()
) -> dict[str, list[Edit]]:
    """Edits, by note path, that renumber the entries of LITERATURE.md (`plan_renumbering`) and
    every mention of a renumbered id in LITERATURE.md and in `notes` (the other notes of the
    problem folder). Empty when the numbering is already in order."""
    others = [n for n in notes if n is not doc and n.path != doc.path]
    defined = {e.id for e in doc.entries}
    reserved = {m.id for n in [doc, *others] for m in n.mentions if m.id not in defined}
    plan = plan_renumbering(doc, reserved)
    if not plan:
        return {}
    out: dict[str, list[Edit]] = {}
    edits = [Edit(doc.entries[i].id_span, new) for i, new in sorted(plan.entries.items())]
    edits += _mention_edits(doc, plan.mentions)
    out[doc.path] = edits
    for note in others:
        found = _mention_edits(note, plan.mentions)
        if found:
            out[note.path] = found
    return out


def _mention_edits(doc: MarkdownDoc, mapping: dict[str, str]) -> list[Edit]:
    if not mapping:
        return []
    return [Edit(m.span, mapping[m.id]) for m in doc.mentions if m.id in mapping]


# -- sections (LIT004) ------------------------------------------------------------------------
def insert_section(doc: LiteratureDoc, title: str) -> list[Edit]:
    """Add the missing `## title` section where the schema order puts it."""
    key = _SECTION_KEYS.get(title)
    if key is None or doc.section(key) is not None:
        return []
    return ensure_sections(doc, [key])


def relevel_heading(doc: MarkdownDoc, line: int, level: int) -> list[Edit]:
    """The heading on LINE at LEVEL: only its `#` marks change, never its text. No edit when the
    line is no longer a heading (the text moved on) or already has the level."""
    heading = next((h for h in doc.lines.headings if h.line == line), None)
    if heading is None or heading.level == level or not 1 <= level <= 6:
        return []
    text = doc.text[heading.span.start : heading.span.end]
    start = heading.span.start + text.index("#")  # after up to three spaces of indent
    return [Edit(Span(start, start + heading.level), "#" * level)]


# -- journal entries (JRN009, JRN010) ---------------------------------------------------------
def _entry(doc: JournalDoc, entry_id: str) -> JournalEntry | None:
    return doc.by_id.get(entry_id.strip().upper())


def _after_line(doc: MarkdownDoc, line: int) -> int:
    return doc.lines.starts[line] + len(doc.lines.texts[line])


def record_reattempt(doc: JournalDoc, entry_id: str, prior_id: str) -> list[Edit]:
    """Add `- **Re-attempt of:** PRIOR` to the entry, after its Tags field (or Strategy type, or
    the heading), so dead-end detection knows the repeat is deliberate. An existing field gets
    the new value."""
    entry = _entry(doc, entry_id)
    prior = prior_id.strip().upper()
    if entry is None or not prior:
        return []
    existing = entry.fields.get("re_attempt_of")
    if existing is not None:
        if existing.value.strip().strip("`*_").upper() == prior:
            return []
        span = existing.value_span
        # An empty value right after "**:" needs its separating space.
        gap = span.start == span.end and doc.text[span.start - 1 : span.start] not in (" ", "\t")
        return [Edit(span, (" " if gap else "") + prior)]
    anchor = entry.fields.get("tags") or entry.fields.get("strategy_type")
    line = doc.lines.line_of(anchor.span.end) if anchor is not None else entry.heading.line
    at = _after_line(doc, line)
    return [Edit(Span(at, at), line_ending(doc.text) + f"- **Re-attempt of:** {prior}")]


def set_strategy(doc: JournalDoc, entry_id: str, strategy: str) -> list[Edit]:
    """Give the entry the Strategy type STRATEGY (JRN013): the existing field's value replaced,
    or the field added after Agent (or Timestamp, or the heading). Only a strategy of the entry's
    category is written; no edit when the entry already has it."""
    entry = _entry(doc, entry_id)
    value = strategy.strip().lower()
    known = STRATEGIES.get(entry.category) if entry is not None else None
    if entry is None or known is None or value not in known:
        return []
    existing = entry.fields.get("strategy_type")
    if existing is not None:
        if entry.strategy_type == value:
            return []
        span = existing.value_span
        gap = span.start == span.end and doc.text[span.start - 1 : span.start] not in (" ", "\t")
        return [Edit(span, (" " if gap else "") + value)]
    anchor = entry.fields.get("agent") or entry.fields.get("timestamp")
    line = doc.lines.line_of(anchor.span.end) if anchor is not None else entry.heading.line
    at = _after_line(doc, line)
    return [Edit(Span(at, at), line_ending(doc.text) + f"- **Strategy type:** {value}")]


def insert_insight(doc: JournalDoc, entry_id: str) -> list[Edit]:
    """Add an empty `- **Insight/Takeaway:** ` field at the end of the entry, for the user to
    fill in. No edit when the field is already there (empty or not)."""
    entry = _entry(doc, entry_id)
    if entry is None or entry.fields.get("insight") is not None:
        return []
    at = entry.span.end
    return [Edit(Span(at, at), line_ending(doc.text) + INSIGHT_FIELD)]
