"""The duplicate-paper title key: an ASCII title's words matched by a plain class."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.checks.literature import normalize_title

_WORDS = re.compile(r"[^\W_]+")


def _by_category(title: str) -> str:
    """`normalize_title` as it was written before the ASCII class: one Unicode word test."""
    if not title.isascii():
        text = unicodedata.normalize("NFKD", title)
        title = "".join(c for c in text if not unicodedata.combining(c))
    title = title.lower()
    if "\\" in title:
        title = re.sub(r"\\[a-z]+", " ", title)
    return " ".join(_WORDS.findall(title))


@settings(max_examples=1500, deadline=None)
@given(
    st.one_of(
        st.text(alphabet=st.characters(max_codepoint=127)),
        st.text(alphabet=st.sampled_from("aZ09_ -\\.,'$éÅßİſ\u0301ⅷ²𝔸")),
        st.text(),
    )
)
def test_normalize_title_reads_every_title_as_the_word_category_does(title: str) -> None:
    assert normalize_title(title) == _by_category(title)


def test_every_ascii_character_is_a_word_or_a_break_as_before() -> None:
    for c in map(chr, range(128)):
        title = f"a{c}b"
        assert normalize_title(title) == _by_category(title), repr(c)
