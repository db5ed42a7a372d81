"""`mathlsp export --bibtex`: the Confirmed References of LITERATURE.md as a BibTeX file.

Only entries with a `Verified:` stamp are exported (a reference nobody checked does not reach a
paper). The verified record in the local cache completes what the note is silent on (venue,
arXiv category); nothing is asked of the network. With `-o FILE` an existing file is updated:
mathlsp's own entries (those carrying `mathlsp-ref`) in place, new papers appended, the user's
entries untouched (see `bib/update.py`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "export",
        help="write the Confirmed References as BibTeX (biblatex with --format biblatex)",
        description="Write every confirmed, stamped reference of LITERATURE.md as a BibTeX "
        "entry. DIR: LITERATURE.md, a problem folder or a project root (default: .). With -o an "
        "existing file is updated without reordering it or touching entries you wrote.",
    )
    p.add_argument("path", nargs="?", type=Path, metavar="DIR")
    p.add_argument("--bibtex", action="store_true", required=True, help="export as BibTeX")
    p.add_argument("-o", "--output", type=Path, metavar="FILE", help="the .bib to write/update")
    p.add_argument("--format", choices=("bibtex", "biblatex"), default="bibtex")
    p.add_argument(
        "--key-format",
        default="author-year-word",
        metavar="FORMAT",
        help="citation keys from author, authors, year, word, title (default: author-year-word)",
    )
    p.set_defaults(run=run)


def export_items(doc: Any, cache: Any) -> tuple[list[Any], list[str]]:
    """The export items of a LITERATURE.md, and the ids left out (no stamp)."""
    from mathlsp.bib.render import from_reference, verified_record

    items, skipped = [], []
    for entry in doc.confirmed:
        if entry.verified is None:
            skipped.append(entry.id)
            continue
        items.append(from_reference(entry, verified_record(cache, entry) if cache else None))
    return items, skipped


def run(args: argparse.Namespace) -> int:
    from mathlsp.bib.keys import valid_key_format
    from mathlsp.bib.update import plan_export
    from mathlsp.cache import Cache
    from mathlsp.cli import InputError, UsageError
    from mathlsp.cli.verify import literature_path
    from mathlsp.fsutil import ChangedOnDisk, read_text, write_if_unchanged
    from mathlsp.notes.literature import LiteratureDoc
    from mathlsp.notes.loader import read_note_text

    if not valid_key_format(args.key_format):
        raise UsageError(
            f"--key-format {args.key_format!r}: use author, authors, year, word, title "
            "joined by -, _, : or . (e.g. author-year-word)"
        )
    path = literature_path(args.path)
    text = read_note_text(path)  # the reader `check` uses: DOC001's reason, one line
    if text is None:
        raise InputError(f"cannot read {path}")
    with Cache() as cache:
        items, skipped = export_items(LiteratureDoc(text, path), cache)
    for ref in skipped:
        print(
            f"{ref}: no Verified stamp, not exported (run `mathlsp verify --write`)",
            file=sys.stderr,
        )
    existing = read_text(args.output) if args.output else None
    plan = plan_export(existing, items, fmt=args.format, key_format=args.key_format)
    if args.output is None:
        sys.stdout.write(plan.text)
        return 0
    try:
        write_if_unchanged(args.output, existing, plan.text)
    except ChangedOnDisk as exc:
        raise UsageError(str(exc)) from exc
    parts = [f"{len(plan.added)} added", f"{len(plan.updated)} updated"]
    parts.append(f"{len(plan.unchanged)} unchanged")
    if plan.held_by_user:
        held = ", ".join(f"{r} as {k}" for r, k in plan.held_by_user.items())
        parts.append(f"already in your entries: {held}")
    print(f"wrote {args.output}: {'; '.join(parts)}", file=sys.stderr)
    return 0
