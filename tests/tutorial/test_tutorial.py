"""docs/tutorial.md cannot drift: this test runs it from an empty folder against the fake
scholarly server and compares every command's output with what the page shows; the
LITERATURE.md, DASHBOARD.md, JOURNAL.md and STATE.md it ends with are compared with golden
copies (the whole written text, read as prose once and kept).

When a change of output is intended, regenerate the page and the golden files:

    MATHLSP_REGENERATE=1 pytest tests/tutorial -p no:cacheprovider

and read the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest

from tests.fakescholar import FakeScholar, backend_urls
from tests.tutorial.runner import Normalizer, run_tutorial

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "tutorial.md"
GOLDEN = Path(__file__).parent / "golden"
PROBLEM = Path(".math/problems/bounded-gaps")
WRITTEN = {
    name: PROBLEM / name for name in ("LITERATURE.md", "DASHBOARD.md", "JOURNAL.md", "STATE.md")
}
REGENERATE = os.environ.get("MATHLSP_REGENERATE") == "1"
HOW = "MATHLSP_REGENERATE=1 pytest tests/tutorial -p no:cacheprovider"


def _same(expected: str, actual: str, name: str) -> None:
    if expected == actual:
        return
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            f"{name} (as committed)",
            f"{name} (as the commands print it now)",
        )
    )
    pytest.fail(f"{name} differs from a real run; if intended, regenerate with\n  {HOW}\n{diff}")


def test_the_tutorial_shows_what_the_commands_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workdir = tmp_path / "primes"
    workdir.mkdir()
    with FakeScholar.running() as fake:
        for key, value in fake.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("MATHLSP_CACHE_DIR", str(tmp_path / "cache"))
        monkeypatch.setenv("MATHLSP_RATE_LIMIT_SCALE", "0.001")
        for name in ("SEMANTIC_SCHOLAR_API_KEY", "MATHLSP_MAILTO", "MATHLSP_DISABLED_SOURCES"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.chdir(workdir)
        normalize = Normalizer(workdir, backend_urls(fake.base_url))
        committed = DOC.read_text(encoding="utf-8")
        regenerated = run_tutorial(committed, workdir, normalize)
    written = {
        name: normalize((workdir / path).read_text(encoding="utf-8"))
        for name, path in WRITTEN.items()
    }
    if REGENERATE:
        DOC.write_text(regenerated, encoding="utf-8")
        GOLDEN.mkdir(exist_ok=True)
        for name, text in written.items():
            (GOLDEN / name).write_text(text, encoding="utf-8")
        return
    _same(committed, regenerated, "docs/tutorial.md")
    for name, text in written.items():
        golden = GOLDEN / name
        _same(golden.read_text(encoding="utf-8") if golden.exists() else "", text, str(golden))


def test_the_readme_links_the_tutorial_first() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_link = readme.index("](")
    assert readme[first_link:].startswith("](docs/tutorial.md)")


_COUNT = re.compile(r"(\d+) quer(?:y|ies) \(((?:[^()]|\([^()]*\))*)\)")


def _spread(text: str) -> dict[str, int]:
    """`arXiv 7 (math.NT), Semantic Scholar 9` → {"arXiv": 7, "Semantic Scholar": 9}."""
    parts = re.sub(r" \([^)]*\)", "", text).split(", ")
    return {p.rsplit(" ", 1)[0]: int(p.rsplit(" ", 1)[1]) for p in parts}


def test_the_journal_and_the_search_history_count_the_same_queries() -> None:
    """A search's JOURNAL entry and its Search History row describe one run: the same number of
    queries per source, and as many as the entry then lists (they had disagreed by a broadened
    query)."""
    journal = (GOLDEN / "JOURNAL.md").read_text(encoding="utf-8")
    literature = (GOLDEN / "LITERATURE.md").read_text(encoding="utf-8")
    tried = [line for line in journal.splitlines() if line.startswith("- **What was tried:**")]
    rows = [line for line in literature.splitlines() if re.match(r"\| \d{4}-\d\d-\d\d \|", line)]
    searches = [line for line in tried if " queries (" in line or " query (" in line]
    assert searches and len(searches) == len(rows)
    for entry, row in zip(searches, rows, strict=True):
        (n_entry, spread_entry), (n_row, spread_row) = (
            _COUNT.search(entry).groups(),  # type: ignore[union-attr]
            _COUNT.search(row).groups(),  # type: ignore[union-attr]
        )
        assert n_entry == n_row and _spread(spread_entry) == _spread(spread_row)
        assert sum(_spread(spread_entry).values()) == int(n_entry)
        listed = entry.split("Queries: ", 1)[1].count("`") // 2
        assert listed == int(n_entry)
