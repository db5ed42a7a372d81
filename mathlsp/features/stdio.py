"""The JSON-RPC message loop over stdin: lean on the one message as large as a file, and no
thread hop per line.

pygls's loop (`pygls.io_.run_async`) hands each body to `json.loads`, which first decodes the
bytes into a second string as long as the message, and then keeps the body alive until the
next message arrives. Opening a 9 MB LITERATURE.md so held the body, its decoded copy and the
document's text at once (45 MiB beyond the file's model), and the body stayed until the next
keystroke. Here orjson parses the UTF-8 bytes directly and the body is dropped once parsed; a
body orjson refuses (JSON it does not accept, such as NaN) falls back to the standard library,
so what reaches the protocol is what pygls's own loop would have produced.

pygls also reads stdin through its thread pool, one blocking call per header line and per body:
three thread hand-offs for every request (a third of a hover's round trip). When stdin is a pipe
or socket of its own, `pipe_reader` reads it on the event loop instead (non-blocking reads when
it is readable). A terminal, a regular file, Windows, or a stdin sharing its file with stdout (a
pty: the file is made non-blocking, which a blocking stdout write must not inherit) keep pygls's
reader.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import stat
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

import orjson
from pygls.exceptions import JsonRpcException

if TYPE_CHECKING:
    from pygls.io_ import AsyncReader  # declared for type checkers only
    from pygls.protocol import JsonRPCProtocol

_CONTENT_LENGTH = re.compile(rb"^Content-Length: (\d+)\r\n$")
T = TypeVar("T")


class _PipeReader:
    """stdin read on the event loop, with pygls's reader interface (b"" at the end of input).

    Non-blocking reads when the pipe is readable; a body is read straight into a buffer of its
    size (asyncio's StreamReader would collect it in its own buffer and then copy it out: a
    9 MB didOpen held twice)."""

    def __init__(self, fd: int, loop: asyncio.AbstractEventLoop) -> None:
        self._fd = fd
        self._loop = loop
        self._buf = bytearray()
        self._eof = False

    async def _readable(self) -> None:
        woken = self._loop.create_future()
        self._loop.add_reader(self._fd, _wake, woken)
        try:
            await woken
        finally:
            self._loop.remove_reader(self._fd)

    async def _when_ready(self, read: Callable[..., T], *args: Any) -> T:
        """`read(*args)` (a non-blocking read), retried once the pipe is readable."""
        while True:
            try:
                return read(*args)
            except BlockingIOError:
                await self._readable()

    async def readline(self) -> bytes:
        while True:
            at = self._buf.find(b"\n")
            if at >= 0:
                line = bytes(self._buf[: at + 1])
                del self._buf[: at + 1]
                return line
            data = b"" if self._eof else await self._when_ready(os.read, self._fd, 1 << 16)
            if not data:
                self._eof = True
                line = bytes(self._buf)
                self._buf.clear()
                return line
            self._buf += data

    async def readexactly(self, n: int) -> bytes | bytearray:
        if len(self._buf) >= n:
            head = bytes(self._buf[:n])
            del self._buf[:n]
            return head
        body = bytearray(n)
        have = len(self._buf)
        body[:have] = self._buf
        self._buf.clear()
        view = memoryview(body)
        while have < n:
            got = 0 if self._eof else await self._when_ready(os.readv, self._fd, [view[have:]])
            if not got:
                self._eof = True
                return b""  # the client went away mid-message: nothing to handle
            have += got
        return body


def _wake(woken: asyncio.Future[None]) -> None:
    if not woken.done():
        woken.set_result(None)


def own_pipe(stdin: BinaryIO, stdout: BinaryIO) -> bool:
    """stdin is a pipe or socket that does not share its open file with stdout."""
    if sys.platform == "win32":
        return False
    try:
        st_in, st_out = os.fstat(stdin.fileno()), os.fstat(stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return False
    if not (stat.S_ISFIFO(st_in.st_mode) or stat.S_ISSOCK(st_in.st_mode)):
        return False
    return (st_in.st_dev, st_in.st_ino) != (st_out.st_dev, st_out.st_ino)


async def pipe_reader(stdin: BinaryIO, stdout: BinaryIO) -> AsyncReader | None:
    """stdin read by the event loop itself, or None where that is not safe (see above)."""
    if not own_pipe(stdin, stdout):
        return None
    fd = stdin.fileno()
    try:
        os.set_blocking(fd, False)
    except OSError:
        return None
    return _PipeReader(fd, asyncio.get_running_loop())  # type: ignore[return-value]


def parse_message(body: bytes | bytearray, structure: Callable[[dict[str, Any]], Any]) -> Any:
    """A JSON-RPC message from its body. `structure` (the protocol's object hook) turns only a
    top-level JSON-RPC object into a message; nested objects are plain data either way."""
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return json.loads(body, object_hook=structure)  # the same error or the same answer
    return structure(data) if isinstance(data, dict) else data


async def run_async(
    stop_event: threading.Event,
    reader: AsyncReader,
    protocol: JsonRPCProtocol,
    logger: logging.Logger,
    error_handler: Callable[[Exception, type[JsonRpcException]], Any] | None = None,
) -> None:
    """pygls's `run_async`, reading each message with `parse_message`."""
    content_length = 0
    while not stop_event.is_set():
        header = await reader.readline()
        if not header:
            break
        if not content_length:
            match = _CONTENT_LENGTH.fullmatch(header)
            if match:
                content_length = int(match.group(1))
        if content_length and not header.strip():
            body = await reader.readexactly(content_length)
            if not body:
                break
            try:
                message = parse_message(body, protocol.structure_message)
                del body  # a didOpen's body is as large as the file: free it now
                protocol.handle_message(message)
            except Exception as exc:
                logger.exception("Unable to handle message")
                if error_handler:
                    error_handler(exc, JsonRpcException)
            finally:
                content_length = 0
