"""Reading BibTeX/biblatex: macros, concatenation, crossref, accents and math, malformed blocks."""

from __future__ import annotations

from mathlsp.bib.claim import bib_claim, bib_identifiers, bib_subject, bib_venue
from mathlsp.bib.parse import parse_bib
from mathlsp.sources.record import Identifier, IdKind

SAMPLE = r"""% A hand-written bibliography in the shapes MathSciNet, zbMATH and arXiv export.
@string{ AnnMath = "Ann. of Math. (2)" }
@string{jams = {J. Amer. Math. Soc.}}

@article {GreenTao08,
    AUTHOR = {Green, Ben and Tao, Terence},
     TITLE = {The primes contain arbitrarily long arithmetic progressions},
   JOURNAL = AnnMath,
    VOLUME = {167},
      YEAR = {2008},
     MONTH = mar,
       DOI = {10.4007/annals.2008.167.481},
}

@misc{perelman2002,
  title         = {The entropy formula for the {R}icci flow and its geometric applications},
  author        = {Grisha Perelman},
  year          = {2002},
  eprint        = {math/0211159},
  archivePrefix = {arXiv},
  primaryClass  = {math.DG}
}

@online{bib2,
  author     = {Bj{\"o}rner, Anders and Brenti, Francesco and others},
  title      = {Combinatorics of {C}oxeter groups: $\tilde{A}_n$ and {$\mathrm{SL}_2$}},
  date       = {2005-03},
  eprint     = {2101.00001v3},
  eprinttype = {arxiv},
  journaltitle = jams # { (online)},
}

@proceedings{icm,
  title     = {Proceedings of the {ICM}},
  year      = 2006,
  publisher = {EMS},
}

@inproceedings{talk,
  author    = {Tao, Terence},
  title     = {The dichotomy between structure and randomness},
  crossref  = {icm},
}

@article{broken,
  title = {Nothing closes here,
  year = {2001}

@article{after,
  title = {Still read},
  url   = {https://doi.org/10.1000/XYZ.1},
}
"""


def test_macros_concatenation_and_months_are_expanded() -> None:
    bib = parse_bib(SAMPLE)
    keys = [e.key for e in bib.entries]
    assert "GreenTao08" in keys
    gt = bib.by_key()["GreenTao08"]
    assert gt.get("journal") == "Ann. of Math. (2)"
    assert gt.get("month") == "3"
    assert bib.by_key()["bib2"].get("journaltitle") == "J. Amer. Math. Soc. (online)"
    assert bib.strings == {"AnnMath": "Ann. of Math. (2)", "jams": "J. Amer. Math. Soc."}


def test_field_names_are_lower_cased_and_lines_kept() -> None:
    bib = parse_bib(SAMPLE)
    gt = bib.by_key()["GreenTao08"]
    assert gt.type == "article"
    assert set(gt.fields) >= {"author", "title", "journal", "doi"}
    assert SAMPLE.splitlines()[gt.line].startswith("@article {GreenTao08")
    assert SAMPLE[gt.start : gt.end].startswith("@article {GreenTao08")
    assert SAMPLE[gt.start : gt.end].endswith("}")


def test_crossref_children_inherit_and_say_so() -> None:
    talk = parse_bib(SAMPLE).by_key()["talk"]
    assert talk.get("booktitle") == "Proceedings of the {ICM}"
    assert talk.get("year") == "2006"
    assert talk.inherited == frozenset({"booktitle", "year", "publisher"})
    assert bib_claim(talk).year == 2006
    assert bib_venue(talk) == "Proceedings of the ICM"


def test_a_child_never_inherits_its_parents_identifiers_or_stamp() -> None:
    text = """@inproceedings{child,
  author = {Tao, Terence},
  title = {The dichotomy between structure and randomness},
  crossref = {volume},
}

@proceedings{volume,
  title = {Proceedings of the {ICM}},
  year = 2006,
  doi = {10.4171/022},
  url = {https://ems.press/books/icm/022},
  note = {arXiv:math/0512114},
  mathlsp-verified = {2026-01-01 via https://api.crossref.org/works/10.4171/022},
}
"""
    child = parse_bib(text).by_key()["child"]
    assert child.get("year") == "2006" and child.get("booktitle") == "Proceedings of the {ICM}"
    for field in ("doi", "url", "note", "mathlsp-verified"):
        assert child.get(field) is None, field
    assert bib_identifiers(child) == ()


def test_a_malformed_entry_is_reported_with_its_line_and_the_rest_read() -> None:
    bib = parse_bib(SAMPLE)
    broken_line = SAMPLE.splitlines().index("@article{broken,")
    assert [p.line for p in bib.problems] == [broken_line]
    assert "malformed" in bib.problems[0].message
    assert "after" in bib.by_key()


def test_claims_decode_accents_keep_math_and_find_identifiers() -> None:
    bib = parse_bib(SAMPLE).by_key()
    perelman = bib_claim(bib["perelman2002"])
    assert perelman.title == (
        "The entropy formula for the Ricci flow and its geometric applications"
    )
    assert perelman.arxiv_id == "math/0211159" and perelman.authors == ("Grisha Perelman",)
    online = bib_claim(bib["bib2"])
    assert online.authors == ("Anders Björner", "Francesco Brenti")
    assert online.et_al
    assert online.title == r"Combinatorics of Coxeter groups: $\tilde{A}_n$ and $\mathrm{SL}_2$"
    assert online.year == 2005
    assert (online.arxiv_id, online.arxiv_version) == ("2101.00001", 3)
    assert bib_identifiers(bib["GreenTao08"]) == (
        Identifier(IdKind.DOI, "10.4007/annals.2008.167.481"),
    )
    assert bib_claim(bib["after"]).doi == "10.1000/xyz.1"  # from the url, normalised


def test_subject_key_is_the_bibtex_key_unless_given() -> None:
    entry = parse_bib(SAMPLE).by_key()["talk"]
    assert bib_subject(entry).key == "talk"
    assert bib_subject(entry, "talk#2").key == "talk#2"
    assert bib_subject(entry).identifiers == ()


def test_duplicate_keys_and_fields_are_problems_not_losses() -> None:
    text = "@article{a, title={One}}\n@article{a, title={Two}}\n@misc{b, title={x}, title={y}}\n"
    bib = parse_bib(text)
    assert [e.key for e in bib.entries] == ["a", "a", "b"]
    assert [(p.line, p.key) for p in bib.problems] == [(1, "a"), (2, "b")]
    assert "duplicate key" in bib.problems[0].message
    assert "duplicate field" in bib.problems[1].message


def test_crlf_and_parenthesised_entries() -> None:
    text = "@article(a,\r\n  title = {T},\r\n  year = 1999\r\n)\r\n@misc{b, title={U}}\r\n"
    bib = parse_bib(text)
    assert [(e.key, e.line, e.end_line) for e in bib.entries] == [("a", 0, 3), ("b", 4, 4)]
    assert bib_claim(bib.entries[0]).year == 1999


def test_nothing_but_garbage_gives_no_entries_and_no_exception() -> None:
    for text in ("", "@", "@article{", "}}}{{{", "@string{x = }", "@comment{", "\x00@misc{a,}"):
        bib = parse_bib(text)
        assert all(e.key is not None for e in bib.entries)


def test_block_start_cuts_after_the_first_blocks() -> None:
    from mathlsp.bib.parse import block_start

    text = "@misc{a, title={A}}\n@misc{b, title={B}}\n  @misc{c, title={C}}\n"
    cut = block_start(text, 2)
    assert cut == text.index("  @misc{c")
    assert [e.key for e in parse_bib(text[:cut]).entries] == ["a", "b"]
    assert block_start(text, 3) is None
    assert not parse_bib(text).read_whole
    assert parse_bib(text + "@misc{broken, title = {x\n").read_whole


def test_a_new_version_reads_only_the_blocks_that_changed(monkeypatch) -> None:
    import mathlsp.bib.parse as parse

    text = "@misc{a, title={A}}\n@misc{b, title={B}}\n@misc{c, title={C}}\n"
    before = parse_bib(text)
    read: list[list[str]] = []
    real = parse._read_blocks

    def spy(blocks: list[str]) -> object:
        read.append(blocks)
        return real(blocks)

    monkeypatch.setattr(parse, "_read_blocks", spy)
    after = parse_bib(text.replace("{B}", "{Bee}"), before.blocks)
    assert read == [["@misc{b, title={Bee}}\n"]]
    assert [e.get("title") for e in after.entries] == ["A", "Bee", "C"]
    # The new reading holds its own blocks only: the old version of b is not kept.
    assert set(after.blocks) == {b for b in after.blocks if b in after.text}
    assert "@misc{b, title={B}}\n" not in after.blocks
