"""zbMATH Open in the gate: what a Zbl-only reference costs, and what zbMATH being down costs.

Runs `mathlsp verify` as a user does (a fresh process, the real default intervals) against the
fake scholarly server, on a LITERATURE.md whose references carry only a Zbl number:

1. zbMATH up: requests per reference (target: one) and wall time;
2. zbMATH refusing connections (nothing listens on its port);
3. zbMATH answering 503 to everything, without and with a Retry-After of an hour.

For 2 and 3 it prints the time beyond the same run with zbMATH switched off (what the rest of
the run costs) and the lines that name zbMATH on stderr (target: ≤ 2 s and one line).

    python benchmarks/bench_zbmath.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fakescholar import FakeScholar

ENTRY = """\
### REF-{n:03d}: {title}
- **Authors:** {authors}
- **Year:** {year}
- **Zbl:** {zbl}
"""


def literature(fake: FakeScholar) -> tuple[str, int]:
    papers = [p for p in fake.corpus.papers if p.zbl]
    body = "".join(
        ENTRY.format(
            n=i + 1,
            title=p.title,
            authors=", ".join(f"{g} {f}" for g, f in p.authors),
            year=p.year,
            zbl=p.zbl,
        )
        for i, p in enumerate(papers)
    )
    return "## Confirmed References\n\n" + body + "\n## Unconfirmed References\n", len(papers)


def run(folder: Path, env: dict[str, str]) -> tuple[float, int, str]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "mathlsp", "verify", str(folder)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return time.perf_counter() - started, done.returncode, done.stderr


def main() -> int:
    with FakeScholar.running() as fake, tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "p"
        folder.mkdir()
        text, n = literature(fake)
        (folder / "LITERATURE.md").write_text(text, encoding="utf-8")
        env = {
            **os.environ,
            **fake.env(),
            "MATHLSP_CACHE_DIR": str(Path(tmp) / "cache"),
            "MATHLSP_MAILTO": "bench@example.org",
        }
        env.pop("SEMANTIC_SCHOLAR_API_KEY", None)

        fake.controls.clear_log()
        healthy, code, _ = run(folder, {**env, "MATHLSP_CACHE_DIR": str(Path(tmp) / "c1")})
        asked = [r.backend for r in fake.controls.requests()]
        print(
            f"{n} Zbl-only references, zbMATH up: {healthy:.2f} s, exit {code}, "
            f"{asked.count('zbmath')} zbMATH requests, {len(asked) - asked.count('zbmath')} "
            f"to other sources ({asked.count('zbmath') / n:.2f} per reference; target 1)"
        )

        off, _, _ = run(
            folder,
            {
                **env,
                "MATHLSP_DISABLED_SOURCES": "zbmath",
                "MATHLSP_CACHE_DIR": str(Path(tmp) / "c0"),
            },
        )
        print(f"the same run with zbMATH switched off: {off:.2f} s")

        down = {
            **env,
            "MATHLSP_ZBMATH_URL": "http://127.0.0.1:9/v1",
            "MATHLSP_CACHE_DIR": str(Path(tmp) / "c2"),
        }
        took, code, err = run(folder, down)
        lines = [line for line in err.splitlines() if "zbMATH" in line]
        print(
            f"zbMATH refusing connections: {took:.2f} s (+{took - off:.2f} s), exit {code}, "
            f"{len(lines)} line(s) naming it; target ≤ 2 s and one line: "
            f"{'holds' if took - off <= 2 and len(lines) <= 1 else 'MISSED'}"
        )
        for line in lines[:3]:
            print(f"    {line}")

        for what, retry_after, cache in [
            ("503", None, "c3"),
            ("503 with Retry-After: 3600", 3600.0, "c4"),
        ]:
            fake.controls.reset()
            fake.controls.add_fault("503", "zbmath", count=10_000, retry_after=retry_after)
            took, code, err = run(folder, {**env, "MATHLSP_CACHE_DIR": str(Path(tmp) / cache)})
            lines = [line for line in err.splitlines() if "zbMATH" in line]
            print(
                f"zbMATH answering {what}: {took:.2f} s (+{took - off:.2f} s), exit {code}, "
                f"{len(lines)} line(s) naming it; target ≤ 2 s and one line: "
                f"{'holds' if took - off <= 2 and len(lines) <= 1 else 'MISSED'}"
            )
            for line in lines[:3]:
                print(f"    {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
