"""The verified-record hover card and the code-lens titles, from the cache (offline)."""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mathlsp.features import synthesis
from mathlsp.ide import hover_card, navigation
from mathlsp.mathids import mr_url
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.notes.spans import Span
from mathlsp.sources.labels import label
from mathlsp.sources.record import parse_identifier

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer
    from mathlsp.verify.pipeline import ReferenceCheck

log = logging.getLogger(__name__)


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
        # "via" names the source of the stamp shown, not of a later check by another source.
        source = hover_card.source_of_url(stamp.url) or (
            check.source if check is not None and check.url == stamp.url else None
        )
        return hover_card.Status(
            "confirmed",
            when=stamp.timestamp,
            url=stamp.url,
            source=source,
            notes=check.notes if check else (),
        )
    if check is not None and check.confirmed:
        return hover_card.Status(
            "confirmed",
            when=check.checked_at,
            url=check.url,
            source=check.source,
            notes=check.notes,
        )
    return hover_card.Status("unverified", reasons=("no Verified stamp",))


def entry_card(
    server: MathLanguageServer, lit: LiteratureDoc, entry: ReferenceEntry, markdown: bool
) -> str | None:
    from mathlsp.verify.pipeline import identifiers_of

    check = server.verification.verifier.check(entry)
    record = check.record if check is not None else None
    if record is None:
        for ident in identifiers_of(entry):
            found = server.verification.cache.get_records(ident)  # not-found answers: no card
            if found:
                record = found[0]
                break
    if record is None:
        return None
    extra = synthesis.hover_lines(server, lit, entry)  # citations among your references
    return hover_card.record_card(
        record,
        entry_status(entry, check),
        heading=entry.id,
        markdown=markdown,
        extra=extra,
        mr=entry.mr,
    )


def identifier_card(
    server: MathLanguageServer, value: str, kind: str, markdown: bool, near: Path | None
) -> str:
    prefixed = {"doi": value, "zbl": f"zbl:{value}"}.get(kind, f"arXiv:{value}")
    ident = parse_identifier(prefixed)
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
    # Not "Not verified yet": on a fresh cache that sat above the entry's own Verified stamp.
    return hover_card.record_card(
        None, hover_card.Status("looking"), heading=ident.versioned, markdown=markdown
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
    located = navigation.identifier_at(doc, cursor.offset)
    if located is not None:
        text = identifier_card(
            server, located.mention.value, located.mention.kind, markdown, cursor.folder.root
        )
        return text, located.span
    return math_id_card(server, doc, cursor.offset, markdown, cursor.folder.root)


def math_id_card(
    server: MathLanguageServer, doc: MarkdownDoc, offset: int, markdown: bool, near: Path | None
) -> tuple[str, Span] | None:
    """A Zbl/JFM or MR number written in prose under the cursor ("see Zbl 0303.10056"): a Zbl
    number's card comes from zbMATH like a DOI's; an MR number is linked, not checked
    (MathSciNet has no open API)."""
    found = navigation.math_id_at(doc, offset)
    if found is None:
        return None
    m, span = found
    if m.kind == "zbl":
        return identifier_card(server, m.value, "zbl", markdown, near), span
    url = mr_url(m.value)
    shown = f"[{m.value}]({url})" if markdown else f"{m.value} ({url})"
    return (
        f"{shown} — MathSciNet (subscribers only). Not checked: MathSciNet has no open API.",
        span,
    )


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
                ("zbmath", "zbmath"),
            ):
                if host in stamp.url:
                    via = f" via {label(backend)}"
                    break
        return f"verified {age}{via}", "Re-verify"
    if entry.kind == "UREF":
        return "unconfirmed", "Verify"
    return "unverified", "Verify"
