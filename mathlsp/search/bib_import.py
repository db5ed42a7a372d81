"""Bringing a `.bib` into LITERATURE.md (`mathlsp import`): pure, like `write.py`, whose writers
and numbering it uses.

Entries the note already holds (same arXiv id or DOI, or the same normalised title) and repeats
within the file are left out; the rest were verified by the gate (`bib.gate.verify_bib`) and are
written as REF entries when confirmed, with the stamp, and as UREF entries with the reasons
otherwise. The frontmatter counts follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mathlsp.bib.claim import bib_subject
from mathlsp.bib.gate import BibCheck
from mathlsp.bib.parse import BibEntry
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.render import (
    NewReference,
    apply_edits,
    ensure_sections,
    insert_references,
    update_frontmatter,
)
from mathlsp.search.write import (
    NO_ABSTRACT,
    NONE_QUOTED,
    next_reference_numbers,
    safe_reference,
)
from mathlsp.sources.labels import label
from mathlsp.verify.normalize import normalize_title
from mathlsp.verify.pipeline import identifiers_of
from mathlsp.verify.remarks import CROSS_CHECK_LATER, pending_cause


@dataclass(slots=True)
class ImportPlan:
    text: str  # the new LITERATURE.md
    written: dict[str, str] = field(default_factory=dict)  # BibTeX key → REF-/UREF- id
    present: dict[str, str] = field(default_factory=dict)  # BibTeX key → the entry holding it
    references: list[NewReference] = field(default_factory=list)


def already_present(doc: LiteratureDoc, entries: Sequence[BibEntry]) -> dict[str, str]:
    """BibTeX key → the id of the note's entry (or the earlier BibTeX key) that holds the same
    paper, by identifier or by title."""
    return Presence(doc).check(entries)


class Presence:
    """What the note holds (identifiers and normalised titles), and the `.bib`'s entries seen so
    far: `check` batch after batch finds what `already_present` finds over the whole file."""

    def __init__(self, doc: LiteratureDoc) -> None:
        self._held: dict[str, str] = {}
        for e in doc.entries:
            for ident in identifiers_of(e):
                self._held.setdefault(ident.key, e.id)
            if title := normalize_title(e.title):
                self._held.setdefault("title:" + title, e.id)

    def check(self, entries: Sequence[BibEntry]) -> dict[str, str]:
        held = self._held
        out: dict[str, str] = {}
        for entry in entries:
            subject = bib_subject(entry)
            keys = [i.key for i in subject.identifiers]
            title = normalize_title(subject.claim.title)
            if title:
                keys.append("title:" + title)
            holder = next((held[k] for k in keys if k in held), None)
            if holder is not None:
                out[entry.key] = holder
                continue
            for k in keys:
                held.setdefault(k, entry.key)
        return out


def reference_from(result: BibCheck, kind: str, number: int, source_name: str) -> NewReference:
    claim = bib_subject(result.entry).claim
    check = result.check
    record = check.record
    origin = f"{source_name} @{result.entry.key}"
    arxiv = claim.arxiv_id or (record.arxiv_id if record is not None and kind == "REF" else None)
    doi = claim.doi or (record.doi if record is not None and kind == "REF" else None)
    if claim.arxiv_version and claim.arxiv_id:
        arxiv = f"{claim.arxiv_id}v{claim.arxiv_version}"
    common: dict[str, Any] = {
        "title": claim.title or "Untitled",
        "authors": claim.authors,
        "year": claim.year,
        "arxiv_id": arxiv or "",
        "doi": doi or "",
    }
    if kind == "REF":
        abstract = (record.abstract if record is not None else None) or claim.abstract
        stamp = check.stamp
        if check.reasons:
            stamp += f" ({'; '.join(check.reasons)}; {CROSS_CHECK_LATER})"
        return NewReference(
            kind="REF",
            number=number,
            source=f"{label(check.source or '')} (imported from {origin})",
            abstract=abstract or NO_ABSTRACT,
            relevance=f"[S] Imported from {origin}: relevance to the problem not assessed yet",
            key_results=NONE_QUOTED,
            confidence="[V] metadata as returned by the sources; [S] Relevance",
            verified=stamp,
            **common,
        )
    reason = "; ".join(check.reasons) or "no source confirmed it"
    if check.pending:
        causes = "; ".join(pending_cause(r) for r in check.reasons) or "no source answered"
        reason = f"verification pending ({causes}); run `mathlsp verify` again later"
    return NewReference(
        kind="UREF",
        number=number,
        source=f"imported from {origin}",
        reason=reason,
        relevance=f"Imported from {origin}",
        **common,
    )


def plan_import(text: str, results: Sequence[BibCheck], source_name: str) -> ImportPlan:
    """The new LITERATURE.md with the verified entries of a `.bib` (`results` in file order,
    already-present entries included: they are skipped here)."""
    planner = ImportPlanner(text, source_name)
    planner.present.update(already_present(planner.doc, [r.entry for r in results]))
    planner.add([r for r in results if r.entry.key not in planner.present])
    return planner.plan()


class ImportPlanner:
    """`plan_import` a batch at a time: each batch's results become the references to write
    (numbered as they come, REF and UREF apart), and nothing else of them is kept, so
    `mathlsp import` holds one batch of a large `.bib` at a time."""

    def __init__(self, text: str, source_name: str) -> None:
        self.text = text
        self.doc = LiteratureDoc(text)
        self.source_name = source_name
        self.present: dict[str, str] = {}
        self._next_ref, self._next_uref = next_reference_numbers(self.doc)
        self._confirmed: list[tuple[str, NewReference]] = []
        self._others: list[tuple[str, NewReference]] = []

    def add(self, results: Sequence[BibCheck]) -> None:
        """Results of entries not already present, in file order."""
        for r in results:
            if _ok(r):
                ref = reference_from(r, "REF", self._next_ref, self.source_name)
                self._next_ref += 1
                self._confirmed.append((r.entry.key, safe_reference(ref)))
            else:
                ref = reference_from(r, "UREF", self._next_uref, self.source_name)
                self._next_uref += 1
                self._others.append((r.entry.key, safe_reference(ref)))

    def plan(self) -> ImportPlan:
        text, doc = self.text, self.doc
        plan = ImportPlan(text, present=self.present)
        for key, ref in [*self._confirmed, *self._others]:
            plan.written[key] = ref.id
            plan.references.append(ref)
        refs = plan.references
        if not refs:
            return plan
        wanted = [k for k, kind in (("confirmed", "REF"), ("unconfirmed", "UREF"))
                  if any(r.kind == kind for r in refs)]  # fmt: skip
        new = apply_edits(text, ensure_sections(doc, wanted))
        doc = LiteratureDoc(new)
        new = apply_edits(new, insert_references(doc, refs))
        doc = LiteratureDoc(new)
        if doc.frontmatter.present and doc.frontmatter.error is None:  # else left as it is
            counts = {
                "total_papers": len(doc.confirmed) + len(doc.unconfirmed),
                "confirmed_count": len(doc.confirmed),
                "unconfirmed_count": len(doc.unconfirmed),
            }
            new = apply_edits(new, update_frontmatter(doc, counts))
        plan.text = new
        return plan


def _ok(result: BibCheck) -> bool:
    """Written as REF: confirmed, and with a URL to re-check it (as a search's REF entries)."""
    return result.check.confirmed and bool(result.check.url)
