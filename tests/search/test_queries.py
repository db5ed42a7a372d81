"""Query construction: pure, from PROBLEM.md."""

from __future__ import annotations

import re

import pytest

from mathlsp.notes.problem import DOMAIN_CATEGORIES
from mathlsp.search.queries import (
    ARXIV_WITH_USER_QUERY,
    LATER_PERSON,
    QUOTA,
    WITHIN_FIELD,
    build_queries,
    cited_authors,
    parse_summary,
    prior_queries,
    query_key,
    reference_seed,
    theorem_names,
    title_words,
)
from mathlsp.search.text import key_phrases, plain_text, stem
from tests.search.conftest import DRAFT, EPIDEMIC, GRAPHS, PRIMES, problem

NEUMANN = r"""---
title: "Convergence of perturbed Neumann series"
status: defined
domain: analysis
tags: [operator-norm, banach-space, neumann-series]
---
# Problem
Let $T$ be a bounded operator on a Banach space with $\|T\| < 1$ acting on $\mathbb{R}^n$.
Show that the perturbed Neumann series converges.

## Known Results
- Neumann series converges when the spectral radius is below 1 (Kato 1966).

## References
- arXiv:2301.12345
- doi:10.1007/978-3-642-66282-9
- Kato, *Perturbation Theory for Linear Operators*, 1966
"""


def test_latex_is_stripped_to_plain_mathematical_english() -> None:
    text = plain_text(r"Let $T$ be bounded with $\|T\| < 1$ on $\mathbb{R}^n$, and **bold** `x`.")
    assert "$" not in text and "\\" not in text and "*" not in text
    assert "norm" in text and "euclidean space" in text
    assert "bold" in text
    phrases = key_phrases(r"Let $T$ be a bounded operator on a Banach space with $\|T\| < 1$.")
    assert "banach space" in phrases and "bounded operator" in phrases
    # Formula words never glue onto prose words.
    assert not any("t be" in p for p in phrases)


def test_queries_never_carry_latex() -> None:
    plan = build_queries(problem(NEUMANN))
    for q in plan.queries:
        assert "\\" not in q.query and "$" not in q.query, q


def test_stemming_matches_singular_and_plural() -> None:
    assert stem("bases") == stem("basis") == "basis"
    assert stem("walks") == "walk"
    assert stem("families") == "family"
    assert stem("process") == "process"


def test_tags_lead_the_category_query() -> None:
    plan = build_queries(problem(GRAPHS))
    first = plan.for_backend("arxiv")[0]
    # Any of two tags: an OR never empties the answer. Both are phrases of two words, rarely
    # said outside their field: no category filter (the domain's may not be theirs).
    assert first == '(all:"ramanujan graphs" OR all:"expander graphs")'
    # A one-word tag is said in many fields: kept to the domain's categories, secondary too.
    one = build_queries(problem(GRAPHS.replace("ramanujan-graphs,", "expanders,")))
    assert one.for_backend("arxiv")[0] == (
        '(cat:math.CO OR cat:math.PR OR cat:math.RT) AND (all:expanders OR all:"expander graphs")'
    )
    # Semantic Scholar wants every word: one tag at a time, the second one later in its list.
    s2 = plan.for_backend("semantic_scholar")
    assert s2[0] == "ramanujan graphs"
    assert not any("ramanujan" in q and "expander" in q for q in s2)
    assert any(t.kind == "tag" and t.label == "spectral-gap" for t in plan.terms)


def test_known_results_give_author_and_theorem_queries() -> None:
    plan = build_queries(problem(GRAPHS))
    arxiv = plan.for_backend("arxiv")
    # The named result, or its words each anywhere (papers word it differently), in one request.
    assert 'all:"Alon\'s conjecture" OR (all:Alon AND all:conjecture)' in arxiv
    # A cited author is asked with what they wrote about, never alone.
    assert 'au:Friedman AND (all:"random regular graphs" OR all:"ramanujan graphs")' in arxiv
    assert cited_authors("(Marcus, Spielman and Srivastava 2015)") == [
        ("Marcus", "Spielman", "Srivastava")
    ]
    assert cited_authors("as shown by Kato (1966)") == [("Kato",)]
    assert cited_authors("(Stanley and Windisch 2016)") == [("Stanley", "Windisch")]
    assert "Neumann series" in theorem_names("Neumann series converges (Kato 1966).")
    assert "Szemerédi's theorem" in theorem_names("By Szemerédi's theorem the set contains…")
    assert theorem_names("The heat-bath walk mixes.") == []


def test_references_give_ids_authors_and_titles() -> None:
    plan = build_queries(problem(NEUMANN))
    assert [str(i) for i in plan.reference_ids] == [
        "arxiv:2301.12345",
        "doi:10.1007/978-3-642-66282-9",
    ]
    seed = reference_seed("Kato, *Perturbation Theory for Linear Operators*, 1966")
    assert seed.title == "Perturbation Theory for Linear Operators"
    assert seed.authors == ("Kato",)
    assert 'au:Kato AND (all:"neumann series" OR all:"operator norm")' in plan.for_backend("arxiv")
    # With the first queries already run, the reference's title comes up.
    later = build_queries(problem(NEUMANN), prior={q.key for q in plan.queries})
    assert "Perturbation Theory for Linear Operators" in later.for_backend("semantic_scholar")


@pytest.mark.parametrize("domain", sorted(DOMAIN_CATEGORIES))
def test_category_filter_per_domain(domain: str) -> None:
    primary, secondary = DOMAIN_CATEGORIES[domain]
    text = GRAPHS.replace("domain: combinatorics", f"domain: {domain}").replace(
        "ramanujan-graphs,", "expanders,"
    )
    plan = build_queries(problem(text))
    first = plan.for_backend("arxiv")[0]
    expected = " OR ".join(f"cat:{c}" for c in dict.fromkeys([*primary, *secondary]))
    assert first.startswith(f"({expected}) AND")
    assert plan.primary_categories == primary and plan.secondary_categories == secondary
    # The broader secondary-category query is in the pool: it comes once the others ran.
    seen: set[str] = set()
    queries: list[str] = []
    for _ in range(6):
        step = build_queries(problem(text), prior=seen)
        queries += step.for_backend("arxiv")
        seen |= {q.key for q in step.queries}
    assert any(all(f"cat:{c}" in q for c in secondary) for q in queries)


def test_domain_other_has_no_category_filter() -> None:
    plan = build_queries(problem(GRAPHS.replace("domain: combinatorics", "domain: other")))
    assert not any("cat:" in q for q in plan.for_backend("arxiv"))
    assert plan.primary_categories == ()


def test_query_counts_per_backend() -> None:
    for text in (GRAPHS, PRIMES, NEUMANN):
        plan = build_queries(problem(text))
        assert 3 <= len(plan.for_backend("arxiv")) <= QUOTA["arxiv"]
        for backend in ("semantic_scholar", "openalex"):
            assert 2 <= len(plan.for_backend(backend)) <= QUOTA[backend]
        assert 1 <= len(plan.for_backend("theoremsearch")) <= QUOTA["theoremsearch"]


def test_explicit_query_leads_and_others_adjust() -> None:
    plan = build_queries(problem(GRAPHS), "interlacing polynomials")
    arxiv = plan.for_backend("arxiv")
    assert arxiv[0] == 'all:"interlacing polynomials"'
    assert arxiv[1] == 'cat:math.CO AND all:"interlacing polynomials"'
    assert len(arxiv) == ARXIV_WITH_USER_QUERY
    assert plan.for_backend("semantic_scholar")[0] == "interlacing polynomials"
    assert plan.for_backend("openalex")[0] == "interlacing polynomials"
    assert plan.for_backend("theoremsearch")[0] == "interlacing polynomials"
    assert plan.terms[0].kind == "query" and plan.terms[0].weight > 2
    # The problem's own queries still follow.
    assert any("ramanujan graphs" in q for q in arxiv[2:])


def test_explicit_arxiv_syntax_is_passed_verbatim() -> None:
    plan = build_queries(problem(GRAPHS), "au:Friedman AND ti:eigenvalue")
    arxiv = plan.for_backend("arxiv")
    assert arxiv[0] == "au:Friedman AND ti:eigenvalue"
    assert arxiv[1] == "cat:math.CO AND (au:Friedman AND ti:eigenvalue)"
    assert plan.for_backend("semantic_scholar")[0] == "Friedman eigenvalue"


def test_pubmed_only_for_biomedical_problems() -> None:
    math = build_queries(problem(GRAPHS))
    assert math.for_backend("pubmed") == []
    assert math.skipped_backends["pubmed"] == "not a biomedical problem"
    bio = build_queries(problem(EPIDEMIC))
    assert bio.biomedical and 1 <= len(bio.for_backend("pubmed")) <= 3
    assert "pubmed" not in bio.skipped_backends


def test_one_biomedical_homonym_does_not_make_a_mathematics_problem_biomedical() -> None:
    # Knot and quiver "mutation", a network's "neurons": mathematics, not PubMed's field.
    knots = GRAPHS.replace("# Problem\n", "# Problem\n\nIs the invariant unchanged by mutation?\n")
    assert "mutation" in knots
    assert build_queries(problem(knots)).for_backend("pubmed") == []
    neurons = GRAPHS.replace("# Problem\n", "# Problem\n\nThe graph of a network of neurons.\n")
    assert build_queries(problem(neurons)).for_backend("pubmed") == []
    # Two such words in a mathematics domain do name a biomedical problem.
    both = GRAPHS.replace("# Problem\n", "# Problem\n\nNeurons in the brain.\n")
    assert build_queries(problem(both)).for_backend("pubmed")


def test_theoremsearch_only_for_mathematics() -> None:
    assert build_queries(problem(GRAPHS)).for_backend("theoremsearch")
    bio = build_queries(problem(EPIDEMIC))
    assert bio.for_backend("theoremsearch") == []
    assert bio.skipped_backends["theoremsearch"] == "not a mathematics problem"
    # `other` that is not biomedical is still mathematics.
    other = build_queries(problem(GRAPHS.replace("domain: combinatorics", "domain: other")))
    assert other.for_backend("theoremsearch")


def test_switched_off_backends_are_skipped() -> None:
    plan = build_queries(problem(GRAPHS), backends=["arxiv", "openalex"])
    assert plan.backends == ["arxiv", "openalex"]
    assert plan.skipped_backends["semantic_scholar"] == "switched off"


def test_summary_parses_back_and_prior_queries_are_skipped() -> None:
    plan = build_queries(problem(GRAPHS))
    cell = plan.summary() + "; OpenAlex 9; PubMed skipped (not a biomedical problem)"
    pairs = parse_summary(cell)
    assert [query_key(b, q) for b, q in pairs] == [q.key for q in plan.queries]
    prior = prior_queries([["2026-01-01", cell, "1", "2", "3"]])
    again = build_queries(problem(GRAPHS), prior=prior)
    assert not {q.key for q in again.queries} & prior
    assert len(again.already_run) == len(plan.queries)
    assert again.for_backend("arxiv")  # there is always more to ask
    # Case and spacing do not make a query new.
    shouted = {query_key(b, q.upper().replace(" ", "  ")) for b, q in pairs}
    assert not {q.key for q in build_queries(problem(GRAPHS), prior=shouted).queries} & prior


def test_backticks_in_a_user_query_cannot_break_the_summary() -> None:
    plan = build_queries(problem(GRAPHS), "the `weird` query")
    pairs = parse_summary(plan.summary())
    assert len(pairs) == len(plan.queries)
    assert all("`" not in q for _, q in pairs)


def test_draft_problem_still_builds_queries_the_runner_refuses_it() -> None:
    # Refusing drafts is the runner's job (`load_problem`); building is pure.
    assert build_queries(problem(DRAFT)).queries


def test_formulas_that_name_objects_become_their_names() -> None:
    from mathlsp.search.text import compact_symbol

    assert plain_text(r"Every $P_5$-free graph is bounded") == "Every P5-free graph is bounded"
    assert "p5-free graph" in key_phrases(r"Every $P_5$-free graph has bounded chromatic number")
    assert "GL2" in plain_text(r"Modular forms for $\mathrm{GL}_2$ over function fields")
    assert "k4-minor-free graphs" in key_phrases(r"$K_4$-minor-free graphs")
    assert [compact_symbol(t) for t in ("P_5", r"\mathrm{SL}_2", r"\zeta", "C_5")] == [
        "P5", "SL2", "zeta", "C5",
    ]  # fmt: skip
    # A lone variable or an expression is no name: it stays a phrase break, never a fragment.
    assert [compact_symbol(t) for t in ("T", "x", r"\|T\| < 1", "n+1")] == [None] * 4
    assert "free graph" not in key_phrases(r"Every $P_5$-free graph has bounded chromatic number")


def test_notation_names_the_objects_the_statement_uses() -> None:
    from mathlsp.search.notation import notation_meanings

    notation = (
        "| Symbol | Meaning | Notes |\n|--------|---------|-------|\n"
        "| $\\chi(G)$ | chromatic number of $G$ | |\n"
        "| $\\omega(G)$ | clique number | |\n"
        "- $\\Delta$: maximum degree\n"
    )
    statement = "Show that $\\chi(G) \\le \\omega(G) + 1$ for every such graph."
    assert notation_meanings(notation, statement) == ["chromatic number of $G$", "clique number"]
    prob = problem(GRAPHS.replace("# Problem\n", "# Problem\n\n" + statement + "\n"))
    plan = build_queries(prob, notation=notation)
    texts = {t.text for t in plan.terms}
    assert "chromatic number" in texts and "clique number" in texts
    assert "maximum degree" not in texts  # listed, but the statement never uses $\Delta$


def test_openalex_queries_are_any_of_quoted_phrases_not_long_and_chains() -> None:
    plan = build_queries(problem(GRAPHS))
    for query in plan.for_backend("openalex"):
        bare = [w for w in query.replace('"', " ").split() if w not in ("OR", "AND")]
        if " OR " in query:
            assert query.count('"') % 2 == 0  # phrases stay whole
        else:
            assert len(bare) <= 4, query  # one phrase, never a chain of many ANDed words


PROSE = r"""---
title: "Explicit bounds for the prime counting function"
status: defined
domain: number-theory
tags: [prime-number-theorem, explicit-bounds, chebyshev-function]
---
# Problem

Improve the explicit bounds for $\psi(x) - x$ and the zero density estimate for $\zeta(s)$.

## Known Results

- Schoenfeld gave explicit bounds for the Chebyshev function, which Trudgian improved.
- The Lacey and Thiele argument extends to every $L^2$ function.
- Corwin and Ghosal proved tail bounds for the zero density estimate.
"""


def test_prose_is_never_a_phrase_a_term_or_a_named_result() -> None:
    plan = build_queries(problem(PROSE))
    texts = [t.text for t in plan.terms if t.kind != "author"]
    # TheoremSearch is a semantic search and is asked Known Results as sentences.
    queries = " ".join(q.query.lower() for q in plan.queries if q.backend != "theoremsearch")
    for prose in ("gave", "improved", "extends", "argument", "l2 function", "proved"):
        assert not any(prose in t for t in texts), (prose, texts)
        assert prose not in queries, prose
    assert theorem_names(r"every $L^2$ function") == []
    assert theorem_names("Dense sets of integers contain progressions") == []
    # The people are cited authors, each asked with a topic, never alone.
    authors = {t.text for t in plan.terms if t.kind == "author"}
    assert {"schoenfeld", "trudgian", "corwin", "ghosal"} <= authors
    assert not any(q.query.startswith("au:") and " AND " not in q.query for q in plan.queries)


def test_arxiv_never_chains_phrases_under_a_category_and_can_broaden() -> None:
    for text in (GRAPHS, PRIMES, NEUMANN, PROSE):
        for q in build_queries(problem(text)).queries:
            if q.backend != "arxiv":
                continue
            assert q.query.count('"') <= 8
            if "cat:" in q.query:
                # Under a category only alternatives: one phrase or phrases joined by OR.
                assert " AND all:" not in q.query.split(" AND ", 1)[1], q.query
            if q.query.count('"') >= 4 and " OR " not in q.query:
                # Broadened to any of the phrases: an OR answers whenever one phrase would.
                assert q.broader and " AND " not in q.broader, q
                assert " OR " in q.broader or q.broader.count('"') < q.query.count('"'), q


def test_a_tag_named_after_several_people_is_also_asked_and_matched_shortened() -> None:
    from mathlsp.search.queries import short_names

    text = "Landau–Siegel zeros of Dirichlet L-functions; the Landau–Siegel (exceptional) zero."
    assert short_names(["landau siegel zeros", "zero free regions"], text) == {
        "landau siegel zeros": "siegel zeros"
    }
    assert short_names(["landau siegel zeros"], "Siegel zeros, without a dash-joined name") == {}
    doc = problem(
        '---\ntitle: "Landau–Siegel zeros"\nstatus: defined\ndomain: number-theory\n'
        "tags: [landau-siegel-zeros, zero-free-regions]\n---\n# Problem\n\n"
        "Exclude Landau–Siegel zeros of real Dirichlet characters.\n"
    )
    plan = build_queries(doc)
    assert 'all:"siegel zeros"' in plan.for_backend("arxiv")[0]
    assert '"siegel zeros"' in plan.for_backend("openalex")[0]
    tag = next(t for t in plan.terms if t.label == "landau-siegel-zeros")
    assert tag.alias == "siegel zeros"


def test_openalex_asks_the_further_tags_too() -> None:
    doc = problem(
        '---\ntitle: "Tails of the KPZ equation"\nstatus: defined\ndomain: probability\n'
        "tags: [kpz-equation, large-deviations, lower-tail, narrow-wedge]\n---\n# Problem\n\n"
        "Find the lower tail of the KPZ equation from narrow wedge data.\n"
    )
    plan = build_queries(doc)
    further = [q for q in plan.queries if q.purpose == "further tags"]
    assert [(q.backend, q.query) for q in further] == [
        ("openalex", '"lower tail" OR "narrow wedge"')
    ]


def test_all_words_queries_drop_possessives_and_broaden_to_the_shortest_phrase() -> None:
    from mathlsp.search.queries import Topic, _arxiv_topic, _plain_topic

    laver = Topic(("Laver's algebra",), "named result")
    assert _plain_topic("semantic_scholar", laver) == ("Laver algebra", "")
    two = Topic(("exact rademacher type formula", "harmonic maass forms"), "known result 1")
    # Seven words no paper says all of: the shortest phrase is asked at once, not after an
    # empty answer.
    assert _plain_topic("semantic_scholar", two) == ("harmonic maass forms", "")
    # Two phrases joined: more than three words are rarely all said by one paper.
    five = Topic(("random covers", "spectral gap graphs"), "known result 2")
    assert _plain_topic("semantic_scholar", five) == ("random covers", "")
    three = Topic(("random covers", "girth"), "known result 3")
    assert _plain_topic("semantic_scholar", three) == ("random covers girth", "girth")
    # One phrase and its head: the phrase's words, up to five, broadened to the head.
    head = Topic(("nearly ramanujan regular graphs", "regular graphs"), "key object")
    assert _plain_topic("semantic_scholar", head) == (
        "nearly ramanujan regular graphs",
        "regular graphs",
    )
    query, broader = _arxiv_topic(two)
    # Either phrase first (papers saying both rank first); or the first one's words each
    # anywhere, in the same request rather than a broadening after an empty answer.
    assert query == (
        'all:"exact rademacher type formula" OR all:"harmonic maass forms" OR '
        "(all:exact AND all:rademacher AND all:type AND all:formula)"
    )
    assert broader == ""
    # One word: nothing looser to add.
    assert _arxiv_topic(Topic(("ineffective",), "known result 1")) == ("all:ineffective", "")


def test_unicode_mathematics_gives_the_words_its_tex_gives() -> None:
    from mathlsp.search.unicode_math import tex_of_unicode

    # Notes are written either way; titles and abstracts mostly in TeX.
    pairs = [
        ("The Φ⁴₃ measure and zeros of ζ(s)", r"The $\Phi^4_3$ measure and zeros of $\zeta(s)$"),
        ("bounded operators on ℓ²", r"bounded operators on $\ell^2$"),
        ("the L² norm of θ", r"the $L^2$ norm of $\theta$"),
    ]  # fmt: skip
    for unicode, tex in pairs:
        assert plain_text(unicode) == plain_text(tex)
        assert key_phrases(unicode) == key_phrases(tex)
    assert "phi-4-3 measure" in key_phrases("The Φ⁴₃ measure")
    # A TeX formula is left as written; a superscript inside a word is no symbol of its own.
    assert tex_of_unicode(r"with $\alpha^2$ and α") == r"with $\alpha^2$ and $\alpha$"
    assert tex_of_unicode("maximum² word") == "maximum² word"
    assert tex_of_unicode("plain ascii") == "plain ascii"


def test_unicode_relations_break_a_phrase_as_a_formula_does() -> None:
    # `→`, `≤` are formulas between words: no phrase runs across them.
    phrases = key_phrases("holomorphic maps X → Y into projective space with degree ≤ n")
    assert not any("→" in p or "≤" in p for p in phrases)
    assert all(not ("maps" in p and "projective" in p) for p in phrases)


def test_greek_symbol_scripts_are_words_as_in_titles() -> None:
    from mathlsp.search.text import compact_symbol

    # `$\Phi^4_3$` is read "phi 4 3" in titles' TeX; Latin symbols stay glued (`L^2` → L2).
    assert compact_symbol(r"\Phi^4_3") == "Phi-4-3"
    assert compact_symbol(r"\varphi") == "phi"
    assert compact_symbol("L^2") == "L2"


def test_a_glued_symbol_tag_is_asked_as_the_text_scripts_it() -> None:
    from mathlsp.search.queries import respelled_tags

    text = "The Φ⁴₃ measure, also written $\\Phi^4_3$, and the $L^2$ norm"
    assert respelled_tags(["phi43", "stochastic-quantization", "l2"], text) == {"phi43": "phi 4 3"}
    # Not when the text never scripts it: the tag is then the user's own word.
    assert respelled_tags(["phi43"], "the phi43 model") == {}
    doc = problem(
        GRAPHS.replace("tags: [", "tags: [phi43, ").replace(
            "# Problem\n", "# Problem\n\nThe dynamic $\\Phi^4_3$ model.\n"
        )
    )
    plan = build_queries(doc)
    assert any('all:"phi 4 3"' in q for q in plan.for_backend("arxiv"))
    assert not any("phi43" in q for q in plan.for_backend("arxiv"))
    assert any(t.text == "phi 4 3" and t.label == "phi43" for t in plan.terms)


def test_a_hyphenated_surname_is_one_person_an_en_dash_joins_people() -> None:
    from mathlsp.search.queries import statement_names
    from mathlsp.search.text import people_named

    assert people_named("Millet and Sanz-Solé proved smoothness") == [("Millet", "Sanz-Solé")]
    assert people_named("Heath-Brown showed it") == [("Heath-Brown",)]
    assert people_named("Brenti–Caselli–Marietti proved it") == [("Brenti", "Caselli", "Marietti")]
    # An object named after people stays two names, whichever dash joins them, unless the text
    # shows the joined name to be one person's (after an initial, or as someone who did something).
    assert statement_names("the Davenport–Heilbronn theorem") == ["Davenport", "Heilbronn"]
    assert statement_names("the Kazhdan-Lusztig polynomials") == ["Kazhdan", "Lusztig"]
    assert statement_names("Bar-Natan homology, after Bar-Natan's tangle framework") == [
        "Bar-Natan"
    ]
    assert "Heath-Brown" in statement_names("by D. R. Heath-Brown: the Heath-Brown identity")


def test_a_dash_that_ends_a_wrapped_line_joins_the_next_word() -> None:
    from mathlsp.search.queries import statement_names
    from mathlsp.search.text import plain_text

    # A hard-wrapped note breaks "Busani–Seppäläinen–Sorensen" after a dash: the last person
    # is still one of the group, and the group is people, not a phrase to ask.
    wrapped = "geodesics (Busani–Seppäläinen–\n  Sorensen 2022) in space-\ntime"
    assert plain_text(wrapped) == "geodesics (Busani–Seppäläinen–Sorensen 2022) in space-time"
    assert statement_names(wrapped) == ["Busani", "Seppäläinen", "Sorensen"]
    # A spaced dash is punctuation: the line break after it stays a break.
    assert plain_text("the bound –\nwhich is sharp") == "the bound – which is sharp"
    text = PRIMES.replace(
        "# Problem\n",
        "# Problem\n\nThe horizon was described (Busani–Seppäläinen–\nSorensen 2022).\n",
    )
    plan = build_queries(problem(text))
    authors = {t.text for t in plan.terms if t.kind == "author"}
    assert {"busani", "seppalainen", "sorensen"} <= authors
    assert not any("seppalainen sorensen" in t.text for t in plan.terms if t.kind != "author")


def test_a_hyphenated_surname_is_asked_as_one_author() -> None:
    text = PRIMES.replace("# Problem\n", "# Problem\n\nSanz-Solé proved the law is smooth.\n")
    plan = build_queries(problem(text))
    authors = {n for t in plan.terms if t.kind == "author" for n in [t.text]}
    assert "sanz-sole" in authors
    assert not {"sanz", "sole"} & authors


def test_prose_is_never_a_query_phrase() -> None:
    from mathlsp.search.queries import _prose

    source = (
        "Görtz–Haines–Kottwitz–Reuman; He: dimension formula. Hoang–Khanin treated non-compact"
        " domains. Golomb rulers relax this. The Robert–Wagner evaluation of foams."
    )
    assert _prose("haines kottwitz reuman", source)  # a run of surnames
    assert _prose("treated non-compact domains", source)  # a clause opening with its verb
    assert _prose("golomb rulers relax", source)  # a clause ending with its verb
    assert not _prose("dimension formula", source)
    assert not _prose("robert wagner evaluation", source)  # an object named after people
    assert not _prose("generalized heisenberg algebra", source)  # a participle as adjective
    assert not _prose("wholeness axiom", "Corazza introduced the Wholeness Axiom.")


def test_known_results_ask_their_mathematics_not_their_prose() -> None:
    text = PRIMES.replace(
        "## Known Results\n",
        "## Known Results\n\n- Hoang–Khanin treated non-compact domains with a confining"
        " potential (Hoang and Khanin 2003).\n",
    )
    plan = build_queries(problem(text))
    # TheoremSearch is asked in sentences; every other backend in phrases.
    asked = " ".join(q.query.lower() for q in plan.queries if q.backend != "theoremsearch")
    assert "confining potential" in asked
    assert "treated" not in asked


def test_a_slash_separates_phrases_and_check_opens_none() -> None:
    phrases = key_phrases(
        "Quantitative properties: spectral gap / log-Sobolev inequality; construct the measure "
        "and check Osterwalder–Schrader axioms."
    )
    assert "spectral gap" in phrases and "log-sobolev inequality" in phrases
    assert "osterwalder schrader axioms" in phrases
    assert not any(p.startswith("check") or "/" in p for p in phrases)


def test_who_a_known_result_cites_in_the_forms_notes_use() -> None:
    from mathlsp.search.queries import attributed_authors

    # Authors before a colon, an en dash joining several, a year after a name.
    assert attributed_authors("Cerrai–Röckner: multiplicative noise") == [("Cerrai", "Röckner")]
    assert attributed_authors("Freidlin (1988), Sowers, Chenal–Millet: uniform LDP") == [
        ("Freidlin", "Sowers", "Chenal", "Millet")
    ]
    assert attributed_authors("Rickard: cyclic defect") == [("Rickard",)]
    # A label before a colon is no one; nor is a sentence.
    assert attributed_authors("Note: the case n = 2 is open") == []
    assert attributed_authors("The Riemann hypothesis: still open") == []
    # A journal before the year is no author; names and a bare year are a citation.
    assert cited_authors("Lacoin, Rhodes, Vargas (CMP 2015) gave the diagram") == [
        ("Lacoin", "Rhodes", "Vargas")
    ]
    assert cited_authors("W. Chen (Annals 2024): every component") == [("Chen",)]
    assert cited_authors("Caffarelli–Vázquez 2011 (existence)") == [("Caffarelli", "Vázquez")]
    assert cited_authors("In 2011 it was shown") == []
    # An en dash joins the people of a byline before a year in parentheses, as it does before a
    # bare year: every one of them is cited, not the last alone (stop 57: 72 of 318 judged notes
    # lost their first people so, "Palmer–Tracy (1981)" asked as Tracy).
    assert cited_authors("limit from Palmer–Tracy (1981) and others") == [("Palmer", "Tracy")]
    assert cited_authors("Bourgain–Colliander (1996) proved; Ginibre–Tsutsumi–Velo (1997)") == [
        ("Bourgain", "Colliander"),
        ("Ginibre", "Tsutsumi", "Velo"),
    ]
    # The same people's later works in one parenthesis.
    assert cited_authors("Chelkak–Smirnov (2011, 2012): universality") == [("Chelkak", "Smirnov")]
    assert cited_authors("Known. Smirnov (2006, 2010): the observable") == [("Smirnov",)]
    assert cited_authors("(Marcus, Spielman and Srivastava 2015)") == [
        ("Marcus", "Spielman", "Srivastava")
    ]


def test_a_phrase_cut_around_a_run_on_verb_is_never_asked() -> None:
    doc = problem(
        GRAPHS.replace(
            "# Problem\n",
            "# Problem\n\nKahane's theory builds the measure; the parameter plane splits into "
            "three regions where particle marginals become independent. Serfaty's modulated "
            "energy handles Coulomb flows.\n",
        )
    )
    asked = " ".join(q.query for q in build_queries(doc).queries).lower()
    for prose in ("theory builds", "plane splits", "marginals become", "energy handles"):
        assert prose not in asked


def test_an_acronym_the_note_spells_out_is_asked_in_words() -> None:
    from mathlsp.search.queries import spell_out, spelled_out

    text = (
        "Prove a Freidlin–Wentzell large deviation principle, uniform in the initial data; "
        "the definitions of uniform LDP differ. Torus functions of C_2-cofinite VOAs "
        "(vertex operator algebras). SPDEs are parabolic."
    )
    spelled = spelled_out(text)
    assert spelled == {"ldp": "large deviation principle", "voa": "vertex operator algebras"}
    assert spell_out("uniform ldp", spelled) == "uniform large deviation principle"
    assert spell_out("cofinite voas", spelled) == "cofinite vertex operator algebras"
    # An acronym the note never spells out stays as written: titles say "SPDEs" too.
    assert spell_out("parabolic spdes", spelled) == "parabolic spdes"


def test_people_compared_are_no_query_phrase() -> None:
    doc = problem(
        GRAPHS.replace(
            "# Problem\n",
            "# Problem\n\nThe definitions (Freidlin–Wentzell's versus Dembo–Zeitouni's) differ.\n",
        )
    )
    asked = " ".join(q.query for q in build_queries(doc).queries).lower()
    assert "versus dembo" not in asked and "zeitouni" not in asked.replace("au:", "")


def test_the_noun_phrase_inside_a_phrase_cut_around_a_verb_is_asked() -> None:
    from mathlsp.search.queries import noun_part

    # A participle after the noun opens a clause; the noun phrase before it is what titles say.
    assert noun_part("porous medium flow driven") == "porous medium flow"
    assert noun_part("moduli space equipped") == "moduli space"
    assert noun_part("serre duality identifies") == "serre duality"
    assert noun_part("treated non-compact domains") == "non-compact domains"
    assert noun_part("relative entropy handles kernels") == "relative entropy"
    # Nothing of two words is left: no phrase.
    assert noun_part("theory builds") == ""
    # No verb: the phrase itself; a participle before a noun is an adjective.
    assert noun_part("generalized heisenberg algebra") == "generalized heisenberg algebra"
    assert noun_part("bounded domain") == "bounded domain"
    # A noun ending so is no participle.
    assert noun_part("invasion speed") == "invasion speed"
    # A finite verb of what happens to the object, a trailing preposition, a predicate
    # adjective: the noun before them is the phrase ("the finite torus enters", "Kelley–Morse
    # inside it", "no hook length divisible by t").
    assert noun_part("killed process survives") == "killed process"
    assert noun_part("finite torus enters") == "finite torus"
    assert noun_part("hook length divisible") == "hook length"
    assert noun_part("golomb constructions produce permutations") == "golomb constructions"
    assert noun_part("hole closes") == ""
    doc = problem(
        GRAPHS.replace(
            "# Problem\n",
            "# Problem\n\nWe study the porous medium flow driven by a Riesz potential.\n",
        )
    )
    asked = " ".join(q.query for q in build_queries(doc).queries).lower()
    assert "porous medium flow" in asked and "driven" not in asked
    # A title is cut the same way.
    from mathlsp.search.queries import _material

    titled = problem(
        GRAPHS.replace('title: "', 'title: "Porous medium flow driven by pressure; ', 1)
    )
    objects = _material(titled, [], None).statement
    assert "porous medium flow" in objects and not any("driven" in p for p in objects)


def test_a_venue_a_citation_key_or_a_full_name_is_no_phrase_and_no_author() -> None:
    from mathlsp.search.queries import venue_words

    text = (
        "Lee–Szczarba (1976): the top cohomology vanishes (Invent. Math. 33). "
        "Jabin–Wang's relative entropy handles singular kernels (Invent. Math. 2018). "
        "Shen did many works on almost periodic media (Wenxian Shen, JDDE and TAMS papers). "
        "Lattice packings beat random ones \\cite{tevenkatesh2013}."
    )
    assert venue_words(text) == {"invent", "math"}
    assert venue_words("Borodin, Corwin, Gorin (2016). Duke Math. J., 165(3)") == {"math"}
    assert venue_words("Work by Green. The rest follows.") == set()
    # "(Invent. Math. 2018)" and "Algebra & Number Theory (2021)" cite no one.
    assert cited_authors("relative entropy handles kernels (Invent. Math. 2018)") == []
    assert cited_authors('"Covering systems", Algebra & Number Theory (2021).') == []
    assert set(cited_authors("Lacoin (2022) and (Jabin and Wang 2018)")) == {
        ("Jabin", "Wang"),
        ("Lacoin",),
    }
    items = "".join(f"- {line}\n" for line in text.replace("). ", ").\n").splitlines())
    plan = build_queries(
        problem(GRAPHS.replace("## Known Results\n", "## Known Results\n\n" + items))
    )
    # TheoremSearch is asked in sentences; every other backend in phrases and names.
    asked = " ".join(q.query for q in plan.queries if q.backend != "theoremsearch").lower()
    asked = re.sub(r"cat:math\.\w+", "", asked)
    for junk in ("invent", "math", "wenxian", "tevenkatesh2013"):
        assert junk not in asked, junk
    assert "periodic media" in asked
    assert not [t for t in plan.terms if t.kind == "author" and t.text in ("math", "theory")]


def test_a_long_phrase_is_asked_with_its_head_as_titles_say_it() -> None:
    from mathlsp.search.queries import with_head

    assert with_head("general heterogeneous media") == (
        "general heterogeneous media",
        "heterogeneous media",
    )
    assert with_head("riesz potential pressure") == (
        "riesz potential pressure",
        "potential pressure",
    )
    # Two words are a head already; a head that is a filler word pair is none.
    assert with_head("heterogeneous media") == ("heterogeneous media",)
    assert with_head("non-compact domains") == ("non-compact domains",)
    doc = problem(
        GRAPHS.replace(
            "# Problem\n",
            "# Problem\n\nSpreading in general heterogeneous media.\n",
        )
    )
    from mathlsp.search.queries import _material, topics

    asked = [t.phrases for t in topics(_material(doc, [], None)) if t.purpose == "key object"]
    assert ("general heterogeneous media", "heterogeneous media") in asked


def test_an_adverb_ending_a_phrase_or_going_with_its_verb_is_no_part_of_it() -> None:
    from mathlsp.search.queries import noun_part

    assert noun_part("interested mostly") == ""
    assert noun_part("grimmelt recently surveyed") == ""
    assert noun_part("one-point functions intrinsically") == "one-point functions"
    # Before an adjective it is part of the name.
    assert noun_part("absolutely continuous spectrum") == "absolutely continuous spectrum"
    assert noun_part("algebraically closed field") == "algebraically closed field"
    assert noun_part("lonely runner conjecture") == "lonely runner conjecture"


def test_what_the_statement_says_it_is_not_about_is_never_asked() -> None:
    text = (
        "---\ntitle: Heat equation with random potential\nstatus: defined\ndomain: probability\n"
        "tags: [random-potential, intermittency]\n---\n# Problem\n\n"
        "Asymptotics of the total mass for an i.i.d. time-independent potential on the lattice. "
        "(Not the white-noise-in-time case, which is the stochastic heat equation.)\n\n"
        "Not the quantitative Lyapunov exponents of directed polymers.\n"
    )
    plan = build_queries(problem(text))
    asked = " ".join(q.query.lower() for q in [*plan.queries, *plan.spare])
    assert "stochastic heat" not in asked and "directed polymers" not in asked
    assert "time-independent potential" in asked or "independent potential" in asked
    assert not any("stochastic heat" in t.text for t in plan.terms)


def test_a_known_results_first_phrase_is_asked_with_its_head_too() -> None:
    from mathlsp.search.queries import _material, topics

    doc = problem(
        '---\ntitle: "Eddy viscosity from small-scale noise"\nstatus: defined\ndomain: pde\n'
        "tags: [stochastic-pde]\n---\n# Problem\n\nDoes small-scale advection noise enhance "
        "dissipation?\n\n## Known Results\n\nFlandoli and Pappalettera on Stratonovich transport "
        "noise as a model reduction for 2D Euler.\n"
    )
    known = [t.phrases for t in topics(_material(doc, [], None)) if t.purpose.startswith("known")]
    # Titles name the object in fewer words than the note's phrase: "… by transport noise".
    assert known and "stratonovich transport noise" in known[0]
    assert "transport noise" in known[0] and len(known[0]) == len(set(known[0]))
    # The arXiv query keeps the Known Result's own two phrases.
    plan = build_queries(doc)
    arxiv = [q.query for q in plan.queries if q.backend == "arxiv" and "known" in q.purpose]
    assert arxiv and '"transport noise"' not in arxiv[0]


def test_a_result_named_after_people_is_no_report_of_what_they_did() -> None:
    from mathlsp.search.text import eponym_head, key_phrases, people_named

    # "conjectures" after "the Weil" or after two names is the result's name, not a verb: a
    # verb in "-s" follows one subject, and no determiner opens a subject that is a person.
    assert people_named("The Weil conjectures give the rationality of the zeta function.") == []
    assert people_named("Chowla and Elliott conjectures for two-point correlations.") == []
    assert people_named("Artin conjectures that 2 is a primitive root.") == [("Artin",)]
    assert people_named("Brenti conjectured in 2003 that this extends.") == [("Brenti",)]
    assert people_named("Lacey and Thiele's argument extends to it.")[0] == ("Lacey", "Thiele")
    # So the eponym stays in the object's key phrase.
    assert "weil cohomology theories" in key_phrases(
        "the Weil conjectures and Weil cohomology theories"
    )
    assert eponym_head(["the"], 1, "conjectures") and eponym_head([], 2, "uses")
    assert not eponym_head(["the"], 1, "proved") and not eponym_head([], 1, "conjectures")


def test_the_work_of_named_people_cites_them() -> None:
    from mathlsp.search.text import people_named

    # A note names whose work it means without a verb or a year.
    assert people_named("the 2020s work of Kurt, Shen and Le in any dimension") == [
        ("Kurt", "Shen", "Le")
    ]
    assert people_named("see the papers by Ghioca and Tucker on orbits") == [("Ghioca", "Tucker")]
    assert people_named("the book of Dujella on Diophantine tuples") == [("Dujella",)]
    # A method or a result named after someone, or a section, is nobody's writings.
    assert people_named("the method of Lagrange multipliers") == []
    assert people_named("by the results of Section 3") == []
    assert people_named("a survey of Erdős problems") == []
    text = GRAPHS.replace(
        "- Alon's conjecture holds",
        "- Spectral gaps of random lifts: the work of Bordenave and Collins.\n"
        "- Alon's conjecture holds",
    )
    arxiv = build_queries(problem(text)).for_backend("arxiv")
    assert (
        '(au:Bordenave OR au:Collins) AND (all:"spectral gaps" OR all:"ramanujan graphs")' in arxiv
    )
    assert not any("Bordenave" in q for q in build_queries(problem(GRAPHS)).for_backend("arxiv"))


def test_an_openalex_topic_query_is_broadened_to_its_shortest_phrases_words() -> None:
    plan = build_queries(problem(GRAPHS))
    topics = {
        q.query: q.broader
        for q in [*plan.queries, *plan.spare]
        if q.backend == "openalex" and q.purpose in ("key object", "named result")
    }
    # No work says either phrase: the head's words, each anywhere (OpenAlex ANDs bare words).
    assert topics['"bipartite ramanujan graphs" OR "ramanujan graphs"'] == "ramanujan graphs"
    assert topics['"interlacing families"'] == "interlacing families"
    assert all(b and '"' not in b and " OR " not in b for b in topics.values())


def test_a_broadening_drops_the_word_that_makes_a_name_an_adjective() -> None:
    from mathlsp.search.queries import untyped

    # "Engel-type expansions": titles say "Engel expansions", its words apart in an abstract.
    assert untyped("engel type expansions") == "engel expansions"
    assert untyped("burgers like fluctuations") == "burgers fluctuations"
    # Nothing but the word and one more: the phrase stays (a single word is no broadening).
    assert untyped("type inequalities") == "type inequalities"
    assert untyped("ramanujan graphs") == "ramanujan graphs"


def test_a_cited_groups_later_people_are_asked_one_by_one_after_the_topics() -> None:
    plan = build_queries(problem(GRAPHS))
    pool = [*plan.queries, *plan.spare]
    openalex = [q for q in pool if q.backend == "openalex"]
    # "Marcus, Spielman and Srivastava": a byline holds one person; the group's first is asked
    # with the topics, the next one after every topic.
    firsts = [
        i for i, q in enumerate(openalex) if q.authors == ("Marcus", "Spielman", "Srivastava")
    ]
    later = [i for i, q in enumerate(openalex) if q.authors == ("Spielman",)]
    assert firsts and later and firsts[0] < later[0]
    assert (
        'raw_author_name.search:"Spielman" "bipartite ramanujan graphs"' in openalex[later[0]].query
    )
    assert all(q.purpose != "key object" for q in openalex[later[0] + 1 :])
    # Semantic Scholar, which wants the name and every topic word in one record, keeps its
    # spare queries for the topics.
    assert not any(q.purpose == LATER_PERSON for q in plan.spare if q.backend == "semantic_scholar")
    assert any(q.purpose == LATER_PERSON for q in plan.spare if q.backend == "openalex")
    # arXiv's query names the first two of the group already.
    assert not any(q.authors == ("Spielman",) for q in pool if q.backend == "arxiv")


def test_prose_read_in_its_sentence_is_never_a_query_phrase() -> None:
    doc = problem(
        GRAPHS.replace(
            "# Problem\n",
            "# Problem\n\nThe parity sequence predicts a decrease; the spectral measures behind "
            "it; in the model cells respond to the signal. Lower side: Friedman. An old "
            "observation going back to Alon. Density statements.\n",
        ).replace('title: "Second eigenvalue', 'title: "Density statements: second eigenvalue')
    )
    plan = build_queries(doc)
    asked = " ".join(q.query for q in [*plan.queries, *plan.spare]).lower()
    for prose in ("predicts", "behind", "cells respond", "lower side", "going", "statements"):
        assert prose not in asked
    assert "parity sequence" in asked or "spectral measures" in asked


FBM = r"""---
title: "Law of hypoelliptic equations driven by fractional Brownian motion"
status: defined
domain: probability
tags: [fractional-brownian-motion, rough-differential-equations, malliavin-calculus]
---
# Problem
Show that the law of the solution has a smooth density, up to renormalisation constants.
"""


def test_the_titles_own_words_beyond_the_tags_the_query_asks() -> None:
    tags = ["fractional brownian motion", "rough differential equations"]
    title = "Law of hypoelliptic equations driven by fractional Brownian motion"
    # Not the tags' words, not a generic noun ("equations"), a participle or a stopword.
    assert title_words(title, tags) == ["law", "hypoelliptic"]
    assert title_words(
        "Smooth-noise approximations and the support of SPDE solutions", ["spde"]
    ) == [
        "smooth",
        "noise",
        "approximations",
        "support",
    ]
    assert title_words("On the problem", ["x"]) == []


def test_openalex_asks_the_subject_within_its_field_last_among_its_spare_queries() -> None:
    plan = build_queries(problem(FBM))
    within = [q for q in plan.queries if q.purpose == WITHIN_FIELD]
    assert within == [], "no planned query makes way for it"
    first = [q for q in plan.spare if q.backend == "openalex"][-1]
    assert first.purpose == WITHIN_FIELD
    assert first.query == (
        '("fractional brownian motion" OR "rough differential equations") AND (law OR hypoelliptic)'
    )


def test_openalex_asks_a_british_phrase_in_american_too() -> None:
    plan = build_queries(problem(FBM))
    (q,) = [
        q
        for q in [*plan.queries, *plan.spare]
        if q.backend == "openalex" and q.purpose == "key object" and "constants" in q.query
    ]
    assert q.query == '"renormalisation constants" OR "renormalization constants"'
    # Broadened, if both come back empty, to the words most titles spell.
    assert q.broader == "renormalization constants"


def test_a_byline_with_et_al_is_no_phrase() -> None:
    # "Basor et al." read as a phrase once its person was taken out: "et al" asked of every
    # backend, and Semantic Scholar answered with 25 papers that say it.
    item = "- Basor et al. computed the joint moments of the spectral shift.\n"
    plan = build_queries(
        problem(GRAPHS.replace("## Known Results\n", "## Known Results\n\n" + item))
    )
    asked = [q.query.lower() for q in plan.queries if q.backend != "theoremsearch"]
    assert not [q for q in asked if re.search(r"\bet\b|\bal\b", q)]
    assert any("joint moments" in q for q in asked)
    assert any("basor" in q for q in asked)
