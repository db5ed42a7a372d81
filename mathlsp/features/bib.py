"""BibTeX files in the editor, and "Copy BibTeX" on a LITERATURE.md reference.

A `.bib` is parsed once per buffer version (`bib.parse`); its diagnostics (`bib.diagnose`) and
hover cards come from cached verdicts only (`bib.offline`), never a network call per keystroke.
Commands (online): `mathlsp.verifyBib [uri, key?]` runs the gate on the file or one entry and
stores the verdicts; `mathlsp.fixBibField [uri, key, field]` writes one field as the verified
record has it; `mathlsp.copyBibtex [uri, id]` returns (and shows) a REF entry as BibTeX. A
client that declares `mathlsp.client.copyBibtex` gets the text in the code action instead and
puts it on its clipboard itself.
"""

from __future__ import annotations

import asyncio
import bisect
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.bib.diagnose import BibFinding, findings
from mathlsp.bib.gate import subject_map, subjects
from mathlsp.bib.offline import OfflineBibVerifier
from mathlsp.bib.parse import BibEntry, BibFile, block_start, parse_bib
from mathlsp.features.arguments import checked
from mathlsp.features.edits import FileEdit, apply_edit, build_workspace_edit, show
from mathlsp.features.progress import WorkCancelled, work_done_progress
from mathlsp.features.workspace_state import OpenNote, uri_to_path
from mathlsp.ide import hover_card
from mathlsp.notes.gcpause import gc_paused
from mathlsp.notes.render import Edit
from mathlsp.notes.spans import Span
from mathlsp.verify.pipeline import ReferenceCheck, Subject

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

VERIFY_BIB = "mathlsp.verifyBib"
FIX_FIELD = "mathlsp.fixBibField"
COPY_BIBTEX = "mathlsp.copyBibtex"
# Run by the client, not the server (never in executeCommandProvider): argument {key, bibtex}.
CLIENT_COPY = "mathlsp.client.copyBibtex"
SOURCE = "mathlsp"


def is_bib(path: Path | None) -> bool:
    return path is not None and path.suffix.lower() == ".bib"


SubjectMap = dict[tuple[object, ...], Subject]


@dataclass(slots=True)
class ParsedBib:
    version: int | None
    length: int
    bib: BibFile
    lines: list[str]
    # The previous version's subjects, reused for unchanged entries when this version's are
    # first asked for (then dropped: no version holds more than the one before it).
    known_subjects: SubjectMap | None = None
    _subject_map: SubjectMap | None = None
    _subjects: list[Subject] | None = None
    _starts: list[int] | None = None

    @property
    def subject_map(self) -> SubjectMap:
        if self._subject_map is None:
            self._subject_map = subject_map(self.bib, self.known_subjects)
            self.known_subjects = None
        return self._subject_map

    @property
    def subjects(self) -> list[Subject]:
        if self._subjects is None:
            self._subjects = list(self.subject_map.values())
        return self._subjects

    def entry_at(self, line: int) -> tuple[BibEntry, Subject] | None:
        if self._starts is None:
            self._starts = [e.line for e in self.bib.entries]
        i = bisect.bisect_right(self._starts, line) - 1
        if i < 0:
            return None
        entry = self.bib.entries[i]
        return (entry, self.subjects[i]) if entry.line <= line <= entry.end_line else None


class BibFiles:
    """The parsed versions of open `.bib` buffers and the offline verifier for them.

    Only each buffer's last version is kept; the next one re-reads only the blocks and maps only
    the entries that changed, from it (`parse_bib(known=…)`, `subject_map(known=…)`), so what
    the server holds for a `.bib` does not grow with the edits made to it."""

    def __init__(self, server: MathLanguageServer) -> None:
        self.server = server
        self._parsed: dict[str, ParsedBib] = {}
        self._heads: dict[str, ParsedBib] = {}  # a first pass's reading of a file's first entries
        self.background: dict[str, asyncio.Task[None]] = {}  # uri → its background verification
        self._verifier: OfflineBibVerifier | None = None
        self._lock = threading.Lock()

    def parsed(self, note: OpenNote) -> ParsedBib:
        """The buffer's current version, parsed once (the version names the text)."""
        text = note.document.source
        with self._lock:
            cached = self._parsed.get(note.uri) or self._heads.pop(note.uri, None)
        if cached is not None and cached.version == note.version and cached.length == len(text):
            return cached
        known = None
        if cached is not None:
            known = (
                cached._subject_map if cached._subject_map is not None else cached.known_subjects
            )
        parsed = ParsedBib(
            note.version,
            len(text),
            parse_bib(text, cached.bib.blocks if cached is not None else None),
            text.splitlines(),
            known_subjects=known,
        )
        with self._lock:
            self._parsed[note.uri] = parsed
        return parsed

    def head(self, note: OpenNote, cut: int) -> ParsedBib:
        """The first `cut` characters of a buffer never read before (`first_pass`), kept for
        the whole file's reading to start from."""
        text = note.document.source[:cut]
        head = ParsedBib(note.version, -1, parse_bib(text), text.splitlines())
        with self._lock:
            self._heads[note.uri] = head
        return head

    def has(self, uri: str) -> bool:
        with self._lock:
            return uri in self._parsed

    def forget(self, uri: str) -> None:
        task = self.background.pop(uri, None)
        if task is not None and not task.done():
            task.cancel()
        with self._lock:
            self._parsed.pop(uri, None)
            self._heads.pop(uri, None)
        if self._verifier is not None:
            self._verifier.forget(uri)

    @property
    def verifier(self) -> OfflineBibVerifier:
        service = self.server.verification
        if self._verifier is None:
            self._verifier = OfflineBibVerifier(service.cache)
        self._verifier.sync(service.verifier.generation)
        return self._verifier


def files(server: MathLanguageServer) -> BibFiles:
    found = getattr(server, "bib_files", None)
    if found is None:
        found = server.bib_files = BibFiles(server)  # type: ignore[attr-defined]
    return found


def _units(text: str, encoding: str) -> int:
    if encoding == types.PositionEncodingKind.Utf8:
        return len(text.encode("utf-8"))
    if encoding == types.PositionEncodingKind.Utf32:
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def _range(lines: list[str], line: int, start: int, end: int, encoding: str) -> types.Range:
    text = lines[line] if line < len(lines) else ""
    return types.Range(
        start=types.Position(line, _units(text[:start], encoding)),
        end=types.Position(line, _units(text[:end], encoding)),
    )


_SEVERITY = {
    1: types.DiagnosticSeverity.Error,
    2: types.DiagnosticSeverity.Warning,
    3: types.DiagnosticSeverity.Information,
}


def _diagnostic(f: BibFinding, lines: list[str], encoding: str) -> types.Diagnostic:
    return types.Diagnostic(
        range=_range(lines, f.line, f.start, f.end, encoding),
        message=f.message,
        severity=_SEVERITY[f.severity],
        code=f.code,
        source=SOURCE,
        data={"key": f.key} if f.key else None,
    )


def diagnostics(server: MathLanguageServer, note: OpenNote) -> list[types.Diagnostic]:
    # Reading a 2,000-entry file allocates about a million short-lived objects; with the
    # collector on, the full collections they trigger scan every live object of the server
    # (a fifth of the reading's time, median, with a server-sized heap), as for a large note.
    # The ~40k objects bibtexparser leaves in cycles are young: the first collection after
    # the pause frees them.
    with gc_paused():
        return _diagnostics(server, note)


def _diagnostics(server: MathLanguageServer, note: OpenNote) -> list[types.Diagnostic]:
    parsed = files(server).parsed(note)
    bib, lines = parsed.bib, parsed.lines
    subs = parsed.subjects
    if getattr(server, "verification", None) is None:
        checks: list[ReferenceCheck | None] = [None] * len(subs)
    else:
        checks = files(server).verifier.verdicts(note.uri, subs)
    encoding = server.position_encoding
    found = findings(bib, lines, lambda _s: None, subs, checks)
    return [_diagnostic(f, lines, encoding) for f in found]


# The first pass on opening a large file: its first entries, what the editor shows first.
FIRST_PASS_ENTRIES = 100


def first_pass(server: MathLanguageServer, note: OpenNote) -> list[types.Diagnostic] | None:
    """Diagnostics of the first `FIRST_PASS_ENTRIES` entries of a `.bib` opened for the first
    time, published before the whole file is read (reading 2,000 entries takes a few hundred
    milliseconds; the top of the file is what the editor shows on opening it). None when there
    is nothing to gain (a small file, a file already read) or nothing sure to say: a file whose
    blocks do not read alone, or an entry whose `crossref` parent comes later (its inherited
    fields are not known yet) waits for the whole file. What the first pass reads stays in the
    block cache, so the whole file reads those entries for free."""
    with gc_paused():
        return _first_pass(server, note)


def _first_pass(server: MathLanguageServer, note: OpenNote) -> list[types.Diagnostic] | None:
    bibs = files(server)
    service = getattr(server, "verification", None)
    text = note.document.source
    if service is None or bibs.has(note.uri):
        return None
    cut = block_start(text, FIRST_PASS_ENTRIES)
    if cut is None:
        return None
    head = bibs.head(note, cut)
    if head.bib.read_whole:
        return None
    keys = {e.key.lower() for e in head.bib.entries}
    pairs = [
        (e, s)
        for e, s in zip(head.bib.entries, head.subjects, strict=True)
        if not (e.get("crossref") or "").lower() or (e.get("crossref") or "").lower() in keys
    ]
    sure = BibFile(head.bib.text, [e for e, _ in pairs], head.bib.problems, head.bib.strings)
    subs = [s for _, s in pairs]
    checks = bibs.verifier.verdicts(note.uri, subs)
    found = findings(sure, head.lines, lambda _s: None, subs, checks)
    return [_diagnostic(f, head.lines, server.position_encoding) for f in found]


# -- hover --------------------------------------------------------------------------------------
def hover(
    server: MathLanguageServer, note: OpenNote, position: types.Position, markdown: bool
) -> types.Hover | None:
    parsed = files(server).parsed(note)
    lines = parsed.lines
    found = parsed.entry_at(position.line)
    if found is None:
        return None
    entry, subject = found
    check = files(server).verifier.check(subject, with_record=True)
    if check is None:
        how = "arXiv id/DOI" if subject.identifiers else "title"
        status = hover_card.Status("unverified", reasons=(f"run Verify (by its {how})",))
    elif check.confirmed:
        status = hover_card.Status("confirmed", check.checked_at, check.url, check.source)
    else:
        state = "pending" if check.pending else "unconfirmed"
        status = hover_card.Status(state, source=check.source, reasons=check.reasons)
    text = hover_card.record_card(
        check.record if check is not None else None, status, heading=entry.key, markdown=markdown
    )
    from mathlsp.bib.diagnose import key_columns

    start, end = key_columns(lines[entry.line] if entry.line < len(lines) else "", entry.key)
    return types.Hover(
        contents=types.MarkupContent(
            kind=types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText, value=text
        ),
        range=_range(lines, entry.line, start, end, server.position_encoding),
    )


# -- code actions -------------------------------------------------------------------------------
def _action(
    title: str, kind: str, command: str, args: list[Any], diags: list[Any]
) -> types.CodeAction:
    return types.CodeAction(
        title=title,
        kind=kind,
        diagnostics=diags or None,
        command=types.Command(title=title, command=command, arguments=args),
    )


def code_actions(
    server: MathLanguageServer, note: OpenNote, params: types.CodeActionParams
) -> list[types.CodeAction]:
    from mathlsp.bib.fixes import field_fixes
    from mathlsp.sources.labels import label

    parsed = files(server).parsed(note)
    uri = note.uri
    actions = [
        _action(
            "Verify every entry of this file", types.CodeActionKind.Source, VERIFY_BIB, [uri], []
        )
    ]
    found = parsed.entry_at(params.range.start.line)
    if found is None:
        return actions
    entry, subject = found
    related = [
        d
        for d in params.context.diagnostics
        if d.source == SOURCE and isinstance(d.data, dict) and d.data.get("key") == entry.key
    ]
    actions.insert(
        0,
        _action(
            f"Verify {entry.key} against its sources",
            types.CodeActionKind.QuickFix,
            VERIFY_BIB,
            [uri, entry.key],
            related,
        ),
    )
    check = files(server).verifier.check(subject, with_record=True)
    if check is not None and check.record is not None:
        for name in field_fixes(entry, check.record):
            actions.append(
                _action(
                    f"Set {name} of {entry.key} as {label(check.record.backend)} has it",
                    types.CodeActionKind.QuickFix,
                    FIX_FIELD,
                    [uri, entry.key, name],
                    related,
                )
            )
    return actions


def client_copies(server: MathLanguageServer) -> bool:
    """Whether the client runs `mathlsp.client.copyBibtex` itself (puts the text on its
    clipboard): it says so in `capabilities.experimental.mathlsp.clientCommands`, as the VS Code
    extension and the Neovim plug-in in `editors/` do. LSP has no clipboard of its own."""
    experimental = getattr(server.client_capabilities, "experimental", None)
    mathlsp = experimental.get("mathlsp") if isinstance(experimental, dict) else None
    commands = mathlsp.get("clientCommands") if isinstance(mathlsp, dict) else None
    return isinstance(commands, list) and CLIENT_COPY in commands


def copy_action(server: MathLanguageServer, uri: str, entry: Any) -> types.CodeAction:
    """ "Copy BibTeX for REF-NNN": the text itself for a client that copies it, else the server
    command that returns it and shows it in a message."""
    title = f"Copy BibTeX for {entry.id}"
    if client_copies(server):
        key, text = bibtex_of(server, entry)
        return _action(
            title, types.CodeActionKind.Refactor, CLIENT_COPY, [{"key": key, "bibtex": text}], []
        )
    return _action(title, types.CodeActionKind.Refactor, COPY_BIBTEX, [uri, entry.id], [])


def bibtex_of(server: MathLanguageServer, entry: Any) -> tuple[str, str]:
    """A verified REF entry as BibTeX (`mathlsp export --bibtex`'s rendering and key)."""
    from mathlsp.bib.keys import make_key
    from mathlsp.bib.render import from_reference, render_item, verified_record

    item = from_reference(entry, verified_record(server.verification.cache, entry))
    key = make_key("author-year-word", [f for f, _ in item.authors], item.year, item.title)
    return key, render_item(item, key)


# -- commands -----------------------------------------------------------------------------------
def _open_bib(server: MathLanguageServer, uri: str) -> OpenNote | None:
    note = server.store.open_note(uri)
    if note is None or not is_bib(note.path):
        show(server, "mathlsp: that is not an open .bib file", types.MessageType.Warning)
        return None
    return note


async def verify_command(server: MathLanguageServer, call: dict[str, Any]) -> Any:
    from mathlsp.bib.gate import verify_bib

    note = _open_bib(server, call["uri"])
    if note is None:
        return None
    bib = files(server).parsed(note).bib
    key = call.get("key")
    if key:
        bib = BibFile(bib.text, [e for e in bib.entries if e.key == key], [], bib.strings)
        if not bib.entries:
            show(server, f"mathlsp: no entry {key} in this file", types.MessageType.Warning)
            return None
    service = server.verification
    sources = await service.sources(note.path.parent)
    title = f"Verifying {key}" if key else f"Verifying {len(bib.entries)} BibTeX entries"
    try:
        async with work_done_progress(server, title) as progress:

            def on_progress(done: int, total: int, message: str) -> None:
                progress.report(message, int(100 * done / total) if total else None)

            results = await verify_bib(bib, sources, on_progress=on_progress)
    except WorkCancelled:
        show(server, "mathlsp: verification cancelled", types.MessageType.Info)
        return None
    verifier = files(server).verifier
    for subject, r in zip(subjects(bib), results, strict=True):
        verifier.remember(subject, r.check)
    service.learned()
    confirmed = sum(r.check.confirmed for r in results)
    show(
        server,
        f"mathlsp: {confirmed} of {len(results)} BibTeX entries confirmed",
        types.MessageType.Info,
    )
    return [r.check.to_json() for r in results]


# Background verification (setting `verification`, on save): the entries with no verdict yet,
# at most this many a save (a 2,000-entry file is not sent to the APIs at once; the next save
# takes the next ones, "Verify every entry" all of them). A newer save cancels a running one.
BACKGROUND_MAX = 50
SUPERSEDED = "Stopped: the file was saved again or closed"


async def background_verify(server: MathLanguageServer, uri: str) -> None:
    from mathlsp.bib.gate import verify_bib

    bibs = files(server)
    previous = bibs.background.get(uri)
    if previous is not None and not previous.done():
        previous.cancel()
    task = asyncio.current_task()
    if task is not None:
        bibs.background[uri] = task
    note = server.store.open_note(uri)
    if note is None or not is_bib(note.path):
        return
    loop = asyncio.get_running_loop()
    executor = server.diagnostics.executor

    def unverified() -> list[BibEntry]:
        parsed = bibs.parsed(note)
        checks = bibs.verifier.verdicts(uri, parsed.subjects)
        return [e for e, c in zip(parsed.bib.entries, checks, strict=True) if c is None]

    todo = (await loop.run_in_executor(executor, unverified))[:BACKGROUND_MAX]
    if not todo:
        return
    bib = bibs.parsed(note).bib
    subset = BibFile(bib.text, todo, [], bib.strings)
    service = server.verification
    sources = await service.sources(note.path.parent)
    title = f"Verifying {len(todo)} BibTeX entries not verified yet"
    try:
        async with work_done_progress(server, title) as progress:

            def on_progress(done: int, total: int, message: str) -> None:
                progress.report(message, int(100 * done / total) if total else None)

            try:
                results = await verify_bib(subset, sources, on_progress=on_progress)
            except asyncio.CancelledError:
                if not progress.cancelled:  # not the user: a newer save or closing the file
                    progress.end_message = SUPERSEDED
                raise
    except WorkCancelled:
        return
    for subject, r in zip(subjects(subset), results, strict=True):
        bibs.verifier.remember(subject, r.check)
    service.learned()


async def fix_command(server: MathLanguageServer, call: dict[str, Any]) -> Any:
    from mathlsp.bib.fixes import field_fixes
    from mathlsp.bib.update import set_field

    note = _open_bib(server, call["uri"])
    if note is None:
        return None
    parsed = files(server).parsed(note)
    bib = parsed.bib
    pairs = [
        (e, s) for e, s in zip(bib.entries, parsed.subjects, strict=True) if e.key == call["key"]
    ]
    if not pairs:
        show(server, f"mathlsp: no entry {call['key']} in this file", types.MessageType.Warning)
        return None
    entry, subject = pairs[0]
    check = files(server).verifier.check(subject, with_record=True)
    values = field_fixes(entry, check.record) if check is not None and check.record else {}
    value = values.get(call["field"])
    if value is None:
        show(
            server,
            f"mathlsp: the verified record has nothing to change in {call['field']}",
            types.MessageType.Info,
        )
        return None
    edit = set_field(bib.text, entry, call["field"], value)
    if edit is None:
        return None
    file_edit = FileEdit(
        note.path, note.uri, bib.text, (Edit(Span(edit.start, edit.end), edit.text),), note.version
    )
    prepared = build_workspace_edit(
        [file_edit], server.client_capabilities, server.position_encoding
    )
    return await apply_edit(server, prepared, f"set {call['field']} of {entry.key}")


def copy_command(server: MathLanguageServer, call: dict[str, Any]) -> Any:
    from mathlsp.notes.literature import LiteratureDoc

    path = uri_to_path(call["uri"])
    doc = server.store.doc(path) if path is not None else None
    entry = doc.by_id.get(call["id"]) if isinstance(doc, LiteratureDoc) else None
    if entry is None or entry.kind != "REF" or entry.verified is None:
        show(
            server,
            f"mathlsp: {call['id']} is no verified REF entry (only those are exported)",
            types.MessageType.Warning,
        )
        return None
    key, text = bibtex_of(server, entry)
    show(server, text, types.MessageType.Info)  # a client without a clipboard hook shows it
    return {"key": key, "bibtex": text}


def register(server: MathLanguageServer) -> None:
    files(server)

    @server.command(VERIFY_BIB)
    async def mathlsp_verify_bib(*args: Any) -> Any:
        if (call := checked(server, VERIFY_BIB, args)) is None:
            return None
        return await verify_command(server, call[0])

    @server.command(FIX_FIELD)
    async def mathlsp_fix_bib_field(*args: Any) -> Any:
        if (call := checked(server, FIX_FIELD, args)) is None:
            return None
        return await fix_command(server, call[0])

    @server.command(COPY_BIBTEX)
    def mathlsp_copy_bibtex(*args: Any) -> Any:
        if (call := checked(server, COPY_BIBTEX, args)) is None:
            return None
        return copy_command(server, call[0])
