"""`mathlsp import refs.bib`: verified on the way in, numbered on, never twice."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mathlsp.cli import main
from mathlsp.notes.literature import LiteratureDoc
from tests.verify.test_bib_gate import CASES, bibtex

NOTE = """\
---
problem: "demo"
total_papers: 2
confirmed_count: 1
unconfirmed_count: 1
---
# Literature

## Confirmed References

### REF-004: The primes contain arbitrarily long arithmetic progressions
- **Authors:** Ben Green, Terence Tao
- **Year:** 2008
- **DOI:** 10.4007/annals.2008.167.481
- **Verified:** 2026-01-02T03:04:05Z via https://api.crossref.org/works/10.4007/annals.2008.167.481

## Unconfirmed References

### UREF-002: Perturbation theory for linear operators
- **Authors:** Tosio Kato
- **Year:** 1995
- **Reason:** not checked yet
- **Status:** Unconfirmed -- do not cite as established reference
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "LITERATURE.md").write_text(NOTE, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(
        bibtex(CASES) + bibtex(CASES[:1]).split("\n", 2)[2].replace("{perelman,", "{again,"),
        encoding="utf-8",
    )
    return folder


def test_import_writes_confirmed_as_ref_and_the_rest_as_uref(
    folder: Path, fake_env, capsys
) -> None:
    refs = folder.parent / "refs.bib"
    assert main(["import", str(refs), str(folder)]) == 0
    out = capsys.readouterr()
    doc = LiteratureDoc((folder / "LITERATURE.md").read_text(encoding="utf-8"))
    assert [e.id for e in doc.confirmed] == ["REF-004", "REF-005"]
    assert [e.id for e in doc.unconfirmed] == ["UREF-002", "UREF-003", "UREF-004"]
    perelman = doc.by_id["REF-005"]
    assert perelman.title.startswith("The entropy formula for the Ricci flow")
    assert perelman.verified is not None and perelman.arxiv_id is not None
    assert "imported from refs.bib @perelman" in perelman.fields.value("source")
    reasons = {e.title: e.fields.value("reason") for e in doc.unconfirmed}
    assert "2301.99999" in reasons["Spectral gaps of perturbed Neumann series in Banach algebras"]
    assert reasons["On the convergence of quasi-Neumann expansions in Fréchet spaces"]
    assert doc.frontmatter.get("confirmed_count") == 2
    assert doc.frontmatter.get("unconfirmed_count") == 3
    # Present by DOI (greentao, and nearmiss, which claims the same DOI), by title (kato), and
    # earlier in the same file (wrongauthor and again, by arXiv id): not written.
    assert "nearmiss             already in LITERATURE.md as REF-004" in out.out
    assert "wrongauthor          already in LITERATURE.md as perelman" in out.out
    assert "greentao             already in LITERATURE.md as REF-004" in out.out
    assert "kato                 already in LITERATURE.md as UREF-002" in out.out
    assert "again                already in LITERATURE.md as perelman" in out.out
    assert "perelman             → REF-005 (confirmed)" in out.out


def test_a_second_import_writes_nothing(folder: Path, fake_env, capsys) -> None:
    refs = folder.parent / "refs.bib"
    main(["import", str(refs), str(folder)])
    first = (folder / "LITERATURE.md").read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["import", str(refs), str(folder)]) == 0
    assert (folder / "LITERATURE.md").read_text(encoding="utf-8") == first
    assert "nothing to write" in capsys.readouterr().err


def test_dry_run_writes_nothing(folder: Path, fake_env, capsys) -> None:
    refs = folder.parent / "refs.bib"
    assert main(["import", str(refs), str(folder), "--dry-run"]) == 0
    assert (folder / "LITERATURE.md").read_text(encoding="utf-8") == NOTE
    assert "→ REF-005 (confirmed)" in capsys.readouterr().out


def test_the_imported_note_passes_the_offline_checks(folder: Path, fake_env, capsys) -> None:
    main(["import", str(folder.parent / "refs.bib"), str(folder)])
    capsys.readouterr()
    main(["check", str(folder / "LITERATURE.md"), "--format", "json"])
    (report,) = json.loads(capsys.readouterr().out)["files"]
    new = ("REF-005", "UREF-003", "UREF-004")
    assert [d for d in report["diagnostics"] if any(i in d["message"] for i in new)] == []
    assert report["diagnostics"]  # the check ran (the fixture's own note has warnings)


def test_an_import_read_in_small_batches_writes_the_same_note(
    folder: Path, fake_env, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file is streamed: entries present earlier in the file (another batch) are still
    # skipped, and the numbering runs on across batches.
    import mathlsp.cli.verify_bib as verify_bib

    refs = folder.parent / "refs.bib"
    note = folder / "LITERATURE.md"
    assert main(["import", str(refs), str(folder)]) == 0
    whole = (_untimed(note.read_text(encoding="utf-8")), capsys.readouterr().out)
    note.write_text(NOTE, encoding="utf-8")
    monkeypatch.setattr(verify_bib, "BATCH", 2)
    assert main(["import", str(refs), str(folder)]) == 0
    assert (_untimed(note.read_text(encoding="utf-8")), capsys.readouterr().out) == whole


def _untimed(text: str) -> str:
    return re.sub(r"\*\*Verified:\*\* \S+", "**Verified:** TIME", text)
