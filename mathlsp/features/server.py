"""The mathlsp language server: a pygls `LanguageServer` and the registration of its features.

Thin wiring only. Each feature module under `mathlsp.features` exposes `register(server)` and
registers its handlers with `server.handler(...)`, which wraps them so that an exception is logged
(stderr and `window/logMessage`) and the request answers an empty result: one failing feature
never takes the server down.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any, BinaryIO

from lsprotocol import types
from pygls.io_ import StdinAsyncReader, StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from mathlsp import __version__
from mathlsp.config import ServerSettings
from mathlsp.features import (
    bib,
    code_actions,
    commands,
    completion,
    configuration,
    documents,
    hover,
    journal,
    navigation,
    search,
    stdio,
    symbols,
    synthesis,
    verification,
)
from mathlsp.features.diagnostics import DiagnosticsPublisher
from mathlsp.features.workspace_state import NoteStore

log = logging.getLogger(__name__)

FEATURES = (
    configuration,
    verification,  # before documents/hover/code actions, which use `server.verification`
    bib,
    documents,
    symbols,
    navigation,
    completion,
    hover,
    code_actions,
    commands,
    search,
    synthesis,
    journal,
)


class MathProtocol(LanguageServerProtocol):
    """pygls's protocol, except that a client's reply it cannot read (`null` where a result is
    required) fails the request waiting for it at once, instead of leaving it unanswered."""

    def structure_message(self, data: Any) -> Any:
        try:
            return super().structure_message(data)
        except Exception:
            if isinstance(data, dict) and "id" in data and "method" not in data:
                future = self._request_futures.pop(data["id"], None)
                if future is not None and not future.done():
                    future.set_exception(
                        ValueError(f"the editor's reply was not an answer: {data.get('result')!r}")
                    )
            raise


class MathLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "mathlsp",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=MathProtocol,
        )
        self.settings = ServerSettings()
        self.store = NoteStore(self)
        self.diagnostics = DiagnosticsPublisher(self)
        self.background: list[asyncio.Task[None]] = []  # keeps start-up tasks referenced

    def _start_io_async(
        self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None
    ) -> None:
        """pygls's stdio start-up, reading messages with `stdio.run_async` (see there)."""
        self._stop_event = stop = threading.Event()
        stdin = stdin or sys.stdin.buffer
        stdout = stdout or sys.stdout.buffer
        self.protocol.set_writer(StdoutWriter(stdout))

        async def serve() -> None:
            reader = await stdio.pipe_reader(stdin, stdout)
            if reader is None:
                log.debug("stdin is read through pygls's thread pool")
                reader = StdinAsyncReader(stdin, self.thread_pool)
            await stdio.run_async(stop, reader, self.protocol, log, self.report_server_error)

        try:
            asyncio.run(serve())
        except BrokenPipeError:
            log.error("Connection to the client is lost! Shutting down the server.")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    @property
    def position_encoding(self) -> str:
        try:
            encoding = self.workspace.position_encoding
        except RuntimeError:
            return "utf-16"
        return str(getattr(encoding, "value", encoding) or "utf-16")

    def handler(
        self, method: str, options: Any | None = None, *, empty: Any = None
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register `fn(params)` for an LSP method; an exception answers `empty` instead."""

        def decorator(fn: Callable[..., Any]) -> Callable[..., Any]:
            name = getattr(fn, "__name__", method)
            if inspect.iscoroutinefunction(fn):

                async def guarded(params: Any) -> Any:
                    try:
                        return await fn(params)
                    except Exception as exc:
                        self.report_feature_error(name, exc, _uri_of(params))
                        return empty

            else:

                def guarded(params: Any) -> Any:  # type: ignore[misc]
                    try:
                        return fn(params)
                    except Exception as exc:
                        self.report_feature_error(name, exc, _uri_of(params))
                        return empty

            guarded.__name__ = name
            guarded.__doc__ = fn.__doc__
            self.feature(method, options)(guarded)
            return fn

        return decorator

    def report_feature_error(self, feature: str, exc: BaseException, uri: str | None) -> None:
        where = f" on {uri}" if uri else ""
        log.error("%s failed%s", feature, where, exc_info=exc)
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        self.log_to_client(f"mathlsp: {feature} failed{where}: {detail}", types.MessageType.Error)

    def log_to_client(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:  # no client attached (tests, shutdown)
            log.debug("could not send log message: %s", message)

    def warn_user(self, message: str) -> None:
        log.warning("%s", message)
        try:
            self.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=message)
            )
        except Exception:
            log.debug("could not show message: %s", message)


def _uri_of(params: Any) -> str | None:
    doc = getattr(params, "text_document", None)
    return getattr(doc, "uri", None)


def create_server() -> MathLanguageServer:
    server = MathLanguageServer()
    for module in FEATURES:
        module.register(server)
    return server
