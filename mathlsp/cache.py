"""Local SQLite cache of source answers, so hovers and diagnostics work offline.

One file (`sources.sqlite3`) in the user cache directory — `platformdirs.user_cache_dir("mathlsp")`,
or `$MATHLSP_CACHE_DIR`, or an explicit directory (the server's initialization option). It holds:

* records, indexed by *every* identifier they carry (arXiv id, DOI, S2 id, OpenAlex id, PMID);
* not-found answers per (backend, identifier), kept briefly (a paper may appear tomorrow);
* search results per (backend, query, limit) with a TTL;
* verification results as opaque JSON keyed by the caller.

Errors are never cached. WAL mode plus a busy timeout lets two mathlsp processes share the file; a
corrupt file is set aside (renamed `*.corrupt-<time>`) and rebuilt, with a warning. A cache must
never take the server down, so database errors after opening are logged and treated as misses.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from mathlsp.sources.base import LookupResult, LookupStatus
from mathlsp.sources.record import Identifier, IdKind, PaperRecord

log = logging.getLogger("mathlsp.cache")

FILENAME = "sources.sqlite3"
SCHEMA_VERSION = 1
NOT_FOUND_TTL_S = 3600.0  # an hour: long enough to spare the APIs, short enough to self-heal
SEARCH_TTL_S = 24 * 3600.0
_IN_BATCH = 500  # keys per `IN (…)` query: under SQLite's oldest bound-parameter limit (999)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS records (
    rid INTEGER PRIMARY KEY,
    backend TEXT NOT NULL,
    data TEXT NOT NULL,
    fetched_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS record_ids (
    key TEXT NOT NULL,
    rid INTEGER NOT NULL REFERENCES records(rid) ON DELETE CASCADE,
    PRIMARY KEY (key, rid)
);
CREATE INDEX IF NOT EXISTS record_ids_rid ON record_ids(rid);
CREATE TABLE IF NOT EXISTS not_found (
    backend TEXT NOT NULL,
    key TEXT NOT NULL,
    url TEXT NOT NULL,
    created REAL NOT NULL,
    expires REAL NOT NULL,
    PRIMARY KEY (backend, key)
);
CREATE TABLE IF NOT EXISTS searches (
    backend TEXT NOT NULL,
    query TEXT NOT NULL,
    lim INTEGER NOT NULL,
    data TEXT NOT NULL,
    created REAL NOT NULL,
    expires REAL NOT NULL,
    PRIMARY KEY (backend, query, lim)
);
CREATE TABLE IF NOT EXISTS verifications (
    key TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    created REAL NOT NULL
);
"""


def default_cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    if env.get("MATHLSP_CACHE_DIR"):
        return Path(env["MATHLSP_CACHE_DIR"]).expanduser()
    return Path(platformdirs.user_cache_dir("mathlsp", appauthor=False))


@dataclass(frozen=True)
class CacheStats:
    path: str
    size_bytes: int
    records: int
    identifiers: int
    records_by_backend: dict[str, int]
    not_found: int
    not_found_expired: int
    searches: int
    searches_expired: int
    verifications: int
    journal_mode: str

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class NotFoundEntry:
    backend: str
    identifier: str
    url: str
    created: float
    expires: float


class Cache:
    def __init__(
        self,
        cache_dir: str | Path | None = None,
        *,
        path: str | Path | None = None,
        clock: Callable[[], float] = time.time,
        not_found_ttl_s: float = NOT_FOUND_TTL_S,
        search_ttl_s: float = SEARCH_TTL_S,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        if path is not None:
            self.path = Path(path)
        else:
            folder = Path(cache_dir).expanduser() if cache_dir else default_cache_dir(environ)
            self.path = folder / FILENAME
        self.clock = clock
        self.not_found_ttl_s = not_found_ttl_s
        self.search_ttl_s = search_ttl_s
        self.warnings: list[str] = []
        self.recovered_from: Path | None = None
        self._lock = threading.RLock()
        self._conn = self._open()

    # --- opening, corruption recovery ---------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(
            self.path, timeout=10.0, isolation_level=None, check_same_thread=False
        )
        try:
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")
            conn.executescript(_SCHEMA)
            row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            if row is None:
                conn.execute(
                    "INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', ?)",
                    (str(SCHEMA_VERSION),),
                )
            elif row[0] != str(SCHEMA_VERSION):
                raise sqlite3.DatabaseError(f"unknown cache schema version {row[0]}")
            self.journal_mode = str(mode)
        except BaseException:
            conn.close()
            raise
        return conn

    def _open(self) -> sqlite3.Connection:
        for attempt in range(6):
            try:
                return self._connect()
            except sqlite3.OperationalError as exc:
                # Another process holding the database is busy, not broken: wait, never set
                # a healthy cache aside.
                if "locked" not in str(exc) and "busy" not in str(exc):
                    return self._recover(exc)
                if attempt == 5:
                    raise
                time.sleep(0.2 * (attempt + 1))
            except sqlite3.DatabaseError as exc:
                return self._recover(exc)
        raise AssertionError("unreachable")

    def _recover(self, exc: sqlite3.DatabaseError) -> sqlite3.Connection:
        """A corrupt file is set aside (kept for inspection) and the cache rebuilt."""
        if not self.path.exists():
            raise exc
        aside = self._set_aside()
        msg = f"cache file {self.path} was unreadable ({exc}); moved to {aside.name} and rebuilt"
        log.warning(msg)
        self.warnings.append(msg)
        self.recovered_from = aside
        return self._connect()

    def _set_aside(self) -> Path:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        self.path.replace(aside)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.replace(aside.with_name(aside.name + suffix))
        return aside

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Cache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """A write transaction; BEGIN IMMEDIATE takes the write lock up front (WAL-friendly)."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            else:
                self._conn.execute("COMMIT")

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    # --- records ------------------------------------------------------------------------

    def put_record(self, record: PaperRecord) -> None:
        keys = [i.key for i in record.identifiers]
        if not keys:
            return
        try:
            with self._tx() as conn:
                marks = ",".join("?" * len(keys))
                # Replace this backend's previous copies of the same paper (any shared id).
                conn.execute(
                    f"DELETE FROM records WHERE backend = ? AND rid IN "
                    f"(SELECT rid FROM record_ids WHERE key IN ({marks}))",
                    (record.backend, *keys),
                )
                cur = conn.execute(
                    "INSERT INTO records(backend, data, fetched_at) VALUES (?, ?, ?)",
                    (record.backend, json.dumps(record.to_dict()), record.fetched_at.timestamp()),
                )
                conn.executemany(
                    "INSERT OR IGNORE INTO record_ids(key, rid) VALUES (?, ?)",
                    [(k, cur.lastrowid) for k in keys],
                )
                # A record supersedes any not-found answer for its identifiers on that backend.
                conn.execute(
                    f"DELETE FROM not_found WHERE backend = ? AND key IN ({marks})",
                    (record.backend, *keys),
                )
        except sqlite3.Error as exc:
            self._failed("write", exc)

    def get_records(
        self, identifier: Identifier, *, backend: str | None = None, max_age_s: float | None = None
    ) -> list[PaperRecord]:
        """Every cached record carrying `identifier`, newest first."""
        sql = (
            "SELECT r.data, r.fetched_at FROM records r JOIN record_ids i ON i.rid = r.rid "
            "WHERE i.key = ?"
        )
        params: list[Any] = [identifier.key]
        if backend:
            sql += " AND r.backend = ?"
            params.append(backend)
        if max_age_s is not None:
            sql += " AND r.fetched_at >= ?"
            params.append(self.clock() - max_age_s)
        sql += " ORDER BY r.fetched_at DESC"
        try:
            rows = self._read(sql, params)
        except sqlite3.Error as exc:
            self._failed("read", exc)
            return []
        out = []
        for data, _ in rows:
            try:
                record = PaperRecord.from_dict(json.loads(data))
            except (ValueError, TypeError, KeyError):
                continue
            if _version_matches(record, identifier):
                out.append(record)
        return out

    def get_record(
        self, identifier: Identifier, *, backend: str | None = None, max_age_s: float | None = None
    ) -> PaperRecord | None:
        records = self.get_records(identifier, backend=backend, max_age_s=max_age_s)
        return records[0] if records else None

    # --- not found ----------------------------------------------------------------------

    def put_not_found(
        self, identifier: Identifier, backend: str, url: str = "", ttl_s: float | None = None
    ) -> None:
        now = self.clock()
        ttl = self.not_found_ttl_s if ttl_s is None else ttl_s
        try:
            with self._tx() as conn:
                conn.execute(
                    "INSERT OR REPLACE INTO not_found(backend, key, url, created, expires) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (backend, _nf_key(identifier), url, now, now + ttl),
                )
        except sqlite3.Error as exc:
            self._failed("write", exc)

    def get_not_found(self, identifier: Identifier, backend: str) -> NotFoundEntry | None:
        try:
            rows = self._read(
                "SELECT url, created, expires FROM not_found "
                "WHERE backend = ? AND key = ? AND expires > ?",
                (backend, _nf_key(identifier), self.clock()),
            )
        except sqlite3.Error as exc:
            self._failed("read", exc)
            return None
        if not rows:
            return None
        url, created, expires = rows[0]
        return NotFoundEntry(backend, str(identifier), url, created, expires)

    # --- lookup results (the router's view) -----------------------------------------------

    def put_lookup(self, result: LookupResult) -> None:
        """FOUND → record, NOT_FOUND → short-lived negative entry, anything else → nothing."""
        if result.cached:
            return
        if result.status is LookupStatus.FOUND and result.record is not None:
            self.put_record(result.record)
        elif result.status is LookupStatus.NOT_FOUND:
            self.put_not_found(result.identifier, result.backend, result.url)

    def get_lookup(
        self, identifier: Identifier, backend: str, *, max_age_s: float | None = None
    ) -> LookupResult | None:
        record = self.get_record(identifier, backend=backend, max_age_s=max_age_s)
        if record is not None:
            return _cached_found(identifier, record)  # the record is `backend`'s (get_records)
        nf = self.get_not_found(identifier, backend)
        if nf is not None:
            return _cached_not_found(identifier, backend, nf.url, nf.created)
        return None

    def lookup_any(self, identifier: Identifier) -> list[LookupResult]:
        """Offline answer from any backend: every cached record carrying `identifier`, else the
        live not-found entries for it (hovers and `lookup --offline` use this)."""
        found = [_cached_found(identifier, r) for r in self.get_records(identifier)]
        if found:
            return found
        try:
            rows = self._read(
                "SELECT backend, url, created FROM not_found WHERE key = ? AND expires > ? "
                "ORDER BY created DESC",
                (_nf_key(identifier), self.clock()),
            )
        except sqlite3.Error as exc:
            self._failed("read", exc)
            return []
        return [_cached_not_found(identifier, *row) for row in rows]

    def lookup_any_many(
        self, identifiers: Sequence[Identifier]
    ) -> dict[Identifier, list[LookupResult]]:
        """`lookup_any` of many identifiers in a few queries (a 2,000-entry `.bib` opened in
        the editor), the same answers; identifiers with none are left out."""
        unique = list(dict.fromkeys(identifiers))
        by_key: dict[str, list[Identifier]] = {}
        for ident in unique:
            by_key.setdefault(ident.key, []).append(ident)
        records: dict[Identifier, list[PaperRecord]] = {}
        keys = list(by_key)
        for i in range(0, len(keys), _IN_BATCH):
            chunk = keys[i : i + _IN_BATCH]
            marks = ",".join("?" * len(chunk))
            try:
                rows = self._read(
                    "SELECT i.key, r.data FROM records r JOIN record_ids i ON i.rid = r.rid "
                    f"WHERE i.key IN ({marks}) ORDER BY r.fetched_at DESC",
                    chunk,
                )
            except sqlite3.Error as exc:
                self._failed("read", exc)
                return {}
            for key, data in rows:
                try:
                    record = PaperRecord.from_dict(json.loads(data))
                except (ValueError, TypeError, KeyError):
                    continue
                for ident in by_key[key]:
                    if _version_matches(record, ident):
                        records.setdefault(ident, []).append(record)
        out: dict[Identifier, list[LookupResult]] = {
            ident: [_cached_found(ident, r) for r in found] for ident, found in records.items()
        }
        rest = {_nf_key(ident): ident for ident in unique if ident not in records}
        names = list(rest)
        for i in range(0, len(names), _IN_BATCH):
            chunk = names[i : i + _IN_BATCH]
            marks = ",".join("?" * len(chunk))
            try:
                rows = self._read(
                    f"SELECT key, backend, url, created FROM not_found WHERE key IN ({marks}) "
                    "AND expires > ? ORDER BY created DESC",
                    (*chunk, self.clock()),
                )
            except sqlite3.Error as exc:
                self._failed("read", exc)
                return out
            for key, *row in rows:
                ident = rest[key]
                out.setdefault(ident, []).append(_cached_not_found(ident, *row))
        return out

    # --- searches -------------------------------------------------------------------------

    def put_search(
        self,
        backend: str,
        query: str,
        limit: int,
        records: Sequence[PaperRecord],
        ttl_s: float | None = None,
    ) -> None:
        now = self.clock()
        ttl = self.search_ttl_s if ttl_s is None else ttl_s
        data = json.dumps([r.to_dict() for r in records])
        try:
            with self._tx() as conn:
                conn.execute(
                    "INSERT OR REPLACE INTO searches(backend, query, lim, data, created, expires) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (backend, query, limit, data, now, now + ttl),
                )
        except sqlite3.Error as exc:
            self._failed("write", exc)

    def get_search(self, backend: str, query: str, limit: int) -> list[PaperRecord] | None:
        try:
            rows = self._read(
                "SELECT data FROM searches WHERE backend = ? AND query = ? AND lim = ? "
                "AND expires > ?",
                (backend, query, limit, self.clock()),
            )
        except sqlite3.Error as exc:
            self._failed("read", exc)
            return None
        if not rows:
            return None
        try:
            return [PaperRecord.from_dict(d) for d in json.loads(rows[0][0])]
        except (ValueError, TypeError, KeyError):
            return None

    # --- verification results -----------------------------------------------------------------

    def put_verification(self, key: str, data: Mapping[str, Any]) -> None:
        try:
            with self._tx() as conn:
                conn.execute(
                    "INSERT OR REPLACE INTO verifications(key, data, created) VALUES (?, ?, ?)",
                    (key, json.dumps(dict(data)), self.clock()),
                )
        except sqlite3.Error as exc:
            self._failed("write", exc)

    def get_verification(self, key: str) -> dict[str, Any] | None:
        try:
            rows = self._read("SELECT data FROM verifications WHERE key = ?", (key,))
        except sqlite3.Error as exc:
            self._failed("read", exc)
            return None
        if not rows:
            return None
        try:
            value = json.loads(rows[0][0])
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def get_verifications(self, keys: Sequence[str]) -> dict[str, dict[str, Any]]:
        """`get_verification` of many keys in a few queries (a 2,000-entry `.bib` opened in the
        editor asks for every entry's verdict at once); absent keys are left out."""
        out: dict[str, dict[str, Any]] = {}
        unique = list(dict.fromkeys(keys))
        for i in range(0, len(unique), _IN_BATCH):
            chunk = unique[i : i + _IN_BATCH]
            marks = ",".join("?" * len(chunk))
            try:
                rows = self._read(
                    f"SELECT key, data FROM verifications WHERE key IN ({marks})", chunk
                )
            except sqlite3.Error as exc:
                self._failed("read", exc)
                return out
            for key, data in rows:
                try:
                    value = json.loads(data)
                except ValueError:
                    continue
                if isinstance(value, dict):
                    out[key] = value
        return out

    # --- maintenance --------------------------------------------------------------------------

    def stats(self) -> CacheStats:
        now = self.clock()

        def one(sql: str, *params: Any) -> int:
            return int(self._read(sql, params)[0][0])

        by_backend = {
            str(b): int(n)
            for b, n in self._read("SELECT backend, COUNT(*) FROM records GROUP BY backend")
        }
        size = sum(
            p.stat().st_size
            for p in (self.path, self.path.with_name(self.path.name + "-wal"))
            if p.exists()
        )
        return CacheStats(
            path=str(self.path),
            size_bytes=size,
            records=one("SELECT COUNT(*) FROM records"),
            identifiers=one("SELECT COUNT(DISTINCT key) FROM record_ids"),
            records_by_backend=by_backend,
            not_found=one("SELECT COUNT(*) FROM not_found WHERE expires > ?", now),
            not_found_expired=one("SELECT COUNT(*) FROM not_found WHERE expires <= ?", now),
            searches=one("SELECT COUNT(*) FROM searches WHERE expires > ?", now),
            searches_expired=one("SELECT COUNT(*) FROM searches WHERE expires <= ?", now),
            verifications=one("SELECT COUNT(*) FROM verifications"),
            journal_mode=self.journal_mode,
        )

    def clear(self, *, expired_only: bool = False) -> int:
        """Delete everything (or only expired negative/search entries); returns rows removed."""
        now = self.clock()
        removed = 0
        with self._tx() as conn:
            if expired_only:
                removed += conn.execute("DELETE FROM not_found WHERE expires <= ?", (now,)).rowcount
                removed += conn.execute("DELETE FROM searches WHERE expires <= ?", (now,)).rowcount
            else:
                for table in ("record_ids", "records", "not_found", "searches", "verifications"):
                    removed += conn.execute(f"DELETE FROM {table}").rowcount
        if not expired_only:
            with self._lock:
                self._conn.execute("VACUUM")
        return removed

    def _failed(self, what: str, exc: sqlite3.Error) -> None:
        msg = f"cache {what} failed ({exc}); continuing without it"
        log.warning(msg)
        self.warnings.append(msg)


def _nf_key(identifier: Identifier) -> str:
    # Not-found answers are version-specific: 2301.12345v3 may not exist while v2 does.
    return str(identifier)


def _version_matches(record: PaperRecord, identifier: Identifier) -> bool:
    """A request for a specific arXiv version is only answered by a record of that version."""
    if identifier.kind is not IdKind.ARXIV or not identifier.version:
        return True
    if record.backend != "arxiv":
        return True  # other backends do not track versions
    return record.arxiv_version == identifier.version


def _cached_found(identifier: Identifier, record: PaperRecord) -> LookupResult:
    return LookupResult(
        identifier,
        record.backend,
        LookupStatus.FOUND,
        record=record,
        url=record.url,
        fetched_at=record.fetched_at,
        cached=True,
    )


def _cached_not_found(
    identifier: Identifier, backend: str, url: str, created: float
) -> LookupResult:
    return LookupResult(
        identifier,
        backend,
        LookupStatus.NOT_FOUND,
        url=url,
        fetched_at=datetime.fromtimestamp(created, UTC),
        cached=True,
    )
