"""What a one-shot command leaves to the end of the process instead of freeing it.

`mathlsp check` on a 5,000-reference LITERATURE.md builds a few hundred thousand objects. Freeing
them one by one when the command returns, and again what is left when the interpreter shuts down,
costs ~20 ms of CPU, a tenth of the check's work beyond start-up, for memory the operating system
takes back at once when the process ends. Only the CLI's own entry point asks for this (`main`
called without arguments): a caller running commands in process (tests, benchmarks) frees as usual.
"""

from __future__ import annotations

import gc

# Holds itself, so no reference count ever reaches zero: only the cyclic collector could free
# it, and `gc.freeze` puts it where the collection at shutdown does not look. The interpreter
# still flushes its streams, runs `atexit` handlers and exits with the command's status.
_KEPT: list[object] = []


def leave_to_exit(*objects: object) -> None:
    """Never free `objects`: the process ends when the command returns."""
    if not _KEPT:
        _KEPT.append(_KEPT)
    _KEPT.extend(objects)
    gc.freeze()
