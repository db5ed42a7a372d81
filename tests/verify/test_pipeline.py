"""The verification pipeline: pure decisions, then the real clients against the fake server."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import httpx
import pytest

from mathlsp.cache import Cache
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.sources import LookupStatus, Sources, SourceSettings
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.pipeline import Evidence, claim_key, decide, verify_entries
from tests.fakescholar import FakeScholar
from tests.verify.conftest import FAST

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


def entries(body: str) -> list[ReferenceEntry]:
    doc = LiteratureDoc("## Confirmed References\n\n" + body + "\n## Unconfirmed References\n")
    return doc.entries


PERELMAN = """\
### REF-001: The entropy formula for the Ricci flow and its geometric applications
- **Authors:** Grisha Perelman
- **Year:** 2002
- **arXiv ID:** math/0211159
"""
GREEN_TAO = """\
### REF-002: The primes contain arbitrarily long arithmetic progressions
- **Authors:** Ben Green, Terence Tao
- **Year:** 2008
- **DOI:** 10.4007/annals.2008.167.481
"""
FABRICATED = """\
### REF-003: Spectral gaps of perturbed Neumann series in Banach algebras
- **Authors:** A. Nonymous
- **Year:** 2023
- **arXiv ID:** 2301.99999
"""
NEAR_MISS = GREEN_TAO.replace("REF-002", "REF-004").replace("arithmetic", "geometric")
WRONG_AUTHOR = PERELMAN.replace("REF-001", "REF-005").replace(
    "Grisha Perelman", "Grisha Perelman, Rupert Fabricius"
)
TITLE_ONLY = """\
### REF-006: Perturbation Theory for Linear Operators
- **Authors:** Tosio Kato
- **Year:** 1995
"""
TITLE_ONLY_FAKE = """\
### REF-007: On the convergence of quasi-Neumann expansions in Fréchet spaces
- **Authors:** B. Invented
- **Year:** 2019
"""


def record(**kw: object) -> PaperRecord:
    base: dict[str, object] = {
        "backend": "arxiv",
        "title": "The entropy formula for the Ricci flow and its geometric applications",
        "authors": (Author("Perelman", "Grisha"),),
        "year": 2002,
        "arxiv_id": "math/0211159",
        "url": "http://export.arxiv.org/api/query?id_list=math/0211159",
    }
    base.update(kw)
    return PaperRecord(**base)  # type: ignore[arg-type]


# -- decide (pure) --------------------------------------------------------------------------
def test_matching_record_confirms_with_its_url() -> None:
    (entry,) = entries(PERELMAN)
    check = decide(entry, [Evidence("arXiv math/0211159", LookupStatus.FOUND, (record(),))], NOW)
    assert check.confirmed and check.source == "arxiv"
    assert (
        check.stamp
        == "2026-03-01T12:00:00Z via http://export.arxiv.org/api/query?id_list=math/0211159"
    )


def test_unknown_identifier_gives_the_sources_reason() -> None:
    (entry,) = entries(FABRICATED)
    ev = Evidence(
        "arXiv 2301.99999", LookupStatus.NOT_FOUND, (), "arXiv returned no entry for 2301.99999"
    )
    check = decide(entry, [ev], NOW)
    assert not check.confirmed and not check.pending
    assert check.reasons == ("arXiv returned no entry for 2301.99999",)


def test_source_failure_is_pending_never_confirmed() -> None:
    (entry,) = entries(PERELMAN)
    ev = Evidence(
        "arXiv math/0211159", LookupStatus.ERROR, (), "arXiv rate-limited; verification pending"
    )
    check = decide(entry, [ev], NOW)
    assert not check.confirmed and check.pending
    assert check.reasons == ("arXiv rate-limited; verification pending",)


def test_contradicting_record_names_source_and_difference() -> None:
    (entry,) = entries(PERELMAN.replace("geometric applications", "topological applications"))
    check = decide(entry, [Evidence("arXiv math/0211159", LookupStatus.FOUND, (record(),))], NOW)
    assert not check.confirmed
    (reason,) = check.reasons
    assert reason.startswith("arXiv math/0211159: title differs") and "geometric" in reason


def test_a_second_identifier_that_does_not_exist_blocks_confirmation() -> None:
    (entry,) = entries(
        PERELMAN.replace("- **Year:** 2002", "- **Year:** 2002\n- **DOI:** 10.9999/fake.1")
    )
    evidence = [
        Evidence("arXiv math/0211159", LookupStatus.FOUND, (record(),)),
        Evidence(
            "DOI 10.9999/fake.1",
            LookupStatus.NOT_FOUND,
            (),
            "Crossref returned no entry for 10.9999/fake.1",
        ),
    ]
    check = decide(entry, evidence, NOW)
    assert not check.confirmed and "Crossref returned no entry" in check.reasons[0]


def test_sources_that_disagree_are_reported() -> None:
    (entry,) = entries(PERELMAN)
    other = record(backend="semantic_scholar", title="Ricci flow with surgery on three-manifolds")
    check = decide(
        entry, [Evidence("arXiv math/0211159", LookupStatus.FOUND, (record(), other))], NOW
    )
    assert not check.confirmed
    assert any(r.startswith("sources disagree") for r in check.reasons)


def test_no_evidence_is_not_verified_yet() -> None:
    (entry,) = entries(PERELMAN)
    assert decide(entry, [], NOW).reasons == ("not verified yet",)


def test_claim_key_follows_the_claim_not_the_formatting_around_it() -> None:
    (a,) = entries(PERELMAN)
    (b,) = entries(PERELMAN + "- **Relevance:** [S] added later\n")
    (c,) = entries(PERELMAN.replace("2002", "2003"))
    assert claim_key(a) == claim_key(b) != claim_key(c)


# -- against the fake server ------------------------------------------------------------------
async def test_real_and_fabricated_references(sources, fake: FakeScholar) -> None:
    refs = entries(
        "\n".join(
            [PERELMAN, GREEN_TAO, FABRICATED, NEAR_MISS, WRONG_AUTHOR, TITLE_ONLY, TITLE_ONLY_FAKE]
        )
    )
    checks = {c.entry_id: c for c in await verify_entries(refs, sources, now=NOW)}
    assert {k for k, c in checks.items() if c.confirmed} == {"REF-001", "REF-002", "REF-006"}
    assert checks["REF-003"].reasons == ("arXiv returned no entry for 2301.99999",)
    assert "title differs" in checks["REF-004"].reasons[0]
    assert "Fabricius" in checks["REF-005"].reasons[0]
    assert "no source found a paper titled" in checks["REF-007"].reasons[0]
    assert checks["REF-001"].url and "id_list=math/0211159" in checks["REF-001"].url
    # One batched arXiv request for every arXiv id, not one per paper.
    id_list_calls = [r for r in fake.controls.requests("arxiv") if "id_list" in r.query]
    assert len(id_list_calls) == 1


async def test_rate_limited_source_leaves_entries_pending(sources, fake: FakeScholar) -> None:
    fake.controls.add_fault("429", "arxiv", count=50)
    fake.controls.add_fault("429", "semantic_scholar", count=50)
    (check,) = await verify_entries(entries(PERELMAN), sources, now=NOW)
    assert not check.confirmed and check.pending
    assert "verification pending" in check.reasons[0]


async def test_results_are_cached_for_offline_use(sources) -> None:
    from mathlsp.verify.memo import OfflineVerifier

    refs = entries(PERELMAN + "\n" + TITLE_ONLY + "\n" + FABRICATED)
    await verify_entries(refs, sources, now=NOW)
    offline = OfflineVerifier(sources.cache)
    assert [offline.check(e).status for e in refs] == ["confirmed", "confirmed", "unconfirmed"]
    (edited,) = entries(PERELMAN.replace("Grisha Perelman", "Grigori Perelman, J. Doe"))
    assert not offline.check(edited).confirmed  # judged again, offline, against the cached record


# fault → what the reason must name. Every class: no confirmation, a bounded number of requests
# (retries and the circuit breaker, not a time budget), and the specific reason given.
FAULTS = {
    "503": "HTTP 503",
    "429": "rate-limited",
    "500": "HTTP 500",
    "timeout": "timed out",
    "reset": "unreachable",
    "truncate": "truncated JSON",
    "html": "HTML page",
    "doctype": "DOCTYPE",
    "empty": "",
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
async def test_faults_never_confirm(sources, fake: FakeScholar, fault: str) -> None:
    for backend in ("arxiv", "semantic_scholar", "openalex", "crossref", "zbmath"):
        fake.controls.add_fault(fault, backend, count=500)
    fake.controls.timeout_hang_s = 3.0
    refs = entries("\n".join([PERELMAN, GREEN_TAO]))
    checks = await verify_entries(refs, sources, now=NOW)
    assert not any(c.confirmed for c in checks)
    for backend in ("arxiv", "semantic_scholar", "openalex", "crossref", "zbmath"):
        asked = len(fake.controls.requests(backend))
        assert asked <= FAST["max_attempts"] * 2, (backend, asked)  # bounded, never a storm
    said = " ".join(r for c in checks for r in c.reasons)
    assert FAULTS[fault].lower() in said.lower(), said


ARXIV_ONLY_TITLES = """\
### REF-001: The ternary Goldbach conjecture is true
- **Authors:** Helfgott, H. A.
- **Year:** 2013

### REF-002: Structure and randomness in $\\mathrm{combinatorics}$
- **Authors:** Terence Tao
- **Year:** 2007

### REF-003: Finite extinction time for the solutions to the Ricci flow…
- **Authors:** Perelman, G
- **Year:** 2003

### REF-004: The ternary Goldbach conjecture is false
- **Authors:** Helfgott, H. A.
- **Year:** 2013
"""


async def test_title_only_entries_are_looked_up_where_preprints_live(
    fake: FakeScholar, tmp_path
) -> None:
    # Crossref cannot hold an arXiv-only paper and Semantic Scholar is off: the title is tried
    # on OpenAlex and arXiv before the entry is called unfound.
    settings = SourceSettings.from_env(
        overrides={
            **FAST,
            "base_urls": fake.urls(),
            "enabled_sources": ["crossref", "openalex", "arxiv"],
        },
        environ={},
    )
    async with httpx.AsyncClient() as client:
        sources = Sources(settings, client, cache=Cache(tmp_path / "cache"))
        checks = {c.entry_id: c for c in await verify_entries(entries(ARXIV_ONLY_TITLES), sources)}
    assert checks["REF-001"].confirmed, checks["REF-001"].reasons
    assert checks["REF-002"].confirmed, checks["REF-002"].reasons
    assert checks["REF-003"].confirmed, checks["REF-003"].reasons
    assert not checks["REF-004"].confirmed  # the opposite claim is never this paper
    reason = checks["REF-004"].reasons[0]
    # OpenAlex and Crossref both answered, and OpenAlex holds the same authors' paper the title
    # corrupts: no other source can change that verdict, so none is asked.
    assert (
        "no source found" in reason and 'title says "false" where the source says "true"' in reason
    )


class _ThinSources:
    """arXiv answers without authors; only an exhaustive lookup reaches Semantic Scholar."""

    def __init__(self, s2_authors: tuple[Author, ...]) -> None:
        self.s2_authors = s2_authors
        self.calls: list[bool] = []

    async def lookup_many(self, idents, *, exhaustive=False, use_cache=True):
        from mathlsp.sources.base import LookupResult
        from mathlsp.sources.registry import LookupOutcome

        self.calls.append(exhaustive)
        out = []
        for ident in idents:
            results = [
                LookupResult(ident, "arxiv", LookupStatus.FOUND, record(authors=()), url="u1")
            ]
            if exhaustive:
                s2 = record(backend="semantic_scholar", authors=self.s2_authors)
                results.append(LookupResult(ident, "semantic_scholar", LookupStatus.FOUND, s2))
            out.append(LookupOutcome(str(ident), ident, tuple(results)))
        return out


async def test_absent_authors_are_unknown_and_another_source_is_asked() -> None:
    (entry,) = entries(PERELMAN)
    real = _ThinSources((Author("Perelman", "Grisha"),))
    (check,) = await verify_entries([entry], real, now=NOW)
    assert real.calls == [False, True]  # one more request, only because authors were missing
    assert check.confirmed and check.source == "semantic_scholar"

    invented = entries(PERELMAN.replace("Grisha Perelman", "Rupert Fabricius"))
    nobody = _ThinSources(())
    (check,) = await verify_entries(invented, nobody, now=NOW)
    assert not check.confirmed
    assert any("lists no authors" in r for r in check.reasons)


def test_a_stamp_says_when_only_one_source_could_check() -> None:
    from mathlsp.notes.literature import parse_verified

    (entry,) = entries(PERELMAN)
    both = Evidence("arXiv math/0211159", LookupStatus.FOUND, (record(),))
    one = Evidence("arXiv math/0211159", LookupStatus.FOUND, (record(),), partial=True)
    assert decide(entry, [both], NOW).stamp.endswith("id_list=math/0211159")
    check = decide(entry, [one], NOW)
    assert check.confirmed and check.stamp.endswith("(only source reachable)")
    stamp = parse_verified(check.stamp)
    assert stamp.url == "http://export.arxiv.org/api/query?id_list=math/0211159"
    assert stamp.timestamp == NOW


# -- title-only lookups: OpenAlex and Crossref first, at once ---------------------------------
def _title_requests(fake: FakeScholar) -> dict[str, int]:
    """Requests per backend (the entries of these tests have no identifier to look up)."""
    counts: dict[str, int] = {}
    for r in fake.controls.requests():
        counts[r.backend] = counts.get(r.backend, 0) + 1
    return counts


async def test_a_title_found_by_openalex_and_crossref_asks_nobody_else(
    sources, fake: FakeScholar
) -> None:
    (check,) = await verify_entries(entries(TITLE_ONLY), sources, now=NOW)
    assert check.confirmed, check.reasons
    assert check.source in ("openalex", "crossref")
    assert _title_requests(fake) == {"openalex": 1, "crossref": 1}


async def test_a_title_nobody_knows_falls_back_to_semantic_scholar_arxiv_and_zbmath(
    sources, fake: FakeScholar
) -> None:
    (check,) = await verify_entries(entries(TITLE_ONLY_FAKE), sources, now=NOW)
    assert not check.confirmed and not check.pending
    # The first tier twice: the title, then its compound the other way (`quasineumann`).
    assert _title_requests(fake) == {
        "openalex": 2,
        "crossref": 2,
        "semantic_scholar": 1,
        "arxiv": 1,
        "zbmath": 1,
    }
    assert "(OpenAlex, Crossref, Semantic Scholar, arXiv, zbMATH Open asked)" in check.reasons[0]


async def test_one_first_source_down_still_confirms_and_says_so(sources, fake: FakeScholar) -> None:
    fake.controls.add_fault("503", "crossref", count=100)
    (check,) = await verify_entries(entries(TITLE_ONLY), sources, now=NOW)
    assert check.confirmed and check.source == "openalex"
    assert check.stamp.endswith("(only source reachable)")


async def test_progress_counts_every_identifier_and_title_once(sources) -> None:
    seen: list[tuple[int, int, str]] = []
    refs = entries("\n".join([PERELMAN, GREEN_TAO, TITLE_ONLY, TITLE_ONLY_FAKE]))
    await verify_entries(refs, sources, now=NOW, on_progress=lambda *a: seen.append(a))
    assert seen[0] == (0, 4, "looking up 2 identifiers and 2 titles")
    done = [d for d, _, _ in seen]
    assert done == sorted(done) and done[-1] == 4
    assert {t for _, t, _ in seen} == {4}
    assert sorted(m for _, _, m in seen[1:]) == [
        "REF-007: not in OpenAlex or Crossref, asking Semantic Scholar, arXiv, zbMATH Open",
        "identifiers looked up",
        "title match for REF-006",
        "title match for REF-007",
    ]


# -- title queries as an index tokenises the mathematics ------------------------------------------
class _LuceneTitles:
    """OpenAlex and Crossref over one record, tokenised as Lucene's StandardTokenizer does (UAX
    #29: `_` joins, so `SL_2` is the one word `sl_2`), matching every query word (OpenAlex's
    `title.search`); the other backends find nothing."""

    backends = ("openalex", "crossref", "semantic_scholar", "arxiv", "zbmath")

    def __init__(self, paper: PaperRecord) -> None:
        self.paper = paper
        self.queries: list[tuple[str, str]] = []

    def _hit(self, backend: str, query: str) -> Any:
        from mathlsp.sources.registry import SearchOutcome

        self.queries.append((backend, query))
        held = set(re.findall(r"\w+", self.paper.title.lower()))
        wanted = set(re.findall(r"\w+", query.lower()))
        first = backend in ("openalex", "crossref")
        return SearchOutcome(backend, query, [self.paper] if first and wanted <= held else [])

    async def search(self, backend: str, query: str, limit: int = 10, **_: Any) -> Any:
        return self._hit(backend, query)

    async def match_title(self, title: str, backend: str = "semantic_scholar") -> Any:
        return self._hit(backend, title)


SL2 = """\
### REF-001: Bounded elementary generation of $\\mathrm{SL}_2$ over rings of S-integers
- **Authors:** B. Kunyavskii, D. W. Morris, A. S. Rapinchuk
- **Year:** 2023
"""


async def test_a_formula_the_index_holds_as_one_word_is_left_out_of_a_second_query() -> None:
    paper = record(
        title="Bounded elementary generation of SL_2 over rings of S-integers",
        authors=(Author("Kunyavskii", "Boris"), Author("Morris", "Dave Witte"),
                 Author("Rapinchuk", "Andrei S.")),
        year=2023, arxiv_id=None, doi=None, backend="openalex", url="https://openalex.org/W1",
    )  # fmt: skip
    index = _LuceneTitles(paper)
    (check,) = await verify_entries(entries(SL2), index, now=NOW)
    assert check.confirmed, check.reasons
    # `sl 2` is no word of `sl_2`; the words around the formula find it, the whole title judges it
    words = "bounded elementary generation of over rings of s-integers"
    assert ("openalex", words) in index.queries

    swapped = entries(SL2.replace("SL}_2", "SL}_3"))
    (check,) = await verify_entries(swapped, _LuceneTitles(paper), now=NOW)
    assert not check.confirmed


class _Down(_LuceneTitles):
    """Every source fails: the title query is not repeated, the entry is pending."""

    def _hit(self, backend: str, query: str) -> Any:
        from mathlsp.sources.base import SourceError
        from mathlsp.sources.registry import SearchOutcome

        self.queries.append((backend, query))
        return SearchOutcome(backend, query, error=SourceError(backend, "", "HTTP 503"))


async def test_a_source_that_failed_is_not_asked_the_text_words_again() -> None:
    index = _Down(record())
    (check,) = await verify_entries(entries(SL2), index, now=NOW)
    assert check.pending and not check.confirmed
    assert len(index.queries) == len(_Down.backends)  # one query per source, no retry words


QUASI = """\
### REF-001: On quasilinear stochastic partial differential equations
- **Authors:** I. Gyöngy, É. Pardoux
- **Year:** 1993
"""


async def test_a_compound_the_index_writes_the_other_way_is_asked_once_more() -> None:
    paper = record(
        title="On quasi-linear stochastic partial differential equations",
        authors=(Author("Gyöngy", "István"), Author("Pardoux", "Étienne")),
        year=1993, arxiv_id=None, doi=None, backend="openalex", url="https://openalex.org/W2",
    )  # fmt: skip
    index = _LuceneTitles(paper)
    (check,) = await verify_entries(entries(QUASI), index, now=NOW)
    assert check.confirmed, check.reasons
    assert ("openalex", "on quasi-linear stochastic partial differential equations") in (
        index.queries
    )
    # The other way round: the entry hyphenates, the index closes up.
    closed = record(
        title="On quasilinear stochastic partial differential equations",
        authors=paper.authors, year=1993, arxiv_id=None, doi=None, backend="openalex",
        url="https://openalex.org/W2",
    )  # fmt: skip
    hyphenated = entries(QUASI.replace("quasilinear", "quasi-linear"))
    (check,) = await verify_entries(hyphenated, _LuceneTitles(closed), now=NOW)
    assert check.confirmed, check.reasons


def test_a_source_that_could_not_cross_check_a_confirmation_is_not_called_pending() -> None:
    # Confirmed on its arXiv id; its DOI's source was never asked. The stamp says Verified, so
    # the note beside it says what did not happen (a cross-check), not "verification pending".
    (entry,) = entries(PERELMAN + "- **DOI:** 10.1000/entropy\n")
    found = Evidence("arXiv math/0211159", LookupStatus.FOUND, (record(),))
    spent = Evidence(
        "DOI 10.1000/entropy",
        LookupStatus.ERROR,
        (),
        "OpenAlex not asked: the search's request budget was spent; verification pending",
    )
    check = decide(entry, [found, spent], NOW)
    assert check.confirmed and check.single_source
    assert check.reasons == (
        "not cross-checked — OpenAlex not asked: the search's request budget was spent",
    )
    # Unconfirmed, the same failure still reads pending: nothing vouches for the entry yet.
    alone = decide(entry, [spent], NOW)
    assert alone.pending and alone.reasons == (spent.reason,)


async def test_a_prefetched_pass_gives_the_verdicts_one_by_one_gives(sources) -> None:
    """`OfflineVerifier.prefetch` reads a pass's verdicts in bulk; each entry's verdict is the
    one `check` alone gives it (cached records, a stored verdict, nothing), and the pass then
    asks the cache nothing entry by entry."""
    from mathlsp.verify.memo import OfflineVerifier

    refs = entries(PERELMAN + "\n" + TITLE_ONLY + "\n" + FABRICATED)
    await verify_entries(refs, sources, now=NOW)
    (edited,) = entries(PERELMAN.replace("Grisha Perelman", "Grigori Perelman, J. Doe"))
    (unknown,) = entries(FABRICATED.replace("REF-003: Spectral gaps", "REF-009: Spectral bounds"))
    every = [*refs, edited, unknown]
    one_by_one = [OfflineVerifier(sources.cache).check(e) for e in every]

    class Bulk:
        """The cache, but only its bulk reads."""

        def __init__(self, cache: Any) -> None:
            self.lookup_any_many = cache.lookup_any_many
            self.get_verifications = cache.get_verifications

    bulk = OfflineVerifier(Bulk(sources.cache))
    bulk.prefetch(every)
    assert _undated([bulk.check(e) for e in every]) == _undated(one_by_one)
    statuses = [c.status for c in one_by_one[:3] if c is not None]
    assert statuses == ["confirmed", "confirmed", "unconfirmed"]


def _undated(checks: list[Any]) -> list[Any]:
    """The verdicts without the moment each was decided at."""
    import dataclasses

    return [c and dataclasses.replace(c, checked_at=NOW) for c in checks]
