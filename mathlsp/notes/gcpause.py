"""Pause the cyclic garbage collector while a large note is parsed or checked.

A 5,000-reference file creates ~100k small objects and no reference cycles; each generation-2
collection those allocations trigger scans everything alive for nothing, which made parsing
superlinear. Reference counting still frees memory as usual while the collector is paused.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

# The collector is process-wide and the server pauses it from the event loop and from worker
# threads (documentSymbol, foldingRange) at once: one count of open pauses, so the first to
# finish does not resume it under another, and it resumes only if it was on before the first.
_lock = threading.Lock()
_open = 0
_resume = False


@contextmanager
def gc_paused() -> Iterator[None]:
    global _open, _resume
    with _lock:
        if _open == 0:
            _resume = gc.isenabled()
            gc.disable()
        _open += 1
    try:
        yield
    finally:
        with _lock:
            _open -= 1
            if _open == 0 and _resume:
                gc.enable()
