"""A raw-client fuzz of `mathlsp serve --stdio`: bytes on a pipe, valid and broken.

    python benchmarks/fuzz_protocol.py [--ops 5000] [--seed 1]

One server, one copy of the example project. Each operation is one of: a well-formed request
(hover, definition, references, completion, code action, symbols) at a random position, possibly
out of range; an edit of an open note (valid or with a range outside it); a request whose params
do not deserialize (negative or ≥ 2³¹ lines, missing or mistyped fields); an unknown method; a
body that is not JSON or not JSON-RPC; a Content-Length a few bytes short or long; garbage header
lines; a `$/cancelRequest`; what broken clients send (a notification with an id, a batch, a body
with no Content-Length on its own line, a didOpen of an open note, workspace folders added and
removed); and, when the server asks the client something, a reply that is right, `null`, an
error or junk. It prints:

- unanswered requests: requests sent in a well-formed frame (or a frame too long, which the
  server recovers) that never got a reply with their id;
- replies after 5 s;
- tracebacks on stderr, `window/showMessage` pop-ups;
- the server's RSS after start-up (the project open) and at the end (every note closed);
and which of the issue's targets hold (0 unanswered, 0 late, 0 tracebacks, RSS within 10 MiB).

`--only edit,positioned,…` restricts the kinds of operation (to find where a figure comes from);
`--server benchmarks/traced_serve.py` runs a server that reports its heap growth between the
start and end RSS readings (SIGUSR1; with MATHLSP_TRACE_MODULES=1, the modules imported
between them). Before the start reading the server does every feature once, then
`--warm-ops` operations of the run's own mix (another seed): the first use of the online path
imports ~180 modules (~9 MiB), which is not growth over a session.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests" / "lsp"), str(REPO)]

from rawlsp import RawServer, frame  # noqa: E402

from tests.fakescholar.server import env_for  # noqa: E402

NOTES = ("LITERATURE.md", "PROOF.md", "PROBLEM.md", "JOURNAL.md", "NOTATION.md", "STATE.md")
IDENTIFIER = re.compile(r"\b\d{4}\.\d{4,5}\b|\b10\.\d{4,9}/\S+")
POSITIONED = (
    "textDocument/hover",
    "textDocument/definition",
    "textDocument/completion",
    "textDocument/documentHighlight",
)


class Fuzz:
    def __init__(self, raw: RawServer, folder: Path, rng: random.Random) -> None:
        self.raw = raw
        self.rng = rng
        self.folder = folder
        self.texts = {name: (folder / name).read_text(encoding="utf-8") for name in NOTES}
        self.versions = dict.fromkeys(NOTES, 0)
        self.open: set[str] = set()
        self.sent: dict[Any, float] = {}  # id → time, for requests that must be answered
        self.next_id = 100
        self.answered_server: set[Any] = set()

    def uri(self, name: str) -> str:
        return (self.folder / name).as_uri()

    def new_id(self) -> Any:
        self.next_id += 1
        return self.next_id if self.rng.random() < 0.8 else f"s{self.next_id}"

    def request(self, method: str, params: Any, *, counted: bool = True) -> Any:
        msg_id = self.new_id()
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None or self.rng.random() < 0.5:
            message["params"] = params
        if counted:
            self.sent[msg_id] = time.monotonic()
        self.raw.send(frame(message))
        return msg_id

    def position(self, name: str) -> dict[str, int]:
        lines = self.texts[name].split("\n")
        roll = self.rng.random()
        if roll < 0.8:
            line = self.rng.randrange(len(lines))
            return {"line": line, "character": self.rng.randrange(len(lines[line]) + 2)}
        if roll < 0.9:
            return {"line": len(lines) + self.rng.randrange(5), "character": 0}
        return {"line": self.rng.randrange(3), "character": self.rng.choice([10**6, 2**31 - 1])}

    def note(self) -> str:
        return self.rng.choice(NOTES)

    # -- operations --------------------------------------------------------------------------
    def op_open(self) -> None:
        name = self.note()
        self.versions[name] += 1
        self.open.add(name)
        doc = {
            "uri": self.uri(name),
            "languageId": "markdown",
            "version": self.versions[name],
            "text": self.texts[name],
        }
        self.raw.notify("textDocument/didOpen", {"textDocument": doc})

    def op_close(self) -> None:
        if self.open:
            name = self.rng.choice(sorted(self.open))
            self.open.discard(name)
            self.raw.notify("textDocument/didClose", {"textDocument": {"uri": self.uri(name)}})

    def op_edit(self) -> None:
        if not self.open:
            return self.op_open()
        name = self.rng.choice(sorted(self.open))
        text = self.texts[name]
        lines = text.split("\n")
        line = self.rng.randrange(len(lines))
        col = self.rng.randrange(len(lines[line]) + 1)
        insert = self.rng.choice(["x", "\n", "REF-", "### REF-999: T\n", "é𝔽", "", "]("])
        end_col = min(len(lines[line]), col + self.rng.randrange(3))
        if self.rng.random() < 0.1:  # a range outside the document: the server must cope
            line += self.rng.choice([len(lines), 10**6])
        else:
            lines[line] = lines[line][:col] + insert + lines[line][end_col:]
            self.texts[name] = "\n".join(lines)
        self.versions[name] += 1
        change = {
            "range": {
                "start": {"line": line, "character": col},
                "end": {"line": line, "character": end_col},
            },
            "text": insert,
        }
        if self.rng.random() < 0.05:
            change = {"text": self.texts[name]}
        self.raw.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": self.uri(name), "version": self.versions[name]},
                "contentChanges": [change],
            },
        )
        if self.rng.random() < 0.02:  # the buffer the server has is now unknown: resync it
            self.open.discard(name)
            self.raw.notify("textDocument/didClose", {"textDocument": {"uri": self.uri(name)}})

    def op_positioned(self) -> None:
        name = self.note()
        method = self.rng.choice(POSITIONED)
        params: dict[str, Any] = {
            "textDocument": {"uri": self.uri(name)},
            "position": self.position(name),
        }
        self.request(method, params)

    def op_references(self) -> None:
        name = self.note()
        self.request(
            "textDocument/references",
            {
                "textDocument": {"uri": self.uri(name)},
                "position": self.position(name),
                "context": {"includeDeclaration": self.rng.random() < 0.5},
            },
        )

    def op_code_action(self) -> None:
        name = self.note()
        start, end = self.position(name), self.position(name)
        self.request(
            "textDocument/codeAction",
            {
                "textDocument": {"uri": self.uri(name)},
                "range": {"start": start, "end": end},
                "context": {"diagnostics": []},
            },
        )

    def op_symbols(self) -> None:
        if self.rng.random() < 0.5:
            self.request(
                "textDocument/documentSymbol", {"textDocument": {"uri": self.uri(self.note())}}
            )
        else:
            query = self.rng.choice(["", "REF", "markov", "zz", "é"])
            self.request("workspace/symbol", {"query": query})

    def op_folding(self) -> None:
        self.request("textDocument/foldingRange", {"textDocument": {"uri": self.uri(self.note())}})

    def op_invalid_params(self) -> None:
        uri = {"uri": self.uri(self.note())}
        params = self.rng.choice(
            [
                {"textDocument": uri, "position": {"line": -1, "character": 0}},
                {"textDocument": uri, "position": {"line": 2**31, "character": 0}},
                {"textDocument": uri, "position": {"line": "a", "character": 0}},
                {"textDocument": uri},
                {},
                [1, 2],
                None,
            ]
        )
        method = self.rng.choice(
            [
                *POSITIONED,
                "textDocument/references",
                "codeAction/resolve",
                "workspace/symbol",
                "textDocument/foldingRange",
            ]
        )
        self.request(method, params)

    def op_unknown(self) -> None:
        if self.rng.random() < 0.5:
            self.request(self.rng.choice(["no/such", "$/weird", "textDocument/x"]), {"a": 1})
        else:
            self.raw.notify(self.rng.choice(["no/such", "$/weird"]), {"a": 1})

    def op_bad_body(self) -> None:
        body = self.rng.choice(
            [
                b"{",
                b"[]",
                b"[1, 2]",
                b"null",
                b'"text"',
                b"\xff\xfe\x00",
                json.dumps({"id": 1, "method": "shutdown"}).encode(),
                json.dumps({"jsonrpc": "2.0", "id": [], "method": "shutdown"}).encode(),
                json.dumps({"jsonrpc": "2.0", "method": 3}).encode(),
                json.dumps({"jsonrpc": "2.0"}).encode(),
                b"",
            ]
        )
        self.raw.send(frame(body))

    def op_bad_frame(self) -> None:
        roll = self.rng.random()
        message = {
            "jsonrpc": "2.0",
            "id": self.new_id(),
            "method": "workspace/symbol",
            "params": {"query": ""},
        }
        if roll < 0.4:  # short: this one is answered -32700, the next is read
            self.raw.send(frame(message, length_delta=-self.rng.randrange(1, 12)))
        elif roll < 0.7:  # long: its body takes the next header's start, which is given back
            self.sent[message["id"]] = time.monotonic()
            self.raw.send(frame(message, length_delta=self.rng.randrange(1, 12)))
            self.op_symbols()  # the next message whose start is swallowed
        else:
            self.raw.send(
                self.rng.choice(
                    [b"garbage\r\n", b"X-Foo: bar\r\n", b"\r\n", b"Content-Length: x\r\n"]
                )
            )

    def op_misuse(self) -> None:
        """What real but broken clients send: a notification numbered like a request, a batch,
        a body with no Content-Length on a line of its own, a didOpen of a note already open,
        workspace folders coming and going. Every request among them must be answered."""
        roll = self.rng.random()
        symbol = {"query": self.rng.choice(["", "REF", "zz"])}
        if roll < 0.2:
            method, params = self.rng.choice(
                [
                    ("initialized", {}),
                    ("$/setTrace", {"value": "off"}),
                    ("$/cancelRequest", {"id": 1}),
                ]
            )
            self.request(method, params)
        elif roll < 0.4:
            batch = []
            for _ in range(self.rng.randrange(1, 4)):
                msg_id = self.new_id()
                self.sent[msg_id] = time.monotonic()
                batch.append(
                    {"jsonrpc": "2.0", "id": msg_id, "method": "workspace/symbol", "params": symbol}
                )
            self.raw.send(frame(json.dumps(batch)))
        elif roll < 0.6:
            msg_id = self.new_id()
            self.sent[msg_id] = time.monotonic()
            message = {
                "jsonrpc": "2.0",
                "id": msg_id,
                "method": "workspace/symbol",
                "params": symbol,
            }
            # On a line of its own: after a body cut short, its tail is a line of junk before it.
            self.raw.send(b"\r\n" + json.dumps(message).encode() + b"\r\n")
        elif roll < 0.8 and self.open:
            name = self.rng.choice(sorted(self.open))
            self.versions[name] += 1
            doc = {"uri": self.uri(name), "languageId": "markdown", "version": self.versions[name]}
            self.raw.notify(
                "textDocument/didOpen", {"textDocument": {**doc, "text": self.texts[name]}}
            )
        else:
            extra = {"uri": (self.folder.parent / "elsewhere").as_uri(), "name": "elsewhere"}
            added, removed = ([extra], []) if self.rng.random() < 0.5 else ([], [extra])
            self.raw.notify(
                "workspace/didChangeWorkspaceFolders",
                {"event": {"added": added, "removed": removed}},
            )

    def op_cancel(self) -> None:
        target = self.rng.choice([*list(self.sent)[-5:], 999999, "nope"])
        self.raw.notify("$/cancelRequest", {"id": target})

    def answer_server(self) -> None:
        """Replies to what the server asked the client, some of them wrong."""
        with self.raw._lock:
            asks = [m for _, m in self.raw.messages if "method" in m and "id" in m]
        for ask in asks:
            if ask["id"] in self.answered_server:
                continue
            self.answered_server.add(ask["id"])
            roll = self.rng.random()
            if roll < 0.5:
                result: Any = [{}] if ask["method"] == "workspace/configuration" else None
                reply = {"jsonrpc": "2.0", "id": ask["id"], "result": result}
            elif roll < 0.7:
                reply = {"jsonrpc": "2.0", "id": ask["id"], "result": None}
            elif roll < 0.85:
                reply = {"jsonrpc": "2.0", "id": ask["id"], "error": {"code": -1, "message": "no"}}
            else:
                reply = {"jsonrpc": "2.0", "id": ask["id"], "result": {"junk": [1, "x"]}}
            self.raw.send(frame(reply))

    def run(self, ops: int, only: set[str] | None = None) -> None:
        table = [
            (self.op_open, 3),
            (self.op_close, 2),
            (self.op_edit, 20),
            (self.op_positioned, 20),
            (self.op_references, 5),
            (self.op_code_action, 8),
            (self.op_symbols, 6),
            (self.op_folding, 4),
            (self.op_invalid_params, 10),
            (self.op_unknown, 4),
            (self.op_bad_body, 6),
            (self.op_bad_frame, 6),
            (self.op_cancel, 3),
            (self.op_misuse, 4),
        ]
        if only:  # to find which kind of operation a figure comes from
            table = [(f, w) for f, w in table if f.__name__.removeprefix("op_") in only]
        funcs, weights = zip(*table, strict=True)
        for i in range(ops):
            self.rng.choices(funcs, weights)[0]()
            if i % 20 == 0:
                self.answer_server()
                self.throttle()

    def throttle(self) -> None:
        """Keep at most 50 counted requests in flight, as an editor would."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            replied = {m.get("id") for m in self.raw.replies()}
            if sum(1 for i in self.sent if i not in replied) <= 50:
                return
            self.answer_server()
            time.sleep(0.01)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ops", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--only", help="comma-separated operation kinds (open, edit, positioned, bad_frame, …)"
    )
    parser.add_argument("--server", help="a script to run instead of `mathlsp serve --stdio`")
    parser.add_argument(
        "--warm-ops",
        type=int,
        default=0,
        help="operations of the run's own mix (another seed) before RSS is first read",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="mathlsp-fuzz-"))
    project = tmp / "project"
    shutil.copytree(REPO / "examples" / "markov-bases", project)
    folder = next((project / ".math" / "problems").iterdir())
    env = {
        **env_for("http://127.0.0.1:9"),  # nothing listens there: lookups fail at once, offline
        "MATHLSP_CACHE_DIR": str(tmp / "cache"),
    }
    command = [sys.executable, args.server] if args.server else None
    raw = RawServer(cwd=project, env=env, command=command)
    try:
        params = {
            "processId": None,
            "rootUri": project.as_uri(),
            "workspaceFolders": [{"uri": project.as_uri(), "name": "project"}],
            "capabilities": {"workspace": {"configuration": True}},
        }
        raw.request("init", "initialize", params)
        raw.reply_to("init", timeout=60)
        raw.notify("initialized", {})
        fuzz = Fuzz(raw, folder, rng)
        for name in NOTES:
            fuzz.versions[name] += 1
            raw.notify(
                "textDocument/didOpen",
                {
                    "textDocument": {
                        "uri": fuzz.uri(name),
                        "languageId": "markdown",
                        "version": fuzz.versions[name],
                        "text": fuzz.texts[name],
                    }
                },
            )
        # Every feature once (modules such as the verifier load on first use), so "start" is
        # a server that has done everything once, not one whose imports are still to come.
        fuzz.open.update(NOTES)
        warm = random.Random(0)
        fuzz.rng, rng_fuzz = warm, fuzz.rng
        for op in (fuzz.op_edit, fuzz.op_positioned, fuzz.op_references, fuzz.op_code_action):
            for _ in range(300):
                op()
        fuzz.op_symbols()
        fuzz.op_folding()
        fuzz.rng = rng_fuzz
        # A hover on each identifier starts its lookup: the online path (httpx, feedparser)
        # loads now rather than in the middle of the run. The identifiers the notes hold may
        # be known already; ones no cache holds are written into a note first.
        fresh = "NOTATION.md"
        fuzz.texts[fresh] += "\nCompare arXiv:2401.01234 and doi:10.1000/warm.up here.\n"
        fuzz.versions[fresh] += 1
        raw.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": fuzz.uri(fresh), "version": fuzz.versions[fresh]},
                "contentChanges": [{"text": fuzz.texts[fresh]}],
            },
        )
        for name in NOTES:
            for number, line in enumerate(fuzz.texts[name].split("\n")):
                for found in IDENTIFIER.finditer(line):
                    where = {"line": number, "character": found.start() + 1}
                    fuzz.request(
                        "textDocument/hover",
                        {"textDocument": {"uri": fuzz.uri(name)}, "position": where},
                    )
        # Optionally the run's own mix too, with another seed: whatever the fixed warm-up
        # misses loads before "start" is read.
        if args.warm_ops:
            fuzz.rng = random.Random(args.seed + 10_000)
            fuzz.run(args.warm_ops)
            fuzz.rng = rng_fuzz
        fuzz.throttle()
        fuzz.throttle()
        raw.request("warm", "workspace/symbol", {"query": ""})
        raw.reply_to("warm", timeout=60)
        fuzz.open.clear()
        time.sleep(6)
        for name in NOTES:
            raw.notify("textDocument/didClose", {"textDocument": {"uri": fuzz.uri(name)}})
        raw.request("warm2", "workspace/symbol", {"query": ""})
        raw.reply_to("warm2", timeout=60)
        time.sleep(1)
        rss_start = raw.rss_mib()
        if args.server:  # a traced server (see --server) snapshots its heap on SIGUSR1
            os.kill(raw.proc.pid, signal.SIGUSR1)
        started = time.monotonic()
        try:
            fuzz.run(args.ops, set(args.only.split(",")) if args.only else None)
        except OSError:  # the server is gone: say how it ended
            raw.proc.wait(10)
            print(f"the server died (exit code {raw.proc.returncode}); its stderr ends:")
            print(raw.stderr.decode(errors="replace")[-3000:])
            return 1
        # Everything sent is answered or never will be: wait until replies stop coming.
        fuzz.answer_server()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            fuzz.answer_server()
            replied = {m.get("id") for m in raw.replies()}
            if all(i in replied for i in fuzz.sent):
                break
            time.sleep(0.1)
        elapsed = time.monotonic() - started
        for name in sorted(fuzz.open):
            raw.notify("textDocument/didClose", {"textDocument": {"uri": fuzz.uri(name)}})
        raw.request("end", "workspace/symbol", {"query": ""})
        raw.reply_to("end", timeout=60)
        time.sleep(6)  # past features/memory.py's quiet time, when freed memory is returned
        rss_end = raw.rss_mib()
        if args.server:
            os.kill(raw.proc.pid, signal.SIGUSR1)
            time.sleep(2)
        with raw._lock:
            arrival = {m.get("id"): t for t, m in raw.messages if "method" not in m}
        unanswered = [i for i in fuzz.sent if i not in arrival]
        late = [i for i in fuzz.sent if i in arrival and arrival[i] - fuzz.sent[i] > 5.0]
        waits = sorted(arrival[i] - fuzz.sent[i] for i in fuzz.sent if i in arrival)
        pop_ups = len(raw.server_messages("window/showMessage"))
        exit_code = raw.close()
        tracebacks = raw.tracebacks()
    finally:
        if raw.proc.poll() is None:
            raw.proc.kill()
        shutil.rmtree(tmp, ignore_errors=True)
    errors = sum(1 for m in raw.replies() if "error" in m)
    print(f"operations: {args.ops} (seed {args.seed}) in {elapsed:.1f} s")
    print(f"requests that must be answered: {len(fuzz.sent)}; error replies seen: {errors}")
    print(f"unanswered: {len(unanswered)} {unanswered[:10]}")
    if waits:
        p50, p99 = waits[len(waits) // 2], waits[int(len(waits) * 0.99)]
        print(
            f"reply wait: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {waits[-1]:.2f} s"
        )
    print(f"replies after 5 s: {len(late)}")
    print(f"tracebacks on stderr: {tracebacks}; window/showMessage pop-ups: {pop_ups}")
    print(f"RSS: {rss_start:.1f} MiB at start, {rss_end:.1f} MiB at the end")
    print(f"exit code after shutdown/exit: {exit_code}")
    if tracebacks:
        text = raw.stderr.decode(errors="replace")
        at = text.find("Traceback (most recent call last)")
        print("first traceback:\n" + text[max(0, at - 300) : at + 2500])
    targets = {
        "0 unanswered": not unanswered,
        "0 replies after 5 s": not late,
        "0 tracebacks": tracebacks == 0,
        "RSS within 10 MiB of start": rss_end - rss_start <= 10,
    }
    for name, held in targets.items():
        print(f"target {name}: {'holds' if held else 'MISSED'}")
    return 0 if all(targets.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
