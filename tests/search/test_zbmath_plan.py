"""zbMATH's discovery queries: the problem's MSC classes with its topics."""

from __future__ import annotations

from dataclasses import dataclass

from mathlsp.notes.problem import ProblemDoc
from mathlsp.search.queries import QUOTA, build_queries
from mathlsp.search.zbmath_plan import cc_value, topic_query, zbmath_pool


@dataclass
class T:
    phrases: tuple[str, ...]
    purpose: str = "key object"
    authors: tuple[str, ...] = ()


def test_cc_value_reads_every_form_of_a_class() -> None:
    assert cc_value(["11R06", "11-XX", "11Nxx", "60"]) == "11R06|11|11N"
    assert cc_value(["11R06", "11r06"]) == "11R06"
    assert cc_value([]) == ""


def test_topic_query_under_the_classes() -> None:
    assert topic_query("11R06", ("Mahler measure",), ()) == 'cc:11R06 & ti:"Mahler measure"'
    # No class known: the title phrase alone.
    assert topic_query("", ("Mahler measure",), ()) == 'ti:"Mahler measure"'
    assert topic_query("11", ("Lehmer",), ()) == "cc:11 & ti:Lehmer"


def test_authors_are_asked_in_their_field() -> None:
    query = topic_query("60", ("kpz equation",), ("Corwin", "Le Doussal"))
    assert query == 'cc:60 & au:Corwin|"Le Doussal"'


def test_quotes_and_diacritics_never_break_the_query() -> None:
    assert topic_query("05", ('the "Szemerédi" lemma',), ()) == 'cc:05 & ti:"the Szemeredi lemma"'
    assert topic_query("05", ('"',), ()) == ""


def test_pool_puts_the_subject_first_and_skips_repeats() -> None:
    pool = list(
        zbmath_pool(
            ["11R06"],
            ["Mahler measure"],
            [T(("Mahler measures",)), T(("Lehmer's problem",), "named result")],
        )
    )
    assert [q for q, _, _ in pool] == [
        'cc:11R06 & ti:"Mahler measure"',
        'cc:11R06 & ti:"Lehmer\'s problem"',
    ]
    assert pool[0][1] == "MSC + subject"
    # The first is broadened once to the same phrase without the classes; only the first.
    assert [b for _, _, b in pool] == ['ti:"Mahler measure"', ""]


def test_a_guessed_class_that_empties_the_query_is_dropped_once() -> None:
    # "analysis" guesses 26|42|46; zbMATH files a forced Burgers equation under 35 and 60.
    pool = list(
        zbmath_pool(["26", "42", "46"], ["Burgers equation"], [T((), "author", ("Khanin",))])
    )
    assert pool == [
        ('cc:26|42|46 & ti:"Burgers equation"', "MSC + subject", 'ti:"Burgers equation"'),
        ("cc:26|42|46 & au:Khanin", "MSC + author", ""),
    ]


def test_no_class_known_nothing_to_broaden() -> None:
    pool = list(zbmath_pool([], ["Mahler measure"], []))
    assert pool == [('ti:"Mahler measure"', "MSC + subject", "")]


PROBLEM = """\
---
domain: number-theory
tags: [mahler-measure, lehmer-problem]
msc: [11R06, 11G50]
status: active
---
# Lehmer's problem

## Statement
Is the Mahler measure of a non-cyclotomic integer polynomial bounded away from one?

## Known Results
- Smyth (1971) proved the bound for non-reciprocal polynomials.
"""


def test_the_plan_asks_zbmath_with_the_problems_classes() -> None:
    plan = build_queries(ProblemDoc(PROBLEM))
    asked = plan.for_backend("zbmath")
    assert 1 <= len(asked) <= QUOTA["zbmath"]
    assert all(q.startswith("cc:11R06|11G50 & ") for q in asked)
    assert asked[0] == 'cc:11R06|11G50 & ti:"mahler measure"'


def test_without_msc_the_domain_classes_are_used() -> None:
    text = PROBLEM.replace("msc: [11R06, 11G50]\n", "")
    asked = build_queries(ProblemDoc(text)).for_backend("zbmath")
    assert asked and all(q.startswith("cc:11 & ") for q in asked)


def test_zbmath_switched_off_is_skipped() -> None:
    plan = build_queries(ProblemDoc(PROBLEM), backends=("arxiv", "openalex"))
    assert plan.for_backend("zbmath") == []
    assert plan.skipped_backends["zbmath"] == "switched off"
