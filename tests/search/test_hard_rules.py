"""The offline table of the hard rules and the narrowed tag rule (`benchmarks/hard_rules.py`)."""

from __future__ import annotations

from typing import Any

from benchmarks.hard_rules import TAG_RULE, table, titled_tag, variant
from benchmarks.train_ranker import CONFIRMATION, ineligible_because


def row(said: list[list[Any]], title_only: bool = True, **kw: Any) -> dict[str, Any]:
    base = {
        "reference": False,
        "eligible": False,
        "label": 1,
        "split": "tune",
        "features": {"title_only": 1.0 if title_only else 0.0},
        "said": said,
    }
    return {**base, **kw}


def test_a_title_only_record_saying_a_rare_tag_in_its_title_is_let_to_the_model() -> None:
    r = row([["tag", "title", 0.4, 1]])
    assert ineligible_because(r) == TAG_RULE
    assert titled_tag(r, 0.3)
    assert not titled_tag(r, 0.5)  # not rare enough in the pool
    changed, n = variant([r], 0.3)
    assert n == 1 and changed[0]["eligible"] and not r["eligible"]  # the input is not touched


def test_an_author_a_tag_in_an_abstract_or_a_record_with_an_abstract_stays_held() -> None:
    held = [
        row([["author", "title", 0.9, 1]]),  # an author alone
        row([["tag", "text", 0.9, 1]]),  # the tag not in the title
        row([["tag", "title", 0.9, 0]]),  # nothing specific
        row([["tag", "title", 0.9, 1]], title_only=False),  # it has an abstract to weigh
        row([["tag", "title", 0.9, 1]], reference=True),  # PROBLEM.md's own: never held
    ]
    changed, n = variant(held, 0.0)
    assert n == 0 and changed == held


def test_the_table_counts_held_papers_by_rule_record_and_label_with_the_confirmation_apart() -> (
    None
):
    rows = [
        row([["tag", "title", 0.4, 1]]),
        row([["tag", "title", 0.4, 1]], label=0),
        row([["tag", "title", 0.4, 1]], label=None, split=CONFIRMATION),
        row([["tag", "title", 0.4, 1]], eligible=True),  # the model weighs it: not held
    ]
    t = table(rows)
    assert t == {
        (TAG_RULE, "title only"): {
            "gold studied": 1,
            "false studied": 1,
            f"borderline {CONFIRMATION}": 1,
        }
    }
