"""Citation forms and lies generated from real corpus records (tests/verify/forms.py), and the
general rules they showed missing: glued initials, dashes in double-barrelled names, British
spellings, part numbers in arabic numerals, author lists whose given names look like initials."""

from __future__ import annotations

import collections
import gzip
import json
import random
from pathlib import Path

import pytest

from mathlsp.notes.literature import split_authors
from mathlsp.sources.record import Author
from mathlsp.verify.matcher import match_authors, match_title
from mathlsp.verify.normalize import surname
from tests.verify.forms import Index, british, decided, generate, record_of

_HERE = Path(__file__).resolve()
CORPUS = next(
    (
        p
        for p in (
            _HERE.parents[2].parent / "shared" / "corpus" / "math-papers.jsonl.gz",
            Path("/work/shared/corpus/math-papers.jsonl.gz"),
        )
        if p.exists()
    ),
    None,
)


@pytest.mark.parametrize(
    ("name", "family"),
    [("W.Xu", "xu"), ("A.K.Uncu", "uncu"), ("J.Ma", "ma"), ("W. Xu", "xu"), ("Xu, W.", "xu")],
)
def test_an_initial_typed_against_the_family_name(name: str, family: str) -> None:
    assert surname(name) == family


def test_glued_initials_match_the_source() -> None:
    source = (Author("Gu", "Yu"), Author("Xu", "Weijun"))
    assert match_authors(["Y.Gu", "W.Xu"], source, et_al=False).ok
    assert not match_authors(["Y.Gu", "Z.Xu"], source, et_al=False).ok


def test_a_shared_given_name_is_not_a_shared_surname() -> None:
    source = (Author("Revers", "Michael"),)
    assert not match_authors(["Michael Winkler"], source, et_al=False).ok
    assert not match_authors(["Winkler, Michael"], source, et_al=False).ok
    # Either order of the note's own words still finds the source's family name.
    assert match_authors(["Revers Michael"], source, et_al=False).ok
    assert match_authors(["Zhang Wei"], (Author("Zhang", "Wei"),), et_al=False).ok


def test_any_dash_joins_a_double_barrelled_name() -> None:
    source = (Author("Muñoz--Bertrand", "Rubén"),)
    for written in ("Muñoz–Bertrand R", "Muñoz-Bertrand, Rubén", "R. Muñoz—Bertrand"):
        assert match_authors([written], source, et_al=False).ok, written


@pytest.mark.parametrize(
    ("british_title", "american_title"),
    [
        ("The centre of modular shifted Yangians", "The center of modular shifted Yangians"),
        ("Purity of affine Springer fibres", "Purity of affine Springer fibers"),
        ("Parity of polarised endomorphisms", "Parity of polarized endomorphisms"),
        ("Colouring of graphs and their behaviour", "Coloring of graphs and their behavior"),
        ("Modelling labelled trees", "Modeling labeled trees"),
        ("Analysing the spectrum", "Analyzing the spectrum"),
    ],
)
def test_british_and_american_spellings_are_one_title(
    british_title: str, american_title: str
) -> None:
    assert match_title(british_title, american_title).ok
    assert match_title(american_title, british_title).ok


def test_a_spelling_rule_never_hides_another_word() -> None:
    assert not match_title("Noise and size of sets", "Nose and sine of sets").ok
    assert not match_title("The center of a group", "The centre of a ring").ok
    assert british("Upper bound for the size of noise") == "Upper bound for the size of noise"


@pytest.mark.parametrize(
    ("claimed", "source", "ok"),
    [
        ("Cohomology of Shimura Varieties 2", "Cohomology of Shimura Varieties II", True),
        ("Model of prime distribution, 2", "Model of prime distribution, II", True),
        ("On the initial value problem. 1", "On the initial value problem. I", True),
        ("Part 2: the general case", "Part II: the general case", True),
        ("Cohomology of Shimura Varieties 3", "Cohomology of Shimura Varieties II", False),
        ("Cohomology of Shimura Varieties 2", "Cohomology of Shimura Varieties", False),
        ("Representations modulo 2", "Representations modulo $2$", True),
        ("Hearing Tamagawa factors modulo q - 1", "Hearing Tamagawa factors modulo $q - 1$", True),
    ],
)
def test_part_numbers_in_arabic_numerals(claimed: str, source: str, ok: bool) -> None:
    assert match_title(claimed, source).ok is ok


@pytest.mark.parametrize(
    ("written", "names"),
    [
        ("Minh Le, Halil Ibrahim Kurt", ["Minh Le", "Halil Ibrahim Kurt"]),
        ("Hua-Lin Huang, Yilun Tang, Yu Ye", ["Hua-Lin Huang", "Yilun Tang", "Yu Ye"]),
        ("de la Harpe, Pierre", ["de la Harpe, Pierre"]),
        ("Manin, Yu. I., Panchishkin, A. A.", ["Manin, Yu. I.", "Panchishkin, A. A."]),
        ("Tao, T, Green, B", ["Tao, T", "Green, B"]),
    ],
)  # fmt: skip
def test_given_names_that_look_like_initials_or_particles(written: str, names: list[str]) -> None:
    assert split_authors(written) == names


@pytest.mark.skipif(CORPUS is None, reason="the shared corpus is not beside the repository")
def test_generated_forms_are_confirmed_and_lies_refused() -> None:
    """Every class of tests/verify/forms.py on 150 corpus records: the forms confirmed, the lies
    refused (benchmarks/bench_gate.py prints the figures on more records and seeds)."""
    assert CORPUS is not None
    with gzip.open(CORPUS, "rt", encoding="utf-8") as fh:
        rows = [r for r in map(json.loads, fh) if r["authors"] and r["year"]]
    records = [record_of(r) for r in random.Random(1).sample(rows, 150)]
    index = Index(records)
    wrong: dict[str, list[str]] = collections.defaultdict(list)
    kinds = set()
    for case in generate(records, 1):
        kinds.add(case.kind)
        if decided(case, index).confirmed is not case.confirm:
            wrong[case.kind].append(case.text)
    assert len(kinds) >= 40
    assert dict(wrong) == {}
