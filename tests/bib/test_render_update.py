"""Writing entries from verified references and merging an export into an existing file."""

from __future__ import annotations

import re

from mathlsp.bib.claim import bib_claim
from mathlsp.bib.parse import parse_bib
from mathlsp.bib.render import REF_FIELD, STAMP_FIELD, ExportItem, from_reference, render_item
from mathlsp.bib.update import apply_text_edits, plan_export, set_field
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.sources.record import Author, PaperRecord

NOTE = """\
## Confirmed References

### REF-001: The entropy formula for the Ricci flow and its geometric applications
- **Authors:** Grisha Perelman
- **Year:** 2002
- **arXiv ID:** math/0211159v1
- **Verified:** 2026-01-02T03:04:05Z via https://export.arxiv.org/api/query?id_list=math/0211159

### REF-002: The primes contain arbitrarily long arithmetic progressions
- **Authors:** Ben Green, Terence Tao
- **Year:** 2008
- **DOI:** 10.4007/annals.2008.167.481
- **Verified:** 2026-01-02T03:04:05Z via https://api.crossref.org/works/10.4007/annals.2008.167.481
"""

GREEN_TAO_RECORD = PaperRecord(
    backend="crossref",
    title="The primes contain arbitrarily long arithmetic progressions",
    authors=(Author("Green", "Ben"), Author("Tao", "Terence")),
    year=2008,
    venue="Annals of Mathematics",
    doi="10.4007/annals.2008.167.481",
)


def items() -> list[ExportItem]:
    doc = LiteratureDoc(NOTE)
    first, second = doc.confirmed
    return [from_reference(first), from_reference(second, GREEN_TAO_RECORD)]


def test_an_exported_entry_reads_back_as_the_same_claim() -> None:
    perelman, green_tao = items()
    text = render_item(perelman, "perelman2002entropy") + "\n" + render_item(green_tao, "gt")
    bib = parse_bib(text)
    assert not bib.problems
    a, b = bib.entries
    assert a.type == "misc" and b.type == "article"
    assert a.get("archiveprefix") == "arXiv" and a.get("eprint") == "math/0211159v1"
    assert b.get("author") == "Green, Ben and Tao, Terence"
    assert b.get("journal") == "Annals of Mathematics"
    assert (
        b.get(
            STAMP_FIELD,
        )
        and b.get(REF_FIELD) == "REF-002"
    )
    claim = bib_claim(b)
    assert claim.title == green_tao.title and claim.authors == ("Ben Green", "Terence Tao")
    assert (claim.year, claim.doi) == (2008, "10.4007/annals.2008.167.481")
    assert bib_claim(a).arxiv_id == "math/0211159"


def test_biblatex_uses_its_own_field_names() -> None:
    perelman, _ = items()
    entry = parse_bib(render_item(perelman, "k", "biblatex")).entries[0]
    assert entry.get("eprinttype") == "arxiv" and entry.get("date") == "2002"
    assert entry.get("archiveprefix") is None and entry.get("year") is None
    assert bib_claim(entry).year == 2002 and bib_claim(entry).arxiv_id == "math/0211159"


USER_FILE = """\
% my own bibliography
@book{kato,
  author = {Kato, Tosio},
  title  = {Perturbation theory for linear operators},
  year   = {1966},
}

@article{GT,
  author = {Green, Ben and Tao, Terence},
  title  = {The primes contain arbitrarily long arithmetic progressions},
  year   = {2008},
}
"""


def test_export_appends_new_papers_and_leaves_the_users_entries_alone() -> None:
    plan = plan_export(USER_FILE, items())
    assert plan.text.startswith(USER_FILE.rstrip("\n"))  # nothing above moved or changed
    assert plan.held_by_user == {"REF-002": "GT"}  # already there: not added again
    assert plan.added == ["perelman2002entropy"]
    assert plan.keys == {"REF-002": "GT", "REF-001": "perelman2002entropy"}
    assert [e.key for e in parse_bib(plan.text).entries] == ["kato", "GT", "perelman2002entropy"]


def test_re_running_an_export_is_stable_and_updates_only_its_own_entries() -> None:
    first = plan_export(None, items())
    again = plan_export(first.text, items())
    assert again.text == first.text
    assert again.added == [] and again.updated == [] and len(again.unchanged) == 2
    # The user reorders, adds an entry between, edits a key: all of it is kept.
    bib = parse_bib(first.text)
    a, b = bib.entries
    user = "@misc{mine, title = {Mine}}\n"
    reordered = first.text[b.start : b.end] + "\n\n" + user + "\n" + first.text[a.start : a.end]
    reordered = reordered.replace("{green2008primes,", "{GreenTao,")
    newer = items()
    newer[0] = ExportItem(**{**_fields(newer[0]), "stamp": "2027-01-01T00:00:00Z via https://x"})
    plan = plan_export(reordered, newer)
    assert plan.updated == ["perelman2002entropy"] and plan.added == []
    keys = [e.key for e in parse_bib(plan.text).entries]
    assert keys == ["GreenTao", "mine", "perelman2002entropy"]
    assert "2027-01-01T00:00:00Z via https://x" in plan.text
    assert user in plan.text


def _fields(item: ExportItem) -> dict[str, object]:
    return {name: getattr(item, name) for name in item.__dataclass_fields__}


def test_a_new_key_never_collides_with_one_in_the_file() -> None:
    taken = "@misc{perelman2002entropy, title = {Something else entirely}}\n"
    plan = plan_export(taken, items()[:1])
    assert plan.added == ["perelman2002entropya"]


def test_set_field_adds_updates_and_removes_only_that_field() -> None:
    text = "@article{a,\n  title = {A},\n  year = 2000\n}\n@misc{b, title={B}, note = {x}}\n"
    bib = parse_bib(text)
    added = apply_text_edits(text, [set_field(text, bib.entries[0], STAMP_FIELD, "s1")])
    assert parse_bib(added).entries[0].get(STAMP_FIELD) == "s1"
    assert parse_bib(added).entries[0].get("year") == "2000"
    bib = parse_bib(added)
    updated = apply_text_edits(added, [set_field(added, bib.entries[0], STAMP_FIELD, "s2")])
    assert updated == added.replace("s1", "s2")
    bib = parse_bib(updated)
    removed = apply_text_edits(updated, [set_field(updated, bib.entries[0], STAMP_FIELD, None)])
    assert STAMP_FIELD not in removed and parse_bib(removed).entries[0].get("year") == "2000"
    one_line = parse_bib(removed).entries[1]
    stamped = apply_text_edits(removed, [set_field(removed, one_line, STAMP_FIELD, "s3")])
    assert parse_bib(stamped).entries[1].fields == {"title": "B", "note": "x", STAMP_FIELD: "s3"}
    assert set_field(stamped, parse_bib(stamped).entries[1], STAMP_FIELD, "s3") is None


def test_zbl_and_mr_numbers_are_exported_in_the_fields_styles_read() -> None:
    doc = LiteratureDoc(
        "## Confirmed References\n\n"
        "### REF-001: On sets of integers containing no k elements in arithmetic progression\n"
        "- **Authors:** E. Szemerédi\n"
        "- **Year:** 1975\n"
        "- **Zbl:** 0303.10056\n"
        "- **MR:** MR 369312 (51 #5556)\n"
        "- **Verified:** 2026-01-01T00:00:00Z via https://api.zbmath.org/v1/document/_search?"
        "search_string=an:0303.10056&page=0&results_per_page=1\n"
    )
    (entry,) = doc.entries
    item = from_reference(entry)
    assert item.zbl == "0303.10056" and item.mrnumber == "MR0369312"
    text = render_item(item, "szemeredi1975sets")
    fields = {k: v for k, v in re.findall(r"^  (\S+) +=\s+\{(.*)\},$", text, re.M)}
    assert fields["mrnumber"] == "0369312"
    assert fields["zbl"] == "0303.10056"
    assert fields["url"] == "https://zbmath.org/?q=an:0303.10056"
    (back,) = parse_bib(text).entries
    assert back.fields["mrnumber"] == "0369312"
    assert back.fields["zbl"] == "0303.10056"
