"""Finding the Markdown notes of a folder, bounded by design.

A LITERATURE.md opened at `/` or in a home folder made the folder walk everything below it,
following `/proc`'s symlink loops (24 s with the server blocked; from `/usr` it never ended), and
a symlink loop inside a project made `check` read every note ~41 times. Here:

- a folder that is `/`, the home folder or one of its ancestors is never walked below its own
  files (`shallow`), nor is any folder the caller does not trust with a deep walk;
- a symlinked folder is followed only when its target is inside the walked folder, and no folder
  (by device and inode) is read twice, so a loop ends at once;
- the walk stops after `MAX_WALK_ENTRIES` directory entries or `max_notes` notes, and says so.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

MAX_WALK_ENTRIES = 20_000


@dataclass
class Walk:
    notes: list[Path] = field(default_factory=list)
    #: Why the walk stopped early or stayed shallow, in one line; None when it saw everything.
    note: str | None = None


def broad_folder(path: Path) -> bool:
    """`/` (or a drive root), the home folder or one of its ancestors: never walked deep."""
    try:
        resolved = path.resolve()
        home = Path.home().resolve()
    except (OSError, RuntimeError):
        return True
    return resolved == Path(resolved.anchor) or resolved == home or resolved in home.parents


def _inside(target: str, root: str) -> bool:
    return target == root or target.startswith(root.rstrip(os.sep) + os.sep)


def walk_markdown(
    root: Path,
    *,
    deep: bool = True,
    max_notes: int = 500,
    max_entries: int = MAX_WALK_ENTRIES,
) -> Walk:
    """The `*.md` files under `root` (hidden folders skipped), sorted, within the bounds above."""
    walk = Walk()
    if deep and broad_folder(root):
        deep = False
        walk.note = f"{root} is not walked below its own files (it is / or a home folder)"
    try:
        real_root = os.path.realpath(root)
        first = os.stat(root)
    except OSError:
        return walk
    seen = {(first.st_dev, first.st_ino)}
    stack = [str(root)]
    entries = 0
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                listed = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        folders: list[os.DirEntry[str]] = []
        for entry in listed:
            entries += 1
            if entries > max_entries:
                walk.note = (
                    f"stopped after {max_entries:,} entries under {root}: it holds more than "
                    "notes (keep a problem in .math/problems/<slug>/, see `mathlsp init`)"
                )
                walk.notes.sort()
                return walk
            if entry.name.startswith("."):
                continue
            try:
                is_dir = entry.is_dir()  # follows a symlink: judged below
            except OSError:
                continue
            if is_dir:
                if deep:
                    folders.append(entry)
            elif entry.name.lower().endswith(".md"):
                # A FIFO or device named *.md too: the reader refuses it with a finding.
                walk.notes.append(Path(entry.path))
                if len(walk.notes) >= max_notes:
                    walk.note = f"only the first {max_notes} notes under {root} are read"
                    walk.notes.sort()
                    return walk
        # Real folders before links to them: a note keeps its own path when both lead there.
        folders.sort(key=_is_link)
        subfolders = sorted(e.path for e in folders if _followable(e, real_root, seen))
        stack.extend(reversed(subfolders))
    walk.notes.sort()
    return walk


def _is_link(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return True


def _followable(entry: os.DirEntry[str], real_root: str, seen: set[tuple[int, int]]) -> bool:
    try:
        info = entry.stat()
        if entry.is_symlink() and not _inside(os.path.realpath(entry.path), real_root):
            return False  # a link out of the folder: not part of the problem
    except OSError:
        return False
    key = (info.st_dev, info.st_ino)
    if key in seen:
        return False  # a loop, or the same folder by two routes
    seen.add(key)
    return True
