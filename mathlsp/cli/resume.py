"""`mathlsp resume [PATH]`: regenerate DASHBOARD.md and print it."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from mathlsp.fsutil import ChangedOnDisk
from mathlsp.notes.folder import UnsafeSlug, find_project_root, is_problem_folder
from mathlsp.research.project import (
    FileUnusable,
    ProjectError,
    current_problem_folder,
    plan_resume,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "resume",
        help="regenerate DASHBOARD.md for the current problem and print it",
        description="Read the problem's files, write DASHBOARD.md (with a suggested next "
        "action), count the session in STATE.md and record last_active in .math/config.json.",
    )
    p.add_argument(
        "path", nargs="?", type=Path, metavar="PATH", help="project root or problem folder"
    )
    p.set_defaults(run=run)


def resolve_problem(path: Path | None) -> tuple[Path, Path | None]:
    """(problem folder, project root or None) for a path the user gave, or the cwd. A path that
    is not there, or no project, is a misuse (UsageError: the usage, then the message)."""
    from mathlsp.cli import UsageError

    start = (path or Path.cwd()).resolve()
    if path is not None and not start.exists():
        raise UsageError(f"no such file or directory: {path}")
    if start.is_dir() and is_problem_folder(start) and not (start / ".math").is_dir():
        return start, find_project_root(start)
    root = find_project_root(start)
    if root is None:
        raise UsageError("no math project here: run `mathlsp init <slug>` first")
    try:
        return current_problem_folder(root), root
    except UnsafeSlug as exc:
        raise UsageError(str(exc)) from exc


def run(args: argparse.Namespace) -> int:
    from mathlsp.cli import InputError, UsageError

    try:
        folder, root = resolve_problem(args.path)
        plan = plan_resume(folder, dt.datetime.now(dt.UTC), root)
        plan.apply()
    except FileUnusable as exc:
        raise InputError(str(exc)) from exc
    except (ProjectError, UnsafeSlug, ChangedOnDisk) as exc:
        raise UsageError(str(exc)) from exc
    dashboard = next(w for w in plan.writes if w.path.name == "DASHBOARD.md")
    sys.stdout.write(dashboard.text)
    for message in plan.messages:
        print(message, file=sys.stderr)
    if root is not None and folder.parent == root / ".math" / "problems":
        print(current_problem_line(root, folder.name), file=sys.stderr)
    return 0


def current_problem_line(root: Path, slug: str) -> str:
    from mathlsp.research.project import problem_slugs

    others = [s for s in problem_slugs(root) if s != slug]
    if not others:
        return f"current problem: {slug}"
    return (
        f"current problem: {slug} (also here: {', '.join(others)}; "
        "`mathlsp switch <slug>` to change)"
    )
