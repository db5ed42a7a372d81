"""The resume dashboard: where the problem stands, read from its files,
with provenance for every section and a next action specific to what the files say."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

from mathlsp.notes.document import MARKER, MarkdownDoc
from mathlsp.notes.journal import PROOF_STRATEGIES, JournalDoc, JournalEntry
from mathlsp.notes.journal_render import iso
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.problem import ProblemDoc
from mathlsp.notes.templates import fill_template

_GAP = re.compile(r"\b(?:gap|todo|sorry|unproven|missing step)\b", re.IGNORECASE)


@dataclass(slots=True)
class ProblemFiles:
    """What resume reads; any file may be missing ("not yet", never an error)."""

    slug: str
    problem: ProblemDoc | None = None
    literature: LiteratureDoc | None = None
    journal: JournalDoc | None = None
    state: MarkdownDoc | None = None
    proof: MarkdownDoc | None = None
    computation: MarkdownDoc | None = None


def _latest(journal: JournalDoc | None, category: str) -> JournalEntry | None:
    if journal is None:
        return None
    entries = journal.in_category(category)
    return entries[-1] if entries else None


def provenance(entry: JournalEntry | None, fallback: str) -> str:
    if entry is None:
        return f"_Source: {fallback}_"
    agent = entry.fields.value("agent") or "unknown"
    when = entry.fields.value("timestamp") or "no timestamp"
    return f"_Source: {entry.id} by {agent}, {when}_"


PREVIEW_LINES = 5
PREVIEW_CHARS = 600


def statement_preview(statement: str) -> list[str]:
    """The statement's first lines, or — when it is longer — its text cut at the end of a
    sentence (else of a word) with an ellipsis, never in the middle of one."""
    lines = [line for line in statement.splitlines() if line.strip()]
    if len(lines) <= PREVIEW_LINES and sum(len(line) for line in lines) <= PREVIEW_CHARS:
        return lines
    flat = " ".join(" ".join(lines).split())
    if len(flat) <= PREVIEW_CHARS:
        return [flat]
    cut = flat[:PREVIEW_CHARS]
    end = max(cut.rfind(". "), cut.rfind("? "), cut.rfind("! "))
    if end >= PREVIEW_CHARS // 3:
        return [cut[: end + 1] + " …"]
    return [cut.rsplit(" ", 1)[0].rstrip(",;:") + " …"]


def problem_preview(files: ProblemFiles) -> str:
    p = files.problem
    if p is None:
        return "Problem not yet submitted: create PROBLEM.md (`mathlsp init`)."
    if p.status in ("", "draft") or not p.statement:
        return "Problem not yet defined: complete PROBLEM.md and set `status: defined`."
    lines = statement_preview(p.statement)
    meta = ", ".join(
        f"{k}: {p.frontmatter.get(k)}"
        for k in ("status", "domain", "type", "output_type")
        if p.frontmatter.get(k)
    )
    return "\n".join(lines) + (f"\n\n_{meta}_" if meta else "")


def proof_progress(files: ProblemFiles) -> str:
    last = _latest(files.journal, "PROOF")
    proof = files.proof
    if proof is None:
        body = "No proof attempted yet (no PROOF.md)."
    else:
        text = proof.text[proof.frontmatter.body_start :]
        steps = sum(1 for h in proof.lines.headings if h.level >= 2)
        gaps = len(_GAP.findall(text))
        tiers = {m: 0 for m in ("V", "S", "~")}
        for m in MARKER.finditer(text):
            tiers[m.group(1)] += 1
        strategy = last.strategy_type if last else "not recorded"
        body = (
            f"Strategy: {strategy}. Steps: {steps}. Open gaps: {gaps}. "
            f"Confidence markers: [V] {tiers['V']}, [S] {tiers['S']}, [~] {tiers['~']}."
        )
    return f"{body}\n\n{provenance(last, 'PROOF.md' if proof else 'no proof journal entry')}"


def literature_found(files: ProblemFiles) -> str:
    lit = files.literature
    last = _latest(files.journal, "LIT")
    if lit is None:
        return f"No literature search yet.\n\n{provenance(last, 'no LITERATURE.md')}"
    confirmed, unconfirmed = lit.confirmed, lit.unconfirmed
    if not confirmed and not unconfirmed:
        body = "No references yet."
    else:
        body = f"{len(confirmed)} confirmed and {len(unconfirmed)} unconfirmed references."
        theorem = next(
            (i for i in lit.synthesis_items if i.subsection == "applicable_theorems"), None
        )
        if theorem is not None:
            body += f" Key result: {theorem.text.lstrip('-*+ ').strip()}"
        elif confirmed:
            body += f" First confirmed: {confirmed[0].id} — {confirmed[0].title}."
    return f"{body}\n\n{provenance(last, 'LITERATURE.md')}"


def computations(files: ProblemFiles) -> str:
    comp = files.computation
    last = _latest(files.journal, "COMP")
    if comp is None:
        return f"No computations yet.\n\n{provenance(last, 'no COMPUTATION.md')}"
    n = sum(1 for h in comp.lines.headings if h.level >= 2)
    body = f"{n} computation{'s' * (n != 1)} recorded in COMPUTATION.md."
    if last is not None:
        body += f" Latest: {last.id} {last.title} ({last.outcome})."
    return f"{body}\n\n{provenance(last, 'COMPUTATION.md')}"


def last_approach(files: ProblemFiles) -> str:
    last = _latest(files.journal, "PROOF")
    if last is None:
        return "No approaches tried yet."
    what = last.fields.value("what_was_tried") or last.title
    return (
        f"{last.id}: {last.title} — {what} Outcome: **{last.outcome or 'not recorded'}**. "
        f"Insight: {last.insight or 'none recorded'}"
    )


def _is_lemma(entry: Any) -> bool:
    """An attempt at a lemma rather than the main statement (its title or tags say so)."""
    tags = entry.fields.value("tags") if hasattr(entry, "fields") else ""
    return "lemma" in f"{entry.title} {tags}".lower()


def next_action(files: ProblemFiles) -> str:
    """The next-action decision tree, made specific with what the files actually say."""
    p = files.problem
    journal = files.journal
    lits = journal.in_category("LIT") if journal else []
    proofs = journal.in_category("PROOF") if journal else []
    lit = files.literature
    if p is None or p.status in ("", "draft") or not p.statement:
        return (
            "Define the problem: complete the statement in PROBLEM.md, add `domain` and `tags`, "
            "and set `status: defined` — a draft problem cannot be searched."
        )
    # The latest attempt decides, not any success in the past: a lemma that succeeded before the
    # main attempt failed is not a finished proof.
    latest = proofs[-1] if proofs else None
    if latest is not None and latest.outcome == "SUCCEEDED" and _is_lemma(latest):
        return (
            f"{latest.id} established a lemma ({latest.title}). Use it in the next attempt on "
            "the main statement, and record that attempt as a PROOF- journal entry."
        )
    if p.status == "solved" or (latest is not None and latest.outcome == "SUCCEEDED"):
        done = latest if latest is not None and latest.outcome == "SUCCEEDED" else None
        ref = f" ({done.id}: {done.title})" if done else ""
        return (
            f"The proof appears complete{ref}. Consider writing it up, citing only [V] "
            "(confirmed) references."
        )
    has_refs = lit is not None and bool(lit.entries)
    if not lits and not has_refs:
        tags = ", ".join(p.tags[:4]) or p.domain or "the problem's terms"
        return (
            f"Start with a literature search on {tags}: run the code action *Search literature* "
            "in PROBLEM.md, or `mathlsp search --write`."
        )
    if not proofs:
        confirmed = lit.confirmed if lit else []
        lead = f" Start from {confirmed[0].id} ({confirmed[0].title})." if confirmed else ""
        return (
            f"Literature has been reviewed ({len(confirmed)} confirmed references).{lead} "
            "Consider a first proof attempt and record it as a PROOF- journal entry."
        )
    last = proofs[-1]
    if last.outcome in ("FAILED", "ABANDONED"):
        tried = {e.strategy_type for e in proofs if e.strategy_type}
        untried = [s for s in PROOF_STRATEGIES if s not in tried][:3]
        alt = f" Strategies not yet tried: {', '.join(untried)}." if untried else ""
        lesson = last.insight or last.fields.value("reasoning") or "no insight recorded"
        return (
            f"The last attempt, {last.id} ({last.strategy_type or 'no strategy recorded'}), was "
            f"{last.outcome}: {lesson.rstrip('.')}.{alt} Check the dead-end hints in JOURNAL.md "
            "before retrying a similar approach."
        )
    if last.outcome in ("IN_PROGRESS", "PARTIAL"):
        gap = last.fields.value("reasoning") or last.insight
        return (
            f"{last.id} ({last.title}) is {last.outcome.lower().replace('_', ' ')}"
            + (f": {gap}" if gap else "")
            + ". Close that gap next, or look for a lemma that covers it with a targeted search."
        )
    return "Review the current state and decide on next steps."


def render_dashboard(files: ProblemFiles, session_number: int, now: dt.datetime) -> str:
    p = files.problem
    state = files.state.frontmatter.get("current_state") if files.state else None
    return fill_template(
        "DASHBOARD.md",
        {
            "GENERATED": iso(now),
            "PROBLEM_SLUG": files.slug,
            "SESSION_NUMBER": session_number,
            "PROBLEM_TITLE": (p.title if p and p.title else files.slug),
            "CURRENT_STATE": state or (p.status if p and p.status else "not yet recorded"),
            "PROBLEM_PREVIEW": problem_preview(files),
            "PROOF_PROGRESS": proof_progress(files),
            "LITERATURE_FOUND": literature_found(files),
            "COMPUTATIONS": computations(files),
            "LAST_APPROACH": last_approach(files),
            "NEXT_ACTION": next_action(files),
        },
    )
