"""Index the workspace at start-up, so the first note opened gets its diagnostics at once.

Opening PROOF.md needs the folder's LITERATURE.md parsed and indexed (which ids exist, which are
unconfirmed), and opening LITERATURE.md itself needs it checked: a few hundred milliseconds for
5,000 references. Done in a worker thread right
after `initialized`, it is ready before the user opens anything; a note opened meanwhile waits
for the parse already under way instead of starting a second one.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)


def index_folders(server: MathLanguageServer) -> tuple[int, int]:
    """Load the rules, parse and index every known LITERATURE.md; returns (folders,
    references)."""
    from mathlsp.checks import check_document, load_rules
    from mathlsp.checks.references import literature_index

    load_rules()

    folders = refs = 0
    settings = server.diagnostics.check_settings()
    for folder in server.store.known_folders():
        lit = folder.literature
        if lit is None:
            continue
        literature_index(lit)
        # Checked too: opening LITERATURE.md (the same text) then publishes the findings kept
        # with this parse instead of checking 5,000 entries while the user waits.
        check_document(folder, folder.root / "LITERATURE.md", settings)
        folders += 1
        refs += len(lit.entries)
    # The parse's scratch (its lines: ~12 MiB at 5k) goes back at once, in this thread: a file
    # opened in the next seconds would otherwise be read into fragmented memory and peak higher.
    server.diagnostics.trim_memory()
    return folders, refs


async def index_workspace(server: MathLanguageServer) -> None:
    started = time.perf_counter()
    try:
        loop = asyncio.get_running_loop()
        folders, refs = await loop.run_in_executor(
            server.diagnostics.executor, index_folders, server
        )
    except Exception as exc:  # an unreadable folder must not stop the server
        server.report_feature_error("indexing", exc, None)
        return
    server.diagnostics.settle_memory()  # and what the first checks leave, once quiet
    if folders:
        message = (
            f"mathlsp: indexed {refs} references in {folders} problem folder"
            f"{'s' if folders != 1 else ''} ({(time.perf_counter() - started) * 1000:.0f} ms)"
        )
        log.info(message)
        server.window_log_message(
            types.LogMessageParams(type=types.MessageType.Log, message=message)
        )
