"""`mathlsp synthesize` end to end against the fake scholarly server: citations fetched in one
batch per backend and cached, theorem statements quoted from TheoremSearch, written atomically."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mathlsp.cli import main
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.synthesis.review import draft_lines
from tests.fakescholar import FakeScholar
from tests.synthesis.fixtures import LITERATURE, PROBLEM


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeScholar]:
    with FakeScholar.running() as server:
        for k, v in server.env().items():
            monkeypatch.setenv(k, v)
        monkeypatch.setenv("MATHLSP_CACHE_DIR", str(tmp_path / "cache"))
        monkeypatch.setenv("MATHLSP_RATE_LIMIT_SCALE", "0.001")
        monkeypatch.delenv("SEMANTIC_SCHOLAR_API_KEY", raising=False)
        yield server


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    d = tmp_path / "prime-gaps"
    d.mkdir()
    (d / "PROBLEM.md").write_text(PROBLEM, encoding="utf-8")
    (d / "LITERATURE.md").write_text(LITERATURE, encoding="utf-8")
    return d


def test_synthesize_prints_then_writes(
    fake: FakeScholar, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["synthesize", str(folder)]) == 0
    out = capsys.readouterr().out
    assert (folder / "LITERATURE.md").read_text(encoding="utf-8") == LITERATURE  # dry run
    # Reading order from the fake's citations: Szemerédi ← Green–Tao ← Zhang ← Maynard.
    order = [line.split()[2] for line in out.splitlines() if line[:1].isdigit()]
    assert order[:3] == ["REF-004", "REF-001", "REF-003"]
    # Maynard's theorem quoted from TheoremSearch (not in the notes' Key Results).
    assert "[V] REF-002 — Theorem 1 (Maynard)" in out and "quoted from TheoremSearch" in out
    batches = [r for r in fake.controls.requests("semantic_scholar") if r.path.endswith("/batch")]
    assert len(batches) == 1
    oa = [r for r in fake.controls.requests("openalex") if "referenced_works" in r.raw_url]
    assert len(oa) == 1

    fake.controls.clear_log()
    assert main(["synthesize", str(folder), "--write"]) == 0
    # The citations came from the cache the second time.
    assert not [r for r in fake.controls.requests("semantic_scholar") if r.path.endswith("/batch")]
    text = (folder / "LITERATURE.md").read_text(encoding="utf-8")
    doc = LiteratureDoc(text)
    assert draft_lines(doc) and all(not d.edited for d in draft_lines(doc))
    assert "- [S] My own note on REF-002: the GPY sieve is the tool." in text

    # Running again adds nothing.
    capsys.readouterr()
    assert main(["synthesize", str(folder), "--write", "--offline"]) == 0
    assert (folder / "LITERATURE.md").read_text(encoding="utf-8") == text


def test_offline_uses_key_results_only(
    fake: FakeScholar, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["synthesize", str(folder), "--offline"]) == 0
    out = capsys.readouterr().out
    assert "[V] REF-001 — Theorem 1.1 (Green–Tao)" in out
    assert "Maynard" not in out
    assert "citations not fetched" in out
    assert not fake.controls.requests()


def test_sources_down_is_a_note_not_a_crash(
    fake: FakeScholar, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for backend in ("semantic_scholar", "openalex", "theoremsearch"):
        fake.controls.add_fault("500", backend, count=50)
    assert main(["synthesize", str(folder)]) == 0
    captured = capsys.readouterr()
    assert "citations not fetched" in captured.err
    assert "[S] REF-001 shares with the problem" in captured.out
