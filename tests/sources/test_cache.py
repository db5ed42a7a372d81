"""The SQLite cache: WAL, identifiers, TTLs, sharing between processes, corruption recovery."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mathlsp.cache import FILENAME, Cache, default_cache_dir
from mathlsp.sources import Identifier, IdKind, LookupResult, LookupStatus, PaperRecord
from mathlsp.sources.errors import RateLimited
from mathlsp.sources.record import Author

REPO = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def record(backend: str = "arxiv", version: int | None = 2, **kw: object) -> PaperRecord:
    base: dict[str, object] = {
        "backend": backend,
        "title": "Small gaps between primes",
        "authors": (Author("Maynard", "James"),),
        "year": 2013,
        "arxiv_id": "1311.4600",
        "arxiv_version": version,
        "doi": "10.4007/annals.2015.181.1.7",
        "url": f"http://x/api/query?id_list=1311.4600v{version}",
        "fetched_at": datetime(2026, 1, 1, tzinfo=UTC),
    }
    base.update(kw)
    return PaperRecord(**base)  # type: ignore[arg-type]


ARXIV = Identifier(IdKind.ARXIV, "1311.4600")
DOI = Identifier(IdKind.DOI, "10.4007/annals.2015.181.1.7")


def test_location_precedence(tmp_path: Path) -> None:
    assert default_cache_dir({"MATHLSP_CACHE_DIR": str(tmp_path / "env")}) == tmp_path / "env"
    assert default_cache_dir({}).name == "mathlsp"  # platformdirs' user cache dir
    with Cache(tmp_path / "explicit", environ={"MATHLSP_CACHE_DIR": str(tmp_path / "env")}) as c:
        assert c.path == tmp_path / "explicit" / FILENAME
    with Cache(environ={"MATHLSP_CACHE_DIR": str(tmp_path / "env")}) as c:
        assert c.path == tmp_path / "env" / FILENAME


def test_wal_mode_and_record_index(tmp_path: Path) -> None:
    with Cache(tmp_path) as cache:
        assert cache.journal_mode == "wal"
        cache.put_record(record())
        assert cache.get_record(ARXIV) == record()
        assert cache.get_record(DOI) == record()  # indexed by every identifier it carries
        assert cache.get_record(Identifier(IdKind.ARXIV, "1311.4600", 2)) == record()
        assert cache.get_record(Identifier(IdKind.ARXIV, "1311.4600", 3)) is None
        assert cache.get_record(ARXIV, backend="crossref") is None
        # Re-fetching replaces the backend's copy instead of piling up duplicates.
        cache.put_record(record(version=3))
        assert [r.arxiv_version for r in cache.get_records(ARXIV)] == [3]
        cache.put_record(record(backend="crossref", version=None, arxiv_id=None))
        assert {r.backend for r in cache.get_records(DOI)} == {"arxiv", "crossref"}
        assert cache.stats().records == 2


def test_max_age(tmp_path: Path) -> None:
    clock = Clock()
    clock.now = datetime(2026, 1, 2, tzinfo=UTC).timestamp()
    with Cache(tmp_path, clock=clock) as cache:
        cache.put_record(record())
        assert cache.get_record(ARXIV, max_age_s=2 * 86400) is not None
        assert cache.get_record(ARXIV, max_age_s=3600) is None


def test_not_found_ttl(tmp_path: Path) -> None:
    clock = Clock()
    with Cache(tmp_path, clock=clock, not_found_ttl_s=60) as cache:
        cache.put_not_found(Identifier(IdKind.ARXIV, "2301.99999"), "arxiv", "http://x/q")
        hit = cache.get_lookup(Identifier(IdKind.ARXIV, "2301.99999"), "arxiv")
        assert hit is not None and hit.status is LookupStatus.NOT_FOUND and hit.cached
        assert hit.url == "http://x/q"
        assert (
            cache.get_not_found(Identifier(IdKind.ARXIV, "2301.99999"), "semantic_scholar") is None
        )
        clock.now += 61
        assert cache.get_lookup(Identifier(IdKind.ARXIV, "2301.99999"), "arxiv") is None
        assert cache.stats().not_found_expired == 1
        assert cache.clear(expired_only=True) == 1


def test_record_supersedes_not_found(tmp_path: Path) -> None:
    with Cache(tmp_path) as cache:
        cache.put_not_found(ARXIV, "arxiv")
        cache.put_record(record())
        hit = cache.get_lookup(ARXIV, "arxiv")
        assert hit is not None and hit.found


def test_errors_are_never_cached(tmp_path: Path) -> None:
    with Cache(tmp_path) as cache:
        err = RateLimited("arxiv", "http://x", "arXiv rate-limited")
        cache.put_lookup(LookupResult(ARXIV, "arxiv", LookupStatus.ERROR, error=err))
        assert cache.get_lookup(ARXIV, "arxiv") is None
        stats = cache.stats()
        assert stats.records == 0 and stats.not_found == 0


def test_search_ttl_and_verifications(tmp_path: Path) -> None:
    clock = Clock()
    with Cache(tmp_path, clock=clock, search_ttl_s=100) as cache:
        cache.put_search("arxiv", "all:primes", 10, [record()])
        assert cache.get_search("arxiv", "all:primes", 10) == [record()]
        assert cache.get_search("arxiv", "all:primes", 5) is None
        clock.now += 101
        assert cache.get_search("arxiv", "all:primes", 10) is None
        cache.put_verification("REF-001@LITERATURE.md", {"status": "confirmed", "url": "u"})
        assert cache.get_verification("REF-001@LITERATURE.md") == {
            "status": "confirmed",
            "url": "u",
        }
        assert cache.get_verification("nope") is None
        assert cache.clear() >= 2
        assert cache.stats().verifications == 0


def test_many_verifications_at_once(tmp_path: Path) -> None:
    with Cache(tmp_path) as cache:
        for i in range(0, 1200, 2):  # more keys than one `IN (…)` query takes
            cache.put_verification(f"k{i}", {"n": i})
        found = cache.get_verifications([f"k{i}" for i in range(1200)] + ["k0"])
        assert found == {f"k{i}": {"n": i} for i in range(0, 1200, 2)}
        assert cache.get_verifications([]) == {}


def test_lookup_any_many_answers_as_lookup_any(tmp_path: Path) -> None:
    with Cache(tmp_path, clock=Clock()) as cache:
        cache.put_record(record("arxiv", version=2))
        cache.put_record(record("crossref", version=None, arxiv_id=None))
        missing = Identifier(IdKind.ARXIV, "2301.99999")
        cache.put_not_found(missing, "arxiv", "http://x/q")
        for i in range(600):  # more keys than one `IN (…)` query takes
            cache.put_not_found(Identifier(IdKind.DOI, f"10.1/{i}"), "crossref")
        asked = [
            ARXIV,
            DOI,
            Identifier(IdKind.ARXIV, "1311.4600", version=2),
            Identifier(IdKind.ARXIV, "1311.4600", version=3),  # not that version
            missing,
            Identifier(IdKind.DOI, "10.9/unknown"),
            *(Identifier(IdKind.DOI, f"10.1/{i}") for i in range(600)),
        ]
        many = cache.lookup_any_many(asked)
        for ident in asked:
            one = cache.lookup_any(ident)
            assert many.get(ident, []) == one, ident
        assert len(many[DOI]) == 2 and missing in many
        assert Identifier(IdKind.DOI, "10.9/unknown") not in many
        assert cache.lookup_any_many([]) == {}


def test_two_connections_share_the_file(tmp_path: Path) -> None:
    with Cache(tmp_path) as a, Cache(tmp_path) as b:
        a.put_record(record())
        assert b.get_record(DOI) == record()
        b.put_not_found(Identifier(IdKind.DOI, "10.9/x"), "crossref")
        assert a.get_not_found(Identifier(IdKind.DOI, "10.9/x"), "crossref") is not None


WRITER = """
import sys
from datetime import UTC, datetime
from mathlsp.cache import Cache
from mathlsp.sources import PaperRecord
tag = sys.argv[2]
with Cache(sys.argv[1]) as cache:
    for i in range(60):
        cache.put_record(PaperRecord(
            backend="crossref", title=f"paper {tag} {i}", doi=f"10.5555/{tag}.{i}",
            fetched_at=datetime.now(UTC)))
    assert not cache.warnings, cache.warnings
print("ok")
"""


def test_two_processes_write_concurrently(tmp_path: Path) -> None:
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), tag],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for tag in ("a", "b")
    ]
    with Cache(tmp_path) as cache:  # and this process reads while they write
        for i in range(20):
            cache.put_record(
                record(backend="arxiv", title=f"main {i}", arxiv_id=f"2301.0000{i % 10}")
            )
        outputs = [p.communicate(timeout=60) for p in procs]
        assert [p.returncode for p in procs] == [0, 0], outputs
        assert cache.stats().records_by_backend["crossref"] == 120


def test_corrupt_file_is_set_aside(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / FILENAME
    path.write_bytes(b"this is not a database" * 200)
    with Cache(tmp_path) as cache:
        assert cache.recovered_from is not None and cache.recovered_from.exists()
        assert cache.recovered_from.name.startswith(FILENAME + ".corrupt-")
        assert cache.warnings and "moved to" in cache.warnings[0]
        cache.put_record(record())
        assert cache.get_record(ARXIV) is not None
    assert "rebuilt" in caplog.text


def test_failures_after_open_degrade_to_misses(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    cache.close()
    cache.put_record(record())  # a closed connection: logged, not raised
    assert cache.get_record(ARXIV) is None
    assert cache.warnings


def test_schema_and_integrity(tmp_path: Path) -> None:
    with Cache(tmp_path):
        pass
    conn = sqlite3.connect(tmp_path / FILENAME)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    conn.close()
    assert {"records", "record_ids", "not_found", "searches", "verifications", "meta"} <= tables
