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


def _tally(entries: list[JournalEntry]) -> str:
    """ "3 (1 FAILED, 2 IN_PROGRESS)": how many, then how many of each outcome."""
    counts: dict[str, int] = {}
    for e in entries:
        outcome = e.outcome or "no outcome"
        counts[outcome] = counts.get(outcome, 0) + 1
    kinds = ", ".join(f"{n} {o}" for o, n in counts.items())
    return f"{len(entries)} ({kinds})"


def _entries(files: ProblemFiles, category: str) -> list[JournalEntry]:
    return files.journal.in_category(category) if files.journal else []


def proof_progress(files: ProblemFiles) -> str:
    """The proof attempts of the journal, and what PROOF.md holds when there is one."""
    proofs = _entries(files, "PROOF")
    last = proofs[-1] if proofs else None
    lines = []
    if last is None:
        lines.append("No proof attempt in JOURNAL.md yet.")
    else:
        strategies = sorted({e.strategy_type for e in proofs if e.strategy_type})
        lines.append(
            f"Proof attempts: {_tally(proofs)}. Latest: {last.id} {last.title} "
            f"({last.strategy_type or 'no strategy recorded'}, "
            f"{last.outcome or 'no outcome'}). Strategies tried: "
            f"{', '.join(strategies) or 'none recorded'}."
        )
    proof = files.proof
    if proof is not None:
        text = proof.text[proof.frontmatter.body_start :]
        steps = sum(1 for h in proof.lines.headings if h.level >= 2)
        gaps = len(_GAP.findall(text))
        tiers = {m: 0 for m in ("V", "S", "~")}
        for m in MARKER.finditer(text):
            tiers[m.group(1)] += 1
        lines.append(
            f"PROOF.md: {steps} step{'s' * (steps != 1)}, {gaps} open "
            f"gap{'s' * (gaps != 1)}; confidence markers [V] {tiers['V']}, [S] {tiers['S']}, "
            f"[~] {tiers['~']}."
        )
    fallback = "PROOF.md" if proof is not None else "JOURNAL.md (no PROOF- entry)"
    return " ".join(lines) + f"\n\n{provenance(last, fallback)}"


def literature_found(files: ProblemFiles) -> str:
    """LITERATURE.md's references and the journal's searches."""
    lit = files.literature
    searches = _entries(files, "LIT")
    last = searches[-1] if searches else None
    said = f"Literature searches: {len(searches)}." if searches else "No literature search yet."
    if lit is None:
        return f"{said}\n\n{provenance(last, 'no LITERATURE.md')}"
    confirmed, unconfirmed = lit.confirmed, lit.unconfirmed
    if not confirmed and not unconfirmed:
        body = f"{said} No references in LITERATURE.md yet."
    else:
        noun = "reference" if len(confirmed) + len(unconfirmed) == 1 else "references"
        body = (
            f"{said} LITERATURE.md: {len(confirmed)} confirmed and {len(unconfirmed)} "
            f"unconfirmed {noun}."
        )
        theorem = next(
            (i for i in lit.synthesis_items if i.subsection == "applicable_theorems"), None
        )
        if theorem is not None:
            body += f" Key result: {theorem.text.lstrip('-*+ ').strip()}"
        elif confirmed:
            body += f" First confirmed: {confirmed[0].id} — {confirmed[0].title}."
    return f"{body}\n\n{provenance(last, 'LITERATURE.md')}"


def computations(files: ProblemFiles) -> str:
    """The journal's computations, and COMPUTATION.md when the user keeps one."""
    comps = _entries(files, "COMP")
    last = comps[-1] if comps else None
    if last is None:
        body = "No computation in JOURNAL.md yet."
    else:
        body = f"Computations: {_tally(comps)}. Latest: {last.id} {last.title} ({last.outcome})."
    comp = files.computation
    if comp is not None:
        n = sum(1 for h in comp.lines.headings if h.level >= 2)
        body += f" COMPUTATION.md: {n} section{'s' * (n != 1)}."
    fallback = "COMPUTATION.md" if comp is not None else "JOURNAL.md (no COMP- entry)"
    return f"{body}\n\n{provenance(last, fallback)}"


# The states a problem goes through, in order; each is read from the files (docs/schemas.md).
STATES = (
    "INITIALIZED",  # PROBLEM.md missing, a draft, or without a statement
    "PROBLEM_DEFINED",  # defined; no literature search yet
    "LITERATURE_REVIEWED",  # a LIT- entry or references; no attempt yet
    "ATTEMPTS_IN_PROGRESS",  # a PROOF- or COMP- entry; no complete proof
    "PROOF_COMPLETE",  # the latest attempt succeeded on the main statement, or status: solved
)
ABANDONED = "ABANDONED"  # status: abandoned, whatever the journal says


def _defined(p: ProblemDoc | None) -> bool:
    return p is not None and p.status not in ("", "draft") and bool(p.statement)


def derive_state(files: ProblemFiles) -> str:
    """Where the problem stands, from the evidence alone: it advances as the work is recorded."""
    p = files.problem
    if p is not None and p.status == "abandoned":
        return ABANDONED
    if not _defined(p):
        return "INITIALIZED"
    proofs = _entries(files, "PROOF")
    latest = proofs[-1] if proofs else None
    if (p is not None and p.status == "solved") or (
        latest is not None and latest.outcome == "SUCCEEDED" and not _is_lemma(latest)
    ):
        return "PROOF_COMPLETE"
    if proofs or _entries(files, "COMP"):
        return "ATTEMPTS_IN_PROGRESS"
    if _entries(files, "LIT") or (files.literature is not None and files.literature.entries):
        return "LITERATURE_REVIEWED"
    return "PROBLEM_DEFINED"


def last_approach(files: ProblemFiles) -> str:
    last = _latest(files.journal, "PROOF")
    if last is None:
        return "No approaches tried yet."
    what = last.fields.value("what_was_tried") or last.title
    outcome = last.outcome or "not recorded"
    insight = _sentence(last.insight) if last.insight else "none recorded."
    return f"{last.id}: {last.title} — {_sentence(what)} Outcome: **{outcome}**. Insight: {insight}"


def _sentence(text: str) -> str:
    """Text as a sentence: one closing mark, never two, never none."""
    text = " ".join(text.split())
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def _is_lemma(entry: Any) -> bool:
    """An attempt at a lemma rather than the main statement (its title or tags say so)."""
    tags = entry.fields.value("tags") if hasattr(entry, "fields") else ""
    return "lemma" in f"{entry.title} {tags}".lower()


def next_action(files: ProblemFiles) -> str:
    """The next action, then the entry or gap it comes from."""
    action, source = decide_next_action(files)
    return f"{action}\n\n_Because: {source}_"


def decide_next_action(files: ProblemFiles) -> tuple[str, str]:
    """The next-action decision tree, made specific with what the files actually say: (what to
    do, the entry or gap it comes from)."""
    p = files.problem
    lits = _entries(files, "LIT")
    proofs = _entries(files, "PROOF")
    lit = files.literature
    if p is None or p.status in ("", "draft") or not p.statement:
        gap = (
            "PROBLEM.md is missing"
            if p is None
            else "PROBLEM.md has no statement"
            if not p.statement
            else f"PROBLEM.md has status: {p.status or 'none'}"
        )
        return (
            "Define the problem: complete the statement in PROBLEM.md, add `domain` and `tags`, "
            "and set `status: defined` — a draft problem cannot be searched.",
            gap,
        )
    # The latest attempt decides, not any success in the past: a lemma that succeeded before the
    # main attempt failed is not a finished proof.
    latest = proofs[-1] if proofs else None
    if latest is not None and latest.outcome == "SUCCEEDED" and _is_lemma(latest):
        return (
            f"{latest.id} established a lemma ({latest.title}). Use it in the next attempt on "
            "the main statement, and record that attempt as a PROOF- journal entry.",
            f"{latest.id} (SUCCEEDED, a lemma)",
        )
    if p.status == "solved" or (latest is not None and latest.outcome == "SUCCEEDED"):
        done = latest if latest is not None and latest.outcome == "SUCCEEDED" else None
        ref = f" ({done.id}: {done.title})" if done else ""
        return (
            f"The proof appears complete{ref}. Consider writing it up, citing only [V] "
            "(confirmed) references.",
            f"{done.id} (SUCCEEDED)" if done else "PROBLEM.md has status: solved",
        )
    has_refs = lit is not None and bool(lit.entries)
    if not lits and not has_refs:
        tags = ", ".join(p.tags[:4]) or p.domain or "the problem's terms"
        return (
            f"Start with a literature search on {tags}: run the code action *Search literature* "
            "in PROBLEM.md, or `mathlsp search --write`.",
            "no LIT- entry in JOURNAL.md and no reference in LITERATURE.md",
        )
    if not proofs:
        confirmed = lit.confirmed if lit else []
        lead = f" Start from {confirmed[0].id} ({confirmed[0].title})." if confirmed else ""
        source = lits[-1].id if lits else "LITERATURE.md"
        return (
            f"Literature has been reviewed ({len(confirmed)} confirmed references).{lead} "
            "Consider a first proof attempt and record it as a PROOF- journal entry.",
            f"{source}, and no PROOF- entry in JOURNAL.md",
        )
    last = proofs[-1]
    if last.outcome in ("FAILED", "ABANDONED"):
        tried = {e.strategy_type for e in proofs if e.strategy_type}
        untried = [s for s in PROOF_STRATEGIES if s not in tried][:3]
        alt = f" Strategies not yet tried: {', '.join(untried)}." if untried else ""
        lesson = last.insight or last.fields.value("reasoning") or "no insight recorded"
        return (
            f"The last attempt, {last.id} ({last.strategy_type or 'no strategy recorded'}), "
            f"{'failed' if last.outcome == 'FAILED' else 'was abandoned'}: {_sentence(lesson)}"
            f"{alt} Check the dead-end hints in JOURNAL.md before retrying a similar approach.",
            f"{last.id} ({last.outcome})",
        )
    note = last.fields.value("reasoning") or last.insight
    state = (last.outcome or "IN_PROGRESS").lower().replace("_", " ")
    return (
        f"{last.id} ({last.title}) is {state}"
        + (f"; its latest note: {_sentence(note)}" if note else ".")
        + " Close what remains open there, or look for a lemma that covers it with a targeted "
        "search.",
        f"{last.id} ({last.outcome or 'no outcome recorded'})",
    )


def render_dashboard(
    files: ProblemFiles, session_number: int, now: dt.datetime, eol: str = "\n"
) -> str:
    p = files.problem
    return fill_template(
        "DASHBOARD.md",
        {
            "GENERATED": iso(now),
            "PROBLEM_SLUG": files.slug,
            "SESSION_NUMBER": session_number,
            "PROBLEM_TITLE": (p.title if p and p.title else files.slug),
            "CURRENT_STATE": derive_state(files),
            "PROBLEM_PREVIEW": problem_preview(files),
            "PROOF_PROGRESS": proof_progress(files),
            "LITERATURE_FOUND": literature_found(files),
            "COMPUTATIONS": computations(files),
            "LAST_APPROACH": last_approach(files),
            "NEXT_ACTION": next_action(files),
        },
        eol,
    )
