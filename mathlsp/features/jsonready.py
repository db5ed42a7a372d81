"""Answers handed to pygls already as JSON data, written as they stand.

pygls writes a handler's result with `json.dumps(response, default=...)`, and the default runs
its cattrs converter over the whole response: lsprotocol objects become dicts, and a plain list
of dicts is walked and copied anyway (20,000 document symbols: ~0.3 s of copying what is already
JSON). A `JsonReady` list is handed to `json.dumps` itself: the converter's hook for it returns
it unchanged. Its contents must be what the protocol's own objects would have unstructured to
(dicts with the camelCase keys, ints for enums, no None values): the producer's tests compare
them with lsprotocol's output.
"""

from __future__ import annotations

from typing import Any

from cattrs import Converter
from pygls.protocol import default_converter


class JsonReady(list[Any]):
    """A result (a JSON array) that needs no conversion before `json.dumps`."""


def converter() -> Converter:
    """pygls's converter, writing a `JsonReady` result as it stands."""
    conv = default_converter()
    conv.register_unstructure_hook(JsonReady, _as_is)
    return conv


def _as_is(data: JsonReady) -> JsonReady:
    return data
