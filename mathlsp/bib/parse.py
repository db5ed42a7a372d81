"""Read a BibTeX/biblatex file into entries with their place in the text.

The blocks come from bibtexparser 2 (its splitter, without its middleware); what this module adds
is what a checker needs and bibtexparser leaves to the caller: `@string` macros and `#`
concatenation expanded (with BibTeX's month macros), `crossref` resolved (a child inherits the
fields it lacks; a parent's `title` becomes the child's `booktitle`), field names lower-cased,
every entry's offsets and lines, and every malformed block reported with its line while the rest
are still read.
"""

from __future__ import annotations

import bisect
import itertools
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import bibtexparser
from bibtexparser import model

MONTHS = {
    m: str(i)
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}


@dataclass(frozen=True, slots=True)
class BibEntry:
    key: str
    type: str  # lower-case: "article", "inproceedings", …
    fields: Mapping[str, str]  # lower-case name → value (macros expanded, outer braces gone)
    line: int  # 0-based line of the `@`
    end_line: int  # 0-based last line
    start: int  # offset of the `@`
    end: int  # offset just past the closing brace
    inherited: frozenset[str] = frozenset()  # field names taken from the `crossref` parent

    def get(self, name: str) -> str | None:
        value = self.fields.get(name)
        return value if value is not None and value.strip() else None


@dataclass(frozen=True, slots=True)
class BibProblem:
    line: int  # 0-based
    message: str
    key: str | None = None


@dataclass(slots=True)
class BibFile:
    text: str
    entries: list[BibEntry] = field(default_factory=list)
    problems: list[BibProblem] = field(default_factory=list)
    strings: dict[str, str] = field(default_factory=dict)
    read_whole: bool = False  # some block did not read alone: the file was read in one call
    # Each block's reading, by its text: what `parse_bib(next_version, known=…)` reuses.
    blocks: dict[str, tuple[_Item, ...]] = field(default_factory=dict, repr=False)

    def by_key(self) -> dict[str, BibEntry]:
        return {e.key: e for e in self.entries}

    def entry_at(self, line: int) -> BibEntry | None:
        for e in self.entries:
            if e.line <= line <= e.end_line:
                return e
        return None


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in re.finditer(r"\r\n|\r|\n", text))
    return starts


# A block starts at a line whose first non-blank character is `@`.
_BLOCK = re.compile(r"(?m)^[ \t]*@")


@dataclass(frozen=True, slots=True)
class _Item:
    kind: str  # "string" | "entry"
    line: int  # relative to the block
    start: int
    end: int
    key: str
    type: str = ""
    fields: tuple[tuple[str, str], ...] = ()  # lower-case name → raw value


def parse_bib(text: str, known: Mapping[str, tuple[_Item, ...]] | None = None) -> BibFile:
    """Every entry of `text`, in order, and every problem found (never an exception).

    Read block by block: `known` is the `blocks` of an earlier reading (the buffer's previous
    version), whose blocks are reused while their text is unchanged, so a keystroke re-reads
    one entry; nothing else is kept, so what an editor holds is its open files' last reading.
    A file with a block that does not read alone (an `@` opening a line inside a value, a
    broken entry) is read whole, which is what bibtexparser reports lines and problems for."""
    cuts = [m.start() for m in _BLOCK.finditer(text)]
    if not cuts or cuts[0] != 0:
        cuts.insert(0, 0)
    cuts.append(len(text))
    spans = list(itertools.pairwise(cuts))
    blocks = [text[a:b] for a, b in spans]
    found = {b: items for b in blocks if known and (items := known.get(b)) is not None}
    missing = list(dict.fromkeys(b for b in blocks if b not in found))
    read = _read_blocks(missing) if missing else {}
    if read is None:
        return _parse_whole(text)
    found.update(read)
    pieces = [(a, found[b]) for (a, _), b in zip(spans, blocks, strict=True)]
    starts = _line_starts(text)
    out = BibFile(text, blocks=found)
    strings: dict[str, str] = dict(MONTHS)
    seen: set[str] = set()
    for a, items in pieces:
        base_line = bisect.bisect_right(starts, a) - 1
        for item in items:
            line = base_line + item.line
            if item.kind == "string":
                if item.key in out.strings:  # as bibtexparser: the first definition holds
                    message = f"duplicate key {item.key!r}: BibTeX uses the first"
                    out.problems.append(BibProblem(line, message, item.key))
                    continue
                value = expand(dict(item.fields)["value"], strings)
                strings[item.key.lower()] = out.strings[item.key] = value
                continue
            if item.key in seen:
                message = f"duplicate key {item.key!r}: BibTeX uses the first"
                out.problems.append(BibProblem(line, message, item.key))
            seen.add(item.key)
            # Macros apply to the entries after them, as in BibTeX.
            fields = {name: expand(value, strings) for name, value in item.fields}
            start = a + item.start
            end = start + (item.end - item.start)
            end_line = max(line, bisect.bisect_right(starts, max(start, end - 1)) - 1)
            out.entries.append(BibEntry(item.key, item.type, fields, line, end_line, start, end))
    out.entries = resolve_crossrefs(out.entries)
    out.problems.sort(key=lambda p: p.line)
    return out


def block_start(text: str, n: int) -> int | None:
    """The offset where the block after the first `n` entry blocks starts, None when the file
    has no more: `text[:offset]` reads as the first `n` entries of `text` do in the whole."""
    for i, m in enumerate(_BLOCK.finditer(text)):
        if i == n:
            return m.start()
    return None


def _read_blocks(blocks: list[str]) -> dict[str, tuple[_Item, ...]] | None:
    """Each block's strings and entries; None when one does not read cleanly on its own.

    The blocks are read in one bibtexparser call over their concatenation (a call per block
    costs three times as much: a 2,000-entry file opened cold), each result then assigned to
    the block it lies in; a result that crosses a block's end means the blocks do not read
    alone, and they are read one by one instead."""
    joined_parts: list[str] = []
    offsets: list[int] = []
    pos = 0
    for block in blocks:
        offsets.append(pos)
        # A block ends at a line break except the file's last: keep it from running into the
        # next one.
        part = block if block.endswith(("\n", "\r")) else block + "\n"
        joined_parts.append(part)
        pos += len(part)
    joined = "".join(joined_parts)
    library = _library(joined)
    if library is None or library.failed_blocks:
        return _read_one_by_one(blocks)
    starts = _line_starts(joined)
    block_lines = [bisect.bisect_right(starts, o) - 1 for o in offsets]
    found: list[list[_Item]] = [[] for _ in blocks]
    for b in library.blocks:
        if not isinstance(b, model.String | model.Entry):
            continue
        raw = b.raw or ""
        base = starts[min(b.start_line or 0, len(starts) - 1)]
        at = joined.find(raw, base) if raw else -1
        if at < 0:
            return _read_one_by_one(blocks)
        i = bisect.bisect_right(offsets, at) - 1
        if at + len(raw) > offsets[i] + len(blocks[i]):
            return _read_one_by_one(blocks)
        start = at - offsets[i]
        line = bisect.bisect_right(starts, at) - 1 - block_lines[i]
        found[i].append(_item(b, line, start, start + len(raw)))
    return {block: tuple(items) for block, items in zip(blocks, found, strict=True)}


def _read_one_by_one(blocks: list[str]) -> dict[str, tuple[_Item, ...]] | None:
    out: dict[str, tuple[_Item, ...]] = {}
    for block in blocks:
        read = _read_block(block)
        if read is None:
            return None
        out[block] = read
    return out


def _read_block(block: str) -> tuple[_Item, ...] | None:
    """One block's strings and entries; None when it does not read cleanly on its own."""
    library = _library(block)
    if library is None or library.failed_blocks:
        return None
    items: list[_Item] = []
    for b in library.blocks:
        if isinstance(b, model.String | model.Entry):
            raw = b.raw or ""
            start = max(0, block.find(raw)) if raw else 0
            items.append(_item(b, b.start_line or 0, start, start + len(raw)))
    return tuple(items)


def _item(b: model.String | model.Entry, line: int, start: int, end: int) -> _Item:
    if isinstance(b, model.String):
        return _Item("string", line, start, end, b.key, fields=(("value", str(b.value)),))
    fields = tuple((f.key.lower(), str(f.value)) for f in b.fields)
    return _Item("entry", line, start, end, b.key, b.entry_type.lower(), fields)


def _library(text: str) -> Any:
    logger = logging.getLogger("bibtexparser")
    level = logger.level
    logger.setLevel(logging.CRITICAL)  # its warnings are ours to report, with the line
    try:
        return bibtexparser.parse_string(text, parse_stack=[])
    except Exception:  # a parser bug on hostile input
        return None
    finally:
        logger.setLevel(level)


def _parse_whole(text: str) -> BibFile:
    """The whole file in one bibtexparser call (its problems reported with their lines)."""
    items, problems = _read_broken(text)
    out = BibFile(text, problems=problems, read_whole=True)
    if not items and problems and problems[0].message.startswith("the BibTeX reader failed"):
        return out
    starts = _line_starts(text)
    strings: dict[str, str] = dict(MONTHS)
    for item in items:
        if item.kind == "string":
            strings[item.key.lower()] = expand(dict(item.fields)["value"], strings)
            out.strings[item.key] = strings[item.key.lower()]
            continue
        # Macros apply to the entries after them, as in BibTeX.
        fields = {name: expand(value, strings) for name, value in item.fields}
        end_line = max(item.line, bisect.bisect_right(starts, max(item.start, item.end - 1)) - 1)
        out.entries.append(
            BibEntry(item.key, item.type, fields, item.line, end_line, item.start, item.end)
        )
    out.entries = resolve_crossrefs(out.entries)
    out.problems.sort(key=lambda p: p.line)
    return out


def _read_broken(text: str, duplicates: bool = True) -> tuple[list[_Item], list[BibProblem]]:
    """Every string and entry bibtexparser reads in `text` (an entry of a block it reports as
    failed included, as it keeps it) and the problems it reports, with their lines; without
    the repeated keys when not `duplicates` (a caller that reads piecewise finds those)."""
    logger = logging.getLogger("bibtexparser")
    level = logger.level
    logger.setLevel(logging.CRITICAL)  # its warnings are ours to report, with the line
    try:
        library = bibtexparser.parse_string(text, parse_stack=[])
    except Exception as exc:  # a parser bug on hostile input: say so, read nothing
        return [], [BibProblem(0, f"the BibTeX reader failed: {exc}")]
    finally:
        logger.setLevel(level)
    starts = _line_starts(text)
    items: list[_Item] = []
    problems: list[BibProblem] = []
    # Blocks come in order: each one is looked for past the previous one's end (bibtexparser's
    # line can be one short, and an identical block just above would be found instead).
    cursor = 0
    for block in library.blocks:
        line = block.start_line or 0
        if isinstance(block, model.String):
            at = _offset(text, starts, line, block.raw, cursor)
            cursor = at + len(block.raw or "")
            items.append(_item(block, line, at, cursor))
            continue
        entry: model.Entry | None = None
        if isinstance(block, model.ParsingFailedBlock):
            if duplicates or not isinstance(block, model.DuplicateBlockKeyBlock):
                problems.append(_failure(block, line))
            ignored = block.ignore_error_block
            if isinstance(ignored, model.Entry):
                entry = ignored
        elif isinstance(block, model.Entry):
            entry = block
        if entry is None:
            continue
        at = _offset(text, starts, line, block.raw, cursor)
        cursor = at + len(block.raw or "")
        # The line of where the entry starts (bibtexparser's own is one short after a line
        # that ends in a backslash).
        start_line = bisect.bisect_right(starts, at) - 1
        items.append(_item(entry, start_line, at, at + len(entry.raw or "")))
    return items, problems


def _offset(text: str, starts: list[int], line: int, raw: str | None, cursor: int = 0) -> int:
    base = max(starts[min(line, len(starts) - 1)], cursor)
    if raw:
        found = text.find(raw, base)
        if found >= 0:
            return found
    return base


def _failure(block: model.ParsingFailedBlock, line: int) -> BibProblem:
    if isinstance(block, model.DuplicateBlockKeyBlock):
        return BibProblem(line, f"duplicate key {block.key!r}: BibTeX uses the first", block.key)
    if isinstance(block, model.DuplicateFieldKeyBlock):
        names = ", ".join(sorted(block.duplicate_keys))
        key = getattr(block.ignore_error_block, "key", None)
        return BibProblem(line, f"duplicate field(s) {names}: BibTeX keeps one", key)
    error = getattr(block.error, "abort_reason", None) or str(block.error)
    reason = " ".join(error.split()) or "unreadable block"
    return BibProblem(line, f"malformed entry, skipped: {reason}")


def expand(value: str, strings: Mapping[str, str]) -> str:
    """A raw field value with its delimiters gone: `{…}` and `"…"` parts unwrapped, numbers as
    they are, `@string` names replaced, `#` parts joined."""
    if "#" not in value:  # the common case: one part
        part = value.strip()
        return _part(part, strings) if _is_delimited(part) or part.lower() in strings else part
    parts = _concat_parts(value)
    if len(parts) == 1 and not _is_delimited(parts[0]) and parts[0].lower() not in strings:
        return parts[0]  # a bare word or number
    return "".join(_part(p, strings) for p in parts)


def _is_delimited(part: str) -> bool:
    return len(part) >= 2 and (
        (part[0] == "{" and part[-1] == "}") or (part[0] == '"' and part[-1] == '"')
    )


def _part(part: str, strings: Mapping[str, str]) -> str:
    if _is_delimited(part):
        return part[1:-1]
    return strings.get(part.lower(), part)


def _concat_parts(value: str) -> list[str]:
    parts: list[str] = []
    depth = 0
    quoted = False
    start = 0
    for i, ch in enumerate(value):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif ch == '"' and depth == 0:
            quoted = not quoted
        elif ch == "#" and depth == 0 and not quoted:
            parts.append(value[start:i].strip())
            start = i + 1
    parts.append(value[start:].strip())
    return [p for p in parts if p] or [""]


def resolve_crossrefs(entries: list[BibEntry]) -> list[BibEntry]:
    """Children of a `crossref` parent inherit the fields they lack (one level, as BibTeX; of
    entries with the same key, the first is the parent)."""
    by_key: dict[str, BibEntry] = {}
    for e in entries:
        by_key.setdefault(e.key.lower(), e)
    out: list[BibEntry] = []
    for e in entries:
        ref = e.get("crossref")
        parent = by_key.get(ref.lower()) if ref else None
        out.append(e if parent is None or parent is e else inherit(e, parent))
    return out


# What a parent never passes on: what names the parent itself (biblatex's default inheritance
# leaves `ids` and `crossref` out too), its identifiers and links — a proceedings volume's DOI,
# arXiv id or URL would make the gate look the child up as the volume — and the verification
# stamp, which vouches for the parent's record, not the child's.
NOT_INHERITED = frozenset(
    """crossref xref ids doi eprint eprinttype archiveprefix primaryclass eprintclass arxiv
    url urldate pmid mrnumber zblnumber isbn issn note howpublished mathlsp-verified""".split()
)


def inherit(e: BibEntry, parent: BibEntry) -> BibEntry:
    """`e` with the fields it lacks taken from its `crossref` parent (its `title` as the
    child's `booktitle`), except `NOT_INHERITED`."""
    fields = dict(e.fields)
    taken: set[str] = set()
    for name, value in parent.fields.items():
        target = "booktitle" if name == "title" else name
        if target not in fields and name not in NOT_INHERITED:
            fields[target] = value
            taken.add(target)
    return BibEntry(e.key, e.type, fields, e.line, e.end_line, e.start, e.end, frozenset(taken))
