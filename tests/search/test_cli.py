"""`mathlsp search` end to end against the fake scholarly server."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from mathlsp.cache import Cache
from mathlsp.cli import main
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.search.queries import QUOTA, prior_queries
from mathlsp.verify.normalize import normalize_title
from tests.fakescholar import FakeScholar
from tests.search.conftest import DRAFT, GRAPHS, PRIMES, write_problem

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "markov-bases"


def search(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["search", *args])
    out, err = capsys.readouterr()
    return code, out, err


def check_errors(capsys: pytest.CaptureFixture[str], folder: Path, *extra: str) -> list[Any]:
    main(["check", str(folder), "--format", "json", *extra])
    out, _ = capsys.readouterr()
    data = json.loads(out)
    return [d for f in data["files"] for d in f["diagnostics"] if d["severity"] == "error"]


def papers(doc: LiteratureDoc) -> list[tuple[str, str, str]]:
    """(arXiv id, DOI, normalised title|year) of every entry."""
    return [
        (
            str(e.arxiv_id.base) if e.arxiv_id else "",
            e.doi or "",
            f"{normalize_title(e.title)}|{e.year}",
        )
        for e in doc.entries
    ]


def test_dry_run_on_the_example_project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str], fake: FakeScholar
) -> None:
    project = tmp_path / "markov-bases"
    shutil.copytree(EXAMPLE, project)
    code, out, _ = search(capsys, str(project), "--dry-run")
    assert code == 0
    assert "arXiv:" in out and "Semantic Scholar:" in out and "TheoremSearch:" in out
    assert '(all:"random walks" OR all:"markov bases")' in out
    assert "PubMed: skipped (not a biomedical problem)" in out
    assert "arXiv:1605.08386 (REF-001)" in out  # already listed: not looked up again
    assert fake.controls.requests() == []  # a dry run sends nothing
    code, out, _ = search(capsys, str(project), "--dry-run", "--format", "json", "-q", "Glauber")
    data = json.loads(out)
    assert data["queries"]["arxiv"][0] == "all:glauber"
    assert data["skipped"] == {"pubmed": "not a biomedical problem"}


def test_draft_and_missing_problems_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    draft = write_problem(tmp_path, DRAFT, "draft")
    code, _, err = search(capsys, str(draft), "--write")
    assert code == 2 and "No defined problem found" in err and "draft" in err
    assert not (draft / "LITERATURE.md").exists() and not (draft / "JOURNAL.md").exists()
    empty = tmp_path / "nothing"
    empty.mkdir()
    code, _, err = search(capsys, str(empty))
    assert code == 2 and "No defined problem found" in err
    code, _, err = search(capsys, str(draft), "--dry-run")
    assert code == 2 and "No defined problem found" in err


def test_search_without_write_prints_and_writes_nothing(
    graphs_dir: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    code, out, err = search(capsys, str(graphs_dir))
    assert code == 0
    assert "Found " in out and "confirmed" in out and re.search(r"Top \d+:", out)
    assert "Would write:" in out and "LITERATURE.md (create)" in out
    assert "Run again with --write" in out
    assert f"[arXiv] query 1/{QUOTA['arxiv']}" in err and "[verify]" in err
    assert sorted(p.name for p in graphs_dir.iterdir()) == ["PROBLEM.md"]


def test_write_then_incremental_search(
    graphs_dir: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    code, _, err = search(capsys, str(graphs_dir), "--write")
    assert code == 0, err
    lit = LiteratureDoc((graphs_dir / "LITERATURE.md").read_text(encoding="utf-8"))
    first = [e.id for e in lit.entries]
    assert "REF-001" in first and "UREF-001" in first
    assert lit.frontmatter.get("confirmed_count") == len(lit.confirmed)
    assert len(lit.history) == 1
    journal = JournalDoc((graphs_dir / "JOURNAL.md").read_text(encoding="utf-8"))
    (lit1,) = journal.entries
    assert lit1.id == "LIT-001" and lit1.fields.value("strategy_type") == "broad-survey"
    assert check_errors(capsys, graphs_dir) == []
    assert check_errors(capsys, graphs_dir, "--online") == []

    # Second search: new queries only, no paper twice, numbering continued.
    code, _out, err = search(capsys, str(graphs_dir), "--write")
    assert code == 0, err
    lit2 = LiteratureDoc((graphs_dir / "LITERATURE.md").read_text(encoding="utf-8"))
    assert len(lit2.history) == 2
    # The queries each search ran are in its LIT- entry (the row keeps a readable summary)
    jdoc = JournalDoc((graphs_dir / "JOURNAL.md").read_text(encoding="utf-8"))
    tried = [jdoc.text[e.span.start : e.span.end] for e in jdoc.entries]
    q1, q2 = prior_queries([], tried[0]), prior_queries([], tried[1])
    assert q1 and q2 and not q1 & q2
    assert all(len(row.cells[1]) < 400 for row in lit2.history)
    keys = papers(lit2)
    for i in range(3):
        values = [k[i] for k in keys if k[i]]
        assert len(values) == len(set(values)), values  # no arXiv id, DOI or title twice
    ids = [e.id for e in lit2.entries]
    assert set(first) <= set(ids)
    new_refs = [e.number for e in lit2.confirmed if e.id not in first]
    # The first search asks for 25 results a query: the 36-paper fake corpus may hold nothing
    # more that is relevant. Whatever the second adds continues the numbering.
    if new_refs:
        assert min(new_refs) == max(e.number for e in lit.confirmed) + 1
    for kind in ("REF", "UREF"):
        numbers = [e.number for e in lit2.entries if e.kind == kind]
        assert numbers == sorted(numbers) and len(numbers) == len(set(numbers))
    journal2 = JournalDoc((graphs_dir / "JOURNAL.md").read_text(encoding="utf-8"))
    assert [e.id for e in journal2.entries] == ["LIT-001", "LIT-002"]
    assert journal2.entries[1].fields.value("strategy_type") == "targeted-search"
    assert journal2.frontmatter.get("total_entries") == 2
    assert check_errors(capsys, graphs_dir) == []


def test_verify_write_straight_after_search_write_restamps_nothing(
    graphs_dir: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    code, _, err = search(capsys, str(graphs_dir), "--write")
    assert code == 0, err
    lit = graphs_dir / "LITERATURE.md"
    written = lit.read_bytes()
    stamps = [e.verified.url for e in LiteratureDoc(written.decode()).confirmed if e.verified]
    assert any("/openalex/works/" in (u or "") for u in stamps), stamps
    main(["verify", str(graphs_dir), "--write", "--no-cache"])
    err = capsys.readouterr().err
    assert "nothing changed" in err, err
    assert lit.read_bytes() == written


def test_explicit_query_is_targeted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    folder = write_problem(tmp_path, PRIMES, "primes")
    code, _out, err = search(capsys, str(folder), "--write", "-q", "small gaps between primes")
    assert code == 0, err
    lit = LiteratureDoc((folder / "LITERATURE.md").read_text(encoding="utf-8"))
    assert "Small gaps between primes" in [e.title for e in lit.confirmed]
    first_query = prior_queries([], (folder / "JOURNAL.md").read_text(encoding="utf-8"))
    assert 'arxiv: all:"small gaps" and all:primes' in first_query
    journal = JournalDoc((folder / "JOURNAL.md").read_text(encoding="utf-8"))
    entry = journal.entries[0]
    assert entry.fields.value("strategy_type") == "targeted-search"
    assert 'Targeted search: "small gaps between primes"' in entry.title


def test_json_output(
    graphs_dir: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    code, out, _ = search(capsys, str(graphs_dir), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["outcome"] == "SUCCEEDED" and data["strategy"] == "broad-survey"
    assert data["backends"]["pubmed"]["status"] == "skipped"
    statuses = {c["title"]: c["status"] for c in data["candidates"]}
    assert statuses["Ramanujan graphs"] == "confirmed"
    assert all(c["verified"] for c in data["candidates"] if c["status"] == "confirmed")
    assert data["unresolved"] == [
        {
            "identifier": "arXiv:2301.99999",
            "reason": "arXiv returned no entry for 2301.99999",
            "pending": False,
        }
    ]
    assert data["writes"]["literature"]["created"] is True and data["written"] is False
    # Per backend: the queries that returned nothing and the share of them.
    for report in data["backends"].values():
        assert 0.0 <= report["zero_hit_rate"] <= 1.0 and isinstance(report["empty"], list)
    # Below the line: shown with what each says, never among the written candidates.
    assert isinstance(data["below_the_line"], list)
    written = {c["title"] for c in data["candidates"]}
    for item in data["below_the_line"]:
        assert item["title"] not in written and item["relevance"] and item["why"]


def test_below_the_line_is_remembered_for_the_editor(
    graphs_dir: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    from mathlsp.search import below

    code, out, _ = search(capsys, str(graphs_dir), "--format", "json")
    assert code == 0
    shown = json.loads(out)["below_the_line"]
    with Cache(Path(fake_env["MATHLSP_CACHE_DIR"])) as cache:
        recalled = below.recall(cache, graphs_dir)
    # The papers shown, each stamped with the search's own time (an added one's Reason names it).
    assert [{k: v for k, v in i.items() if k != "set_aside_at"} for i in recalled] == shown
    # One stamp for the one search (none when a loaded machine's timeouts left nothing below).
    stamps = {i["set_aside_at"] for i in recalled}
    assert len(stamps) <= 1
    assert all(dt.datetime.fromisoformat(at).tzinfo is not None for at in stamps)


def test_all_down_writes_nothing(
    graphs_dir: Path,
    capsys: pytest.CaptureFixture[str],
    fake_env: dict[str, str],
    fake: FakeScholar,
) -> None:
    # An outage is not research: no FAILED literature attempt that dead-end detection would read.
    fake.controls.add_fault("503", None, count=100_000)
    code, out, err = search(capsys, str(graphs_dir), "--write")
    assert code == 1
    assert "no source answered; nothing was written" in err
    assert "HTTP 503" in out
    assert not (graphs_dir / "LITERATURE.md").exists()
    assert not (graphs_dir / "JOURNAL.md").exists()


def test_offline_search_gives_up_fast_with_one_line_per_backend(
    graphs_dir: Path,
    capsys: pytest.CaptureFixture[str],
    fake_env: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once closed: connection refused
    for var in [v for v in fake_env if v.endswith("_URL")]:
        monkeypatch.setenv(var, f"http://127.0.0.1:{port}/down")
    journal = graphs_dir / "JOURNAL.md"
    code, _out, err = search(capsys, str(graphs_dir), "--write")
    assert code == 1
    assert not journal.exists()
    gave_up = [line for line in err.splitlines() if "unreachable" in line]
    # One line per backend that was asked, however many queries it had.
    backends = {line.split("]")[0] for line in gave_up}
    assert len(gave_up) == len(backends) and len(backends) >= 3, err
    assert "retrying" not in err


def test_rate_limit_storm_is_visible_on_stderr(
    graphs_dir: Path,
    capsys: pytest.CaptureFixture[str],
    fake_env: dict[str, str],
    fake: FakeScholar,
) -> None:
    fake.controls.add_fault("429", "arxiv", count=3)
    fake.controls.add_fault("429", "semantic_scholar", count=3)
    code, out, err = search(capsys, str(graphs_dir))
    assert code == 0
    assert "[arXiv] arXiv rate-limited, retrying" in err
    assert "[Semantic Scholar] Semantic Scholar rate-limited, retrying" in err
    assert "down" not in out.split("Found")[0]


def test_user_edit_during_the_search_wins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str], fake: FakeScholar
) -> None:
    user_text = '---\nproblem: "graphs"\n---\n# Literature\n\nMy own notes.\n'
    folder = write_problem(tmp_path, GRAPHS, "graphs", LITERATURE=user_text)
    lit_path = folder / "LITERATURE.md"
    fake.controls.set_latency(0.4)
    edited = "\nA line I typed while the search ran.\n"

    def edit_when_searching() -> None:
        deadline = time.monotonic() + 20
        while not fake.controls.requests() and time.monotonic() < deadline:
            time.sleep(0.01)
        with lit_path.open("a", encoding="utf-8") as handle:
            handle.write(edited)

    editor = threading.Thread(target=edit_when_searching)
    editor.start()
    try:
        code, _out, err = search(capsys, str(folder), "--write")
    finally:
        editor.join()
    assert code == 2
    assert "LITERATURE.md changed while the search ran; nothing was written" in err
    assert lit_path.read_text(encoding="utf-8") == user_text + edited
    assert not (folder / "JOURNAL.md").exists()


def test_a_write_that_fails_keeps_the_results(
    graphs_dir: Path,
    capsys: pytest.CaptureFixture[str],
    fake_env: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import mathlsp.fsutil

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied", str(graphs_dir / "LITERATURE.md"))

    monkeypatch.setattr(mathlsp.fsutil, "write_if_unchanged", refuse)
    code, out, err = search(capsys, str(graphs_dir), "--write")
    assert code == 1
    assert "could not write to" in err and "Permission denied" in err
    saved = Path(err.split("the results are saved in ")[1].split(" (")[0])
    literature = (saved / "LITERATURE.md").read_text(encoding="utf-8")
    assert "### REF-001" in literature and (saved / "JOURNAL.md").exists()
    assert "Top " in out  # and the report is printed in full
    assert not (graphs_dir / "LITERATURE.md").exists()


def test_a_read_only_journal_stops_the_write_of_both_files(
    graphs_dir: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    journal = graphs_dir / "JOURNAL.md"
    journal.write_text("# Research Journal\n", encoding="utf-8")
    journal.chmod(0o444)
    code, _out, err = search(capsys, str(graphs_dir), "--write")
    assert code == 1
    assert "could not write to" in err and "read-only file" in err
    assert "the results are saved in " in err
    # Every file or none: LITERATURE.md is not written without its journal entry.
    assert not (graphs_dir / "LITERATURE.md").exists()
    assert journal.read_text(encoding="utf-8") == "# Research Journal\n"


def test_on_a_terminal_the_queries_are_shown_and_asked_first(
    graphs_dir: Path,
    capsys: pytest.CaptureFixture[str],
    fake_env: dict[str, str],
    fake: FakeScholar,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    fake.controls.clear_log()
    code, out, err = search(capsys, str(graphs_dir), "--write")
    assert code == 0 and "Queries for graphs" in out and "cancelled" in err
    assert fake.controls.requests() == [] and not (graphs_dir / "LITERATURE.md").exists()
    # --yes skips the question; a script (stdin not a terminal) is never asked.
    monkeypatch.setattr("builtins.input", lambda prompt: pytest.fail("asked"))
    code, out, _err = search(capsys, str(graphs_dir), "--yes")
    assert code == 0 and "Top " in out


def test_the_report_lists_ten_with_venue_links_and_abstracts(
    graphs_dir: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    # A first search's verification is cached, so the next ones have the requests it took for
    # feedback queries (search/feedback.py), which bring more papers: compare two warm runs.
    search(capsys, str(graphs_dir), "--format", "json")
    code, out, _err = search(capsys, str(graphs_dir), "--format", "json")
    candidates = json.loads(out)["candidates"]
    assert {"venue", "open_access_url", "abstract", "citations"} <= set(candidates[0])
    code, out, _err = search(capsys, str(graphs_dir))
    assert code == 0
    top = out.split("Top ")[1]
    entries = [line for line in top.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert len(entries) == min(10, len(candidates))  # all of them up to ten, not three
    assert "open access: http" in top
    assert any(c["venue"] and c["venue"] in top for c in candidates)


def test_the_report_says_what_following_the_references_did(
    graphs_dir: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    code, out, _ = search(capsys, str(graphs_dir), "--format", "json")
    assert code == 0
    followed = json.loads(out)["followed_references"]
    assert followed["seeds"] and followed["requests"] >= 1  # which papers, at what cost
    written = {c["title"] for c in json.loads(out)["candidates"]}
    assert set(followed["only_by_following"]) <= set(followed["written"]) <= written
    assert isinstance(followed["below_the_line"], int)
    code, out, _ = search(capsys, str(graphs_dir))
    assert code == 0
    (line,) = [x for x in out.splitlines() if x.startswith("Followed the references of")]
    assert re.search(r"\(\d+ requests?\): \d+ cited works?, \d+ new to this search", line)
    expanded = [x for x in out.splitlines() if x.startswith("  expanded: ")]
    assert len(expanded) == len(followed["seeds"])
    # Each paper below the line says what it matched and why it was set aside.
    shown = [x for x in out.splitlines() if x.startswith("    Set aside: ")]
    below = [x for x in out.splitlines() if x.startswith("Below the line (")]
    assert bool(shown) == bool(below)


def test_a_follow_up_that_finds_only_listed_papers_is_partial(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    # The same subject asked twice in other words: the second search finds the papers the first
    # wrote. It had results but added nothing: PARTIAL ("some results but gaps remain", seed
    # 004 §9), neither SUCCEEDED nor FAILED; and no count changed, so none is said to have.
    folder = write_problem(tmp_path, PRIMES, "primes")
    code, _out, err = search(capsys, str(folder), "--write", "-q", "small gaps between primes")
    assert code == 0, err
    written = LiteratureDoc((folder / "LITERATURE.md").read_text(encoding="utf-8"))
    code, out, err = search(capsys, str(folder), "--write", "-q", "gaps between primes small")
    assert code == 0, err
    lit = LiteratureDoc((folder / "LITERATURE.md").read_text(encoding="utf-8"))
    journal = JournalDoc((folder / "JOURNAL.md").read_text(encoding="utf-8"))
    assert [e.id for e in journal.entries] == ["LIT-001", "LIT-002"]
    second = journal.entries[1]
    assert [e.id for e in lit.entries] == [e.id for e in written.entries]  # nothing new
    assert second.outcome == "PARTIAL", second.outcome
    assert second.fields.value("artifacts_produced") == (
        "[LITERATURE.md](LITERATURE.md): a Search History row, no new entries"
    )
    reasoning = second.fields.value("reasoning")
    nothing_new = r"Nothing new: the \d+ papers found on the problem are already in LITERATURE\.md"
    assert re.match(nothing_new + r" \(REF-001, REF-", reasoning), reasoning
    tried = second.fields.value("what_was_tried")
    assert "0 new candidates" in tried and "already listed" in tried and "Queries: `" in tried
    assert "LIT-002 PARTIAL" in out and "SUCCEEDED" not in out and "FAILED" not in out
    (said,) = [x for x in out.splitlines() if "LITERATURE.md (update)" in x]
    assert "no new entries" in said and "counts" not in said, said


def test_a_doi_is_written_as_given_and_compared_whatever_its_case(
    graphs_dir: Path, capsys: pytest.CaptureFixture[str], fake_env: dict[str, str]
) -> None:
    # PROBLEM.md and the sources write `10.1007/BF02126799`: LITERATURE.md shows that form, not
    # a lower-cased one; and the next search still knows the paper is listed.
    code, _, err = search(capsys, str(graphs_dir), "--write")
    assert code == 0, err
    text = (graphs_dir / "LITERATURE.md").read_text(encoding="utf-8")
    assert "- **DOI:** 10.1007/BF02126799\n" in text
    # Every DOI mathlsp writes (the entry's, the Search History's PROBLEM.md ids); a re-check
    # URL is the request as it was sent, not a DOI written.
    lower = [x for x in text.splitlines() if "bf02126799" in x and "**Verified:**" not in x]
    assert lower == [], lower
    assert "PROBLEM.md ids looked up: arXiv:1304.4132, doi:10.1007/BF02126799" in text
    code, out, err = search(capsys, str(graphs_dir), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert not [
        c for c in data["candidates"] if (c.get("doi") or "").lower() == "10.1007/bf02126799"
    ]
