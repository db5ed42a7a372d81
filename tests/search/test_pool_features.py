"""The pool's view of a candidate (`pool_features`): pure, unit-tested without a server."""

from __future__ import annotations

import math

import pytest

from mathlsp.search.pool_features import (
    EXEMPLARS,
    FEATURES,
    FULL_POOL,
    Item,
    note_shares,
    pool_features,
    quantiles,
)


def item(
    words: str,
    evidence: float = 0.0,
    lexical: bool = False,
    queries: tuple[str, ...] = ("q",),
    said: tuple[str, ...] = (),
    reference: bool = False,
) -> Item:
    return Item(
        words=tuple(words.split()),
        evidence=evidence,
        reference=reference,
        lexical=lexical,
        queries=frozenset(("arxiv", q) for q in queries),
        said=frozenset(said),
    )


def test_every_feature_for_every_item_in_order() -> None:
    items = [item("periplectic superalgebra", 2.0), item("queer superalgebra", 1.0)]
    out = pool_features(items)
    assert len(out) == 2
    assert all(set(x) == set(FEATURES) for x in out)
    assert pool_features([]) == []


def test_a_paper_on_the_strongest_papers_words_is_closer_than_a_neighbour() -> None:
    on = "periplectic superalgebra category blocks"
    items = [item(on, 3.0 - i / 10) for i in range(EXEMPLARS)]
    items.append(item("periplectic superalgebra translation functors", 0.5))
    items.append(item("queer superalgebra whittaker modules capelli", 0.5))
    out = pool_features(items)
    assert out[-2]["exemplar_sim"] > out[-1]["exemplar_sim"]
    assert out[-2]["sim_rank"] > out[-1]["sim_rank"]
    # The exemplars' own similarity leaves each out of its own centroid, yet they agree.
    assert out[0]["exemplar_sim"] > 0.9


def test_a_paper_sharing_the_problems_rare_words_is_closer_to_it_than_the_fields() -> None:
    # Every paper says the field's words; one also says the problem's rare ones (weighted by
    # their rarity in the pool, so the field's words count for little), one says none of them.
    problem = tuple("superalgebra blocks periplectic translation functors".split())
    field = [item(f"superalgebra representation blocks topic{i}") for i in range(8)]
    on = item("periplectic superalgebra translation functors blocks")
    off = item("superalgebra representation blocks whittaker")
    out = pool_features([*field, on, off], problem)
    assert out[-2]["problem_sim"] > out[-1]["problem_sim"] > 0.0
    assert out[-2]["problem_sim_rank"] == max(x["problem_sim_rank"] for x in out)
    # Without the problem's words (or with words no paper says) the feature says nothing.
    assert all(x["problem_sim"] == 0.0 for x in pool_features([*field, on], ("absent",)))
    assert all(x["problem_sim"] == 0.0 for x in pool_features([*field, on]))


def test_a_work_problem_md_names_is_an_exemplar_before_any_evidence() -> None:
    items = [item("hurwitz numbers monodromy", 0.0, reference=True)]
    items += [item(f"prime geodesics genus{i}", 2.0) for i in range(EXEMPLARS)]
    items.append(item("hurwitz numbers monodromy graphs", 0.1))
    items.append(item("prime geodesics surfaces", 0.1))
    out = pool_features(items)
    # Four strongest + the reference: the Hurwitz paper shares the reference's words.
    assert out[-2]["exemplar_sim"] > 0


def test_query_precision_is_the_admitted_share_of_its_best_query() -> None:
    items = [
        item("a", lexical=True, queries=("own",)),
        item("b", lexical=True, queries=("own", "field")),
        item("c", lexical=False, queries=("own", "field")),
        item("d", lexical=False, queries=("field",)),
        item("e", lexical=False, queries=("field",)),
    ]
    out = pool_features(items)
    assert math.isclose(out[0]["query_precision"], 2 / 3)
    assert math.isclose(out[3]["query_precision"], 1 / 4)
    # Without itself: paper a's query holds one other admitted paper of two others.
    assert math.isclose(out[0]["query_others"], (1 + 0.5) / (2 + 1))
    assert math.isclose(out[2]["query_others"], (2 + 0.5) / (2 + 1))
    # A candidate no discovery query returned (a reference) says nothing.
    assert pool_features([item("x", queries=())])[0]["query_precision"] == 0.0


def test_same_match_counts_the_others_saying_exactly_the_same_phrases() -> None:
    items = [
        item("a", said=("continued fractions", "partial quotients")),
        item("b", said=("continued fractions", "partial quotients")),
        item("c", said=("continued fractions", "partial quotients")),
        item("d", said=("p-adic littlewood",)),
        item("e"),
    ]
    out = pool_features(items)
    assert math.isclose(out[0]["same_match"], math.log1p(2))
    assert out[3]["same_match"] == 0.0
    assert out[4]["same_match"] == 0.0


def test_evidence_rank_is_a_quantile_with_ties_halved() -> None:
    items = [item("a", 3.0), item("b", 1.0), item("c", 1.0), item("d", 0.0)]
    ranks = [x["evidence_rank"] for x in pool_features(items)]
    # Four papers are a small pool: its quantiles are pulled toward the middle.
    shrink = 3 / (FULL_POOL - 1)
    assert ranks == pytest.approx([0.5 + shrink / 2, 0.5, 0.5, 0.5 - shrink / 2])
    assert quantiles([3.0, 1.0, 1.0, 0.0], full=4) == [1.0, 0.5, 0.5, 0.0]
    assert pool_features([item("a", 1.0)])[0]["evidence_rank"] == 0.5


def test_deterministic_and_order_free_in_its_values() -> None:
    items = [item(f"w{i} shared", float(i % 3), lexical=i % 2 == 0) for i in range(12)]
    assert pool_features(items) == pool_features(items)
    flipped = pool_features(items[::-1])[::-1]
    for a, b in zip(pool_features(items), flipped, strict=True):
        for f in ("query_precision", "query_others", "same_match", "evidence_rank"):
            assert math.isclose(a[f], b[f])


def test_a_papers_nearness_to_the_note_splits_into_the_words_it_shares() -> None:
    problem = tuple("superalgebra blocks periplectic translation functors".split())
    field = [item(f"superalgebra representation blocks topic{i}") for i in range(8)]
    on = item("periplectic superalgebra translation functors blocks whittaker")
    items = [*field, on]
    sim = pool_features(items, problem)[-1]["problem_sim"]
    shares = note_shares(items, problem, [len(items) - 1])[len(items) - 1]
    # Only the note's words the paper says; their shares add up to the cosine.
    assert {w for w, _ in shares} == {
        "periplectic",
        "superalgebra",
        "translation",
        "functors",
        "blocks",
    }
    assert sum(x for _, x in shares) == pytest.approx(sim)
    # The rare words first (ties by the word); what every paper says weighs next to nothing.
    assert [w for w, _ in shares[:3]] == ["functors", "periplectic", "translation"]
    assert dict(shares)["superalgebra"] < shares[2][1] / 10
    # Only the papers asked about; none without the note's words.
    assert set(note_shares(items, problem, [0, 2])) == {0, 2}
    assert note_shares(items, (), [0]) == {0: []}
    assert note_shares(items, problem, []) == {} == note_shares([], problem, [0])
