"""Shared pieces of the real-editor end-to-end tests: finding the editors, a throw-away copy of the
example project, the server's environment (fake scholarly server, private cache), and running an
editor process so that it can never outlive its test."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "markov-bases"
SLUG = "heat-bath-mixing"
ABSTRACT = (
    "Graphs on lattice points are studied whose edges come from a finite set of allowed moves"
)
INSTALL_HINT = "install it with `bash editors/install-test-editors.sh`"
SERVER_CMD = [sys.executable, "-m", "mathlsp", "serve"]
# Where editors/install-test-editors.sh keeps code-server and playwright-core.
CI_CACHE = Path(os.environ.get("MATHLSP_CI_CACHE", Path.home() / ".cache" / "mathlsp-ci"))


@dataclass
class Project:
    root: Path

    @property
    def problem(self) -> Path:
        return self.root / ".math" / "problems" / SLUG

    @property
    def literature(self) -> Path:
        return self.problem / "LITERATURE.md"


def copy_example(dest: Path) -> Project:
    shutil.copytree(EXAMPLE, dest)
    return Project(dest)


def server_env(tmp: Path, fake_env: dict[str, str]) -> dict[str, str]:
    """The environment of an editor (and so of the server it starts): the fake scholarly server for
    every backend, a private cache and private editor state folders."""
    env = dict(os.environ)
    env.update(fake_env)
    for name in ("state", "tmp", "cache", "config", "data", "home"):
        (tmp / name).mkdir(parents=True, exist_ok=True)
    env.update(
        PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")])),
        PYTHONUNBUFFERED="1",
        MATHLSP_CACHE_DIR=str(tmp / "cache" / "mathlsp"),
        XDG_STATE_HOME=str(tmp / "state"),
        XDG_CACHE_HOME=str(tmp / "cache"),
        XDG_CONFIG_HOME=str(tmp / "config"),
        XDG_DATA_HOME=str(tmp / "data"),
        TMPDIR=str(tmp / "tmp"),
    )
    env.pop("SEMANTIC_SCHOLAR_API_KEY", None)
    return env


def version_of(exe: str, pattern: str = r"(\d+)\.(\d+)\.(\d+)") -> tuple[int, int, int] | None:
    try:
        text = subprocess.run(
            [exe, "--version"], capture_output=True, text=True, timeout=20, check=False
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(pattern, text)
    return (int(m[1]), int(m[2]), int(m[3])) if m else None


def candidates(name: str, *extra: str | None) -> list[str]:
    """Executables called `name`: the ones given, the active environment's, then PATH's."""
    found: list[str] = []
    path_dirs = [str(Path(sys.executable).parent), *os.environ.get("PATH", "").split(os.pathsep)]
    for exe in [*extra, *(str(Path(d) / name) for d in path_dirs)]:
        if exe and os.access(exe, os.X_OK) and not os.path.isdir(exe):
            real = os.path.realpath(exe)
            if real not in {os.path.realpath(f) for f in found}:
                found.append(exe)
    return found


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    seconds: float


def run_editor(
    argv: list[str], *, env: dict[str, str], cwd: Path, timeout: float, stdin: str | None = None
) -> Run:
    """Run an editor in a process group of its own; whatever happens, nothing of it (nor the
    language server it started) survives the call."""
    start = time.monotonic()
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        env=env,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(proc.pid)
        out, err = proc.communicate()
        err += f"\n[killed after {timeout} s]"
    finally:
        kill_group(proc.pid)
    return Run(proc.returncode, out, err, time.monotonic() - start)


def kill_group(pgid: int) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pgid, sig)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.2)
