"""`mathlsp switch [SLUG]`: make another problem of the project the current one."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "switch",
        help="make another problem the current one (without SLUG: list the problems)",
        description="Set `current_problem` in .math/config.json to an existing problem, the one "
        "`resume`, `search`, `verify`, `synthesize` and `journal` use when given no folder. "
        "Without SLUG, list the project's problems, the current one marked.",
    )
    p.add_argument("slug", nargs="?", metavar="SLUG", help="an existing problem's slug")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from mathlsp.cli import UsageError
    from mathlsp.notes.folder import UnsafeSlug, find_project_root
    from mathlsp.research.project import ProjectError, load_config, plan_switch, problem_slugs

    root = find_project_root(Path.cwd().resolve())
    if root is None:
        raise UsageError("no math project here: run `mathlsp init <slug>` first")
    try:
        if args.slug is None:
            current = load_config(root).get("current_problem")
            for slug in problem_slugs(root):
                print(f"{'*' if slug == current else ' '} {slug}")
            return 0
        plan = plan_switch(root, args.slug)
    except (UnsafeSlug, ProjectError) as exc:
        raise UsageError(str(exc)) from exc
    plan.apply()
    for message in plan.messages:
        print(message, file=sys.stderr)
    return 0
