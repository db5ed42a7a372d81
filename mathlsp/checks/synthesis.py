"""The Synthesis of LITERATURE.md: every claim carries a confidence marker (seed 004 §2 Phase C).

A synthesis line that cites an unconfirmed reference with [V] is REF010 (references.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from mathlsp.checks.base import CheckContext, define, rule
from mathlsp.findings import Finding, Severity
from mathlsp.notes.literature import SYNTHESIS_ORDER, SYNTHESIS_TITLES, LiteratureDoc
from mathlsp.notes.markdown import normalize_heading

NO_MARKER = define("SYN001", Severity.WARNING, "Synthesis claim without a confidence marker")
SUBSECTIONS = define(
    "SYN002", Severity.INFORMATION, "Synthesis subsections are missing or out of order"
)

MARKERS = ("[V]", "[S]", "[~]")
_EXEMPT = "reading_order"  # an ordering is advice, not a claim
_KEYS = {normalize_heading(t): k for k, t in SYNTHESIS_TITLES.items()}


@rule(applies_to=LiteratureDoc)
def claim_markers(ctx: CheckContext) -> Iterator[Finding]:
    doc = ctx.doc
    assert isinstance(doc, LiteratureDoc)
    lines = doc.lines
    # Entries misplaced under Synthesis are LIT009; their fields are not claims.
    entry_lines = {
        i
        for e in doc.entries
        if e.section == "synthesis"
        for i in range(e.heading.line, lines.line_of(e.span.end) + 1)
    }
    for item in doc.synthesis_items:
        if item.markers or item.subsection == _EXEMPT or item.first_line in entry_lines:
            continue
        first = lines.texts[item.first_line]
        indent = len(first) - len(first.lstrip())
        yield ctx.finding(
            NO_MARKER,
            "This synthesis claim has no confidence marker: add [V] (a cited fact), "
            "[S] (derived from cited premises) or [~] (speculative)",
            lines.span(item.first_line, indent),
            data={"markers": list(MARKERS), "line": item.first_line},
        )


@rule(applies_to=LiteratureDoc)
def subsections(ctx: CheckContext) -> Iterator[Finding]:
    doc = ctx.doc
    assert isinstance(doc, LiteratureDoc)
    section = doc.section("synthesis")
    if section is None:
        return  # LIT004
    rank = {k: i for i, k in enumerate(SYNTHESIS_ORDER)}
    order = ", ".join(SYNTHESIS_TITLES[k] for k in SYNTHESIS_ORDER)
    seen: set[str] = set()
    top: str | None = None
    for h in doc.synthesis_subsections:
        key = _KEYS.get(normalize_heading(h.title))
        if key is None or key in seen:
            continue
        seen.add(key)
        if top is not None and rank[key] < rank[top]:
            yield ctx.finding(
                SUBSECTIONS,
                f"'{SYNTHESIS_TITLES[key]}' comes after '{SYNTHESIS_TITLES[top]}': "
                f"the Synthesis order is {order}",
                h.span,
            )
        else:
            top = key
    if not any(e.kind == "REF" for e in doc.entries):
        return  # nothing to synthesise yet: a missing skeleton is not worth a note
    missing = [SYNTHESIS_TITLES[k] for k in SYNTHESIS_ORDER if k not in seen]
    if missing:
        names = ", ".join(f"'### {m}'" for m in missing)
        yield ctx.finding(
            SUBSECTIONS,
            f"Synthesis has no {names} subsection{'s' if len(missing) > 1 else ''}: "
            f"the Synthesis is {order}",
            section.heading.span,
            data={"missing": missing},
        )
