"""Model `Edit`s → versioned `WorkspaceEdit`s, and applying them with `workspace/applyEdit`.

The API, smallest first:

- `snapshot(server, path)` — a note as the editor sees it right now: the open buffer's text and
  version, or the file on disk (version None), or nothing (the file does not exist).
- `Snapshot.edit(edits)` / `.replace_all(text)` / `FileEdit.create(path, uri, text)` — a
  `FileEdit`: edits to one file, computed against that snapshot's text.
- `build_workspace_edit(files, capabilities, encoding)` → `PreparedEdit`: `documentChanges` with
  `OptionalVersionedTextDocumentIdentifier`s carrying the version each edit was computed against
  when the client supports `workspace.workspaceEdit.documentChanges`, else `changes`; ranges in
  the client's position encoding; a missing file becomes `CreateFile` + an insert when the client
  supports the `create` resource operation, otherwise it is listed in `disk_writes`.
  Pure (no server needed), so code actions can return `prepared.edit` directly.
- `is_current(server, prepared)` — every open document is still at the version the edit was
  computed against.
- `await apply_edit(server, prepared, label)` — the one way the server changes text itself:
  refuses (and says so) when a document moved on, writes `disk_writes` (saying so), sends
  `workspace/applyEdit`, and reports `applied: false` with `window/showMessage`. Never retries:
  a refused edit is never re-sent over newer text.

Usage::

    prepared = build_workspace_edit([snapshot(server, path).edit(edits)],
                                    server.client_capabilities, server.position_encoding)
    if not await apply_edit(server, prepared, "Fix frontmatter counts"):
        return
"""

from __future__ import annotations

import asyncio
import bisect
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.uris import from_fs_path

from mathlsp.fsutil import ChangedOnDisk, write_if_unchanged
from mathlsp.notes.linestarts import line_starts
from mathlsp.notes.render import Edit, apply_edits
from mathlsp.notes.spans import Span

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)

APPLY_TIMEOUT_S = 60.0  # the user may be looking at a confirmation dialog


@dataclass(frozen=True, slots=True)
class FileEdit:
    """Edits to one file, computed against `text` (None: the file does not exist yet and
    `edits` hold its whole content as one insertion at offset 0)."""

    path: Path
    uri: str
    text: str | None
    edits: tuple[Edit, ...]
    version: int | None = None  # the open buffer's version; None: not open in the editor

    @property
    def creates(self) -> bool:
        return self.text is None

    @classmethod
    def create(cls, path: Path, uri: str | None, content: str) -> FileEdit:
        """A new file holding `content` (`uri`: None derives it from the path). Prefer
        `snapshot(server, path).replace_all(content)`, which also covers a file that exists."""
        return cls(
            path,
            uri or from_fs_path(str(path)) or path.as_uri(),
            None,
            (Edit(Span(0, 0), content),),
        )

    def result(self) -> str:
        """The text after the edits (what the file will hold)."""
        return apply_edits(self.text or "", self.edits)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A note at one moment: an open buffer (with its version), a file on disk, or absent."""

    path: Path
    uri: str
    text: str | None
    version: int | None = None

    @property
    def is_open(self) -> bool:
        return self.version is not None

    def edit(self, edits: Iterable[Edit]) -> FileEdit:
        if self.text is None:
            raise ValueError(f"{self.path} does not exist: use FileEdit.create")
        return FileEdit(self.path, self.uri, self.text, tuple(edits), self.version)

    def replace_all(self, new_text: str) -> FileEdit:
        """The whole text replaced (or the file created with it)."""
        if self.text is None:
            return FileEdit.create(self.path, self.uri, new_text)
        return self.edit([Edit(Span(0, len(self.text)), new_text)])


def snapshot(server: MathLanguageServer, path: Path) -> Snapshot:
    """The note at `path` as the editor sees it now (buffer text and version when open)."""
    store = server.store
    uri = store.uri_for(path)
    if store.is_open(path):
        note = store.open_note(uri)
        if note is not None:
            return Snapshot(path, note.uri, note.document.source, note.version)
    loaded = store.read(path)
    return Snapshot(path, uri, loaded.text, None)


@dataclass(slots=True)
class PreparedEdit:
    """A WorkspaceEdit ready to send, with what it was computed against."""

    edit: types.WorkspaceEdit
    versions: dict[str, int] = field(default_factory=dict)  # uri → buffer version
    disk_writes: list[FileEdit] = field(default_factory=list)  # files the client cannot create
    files: list[FileEdit] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        e = self.edit
        return not (e.changes or e.document_changes) and not self.disk_writes


# -- positions ------------------------------------------------------------------------------
class _Positions:
    """Offsets of one text → LSP positions in an encoding."""

    def __init__(self, text: str, encoding: str) -> None:
        self.text = text
        self.encoding = encoding
        self.starts = line_starts(text)

    def position(self, offset: int) -> types.Position:
        offset = min(max(offset, 0), len(self.text))
        line = bisect.bisect_right(self.starts, offset) - 1
        return types.Position(line, _units(self.text[self.starts[line] : offset], self.encoding))

    def range(self, span: Span) -> types.Range:
        return types.Range(self.position(span.start), self.position(span.end))


def _units(text: str, encoding: str) -> int:
    if text.isascii() or encoding == "utf-32":
        return len(text)
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def text_edits(text: str, edits: Iterable[Edit], encoding: str) -> list[types.TextEdit]:
    """`edits` on `text` as LSP TextEdits (ranges in `encoding`), in document order."""
    positions = _Positions(text, encoding)
    ordered = sorted(edits, key=lambda e: (e.span.start, e.span.end))
    return [types.TextEdit(range=positions.range(e.span), new_text=e.text) for e in ordered]


# -- building ---------------------------------------------------------------------------------
def supports_document_changes(caps: types.ClientCapabilities) -> bool:
    return bool(get_capability(caps, "workspace.workspace_edit.document_changes", False))


def supports_create(caps: types.ClientCapabilities) -> bool:
    ops = get_capability(caps, "workspace.workspace_edit.resource_operations", None) or ()
    return supports_document_changes(caps) and types.ResourceOperationKind.Create in ops


def build_workspace_edit(
    files: Sequence[FileEdit], caps: types.ClientCapabilities, encoding: str = "utf-16"
) -> PreparedEdit:
    """One WorkspaceEdit for edits to several files (see the module docstring)."""
    versioned = supports_document_changes(caps)
    can_create = supports_create(caps)
    prepared = PreparedEdit(types.WorkspaceEdit(), files=list(files))
    document_changes: list[types.TextDocumentEdit | types.CreateFile] = []
    changes: dict[str, list[types.TextEdit]] = {}
    for f in files:
        if not f.edits:
            continue
        if f.creates:
            if not can_create:
                prepared.disk_writes.append(f)
                continue
            document_changes.append(
                types.CreateFile(
                    uri=f.uri,
                    options=types.CreateFileOptions(overwrite=False, ignore_if_exists=False),
                )
            )
            edits = text_edits("", f.edits, encoding)
        else:
            assert f.text is not None
            edits = text_edits(f.text, f.edits, encoding)
        if f.version is not None:
            prepared.versions[f.uri] = f.version
        if versioned:
            document_changes.append(
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(
                        uri=f.uri, version=f.version
                    ),
                    edits=list(edits),
                )
            )
        else:
            changes.setdefault(f.uri, []).extend(edits)
    if versioned:
        prepared.edit.document_changes = document_changes or None
    else:
        prepared.edit.changes = changes or None
    return prepared


# -- applying ---------------------------------------------------------------------------------
def stale_documents(server: MathLanguageServer, prepared: PreparedEdit) -> list[str]:
    """URIs of open documents that changed (or closed) since the edit was computed."""
    stale = []
    for uri, version in prepared.versions.items():
        note = server.store.open_note(uri)
        if note is None or note.version != version:
            stale.append(uri)
    return stale


def is_current(server: MathLanguageServer, prepared: PreparedEdit) -> bool:
    return not stale_documents(server, prepared)


def show(server: MathLanguageServer, message: str, kind: types.MessageType) -> None:
    log.info("%s", message)
    try:
        server.window_show_message(types.ShowMessageParams(type=kind, message=message))
    except Exception:  # no client attached
        log.debug("could not show message: %s", message)


class CannotAsk(Exception):
    """The client has no `window/showMessageRequest`: the question cannot be put."""


async def ask_choice(
    server: MathLanguageServer,
    message: str,
    choices: Sequence[str],
    kind: types.MessageType,
    timeout_s: float,
) -> str | None:
    """The title the user picked (None when dismissed). Raises CannotAsk when the client cannot
    ask, and the request's error (a timeout included) when it gives no answer."""
    if get_capability(server.client_capabilities, "window.show_message", None) is None:
        raise CannotAsk(message)
    answer = await asyncio.wait_for(
        server.window_show_message_request_async(
            types.ShowMessageRequestParams(
                type=kind,
                message=message,
                actions=[types.MessageActionItem(title=c) for c in choices],
            )
        ),
        timeout_s,
    )
    return getattr(answer, "title", None)


async def apply_edit(
    server: MathLanguageServer, prepared: PreparedEdit, label: str, *, retrying: bool = False
) -> bool:
    """Apply `prepared` through the editor (`workspace/applyEdit`, labelled for its undo
    history); True when everything was applied. Files the client cannot create are written to
    disk first (and the user is told). Refuses, with a message, when an open document changed
    since the edit was computed; reports a refusal by the client. With `retrying`, a stale edit
    returns False silently so that the caller can compute it once more on the new text."""
    stale = stale_documents(server, prepared)
    if stale and retrying:
        return False  # the caller computes the edit again on the new text
    if stale:
        names = ", ".join(Path(u).name for u in stale)
        show(
            server,
            f"mathlsp: {label} not applied: {names} changed since it was computed; try again",
            types.MessageType.Warning,
        )
        return False
    for f in prepared.disk_writes:
        try:
            write_if_unchanged(f.path, None, f.result())
        except (ChangedOnDisk, OSError) as exc:
            show(
                server,
                f"mathlsp: {label}: could not create {f.path}: {exc}",
                types.MessageType.Error,
            )
            return False
        show(
            server,
            f"mathlsp: created {f.path} on disk (the editor cannot create files through edits)",
            types.MessageType.Info,
        )
    e = prepared.edit
    if not (e.changes or e.document_changes):
        return True
    try:
        result = await asyncio.wait_for(
            server.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(edit=e, label=label)),
            APPLY_TIMEOUT_S,
        )
    except Exception as exc:
        show(
            server,
            f"mathlsp: {label} could not be applied: the editor did not answer "
            f"({str(exc) or 'timeout'})",
            types.MessageType.Error,
        )
        return False
    if getattr(result, "applied", False) is True:
        return True
    reason = getattr(result, "failure_reason", None) or (
        "the editor's reply was not an answer" if result is None else "the editor refused the edit"
    )
    if retrying and stale_documents(server, prepared):
        return False  # refused because the text moved on: the caller computes it again
    show(
        server,
        f"mathlsp: {label} was not applied: {reason}. Run it again on the current text",
        types.MessageType.Warning,
    )
    return False
