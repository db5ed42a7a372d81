"""`mathlsp journal add proof|computation|note …`: a complete JOURNAL.md entry in the schema.

The next id of its category, a timestamp, the strategy type (one of the fourteen, for a proof
attempt), tags, outcome and the insight that is never optional; `total_entries`, `last_entry`
and `strategies_tried` follow. The dead-end check runs first on the journal as it would be: a
proof attempt that repeats a failed strategy gets the nudge as a question. On a terminal it waits
for the answer (yes: the entry records it as a re-attempt, and the JRN009 note goes; no: nothing
is written); `--yes` answers yes; without a terminal to ask, the entry is written with the
warning (and the note stays until the user decides).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path
from typing import Any

KINDS = {"proof": "PROOF", "computation": "COMP", "note": "NOTE"}


def register(subparsers: Any) -> None:
    from mathlsp.notes.journal import OUTCOMES, PROOF_STRATEGIES

    p = subparsers.add_parser(
        "journal",
        help="add an entry to the problem's JOURNAL.md",
        description="Add a PROOF-, COMP- or NOTE- entry to JOURNAL.md (the next number, a "
        "timestamp, the counts and strategies_tried updated). A proof attempt that repeats a "
        "failed strategy is flagged first, never refused.",
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    add = actions.add_parser("add", help="add an entry")
    add.add_argument("kind", choices=sorted(KINDS), help="the entry's category")
    add.add_argument("path", nargs="?", type=Path, help="problem folder or project (default: .)")
    add.add_argument("--title", required=True, help="what the entry is about")
    add.add_argument(
        "--insight", required=True, help="the takeaway a later session needs (never optional)"
    )
    add.add_argument(
        "--outcome",
        type=str.upper,
        choices=OUTCOMES,
        help="SUCCEEDED, FAILED, PARTIAL, ABANDONED or IN_PROGRESS (default: IN_PROGRESS "
        "for a proof attempt, SUCCEEDED otherwise)",
    )
    add.add_argument(
        "--strategy",
        type=str.lower,
        choices=PROOF_STRATEGIES,
        metavar="STRATEGY",
        help="proof strategy type (required for a proof attempt): " + ", ".join(PROOF_STRATEGIES),
    )
    add.add_argument("--tags", default="", help="comma-separated concept tags")
    add.add_argument(
        "--tried", default="", help="what was tried (required for proof and computation entries)"
    )
    add.add_argument("--reasoning", default="", help="why it worked or did not")
    add.add_argument("--artifacts", default="", help="files or results produced")
    add.add_argument("--re-attempt-of", default="", help="the failed PROOF- entry this retries")
    add.add_argument("--agent", default="human", help="who made the attempt (default: human)")
    add.add_argument("--dry-run", action="store_true", help="print the entry, write nothing")
    add.add_argument(
        "--yes",
        action="store_true",
        help="a repeat of a failed strategy is deliberate: record it as a re-attempt, no question",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from mathlsp.cli import InputError, UsageError
    from mathlsp.cli.search import problem_folder
    from mathlsp.fsutil import ChangedOnDisk, write_if_unchanged
    from mathlsp.notes.journal import JournalDoc
    from mathlsp.notes.journal_render import NewJournalEntry, write_journal_entry
    from mathlsp.notes.loader import read_note_text
    from mathlsp.notes.templates import fill_template, folder_line_ending
    from mathlsp.research.deadends import find_dead_ends, proceed_question

    if getattr(args, "action", None) != "add":
        raise UsageError("usage: mathlsp journal add proof|computation|note --title … --insight …")
    category = KINDS[args.kind]
    if category == "PROOF" and not args.strategy:
        from mathlsp.notes.journal import PROOF_STRATEGIES

        # Named, not counted: "one of the fourteen" left a new user to find them in --help.
        raise UsageError("a proof attempt needs --strategy, one of: " + ", ".join(PROOF_STRATEGIES))
    if category != "NOTE" and not args.tried.strip():
        raise UsageError(f"a {args.kind} entry needs --tried (what was tried)")
    if not args.insight.strip():
        raise UsageError("--insight must say something: it is what a later session reads")
    folder = problem_folder(args.path)
    path = folder / "JOURNAL.md"
    original = read_note_text(path)
    base = original
    if base is None:
        base = fill_template(
            "JOURNAL.md",
            {"PROBLEM_SLUG": folder.name, "PROBLEM_TITLE": folder.name},
            folder_line_ending(folder),
        )
    entry = NewJournalEntry(
        category=category,
        title=args.title,
        insight=args.insight,
        outcome=args.outcome or ("IN_PROGRESS" if category == "PROOF" else "SUCCEEDED"),
        agent=args.agent,
        strategy_type=args.strategy or "",
        tags=[t.strip().lower() for t in args.tags.split(",") if t.strip()],
        what_was_tried=args.tried or args.title,
        reasoning=args.reasoning,
        artifacts=args.artifacts,
        timestamp=dt.datetime.now(dt.UTC),
        re_attempt_of=args.re_attempt_of.upper(),
    )
    try:
        text, entry_id = write_journal_entry(base, entry)
    except ValueError as exc:
        raise InputError(f"JOURNAL.md cannot take the entry: {exc}") from exc
    # The dead-end check, on the journal as it will be: a question, never a refusal.
    nudges = [d for d in find_dead_ends(JournalDoc(text)) if d.entry.id == entry_id]
    if nudges:
        for dead_end in nudges:
            print(f"mathlsp: {entry_id}: {dead_end.message}", file=sys.stderr)
        priors = ", ".join(d.prior.id for d in nudges)
        proceed = args.yes or (not args.dry_run and _ask(proceed_question(entry_id, priors)))
        if proceed:
            entry.re_attempt_of = ", ".join(x for x in (entry.re_attempt_of, priors) if x)
            text, entry_id = write_journal_entry(base, entry)
            print(f"mathlsp: {entry_id} recorded as a re-attempt of {priors}", file=sys.stderr)
        elif args.dry_run:
            pass
        elif sys.stdin is not None and sys.stdin.isatty():
            print("mathlsp: nothing written", file=sys.stderr)
            return 1
        else:
            print(
                f"mathlsp: {entry_id} written with this warning (no terminal to ask); if the "
                "repeat is deliberate, record it as a re-attempt: `--yes` next time, or the quick "
                "fix on the JRN009 note in JOURNAL.md",
                file=sys.stderr,
            )
    if args.dry_run:
        new = JournalDoc(text).by_id.get(entry_id)
        print(text[new.span.start : new.span.end] if new else text)
        return 0
    try:
        write_if_unchanged(path, original, text)
    except ChangedOnDisk as exc:
        raise InputError(str(exc)) from exc
    # A note records no attempt: its Outcome is the schema's default, not news ("NOTE-001
    # SUCCEEDED" read as if something had been proved).
    said = "" if category == "NOTE" else f" {entry.outcome}"
    print(f"wrote {path}: {entry_id}{said} — {entry.title}", file=sys.stderr)
    return 0


def _ask(question: str) -> bool:
    """Ask on the terminal; a script (stdin not a terminal) is never asked and never waits."""
    if sys.stdin is None or not sys.stdin.isatty():
        return False
    sys.stderr.write(f"{question} [y/N] ")
    sys.stderr.flush()
    try:
        answer = sys.stdin.readline()
    except (EOFError, OSError):
        return False
    return answer.strip().lower() in ("y", "yes")
