"""`mathlsp import refs.bib [DIR]`: a BibTeX file's entries into LITERATURE.md, verified on the
way in (confirmed → REF with its stamp, the rest → UREF with the reasons), none twice."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Iterator
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
    from mathlsp.bib.gate import verify_batches
    from mathlsp.bib.parse import BibEntry
    from mathlsp.bib.stream import BibStream
    from mathlsp.cache import Cache
    from mathlsp.cli import InputError, UsageError
    from mathlsp.cli.verify import literature_path
    from mathlsp.cli.verify_bib import BATCH
    from mathlsp.fsutil import ChangedOnDisk, write_if_unchanged
    from mathlsp.notes.loader import read_note_text
    from mathlsp.search.bib_import import ImportPlanner, Presence
    from mathlsp.sources import SourceSettings, load_project_config, open_sources

    if not args.bib.is_file():
        raise InputError(f"cannot read {args.bib}")
    path = literature_path(args.path)
    original = read_note_text(path)  # the reader `check` uses: DOC001's reason, one line
    if original is None:
        raise InputError(f"cannot read {path}")
    try:
        # Streamed: read and verified a batch at a time, whatever the file's size.
        stream = BibStream.open(args.bib)
    except UnicodeDecodeError as exc:
        raise InputError(f"cannot read {args.bib}: not UTF-8 ({exc.reason})") from None
    planner = ImportPlanner(original, args.bib.name)
    presence = Presence(planner.doc)

    def todo() -> Iterator[list[BibEntry]]:
        for batch in stream.batches(BATCH):
            present = presence.check(batch)
            planner.present.update(present)
            if left := [e for e in batch if e.key not in present]:
                yield left

    def progress(done: int, total: int, message: str) -> None:
        if sys.stderr.isatty():
            print(f"[{done}/{total}] {message}", file=sys.stderr)

    def event(ev: Any) -> None:
        print(getattr(ev, "message", str(ev)), file=sys.stderr)

    settings = SourceSettings.from_env(load_project_config(path.parent))
    async with open_sources(settings, cache=Cache(), on_event=event) as sources:
        async for results in verify_batches(
            todo(),
            sources,
            use_cache=not args.no_cache,
            on_progress=progress,
            total=stream.entry_count,
        ):
            planner.add(results)
    for p in sorted(stream.problems, key=lambda p: p.line):
        print(f"{args.bib.name}:{p.line + 1}: {p.message}", file=sys.stderr)
    plan = planner.plan()
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
