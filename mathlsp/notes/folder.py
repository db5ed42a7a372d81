"""A problem folder: its notes parsed once and shared by every check and feature.

Text comes from a `reader` so the language server can serve open (unsaved) buffers and the CLI
can serve the disk; parsed documents are reused while their text is unchanged.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from mathlsp.notes.chunked import TextView
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.gcpause import gc_paused
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.loader import LoadedText, read_note
from mathlsp.notes.problem import ProblemDoc
from mathlsp.notes.walk import walk_markdown

log = logging.getLogger(__name__)

SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")
KNOWN_FILES = (
    "PROBLEM.md", "LITERATURE.md", "JOURNAL.md", "NOTATION.md", "STATE.md", "DASHBOARD.md",
    "PROOF.md", "COMPUTATION.md",
)  # fmt: skip
MAX_FOLDER_NOTES = 500

Reader = Callable[[Path], LoadedText]


class UnsafeSlug(ValueError):
    pass


def check_slug(slug: str) -> str:
    if not SLUG.fullmatch(slug):
        raise UnsafeSlug(
            f"invalid problem slug {slug!r}: use lower-case letters, digits and '-', "
            "starting with a letter or digit (no '/', '..' or absolute paths)"
        )
    return slug


def doc_class(path: Path) -> type[MarkdownDoc]:
    return {
        "LITERATURE.md": LiteratureDoc,
        "PROBLEM.md": ProblemDoc,
        "JOURNAL.md": JournalDoc,
    }.get(path.name, MarkdownDoc)


def parse_note(path: Path, text: str) -> MarkdownDoc:
    with gc_paused():
        return doc_class(path)(text, path)


def _rebind(doc: MarkdownDoc, text: str | TextView) -> None:
    """Point `doc` at `text`, a text equal to its own."""
    if not isinstance(doc, LiteratureDoc):  # only a LiteratureDoc reads a version's chunks
        text = str(text)
    doc.text = text  # type: ignore[assignment]
    doc.lines.rebind(text)
    doc.__dict__.pop("index", None)  # a LineIndex holding the old string


def _share_starts(doc: MarkdownDoc, loaded: LoadedText) -> None:
    """Give an editor buffer that has no line starts yet the ones its parse computed."""
    if loaded.history is not None and loaded.starts is None and loaded.generation is not None:
        loaded.history.adopt_starts(loaded.generation, doc.lines.starts)


def _edited(was: LoadedText, now: LoadedText) -> bool:
    """The same editor buffer, changed since: no need to compare megabytes to know that the
    model must follow its edits (an edit undone is followed too, and parses the same)."""
    return (
        was.history is not None
        and was.history is now.history
        and was.generation is not None
        and now.generation is not None
        and was.generation != now.generation
    )


def _same(was: LoadedText, now: LoadedText) -> bool:
    """Whether `now` is the text `was` read: the same version of the same editor buffer (no
    need to compare, nor to build the whole string of a version kept in chunks), else equal
    strings (an identity check when nothing was re-read)."""
    if (
        was.history is not None
        and was.history is now.history
        and was.generation is not None
        and was.generation == now.generation
    ):
        return True
    if was.source is now.source:
        return True
    return was.text == now.text


def _reparsed(old: MarkdownDoc, was: LoadedText, now: LoadedText) -> MarkdownDoc | None:
    """`old` updated for the edits an editor buffer made since it was parsed, re-parsing only
    what they touched; None when that history is not known (then the caller parses anew)."""
    if (
        not isinstance(old, LiteratureDoc)
        or now.history is None
        or was.history is not now.history
        or was.generation is None
        or now.generation is None
        or now.source is None
    ):
        return None
    edit = now.history.edit_since(was.generation, now.generation)
    if edit is None or now.source is None or len(now.source) != old.size + edit.delta:
        return None
    with gc_paused():
        return LiteratureDoc.reparse(old, now.source, edit, now.starts)


def is_problem_folder(path: Path) -> bool:
    return (path / "PROBLEM.md").is_file() or (path / "LITERATURE.md").is_file()


def is_slug_folder(path: Path) -> bool:
    """Whether `path` is a `.math/problems/<slug>/` folder (by its place, whatever it holds)."""
    return path.parent.name == "problems" and path.parent.parent.name == ".math"


def find_problem_folder(path: Path) -> Path | None:
    """The problem folder a note belongs to: `.math/problems/<slug>/` or a folder with the files."""
    folder = path if path.is_dir() else path.parent
    if is_slug_folder(folder):
        return folder
    if is_problem_folder(folder) or path.name in ("PROBLEM.md", "LITERATURE.md"):
        return folder
    # A note in a sub-folder of `.math/problems/<slug>/` (`drafts/proof.md`) is that problem's:
    # the project-wide check already walks it so, while opened or checked alone it was read as
    # a folder of its own ("REF-001 cannot be resolved: this problem folder has no
    # LITERATURE.md" for a REF the problem has).
    return next((a for a in folder.parents if is_slug_folder(a)), None)


def find_project_root(path: Path) -> Path | None:
    """The nearest folder above `path` holding `.math/config.json` (or a `.math/` folder)."""
    for candidate in [path if path.is_dir() else path.parent, *path.parents]:
        if (candidate / ".math").is_dir():
            return candidate
    return None


class ProblemFolder:
    """The notes of one problem folder, parsed lazily and cached by text."""

    def __init__(self, root: Path, reader: Reader = read_note, *, deep: bool = True) -> None:
        self.root = root
        self.reader = reader
        # Whether sub-folders are walked for notes: the caller's trust in the folder (the server
        # walks only problem folders inside the workspace); `/` and home never are.
        self.deep = deep
        #: Why the last walk stopped early or stayed shallow (`notes.walk`), else None.
        self.walk_note: str | None = None
        # Each note's parse and the text it parsed.
        self._docs: dict[Path, tuple[MarkdownDoc, LoadedText]] = {}
        self._problems: dict[Path, str] = {}
        self._lock = threading.RLock()
        # The last check of each LITERATURE.md (`checks._check_literature`): the next version,
        # edited from it, starts from its findings.
        self.check_memo: dict[Path, tuple[Any, ...]] = {}

    @property
    def slug(self) -> str:
        return self.root.name

    def note_paths(self) -> list[Path]:
        """Every Markdown note in the folder (sub-folders included, hidden ones not)."""
        walk = walk_markdown(self.root, deep=self.deep, max_notes=MAX_FOLDER_NOTES)
        if walk.note and walk.note != self.walk_note:
            log.warning("%s", walk.note)
        self.walk_note = walk.note
        return walk.notes

    def doc(self, path: Path) -> MarkdownDoc | None:
        # One parse at a time: checks of several notes run in worker threads and all want the
        # same LITERATURE.md; the second waits and gets the first one's result.
        with self._lock:
            return self._doc(path)

    def _doc(self, path: Path) -> MarkdownDoc | None:
        loaded = self.reader(path)
        if loaded.source is None:
            self._problems[path] = loaded.problem or "unreadable"
            self._docs.pop(path, None)
            return None
        self._problems.pop(path, None)
        cached = self._docs.get(path)
        if cached is not None and not _edited(cached[1], loaded) and _same(cached[1], loaded):
            if cached[1].source is not loaded.source:
                # Equal text in a new object (a buffer rebuilt by an edit that was undone, or
                # the file opened in the editor): the parse holds the new one, so the next call
                # is an identity check, not a comparison of megabytes, and the old copy is
                # freed.
                _rebind(cached[0], loaded.source)
                self._docs[path] = (cached[0], loaded)
                _share_starts(cached[0], loaded)
            return cached[0]
        doc = None
        if cached is not None:
            doc = _reparsed(cached[0], cached[1], loaded)
        if doc is None:
            if cached is not None and loaded.history is not None:
                log.debug("%s: parsed whole (the edits since the last parse are not known)", path)
            text = loaded.text
            assert text is not None  # `source` is not None
            doc = parse_note(path, text)
        self._docs[path] = (doc, loaded)
        _share_starts(doc, loaded)
        return doc

    def load_problem(self, path: Path) -> str | None:
        """Why `path` could not be used, after `doc(path)` returned None."""
        return self._problems.get(path)

    @property
    def literature(self) -> LiteratureDoc | None:
        doc = self.doc(self.root / "LITERATURE.md")
        return doc if isinstance(doc, LiteratureDoc) else None

    @property
    def problem(self) -> ProblemDoc | None:
        doc = self.doc(self.root / "PROBLEM.md")
        return doc if isinstance(doc, ProblemDoc) else None

    @property
    def journal(self) -> JournalDoc | None:
        doc = self.doc(self.root / "JOURNAL.md")
        return doc if isinstance(doc, JournalDoc) else None

    def docs(self) -> Iterator[MarkdownDoc]:
        for path in self.note_paths():
            doc = self.doc(path)
            if doc is not None:
                yield doc
