"""`mathlsp import refs.bib [DIR]`: a BibTeX file's entries into LITERATURE.md, verified on the
way in (confirmed → REF with its stamp, the rest → UREF with the reasons), none twice."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "import",
        help="bring a .bib into LITERATURE.md, verifying every entry on the way in",
        description="Verify every entry of a BibTeX/biblatex file against the sources and add it "
        "to LITERATURE.md: confirmed ones as REF entries (with their Verified stamp), the rest as "
        "UREF entries with the reasons. Entries already there (same arXiv id, DOI or title) are "
        "skipped. DIR: LITERATURE.md, a problem folder or a project root (default: .).",
    )
    p.add_argument("bib", type=Path, metavar="FILE.bib")
    p.add_argument("path", nargs="?", type=Path, metavar="DIR")
    p.add_argument("--no-cache", action="store_true", help="ask the sources again")
    p.add_argument(
        "--dry-run", action="store_true", help="say what would be written, write nothing"
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    from mathlsp.bib.gate import BibCheck, verify_bib
    from mathlsp.bib.parse import parse_bib
    from mathlsp.cache import Cache
    from mathlsp.cli import UsageError
    from mathlsp.cli.verify import literature_path
    from mathlsp.fsutil import ChangedOnDisk, read_text, write_if_unchanged
    from mathlsp.notes.literature import LiteratureDoc
    from mathlsp.search.bib_import import already_present, plan_import
    from mathlsp.sources import SourceSettings, load_project_config, open_sources

    bib_text = read_text(args.bib)
    if bib_text is None or not args.bib.is_file():
        raise UsageError(f"cannot read {args.bib}")
    path = literature_path(args.path)
    original = read_text(path)
    if original is None:
        raise UsageError(f"cannot read {path}")
    bib = parse_bib(bib_text)
    for p in bib.problems:
        print(f"{args.bib.name}:{p.line + 1}: {p.message}", file=sys.stderr)
    present = already_present(LiteratureDoc(original), bib.entries)
    todo = type(bib)(bib.text, [e for e in bib.entries if e.key not in present], [], bib.strings)

    def progress(done: int, total: int, message: str) -> None:
        if sys.stderr.isatty():
            print(f"[{done}/{total}] {message}", file=sys.stderr)

    def event(ev: Any) -> None:
        print(getattr(ev, "message", str(ev)), file=sys.stderr)

    results: list[BibCheck] = []
    if todo.entries:
        settings = SourceSettings.from_env(load_project_config(path.parent))
        async with open_sources(settings, cache=Cache(), on_event=event) as sources:
            results = await verify_bib(
                todo, sources, use_cache=not args.no_cache, on_progress=progress
            )
    plan = plan_import(original, results, args.bib.name)
    plan.present.update(present)
    for key, holder in plan.present.items():
        print(f"{key:<20} already in LITERATURE.md as {holder}")
    by_id = {r.id: r for r in plan.references}
    for key, ref_id in plan.written.items():
        ref = by_id[ref_id]
        what = "confirmed" if ref.kind == "REF" else f"unconfirmed: {ref.reason}"
        print(f"{key:<20} → {ref_id} ({what})")
    confirmed = sum(r.kind == "REF" for r in plan.references)
    summary = (
        f"{confirmed} confirmed, {len(plan.references) - confirmed} unconfirmed, "
        f"{len(plan.present)} already present"
    )
    if args.dry_run or not plan.references:
        why = "nothing written (dry run)" if plan.references else "nothing to write"
        print(f"{summary}; {why}", file=sys.stderr)
        return 0
    try:
        write_if_unchanged(path, original, plan.text)
    except ChangedOnDisk as exc:
        raise UsageError(str(exc)) from exc
    print(f"wrote {path}: {summary}", file=sys.stderr)
    return 0
