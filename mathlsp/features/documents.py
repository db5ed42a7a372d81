"""Document synchronisation (incremental) and watched files: keep the store current and
(re)schedule diagnostics for the notes a change can affect."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from mathlsp.features.bib import files
from mathlsp.features.buffers import is_open
from mathlsp.features.verification import on_saved_or_opened
from mathlsp.features.workspace_state import uri_to_path

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer


DEPENDENTS_DELAY_S = 0.3


def register(server: MathLanguageServer) -> None:
    store = server.store
    publisher = server.diagnostics

    @server.handler(types.TEXT_DOCUMENT_DID_OPEN)
    def text_document_did_open(params: types.DidOpenTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = store.did_open(uri)
        publisher.schedule(uri, delay=0)  # first diagnostics as soon as possible
        on_saved_or_opened(server, uri, "open")
        if path is not None:
            # A newly opened note may define what others mention (an unsaved LITERATURE.md).
            publisher.schedule_folder(store.folder_root(path), exclude=uri)

    @server.handler(types.TEXT_DOCUMENT_DID_CHANGE)
    def text_document_did_change(params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        if not is_open(server.workspace, uri):
            return  # not open: the workspace dropped the change, there is no buffer to check
        publisher.schedule(uri)
        path = uri_to_path(uri)
        if path is not None:
            # The other notes of the folder (a PROOF.md citing this LITERATURE.md) once typing
            # pauses: their checks would compete with this note's for the keystroke.
            publisher.schedule_folder(
                store.folder_root(path),
                exclude=uri,
                delay=publisher.debounce_s + DEPENDENTS_DELAY_S,
            )

    @server.handler(types.TEXT_DOCUMENT_DID_SAVE)
    def text_document_did_save(params: types.DidSaveTextDocumentParams) -> None:
        # The buffer already is what was saved; only background verification cares.
        on_saved_or_opened(server, params.text_document.uri, "save")

    @server.handler(types.TEXT_DOCUMENT_DID_CLOSE)
    def text_document_did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = store.did_close(uri)
        publisher.clear(uri)
        files(server).forget(uri)
        if path is not None:
            # Others now see the file on disk instead of the (maybe unsaved) buffer.
            publisher.schedule_folder(store.folder_root(path), exclude=uri)

    @server.handler(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def workspace_did_change_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        paths: list[Path] = [p for c in params.changes if (p := uri_to_path(c.uri)) is not None]
        store.invalidate(paths)
        roots = {store.folder_root(p) for p in paths}
        if any(p.name == "config.json" for p in paths):
            publisher.schedule_all()
            return
        for root in roots:
            publisher.schedule_folder(root)
