"""Give memory back when the editor goes quiet.

A check of a large LITERATURE.md allocates a parse's worth of memory and frees it again; the C
allocator keeps the freed pages for reuse, so the process's resident size stays at its peak for
the rest of the session. Once no check has run for a while, a full collection and glibc's
`malloc_trim` return what is free to the system. Elsewhere than glibc this does nothing.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

QUIET_S = 2.0


def _trimmer() -> Callable[[], object] | None:
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    return lambda: trim(0)


_M_ARENA_MAX = -8


def limit_arenas(count: int = 2) -> None:
    """Cap glibc's malloc arenas. Each thread that allocates gets an arena of its own by
    default, and memory freed in one is not reused by another: with checks running in worker
    threads, a session of typing left the server at twice its size. Call before the checks'
    worker thread starts (ctypes is imported here, not when the server starts)."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(_M_ARENA_MAX, count)
    except (OSError, AttributeError):  # not glibc: nothing to do
        pass


class MemoryReleaser:
    """`touch()` after each check; once quiet for `QUIET_S`, collect and trim (once)."""

    def __init__(self, on_quiet: Callable[[], object] | None = None) -> None:
        self._on_quiet = on_quiet  # run before collecting: drop what only typing needed
        self._trim: Callable[[], object] | None = None
        self._task: asyncio.Task[None] | None = None

    def touch(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        try:
            self._task = asyncio.get_running_loop().create_task(self._later())
        except RuntimeError:  # no loop (a test calling compute directly)
            self._task = None

    async def _later(self) -> None:
        await asyncio.sleep(QUIET_S)
        self.release()

    def release(self) -> None:
        if self._on_quiet is not None:
            self._on_quiet()
        gc.collect()
        self.trim()

    def trim(self) -> None:
        """Return what is free now, without a collection (safe from a worker thread)."""
        if self._trim is None:
            self._trim = _trimmer() or (lambda: None)  # not glibc: nothing to trim
        try:
            self._trim()
        except Exception:  # best effort: never disturb the server
            log.debug("malloc_trim failed", exc_info=True)
