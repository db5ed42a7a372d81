"""The async layer against the fake scholarly server: discovery → merge → rank → verify."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path

import pytest

from mathlsp.notes.literature import LiteratureDoc
from mathlsp.search.queries import build_queries
from mathlsp.search.run import ProblemNotReady, run_search
from mathlsp.search.write import plan_writes
from mathlsp.sources import Sources
from tests.fakescholar import FakeScholar
from tests.search.conftest import DRAFT, EPIDEMIC, GRAPHS, problem, write_problem

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


class Progress(list[tuple[str, str]]):
    def __call__(self, backend: str, message: str) -> None:
        self.append((backend, message))

    def text(self) -> str:
        return "\n".join(f"{b}: {m}" for b, m in self)


async def test_full_search(graphs_dir: Path, sources: Sources, fake: FakeScholar) -> None:
    progress = Progress()
    result = await run_search(graphs_dir, sources, on_progress=progress, now=NOW)
    titles = [c.title for c in result.confirmed]
    assert "Interlacing families I: Bipartite Ramanujan graphs of all degrees" in titles
    assert "A proof of Alon's second eigenvalue conjecture and related problems" in titles
    assert "Ramanujan graphs" in titles  # the PROBLEM.md DOI, looked up directly
    assert all(result.check(c).url for c in result.confirmed)  # type: ignore[union-attr]
    assert 1 <= len(result.candidates) <= 20
    # arXiv:2301.99999 is unknown: an honest unresolved reference.
    assert [(str(u.identifier), u.pending) for u in result.unresolved] == [
        ("arxiv:2301.99999", False)
    ]
    # Non-arXiv TheoremSearch hits are context only.
    assert result.theorem_context and all(not h.is_arxiv for h in result.theorem_context)
    assert not any(c.found_by == ["theoremsearch"] and not c.arxiv_id for c in result.candidates)
    # Friedman's paper came through TheoremSearch too: its statement is attached, as quoted.
    friedman = next(c for c in result.candidates if c.arxiv_id == "cs/0405020")
    assert "theoremsearch" in friedman.found_by
    assert any("2\\sqrt{d-1}" in t.body for t in friedman.theorems)
    assert result.outcome == "SUCCEEDED" and result.strategy == "broad-survey"
    # Granular progress: every query of every backend, and the verification.
    for backend in ("arxiv", "semantic_scholar", "openalex", "theoremsearch"):
        assert sum(1 for b, m in progress if b == backend and m.startswith("query 1/")) == 2
    assert any(b == "verify" for b, _ in progress)
    assert any(b == "problem" for b, _ in progress)
    # Following the references: the progress line counts what the report counts.
    f = result.followed
    assert (
        f.ran
        and (
            "references",
            f"{f.cited} cited works from {len(f.seeds)} papers, {f.found} new found",
        )
        in progress
    )
    # Batched verification: one arXiv id_list call for every candidate's arXiv id.
    id_lists = [r for r in fake.controls.requests("arxiv") if "id_list" in r.query]
    assert len(id_lists) <= 2  # the PROBLEM.md lookup and the verification


async def test_draft_or_missing_problem(tmp_path: Path, sources: Sources) -> None:
    draft = write_problem(tmp_path, DRAFT, "draft")
    with pytest.raises(ProblemNotReady, match=r"No defined problem found.*draft"):
        await run_search(draft, sources)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ProblemNotReady, match="No defined problem found"):
        await run_search(empty, sources)


async def test_zbmath_is_asked_in_the_problems_classes(
    graphs_dir: Path, sources: Sources, fake: FakeScholar
) -> None:
    result = await run_search(graphs_dir, sources, now=NOW)
    asked = [r.query["search_string"][0] for r in fake.controls.requests("zbmath") if r.query]
    # The combinatorics domain's class, with the subject: no `msc:` in this PROBLEM.md.
    assert 'cc:05 & ti:"ramanujan graphs"' in asked
    assert len([q for q in result.plan.queries if q.backend == "zbmath"]) <= 2
    # Its record joins the paper the other sources found: one candidate, relevance as any other.
    lps = next(c for c in result.candidates if c.title == "Ramanujan graphs")
    assert "zbmath" in lps.found_by and any(r.zbl_id == "0661.05035" for r in lps.records)
    assert result.backends["zbmath"].answered


async def test_zbmath_drops_classes_that_empty_its_query(
    tmp_path: Path, sources: Sources, fake: FakeScholar
) -> None:
    # A wrong class (fluid mechanics for a graph problem) empties the classed query; the
    # broadening asks the same title phrase without it, and zbMATH's record is found.
    text = GRAPHS.replace("domain: combinatorics", "domain: combinatorics\nmsc: [76D05]", 1)
    result = await run_search(write_problem(tmp_path, text, "graphs"), sources, now=NOW)
    asked = [r.query["search_string"][0] for r in fake.controls.requests("zbmath") if r.query]
    assert 'cc:76D05 & ti:"ramanujan graphs"' in asked
    assert 'ti:"ramanujan graphs"' in asked
    report = result.backends["zbmath"]
    assert report.broadened and report.zero_hit_rate < 1
    lps = next(c for c in result.candidates if c.title == "Ramanujan graphs")
    assert any(r.zbl_id == "0661.05035" for r in lps.records)


async def test_zbmath_broadens_only_its_first_query(
    tmp_path: Path, sources: Sources, fake: FakeScholar
) -> None:
    # No zbMATH title says "spectral gap", in the class or out of it: the subject's query and
    # its broadening, then the next query as planned, never broadened.
    text = GRAPHS.replace("tags: [ramanujan-graphs,", "tags: [spectral-gap, ramanujan-graphs,", 1)
    result = await run_search(write_problem(tmp_path, text, "graphs"), sources, now=NOW)
    asked = [r.query["search_string"][0] for r in fake.controls.requests("zbmath") if r.query]
    assert asked[:2] == ['cc:05 & ti:"spectral gap"', 'ti:"spectral gap"']
    assert all(q.startswith("cc:05 & ") for q in asked[2:])
    assert len(result.backends["zbmath"].broadened) == 1


async def test_one_backend_down(graphs_dir: Path, sources: Sources, fake: FakeScholar) -> None:
    fake.controls.add_fault("503", "semantic_scholar", count=1000)
    progress = Progress()
    result = await run_search(graphs_dir, sources, on_progress=progress, now=NOW)
    assert result.down == ["semantic_scholar"]
    assert not result.all_down
    assert result.confirmed  # arXiv, OpenAlex and TheoremSearch carried the search
    # Server errors retry quietly; giving up is what the progress says.
    assert "Semantic Scholar HTTP 503; gave up" in progress.text()
    assert "retrying" not in progress.text()
    writes = plan_writes(result)
    assert writes.history_row is not None
    assert "Semantic Scholar down (" in writes.history_row[1]
    assert writes.history_row[3] == "0 (down)"
    # The down backend's queries are not recorded as run: the next search tries them again.
    assert "`semantic_scholar:" not in writes.history_row[1]


async def test_theoremsearch_down_never_fails(
    graphs_dir: Path, sources: Sources, fake: FakeScholar
) -> None:
    fake.controls.add_fault("503", "theoremsearch", count=1000)
    result = await run_search(graphs_dir, sources, now=NOW)
    assert result.down == ["theoremsearch"] and result.outcome == "SUCCEEDED"


async def test_429_storm_is_retried_and_reported(
    graphs_dir: Path, sources: Sources, fake: FakeScholar
) -> None:
    for backend in ("arxiv", "semantic_scholar", "openalex"):
        fake.controls.add_fault("429", backend, count=3)
    progress = Progress()
    result = await run_search(graphs_dir, sources, on_progress=progress, now=NOW)
    assert result.down == [] and result.confirmed
    text = progress.text()
    assert "arXiv rate-limited, retrying" in text
    assert "Semantic Scholar rate-limited, retrying" in text
    # The relay is removed afterwards.
    assert sources.on_event is None


async def test_all_down(graphs_dir: Path, sources: Sources, fake: FakeScholar) -> None:
    fake.controls.add_fault("503", None, count=10_000)
    result = await run_search(graphs_dir, sources, now=NOW)
    assert result.all_down and result.outcome == "FAILED"
    assert not result.confirmed
    writes = plan_writes(result)
    # An outage is not research: neither LITERATURE.md nor a FAILED LIT- entry in JOURNAL.md.
    assert writes.literature is None and writes.journal is None and writes.files == []


async def test_pending_verification_is_unconfirmed_never_confirmed(
    graphs_dir: Path, sources: Sources, fake: FakeScholar
) -> None:
    calls = 0
    original = sources.lookup_many

    async def failing_lookups(*args: object, **kwargs: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 1:  # the PROBLEM.md identifiers
            return await original(*args, **kwargs)  # type: ignore[arg-type]
        fake.controls.add_fault("503", None, count=10_000)
        return await original(*args, use_cache=False)  # type: ignore[arg-type]

    sources.lookup_many = failing_lookups  # type: ignore[method-assign]
    result = await run_search(graphs_dir, sources, now=NOW)
    assert result.candidates and not result.confirmed
    assert all(result.check(c).pending for c in result.candidates)  # type: ignore[union-attr]
    assert result.outcome == "PARTIAL"
    writes = plan_writes(result)
    assert writes.literature is not None
    doc = LiteratureDoc(writes.literature.text)
    assert not doc.confirmed and doc.unconfirmed
    reasons = [e.fields.value("reason") for e in doc.unconfirmed]
    assert all("pending" in r or "returned no entry for 2301.99999" in r for r in reasons)
    assert sum("pending" in r for r in reasons) == len(result.candidates)


async def test_cancellation_stops_cleanly(
    graphs_dir: Path, sources: Sources, fake: FakeScholar
) -> None:
    fake.controls.set_latency(2.0)
    task = asyncio.create_task(run_search(graphs_dir, sources, now=NOW))
    for _ in range(200):
        if fake.controls.requests():
            break
        await asyncio.sleep(0.01)
    started = asyncio.get_running_loop().time()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert asyncio.get_running_loop().time() - started < 1.0
    assert sources.on_event is None


async def test_already_listed_papers_are_not_candidates(tmp_path: Path, sources: Sources) -> None:
    literature = """---
problem: "graphs"
---
## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|

## Confirmed References

### REF-004: Interlacing families I: Bipartite Ramanujan graphs of all degrees
- **Authors:** Adam W. Marcus, Daniel A. Spielman, Nikhil Srivastava
- **Year:** 2015
- **arXiv ID:** 1304.4132v2

## Synthesis

## Unconfirmed References

### UREF-002: A proof of Alon's second eigenvalue conjecture and related problems
- **Authors:** Joel Friedman
- **Year:** 2008
- **Reason:** not checked yet
"""
    folder = write_problem(tmp_path, GRAPHS, "graphs", LITERATURE=literature)
    result = await run_search(folder, sources, now=NOW)
    listed = {e for _, e in result.already_listed}
    assert {"REF-004", "UREF-002"} <= listed
    assert not any(c.arxiv_id in ("1304.4132", "cs/0405020") for c in result.candidates)
    assert "arxiv:1304.4132" not in {str(i) for i in result.looked_up}


async def test_biomedical_problem_uses_pubmed_not_theoremsearch(
    tmp_path: Path, sources: Sources, fake: FakeScholar
) -> None:
    folder = write_problem(tmp_path, EPIDEMIC, "sir")
    result = await run_search(folder, sources, now=NOW)
    assert result.backends["pubmed"].answered
    assert result.backends["theoremsearch"].skipped == "not a mathematics problem"
    assert fake.controls.requests("theoremsearch") == []
    assert "A contribution to the mathematical theory of epidemics" in [
        c.title for c in result.confirmed
    ]


async def test_nothing_new_to_ask(graphs_dir: Path, sources: Sources, fake: FakeScholar) -> None:
    plan = build_queries(problem(GRAPHS))
    plan.queries, plan.references = [], []
    result = await run_search(graphs_dir, sources, plan=plan, now=NOW)
    assert result.nothing_to_do and not result.all_down
    assert fake.controls.requests() == []
    writes = plan_writes(result)
    assert writes.literature is None and writes.journal is None


async def test_semantic_scholar_searches_mathematics_papers_for_a_math_problem(
    graphs_dir: Path, sources: Sources, fake: FakeScholar
) -> None:
    await run_search(graphs_dir, sources, now=NOW)
    searches = [r for r in fake.controls.requests("semantic_scholar") if "search" in r.path]
    assert searches and all(r.query.get("fieldsOfStudy") == ["Mathematics"] for r in searches)


NAMED = r"""---
title: "Long arithmetic progressions in dense sets"
status: defined
domain: combinatorics
tags: [arithmetic-progressions, additive-combinatorics]
---
# Problem

Find quantitative bounds for sets of integers without $k$-term arithmetic progressions.

## Known Results

- Dense sets of integers contain arbitrarily long arithmetic progressions (Szemerédi, 1975).
- The polynomial growth theorem for groups (Gromov, 1981).
- The invented progression bound (Fabricius, 1999).

## References

- Lubotzky, Phillips and Sarnak, *Ramanujan graphs*, 1988
"""


async def test_works_the_problem_names_are_found_and_verified(
    tmp_path: Path, sources: Sources, fake: FakeScholar
) -> None:
    folder = write_problem(tmp_path, NAMED, "progressions")
    result = await run_search(folder, sources, now=NOW)
    assert len(result.named_found) == 3, (result.named_found, result.named_unfound)
    assert [u for u in result.named_unfound if "Fabricius" in u] == result.named_unfound
    titles = {c.title: c for c in result.confirmed}
    szemeredi = titles["On sets of integers containing no k elements in arithmetic progression"]
    assert szemeredi.problem_reference and szemeredi.problem_reference.startswith("Known Result 1")
    assert "Ramanujan graphs" in titles  # a References line without an identifier
    writes = plan_writes(result)
    doc = LiteratureDoc(writes.literature.text)
    entry = next(e for e in doc.entries if e.title.startswith("On sets of integers"))
    assert "names in Known Result 1" in entry.fields.value("relevance")
    assert "Fabricius" in writes.journal_entry.what_was_tried  # reported by name


async def test_an_empty_query_is_broadened_once_and_recorded(
    tmp_path: Path, sources: Sources, fake: FakeScholar
) -> None:
    from mathlsp.search.queries import PlannedQuery, QueryPlan

    folder = write_problem(tmp_path, GRAPHS, "broaden")
    base = build_queries(problem(GRAPHS), backends=["arxiv"])
    nothing = PlannedQuery(
        "arxiv",
        'all:"zzqx wwvv" AND all:"qqzz"',
        "known result 1",
        'all:"ramanujan graphs"',
    )
    plan = QueryPlan([nothing], base.terms, [], base.primary_categories, ())
    result = await run_search(folder, sources, plan=plan, follow_references=False)
    report = result.backends["arxiv"]
    assert report.empty == [nothing]
    (wider,) = report.broadened
    assert wider.query == 'all:"ramanujan graphs"' and report.papers
    assert report.zero_hit_rate == 0.5  # one of the two answered queries returned nothing
    journal = plan_writes(result).journal
    assert journal is not None and '`arxiv: all:"ramanujan graphs"`' in journal.text


async def test_a_byline_answer_off_the_topic_is_broadened_and_kept(
    tmp_path: Path, sources: Sources, fake: FakeScholar
) -> None:
    from mathlsp.search.queries import PlannedQuery, QueryPlan

    folder = write_problem(tmp_path, GRAPHS, "byline")
    base = build_queries(problem(GRAPHS), backends=["openalex"])
    # The tag's word finds Friedman's work; none of it says the topic's phrase: the query on the
    # topic alone goes out as it would have after an empty answer, and Friedman's work stays.
    byline = PlannedQuery(
        "openalex",
        'raw_author_name.search:"Friedman" "zzqx bipartite" OR eigenvalue',
        "author + topic",
        '"zzqx bipartite" OR "bipartite ramanujan"',
        ("Friedman",),
    )
    plan = QueryPlan([byline], base.terms, [], base.primary_categories, ())
    result = await run_search(folder, sources, plan=plan, follow_references=False)
    report = result.backends["openalex"]
    assert report.empty == []  # it answered: not a zero-hit query
    assert [q.query for q in report.broadened] == ['"zzqx bipartite" OR "bipartite ramanujan"']
    titles = {c.title for c in (*result.candidates, *result.dropped)}
    assert "A proof of Alon's second eigenvalue conjecture and related problems" in titles
    assert "Interlacing families I: Bipartite Ramanujan graphs of all degrees" in titles


async def test_references_of_the_strongest_papers_are_followed(
    graphs_dir: Path, sources: Sources, fake: FakeScholar
) -> None:
    result = await run_search(graphs_dir, sources)
    followed = result.followed
    assert followed.ran and 1 <= len(followed.seeds) <= 4
    assert followed.looked_up <= 25
    # What was followed faced the same line: nothing admitted without a specific match.
    for c in result.candidates:
        assert c.problem_reference is not None or c.found


async def test_openalex_topic_queries_are_broadened_twice_a_search_at_most(
    tmp_path: Path, sources: Sources, fake: FakeScholar
) -> None:
    from mathlsp.search.queries import PlannedQuery, QueryPlan
    from mathlsp.search.run import TOPIC_BROADENINGS

    folder = write_problem(tmp_path, GRAPHS, "topics")
    base = build_queries(problem(GRAPHS), backends=["openalex"])
    # Three key objects no work says as a phrase, each broadened to words many works say: the
    # third broadening takes no request (a spare query would have it).
    wider = ["ramanujan graphs", "bipartite graphs", "regular graphs"]
    assert len(wider) > TOPIC_BROADENINGS
    empty = [
        PlannedQuery("openalex", f'"zzqx wwvv{i}"', "key object", w) for i, w in enumerate(wider)
    ]
    plan = QueryPlan(list(empty), base.terms, [], base.primary_categories, ())
    result = await run_search(folder, sources, plan=plan, follow_references=False)
    report = result.backends["openalex"]
    assert [q.query for q in report.empty][: len(empty)] == [q.query for q in empty]
    assert [q.query for q in report.broadened] == wider[:TOPIC_BROADENINGS]


def test_spares_are_wasted_once_more_than_the_limit_of_answers_came_back_empty() -> None:
    from mathlsp.search.queries import PlannedQuery
    from mathlsp.search.run import SPARE_ZERO_HIT, BackendReport

    qs = [PlannedQuery("openalex", f"q{i}", "key object") for i in range(4)]
    report = BackendReport("openalex", queries=qs, answered=list(qs))
    assert not report.spares_wasted(SPARE_ZERO_HIT)  # nothing empty yet
    report.empty = qs[:2]
    assert not report.spares_wasted(SPARE_ZERO_HIT)  # two in four: at the limit, not above
    report.empty = qs[:3]
    assert report.spares_wasted(SPARE_ZERO_HIT)
    assert not BackendReport("openalex").spares_wasted(SPARE_ZERO_HIT)  # nothing asked


@pytest.mark.parametrize("empties", [0, 2])
async def test_openalex_spares_go_out_only_while_most_answers_are_not_empty(
    tmp_path: Path, sources: Sources, fake: FakeScholar, empties: int
) -> None:
    from mathlsp.search.queries import PlannedQuery, QueryPlan

    folder = write_problem(tmp_path, GRAPHS, f"spares{empties}")
    base = build_queries(problem(GRAPHS), backends=["openalex"])
    # Queries no work says (and no broadening) next to one the index answers.
    nothing = [PlannedQuery("openalex", f'"zzqx wwvv{i}"', "key object") for i in range(empties)]
    found = PlannedQuery("openalex", '"ramanujan graphs"', "key object")
    spare = PlannedQuery("openalex", '"bipartite graphs"', "key object")
    plan = QueryPlan([*nothing, found], base.terms, [], base.primary_categories, (), spare=[spare])
    result = await run_search(folder, sources, plan=plan, follow_references=False)
    report = result.backends["openalex"]
    assert len(report.empty) == empties
    assert [q.query for q in report.spare] == ([] if empties else [spare.query])
