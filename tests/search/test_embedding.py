"""The static embedding's features: the shipped model, read without a network, deterministic."""

from __future__ import annotations

import pytest

from mathlsp.search import embedding
from mathlsp.search.embedding import FEATURES, embedding_features, problem_text

PROBLEM = """---
title: "One-level density of low-lying zeros"
tags: [low-lying-zeros, random-matrix-theory]
---
# Problem

The one-level density of the low-lying zeros of a family of L-functions, against the
Katz–Sarnak prediction from random matrix theory.
"""
ON = "Low-lying zeros of Dirichlet L-functions. We compute the one-level density of the family."
NEIGHBOUR = "Moments of Dirichlet L-functions. We bound the fourth moment of the family."
AWAY = (
    "Coulomb branches of gauge theories. We quantize the Coulomb branch of a quiver gauge theory."
)


def test_the_model_ships_in_its_wheel_and_is_never_downloaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import requests

    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("the embedding tried to download something")

    monkeypatch.setattr(requests, "get", no_network)
    embedding._model.cache_clear()
    out = embedding_features(problem_text(PROBLEM), [ON], [[]])
    assert set(out[0]) == set(FEATURES)


def test_the_paper_on_the_problem_is_closer_than_a_neighbour_and_a_stranger() -> None:
    out = embedding_features(problem_text(PROBLEM), [AWAY, NEIGHBOUR, ON], [[2], [2], [1]])
    sims = [x["problem_emb"] for x in out]
    assert sims[2] > sims[1] > sims[0]
    ranks = [x["problem_emb_rank"] for x in out]
    assert ranks[0] < ranks[1] < ranks[2]  # quantiles (pulled toward the middle: a small pool)
    # Closeness to the exemplars (here the paper on the problem) orders them the same way.
    assert out[1]["exemplar_emb"] > out[0]["exemplar_emb"]
    assert out == embedding_features(problem_text(PROBLEM), [AWAY, NEIGHBOUR, ON], [[2], [2], [1]])


def test_no_exemplar_no_pool_and_no_front_matter() -> None:
    assert embedding_features("anything", [], []) == []
    assert embedding_features("anything", [ON], [[]])[0]["exemplar_emb"] == 0.0
    assert problem_text(PROBLEM).lstrip().startswith("# Problem")
    assert problem_text("No front matter here.") == "No front matter here."


def test_loading_the_model_leaves_the_logging_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    import logging
    import sys

    # A first import configures the root logger at INFO (wordllama calls basicConfig): the
    # search's HTTP requests would fill the terminal.
    for name in [m for m in sys.modules if m == "wordllama" or m.startswith("wordllama.")]:
        monkeypatch.delitem(sys.modules, name)
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])
    monkeypatch.setattr(root, "level", logging.WARNING)
    embedding._model.cache_clear()
    try:
        embedding._model()
        assert root.handlers == [] and root.level == logging.WARNING
    finally:
        embedding._model.cache_clear()
