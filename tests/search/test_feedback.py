"""Pseudo-relevance feedback: the field's words read off the strongest papers of the first round."""

from __future__ import annotations

from pathlib import Path

from mathlsp.search.dated import dated_citations
from mathlsp.search.feedback import (
    FEEDBACK_QUERIES,
    FIELD_ACRONYMS,
    MORE_FEEDBACK_QUERIES,
    acronym_phrases,
    ask_feedback,
    cited_title_phrases,
    feedback_phrases,
    feedback_queries,
    field_acronyms,
    problem_words,
    strong_papers,
)
from mathlsp.search.merge import REFERENCE, Candidate, Found, Hit, merge_records
from mathlsp.search.queries import PlannedQuery, Term, build_queries
from mathlsp.search.rank import Match
from mathlsp.search.run import MAX_REQUESTS, BackendReport, run_search
from mathlsp.search.write import plan_writes
from mathlsp.sources import Sources
from mathlsp.sources.budget import RequestBudget, current_budget, spending
from mathlsp.sources.record import Author, PaperRecord
from tests.search.conftest import GRAPHS, problem

PROBLEM = (
    "Porous medium flow driven by a Riesz-potential pressure: existence of weak solutions, "
    "Barenblatt-type profiles, Holder regularity."
)


def paper(title: str, abstract: str = "", *, named: bool = False, terms: int = 0) -> Candidate:
    record = PaperRecord(
        backend="openalex", title=title, abstract=abstract, authors=(Author("Vazquez", "J."),)
    )
    hit = Hit(REFERENCE if named else "openalex", "q", 0)
    (c,) = merge_records([Found(record, hit)])
    if named:
        c.problem_reference = "References 1"
    return saying(c, terms)


def saying(c: Candidate, terms: int) -> Candidate:
    """`c` with `terms` distinct terms found in its title."""
    c.found = [
        Match(Term(f"term number {i}", "keyword", 1.0, f"term number {i}"), "title", 1.0)
        for i in range(terms)
    ]
    c.evidence = float(terms)
    return c


def test_strong_papers_are_the_named_ones_then_those_saying_two_specific_terms() -> None:
    one = paper("A paper saying one term", terms=1)
    two = paper("A paper saying two terms", terms=2)
    three = paper("A paper saying three terms", terms=3)
    named = paper("The paper the problem lists", named=True)
    assert strong_papers([one, two, three, named]) == [named, three, two]


def test_the_papers_the_model_put_above_the_line_are_read_before_those_by_evidence() -> None:
    one = paper("A paper saying one term", terms=1)
    two = paper("A paper saying two terms", terms=2)
    three = paper("A paper saying three terms", terms=3)
    named = paper("The paper the problem lists", named=True)
    # The first round's list, best first by the model: a paper saying one term may lead it.
    above = [named, one, two]
    assert strong_papers([one, two, three, named], above=above) == [named, one, two, three]


def test_a_phrase_two_strong_papers_say_and_the_problem_does_not_is_asked() -> None:
    strong = [
        paper("Regularity of the fractional porous medium flow", terms=2),
        paper("Classical solutions for fractional porous medium flow", terms=2),
        paper("Weak solutions and self-similar decay", terms=2),
    ]
    phrases = feedback_phrases(strong, PROBLEM)
    assert phrases[0] == "fractional porous medium"
    # Said by the problem ("weak solutions"): not the field's other words.
    assert not any("weak solution" in p for p in phrases)
    # One strong paper's title is how title-only records of the field are found: after the
    # phrases several papers share; one paper's abstract alone is not the field's.
    assert phrases.index("classical solutions") > 0
    lone = paper("Unrelated words", "An entropy dissipation inequality is derived.", terms=2)
    assert not any("entropy" in p for p in feedback_phrases([*strong, lone], PROBLEM))


def test_the_title_of_a_paper_the_problem_names_counts_alone() -> None:
    named = paper("The nonlocal porous medium equation: Barenblatt profiles", named=True)
    assert "nonlocal porous medium" in feedback_phrases([named], PROBLEM)
    # Its abstract is one paper's say, as any other's.
    abstract = paper(
        "Title words here", "An entropy dissipation inequality is derived.", named=True
    )
    assert not any("entropy" in p for p in feedback_phrases([abstract], PROBLEM))


def test_a_phrase_already_asked_or_inside_a_chosen_one_is_not_asked_again() -> None:
    strong = [
        paper("Uniform large deviations for parabolic SPDEs", terms=2),
        paper("Uniform large deviations for Burgers-type SPDEs", terms=2),
    ]
    phrases = feedback_phrases(strong, "Freidlin-Wentzell estimates")
    assert len([p for p in phrases if "large deviation" in p]) == 1
    asked = feedback_phrases(
        strong, "Freidlin-Wentzell estimates", ['"uniform large deviations" OR "spde"']
    )
    assert not any("large deviation" in p for p in asked)


def test_feedback_is_two_openalex_queries_of_any_phrase() -> None:
    plan = build_queries(problem(GRAPHS))
    strong = [
        paper(
            "Spectral gap of the random lift of a graph",
            "Random lifts have a spectral gap.",
            terms=2,
        ),
        paper(
            "Random lift of a graph and its new eigenvalues",
            "Random lifts and spectral gap.",
            terms=2,
        ),
    ]
    queries, report = feedback_queries(plan, strong, "Ramanujan graphs and Alon's conjecture")
    assert 1 <= len(queries) <= FEEDBACK_QUERIES + MORE_FEEDBACK_QUERIES
    assert all(q.backend == "openalex" and q.purpose.startswith("feedback") for q in queries)
    assert '"random lift"' in queries[0].query or '"spectral gap"' in queries[0].query
    assert report.ran and len(report.strong) == 2
    # Without OpenAlex, nothing is asked.
    only_arxiv = build_queries(problem(GRAPHS), backends=["arxiv"])
    assert feedback_queries(only_arxiv, strong, "Ramanujan graphs") == ([], report.__class__())


async def test_feedback_queries_are_sent_recorded_and_within_the_budget(
    graphs_dir: Path, sources: Sources
) -> None:
    result = await run_search(graphs_dir, sources)
    sent = [q for q in result.plan.queries if q.purpose.startswith("feedback")]
    assert sent, "the graphs problem's strongest papers share words it does not use"
    report = result.backends["openalex"]
    assert all(q in report.queries and q in report.answered for q in sent)
    assert result.budget.spent <= MAX_REQUESTS
    # Recorded like any query that ran, so that the next search asks something else.
    journal = plan_writes(result).journal
    assert journal is not None and f"`openalex: {sent[0].query}`" in journal.text


def test_an_acronym_the_problem_never_spells_out_is_asked_first_in_the_papers_words() -> None:
    text = "Finite-time blow-up of PKS solutions is suppressed by an incompressible drift."
    retrieved = [
        paper("Suppression of blow-up in Patlak-Keller-Segel via shear flows"),
        paper("On the Patlak-Keller-Segel system with a drift", "Blow-up is suppressed."),
        paper("Incompressible drift and mixing", "Mixing by flows suppresses blow-up.", terms=2),
        paper("Incompressible drift and enhanced dissipation", "Mixing by flows.", terms=2),
    ]
    asked = ['"blow up of pks solutions"']
    assert acronym_phrases(retrieved, text, asked) == ["patlak keller segel"]
    # An acronym no query asked is a passing mention, not the note's object.
    assert acronym_phrases(retrieved, text, ["incompressible drift"]) == []
    plan = build_queries(problem(GRAPHS))
    plan.queries.append(PlannedQuery("semantic_scholar", "pks solutions", "key object"))
    queries, report = feedback_queries(plan, retrieved, text)
    assert queries and queries[0].query.startswith('"patlak keller segel"')
    assert report.phrases[0] == "patlak keller segel"
    # An acronym the papers write themselves found them already, but a name's letters never
    # found the titles writing the name: still asked (common words are not, below).
    writing = [paper("Patlak-Keller-Segel (PKS) with drift"), paper("PKS blow-up via flows")]
    assert acronym_phrases([*retrieved, *writing], text, asked) == ["patlak keller segel"]
    # Spelled out by the problem, or asked already: nothing to add.
    assert acronym_phrases(retrieved, text + " (Patlak–Keller–Segel)", asked) == []
    assert acronym_phrases(retrieved, text, [*asked, '"patlak keller segel" OR drift']) == []


def test_a_names_acronym_is_spelled_out_even_where_papers_write_it() -> None:
    text = "Rough-data well-posedness and uniqueness for KdV."
    retrieved = [
        paper("KdV is well-posed in H^-1"),
        paper("Global wellposedness of KdV"),
        paper("Steepest descent", "the small dispersion limit of the Korteweg-de Vries (KdV) eq"),
    ]
    asked = ["kdv", '"well posedness"']
    # The letters found the papers writing them, never the titles writing the name.
    assert acronym_phrases(retrieved, text, asked) == ["korteweg de vries"]
    # A field's broad name in common words is not asked where papers write its letters.
    spde = "Support of SPDE solutions."
    writing = [
        paper("SPDEs with reflection"),
        paper("Ergodic SPDEs"),
        paper("Noise", "stochastic partial differential equations (SPDEs) with noise"),
    ]
    assert acronym_phrases(writing, spde, ["spde"]) == []


def test_the_fields_acronym_for_a_phrase_of_the_problem_is_asked_alone() -> None:
    text = "Exact transition probabilities for partially asymmetric exclusion; q-TASEP duality."
    retrieved = [
        paper("Blocking", "particles in the asymmetric simple exclusion process (ASEP), via"),
        paper("TASEP", "the totally asymmetric simple exclusion process (TASEP) is"),
        paper("Integral formulas for the asymmetric simple exclusion process", terms=2),
    ]
    # The note writes q-TASEP: only ASEP is the field's word it never says.
    assert field_acronyms(retrieved, text, ["exclusion process", "bethe ansatz"]) == ["ASEP"]
    assert field_acronyms(retrieved, text, ["bethe ansatz"]) == []
    plan = build_queries(problem(GRAPHS))
    plan.terms.append(Term("exclusion process", "tag", 2.0, "exclusion-process"))
    queries, report = feedback_queries(plan, retrieved, text)
    assert FIELD_ACRONYMS == 1 and "ASEP" in report.phrases
    # A single word goes alone: beside a phrase, the works saying the phrase fill the answer.
    assert [q.query for q in queries if "ASEP" in q.query] == ["ASEP"]


class _Outcome:
    def __init__(self, records: list[PaperRecord]) -> None:
        self.records, self.error = records, None


class _Sources:
    """Answers every search with one record, spending one request of the current budget."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def search(self, backend: str, query: str, limit: int) -> _Outcome:
        budget = current_budget()
        assert budget is not None and budget.try_spend(backend)
        self.asked.append(query)
        return _Outcome([PaperRecord(backend=backend, title=f"Answer to {query}")])


async def test_more_feedback_queries_only_from_requests_left_unspent() -> None:
    plan = build_queries(problem(GRAPHS))
    strong = [
        paper(f"Alpha{i} beta{i} gamma{i} and delta{i} epsilon{i} zeta{i}", terms=2)
        for i in range(6)
    ]
    doc = problem(GRAPHS)
    queries, _ = feedback_queries(plan, strong, problem_words(doc))
    assert len(queries) == FEEDBACK_QUERIES + MORE_FEEDBACK_QUERIES

    async def asked_with(room: int) -> int:
        sources = _Sources()
        budget = RequestBudget(total=100, ceiling=room)
        report = BackendReport("openalex")
        with spending(budget):
            await ask_feedback(plan, strong, doc, sources, report, lambda *_: None, 5)
        return len(sources.asked)

    # Room for the first queries only (verification's reserve): no more than those.
    assert await asked_with(FEEDBACK_QUERIES) == FEEDBACK_QUERIES
    # Requests the phases before left unspent: the further queries go out.
    assert await asked_with(10) == FEEDBACK_QUERIES + MORE_FEEDBACK_QUERIES


def dated_paper(title: str, family: str, year: int, terms: int = 0) -> Candidate:
    record = PaperRecord(
        backend="openalex", title=title, authors=(Author(family, "H."),), year=year
    )
    (c,) = merge_records([Found(record, Hit("openalex", "q", 0))])
    return saying(c, terms)


def test_the_works_the_note_cites_by_people_and_year_are_strong_after_the_listed_ones() -> None:
    kesten = dated_paper("On the number of self-avoiding walks", "Kesten", 1963)
    later = dated_paper("Percolation of another kind", "Kesten", 1980)
    two = paper("A paper saying two terms", terms=2)
    named = paper("The paper the problem lists", named=True)
    cites = dated_citations("Kesten (1963) proves the ratio limit.")
    assert strong_papers([two, later, kesten, named], cited=cites) == [named, kesten, two]
    assert strong_papers([two, later, kesten, named]) == [named, two]


def test_a_cited_title_gives_the_phrase_its_field_says_not_one_papers_nor_the_notes() -> None:
    problem_text = "Counting non-self-intersecting lattice paths and their growth constant."
    cited = [
        dated_paper(
            "Space-time fractional stochastic partial differential equations", "Nane", 2015
        ),
        dated_paper("Intermittence and space-time fractional stochastic equations", "Nane", 2016),
        dated_paper("Strong analytic solutions of lattice paths", "Nane", 2014),
    ]
    others = [
        dated_paper("Blow-up for space-time fractional equations", "Asogwa", 2020),
        *(
            dated_paper(f"Stochastic partial differential equations {i}", "X", 2000)
            for i in range(5)
        ),
    ]
    phrases = cited_title_phrases(cited, [*cited, *others], problem_text)
    # Said by two cited titles (not the wider field's "partial differential equations", which
    # one cited and five other retrieved titles say); the whole title run is read (the phrase
    # sits at its head); overlapping runs are one phrase; "strong analytic solutions" is one
    # title's alone, "lattice paths" the note's own words.
    assert "time fractional" in phrases[0]
    assert not any("analytic" in p or "lattice" in p for p in phrases)
    assert phrases[0] not in cited_title_phrases(cited, cited, problem_text, asked=[phrases[0]])
