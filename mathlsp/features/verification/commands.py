"""Verification commands: verify (all / one), move to Unconfirmed, apply the source's metadata,
insert an entry from an identifier — each one versioned edit."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.features.edits import FileEdit, apply_edit, build_workspace_edit, show, snapshot
from mathlsp.features.progress import WorkCancelled, work_done_progress
from mathlsp.features.workspace_state import uri_to_path
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.notes.numbering import next_numbers
from mathlsp.notes.render import Edit, NewReference, insert_references, update_frontmatter
from mathlsp.notes.templates import fill_template, folder_line_ending
from mathlsp.sources.labels import label
from mathlsp.sources.record import PaperRecord, parse_identifier

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer
    from mathlsp.verify.pipeline import ReferenceCheck

log = logging.getLogger(__name__)


# -- helpers ----------------------------------------------------------------------------------
def _literature(server: MathLanguageServer, uri: str | None) -> tuple[Path, LiteratureDoc | None]:
    path = uri_to_path(uri) if uri else None
    if path is None:
        raise ValueError("no document given")
    folder = server.store.folder_for(path)
    lit_path = folder.root / "LITERATURE.md"
    doc = folder.doc(lit_path) if lit_path.exists() or server.store.is_open(lit_path) else None
    return lit_path, doc if isinstance(doc, LiteratureDoc) else None


def _other_notes(server: MathLanguageServer, lit_path: Path) -> dict[Path, MarkdownDoc]:
    """The problem folder's notes other than LITERATURE.md, as the editor has them."""
    folder = server.store.folder_for(lit_path)
    others: dict[Path, MarkdownDoc] = {}
    for path in server.store.note_paths(folder):
        if path != lit_path and (other := folder.doc(path)) is not None:
            others[path] = other
    return others


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
    import datetime as dt

    from mathlsp.verify.pipeline import claim_key
    from mathlsp.verify.write import stamp_edit, stamp_holds

    now = dt.datetime.now(dt.UTC)
    renew_after = dt.timedelta(days=server.settings.stale_after_days)
    by_id = {c.entry_id: c for c in checks if c.confirmed and c.url}
    # The user may type while the edit travels: an edit found stale (the buffer moved on) is
    # computed once more on the new text and sent again; only then is the user told.
    for attempt in (1, 2):
        snap = snapshot(server, lit_path)
        if snap.text is None:
            return
        doc = LiteratureDoc(snap.text, lit_path)
        edits = [
            stamp_edit(doc, e, by_id[e.id].stamp)
            for e in doc.confirmed
            if e.id in by_id
            and keys.get(e.id) == claim_key(e)
            and e.section == "confirmed"
            # The same evidence, not yet stale: nothing to write.
            and not stamp_holds(e, by_id[e.id], now, renew_after)
        ]
        if not edits:
            return
        prepared = build_workspace_edit(
            [snap.edit(edits)], server.client_capabilities, server.position_encoding
        )
        if await apply_edit(server, prepared, "Stamp verified references", retrying=attempt == 1):
            return


async def verify_command(server: MathLanguageServer, args: Sequence[Any], only: str | None) -> Any:
    from mathlsp.verify.pipeline import claim_key
    from mathlsp.verify.scope import in_scope, outside_note

    uri = _arg(args, 0, "uri")
    lit_path, doc = _literature(server, uri)
    if doc is None:
        show(
            server,
            "mathlsp: this problem has no LITERATURE.md to verify",
            types.MessageType.Warning,
        )
        return None
    entries = in_scope(doc)
    note = outside_note(doc)
    if only is not None:
        entries = [e for e in entries if e.id == only]
        if not entries:
            why = (
                f"{only} is not verified: it stands outside the '## Confirmed References' and "
                "'## Unconfirmed References' sections, the only ones verification reads (see "
                "LIT004, LIT009)"
                if only in doc.by_id
                else f"{only} is not an entry of LITERATURE.md"
            )
            show(server, f"mathlsp: {why}", types.MessageType.Warning)
            return None
        note = None
    keys = {e.id: claim_key(e) for e in entries}
    title = f"Verifying {only}" if only else f"Verifying {len(entries)} references"
    try:
        checks = await server.verification.verify(entries, lit_path.parent, title)
    except WorkCancelled:
        show(server, "mathlsp: verification cancelled; nothing was changed", types.MessageType.Info)
        return None
    await _stamp(server, lit_path, checks, keys)
    summary = _summary(checks) + (f"; {note}" if note else "")
    show(
        server, f"mathlsp: {summary}", types.MessageType.Warning if note else types.MessageType.Info
    )
    return [c.to_json() for c in checks]


async def move_command(server: MathLanguageServer, args: Sequence[Any]) -> Any:
    from mathlsp.verify.pipeline import ReferenceCheck
    from mathlsp.verify.write import verification_edits

    uri, ref = _arg(args, 0, "uri"), _arg(args, 1, "id")
    lit_path, doc = _literature(server, uri)
    entry = doc.by_id.get(str(ref)) if doc is not None else None
    if doc is None or entry is None or entry.kind != "REF":
        show(server, f"mathlsp: no confirmed reference {ref} to move", types.MessageType.Warning)
        return None
    if entry.section != "confirmed":
        show(
            server,
            f"mathlsp: {entry.id} stands outside '## Confirmed References', so there is nothing "
            "to move it from: put it under that section first (LIT004, LIT009)",
            types.MessageType.Warning,
        )
        return None
    cached = server.verification.verifier.check(entry)
    reasons = cached.reasons if cached is not None and not cached.confirmed else ("moved by hand",)
    check = ReferenceCheck(entry.id, "confirmed", "unconfirmed", tuple(reasons))
    others = _other_notes(server, lit_path)
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
    from mathlsp.verify.pipeline import (
        Evidence,
        Subject,
        decide_subject,
        evidence_from,
        identifiers_of,
    )

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
            "LITERATURE.md",
            {"PROBLEM_SLUG": folder.name, "PROBLEM_TITLE": folder.name},
            folder_line_ending(folder),
        )
    current = LiteratureDoc(text, lit_path)
    numbers = next_numbers(current, _other_notes(server, lit_path).values())
    new = new_reference_from(record, numbers.take("REF"), check)
    if not check.confirmed:
        new = dataclasses.replace(
            new, kind="UREF", number=numbers.take("UREF"), reason="; ".join(check.reasons)
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
