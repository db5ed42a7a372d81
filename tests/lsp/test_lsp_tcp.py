"""`mathlsp serve --tcp HOST:PORT` listens and answers `initialize`."""

from __future__ import annotations

import asyncio
import json
import socket
import sys

from lsp_helpers import REPO


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _frame(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


async def _read_message(reader: asyncio.StreamReader) -> dict:
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(await reader.readexactly(length))


async def test_tcp_mode_answers_initialize(tmp_path):
    port = _free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "mathlsp",
        "serve",
        "--tcp",
        f"127.0.0.1:{port}",
        cwd=str(REPO),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        line = await asyncio.wait_for(proc.stderr.readline(), 20)
        assert b"on 127.0.0.1:" in line, line
        for _ in range(200):  # the socket is bound just after the message
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                break
            except OSError:
                await asyncio.sleep(0.05)
        else:
            raise AssertionError("the server never listened")
        writer.write(
            _frame(
                {
                    "jsonrpc": "2.0",
                    "id": 1,
                    "method": "initialize",
                    "params": {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}},
                }
            )
        )
        await writer.drain()
        while True:
            message = await asyncio.wait_for(_read_message(reader), 20)
            if message.get("id") == 1:
                break
        result = message["result"]
        assert result["serverInfo"]["name"] == "mathlsp"
        assert result["capabilities"]["textDocumentSync"]["change"] == 2  # incremental
        assert result["capabilities"]["positionEncoding"] == "utf-16"
        writer.write(_frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
        writer.write(_frame({"jsonrpc": "2.0", "method": "exit"}))
        await writer.drain()
        writer.close()
    finally:
        if proc.returncode is None:
            proc.terminate()
        await asyncio.wait_for(proc.wait(), 20)


async def test_bad_tcp_address_is_a_usage_error():
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "mathlsp", "serve", "--tcp", "nonsense",
        cwd=str(REPO),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 20)
    assert proc.returncode == 2
    assert b"HOST:PORT" in err and out == b""
