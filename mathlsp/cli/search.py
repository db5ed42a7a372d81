"""`mathlsp search`: find, verify and (with --write) record the literature of a problem."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

PHASES = {
    "merge": "merge",
    "verify": "verify",
    "problem": "PROBLEM.md",
    "sources": "sources",
    "references": "references",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "search",
        help="search the literature for a problem, verify what is found, and record it",
        description="Build queries from PROBLEM.md (statement, tags, Known Results, "
        "References), search arXiv, Semantic Scholar, OpenAlex, TheoremSearch (and PubMed for "
        "biomedical problems) concurrently, merge and rank the results, and verify every "
        "candidate against its sources. Without --write, print the results and what would be "
        "written. PROBLEM: PROBLEM.md, a problem folder or a project root (default: .).",
    )
    p.add_argument("path", nargs="?", type=Path, metavar="PROBLEM")
    p.add_argument("--query", "-q", metavar="Q", help="an explicit query; it leads the others")
    p.add_argument("--dry-run", action="store_true", help="print the queries per backend and exit")
    p.add_argument(
        "--write",
        action="store_true",
        help="write LITERATURE.md and the JOURNAL.md entry (refused if either changed meanwhile)",
    )
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument(
        "--yes",
        "-y",
        action="store_true",
        help="run without showing the queries for confirmation first (never asked when "
        "standard input is not a terminal)",
    )
    p.set_defaults(run=run)


def problem_folder(path: Path | None) -> Path:
    """The problem folder for PROBLEM.md, a problem folder, or a project root."""
    from mathlsp.cli import InputError, UsageError
    from mathlsp.notes.folder import find_project_root
    from mathlsp.research.project import ProjectError, current_problem_folder
    from mathlsp.search.run import NOT_READY

    start = (path or Path.cwd()).resolve()
    if path is not None and not start.exists():
        raise UsageError(f"{NOT_READY}: no such file or directory: {path}")
    if start.is_file():
        return start.parent
    if (start / "PROBLEM.md").is_file() or (start / "LITERATURE.md").is_file():
        return start
    root = find_project_root(start)
    if root is None:
        raise UsageError(
            f"{NOT_READY}: no PROBLEM.md in {start} and no math project above it. "
            "Run `mathlsp init <slug>` first."
        )
    try:
        return current_problem_folder(root)
    except ProjectError as exc:
        raise InputError(f"{NOT_READY}: {exc}") from exc


def run(args: argparse.Namespace) -> int:
    from mathlsp.cli import InputError
    from mathlsp.search.run import ProblemNotReady
    from mathlsp.sources import SourceSettings, load_project_config

    folder = problem_folder(args.path)
    settings = SourceSettings.from_env(load_project_config(folder))
    try:
        if args.dry_run:
            return _dry_run(args, folder, settings)
        if _should_ask(args) and not _confirmed(args, folder, settings):
            print("mathlsp: search cancelled; nothing was asked or written", file=sys.stderr)
            return 0
        return asyncio.run(_run(args, folder, settings))
    except ProblemNotReady as exc:  # what PROBLEM.md says, not a misuse: no usage
        raise InputError(str(exc)) from exc


def _should_ask(args: argparse.Namespace) -> bool:
    """On a terminal the queries are shown first, as in the editor; a script is never asked."""
    return not getattr(args, "yes", False) and args.format == "text" and sys.stdin.isatty()


def _confirmed(args: argparse.Namespace, folder: Path, settings: Any) -> bool:
    _dry_run(args, folder, settings)
    try:
        answer = input("Run these queries? [Y/n] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("", "y", "yes")


def _enabled(settings: Any) -> list[str]:
    from mathlsp.search.queries import DISCOVERY

    return [b for b in DISCOVERY if settings.is_enabled(b)]


def _dry_run(args: argparse.Namespace, folder: Path, settings: Any) -> int:
    from mathlsp.notes.literature import LiteratureDoc
    from mathlsp.notes.loader import read_note_text
    from mathlsp.search.queries import build_queries, describe_plan, id_text, prior_queries
    from mathlsp.search.run import Listed, load_problem

    problem = load_problem(folder)
    text = read_note_text(folder / "LITERATURE.md")
    doc = LiteratureDoc(text) if text is not None else None
    journal = read_note_text(folder / "JOURNAL.md")
    prior = prior_queries((r.cells for r in (doc.history if doc else [])), journal)
    notation = read_note_text(folder / "NOTATION.md")
    plan = build_queries(problem, args.query, prior, backends=_enabled(settings), notation=notation)
    listed = Listed(doc)
    known = {i: e for i in plan.reference_ids if (e := listed.identifier(i)) is not None}
    if args.format == "json":
        _dump(
            {
                "problem": folder.name,
                "queries": plan.by_backend,
                "skipped": plan.skipped_backends,
                "already_run": [q.display() for q in plan.already_run],
                "references": [id_text(i) for i in plan.reference_ids],
                "already_listed": {id_text(i): e for i, e in known.items()},
                "categories": {
                    "primary": list(plan.primary_categories),
                    "secondary": list(plan.secondary_categories),
                },
                "terms": [{"text": t.text, "kind": t.kind, "weight": t.weight} for t in plan.terms],
            }
        )
    else:
        print(f"Queries for {folder.name} ({problem.title}):")
        for line in describe_plan(plan, known):
            print(f"  {line}")
        from mathlsp.ide.unread import unread_lines, unread_references

        for line in unread_lines(unread_references(problem)):
            print(f"  {line}")
    return 0


async def _run(args: argparse.Namespace, folder: Path, settings: Any) -> int:
    from mathlsp.cache import Cache
    from mathlsp.cli import InputError
    from mathlsp.search.run import run_search
    from mathlsp.search.write import SearchWriteError, plan_writes
    from mathlsp.sources import open_sources
    from mathlsp.sources.labels import label

    said_down: set[str] = set()

    def progress(backend: str, message: str) -> None:
        # One line per outage: the queries that then fail at once would only repeat it.
        if "not asked again" in message or (backend in said_down and "failed" in message):
            return
        if "unreachable" in message:
            said_down.add(backend)
        print(f"[{PHASES.get(backend) or label(backend)}] {message}", file=sys.stderr)

    from mathlsp.search import below
    from mathlsp.search.write import describer

    cache = Cache()
    async with open_sources(settings, cache=cache) as sources:
        result = await run_search(folder, sources, args.query, on_progress=progress)
    set_aside = below.entries(result.dropped, describer(result))
    if not result.all_down and not result.nothing_to_do:
        # For the editor's "Add set-aside paper" action after a search from the terminal.
        below.remember(cache, folder, set_aside, result.started_at)
    if result.nothing_to_do:
        print(
            "Every query for this problem ran in an earlier search and PROBLEM.md "
            "lists no identifier to look up: give a new one with --query.",
            file=sys.stderr,
        )
        if args.format == "json":
            _dump({"problem": folder.name, "queries": {}, "nothing_to_do": True})
        return 0
    try:
        writes = plan_writes(result)
    except SearchWriteError as exc:
        raise InputError(str(exc)) from exc
    written = write_failed = False
    if args.write:
        try:
            written = _write(writes)
        except OSError as exc:
            # The results are not lost with the write: saved where they can be, and the full
            # report is printed below either way.
            saved = _save_elsewhere(writes)
            names = ", ".join(f.path.name for f in writes.files)
            where = (
                f"the results are saved in {saved} ({names}): copy them over once it is writable"
                if saved
                else "the full results follow"
            )
            print(f"mathlsp: could not write to {folder} ({exc.strerror or exc}); {where}",
                  file=sys.stderr)  # fmt: skip
            write_failed = True
    if args.format == "json":
        _dump({**_json(result, writes, written), "below_the_line": set_aside})
    else:
        _print(result, writes, written, args.write)
        from mathlsp.ide.unread import unread_lines, unread_references

        for line in unread_lines(unread_references(result.problem)):
            print(line)
        print_below(set_aside, len(result.dropped))
    if result.all_down:
        print(
            "mathlsp: no source answered; nothing was written (an outage is not a search "
            "result). Try again later.",
            file=sys.stderr,
        )
        return 1
    return 1 if write_failed else 0


def _save_elsewhere(writes: Any) -> Path | None:
    import tempfile

    try:
        where = Path(tempfile.mkdtemp(prefix="mathlsp-search-"))
        for f in writes.files:
            (where / f.path.name).write_text(f.text, encoding="utf-8")
    except OSError:
        return None
    return where


def _write(writes: Any) -> bool:
    """Every file or none: refused when LITERATURE.md or JOURNAL.md changed during the search."""
    from mathlsp.cli import InputError
    from mathlsp.fsutil import ChangedOnDisk, ensure_writable, write_if_unchanged
    from mathlsp.notes.loader import read_note_text

    files = writes.files
    changed = [f.path.name for f in files if read_note_text(f.path) != f.original]
    if changed:
        raise InputError(
            f"{' and '.join(changed)} changed while the search ran; nothing was written. "
            "Run the search again (its results are cached)."
        )
    for f in files:  # a read-only JOURNAL.md must not leave LITERATURE.md written alone
        ensure_writable(f.path)
    try:
        for f in files:
            write_if_unchanged(f.path, f.original, f.text)
    except ChangedOnDisk as exc:
        raise InputError(str(exc)) from exc
    for f in files:
        print(f"wrote {f.path}", file=sys.stderr)
    return True


def named_lines(found: list[str], unfound: list[str], *, all_down: bool) -> list[str]:
    """The report's lines on the works PROBLEM.md names. When no source answered, a work was
    not looked for, not "not found by any source": offline, that told the user the works of
    their Known Results do not exist."""
    if not found and not unfound:
        return []
    if all_down:
        return [f"Works PROBLEM.md names: {len(unfound)} not looked up (no source answered)"]
    return [f"Works PROBLEM.md names: {len(found)} found"] + [
        f"  - not found by any source: {work}" for work in unfound
    ]


TOP = 10


def _open_access(c: Any) -> str | None:
    link = next((r.open_access_url for r in c.by_priority if r.open_access_url), None)
    if link is None and c.arxiv_id:
        link = f"https://arxiv.org/abs/{c.arxiv_id}"
    return link


def _two_lines(abstract: str | None, width: int = 92) -> list[str]:
    """The abstract's first two lines of `width`, cut at a word with an ellipsis."""
    if not abstract:
        return []
    import textwrap

    lines = textwrap.wrap(" ".join(abstract.split()), width)
    if len(lines) > 2:
        lines = [lines[0], lines[1].rsplit(" ", 1)[0] + " …"]
    return lines


def _ids(c: Any) -> str:
    parts = []
    if c.arxiv_id:
        parts.append(f"arXiv:{c.arxiv_id}")
    if c.doi:
        parts.append(f"doi:{c.doi}")
    return ", ".join(parts)


def _authors(names: Any, limit: int = 3) -> str:
    names = list(names)
    short = ", ".join(names[:limit])
    return short + (" et al." if len(names) > limit else "")


def _print(result: Any, writes: Any, written: bool, asked_to_write: bool) -> None:
    from mathlsp.search.queries import id_text
    from mathlsp.search.run import describe_backends
    from mathlsp.search.write import describe_writes, describer

    print(f"Search for {result.slug}: {result.problem.title}")
    for line in describe_backends(result):
        print(f"  {line}")
    budget = result.budget
    if budget.spent:
        print(f"  {budget.spent} of {budget.total} requests spent")
    confirmed, unconfirmed = result.confirmed, result.unconfirmed
    unresolved = [u for u in result.unresolved if not u.pending]
    found = len(result.candidates) + len(unresolved)
    extra = []
    if result.already_listed:
        extra.append(f"{len(result.already_listed)} already listed")
    if result.dropped:
        extra.append(f"{len(result.dropped)} below the relevance line")
    tail = f" ({', '.join(extra)})" if extra else ""
    print(
        f"Found {found} new paper{'' if found == 1 else 's'}: {len(confirmed)} confirmed, "
        f"{len(unconfirmed) + len(unresolved)} unconfirmed{tail}"
    )
    if result.candidates:
        top = result.candidates[:TOP]
        describe = describer(result)
        print(f"Top {len(top)}:")
        for i, c in enumerate(top, 1):
            check = result.check(c)
            status = "confirmed" if check and check.confirmed else "UNCONFIRMED"
            venue = f", {c.venue}" if c.venue else ""
            cites = f" · {c.citation_count} citations" if c.citation_count is not None else ""
            ids = f" · {_ids(c)}" if _ids(c) else ""
            print(
                f"  {i}. {c.title} — {_authors(c.authors)} ({c.year or 'n.d.'}{venue}){ids}{cites}"
            )
            why = describe(c)
            print(f"     {status}. {why}")
            link = _open_access(c)
            if link:
                print(f"     open access: {link}")
            for line in _two_lines(c.abstract):
                print(f"     {line}")
    if unconfirmed or unresolved:
        print("Unconfirmed:")
        for c in unconfirmed:
            check = result.check(c)
            reason = "; ".join(check.reasons) if check else "not verified"
            print(f"  - {c.title}: {reason}")
        for u in unresolved:
            print(f"  - {id_text(u.identifier)} (PROBLEM.md): {u.reason}")
    from mathlsp.search.follow_report import describe_following, followed

    for line in describe_following(followed(result)):
        print(line)
    for e in result.followed.errors:
        print(f"  ! {e}")
    for line in named_lines(result.named_found, result.named_unfound, all_down=result.all_down):
        print(line)
    pending = [u for u in result.unresolved if u.pending]
    for u in pending:
        print(f"  ! {id_text(u.identifier)} (PROBLEM.md) could not be checked: {u.reason}")
    context = theorem_context(result)
    if context:
        print("Theorem context (not papers; never listed as references):")
        for hit in context[:5]:
            link = f" {hit.link}" if hit.link else ""
            print(f"  - {hit.name} ({hit.source}){link}")
    if len(context) < len(result.theorem_context):
        left = len(result.theorem_context) - len(context)
        print(
            f"Theorem context: {left} more from ProofWiki or the Stacks Project not shown "
            f"(they say none of the problem's objects)"
        )
    lines = describe_writes(writes)
    if written and lines:
        print("Written:")
    elif asked_to_write and not lines:
        print("Nothing was written.")
    elif lines:
        print("Would write:")
    for line in lines:
        print(f"  {line}")
    if lines and not asked_to_write:
        print("Run again with --write to save them.")


def theorem_context(result: Any) -> list[Any]:
    """The non-arXiv statements that say one of the problem's objects (`search.context`), most
    first; by source and name before that, as the concurrent queries answer in any order."""
    from mathlsp.search.context import on_the_problem, statement_objects

    hits = sorted(result.theorem_context, key=lambda h: (h.source, h.name))
    return on_the_problem(hits, statement_objects(result.problem.text, result.plan.terms))


def print_below(items: list[dict[str, Any]], dropped: int) -> None:
    """The papers below the line: shown, never written; the editor can add one (unconfirmed).
    `dropped`: how many fell below it, of which `items` are the closest worth showing."""
    if not items:
        return
    # "(15; …)" right after "108 below the relevance line" read as if 15 were all of them.
    count = f"the {len(items)} closest of {dropped}" if dropped > len(items) else str(len(items))
    print(
        f"Below the line ({count}; not written — in the editor, LITERATURE.md offers "
        "“Add set-aside paper (unconfirmed)”):"
    )
    for item in items:
        ids = ", ".join(
            x for x in (item["arxiv_id"] and f"arXiv:{item['arxiv_id']}", item["doi"]) if x
        )
        print(f"  - {item['title']} ({item['year'] or 'n.d.'}){' · ' + ids if ids else ''}")
        print(f"    {item['relevance']}")
        if item.get("why"):
            print(f"    Set aside: {item['why']}.")


def _json(result: Any, writes: Any, written: bool) -> dict[str, Any]:
    from mathlsp.search.follow_report import followed
    from mathlsp.search.queries import id_text

    candidates = []
    for c in result.candidates:
        check = result.check(c)
        candidates.append(
            {
                "key": c.key,
                "title": c.title,
                "authors": list(c.authors),
                "year": c.year,
                "arxiv_id": c.arxiv_id,
                "doi": c.doi,
                "identifiers": [str(i) for i in c.identifiers],
                "source": c.source_label,
                "found_by": c.found_by,
                "citations": c.citation_count,
                "venue": c.venue,
                "open_access_url": _open_access(c),
                "abstract": c.abstract,
                "relevance": c.relevance,
                "score": round(c.score, 4),
                "share": round(c.share, 4),
                "evidence": c.evidence,
                "matched": [t.label for t in c.matched],
                "partly_matched": [t.label for t in c.partly],
                "status": "confirmed" if check and check.confirmed else "unconfirmed",
                "pending": bool(check and check.pending),
                "reasons": list(check.reasons) if check else [],
                "verified": check.stamp if check and check.confirmed else None,
                "theorems": [
                    {"name": t.name, "statement": t.body, "link": t.link} for t in c.theorems
                ],
            }
        )
    return {
        "problem": result.slug,
        "queries": result.plan.by_backend,
        "backends": {
            b: {
                "status": r.status,
                "queries": [q.query for q in r.queries],
                "answered": len(r.answered),
                "empty": [q.query for q in r.empty],
                "broadened": [q.query for q in r.broadened],
                "zero_hit_rate": round(r.zero_hit_rate, 3),
                "papers": len(r.papers),
                "errors": r.errors,
                "skipped": r.skipped,
                "spare": [q.query for q in r.spare],
                "unsent": [q.query for q in r.unsent],
                "held": r.held,
            }
            for b, r in result.backends.items()
        },
        "requests": {
            "sent": result.budget.spent,
            "budget": result.budget.total,
            "refused": sum(result.budget.refused.values()),
        },
        "candidates": candidates,
        "unresolved": [
            {"identifier": id_text(u.identifier), "reason": u.reason, "pending": u.pending}
            for u in result.unresolved
        ],
        "already_listed": [{"title": c.title, "entry": e} for c, e in result.already_listed],
        "named_works": {
            "found": result.named_found,
            ("not_looked_up" if result.all_down else "not_found"): result.named_unfound,
        },
        "followed_references": followed(result),
        # Below the relevance cut-off: never written, listed here with what they matched.
        "set_aside": [
            {
                "title": c.title,
                "identifiers": [str(i) for i in c.identifiers],
                "relevance": c.relevance,
                "share": round(c.share, 4),
                "matched": [t.label for t in c.matched],
                "partly_matched": [t.label for t in c.partly],
            }
            for c in result.dropped
        ],
        "theorem_context": [
            {"name": h.name, "statement": h.body, "source": h.source, "link": h.link}
            for h in theorem_context(result)
        ],
        "outcome": result.outcome,
        "strategy": result.strategy,
        "all_down": result.all_down,
        "writes": {
            "literature": None
            if writes.literature is None
            else {
                "path": str(writes.literature.path),
                "created": writes.literature.created,
                "entries": [r.id for r in writes.references],
                "history_row": writes.history_row,
            },
            "journal": None
            if writes.journal is None
            else {
                "path": str(writes.journal.path),
                "created": writes.journal.created,
                "entry": writes.journal_id,
                "outcome": writes.journal_entry.outcome if writes.journal_entry else None,
            },
        },
        "written": written,
    }


def _dump(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
