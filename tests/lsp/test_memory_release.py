"""Memory goes back to the system after a burst: at once after the start-up index."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from mathlsp.checks import CheckSettings
from mathlsp.features.indexing import index_folders
from mathlsp.features.memory import MemoryReleaser
from mathlsp.notes.folder import ProblemFolder


def test_a_trim_that_fails_never_disturbs_the_server() -> None:
    releaser = MemoryReleaser()
    calls: list[int] = []

    def broken() -> None:
        calls.append(1)
        raise OSError("no malloc_trim here")

    releaser._trim = broken
    releaser.trim()
    releaser.release()
    assert calls == [1, 1]


def test_the_start_up_index_returns_its_scratch_at_once(tmp_path: Path) -> None:
    (tmp_path / "LITERATURE.md").write_text(
        "# Literature\n\n## Confirmed References\n\n### REF-001: A title\n- **Year:** 2020\n"
    )
    trimmed: list[int] = []
    folder = ProblemFolder(tmp_path)
    server: Any = SimpleNamespace(
        store=SimpleNamespace(known_folders=lambda: [folder]),
        diagnostics=SimpleNamespace(
            trim_memory=lambda: trimmed.append(1), check_settings=CheckSettings
        ),
    )
    assert index_folders(server) == (1, 1)
    assert trimmed == [1]
    # LITERATURE.md was checked too: opening it publishes those findings.
    assert tmp_path / "LITERATURE.md" in folder.check_memo
