"""The `mathlsp` command line: one module per subcommand, each exposing `register(subparsers)`.

A subcommand module adds its parser with `set_defaults(run=...)`; `run(args) -> int` returns the
exit code (0 ok, 1 findings/failures, 2 usage or I/O error).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mathlsp import __version__
from mathlsp.cli import cache, check, init, lookup, resume, serve

# Order is the order shown in --help.
SUBCOMMANDS = [serve, check, init, resume, lookup, cache]


class UsageError(Exception):
    """A problem with what the user asked for: reported in one line, exit code 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mathlsp",
        description="Language server and linter for mathematical literature reviews in Markdown.",
    )
    parser.add_argument("--version", action="version", version=f"mathlsp {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args))
    except UsageError as exc:
        print(f"mathlsp: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"mathlsp: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mathlsp: interrupted", file=sys.stderr)
        return 130
