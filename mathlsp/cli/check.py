"""`mathlsp check`: the offline diagnostics as a linter."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mathlsp.checks import CheckSettings, check_document
from mathlsp.checks.findings import Finding, Severity
from mathlsp.cli.exiting import leave_to_exit
from mathlsp.cli.github import Annotation, render
from mathlsp.notes.folder import (
    ProblemFolder,
    find_problem_folder,
    find_project_root,
    is_problem_folder,
)
from mathlsp.notes.loader import LoadedText, read_note
from mathlsp.notes.text import utf16_len
from mathlsp.notes.walk import MAX_WALK_ENTRIES


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "check",
        help="report diagnostics for notes (exit 1 when there are errors)",
        description="Check problem notes: a file, a problem folder or a project root "
        "(default: the current directory).",
    )
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    p.add_argument(
        "--format",
        choices=("text", "json", "github"),
        default="text",
        help="github: workflow commands that GitHub Actions shows as annotations",
    )
    p.add_argument(
        "--stale-after-days",
        type=int,
        default=CheckSettings().stale_after_days,
        metavar="N",
        help="verification older than N days is reported as stale (default %(default)s)",
    )
    p.add_argument(
        "--online",
        action="store_true",
        help="verify references against the scholarly sources first and add the VER diagnostics",
    )
    p.set_defaults(run=run)


@dataclass(slots=True)
class FileReport:
    path: Path
    findings: list[Finding]
    lines: list[str] | None  # the text's lines, to turn UTF-16 columns into characters


def run(args: argparse.Namespace) -> int:
    from mathlsp.cli import UsageError

    if args.stale_after_days < 0:
        raise UsageError("--stale-after-days must be 0 or more")
    if not args.paths and not _in_project(Path.cwd()):
        # Crawling an arbitrary folder for notes (a home, a temp dir) finds other people's
        # templates and takes seconds: without a path, `check` wants a project like the others.
        raise UsageError(
            "no math project here: run `mathlsp init <slug>` first, or name the notes to "
            "check (`mathlsp check PATH`)"
        )
    targets = list(_targets(args.paths or [Path.cwd()]))
    verification = _verify_online(targets) if args.online else None
    settings = CheckSettings(stale_after_days=args.stale_after_days, verification=verification)
    # A batch run that exits when done: parsed notes hold no reference cycles, so the cyclic
    # collector would only re-scan them (a tenth of the run on a 5,000-reference file).
    gc.disable()
    reports: list[FileReport] = []
    read = _read_once()
    # One per problem folder, however many of its files were named (pre-commit names each):
    # every note of it resolves mentions against the same parse of its LITERATURE.md.
    folders: dict[Path, ProblemFolder] = {}
    for folder_root, files in targets:
        folder = folders.get(folder_root)
        if folder is None:
            folder = folders[folder_root] = ProblemFolder(folder_root, read)
        for path in files:
            findings = check_document(folder, path, settings)
            doc = folder.doc(path)
            reports.append(FileReport(path, findings, doc.lines.texts if doc else None))
    reports.sort(key=lambda r: str(r.path))
    counts = {s: 0 for s in Severity}
    for report in reports:
        for finding in report.findings:
            counts[finding.severity] += 1
    if args.format == "json":
        json.dump(_json(reports, counts), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    elif args.format == "github":
        for annotation in _annotations(reports):
            print(render(annotation))
        print(_summary(counts, len(reports)), file=sys.stderr)
    else:
        for report in reports:
            for f in report.findings:
                line, col = _one_based(report, f.range.start.line, f.range.start.character)
                print(
                    f"{_display(report.path)}:{line}:{col}: {f.severity.label} {f.code} {f.message}"
                )
        print(_summary(counts, len(reports)), file=sys.stderr)
    if getattr(args, "ends_process", False):
        leave_to_exit(folders, reports)  # the parses are not freed object by object
    return 1 if counts[Severity.ERROR] else 0


def _verify_online(targets: list[tuple[Path, list[Path]]]) -> object:
    """Run verification for every LITERATURE.md checked; the cache then holds the evidence the
    VER rules read (offline, as in the editor)."""
    import asyncio

    from mathlsp.cache import Cache
    from mathlsp.notes.literature import LiteratureDoc
    from mathlsp.sources import SourceSettings, load_project_config, open_sources
    from mathlsp.verify.memo import OfflineVerifier
    from mathlsp.verify.pipeline import verify_entries
    from mathlsp.verify.scope import in_scope

    cache = Cache()
    literature = sorted({folder / "LITERATURE.md" for folder, _ in targets})
    results: list[tuple[object, object]] = []  # (entry, check) of this run

    async def run_all() -> None:
        for path in literature:
            doc = ProblemFolder(path.parent).doc(path)
            if not isinstance(doc, LiteratureDoc):
                continue
            settings = SourceSettings.from_env(load_project_config(path.parent))

            def event(ev: object) -> None:
                print(getattr(ev, "message", str(ev)), file=sys.stderr)

            async with open_sources(settings, cache=cache, on_event=event) as sources:
                entries = in_scope(doc)
                print(f"verifying {len(entries)} references of {_display(path)}", file=sys.stderr)
                checks = await verify_entries(entries, sources)
                results.extend(zip(entries, checks, strict=True))

    asyncio.run(run_all())
    verifier = OfflineVerifier(cache)
    # What this run learnt, pending results included (the cache holds nothing for those): the
    # VER diagnostics then say "verification pending" as the editor does.
    for entry, check in results:
        verifier.remember(entry, check)  # type: ignore[arg-type]
    return verifier


def _in_project(cwd: Path) -> bool:
    here = cwd.resolve()
    return find_project_root(here) is not None or find_problem_folder(here) is not None


def _read_once() -> Callable[[Path], LoadedText]:
    """A reader for one run: each file is read once (every note of a folder resolves its
    mentions against the same LITERATURE.md; nothing writes them meanwhile)."""
    seen: dict[Path, LoadedText] = {}

    def read(path: Path) -> LoadedText:
        loaded = seen.get(path)
        if loaded is None:
            loaded = seen[path] = read_note(path)
        return loaded

    return read


def _targets(paths: list[Path]) -> Iterator[tuple[Path, list[Path]]]:
    """(problem folder, files to check) for each path the user named."""
    from mathlsp.cli import UsageError

    for raw in paths:
        path = raw.expanduser()
        if not path.exists():
            raise UsageError(f"no such file or directory: {raw}")
        if path.is_file():
            folder = find_problem_folder(path.resolve()) or path.resolve().parent
            yield folder, [path.resolve()]
            continue
        folders = _problem_folders(path.resolve())
        owner = None if folders else find_problem_folder(path.resolve())
        if owner is not None:
            # A sub-folder of a problem (`drafts/`): its notes, read as that problem's.
            inside = path.resolve()
            yield owner, [p for p in ProblemFolder(owner).note_paths() if inside in p.parents]
            continue
        if not folders:
            raise UsageError(
                f"no problem folder under {raw} (looked for .math/problems/*/, PROBLEM.md "
                "or LITERATURE.md)"
            )
        for folder in folders:
            yield folder, ProblemFolder(folder).note_paths()


SKIPPED_DIRS = frozenset(
    {"site-packages", "dist-packages", "node_modules", "__pycache__", "venv", "build", "dist"}
)


def _problem_folders(root: Path) -> list[Path]:
    problems = root / ".math" / "problems"
    if problems.is_dir():
        return sorted(p for p in problems.iterdir() if p.is_dir() and not p.name.startswith("."))
    if is_problem_folder(root) or find_problem_folder(root) == root:
        return [root]
    found: list[Path] = []
    for walked, (dirpath, dirnames, _) in enumerate(os.walk(root)):  # symlinks not followed
        if walked >= MAX_WALK_ENTRIES:
            print(
                f"mathlsp: stopped looking for problem folders after {walked:,} folders under "
                f"{root}; name a project or a problem folder",
                file=sys.stderr,
            )
            break
        here = Path(dirpath)
        # Never crawl what is not notes: installed packages (a venv's site-packages holds
        # mathlsp's own templates), node_modules, build output, hidden folders.
        dirnames[:] = sorted(
            d
            for d in dirnames
            if (not d.startswith(".") or d == ".math")
            and d not in SKIPPED_DIRS
            and not (here / d / "pyvenv.cfg").exists()
        )
        if here.name == "problems" and here.parent.name == ".math":
            found.extend(here / d for d in dirnames)
            dirnames[:] = []
        elif is_problem_folder(here):
            found.append(here)
            dirnames[:] = []
    return sorted(found)


def _one_based(report: FileReport, line: int, utf16_col: int) -> tuple[int, int]:
    """1-based line and column, the column counted in characters (not UTF-16 units)."""
    if report.lines is None or line >= len(report.lines):
        return line + 1, utf16_col + 1
    text = report.lines[line]
    if text.isascii():
        return line + 1, utf16_col + 1
    units = 0
    for i, ch in enumerate(text):
        if units >= utf16_col:
            return line + 1, i + 1
        units += utf16_len(ch)
    return line + 1, len(text) + 1


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _json(reports: list[FileReport], counts: dict[Severity, int]) -> dict[str, object]:
    files = []
    for report in reports:
        diagnostics = []
        for f in report.findings:
            line, col = _one_based(report, f.range.start.line, f.range.start.character)
            end_line, end_col = _one_based(report, f.range.end.line, f.range.end.character)
            diagnostics.append(
                {
                    "line": line,
                    "column": col,
                    "end_line": end_line,
                    "end_column": end_col,
                    "severity": f.severity.label,
                    "code": f.code,
                    "message": f.message,
                }
            )
        files.append({"path": _display(report.path), "diagnostics": diagnostics})
    return {
        "files": files,
        "summary": {
            "errors": counts[Severity.ERROR],
            "warnings": counts[Severity.WARNING],
            "information": counts[Severity.INFORMATION],
            "hints": counts[Severity.HINT],
        },
    }


def _annotations(reports: list[FileReport]) -> Iterator[Annotation]:
    for report in reports:
        for f in report.findings:
            line, col = _one_based(report, f.range.start.line, f.range.start.character)
            end_line, end_col = _one_based(report, f.range.end.line, f.range.end.character)
            yield Annotation(
                f.severity.label,
                _display(report.path),
                line,
                col,
                end_line,
                end_col,
                f.code,
                f.message,
            )


def _summary(counts: dict[Severity, int], n_files: int) -> str:
    parts = [
        f"{counts[Severity.ERROR]} error{'s' * (counts[Severity.ERROR] != 1)}",
        f"{counts[Severity.WARNING]} warning{'s' * (counts[Severity.WARNING] != 1)}",
        f"{counts[Severity.INFORMATION]} information",
        f"{counts[Severity.HINT]} hint{'s' * (counts[Severity.HINT] != 1)}",
    ]
    return f"{', '.join(parts)} in {n_files} file{'s' * (n_files != 1)}"
