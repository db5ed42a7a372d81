"""What the editor reports on a `.bib`: unreadable blocks, repeated keys and fields, and every
entry the gate rejects, could not settle, or has not verified yet (from cached verdicts only)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mathlsp.bib.gate import subjects
from mathlsp.bib.parse import BibEntry, BibFile
from mathlsp.verify.pipeline import ReferenceCheck, Subject

ERROR, WARNING, INFORMATION = 1, 2, 3

#: code → what it means (docs/bibtex.md lists them).
CODES = {
    "BIB001": "a block BibTeX cannot read (skipped; the rest is read)",
    "BIB002": "a repeated key or field",
    "BIB003": "the gate rejects the entry (the sources contradict it or do not know it)",
    "BIB004": "verification pending (a source could not answer)",
    "BIB005": "not verified yet",
}


@dataclass(frozen=True, slots=True)
class BibFinding:
    line: int  # 0-based
    start: int  # code-point column
    end: int
    severity: int
    code: str
    message: str
    key: str | None = None


def key_columns(text_line: str, key: str) -> tuple[int, int]:
    """Where `key` stands on its entry's first line (the whole line when it is not there)."""
    brace = min((i for i in (text_line.find("{"), text_line.find("(")) if i >= 0), default=-1)
    at = text_line.find(key, brace + 1) if key else -1
    if at < 0:
        return 0, len(text_line)
    return at, at + len(key)


def findings(
    bib: BibFile,
    lines: list[str],
    verdict: Callable[[Subject], ReferenceCheck | None],
    subs: list[Subject] | None = None,
    checks: Sequence[ReferenceCheck | None] | None = None,
) -> list[BibFinding]:
    """`checks`, when given, are the verdicts of `subs` already decided (`verdict` unused)."""
    out: list[BibFinding] = []
    for p in bib.problems:
        line = lines[p.line] if p.line < len(lines) else ""
        code, severity = ("BIB002", WARNING) if "duplicate" in p.message else ("BIB001", ERROR)
        out.append(BibFinding(p.line, 0, len(line), severity, code, p.message, p.key))
    subs = subs if subs is not None else subjects(bib)
    if checks is None:
        checks = [verdict(s) for s in subs]
    for entry, subject, check in zip(bib.entries, subs, checks, strict=True):
        finding = _entry_finding(entry, subject, check, lines)
        if finding is not None:
            out.append(finding)
    out.sort(key=lambda f: (f.line, f.start))
    return out


def _entry_finding(
    entry: BibEntry, subject: Subject, check: ReferenceCheck | None, lines: list[str]
) -> BibFinding | None:
    if check is not None and check.confirmed:
        return None
    line = lines[entry.line] if entry.line < len(lines) else ""
    start, end = key_columns(line, entry.key)
    if check is None:
        how = "its arXiv id/DOI" if subject.identifiers else "its title"
        message = f"{entry.key}: not verified yet (run Verify: the sources are asked by {how})"
        return BibFinding(entry.line, start, end, INFORMATION, "BIB005", message, entry.key)
    reasons = "; ".join(check.reasons)
    if check.pending:
        message = f"{entry.key}: verification pending" + (f" ({reasons})" if reasons else "")
        return BibFinding(entry.line, start, end, INFORMATION, "BIB004", message, entry.key)
    message = f"{entry.key}: not confirmed by the sources: {reasons or 'no source confirmed it'}"
    return BibFinding(entry.line, start, end, ERROR, "BIB003", message, entry.key)
