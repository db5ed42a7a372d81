"""JOURNAL.md: research journal entries (docs/schemas.md) as a typed model."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import PurePath

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.fields import FieldMap, parse_fields
from mathlsp.notes.literature import Section, _next_heading_line
from mathlsp.notes.markdown import Heading, normalize_heading
from mathlsp.notes.spans import Span

CATEGORIES = ("PROOF", "LIT", "COMP", "NOTE")
SECTION_ORDER = ("PROOF", "LIT", "COMP", "NOTE")
SECTION_TITLES = {
    "PROOF": "Proof Attempts",
    "LIT": "Literature Searches",
    "COMP": "Computations",
    "NOTE": "Notes",
}
_SECTION_KEYS = {normalize_heading(t): k for k, t in SECTION_TITLES.items()}

OUTCOMES = ("SUCCEEDED", "FAILED", "PARTIAL", "ABANDONED", "IN_PROGRESS")
PROOF_STRATEGIES = (
    "direct",
    "contradiction",
    "contrapositive",
    "induction",
    "construction",
    "counterexample",
    "case-analysis",
    "extremal",
    "probabilistic",
    "compactness",
    "diagonalization",
    "reduction",
    "invariant",
    "computation-assisted",
)
LITERATURE_STRATEGIES = ("broad-survey", "targeted-search")
# The strategy types a category knows; COMP and NOTE strategies are free-form.
STRATEGIES = {"PROOF": PROOF_STRATEGIES, "LIT": LITERATURE_STRATEGIES}
ENTRY_FIELDS = (
    "timestamp",
    "agent",
    "strategy_type",
    "tags",
    "what_was_tried",
    "outcome",
    "reasoning",
    "artifacts_produced",
    "related_files",
    "insight",
)
# How an outcome is recorded in `strategies_tried`.
OUTCOME_STATUS = {
    "SUCCEEDED": "succeeded",
    "FAILED": "abandoned",
    "ABANDONED": "abandoned",
    "PARTIAL": "in-progress",
    "IN_PROGRESS": "in-progress",
}

_ENTRY = re.compile(
    r"(?P<cat>PROOF|LIT|COMP|NOTE)-(?P<num>\d{1,6})\b[ \t]*"
    r"(?:[:.\-–—][ \t]*)?(?P<title>.*)$"
)
_TAG_SPLIT = re.compile(r"[,;]")


@dataclass(slots=True)
class JournalEntry:
    category: str
    number: int
    title: str
    heading: Heading
    id_span: Span
    span: Span
    section: str | None
    fields: FieldMap

    @property
    def id(self) -> str:
        return f"{self.category}-{self.number:03d}"

    @property
    def outcome(self) -> str:
        return normalize_outcome(self.fields.value("outcome"))

    @property
    def strategy_type(self) -> str:
        return self.fields.value("strategy_type").strip().strip("`*_").lower()

    @property
    def tags(self) -> list[str]:
        return parse_tags(self.fields.value("tags"))

    @property
    def insight(self) -> str:
        return self.fields.value("insight")

    @property
    def timestamp(self) -> dt.datetime | None:
        return parse_timestamp(self.fields.value("timestamp"))

    @property
    def re_attempt_of(self) -> str:
        return self.fields.value("re_attempt_of").strip().strip("`*_")


def normalize_outcome(value: str) -> str:
    return re.sub(r"[\s-]+", "_", value.strip().strip("`*_").upper())


def parse_tags(value: str) -> list[str]:
    inner = value.strip().strip("`").strip()
    if inner.startswith("[") and inner.endswith("]"):
        inner = inner[1:-1]
    return [t.strip().strip("'\"`").lower() for t in _TAG_SPLIT.split(inner) if t.strip()]


def parse_timestamp(value: str) -> dt.datetime | None:
    token = value.strip().strip("`*_")
    if not token:
        return None
    try:
        stamp = dt.datetime.fromisoformat(token.replace("Z", "+00:00"))
    except ValueError:
        return None
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=dt.UTC)


class JournalDoc(MarkdownDoc):
    def __init__(self, text: str, path: str | PurePath = "JOURNAL.md") -> None:
        super().__init__(text, path)
        self.sections: list[Section] = []
        self.entries: list[JournalEntry] = []
        self._parse()
        self.lines.compact()

    def _parse(self) -> None:
        lines = self.lines
        headings = lines.headings
        n_lines = len(lines.texts)
        current: Section | None = None
        for idx, h in enumerate(headings):
            if h.level <= 2:
                end_line = _next_heading_line(headings, idx, 2, n_lines)
                key = _SECTION_KEYS.get(normalize_heading(h.title)) if h.level == 2 else None
                current = Section(key, h, lines.line_span(h.line, end_line), h.line + 1, end_line)
                if h.level == 2:
                    self.sections.append(current)
                else:
                    current = None
                continue
            m = _ENTRY.match(h.title)
            if m is None:
                continue
            end_line = _next_heading_line(headings, idx, 6, n_lines)
            fields, loose = parse_fields(lines, h.line + 1, end_line)
            last = max(h.line, lines.line_of(fields[-1]._se) if fields else 0, *loose)
            base = h.title_span.start
            self.entries.append(
                JournalEntry(
                    category=m.group("cat"),
                    number=int(m.group("num")),
                    title=m.group("title").strip(),
                    heading=h,
                    id_span=Span(base + m.start("cat"), base + m.end("num")),
                    span=lines.line_span(h.line, last),
                    section=current.key if current else None,
                    fields=FieldMap(fields),
                )
            )

    def section(self, key: str) -> Section | None:
        return next((s for s in self.sections if s.key == key), None)

    @cached_property
    def by_id(self) -> dict[str, JournalEntry]:
        out: dict[str, JournalEntry] = {}
        for e in self.entries:
            out.setdefault(e.id, e)
        return out

    def in_category(self, category: str) -> list[JournalEntry]:
        return [e for e in self.entries if e.category == category]
