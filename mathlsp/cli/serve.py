"""`mathlsp serve`: run the language server over stdio (default) or TCP.

stdout is the protocol: logging goes to stderr or to `--log-file`, never to stdout.
"""

from __future__ import annotations

import argparse
import gc
import logging
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "serve",
        help="run the language server (stdio by default)",
        description="Run the mathlsp language server. Editors start it over stdio.",
    )
    transport = p.add_mutually_exclusive_group()
    transport.add_argument(
        "--stdio",
        action="store_true",
        help="talk LSP over stdin/stdout (the default; accepted because editors pass it)",
    )
    transport.add_argument(
        "--tcp", metavar="HOST:PORT", help="listen on a TCP socket instead, e.g. 127.0.0.1:2087"
    )
    p.add_argument("--log-file", metavar="FILE", help="write the server's log to FILE")
    p.add_argument(
        "-v", "--verbose", action="count", default=0, help="more logging (-v info, -vv debug)"
    )
    p.set_defaults(run=run)


def parse_tcp(value: str) -> tuple[str, int]:
    from mathlsp.cli import UsageError

    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--tcp expects HOST:PORT (e.g. 127.0.0.1:2087), not {value!r}")
    return host.strip("[]") or "127.0.0.1", int(port)


def configure_logging(verbose: int, log_file: str | None) -> None:
    level = logging.WARNING if verbose <= 0 else logging.INFO if verbose == 1 else logging.DEBUG
    handler: logging.Handler
    if log_file:
        handler = logging.FileHandler(log_file, encoding="utf-8")
    else:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    if verbose < 3:
        # pygls logs every message it handles; keep it quieter unless asked (-vvv).
        logging.getLogger("pygls").setLevel(max(level, logging.INFO))


def run(args: argparse.Namespace) -> int:
    tcp = parse_tcp(args.tcp) if args.tcp else None
    configure_logging(args.verbose, args.log_file)
    # No collection while pygls, lsprotocol and the features load (their ~300k objects made
    # collections that cost a tenth of `initialize`); then they are frozen out of every later
    # collection, which the server runs for hours.
    gc.disable()
    from mathlsp.features.server import create_server

    server = create_server()
    gc.freeze()
    gc.enable()
    if tcp is not None:
        host, port = tcp
        print(
            f"mathlsp: starting the language server on {host}:{port}", file=sys.stderr, flush=True
        )
        server.start_tcp(host, port)
    else:
        server.start_io()
    return server.exit_code
