"""Telling re-check URLs from other URLs (`sources/recheck.py`)."""

from __future__ import annotations

from urllib.parse import urlsplit

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.sources.recheck import (
    DEFAULT_BASE_URLS,
    _path_and_query,
    configured_bases,
    recheck_backend,
)

_PARTS = st.sampled_from(
    ["api/query", "?", "#", "id_list=", "2404.00001", "/", "//", ":", "works", "doi:", "10.1/x",
     " ", "\t", "\n", "%2F", "&", "=", "paper/", "a", "\x00", "é"]
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(_PARTS, max_size=8).map("".join))
def test_path_and_query_equal_urlsplits(rest: str) -> None:
    parts = urlsplit(rest)
    assert _path_and_query(rest) == (parts.path, parts.query)


def test_the_urls_each_backend_writes_are_told_apart() -> None:
    bases = configured_bases({})
    arxiv = DEFAULT_BASE_URLS["arxiv"]
    assert recheck_backend(f"{arxiv}/api/query?id_list=2404.00001", bases) == "arxiv"
    assert recheck_backend(f"{arxiv}/api/query?id_list=2404.00001#x", bases) == "arxiv"
    assert recheck_backend(f"{arxiv}/api/query?id_list=junk", bases) is None
    crossref = DEFAULT_BASE_URLS["crossref"].replace("https:", "http:")
    assert recheck_backend(f"{crossref}/works/10.1007/BFb0068322", bases) == "crossref"
    assert recheck_backend("https://example.org/api/query?id_list=2404.00001", bases) is None


def test_bases_changed_in_place_are_read_again() -> None:
    bases = dict(configured_bases({}))
    url = "http://mirror.example/api/query?id_list=2404.00001"
    assert recheck_backend(url, bases) is None
    bases["arxiv"] = ("http://mirror.example",)
    assert recheck_backend(url, bases) == "arxiv"


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab=&%+;?#/ é2", max_size=24))
def test_the_query_split_equals_parse_qs(query: str) -> None:
    from urllib.parse import parse_qs

    from mathlsp.sources.recheck import _params

    assert _params(query) == parse_qs(query)


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(["http://export.arxiv.org/", "https://export.arxiv.org/", "export.arxiv.org/"]),
    st.lists(
        _PARTS | st.sampled_from(["api/query?id_list=", "math/0601001", "v2", "math.AG/0601001"]),
        max_size=6,
    ).map("".join),
)
def test_the_arxiv_stamp_shortcut_answers_as_the_loop(base: str, rest: str) -> None:
    """With arXiv's prefix first, its usual stamp is answered before the loop; with it last
    (no shortcut: the hosts do not overlap, so the order changes nothing else) the same."""
    bases = configured_bases({})
    assert next(iter(bases)) == "arxiv"
    arxiv_last = dict(reversed(list(bases.items())))
    url = base + rest
    assert recheck_backend(url, bases) == recheck_backend(url, arxiv_last)
    assert recheck_backend(url, bases) == recheck_backend(url, bases)  # the prefixes reused
