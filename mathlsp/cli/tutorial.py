"""`mathlsp tutorial`: print the walkthrough (docs/tutorial.md), which ships inside the package so
that a user who installed from a wheel has it too."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
# The wheel carries it as mathlsp/_docs/tutorial.md (pyproject's force-include); a checkout or an
# editable install reads the repository's docs/.
PLACES = (PACKAGE / "_docs" / "tutorial.md", PACKAGE.parent / "docs" / "tutorial.md")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "tutorial",
        help="print the first-day walkthrough (one problem from an empty folder)",
        description="Print the tutorial: one real problem from an empty folder to a checked "
        "literature review, in the terminal and in an editor.",
    )
    p.add_argument("--path", action="store_true", help="print only where the tutorial file is")
    p.set_defaults(run=run)


def tutorial_file(places: tuple[Path, ...] | None = None) -> Path | None:
    return next((p for p in (places or PLACES) if p.is_file()), None)


def run(args: argparse.Namespace) -> int:
    from mathlsp.cli import InputError

    found = tutorial_file()
    if found is None:
        raise InputError("the tutorial is not in this installation (mathlsp/_docs/tutorial.md)")
    if args.path:
        print(found)
        return 0
    sys.stdout.write(found.read_text(encoding="utf-8"))
    return 0
