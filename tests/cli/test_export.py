"""`mathlsp export --bibtex`: stamped Confirmed References out as BibTeX, stable on re-runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathlsp.bib.claim import bib_claim
from mathlsp.bib.parse import parse_bib
from mathlsp.cache import Cache
from mathlsp.cli import main
from mathlsp.sources.record import Author, PaperRecord

LITERATURE = """\
---
problem: "demo"
---
# Literature

## Confirmed References

### REF-001: The entropy formula for the Ricci flow and its geometric applications
- **Authors:** Grisha Perelman
- **Year:** 2002
- **arXiv ID:** math/0211159
- **Verified:** 2026-01-02T03:04:05Z via https://export.arxiv.org/api/query?id_list=math/0211159

### REF-002: On $L^p$ bounds for the Schrödinger operator
- **Authors:** Jean-Pierre Müller, Ana Ñúñez
- **Year:** 2019
- **DOI:** 10.1000/demo.2019
- **Verified:** 2026-01-02T03:04:05Z via https://api.crossref.org/works/10.1000/demo.2019

### REF-003: An entry nobody verified
- **Authors:** Some One
- **Year:** 2020

## Unconfirmed References

### UREF-001: Not exported
- **Authors:** No Body
- **Year:** 2021
- **Reason:** no source found it
- **Status:** Unconfirmed -- do not cite as established reference
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MATHLSP_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "LITERATURE.md").write_text(LITERATURE, encoding="utf-8")
    return folder


def test_stdout_export_has_only_stamped_confirmed_references(folder: Path, capsys) -> None:
    assert main(["export", "--bibtex", str(folder)]) == 0
    out = capsys.readouterr()
    bib = parse_bib(out.out)
    assert [e.key for e in bib.entries] == ["perelman2002entropy", "muller2019bounds"]
    assert "REF-003: no Verified stamp" in out.err
    perelman, muller = bib.entries
    assert perelman.get("eprint") == "math/0211159" and perelman.get("archiveprefix") == "arXiv"
    assert perelman.get(
        "mathlsp-verified",
    ).startswith("2026-01-02T03:04:05Z via https://")
    assert muller.get("author") == r"M\"uller, Jean-Pierre and \~N\'u\~nez, Ana"
    assert muller.get("title") == r"On $L^p$ bounds for the {Schr\"odinger} operator"
    claim = bib_claim(muller)
    assert claim.title == "On $L^p$ bounds for the Schrödinger operator"
    assert claim.authors == ("Jean-Pierre Müller", "Ana Ñúñez")


def test_the_cached_record_adds_the_venue(folder: Path, tmp_path: Path, capsys) -> None:
    with Cache(tmp_path / "cache") as cache:
        cache.put_record(
            PaperRecord(
                backend="crossref",
                title="On $L^p$ bounds for the Schrödinger operator",
                authors=(Author("Müller", "Jean-Pierre"), Author("Ñúñez", "Ana")),
                year=2019,
                venue="Journal of Demonstrations",
                doi="10.1000/demo.2019",
            )
        )
    main(["export", "--bibtex", str(folder), "--format", "biblatex"])
    muller = parse_bib(capsys.readouterr().out).entries[1]
    assert muller.type == "article"
    assert muller.get("journaltitle") == "Journal of Demonstrations"
    assert muller.get("date") == "2019"


def test_output_file_is_updated_in_place_and_the_users_entries_kept(
    folder: Path, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "refs.bib"
    user = "@book{kato,\n  author = {Kato, Tosio},\n  title = {Perturbation theory},\n}\n"
    out.write_text(user, encoding="utf-8")
    assert main(["export", "--bibtex", str(folder), "-o", str(out)]) == 0
    first = out.read_text(encoding="utf-8")
    assert first.startswith(user)
    assert "2 added" in capsys.readouterr().err
    assert main(["export", "--bibtex", str(folder), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == first
    assert "0 added; 0 updated; 2 unchanged" in capsys.readouterr().err
    # The note's stamp is renewed: the entry is rewritten where it stands, its key kept.
    lit = folder / "LITERATURE.md"
    lit.write_text(
        LITERATURE.replace(
            "2026-01-02T03:04:05Z via https://api", "2027-05-05T00:00:00Z via https://api"
        ),
        encoding="utf-8",
    )
    main(["export", "--bibtex", str(folder), "-o", str(out), "--key-format", "author:year"])
    keys = [e.key for e in parse_bib(out.read_text(encoding="utf-8")).entries]
    assert keys == ["kato", "perelman2002entropy", "muller2019bounds"]
    assert "2027-05-05T00:00:00Z" in out.read_text(encoding="utf-8")


def test_a_bad_key_format_is_a_usage_error(folder: Path, capsys) -> None:
    assert main(["export", "--bibtex", str(folder), "--key-format", "{x}"]) == 2
    assert "--key-format" in capsys.readouterr().err


def test_a_doi_is_exported_as_the_note_writes_it(folder: Path, capsys) -> None:
    # `10.1007/BF02126799` in the note, the same in the .bib: DOIs compare case-insensitively,
    # but the publisher's case is the form a reader (and a journal's style) expects.
    lit = folder / "LITERATURE.md"
    lit.write_text(
        lit.read_text(encoding="utf-8").replace("10.1000/demo.2019", "10.1000/Demo.BF2019"),
        encoding="utf-8",
    )
    assert main(["export", "--bibtex", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "10.1000/Demo.BF2019" in out and "demo.bf2019" not in out, out
