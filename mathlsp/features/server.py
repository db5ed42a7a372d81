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
from collections.abc import Callable, Generator
from typing import Any, BinaryIO

import attrs
from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError
from pygls.io_ import StdinAsyncReader, StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import (
    JsonRPCNotification,
    JsonRPCRequestMessage,
    JsonRPCResponseMessage,
    ResponseErrorMessage,
)
from pygls.protocol.language_server import lsp_method

from mathlsp import __version__
from mathlsp.config import ServerSettings
from mathlsp.features import (
    bib,
    code_actions,
    commands,
    completion,
    configuration,
    documents,
    folding,
    hover,
    journal,
    jsonready,
    navigation,
    rpc,
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
    folding,
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
    """pygls's protocol, behind a gate that answers every request (see `features/rpc.py`):
    a message that is not JSON-RPC, params that do not deserialize, a request before
    `initialize` or after `shutdown` get the specifications' error reply, with no traceback and
    no pop-up. A client's reply it cannot read (`null` where a result is required) fails the
    request waiting for it at once, instead of leaving it unanswered."""

    initialize_received = False

    def _send_data(self, data: Any) -> None:
        """pygls's send, except that a result already written as JSON (`RawJson`) is wrapped,
        not converted and dumped again."""
        result = getattr(data, "result", None)
        if not isinstance(result, jsonready.RawJson) or self.writer is None:
            super()._send_data(data)
            return
        before, after = jsonready.envelope(data.id)
        if self._include_headers:
            # ASCII (RawJson's promise): its length in characters is its length in bytes.
            length = len(before) + len(result) + len(after)
            before = (
                f"Content-Length: {length}\r\n"
                f"Content-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n{before}"
            )
        # Joined as bytes, not as text then encoded: a 6 MB answer is copied once less. One
        # write, as pygls makes: another thread's message cannot land inside this one.
        message = b"".join((before.encode(), result.encode(), after.encode()))
        try:
            res = self.writer.write(message)
            if inspect.isawaitable(res):  # a websocket's writer: as pygls, not awaited here
                asyncio.ensure_future(res)  # noqa: RUF006
        except BrokenPipeError:
            raise  # as pygls: the client is gone
        except Exception as error:
            log.exception("could not send a response")
            self._server._report_server_error(error, JsonRpcInternalError)

    def receive(self, data: Any) -> None:
        """Serve one parsed message body (a batch: each of its messages)."""
        messages = rpc.batch(data)
        if messages is not None:
            for message in messages:
                self._receive_one(message)
            return
        self._receive_one(data)

    def _receive_one(self, data: Any) -> None:
        refusal = rpc.envelope_refusal(data)
        if refusal is None:
            state = {"initialized": self.initialize_received, "shut_down": self._shutdown}
            if rpc.notification_dropped(data, **state):
                log.debug("dropped %s: not initialized or shut down", data["method"])
                return
            refusal = rpc.lifecycle_refusal(data, **state)
        if refusal is not None:
            self.refuse(refusal)
            return
        notification = rpc.notification_with_id(data, self._is_notification)
        if notification is not None:
            method, msg_id = data["method"], data["id"]
            log.warning("%s is a notification: handled, its id %r answered null", method, msg_id)
            self._send_data({"jsonrpc": "2.0", "id": msg_id, "result": None})
            self._receive_one(notification)
            return
        try:
            message = self.structure_message(data)
        except Exception as exc:
            self._unreadable(data, exc)
            return
        if rpc.is_request(data) and data["method"] == types.INITIALIZE:
            self.initialize_received = True
        if "method" not in data:
            waiting = self._request_futures.get(data["id"])
            if waiting is not None and waiting.done():
                # A reply after the server gave up waiting (it timed out or was cancelled):
                # pygls would set a result on the finished future and end the message loop.
                del self._request_futures[data["id"]]
                log.info("late reply to request %r dropped", data["id"])
                return
        try:
            self.handle_message(message)
        except Exception as exc:  # pygls answers a request's failure itself; this is the rest
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            log.warning("could not handle %s: %s", data.get("method", "a reply"), detail)

    def _execute_handler(
        self,
        msg_id: Any,
        handler: Any,
        callback: Any,
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        """pygls's, except that a notification's future is forgotten once it is done: pygls
        keeps every one (under a fresh uuid) for the life of the server, about 1 KB a keystroke
        (8,000 edits: +20 MiB of resident memory).

        And a step of a generator handler (`workspace/executeCommand` yields to the command)
        is cancelled with the request it serves: `$/cancelRequest` cancels only the request's
        plain Future, and pygls answered -32800 while the command went on — a cancelled search
        then wrote LITERATURE.md and JOURNAL.md."""
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        if callback == self._check_handler_result:
            future = self._request_futures.get(msg_id)
            if future is not None:
                future.add_done_callback(lambda _: self._request_futures.pop(msg_id, None))
        served = getattr(callback, "keywords", {}).get("result_future")
        step = self._request_futures.get(msg_id)
        if served is not None and step is not None and not step.done():
            served.add_done_callback(lambda f: step.cancel() if f.cancelled() else None)

    def _run_generator(self, future: Any, *, gen: Any, result_future: Any) -> None:
        """pygls's, except that a step cancelled under it (`exit` with no `shutdown` while the
        `initialized` handler still ran: asyncio cancels what is left) cancels the request it
        served; pygls read the step's result, and the CancelledError went to the log as a
        traceback."""
        if future is not None and future.cancelled():
            gen.close()
            if not result_future.done():
                result_future.cancel()
            return
        super()._run_generator(future, gen=gen, result_future=result_future)

    @lsp_method(types.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Generator[Any, Any, None]:
        """pygls's, cancelling the requests still running from a copy of its table: a command
        waiting on the editor (a search's Run/Cancel) runs under a plain Future, whose cancel()
        calls back at once into `_send_handler_result`, which removes it from the table pygls was
        iterating: `shutdown` failed with -32603 and `exit` then ended the process with 1
        (pygls issue #606, open in 2.1.1)."""
        if (user_handler := self.fm.features.get(types.SHUTDOWN)) is not None:
            yield user_handler, args, None
        current_id = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current_id and not future.done():
                future.cancel()
        self._shutdown = True
        return None

    def _is_notification(self, method: str) -> bool:
        """Whether LSP defines `method` as a notification (its message type has no id)."""
        kind = self.get_message_type(method)
        return kind is not None and attrs.has(kind) and "id" not in attrs.fields_dict(kind)

    def refuse(self, refusal: rpc.Refusal) -> None:
        log.warning("answered %s: %s", refusal.code, refusal.message)
        self._send_data(refusal.response())

    def _unreadable(self, data: dict[str, Any], exc: Exception) -> None:
        reason = rpc.invalid_params_reason(exc.__cause__ or exc)
        if rpc.is_request(data):
            self.refuse(rpc.Refusal(data["id"], rpc.INVALID_PARAMS, reason))
        elif "method" in data:
            log.warning("ignored %s: %s", data["method"], reason)
        else:
            future = self._request_futures.pop(data["id"], None)
            log.warning("the editor's reply to request %r was unreadable: %s", data["id"], reason)
            if future is not None and not future.done():
                future.set_exception(
                    ValueError(f"the editor's reply was not an answer: {data.get('result')!r}")
                )

    def structure_message(self, data: Any) -> Any:
        """pygls's, without its traceback in the log: the caller answers the failure."""
        if "jsonrpc" not in data:
            return data
        if "id" in data:
            if "error" in data:
                self._result_types.pop(data["id"], None)  # pygls leaves it behind
                return self._converter.structure(data, ResponseErrorMessage)
            if "method" in data:
                kind = self.get_message_type(data["method"])
                if kind is None:  # an unknown method: answered -32601, whatever its params
                    return self._converter.structure(_with_params(data), JsonRPCRequestMessage)
                return self._converter.structure(data, kind)
            kind = self._result_types.pop(data["id"], None) or JsonRPCResponseMessage
            return self._converter.structure(data, kind)
        kind = self.get_message_type(data.get("method", ""))
        if kind is None:
            return self._converter.structure(_with_params(data), JsonRPCNotification)
        return self._converter.structure(data, kind)


def _with_params(data: dict[str, Any]) -> dict[str, Any]:
    return data if "params" in data else {**data, "params": None}


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
        self.exit_code = 0  # what `mathlsp serve` exits with
        _quiet_pygls_tracebacks()

    def _exited(self, exc: SystemExit) -> None:
        """Keeps `exit`'s code (LSP: 1 when no `shutdown` came first), which pygls swallowed."""
        self.exit_code = exc.code if isinstance(exc.code, int) else 0

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
            await stdio.run_async(stop, reader, self.protocol, log)

        try:
            asyncio.run(serve())
        except BrokenPipeError:
            log.error("Connection to the client is lost! Shutting down the server.")
        except KeyboardInterrupt:
            pass
        except SystemExit as exc:
            self._exited(exc)
        finally:
            self.shutdown()

    def report_server_error(self, error: Exception, source: Any) -> None:
        """pygls pops "Error in server" up in the editor for any error outside a request (a
        notification's handler, a reply it could not read). The user can do nothing about it:
        it goes to the log and the client's output channel instead."""
        detail = "".join(traceback.format_exception_only(type(error), error)).strip()
        log.warning("%s: %s", getattr(source, "__name__", source), detail)
        self.log_to_client(f"mathlsp: {detail}", types.MessageType.Error)

    def start_tcp(self, host: str, port: int) -> None:
        """pygls's TCP server, reading messages with `stdio.run_async` as stdio does: the same
        answers to malformed messages whichever transport the editor chose."""
        self._stop_event = stop = threading.Event()

        async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            self.protocol.set_writer(writer)  # type: ignore[arg-type]
            await stdio.run_async(stop, stdio.StreamLines(reader), self.protocol, log)  # type: ignore[arg-type]
            self.shutdown()

        async def serve(h: str, p: int) -> None:
            self._server = await asyncio.start_server(connection, h, p)
            async with self._server:
                await self._server.serve_forever()

        try:
            asyncio.run(serve(host, port))
        except asyncio.CancelledError:
            log.debug("the TCP server was cancelled")
        except KeyboardInterrupt:
            pass
        except SystemExit as exc:
            self._exited(exc)
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


class _OneLine(logging.Filter):
    """pygls logs a traceback for every request it answers with an error (an unknown command,
    a failure of its own handlers), although the reply already carries the error. Below debug
    level the record keeps its message and the exception's one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and not logging.getLogger().isEnabledFor(logging.DEBUG):
            exc = record.exc_info[1]
            if exc is not None:
                summary = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                record.msg = f"{record.getMessage()}: {summary}"
                record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


# A logger's filters do not apply to its children's records: each of pygls's loggers gets one.
_PYGLS_LOGGERS = (
    "pygls.protocol.json_rpc",
    "pygls.protocol.language_server",
    "pygls.server",
    "pygls.feature_manager",
    "pygls.io_",
)


def _quiet_pygls_tracebacks() -> None:
    for name in _PYGLS_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, _OneLine) for f in logger.filters):
            logger.addFilter(_OneLine())


def _uri_of(params: Any) -> str | None:
    doc = getattr(params, "text_document", None)
    return getattr(doc, "uri", None)


def create_server() -> MathLanguageServer:
    server = MathLanguageServer()
    for module in FEATURES:
        module.register(server)
    return server
