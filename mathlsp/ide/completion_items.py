"""Completion candidates for a cursor in a note: REF/UREF ids, confidence markers, frontmatter
keys and values. Pure: the protocol layer turns `Candidate`s into CompletionItems.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.notes.problem import (
    ARXIV_MATH_CATEGORIES,
    DOMAIN_CATEGORIES,
    DOMAINS,
    PROBLEM_TYPES,
    STATUSES,
    ProblemDoc,
)
from mathlsp.notes.spans import Span

MAX_ID_CANDIDATES = 200


class CandidateKind(Enum):
    REFERENCE = "reference"
    MARKER = "marker"
    KEY = "key"
    VALUE = "value"


@dataclass(frozen=True, slots=True)
class Candidate:
    label: str
    kind: CandidateKind
    replace: Span  # the text the insertion replaces (the typed prefix)
    insert: str
    detail: str = ""
    documentation: str = ""  # plain text
    sort_text: str | None = None
    filter_text: str | None = None


@dataclass(frozen=True, slots=True)
class Completions:
    items: list[Candidate]
    incomplete: bool = False


NONE = Completions([])

MARKERS = (
    ("[V]", "Verified", "A cited fact: a theorem or result stated in a confirmed reference."),
    ("[S]", "Supported", "A derived connection: reasoned by you, with cited premises."),
    ("[~]", "Speculative", "A speculative connection or assessment."),
)

FRONTMATTER_KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "PROBLEM.md": (
        ("title", "The problem's title"),
        ("status", "draft | defined | in-progress | solved | abandoned"),
        ("domain", "The mathematical domain (selects arXiv categories)"),
        ("subdomain", "A finer area, e.g. functional-analysis"),
        ("type", "proof | counterexample | computation | exploration"),
        ("output_type", "What the work produces, e.g. theorem"),
        ("tags", "Keywords used to build search queries"),
        ("categories", "arXiv categories to search, e.g. [math.FA, math.SP]"),
        ("created", "Creation date (YYYY-MM-DD)"),
    ),
    "LITERATURE.md": (
        ("problem", "The problem slug (the folder name)"),
        ("total_papers", "Confirmed + unconfirmed references"),
        ("confirmed_count", "Number of REF- entries"),
        ("unconfirmed_count", "Number of UREF- entries"),
        ("last_search", "ISO 8601 timestamp of the latest search"),
        ("sources_queried", "Sources searched, e.g. [arxiv, semantic_scholar]"),
    ),
    "JOURNAL.md": (
        ("problem", "The problem slug (the folder name)"),
        ("total_entries", "Number of journal entries"),
        ("last_entry", "Id of the latest entry, e.g. PROOF-003"),
        ("strategies_tried", "[{id, strategy, status, tags}]"),
    ),
}
SOURCES = ("arxiv", "semantic_scholar", "openalex", "crossref", "pubmed", "theoremsearch")
_CATEGORY_KEYS = ("categories", "arxiv_categories", "category")

_ID_PREFIX = re.compile(r"(?<![\w-])(?P<kind>U?REF)(?:-(?P<num>\d*))?$")
_MARKER_PREFIX = re.compile(r"\[(?P<m>[VS~]?)$")
_KEY_LINE = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)[ \t]*:(?P<rest>.*)$")
_KEY_RAW = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)[ \t]*:(?P<rest>[^\n#]*)", re.MULTILINE)
_WORD_BEFORE = re.compile(r"[\w.-]*$")


def complete(doc: MarkdownDoc, offset: int, literature: LiteratureDoc | None) -> Completions:
    """What may be typed at `offset` in `doc`. Never raises on odd text."""
    lines = doc.lines
    line = lines.line_of(offset)
    line_start = lines.starts[line]
    before = doc.text[line_start:offset]
    fm = doc.frontmatter
    if fm.present and line > 0 and (line < lines.first_line or not fm.closed):
        if not fm.closed or offset <= fm.yaml_span.end:
            return _frontmatter(doc, offset, before)
        return NONE
    if lines.opaque[line]:
        return NONE
    if m := _ID_PREFIX.search(before):
        return _ids(literature, m, offset)
    if m := _MARKER_PREFIX.search(before):
        return _markers(doc, m, offset)
    return NONE


def _ids(literature: LiteratureDoc | None, m: re.Match[str], offset: int) -> Completions:
    if literature is None:
        return NONE
    kind, digits = m["kind"], m["num"] or ""
    start = offset - len(m.group(0))
    items: list[Candidate] = []
    incomplete = False
    for e_kind, number, plain, e in _id_table(literature):
        if e_kind != kind:
            continue
        if digits and not (number.startswith(digits) or plain.startswith(digits)):
            continue
        if len(items) >= MAX_ID_CANDIDATES:
            incomplete = True
            break
        doc_lines = [e.title]
        authors = e.fields.value("authors")
        year = e.fields.value("year")
        if authors or year:
            doc_lines.append(", ".join(p for p in (authors, year) if p))
        if not e.confirmed:
            doc_lines.append("Unconfirmed: do not cite as an established reference.")
        items.append(
            Candidate(
                label=e.id,
                kind=CandidateKind.REFERENCE,
                replace=Span(start, offset),
                insert=e.id,
                detail=e.title,
                documentation="\n".join(doc_lines),
                sort_text=f"{0 if e.confirmed else 1}{e.number:08d}",
                filter_text=e.id,
            )
        )
    # Duplicated ids (a numbering mistake) are offered once.
    seen: set[str] = set()
    unique = [c for c in items if not (c.label in seen or seen.add(c.label))]
    return Completions(unique, incomplete)


def _id_table(literature: LiteratureDoc) -> list[tuple[str, str, str, ReferenceEntry]]:
    """(kind, zero-padded number, plain number, entry), computed once per parsed document."""
    table = literature.__dict__.get("_completion_ids")
    if table is None:
        table = [(e.kind, e.id.partition("-")[2], str(e.number), e) for e in literature.entries]
        literature.__dict__["_completion_ids"] = table
    return table


def _markers(doc: MarkdownDoc, m: re.Match[str], offset: int) -> Completions:
    start = offset - len(m.group(0))
    end = offset
    # Editors auto-close brackets: `[|]` — replace the closing bracket too.
    if doc.text[offset : offset + 1] == "]":
        end = offset + 1
    return Completions(
        [
            Candidate(
                label=marker,
                kind=CandidateKind.MARKER,
                replace=Span(start, end),
                insert=marker,
                detail=f"{name} (confidence marker)",
                documentation=text,
                sort_text=str(i),
                filter_text=marker,
            )
            for i, (marker, name, text) in enumerate(MARKERS)
        ]
    )


def _frontmatter(doc: MarkdownDoc, offset: int, before: str) -> Completions:
    name = doc.path.replace("\\", "/").rsplit("/", 1)[-1]
    if isinstance(doc, ProblemDoc):
        name = "PROBLEM.md"
    elif isinstance(doc, LiteratureDoc):
        name = "LITERATURE.md"
    elif isinstance(doc, JournalDoc):
        name = "JOURNAL.md"
    key_match = _KEY_LINE.match(before)
    if key_match is None:
        if before[:1] in (" ", "\t", "-") or ":" in before:
            return NONE  # nested YAML: not ours to guess
        present = _written_keys(doc)
        start = offset - len(before)
        items = [
            Candidate(
                label=key,
                kind=CandidateKind.KEY,
                replace=Span(start, offset),
                insert=f"{key}: ",
                detail=text,
                sort_text=f"{i:03d}",
                filter_text=key,
            )
            for i, (key, text) in enumerate(FRONTMATTER_KEYS.get(name, ()))
            if key not in present
        ]
        return Completions(items)
    key = key_match["key"]
    rest = key_match["rest"]
    values, detail = _values_for(doc, name, key)
    if not values:
        return NONE
    word = _WORD_BEFORE.search(rest)
    typed = word.group(0) if word else ""
    start = offset - len(typed)
    lead = "" if rest[: len(rest) - len(typed)].strip() or rest.startswith((" ", "\t")) else " "
    return Completions(
        [
            Candidate(
                label=value,
                kind=CandidateKind.VALUE,
                replace=Span(start, offset),
                insert=lead + value,
                detail=detail,
                sort_text=f"{i:03d}",
                filter_text=value,
            )
            for i, value in enumerate(values)
        ]
    )


def _values_for(doc: MarkdownDoc, name: str, key: str) -> tuple[list[str], str]:
    if name == "PROBLEM.md":
        if key == "status":
            return list(STATUSES), "status"
        if key == "domain":
            return list(DOMAINS), "domain"
        if key == "type":
            return list(PROBLEM_TYPES), "problem type"
        if key in _CATEGORY_KEYS:
            return _categories(doc), "arXiv category"
    if name == "LITERATURE.md" and key == "sources_queried":
        return list(SOURCES), "source"
    if key in _CATEGORY_KEYS:
        return _categories(doc), "arXiv category"
    return [], ""


def _written_keys(doc: MarkdownDoc) -> dict[str, str]:
    """Top-level frontmatter keys and their scalar text, read line by line: while the user types,
    the YAML is often momentarily invalid."""
    fm = doc.frontmatter
    block = doc.text[fm.yaml_span.start : fm.yaml_span.end]
    keys = {m["key"]: m["rest"].strip().strip("\"'") for m in _KEY_RAW.finditer(block)}
    for key, f in fm.fields.items():
        keys.setdefault(key, str(f.value))
    return keys


def _categories(doc: MarkdownDoc) -> list[str]:
    """All math.* categories, the domain's own first."""
    domain = _written_keys(doc).get("domain", "").lower() if isinstance(doc, ProblemDoc) else ""
    primary, secondary = DOMAIN_CATEGORIES.get(domain, ((), ()))
    first = [*primary, *secondary]
    return [*first, *(c for c in ARXIV_MATH_CATEGORIES if c not in first)]
