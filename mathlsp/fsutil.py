"""Writing notes safely: atomically, and never over text that changed under us."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

MAX_NOTE_BYTES = 20 * 1024 * 1024  # far above any real note; a 50 MB file is refused, not parsed


class ChangedOnDisk(RuntimeError):
    """The file changed between reading and writing: the user's newer text wins."""


class UnreadableFile(OSError):
    """A path that is not a regular file of sensible size: refused before a byte is read."""


def read_bounded(path: Path, limit: int = MAX_NOTE_BYTES) -> bytes:
    """The bytes of the regular file at `path`, refusing devices, FIFOs, sockets and files over
    `limit` before reading (a symlink to /dev/zero reports size 0; a FIFO blocks on open)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(errno.EINVAL, "not a regular file; not read", str(path))
        if info.st_size > limit:
            raise UnreadableFile(
                errno.EFBIG,
                f"file is too large ({info.st_size / 1e6:.0f} MB > {limit // 10**6} MB)",
                str(path),
            )
        chunks: list[bytes] = []
        remaining = limit + 1  # the file may grow between fstat and read
        # The whole file in one read, when it did not grow: one buffer, which `join` hands back
        # as it is (reading 1 MB at a time made and then copied a 10 MB note twice).
        want = info.st_size + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, max(want, 1 << 20)))
            want = 0
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        if remaining <= 0:
            raise UnreadableFile(errno.EFBIG, "file is too large", str(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


def ensure_writable(path: Path) -> None:
    """PermissionError when `path` is a file its owner made read-only (no write bit: `chmod
    a-w`) or one this user may not write. A rename replaces a file whatever its mode, so without
    this a read-only LITERATURE.md would be rewritten all the same; root's `access()` says yes to
    every file, hence the mode bits too."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    if not mode & 0o222 or not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, "read-only file; not written", str(path))


def _new_temporary(folder: Path, name: str) -> tuple[int, str]:
    """A new file beside the note, created with mode 0666 less the umask as `open()` would
    create it: `mkstemp` makes 0600, and a note written for the first time (PROBLEM.md by
    `init`, JOURNAL.md by a search) kept it, unreadable by the group that shares the project."""
    for _ in range(100):
        tmp = folder / f".{name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), str(tmp)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no temporary file name left", str(folder))


def atomic_write(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder and rename, so readers never see half.

    A symlinked note is written through to its target: the link the user made stays a link.
    An existing note keeps its mode; a new one gets the umask's; a read-only one is refused
    (`ensure_writable`).
    """
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    ensure_writable(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _new_temporary(path.parent, path.name)
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
    """The note at `path` (BOM dropped), None when absent; refuses what `read_bounded` refuses."""
    try:
        return read_bounded(path).decode("utf-8-sig")
    except FileNotFoundError:
        return None


def write_if_unchanged(path: Path, original: str | None, new: str) -> None:
    """Atomically replace `path` with `new` unless its content is no longer `original`."""
    try:
        current = read_text(path)
    except UnicodeDecodeError:  # it is no longer the UTF-8 text that was read
        current = None if original is not None else ""
    if current != original:
        raise ChangedOnDisk(f"{path} changed while mathlsp was working; nothing was written")
    atomic_write(path, new)


MAX_CONFIG_BYTES = 1024 * 1024


def parse_json_object(text: str) -> dict[str, Any]:
    """A JSON object from a settings file, or ValueError saying in one line why not: invalid
    JSON, a number too long for Python (over 4,300 digits), nesting too deep, not an object."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply to be a settings file") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg}, line {exc.lineno})") from None
    except ValueError as exc:  # an integer over sys.get_int_max_str_digits()
        raise ValueError(f"not usable JSON ({str(exc).split(';')[0]})") from None
    if not isinstance(data, dict):
        raise ValueError("must hold a JSON object")
    return data
