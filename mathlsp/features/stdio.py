"""The JSON-RPC message loop over stdin, lean on the one message that is as large as a file.

pygls's loop (`pygls.io_.run_async`) hands each body to `json.loads`, which first decodes the
bytes into a second string as long as the message, and then keeps the body alive until the
next message arrives. Opening a 9 MB LITERATURE.md so held the body, its decoded copy and the
document's text at once (45 MiB beyond the file's model), and the body stayed until the next
keystroke. Here orjson parses the UTF-8 bytes directly and the body is dropped once parsed; a
body orjson refuses (JSON it does not accept, such as NaN) falls back to the standard library,
so what reaches the protocol is what pygls's own loop would have produced.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import orjson
from pygls.exceptions import JsonRpcException

if TYPE_CHECKING:
    from pygls.io_ import AsyncReader  # declared for type checkers only
    from pygls.protocol import JsonRPCProtocol

_CONTENT_LENGTH = re.compile(rb"^Content-Length: (\d+)\r\n$")


def parse_message(body: bytes, structure: Callable[[dict[str, Any]], Any]) -> Any:
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
