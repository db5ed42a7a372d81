"""`mathlsp verify refs.bib`: the gate on a BibTeX file, with `verify`'s table, JSON and exit
codes (0 all confirmed, 1 an entry failed, 3 some could not be checked and none failed).

The file is streamed (`bib.stream`): read and verified `BATCH` entries at a time, each batch's
rows written as it is done, so memory does not grow with the file. `--write` needs the text to
edit, so it reads the file whole (bounded as every note is) and streams over that text."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import Any

BATCH = 500  # entries verified together: identifiers batched across them, as for a note


async def run_bib(args: argparse.Namespace) -> int:
    from mathlsp.bib.gate import stamp_edits, verify_batches
    from mathlsp.bib.stream import BibStream
    from mathlsp.bib.update import TextEdit, apply_text_edits
    from mathlsp.cache import Cache
    from mathlsp.cli import InputError, UsageError
    from mathlsp.cli.verify import renew_after, reporters, summarize, summary_line, table_row
    from mathlsp.fsutil import ChangedOnDisk, read_text, write_if_unchanged
    from mathlsp.sources import SourceSettings, load_project_config, open_sources

    path = args.path.resolve()
    if not path.is_file():
        raise UsageError(f"no such file: {args.path}")
    original: str | None = None
    try:
        if args.write:
            original = read_text(path)
            if original is None:
                raise InputError(f"cannot read {path}")
            stream = BibStream.of_text(original)
        else:
            stream = BibStream.open(path)
    except UnicodeDecodeError as exc:
        raise InputError(f"cannot read {path}: not UTF-8 ({exc.reason})") from None
    settings = SourceSettings.from_env(load_project_config(path.parent))
    progress, event = reporters(quiet=args.format == "json")
    as_json = args.format == "json"
    out = _JsonReferences(sys.stdout) if as_json else None
    totals = {"confirmed": 0, "unconfirmed": 0, "pending": 0}
    edits: list[TextEdit] = []
    async with open_sources(settings, cache=Cache(), on_event=event) as sources:
        async for results in verify_batches(
            stream.batches(BATCH),
            sources,
            use_cache=not args.no_cache,
            on_progress=progress,
            total=stream.entry_count,
        ):
            checks = [r.check for r in results]
            for name, count in summarize(checks).items():
                totals[name] += count
            if out is not None:
                for r in results:
                    row = r.check.to_json()
                    row["line"] = r.entry.line + 1
                    out.reference(row)
            else:
                for c in checks:
                    print(table_row(c))
            if original is not None:
                edits.extend(stamp_edits(original, results, renew_after=renew_after(args)))
    found = sorted(stream.problems, key=lambda p: p.line)
    problems = [{"line": p.line + 1, "message": p.message} for p in found]
    if out is not None:
        out.close(problems, totals)
    else:
        for p in problems:
            print(f"{path.name}:{p['line']}: {p['message']}")
        line = summary_line(totals)
        if problems:
            line += f", {len(problems)} unreadable block(s)"
        print(line, file=sys.stderr)
    if original is not None:
        try:
            write_if_unchanged(path, original, apply_text_edits(original, edits))
        except ChangedOnDisk as exc:
            raise UsageError(str(exc)) from exc
        print(f"wrote {path}: mathlsp-verified set or cleared on {len(edits)} entr"
              f"{'y' if len(edits) == 1 else 'ies'}" if edits else f"nothing changed in {path}",
              file=sys.stderr)  # fmt: skip
    if totals["unconfirmed"] or problems:
        return 1
    return 3 if totals["pending"] else 0


class _JsonReferences:
    """`json.dump({"references": [...], "problems": [...], "summary": {...}}, indent=2)`, byte
    for byte, written a reference at a time."""

    def __init__(self, out: Any) -> None:
        self._out = out
        self._count = 0

    def reference(self, row: dict[str, Any]) -> None:
        self._out.write('{\n  "references": [\n' if self._count == 0 else ",\n")
        self._out.write(_indented(row, "    ", first=True))
        self._count += 1

    def close(self, problems: Iterable[dict[str, Any]], summary: dict[str, int]) -> None:
        head = '{\n  "references": [],\n' if self._count == 0 else "\n  ],\n"
        self._out.write(head)
        self._out.write(f'  "problems": {_indented(list(problems), "  ")},\n')
        self._out.write(f'  "summary": {_indented(summary, "  ")}\n}}\n')


def _indented(value: Any, prefix: str, first: bool = False) -> str:
    # JSON strings hold no raw line break, so every line of the dump can take the prefix.
    text = json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + prefix)
    return prefix + text if first else text
