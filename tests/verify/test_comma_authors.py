"""Authors separated by commas alone (`Le Chen, Guannan Hu`), as hand-typed and LLM-written
citations put them, told from one inverted name (`Chen, Le`) by the source's list: each reading
is judged strictly, so a subset or a stranger is refused under both."""

from __future__ import annotations

import pytest

from mathlsp.bib.claim import bib_claim
from mathlsp.bib.parse import parse_bib
from mathlsp.notes.literature import split_authors
from mathlsp.personnames import comma_list
from mathlsp.verify.matcher import Claim, match
from tests.verify.labelled import rec

TITLE = "Intermittency and moment asymptotics for a stochastic heat equation"
TWO = rec("openalex", TITLE, ["Le Chen", "Guannan Hu"], 2020)
THREE = rec("openalex", TITLE, ["Le Chen", "Guannan Hu", "Yaozhong Hu"], 2020)
INVERTED = rec("openalex", TITLE, ["Juan Esteban Rodríguez Camargo"], 2020)


@pytest.mark.parametrize(
    ("field", "parts"),
    [("Le Chen, Guannan Hu", ["Le Chen", "Guannan Hu"]),
     ("Le Chen, Guannan Hu, Yaozhong Hu", ["Le Chen", "Guannan Hu", "Yaozhong Hu"]),
     ("Le Chen, Guannan Hu, et al.", ["Le Chen", "Guannan Hu"]),
     ("Le Chen, Guannan Hu and others", ["Le Chen", "Guannan Hu"]),
     ("Chen, Le", None),
     ("Chen, L. G.", None),
     ("Chen, L., Hu, G.", None),
     ("Smith, Jr., John Paul", None),
     ("Le Chen and Guannan Hu", None),
     ("Le Chen", None),
     ("", None)],
)  # fmt: skip
def test_a_comma_list_is_read_only_where_every_part_is_a_whole_name(
    field: str, parts: list[str] | None
) -> None:
    assert comma_list(field) == parts


def bib(author: str) -> Claim:
    text = (
        f"@article{{k,\n  author = {{{author}}},\n  title = {{{TITLE}}},\n  year = {{2020}}\n}}\n"
    )
    return bib_claim(parse_bib(text).entries[0])


def note(author: str) -> Claim:
    read = split_authors(author)
    return Claim(
        title=TITLE,
        authors=tuple(read),
        year=2020,
        authors_alt=tuple(comma_list(author) or ()) if len(read) == 1 else (),
    )


@pytest.mark.parametrize("claim_of", [bib, note])
def test_two_people_written_with_a_comma_confirm(claim_of: object) -> None:
    assert match(claim_of("Le Chen, Guannan Hu"), TWO).matched  # type: ignore[operator]


def test_an_inverted_name_with_two_word_parts_still_confirms_in_a_bib() -> None:
    assert match(bib("Rodríguez Camargo, Juan Esteban"), INVERTED).matched


@pytest.mark.parametrize("claim_of", [bib, note])
def test_a_comma_list_that_leaves_out_a_coauthor_is_refused(claim_of: object) -> None:
    verdict = match(claim_of("Le Chen, Guannan Hu"), THREE)  # type: ignore[operator]
    assert not verdict.matched
    assert "Yaozhong Hu" in " ".join(verdict.reasons)


@pytest.mark.parametrize("claim_of", [bib, note])
def test_a_comma_list_with_a_stranger_is_refused(claim_of: object) -> None:
    assert not match(claim_of("Le Chen, Xia Chen"), TWO).matched  # type: ignore[operator]


def test_the_cut_short_comma_list_confirms_with_et_al() -> None:
    assert match(bib("Le Chen, Guannan Hu et al."), THREE).matched


@pytest.mark.parametrize(
    ("field", "source"),
    [("Lu Weixiao and Xi Guodong", ["Weixiao Lu", "Guodong Xi"]),
     ("Colliander James and Oh Tadahiro", ["James Colliander", "Tadahiro Oh"]),
     ("Ma Jie and Yang Mengxi", ["Jie Ma", "Mengxi Yang"])],
)  # fmt: skip
def test_a_two_letter_family_name_written_first_is_found(field: str, source: list[str]) -> None:
    record = rec("openalex", TITLE, source, 2020)
    assert match(bib(field), record).matched


def test_a_two_letter_family_name_first_still_needs_the_whole_list() -> None:
    record = rec("openalex", TITLE, ["Jie Ma", "Mengxi Yang", "Zichen Yang"], 2020)
    assert not match(bib("Ma Jie and Yang Mengxi"), record).matched
