"""Read a `.bib` file as a stream of entries, so `mathlsp verify refs.bib` and `mathlsp import`
hold a bounded part of it at a time, however large it is.

The file is cut into blocks at a line whose first non-blank character is `@`, outside braces
(inside an unclosed value only at a line that opens an entry, `@type{`, where bibtexparser too
gives the broken entry up). Blocks are read by bibtexparser a batch at a time, as `parse.py`
reads a buffer: the same items, lines and problems. `@string` macros apply to the entries after
them, as in BibTeX.

`crossref` parents conventionally come *after* their children. A first pass over the blocks,
without bibtexparser, records only the keys that some entry names in `crossref`, where each such
key's entry starts when it comes after a child naming it, and where the `@string` blocks are.
The second pass reads and yields the entries in order; it keeps the entries that are crossref
targets (a bibliography's proceedings volumes: few), and when a child's parent is still ahead it
reads that one block from its recorded place (with the macros defined up to there). Memory is
then bounded by one batch, the targets and the set of keys seen (for repeated keys), never by
the file.
"""

from __future__ import annotations

import bisect
import contextlib
import errno
import io
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from mathlsp.bib.parse import (
    MONTHS,
    BibEntry,
    BibProblem,
    _Item,
    _line_starts,
    _read_block,
    _read_blocks,
    _read_broken,
    expand,
    inherit,
)
from mathlsp.fsutil import UnreadableFile

MAX_LINE = 1 << 20  # a line is read in pieces of at most this many characters
MAX_BLOCK = 4 << 20  # a block over this is no BibTeX entry: reported and skipped, not held
BATCH_BLOCKS = 200  # blocks per bibtexparser call (one call per block costs ~3× as much)

_AT = re.compile(r"[ \t]*@")
_HEADER = re.compile(r"[ \t]*@[ \t]*([A-Za-z][\w-]*)[ \t]*[{(][ \t\r\n]*([^,\s{}()\"]*)")
_ANY_HEADER = re.compile(r"@[ \t]*([A-Za-z][\w-]*)[ \t]*[{(][ \t\r\n]*([^,\s{}()\"]*)")
_CROSSREF = re.compile(r"(?i)\bcrossref[ \t\r\n]*=[ \t\r\n]*[{\"]?[ \t]*([^,}\"\s]+)")


@dataclass(frozen=True, slots=True)
class Place:
    offset: int  # characters from the start of the text (a BOM not counted)
    line: int  # 0-based
    byte: int  # bytes from the start of the file: where to come back to


@dataclass(frozen=True, slots=True)
class Block:
    text: str
    at: Place
    oversized: bool = False  # over MAX_BLOCK: its text was not kept


def blocks(lines: Iterable[str], start: Place = Place(0, 0, 0)) -> Iterator[Block]:
    """The blocks of a text given as its lines (each with its own line break, as a file opened
    with `newline=""` gives them)."""
    parts: list[str] = []
    size = 0
    depth = 0
    oversized = False
    begin = start
    offset, line, byte = start.offset, start.line, start.byte
    line_start = True  # a piece of a line longer than MAX_LINE does not start one
    for text in lines:
        if (
            line_start
            and (parts or oversized)
            and _AT.match(text)
            and (depth <= 0 or _HEADER.match(text))
        ):
            yield Block("" if oversized else "".join(parts), begin, oversized)
            parts, size, depth, oversized = [], 0, 0, False
            begin = Place(offset, line, byte)
        if not oversized:
            size += len(text)
            if size > MAX_BLOCK:
                oversized, parts = True, []
            else:
                parts.append(text)
        depth += text.count("{") - text.count("}")
        offset += len(text)
        byte += len(text.encode("utf-8", "surrogatepass"))
        line_start = text.endswith(("\n", "\r"))
        if line_start:
            line += 1
    if parts or oversized:
        yield Block("" if oversized else "".join(parts), begin, oversized)


def text_lines(text: str) -> Iterator[str]:
    """`text`'s lines with their line breaks (`\\r\\n`, `\\r` or `\\n`), as `blocks` wants."""
    return iter(io.StringIO(text, newline="").readline, "")


@dataclass(slots=True)
class _Scan:
    targets: set[str] = field(default_factory=set)  # lower-cased keys named by a `crossref`
    ahead: dict[str, Place] = field(default_factory=dict)  # a target's block after its child
    strings: list[Place] = field(default_factory=list)  # where the `@string` blocks start
    entries: int = 0  # blocks that open an entry (for progress)


def _scan(found: Iterable[Block]) -> _Scan:
    out = _Scan()
    for block in found:
        # Every `@type{key` of the block: a block may hold more than one entry (on one line).
        for head in _ANY_HEADER.finditer(block.text):
            kind = head.group(1).lower()
            if kind == "string":
                out.strings.append(block.at)
            elif kind not in ("comment", "preamble"):
                out.entries += 1
                key = head.group(2).lower()
                if key in out.targets and key not in out.ahead:
                    out.ahead[key] = block.at
        if "crossref" in block.text.lower():
            out.targets.update(m.group(1).lower() for m in _CROSSREF.finditer(block.text))
    return out


class BibStream:
    """The entries of a `.bib` in file order, `crossref` resolved, read a batch at a time.

    `open(path)` reads from a file (twice: the first pass, then the entries); `of_text(text)`
    from a string, which `parse_bib`'s callers and the tests use to compare the two readers.
    Problems (malformed blocks, repeated keys) gather in `problems` as the entries go by."""

    def __init__(self, source: Path | str) -> None:
        self._path = source if isinstance(source, Path) else None
        self._text = source if isinstance(source, str) else None
        self.problems: list[BibProblem] = []
        self.strings: dict[str, str] = {}  # as written (name → value), as `BibFile.strings`
        self._scan = _scan(self._blocks())

    @classmethod
    def open(cls, path: Path) -> BibStream:
        """A stream over the regular file at `path` (devices and FIFOs are refused before a
        byte is read, as `fsutil.read_bounded` does; no size limit: memory does not grow with
        it). Raises UnreadableFile, FileNotFoundError or UnicodeDecodeError."""
        with _open_regular(path):
            pass
        return cls(path)

    @classmethod
    def of_text(cls, text: str) -> BibStream:
        return cls(text)

    @property
    def entry_count(self) -> int:
        """How many blocks open an entry (an upper bound on the entries: progress's total)."""
        return self._scan.entries

    def _blocks(self, start: Place | None = None) -> Iterator[Block]:
        if self._text is not None:
            lines = text_lines(self._text[start.offset :] if start else self._text)
            yield from blocks(lines, start or Place(0, 0, 0))
            return
        assert self._path is not None
        with _open_regular(self._path) as raw:
            bom = raw.read(3)
            skip = 3 if bom == b"\xef\xbb\xbf" else 0
            raw.seek(start.byte if start else skip)
            handle = io.TextIOWrapper(raw, encoding="utf-8", newline="")
            lines = iter(lambda: handle.readline(MAX_LINE), "")
            yield from blocks(lines, start or Place(0, 0, skip))

    def batches(self, size: int) -> Iterator[list[BibEntry]]:
        """The entries, `size` at a time."""
        batch: list[BibEntry] = []
        for entry in self.entries():
            batch.append(entry)
            if len(batch) >= size:
                yield batch
                batch = []
        if batch:
            yield batch

    def entries(self) -> Iterator[BibEntry]:
        strings: dict[str, str] = dict(MONTHS)
        parents: dict[str, BibEntry] = {}
        seen: set[str] = set()
        pending: list[Block] = []
        for block in self._blocks():
            pending.append(block)
            if len(pending) >= BATCH_BLOCKS:
                yield from self._read_batch(pending, strings, parents, seen)
                pending = []
        yield from self._read_batch(pending, strings, parents, seen)

    def _read_batch(
        self,
        batch: list[Block],
        strings: dict[str, str],
        parents: dict[str, BibEntry],
        seen: set[str],
    ) -> Iterator[BibEntry]:
        texts = [b.text for b in batch if not b.oversized]
        read = _read_blocks(list(dict.fromkeys(texts))) if texts else {}
        for block in batch:
            found = self._block_entries(block, read, strings)
            for entry in found:  # a parent later in the same block is known to its children
                low = entry.key.lower()
                if low in self._scan.targets and low not in parents:
                    parents[low] = entry
            for entry in found:
                if entry.key in seen:
                    message = f"duplicate key {entry.key!r}: BibTeX uses the first"
                    self.problems.append(BibProblem(entry.line, message, entry.key))
                seen.add(entry.key)
                yield self._resolved(entry, block.at, strings, parents)

    def _block_entries(
        self,
        block: Block,
        read: dict[str, tuple[_Item, ...]] | None,
        strings: dict[str, str],
        record: bool = True,
    ) -> list[BibEntry]:
        """The entries of one block, its `@string`s added to `strings` (and its problems to
        `problems` when `record`)."""
        if block.oversized:
            if record:
                message = f"block over {MAX_BLOCK >> 20} MB, skipped: not a BibTeX entry"
                self.problems.append(BibProblem(block.at.line, message))
            return []
        items = read.get(block.text) if read else None
        if items is None:
            items = _read_block(block.text)
        if items is None:  # does not read alone: bibtexparser's reading, problems and all
            items, problems = _read_broken(block.text, duplicates=False)
            if record:
                self.problems.extend(
                    BibProblem(block.at.line + p.line, _alone(p.message), p.key) for p in problems
                )
        starts = _line_starts(block.text)
        out: list[BibEntry] = []
        for item in items:
            line = block.at.line + item.line
            if item.kind == "string":
                if item.key in self.strings:  # as bibtexparser: the first definition holds
                    if record:
                        message = f"duplicate key {item.key!r}: BibTeX uses the first"
                        self.problems.append(BibProblem(line, message, item.key))
                    continue
                value = expand(dict(item.fields)["value"], strings)
                strings[item.key.lower()] = value
                if record:
                    self.strings[item.key] = value
                continue
            fields = {name: expand(value, strings) for name, value in item.fields}
            last = bisect.bisect_right(starts, max(item.start, item.end - 1)) - 1
            end_line = max(line, block.at.line + last)
            start = block.at.offset + item.start
            end = start + (item.end - item.start)
            out.append(BibEntry(item.key, item.type, fields, line, end_line, start, end))
        return out

    def _resolved(
        self, entry: BibEntry, at: Place, strings: dict[str, str], parents: dict[str, BibEntry]
    ) -> BibEntry:
        ref = entry.get("crossref")
        if not ref:
            return entry
        low = ref.lower()
        parent = parents.get(low)
        if parent is None and (place := self._scan.ahead.get(low)) and place.offset > at.offset:
            parent = self._read_ahead(low, place, at, strings)
            if parent is not None:
                parents[low] = parent
        if parent is None or (parent.key == entry.key and parent.start == entry.start):
            return entry
        return inherit(entry, parent)

    def _read_ahead(
        self, key: str, place: Place, here: Place, strings: dict[str, str]
    ) -> BibEntry | None:
        """The parent whose block starts at `place`, read there with the macros defined up to
        it (the `@string` blocks between `here` and it are read again, quietly)."""
        macros = dict(strings)
        first = bisect.bisect_right([p.offset for p in self._scan.strings], here.offset)
        for p in self._scan.strings[first:]:
            if p.offset >= place.offset:
                break
            block = next(self._blocks(p), None)
            if block is not None:
                self._quiet(block, macros)
        block = next(self._blocks(place), None)
        if block is None:
            return None
        found = self._quiet(block, macros)
        return next((e for e in found if e.key.lower() == key), None)

    def _quiet(self, block: Block, strings: dict[str, str]) -> list[BibEntry]:
        return self._block_entries(block, None, strings, record=False)


def _alone(message: str) -> str:
    # Read alone, an entry that never closes runs into the end of its block, not of the file.
    if message.endswith("Unexpectedly reached end of file."):
        return message.replace(
            "Unexpectedly reached end of file.",
            "it does not close before the next entry (or the end of the file)",
        )
    return message


@contextlib.contextmanager
def _open_regular(path: Path) -> Iterator[io.BufferedReader]:
    """A binary handle on the regular file at `path`; devices, FIFOs and sockets refused before
    a byte is read (a FIFO opened without O_NONBLOCK would block)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnreadableFile(errno.EINVAL, "not a regular file; not read", str(path))
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        yield handle
