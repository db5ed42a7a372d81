"""`mathlsp verify refs.bib`: the gate on a BibTeX file, with `verify`'s table, JSON and exit
codes (0 all confirmed, 1 an entry failed, 3 some could not be checked and none failed)."""

from __future__ import annotations

import argparse
import json
import sys


async def run_bib(args: argparse.Namespace) -> int:
    from mathlsp.bib.gate import stamp_edits, verify_bib
    from mathlsp.bib.parse import parse_bib
    from mathlsp.bib.update import apply_text_edits
    from mathlsp.cache import Cache
    from mathlsp.cli import InputError, UsageError
    from mathlsp.cli.verify import renew_after, reporters, summarize, summary_line, table_row
    from mathlsp.fsutil import ChangedOnDisk, read_text, write_if_unchanged
    from mathlsp.sources import SourceSettings, load_project_config, open_sources

    path = args.path.resolve()
    if not path.is_file():
        raise UsageError(f"no such file: {args.path}")
    original = read_text(path)
    if original is None:
        raise InputError(f"cannot read {path}")
    bib = parse_bib(original)
    settings = SourceSettings.from_env(load_project_config(path.parent))
    progress, event = reporters(quiet=args.format == "json")
    async with open_sources(settings, cache=Cache(), on_event=event) as sources:
        results = await verify_bib(bib, sources, use_cache=not args.no_cache, on_progress=progress)
    checks = [r.check for r in results]
    summary = summarize(checks)
    problems = [{"line": p.line + 1, "message": p.message} for p in bib.problems]
    if args.format == "json":
        references = []
        for r in results:
            row = r.check.to_json()
            row["line"] = r.entry.line + 1
            references.append(row)
        json.dump(
            {"references": references, "problems": problems, "summary": summary},
            sys.stdout,
            ensure_ascii=False,
            indent=2,
        )
        sys.stdout.write("\n")
    else:
        for c in checks:
            print(table_row(c))
        for p in problems:
            print(f"{path.name}:{p['line']}: {p['message']}")
        line = summary_line(summary)
        if problems:
            line += f", {len(problems)} unreadable block(s)"
        print(line, file=sys.stderr)
    if args.write:
        edits = stamp_edits(original, results, renew_after=renew_after(args))
        try:
            write_if_unchanged(path, original, apply_text_edits(original, edits))
        except ChangedOnDisk as exc:
            raise UsageError(str(exc)) from exc
        print(f"wrote {path}: mathlsp-verified set or cleared on {len(edits)} entr"
              f"{'y' if len(edits) == 1 else 'ies'}" if edits else f"nothing changed in {path}",
              file=sys.stderr)  # fmt: skip
    if summary["unconfirmed"] or bib.problems:
        return 1
    return 3 if summary["pending"] else 0
