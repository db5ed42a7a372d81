"""Walking a folder for notes is bounded: no symlink loop, no link out, no `/` or home, a cap."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.walk import broad_folder, walk_markdown


def _notes(root: Path) -> None:
    (root / "sub").mkdir(parents=True)
    (root / "LITERATURE.md").write_text("# L\n")
    (root / "sub" / "draft.md").write_text("# D\n")


def test_a_symlink_loop_is_walked_once(tmp_path: Path) -> None:
    root = tmp_path / "p"
    _notes(root)
    os.symlink("..", root / "sub" / "up")  # sub/up → p: a loop
    os.symlink(root / "sub", root / "again")  # the same folder by a second route
    walk = walk_markdown(root)
    assert walk.notes == [root / "LITERATURE.md", root / "sub" / "draft.md"]
    assert walk.note is None


def test_a_symlink_out_of_the_folder_is_not_followed(tmp_path: Path) -> None:
    root = tmp_path / "p"
    _notes(root)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.md").write_text("x")
    os.symlink(outside, root / "link")
    assert walk_markdown(root).notes == [root / "LITERATURE.md", root / "sub" / "draft.md"]


def test_root_and_home_are_never_walked_deep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home" / "me"
    _notes(home)
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: home))
    assert broad_folder(Path("/")) and broad_folder(home) and broad_folder(home.parent)
    assert not broad_folder(home / "sub")
    walk = walk_markdown(home)
    assert walk.notes == [home / "LITERATURE.md"]
    assert walk.note is not None and "home folder" in walk.note
    started = time.monotonic()
    assert all(p.parent == Path("/") for p in walk_markdown(Path("/")).notes)
    assert time.monotonic() - started < 60  # not a timing claim: a walk of / would not end


def test_the_walk_stops_at_its_caps_and_says_so(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    for i in range(60):
        (root / f"n{i:02}.md").write_text("x")
    capped = walk_markdown(root, max_entries=25)
    assert len(capped.notes) == 25 and "stopped after 25 entries" in (capped.note or "")
    few = walk_markdown(root, max_notes=10)
    assert len(few.notes) == 10 and "first 10 notes" in (few.note or "")


def test_a_shallow_folder_lists_only_its_own_files(tmp_path: Path) -> None:
    root = tmp_path / "downloads"
    _notes(root)
    folder = ProblemFolder(root, deep=False)
    assert folder.note_paths() == [root / "LITERATURE.md"]
    assert ProblemFolder(root).note_paths() == [root / "LITERATURE.md", root / "sub" / "draft.md"]


def test_check_reads_each_note_once_despite_a_loop(tmp_path: Path, capsys) -> None:
    from mathlsp.cli import main

    root = tmp_path / "p"
    _notes(root)
    os.symlink("..", root / "sub" / "up")
    main(["check", str(root), "--format", "json"])
    out = capsys.readouterr().out
    assert out.count('"path"') == 2
