"""The quick fixes by name: each turns an open note's state and a diagnostic's data into edits.

The same functions serve the eager code actions and `codeAction/resolve`; the edits come from
the pure `mathlsp.ide.fixes`, made against the exact text the diagnostic was computed on."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.features.convert import offset_of
from mathlsp.features.edits import (
    FileEdit,
    Snapshot,
)
from mathlsp.ide import fixes
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.numbering import next_numbers
from mathlsp.notes.reuse import give_new_id
from mathlsp.notes.spans import Span

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)


RENUMBER_CODES = ("LIT007", "LIT008")


@dataclass(slots=True)
class NoteState:
    """The note a request is about, parsed from its buffer at one version."""

    server: MathLanguageServer
    uri: str
    path: Path
    version: int
    folder: ProblemFolder
    doc: MarkdownDoc

    @property
    def encoding(self) -> str:
        return self.server.position_encoding

    def offset(self, pos: types.Position) -> int:
        return offset_of(self.doc, pos, self.encoding)

    def file_edit(self, edits: Sequence[fixes.Edit]) -> FileEdit:
        return Snapshot(self.path, self.uri, self.doc.text, self.version).edit(edits)


def note_state(server: MathLanguageServer, uri: str) -> NoteState | None:
    """The open note at `uri`, parsed from its current buffer (None when not open/readable)."""
    store = server.store
    note = store.open_note(uri)
    if note is None or note.version is None:
        return None
    folder = store.folder_for(note.path)
    doc = folder.doc(note.path)
    if doc is None or doc.text != note.document.source:
        return None
    return NoteState(server, note.uri, note.path, note.version, folder, doc)


# -- the fixes, by name (the same functions serve eager actions and resolve) -----------------
FixFn = Callable[[NoteState, dict[str, Any]], list[FileEdit]]


def _single(fn: Callable[[NoteState, dict[str, Any]], list[fixes.Edit]]) -> FixFn:
    def run(state: NoteState, args: dict[str, Any]) -> list[FileEdit]:
        edits = fn(state, args)
        return [state.file_edit(edits)] if edits else []

    return run


def _lit(state: NoteState) -> LiteratureDoc | None:
    return state.doc if isinstance(state.doc, LiteratureDoc) else None


def _journal(state: NoteState) -> JournalDoc | None:
    return state.doc if isinstance(state.doc, JournalDoc) else None


def _fix_count(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    return fixes.fix_counts(state.doc, [str(args.get("key"))])


def _fix_all_counts(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    return fixes.fix_counts(state.doc)


def _add_marker(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    lit = _lit(state)
    return fixes.add_marker(lit, int(args["line"]), str(args["marker"])) if lit else []


def _downgrade(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    return fixes.downgrade_verified(state.doc, int(args["offset"]))


def _replace(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    span = Span(int(args["start"]), int(args["end"]))
    return fixes.replace_mention(state.doc, span, str(args["old"]), str(args["new"]))


def _section(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    lit = _lit(state)
    return fixes.insert_section(lit, str(args["section"])) if lit else []


def _relevel(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    return fixes.relevel_heading(state.doc, int(args["line"]), int(args["level"]))


def _reattempt(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    journal = _journal(state)
    if journal is None:
        return []
    return fixes.record_reattempt(journal, str(args["entry"]), str(args["prior"]))


def _insight(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    journal = _journal(state)
    return fixes.insert_insight(journal, str(args["id"])) if journal else []


def _strategy(state: NoteState, args: dict[str, Any]) -> list[fixes.Edit]:
    journal = _journal(state)
    return fixes.set_strategy(journal, str(args["id"]), str(args["strategy"])) if journal else []


def _other_notes(state: NoteState) -> tuple[list[MarkdownDoc], dict[str, Snapshot]]:
    """The folder's other notes, each with the snapshot its edit is versioned against (an open
    note whose buffer differs from what was checked is left out)."""
    store = state.server.store
    snapshots: dict[str, Snapshot] = {}
    notes: list[MarkdownDoc] = []
    for path in store.note_paths(state.folder):
        if path == state.path:
            continue
        doc = state.folder.doc(path)
        if doc is None:
            continue
        version = None
        if store.is_open(path):
            note = store.open_note(store.uri_for(path))
            if note is None or note.document.source != doc.text:
                continue
            version = note.version
        notes.append(doc)
        snapshots[doc.path] = Snapshot(path, store.uri_for(path), doc.text, version)
    return notes, snapshots


def _renumber(state: NoteState, args: dict[str, Any]) -> list[FileEdit]:
    """LITERATURE.md renumbered and every mention in every note of the folder updated."""
    lit = _lit(state)
    if lit is None:
        return []
    notes, snapshots = _other_notes(state)
    out: list[FileEdit] = []
    for p, edits in fixes.renumber_references(lit, notes).items():
        if p == lit.path:
            out.append(state.file_edit(edits))
        elif p in snapshots:
            out.append(snapshots[p].edit(edits))
    return out


def _new_id(state: NoteState, args: dict[str, Any]) -> list[FileEdit]:
    """LIT013: the entry holding a reused id gets the next never-used id, with the mentions that
    mean it (those meaning the earlier paper stay)."""
    lit = _lit(state)
    entry = lit.by_id.get(str(args.get("id", ""))) if lit is not None else None
    if lit is None or entry is None:
        return []
    notes, snapshots = _other_notes(state)
    new_id = next_numbers(lit, notes).peek(entry.kind)
    out: list[FileEdit] = []
    for p, edits in give_new_id(lit, entry.id, new_id, notes).items():
        if p == lit.path:
            out.append(state.file_edit(edits))
        elif p in snapshots:
            out.append(snapshots[p].edit(edits))
    return out


FIXES: dict[str, FixFn] = {
    "count": _single(_fix_count),
    "counts": _single(_fix_all_counts),
    "marker": _single(_add_marker),
    "downgrade": _single(_downgrade),
    "replace": _single(_replace),
    "section": _single(_section),
    "relevel": _single(_relevel),
    "reattempt": _single(_reattempt),
    "insight": _single(_insight),
    "strategy": _single(_strategy),
    "renumber": _renumber,
    "new_id": _new_id,
}
MULTI_FILE = frozenset({"renumber", "new_id"})
