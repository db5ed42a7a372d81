"""The JSON-RPC 2.0 / LSP answers to messages a server cannot serve, without a server."""

from __future__ import annotations

from typing import Any

import pytest
from lsprotocol import types
from pygls.protocol import default_converter

from mathlsp.features.rpc import (
    batch,
    envelope_refusal,
    invalid_params_reason,
    lifecycle_refusal,
    notification_dropped,
    notification_with_id,
)


@pytest.mark.parametrize(
    ("data", "answer"),
    [
        ([], (None, -32600)),
        (3, (None, -32600)),
        ({"id": 1, "method": "x"}, (1, -32600)),
        ({"jsonrpc": "1.0", "id": "a", "method": "x"}, ("a", -32600)),
        ({"jsonrpc": "2.0", "id": True, "method": "x"}, (None, -32600)),
        ({"jsonrpc": "2.0", "id": [1], "method": "x"}, (None, -32600)),
        ({"jsonrpc": "2.0", "id": 1, "method": None}, (1, -32600)),
        ({"jsonrpc": "2.0", "id": 1, "method": "x", "params": "s"}, (1, -32602)),
        ({"jsonrpc": "2.0"}, (None, -32600)),
        ({"jsonrpc": "2.0", "id": 4}, (None, -32600)),
    ],
)
def test_what_is_not_a_json_rpc_message_is_refused(data: Any, answer: tuple[Any, int]) -> None:
    refusal = envelope_refusal(data)
    assert refusal is not None and (refusal.id, refusal.code) == answer
    assert refusal.response()["error"]["message"]


@pytest.mark.parametrize(
    "data",
    [
        {"jsonrpc": "2.0", "id": 1, "method": "x"},
        {"jsonrpc": "2.0", "id": None, "method": "x", "params": None},
        {"jsonrpc": "2.0", "method": "x", "params": [1]},
        {"jsonrpc": "2.0", "id": "r", "result": None},
        {"jsonrpc": "2.0", "id": 2, "error": {"code": 1, "message": "m"}},
    ],
)
def test_json_rpc_messages_pass(data: dict[str, Any]) -> None:
    assert envelope_refusal(data) is None


def test_the_lifecycle() -> None:
    hover = {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover"}
    init = {"jsonrpc": "2.0", "id": 2, "method": "initialize"}
    opened = {"jsonrpc": "2.0", "method": "textDocument/didOpen"}
    leave = {"jsonrpc": "2.0", "method": "exit"}
    before = {"initialized": False, "shut_down": False}
    during = {"initialized": True, "shut_down": False}
    after = {"initialized": True, "shut_down": True}
    assert lifecycle_refusal(hover, **before).code == -32002  # type: ignore[union-attr]
    assert lifecycle_refusal(init, **before) is None
    assert lifecycle_refusal(hover, **during) is None
    assert lifecycle_refusal(init, **during).code == -32600  # type: ignore[union-attr]
    assert lifecycle_refusal(hover, **after).code == -32600  # type: ignore[union-attr]
    assert notification_dropped(opened, **before) and notification_dropped(opened, **after)
    assert not notification_dropped(opened, **during)
    assert not notification_dropped(leave, **before) and not notification_dropped(leave, **after)


def test_the_reason_names_the_field_and_what_is_wrong_with_it() -> None:
    converter = default_converter()
    with pytest.raises(Exception) as bad_line:
        converter.structure(
            {"textDocument": {"uri": "file:///a"}, "position": {"line": -1, "character": 0}},
            types.HoverParams,
        )
    reason = invalid_params_reason(bad_line.value)
    assert "$.position" in reason and "Position.line should be in range" in reason
    with pytest.raises(Exception) as missing:
        converter.structure({}, types.CodeAction)
    assert (
        invalid_params_reason(missing.value) == "invalid params: required field missing @ $.title"
    )


def test_a_notification_sent_with_an_id_is_taken_without_it() -> None:
    def notifications(method: str) -> bool:
        return method in {"textDocument/didOpen", "initialized"}

    opened = {"jsonrpc": "2.0", "id": 7, "method": "textDocument/didOpen", "params": {"a": 1}}
    assert notification_with_id(opened, notifications) == {
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": {"a": 1},
    }
    hover = {"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": {}}
    assert notification_with_id(hover, notifications) is None
    plain = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
    assert notification_with_id(plain, notifications) is None


def test_a_batch_is_its_messages_and_an_empty_one_is_refused() -> None:
    one = {"jsonrpc": "2.0", "id": 1, "method": "workspace/symbol", "params": {"query": ""}}
    two = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
    assert batch([one, two]) == [one, two]
    assert batch([]) is None and batch(one) is None
    refusal = envelope_refusal([])
    assert refusal is not None and refusal.code == -32600
