"""The server as a JSON-RPC 2.0 and LSP citizen, driven over stdio by a raw client: every request
gets an answer with the specifications' error code, nothing pops up in the editor, nothing is
printed as a traceback, and a broken frame costs only itself."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rawlsp import RawServer, frame

from mathlsp.features.configuration import CLIENT_REQUEST_TIMEOUT_S

DOC = "file:///nowhere/LITERATURE.md"
PROBLEM = """\
---
title: "Gaps between consecutive primes"
status: defined
domain: number-theory
type: proof
---
# Problem

Show that there are infinitely many pairs of primes $p < q$ with $q - p$ bounded.
"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RawServer]:
    raw = RawServer(cwd=tmp_path)
    yield raw
    raw.close()


def _quiet(raw: RawServer) -> None:
    assert raw.server_messages("window/showMessage") == []
    assert raw.tracebacks() == 0, raw.stderr.decode(errors="replace")


def test_requests_before_initialize_are_refused_and_shutdown_does_not_silence(
    server: RawServer, tmp_path: Path
) -> None:
    server.request(
        1,
        "textDocument/hover",
        {"textDocument": {"uri": DOC}, "position": {"line": 0, "character": 0}},
    )
    server.request(2, "shutdown")
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": DOC, "languageId": "markdown", "version": 1, "text": "x"}},
    )
    assert server.reply_to(1)["error"]["code"] == -32002
    assert server.reply_to(2)["error"]["code"] == -32002
    assert "capabilities" in server.initialize(tmp_path)["result"]
    server.request(3, "initialize", {"processId": None, "capabilities": {}})
    assert server.reply_to(3)["error"]["code"] == -32600
    server.request(4, "workspace/symbol", {"query": ""})
    assert "result" in server.reply_to(4)
    _quiet(server)


@pytest.mark.parametrize(
    ("method", "params", "field"),
    [
        (
            "textDocument/hover",
            {"textDocument": {"uri": DOC}, "position": {"line": -1, "character": 0}},
            "line",
        ),
        (
            "textDocument/hover",
            {"textDocument": {"uri": DOC}, "position": {"line": 2**31, "character": 0}},
            "line",
        ),
        (
            "textDocument/references",
            {"textDocument": {"uri": DOC}, "position": {"line": 0, "character": 0}, "context": {}},
            "include_declaration",
        ),
        ("codeAction/resolve", {}, "title"),
        ("textDocument/definition", None, "params"),
        ("textDocument/hover", [1, 2], "params"),
    ],
)
def test_params_that_do_not_deserialize_are_answered_32602_with_the_reason(
    server: RawServer, tmp_path: Path, method: str, params: object, field: str
) -> None:
    server.initialize(tmp_path)
    server.request(7, method, params)
    error = server.reply_to(7)["error"]
    assert error["code"] == -32602
    assert field in error["message"]
    server.request(8, "workspace/symbol", {"query": ""})
    assert "result" in server.reply_to(8)
    _quiet(server)


def test_bodies_that_are_not_json_rpc_get_parse_and_invalid_request_errors(
    server: RawServer, tmp_path: Path
) -> None:
    server.initialize(tmp_path)
    server.send(frame(b'{"jsonrpc": "2.0", "id": 1, "method": '))
    server.send(frame(b"[]"))
    server.send(frame(b"42"))
    server.send(frame({"id": 5, "method": "shutdown"}))  # no "jsonrpc"
    server.send(frame({"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}))
    server.send(frame({"jsonrpc": "2.0", "id": 6, "method": 17}))
    server.send(frame({"jsonrpc": "2.0", "id": 9, "method": "no/such/method"}))
    server.send(
        frame(b'{"jsonrpc": "2.0", "id": 11, "method": "x", "params": {"a": %s}}' % (b"9" * 5000))
    )
    server.send(
        frame(
            b'{"jsonrpc": "2.0", "method": "x", "params": %s}' % (b"[" * 100_000 + b"]" * 100_000)
        )
    )
    server.request(10, "workspace/symbol", {"query": ""})
    assert "result" in server.reply_to(10)
    codes = sorted((r["id"] is None, r["error"]["code"]) for r in server.replies() if "error" in r)
    assert codes == [
        (False, -32601),
        (False, -32600),
        (False, -32600),
        (True, -32700),
        (True, -32700),
        (True, -32700),
        (True, -32600),
        (True, -32600),
        (True, -32600),
    ]
    _quiet(server)


def test_framing_errors_are_recovered_at_the_next_header(server: RawServer, tmp_path: Path) -> None:
    server.initialize(tmp_path)
    symbol = {"jsonrpc": "2.0", "method": "workspace/symbol", "params": {"query": ""}}
    server.send(frame({**symbol, "id": 1}, length_delta=-10))  # 10 bytes short
    server.send(frame({**symbol, "id": 2}))
    server.send(b"X-Garbage header\r\nnot a header at all\r\n")
    server.send(frame({**symbol, "id": 3}, length_delta=10))  # 10 bytes long
    server.send(frame({**symbol, "id": 4}))
    server.send(b"Content-Length: 999999999999\r\n\r\n")  # more than any message may be
    server.send(frame({**symbol, "id": 5}))
    server.send(
        b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" + frame({**symbol, "id": 6})
    )
    for msg_id in (2, 3, 4, 6):
        assert "result" in server.reply_to(msg_id)
    assert any(r.get("error", {}).get("code") == -32700 for r in server.replies())
    _quiet(server)


def test_a_notification_sent_with_an_id_is_handled_and_its_id_answered(
    server: RawServer, tmp_path: Path
) -> None:
    # A broken client that numbers every message: pygls took `didOpen` with an id as the
    # notification and never answered the id, so the client waited for ever.
    server.initialize(tmp_path)
    uri = (tmp_path / "LITERATURE.md").as_uri()
    text = "# Literature\n\n## Confirmed References\n\n### REF-001: Ramanujan graphs\n"
    document = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
    server.request("open", "textDocument/didOpen", {"textDocument": document})
    server.request("ready", "initialized", {})
    assert server.reply_to("open") == {"jsonrpc": "2.0", "id": "open", "result": None}
    assert server.reply_to("ready")["result"] is None
    server.request(2, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert "REF-001" in str(server.reply_to(2)["result"])  # the document was opened
    _quiet(server)


def test_a_batch_is_served_message_by_message(server: RawServer, tmp_path: Path) -> None:
    # One -32600 for the whole array left both requests in it unanswered and lost the didOpen.
    server.initialize(tmp_path)
    uri = (tmp_path / "LITERATURE.md").as_uri()
    text = "# Literature\n\n## Confirmed References\n\n### REF-001: Ramanujan graphs\n"
    document = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
    symbols = {"textDocument": {"uri": uri}}
    messages = [
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}},
        {"jsonrpc": "2.0", "id": "b1", "method": "textDocument/documentSymbol", "params": symbols},
        {"jsonrpc": "2.0", "id": "b2", "method": "no/such/method"},
        [],
    ]
    server.send(frame(json.dumps(messages)))
    assert "REF-001" in str(server.reply_to("b1")["result"])
    assert server.reply_to("b2")["error"]["code"] == -32601
    server.request(3, "workspace/symbol", {"query": ""})
    assert "result" in server.reply_to(3)
    refused = [r for r in server.replies() if r.get("error", {}).get("code") == -32600]
    assert [r["id"] for r in refused] == [None]  # the empty array inside it
    _quiet(server)


def test_a_workspace_folder_the_editor_removes_leaves_the_workspace_symbols(
    server: RawServer, tmp_path: Path
) -> None:
    # Its entries stayed listed for the rest of the session: every folder met was listed, and
    # `rootUri` (the first folder) counted after the editor removed that folder.
    lit = "# Literature\n\n## Confirmed References\n\n### REF-001: {}\n"
    first, second = tmp_path / "expanders", tmp_path / "sieves"
    for folder, title in ((first, "Ramanujan graphs"), (second, "Small gaps between primes")):
        folder.mkdir()
        (folder / "LITERATURE.md").write_text(lit.format(title), encoding="utf-8")
    server.initialize(first)

    def titles(msg_id: int) -> list[str]:
        server.request(msg_id, "workspace/symbol", {"query": ""})
        return sorted(s["name"] for s in server.reply_to(msg_id)["result"])

    def change(added: list[Path], removed: list[Path]) -> None:
        event = {
            "added": [{"uri": p.as_uri(), "name": p.name} for p in added],
            "removed": [{"uri": p.as_uri(), "name": p.name} for p in removed],
        }
        server.notify("workspace/didChangeWorkspaceFolders", {"event": event})

    assert titles(1) == ["REF-001: Ramanujan graphs"]
    change([second], [])
    assert titles(2) == ["REF-001: Ramanujan graphs", "REF-001: Small gaps between primes"]
    change([], [first])
    assert titles(3) == ["REF-001: Small gaps between primes"]
    change([first], [second])
    assert titles(4) == ["REF-001: Ramanujan graphs"]
    _quiet(server)


def test_a_null_reply_to_workspace_configuration_is_handled_quietly(
    server: RawServer, tmp_path: Path
) -> None:
    params = {
        "processId": None,
        "rootUri": tmp_path.as_uri(),
        "capabilities": {"workspace": {"configuration": True}},
    }
    server.request("init", "initialize", params)
    server.reply_to("init")
    server.notify("initialized", {})
    ask = server.wait_for(lambda m: m.get("method") == "workspace/configuration")
    server.send(frame({"jsonrpc": "2.0", "id": ask["id"], "result": None}))
    server.send(frame({"jsonrpc": "2.0", "id": 12345, "result": [{}]}))  # a reply to nothing
    server.request(2, "workspace/symbol", {"query": ""})
    assert "result" in server.reply_to(2)
    _quiet(server)


def test_after_shutdown_requests_are_invalid_and_exit_ends_the_process(
    server: RawServer, tmp_path: Path
) -> None:
    server.initialize(tmp_path)
    server.request(1, "shutdown")
    assert server.reply_to(1)["result"] is None
    server.request(2, "workspace/symbol", {"query": ""})
    assert server.reply_to(2)["error"]["code"] == -32600
    server.notify("exit")
    assert server.proc.wait(10) == 0
    _quiet(server)


def test_a_change_to_a_document_that_is_not_open_is_dropped_quietly(
    server: RawServer, tmp_path: Path
) -> None:
    # A late didChange after didClose (or for a document never opened): pygls's KeyError went to
    # the editor's output as "mathlsp: … KeyError: 'file:///…'", an internal error.
    server.initialize(tmp_path)
    uri = (tmp_path / "LITERATURE.md").as_uri()
    change = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}}
    for version in (2, 3):
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{**change, "text": "x"}],
            },
        )
    server.request(
        1,
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}},
    )
    assert "error" not in server.reply_to(1)
    errors = [m for m in server.server_messages("window/logMessage") if m["params"]["type"] == 1]
    assert errors == []
    assert b"KeyError" not in server.stderr
    _quiet(server)


def test_exit_without_shutdown_ends_the_process_with_1(server: RawServer, tmp_path: Path) -> None:
    # LSP: "exit with success code 0 if the shutdown request has been received before;
    # otherwise with error code 1". pygls's code was swallowed and `mathlsp serve` returned 0.
    server.initialize(tmp_path)
    server.notify("exit")
    assert server.proc.wait(10) == 1
    _quiet(server)


def test_shutdown_while_a_command_waits_on_the_editor_is_answered(
    server: RawServer, tmp_path: Path
) -> None:
    # A search waiting for its Run/Cancel answer when the editor stops the server (VS Code on a
    # settings change): cancelling the running command's future ran its callbacks at once, and
    # they took it out of the table pygls was walking, so `shutdown` failed with -32603 ("Stopping
    # server failed") and `exit` then ended the process with 1.
    problem = tmp_path / "PROBLEM.md"
    problem.write_text(PROBLEM, encoding="utf-8")
    params = {
        "processId": None,
        "rootUri": tmp_path.as_uri(),
        "capabilities": {"window": {"showMessage": {}}},
    }
    server.request("init", "initialize", params)
    server.reply_to("init")
    server.notify("initialized", {})
    uri = problem.as_uri()
    item = {"uri": uri, "languageId": "markdown", "version": 1, "text": PROBLEM}
    server.notify("textDocument/didOpen", {"textDocument": item})
    command = {"command": "mathlsp.searchLiterature", "arguments": [uri]}
    server.request(1, "workspace/executeCommand", command)
    server.wait_for(lambda m: m.get("method") == "window/showMessageRequest")
    server.request(2, "shutdown")
    assert server.reply_to(2) == {"jsonrpc": "2.0", "id": 2, "result": None}
    assert server.reply_to(1)["error"]["code"] == -32800  # the command: cancelled
    server.notify("exit")
    assert server.proc.wait(10) == 0
    assert server.tracebacks() == 0, server.stderr.decode(errors="replace")


def test_a_reply_after_the_server_stopped_waiting_is_dropped(
    server: RawServer, tmp_path: Path
) -> None:
    # pygls set the result on the timed-out future, and the exception ended the message loop.
    params = {
        "processId": None,
        "rootUri": tmp_path.as_uri(),
        "capabilities": {"workspace": {"configuration": True}},
    }
    server.request("init", "initialize", params)
    server.reply_to("init")
    server.notify("initialized", {})
    ask = server.wait_for(lambda m: m.get("method") == "workspace/configuration")
    time.sleep(CLIENT_REQUEST_TIMEOUT_S + 0.5)
    server.send(frame({"jsonrpc": "2.0", "id": ask["id"], "result": [{}]}))
    server.request(2, "workspace/symbol", {"query": ""})
    assert "result" in server.reply_to(2)
    _quiet(server)


def test_over_tcp_the_same_answers(tmp_path: Path) -> None:
    import json
    import os
    import socket
    import subprocess
    import sys

    from lsp_helpers import free_port
    from rawlsp import REPO

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mathlsp", "serve", "--tcp", f"127.0.0.1:{port}"],
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                sock = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        init = {"processId": None, "capabilities": {}, "rootUri": tmp_path.as_uri()}
        hover = {"textDocument": {"uri": DOC}, "position": {"line": -1, "character": 0}}
        symbol = {"jsonrpc": "2.0", "id": 4, "method": "workspace/symbol", "params": {"query": ""}}
        sock.sendall(
            frame({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
            + frame(b"{")
            + frame({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": init})
            + frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": hover})
            + b"x" * 100_000  # a line over asyncio's 64 KiB limit
            + frame(symbol)
        )
        answers: dict[object, object] = {}
        data = b""
        sock.settimeout(30)
        while 4 not in answers:
            chunk = sock.recv(65536)
            assert chunk, answers
            data += chunk
            while b"\r\n\r\n" in data:
                head, rest = data.split(b"\r\n\r\n", 1)
                length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
                if len(rest) < length:
                    break
                message = json.loads(rest[:length])
                data = rest[length:]
                answers[message.get("id")] = message.get("error", {}).get("code", "result")
        assert answers == {1: -32002, None: -32700, 2: "result", 3: -32602, 4: "result"}
        sock.close()
    finally:
        proc.terminate()
        err = proc.communicate(timeout=30)[1]
    assert b"Traceback" not in err


def test_cancel_request_stops_a_running_search(tmp_path: Path) -> None:
    # `$/cancelRequest` for a running `workspace/executeCommand`: pygls answered -32800 at once
    # but the search went on asking the sources, and wrote LITERATURE.md and JOURNAL.md after
    # the editor had been told it was cancelled.
    from lsp_helpers import fake_server_env, free_port

    from tests.fakescholar import FakeScholar

    port = free_port()
    with FakeScholar.running(port=port) as fake:
        fake.controls.set_latency(0.3)
        env = {**fake_server_env(port), "MATHLSP_CACHE_DIR": str(tmp_path / "cache")}
        raw = RawServer(cwd=tmp_path, env=env)
        try:
            problem = tmp_path / "PROBLEM.md"
            text = PROBLEM.replace("type: proof", "type: proof\ntags: [prime-gaps]")
            problem.write_text(text, encoding="utf-8")
            params = {
                "processId": None,
                "rootUri": tmp_path.as_uri(),
                "capabilities": {},
                "initializationOptions": {"confirmQueries": False, "verification": "off"},
            }
            raw.request("init", "initialize", params)
            raw.reply_to("init")
            raw.notify("initialized", {})
            item = {"uri": problem.as_uri(), "languageId": "markdown", "version": 1, "text": text}
            raw.notify("textDocument/didOpen", {"textDocument": item})
            command = {"command": "mathlsp.searchLiterature", "arguments": [problem.as_uri()]}
            raw.request(1, "workspace/executeCommand", command)
            deadline = time.monotonic() + 20
            while not fake.controls.requests() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert fake.controls.requests(), "the search never reached the sources"
            raw.notify("$/cancelRequest", {"id": 1})
            assert raw.reply_to(1)["error"]["code"] == -32800
            time.sleep(1.0)  # the requests already on the wire come back
            asked = len(fake.controls.requests())
            time.sleep(3.0)
            assert len(fake.controls.requests()) == asked  # nothing more was asked
            assert not (tmp_path / "LITERATURE.md").exists()
            assert not raw.server_messages("workspace/applyEdit")
            raw.request(2, "workspace/symbol", {"query": ""})
            assert "result" in raw.reply_to(2)
            assert raw.tracebacks() == 0, raw.stderr.decode(errors="replace")
        finally:
            raw.close()
