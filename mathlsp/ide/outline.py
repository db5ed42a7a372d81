"""The outline of a note (document symbols) and a folder's symbols (workspace symbols). Pure."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, TypeVar

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.journal import JournalDoc, JournalEntry
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.notes.markdown import Heading, Lines
from mathlsp.notes.problem import ProblemDoc
from mathlsp.notes.spans import Span


class SymbolKind(Enum):
    """What an outline node is; the protocol layer maps each to an LSP SymbolKind."""

    DOCUMENT = "document"  # a level-1 heading / the problem title
    SECTION = "section"  # a schema section (## Confirmed References …) or any other heading
    REFERENCE = "reference"  # ### REF-NNN
    UNCONFIRMED = "unconfirmed"  # ### UREF-NNN
    JOURNAL_ENTRY = "journal_entry"  # ### PROOF-NNN / LIT-NNN / COMP-NNN / NOTE-NNN
    FRONTMATTER = "frontmatter"


@dataclass(slots=True)
class OutlineNode:
    name: str
    kind: SymbolKind
    span: Span  # the whole thing
    selection: Span  # what to highlight (the id or heading title)
    detail: str = ""
    children: list[OutlineNode] = field(default_factory=list)

    @property
    def start(self) -> int:
        return self.span.start

    @property
    def end(self) -> int:
        return self.span.end

    def stretch(self, end: int) -> None:
        self.span = Span(self.span.start, end)


class TreeNode(Protocol):
    """What the heading walk needs of a node: where it starts and ends (any ordered positions:
    offsets here, converted points in the protocol layer), its children, and a way to reach a
    child that runs past its end."""

    children: list[Any]

    @property
    def start(self) -> Any: ...

    @property
    def end(self) -> Any: ...

    def stretch(self, end: Any) -> None: ...


N = TypeVar("N", bound=TreeNode)
Entry = ReferenceEntry | JournalEntry


def heading_tree(
    doc: MarkdownDoc,
    entry_node: Callable[[Entry], N],
    section_node: Callable[[Heading, Span], N],
) -> list[N]:
    """The heading tree of a note, the one walk behind every outline: each heading becomes
    `entry_node(entry)` when it opens a reference or journal entry, else
    `section_node(heading, section span)`, nested under the nearest heading of a lower level.
    The frontmatter is the caller's (it is not a heading)."""
    entries: dict[int, Entry] = {}
    if isinstance(doc, LiteratureDoc):
        for e in doc.entries:
            entries[e.heading.line] = e
    elif isinstance(doc, JournalDoc):
        for j in doc.entries:
            entries[j.heading.line] = j

    roots: list[N] = []
    lines = doc.lines
    n_lines = len(lines.texts)
    stack: list[tuple[int, N]] = []  # (level, node)
    for idx, h in enumerate(lines.headings):
        entry = entries.get(h.line)
        node = entry_node(entry) if entry is not None else section_node(
            h, section_span(lines, idx, n_lines)
        )  # fmt: skip
        while stack and stack[-1][0] >= h.level:
            stack.pop()
        parent = stack[-1][1] if stack else None
        if parent is not None and parent.start <= node.start:
            # The child must lie inside its parent (an entry's span ends at its last field).
            if node.end > parent.end:
                parent.stretch(node.end)
            parent.children.append(node)
        else:
            roots.append(node)
        stack.append((h.level, node))
    return roots


def _entry(e: Entry) -> OutlineNode:
    if isinstance(e, ReferenceEntry):
        kind = SymbolKind.REFERENCE if e.confirmed else SymbolKind.UNCONFIRMED
        return OutlineNode(e.id, kind, e.span, e.id_span, e.title)
    return OutlineNode(e.id, SymbolKind.JOURNAL_ENTRY, e.span, e.id_span, e.title)


def _section(h: Heading, span: Span) -> OutlineNode:
    kind = SymbolKind.DOCUMENT if h.level == 1 else SymbolKind.SECTION
    return OutlineNode(h.title or "(untitled)", kind, span, h.title_span if h.title else h.span)


def outline(doc: MarkdownDoc) -> list[OutlineNode]:
    """The heading tree of a note, with reference and journal entries named by their id."""
    fm = doc.frontmatter
    head = (
        [OutlineNode("frontmatter", SymbolKind.FRONTMATTER, fm.span, fm.span)] if fm.present else []
    )
    return head + heading_tree(doc, _entry, _section)


def section_span(lines: Lines, idx: int, n_lines: int) -> Span:
    """A heading that is not an entry (`lines.headings[idx]`): through the last non-blank line
    before the next heading of its level or above, or the end of the text."""
    headings = lines.headings
    h = headings[idx]
    end_line = n_lines - 1
    for later in headings[idx + 1 :]:
        if later.level <= h.level:
            end_line = later.line - 1
            break
    return lines.line_span(h.line, max(h.line, _last_content_line(lines.texts, end_line)))


def _last_content_line(texts: Sequence[str], line: int) -> int:
    while line > 0 and not texts[line].strip():
        line -= 1
    return line


@dataclass(frozen=True, slots=True)
class FolderSymbol:
    name: str
    kind: SymbolKind
    doc: MarkdownDoc
    span: Span
    container: str


def folder_symbols(docs: list[MarkdownDoc], container: str) -> list[FolderSymbol]:
    """The symbols a folder contributes to workspace search: entries, journal entries, titles."""
    out: list[FolderSymbol] = []
    for doc in docs:
        if isinstance(doc, LiteratureDoc):
            for e in doc.entries:
                kind = SymbolKind.REFERENCE if e.confirmed else SymbolKind.UNCONFIRMED
                name = f"{e.id}: {e.title}" if e.title else e.id
                out.append(FolderSymbol(name, kind, doc, e.id_span, container))
        elif isinstance(doc, JournalDoc):
            for j in doc.entries:
                name = f"{j.id}: {j.title}" if j.title else j.id
                out.append(FolderSymbol(name, SymbolKind.JOURNAL_ENTRY, doc, j.id_span, container))
        elif isinstance(doc, ProblemDoc) and doc.title:
            title_field = doc.frontmatter.fields.get("title")
            h1 = next((h for h in doc.lines.headings if h.level == 1), None)
            if title_field is not None:
                span = title_field.value_span
            elif h1 is not None:
                span = h1.title_span
            else:
                span = Span(0, 0)
            out.append(FolderSymbol(doc.title, SymbolKind.DOCUMENT, doc, span, container))
    return out


def matches_query(name: str, query: str) -> bool:
    """Workspace-symbol matching: every word of the query is a case-insensitive substring;
    a single word may also match as a subsequence (`ref12` finds `REF-012`)."""
    if not query.strip():
        return True
    low = name.lower()
    words = query.lower().split()
    if all(w in low for w in words):
        return True
    if len(words) == 1:
        it = iter(low)
        return all(ch in it for ch in words[0])
    return False
