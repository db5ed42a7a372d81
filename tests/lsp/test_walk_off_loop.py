"""The event loop never walks a folder's sub-folders: a worker thread does, for the next request."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from mathlsp.features.workspace_state import NoteStore
from mathlsp.notes.folder import ProblemFolder


def test_the_loop_answers_from_its_own_files_while_a_thread_walks(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "drafts").mkdir(parents=True)
    (root / "LITERATURE.md").write_text("# L\n")
    (root / "drafts" / "d.md").write_text("# D\n")
    server: Any = SimpleNamespace(log_to_client=lambda _message: None)
    store = NoteStore(server)
    walked_on: list[threading.Thread] = []

    class Folder(ProblemFolder):
        def note_paths(self) -> list[Path]:
            walked_on.append(threading.current_thread())
            return super().note_paths()

    folder = Folder(root)

    async def main() -> tuple[list[Path], list[Path]]:
        first = store.note_paths(folder)  # on the loop, before any walk
        for _ in range(200):
            if walked_on and root not in store._walking:
                break
            await asyncio.sleep(0.01)
        return first, store.note_paths(folder)

    first, later = asyncio.run(main())
    assert first == [root / "LITERATURE.md"]
    assert later == [root / "LITERATURE.md", root / "drafts" / "d.md"]
    assert walked_on and threading.main_thread() not in walked_on
    assert store.note_paths(folder) == later  # a worker thread asks: the fresh walk is reused
