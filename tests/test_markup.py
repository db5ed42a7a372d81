"""Markup from the sources (titles, abstracts) is inert once written into a note."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathlsp.safetext import neutralize_markup


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("We prove <b>bounds</b>.", "We prove &lt;b>bounds&lt;/b>."),
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)>"),
        ("<script>alert(1)</script>", "&lt;script>alert(1)&lt;/script>"),
        ("<!DOCTYPE html>", "&lt;!DOCTYPE html>"),
        ("hide <!-- the rest", "hide &lt;!-- the rest"),
        ("end --> here", "end --&gt; here"),
        ("[click](javascript:alert(1)) now", "[click]() now"),
        ("[x](&#106;avascript:alert(1))", "[x]()"),
        ("[x](JavaScript:void(0) 'title')", "[x]( 'title')"),
        ("[d](data:text/html;base64,AAAA)", "[d]()"),
        ("<javascript:alert(1)>", "(unsafe link removed)"),
        ("[r]: vbscript:evil", "[r]: #"),
    ],
)
def test_html_and_unsafe_links_are_neutralised(text: str, written: str) -> None:
    assert neutralize_markup(text) == written


@pytest.mark.parametrize(
    "text",
    [
        "Mixing of $x<y$ chains when 3 < 4 > 2",
        "See [the paper](https://arxiv.org/abs/1304.4132) and <https://doi.org/10.1/x>",
        "A link to [Wiki](https://en.wikipedia.org/wiki/Graph_(mathematics)).",
        "Markov bases: a survey",
    ],
)
def test_ordinary_text_and_links_are_kept(text: str) -> None:
    assert neutralize_markup(text) == text


# What CommonMark reads as the start of raw HTML: a tag name after `<` or `</`, or `<!`, `<?`.
_TAG = re.compile(r"<(?:/?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)|[!?])")
_UNSAFE_LINK = re.compile(r"\]\(\s*<?\s*(?:javascript|vbscript|data|file):", re.IGNORECASE)


@given(st.text(alphabet=st.sampled_from(list("<>!-[]():/ jJavscriptdt&#;x0a\t")), max_size=80))
def test_no_tag_comment_or_unsafe_link_survives(text: str) -> None:
    out = neutralize_markup(text)
    assert "<!--" not in out and "-->" not in out
    assert not _TAG.search(out)
    assert not _UNSAFE_LINK.search(html.unescape(out).replace("\t", ""))
    assert neutralize_markup(out) == out or "&" in text  # idempotent on what it wrote
