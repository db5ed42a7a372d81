"""The `mathlsp` command line: one module per subcommand, each exposing `register(subparsers)`.

A subcommand module adds its parser with `set_defaults(run=...)`; `run(args) -> int` returns the
exit code (0 ok, 1 findings/failures, 2 usage or I/O error).
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import os
import re
import sys
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any, NoReturn, TextIO

from mathlsp import __version__
from mathlsp.safetext import safe_line

# Order is the order shown in --help. Modules are imported on demand: `mathlsp serve` must not
# pay for the scholarly clients at start-up.
SUBCOMMANDS = ["serve", "check", "verify", "search", "init", "resume", "lookup", "cache"]
SUBCOMMANDS.insert(SUBCOMMANDS.index("search") + 1, "synthesize")
SUBCOMMANDS.insert(SUBCOMMANDS.index("resume") + 1, "journal")
SUBCOMMANDS.insert(SUBCOMMANDS.index("init") + 1, "switch")
SUBCOMMANDS.insert(SUBCOMMANDS.index("verify") + 1, "export")
SUBCOMMANDS.insert(SUBCOMMANDS.index("export") + 1, "import")
SUBCOMMANDS.append("tutorial")


# A subcommand whose name is no valid module name.
MODULES = {"import": "import_bib"}


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"mathlsp.cli.{MODULES.get(name, name)}")


class UsageError(Exception):
    """A problem with what the user asked for: the command's usage and one line, exit code 2."""


class InputError(UsageError):
    """A file that cannot be used as it is (not the command line): one line without the usage,
    exit code 2 — the same line `check` gives as DOC001."""


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


class Parser(argparse.ArgumentParser):
    """argparse, forgiving where people are loose and precise where they are wrong.

    A command's options and its folder go in any order (`journal add note --title T DIR`): a
    parser without subcommands reads its arguments intermixed. Whatever it cannot place is an
    error of that parser, so the usage shown is the subcommand's, not the top level's. An
    unknown choice or option that is close to a known one gets a "did you mean".
    """

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._subparsers is not None or getattr(self, "_intermixing", False):
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            parsed, extras = super().parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False
        if extras:
            self.error(_unrecognized(self, extras))
        return parsed, extras

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {_did_you_mean(message)}\n")


_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)$")


def _did_you_mean(message: str) -> str:
    m = _INVALID_CHOICE.search(message)
    if m is None:
        return message
    choices = re.findall(r"'([^']*)'", m.group(2))
    close = difflib.get_close_matches(m.group(1), choices, n=1, cutoff=0.6)
    hint = f"did you mean '{close[0]}'? " if close else ""
    return f"{message[: m.start()]}invalid choice: '{m.group(1)}' ({hint}choose from {m.group(2)})"


def _unrecognized(parser: argparse.ArgumentParser, extras: list[str]) -> str:
    message = f"unrecognized arguments: {' '.join(extras)}"
    known = [o for a in parser._actions for o in a.option_strings if o.startswith("--")]
    for extra in extras:
        if extra.startswith("--"):
            close = difflib.get_close_matches(extra.split("=", 1)[0], known, n=1, cutoff=0.6)
            if close:
                return f"{message} (did you mean {close[0]}?)"
    return message


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = Parser(
        prog="mathlsp",
        description="Language server and linter for mathematical literature reviews in Markdown.",
    )
    parser.add_argument("--version", action="version", version=f"mathlsp {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [only] if only else SUBCOMMANDS:
        _module(name).register(subparsers)
    return parser


def command_parser(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.ArgumentParser:
    """The (sub)command parser the arguments reach: `journal add …` → the `journal add` one."""
    for token in argv:
        sub = parser._subparsers
        if sub is None:
            break
        action = next(
            (a for a in sub._group_actions if isinstance(a, argparse._SubParsersAction)), None
        )
        if action is not None and token in action.choices:
            parser = action.choices[token]
    return parser


def _fail(parser: argparse.ArgumentParser, argv: Sequence[str], message: str) -> int:
    """A usage error: the command's usage, then the one-line message; exit code 2."""
    command_parser(parser, argv).print_usage(sys.stderr)
    print(f"mathlsp: {message}", file=sys.stderr)
    return 2


def _quiet_after_closed_pipe() -> int:
    """`mathlsp … | head`: the reader left. Nothing to say to it; stdout goes to /dev/null so
    the interpreter's final flush does not complain either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
    except (OSError, AttributeError, ValueError):
        pass
    return 141  # what a shell reports for a process ended by SIGPIPE


def main(argv: Sequence[str] | None = None) -> int:
    # Without arguments this is the process's entry point (the `mathlsp` script, `python -m`):
    # the process ends when the command returns (see `cli.exiting`).
    ends_process = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(command if command in SUBCOMMANDS else None)
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        command_parser(parser, argv).print_help(sys.stderr)
        return 2
    args.ends_process = ends_process
    unsafe_slug: tuple[type[Exception], ...] = ()
    if args.command != "serve":  # serve's stdout is JSON-RPC, byte for byte, and starts lean
        from mathlsp.notes.folder import UnsafeSlug

        unsafe_slug = (UnsafeSlug,)
        sys.stdout, sys.stderr = SafeStream(sys.stdout), SafeStream(sys.stderr)  # type: ignore[assignment]
    try:
        return int(args.run(args))
    except unsafe_slug as exc:  # a project's `current_problem` naming a path outside it
        return _fail(parser, argv, str(exc))
    except InputError as exc:
        print(f"mathlsp: {exc}", file=sys.stderr)
        return 2
    except UsageError as exc:
        return _fail(parser, argv, str(exc))
    except BrokenPipeError:
        return _quiet_after_closed_pipe()
    except OSError as exc:
        print(f"mathlsp: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mathlsp: interrupted", file=sys.stderr)
        return 130
