"""merge → rank → write over generated result sets: never an exception, always a valid file.

Papers come from any subset of backends (or only from the PROBLEM.md References lookup), with
duplicates across backends, missing fields, zero results, confirmed, refuted and pending checks.
The written LITERATURE.md must parse back with every new entry, and its checks must not raise.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathlsp.checks import CheckSettings, check_document
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.loader import LoadedText
from mathlsp.search.merge import REFERENCE, Found, Hit, merge_records
from mathlsp.search.queries import build_queries
from mathlsp.search.rank import rank_candidates
from mathlsp.search.run import BackendReport, SearchResult
from mathlsp.search.write import plan_writes
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.pipeline import ReferenceCheck
from tests.search.conftest import GRAPHS, problem

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
BACKENDS = ("arxiv", "semantic_scholar", "openalex", "crossref", "theoremsearch")
REPORTS = (*BACKENDS, "pubmed", "zbmath")
WORDS = ["Ramanujan", "graphs", "expander", "spectral", "bipartite", "interlacing", "the",
         "of", "families", "$d$-regular", "`code`", "#", "|", "**", "é", "REF-001", "[V]",
         "---"]  # fmt: skip

titles = st.lists(st.sampled_from(WORDS), min_size=0, max_size=8).map(" ".join)
authors = st.lists(
    st.builds(Author, st.sampled_from(["Marcus", "Spielman", "", "Ó Briain", "van der X"]),
              st.sampled_from([None, "A.", "Nikhil"])),
    max_size=3,
).map(tuple)  # fmt: skip
records = st.builds(
    PaperRecord,
    backend=st.sampled_from(BACKENDS),
    title=titles,
    authors=authors,
    year=st.one_of(st.none(), st.integers(1900, 2030)),
    abstract=st.one_of(st.none(), titles),
    arxiv_id=st.one_of(st.none(), st.sampled_from(["1304.4132", "math/0211159", "2301.00001"])),
    doi=st.one_of(st.none(), st.sampled_from(["10.4007/annals.2015.182.1.7", "10.5555/x"])),
    citation_count=st.one_of(st.none(), st.integers(0, 10_000)),
    url=st.sampled_from(["", "http://export.arxiv.org/api/query?id_list=1304.4132"]),
)
outcomes = st.sampled_from(["confirmed", "unconfirmed", "pending", "missing"])


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    found=st.lists(st.tuples(records, st.integers(0, 9)), max_size=8),
    listed=st.lists(records, max_size=3),
    verdicts=st.lists(outcomes, min_size=12, max_size=12),
    existing=st.booleans(),
)
def test_any_result_set_writes_a_valid_literature_file(
    found, listed, verdicts, existing, tmp_path_factory
) -> None:
    prob = problem(GRAPHS)
    plan = build_queries(prob)
    reports = {b: BackendReport(b) for b in REPORTS}
    hits = [Found(r, Hit(r.backend, "q", rank)) for r, rank in found]
    # PROBLEM.md References: no discovery backend found these (the crash of issue 12).
    references = [Found(r, Hit(REFERENCE, f"reference {i + 1}", 0)) for i, r in enumerate(listed)]
    candidates, dropped = rank_candidates(merge_records(hits, references), plan.terms)
    checks = {}
    for candidate, verdict in zip(candidates, verdicts, strict=False):
        if verdict == "missing":
            continue
        checks[candidate.key] = ReferenceCheck(
            candidate.key,
            "candidate",
            "confirmed" if verdict == "confirmed" else "unconfirmed",
            () if verdict == "confirmed" else ("not found",),
            source="arxiv",
            url="http://export.arxiv.org/api/query?id_list=1304.4132",
            record=candidate.by_priority[0] if candidate.records else None,
            pending=verdict == "pending",
            checked_at=NOW,
        )
    for candidate in candidates:
        _ = candidate.source_label  # every candidate can say where it came from
    result = SearchResult(
        problem_dir=Path("/p/graphs"),
        problem=prob,
        plan=plan,
        started_at=NOW,
        literature_text=None,
        journal_text=None,
        backends=reports,
        candidates=candidates,
        checks=checks,
        dropped=dropped,
    )
    writes = plan_writes(result)
    if writes.literature is None:
        return
    doc = LiteratureDoc(writes.literature.text)
    confirmed = {c.key for c in result.confirmed}
    assert sum(e.kind == "REF" for e in doc.entries) == len(confirmed)
    for entry in doc.entries:
        if entry.kind == "REF":
            assert entry.verified is not None and entry.verified.url  # never unstamped
    if writes.journal is not None:
        JournalDoc(writes.journal.text)
    root = tmp_path_factory.mktemp("graphs")
    folder = ProblemFolder(
        root,
        reader=lambda p: (
            LoadedText(writes.literature.text)
            if p.name == "LITERATURE.md"
            else LoadedText(None, "absent")
        ),
    )
    check_document(folder, root / "LITERATURE.md", CheckSettings())
