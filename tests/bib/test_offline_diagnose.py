"""A .bib's diagnostics from cached verdicts only, and the field fixes a record offers."""

from __future__ import annotations

from typing import Any

from mathlsp.bib.diagnose import findings
from mathlsp.bib.fixes import field_fixes
from mathlsp.bib.gate import subjects
from mathlsp.bib.offline import OfflineBibVerifier
from mathlsp.bib.parse import parse_bib
from mathlsp.sources.base import LookupResult, LookupStatus
from mathlsp.sources.record import Author, Identifier, PaperRecord
from mathlsp.verify.pipeline import ReferenceCheck, claim_fingerprint

TEXT = """@misc{perelman,
  author = {Perelman, Grisha},
  title = {The entropy formula for the {R}icci flow and its geometric applications},
  year = {2001},
  eprint = {math/0211159}, archivePrefix = {arXiv},
}
@book{kato, author = {Kato, Tosio}, title = {Perturbation theory for linear operators}}
@misc{unknown, title = {Never looked up}}
@misc{broken, title = {no end
"""
PERELMAN = PaperRecord(
    backend="arxiv",
    title="The entropy formula for the Ricci flow and its geometric applications",
    authors=(Author("Perelman", "Grisha"),),
    year=2002,
    arxiv_id="math/0211159",
    url="http://export.arxiv.org/api/query?id_list=math/0211159",
)


class FakeCache:
    """What the offline verifier reads: cached lookups and stored verdicts, counted."""

    def __init__(self) -> None:
        self.records: dict[str, PaperRecord] = {}
        self.verdicts: dict[str, dict[str, Any]] = {}
        self.reads = 0

    def lookup_any(self, ident: Identifier) -> list[LookupResult]:
        self.reads += 1
        record = self.records.get(ident.key)
        if record is None:
            return []
        return [LookupResult(ident, record.backend, LookupStatus.FOUND, record=record)]

    def lookup_any_many(self, idents: list[Identifier]) -> dict[Identifier, list[LookupResult]]:
        reads = self.reads
        found = {i: r for i in idents if (r := self.lookup_any(i))}
        self.reads = reads + 1
        return found

    def get_verification(self, key: str) -> dict[str, Any] | None:
        self.reads += 1
        return self.verdicts.get(key)

    def get_verifications(self, keys: list[str]) -> dict[str, dict[str, Any]]:
        self.reads += 1
        return {k: self.verdicts[k] for k in keys if k in self.verdicts}


def test_verdicts_from_the_cache_become_bib_diagnostics() -> None:
    bib = parse_bib(TEXT)
    subs = subjects(bib)
    cache = FakeCache()
    cache.records["arxiv:math/0211159"] = PERELMAN
    kato = subs[1]
    cache.verdicts[claim_fingerprint(kato.claim)] = ReferenceCheck(
        "kato", "other", "unconfirmed", ("no source found a paper titled …",)
    ).to_json()
    verifier = OfflineBibVerifier(cache)
    found = findings(bib, TEXT.splitlines(), verifier.check, subs)
    assert [(f.code, f.key) for f in found] == [
        ("BIB003", "kato"),
        ("BIB005", "unknown"),
        ("BIB001", None),
    ]
    assert (
        found[0].message == "kato: not confirmed by the sources: no source found a paper titled …"
    )
    line = TEXT.splitlines()[found[0].line]
    assert line[found[0].start : found[0].end] == "kato"
    reads = cache.reads
    findings(bib, TEXT.splitlines(), verifier.check, subs)
    assert cache.reads == reads  # memoised: a keystroke elsewhere reads nothing again
    verifier.sync(object())  # the cache learnt something: verdicts are read again
    findings(bib, TEXT.splitlines(), verifier.check, subs)
    assert cache.reads > reads


def test_a_pending_result_is_remembered_until_settled() -> None:
    bib = parse_bib(TEXT)
    unknown = subjects(bib)[2]
    verifier = OfflineBibVerifier(FakeCache())
    assert verifier.check(unknown) is None
    pending = ReferenceCheck("unknown", "other", "unconfirmed", ("S2 down",), pending=True)
    verifier.remember(unknown, pending)
    check = verifier.check(unknown)
    assert check is not None and check.pending and not check.confirmed


def test_the_record_offers_the_fields_it_gives_otherwise() -> None:
    entry = parse_bib(TEXT).by_key()["perelman"]
    assert field_fixes(entry, PERELMAN) == {"year": "2002"}
    other = PaperRecord(
        backend="crossref",
        title="The entropy formula for the Ricci flow and its geometrical applications",
        authors=(Author("Perelman", "G."), Author("Other", "A.")),
        year=2001,
        doi="10.1000/x",
    )
    fixes = field_fixes(entry, other)
    assert set(fixes) == {"title", "author", "doi"}
    assert fixes["author"] == "Perelman, G. and Other, A."


def test_a_files_verdicts_are_read_at_once_kept_per_version_and_agree_with_check() -> None:
    bib = parse_bib(TEXT)
    subs = subjects(bib)
    cache = FakeCache()
    cache.records["arxiv:math/0211159"] = PERELMAN
    cache.verdicts[claim_fingerprint(subs[1].claim)] = ReferenceCheck(
        "kato", "other", "unconfirmed", ("no source found a paper titled …",)
    ).to_json()

    def verdicts(checks: list[ReferenceCheck | None]) -> list[tuple[object, ...] | None]:
        return [(c.status, c.reasons, c.source, c.url, c.pending) if c else None for c in checks]

    one_by_one = verdicts([OfflineBibVerifier(cache).check(s) for s in subs])
    reads = cache.reads
    verifier = OfflineBibVerifier(cache)
    # One batched read of the stored verdicts, then one of the cached records of the entries
    # with none.
    assert verdicts(verifier.verdicts("f.bib", subs)) == one_by_one
    assert cache.reads - reads == 2
    # The next version: the same subjects (unchanged entries) are not read again, a new one is.
    reads = cache.reads
    changed = subjects(parse_bib(TEXT.replace("Never looked up", "Never looked up again")))
    verifier.verdicts("f.bib", [*subs[:2], changed[2]])
    assert cache.reads - reads == 1
    # Only the last version is kept: the old subject of the changed entry is gone.
    assert len(verifier._files["f.bib"]) == 3
    assert all(kept is not subs[2] for kept, _ in verifier._files["f.bib"].values())
    verifier.forget("f.bib")
    assert "f.bib" not in verifier._files
