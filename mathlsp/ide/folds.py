"""Folding ranges of a note: the frontmatter, each section and entry, fenced code and HTML
comments. Pure: lines of the notes model in, line pairs out (the protocol layer writes them)."""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.journal import JournalEntry
from mathlsp.notes.literature import ReferenceEntry
from mathlsp.notes.markdown import Heading, Lines
from mathlsp.notes.spans import Span

from .outline import heading_tree


class FoldKind(Enum):
    REGION = "region"  # the frontmatter, a section, an entry, fenced code
    COMMENT = "comment"  # an HTML comment


class Fold(NamedTuple):  # a tuple: 25,000 of them at 20,000 entries, made on every request
    start_line: int
    end_line: int
    kind: FoldKind
    depth: int  # 0 for a fold nothing encloses: which folds a client's limit keeps first


class _Node:
    """A heading's fold being assembled by the heading walk: its first and last line."""

    __slots__ = ("children", "end", "start")

    def __init__(self, start: int, end: int) -> None:
        self.start = start
        self.end = end
        self.children: list[_Node] = []

    def stretch(self, end: int) -> None:
        self.end = end


def _entry_last_line(lines: Lines, e: ReferenceEntry | JournalEntry) -> int:
    """The line of an entry's last field. A reference entry keeps it in its parsed core's memo
    as lines below its heading, so a keystroke elsewhere converts no offset for it (at 20,000
    entries the folds of an edited file are then as cheap to build as the unchanged ones)."""
    if isinstance(e, ReferenceEntry):
        memo = e.core.memo
        below = memo.get("fold-lines")
        if below is None:
            below = lines.line_of(e.span.end) - e.heading.line
            memo["fold-lines"] = below
        return e.heading.line + below  # type: ignore[operator]
    return lines.line_of(e.span.end)


def folds(doc: MarkdownDoc) -> list[Fold]:
    """Every fold of `doc` that spans more than one line, by first line (an enclosing fold
    before those it encloses): the frontmatter, each heading's section or entry (an entry
    through its last field; a section through its last non-blank line before the next heading
    of its level or above, as in the outline) and each run of fenced code or an HTML comment in
    the body, whose first line says which."""
    lines = doc.lines

    def entry_node(e: ReferenceEntry | JournalEntry) -> _Node:
        return _Node(e.heading.line, _entry_last_line(lines, e))

    def section_node(h: Heading, span: Span) -> _Node:
        return _Node(h.line, lines.line_of(span.end))

    out: list[Fold] = []
    fm = doc.frontmatter
    if fm.present:
        # The block's span takes its closing fence's line break: its last line is the one
        # before the offset it ends at.
        last = lines.line_of(max(fm.span.start, fm.span.end - 1))
        if last > 0:
            out.append(Fold(0, last, FoldKind.REGION, 0))
    tree = heading_tree(doc, entry_node, section_node)
    stack: list[tuple[Any, int]] = [(n, 0) for n in reversed(tree)]
    while stack:
        node, depth = stack.pop()
        if node.end > node.start:
            out.append(Fold(node.start, node.end, FoldKind.REGION, depth))
        stack.extend((c, depth + 1) for c in reversed(node.children))
    blocks = list(_opaque_blocks(lines))
    if blocks:
        out = _nested(out, blocks)
    return out


def _opaque_blocks(lines: Lines) -> list[Fold]:
    """Fenced code and HTML comments: the runs of opaque lines after the frontmatter, found
    with `bytearray.find` (in C: a 140,000-line file with none costs two searches)."""
    opaque = lines.opaque
    texts = lines.texts
    n = len(opaque)
    out: list[Fold] = []
    at = opaque.find(1, lines.first_line)
    while 0 <= at < n:
        end = opaque.find(0, at)
        last = (n if end < 0 else end) - 1
        if last > at:
            comment = texts[at].lstrip(" ").startswith("<!--")
            out.append(Fold(at, last, FoldKind.COMMENT if comment else FoldKind.REGION, 0))
        if end < 0:
            break
        at = opaque.find(1, end)
    return out


def _nested(heading_folds: list[Fold], blocks: list[Fold]) -> list[Fold]:
    """Both lists merged by first line, each block's depth one more than the heading folds
    (and the frontmatter) that enclose it."""
    merged: list[Fold] = []
    open_ends: list[int] = []  # last lines of the heading folds enclosing the current line
    i = 0
    for b in blocks:
        while i < len(heading_folds) and heading_folds[i].start_line <= b.start_line:
            f = heading_folds[i]
            while open_ends and open_ends[-1] < f.start_line:
                open_ends.pop()
            merged.append(f)
            open_ends.append(f.end_line)
            i += 1
        while open_ends and open_ends[-1] < b.start_line:
            open_ends.pop()
        merged.append(Fold(b.start_line, b.end_line, b.kind, len(open_ends)))
    merged.extend(heading_folds[i:])
    return merged


def limited(all_folds: list[Fold], limit: int | None) -> list[Fold]:
    """At most `limit` folds (the client's `rangeLimit`): the outermost first (the frontmatter
    and sections before the entries inside them, then by line), kept in line order."""
    if limit is None or len(all_folds) <= limit:
        return all_folds
    if limit <= 0:
        return []
    order = sorted(range(len(all_folds)), key=lambda k: (all_folds[k].depth, k))
    return [all_folds[k] for k in sorted(order[:limit])]
