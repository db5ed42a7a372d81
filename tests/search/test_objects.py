"""Which phrases of a problem name objects (reasons and gaps), and when a text says one."""

from __future__ import annotations

from mathlsp.search.objects import (
    problem_people,
    roots,
    says,
    surnames,
    why_not_an_object,
    word_root,
)
from mathlsp.search.text import stems

MALLE = """\
---
title: "Malle's conjecture"
tags: [malle-conjecture]
---
# Problem

Malle predicts the count of number fields of degree n. Matching upper and lower bounds are known
for few groups: Alberts, Lemke Oliver, Wang, Wood — and the Ellenberg–Venkatesh upper bounds.

## Known Results

- Klüners gave a counterexample (Klüners 2005).
"""


def test_people_are_neither_reasons_nor_gaps() -> None:
    # Names in a list with no verb: every occurrence capitalised as a name.
    assert why_not_an_object("lemke oliver", MALLE) == "people"
    # Names off the papers' author lists, whatever the problem says.
    authors = surnames(["Scott N. Armstrong", "Hung V. Tran"])
    assert why_not_an_object("armstrong tran", "", (), authors) == "people"
    assert why_not_an_object("tran", "", (), authors, one_word=True) == "people"
    # An eponym is an object: a name and a noun that is not what the person did.
    authors = surnames(["Craig A. Tracy", "Harold Widom"])
    assert why_not_an_object("tracy widom distribution", "", (), authors) is None
    assert why_not_an_object("tracy", "", (), authors, one_word=True) == "people"
    assert "malle" in problem_people("Malle proved it for abelian groups; Klüners gave one.")


def test_prose_is_neither_a_reason_nor_a_gap() -> None:
    assert why_not_an_object("malle predicts", MALLE) == "prose"  # a reporting verb, present
    assert why_not_an_object("argument extends") == "prose"
    assert why_not_an_object("matching upper", MALLE) == "cut before its noun"
    assert why_not_an_object("distinguished weak") == "cut before its noun"
    assert why_not_an_object("bijection compatible") == "cut before its noun"
    assert why_not_an_object("brownian motion independent") == "cut before its noun"
    assert why_not_an_object("compatible bijections") is None
    assert why_not_an_object("fully hodge newton decomposable") is None
    assert why_not_an_object("number fields", MALLE) is None
    assert why_not_an_object("upper bounds", MALLE) is None  # its noun is there


def test_a_reason_may_be_one_word_or_an_eponym_a_gap_may_not() -> None:
    assert why_not_an_object("ineffective", one_word=True) is None
    assert why_not_an_object("ineffective") == "one word"
    # Measured matches of the problem's phrases, though not an object's whole name.
    assert why_not_an_object("galois refinements", "", ["galois"], one_word=True) is None
    assert why_not_an_object("galois refinements", "", ["galois"]) == "not an object"


def test_notation_spelled_out_is_not_an_object() -> None:
    text = "Solve $\\partial_t u = \\Delta u$ for the heat equation."
    assert why_not_an_object("partial derivative", text) == "notation"
    assert why_not_an_object("heat equation", text) is None


def test_a_noun_in_ity_and_its_adjective_are_one_form() -> None:
    assert word_root("viscosity") == word_root("viscous") == "viscous"
    assert word_root("regularity") == "regular"
    assert word_root("ergodicity") == "ergodic"
    assert word_root("stability") == "stable"
    assert word_root("positivity") == "positive"
    assert word_root("city") == "city"  # too short to carry the suffix
    assert roots(("partition", "regularity")) == ("partition", "regular")


def test_says_what_the_relevance_line_accepts_and_near_forms() -> None:
    def said(text: str, phrase: str) -> bool:
        return says([stems(text)], [tuple(stems(phrase))], {"hjb", "hj", "clt"})

    # The relevance line's normalisation: a phrase, head nouns dropped, spaces closed up.
    assert said("Explicit zero density for the Riemann zeta function", "zero density estimate")
    assert said("the eigen values of flipclasses", "flip classes")
    assert said("Small gaps between primes", "prime gaps")  # every word within the text
    # Near forms: "-ity" and its adjective, an acronym for a run of words.
    assert said("Viscosity solutions of Hamilton-Jacobi-Bellman equations", "viscous HJB")
    assert said("Partition regularity of homogeneous quadratics", "partition regular")
    assert said("Homogenization of viscous Hamilton–Jacobi equations", "viscous HJ equations")
    assert said("A central limit theorem for fluctuations in 1D homogenization", "1d CLT")
    # Not said: another object, or initials that run across a different phrase.
    assert not said("Viscosity solutions of Hamilton-Jacobi equations", "viscous HJB")
    assert not said("Hamilton-Jacobi-Bellman equations", "viscous HJB")  # "viscous" unsaid
    assert not said("Hamilton cycles in jumbled bipartite graphs", "viscous HJB")
    assert not said("Random walks in random environment", "controlled random walks")
    # Only the problem's acronyms spell a run: "le" is a particle, "set" a word.
    assert not said("Gall's Brownian snake and lattice embeddings", "le gall brownian snake")
    assert not said(
        "Binary Goldbach exceptional sieve estimates tail", "binary goldbach exceptional set"
    )


def test_grammar_and_vagueness_rules_spare_objects() -> None:
    nls = "Yue proved invariance for the Hartree NLS on the torus; the Hartree NLS equation."
    assert why_not_an_object("hartree nls", nls) is None  # an acronym is no name
    assert why_not_an_object("analysis pde", "Sanders 2012 (Analysis & PDE), a lemma.") == "people"
    assert why_not_an_object("representation stable", one_word=True) is None  # a reason
    assert why_not_an_object("pure states") is None  # a noun, not "X states that"
    assert why_not_an_object("survey predicts") == "prose"
    assert why_not_an_object("defined mu almost") == "prose"  # from "μ-almost surely"
    assert why_not_an_object("random field sense") == "prose"
    assert why_not_an_object("finite fields interest me") == "prose"  # the writer, not maths
    assert why_not_an_object("banal versus non banal") == "prose"  # a comparison
    assert why_not_an_object("crepant resolutions vs") == "prose"
    for vague in ("exact threshold", "right order", "next order", "extra structure"):
        assert why_not_an_object(vague) == "not an object", vague
    assert why_not_an_object("finite range dependence") is None
    # A reason may be a concept read off the notation; a gap may not.
    gl = "Let $\\mathrm{GL}_n$ act on the space of forms."
    assert why_not_an_object("general linear group", gl, one_word=True) is None
    assert why_not_an_object("general linear group", gl) == "notation"
