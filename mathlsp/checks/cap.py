"""At most `FINDINGS_PER_CODE` findings of one code per file, then one DOC006 saying how many
more there are.

A 1 MB line of unknown ids yields 100,000 findings of one kind: nobody reads them, building
them costs a second, and editors choke on them. The cap is applied where every finding of a
file is gathered (`check_document`), so `mathlsp check`, its JSON and the server agree.
Whole-file rules are counted while they run (`counted`): past the cap a finding is only
counted, not built. Entry rules are cached entry by entry, so they are capped afterwards
(`listed`), from the sorted list; a LITERATURE.md's check lists its entries' findings
without moving or sorting them all (`checks.kept.listed_with`, equal to `listed`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mathlsp.checks.base import FINDINGS_PER_CODE, NOT_LISTED, CheckContext, define
from mathlsp.checks.findings import Finding, Severity, by_position
from mathlsp.notes.text import Range

MORE = define("DOC006", Severity.INFORMATION, "More findings of one code than are listed")


def counted(ctx: CheckContext, run: Callable[[], Iterable[Finding]]) -> list[Finding]:
    """What `run` finds, at most `FINDINGS_PER_CODE` of a code built; each code past the cap
    gets a DOC006 (on its last listed finding) that carries how many were not built."""
    ctx.counts = counts = {}
    try:
        found = [f for f in run() if f is not NOT_LISTED]
    finally:
        ctx.counts = None
    over = {code: n - FINDINGS_PER_CODE for code, n in counts.items() if n > FINDINGS_PER_CODE}
    if over:
        last: dict[str, Finding] = {f.code: f for f in found}
        found.extend(more_finding(code, n, last[code].range) for code, n in over.items())
    return found


def capped(findings: list[Finding]) -> bool:
    """Whether some findings here were only counted (a DOC006 stands for them)."""
    return any(f.code == MORE for f in findings)


def listed(findings: list[Finding]) -> list[Finding]:
    """A file's findings, sorted by position, with at most `FINDINGS_PER_CODE` of a code: the
    first ones, then one DOC006 per code that had more (those `counted` did not build
    included), on the last one listed."""
    counts: dict[str, int] = {}
    for f in findings:
        counts[f.code] = counts.get(f.code, 0) + 1
    if MORE not in counts and max(counts.values(), default=0) <= FINDINGS_PER_CODE:
        return findings
    hidden: dict[str, int] = {}
    for f in findings:
        if f.code == MORE:
            code = f.data["code"]
            hidden[code] = hidden.get(code, 0) + f.data["more"]
    out: list[Finding] = []
    kept: dict[str, int] = {}
    last: dict[str, Finding] = {}
    for f in findings:
        if f.code == MORE:
            continue
        k = kept.get(f.code, 0)
        if k < FINDINGS_PER_CODE:
            out.append(f)
            kept[f.code] = k + 1
            last[f.code] = f
    return with_more_notices(out, kept, last, counts, hidden)


def with_more_notices(
    out: list[Finding],
    kept: dict[str, int],
    last: dict[str, Finding],
    counts: dict[str, int],
    hidden: dict[str, int],
) -> list[Finding]:
    """`out` (the findings listed) with one "N more" notice per capped code, at its last listed
    finding, sorted by position: `kept` and `last` say what was listed per code, `counts` how many
    there were, `hidden` how many earlier notices already stood for."""
    for code in sorted(last):
        more = counts[code] - kept[code] + hidden.get(code, 0)
        if more:
            out.append(more_finding(code, more, last[code].range))
    out.sort(key=by_position)
    return out


def more_finding(code: str, more: int, at: Range) -> Finding:
    return Finding(
        MORE,
        Severity.INFORMATION,
        f"{more:,} more {code} finding{'s' if more > 1 else ''} in this file "
        f"{'are' if more > 1 else 'is'} not listed (at most {FINDINGS_PER_CODE} of one code "
        "are): fix these first, the rest likely share their cause",
        at,
        data={"code": code, "more": more},
    )
