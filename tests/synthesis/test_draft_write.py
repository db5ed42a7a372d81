from __future__ import annotations

from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.problem import ProblemDoc
from mathlsp.notes.render import apply_edits
from mathlsp.sources.theoremsearch import TheoremHit
from mathlsp.synthesis.draft import (
    Evidence,
    draft,
    key_result_quotes,
    problem_terms,
    theorems_from_hits,
)
from mathlsp.synthesis.graph import build_graph
from mathlsp.synthesis.review import accept_edits, draft_lines, line_hash, mark, unreviewed
from mathlsp.synthesis.run import offline_evidence
from mathlsp.synthesis.write import write_draft
from tests.synthesis.fixtures import LITERATURE, PROBLEM


def evidence(text: str = LITERATURE, problem: str = PROBLEM, graph: bool = True) -> Evidence:
    doc = LiteratureDoc(text)
    ev = offline_evidence(doc, ProblemDoc(problem))
    if graph:
        # REF-002 (Maynard) cites REF-003 (Zhang) and REF-001; REF-001 cites REF-004.
        keys = {e.id: {f"ref:{e.id}"} for e in doc.confirmed}
        cites = {
            "REF-001": [{"ref:REF-004"}],
            "REF-002": [{"ref:REF-003"}, {"ref:REF-001"}],
            "REF-003": [{"ref:REF-001"}],
            "REF-004": [],
        }
        ev.graph = build_graph(keys, cites)
    return ev


def synthesis(text: str) -> str:
    return text[text.index("## Synthesis") : text.index("## Unconfirmed")]


def test_key_results_quotes_are_parsed_and_hits_kept_only_for_confirmed_papers() -> None:
    doc = LiteratureDoc(LITERATURE)
    quotes = key_result_quotes(doc.by_id["REF-001"])
    assert [(q.name, q.link) for q in quotes] == [
        ("Theorem 1.1 (Green–Tao)", "https://arxiv.org/abs/math/0404188")
    ]
    hits = [
        TheoremHit(
            "Theorem 1 (Maynard)",
            "liminf p_{n+m} - p_n < infinity",
            None,
            0.9,
            "arXiv",
            "https://arxiv.org/abs/1311.4600",
            arxiv_id="1311.4600",
        ),
        TheoremHit("Other", "not ours", None, 0.9, "arXiv", None, arxiv_id="2001.00001"),
        TheoremHit("Neumann Series", "stmt", None, 0.9, "ProofWiki", None),
    ]
    kept = theorems_from_hits(hits, doc.confirmed)
    assert [(t.ref, t.name, t.origin) for t in kept] == [
        ("REF-002", "Theorem 1 (Maynard)", "TheoremSearch")
    ]


def test_every_line_carries_a_marker_and_rests_on_ref_ids() -> None:
    lines = draft(evidence())
    assert {d.subsection for d in lines} == {
        "applicable_theorems",
        "technique_connections",
        "reading_order",
    }
    for d in lines:
        assert d.text.startswith(d.marker)
        for ref in d.refs:
            assert ref in d.text
    thm = [d for d in lines if d.subsection == "applicable_theorems"]
    assert len(thm) == 1 and thm[0].marker == "[V]" and thm[0].refs == ("REF-001",)
    assert '"The prime numbers contain infinitely many' in thm[0].text


def test_gaps_name_what_no_confirmed_paper_touches() -> None:
    problem = PROBLEM.replace("sieve-methods]", "sieve-methods, ergodic-theory]")
    gaps = [d for d in draft(evidence(problem=problem)) if d.subsection == "gaps"]
    assert [d.text for d in gaps] == [
        "[~] Gap: none of the 4 confirmed references mentions the tag `ergodic-theory` in its "
        "title, abstract or quoted statements"
    ]


def test_reading_order_follows_the_citation_graph() -> None:
    order = [d for d in draft(evidence()) if d.subsection == "reading_order"]
    assert [d.refs[0] for d in order] == ["REF-004", "REF-001", "REF-003", "REF-002"]
    assert order[0].marker == "[S]" and "cited by REF-001" in order[0].text
    offline = [d for d in draft(evidence(graph=False)) if d.subsection == "reading_order"]
    assert all(d.marker == "[~]" and "citations not fetched" in d.text for d in offline)


def test_write_appends_marked_lines_and_never_touches_user_lines() -> None:
    result = write_draft(LITERATURE, draft(evidence()))
    assert result.added
    new = result.text
    # Everything that was there is still there, byte for byte, in order.
    old_lines = LITERATURE.splitlines()
    it = iter(new.splitlines())
    assert all(any(line == n for n in it) for line in old_lines)
    syn = synthesis(new)
    assert "- [S] My own note on REF-002: the GPY sieve is the tool." in syn
    assert "1. [S] REF-004 —" in syn and "4. [S] REF-002 —" in syn
    doc = LiteratureDoc(new)
    marks = draft_lines(doc)
    assert len(marks) == len(result.added)
    assert all(not d.edited for d in marks)
    assert len(unreviewed(doc)) == len(marks)


def test_redrafting_adds_nothing_already_present_even_when_edited() -> None:
    first = write_draft(LITERATURE, draft(evidence())).text
    assert not write_draft(first, draft(evidence())).changed
    # The user edits a drafted line: it is theirs, never touched, and not drafted again.
    line = next(x for x in first.splitlines() if "REF-001 shares with the problem" in x)
    edited = first.replace(
        line, line.replace("shares with the problem", "shares with the problem (I checked)")
    )
    doc = LiteratureDoc(edited)
    mine = [d for d in draft_lines(doc) if "I checked" in d.text]
    assert len(mine) == 1 and mine[0].edited
    again = write_draft(edited, draft(evidence()))
    assert not again.changed


def test_redrafting_adds_only_new_references_after_existing_numbering() -> None:
    first = write_draft(LITERATURE, draft(evidence())).text
    # The user deletes the reading-order line of REF-003: only that one comes back, numbered on.
    kept = "\n".join(x for x in first.splitlines() if not x.startswith("3. ")) + "\n"
    again = write_draft(kept, draft(evidence()))
    assert [d.refs for d in again.added] == [("REF-003",)]
    assert "\n5. [S] REF-003 —" in again.text


def test_missing_synthesis_and_subsections_are_created_in_order() -> None:
    text = LITERATURE[: LITERATURE.index("## Synthesis")] + "## Unconfirmed References\n"
    out = write_draft(text, draft(evidence())).text
    heads = [x for x in out.splitlines() if x.startswith("#")]
    assert heads[-6:] == [
        "## Synthesis",
        "### Applicable Theorems",
        "### Technique Connections",
        "### Gaps in Literature",
        "### Suggested Reading Order",
        "## Unconfirmed References",
    ]
    partial = LITERATURE.replace("### Gaps in Literature\n\n", "").replace(
        "### Applicable Theorems\n\n", ""
    )
    out = write_draft(partial, draft(evidence())).text
    heads = [x for x in synthesis(out).splitlines() if x.startswith("###")]
    assert heads == [
        "### Applicable Theorems",
        "### Technique Connections",
        "### Gaps in Literature",
        "### Suggested Reading Order",
    ]


def test_crlf_documents_stay_crlf() -> None:
    text = LITERATURE.replace("\n", "\r\n")
    out = write_draft(text, draft(evidence(text))).text
    assert "\n" not in out.replace("\r\n", "")


def test_nothing_to_draft_without_confirmed_references() -> None:
    text = LITERATURE.replace("### REF-", "### UREF-")
    assert draft(evidence(text, graph=False)) == []
    assert not write_draft(text, []).changed


def test_marker_hash_and_accept() -> None:
    assert mark("- [V] x") == f"- [V] x <!-- mathlsp:draft sha={line_hash('- [V] x')} -->"
    text = write_draft(LITERATURE, draft(evidence())).text
    doc = LiteratureDoc(text)
    first = draft_lines(doc)[0]
    accepted = apply_edits(text, accept_edits(doc, {first.line}))
    assert accepted.splitlines()[first.line] == first.text
    assert len(draft_lines(LiteratureDoc(accepted))) == len(draft_lines(doc)) - 1
    everything = apply_edits(text, accept_edits(doc))
    assert "mathlsp:draft" not in everything


def test_api_text_cannot_open_a_comment() -> None:
    text = LITERATURE.replace("for all k.", "for all k. <!-- sneaky")
    lines = draft(evidence(text))
    thm = next(d for d in lines if d.subsection == "applicable_theorems")
    assert "<!--" not in thm.text


ZERO_DENSITY = """\
---
title: "Explicit bounds for the prime counting function"
status: defined
domain: number-theory
tags: [prime-number-theorem]
---
# Problem

Improve the explicit zero density estimate and the bounds for the Chebyshev function.

## Known Results

- Schoenfeld gave explicit bounds for the Chebyshev function, which Trudgian improved.
- The Lacey and Thiele argument extends to every $L^2$ function.
"""


def test_gaps_are_true_and_never_prose() -> None:
    from tests.synthesis.fixtures import entry

    confirmed = entry(
        1,
        "Explicit zero density for the Riemann zeta function",
        "- **arXiv ID:** 1708.06118\n",
        "We prove an explicit bound for N(sigma, T).",
    )
    text = LITERATURE.split("### REF-001")[0] + confirmed + "\n## Synthesis\n"
    gaps = [
        d.text for d in draft(evidence(text, ZERO_DENSITY, graph=False)) if d.subsection == "gaps"
    ]
    joined = " ".join(gaps).lower()
    # The confirmed title says "zero density": that is no gap, with or without "estimate".
    assert "zero density" not in joined
    assert "chebyshev function" in joined  # no confirmed reference says it: a true gap
    for prose in ("schoenfeld", "trudgian", "argument", "extends", "l2 function"):
        assert prose not in joined, prose


KPZ = """\
---
title: "Tails of the KPZ equation"
status: defined
domain: probability
tags: [kpz-equation, narrow-wedge]
---
# Problem

Find the lower tail of the Kardar–Parisi–Zhang equation from narrow wedge data, with a better
constant and a small degree of smoothing, and the recursions relating the Fredholm determinant
deforming the Airy kernel; compare with the Hopf–Cole solution.

## Known Results

- Tao bounded the error; Corwin and Ghosal proved tail bounds (Corwin and Ghosal, 2020).
- Techniques of Caselli–Marietti and of Bricmont–Kupiainen carry over.
"""


def test_gaps_name_only_the_problems_objects_in_either_spelling() -> None:
    from tests.synthesis.fixtures import entry

    confirmed = entry(
        1,
        "Lower tail of the Kardar-Parisi-Zhang equation",
        "- **arXiv ID:** 1802.03273\n",
        "We study its lower tail with narrow wedge initial data.",
    )
    text = LITERATURE.split("### REF-001")[0] + confirmed + "\n## Synthesis\n"
    gaps = [d.text for d in draft(evidence(text, KPZ, graph=False)) if d.subsection == "gaps"]
    joined = " ".join(gaps).lower()
    # The tag kpz-equation is said as "Kardar–Parisi–Zhang equation": covered, no gap.
    assert "kpz-equation" not in joined and "narrow-wedge" not in joined
    assert "tail bounds" in joined  # an object no confirmed reference says: a true gap
    for prose in (
        "better constant",  # graded generic words
        "small degree",
        "recursions relating",  # a participle ends the phrase
        "determinant deforming",
        "tao",  # a person the problem names
        "caselli",  # names, written as names
        "bricmont",
    ):
        assert prose not in joined, prose


def test_a_phrase_is_an_object_unless_it_is_prose() -> None:
    from mathlsp.search.text import names_an_object, written_as_names

    assert names_an_object("heegner points")
    assert names_an_object("general linear group")
    assert not names_an_object("better constant")
    assert not names_an_object("average number")
    assert not names_an_object("recursions relating")
    assert not names_an_object("tao bounded", people=["Tao"])
    assert not names_an_object("points")  # one word says too little
    assert not names_an_object("treated galerkin approximations")
    assert not names_an_object("developed malliavin calculus")
    assert not names_an_object("multiscale analysis needs")
    assert not names_an_object("theory relates lyapunov exponents")
    assert not names_an_object("malle noticed corrections")
    assert names_an_object("generalized heisenberg virasoro algebra")
    assert names_an_object("leaves of a foliation")
    assert names_an_object("kms states")
    assert written_as_names("the bijections of du Cloux and Caselli–Marietti", "du cloux")
    assert written_as_names("Caselli–Marietti matchings; Caselli-Marietti", "caselli marietti")
    assert not written_as_names("Heegner points on curves", "heegner points")
    assert not written_as_names("the Heegner points", "galois points")


FILTER = """\
---
title: "Stability of the nonlinear filter"
status: defined
domain: probability
tags: [nonlinear-filtering]
---
# Problem

Show that the filter forgets its initial condition exponentially fast, except possibly on a
null set, for the heat equation $\\partial_t u = \\Delta u$ observed through flip classes and
the Zakai equation.
"""


def test_no_gap_for_an_adverb_a_formula_or_a_phrase_closed_up() -> None:
    from tests.synthesis.fixtures import entry

    confirmed = entry(
        1,
        "Exponential stability for nonlinear filtering",
        "- **arXiv ID:** 1708.06119\n",
        "We investigate the approach via flipclasses to the heat equation.",
    )
    text = LITERATURE.split("### REF-001")[0] + confirmed + "\n## Synthesis\n"
    gaps = [d.text for d in draft(evidence(text, FILTER, graph=False)) if d.subsection == "gaps"]
    joined = " ".join(gaps).lower()
    assert "zakai equation" in joined  # no confirmed reference says it: a true gap
    assert "flip classes" not in joined  # said, closed up, as "flipclasses"
    assert "exponentially fast" not in joined and "except possibly" not in joined  # adverbs
    # `\partial` and `\Delta` are the statement's notation; the prose never says them.
    assert "partial derivative" not in joined and "laplacian" not in joined


def test_prose_by_its_grammar() -> None:
    from mathlsp.search.text import contains_phrase, is_prose, read_off_formula, stems

    for prose in (
        "schoenfeld gave",
        "trudgian improved",
        "lacey thiele argument extends",
        "exponentially fast",
        "except possibly",
        "theory relates lyapunov exponents",
        "treated galerkin approximations",
        "my notes",
        "whole story",
        "analogous statements",
        "pressure instead",
        "s10240 018 0101 z",
        "congruence literature",  # the papers on congruences, not an object
    ):
        assert is_prose(prose), prose
    for thing in (
        "zero density",
        "graph coloring",
        "extended riemann hypothesis",
        "family of curves",
        "anomaly cancellation",
        "weighted projective space",
        "spatially homogeneous noise",
        "locally compact groups",
        "euclidean phi 4 3 measure",
        "suitable extender models",
    ):
        assert not is_prose(thing), thing
    assert read_off_formula("for $u \\in \\mathbb{R}^d$", "euclidean space")
    assert not read_off_formula("in euclidean space $\\mathbb{R}^d$", "euclidean space")
    assert not read_off_formula("the $\\partial$ operator", "zero density")
    assert contains_phrase(stems("via flipclasses"), stems("flip classes"))
    assert contains_phrase(stems("every eigenvalue"), stems("eigen values"))
    assert not contains_phrase(stems("flip the classes"), stems("flip classes"))


def test_a_phrase_is_said_whatever_its_spaces_and_hyphens() -> None:
    from mathlsp.search.text import contains_phrase, stems

    said = stems("every nonempty product-one sequence over a group")
    assert contains_phrase(said, stems("non-empty product one sequence"))
    assert contains_phrase(said, stems("product one"))
    assert not contains_phrase(said, stems("empty product"))  # not from a word's start
    assert not contains_phrase(stems("the therapist"), stems("rapist"))
    assert contains_phrase(stems("eigen values of graphs"), stems("eigenvalues"))


def test_a_reference_that_writes_the_object_in_notation_closes_the_gap() -> None:
    from tests.synthesis.fixtures import entry

    problem = FILTER.replace("the Zakai equation.", "the Lie algebra $\\mathfrak{dmr}_0$.")
    confirmed = entry(
        1,
        "Reduced coaction Lie algebra $\\mathfrak{dmr}_0$",
        "- **arXiv ID:** 1708.06120\n",
        "We study it.",
    )
    text = LITERATURE.split("### REF-001")[0] + confirmed + "\n## Synthesis\n"
    terms = [t.text for t in problem_terms(ProblemDoc(problem))]
    assert any("dmr0" in t for t in terms)
    gaps = [d.text for d in draft(evidence(text, problem, graph=False)) if d.subsection == "gaps"]
    assert "dmr0" not in " ".join(gaps).lower()


def test_no_gap_for_a_citation_or_a_word_form() -> None:
    from mathlsp.search.text import is_prose
    from tests.synthesis.fixtures import entry

    assert is_prose("aten et al")
    problem = FILTER.replace("the Zakai equation.", "the Zakai equation (Aten et al.).").replace(
        "tags: [nonlinear-filtering]", "tags: [nonlinear-filtering, partition-regular]"
    )
    confirmed = entry(
        1,
        "Partition regularity of homogeneous quadratics",
        "- **arXiv ID:** 1708.06121\n",
        "We study it.",
    )
    text = LITERATURE.split("### REF-001")[0] + confirmed + "\n## Synthesis\n"
    terms = [t.text for t in problem_terms(ProblemDoc(problem))]
    # Since stop 57 a byline is no term at all (`queries._not_a_subject`); `is_prose` above is
    # the gaps' own guard, should one come from elsewhere.
    assert "partition regular" in terms and not [t for t in terms if "et al" in t]
    gaps = [d.text for d in draft(evidence(text, problem, graph=False)) if d.subsection == "gaps"]
    joined = " ".join(gaps).lower()
    assert "partition regular" not in joined and "et al" not in joined


def test_a_closed_up_phrase_is_found_exactly_where_the_words_closed_up_match() -> None:
    """`contains_phrase` (indexed by initial letter) against the rule read plainly: some run of
    words, starting at a word, closed up equals the needle closed up."""
    import random

    from mathlsp.search.text import contains_phrase

    def plainly(haystack: list[str], needle: list[str]) -> bool:
        target = "".join(needle)
        for i in range(len(haystack)):
            run = ""
            for w in haystack[i:]:
                run += w
                if run == target and haystack[i]:
                    return True
                if len(run) >= len(target):
                    break
        return False

    rng = random.Random(26)
    words = ["a", "b", "ab", "ba", "c", "abc", ""]
    for _ in range(5000):
        haystack = [rng.choice(words) for _ in range(rng.randint(0, 6))]
        needle = [rng.choice(words) for _ in range(rng.randint(0, 3))]
        assert contains_phrase(haystack, needle) == plainly(haystack, needle), (haystack, needle)


def test_no_gap_for_what_a_known_result_attributes_to_a_confirmed_reference() -> None:
    # The tutorial: Known Result 2 "Small gaps between primes via a multidimensional sieve
    # (Maynard 2015)" was found and confirmed as REF-002, whose abstract says "a refinement of
    # the GPY sieve". The draft read "Gap: none of the 4 confirmed references mentions the term
    # 'multidimensional sieve'": false, by the problem's own account of REF-002.
    problem = PROBLEM.replace(
        "- The primes contain",
        "- Small gaps between primes via a multidimensional sieve (Maynard 2015).\n"
        "- The primes contain",
    )
    terms = [t.text for t in problem_terms(ProblemDoc(problem))]
    assert "multidimensional sieve" in terms

    def gaps(text: str) -> str:
        drafted = draft(evidence(text, problem, graph=False))
        return " ".join(d.text for d in drafted if d.subsection == "gaps").lower()

    assert "multidimensional sieve" in gaps(LITERATURE)  # REF-002 not tied to the line: a gap
    attributed = LITERATURE.replace(
        "- **Source:** arXiv\n- **arXiv ID:** 1311.4600",
        "- **Source:** PROBLEM.md (Known Result 2: Small gaps between primes via a "
        "multidimensional sieve (Maynard 2015).); also found by arXiv\n- **arXiv ID:** 1311.4600",
    )
    assert attributed != LITERATURE
    assert "multidimensional sieve" not in gaps(attributed)
    # Known Result 1 is not REF-002's: what only it says stays a gap when no paper says it.
    wrong = attributed.replace("(Known Result 2:", "(Known Result 1:")
    assert "multidimensional sieve" in gaps(wrong)


HJB = """\
---
title: "Homogenization of viscous Hamilton-Jacobi equations"
status: defined
domain: analysis
tags: [stochastic-homogenization]
---
# Problem

Homogenize the viscous HJB equation in a random environment; Malle predicts nothing here, and
matching upper and lower bounds for the Hamiltonian regularity are open. Compare the quenched
free energy with the results of Armstrong, Tran and Lemke Oliver.
"""


def test_no_gap_for_a_near_form_people_or_a_cut_phrase() -> None:
    from tests.synthesis.fixtures import entry

    confirmed = entry(
        1,
        "Viscosity solutions of Hamilton-Jacobi-Bellman equations in random environments",
        "- **arXiv ID:** 1708.06120\n",
        "We prove stochastic homogenization and the regular Hamiltonian case.",
    )
    text = LITERATURE.split("### REF-001")[0] + confirmed + "\n## Synthesis\n"
    gaps = [d.text for d in draft(evidence(text, HJB, graph=False)) if d.subsection == "gaps"]
    joined = " ".join(gaps).lower()
    assert "quenched free energy" in joined  # no confirmed reference says it: a true gap
    # "viscosity … Hamilton-Jacobi-Bellman" says "viscous HJB"; "regular" says "regularity".
    assert "viscous hjb" not in joined and "hamiltonian regularity" not in joined
    for not_an_object in ("malle", "matching upper", "lemke", "armstrong"):
        assert not_an_object not in joined, not_an_object
