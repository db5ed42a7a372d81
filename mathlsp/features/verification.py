"""Verification in the editor: the cache-backed verifier behind the VER diagnostics, commands that
verify online (progress, cancellable), background verification on save/open, code lenses, the
verified-record hover card, and the edits verification leads to (stamp, move, apply metadata,
insert an entry from an identifier).

Online work goes through one `Sources` (shared httpx client, per-backend rate limits); its retry
events become `mathlsp/status` notifications and progress messages, so a rate-limit wait is
visible instead of looking like a hang.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import logging
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.features import synthesis
from mathlsp.features.arguments import checked
from mathlsp.features.convert import lsp_range
from mathlsp.features.edits import FileEdit, apply_edit, build_workspace_edit, show, snapshot
from mathlsp.features.progress import WorkCancelled, work_done_progress
from mathlsp.features.workspace_state import uri_to_path
from mathlsp.ide import hover_card, navigation
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.notes.render import Edit, NewReference, insert_references, update_frontmatter
from mathlsp.notes.spans import Span
from mathlsp.notes.templates import fill_template
from mathlsp.sources.labels import label
from mathlsp.sources.record import PaperRecord, parse_identifier
from mathlsp.verify.memo import OfflineVerifier
from mathlsp.verify.pipeline import ReferenceCheck, claim_key, identifiers_of

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

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

                    cache_dir = self.server.settings.cache_dir
                    cache = Cache(Path(cache_dir).expanduser() if cache_dir else None)
                    for warning in getattr(cache, "warnings", []):
                        self.server.warn_user(f"mathlsp: {warning}")
                    self._cache = cache
        return self._cache

    @property
    def verifier(self) -> OfflineVerifier:
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


# -- helpers ----------------------------------------------------------------------------------
def _literature(server: MathLanguageServer, uri: str | None) -> tuple[Path, LiteratureDoc | None]:
    path = uri_to_path(uri) if uri else None
    if path is None:
        raise ValueError("no document given")
    folder = server.store.folder_for(path)
    lit_path = folder.root / "LITERATURE.md"
    doc = folder.doc(lit_path) if lit_path.exists() or server.store.is_open(lit_path) else None
    return lit_path, doc if isinstance(doc, LiteratureDoc) else None


def _arg(args: Sequence[Any], index: int, key: str) -> Any:
    """Commands take positional arguments or one object: `[uri, id]` or `[{uri, id}]`."""
    if args and isinstance(args[0], dict):
        return args[0].get(key)
    return args[index] if len(args) > index else None


def _summary(checks: Sequence[ReferenceCheck]) -> str:
    """One line: how many were confirmed, refuted, and left pending (an outage refutes
    nothing, so those are counted apart and the user is told to try again)."""
    confirmed = sum(c.confirmed for c in checks)
    failing = [c for c in checks if not c.confirmed and not c.pending]
    pending = [c for c in checks if not c.confirmed and c.pending]
    text = f"Verified {len(checks)} reference{'s' * (len(checks) != 1)}: {confirmed} confirmed"
    for group, what in ((failing, "not confirmed"), (pending, "pending")):
        if group:
            first = group[0]
            text += f", {len(group)} {what} ({first.entry_id}: {'; '.join(first.reasons)}"
            text += ", …)" if len(group) > 1 else ")"
    if pending:
        text += "; verify again later for the pending ones"
    return text


async def _stamp(
    server: MathLanguageServer,
    lit_path: Path,
    checks: Sequence[ReferenceCheck],
    keys: dict[str, str],
) -> None:
    """Write `Verified:` stamps into the *current* text, for entries whose claim did not change
    while we were verifying; the edit is versioned, so newer text is never overwritten."""
    from mathlsp.verify.write import stamp_edit

    snap = snapshot(server, lit_path)
    if snap.text is None:
        return
    doc = LiteratureDoc(snap.text, lit_path)
    by_id = {c.entry_id: c for c in checks if c.confirmed and c.url}
    edits = [
        stamp_edit(doc, e, by_id[e.id].stamp)
        for e in doc.confirmed
        if e.id in by_id and keys.get(e.id) == claim_key(e) and e.section == "confirmed"
    ]
    if edits:
        prepared = build_workspace_edit(
            [snap.edit(edits)], server.client_capabilities, server.position_encoding
        )
        await apply_edit(server, prepared, "Stamp verified references")


async def verify_command(server: MathLanguageServer, args: Sequence[Any], only: str | None) -> Any:
    uri = _arg(args, 0, "uri")
    lit_path, doc = _literature(server, uri)
    if doc is None:
        show(
            server,
            "mathlsp: this problem has no LITERATURE.md to verify",
            types.MessageType.Warning,
        )
        return None
    entries = [e for e in doc.entries if e.section in ("confirmed", "unconfirmed")]
    if only is not None:
        entries = [e for e in entries if e.id == only]
        if not entries:
            show(
                server,
                f"mathlsp: {only} is not an entry of LITERATURE.md",
                types.MessageType.Warning,
            )
            return None
    keys = {e.id: claim_key(e) for e in entries}
    title = f"Verifying {only}" if only else f"Verifying {len(entries)} references"
    try:
        checks = await server.verification.verify(entries, lit_path.parent, title)
    except WorkCancelled:
        show(server, "mathlsp: verification cancelled; nothing was changed", types.MessageType.Info)
        return None
    await _stamp(server, lit_path, checks, keys)
    show(server, f"mathlsp: {_summary(checks)}", types.MessageType.Info)
    return [c.to_json() for c in checks]


async def move_command(server: MathLanguageServer, args: Sequence[Any]) -> Any:
    from mathlsp.verify.write import verification_edits

    uri, ref = _arg(args, 0, "uri"), _arg(args, 1, "id")
    lit_path, doc = _literature(server, uri)
    entry = doc.by_id.get(str(ref)) if doc is not None else None
    if doc is None or entry is None or entry.kind != "REF":
        show(server, f"mathlsp: no confirmed reference {ref} to move", types.MessageType.Warning)
        return None
    cached = server.verification.verifier.check(entry)
    reasons = cached.reasons if cached is not None and not cached.confirmed else ("moved by hand",)
    check = ReferenceCheck(entry.id, "confirmed", "unconfirmed", tuple(reasons))
    folder = server.store.folder_for(lit_path)
    others = {}
    for path in server.store.note_paths(folder):
        if path != lit_path and (other := folder.doc(path)) is not None:
            others[path] = other
    result = verification_edits(doc, [check], others)
    files = [snapshot(server, lit_path).edit(result.literature)]
    files += [snapshot(server, p).edit(edits) for p, edits in result.others.items()]
    prepared = build_workspace_edit(files, server.client_capabilities, server.position_encoding)
    if await apply_edit(server, prepared, f"Move {entry.id} to Unconfirmed References"):
        show(server, f"mathlsp: {entry.id} is now {result.moved[entry.id]}", types.MessageType.Info)
    return None


def metadata_edits(doc: LiteratureDoc, entry: ReferenceEntry, record: PaperRecord) -> list[Edit]:
    """The entry's title, authors and year set to the source's values (pure)."""
    edits: list[Edit] = []
    if record.title and entry.title != record.title:
        edits.append(Edit(entry.title_span, " ".join(record.title.split())))
    for key, value in (
        ("authors", ", ".join(a.name for a in record.authors)),
        ("year", str(record.year) if record.year else ""),
    ):
        f = entry.fields.get(key)
        if f is not None and value and f.value != value:
            span = f.value_span
            text = value if doc.text[span.start - 1 : span.start] == " " else " " + value
            edits.append(Edit(span, text))
    return edits


async def apply_metadata_command(server: MathLanguageServer, args: Sequence[Any]) -> Any:
    uri, ref = _arg(args, 0, "uri"), _arg(args, 1, "id")
    lit_path, doc = _literature(server, uri)
    entry = doc.by_id.get(str(ref)) if doc is not None else None
    if doc is None or entry is None:
        return None
    check = server.verification.verifier.check(entry)
    record = check.record if check is not None else None
    if record is None:
        show(
            server,
            f"mathlsp: no source record cached for {ref}: verify it first",
            types.MessageType.Warning,
        )
        return None
    edits = metadata_edits(doc, entry, record)
    if not edits:
        show(
            server,
            f"mathlsp: {ref} already matches {label(record.backend)}",
            types.MessageType.Info,
        )
        return None
    prepared = build_workspace_edit(
        [snapshot(server, lit_path).edit(edits)],
        server.client_capabilities,
        server.position_encoding,
    )
    await apply_edit(server, prepared, f"Apply {label(record.backend)}'s metadata to {ref}")
    return None


def new_reference_from(record: PaperRecord, number: int, check: ReferenceCheck) -> NewReference:
    return NewReference(
        kind="REF",
        number=number,
        title=record.title,
        authors=[a.name for a in record.authors],
        year=record.year,
        source=label(record.backend),
        arxiv_id=record.arxiv_id_versioned or "",
        doi=record.doi or "",
        abstract=record.abstract or "",
        relevance="",
        key_results="",
        confidence="[S]",
        verified=check.stamp,
    )


async def insert_command(server: MathLanguageServer, args: Sequence[Any]) -> Any:
    from mathlsp.verify.matcher import Claim
    from mathlsp.verify.pipeline import Evidence, Subject, decide_subject, evidence_from

    uri, raw = _arg(args, 0, "uri"), _arg(args, 1, "identifier")
    ident = parse_identifier(str(raw or ""))
    if ident is None:
        show(server, f"mathlsp: {raw!r} is not an arXiv id or DOI", types.MessageType.Error)
        return None
    lit_path, doc = _literature(server, uri)
    if doc is not None and any(ident in identifiers_of(e) for e in doc.entries):
        show(
            server,
            f"mathlsp: {ident.versioned} is already in LITERATURE.md",
            types.MessageType.Info,
        )
        return None
    sources = await server.verification.sources(lit_path.parent)
    async with work_done_progress(server, f"Looking up {ident.versioned}") as progress:
        server.verification._progress = progress
        try:
            (outcome,) = await sources.lookup_many([ident])
        finally:
            server.verification._progress = None
    evidence: Evidence = evidence_from(ident, outcome.results, outcome.reason)
    record = evidence.records[0] if evidence.records else None
    if record is None:
        show(server, f"mathlsp: {outcome.reason} — nothing inserted", types.MessageType.Warning)
        return None
    # The identifier resolved; the entry is written from the source's own metadata.
    claim = Claim(
        title=record.title, authors=tuple(a.name for a in record.authors), year=record.year
    )
    check = decide_subject(Subject("new", claim, (ident,)), [evidence])
    snap = snapshot(server, lit_path)
    text = snap.text
    if text is None:
        folder = lit_path.parent
        text = fill_template(
            "LITERATURE.md", {"PROBLEM_SLUG": folder.name, "PROBLEM_TITLE": folder.name}
        )
    current = LiteratureDoc(text, lit_path)
    number = max((e.number for e in current.confirmed), default=0) + 1
    new = new_reference_from(record, number, check)
    if not check.confirmed:
        new = dataclasses.replace(
            new,
            kind="UREF",
            number=max((e.number for e in current.unconfirmed), default=0) + 1,
            reason="; ".join(check.reasons),
        )
    edits = insert_references(current, [new])
    if current.frontmatter.present and current.frontmatter.error is None:
        # The counts follow the body, as after a search or `verify --write`.
        confirmed = len(current.confirmed) + (new.kind == "REF")
        unconfirmed = len(current.unconfirmed) + (new.kind == "UREF")
        edits += update_frontmatter(
            current,
            {
                "total_papers": confirmed + unconfirmed,
                "confirmed_count": confirmed,
                "unconfirmed_count": unconfirmed,
            },
        )
    file_edit = (
        snap.edit(edits)
        if snap.text is not None
        else FileEdit.create(lit_path, None, apply_edits_text(text, edits))
    )
    prepared = build_workspace_edit(
        [file_edit], server.client_capabilities, server.position_encoding
    )
    if await apply_edit(server, prepared, f"Insert {ident.versioned}"):
        show(server, f"mathlsp: inserted {new.id}: {record.title}", types.MessageType.Info)
    server.verification.learned()
    return None


def apply_edits_text(text: str, edits: Sequence[Edit]) -> str:
    from mathlsp.notes.render import apply_edits

    return apply_edits(text, edits)


# -- background verification ------------------------------------------------------------------
def changed_entries(service: VerificationService, doc: LiteratureDoc) -> list[ReferenceEntry]:
    """Entries whose current claim has no verdict in the cache yet (new or edited ones)."""
    return [
        e
        for e in doc.entries
        if e.section in ("confirmed", "unconfirmed") and service.verifier.check(e) is None
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
    if path is None or path.name != "LITERATURE.md":
        return
    server.verification.spawn(background_verify(server, path))


# -- hover ------------------------------------------------------------------------------------
def entry_status(entry: ReferenceEntry, check: ReferenceCheck | None) -> hover_card.Status:
    stamp = entry.verified
    if check is not None and not check.confirmed:
        return hover_card.Status(
            "pending" if check.pending else "unconfirmed",
            reasons=check.reasons,
            url=check.url,
            source=check.source,
        )
    if entry.kind == "UREF":
        return hover_card.Status(
            "unconfirmed",
            reasons=(entry.fields.value("reason") or "listed under Unconfirmed References",),
        )
    if stamp is not None and stamp.timestamp is not None:
        return hover_card.Status(
            "confirmed", when=stamp.timestamp, url=stamp.url, source=check.source if check else None
        )
    if check is not None and check.confirmed:
        return hover_card.Status(
            "confirmed", when=check.checked_at, url=check.url, source=check.source
        )
    return hover_card.Status("unverified", reasons=("no Verified stamp",))


def entry_card(
    server: MathLanguageServer, lit: LiteratureDoc, entry: ReferenceEntry, markdown: bool
) -> str | None:
    check = server.verification.verifier.check(entry)
    record = check.record if check is not None else None
    if record is None:
        for ident in identifiers_of(entry):
            found = [r.record for r in server.verification.cache.lookup_any(ident) if r.record]
            if found:
                record = found[0]
                break
    if record is None:
        return None
    extra = synthesis.hover_lines(server, lit, entry)  # citations among your references
    return hover_card.record_card(
        record, entry_status(entry, check), heading=entry.id, markdown=markdown, extra=extra
    )


def identifier_card(
    server: MathLanguageServer, value: str, kind: str, markdown: bool, near: Path | None
) -> str:
    ident = parse_identifier(value if kind == "doi" else f"arXiv:{value}")
    if ident is None:
        return f"`{value}` is not a well-formed {'DOI' if kind == 'doi' else 'arXiv id'}"
    results = server.verification.cache.lookup_any(ident)
    records = [r.record for r in results if r.record is not None]
    if records:
        status = hover_card.Status(
            "confirmed", when=records[0].fetched_at, url=records[0].url, source=records[0].backend
        )
        return hover_card.record_card(records[0], status, markdown=markdown)
    if results:
        return hover_card.record_card(
            None,
            hover_card.Status("not-found", reasons=(results[0].reason,)),
            heading=ident.versioned,
            markdown=markdown,
        )
    key = ident.key
    if key not in server.verification._looking_up:
        server.verification._looking_up.add(key)
        server.verification.spawn(_look_up_quietly(server, ident, near))
    return hover_card.record_card(
        None,
        hover_card.Status(
            "unverified",
            reasons=("not in the local cache yet — looking it up; hover again in a moment",),
        ),
        heading=ident.versioned,
        markdown=markdown,
    )


async def _look_up_quietly(server: MathLanguageServer, ident: Any, near: Path | None) -> None:
    try:
        sources = await server.verification.sources(near)
        await sources.lookup_many([ident])
        server.verification.learned()
    finally:
        server.verification._looking_up.discard(ident.key)


def hover_text(server: MathLanguageServer, cursor: Any, markdown: bool) -> tuple[str, Span] | None:
    """The verified-record card at the cursor (REF/UREF ids, arXiv ids, DOIs), or None to fall
    back to the entry as written."""
    doc = cursor.doc
    found = navigation.id_at(doc, cursor.offset)
    lit = cursor.folder.literature
    if found is not None and lit is not None:
        entry = lit.by_id.get(found.id)
        if entry is not None:
            card = entry_card(server, lit, entry, markdown)
            if card is not None:
                return card, found.span
        return None
    for located in doc.identifiers:
        if located.span.start <= cursor.offset <= located.span.end and located.mention.valid:
            text = identifier_card(
                server, located.mention.value, located.mention.kind, markdown, cursor.folder.root
            )
            return text, located.span
    return None


# -- code lens --------------------------------------------------------------------------------
def lens_title(
    entry: ReferenceEntry, check: ReferenceCheck | None, now: dt.datetime
) -> tuple[str, str]:
    """(status text, action) for an entry's lens."""
    if check is not None and not check.confirmed and not check.pending:
        return f"✗ {'; '.join(check.reasons)[:80]}", "Re-verify"
    stamp = entry.verified
    if entry.kind == "REF" and stamp is not None and stamp.timestamp is not None:
        days = (now - stamp.timestamp).days
        age = "today" if days <= 0 else ("yesterday" if days == 1 else f"{days} days ago")
        via = ""
        if check is not None and check.source:
            via = f" via {label(check.source)}"
        elif stamp.url:
            for backend, host in (
                ("arxiv", "arxiv"),
                ("semantic_scholar", "semanticscholar"),
                ("openalex", "openalex"),
                ("crossref", "crossref"),
                ("pubmed", "ncbi"),
            ):
                if host in stamp.url:
                    via = f" via {label(backend)}"
                    break
        return f"verified {age}{via}", "Re-verify"
    if entry.kind == "UREF":
        return "unconfirmed", "Verify"
    return "unverified", "Verify"


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
            if entry.section not in ("confirmed", "unconfirmed"):
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


# -- code actions -----------------------------------------------------------------------------
def _command_action(
    title: str,
    kind: str,
    command: str,
    arguments: list[Any],
    diagnostics: list[types.Diagnostic] | None = None,
    preferred: bool = False,
) -> types.CodeAction:
    return types.CodeAction(
        title=title,
        kind=kind,
        diagnostics=diagnostics or None,
        is_preferred=preferred or None,
        command=types.Command(title=title, command=command, arguments=arguments),
    )


def code_actions(
    server: MathLanguageServer, state: Any, params: types.CodeActionParams, wanted: Any
) -> list[types.CodeAction]:
    """Verification actions for a code-action request (commands: the work is online)."""
    doc, uri = state.doc, state.uri
    quickfix, source, refactor = (
        types.CodeActionKind.QuickFix,
        types.CodeActionKind.Source,
        types.CodeActionKind.Refactor,
    )
    actions: list[types.CodeAction] = []
    by_code: dict[str, list[types.Diagnostic]] = {}
    for d in params.context.diagnostics:
        if d.source == "mathlsp":
            by_code.setdefault(str(d.code), []).append(d)
    if isinstance(doc, LiteratureDoc):
        start, end = state.offset(params.range.start), state.offset(params.range.end)
        entry = doc.entry_at(start) or doc.entry_at(end)
        if entry is not None and wanted(quickfix):
            related = (
                [
                    d
                    for code in ("REF001", "REF002", "REF008", "VER001", "VER003", "VER004")
                    for d in by_code.get(code, [])
                    if d.data and d.data.get("id") == entry.id
                ]
                if by_code
                else []
            )
            actions.append(
                _command_action(
                    f"Verify {entry.id} against its sources",
                    quickfix,
                    VERIFY_REFERENCE,
                    [uri, entry.id],
                    related,
                    preferred=bool(related),
                )
            )
            failing = [
                d for d in by_code.get("VER001", []) if d.data and d.data.get("id") == entry.id
            ]
            differs = [
                d for d in by_code.get("VER004", []) if d.data and d.data.get("id") == entry.id
            ]
            if entry.kind == "REF" and (failing or wanted(refactor)):
                kind = quickfix if failing else refactor
                actions.append(
                    _command_action(
                        f"Move {entry.id} to Unconfirmed References",
                        kind,
                        MOVE_TO_UNCONFIRMED,
                        [uri, entry.id],
                        failing,
                    )
                )
            check = server.verification.verifier.check(entry)
            if check is not None and check.record is not None and (differs or failing):
                src = label(check.record.backend)
                actions.append(
                    _command_action(
                        f"Apply {src}'s metadata to {entry.id}",
                        quickfix,
                        APPLY_METADATA,
                        [uri, entry.id],
                        differs or failing,
                        preferred=bool(differs),
                    )
                )
        if wanted(source):
            actions.append(_command_action("Verify all references", source, VERIFY_ALL, [uri]))
    if wanted(refactor) or wanted(quickfix):
        start = state.offset(params.range.start)
        lit = state.folder.literature
        known = (
            {str(i) for e in lit.entries for i in identifiers_of(e)} if lit is not None else set()
        )
        for located in doc.identifiers_on([doc.lines.line_of(start)]):
            m = located.mention
            if not m.valid or not (located.span.start <= start <= located.span.end):
                continue
            ident = parse_identifier(m.value if m.kind == "doi" else f"arXiv:{m.value}")
            if ident is None or str(ident.unversioned()) in known:
                continue
            shown = f"arXiv:{ident.versioned}" if m.kind == "arxiv" else f"doi:{ident.value}"
            actions.append(
                _command_action(
                    f"Insert a LITERATURE.md entry for {shown}",
                    refactor,
                    INSERT_REFERENCE,
                    [uri, shown],
                )
            )
    return actions
