"""`cli.exiting`: what a one-shot command leaves to the end of the process is never freed, and
the process still ends as it would (streams flushed, `atexit` run, the command's status)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

_SCRIPT = textwrap.dedent(
    """
    import atexit, sys
    from mathlsp.cli.exiting import leave_to_exit

    class Noisy:
        def __del__(self):
            sys.stderr.write("freed\\n")

    atexit.register(lambda: sys.stdout.write("atexit ran\\n"))
    kept = {"parse": [Noisy()]}
    if sys.argv[1] == "leave":
        leave_to_exit(kept)
    del kept
    sys.stdout.write("unflushed output")
    raise SystemExit(3)
    """
)


@pytest.mark.parametrize(("how", "freed"), [("leave", False), ("free", True)])
def test_what_is_left_to_exit_is_never_freed_and_the_exit_is_unchanged(
    how: str, freed: bool
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, how], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 3
    assert done.stdout == "unflushed outputatexit ran\n"
    assert ("freed" in done.stderr) is freed


def test_check_in_process_frees_its_parse(tmp_path, monkeypatch) -> None:
    # Called with arguments (tests, benchmarks, a program using the CLI), `main` does not
    # leave anything behind: only the `mathlsp` process itself ends with the command.
    from mathlsp.cli import exiting, main

    note = tmp_path / "NOTE.md"
    note.write_text("# Note\n\nNothing cited.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    before = len(exiting._KEPT)
    assert main(["check", "NOTE.md"]) == 0
    assert len(exiting._KEPT) == before


def test_the_mathlsp_process_leaves_its_parse_to_exit(tmp_path) -> None:
    (tmp_path / "NOTE.md").write_text("# Note\n\nNothing cited.\n", encoding="utf-8")
    script = (
        "import sys; from mathlsp.cli import exiting, main; sys.argv = ['mathlsp', 'check', "
        "'NOTE.md']; code = main(); print(code, len(exiting._KEPT) > 1)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.splitlines()[-1] == "0 True"
