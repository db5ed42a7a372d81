"""British spellings asked as American ones."""

from __future__ import annotations

from mathlsp.search.spelling import american


def test_british_endings_and_words_become_american() -> None:
    assert american("renormalisation constants") == "renormalization constants"
    assert american("centred gaussian measure") == "centered gaussian measure"
    assert american("lower tail behaviour") == "lower tail behavior"
    assert american("principally polarised abelian varieties") == (
        "principally polarized abelian varieties"
    )
    assert american("travelling waves") == "traveling waves"
    assert american("randomised algorithms") == "randomized algorithms"
    assert american("analysed data") == "analyzed data"
    assert american("Optimisation") == "Optimization"


def test_words_that_only_end_alike_stay() -> None:
    for phrase in (
        "white noise",
        "precise asymptotics",
        "promise problem",
        "arising singularities",
        "revised conjecture",
        "exercise",
        "otherwise",
        "compromise",
        "rise time",
        "expertise",
    ):
        assert american(phrase) == phrase
