"""Writing drafted lines into the Synthesis: only ever appending. Pure.

Missing subsections (or the whole `## Synthesis`) are created in schema order; each drafted
line goes after the last line of its subsection, marked as a draft (`review.mark`). A line is
not written when its claim is already there — in a line the user wrote, one they edited, or
an earlier draft (`Drafted.signature`). Nothing that exists is rewritten, moved or deleted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from mathlsp.notes.literature import SYNTHESIS_ORDER, SYNTHESIS_TITLES, LiteratureDoc
from mathlsp.notes.markdown import normalize_heading
from mathlsp.notes.render import Edit, apply_edits, ensure_sections, line_ending
from mathlsp.notes.spans import Span
from mathlsp.synthesis.draft import Drafted
from mathlsp.synthesis.review import mark

_KEYS = {normalize_heading(t): k for k, t in SYNTHESIS_TITLES.items()}
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|(?P<num>\d{1,6})[.)])[ \t]+")


@dataclass(slots=True)
class DraftWrite:
    original: str
    text: str
    added: list[Drafted] = field(default_factory=list)
    already: list[Drafted] = field(default_factory=list)  # their claim was there

    @property
    def changed(self) -> bool:
        return self.text != self.original


def _bounds(doc: LiteratureDoc, key: str) -> tuple[int, int] | None:
    """(heading line, last line) of the first subsection with this key."""
    section = doc.section("synthesis")
    if section is None:
        return None
    for h in doc.synthesis_subsections:
        if _KEYS.get(normalize_heading(h.title)) != key:
            continue
        end = section.last_line
        for later in doc.lines.headings:
            if later.line > h.line and later.level <= 3:
                end = min(end, later.line - 1)
                break
        return h.line, end
    return None


def _with_subsections(text: str) -> str:
    """`text` with `## Synthesis` and its four subsections present (added, never moved)."""
    doc = LiteratureDoc(text)
    if doc.section("synthesis") is None:
        text = apply_edits(text, ensure_sections(doc, ["synthesis"]))
        doc = LiteratureDoc(text)
    eol = line_ending(text)
    for i, key in enumerate(SYNTHESIS_ORDER):
        if _bounds(doc, key) is not None:
            continue
        heading = f"### {SYNTHESIS_TITLES[key]}"
        later = next((b for k in SYNTHESIS_ORDER[i + 1 :] if (b := _bounds(doc, k))), None)
        if later is not None:
            at = doc.lines.starts[later[0]]
            edit = Edit(Span(at, at), heading + eol + eol)
        else:
            section = doc.section("synthesis")
            assert section is not None
            last = _last_content(doc, section.heading.line, section.last_line)
            at = doc.lines.starts[last] + len(doc.lines.texts[last])
            edit = Edit(Span(at, at), eol + eol + heading)
        text = apply_edits(text, [edit])
        doc = LiteratureDoc(text)
    return text


def _last_content(doc: LiteratureDoc, first: int, last: int) -> int:
    lines = doc.lines
    found = first
    for i in range(first, min(last, len(lines.texts) - 1) + 1):
        if lines.texts[i].strip():
            found = i
    return found


def write_draft(text: str, drafted: Sequence[Drafted]) -> DraftWrite:
    """The LITERATURE.md text with the drafted lines whose claims are new appended."""
    result = DraftWrite(text, text)
    if not drafted:
        return result
    base = _with_subsections(text)
    doc = LiteratureDoc(base)
    eol = line_ending(base)
    existing: dict[str | None, list[str]] = {}
    for item in doc.synthesis_items:
        existing.setdefault(item.subsection, []).append(item.text)
    edits: list[Edit] = []
    for key in SYNTHESIS_ORDER:
        mine = [d for d in drafted if d.subsection == key]
        if not mine:
            continue
        have = list(existing.get(key, []))
        new: list[Drafted] = []
        for d in mine:
            if d.present_in(have) or any(d.signature == n.signature for n in new):
                result.already.append(d)
                continue
            new.append(d)
        if not new:
            continue
        bounds = _bounds(doc, key)
        assert bounds is not None
        heading, end = bounds
        last = _last_content(doc, heading, end)
        number = _next_number(doc, heading + 1, last)
        rendered = []
        for d in new:
            prefix = "- "
            if key == "reading_order":
                prefix = f"{number}. "
                number += 1
            rendered.append(mark(prefix + d.text))
        last_text = doc.lines.texts[last]
        if last == heading:
            lead = eol + eol
        elif _LIST_ITEM.match(last_text) and not doc.lines.opaque[last]:
            lead = eol
        else:
            lead = eol + eol
        at = doc.lines.starts[last] + len(last_text)
        edits.append(Edit(Span(at, at), lead + eol.join(rendered)))
        result.added.extend(new)
    result.text = apply_edits(base, edits) if edits else text
    return result


def _next_number(doc: LiteratureDoc, first: int, last: int) -> int:
    """One past the last number of an ordered list in these lines (1 when there is none)."""
    number = 0
    for i in range(first, last + 1):
        m = _LIST_ITEM.match(doc.lines.texts[i])
        if m and m.group("num") and not doc.lines.opaque[i]:
            number = int(m.group("num"))
    return number + 1
