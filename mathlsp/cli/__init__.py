"""The `mathlsp` command line: one module per subcommand, each exposing `register(subparsers)`.

A subcommand module adds its parser with `set_defaults(run=...)`; `run(args) -> int` returns the
exit code (0 ok, 1 findings/failures, 2 usage or I/O error).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any, TextIO

from mathlsp import __version__
from mathlsp.safetext import safe_line

# Order is the order shown in --help. Modules are imported on demand: `mathlsp serve` must not
# pay for the scholarly clients at start-up.
SUBCOMMANDS = ["serve", "check", "verify", "search", "init", "resume", "lookup", "cache"]
SUBCOMMANDS.insert(SUBCOMMANDS.index("search") + 1, "synthesize")
SUBCOMMANDS.insert(SUBCOMMANDS.index("resume") + 1, "journal")
SUBCOMMANDS.insert(SUBCOMMANDS.index("verify") + 1, "export")
SUBCOMMANDS.insert(SUBCOMMANDS.index("export") + 1, "import")


# A subcommand whose name is no valid module name.
MODULES = {"import": "import_bib"}


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"mathlsp.cli.{MODULES.get(name, name)}")


class UsageError(Exception):
    """A problem with what the user asked for: reported in one line, exit code 2."""


class SafeStream:
    """A text stream whose writes pass through `safe_line`: titles from the sources and text from
    the notes reach the terminal without escape sequences, controls or bidi overrides."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(safe_line(text))

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


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
    unsafe_slug: tuple[type[Exception], ...] = ()
    if args.command != "serve":  # serve's stdout is JSON-RPC, byte for byte, and starts lean
        from mathlsp.notes.folder import UnsafeSlug

        unsafe_slug = (UnsafeSlug,)
        sys.stdout, sys.stderr = SafeStream(sys.stdout), SafeStream(sys.stderr)  # type: ignore[assignment]
    try:
        return int(args.run(args))
    except unsafe_slug as exc:  # a project's `current_problem` naming a path outside it
        print(f"mathlsp: {exc}", file=sys.stderr)
        return 2
    except UsageError as exc:
        print(f"mathlsp: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"mathlsp: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mathlsp: interrupted", file=sys.stderr)
        return 130
