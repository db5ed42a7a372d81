"""What JSON-RPC 2.0 and LSP say a server answers to a message it cannot serve, as pure functions.

pygls answers none of these: a body that is not JSON, an object that is not a JSON-RPC message,
params that do not deserialize, a request before `initialize` or after `shutdown`. It logs a
traceback, pops "Error in server" up in the editor, and the client waits for a reply forever.
`MathProtocol.receive` (features/server.py) asks these functions first and answers with the
error codes of the specifications instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import cattrs
from cattrs.v import format_exception

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
SERVER_NOT_INITIALIZED = -32002

MsgId = int | str | None


@dataclass(frozen=True)
class Refusal:
    """An error reply: the request's id (None when it cannot be told) and the reason."""

    id: MsgId
    code: int
    message: str

    def response(self) -> dict[str, Any]:
        return {
            "jsonrpc": "2.0",
            "id": self.id,
            "error": {"code": self.code, "message": self.message},
        }


def batch(data: Any) -> list[Any] | None:
    """The messages of a JSON-RPC 2.0 batch (a non-empty array), or None for anything else.
    LSP clients send none, but a generic JSON-RPC client may: each message is served as if it
    came alone and each request answered on its own (matched by its id), instead of one -32600
    for the array that left every request in it unanswered and dropped its notifications. An
    empty array stays an invalid request, as JSON-RPC says."""
    return data if isinstance(data, list) and data else None


def _valid_id(value: Any) -> bool:
    # JSON-RPC: a String, a Number or Null; LSP narrows it to integer or string. A bool is an
    # int to Python, not to JSON.
    return value is None or (isinstance(value, int | str) and not isinstance(value, bool))


def envelope_refusal(data: Any) -> Refusal | None:
    """Why `data` (a parsed body) is not a JSON-RPC 2.0 message, or None when it is one."""
    if not isinstance(data, dict):
        kind = "an empty array" if data == [] else type(data).__name__
        kind = "an array inside a batch" if isinstance(data, list) and data else kind
        return Refusal(None, INVALID_REQUEST, f"a message must be a JSON object, not {kind}")
    msg_id = data.get("id")
    answerable = msg_id if _valid_id(msg_id) else None
    if data.get("jsonrpc") != "2.0":
        return Refusal(answerable, INVALID_REQUEST, 'a message must have "jsonrpc": "2.0"')
    if "id" in data and not _valid_id(msg_id):
        return Refusal(None, INVALID_REQUEST, "an id must be an integer or a string")
    if "method" in data:
        if not isinstance(data["method"], str):
            return Refusal(answerable, INVALID_REQUEST, "a method must be a string")
        params = data.get("params")
        if "params" in data and params is not None and not isinstance(params, dict | list):
            return Refusal(answerable, INVALID_PARAMS, "params must be an object or an array")
        return None
    if "id" not in data:
        return Refusal(None, INVALID_REQUEST, "a message needs a method (or an id, as a reply)")
    if "result" not in data and "error" not in data:
        return Refusal(None, INVALID_REQUEST, "a reply needs a result or an error")
    return None


def is_request(data: dict[str, Any]) -> bool:
    return "method" in data and "id" in data


def lifecycle_refusal(
    data: dict[str, Any], *, initialized: bool, shut_down: bool
) -> Refusal | None:
    """The LSP lifecycle's answer to a request (notifications are dropped, not answered):
    before `initialize` every request but `initialize` is refused with -32002; `initialize`
    twice, or any request after `shutdown`, is an invalid request."""
    if not is_request(data):
        return None
    method, msg_id = data["method"], data["id"]
    if not initialized:
        if method == "initialize":
            return None
        return Refusal(msg_id, SERVER_NOT_INITIALIZED, f"{method} before initialize")
    if method == "initialize":
        return Refusal(msg_id, INVALID_REQUEST, "initialize was already received")
    if shut_down:
        return Refusal(msg_id, INVALID_REQUEST, f"{method} after shutdown")
    return None


def notification_with_id(
    data: dict[str, Any], is_notification: Callable[[str], bool]
) -> dict[str, Any] | None:
    """A notification a client sent with an id (`textDocument/didOpen` as a request): the
    message without its id, to be handled as the notification it is, or None. pygls handled it
    as a notification and never answered the id, so the client waited forever; dropping it
    instead would lose the document it opens. The caller answers the id with `null`."""
    if not is_request(data) or not is_notification(data["method"]):
        return None
    return {key: value for key, value in data.items() if key != "id"}


def notification_dropped(data: dict[str, Any], *, initialized: bool, shut_down: bool) -> bool:
    """LSP: notifications before `initialize` or after `shutdown` are dropped, except `exit`."""
    if "method" not in data or "id" in data or data["method"] == "exit":
        return False
    return not initialized or shut_down


def _leaf(exc: BaseException, _type: Any = None) -> str:
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ValueError | TypeError) and str(exc):
        return str(exc)
    return format_exception(exc, _type)


def invalid_params_reason(exc: BaseException) -> str:
    """One line saying which field of the params is wrong and why: lsprotocol's own message
    ("Position.line should be in range [0:2147483647], but was -1.") where it has one."""
    if isinstance(exc, cattrs.BaseValidationError):
        reasons = cattrs.transform_error(exc, path="$", format_exception=_leaf)
        text = "; ".join(reasons[:3])
    else:
        text = _leaf(exc)
    return f"invalid params: {text}"[:500]
