"""The `mathlsp` command line: one module per subcommand, each exposing `register(subparsers)`.

A subcommand module adds its parser with `set_defaults(run=...)`; `run(args) -> int` returns the
exit code (0 ok, 1 findings/failures, 2 usage or I/O error).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

from mathlsp import __version__

# Order is the order shown in --help. Modules are imported on demand: `mathlsp serve` must not
# pay for the scholarly clients at start-up.
SUBCOMMANDS = ["serve", "check", "verify", "search", "init", "resume", "lookup", "cache"]
SUBCOMMANDS.insert(SUBCOMMANDS.index("search") + 1, "synthesize")


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"mathlsp.cli.{name}")


class UsageError(Exception):
    """A problem with what the user asked for: reported in one line, exit code 2."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mathlsp",
        description="Language server and linter for mathematical literature reviews in Markdown.",
    )
    parser.add_argument("--version", action="version", version=f"mathlsp {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [only] if only else SUBCOMMANDS:
        _module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(command if command in SUBCOMMANDS else None)
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
