"""Edits of an existing `.bib`: merge an export into it, set a field mathlsp owns.

An export never reorders a file and never touches an entry it did not write: an entry carrying
`mathlsp-ref` is mathlsp's and is rewritten in place (its key kept) when its paper is exported
again; an entry the user wrote that already holds an exported paper (same DOI, arXiv id or title)
keeps it, untouched, and nothing is added for it; the other papers are appended with new keys.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from mathlsp.bib.claim import bib_identifiers, bib_title
from mathlsp.bib.keys import make_key, unique_key
from mathlsp.bib.parse import BibEntry, BibFile, parse_bib
from mathlsp.bib.render import REF_FIELD, ExportItem, render_item
from mathlsp.verify.normalize import normalize_title


@dataclass(frozen=True, slots=True)
class TextEdit:
    start: int
    end: int
    text: str


@dataclass(slots=True)
class ExportPlan:
    text: str
    added: list[str] = field(default_factory=list)  # keys
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    held_by_user: dict[str, str] = field(default_factory=dict)  # REF id → the user's key
    keys: dict[str, str] = field(default_factory=dict)  # REF id → key in the file


def apply_text_edits(text: str, edits: Sequence[TextEdit]) -> str:
    out = text
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        out = out[: e.start] + e.text + out[e.end :]
    return out


def _eol(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _keys_of(entry: BibEntry) -> frozenset[str]:
    return frozenset(i.key for i in bib_identifiers(entry))


def _match(entry: BibEntry, items: Sequence[ExportItem], used: set[int]) -> int | None:
    ids = _keys_of(entry)
    title = normalize_title(bib_title(entry))
    ref = entry.get(REF_FIELD)
    for i, item in enumerate(items):
        if i not in used and ids & item.identifier_keys:
            return i
    for i, item in enumerate(items):
        if i not in used and title and title == item.title_key:
            return i
    if ref:
        for i, item in enumerate(items):
            if i not in used and item.ref_id == ref.strip():
                return i
    return None


def plan_export(
    existing: str | None,
    items: Sequence[ExportItem],
    *,
    fmt: str = "bibtex",
    key_format: str = "author-year-word",
) -> ExportPlan:
    """The new text of the `.bib` (created when `existing` is None)."""
    text = existing or ""
    bib = parse_bib(text) if text else BibFile("")
    eol = _eol(text)
    used: set[int] = set()
    plan = ExportPlan(text)
    edits: list[TextEdit] = []
    taken = {e.key for e in bib.entries}
    for entry in bib.entries:
        owned = entry.get(REF_FIELD) is not None
        i = _match(entry, items, used)
        if i is None:
            continue
        used.add(i)
        item = items[i]
        plan.keys[item.ref_id] = entry.key
        if not owned:
            plan.held_by_user[item.ref_id] = entry.key
            continue
        new = render_item(item, entry.key, fmt, eol)
        if text[entry.start : entry.end] == new:
            plan.unchanged.append(entry.key)
        else:
            edits.append(TextEdit(entry.start, entry.end, new))
            plan.updated.append(entry.key)
    blocks: list[str] = []
    for i, item in enumerate(items):
        if i in used:
            continue
        families = [f for f, _ in item.authors]
        key = unique_key(make_key(key_format, families, item.year, item.title), taken)
        taken.add(key)
        plan.keys[item.ref_id] = key
        plan.added.append(key)
        blocks.append(render_item(item, key, fmt, eol))
    new_text = apply_text_edits(text, edits)
    if blocks:
        body = (eol + eol).join(blocks) + eol
        new_text = new_text.rstrip("\r\n") + eol + eol + body if new_text.strip() else body
    plan.text = new_text
    return plan


# -- one field -------------------------------------------------------------------------------
def _field_span(text: str, entry: BibEntry, name: str) -> tuple[int, int] | None:
    """Where `name = {…},` sits in the entry (from its name to past its comma and the spaces
    after it; None when absent)."""
    raw = text[entry.start : entry.end]
    for m in re.finditer(rf"(?i)(?<![\w-]){re.escape(name)}[ \t]*=", raw):
        if _depth(raw, m.start()) != 1:
            continue
        end = _value_end(raw, m.end())
        if end is None:
            return None
        while end < len(raw) and raw[end] in " \t":
            end += 1
        if end < len(raw) and raw[end] == ",":
            end += 1
        while end < len(raw) and raw[end] in " \t":
            end += 1
        return entry.start + m.start(), entry.start + end
    return None


def _depth(raw: str, upto: int) -> int:
    depth = 0
    for ch in raw[:upto]:
        if ch == "{" or (ch == "(" and depth == 0):
            depth += 1
        elif ch == "}" or (ch == ")" and depth == 1):
            depth -= 1
    return depth


def _value_end(raw: str, i: int) -> int | None:
    while i < len(raw) and raw[i] in " \t\r\n":
        i += 1
    if i >= len(raw):
        return None
    if raw[i] == "{":
        depth = 0
        for j in range(i, len(raw)):
            if raw[j] == "{":
                depth += 1
            elif raw[j] == "}":
                depth -= 1
                if depth == 0:
                    return j + 1
        return None
    if raw[i] == '"':
        j = raw.find('"', i + 1)
        return None if j < 0 else j + 1
    j = i
    while j < len(raw) and raw[j] not in ",}\r\n":
        j += 1
    return j


def set_field(text: str, entry: BibEntry, name: str, value: str | None) -> TextEdit | None:
    """An edit that sets (or, with None, removes) one field of one entry, nothing else; None
    when nothing changes or the entry's layout cannot be edited safely."""
    eol = _eol(text)
    span = _field_span(text, entry, name)
    if span is not None:
        start, end = span
        line_start = text.rfind("\n", 0, start) + 1
        own_line = not text[line_start:start].strip() and text[end : end + 1] in ("\r", "\n")
        if value is None:
            if own_line:
                stop = end + (2 if text[end : end + 2] == "\r\n" else 1)
                return TextEdit(line_start, stop, "")
            return TextEdit(start, end, "")
        # Only the value changes: the name, its alignment and what follows the value stay.
        eq = text.index("=", start) + 1
        vstart = eq + len(text[eq:end]) - len(text[eq:end].lstrip(" \t\r\n"))
        vend = entry.start + (_value_end(text[entry.start : entry.end], vstart - entry.start) or 0)
        if vend <= vstart:
            return None
        new = f"{{{value}}}"
        return None if text[vstart:vend] == new else TextEdit(vstart, vend, new)
    if value is None:
        return None
    raw = text[entry.start : entry.end]
    close = raw.rstrip().rfind("}")
    if close <= 0 or not raw.rstrip().endswith(("}", ")")):
        return None
    body = raw[:close].rstrip()
    indent_m = re.search(r"(?m)^([ \t]+)\w", raw)
    indent = indent_m.group(1) if indent_m else "  "
    sep = "" if body.endswith(",") else ","
    insert_at = entry.start + len(body)
    return TextEdit(insert_at, insert_at, f"{sep}{eol}{indent}{name} = {{{value}}},")
