"""Run docs/tutorial.md: every `$ mathlsp …` line of its ```console blocks, in a fresh folder,
against the fake scholarly server; the output written under each command is what it printed.

The fenced blocks whose info string names a file (```markdown file=PATH) are written to that
path before the commands after them run — the edits the tutorial asks the reader to make.
Output is normalised only where a real run differs from run to run: the folder (`~/primes`),
the fake server's address (the real APIs' URLs), today's timestamps, and the progress lines a
search prints as the concurrent answers arrive (their order varies; the tutorial says so).
"""

from __future__ import annotations

import datetime as dt
import io
import re
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mathlsp.cli import main
from mathlsp.sources.settings import DEFAULT_BASE_URLS

HOME = "~/primes"
NOW = "2026-03-02T09:30:00Z"
TODAY = "2026-03-02"
_FILE_FENCE = re.compile(r"^```\w*\s+file=(\S+)\s*$")
_PROGRESS = re.compile(
    r"^\[(arXiv|Semantic Scholar|OpenAlex|Crossref|PubMed|TheoremSearch|zbMATH Open"
    r"|PROBLEM\.md|merge|verify)\] "
)


@dataclass
class Normalizer:
    workdir: Path
    fake_urls: dict[str, str]  # backend → the fake server's base URL

    def __call__(self, text: str) -> str:
        text = text.replace(str(self.workdir), HOME)
        for backend, url in sorted(self.fake_urls.items(), key=lambda kv: -len(kv[1])):
            text = text.replace(url, DEFAULT_BASE_URLS[backend])
        # Today's timestamps and dates (a run tomorrow prints tomorrow's).
        for day in {dt.datetime.now(dt.UTC).date(), dt.date.today()}:
            iso = day.isoformat()
            text = re.sub(rf"{iso}T\d\d:\d\d:\d\d(?:\.\d+)?Z", NOW, text)
            text = text.replace(iso, TODAY)
        return text


def _next_second() -> None:
    """Journal entries are stamped to the second, and the dead-end check orders entries by
    their stamps: a person types slower than a test, so let each entry have its own second."""
    start = int(time.time())
    while int(time.time()) == start:
        time.sleep(0.02)


def run_command(line: str, workdir: Path, normalize: Callable[[str], str]) -> list[str]:
    """What the command prints (stdout and stderr, in order), as the doc's lines."""
    argv = shlex.split(line)
    if argv[1:3] == ["journal", "add"] or argv[1:2] == ["search"]:
        _next_second()
    if argv[0] == "cat":
        text = (workdir / argv[1]).read_text(encoding="utf-8")
        return normalize(text).splitlines()
    assert argv[0] == "mathlsp", f"the tutorial runs mathlsp and cat only, not {argv[0]!r}"
    buffer = io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = buffer
    try:
        code = main(argv[1:])
    except SystemExit as exc:  # --help, argparse errors
        code = int(exc.code or 0)
    finally:
        sys.stdout, sys.stderr = saved
    lines = [ln for ln in normalize(buffer.getvalue()).splitlines() if not _PROGRESS.match(ln)]
    if code:
        lines.append(f"[exit {code}]")
    return lines


def run_tutorial(doc: str, workdir: Path, normalize: Callable[[str], str]) -> str:
    """The tutorial with every command's output replaced by what it printed now."""
    out: list[str] = []
    lines = doc.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        file_fence = _FILE_FENCE.match(line)
        if file_fence:
            end = lines.index("```", i + 1)
            target = workdir / file_fence.group(1)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("\n".join(lines[i + 1 : end]) + "\n", encoding="utf-8")
            out.extend(lines[i : end + 1])
            i = end + 1
            continue
        if line.strip() == "```console":
            end = lines.index("```", i + 1)
            out.append(line)
            for block_line in lines[i + 1 : end]:
                if block_line.startswith("$ "):
                    out.append(block_line)
                    out.extend(run_command(block_line[2:], workdir, normalize))
            out.append("```")
            i = end + 1
            continue
        out.append(line)
        i += 1
    return "\n".join(out) + "\n"
