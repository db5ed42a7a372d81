"""Rendering a search into LITERATURE.md and JOURNAL.md: pure, from a hand-built SearchResult."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest

from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.render import apply_edits
from mathlsp.search.merge import Candidate, Found, Hit, merge_records
from mathlsp.search.queries import DISCOVERY, QUOTA, Term, build_queries, prior_queries
from mathlsp.search.rank import rank_candidates
from mathlsp.search.run import BackendReport, SearchResult
from mathlsp.search.write import NO_ABSTRACT, NONE_QUOTED, SearchWriteError, plan_writes, text_edits
from mathlsp.sources.errors import HTTPStatusError
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.sources.theoremsearch import TheoremHit
from mathlsp.verify.pipeline import ReferenceCheck
from tests.search.conftest import GRAPHS, problem

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
MSS = PaperRecord(
    backend="arxiv",
    title="Interlacing families I: Bipartite Ramanujan graphs of all degrees",
    authors=(
        Author("Marcus", "Adam W."),
        Author("Spielman", "Daniel A."),
        Author("Srivastava", "Nikhil"),
    ),
    year=2013,
    arxiv_id="1304.4132",
    arxiv_version=2,
    abstract="We prove that there exist infinite families of regular bipartite Ramanujan graphs "
    "of every degree bigger than 2.",
    categories=("math.CO", "math.SP"),
    url="http://export.arxiv.org/api/query?id_list=1304.4132",
)
MSS_S2 = PaperRecord(
    backend="semantic_scholar",
    title=MSS.title,
    authors=MSS.authors,
    year=2015,
    arxiv_id="1304.4132",
    doi="10.4007/annals.2015.182.1.7",
    s2_id="b" * 40,
    citation_count=410,
    url="https://api.semanticscholar.org/graph/v1/paper/ARXIV:1304.4132",
)
FAKE = PaperRecord(
    backend="openalex",
    title="Ramanujan expander graphs that do not exist",
    authors=(Author("Nobody", "A."),),
    # On the problem (a paper the ranking keeps above the line), so that verification is what
    # sets it apart.
    abstract="We bound the second eigenvalue of random regular graphs and compare them with "
    "Ramanujan graphs.",
    year=2020,
    doi="10.5555/nothing",
    openalex_id="W99",
    url="https://api.openalex.org/works/doi:10.5555/nothing",
)
THEOREM = TheoremHit(
    name="Theorem 1.1",
    body="For every $d \\geq 3$ there exists an infinite sequence of $d$-regular bipartite "
    "Ramanujan graphs.",
    theorem_type="theorem",
    similarity=0.8,
    source="arXiv",
    link="http://arxiv.org/abs/1304.4132v2",
    arxiv_id="1304.4132",
    paper_title=MSS.title,
    paper_authors=MSS.authors,
    paper_year=2013,
)
EXISTING = """---
problem: "graphs"
total_papers: 2
confirmed_count: 1
unconfirmed_count: 1
last_search: "2026-01-01T00:00:00Z"
sources_queried: ["arxiv", "crossref"]
---
# Literature

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|
| 2026-01-01 | `arxiv: ti:graphs`; OpenAlex 2 | 3 | 0 | 1 |

## Confirmed References

### REF-007: Some older paper
- **Authors:** A. Person
- **Year:** 1999
- **Source:** arXiv
- **arXiv ID:** math/9901001
- **Abstract:** Old.
- **Relevance:** [S] old.
- **Key Results:** none quoted
- **Confidence:** [S]
- **Verified:** 2026-01-01T00:00:00Z via http://export.arxiv.org/api/query?id_list=math/9901001

## Unconfirmed References

### UREF-002: A believed paper
- **Authors:** B. Person
- **Year:** 2001
- **Source:** memory
- **Reason:** not found
- **Relevance:** maybe
- **Status:** Unconfirmed -- do not cite as established reference
"""


def make_result(literature: str | None, *, s2_down: bool = False) -> SearchResult:
    prob = problem(GRAPHS)
    plan = build_queries(prob)
    reports = {b: BackendReport(b, skipped=plan.skipped_backends.get(b)) for b in DISCOVERY}
    for q in plan.queries:
        reports[q.backend].queries.append(q)
        if s2_down and q.backend == "semantic_scholar":
            reports[q.backend].errors.append(
                str(HTTPStatusError("semantic_scholar", "", "HTTP 503", status=503).message)
            )
            continue
        reports[q.backend].answered.append(q)
    reports["arxiv"].papers = {"arxiv:1304.4132"}
    reports["openalex"].papers = {"doi:10.5555/nothing"}
    if not s2_down:
        reports["semantic_scholar"].papers = {"arxiv:1304.4132"}
    found = [
        Found(MSS, Hit("arxiv", plan.queries[0].query, 0)),
        Found(MSS_S2, Hit("semantic_scholar", "q", 1)),
        Found(THEOREM.paper, Hit("theoremsearch", "q", 0), THEOREM),  # type: ignore[arg-type]
        Found(FAKE, Hit("openalex", "q", 0)),
    ]
    candidates, _ = rank_candidates(merge_records(found), plan.terms)
    mss = next(c for c in candidates if c.arxiv_id)
    fake = next(c for c in candidates if not c.arxiv_id)
    checks = {
        mss.key: ReferenceCheck(
            mss.key,
            "candidate",
            "confirmed",
            (),
            source="arxiv",
            url=MSS.url,
            record=MSS,
            checked_at=NOW,
        ),
        fake.key: ReferenceCheck(
            fake.key,
            "candidate",
            "unconfirmed",
            ("Crossref returned no entry for 10.5555/nothing",),
            checked_at=NOW,
        ),
    }
    return SearchResult(
        problem_dir=Path("/p/graphs"),
        problem=prob,
        plan=plan,
        started_at=NOW,
        literature_text=literature,
        journal_text=None,
        backends=reports,
        candidates=candidates,
        checks=checks,
    )


def test_new_literature_from_the_template() -> None:
    writes = plan_writes(make_result(None))
    assert writes.literature is not None and writes.literature.created
    doc = LiteratureDoc(writes.literature.text)
    assert doc.frontmatter.get("problem") == "graphs"
    assert [s.key for s in doc.sections] == [
        "search_history",
        "confirmed",
        "synthesis",
        "unconfirmed",
    ]
    assert [e.id for e in doc.entries] == ["REF-001", "UREF-001"]
    ref, uref = doc.entries
    assert ref.title == MSS.title and ref.section == "confirmed"
    assert ref.fields.value("authors") == "Adam W. Marcus, Daniel A. Spielman, Nikhil Srivastava"
    assert ref.year == 2015  # the journal year, with the preprint linked by id
    assert ref.fields.value("source") == "arXiv, Semantic Scholar and TheoremSearch (merged)"
    assert ref.arxiv_id is not None and str(ref.arxiv_id) == "1304.4132"
    assert ref.doi == "10.4007/annals.2015.182.1.7"
    assert ref.fields.value("abstract") == MSS.abstract  # the confirming record's, verbatim
    relevance_line = ref.fields.value("relevance")
    assert relevance_line.startswith("[S] Its title says")
    assert "the tag ramanujan-graphs" in relevance_line
    key = ref.fields.value("key_results")
    assert key.startswith('Theorem 1.1: "For every $d \\geq 3$') and THEOREM.link in key
    assert ref.verified is not None and ref.verified.url == MSS.url
    assert ref.verified.timestamp == NOW
    assert uref.section == "unconfirmed" and uref.title == FAKE.title
    assert uref.fields.value("reason") == "Crossref returned no entry for 10.5555/nothing"
    assert uref.doi == "10.5555/nothing"
    fm = doc.frontmatter
    assert (fm.get("total_papers"), fm.get("confirmed_count"), fm.get("unconfirmed_count")) == (
        2,
        1,
        1,
    )
    assert fm.get("last_search") == "2026-03-01T12:00:00Z"
    assert fm.get("sources_queried") == [
        "arxiv",
        "semantic_scholar",
        "openalex",
        "theoremsearch",
        "zbmath",
    ]
    assert [h.title for h in doc.synthesis_subsections] == [
        "Applicable Theorems",
        "Technique Connections",
        "Gaps in Literature",
        "Suggested Reading Order",
    ]


def test_history_row_parses_back() -> None:
    result = make_result(None)
    writes = plan_writes(result)
    assert writes.literature is not None
    doc = LiteratureDoc(writes.literature.text)
    (row,) = doc.history
    assert len(row.cells) == 5
    assert row.cells[0] == "2026-03-01" and row.cells[4] == "1 (REF-001)"
    # The row is a summary a person reads; the exact queries are in the LIT- entry
    assert prior_queries([row.cells]) == set()
    assert writes.journal is not None
    assert prior_queries([], writes.journal.text) == {q.key for q in result.plan.queries}
    # rows written before that still count
    old_row = ["2026-01-01", "`arxiv: all:fiber`; `openalex: x`", "1", "0", "1"]
    assert prior_queries([old_row]) == {"arxiv: all:fiber", "openalex: x"}
    assert "PubMed skipped (not a biomedical problem)" in row.cells[1]
    assert "OpenAlex 1" in row.cells[1]


def test_numbering_continues_and_existing_text_is_kept() -> None:
    writes = plan_writes(make_result(EXISTING))
    assert writes.literature is not None and not writes.literature.created
    text = writes.literature.text
    doc = LiteratureDoc(text)
    assert [e.id for e in doc.entries] == ["REF-007", "REF-008", "UREF-002", "UREF-003"]
    assert len(doc.history) == 2
    assert doc.frontmatter.get("sources_queried") == [
        "arxiv",
        "crossref",
        "semantic_scholar",
        "openalex",
        "theoremsearch",
        "zbmath",
    ]
    assert doc.frontmatter.get("confirmed_count") == 2
    # Every line of the user's text survives, in order.
    old_lines = [
        line
        for line in EXISTING.splitlines()
        if not line.startswith(
            ("total_", "confirmed_count", "unconfirmed_count", "last_search", "sources_queried")
        )
    ]
    new_lines = text.splitlines()
    it = iter(new_lines)
    assert all(any(line == n for n in it) for line in old_lines)
    # The Synthesis section was missing: it is added with its four subsections, in order.
    assert [s.key for s in doc.sections] == [
        "search_history",
        "confirmed",
        "synthesis",
        "unconfirmed",
    ]
    assert len(doc.synthesis_subsections) == 4
    # The edits for the editor reproduce the new text.
    assert apply_edits(EXISTING, writes.literature.edits) == text


def test_synthesis_subsections_added_under_an_empty_section() -> None:
    text = EXISTING.replace(
        "## Unconfirmed References", "## Synthesis\n\n## Unconfirmed References"
    )
    writes = plan_writes(make_result(text))
    assert writes.literature is not None
    assert len(LiteratureDoc(writes.literature.text).synthesis_subsections) == 4


def test_no_theorem_quoted_is_said_honestly() -> None:
    result = make_result(None)
    for c in result.candidates:
        c.theorems.clear()
    writes = plan_writes(result)
    assert writes.literature is not None
    ref = LiteratureDoc(writes.literature.text).confirmed[0]
    said = ref.fields.value("key_results")
    assert said.startswith(NONE_QUOTED)
    # Never "read the abstract" above an entry without one.
    if ref.fields.value("abstract") == NO_ABSTRACT:
        assert said.endswith("read the paper at its link.")
    else:
        assert said.endswith("The abstract above says what it proves.")


def test_a_statement_on_nothing_of_the_problem_is_not_quoted() -> None:
    # TheoremSearch returns what is similar to the query: a sentence that points back ("this
    # phenomenon") or a statement on something else is not a Key Result of the problem.
    result = make_result(None)
    for c in result.candidates:
        if c.theorems:
            c.theorems[:] = [
                replace(THEOREM, body="We prove an asymptotic form of this phenomenon."),
                replace(
                    THEOREM,
                    name="Lemma 2",
                    body="The Neumann series of a contraction converges absolutely.",
                    link=None,
                ),
            ]
    writes = plan_writes(result)
    assert writes.literature is not None
    ref = LiteratureDoc(writes.literature.text).confirmed[0]
    said = ref.fields.value("key_results")
    assert said.startswith(
        "None quoted: none of the 2 statements TheoremSearch returned from this paper says one "
        "of the problem's objects."
    ), said
    assert "phenomenon" not in said


def test_backend_down_is_noted_in_the_history() -> None:
    writes = plan_writes(make_result(None, s2_down=True))
    assert writes.history_row is not None
    summary = writes.history_row[1]
    n = QUOTA["semantic_scholar"]
    assert f"Semantic Scholar down (HTTP 503): {n} queries not run" in summary
    assert "`semantic_scholar:" not in summary
    assert writes.history_row[3] == "0 (down)"
    assert writes.journal_entry is not None
    assert "Unavailable: Semantic Scholar (HTTP 503)" in writes.journal_entry.reasoning


def test_journal_entry() -> None:
    writes = plan_writes(make_result(None))
    assert writes.journal is not None and writes.journal.created
    doc = JournalDoc(writes.journal.text)
    (entry,) = [e for e in doc.entries if e.category == "LIT"]
    assert entry.number == 1 and writes.journal_id == "LIT-001"
    fields = entry.fields
    assert fields.value("strategy_type") == "broad-survey"
    assert fields.value("outcome") == "SUCCEEDED"  # 1 confirmed, 1 unconfirmed: not outnumbered
    assert "ramanujan-graphs" in fields.value("tags")
    insight = fields.value("insight")
    assert insight.startswith("The confirmed paper is from 2015;")
    assert "math.CO (1)" in insight
    assert "No confirmed paper matches the tags expander-graphs" in insight
    assert "REF-001" in fields.value("artifacts_produced")


def test_text_edits_are_minimal() -> None:
    old = "a\nb\nc\n"
    new = "a\nB\nc\nd\n"
    edits = text_edits(old, new)
    assert apply_edits(old, edits) == new
    assert len(edits) == 2


def test_candidate_class_is_what_write_reads() -> None:
    # A guard for the LSP wiring: the public attributes it will show.
    c = Candidate([MSS])
    assert (c.title, c.year, c.arxiv_id, c.doi) == (MSS.title, 2013, "1304.4132", None)


def test_api_text_cannot_open_an_html_comment() -> None:
    result = make_result(None)
    result.candidates[0].records[0] = replace(MSS, title=MSS.title + " <!-- hidden")
    writes = plan_writes(result)
    assert writes.literature is not None
    doc = LiteratureDoc(writes.literature.text)
    assert [e.id for e in doc.entries] == ["REF-001", "UREF-001"]
    assert "&lt;!-- hidden" in doc.entries[0].title


def test_api_html_and_javascript_links_are_written_inert() -> None:
    result = make_result(None)
    evil = " <img src=x onerror=alert(1)> [see](javascript:alert(document.cookie))"
    result.candidates[0].records[0] = replace(MSS, title=MSS.title + evil)
    writes = plan_writes(result)
    assert writes.literature is not None
    text = writes.literature.text
    assert "<img" not in text and "javascript:" not in text
    assert "&lt;img src=x" in text and "[see]()" in text
    assert [e.id for e in LiteratureDoc(text).entries] == ["REF-001", "UREF-001"]


def test_unsafe_frontmatter_is_refused() -> None:
    broken = EXISTING.replace('problem: "graphs"', "problem: [unclosed")
    with pytest.raises(SearchWriteError, match="cannot be updated safely"):
        plan_writes(make_result(broken))


def test_crlf_documents_stay_crlf() -> None:
    crlf = EXISTING.replace("\n", "\r\n")
    writes = plan_writes(make_result(crlf))
    assert writes.literature is not None
    text = writes.literature.text
    assert "\n" not in text.replace("\r\n", "")
    assert [e.id for e in LiteratureDoc(text).entries] == [
        "REF-007",
        "REF-008",
        "UREF-002",
        "UREF-003",
    ]


def test_numbers_of_moved_references_are_never_reused() -> None:
    # `verify --write` moved REF-008 and REF-009 to Unconfirmed References; the next search must
    # not hand REF-008 to another paper (old mentions of REF-008 mean the moved one).
    moved = EXISTING.replace(
        "- **Reason:** not found",
        "- **Reason:** arXiv returned no entry (moved from REF-009 on 2026-02-01)",
    )
    result = replace(make_result(moved), journal_text="Compare REF-011 with UREF-005.\n")
    writes = plan_writes(result)
    assert writes.literature is not None
    ids = [e.id for e in LiteratureDoc(writes.literature.text).entries]
    assert ids == ["REF-007", "REF-012", "UREF-002", "UREF-006"]


def test_the_relevance_line_claims_only_what_the_text_holds() -> None:
    from mathlsp.search.queries import Term
    from mathlsp.search.write import relevance_text

    terms = [
        Term("prime gaps", "tag", 1.0, "prime-gaps", echoed=True),
        Term("sieve methods", "tag", 1.0, "sieve-methods", echoed=True),
        Term("bounded gaps", "keyword", 1.0, "bounded gaps"),
        Term("maynard sieve", "keyword", 1.0, "Maynard sieve"),
        Term("admissible tuples", "keyword", 1.0, "admissible tuples"),
    ]
    filler = " ".join(f"Sentence {i} on primes." for i in range(30))
    paper = merge_records(
        [
            Found(
                PaperRecord(
                    backend="arxiv",
                    title="Bounded gaps between primes",
                    arxiv_id="2407.00001",
                    authors=(Author("Zhang"),),
                    abstract=f"We use sieve methods. {filler} The Maynard sieve also applies.",
                ),
                Hit("theoremsearch", "q", 0),
                theorem=TheoremHit(
                    name="Theorem 1",
                    body="Every admissible tuples set has infinitely many prime translates.",
                    theorem_type="theorem",
                    similarity=0.8,
                    source="arXiv",
                    link=None,
                ),
            )
        ]
    )[0]
    rank_candidates([paper], terms)
    line = relevance_text(paper).lower()
    assert 'its title says "bounded gaps" and has the words of the tag prime-gaps' in line
    assert "its abstract says the tag sieve-methods" in line
    assert 'its abstract mentions "maynard sieve" in passing' in line
    assert 'a quoted statement says "admissible tuples"' in line


def test_the_relevance_line_says_how_rare_each_phrase_is_and_never_names_prose() -> None:
    from mathlsp.search.queries import Term
    from mathlsp.search.write import relevance_text

    terms = [
        Term("zero density", "keyword", 1.0, "zero density"),
        Term("riemann zeta", "keyword", 1.0, "Riemann zeta"),
        Term("schoenfeld gave", "keyword", 1.0, "Schoenfeld gave"),
    ]

    def paper(n: int, title: str, abstract: str) -> Found:
        record = PaperRecord(
            backend="arxiv", title=title, arxiv_id=f"2407.{n:05d}", abstract=abstract
        )
        return Found(record, Hit("arxiv", "q", n))

    found = [paper(1, "Explicit zero density for the Riemann zeta function", "Schoenfeld gave.")]
    found += [paper(n, f"On the Riemann zeta function {n}", "Moments.") for n in range(2, 25)]
    pool = merge_records(found)
    rank_candidates(pool, terms)
    target = next(c for c in pool if c.title.startswith("Explicit"))
    line = relevance_text(target)
    assert '"zero density" (the only one of the 24 papers found to say it)' in line
    assert '"Riemann zeta" (all 24)' in line
    assert "schoenfeld" not in line.lower()  # prose is never a reason
    other = next(c for c in pool if c.title.endswith(" 7"))
    assert '"Riemann zeta" (said by all 24 papers found)' in relevance_text(other)


def test_a_paper_admitted_by_the_person_the_statement_names_says_so() -> None:
    from mathlsp.search.rank import Match
    from mathlsp.search.write import relevance_text

    c = merge_records(
        [
            Found(
                PaperRecord(
                    backend="arxiv",
                    title="A contribution to the mathematical theory of epidemics",
                    arxiv_id="2407.00009",
                    authors=(Author("W. O. Kermack"), Author("A. G. McKendrick")),
                ),
                Hit("arxiv", "q", 0),
            )
        ]
    )[0]
    c.found = [
        Match(Term("kermack", "author", 1.0, "Kermack"), "title", 1.0),
        Match(Term("mckendrick", "author", 1.0, "McKendrick"), "title", 1.0),
    ]
    line = relevance_text(c)
    assert line.startswith("By Kermack and McKendrick, whom PROBLEM.md names;")
    assert "returned by the search" not in line.lower()
    # With the plan's terms, the line names the subject's words the title says: the route
    # read them, and a name alone never lets a paper in.
    terms = [Term("epidemic models", "tag", 2.0, "epidemic-models")]
    line = relevance_text(c, None, None, terms)
    assert line == (
        "By Kermack and McKendrick, whom PROBLEM.md names; its title says the word "
        '"epidemics" of the problem\'s subject, no phrase of it whole.'
    )


def test_the_relevance_line_never_names_people_or_prose_as_reasons() -> None:
    from mathlsp.search.queries import Term
    from mathlsp.search.write import relevance_text

    problem = (
        "# Problem\n\nMalle predicts the count of number fields. Bounds are known for few "
        "groups: Alberts, Lemke Oliver, Wang, Wood.\n"
    )
    terms = [
        Term("number fields", "keyword", 1.0, "number fields"),
        Term("lemke oliver", "keyword", 1.0, "lemke oliver"),
        Term("malle predicts", "keyword", 1.0, "malle predicts"),
        Term("thorne", "keyword", 0.75, "thorne"),
    ]
    record = PaperRecord(
        backend="arxiv",
        title="Counting number fields",
        arxiv_id="2407.00031",
        authors=(Author("Frank Thorne"),),
        abstract="Following Lemke Oliver and Thorne, and as Malle predicts, we count.",
    )
    [paper] = merge_records([Found(record, Hit("arxiv", "q", 0))])
    rank_candidates([paper], terms)
    line = relevance_text(paper, None, problem)
    assert '"number fields"' in line
    # Names as the problem writes them, the paper's own author, a person and what they do.
    for not_a_reason in ("lemke", "malle", "thorne"):
        assert not_a_reason not in line.lower(), not_a_reason
    # Without the problem, the paper's authors are still known: its author is no reason.
    assert "thorne" not in relevance_text(paper).lower()

    # A set-aside paper is described as a written one is: the editor's "Add set-aside paper"
    # writes this line into LITERATURE.md, so the note's prose is no reason there either.
    from types import SimpleNamespace

    from mathlsp.search.write import describer

    result = SimpleNamespace(
        plan=SimpleNamespace(user_query=None, terms=terms), problem=SimpleNamespace(text=problem)
    )
    assert describer(result)(paper) == line  # type: ignore[arg-type]
    assert "lemke" in relevance_text(paper).lower()  # what a line without the note says


def _near(
    title: str, abstract: str | None, shares: list[tuple[str, float]], *tags: str
) -> Candidate:
    """A paper let in only for its nearness to the note, saying the tags `tags` in its abstract,
    whose nearness `shares` (`Candidate.near_words`) split."""
    from mathlsp.search.rank import Match

    record = PaperRecord(
        backend="arxiv",
        title=title,
        arxiv_id="2407.00077",
        authors=(Author("Adam J. Harper"),),
        abstract=abstract,
    )
    [c] = merge_records([Found(record, Hit("arxiv", "q", 0))])
    c.found = [Match(Term(t.replace("-", " "), "tag", 1.0, t), "text", 0.1, 30, 200) for t in tags]
    c.near_words = shares
    return c


NOTE = (
    "---\ntags: [random-multiplicative-functions]\n---\n# Problem\n\n## Background\n\n"
    "Harper proved that the partial sums $\\sum_{n \\le x} f(n)$ of a Steinhaus random"
    " multiplicative function show better than square-root cancellation; the fluctuations in"
    " short intervals are sharply Gaussian. Rademacher functions on divisors of 2024 are open.\n"
)


def test_near_note_words_are_the_notes_words_the_paper_writes_never_a_named_or_prose_one() -> None:
    from mathlsp.search.write import near_note_words

    shares = [
        ("background", 0.09),  # a heading of the note, not its prose
        ("fluctuation", 0.08),
        ("random", 0.07),  # a word of the tag the line names
        ("harper", 0.06),  # the person the note cites
        ("sum", 0.05),  # only in a formula of the paper
        ("sharply", 0.045),  # an adverb: prose
        ("rademacher", 0.04),
        ("2024", 0.035),
        ("interval", 0.03),
        ("steinhaus", 0.02),
    ]
    c = _near(
        "Fluctuations in short intervals",
        "Background. Following Harper, random Rademacher multiplicative functions on"
        " $\\sum_{n}$ show sharply Gaussian fluctuations in intervals; 2024. Steinhaus too.",
        shares,
        "random-multiplicative-functions",
    )
    # Largest share first, in the paper's own form; a word the note always capitalises is a
    # name (`objects.why_not_an_object`), never a reason.
    assert near_note_words(c, NOTE) == ["fluctuations", "intervals"]
    # Without the note, the paper's words alone (the note's headings and people unknown; the
    # paper's own author is still not a reason), a name as the paper writes it.
    assert near_note_words(c, None) == ["Background", "fluctuations", "Rademacher"]
    assert near_note_words(c, None, limit=1) == ["Background"]
    # A paper let in by the other rules has no nearness to explain.
    c.near_words = []
    assert near_note_words(c, NOTE) == []


def test_the_relevance_line_of_a_paper_near_the_note_names_the_words_it_shares() -> None:
    from mathlsp.search.write import relevance_text

    shares = [("fluctuation", 0.08), ("interval", 0.03), ("divisor", 0.02), ("steinhaus", 0.01)]
    abstract = "Multiplicative chaos: Gaussian fluctuations in short intervals, on divisors."
    c = _near("Sums of random multiplicative functions", abstract, shares, "multiplicative-chaos")
    line = relevance_text(c, None, NOTE)
    assert line == (
        "Its abstract says the tag multiplicative-chaos (said by 30 of the 200 papers found); "
        'its title and abstract share the note\'s rarer words "fluctuations", "intervals" and '
        '"divisors".'
    )
    # A title-only record says it of its title; one word is a word.
    c = _near("Fluctuations of random multiplicative functions", None, shares[:1], "moments")
    assert relevance_text(c, None, NOTE).endswith(
        'its title shares the note\'s rarer word "fluctuations".'
    )
    # Without the field the line is what it was.
    c.near_words = []
    assert "note" not in relevance_text(c, None, NOTE)


def test_one_word_of_a_family_stands_for_it_and_a_participle_for_none() -> None:
    from mathlsp.search.write import near_note_words

    shares = [("periodic", 0.1), ("period", 0.05), ("quantized", 0.03), ("two", 0.02)]
    shares += [("gklo", 0.015), ("arxiv", 0.012), ("orbit", 0.01)]
    c = _near("On orbits", "We count quantized periodic GKLO orbits of period two (arXiv).", shares)
    # A lone participle is a property without its noun, a number in words notation, initials
    # or a name's spelling a name: none is a reason.
    assert near_note_words(c) == ["periodic", "orbits"]


def test_a_stamp_names_the_source_that_did_not_cross_check_and_never_says_pending() -> None:
    result = make_result(None)
    mss = next(c for c in result.candidates if c.arxiv_id)
    partly = replace(
        result.checks[mss.key],
        reasons=("not cross-checked — OpenAlex not asked: the search's request budget was spent",),
        single_source=True,
    )
    writes = plan_writes(replace(result, checks={**result.checks, mss.key: partly}))
    assert writes.literature is not None
    (ref,) = LiteratureDoc(writes.literature.text).confirmed
    assert ref.verified is not None and ref.verified.url == MSS.url
    assert ref.verified.raw.endswith(
        "(only source reachable) (not cross-checked — OpenAlex not asked: the search's request "
        "budget was spent; `mathlsp verify` will cross-check it)"
    )
    assert "pending" not in ref.verified.raw


def test_the_report_names_only_the_frontmatter_a_write_changed() -> None:
    from mathlsp.search.write import frontmatter_changed

    head = "---\nproblem: p\ntotal_papers: {n}\nconfirmed_count: {n}\nlast_search: {t}\n---\n"
    old = head.format(n=2, t="2026-01-01")
    assert frontmatter_changed(None, old) == "counts"  # a new file: every count is new
    assert frontmatter_changed(old, head.format(n=3, t="2026-02-01")) == "counts"
    assert frontmatter_changed(old, head.format(n=2, t="2026-02-01")) == "`last_search`"
    assert frontmatter_changed(old, old) == ""
