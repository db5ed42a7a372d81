"""`mathlsp synthesize`: draft the Synthesis of LITERATURE.md from evidence."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "synthesize",
        help="draft the Synthesis from evidence (quoted theorems, shared terms, citations)",
        description="Draft the Synthesis subsections of LITERATURE.md from what the sources "
        "returned: theorem statements quoted from TheoremSearch [V], terms a paper shares with "
        "the problem [S], terms no confirmed paper touches [~], and a reading order from the "
        "citation graph. Drafted lines are only ever added, marked as drafts; nothing you wrote "
        "is changed. PROBLEM_DIR: a problem folder, its LITERATURE.md or a project root.",
    )
    p.add_argument("path", nargs="?", type=Path, metavar="PROBLEM_DIR")
    p.add_argument("--write", action="store_true", help="add the drafted lines to LITERATURE.md")
    p.add_argument(
        "--accept",
        action="store_true",
        help="after reviewing them: accept every drafted line in LITERATURE.md (the draft "
        "markers go, the text stays as it is); no sources are asked",
    )
    p.add_argument(
        "--offline",
        action="store_true",
        help="no network: use the notes' Key Results and the cached citations only",
    )
    p.add_argument("--no-cache", action="store_true", help="ask the sources again")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    from mathlsp.cache import Cache
    from mathlsp.cli import InputError, UsageError
    from mathlsp.cli.verify import literature_path
    from mathlsp.fsutil import ChangedOnDisk, write_if_unchanged
    from mathlsp.notes.literature import SYNTHESIS_TITLES, LiteratureDoc
    from mathlsp.notes.loader import read_note_text
    from mathlsp.notes.problem import ProblemDoc
    from mathlsp.sources import SourceSettings, load_project_config, open_sources
    from mathlsp.synthesis.draft import draft
    from mathlsp.synthesis.run import gather, offline_evidence
    from mathlsp.synthesis.write import write_draft

    path = literature_path(args.path)
    original = read_note_text(path)
    if original is None:
        raise InputError(f"cannot read {path}")
    doc = LiteratureDoc(original, path)
    if args.accept:
        if args.write:
            raise UsageError("--accept and --write are two steps: draft, review, then accept")
        return _accept(path, original, doc)
    problem_text = read_note_text(path.parent / "PROBLEM.md")
    problem = ProblemDoc(problem_text, path.parent / "PROBLEM.md") if problem_text else None
    if problem is None:
        print("mathlsp: no PROBLEM.md next to LITERATURE.md: no terms to connect", file=sys.stderr)
    cache = Cache()
    if args.offline:
        evidence = offline_evidence(doc, problem, cache)
    else:
        settings = SourceSettings.from_env(load_project_config(path.parent))

        def event(ev: Any) -> None:
            print(getattr(ev, "message", str(ev)), file=sys.stderr)

        async with open_sources(settings, cache=cache, on_event=event) as sources:
            gathered = await gather(
                sources,
                doc,
                problem,
                progress=lambda m: print(m, file=sys.stderr),
                use_cache=not args.no_cache,
            )
        for note in gathered.notes:
            print(f"mathlsp: {note}", file=sys.stderr)
        evidence = gathered.evidence
    result = write_draft(original, draft(evidence))
    unstamped = len(doc.confirmed) - len(evidence.references)
    if unstamped:
        print(
            f"mathlsp: {unstamped} reference(s) in Confirmed References carry no Verified stamp "
            "and are left out (run `mathlsp verify --write`)",
            file=sys.stderr,
        )
    if not evidence.references:
        print("no verified references: nothing to synthesise yet", file=sys.stderr)
    current = None
    number = 0
    for d in result.added:
        if d.subsection != current:
            current = d.subsection
            print(f"### {SYNTHESIS_TITLES[d.subsection]}")
        number = number + 1 if d.subsection == "reading_order" else 0
        print(f"{number}. {d.text}" if number else f"- {d.text}")
    print(
        f"{len(result.added)} new drafted lines, {len(result.already)} already in the Synthesis",
        file=sys.stderr,
    )
    if args.write and result.changed:
        try:
            write_if_unchanged(path, original, result.text)
        except ChangedOnDisk as exc:
            raise InputError(str(exc)) from exc
        print(f"wrote {path}: {len(result.added)} drafted lines (review them)", file=sys.stderr)
    return 0


def _accept(path: Path, original: str, doc: Any) -> int:
    """Remove the draft markers: the lines are the user's now (SYN004 goes)."""
    from mathlsp.cli import InputError
    from mathlsp.fsutil import ChangedOnDisk, write_if_unchanged
    from mathlsp.notes.render import apply_edits
    from mathlsp.synthesis.review import accept_edits, draft_lines

    drafts = draft_lines(doc)
    if not drafts:
        print(f"no drafted lines in {path}: nothing to accept", file=sys.stderr)
        return 0
    try:
        write_if_unchanged(path, original, apply_edits(original, accept_edits(doc)))
    except ChangedOnDisk as exc:
        raise InputError(str(exc)) from exc
    edited = sum(1 for d in drafts if d.edited)
    print(
        f"accepted {len(drafts)} drafted line{'s' * (len(drafts) != 1)} in {path}"
        + (f" ({edited} edited by you)" if edited else ""),
        file=sys.stderr,
    )
    return 0
