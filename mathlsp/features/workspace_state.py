"""The server's view of the notes: open buffers from the editor, everything else from disk.

Each problem folder is one `ProblemFolder` whose reader serves an open document's current text
(unsaved edits included) and reads unopened files from disk through a cache keyed by mtime and
size. `workspace/didChangeWatchedFiles` drops cache entries, so a file another program rewrote is
read again even when its mtime did not move.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pygls.uris import from_fs_path, to_fs_path

from mathlsp.features.buffers import NoteBuffer
from mathlsp.features.convert import offset_of
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import (
    MAX_FOLDER_NOTES,
    ProblemFolder,
    find_problem_folder,
    find_project_root,
    is_problem_folder,
    is_slug_folder,
)
from mathlsp.notes.loader import MAX_NOTE_BYTES, LoadedText, read_note
from mathlsp.notes.walk import walk_markdown

if TYPE_CHECKING:
    from lsprotocol import types
    from pygls.workspace import TextDocument

    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)

WALK_REUSE_S = 2.0


@functools.lru_cache(maxsize=1024)
def uri_to_path(uri: str) -> Path | None:
    # Asked several times per request (a hover reads three notes): pygls's parse is ~20 µs.
    path = to_fs_path(uri)
    return Path(path) if path else None


@dataclass(frozen=True, slots=True)
class Cursor:
    """Where a request points: the note's folder, its parsed text and the string offset."""

    folder: ProblemFolder
    doc: MarkdownDoc
    offset: int


@dataclass(frozen=True, slots=True)
class OpenNote:
    uri: str
    path: Path
    document: TextDocument

    @property
    def version(self) -> int | None:
        return self.document.version


class NoteStore:
    def __init__(self, server: MathLanguageServer) -> None:
        self.server = server
        self._open: dict[Path, str] = {}  # path → the URI the client uses for it
        self._disk: dict[Path, tuple[int, int, LoadedText]] = {}
        # Every unopened file read from disk, with what it looked like (None: absent), so a
        # poller can tell when another program changed it.
        self._seen: dict[Path, tuple[int, int] | None] = {}
        self._folders: dict[Path, ProblemFolder] = {}
        self._roots: dict[Path, Path] = {}
        # Each folder's walk for notes (`notes.walk`), reused for WALK_REUSE_S or until files
        # come, go or open: requests on the event loop ask for it, and a walk reads the disk.
        self._walks: dict[Path, tuple[float, list[Path]]] = {}
        self._walking: set[Path] = set()  # folders a worker thread is walking now

    # -- open documents -----------------------------------------------------------------
    def did_open(self, uri: str) -> Path | None:
        path = uri_to_path(uri)
        if path is not None:
            self._open[path] = uri
            self._disk.pop(path, None)  # the buffer is the text now: no second copy
            self._forget_roots()  # an unsaved PROBLEM.md can make a folder
        return path

    def did_close(self, uri: str) -> Path | None:
        path = uri_to_path(uri)
        if path is not None and self._open.get(path) == uri:
            del self._open[path]
            self._disk.pop(path, None)
            self._forget_roots()
        return path

    def open_note(self, uri: str) -> OpenNote | None:
        document = self._documents().get(uri)
        if document is None:
            # pygls keys documents by the unquoted URI.
            from urllib.parse import unquote

            document = self._documents().get(unquote(uri))
        path = uri_to_path(uri)
        if document is None or path is None:
            return None
        return OpenNote(uri, path, document)

    def open_notes(self) -> list[OpenNote]:
        out = []
        for _path, uri in list(self._open.items()):
            note = self.open_note(uri)
            if note is not None:
                out.append(note)
        return out

    def uri_for(self, path: Path) -> str:
        return self._open.get(path) or from_fs_path(str(path)) or path.as_uri()

    def is_open(self, path: Path) -> bool:
        return path in self._open

    def _documents(self) -> dict[str, TextDocument]:
        return self.server.workspace.text_documents

    # -- reading -------------------------------------------------------------------------
    def read(self, path: Path) -> LoadedText:
        uri = self._open.get(path)
        if uri is not None:
            note = self.open_note(uri)
            if note is not None:
                return _buffer_text(note.document)
        return self._read_disk(path)

    def _read_disk(self, path: Path) -> LoadedText:
        try:
            st = os.stat(path)
        except OSError:
            self._disk.pop(path, None)
            self._seen[path] = None
            return read_note(path)  # the precise reason (not found, permission…)
        self._seen[path] = (st.st_mtime_ns, st.st_size)
        cached = self._disk.get(path)
        if cached is not None and cached[0] == st.st_mtime_ns and cached[1] == st.st_size:
            return cached[2]
        loaded = read_note(path)
        self._disk[path] = (st.st_mtime_ns, st.st_size, loaded)
        return loaded

    def invalidate(self, paths: list[Path]) -> None:
        for path in paths:
            self._disk.pop(path, None)
        self._forget_roots()

    def changed_on_disk(self) -> list[Path]:
        """Unopened files read before whose mtime/size (or existence) changed since."""
        changed = []
        for path, seen in list(self._seen.items()):
            if path in self._open:
                continue
            try:
                st = os.stat(path)
                now: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
            except OSError:
                now = None
            if now != seen:
                changed.append(path)
                self._seen[path] = now
        if changed:
            self._forget_roots()
        return changed

    # -- folders -------------------------------------------------------------------------
    def _forget_roots(self) -> None:
        self._roots.clear()
        # Kept, but stale: the next request walks again (in a worker thread), and the event
        # loop answers meanwhile from what the last walk found.
        self._walks = {root: (0.0, notes) for root, (_, notes) in self._walks.items()}

    def folder_root(self, path: Path) -> Path:
        # Asked on every request: remembered, and forgotten when files come, go or open.
        root = self._roots.get(path)
        if root is None:
            root = self._roots[path] = self._find_root(path)
        return root

    def _find_root(self, path: Path) -> Path:
        root = find_problem_folder(path)
        if root is not None:
            return root
        # A brand-new folder whose PROBLEM.md/LITERATURE.md is open but not saved yet.
        for name in ("PROBLEM.md", "LITERATURE.md"):
            if path.parent / name in self._open:
                return path.parent
        return path.parent

    def folder_for(self, path: Path) -> ProblemFolder:
        root = self.folder_root(path)
        folder = self._folders.get(root)
        if folder is None:
            folder = self._folders[root] = ProblemFolder(root, self.read, deep=self._deep(root))
        return folder

    def doc(self, path: Path) -> MarkdownDoc | None:
        return self.folder_for(path).doc(path)

    def open_doc(self, uri: str) -> MarkdownDoc | None:
        """The parsed current version of an open note (None for a document the editor has not
        opened or mathlsp does not read)."""
        note = self.open_note(uri)
        return None if note is None else self.doc(note.path)

    def cursor(self, uri: str, position: types.Position) -> Cursor | None:
        path = uri_to_path(uri)
        if path is None:
            return None
        folder = self.folder_for(path)
        doc = folder.doc(path)
        if doc is None:
            return None
        return Cursor(folder, doc, offset_of(doc, position, self.server.position_encoding))

    def open_in_folder(self, root: Path) -> list[OpenNote]:
        return [n for n in self.open_notes() if self.folder_root(n.path) == root]

    def note_paths(self, folder: ProblemFolder) -> list[Path]:
        """The folder's notes on disk plus open notes not saved yet."""
        paths = list(self._walked(folder))
        known = set(paths)
        for path in list(self._open):  # a worker thread may read while a notification writes
            if (
                path not in known
                and path.suffix.lower() == ".md"
                and self.folder_root(path) == folder.root
            ):
                paths.append(path)
        return paths

    def _walked(self, folder: ProblemFolder) -> list[Path]:
        """The folder's walk for notes. A worker thread walks when the last walk is stale; the
        event loop never walks a folder's sub-folders: it takes the last walk (or, before the
        first, the folder's own files, one directory read) and a worker thread walks for the
        next request."""
        walked = self._walks.get(folder.root)
        if walked is not None and time.monotonic() - walked[0] <= WALK_REUSE_S:
            return walked[1]
        if threading.current_thread() is not threading.main_thread():
            return self._walk(folder)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test calling in): nothing to keep free
            return self._walk(folder)
        if folder.root not in self._walking:
            self._walking.add(folder.root)
            job = loop.run_in_executor(None, self._walk, folder)
            job.add_done_callback(lambda _: self._walking.discard(folder.root))
        if walked is not None:
            return walked[1]
        return walk_markdown(folder.root, deep=False, max_notes=MAX_FOLDER_NOTES).notes

    def _walk(self, folder: ProblemFolder) -> list[Path]:
        notes = folder.note_paths()
        self._walks[folder.root] = (time.monotonic(), notes)
        if folder.walk_note:
            self.server.log_to_client(f"mathlsp: {folder.walk_note}")
        return notes

    def docs(self, folder: ProblemFolder) -> list[MarkdownDoc]:
        out = []
        for path in self.note_paths(folder):
            doc = folder.doc(path)
            if doc is not None:
                out.append(doc)
        return out

    def known_folders(self) -> list[ProblemFolder]:
        """Every problem folder the workspace holds: under `.math/problems/` of each workspace
        folder, workspace folders that are problem folders themselves, and those of open notes.
        A folder met before (a note opened in it) stays while it is inside the workspace: one in
        a workspace folder the editor removed, or of a note closed outside it, is not listed."""
        bases = self._workspace_roots()
        roots = {r for r in self._folders if any(r == w or w in r.parents for w in bases)}
        for base in bases:
            project = find_project_root(base / ".math") if (base / ".math").is_dir() else None
            problems = (project or base) / ".math" / "problems"
            try:
                if problems.is_dir():
                    roots.update(p for p in problems.iterdir() if p.is_dir())
            except OSError:
                pass
            if is_problem_folder(base):
                roots.add(base)
        for path in list(self._open):
            roots.add(self.folder_root(path))
        out = []
        for root in sorted(roots):
            folder = self._folders.get(root)
            if folder is None:
                folder = self._folders[root] = ProblemFolder(root, self.read, deep=self._deep(root))
            out.append(folder)
        return out

    def _deep(self, root: Path) -> bool:
        """Whether the folder's sub-folders are walked for notes: a `.math/problems/<slug>/`
        folder, or a folder inside a workspace folder. A LITERATURE.md opened anywhere else
        (a download, `/`) brings only its own folder's files."""
        if is_slug_folder(root):
            return True
        return any(root == w or w in root.parents for w in self._workspace_roots())

    def _workspace_roots(self) -> list[Path]:
        roots: list[Path] = []
        try:
            workspace = self.server.workspace
        except RuntimeError:
            return roots
        # `rootUri` only for a client that gives no workspace folders: it names the first folder,
        # and stays when the editor removes that folder (workspace/didChangeWorkspaceFolders).
        for uri in list(workspace.folders) or [workspace.root_uri]:
            if uri and (path := uri_to_path(uri)) is not None and path not in roots:
                roots.append(path)
        return roots


def _buffer_text(document: TextDocument) -> LoadedText:
    """An open buffer judged like a file on disk: binary junk and huge texts are refused."""
    starts = None
    if isinstance(document, NoteBuffer):
        text, generation, starts = document.snapshot()
        for _ in range(50):  # read while a change was being applied: let it finish, read again
            if generation is not None:
                break
            time.sleep(0.001)
            text, generation, starts = document.snapshot()
    else:
        text, generation = document.source, None
    if "\x00" in text[:8192]:
        return LoadedText(None, "binary file (contains NUL bytes); not a Markdown note")
    if len(text) > MAX_NOTE_BYTES:
        return LoadedText(None, f"file is too large to check ({len(text) / 1e6:.0f} MB)")
    if generation is not None:
        return LoadedText(text, history=document, generation=generation, starts=starts)
    return LoadedText(text)
