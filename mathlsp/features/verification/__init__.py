"""Verification in the editor: the cache-backed verifier behind the VER diagnostics, commands that
verify online (progress, cancellable), background verification on save/open, code lenses, the
verified-record hover card, and the edits verification leads to (stamp, move, apply metadata,
insert an entry from an identifier). `service` holds the state, `commands` the commands, `cards`
the hover card and lens titles, `actions` the code actions; this module registers them.

Online work goes through one `Sources` (shared httpx client, per-backend rate limits); its retry
events become `mathlsp/status` notifications and progress messages, so a rate-limit wait is
visible instead of looking like a hang.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.features import synthesis
from mathlsp.features.arguments import checked
from mathlsp.features.convert import lsp_range
from mathlsp.features.edits import show
from mathlsp.features.verification.actions import code_actions
from mathlsp.features.verification.cards import hover_text, lens_title
from mathlsp.features.verification.commands import (
    apply_metadata_command,
    insert_command,
    move_command,
    verify_command,
)
from mathlsp.features.verification.service import (
    APPLY_METADATA,
    COMMANDS,
    INSERT_REFERENCE,
    MOVE_TO_UNCONFIRMED,
    STATUS,
    VERIFY_ALL,
    VERIFY_REFERENCE,
    VerificationService,
    on_saved_or_opened,
)
from mathlsp.features.workspace_state import uri_to_path
from mathlsp.notes.literature import VERIFIED_SECTIONS, LiteratureDoc

__all__ = [
    "APPLY_METADATA",
    "COMMANDS",
    "INSERT_REFERENCE",
    "MOVE_TO_UNCONFIRMED",
    "STATUS",
    "VERIFY_ALL",
    "VERIFY_REFERENCE",
    "VerificationService",
    "code_actions",
    "hover_text",
    "on_saved_or_opened",
    "register",
]

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)


def register(server: MathLanguageServer) -> None:
    server.verification = VerificationService(server)

    @server.command(VERIFY_ALL)
    async def mathlsp_verify_all(*args: Any) -> Any:
        if (call := checked(server, VERIFY_ALL, args)) is None:
            return None
        return await _guard(server, VERIFY_ALL, verify_command(server, call, None))

    @server.command(VERIFY_REFERENCE)
    async def mathlsp_verify_reference(*args: Any) -> Any:
        if (call := checked(server, VERIFY_REFERENCE, args)) is None:
            return None
        return await _guard(server, VERIFY_REFERENCE, verify_command(server, call, call[0]["id"]))

    @server.command(MOVE_TO_UNCONFIRMED)
    async def mathlsp_move(*args: Any) -> Any:
        if (call := checked(server, MOVE_TO_UNCONFIRMED, args)) is None:
            return None
        return await _guard(server, MOVE_TO_UNCONFIRMED, move_command(server, call))

    @server.command(APPLY_METADATA)
    async def mathlsp_apply_metadata(*args: Any) -> Any:
        if (call := checked(server, APPLY_METADATA, args)) is None:
            return None
        return await _guard(server, APPLY_METADATA, apply_metadata_command(server, call))

    @server.command(INSERT_REFERENCE)
    async def mathlsp_insert(*args: Any) -> Any:
        if (call := checked(server, INSERT_REFERENCE, args)) is None:
            return None
        return await _guard(server, INSERT_REFERENCE, insert_command(server, call))

    @server.handler(types.SHUTDOWN)
    async def shutdown(params: Any) -> None:
        # Before pygls answers `shutdown` (and later ends the process on `exit`): nothing of
        # ours may still be running, holding a connection, or about to write to a closed pipe.
        await server.verification.close()

    @server.handler(
        types.TEXT_DOCUMENT_CODE_LENS, types.CodeLensOptions(resolve_provider=False), empty=None
    )
    def text_document_code_lens(params: types.CodeLensParams) -> list[types.CodeLens] | None:
        path = uri_to_path(params.text_document.uri)
        if path is None or path.name != "LITERATURE.md":
            return None
        doc = server.store.doc(path)
        if not isinstance(doc, LiteratureDoc):
            return None
        now = dt.datetime.now(dt.UTC)
        verifier = server.verification.verifier
        graph = synthesis.citation_graph(server, doc)
        lenses = []
        for entry in doc.entries:
            if entry.section not in VERIFIED_SECTIONS:
                continue
            status, action = lens_title(entry, verifier.check(entry), now)
            status += synthesis.lens_suffix(graph, entry)  # "cited by N of your references"
            rng = lsp_range(doc, entry.id_span, server.position_encoding)
            lenses.append(
                types.CodeLens(
                    range=rng,
                    command=types.Command(
                        title=f"{status} · {action}",
                        command=VERIFY_REFERENCE,
                        arguments=[params.text_document.uri, entry.id],
                    ),
                )
            )
        return lenses


async def _guard(server: MathLanguageServer, name: str, job: Any) -> Any:
    service = server.verification
    if service.closing:
        job.close()
        return None
    task = asyncio.current_task()
    if task is not None:
        service._jobs.add(task)
    try:
        return await job
    except asyncio.CancelledError:
        if service.closing:  # stopped by `shutdown`: answer null instead of an error
            return None
        raise
    except (ValueError, OSError) as exc:
        show(server, f"mathlsp: {name}: {exc}", types.MessageType.Error)
    except Exception as exc:
        server.report_feature_error(name, exc, None)
        show(server, f"mathlsp: {name} failed: {exc}", types.MessageType.Error)
    finally:
        if task is not None:
            service._jobs.discard(task)
    return None
