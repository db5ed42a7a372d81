"""Answers handed to the protocol already written as JSON text, sent as they stand.

pygls writes a handler's result with `json.dumps(response, default=...)`, and the default runs
its cattrs converter over the whole response. For a large answer built again and again from
mostly unchanged parts — documentSymbol on a 20,000-entry LITERATURE.md is 6 MB of JSON after
each keystroke — the converter and the dump are most of the cost, and the parts can be kept as
text. A `RawJson` result is such text: `MathProtocol._send_data` (features/server.py) wraps it
in the JSON-RPC envelope (`response_body`) instead of dumping it.
"""

from __future__ import annotations

import json


class RawJson(str):
    """A result already written as JSON text, ASCII only (other characters escaped, as
    `json.dumps` writes them by default), so its length in characters is its length in bytes."""


def envelope(msg_id: int | str | None) -> tuple[str, str]:
    """What goes before and after a result in its JSON-RPC response, keys in pygls's order."""
    return f'{{"id": {json.dumps(msg_id)}, "result": ', ', "jsonrpc": "2.0"}'


def response_body(msg_id: int | str | None, result: RawJson) -> str:
    """The JSON-RPC response carrying `result`, as one string."""
    before, after = envelope(msg_id)
    return before + result + after
