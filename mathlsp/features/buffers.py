"""Open documents that apply an edit in time independent of their length, and remember it.

pygls's `TextDocument` applies an incremental change by re-splitting the whole text and
copying it line by line in Python (13 ms a keystroke on a 9 MB LITERATURE.md). `NoteBuffer`
keeps the line starts of its text, so a change costs one string copy at C speed and a splice of
that list; and it logs the region each change touched, so the notes model can re-parse only
that region (`edit_since`).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Sequence
from typing import Any

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

from mathlsp.notes.edits import Edit, compose
from mathlsp.notes.linestarts import line_of, line_starts
from mathlsp.notes.markdown import respliced
from mathlsp.notes.text import column_offset

# Enough for a burst typed while a check of a large file runs; older versions re-parse whole.
_LOG_LENGTH = 512


class NoteBuffer(TextDocument):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._starts: Sequence[int] | None = None
        self.generation = 0  # counts applied changes; the model remembers the one it parsed
        self._seq = 0  # odd while a change is being applied (read from worker threads)
        self._log: deque[tuple[int, Edit]] = deque(maxlen=_LOG_LENGTH)
        self._lock = threading.Lock()  # a change (event loop) against `adopt_starts` (a worker)

    def _line_starts(self) -> Sequence[int]:
        if self._starts is None:
            self._starts = line_starts(self.source)
        return self._starts

    def _offset(self, source: str, starts: Sequence[int], pos: types.Position) -> int:
        if pos.line >= len(starts):
            return len(source)
        start = starts[pos.line]
        end = starts[pos.line + 1] if pos.line + 1 < len(starts) else len(source)
        line = source[start:end].rstrip("\r\n")
        encoding = str(getattr(self.position_codec.encoding, "value", "utf-16"))
        return start + column_offset(line, pos.character, encoding)

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        with self._lock:
            source = self.source
            starts = self._line_starts()
            start = self._offset(source, starts, change.range.start)
            end = self._offset(source, starts, change.range.end)
            if end < start:
                start, end = end, start
            text = change.text
            self._seq += 1
            self._source = splice(source, start, end, text)
            self._starts = _spliced_starts(source, starts, start, end, text)
            self.generation += 1
            self._log.append((self.generation, Edit(start, end, start + len(text))))
            self._seq += 1

    def _apply_full_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        with self._lock:
            self._seq += 1
            super()._apply_full_change(change)
            self._starts = None
            self.generation += 1
            self._log.clear()  # no region to tell: the next parse starts over
            self._seq += 1

    def adopt_starts(self, generation: int, starts: Sequence[int]) -> None:
        """The model's line starts for this buffer's text: the first keystroke after opening a
        large file then splices them (a 5,000-reference file: 58k starts, 8 ms and 2 MiB)."""
        with self._lock:
            if self._starts is None and self.generation == generation:
                self._starts = starts

    def snapshot(self) -> tuple[str, int | None, Sequence[int] | None]:
        """The text, the change count it belongs to and its line starts when known (None for
        both if a change landed meanwhile). The list is never modified: a change makes a new
        one."""
        seq = self._seq
        generation = self.generation
        text = self.source
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


_WINDOW = 48


def splice(source: str, start: int, end: int, text: str, around: int = _WINDOW) -> str:
    """source[:start] + text + source[end:], built in one allocation when it can be.

    Joining slices holds the old text, a slice as long as most of it and the new text at once:
    three copies of a 9 MB file a keystroke, whose freed blocks the allocator then keeps. When
    the few characters around the edit first occur where the edit is, `str.replace` of that
    window makes the new text directly (only the old and the new text are alive), at C speed.

    In the second half of the text, finding the window would read the text up to it twice
    (`find`, then `replace`'s own search) besides copying it: 4 ms at the last entry of a
    5,000-reference file. There the head is sliced and joined to the short rest: two copies,
    2.1 ms in process. Typing there 300 times keeps the server at the resident size the `find`
    way did (151 MiB at 5,000 references, `bench_soak.py --where last`), and a quiet moment gives
    it back (final / after open 1.00). Appending the rest to the head in place (`+=`) is one copy
    (1.6 ms) until glibc serves the growing head from fresh mappings: then each keystroke
    faulted 8,500 pages in and took 20-50 ms in the server, in one run of two."""
    if start > len(source) // 2:
        return source[:start] + (text + source[end:])
    a, b = max(0, start - around), min(len(source), end + around)
    window = source[a:b]
    if window and source.find(window) == a:
        return source.replace(window, source[a:start] + text + source[end:b], 1)
    return source[:start] + text + source[end:]


def _spliced_starts(
    source: str, starts: Sequence[int], start: int, end: int, text: str
) -> Sequence[int] | None:
    """Line starts after replacing source[start:end] with text; None: recompute when asked."""
    if "\r" in text or "\r" in source[max(start - 1, 0) : end + 1]:
        return None  # `\r\n` pairs may join or split: rare enough to recount
    inside = []
    at = text.find("\n")
    while at >= 0:
        inside.append(start + at + 1)
        at = text.find("\n", at + 1)
    first = line_of(starts, start)
    last = line_of(starts, end)
    return respliced(starts, first, last, inside, len(text) - (end - start))


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
