"""Open documents that apply an edit in time independent of their length, and remember it.

pygls's `TextDocument` applies an incremental change by re-splitting the whole text and
copying it line by line in Python (13 ms a keystroke on a 9 MB LITERATURE.md). `NoteBuffer`
keeps its text in chunks (`ChunkedText`) and the line starts of it, so a change copies the chunk
it touches and splices that list, reading only the lines its range names. The notes model reads
the same chunks (`snapshot` hands it the version, a `TextView`); the whole string is built only
when something asks for it (`source`: hover, code actions, a full re-parse), once per version.
It logs the region each change touched, so the notes model can re-parse only that region
(`edit_since`).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Sequence
from typing import Any
from urllib.parse import unquote

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

from mathlsp.notes.chunked import CHUNK, ChunkedText, TextView
from mathlsp.notes.edits import TRIM_LIMIT, Edit, common_ends, compose
from mathlsp.notes.linestarts import line_of, line_starts
from mathlsp.notes.markdown import respliced
from mathlsp.notes.text import column_offset

log = logging.getLogger(__name__)


def is_open(workspace: Workspace, uri: str) -> bool:
    """Whether the client opened `uri` and has not closed it (pygls keys documents by the
    unquoted URI)."""
    return unquote(uri) in workspace.text_documents


# Enough for a burst typed while a check of a large file runs; older versions re-parse whole.
_LOG_LENGTH = 512


class NoteBuffer(TextDocument):
    chunk_size = CHUNK  # tests make it tiny, so that edits cross chunk boundaries

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # None: a document pygls made for a file not open (no text given), read when asked.
        self._chunked: ChunkedText | None = None
        if self._source is not None:
            self._chunked = ChunkedText(self._source, self.chunk_size)
            self._source = None  # the chunks hold the text now: keep no second copy alive
        self._starts: Sequence[int] | None = None
        self.generation = 0  # counts applied changes; the model remembers the one it parsed
        self._seq = 0  # odd while a change is being applied (read from worker threads)
        self._log: deque[tuple[int, Edit]] = deque(maxlen=_LOG_LENGTH)
        # A change (event loop) against `adopt_starts` and the join of `source` (workers): a
        # join that raced a change would keep the older text as the newer one's.
        self._lock = threading.Lock()

    @property
    def source(self) -> str:
        with self._lock:
            if self._chunked is None:
                return super().source
            return self._chunked.joined()

    @property
    def _text(self) -> ChunkedText:
        if self._chunked is None:
            self._chunked = ChunkedText(super().source, self.chunk_size)
        return self._chunked

    def _line_starts(self) -> Sequence[int]:
        if self._starts is None:
            self._starts = line_starts(self._text.joined())
        return self._starts

    def _offset(self, starts: Sequence[int], pos: types.Position) -> int:
        size = len(self._text)
        if pos.line >= len(starts):
            return size
        start = starts[pos.line]
        end = starts[pos.line + 1] if pos.line + 1 < len(starts) else size
        line = self._text.slice(start, end).rstrip("\r\n")
        encoding = str(getattr(self.position_codec.encoding, "value", "utf-16"))
        return start + column_offset(line, pos.character, encoding)

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        with self._lock:
            starts = self._line_starts()
            start = self._offset(starts, change.range.start)
            end = self._offset(starts, change.range.end)
            if end < start:
                start, end = end, start
            text = change.text
            self._seq += 1
            around = self._text.slice(max(start - 1, 0), end + 1)
            # The region logged for the model is what changed, not what the editor named
            # (`common_ends`): `around` holds the replaced text between its first and last
            # character.
            head = tail = 0
            if 0 < end - start <= TRIM_LIMIT and text:
                replaced = around[(1 if start else 0) : (1 if start else 0) + end - start]
                head, tail = common_ends(replaced, text)
            self._text.replace(start, end, text)
            self._starts = _spliced_starts(self._text, around, starts, start, end, text)
            self.generation += 1
            edit = Edit(start + head, end - tail, start + len(text) - tail)
            self._log.append((self.generation, edit))
            self._seq += 1

    def _apply_full_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        with self._lock:
            self._seq += 1
            self._chunked = ChunkedText(change.text, self.chunk_size)
            self._starts = None
            self.generation += 1
            self._log.clear()  # no region to tell: the next parse starts over
            self._seq += 1

    def compact(self) -> None:
        """Once typing pauses: a version whose whole string was built (a hover, a full parse)
        keeps that string only, not also its chunks (one copy of each open text, not two)."""
        with self._lock:
            if self._chunked is not None:
                self._chunked.compact()

    def adopt_starts(self, generation: int, starts: Sequence[int]) -> None:
        """The model's line starts for this buffer's text: the first keystroke after opening a
        large file then splices them (a 5,000-reference file: 58k starts, 8 ms and 2 MiB)."""
        with self._lock:
            if self._starts is None and self.generation == generation:
                self._starts = starts

    def snapshot(self) -> tuple[TextView | str, int | None, Sequence[int] | None]:
        """The text (a version of the chunks, or the string pygls holds for a document it made
        unasked), the change count it belongs to and its line starts when known (None for both
        if a change landed meanwhile). Neither is modified afterwards: a change makes new ones."""
        seq = self._seq
        generation = self.generation
        with self._lock:
            text: TextView | str = (
                self._chunked.view if self._chunked is not None else super().source
            )
        starts = self._starts
        if seq % 2 or seq != self._seq:
            return text, None, None
        return text, generation, starts

    def edit_since(self, since: int, until: int) -> Edit | None:
        """The region changed from change count `since` to `until`, or None when it is no
        longer known. Safe from a worker thread while the event loop applies changes."""
        if since == until:
            return Edit(0, 0, 0)
        log = list(self._log)  # one C-level copy: the loop may append meanwhile
        if not log or since < log[0][0] - 1 or since > until or until > log[-1][0]:
            return None
        return compose([e for g, e in log if since < g <= until])


def _spliced_starts(
    source: ChunkedText, around: str, starts: Sequence[int], start: int, end: int, text: str
) -> Sequence[int]:
    """Line starts after replacing old[start:end] with text (`source`: the new text; `around`:
    old[start - 1 : end + 1])."""
    first = line_of(starts, start)
    last = line_of(starts, end)
    delta = len(text) - (end - start)
    if "\r" not in text and "\r" not in around:
        inside = []
        at = text.find("\n")
        while at >= 0:
            inside.append(start + at + 1)
            at = text.find("\n", at + 1)
        return respliced(starts, first, last, inside, delta)
    # `\r\n` pairs may join or split at the edit's ends: the touched lines are read again
    # as they now stand, from the line of a `\r` just before the edit to the end of the last
    # touched line's old break (which the edit did not change; see `notes.markdown.touched`).
    if start and around[:1] == "\r":
        first = line_of(starts, start - 1)
    a = starts[first]
    b = starts[last + 1] + delta if last + 1 < len(starts) else len(source)
    inside = [a + s for s in line_starts(source.slice(a, b))[1:]]
    if last + 1 < len(starts):
        inside.pop()  # the start of the old line `last + 1`, which `respliced` moves itself
    return respliced(starts, first, last, inside, delta)


class NoteWorkspace(Workspace):
    """pygls's workspace, holding `NoteBuffer`s."""

    def _create_text_document(
        self,
        doc_uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
    ) -> TextDocument:
        return NoteBuffer(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=self._sync_kind,
            position_codec=self._position_codec,
        )

    def update_text_document(
        self,
        text_doc: types.VersionedTextDocumentIdentifier,
        change: types.TextDocumentContentChangeEvent,
    ) -> None:
        """pygls's, except that a change to a document that is not open (a client's late
        `didChange` after `didClose`) is dropped with a line in the log: pygls's KeyError went
        to the editor's output as an internal error."""
        if not is_open(self, text_doc.uri):
            log.info("didChange for %s, which is not open: dropped", text_doc.uri)
            return
        super().update_text_document(text_doc, change)

    @classmethod
    def replacing(cls, workspace: Workspace) -> NoteWorkspace:
        """The same workspace (root, folders, encoding, sync kind) holding `NoteBuffer`s; made
        at initialize, before any document is open."""
        new = cls(
            workspace.root_uri,
            workspace._sync_kind,
            list(workspace.folders.values()),
            workspace.position_encoding,
        )
        new._text_documents.update(workspace._text_documents)
        return new
