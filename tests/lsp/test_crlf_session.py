"""A Windows editor's session over stdio, sent by a raw client (no pytest-lsp): a LITERATURE.md
with `\\r\\n` line breaks opened, then a burst of keystrokes in fields and headings, Enter, lines
added and deleted, a lone `\\r` typed and joined into a pair again, columns counted in UTF-16
units past astral characters, with requests in between. Every request is answered, nothing is
printed as a traceback, and the diagnostics of the last version are those a fresh server gives
when the final text is opened."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rawlsp import RawServer

_BREAK = re.compile(r"\r\n|\r|\n")

LITERATURE = """\
---
problem: "p"
total_papers: 3
confirmed_count: 3
unconfirmed_count: 0
---
# Literature: p

## Confirmed References

### REF-001: On the spectral gap of Markov chains over 𝔽_q
- **Authors:** Levin, D; Peres, Y
- **Year:** 2009
- **arXiv ID:** 0901.12345
- **Abstract:** We bound the gap over 𝔽_q. See also REF-003 and
  a wrapped line of the abstract.
- **Relevance:** [S] Gives the bound.
- **Confidence:** [V]
- **Verified:** 2026-10-01T12:00:00Z via http://export.arxiv.org/api/query?id_list=0901.12345

### REF-002: Mixing times
- **Authors:** Aldous
- **Year:** 1983
- **DOI:** 10.1007/BFb0068322
- **Abstract:** Mixing of chains on groups 𝔾, with cutoff.
- **Relevance:** [V] Cited.

### REF-003: Mixing times
- **Authors:** Someone
- **Year:** 1983
- **arXiv ID:** 2313.1
- **Verified:** yesterday

## Synthesis

- [V] Theorem 1 of REF-001 applies; REF-009 gives nothing.
""".replace("\n", "\r\n")


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _offset(text: str, line: int, character: int) -> int:
    """LSP's rule: lines end at `\\r\\n`, `\\r` or `\\n`; columns count UTF-16 units."""
    starts = [0, *(m.end() for m in _BREAK.finditer(text))]
    if line >= len(starts):
        return len(text)
    end = starts[line + 1] if line + 1 < len(starts) else len(text)
    content = text[starts[line] : end].rstrip("\r\n")
    units = 0
    for i, char in enumerate(content):
        if units >= character:
            return starts[line] + i
        units += _utf16(char)
    return starts[line] + len(content)


def _where(text: str, needle: str, after: int = 0) -> tuple[int, int]:
    """(line, UTF-16 column) of `needle`'s end plus `after` characters."""
    at = text.index(needle) + len(needle) + after
    starts = [0, *(m.end() for m in _BREAK.finditer(text))]
    line = max(i for i, s in enumerate(starts) if s <= at)
    return line, _utf16(text[starts[line] : at])


def _line_of(text: str, needle: str) -> int:
    return _where(text, needle, -len(needle))[0]


def _change(text: str, a: tuple[int, int], b: tuple[int, int], new: str) -> tuple[str, dict]:
    start, end = _offset(text, *a), _offset(text, *b)
    rng = {"start": {"line": a[0], "character": a[1]}, "end": {"line": b[0], "character": b[1]}}
    return text[:start] + new + text[end:], {"range": rng, "text": new}


def _burst(text: str) -> Iterator[tuple[str, dict]]:
    """The session's changes, each with the text it makes (positions read from the text the
    change applies to, as an editor computes them)."""
    # Typing after an astral character (two UTF-16 units) in a field, then deleting a letter.
    for ch in " and 𝔽_p":
        at = _where(text, "We bound the gap over 𝔽_q")
        text, c = _change(text, at, at, ch)
        yield text, c
    at = _where(text, "We bound the gap over 𝔽_q")
    text, c = _change(text, (at[0], at[1] - 1), at, "")
    yield text, c
    # Typing in a heading's title, then its id made a duplicate and given back.
    for ch in " (revised)":
        at = _where(text, "### REF-002: Mixing times")
        text, c = _change(text, at, at, ch)
        yield text, c
    line = _line_of(text, "### REF-003:")
    text, c = _change(text, (line, 10), (line, 11), "2")
    yield text, c
    text, c = _change(text, (line, 10), (line, 11), "3")
    yield text, c
    # Enter in a field (the editor inserts the document's `\r\n`), then the lines joined.
    at = _where(text, "Mixing of chains")
    text, c = _change(text, at, at, "\r\n")
    yield text, c
    text, c = _change(text, at, (at[0] + 1, 0), "")
    yield text, c
    # A line added with its break, one deleted whole.
    line = _line_of(text, "- **Year:** 1983")
    text, c = _change(text, (line, 0), (line, 0), "- **Notes:** see REF-002.\r\n")
    yield text, c
    line = _line_of(text, "- **Verified:** yesterday")
    text, c = _change(text, (line, 0), (line + 1, 0), "")
    yield text, c
    # A lone `\r` typed at a line's end (a new empty line), then a `\n` after it: one pair.
    line = _line_of(text, "- **Relevance:** [V] Cited.")
    end = _where(text, "- **Relevance:** [V] Cited.")
    text, c = _change(text, end, end, "\r")
    yield text, c
    text, c = _change(text, (line + 1, 0), (line + 1, 0), "\n")
    yield text, c
    # A heading typed into the Synthesis and a new entry pasted above it.
    line = _line_of(text, "## Synthesis")
    text, c = _change(text, (line, 0), (line, 0), "### REF-004: A pasted 𝔽 entry\r\n\r\n")
    yield text, c


def _settings() -> dict[str, Any]:
    return {"mathlsp": {"debounceMs": 0, "verification": "off"}}


def _start(root: Path) -> RawServer:
    raw = RawServer(cwd=root)
    params = {
        "processId": None,
        "capabilities": {"general": {"positionEncodings": ["utf-16"]}},
        "rootUri": root.as_uri(),
        "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
        "initializationOptions": _settings(),
    }
    raw.request("init", "initialize", params)
    raw.reply_to("init")
    raw.notify("initialized", {})
    return raw


def _diagnostics(raw: RawServer, uri: str, version: int) -> list[str]:
    found = raw.wait_for(
        lambda m: (
            m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri
            and m["params"].get("version") == version
        ),
        timeout=60,
    )
    return sorted(
        json.dumps({k: d.get(k) for k in ("range", "code", "severity", "message")}, sort_keys=True)
        for d in found["params"]["diagnostics"]
    )


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    live, fresh = tmp_path / "live", tmp_path / "fresh"
    for root in (live, fresh):
        root.mkdir()
        (root / "LITERATURE.md").write_bytes(LITERATURE.encode())
    return live, fresh


def test_a_crlf_session_answers_everything_and_ends_as_a_fresh_open(
    folders: tuple[Path, Path],
) -> None:
    live_root, fresh_root = folders
    raw = _start(live_root)
    try:
        uri = (live_root / "LITERATURE.md").as_uri()
        doc = {"uri": uri, "languageId": "markdown", "version": 1, "text": LITERATURE}
        raw.notify("textDocument/didOpen", {"textDocument": doc})
        assert _diagnostics(raw, uri, 1)
        text, version, asked = LITERATURE, 1, []
        for i, (after, change) in enumerate(_burst(LITERATURE)):
            text = after
            version += 1
            raw.notify(
                "textDocument/didChange",
                {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]},
            )
            pos = change["range"]["start"]
            method = ("textDocument/hover", "textDocument/documentSymbol")[i % 2]
            params: dict[str, Any] = {"textDocument": {"uri": uri}}
            if method == "textDocument/hover":
                params["position"] = pos
            raw.request(f"r{i}", method, params)
            asked.append(f"r{i}")
        for msg_id in asked:
            reply = raw.reply_to(msg_id, timeout=30)
            assert "error" not in reply, reply
        live = _diagnostics(raw, uri, version)
        assert text.count("\r\n") > 30 and "\r" not in text.replace("\r\n", "")
        assert raw.tracebacks() == 0, raw.stderr.decode(errors="replace")
    finally:
        raw.close()
    (fresh_root / "LITERATURE.md").write_bytes(text.encode())
    fresh = _start(fresh_root)
    try:
        uri = (fresh_root / "LITERATURE.md").as_uri()
        doc = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
        fresh.notify("textDocument/didOpen", {"textDocument": doc})
        assert live == _diagnostics(fresh, uri, 1)
    finally:
        fresh.close()
