"""Writing notes safely: atomically, and never over text that changed under us."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


class ChangedOnDisk(RuntimeError):
    """The file changed between reading and writing: the user's newer text wins."""


def atomic_write(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder and rename, so readers never see half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        if path.exists():
            with contextlib.suppress(OSError):
                os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_text(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        return None


def write_if_unchanged(path: Path, original: str | None, new: str) -> None:
    """Atomically replace `path` with `new` unless its content is no longer `original`."""
    current = read_text(path)
    if current != original:
        raise ChangedOnDisk(f"{path} changed while mathlsp was working; nothing was written")
    atomic_write(path, new)
