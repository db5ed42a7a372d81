"""What the protocol remembers of a message is forgotten once it is handled."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mathlsp.features.server import create_server


def _handler(*_args: Any) -> Iterator[Any]:
    yield from ()  # a generator handler, like pygls's own didOpen/didChange


def test_a_notifications_future_is_forgotten_once_done() -> None:
    protocol = create_server().protocol
    for n in range(100):
        protocol._execute_handler(f"n{n}", _handler, protocol._check_handler_result, args=(None,))
    assert not [k for k in protocol._request_futures if str(k).startswith("n")]


def test_an_error_reply_forgets_the_result_type_of_its_request() -> None:
    protocol = create_server().protocol
    protocol._result_types["ask"] = object
    protocol.structure_message(
        {"jsonrpc": "2.0", "id": "ask", "error": {"code": -1, "message": "no"}}
    )
    assert "ask" not in protocol._result_types
