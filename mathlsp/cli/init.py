"""`mathlsp init [SLUG]`: create `.math/` and a problem folder from the templates."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from mathlsp.notes.folder import UnsafeSlug, find_project_root
from mathlsp.research.project import ProjectError, plan_init


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "init",
        help="create .math/ and a problem folder from the templates",
        description="Create .math/config.json and, with SLUG, .math/problems/SLUG/ with "
        "PROBLEM.md, LITERATURE.md, JOURNAL.md, NOTATION.md and STATE.md. Existing files are "
        "never overwritten.",
    )
    p.add_argument("slug", nargs="?", metavar="SLUG", help="[a-z0-9][a-z0-9-]*")
    p.add_argument("--title", help="the problem's title (default: from the slug)")
    p.add_argument("--root", type=Path, help="project root (default: the nearest .math/ or .)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from mathlsp.cli import UsageError

    root = (args.root or find_project_root(Path.cwd()) or Path.cwd()).resolve()
    try:
        plan = plan_init(root, args.slug, dt.datetime.now(dt.UTC), args.title)
    except (UnsafeSlug, ProjectError) as exc:
        raise UsageError(str(exc)) from exc
    plan.apply()
    for w in plan.writes:
        print(f"created {w.path}" if w.original is None else f"updated {w.path}")
    for message in plan.messages:
        print(message, file=sys.stderr)
    return 0
