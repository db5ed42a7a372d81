"""The gate on a `.bib` gives the verdicts LITERATURE.md gets, at the same request cost.

One shared labelled set: each paper is written both ways from the same description (a
LITERATURE.md entry by `notes.render`, a BibTeX entry by `bib.render`, the BibTeX one in the
shapes real files use: `Last, First`, braces, accents, `archivePrefix`, `@string`), verified
against the fake scholarly server with a cold cache each time.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from mathlsp.bib.gate import stamp_edits, verify_batches, verify_bib
from mathlsp.bib.parse import parse_bib
from mathlsp.bib.render import STAMP_FIELD
from mathlsp.bib.stream import BibStream
from mathlsp.bib.update import apply_text_edits
from mathlsp.cache import Cache
from mathlsp.cli import main
from mathlsp.cli.verify_bib import BATCH
from mathlsp.notes.journal_render import iso
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.render import NewReference, render_reference
from mathlsp.sources import Sources, SourceSettings
from mathlsp.verify.pipeline import verify_entries
from tests.fakescholar import FakeScholar
from tests.sources.conftest import FAST


@dataclass(frozen=True)
class Case:
    key: str
    title: str
    authors: tuple[str, ...]
    bib_authors: str  # the same people as a .bib would write them
    year: int
    arxiv: str = ""
    doi: str = ""
    bib_title: str = ""  # the title as LaTeX, when it differs
    confirmed: bool = True


CASES = [
    Case("perelman", "The entropy formula for the Ricci flow and its geometric applications",
         ("Grisha Perelman",), "Perelman, Grisha", 2002, arxiv="math/0211159",
         bib_title="The entropy formula for the {R}icci flow and its geometric applications"),
    Case("greentao", "The primes contain arbitrarily long arithmetic progressions",
         ("Ben Green", "Terence Tao"), "Green, Ben and Tao, Terence", 2008,
         doi="10.4007/annals.2008.167.481"),
    Case("fabricated", "Spectral gaps of perturbed Neumann series in Banach algebras",
         ("A. Nonymous",), "Nonymous, A.", 2023, arxiv="2301.99999", confirmed=False),
    Case("nearmiss", "The primes contain arbitrarily long geometric progressions",
         ("Ben Green", "Terence Tao"), "Green, B. and Tao, T.", 2008,
         doi="10.4007/annals.2008.167.481", confirmed=False),
    Case("wrongauthor", "The entropy formula for the Ricci flow and its geometric applications",
         ("Grisha Perelman", "Rupert Fabricius"), "Perelman, Grisha and Fabricius, Rupert", 2002,
         arxiv="math/0211159", confirmed=False),
    Case("kato", "Perturbation Theory for Linear Operators", ("Tosio Kato",), "Kato, Tosio",
         1995),
    Case("invented", "On the convergence of quasi-Neumann expansions in Fréchet spaces",
         ("B. Invented",), "Invented, B.", 2019,
         bib_title="On the convergence of quasi-{N}eumann expansions in {Fr\\'echet} spaces",
         confirmed=False),
]  # fmt: skip


def literature(cases: list[Case]) -> str:
    refs = [
        NewReference("REF", i + 1, c.title, c.authors, c.year, arxiv_id=c.arxiv, doi=c.doi)
        for i, c in enumerate(cases)
    ]
    return "## Confirmed References\n\n" + "\n".join(render_reference(r) for r in refs)


def bibtex(cases: list[Case]) -> str:
    out = ['@string{annals = "Ann. of Math. (2)"}', ""]
    for c in cases:
        lines = [f"@article{{{c.key},", f"  author = {{{c.bib_authors}}},"]
        lines.append(f"  title = {{{c.bib_title or c.title}}},")
        lines.append("  journal = annals,")
        lines.append(f"  year = {c.year},")
        if c.arxiv:
            lines += [f"  eprint = {{{c.arxiv}}},", "  archivePrefix = {arXiv},"]
        if c.doi:
            lines.append(f'  doi = "{c.doi}",')
        out.append("\n".join([*lines, "}", ""]))
    return "\n".join(out)


async def _sources(fake: FakeScholar, cache_dir: Path, client: httpx.AsyncClient) -> Sources:
    settings = SourceSettings.from_env(overrides={**FAST, "base_urls": fake.urls()}, environ={})
    return Sources(settings, client, cache=Cache(cache_dir))


async def test_bib_verdicts_equal_literature_verdicts_at_the_same_cost(
    fake: FakeScholar, tmp_path: Path
) -> None:
    doc = LiteratureDoc(literature(CASES))
    bib = parse_bib(bibtex(CASES))
    assert len(doc.entries) == len(bib.entries) == len(CASES) and not bib.problems
    async with httpx.AsyncClient() as client:
        fake.controls.clear_log()
        note_checks = await verify_entries(
            doc.entries, await _sources(fake, tmp_path / "a", client)
        )
        note_cost = len(fake.controls.requests())
        fake.controls.clear_log()
        bib_checks = [
            r.check for r in await verify_bib(bib, await _sources(fake, tmp_path / "b", client))
        ]
        bib_cost = len(fake.controls.requests())
        # What `mathlsp verify refs.bib` runs: the file streamed, verified a batch at a time.
        fake.controls.clear_log()
        path = tmp_path / "refs.bib"
        path.write_text(bibtex(CASES), encoding="utf-8")
        sources = await _sources(fake, tmp_path / "c", client)
        batches = verify_batches(BibStream.open(path).batches(BATCH), sources)
        streamed = [r.check async for batch in batches for r in batch]
        streamed_cost = len(fake.controls.requests())
    assert [c.confirmed for c in note_checks] == [c.confirmed for c in CASES]  # the labels hold
    for case, n, b, s in zip(CASES, note_checks, bib_checks, streamed, strict=True):
        assert b.entry_id == s.entry_id == case.key
        assert (b.status, b.pending, b.reasons, b.source) == (
            n.status,
            n.pending,
            n.reasons,
            n.source,
        ), case.key
        assert (s.status, s.pending, s.reasons, s.source) == (
            b.status,
            b.pending,
            b.reasons,
            b.source,
        )
    assert bib_cost == streamed_cost == note_cost > 0


@pytest.fixture
def refs(tmp_path: Path) -> Path:
    path = tmp_path / "refs.bib"
    path.write_text(bibtex(CASES) + "@article{broken,\n  title = {no end\n", encoding="utf-8")
    return path


def test_cli_json_table_and_exit_code(refs: Path, fake_env, capsys) -> None:
    before = refs.read_text(encoding="utf-8")
    code = main(["verify", str(refs), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert report["summary"] == {"confirmed": 3, "unconfirmed": 4, "pending": 0}
    rows = {r["id"]: r for r in report["references"]}
    greentao_line = before.splitlines().index("@article{greentao,") + 1
    assert rows["greentao"]["status"] == "confirmed" and rows["greentao"]["line"] == greentao_line
    assert set(rows["greentao"]) == {
        "id", "section", "status", "reasons", "notes", "source", "url", "record", "line",
    }  # fmt: skip
    assert rows["fabricated"]["status"] == "unconfirmed" and rows["fabricated"]["reasons"]
    broken = before.splitlines().index("@article{broken,") + 1
    assert report["problems"] == [{"line": broken, "message": report["problems"][0]["message"]}]
    assert refs.read_text(encoding="utf-8") == before  # never edits unless asked
    assert main(["verify", str(refs)]) == 1
    out = capsys.readouterr()
    assert "perelman  confirmed" in out.out and "fabricated UNCONFIRMED" in out.out
    assert f"refs.bib:{broken}: malformed entry" in out.out


def test_the_report_is_the_same_whatever_the_batch_size(
    refs: Path, fake_env, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file is streamed and verified a batch at a time: rows, problems, summary and exit
    # code do not depend on where the batches fall (a repeated key is `key@line` across them).
    import mathlsp.cli.verify_bib as verify_bib

    again = bibtex(CASES[:1]).split("\n", 2)[2]
    refs.write_text(refs.read_text(encoding="utf-8") + again, encoding="utf-8")
    reports = []
    for batch in (500, 3, 1):
        monkeypatch.setattr(verify_bib, "BATCH", batch)
        for argv in (["--format", "json"], []):
            code = main(["verify", str(refs), *argv])
            reports.append((code, capsys.readouterr().out))
    assert reports[0][0] == 1 and '"id": "perelman@' in reports[0][1]
    assert reports[2:4] == reports[0:2] and reports[4:6] == reports[0:2]


def test_a_differing_year_is_confirmed_with_its_note_as_in_verify(
    tmp_path: Path, fake_env, capsys
) -> None:
    # The journal year of a paper whose arXiv preprint is from the year before.
    maynard = Case("maynard", "Small gaps between primes", ("James Maynard",),
                   "Maynard, James", 2015, arxiv="1311.4600")  # fmt: skip
    refs = tmp_path / "refs.bib"
    refs.write_text(bibtex([maynard]), encoding="utf-8")
    assert main(["verify", str(refs)]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("maynard"))
    assert "confirmed" in line and "— note: year 2015 in the entry, 2013 in arXiv" in line
    assert main(["verify", str(refs), "--format", "json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["references"]
    assert row["notes"] and row["notes"][0].startswith("year 2015 in the entry, 2013 in arXiv")


def test_write_touches_only_the_stamp_field(refs: Path, fake_env, capsys) -> None:
    before = refs.read_text(encoding="utf-8")
    main(["verify", str(refs), "--write"])
    after = refs.read_text(encoding="utf-8")
    bib = parse_bib(after)
    stamped = {e.key for e in bib.entries if e.get(STAMP_FIELD)}
    assert stamped == {"perelman", "greentao", "kato"}
    for old, new in zip(parse_bib(before).entries, bib.entries, strict=True):
        assert {k: v for k, v in new.fields.items() if k != STAMP_FIELD} == dict(old.fields)
    # A stale stamp on an entry that now fails is removed; nothing else moves.
    fabricated = next(e for e in bib.entries if e.key == "fabricated")
    from mathlsp.bib.update import set_field

    stale = apply_text_edits(after, [set_field(after, fabricated, STAMP_FIELD, "old")])
    refs.write_text(stale, encoding="utf-8")
    main(["verify", str(refs), "--write"])
    assert refs.read_text(encoding="utf-8") == after


def test_stamp_edits_leave_pending_entries_alone() -> None:
    from mathlsp.bib.gate import BibCheck
    from mathlsp.verify.pipeline import ReferenceCheck

    text = "@misc{a, title={A}, mathlsp-verified = {old}}\n"
    entry = parse_bib(text).entries[0]
    pending = ReferenceCheck("a", "other", "unconfirmed", ("arXiv down",), pending=True)
    failed = ReferenceCheck("a", "other", "unconfirmed", ("title differs",))
    assert stamp_edits(text, [BibCheck(entry, pending)]) == []
    (edit,) = stamp_edits(text, [BibCheck(entry, failed)])
    assert apply_text_edits(text, [edit]) == "@misc{a, title={A}, }\n"


def test_stamp_edits_keep_a_stamp_that_already_records_the_evidence() -> None:
    from mathlsp.bib.gate import BibCheck
    from mathlsp.verify.pipeline import ReferenceCheck

    url = "http://export.arxiv.org/api/query?id_list=1311.4600v3"
    now = dt.datetime(2026, 3, 2, 9, 30, tzinfo=dt.UTC)
    text = f"@misc{{a, title={{A}}, mathlsp-verified = {{2026-03-01T08:00:00Z via {url}}}}}\n"
    entry = parse_bib(text).entries[0]
    same = ReferenceCheck("a", "other", "confirmed", (), url=url, checked_at=now)
    assert stamp_edits(text, [BibCheck(entry, same)], now=now) == []
    # Other evidence, or a stamp too old to vouch any longer, is written anew.
    elsewhere = ReferenceCheck("a", "other", "confirmed", (), url=url + "x", checked_at=now)
    (edit,) = stamp_edits(text, [BibCheck(entry, elsewhere)], now=now)
    assert f"{{{iso(now)} via {url}x}}" in apply_text_edits(text, [edit])
    later = now + dt.timedelta(days=400)
    renewed = ReferenceCheck("a", "other", "confirmed", (), url=url, checked_at=later)
    (edit,) = stamp_edits(text, [BibCheck(entry, renewed)], now=later)
    assert f"{{{iso(later)} via {url}}}" in apply_text_edits(text, [edit])


def test_an_unreadable_bib_is_refused_in_one_line(tmp_path: Path, fake_env, capsys) -> None:
    latin1 = tmp_path / "latin1.bib"
    latin1.write_bytes(b"@misc{a, title = {Caf\xe9}}\n")
    fifo = tmp_path / "pipe.bib"
    os.mkfifo(fifo)
    (tmp_path / "LITERATURE.md").write_text("## Confirmed References\n", encoding="utf-8")
    for path, said in ((latin1, "not UTF-8"), (fifo, "no such file")):
        for command in (["verify", str(path)], ["import", str(path), str(tmp_path)]):
            code = main(command)
            err = capsys.readouterr().err
            assert code == 2 and "Traceback" not in err
            assert said in err or "cannot read" in err, err
