"""The dashboard is derived from the evidence: for any journal written by `journal add`, its
counts are the journal's, it never says "no attempt" above an attempt, the state advances with
the work, and the next action names the entry or gap it comes from."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.journal import OUTCOMES, PROOF_STRATEGIES, JournalDoc
from mathlsp.notes.journal_render import NewJournalEntry, write_journal_entry
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.problem import ProblemDoc
from mathlsp.notes.templates import fill_template
from mathlsp.research.dashboard import ProblemFiles, derive_state, render_dashboard
from mathlsp.research.project import plan_resume

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
PROBLEM = """\
---
title: "Zero density and primes in short intervals"
status: defined
domain: number-theory
tags: [primes, short-intervals]
---
# Problem

Show that every interval $[x, x + x^{0.52}]$ contains a prime for large $x$.
"""

entry_spec = st.tuples(
    st.sampled_from(["PROOF", "LIT", "COMP", "NOTE"]),
    st.sampled_from(OUTCOMES),
    st.sampled_from(PROOF_STRATEGIES),
    st.text(alphabet="abcdefghij klmno", min_size=1, max_size=20).filter(str.strip),
)


def _journal(specs: list[tuple[str, str, str, str]]) -> str:
    text = fill_template("JOURNAL.md", {"PROBLEM_SLUG": "p", "PROBLEM_TITLE": "P"})
    for i, (category, outcome, strategy, title) in enumerate(specs):
        entry = NewJournalEntry(
            category=category,
            title=title,
            insight="what was learnt",
            outcome=outcome,
            strategy_type=strategy if category == "PROOF" else "",
            what_was_tried="something",
            timestamp=NOW + dt.timedelta(minutes=i),
        )
        text, _ = write_journal_entry(text, entry)
    return text


def _count(pattern: str, text: str) -> int:
    m = re.search(pattern, text)
    return int(m.group(1)) if m else 0


def _outcomes(section: str) -> Counter[str]:
    m = re.search(r": \d+ \(([^)]*)\)", section)
    found: Counter[str] = Counter()
    for part in m.group(1).split(", ") if m else []:
        n, outcome = part.split(" ", 1)
        found[outcome] = int(n)
    return found


def _section(text: str, title: str) -> str:
    return text.split(f"### {title}\n", 1)[1].split("\n#", 1)[0]


@settings(max_examples=150, deadline=None)
@given(st.lists(entry_spec, max_size=14))
def test_dashboard_counts_equal_the_journals(specs: list[tuple[str, str, str, str]]) -> None:
    journal = JournalDoc(_journal(specs))
    files = ProblemFiles(slug="p", problem=ProblemDoc(PROBLEM), journal=journal)
    text = render_dashboard(files, 1, NOW)
    expected = Counter(c for c, *_ in specs)
    proof = _section(text, "Proof Progress")
    comps = _section(text, "Computations")
    lit = _section(text, "Literature Found")
    assert _count(r"Proof attempts: (\d+)", proof) == expected["PROOF"]
    assert _count(r"Computations: (\d+)", comps) == expected["COMP"]
    assert _count(r"Literature searches: (\d+)", lit) == expected["LIT"]
    assert _outcomes(proof) == Counter(o for c, o, *_ in specs if c == "PROOF")
    assert _outcomes(comps) == Counter(o for c, o, *_ in specs if c == "COMP")
    # Never "none" above an entry that exists, and the provenance is the latest entry.
    assert ("No proof attempt" in proof) == (expected["PROOF"] == 0)
    assert ("No computation" in comps) == (expected["COMP"] == 0)
    assert ("No literature search" in lit) == (expected["LIT"] == 0)
    for category, section in (("PROOF", proof), ("COMP", comps), ("LIT", lit)):
        if expected[category]:
            assert f"_Source: {category}-{expected[category]:03d} by" in section
    # The state follows the work.
    state = derive_state(files)
    assert f"**State:** {state}" in text
    if expected["PROOF"] or expected["COMP"]:
        assert state in ("ATTEMPTS_IN_PROGRESS", "PROOF_COMPLETE")
    elif expected["LIT"]:
        assert state == "LITERATURE_REVIEWED"
    else:
        assert state == "PROBLEM_DEFINED"
    # The next action says where it comes from.
    because = text.rsplit("_Because: ", 1)[1]
    assert re.match(r"(PROOF|LIT)-\d{3}|no |PROBLEM\.md", because)


def test_state_advances_with_the_work_and_state_md_follows(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "PROBLEM.md").write_text(PROBLEM.replace("status: defined", "status: draft"))
    states = []

    def resume() -> str:
        plan = plan_resume(folder, NOW)
        plan.apply()
        state_md = (folder / "STATE.md").read_text(encoding="utf-8")
        state = re.search(r'current_state: "?(\w+)', state_md)
        assert state is not None
        dashboard = (folder / "DASHBOARD.md").read_text(encoding="utf-8")
        assert f"**State:** {state.group(1)}" in dashboard
        states.append(state.group(1))
        return dashboard

    resume()
    (folder / "PROBLEM.md").write_text(PROBLEM)
    resume()
    specs = [("LIT", "SUCCEEDED", "direct", "survey")]
    (folder / "JOURNAL.md").write_text(_journal(specs))
    resume()
    specs += [("PROOF", "FAILED", "direct", "zero density")]
    (folder / "JOURNAL.md").write_text(_journal(specs))
    text = resume()
    assert "_Because: PROOF-001 (FAILED)_" in text
    specs += [("PROOF", "SUCCEEDED", "reduction", "via the large sieve")]
    (folder / "JOURNAL.md").write_text(_journal(specs))
    resume()
    assert states == [
        "INITIALIZED",
        "PROBLEM_DEFINED",
        "LITERATURE_REVIEWED",
        "ATTEMPTS_IN_PROGRESS",
        "PROOF_COMPLETE",
    ]


def test_references_without_a_search_entry_count_as_reviewed() -> None:
    lit = LiteratureDoc("## Confirmed References\n\n### REF-001: A paper\n- **Year:** 2020\n")
    files = ProblemFiles(slug="p", problem=ProblemDoc(PROBLEM), literature=lit)
    assert derive_state(files) == "LITERATURE_REVIEWED"
    abandoned = ProblemDoc(PROBLEM.replace("status: defined", "status: abandoned"))
    assert derive_state(ProblemFiles(slug="p", problem=abandoned)) == "ABANDONED"
