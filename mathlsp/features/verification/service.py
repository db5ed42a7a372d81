"""The verification service: one `Sources` for the editor, the offline verifier behind the VER
diagnostics, background verification on save/open, and clean shutdown."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.features.progress import WorkCancelled, work_done_progress
from mathlsp.features.workspace_state import uri_to_path
from mathlsp.notes.literature import VERIFIED_SECTIONS, LiteratureDoc, ReferenceEntry

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer
    from mathlsp.verify.memo import OfflineVerifier
    from mathlsp.verify.pipeline import ReferenceCheck

log = logging.getLogger(__name__)

VERIFY_ALL = "mathlsp.verifyAll"
VERIFY_REFERENCE = "mathlsp.verifyReference"
MOVE_TO_UNCONFIRMED = "mathlsp.moveToUnconfirmed"
APPLY_METADATA = "mathlsp.applySourceMetadata"
INSERT_REFERENCE = "mathlsp.insertReference"
COMMANDS = (VERIFY_ALL, VERIFY_REFERENCE, MOVE_TO_UNCONFIRMED, APPLY_METADATA, INSERT_REFERENCE)
STATUS = "mathlsp/status"
CLOSE_TIMEOUT_S = 2.0


class VerificationService:
    """The server's cache, offline verifier and (lazily) its online sources."""

    def __init__(self, server: MathLanguageServer) -> None:
        self.server = server
        self._cache: Any = None
        self._verifier: OfflineVerifier | None = None
        self._client: Any = None
        self._sources: Any = None
        self._sources_root: Path | None = None
        self._progress: Any = None  # the WorkDoneProgress of the running job, for events
        self._background: set[asyncio.Task[Any]] = set()
        self._looking_up: set[str] = set()
        self._lock = threading.RLock()  # lazy creation of the cache from worker threads
        self._jobs: set[asyncio.Task[Any]] = set()  # running commands
        self.closing = False  # shutdown was requested

    # -- the cache and the offline verifier -------------------------------------------------
    @property
    def cache(self) -> Any:
        # Diagnostics are computed in worker threads (asyncio.to_thread): without the lock two
        # of them could each open a Cache, and the loser's "database is locked" made the cache
        # set the (healthy) file aside as corrupt.
        if self._cache is None:
            with self._lock:
                if self._cache is None:
                    from mathlsp.cache import Cache

                    cache = self._open_cache(Cache)
                    for warning in getattr(cache, "warnings", []):
                        self.server.warn_user(f"mathlsp: {warning}")
                    self._cache = cache
        return self._cache

    def _open_cache(self, cache_class: Any) -> Any:
        """The cache in `cacheDir`; where that folder cannot hold it (`/proc/self`, a file, no
        permission), the default folder, as if `cacheDir` were unset; where that fails too, a
        cache in memory for this session. Diagnostics never depend on the disk."""
        cache_dir = self.server.settings.cache_dir
        if cache_dir:
            try:
                return cache_class(Path(cache_dir).expanduser())
            except (OSError, sqlite3.Error) as exc:
                self.server.warn_user(
                    f"mathlsp: cacheDir {cache_dir!r} cannot hold the cache "
                    f"({getattr(exc, 'strerror', None) or exc}); using the default folder"
                )
        try:
            return cache_class(None)
        except (OSError, sqlite3.Error) as exc:
            self.server.warn_user(
                f"mathlsp: the cache folder cannot be used ({exc}); records are kept in memory "
                "for this session only"
            )
            return cache_class(path=":memory:")

    @property
    def verifier(self) -> OfflineVerifier:
        from mathlsp.verify.memo import OfflineVerifier

        if self._verifier is None:
            cache = self.cache
            with self._lock:
                if self._verifier is None:
                    self._verifier = OfflineVerifier(cache)
        return self._verifier

    def learned(self) -> None:
        """The cache learnt something: drop memoised verdicts and re-check the open notes."""
        self.verifier.invalidate()
        self.server.diagnostics.schedule_all(0)

    # -- online ---------------------------------------------------------------------------
    async def sources(self, near: Path | None) -> Any:
        from mathlsp.sources import SourceSettings, load_project_config
        from mathlsp.sources.registry import Sources, make_client

        root = near or Path.cwd()
        if self._sources is not None and self._sources_root == root:
            return self._sources
        settings = SourceSettings.from_env(
            load_project_config(root),
            {"enabled_sources": list(self.server.settings.backends)},
        )
        if self._client is None:
            self._client = make_client(settings)
        self._sources = Sources(settings, self._client, cache=self.cache, on_event=self._event)
        self._sources_root = root
        return self._sources

    def _event(self, event: Any) -> None:
        message = getattr(event, "message", str(event))
        self.status("waiting", message)
        self.server.log_to_client(f"mathlsp: {message}", types.MessageType.Info)
        if self._progress is not None:
            self._progress.report(message)

    def status(self, state: str, message: str = "") -> None:
        """A custom notification the editor extensions show in their status bar."""
        try:
            self.server.protocol.notify(STATUS, {"state": state, "message": message})
        except Exception:  # a client that ignores it, or a closed stream, is not our problem
            log.debug("status notification failed", exc_info=True)

    async def verify(
        self, entries: Sequence[ReferenceEntry], near: Path | None, title: str
    ) -> list[ReferenceCheck]:
        from mathlsp.verify.pipeline import verify_entries

        sources = await self.sources(near)
        self.status("verifying", title)
        async with work_done_progress(self.server, title) as progress:
            self._progress = progress
            try:

                def on_progress(done: int, total: int, message: str) -> None:
                    pct = int(100 * done / total) if total else None
                    progress.report(message, pct)

                checks = await verify_entries(entries, sources, on_progress=on_progress)
            finally:
                self._progress = None
                self.status("idle")
        for entry, check in zip(entries, checks, strict=True):
            self.verifier.remember(entry, check)
        self.learned()
        return checks

    def spawn(self, coro: Any) -> None:
        if self.closing:
            coro.close()
            return
        task = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def close(self) -> None:
        """Stop everything that could keep the process alive or write after `exit`: running
        commands (they answer `null`), background verification and lookups, the HTTP client
        and the cache. Called on `shutdown`; idempotent."""
        self.closing = True
        tasks = [t for t in (*self._jobs, *self._background) if not t.done()]
        current = asyncio.current_task()
        for task in tasks:
            if task is not current:
                task.cancel()
        tasks = [t for t in tasks if t is not current]
        if tasks:
            await asyncio.wait(tasks, timeout=CLOSE_TIMEOUT_S)
        # Let the commands' answers go out before the `shutdown` answer.
        await asyncio.sleep(0)
        client, self._client, self._sources = self._client, None, None
        if client is not None:
            try:
                await asyncio.wait_for(client.aclose(), CLOSE_TIMEOUT_S)
            except Exception:  # closing is best effort: the process is about to end
                log.debug("closing the HTTP client failed", exc_info=True)
        cache, self._cache, self._verifier = self._cache, None, None
        if cache is not None:
            try:
                cache.close()
            except Exception:
                log.debug("closing the cache failed", exc_info=True)


# -- background verification ------------------------------------------------------------------
def changed_entries(service: VerificationService, doc: LiteratureDoc) -> list[ReferenceEntry]:
    """Entries whose current claim has no verdict in the cache yet (new or edited ones)."""
    return [
        e
        for e in doc.entries
        if e.section in VERIFIED_SECTIONS and service.verifier.check(e) is None
    ]


async def background_verify(server: MathLanguageServer, path: Path) -> None:
    folder = server.store.folder_for(path)
    doc = folder.doc(folder.root / "LITERATURE.md")
    if not isinstance(doc, LiteratureDoc):
        return
    pending = changed_entries(server.verification, doc)
    if not pending:
        return
    try:
        await server.verification.verify(
            pending, folder.root, f"Verifying {len(pending)} new or changed references"
        )
    except WorkCancelled:
        return


def on_saved_or_opened(server: MathLanguageServer, uri: str, event: str) -> None:
    """Background verification of new or changed entries: `onSave` on save, `onOpen` on open
    and on save; `off` never. Never edits the text: results show as diagnostics and lenses."""
    wanted = {"onSave": {"save"}, "onOpen": {"open", "save"}}.get(server.settings.verification)
    if not wanted or event not in wanted:
        return
    path = uri_to_path(uri)
    if path is not None and path.suffix.lower() == ".bib":
        from mathlsp.features import bib

        server.verification.spawn(bib.background_verify(server, uri))
        return
    if path is None or path.name != "LITERATURE.md":
        return
    server.verification.spawn(background_verify(server, path))
