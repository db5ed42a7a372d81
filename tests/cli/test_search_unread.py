"""`mathlsp search` says which PROBLEM.md References it cannot read, instead of leaving them."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathlsp.cli import main
from mathlsp.cli.search import print_below
from mathlsp.ide.unread import unread_lines, unread_note, unread_references
from mathlsp.notes.problem import ProblemDoc

PROBLEM = """\
---
title: "Intermittency islands of the stochastic heat equation with Lévy noise"
status: defined
domain: probability
type: proof
tags: [stochastic-heat-equation, levy-noise, intermittency]
---
# Problem

Count the intermittency islands of the stochastic heat equation with Lévy noise in $d \\ge 2$.

## References

- doi:10.1214/18-AOP1297
- {sloppy}
- {initials}
- Chong, Kevei, *A landscape of peaks*, 2023
- arXiv:2301.9999x
"""
SLOPPY = (
    "Conus, Joseph, Khoshnevisan, Correlation-length bounds and estimates for intermittent "
    "islands, EJP 2012"
)
INITIALS = (
    "D. Conus, M. Joseph, D. Khoshnevisan, Correlation-length bounds, and estimates for "
    "intermittent islands in parabolic SPDEs, EJP 17 (2012)"
)
PROBLEM = PROBLEM.replace("{sloppy}", SLOPPY).replace("{initials}", INITIALS)


def test_only_the_item_naming_neither_identifier_nor_title_is_unread() -> None:
    # The initials-and-surname form and the marked title are read; a malformed identifier is
    # check's REF005, not this.
    assert unread_references(ProblemDoc(PROBLEM)) == [SLOPPY]
    assert unread_lines([]) == [] and unread_note([]) is None
    assert unread_note([SLOPPY, "Conus et al. 2012"]) == (
        "Not read in PROBLEM.md References: “Conus, Joseph, Khoshnevisan, Correlation-length b…” "
        "and 1 more — write `doi:…` or `arXiv:…`, or mark the title: `Authors, *Title*, year`"
    )


def test_dry_run_names_the_unread_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "islands"
    folder.mkdir()
    (folder / "PROBLEM.md").write_text(PROBLEM, encoding="utf-8")
    assert main(["search", str(folder), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert (
        "  PROBLEM.md references not read (no arXiv id, DOI or title mathlsp can tell apart), so "
        "neither looked up nor searched for:\n"
        "    - Conus, Joseph, Khoshnevisan, Correlation-length bounds and estimates …\n"
        "    write `doi:…` or `arXiv:…`, or mark the title: `Authors, *Title*, year`\n"
    ) in out


def test_below_the_line_says_how_many_of_how_many(capsys: pytest.CaptureFixture[str]) -> None:
    item = {"title": "T", "year": 2020, "arxiv_id": None, "doi": "10.1/x", "relevance": "R"}
    print_below([item, item], 108)
    assert capsys.readouterr().out.startswith("Below the line (the 2 closest of 108; not written")
    print_below([item, item], 2)
    assert capsys.readouterr().out.startswith("Below the line (2; not written")


@pytest.mark.parametrize("args", [["--dry-run"], ["--write"]])
def test_a_problem_whose_frontmatter_cannot_be_read_is_not_searched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    # It was searched on its body alone (no title, status, domain or tags) and the result
    # written, with nothing said about the frontmatter.
    (tmp_path / "PROBLEM.md").write_text(
        PROBLEM.replace("domain: probability", "domain: probability\n  oops: : x"),
        encoding="utf-8",
    )
    code = main(["search", str(tmp_path), *args])
    err = capsys.readouterr().err
    assert code == 2
    assert "PROBLEM.md cannot be read (line 5: invalid YAML" in err
    assert "nothing was asked or written" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["PROBLEM.md"]


def test_works_named_while_every_source_was_down_are_not_called_unfound() -> None:
    from mathlsp.cli.search import named_lines

    works = ["Ramanujan graphs (Lubotzky, Phillips, Sarnak, 1988)"]
    assert named_lines([], works, all_down=True) == [
        "Works PROBLEM.md names: 1 not looked up (no source answered)"
    ]
    assert named_lines(["A"], works, all_down=False) == [
        "Works PROBLEM.md names: 1 found",
        "  - not found by any source: Ramanujan graphs (Lubotzky, Phillips, Sarnak, 1988)",
    ]
    assert named_lines([], [], all_down=True) == []


def test_offline_the_report_says_the_named_works_were_not_looked_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.fakescholar.server import env_for

    # Every source on a port nothing listens on: refused at once, as with no network.
    for name, url in env_for("http://127.0.0.1:9").items():
        monkeypatch.setenv(name, url)
    monkeypatch.setenv("MATHLSP_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "heat"
    folder.mkdir()
    named = PROBLEM.replace(
        "## References",
        "## Known Results\n\n- Intermittency islands (Khoshnevisan 2017).\n\n## References",
    )
    (folder / "PROBLEM.md").write_text(named, encoding="utf-8")
    code = main(["search", str(folder), "--write"])
    out = capsys.readouterr().out
    assert code == 1
    assert "not looked up (no source answered)" in out
    assert "not found by any source" not in out
