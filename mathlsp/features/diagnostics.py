"""Diagnostics: `check_document` per open note, debounced per URI, published with the version.

A change to one note re-checks the other open notes of its problem folder (editing LITERATURE.md
updates the unknown-reference diagnostics of an open PROOF.md); a change on disk reported by
`workspace/didChangeWatchedFiles` re-checks the open notes of the folders it touched. Diagnostics
are published for open notes only, and cleared when a note closes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.checks import CheckCancelled, CheckSettings, check_document
from mathlsp.features.buffers import NoteBuffer
from mathlsp.features.convert import diagnostic, model_range_to_lsp
from mathlsp.features.memory import MemoryReleaser

if TYPE_CHECKING:
    from mathlsp.checks.findings import Finding
    from mathlsp.features.server import MathLanguageServer
    from mathlsp.features.workspace_state import OpenNote

log = logging.getLogger(__name__)


class DiagnosticsPublisher:
    def __init__(self, server: MathLanguageServer) -> None:
        self.server = server
        self._pending: dict[str, asyncio.Task[None]] = {}
        # One check per note at a time: a run that wakes while an older one computes waits for
        # it (the older one stops at its next rule, its text being stale) instead of piling up
        # worker threads that each hold a parse of the file.
        self._busy: dict[str, asyncio.Lock] = {}
        self._memory = MemoryReleaser(on_quiet=self._compact_buffers)
        # One worker thread for every check: checks share the GIL anyway, and one thread
        # allocates from one malloc arena, which it reuses keystroke after keystroke.
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="mathlsp-check")

    @property
    def debounce_s(self) -> float:
        return self.server.settings.debounce_ms / 1000

    def settle_memory(self) -> None:
        """A burst of allocation ended (a check, the start-up index): once the server has been
        quiet a moment, return what is free to the system."""
        self._memory.touch()

    def _compact_buffers(self) -> None:
        """Typing paused: each edited buffer keeps its text as the one string the model holds,
        not also in chunks."""
        try:
            documents = list(self.server.workspace.text_documents.values())
        except RuntimeError:  # no workspace yet
            return
        for document in documents:
            if isinstance(document, NoteBuffer):
                document.compact()

    def trim_memory(self) -> None:
        """Return what is free to the system now (after a burst that made no cycles)."""
        self._memory.trim()

    # -- scheduling ------------------------------------------------------------------------
    def schedule(self, uri: str, delay: float | None = None) -> None:
        """(Re)start the countdown for `uri`: only the last change within the delay is checked."""
        delay = self.debounce_s if delay is None else delay
        previous = self._pending.pop(uri, None)
        if previous is not None and not previous.done():
            previous.cancel()
        self._pending[uri] = asyncio.get_running_loop().create_task(self._run(uri, delay))

    def schedule_folder(
        self, root: Path, *, exclude: str | None = None, delay: float | None = None
    ) -> None:
        """Re-check every open note of a problem folder (except `exclude`)."""
        for note in self.server.store.open_in_folder(root):
            if note.uri != exclude:
                self.schedule(note.uri, delay)

    def schedule_all(self, delay: float | None = None) -> None:
        for note in self.server.store.open_notes():
            self.schedule(note.uri, delay)

    def cancel(self, uri: str) -> None:
        task = self._pending.pop(uri, None)
        if task is not None and not task.done():
            task.cancel()

    async def _run(self, uri: str, delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)  # let a burst of notifications land first
            await self.publish(uri)
            self.settle_memory()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # one broken document must not stop the others
            self.server.report_feature_error("diagnostics", exc, uri)
        finally:
            if self._pending.get(uri) is asyncio.current_task():
                del self._pending[uri]

    # -- computing -------------------------------------------------------------------------
    async def publish(self, uri: str) -> None:
        lock = self._busy.setdefault(uri, asyncio.Lock())
        async with lock:
            await self._publish(uri)

    async def _publish(self, uri: str) -> None:
        note = self.server.store.open_note(uri)
        if note is None:
            return  # closed meanwhile
        started = time.perf_counter()
        version = note.version

        # Checking a 5,000-reference file takes a few hundred milliseconds: a worker thread
        # keeps hovers and completions answering meanwhile (the GIL hands over every 5 ms).
        def superseded() -> bool:
            now = self.server.store.open_note(uri)
            return now is None or now.version != version

        try:
            loop = asyncio.get_running_loop()
            if note.path.suffix.lower() == ".bib":
                await self._bib_first_pass(note)
            diagnostics = await loop.run_in_executor(self.executor, self.compute, note, superseded)
        except CheckCancelled:
            return  # edited meanwhile: dropped, and the run that edit scheduled publishes
        current = self.server.store.open_note(uri)
        if current is None or current.version != version:
            return  # closed or edited meanwhile: the run scheduled by that edit publishes
        self.server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
        )
        log.debug(
            "published %d diagnostics for %s v%s in %.1f ms",
            len(diagnostics),
            uri,
            note.version,
            (time.perf_counter() - started) * 1000,
        )

    async def _bib_first_pass(self, note: OpenNote) -> None:
        """A large `.bib` opened: its first entries' diagnostics before the whole file's."""
        from mathlsp.features import bib

        try:
            # Its own thread, not the checks' one: a file opened as the server starts would wait
            # for the start-up index there (a few hundred milliseconds).
            first = await asyncio.to_thread(bib.first_pass, self.server, note)
        except Exception as exc:  # the whole file's diagnostics still follow
            self.server.report_feature_error("diagnostics", exc, note.uri)
            return
        current = self.server.store.open_note(note.uri)
        if first is None or current is None or current.version != note.version:
            return
        self.server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=note.uri, diagnostics=first, version=note.version)
        )

    def check_settings(self) -> CheckSettings:
        settings = self.server.settings.check_settings()
        service = getattr(self.server, "verification", None)
        if service is not None:
            # Entries compared with their cached source records: offline, no network call.
            settings = dataclasses.replace(settings, verification=service.verifier)
        return settings

    def compute(
        self, note: OpenNote, cancelled: Callable[[], bool] | None = None
    ) -> list[types.Diagnostic]:
        if note.path.suffix.lower() == ".bib":
            from mathlsp.features import bib

            return bib.diagnostics(self.server, note)
        store = self.server.store
        folder = store.folder_for(note.path)
        findings = check_document(folder, note.path, self.check_settings(), cancelled)
        doc = folder.doc(note.path)
        encoding = self.server.position_encoding
        caps = self.server.client_capabilities
        related_ok = bool(
            get_capability(caps, "text_document.publish_diagnostics.related_information", False)
        )
        tags_ok = get_capability(caps, "text_document.publish_diagnostics.tag_support", None)
        return [
            diagnostic(
                doc,
                f,
                encoding,
                related=self._related(f, encoding) if related_ok and f.related else None,
                tags_supported=tags_ok is not None,
            )
            for f in findings
        ]

    def _related(self, finding: Finding, encoding: str) -> list[types.DiagnosticRelatedInformation]:
        store = self.server.store
        out = []
        for r in finding.related:
            path = Path(r.path)
            other = store.doc(path) if r.path else None
            rng = (
                model_range_to_lsp(other, r.range, encoding)
                if other is not None
                else types.Range(
                    start=types.Position(r.range.start.line, r.range.start.character),
                    end=types.Position(r.range.end.line, r.range.end.character),
                )
            )
            out.append(
                types.DiagnosticRelatedInformation(
                    location=types.Location(uri=store.uri_for(path), range=rng),
                    message=r.message,
                )
            )
        return out

    def clear(self, uri: str) -> None:
        self.cancel(uri)
        self._busy.pop(uri, None)
        self.server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )
