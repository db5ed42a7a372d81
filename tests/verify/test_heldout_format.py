"""Held-out bibliographies C, D and E are well formed: every entry parses, every record is the
real one, and no batch reuses another's entries or records.

Only the files' form is checked here. No test runs the matcher or the verifier on these cases:
their figures are findings, printed by `benchmarks/bench_gate_heldout.py --batch C|D|E`, not
things to fit.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from mathlsp.bib.claim import bib_claim, bib_identifiers
from mathlsp.bib.parse import BibEntry, parse_bib
from mathlsp.sources.record import Author, PaperRecord
from tests.fakescholar.corpus import load_papers
from tests.fakescholar.haystack import corpus_path
from tests.verify import heldout_c, heldout_c_titles, heldout_d, heldout_e
from tests.verify.heldout_c import Ref

# `NAME = rec(  # corpus-key` or `NAME = rec(  # fake server: key`
_RECORD_LINE = re.compile(r"^([A-Z0-9_]+) = rec\(  # (?:fake server: )?(\S+)$", re.MULTILINE)
# batches A and B name their corpus records in a comment: `# arxiv:2604.00587`
_CORPUS_KEY = re.compile(r"# ((?:arxiv|spdes-bib|cantors-attic):\S+)")


@dataclass(frozen=True)
class Batch:
    name: str
    module: ModuleType
    least: int  # entries
    least_per_label: int
    # share of title-only entries, overall and per label; C was written before the issue asked
    # for half, so it only has a floor on the count
    title_only_share: tuple[float, float] | None
    fake_records: int | None  # how many records come from the fake's own corpus, if fixed
    least_corpus_records: int

    def __str__(self) -> str:
        return self.name

    @property
    def refs(self) -> list[Ref]:
        return self.module.REFS

    def records(self) -> dict[str, tuple[str, PaperRecord]]:
        return _records(self.module)

    def entries(self) -> dict[str, BibEntry]:
        return {e.key: e for e in parse_bib(self.module.bibliography()).entries}


@cache
def _records(module: ModuleType) -> dict[str, tuple[str, PaperRecord]]:
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    return {name: (key, getattr(module, name)) for name, key in _RECORD_LINE.findall(source)}


C = Batch("C", heldout_c, 120, 60, None, None, 80)
D = Batch("D", heldout_d, 140, 70, (0.4, 0.6), 3, 60)
E = Batch("E", heldout_e, 140, 70, (0.4, 0.6), 3, 80)
BATCHES = [C, D, E]
batches = pytest.mark.parametrize("batch", BATCHES, ids=str)


@batches
def test_the_counts_the_issue_asks_for(batch: Batch) -> None:
    labels = Counter(r.confirm for r in batch.refs)
    assert labels[True] >= batch.least_per_label and labels[False] >= batch.least_per_label
    assert len(batch.refs) >= batch.least
    entries = batch.entries()
    title_only = [r for r in batch.refs if not bib_identifiers(entries[r.key])]
    if batch.title_only_share is None:
        assert len(title_only) >= 20
        return
    low, high = batch.title_only_share
    assert low <= len(title_only) / len(batch.refs) <= high
    for confirm in (True, False):
        part = [r for r in title_only if r.confirm is confirm]
        assert low <= len(part) / labels[confirm] <= high, confirm


@batches
def test_every_entry_parses_once_under_its_own_key(batch: Batch) -> None:
    bib = parse_bib(batch.module.bibliography())
    assert not bib.problems
    keys = [e.key for e in bib.entries]
    assert keys == [r.key for r in batch.refs]
    assert len(set(keys)) == len(keys)


@batches
def test_every_claim_has_a_title_authors_and_a_year(batch: Batch) -> None:
    entries = batch.entries()
    for r in batch.refs:
        claim = bib_claim(entries[r.key])
        assert claim.title.strip(), r.key
        assert claim.authors, r.key
        assert claim.year is not None and 1900 <= claim.year <= 2026, r.key


@batches
def test_identifier_fields_parse_as_identifiers(batch: Batch) -> None:
    """The fields BibTeX keeps identifiers in (`doi`, `eprint`, `url`) hold ones that parse. An
    id mentioned in free text (`note = {doi:…}`, `journal = {arXiv preprint arXiv:…}`) is left
    out: whether the gate reads it is one of the things the batch measures."""
    entries = batch.entries()
    for r in batch.refs:
        if re.search(r"^\s*(doi|eprint|url)\s*=", r.bib, re.I | re.M):
            assert bib_identifiers(entries[r.key]), r.key


@batches
def test_every_case_has_a_class_and_a_reason_and_every_record_is_used(batch: Batch) -> None:
    records = batch.records()
    for r in batch.refs:
        assert r.kind and r.why, r.key
    used = {id(r.record) for r in batch.refs}
    assert {name for name, (_, rec) in records.items() if id(rec) not in used} == set()
    assert all(id(r.record) in {id(rec) for _, rec in records.values()} for r in batch.refs)


def test_no_entry_key_or_record_is_shared_between_batches() -> None:
    seen_keys = {r.key for r in heldout_c_titles.REFS}
    seen_records: set[str] = set()
    for batch in BATCHES:
        keys = {r.key for r in batch.refs}
        assert not keys & seen_keys, batch
        seen_keys |= keys
        records = {key for key, _ in batch.records().values()}
        assert not records & seen_records, batch
        seen_records |= records


def test_batch_e_uses_no_corpus_record_of_batches_a_and_b() -> None:
    here = Path(heldout_e.__file__ or "").parent
    earlier = {
        key
        for name in ("labelled_heldout.py", "labelled_heldout_b.py")
        for key in _CORPUS_KEY.findall((here / name).read_text(encoding="utf-8"))
    }
    assert earlier
    assert not {key for key, _ in E.records().values()} & earlier


@batches
def test_fake_server_records_are_the_fake_servers(batch: Batch) -> None:
    papers = {p.key: p for p in load_papers()}
    fake = {name: kr for name, kr in batch.records().items() if kr[0] in papers}
    if batch.fake_records is None:
        assert fake
    else:
        assert len(fake) == batch.fake_records
    for name, (key, record) in fake.items():
        paper = papers[key]
        assert record.title == paper.title, name
        assert record.year == paper.year, name
        assert [a.family for a in record.authors] == [f for _, f in paper.authors], name
        assert (record.doi or "").lower() == (paper.doi or "").lower(), name
        # C's Crossref-side records leave the arXiv id out; a record that names one names the fake's
        assert record.arxiv_id in (None, paper.arxiv_id), name


@cache
def _corpus_rows() -> dict[str, dict[str, object]]:
    path = corpus_path()
    if path is None:
        return {}
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return {row["key"]: row for row in map(json.loads, fh)}


@batches
def test_corpus_records_are_the_corpus_records(batch: Batch) -> None:
    rows = _corpus_rows()
    if not rows:
        pytest.skip("shared/corpus/math-papers.jsonl.gz is not beside this checkout")
    papers = {p.key for p in load_papers()}
    records = batch.records()
    corpus = {name: kr for name, kr in records.items() if kr[0] in rows}
    # every record is either a corpus record or one of the fake's own
    assert all(key in rows or key in papers for key, _ in records.values())
    assert len(corpus) >= batch.least_corpus_records
    for name, (key, record) in corpus.items():
        row = rows[key]
        assert record.title == row["title"], name
        assert record.authors == tuple(Author.from_name(str(a)) for a in row["authors"]), name  # type: ignore[attr-defined]
        assert record.year == row["year"], name
        assert (record.doi or "") == str(row["doi"] or "").lower(), name
        assert record.arxiv_id == row["arxiv_id"], name


def test_the_title_only_supplement_to_c_is_title_only_and_well_formed() -> None:
    bib = parse_bib(heldout_c_titles.bibliography())
    assert not bib.problems
    assert [e.key for e in bib.entries] == [r.key for r in heldout_c_titles.REFS]
    records = C.records()
    for entry, r in zip(bib.entries, heldout_c_titles.REFS, strict=True):
        assert not bib_identifiers(entry), r.key
        claim = bib_claim(entry)
        assert claim.title and claim.authors and claim.year, r.key
        assert r.kind and r.why, r.key
        assert any(r.record is rec for _, rec in records.values()), r.key
    labels = Counter(r.confirm for r in heldout_c_titles.REFS)
    assert labels[True] >= 20 and labels[False] >= 20


def test_the_committed_bib_of_e_is_batch_e() -> None:
    """`heldout_e.bib` is the batch as a user hands it to `mathlsp verify`: the module's entries,
    byte for byte, so the two copies cannot drift apart."""
    committed = Path(heldout_e.__file__ or "").with_suffix(".bib").read_text(encoding="utf-8")
    assert committed == heldout_e.bibliography()
    assert len(parse_bib(committed).entries) >= 100
