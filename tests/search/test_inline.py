"""What a short note cites inside its statement: identifiers written in passing are looked up,
and the people a statement without Known Results cites are asked on OpenAlex's byline."""

from __future__ import annotations

from mathlsp.search.inline import identifiers_in, sentences, without_identifiers
from mathlsp.search.queries import _material, build_queries, topics
from mathlsp.search.text import joint_possessives
from tests.search.conftest import problem

HEAD = "---\ntitle: {title}\nstatus: defined\ndomain: {domain}\ntags: [{tags}]\n---\n# Problem\n\n"

FACTORIAL = HEAD.format(
    title='"n! + 1 = m^2"', domain="number-theory", tags="factorials, perfect-squares"
) + (
    "Show that $n!+1=m^2$ has only the solutions $n=4,5,7$. Overholt (1993) showed finiteness "
    "under a weak form of abc. Congruence obstructions modulo primes up to $n$ do not suffice; "
    "see the note arXiv:2004.09256.\n"
)

JUMPS = HEAD.format(
    title="Stochastic heat equation driven by jump noise",
    domain="probability",
    tags="stochastic-heat-equation, heavy-tails",
) + (
    "Consider $\\partial_t u=\\Delta u+\\sigma(u)\\dot\\Lambda$ with a pure-jump Lévy noise. "
    "Mueller (1998) and Mytnik (2002) treated stable noise with non-Lipschitz coefficients. "
    "A recent paper of Berger, Chong and Lacoin settles existence with multiplicative noise. "
    "Brown's thermal noise and the random PDEs obtained by smoothing are other matters.\n"
)

WITH_KNOWN = JUMPS + "\n## Known Results\n\n- Walsh (1986): the $L^2$ theory of the equation.\n"


def test_an_identifier_in_the_statement_is_found_and_is_no_phrase() -> None:
    text = "Congruence obstructions do not suffice; see the note arXiv:2004.09256."
    assert [m.value for m in identifiers_in(text)] == ["2004.09256"]
    assert "arXiv" not in without_identifiers(text)
    assert "2004.09256" not in without_identifiers(text)


def test_a_statement_is_cut_into_sentences_but_not_at_an_abbreviation() -> None:
    text = "Overholt (1993) showed it. Later work by Chong et al. (2019) and Luca.\n\n- A bullet."
    assert list(sentences(text)) == [
        "Overholt (1993) showed it.",
        "Later work by Chong et al. (2019) and Luca.",
        "A bullet.",
    ]


def test_an_identifier_the_statement_writes_is_looked_up_and_asked_nowhere() -> None:
    plan = build_queries(problem(FACTORIAL))
    assert [str(i) for i in plan.reference_ids] == ["arxiv:2004.09256"]
    asked = " ".join(q.query.lower() for q in [*plan.queries, *plan.spare])
    assert "note arxiv" not in asked and "arxiv" not in asked.replace("arxiv:", "")


def test_people_a_statement_without_known_results_cites_are_asked_on_the_byline_only() -> None:
    doc = problem(JUMPS)
    m = _material(doc, [], None)
    assert ("Mueller",) in m.in_passing and ("Berger", "Chong", "Lacoin") in m.in_passing
    # An eponym's possessive and an acronym are no one.
    assert not any(n in ("Brown", "PDEs") for g in m.author_groups for n in g)
    assert m.author_topics[("Mueller",)] == "stable noise"
    plan = build_queries(doc)
    cited = [q for q in [*plan.queries, *plan.spare] if q.authors]
    assert cited and {q.backend for q in cited} == {"openalex"}
    # Their topic's phrases and the tags as phrases first (OpenAlex ranks the works saying
    # them first), then any word of the tags: a title-only record of theirs names the subject
    # in its own words ("Stable processes and heat equations"), and the byline keeps the answer
    # to their works.
    mueller = next(q for q in cited if q.authors == ("Mueller",))
    assert mueller.query.startswith(
        'raw_author_name.search:"Mueller" "stable noise" OR "stochastic heat equation" OR '
        '"heavy tails" OR '
    )
    said = set(mueller.query.split(" OR "))
    # The subject's own words ("stochastic", "heat") are not: any of the person's works says them.
    assert {"heavy", "tails"} <= said and not {"stochastic", "heat"} & said
    # Broadened, when even that is empty, to the topic alone (no byline), as every byline query.
    assert "raw_author_name" not in mueller.broader and '"stable noise"' in mueller.broader
    # Nor the group's later people: "a paper of Berger, Chong and Lacoin" names one paper.
    assert not any(t.member for t in topics(m))


def test_a_one_word_tag_is_asked_once_beside_a_person_cited_in_passing() -> None:
    doc = problem(JUMPS.replace("heavy-tails", "heavy-tails, intermittency"))
    plan = build_queries(doc)
    mueller = next(q for q in [*plan.queries, *plan.spare] if q.authors == ("Mueller",))
    said = mueller.query.split(" OR ")
    assert said.count("intermittency") == 1 and len(said) == len(set(said))


def test_people_cited_in_passing_come_after_the_objects() -> None:
    ts = topics(_material(problem(JUMPS), [], None))
    kinds = [t.passing for t in ts if t.purpose != "reference title"]
    assert kinds == sorted(kinds)  # every passing topic after every other


def test_a_note_with_known_results_reads_its_people_there_as_before() -> None:
    m = _material(problem(WITH_KNOWN), [], None)
    assert m.in_passing == []
    assert ("Walsh",) in m.author_groups and ("Mueller",) not in m.author_groups


def test_a_label_before_a_colon_in_a_statement_is_no_one() -> None:
    doc = problem(
        FACTORIAL + "Variants: $m$ restricted to a linear recurrence, $P(x)=n!$ (Luca).\n"
    )
    groups = _material(doc, [], None).author_groups
    assert ("Luca",) in groups and ("Overholt",) in groups
    assert not any("Variants" in g for g in groups)


BURGERS = HEAD.format(
    title='"Burgers-type fluctuations of weakly asymmetric particle systems"',
    domain="probability",
    tags="exclusion-process, martingale-problem",
) + (
    "The density fluctuation field of the exclusion process should solve a stochastic PDE. "
    "Background: Gonçalves–Jara's second-order Boltzmann–Gibbs principle; Hörmander's "
    "condition is not needed.\n"
)


def test_a_joint_possessive_cites_its_people_and_one_persons_is_an_eponym() -> None:
    assert joint_possessives(BURGERS) == [("Gonçalves", "Jara")]
    assert joint_possessives("(Freidlin–Wentzell's versus Dembo–Zeitouni's)") == []
    m = _material(problem(BURGERS), [], None)
    assert ("Gonçalves", "Jara") in m.in_passing
    assert not any("Hörmander" in g for g in m.author_groups)


def test_a_passing_byline_asks_the_titles_own_words_after_the_tags() -> None:
    plan = build_queries(problem(BURGERS))
    byline = next(q for q in [*plan.queries, *plan.spare] if q.authors == ("Gonçalves", "Jara"))
    asked = byline.query.split(" OR ")
    # A title-only record of theirs says "Stochastic Burgers equation", no tag's words.
    assert "burgers" in asked and asked.index('"martingale problem"') < asked.index("burgers")
