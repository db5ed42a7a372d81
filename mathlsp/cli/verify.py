"""`mathlsp verify`: check every reference of LITERATURE.md against the scholarly sources."""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "verify",
        help="verify every reference against the sources (exit 1 when a confirmed one fails)",
        description="Look up every reference of LITERATURE.md (identifiers first, batched; a "
        "title match when there is none) and compare what the sources return with what the "
        "entry claims. PATH: LITERATURE.md, a problem folder or a project root (default: .), or "
        "a BibTeX/biblatex file (.bib): every entry is checked the same way.",
    )
    p.add_argument("path", nargs="?", type=Path, metavar="PATH")
    p.add_argument(
        "--format",
        choices=("text", "json", "github"),
        default="text",
        help="github: workflow commands that GitHub Actions shows as annotations",
    )
    p.add_argument(
        "--write",
        action="store_true",
        help="stamp confirmed entries and move failing ones to Unconfirmed References (a .bib: "
        "set or clear only its mathlsp-verified field)",
    )
    p.add_argument(
        "--stale-after-days",
        type=int,
        default=180,
        metavar="N",
        help="with --write, a stamp older than N days is renewed even when its evidence is "
        "unchanged: the age at which `check --stale-after-days N` calls it stale "
        "(default %(default)s)",
    )
    p.add_argument("--no-cache", action="store_true", help="ask the sources again")
    p.set_defaults(run=run)


def renew_after(args: argparse.Namespace) -> dt.timedelta:
    from mathlsp.cli import UsageError

    if args.stale_after_days < 0:
        raise UsageError("--stale-after-days must be 0 or more")
    return dt.timedelta(days=args.stale_after_days)


def literature_path(path: Path | None) -> Path:
    """LITERATURE.md for a file, a problem folder or a project root (its current problem)."""
    from mathlsp.cli import UsageError
    from mathlsp.notes.folder import find_project_root
    from mathlsp.research.project import ProjectError, current_problem_folder

    start = (path or Path.cwd()).resolve()
    if path is not None and not start.exists():
        raise UsageError(f"no such file or directory: {path}")
    if start.is_file():
        return start
    if (start / "LITERATURE.md").exists():  # a FIFO or device too: the bounded reader says no
        return start / "LITERATURE.md"
    root = find_project_root(start)
    if root is None:
        raise UsageError(f"no LITERATURE.md in {start} and no math project above it")
    try:
        folder = current_problem_folder(root)
    except ProjectError as exc:
        raise UsageError(str(exc)) from exc
    if not (folder / "LITERATURE.md").is_file():
        raise UsageError(f"{folder} has no LITERATURE.md yet: run a literature search first")
    return folder / "LITERATURE.md"


def run(args: argparse.Namespace) -> int:
    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    renew = renew_after(args)  # a bad value is refused before any request
    if args.path is not None and args.path.suffix.lower() == ".bib":
        from mathlsp.cli.verify_bib import run_bib

        return await run_bib(args)
    from mathlsp.cache import Cache
    from mathlsp.cli import InputError, UsageError
    from mathlsp.fsutil import ChangedOnDisk
    from mathlsp.notes.folder import ProblemFolder
    from mathlsp.notes.literature import LiteratureDoc
    from mathlsp.notes.loader import read_note_text
    from mathlsp.sources import SourceSettings, load_project_config, open_sources
    from mathlsp.verify.pipeline import verify_entries
    from mathlsp.verify.scope import in_scope, outside, outside_note

    path = literature_path(args.path)
    original = read_note_text(path)
    if original is None:
        raise InputError(f"cannot read {path}")
    doc = LiteratureDoc(original, path)
    settings = SourceSettings.from_env(load_project_config(path.parent))
    cache = Cache()
    entries = in_scope(doc)
    left_out = outside_note(doc)
    progress, event = reporters(quiet=args.format == "json")
    async with open_sources(settings, cache=cache, on_event=event) as sources:
        checks = await verify_entries(
            entries, sources, use_cache=not args.no_cache, on_progress=progress
        )
        listed = problem_identifiers(path.parent, entries)
        outcomes = await sources.lookup_many(listed) if listed else []
    problem_rows = [
        {
            "identifier": str(ident),
            "status": outcome.status.value,
            "source": outcome.record.backend if outcome.record is not None else None,
            "title": outcome.record.title if outcome.record is not None else None,
            "reason": outcome.reason,
        }
        for ident, outcome in zip(listed, outcomes, strict=True)
    ]
    summary = summarize(checks)
    if args.format == "json":
        json.dump(
            {
                "references": [c.to_json() for c in checks],
                "problem_references": problem_rows,
                "outside_sections": outside(doc),
                "summary": summary,
            },
            sys.stdout,
            ensure_ascii=False,
            indent=2,
        )
        sys.stdout.write("\n")
    elif args.format == "github":
        for line in github_annotations(path, entries, checks):
            print(line)
    else:
        for c in checks:
            print(table_row(c))
        for row in problem_rows:
            found = row["status"] == "found"
            what = f"{row['title']} (via {row['source']})" if found else row["reason"]
            print(f"PROBLEM.md {row['identifier']}: {'found' if found else row['status']}: {what}")
        print(summary_line(summary), file=sys.stderr)
    if left_out is not None and args.format != "json":
        print(left_out, file=sys.stderr)

    if args.write:
        try:
            written = _write(path, original, doc, checks, ProblemFolder(path.parent), renew)
        except ChangedOnDisk as exc:
            raise UsageError(str(exc)) from exc
        print(written, file=sys.stderr)
    in_confirmed = [c for c in checks if c.section == "confirmed" and not c.confirmed]
    if any(not c.pending for c in in_confirmed):
        return 1  # a confirmed reference failed
    return 3 if in_confirmed else 0  # 3: some could not be checked (pending), none failed


# -- shared with `verify refs.bib` (cli/verify_bib.py): one table, one summary, one progress ----
def reporters(quiet: bool) -> tuple[Any, Any]:
    """(progress, event) callbacks printing to stderr; JSON output keeps progress off a pipe."""

    def progress(done: int, total: int, message: str) -> None:
        if not quiet or sys.stderr.isatty():
            print(f"[{done}/{total}] {message}", file=sys.stderr)

    def event(ev: Any) -> None:
        print(getattr(ev, "message", str(ev)), file=sys.stderr)

    return progress, event


def summarize(checks: list[Any]) -> dict[str, int]:
    return {
        "confirmed": sum(c.confirmed for c in checks),
        "unconfirmed": sum(not c.confirmed and not c.pending for c in checks),
        "pending": sum(not c.confirmed and c.pending for c in checks),
    }


def table_row(c: Any) -> str:
    status = "confirmed" if c.confirmed else ("pending" if c.pending else "UNCONFIRMED")
    detail = c.url if c.confirmed else "; ".join(c.reasons)
    if c.notes:
        detail = f"{detail} — note: {'; '.join(c.notes)}"
    return f"{c.entry_id:<9} {status:<11} {detail}"


def summary_line(summary: dict[str, int]) -> str:
    line = f"{summary['confirmed']} confirmed, {summary['unconfirmed']} unconfirmed"
    if summary["pending"]:
        line += f", {summary['pending']} pending (a source could not answer; try again later)"
    return line


def github_annotations(path: Path, entries: list[Any], checks: list[Any]) -> list[str]:
    """An annotation on the heading of each confirmed reference that failed (error) or could
    not be checked (warning); Unconfirmed References are unconfirmed by design and say so."""
    from mathlsp.cli.check import _display
    from mathlsp.cli.github import Annotation, render

    out = []
    for entry, c in zip(entries, checks, strict=True):
        if c.confirmed:
            continue
        if c.pending:  # the codes are those of the editor's diagnostics (docs/diagnostics.md)
            level, code = "warning", "VER003"
        elif c.section == "confirmed":
            level, code = "error", "VER001"
        else:
            continue  # an Unconfirmed Reference that stays unconfirmed is what it says
        line = entry.heading.line + 1
        width = entry.heading.span.end - entry.heading.span.start
        message = f"{c.entry_id}: " + "; ".join(c.reasons)
        out.append(
            render(Annotation(level, _display(path), line, 1, line, width + 1, code, message))
        )
    return out


def problem_identifiers(folder: Path, entries: list[Any]) -> list[Any]:
    """Identifiers PROBLEM.md References lists that no LITERATURE.md entry carries: they are
    looked up too (a References line naming a paper that does not exist is worth knowing)."""
    from mathlsp.notes.loader import read_note_text
    from mathlsp.notes.problem import ProblemDoc
    from mathlsp.search.queries import reference_seed
    from mathlsp.verify.pipeline import identifiers_of

    text = read_note_text(folder / "PROBLEM.md")
    if text is None:
        return []
    known = {i.key for e in entries for i in identifiers_of(e)}
    out = []
    for item in ProblemDoc(text).references:
        for ident in reference_seed(item.text, item.identifiers).identifiers:
            if ident.key not in known:
                known.add(ident.key)
                out.append(ident)
    return out


def _write(
    path: Path,
    original: str,
    doc: Any,
    checks: list[Any],
    folder: Any,
    renew_after: dt.timedelta,
) -> str:
    from mathlsp.fsutil import write_if_unchanged
    from mathlsp.notes.render import apply_edits
    from mathlsp.verify.write import verification_edits

    others = {}
    for note in folder.note_paths():
        if note.resolve() != path.resolve():
            other = folder.doc(note)
            if other is not None:
                others[note] = other
    edits = verification_edits(doc, checks, others, dt.datetime.now(dt.UTC), renew_after)
    kept = f" ({len(edits.unchanged)} stamp(s) already current)" if edits.unchanged else ""
    if not edits.literature and not edits.others:
        return f"nothing changed in {path}{kept}"
    # LITERATURE.md first: if it changed meanwhile nothing at all is written.
    write_if_unchanged(path, original, apply_edits(original, edits.literature))
    for note, note_edits in edits.others.items():
        write_if_unchanged(note, others[note].text, apply_edits(others[note].text, note_edits))
    parts = []
    if edits.stamped:
        parts.append(f"stamped {', '.join(edits.stamped)}")
    if edits.moved:
        parts.append(
            "moved to Unconfirmed " + ", ".join(f"{a} → {b}" for a, b in edits.moved.items())
        )
    others = f" (mentions renamed in {len(edits.others)} other note(s))" if edits.others else ""
    return f"wrote {path}: {'; '.join(parts)}{others}{kept}"
