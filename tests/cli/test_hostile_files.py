"""A project's files are untrusted: devices, FIFOs, huge files and symlinks never hurt the user.

Every command reads notes through one bounded reader (regular files only, size checked before a
byte is read) and writes through a symlink to its target instead of replacing the link.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mathlsp.cli import main
from mathlsp.fsutil import MAX_NOTE_BYTES, UnreadableFile, atomic_write, read_bounded, read_text

LITERATURE = """\
---
problem: "demo"
total_papers: 0
confirmed_count: 0
unconfirmed_count: 0
---
# Literature

## Confirmed References

## Unconfirmed References
"""
PROBLEM = """\
---
status: defined
domain: combinatorics
tags: [graphs]
---
# Problem

## Statement

Every planar graph is four-colourable.
"""


@pytest.fixture
def offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # Nothing here may reach a network: every backend is switched off.
    monkeypatch.setenv("MATHLSP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv(
        "MATHLSP_DISABLED_SOURCES",
        "arxiv,semantic_scholar,openalex,crossref,pubmed,theoremsearch",
    )
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "PROBLEM.md").write_text(PROBLEM, encoding="utf-8")
    return folder


def _zero(folder: Path) -> None:
    (folder / "LITERATURE.md").symlink_to("/dev/zero")


def _fifo(folder: Path) -> None:
    os.mkfifo(folder / "LITERATURE.md")


def _huge(folder: Path) -> None:
    with (folder / "LITERATURE.md").open("wb") as handle:  # sparse: costs no disk
        handle.truncate(200 * 1024 * 1024)


@pytest.mark.parametrize("make", [_zero, _fifo, _huge], ids=["dev-zero", "fifo", "200MB"])
def test_bounded_reader_refuses_before_reading(offline: Path, make) -> None:
    make(offline)
    with pytest.raises(UnreadableFile):
        read_bounded(offline / "LITERATURE.md")
    with pytest.raises(UnreadableFile):
        read_text(offline / "LITERATURE.md")


@pytest.mark.parametrize("make", [_zero, _fifo, _huge], ids=["dev-zero", "fifo", "200MB"])
@pytest.mark.parametrize(
    "argv",
    [
        ["check", "demo"],
        ["search", "demo", "--dry-run"],
        ["verify", "demo"],
        ["synthesize", "demo"],
    ],
    ids=lambda argv: argv[0],
)
def test_every_command_refuses_with_a_message(
    offline: Path, make, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    make(offline)
    code = main(argv)
    captured = capsys.readouterr()
    assert code in (1, 2)  # check reports a DOC finding (1); the others stop with a message (2)
    said = captured.out + captured.err
    assert "not a regular file" in said or "too large" in said
    assert "Traceback" not in said


def test_bounded_reader_reads_ordinary_files(tmp_path: Path) -> None:
    note = tmp_path / "n.md"
    note.write_bytes("\ufeffé\n".encode())
    assert read_text(note) == "é\n"
    assert read_text(tmp_path / "absent.md") is None
    assert len(read_bounded(note, limit=MAX_NOTE_BYTES)) == 6


def test_writes_go_through_a_symlink_to_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real" / "LITERATURE.md"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "LITERATURE.md"
    link.symlink_to(target)
    atomic_write(link, "new\n")
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == "new\n"


def test_verify_write_keeps_a_symlinked_note_a_symlink(
    offline: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "elsewhere.md"
    entry = "### REF-001: A paper\n- **Authors:** A. Person\n- **Year:** 2020\n\n"
    target.write_text(LITERATURE.replace("## Unconfirmed", entry + "## Unconfirmed"), "utf-8")
    (offline / "LITERATURE.md").symlink_to(target)
    main(["verify", "demo", "--write"])
    assert (offline / "LITERATURE.md").is_symlink()


def test_resume_keeps_symlinked_state_a_symlink(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "demo"]) == 0
    folder = tmp_path / ".math" / "problems" / "demo"
    state = folder / "STATE.md"
    moved = tmp_path / "STATE-real.md"
    state.rename(moved)
    state.symlink_to(moved)
    assert main(["resume"]) == 0
    assert state.is_symlink()
    assert "Session #1" in moved.read_text(encoding="utf-8")


UTF16 = LITERATURE.encode("utf-16")
LATIN1 = LITERATURE.replace("# Literature", "# Literatur\xe9").encode("latin-1")
NUL = LITERATURE.replace("# Literature", "# Liter\x00ature").encode()


def _journal_args() -> list[str]:
    return ["journal", "add", "note", "demo", "--title", "t", "--insight", "i"]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (UTF16, "UTF-16 text, not UTF-8"),
        (LATIN1, "not valid UTF-8"),
        (NUL, "NUL bytes"),
    ],
    ids=["utf-16", "latin-1", "nul"],
)
@pytest.mark.parametrize(
    "argv",
    [
        ["verify", "demo"],
        ["verify", "demo", "--write"],
        ["search", "demo", "--write", "--query", "graphs"],
        ["search", "demo", "--dry-run"],
        ["synthesize", "demo", "--offline"],
        ["resume", "demo"],
        _journal_args(),
    ],
    ids=lambda argv: "-".join(a for a in argv[:3] if a != "demo"),
)
def test_every_command_says_what_check_says_and_writes_nothing(
    offline: Path, content: bytes, reason: str, argv: list[str], capsys
) -> None:
    # The note `check` reports as DOC001 stops every other command with the same reason, in one
    # line, before anything is written.
    name = "JOURNAL.md" if argv[0] == "journal" else "LITERATURE.md"
    note = offline / name
    note.write_bytes(content)
    if argv[0] != "journal":
        (offline / "JOURNAL.md").write_bytes(content)
    before = {p.name: p.read_bytes() for p in offline.iterdir() if p.is_file()}
    assert main(["check", "demo", "--format", "json"]) == 1
    checked = capsys.readouterr().out
    assert "DOC001" in checked and reason in checked
    code = main(argv)
    said = capsys.readouterr()
    assert code == 2, said
    assert reason in said.err and "Traceback" not in said.err + said.out
    assert len(said.err.strip().splitlines()) == 1, said.err
    assert {p.name: p.read_bytes() for p in offline.iterdir() if p.is_file()} == before


HUGE_INT = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    "config",
    [
        '{"timeout_s": ' + HUGE_INT + "}",
        '{"x": ' + DEEP + "}",
        '{"timeout_s": "abc", "max_attempts": "z", "arxiv_batch": -5}',
        '{"min_interval_s": {"arxiv": "x", "crossref": 1e400}, "rate_limit_scale": [1]}',
        '{"timeout_s": NaN, "s2_batch": 1.5, "total_timeout_s": true}',
    ],
    ids=["5000-digits", "100k-deep", "strings", "nested-junk", "nan-fraction-bool"],
)
@pytest.mark.parametrize(
    "argv",
    [["verify", "demo"], ["search", "demo", "--dry-run"], ["resume", "demo"], ["check", "demo"]],
    ids=lambda argv: argv[0],
)
def test_bad_config_values_are_named_and_the_defaults_used(
    offline: Path, config: str, argv: list[str], capsys, caplog
) -> None:
    (offline / "LITERATURE.md").write_text(LITERATURE, encoding="utf-8")
    (offline.parent / ".math").mkdir()
    (offline.parent / ".math" / "config.json").write_text(config, encoding="utf-8")
    code = main(argv)
    said = capsys.readouterr()
    assert code in (0, 1, 2)
    assert "Traceback" not in said.err + said.out
    if argv[0] in ("verify", "search"):  # the commands that read the source settings
        assert "config.json" in caplog.text  # a warning (stderr outside pytest)


@pytest.mark.parametrize(
    ("config", "reason"),
    [
        ('{"current_problem": ' + HUGE_INT + "}", "4300 digits"),
        ('{"current_problem": ' + DEEP + "}", "nested too deeply"),
        ("[1]", "must hold a JSON object"),
        ('{"current_problem": ', "not valid JSON"),
    ],
    ids=["5000-digits", "100k-deep", "array", "truncated"],
)
def test_an_unusable_project_config_stops_resume_in_one_line(
    offline: Path, config: str, reason: str, capsys
) -> None:
    (offline.parent / ".math").mkdir()
    (offline.parent / ".math" / "config.json").write_text(config, encoding="utf-8")
    assert main(["resume"]) == 2
    said = capsys.readouterr()
    assert reason in said.err and len(said.err.strip().splitlines()) == 1, said.err


def test_a_new_note_gets_the_umask_s_mode_and_an_existing_one_keeps_its_own(
    tmp_path: Path,
) -> None:
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "JOURNAL.md", "new\n")
        os.umask(0o077)
        atomic_write(tmp_path / "PRIVATE.md", "new\n")
    finally:
        os.umask(old)
    assert (tmp_path / "JOURNAL.md").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "PRIVATE.md").stat().st_mode & 0o777 == 0o600
    (tmp_path / "JOURNAL.md").chmod(0o640)
    atomic_write(tmp_path / "JOURNAL.md", "again\n")
    assert (tmp_path / "JOURNAL.md").stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["JOURNAL.md", "PRIVATE.md"]


def test_init_creates_files_the_project_s_group_can_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    old = os.umask(0o022)
    try:
        assert main(["init", "four-colours"]) == 0
    finally:
        os.umask(old)
    created = [p for p in (tmp_path / ".math").rglob("*") if p.is_file()]
    assert created and all(p.stat().st_mode & 0o777 == 0o644 for p in created), created


def test_a_read_only_note_is_never_replaced(tmp_path: Path) -> None:
    note = tmp_path / "LITERATURE.md"
    note.write_text("mine\n", encoding="utf-8")
    note.chmod(0o444)  # a rename would replace it all the same, for root or not
    with pytest.raises(PermissionError, match="read-only"):
        atomic_write(note, "theirs\n")
    assert note.read_text(encoding="utf-8") == "mine\n"
    assert [p.name for p in tmp_path.iterdir()] == ["LITERATURE.md"]


def test_journal_add_to_a_read_only_journal_says_so_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "colouring"
    folder.mkdir()
    (folder / "PROBLEM.md").write_text(PROBLEM, encoding="utf-8")
    journal = folder / "JOURNAL.md"
    journal.write_text("# Research Journal\n", encoding="utf-8")
    journal.chmod(0o444)
    monkeypatch.chdir(folder)
    code = main(["journal", "add", "note", "--title", "T", "--insight", "I"])
    err = capsys.readouterr().err
    assert code == 2
    assert "read-only file; not written" in err and "JOURNAL.md" in err
    assert journal.read_text(encoding="utf-8") == "# Research Journal\n"
