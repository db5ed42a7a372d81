"""The server's view of the notes: open buffers from the editor, everything else from disk.

Each problem folder is one `ProblemFolder` whose reader serves an open document's current text
(unsaved edits included) and reads unopened files from disk through a cache keyed by mtime and
size. `workspace/didChangeWatchedFiles` drops cache entries, so a file another program rewrote is
read again even when its mtime did not move.
"""

from __future__ import annotations

import functools
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pygls.uris import from_fs_path, to_fs_path

from mathlsp.features.buffers import NoteBuffer
from mathlsp.features.convert import offset_of
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import (
    ProblemFolder,
    find_problem_folder,
    find_project_root,
    is_problem_folder,
)
from mathlsp.notes.loader import MAX_NOTE_BYTES, LoadedText, read_note

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
        self._walks.clear()

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
        walked = self._walks.get(folder.root)
        if walked is None or time.monotonic() - walked[0] > WALK_REUSE_S:
            walked = self._walks[folder.root] = (time.monotonic(), folder.note_paths())
            if folder.walk_note:
                self.server.log_to_client(f"mathlsp: {folder.walk_note}")
        paths = list(walked[1])
        known = set(paths)
        for path in list(self._open):  # a worker thread may read while a notification writes
            if (
                path not in known
                and path.suffix.lower() == ".md"
                and self.folder_root(path) == folder.root
            ):
                paths.append(path)
        return paths

    def docs(self, folder: ProblemFolder) -> list[MarkdownDoc]:
        out = []
        for path in self.note_paths(folder):
            doc = folder.doc(path)
            if doc is not None:
                out.append(doc)
        return out

    def known_folders(self) -> list[ProblemFolder]:
        """Every problem folder the workspace holds: under `.math/problems/` of each workspace
        folder, workspace folders that are problem folders themselves, and those of open notes."""
        roots: set[Path] = set(self._folders)
        for base in self._workspace_roots():
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
        if root.parent.name == "problems" and root.parent.parent.name == ".math":
            return True
        return any(root == w or w in root.parents for w in self._workspace_roots())

    def _workspace_roots(self) -> list[Path]:
        roots: list[Path] = []
        try:
            workspace = self.server.workspace
        except RuntimeError:
            return roots
        for uri in [workspace.root_uri, *workspace.folders]:
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
