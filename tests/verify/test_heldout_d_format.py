"""Held-out bibliography D is well formed: every entry parses, every record is the real one.

Only the file's form is checked here. No test runs the matcher or the verifier on these cases:
their figures are findings, printed by `benchmarks/bench_gate_heldout.py --batch D`, not things
to fit.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from mathlsp.bib.claim import bib_claim, bib_identifiers
from mathlsp.bib.parse import BibEntry, parse_bib
from mathlsp.sources.record import Author, PaperRecord
from tests.fakescholar.corpus import load_papers
from tests.fakescholar.haystack import corpus_path
from tests.verify import heldout_c, heldout_c_titles, heldout_d
from tests.verify.heldout_d import REFS, bibliography

_SOURCE = Path(heldout_d.__file__).read_text(encoding="utf-8")
# `NAME = rec(  # corpus-key` or `NAME = rec(  # fake server: key`
_RECORD_LINE = re.compile(r"^([A-Z0-9_]+) = rec\(  # (?:fake server: )?(\S+)$", re.MULTILINE)
RECORDS: dict[str, tuple[str, PaperRecord]] = {
    name: (key, getattr(heldout_d, name)) for name, key in _RECORD_LINE.findall(_SOURCE)
}


def _entries() -> dict[str, BibEntry]:
    return {e.key: e for e in parse_bib(bibliography()).entries}


def test_the_counts_the_issue_asks_for() -> None:
    labels = Counter(r.confirm for r in REFS)
    assert labels[True] >= 70 and labels[False] >= 70
    assert len(REFS) >= 140
    entries = _entries()
    title_only = [r for r in REFS if not bib_identifiers(entries[r.key])]
    # about half: between 40 % and 60 % of the entries, and of each label
    assert 0.4 <= len(title_only) / len(REFS) <= 0.6
    for confirm in (True, False):
        part = [r for r in title_only if r.confirm is confirm]
        assert 0.4 <= len(part) / labels[confirm] <= 0.6, confirm


def test_every_entry_parses_once_under_its_own_key() -> None:
    bib = parse_bib(bibliography())
    assert not bib.problems
    keys = [e.key for e in bib.entries]
    assert keys == [r.key for r in REFS]
    assert len(set(keys)) == len(keys)


def test_no_key_is_shared_with_batch_c() -> None:
    earlier = {r.key for r in heldout_c.REFS} | {r.key for r in heldout_c_titles.REFS}
    assert not {r.key for r in REFS} & earlier


def test_every_claim_has_a_title_authors_and_a_year() -> None:
    entries = _entries()
    for r in REFS:
        claim = bib_claim(entries[r.key])
        assert claim.title.strip(), r.key
        assert claim.authors, r.key
        assert claim.year is not None and 1900 <= claim.year <= 2026, r.key


def test_identifier_fields_parse_as_identifiers() -> None:
    """The fields BibTeX keeps identifiers in (`doi`, `eprint`, `url`) hold ones that parse. An
    id mentioned in free text (`note = {doi:…}`, `journal = {arXiv preprint arXiv:…}`) is left
    out: whether the gate reads it is one of the things the batch measures."""
    entries = _entries()
    for r in REFS:
        if re.search(r"^\s*(doi|eprint|url)\s*=", r.bib, re.I | re.M):
            assert bib_identifiers(entries[r.key]), r.key


def test_every_case_has_a_class_and_a_reason_and_every_record_is_used() -> None:
    for r in REFS:
        assert r.kind and r.why, r.key
    used = {id(r.record) for r in REFS}
    assert {name for name, (_, rec) in RECORDS.items() if id(rec) not in used} == set()
    assert len(RECORDS) == len(_RECORD_LINE.findall(_SOURCE))
    assert all(id(r.record) in {id(rec) for _, rec in RECORDS.values()} for r in REFS)


def test_no_record_of_batch_c_is_reused() -> None:
    c_source = Path(heldout_c.__file__).read_text(encoding="utf-8")
    c_keys = set(_RECORD_LINE.findall(c_source))
    assert not {key for _, (key, _) in RECORDS.items()} & {key for _, key in c_keys}


def test_fake_server_records_are_the_fake_servers() -> None:
    papers = {p.key: p for p in load_papers()}
    fake = {name: kr for name, kr in RECORDS.items() if kr[0] in papers}
    assert len(fake) == 3
    for name, (key, record) in fake.items():
        paper = papers[key]
        assert record.title == paper.title, name
        assert record.year == paper.year, name
        assert [a.family for a in record.authors] == [f for _, f in paper.authors], name
        assert (record.doi or "").lower() == (paper.doi or "").lower(), name
        assert record.arxiv_id == paper.arxiv_id, name


def test_corpus_records_are_the_corpus_records() -> None:
    path = corpus_path()
    if path is None:
        pytest.skip("shared/corpus/math-papers.jsonl.gz is not beside this checkout")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = {row["key"]: row for row in map(json.loads, fh)}
    corpus = {name: kr for name, kr in RECORDS.items() if kr[0] in rows}
    assert len(corpus) + 3 == len(RECORDS)
    for name, (key, record) in corpus.items():
        row = rows[key]
        assert record.title == row["title"], name
        assert record.authors == tuple(Author.from_name(a) for a in row["authors"]), name
        assert record.year == row["year"], name
        assert (record.doi or "") == (row["doi"] or "").lower(), name
        assert record.arxiv_id == row["arxiv_id"], name
