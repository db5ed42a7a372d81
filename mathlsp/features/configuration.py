"""Settings and start-up: initializationOptions, workspace configuration, file watching.

Settings come from `initializationOptions`, then the `mathlsp` section of the client's
configuration (pulled with `workspace/configuration` when the client offers it, or pushed with
`workspace/didChangeConfiguration`). Invalid values are shown as a warning and replaced by
defaults. After `initialized`, a watcher for `**/*.md` is registered dynamically when the client
supports it, so notes rewritten by other programs are re-read.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.config import SECTION, parse_settings
from mathlsp.features.buffers import NoteWorkspace
from mathlsp.features.indexing import index_workspace
from mathlsp.features.memory import limit_arenas

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)

WATCHER_ID = "mathlsp-watch-notes"
WATCH_GLOBS = ("**/*.md", "**/.math/config.json")
CLIENT_REQUEST_TIMEOUT_S = 5.0


def apply_settings(server: MathLanguageServer, raw: Any) -> bool:
    """Merge `raw` into the server's settings; True when something changed."""
    parsed = parse_settings(raw, server.settings)
    for warning in parsed.warnings:
        server.warn_user(f"mathlsp: {warning}")
    changed = parsed.settings != server.settings
    server.settings = parsed.settings
    return changed


async def pull_configuration(server: MathLanguageServer) -> None:
    if not get_capability(server.client_capabilities, "workspace.configuration", False):
        return
    try:
        result = await asyncio.wait_for(
            server.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
            ),
            CLIENT_REQUEST_TIMEOUT_S,
        )
    except Exception as exc:  # a client that cannot answer keeps the current settings
        log.info("workspace/configuration failed: %s", exc)
        return
    value = result[0] if isinstance(result, list) and result else None
    if isinstance(value, dict) and value and apply_settings(server, value):
        server.diagnostics.schedule_all()


async def register_watcher(server: MathLanguageServer) -> None:
    caps = server.client_capabilities
    if not get_capability(caps, "workspace.did_change_watched_files.dynamic_registration", False):
        log.info("client cannot watch files for us: polling the notes read from disk")
        await poll_disk(server)
        return
    options = types.DidChangeWatchedFilesRegistrationOptions(
        watchers=[types.FileSystemWatcher(glob_pattern=g) for g in WATCH_GLOBS]
    )
    try:
        await asyncio.wait_for(
            server.client_register_capability_async(
                types.RegistrationParams(
                    registrations=[
                        types.Registration(
                            id=WATCHER_ID,
                            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                            register_options=options,
                        )
                    ]
                )
            ),
            CLIENT_REQUEST_TIMEOUT_S,
        )
    except Exception as exc:
        log.info("could not register the file watcher: %s", exc)


async def poll_disk(server: MathLanguageServer) -> None:
    """Stand-in for a client-side watcher: stat the unopened notes read so far, now and then,
    and re-check the open notes of the folders whose files changed."""
    while True:
        interval = server.settings.poll_interval_ms / 1000
        await asyncio.sleep(interval if interval > 0 else 5.0)
        if interval <= 0:
            continue
        try:
            changed = server.store.changed_on_disk()
            if changed:
                log.info("changed on disk: %s", ", ".join(map(str, changed)))
                server.store.invalidate(changed)
                for root in {server.store.folder_root(p) for p in changed}:
                    server.diagnostics.schedule_folder(root)
        except Exception as exc:
            server.report_feature_error("disk polling", exc, None)


def register(server: MathLanguageServer) -> None:
    @server.handler(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        # pygls made its workspace just before this handler; no document is open yet.
        server.protocol._workspace = NoteWorkspace.replacing(server.workspace)
        if params.initialization_options is not None:
            apply_settings(server, params.initialization_options)

    @server.handler(types.INITIALIZED)
    async def initialized(params: types.InitializedParams) -> None:
        limit_arenas()  # before the checks' worker thread starts
        loop = asyncio.get_running_loop()
        # In the background: the client may answer late (or never); the server carries on.
        server.background = [
            loop.create_task(register_watcher(server)),
            loop.create_task(pull_configuration(server)),
            loop.create_task(index_workspace(server)),
        ]

    @server.handler(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def workspace_did_change_configuration(
        params: types.DidChangeConfigurationParams,
    ) -> None:
        settings = params.settings
        if isinstance(settings, dict) and settings.get(SECTION) is not None:
            changed = apply_settings(server, settings)
            if changed:
                server.diagnostics.schedule_all()
        else:
            # Pull model (VS Code sends `null` settings): ask for the section.
            await pull_configuration(server)
