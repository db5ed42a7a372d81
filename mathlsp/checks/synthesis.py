"""The Synthesis of LITERATURE.md: every claim carries a confidence marker (docs/schemas.md).

A synthesis line that cites an unconfirmed reference with [V] is REF010 (references.py). SYN003:
a [V] claim resting only on references with nothing quoted; SYN004: a line `mathlsp synthesize`
drafted that nobody has reviewed yet (mathlsp.synthesis.review).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from mathlsp.checks.base import CheckContext, define, rule
from mathlsp.checks.findings import Finding, Severity
from mathlsp.notes.document import REF_ID
from mathlsp.notes.literature import (
    SYNTHESIS_ORDER,
    SYNTHESIS_TITLES,
    LiteratureDoc,
    ReferenceEntry,
    SynthesisItem,
)
from mathlsp.notes.markdown import normalize_heading
from mathlsp.notes.spans import Span
from mathlsp.synthesis.review import unreviewed

NO_MARKER = define("SYN001", Severity.WARNING, "Synthesis claim without a confidence marker")
SUBSECTIONS = define(
    "SYN002", Severity.INFORMATION, "Synthesis subsections are missing or out of order"
)

UNSUPPORTED = define(
    "SYN003", Severity.WARNING, "[V] claim cites only references with nothing quoted to support it"
)
UNREVIEWED = define("SYN004", Severity.INFORMATION, "Drafted synthesis line not reviewed yet")

MARKERS = ("[V]", "[S]", "[~]")
# What a Key Results field says when it holds nothing (the search writes "None quoted: …").
_NOTHING = re.compile(r"^\s*(?:none\b|n/?a\b|-+$|—$|\(?none|$)", re.IGNORECASE)
_QUOTED_WITH_SOURCE = re.compile(r"[\"“][^\"”]{8,}[\"”].*https?://")
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


@rule(applies_to=LiteratureDoc)
def verified_claims_have_evidence(ctx: CheckContext) -> Iterator[Finding]:
    """[V] means a cited fact: the line quotes it with its source, or one of the references it
    cites has Key Results to cite. A [V] resting only on references with nothing quoted is not
    verified by anything in the notes."""
    doc = ctx.doc
    assert isinstance(doc, LiteratureDoc)
    for item in doc.synthesis_items:
        ids = verified_claim_ids(item)
        if ids is not None:
            found = unsupported_claim(ctx, item.first_line, ids, doc.by_id.get)
            if found is not None:
                yield found


def verified_claim_ids(item: SynthesisItem) -> list[str] | None:
    """The ids a [V] claim cites, in order, when it quotes no statement with its source;
    None for any other claim (SYN003 never concerns it)."""
    if "V" not in item.markers or _QUOTED_WITH_SOURCE.search(item.text):
        return None
    return [f"{m.group('kind')}-{int(m.group('num')):03d}" for m in REF_ID.finditer(item.text)]


def unsupported_claim(
    ctx: CheckContext, first_line: int, ids: list[str],
    entry_of: Callable[[str], ReferenceEntry | None],
) -> Finding | None:  # fmt: skip
    """SYN003 on the [V] claim starting on `first_line` citing `ids` (`verified_claim_ids`),
    the entries looked up by `entry_of` (the first entry carrying an id)."""
    refs = [e for i in dict.fromkeys(ids) if (e := entry_of(i)) is not None]
    confirmed = [e for e in refs if e.confirmed]
    if not confirmed or len(confirmed) < len(refs):
        return None  # no reference at all, or an unconfirmed one (REF010)
    if any(not _NOTHING.match(e.core.fields.value("key_results")) for e in confirmed):
        return None
    names = ", ".join(e.id for e in confirmed)
    lines = ctx.doc.lines
    first = lines.texts[first_line]
    indent = len(first) - len(first.lstrip())
    return ctx.finding(
        UNSUPPORTED,
        f"[V] rests on {names}, which quote{'s' if len(confirmed) == 1 else ''} no statement "
        "(Key Results empty or 'None quoted'): quote the statement with its source, or mark "
        "the claim [S]",
        lines.span(first_line, indent),
        data={"refs": [e.id for e in confirmed], "line": first_line},
    )


@rule(applies_to=LiteratureDoc)
def drafted_lines(ctx: CheckContext) -> Iterator[Finding]:
    doc = ctx.doc
    assert isinstance(doc, LiteratureDoc)
    for d in unreviewed(doc):
        text = doc.lines.texts[d.line]
        indent = len(text) - len(text.lstrip())
        start = doc.lines.starts[d.line] + indent
        yield ctx.finding(
            UNREVIEWED,
            "Drafted by mathlsp from the evidence and not reviewed yet: check it, then edit it or "
            "accept it (the draft marker goes; the line is yours)",
            Span(start, d.marker_span.start),
            data={"line": d.line},
        )
