"""The learned decision above the line: its hard rules, its shipped coefficients, its training."""

from __future__ import annotations

import itertools
import math

import pytest

from benchmarks.train_ranker import draw, figures, fit
from mathlsp.search import rank
from mathlsp.search.learned import FEATURES, MONOTONE, POOL_RELATIVE, Tree, probability, tree_value
from mathlsp.search.merge import REFERENCE, Candidate, Found, Hit, merge_records
from mathlsp.search.pool_features import FULL_POOL
from mathlsp.search.queries import Term
from mathlsp.search.rank import below_the_line, rank_candidates
from mathlsp.search.ranker_trees import TREES
from mathlsp.search.ranker_weights import CUT, WEIGHTS
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.sources.theoremsearch import TheoremHit

TERMS = [
    Term("prime number theorem", "tag", 2.0, "prime-number-theorem"),
    Term("chebyshev function", "keyword", 1.0, "chebyshev function"),
    Term("trudgian", "author", 1.0, "Trudgian"),
]


def paper(title: str, abstract: str = "", surname: str = "Smith", n: int = 0) -> Candidate:
    record = PaperRecord(
        backend="arxiv",
        title=title,
        abstract=abstract or None,
        authors=(Author(surname),),
        year=2020,
        arxiv_id=f"2501.{10000 + n}",
    )
    return merge_records([Found(record, Hit("arxiv", "q", 0))])[0]


def pool() -> dict[str, Candidate]:
    filler = " ".join(f"We study the word{i} of sums." for i in range(30))
    similar = paper("Sums of divisors", "We count divisors.", n=3)
    similar.theorems = [
        TheoremHit("Theorem 1", "Sums of divisors.", "theorem", 0.95, "arXiv", None)
    ]
    return {
        "tag": paper("On Beatty sequences", "A prime number theorem for Beatty sequences.", n=1),
        "author": paper("Moments of L-functions", surname="Trudgian", n=2),
        "similar": similar,
        "passing": paper(
            "Sums over primes", f"{filler} Last, a bound for the Chebyshev function.", n=4
        ),
        "specific": paper("Explicit bounds for the Chebyshev function", n=5),
    }


def filler() -> list[Candidate]:
    """Papers on nothing the problem says: the model draws the line only in a pool of at least
    `FULL_POOL` candidates (a smaller one is the lexical rule's)."""
    return [paper(f"Tilings of the plane {i}", "We tile.", n=100 + i) for i in range(FULL_POOL)]


def test_a_tag_an_author_a_similarity_or_a_passing_mention_never_admits_whatever_the_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A model that would admit everything: the hard rules (`rank.eligible`) still decide.
    monkeypatch.setattr(rank, "WEIGHTS", {"intercept": 50.0})
    papers = pool()
    kept, dropped = rank_candidates([*papers.values(), *filler()], TERMS)
    assert kept == [papers["specific"]]
    assert {id(papers[k]) for k in ("tag", "author", "similar", "passing")} <= {
        id(c) for c in dropped
    }


def test_a_small_pool_is_the_lexical_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    # In a pool of five, a model that would admit everything and one that would admit nothing
    # draw the same line: the lexical rule's. In a pool of the model's size they do not.
    def kept(intercept: float, *extra: Candidate) -> list[str]:
        monkeypatch.setattr(rank, "WEIGHTS", {"intercept": intercept})
        return [c.title for c in rank_candidates([*pool().values(), *extra], TERMS)[0]]

    assert kept(50.0) == kept(-50.0)
    assert kept(50.0, *filler()) == ["Explicit bounds for the Chebyshev function"]
    assert kept(-50.0, *filler()) == []


def test_what_the_model_sets_aside_is_still_shown_below_the_line_and_references_stay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rank, "WEIGHTS", {"intercept": -50.0})
    papers = pool()
    ref = merge_records(
        [],
        [
            Found(
                PaperRecord(backend="arxiv", title="Unrelated", arxiv_id="2501.99999"),
                Hit(REFERENCE, "x", 0),
            )
        ],
    )[0]
    kept, dropped = rank_candidates([*papers.values(), ref, *filler()], TERMS)
    assert kept == [ref]
    assert papers["specific"] in below_the_line(dropped)
    # The Relevance line's material is the lexical match, not the model's probability.
    assert [m.term.label for m in papers["specific"].found] == ["chebyshev function"]


def test_the_shipped_coefficients_cover_exactly_the_features() -> None:
    assert set(WEIGHTS) == {"intercept", *FEATURES}
    assert 0 < CUT < 1
    # The strongest evidence the lexical ranking and the pool have points the model's way.
    # (`field_only` is not pinned: the lexical verdict is already false for every such paper,
    # so its own coefficient only corrects `lexical` and `own_missing`, either way.)
    assert WEIGHTS["lexical"] > 0 and WEIGHTS["max_rarity"] > 0
    assert WEIGHTS["exemplar_sim"] > 0 and WEIGHTS["problem_sim"] > 0
    # `query_others` is `query_precision` without the paper itself: the two share one signal and
    # split its weight either way from one retrain to the next, so only their sum is pinned.
    assert WEIGHTS["query_precision"] + WEIGHTS["query_others"] > 0
    # Where a paper stands among the others retrieved moves when the pool does: not read.
    assert not set(POOL_RELATIVE) & set(WEIGHTS)


def test_probability_is_the_logistic_of_the_weighted_features() -> None:
    x = {"lexical": 1.0, "evidence": 0.5}
    w = {"intercept": -1.0, "lexical": 2.0, "evidence": -4.0, "unknown": 9.0}
    assert probability(x, w) == pytest.approx(1 / (1 + math.exp(1.0)))
    assert probability({}, {"intercept": -1000.0}) == 0.0  # no overflow either way
    assert probability({}, {"intercept": 1000.0}) == 1.0


def test_training_is_deterministic_and_learns_the_sign_of_a_feature() -> None:
    k = len(FEATURES)
    rows, labels = [], []
    for i in range(40):
        x = [0.0] * k
        x[FEATURES.index("max_rarity")] = (i % 10) / 10
        x[FEATURES.index("field_only")] = float(i % 3 == 0)
        rows.append(x)
        labels.append(int((i % 10) >= 5 and i % 3 != 0) if i % 7 else int(i % 2))
    first, second = fit(rows, labels), fit(rows, labels)
    assert first == second  # same rows, same coefficients: no random state
    assert first["max_rarity"] > 0 > first["field_only"]
    assert first["evidence"] == 0.0  # a feature that never varies learns nothing


def test_a_drawn_list_is_capped_skips_the_unconfirmed_and_counts_borderline_apart() -> None:
    def row(n: int, label: int | None, **kw: object) -> dict[str, object]:
        base = {"reference": False, "checked": False, "confirmed": False, "score": -n}
        return {**base, "title": f"p{n}", "relevance": 0.5, "label": label, **kw}

    pool = [row(0, 1, checked=True), row(1, 0, checked=True, confirmed=True), row(2, None)]
    pool += [row(3 + i, 0) for i in range(30)]
    written = draw(pool, lambda r: True, lambda r: (-r["score"], r["title"]))
    assert len(written) == rank.MAX_CANDIDATES - 1  # the checked, unconfirmed one is not written
    f = figures([(written, 2)])
    assert (f["hits"], f["n"]) == (0, rank.MAX_CANDIDATES - 2)


def test_the_shipped_weights_are_what_the_training_script_makes_of_the_committed_rows() -> None:
    # `benchmarks/train_ranker.py --write` on `benchmarks/ranker_rows.jsonl.gz` (the studied
    # splits' pools, committed) reproduces `ranker_weights.py`: a hand-edited coefficient, a
    # changed feature or changed rows without retraining fail here.
    from benchmarks.train_ranker import ROWS, SPLITS, load, train

    rows = [r for r in load(ROWS) if r["split"] in SPLITS]
    assert {r["split"] for r in rows} == set(SPLITS)
    weights, trees, cut = train(rows)
    assert round(cut, 2) == CUT
    assert list(weights) == list(WEIGHTS)
    assert [round(v, 6) for v in weights.values()] == pytest.approx(list(WEIGHTS.values()))
    # … and `ranker_trees.py`: the same splits on the same thresholds, the same leaves.
    assert len(trees) == len(TREES)
    for made, shipped in zip(trees, TREES, strict=True):
        assert flat(made) == pytest.approx(flat(shipped), abs=1e-6)
        assert [v for v in flat(made) if isinstance(v, str)] == [
            v for v in flat(shipped) if isinstance(v, str)
        ]


def flat(tree: Tree) -> list[float | str]:
    if isinstance(tree, float):
        return [tree]
    feature, threshold, below, above = tree
    return [feature, threshold, *flat(below), *flat(above)]


def test_a_tree_sends_a_value_below_its_threshold_to_its_first_branch() -> None:
    tree: Tree = ("problem_sim", 0.1, -0.5, ("cited_author", 1.0, 0.25, 0.75))
    assert tree_value(tree, {"problem_sim": 0.05, "cited_author": 1.0}) == -0.5
    assert tree_value(tree, {"problem_sim": 0.1}) == 0.25  # at the threshold: the second
    assert tree_value(tree, {"problem_sim": 0.2, "cited_author": 1.0}) == 0.75
    assert tree_value(0.125, {}) == 0.125
    # The trees' leaves add to the logistic model's log-odds.
    w = {"intercept": -1.0}
    x = {"problem_sim": 0.2, "cited_author": 1.0}
    assert probability(x, w, [tree, tree]) == pytest.approx(1 / (1 + math.exp(-0.5)))
    assert probability(x, w, []) == probability(x, w)


def training_set(seed_feature: str, n: int = 400) -> tuple[list[list[float]], list[int]]:
    """Rows whose label follows `seed_feature`'s value the opposite way on its upper half: what a
    logistic margin of zero leaves for the trees."""
    k = len(FEATURES)
    rows, labels = [], []
    for i in range(n):
        x = [0.0] * k
        v = (i % 20) / 20
        x[FEATURES.index(seed_feature)] = v
        x[FEATURES.index("title_only")] = float(i % 2)
        rows.append(x)
        # Labelled 1 mostly below the middle, and among the title-only rows.
        labels.append(int((v < 0.5 and i % 3 != 0) or (i % 2 == 1 and i % 5 == 0)))
    return rows, labels


def test_the_trees_correct_the_margin_on_a_free_feature_and_are_deterministic() -> None:
    from benchmarks.residual_trees import fit_trees

    # `evidence` has no sign in `MONOTONE` (the logistic model weighs it below zero): the trees
    # learn that less of it means more gold here.
    assert "evidence" not in MONOTONE
    rows, labels = training_set("evidence")
    trees = fit_trees(rows, labels, [0.0] * len(labels))
    assert trees == fit_trees(rows, labels, [0.0] * len(labels))  # no random state
    low = sum(tree_value(t, {"evidence": 0.1}) for t in trees)
    high = sum(tree_value(t, {"evidence": 0.9}) for t in trees)
    assert low > 0.5 > -0.5 > high


def test_the_trees_never_move_against_a_monotone_feature() -> None:
    from benchmarks.residual_trees import fit_trees

    # The same labels on `problem_sim` (more of it never lowers the odds): the trees may not
    # learn that its upper half is less often gold, whatever the other features say.
    assert MONOTONE["problem_sim"] == 1 and MONOTONE["own_missing"] == -1
    rows, labels = training_set("problem_sim")
    trees = fit_trees(rows, labels, [0.0] * len(labels))
    for title_only in (0.0, 1.0):
        sums = [
            sum(tree_value(t, {"problem_sim": v / 20, "title_only": title_only}) for t in trees)
            for v in range(21)
        ]
        assert sums == sorted(sums)


def test_the_shipped_trees_never_lower_the_odds_as_a_monotone_feature_rises() -> None:
    # Over real candidates (the committed rows' first 300), raising any feature of `MONOTONE`
    # past each threshold the shipped trees split it on never moves their sum against it.
    from benchmarks.train_ranker import ROWS, load

    assert set(MONOTONE) <= set(FEATURES)
    splits: dict[str, set[float]] = {}

    def walk(tree: Tree) -> None:
        if not isinstance(tree, float):
            feature, threshold, below, above = tree
            assert feature in FEATURES
            splits.setdefault(feature, set()).add(threshold)
            walk(below)
            walk(above)

    for tree in TREES:
        walk(tree)
    for row in load(ROWS)[:300]:
        x = dict(row["features"])
        for feature, sign in MONOTONE.items():
            values = sorted({x.get(feature, 0.0), *splits.get(feature, ())})
            sums = [sum(tree_value(t, {**x, feature: v}) for t in TREES) for v in values]
            steps = [sign * (b - a) for a, b in itertools.pairwise(sums)]
            assert min(steps, default=0.0) >= -1e-12, feature


def test_the_confirmation_split_is_never_trained_on_by_the_held_out_validation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from benchmarks import train_ranker

    def row(split: str, n: int, label: int) -> dict[str, object]:
        return {
            "split": split,
            "slug": f"{split}-problem",
            "key": f"k{n}",
            "title": f"p{n}",
            "reference": False,
            "eligible": True,
            "checked": False,
            "confirmed": False,
            "label": label,
            "gold": 2,
            "score": float(label) - n / 100,
            "relevance": 0.5,
            "lexical": bool(label),
            "features": {"lexical": float(label), "evidence": float(label) + n / 100},
        }

    rows = [row(s, n, n % 2) for s in ("a", "b", "c") for n in range(6)]
    trained_on: list[set[object]] = []
    fit_model = train_ranker.fit_model

    def spy(train_rows, **kw):  # type: ignore[no-untyped-def]
        trained_on.append({r["split"] for r in train_rows})
        return fit_model(train_rows, **kw)

    monkeypatch.setattr(train_ranker, "SPLITS", ("a", "b", "c"))
    monkeypatch.setattr(train_ranker, "fit_model", spy)
    out = train_ranker.validate(rows, objectives=("f1",), trees=False, confirmation="c")
    # two folds over a and b (neither trains on c), then c decided by a model of a and b
    assert trained_on == [{"b"}, {"a"}, {"a", "b"}]
    assert set(out) == {"loso", "confirmation"}
    assert out["confirmation"]["false"] == out["confirmation"]["n"] - out["confirmation"]["hits"]


def test_the_written_list_is_ordered_by_the_models_probability_best_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Both papers are admitted (cut 0); which comes first follows the model's odds, whatever
    # their lexical scores: one feature moves them, one way or the other.
    monkeypatch.setattr(rank, "CUT", 0.0)
    monkeypatch.setattr(rank, "TREES", ())
    full = paper(
        "Explicit bounds for the Chebyshev function", "We bound the Chebyshev function.", n=6
    )
    bare = paper("The Chebyshev function", n=7)  # no abstract: title_only

    def order(weight: float) -> list[str]:
        monkeypatch.setattr(rank, "WEIGHTS", {"intercept": 0.0, "title_only": weight})
        kept, _ = rank_candidates([full, bare, *filler()], TERMS)
        return [c.title for c in kept]

    assert order(10.0) == ["The Chebyshev function", full.title]
    assert order(-10.0) == [full.title, "The Chebyshev function"]


def test_down_the_list_each_admitted_paper_after_the_first_few_needs_more_than_the_cut() -> None:
    cut = 0.3
    papers = [paper(f"Paper {i}", n=i) for i in range(rank.FREE_PLACES + 3)]
    record = PaperRecord(backend="arxiv", title="Listed", arxiv_id="2501.20000")
    listed = merge_records([Found(record, Hit("x", "q", 0))])[0]
    listed.problem_reference = "Reference 1"
    # Every paper just over the cut: the first FREE_PLACES stay, the rest fall below the line.
    odds = {id(c): cut + 0.001 * (len(papers) - i) for i, c in enumerate(papers)}
    odds[id(listed)] = 0.0  # PROBLEM.md's own work is neither held to the rise nor counted in it
    kept, low = rank.down_the_list([listed, *papers], odds, cut)
    assert kept == [listed, *papers[: rank.FREE_PLACES + 1]]
    assert low == papers[rank.FREE_PLACES + 1 :]
    assert rank.needed(rank.FREE_PLACES + 1, cut) == pytest.approx(cut + rank.CUT_STEP)
    # A paper far over the cut keeps its place however long the list.
    odds = {id(c): 0.99 for c in papers}
    assert rank.down_the_list(papers, odds, cut) == (papers, [])


def test_the_training_script_admits_what_the_product_does() -> None:
    from benchmarks.train_ranker import admitted

    def row(n: int, **kw: object) -> dict[str, object]:
        return {"reference": False, "eligible": True, "title": f"p{n:02d}", **kw}

    pool = [row(i) for i in range(rank.FREE_PLACES + 4)] + [row(99, eligible=False)]
    p = {id(r): 0.3 + 1.5 * rank.CUT_STEP for r in pool}
    kept = admitted(pool, p, 0.3)
    # Ties fall in title order; the ineligible one is never admitted.
    assert kept == {id(r) for r in pool[: rank.FREE_PLACES + 2]}


def test_a_cited_person_who_wrote_much_of_the_pool_tells_less_of_each_paper() -> None:
    from mathlsp.search.rank import CROWD, Match, author_crowd

    person, other = Term("bourgain", "author", 1.0, "Bourgain"), Term("velo", "author", 1.0, "Velo")
    phrase = Term("zakharov system", "keyword", 1.0, "zakharov system")
    # No cited person: nothing to discount.
    assert author_crowd([Match(phrase, "title", 0.9, 3, 150)]) == 0.0
    two = author_crowd([Match(person, "title", 0.5, 2, 150)])
    twenty = author_crowd([Match(person, "title", 0.5, 20, 150)])
    assert 0 < two < twenty < 1
    assert author_crowd([Match(person, "title", 0.5, 5 * CROWD, 150)]) == 1.0
    # Of two cited people, the one who wrote fewest of the papers found speaks for the paper.
    both = [Match(person, "title", 0.5, 20, 150), Match(other, "title", 0.5, 2, 150)]
    assert author_crowd(both) == two
    # More of it never raises the odds.
    assert MONOTONE["author_crowd"] == -1
