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
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol, TypeVar

import orjson

from mathlsp.features.rpc import INVALID_REQUEST, PARSE_ERROR, Refusal

if TYPE_CHECKING:
    from pygls.io_ import AsyncReader  # declared for type checkers only

_CONTENT_LENGTH = re.compile(rb"Content-Length:[ \t]*(\d{1,15})[ \t]*\r?\n", re.IGNORECASE)
# Far above any note (MAX_NOTE_BYTES, escaped); a larger body is skipped unread, not allocated.
MAX_BODY_BYTES = 128 * 1024 * 1024
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


class StreamLines:
    """An asyncio StreamReader (a TCP connection) with the reader interface of the loop.

    StreamReader.readline refuses a line over 64 KiB and drops everything it has buffered with
    it, the next messages included; here a line is as long as the client made it."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader
        self._buf = bytearray()

    async def readline(self) -> bytes:
        while True:
            at = self._buf.find(b"\n")
            if at >= 0:
                line = bytes(self._buf[: at + 1])
                del self._buf[: at + 1]
                return line
            data = await self._reader.read(1 << 16)
            if not data:
                line = bytes(self._buf)
                self._buf.clear()
                return line
            self._buf += data

    async def readexactly(self, n: int) -> bytes:
        head = bytes(self._buf[:n])
        del self._buf[:n]
        if len(head) == n:
            return head
        try:
            return head + await self._reader.readexactly(n - len(head))
        except asyncio.IncompleteReadError:
            return b""


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


class Receiver(Protocol):
    """What the loop hands messages to (`MathProtocol`)."""

    def receive(self, data: Any) -> None: ...

    def refuse(self, refusal: Refusal) -> None: ...


class _Framed:
    """A reader that can be given bytes back: what a too-long Content-Length swallowed of the
    next message is returned to the stream, so that message is still read."""

    def __init__(self, reader: AsyncReader) -> None:
        self._reader = reader
        self._back = bytearray()

    def unread(self, data: bytes) -> None:
        self._back[:0] = data

    async def readline(self) -> bytes:
        if not self._back:
            return await self._reader.readline()
        at = self._back.find(b"\n")
        if at >= 0:
            line = bytes(self._back[: at + 1])
            del self._back[: at + 1]
            return line
        line = bytes(self._back) + await self._reader.readline()
        self._back.clear()
        return line

    async def readexactly(self, n: int) -> bytes | bytearray:
        if not self._back:
            return await self._reader.readexactly(n)
        head = bytes(self._back[:n])
        del self._back[:n]
        if len(head) == n:
            return head
        rest = await self._reader.readexactly(n - len(head))
        return head + rest if rest else b""


def parse_body(body: bytes | bytearray) -> tuple[Any, bytes]:
    """The JSON value of a body, and what follows it when the body held more than one value
    (a Content-Length too long by a few bytes takes the start of the next header with it).

    orjson reads the UTF-8 bytes without a decoded copy; a body it refuses (NaN, trailing bytes)
    goes to the standard library, as pygls's loop would. Raises ValueError when no JSON value
    starts the body (or an integer is over Python's 4,300 digits), RecursionError when it is
    nested deeper than the interpreter's stack."""
    try:
        return orjson.loads(body), b""
    except orjson.JSONDecodeError:
        pass
    text = bytes(body).decode("utf-8", "surrogateescape")
    stripped = text.lstrip()
    data, end = json.JSONDecoder().raw_decode(stripped)
    return data, stripped[end:].lstrip(" \t").encode("utf-8", "surrogateescape")


def unframed_message(line: bytes) -> Any | None:
    """A whole JSON object (or array) sent on a line of its own with no Content-Length before it
    (a client that frames by newlines, or forgot the header), else None. Only a line that is
    one complete JSON value with nothing after it counts: the tail of a body cut short, or a
    header we do not use, is skipped as before."""
    stripped = line.strip()
    if not stripped.startswith((b"{", b"[")):
        return None
    try:
        data, rest = parse_body(stripped)
    except (ValueError, RecursionError):
        return None
    return data if not rest and isinstance(data, dict | list) else None


async def run_async(
    stop_event: threading.Event,
    reader: AsyncReader,
    protocol: Receiver,
    logger: logging.Logger,
) -> None:
    """pygls's `run_async`, reading each message with `parse_body` and handing it to
    `protocol.receive`, which answers whatever it cannot serve.

    Framing is recovered at the next header: a `Content-Length:` is found anywhere in a header
    line (a body cut short leaves its tail in front of the next header), lines that are not a
    header are skipped (so is a body longer than MAX_BODY_BYTES), a body that is not JSON is
    answered -32700 and the loop goes on. A line that is a whole JSON message with no
    Content-Length before it is served (`unframed_message`)."""
    framed = _Framed(reader)
    content_length: int | None = None
    while not stop_event.is_set():
        header = await framed.readline()
        if not header:
            break
        match = _CONTENT_LENGTH.search(header)
        # What came without a Content-Length before it: served when it is a whole message.
        lost = header[: match.start()] if match else header
        if content_length is None and lost and (data := unframed_message(lost)) is not None:
            protocol.receive(data)
        if match:
            content_length = int(match.group(1))
            continue
        if content_length is None or header.strip():
            continue  # a header we do not use, or garbage before the next Content-Length
        length, content_length = content_length, None
        if length > MAX_BODY_BYTES:
            # Not allocated, and not waited for (a lying length would hold every later message):
            # what follows is skipped as garbage up to the next header.
            protocol.refuse(Refusal(None, INVALID_REQUEST, f"message of {length} bytes refused"))
            continue
        body = await framed.readexactly(length) if length else b""
        if length and not body:
            break  # the client went away mid-message: nothing to handle
        try:
            data, rest = parse_body(body)
        except (ValueError, RecursionError) as exc:  # RecursionError: nesting 100k deep
            del body
            protocol.refuse(Refusal(None, PARSE_ERROR, f"the body is not JSON: {exc}"))
            continue
        del body  # a didOpen's body is as large as the file: free it now
        if rest:
            framed.unread(rest)
        protocol.receive(data)
