"""The stdio message loop: the same messages as pygls's loop, and a bad body harms nothing."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.features.rpc import Refusal
from mathlsp.features.stdio import (
    own_pipe,
    parse_body,
    pipe_reader,
    run_async,
    unframed_message,
)


def test_a_body_is_parsed_from_its_utf8_bytes() -> None:
    body = json.dumps(
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"text": "é — 𝔽 \\u2200"}},
        ensure_ascii=False,
    ).encode()
    data, rest = parse_body(body)
    assert data["params"]["text"] == "é — 𝔽 \\u2200" and rest == b""


def test_a_body_orjson_refuses_gets_the_standard_library_answer() -> None:
    data, _ = parse_body(b'{"jsonrpc": "2.0", "method": "x", "params": {"n": NaN}}')
    assert data["method"] == "x"
    with pytest.raises(ValueError):
        parse_body(b'{"jsonrpc": "2.0", "method": ')


def test_what_follows_a_body_is_given_back() -> None:
    assert parse_body(b'{"a": 1}Content-Le') == ({"a": 1}, b"Content-Le")


class _Reader:
    def __init__(self, bodies: list[bytes]) -> None:
        self.lines: list[bytes] = []
        self.bodies = list(bodies)
        for body in bodies:
            self.lines += [f"Content-Length: {len(body)}\r\n".encode(), b"\r\n"]

    async def readline(self) -> bytes:
        return self.lines.pop(0) if self.lines else b""

    async def readexactly(self, n: int) -> bytes:
        body = self.bodies.pop(0)
        assert len(body) == n
        return body


class _Protocol:
    def __init__(self) -> None:
        self.handled: list[Any] = []
        self.refused: list[Refusal] = []

    def receive(self, data: Any) -> None:
        self.handled.append(data.get("method"))

    def refuse(self, refusal: Refusal) -> None:
        self.refused.append(refusal)


def test_a_malformed_message_is_reported_and_the_next_one_still_handled() -> None:
    protocol = _Protocol()
    bodies = [
        b'{"jsonrpc": "2.0", "method": "first"}',
        b'{"jsonrpc": "2.0", "meth',
        '{"jsonrpc": "2.0", "method": "third — ∀"}'.encode(),
    ]
    asyncio.run(
        run_async(
            threading.Event(),
            _Reader(bodies),  # type: ignore[arg-type]
            protocol,  # type: ignore[arg-type]
            logging.getLogger("test"),
        )
    )
    assert protocol.handled == ["first", "third — ∀"]
    assert [r.code for r in protocol.refused] == [-32700]


def test_a_whole_message_on_a_line_of_its_own_is_read_without_its_content_length() -> None:
    assert unframed_message(b'{"jsonrpc": "2.0", "method": "x"}\r\n') == {
        "jsonrpc": "2.0",
        "method": "x",
    }
    assert unframed_message(b"[1]\n") == [1]
    # The tail of a body cut short, a header, half a message: not messages.
    for line in (b'"query": ""}}\r\n', b"X-Foo: bar\r\n", b'{"query": ""}, "id": 1}', b"{"):
        assert unframed_message(line) is None


def test_a_message_without_a_content_length_is_served_and_the_next_one_too() -> None:
    protocol = _Protocol()
    reader = _Reader([b'{"jsonrpc": "2.0", "method": "framed"}'])
    # No header before it; the body runs into the next message's header on the same line.
    reader.lines[:0] = [
        b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n",
        b"\r\n",
        b'{"jsonrpc": "2.0", "method": "on its own line"}\n',
        b'{"jsonrpc": "2.0", "method": "unframed"}' + reader.lines.pop(0),
    ]
    asyncio.run(
        run_async(
            threading.Event(),
            reader,  # type: ignore[arg-type]
            protocol,  # type: ignore[arg-type]
            logging.getLogger("test"),
        )
    )
    assert protocol.handled == ["on its own line", "unframed", "framed"]
    assert protocol.refused == []


def test_only_a_pipe_or_socket_of_its_own_is_read_by_the_event_loop(tmp_path: Path) -> None:
    read_end, unused_w = os.pipe()  # an editor gives the server two pipes: one in, one out
    unused_r, write_end = os.pipe()
    os.close(unused_w)
    os.close(unused_r)
    a, b = socket.socketpair()
    regular = tmp_path / "in.txt"
    regular.write_bytes(b"")
    with (
        os.fdopen(read_end, "rb") as pipe_in,
        os.fdopen(write_end, "wb") as pipe_out,
        regular.open("rb") as file_in,
        a.makefile("rb") as sock_in,
        b.makefile("wb") as sock_out,
        a.makefile("wb") as same_sock_out,
    ):
        assert own_pipe(pipe_in, pipe_out)
        assert own_pipe(sock_in, sock_out)
        assert not own_pipe(sock_in, same_sock_out)  # one socket both ways: as a pty would
        assert not own_pipe(file_in, pipe_out)
    a.close()
    b.close()


def test_messages_through_a_pipe_are_read_by_the_event_loop() -> None:
    read_end, write_end = os.pipe()
    bodies = [
        b'{"jsonrpc": "2.0", "method": "first"}',
        '{"jsonrpc": "2.0", "method": "∀"}'.encode(),
    ]
    framed = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(b), b) for b in bodies)
    protocol = _Protocol()

    async def main() -> None:
        with os.fdopen(read_end, "rb") as stdin, open(os.devnull, "wb") as stdout:
            reader = await pipe_reader(stdin, stdout)
            assert reader is not None
            with os.fdopen(write_end, "wb") as w:
                w.write(framed[:10])  # a message arriving in pieces
                w.flush()
                await asyncio.sleep(0.01)
                w.write(framed[10:] + b"Content-Length: 99\r\n\r\n{")  # then cut short
            await run_async(threading.Event(), reader, protocol, logging.getLogger("t"))  # type: ignore[arg-type]

    asyncio.run(main())
    assert protocol.handled == ["first", "∀"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(max_size=40), min_size=1, max_size=4),
    st.integers(0, 200_000),
    st.lists(st.integers(1, 70_000), max_size=8),
)
def test_any_chunking_of_the_stream_reads_the_same_messages(
    names: list[str], big: int, cuts: list[int]
) -> None:
    # One body larger than a read (64 KiB), so it is read straight into its own buffer.
    bodies = [json.dumps({"jsonrpc": "2.0", "method": m}).encode() for m in names]
    bodies.append(json.dumps({"jsonrpc": "2.0", "method": "x" * big}).encode())
    framed = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(b), b) for b in bodies)
    read_end, write_end = os.pipe()
    protocol = _Protocol()

    def write() -> None:
        with os.fdopen(write_end, "wb", buffering=0) as w:
            at = 0
            for cut in [*cuts, len(framed)]:
                w.write(framed[at : at + cut])
                at += cut
                if at >= len(framed):
                    break

    async def main() -> None:
        with os.fdopen(read_end, "rb") as stdin, open(os.devnull, "wb") as stdout:
            reader = await pipe_reader(stdin, stdout)
            assert reader is not None
            writer = threading.Thread(target=write)
            writer.start()
            await run_async(threading.Event(), reader, protocol, logging.getLogger("t"))  # type: ignore[arg-type]
            writer.join()

    asyncio.run(main())
    assert protocol.handled == [*names, "x" * big]
