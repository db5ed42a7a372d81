"""Rendering back to Markdown as minimal text edits.

Every change is an `Edit` of one span; text outside the span stays byte-identical. Inserted text
uses the document's own line ending. `apply_edits` is what the CLI writes and what the server
turns into a versioned WorkspaceEdit.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mathlsp.notes.document import MarkdownDoc, ref_id
from mathlsp.notes.literature import (
    SECTION_ORDER,
    SECTION_TITLES,
    SYNTHESIS_ORDER,
    SYNTHESIS_TITLES,
    LiteratureDoc,
    split_authors,
)
from mathlsp.notes.spans import Span

UNCONFIRMED_STATUS = "Unconfirmed -- do not cite as established reference"
HISTORY_COLUMNS = ("Date", "Query Summary", "arXiv Results", "S2 Results", "New Confirmed")


@dataclass(frozen=True, slots=True)
class Edit:
    span: Span
    text: str


@dataclass(slots=True)
class NewReference:
    """A reference to write: confirmed (REF) with a Verified stamp, or unconfirmed (UREF)."""

    kind: str  # "REF" | "UREF"
    number: int
    title: str
    authors: Sequence[str] = ()
    year: int | str | None = None
    source: str = ""
    arxiv_id: str = ""
    doi: str = ""
    abstract: str = ""
    relevance: str = ""
    key_results: str = ""
    confidence: str = ""
    verified: str = ""  # "<ISO timestamp> via <URL>"
    reason: str = ""
    status: str = UNCONFIRMED_STATUS
    extra: Mapping[str, str] = field(default_factory=dict)  # further fields, in order

    @property
    def id(self) -> str:
        return ref_id(self.kind, self.number)


def one_line(value: object) -> str:
    """Field values are single Markdown lines: collapse any whitespace run to one space."""
    return " ".join(str(value).split()) if value is not None else ""


def line_ending(text: str) -> str:
    crlf = text.count("\r\n")
    lf, cr = text.count("\n") - crlf, text.count("\r") - crlf
    if crlf and crlf >= lf and crlf >= cr:
        return "\r\n"
    return "\r" if cr > lf else "\n"


def render_reference(ref: NewReference, eol: str = "\n") -> str:
    lines = [f"### {ref.id}: {one_line(ref.title) or 'Untitled'}"]

    def add(name: str, value: object, *, optional: bool = False) -> None:
        text = one_line(value)
        # A field the schema does not require, with nothing to say, is left out: an empty
        # `- **Source:**` reads as a value forgotten (a REF's required fields stay, so that
        # REF007 names what is missing).
        if text or not optional:
            lines.append(f"- **{name}:** {text}".rstrip())

    names = [one_line(a) for a in ref.authors if one_line(a)]
    # `A, B` could read as one inverted name (`Last, First`) when a name has no space or a comma
    # of its own: those lists are written with `;`, which reads back unambiguously.
    # And so are lists the reader would pair up otherwise (`S. Albeverio, Y.-Z. Hu`: the second
    # name reads as the first one's initials): the list is written so that it reads back as is.
    unsafe = any("," in n or " " not in n for n in names) or (
        len(names) > 1 and split_authors(", ".join(names)) != names
    )
    # A UREF's schema requires only Reason and Status (an entry moved from Confirmed
    # References keeps what it had and nothing more).
    optional = ref.kind == "UREF"
    add("Authors", ("; " if unsafe else ", ").join(names), optional=optional)
    add("Year", ref.year if ref.year is not None else "", optional=optional)
    add("Source", ref.source, optional=optional)
    if ref.kind == "REF":
        if ref.arxiv_id:
            add("arXiv ID", ref.arxiv_id)
        if ref.doi:
            add("DOI", ref.doi)
        add("Abstract", ref.abstract)
        add("Relevance", ref.relevance)
        add("Key Results", ref.key_results)
        add("Confidence", ref.confidence)
        for name, value in ref.extra.items():
            add(name, value)
        add("Verified", ref.verified)
    else:
        if ref.arxiv_id:
            add("arXiv ID", ref.arxiv_id)
        if ref.doi:
            add("DOI", ref.doi)
        add("Reason", ref.reason)
        add("Relevance", ref.relevance, optional=True)
        for name, value in ref.extra.items():
            add(name, value)
        add("Status", ref.status or UNCONFIRMED_STATUS)
    return eol.join(lines) + eol


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """Apply non-overlapping edits; edits at the same offset keep their given order."""
    ordered = sorted(enumerate(edits), key=lambda p: (p[1].span.start, p[1].span.end, p[0]))
    out: list[str] = []
    pos = 0
    for _, edit in ordered:
        if edit.span.start < pos:
            raise ValueError("overlapping edits")
        out.append(text[pos : edit.span.start])
        out.append(edit.text)
        pos = edit.span.end
    out.append(text[pos:])
    return "".join(out)


# -- frontmatter --------------------------------------------------------------------------------
# What YAML does not take literally inside a quoted string: characters PyYAML refuses, and the
# ones it reads as line breaks (and folds). JSON escapes the C0 controls itself.
_YAML_ESCAPE = re.compile(
    "[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\x85\u2028\u2029\ufeff]"
)


def yaml_scalar(value: Any) -> str:
    """A value in YAML flow syntax. JSON is valid YAML flow, and quoting every string keeps
    values like `2026-02-10` or `yes` from changing type."""
    text = json.dumps(value, ensure_ascii=False)
    return _YAML_ESCAPE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def update_frontmatter(doc: MarkdownDoc, updates: Mapping[str, Any]) -> list[Edit]:
    """Set frontmatter keys: replace the value where the key exists, add missing keys at the end.

    A document without frontmatter gets a new block; one whose frontmatter is not valid YAML is
    left alone (ValueError) — rewriting it could destroy what the user wrote.
    """
    fm = doc.frontmatter
    eol = line_ending(doc.text)
    if not updates:
        return []
    if not fm.present:
        block = "---" + eol
        block += "".join(f"{k}: {yaml_scalar(v)}{eol}" for k, v in updates.items())
        block += "---" + eol
        return [Edit(Span(fm.body_start, fm.body_start), block)]
    if fm.error is not None:
        raise ValueError(f"frontmatter cannot be updated safely: {fm.error}")
    edits: list[Edit] = []
    missing: list[str] = []
    for key, value in updates.items():
        existing = fm.fields.get(key)
        if existing is None:
            missing.append(f"{key}: {yaml_scalar(value)}{eol}")
        elif existing.value != value:
            span = existing.value_span
            # An empty value sits right after "key:": keep one space between them.
            text = yaml_scalar(value)
            if span.start == span.end and doc.text[span.start - 1 : span.start] == ":":
                text = " " + text
            edits.append(Edit(span, text))
    if missing:
        at = fm.yaml_span.end
        prefix = "" if at == fm.yaml_span.start or doc.text[at - 1 : at] in "\r\n" else eol
        edits.append(Edit(Span(at, at), prefix + "".join(missing)))
    return edits


# -- LITERATURE.md ------------------------------------------------------------------------------
def _section_end_offset(doc: LiteratureDoc, key: str) -> int | None:
    """Where new content of a section goes: after its last non-blank line."""
    section = doc.section(key)
    if section is None:
        return None
    lines = doc.lines
    last = section.heading.line
    for i in range(section.first_line, section.last_line + 1):
        if lines.texts[i].strip():
            last = i
    return lines.starts[last] + len(lines.texts[last])


def _new_section_offset(doc: LiteratureDoc, key: str) -> tuple[int, bool]:
    """Where a missing section goes: before the next section in schema order, else at the end.
    Returns (offset, before_existing)."""
    order = SECTION_ORDER.index(key)
    for later in SECTION_ORDER[order + 1 :]:
        section = doc.section(later)
        if section is not None:
            return section.heading.span.start, True  # after a BOM on the first line
    return len(doc.text), False


def ensure_sections(doc: LiteratureDoc, keys: Iterable[str]) -> list[Edit]:
    eol = line_ending(doc.text)
    queued: dict[int, str] = {}  # blocks inserted at one offset follow each other
    # Several sections may land at one offset: create them in schema order.
    for key in sorted(set(keys), key=SECTION_ORDER.index):
        if doc.section(key) is not None:
            continue
        offset, before = _new_section_offset(doc, key)
        body = f"## {SECTION_TITLES[key]}{eol}{eol}"
        if key == "synthesis":
            body += "".join(f"### {SYNTHESIS_TITLES[k]}{eol}{eol}" for k in SYNTHESIS_ORDER)
        if key == "search_history":
            body += _history_header(eol) + eol
        queued[offset] = _join_queued(doc.text, offset, queued.get(offset, ""), body, before, eol)
    return [Edit(Span(offset, offset), block) for offset, block in queued.items()]


def _join_queued(text: str, offset: int, queued: str, block: str, before: bool, eol: str) -> str:
    """`block` joined after what is already queued for insertion at `offset`."""
    preceding = text[:offset] + queued
    return queued + _join_block(preceding, len(preceding), block, before, eol)


def _history_header(eol: str) -> str:
    header = "| " + " | ".join(HISTORY_COLUMNS) + " |"
    rule = "|" + "|".join("-" * (len(c) + 2) for c in HISTORY_COLUMNS) + "|"
    return header + eol + rule + eol


def _join_block(text: str, offset: int, block: str, before: bool, eol: str) -> str:
    """Surround an inserted block with the blank lines Markdown needs, and no more."""
    if before:
        return block
    prefix = ""
    if offset > 0 and not text[:offset].endswith(("\n", "\r")):
        prefix = eol + eol
    elif offset > 0 and not text[:offset].rstrip(" \t").endswith(eol + eol):
        prefix = eol
    return prefix + block


def insert_references(doc: LiteratureDoc, refs: Sequence[NewReference]) -> list[Edit]:
    """New entries appended to their sections (sections created when missing)."""
    eol = line_ending(doc.text)
    edits: list[Edit] = []
    queued: dict[int, str] = {}  # both sections missing: both may go to the end
    for key, kind in (("confirmed", "REF"), ("unconfirmed", "UREF")):
        chunk = [r for r in refs if r.kind == kind]
        if not chunk:
            continue
        body = eol.join(render_reference(r, eol) for r in chunk)
        offset = _section_end_offset(doc, key)
        if offset is None:
            start, before = _new_section_offset(doc, key)
            text = f"## {SECTION_TITLES[key]}{eol}{eol}{body}{eol}"
            queued[start] = _join_queued(doc.text, start, queued.get(start, ""), text, before, eol)
        else:
            edits.append(Edit(Span(offset, offset), eol + eol + body.rstrip("\r\n")))
    edits.extend(Edit(Span(start, start), block) for start, block in queued.items())
    return edits


def add_history_row(doc: LiteratureDoc, cells: Sequence[object]) -> list[Edit]:
    eol = line_ending(doc.text)
    row = "| " + " | ".join(_cell(c) for c in cells) + " |"
    rows = doc.history or ([doc.history_header] if doc.history_header else [])
    if rows:
        last = rows[-1]
        # Skip past the delimiter row when the table has only a header.
        line = last.line
        if last is doc.history_header and line + 1 < len(doc.lines.texts):
            nxt = doc.lines.texts[line + 1]
            if re.fullmatch(r"\s*\|?[\s:|-]+\|?\s*", nxt) and "-" in nxt:
                line += 1
        end = doc.lines.starts[line] + len(doc.lines.texts[line])
        return [Edit(Span(end, end), eol + row)]
    section = doc.section("search_history")
    if section is None:
        offset, before = _new_section_offset(doc, "search_history")
        block = f"## {SECTION_TITLES['search_history']}{eol}{eol}{_history_header(eol)}{row}{eol}"
        if before:
            block += eol
        return [Edit(Span(offset, offset), _join_block(doc.text, offset, block, before, eol))]
    end = _section_end_offset(doc, "search_history")
    assert end is not None
    return [Edit(Span(end, end), eol + eol + _history_header(eol) + row)]


def _cell(value: object) -> str:
    return one_line(value).replace("|", "\\|")
