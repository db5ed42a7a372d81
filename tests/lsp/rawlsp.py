"""A raw LSP client: bytes on the server's stdin pipe, replies parsed off its stdout by hand.

pytest-lsp sends only well-formed messages; this client sends whatever it is given (a truncated
body, a wrong Content-Length, garbage headers), so the conformance tests and the fuzz script
(`benchmarks/fuzz_protocol.py`) see what the server answers to a client that gets it wrong.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def frame(body: bytes | str | dict[str, Any], *, length_delta: int = 0) -> bytes:
    """One message as the wire carries it; `length_delta` makes its Content-Length lie."""
    if isinstance(body, dict):
        body = json.dumps(body)
    if isinstance(body, str):
        body = body.encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body) + length_delta, body)


class RawServer:
    """`mathlsp serve --stdio` as a child process; a thread collects every message it writes
    (with the time it arrived) and everything it writes to stderr."""

    def __init__(
        self,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
        command: list[str] | None = None,
    ) -> None:
        self.proc = subprocess.Popen(
            command or [sys.executable, "-m", "mathlsp", "serve", "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
        )
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self.stderr = bytearray()
        self._lock = threading.Condition()
        self._threads = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for t in self._threads:
            t.start()

    def _read_stdout(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                elif line in (b"\r\n", b"\n") and length is not None:
                    break
            assert length is not None
            message = json.loads(out.read(length))
            with self._lock:
                self.messages.append((time.monotonic(), message))
                self._lock.notify_all()

    def _read_stderr(self) -> None:
        err = self.proc.stderr
        assert err is not None
        while chunk := err.read1(65536):  # type: ignore[attr-defined]
            with self._lock:
                self.stderr += chunk

    def send(self, data: bytes) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        stdin.write(data)
        stdin.flush()

    def request(self, msg_id: int | str, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(frame(message))

    def notify(self, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(frame(message))

    def reply_to(self, msg_id: Any, timeout: float = 20.0) -> dict[str, Any]:
        """The server's reply to request `msg_id` (waits for it)."""
        found = self.wait_for(lambda m: "method" not in m and m.get("id") == msg_id, timeout)
        return found

    def wait_for(self, test: Any, timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                for _, message in self.messages:
                    if test(message):
                        return message
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no such message in {len(self.messages)} received")
                self._lock.wait(left)

    def replies(self) -> list[dict[str, Any]]:
        with self._lock:
            return [m for _, m in self.messages if "method" not in m]

    def server_messages(self, method: str) -> list[dict[str, Any]]:
        with self._lock:
            return [m for _, m in self.messages if m.get("method") == method]

    def initialize(self, root: Path | None = None) -> dict[str, Any]:
        params: dict[str, Any] = {"processId": None, "capabilities": {}, "rootUri": None}
        if root is not None:
            params["rootUri"] = root.as_uri()
            params["workspaceFolders"] = [{"uri": root.as_uri(), "name": root.name}]
        self.request("init", "initialize", params)
        reply = self.reply_to("init")
        self.notify("initialized", {})
        return reply

    def rss_mib(self) -> float:
        with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> int:
        """shutdown, exit; the exit code (killed after 10 s)."""
        if self.proc.poll() is None:
            try:
                self.request("bye", "shutdown")
                self.reply_to("bye", timeout=10)
                self.notify("exit")
            except (OSError, TimeoutError):
                pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for t in self._threads:
            t.join(5)
        return self.proc.returncode

    def tracebacks(self) -> int:
        return self.stderr.count(b"Traceback (most recent call last)")
