"""`mathlsp verify`: the exact JSON, exit codes, and --write (stamp, move, rename, refuse)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from mathlsp.cli import main
from mathlsp.notes.literature import LiteratureDoc
from tests.verify.test_pipeline import FABRICATED, GREEN_TAO, PERELMAN

HEAD = """\
---
problem: "demo"
total_papers: 3
confirmed_count: 3
unconfirmed_count: 0
last_search: ""
sources_queried: []
---
# Literature

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|

## Confirmed References

"""
TAIL = """
## Synthesis

### Applicable Theorems

- [V] REF-003 bounds the spectral gap.

## Unconfirmed References
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "LITERATURE.md").write_text(
        HEAD
        + "\n".join(
            [
                PERELMAN,
                GREEN_TAO.replace("REF-002", "REF-002"),
                FABRICATED.replace("REF-003", "REF-003"),
            ]
        )
        + TAIL,
        encoding="utf-8",
    )
    (folder / "PROOF.md").write_text(
        "By [V] REF-003 and REF-001 the claim holds.\n", encoding="utf-8"
    )
    return folder


def test_json_is_exactly_the_documented_shape(folder: Path, fake_env, capsys) -> None:
    code = main(["verify", str(folder), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1  # REF-003 stands in Confirmed References and fails
    assert set(report) == {"references", "problem_references", "outside_sections", "summary"}
    assert report["outside_sections"] == []
    assert report["summary"] == {"confirmed": 2, "unconfirmed": 1, "pending": 0}
    for ref in report["references"]:
        assert set(ref) == {
            "id",
            "section",
            "status",
            "reasons",
            "source",
            "url",
            "notes",
            "record",
        }
        assert ref["section"] == "confirmed"
    first, second, third = report["references"]
    assert first["status"] == "confirmed" and first["source"] == "arxiv"
    assert set(first["record"]) == {"title", "authors", "year", "doi", "arxiv_id", "venue"}
    assert first["record"]["authors"] == ["Grisha Perelman"]
    assert second["status"] == "confirmed" and second["url"].startswith("http://127.0.0.1")
    assert third == {
        "id": "REF-003",
        "section": "confirmed",
        "status": "unconfirmed",
        "reasons": ["arXiv returned no entry for 2301.99999"],
        "source": None,
        "url": None,
        "notes": [],
        "record": None,
    }


def test_all_confirmed_exits_zero(folder: Path, fake_env, capsys) -> None:
    lit = folder / "LITERATURE.md"
    lit.write_text(HEAD + PERELMAN + TAIL.replace("REF-003", "REF-001"), encoding="utf-8")
    assert main(["verify", str(lit)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("REF-001") and "confirmed" in out


def test_write_stamps_moves_and_renames_mentions(folder: Path, fake_env, capsys) -> None:
    assert main(["verify", str(folder), "--write"]) == 1
    text = (folder / "LITERATURE.md").read_text(encoding="utf-8")
    doc = LiteratureDoc(text)
    assert [e.id for e in doc.confirmed] == ["REF-001", "REF-002"]
    assert all(e.verified and e.verified.url for e in doc.confirmed)
    (moved,) = doc.unconfirmed
    assert moved.id == "UREF-001" and moved.section == "unconfirmed"
    assert "arXiv returned no entry for 2301.99999 (moved from REF-003" in moved.fields.value(
        "reason"
    )
    assert moved.fields.value("arxiv_id") == "2301.99999"
    assert doc.frontmatter.data["confirmed_count"] == 2
    assert doc.frontmatter.data["unconfirmed_count"] == 1
    assert "- [V] UREF-001 bounds the spectral gap." in text
    proof = (folder / "PROOF.md").read_text(encoding="utf-8")
    assert proof == "By [V] UREF-001 and REF-001 the claim holds.\n"
    # Nothing of the user's text outside the edits moved.
    assert text.startswith('---\nproblem: "demo"\ntotal_papers: 3\n')
    assert "## Search History\n\n| Date |" in text


def test_write_refuses_when_the_file_changed_meanwhile(
    folder: Path, fake_env, capsys, monkeypatch
) -> None:
    import mathlsp.verify.pipeline as pipeline

    real = pipeline.verify_entries
    lit = folder / "LITERATURE.md"

    async def edit_while_verifying(*args, **kwargs):
        result = await real(*args, **kwargs)
        lit.write_text(
            lit.read_text(encoding="utf-8") + "\nA line the user just typed.\n", encoding="utf-8"
        )
        return result

    monkeypatch.setattr(pipeline, "verify_entries", edit_while_verifying)
    code = main(["verify", str(folder), "--write"])
    err = capsys.readouterr().err
    assert code == 2 and "changed while mathlsp was working; nothing was written" in err
    assert lit.read_text(encoding="utf-8").endswith("A line the user just typed.\n")
    assert "UREF" not in lit.read_text(encoding="utf-8")


def test_outage_is_pending_and_nothing_moves(folder: Path, fake_env, fake, capsys) -> None:
    for backend in ("arxiv", "semantic_scholar", "openalex", "crossref", "zbmath"):
        fake.controls.add_fault("503", backend, count=200)
    before = (folder / "LITERATURE.md").read_text(encoding="utf-8")
    assert main(["verify", str(folder), "--write"]) == 3  # pending: neither passed nor failed
    captured = capsys.readouterr()
    out = captured.out
    assert [line.split()[1] for line in out.splitlines()] == ["pending"] * 3
    assert "0 confirmed, 0 unconfirmed, 3 pending" in captured.err
    assert "nothing changed in" in captured.err
    after = LiteratureDoc((folder / "LITERATURE.md").read_text(encoding="utf-8"))
    assert [e.id for e in after.confirmed] == ["REF-001", "REF-002", "REF-003"]
    assert after.text == before  # an outage is no evidence against a paper


def test_check_online_adds_ver_diagnostics(folder: Path, fake_env, capsys) -> None:
    code = main(["check", "--online", "--format", "json", str(folder)])
    report = json.loads(capsys.readouterr().out)
    codes = {d["code"] for f in report["files"] for d in f["diagnostics"]}
    assert code == 1 and "VER001" in codes
    assert main(["check", "--format", "json", str(folder)]) == 1
    offline = json.loads(capsys.readouterr().out)
    assert not any(d["code"].startswith("VER") for f in offline["files"] for d in f["diagnostics"])


def test_key_never_reaches_output(folder: Path, fake_env, capsys, monkeypatch) -> None:
    monkeypatch.setenv("SEMANTIC_SCHOLAR_API_KEY", "sk-secret-123")
    main(["verify", str(folder), "--format", "json"])
    captured = capsys.readouterr()
    assert "sk-secret-123" not in captured.out + captured.err
    main(["verify", str(folder), "--write"])
    assert "sk-secret-123" not in (folder / "LITERATURE.md").read_text(encoding="utf-8")


def test_check_online_keeps_pending_as_ver003(folder: Path, fake_env, fake, capsys) -> None:
    for backend in ("arxiv", "semantic_scholar", "openalex", "crossref", "zbmath"):
        fake.controls.add_fault("503", backend, count=500)
    main(["check", "--online", "--format", "json", str(folder)])
    report = json.loads(capsys.readouterr().out)
    codes = {d["code"] for f in report["files"] for d in f["diagnostics"]}
    assert "VER003" in codes  # pending, as the editor shows it — never dropped
    assert "VER001" not in codes  # and an outage refutes nothing


def test_verify_looks_up_problem_md_references_too(folder: Path, fake_env, capsys) -> None:
    (folder / "PROBLEM.md").write_text(
        "---\nstatus: defined\n---\n# Problem\n\nx\n\n## References\n\n"
        "- arXiv:1603.04246\n- arXiv:2302.99999\n- arXiv:math/0211159\n",
        encoding="utf-8",
    )
    main(["verify", str(folder), "--format", "json"])
    rows = json.loads(capsys.readouterr().out)["problem_references"]
    # math/0211159 is already a LITERATURE.md entry (REF-001): checked there, not twice.
    assert [(r["identifier"], r["status"]) for r in rows] == [
        ("arxiv:1603.04246", "found"),
        ("arxiv:2302.99999", "not_found"),
    ]
    main(["verify", str(folder)])
    out = capsys.readouterr().out
    assert "PROBLEM.md arxiv:2302.99999: not_found: arXiv returned no entry" in out


def test_write_never_reuses_a_uref_number(folder: Path, fake_env, capsys) -> None:
    # UREF-004 was removed by hand, but PROOF.md still mentions it: the moved entry gets UREF-005.
    (folder / "PROOF.md").write_text(
        "By [V] REF-003 and REF-001 the claim holds; UREF-004 was wrong.\n", encoding="utf-8"
    )
    assert main(["verify", str(folder), "--write"]) == 1
    doc = LiteratureDoc((folder / "LITERATURE.md").read_text(encoding="utf-8"))
    assert [e.id for e in doc.unconfirmed] == ["UREF-005"]
    proof = (folder / "PROOF.md").read_text(encoding="utf-8")
    assert proof.startswith("By [V] UREF-005 and REF-001")
    # The number REF-003 stays the moved paper's: `check` is clean of LIT013.
    assert main(["check", str(folder / "LITERATURE.md"), "--format", "json"]) in (0, 1)
    assert "LIT013" not in capsys.readouterr().out


def test_progress_is_shown_on_stderr(folder: Path, fake_env, capsys) -> None:
    lit = folder / "LITERATURE.md"
    title_only = (
        "### REF-004: Perturbation Theory for Linear Operators\n- **Authors:** Tosio Kato\n"
    )
    lit.write_text(HEAD + PERELMAN + "\n" + title_only + TAIL, encoding="utf-8")
    main(["verify", str(lit)])
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "[0/2] looking up 1 identifier and 1 title"
    steps = [line for line in err[1:] if line.startswith("[")]
    # Both run at once: either may finish first, and the count says how many are done.
    assert [line[:5] for line in steps] == ["[1/2]", "[2/2]"]
    assert sorted(line[6:] for line in steps) == [
        "identifiers looked up",
        "title match for REF-004",
    ]


def test_a_second_write_changes_nothing(folder: Path, fake_env, capsys) -> None:
    lit = folder / "LITERATURE.md"
    lit.write_text(HEAD + PERELMAN + "\n" + GREEN_TAO + TAIL.replace("REF-003", "REF-001"))
    assert main(["verify", str(folder), "--write"]) == 0
    first = lit.read_bytes()
    assert "stamped REF-001, REF-002" in capsys.readouterr().err
    mtime = lit.stat().st_mtime_ns
    assert main(["verify", str(folder), "--write"]) == 0
    err = capsys.readouterr().err
    assert f"nothing changed in {lit} (2 stamp(s) already current)" in err
    assert lit.read_bytes() == first and lit.stat().st_mtime_ns == mtime


def test_a_stamp_is_renewed_after_the_configured_stale_age(folder: Path, fake_env, capsys) -> None:
    lit = folder / "LITERATURE.md"
    lit.write_text(HEAD + PERELMAN + TAIL.replace("REF-003", "REF-001"))
    assert main(["verify", str(folder), "--write"]) == 0
    capsys.readouterr()
    (entry,) = LiteratureDoc(lit.read_text()).confirmed
    assert entry.verified is not None and entry.verified.timestamp is not None
    old = entry.verified.timestamp - dt.timedelta(days=40)
    aged = lit.read_text().replace(
        entry.verified.raw.split(" via ")[0], old.strftime("%Y-%m-%dT%H:%M:%SZ")
    )
    lit.write_text(aged)
    assert main(["verify", str(folder), "--write", "--stale-after-days", "90"]) == 0
    assert "nothing changed" in capsys.readouterr().err and lit.read_text() == aged
    assert main(["verify", str(folder), "--write", "--stale-after-days", "30"]) == 0
    assert "stamped REF-001" in capsys.readouterr().err
    assert main(["verify", str(folder), "--stale-after-days", "-1"]) == 2


def test_a_stamp_whose_evidence_changed_is_rewritten(folder: Path, fake_env, capsys) -> None:
    lit = folder / "LITERATURE.md"
    old = "- **Verified:** 2026-11-01T00:00:00Z via https://api.crossref.org/works/10.1/x\n"
    lit.write_text(HEAD + PERELMAN + old + TAIL.replace("REF-003", "REF-001"))
    assert main(["verify", str(folder), "--write"]) == 0
    assert "stamped REF-001" in capsys.readouterr().err
    (entry,) = LiteratureDoc(lit.read_text()).confirmed
    assert entry.verified is not None and "id_list=math/0211159" in (entry.verified.url or "")


def test_a_year_one_off_is_confirmed_with_a_note(folder: Path, fake_env, capsys) -> None:
    lit = folder / "LITERATURE.md"
    lit.write_text(HEAD + PERELMAN.replace("2002", "2003") + TAIL.replace("REF-003", "REF-001"))
    assert main(["verify", str(lit), "--format", "json"]) == 0
    (ref,) = json.loads(capsys.readouterr().out)["references"]
    assert ref["status"] == "confirmed"
    assert ref["notes"] == [
        "year 2003 in the entry, 2002 in arXiv (a year apart: 2002 is the arXiv preprint's "
        "year, 2003 presumably the journal version's)"
    ]
    assert main(["verify", str(lit)]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("REF-001   confirmed") and "— note: year 2003 in the entry" in line


def test_entries_outside_the_sections_are_named_not_silently_left(
    folder: Path, fake_env, capsys
) -> None:
    # Written by someone else: `# Confirmed References`, so no entry stands in a section that
    # verification reads. "0 confirmed, 0 unconfirmed" alone would read as nothing to verify.
    lit = folder / "LITERATURE.md"
    lit.write_text(
        lit.read_text(encoding="utf-8").replace(
            "## Confirmed References", "# Confirmed References"
        ),
        encoding="utf-8",
    )
    assert main(["verify", str(folder)]) == 0
    err = capsys.readouterr().err
    assert "0 confirmed, 0 unconfirmed" in err
    assert (
        "not verified: REF-001, REF-002, REF-003 stand outside the '## Confirmed References' and "
        "'## Unconfirmed References' sections, the only ones verification reads; `mathlsp check` "
        "(LIT004, LIT009) says where to move them"
    ) in err
    main(["verify", str(folder), "--format", "json"])
    assert json.loads(capsys.readouterr().out)["outside_sections"] == [
        "REF-001",
        "REF-002",
        "REF-003",
    ]


def test_a_moved_reference_writes_no_empty_field(folder: Path, fake_env, capsys) -> None:
    # REF-003 has no Source (nor Relevance): the UREF it becomes leaves them out (the schema
    # requires only Reason and Status of a UREF), never `- **Source:**` with nothing after it.
    lit = folder / "LITERATURE.md"
    lit.write_text(HEAD + FABRICATED.replace("- **Year:** 2023\n", "") + TAIL, encoding="utf-8")
    assert main(["verify", str(folder), "--write"]) == 1
    capsys.readouterr()
    text = lit.read_text(encoding="utf-8")
    (moved,) = LiteratureDoc(text).unconfirmed
    block = text[text.index("### UREF-001") :]
    assert [line for line in block.splitlines() if line.rstrip().endswith(":**")] == []
    assert moved.fields.value("authors") == "A. Nonymous"
    assert "source" not in moved.fields and "year" not in moved.fields
    main(["check", str(folder), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    said = [d["message"] for f in report["files"] for d in f["diagnostics"]]
    assert not [m for m in said if "UREF-001" in m and ("Source" in m or "Year" in m)], said
