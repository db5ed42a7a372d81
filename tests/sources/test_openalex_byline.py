"""OpenAlex author queries: the byline filter, as the client sends it and as the fake answers it.

`search=` reads titles, abstracts and full text, not authors; works by a person are found with
the `raw_author_name.search` filter, which matches the byline as written on the work
(https://developers.openalex.org/guides/searching#searching-author-bylines-with-raw_author_name-search).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest

from mathlsp.sources import Sources
from mathlsp.sources.openalex_query import AUTHOR_FILTER, split_author_filter
from tests.fakescholar import FakeScholar
from tests.fakescholar.haystack import corpus_path


def test_split_author_filter() -> None:
    assert split_author_filter(f'{AUTHOR_FILTER}:"Le Doussal" kpz OR "lower tail"') == (
        "Le Doussal",
        'kpz OR "lower tail"',
    )
    assert split_author_filter(f"{AUTHOR_FILTER}:Tao primes") == ("Tao", "primes")
    assert split_author_filter("Tao primes") == ("", "Tao primes")
    # `,` separates filters and `|` means OR in a filter value: never sent inside a name.
    assert split_author_filter(f'{AUTHOR_FILTER}:"Smith, J|K" x') == ("Smith J K", "x")


async def test_client_sends_the_author_as_a_filter(
    fake: FakeScholar, make_sources: Callable[..., Sources]
) -> None:
    sources = make_sources()
    out = await sources.search("openalex", f'{AUTHOR_FILTER}:"Spielman" "ramanujan graphs"')
    assert out.error is None
    sent = fake.controls.requests("openalex")[-1]
    assert sent.query["filter"] == [f"{AUTHOR_FILTER}:Spielman"]
    assert sent.query["search"] == ['"ramanujan graphs"']
    assert out.records and all(any(a.family == "Spielman" for a in r.authors) for r in out.records)


def _titles(resp: httpx.Response) -> list[str]:
    assert resp.status_code == 200, resp.text
    return [w["title"] for w in resp.json()["results"]]


def test_fake_matches_bylines_not_text(fake: FakeScholar) -> None:
    url = fake.urls()["openalex"] + "/works"
    by = _titles(httpx.get(url, params={"filter": f"{AUTHOR_FILTER}:Joel Friedman"}))
    assert any("Alon" in t for t in by)
    # The words of one name must be in one author's byline: Adam (Marcus) + Spielman is nobody.
    assert _titles(httpx.get(url, params={"filter": f"{AUTHOR_FILTER}:Adam Spielman"})) == []
    # A word of the title is not a byline.
    assert _titles(httpx.get(url, params={"filter": f"{AUTHOR_FILTER}:Ramanujan"})) == []


needs_corpus = pytest.mark.skipif(corpus_path() is None, reason="shared/corpus not beside the repo")


@pytest.fixture(scope="module")
def haystack() -> Iterator[FakeScholar]:
    with FakeScholar.running(haystack=True) as fake:
        yield fake


@needs_corpus
def test_haystack_byline_filter_and_search(haystack: FakeScholar) -> None:
    url = haystack.urls()["openalex"] + "/works"
    resp = httpx.get(url, params={"filter": f"{AUTHOR_FILTER}:Corwin", "search": "KPZ"})
    works = resp.json()["results"]
    assert works
    for w in works:
        names = [a["author"]["display_name"] for a in w["authorships"]]
        assert any("Corwin" in n for n in names), names
    # `search=` alone reads titles and abstracts: papers *about* a person's work come back too.
    plain = httpx.get(url, params={"search": "Corwin KPZ", "per-page": 200}).json()["results"]
    assert {w["id"] for w in works} != {w["id"] for w in plain}
