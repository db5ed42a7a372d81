"""The reader under generated text and generated entries, and on real public bibliographies.

Real files: mathlib's and Lean blueprints' bibliographies are public, but what the search tool
fetches stays out of this repository; point MATHLSP_REAL_BIBS at a folder of `.bib` files
(e.g. a copy of ImperialCollegeLondon/FLT's blueprint/src/FLT.bib) to run that test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathlsp.bib.claim import bib_subject
from mathlsp.bib.keys import make_key, unique_key
from mathlsp.bib.parse import parse_bib
from mathlsp.bib.render import ExportItem
from mathlsp.bib.update import plan_export
from mathlsp.verify.normalize import normalize_title

PIECES = st.sampled_from(
    ["@", "article", "{", "}", "(", ")", ",", "=", '"', "#", "%", "\n", "\r\n", " ", "key",
     "title", "author", "and", "\\", "'", "{\\\"u}", "$", "@string", "crossref", "x", "2001"]
)  # fmt: skip


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(PIECES, max_size=60).map("".join)))
def test_any_text_is_read_without_an_exception(text: str) -> None:
    bib = parse_bib(text)
    for e in bib.entries:
        assert 0 <= e.start <= e.end <= len(text)
        assert e.line <= e.end_line
        bib_subject(e)  # and every entry maps to a claim
    for p in bib.problems:
        assert 0 <= p.line <= text.count("\n") + text.count("\r") + 1


WORDS = st.text(
    alphabet=st.characters(
        whitelist_categories=("Lu", "Ll"), whitelist_characters="éüöçñłø", max_codepoint=0x17F
    ),
    min_size=1,
    max_size=10,
)
TITLES = st.lists(st.one_of(WORDS, st.sampled_from(["$\\zeta(s)$", "&", "50%", "SL(2)"])),
                  min_size=1, max_size=8).map(" ".join)  # fmt: skip
NAMES = st.tuples(WORDS, st.one_of(st.none(), WORDS))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(TITLES, st.lists(NAMES, min_size=1, max_size=4)), max_size=5))
def test_exported_entries_read_back_with_the_same_titles_and_authors(
    papers: list[tuple[str, list[tuple[str, str | None]]]],
) -> None:
    items = [
        ExportItem(f"REF-{i + 1:03d}", title, tuple(names), 2000 + i)
        for i, (title, names) in enumerate(papers)
    ]
    plan = plan_export(None, items)
    bib = parse_bib(plan.text)
    assert not bib.problems
    assert len(bib.entries) == len(items)
    for item, entry in zip(items, bib.entries, strict=True):
        claim = bib_subject(entry).claim
        assert normalize_title(claim.title) == normalize_title(item.title)
        expected = tuple(" ".join(p for p in (g, f) if p) for f, g in item.authors)
        assert claim.authors == expected
    assert plan_export(plan.text, items).text == plan.text


@given(st.lists(st.text(max_size=12), max_size=30))
def test_keys_are_unique_whatever_the_inputs(titles: list[str]) -> None:
    taken: set[str] = set()
    for t in titles:
        key = unique_key(make_key("author-year-word", [t], None, t), taken)
        assert key.lower() not in {k.lower() for k in taken}
        taken.add(key)


REAL = Path(os.environ.get("MATHLSP_REAL_BIBS", "/nonexistent"))


@pytest.mark.skipif(not REAL.is_dir(), reason="MATHLSP_REAL_BIBS names no folder of .bib files")
def test_real_bibliographies_read_whole() -> None:
    files = sorted(REAL.glob("*.bib"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        bib = parse_bib(text)
        assert len(bib.entries) >= text.count("\n@") // 2, path
        for e in bib.entries:
            subject = bib_subject(e)
            assert subject.claim.title or e.type in ("proceedings", "book", "misc"), e.key
            assert "{" not in subject.claim.title.replace("$", "") or "$" in subject.claim.title


def _reading(bib: object) -> tuple[object, ...]:
    """What a reading says, lines aside: bibtexparser's own line numbers are off by one after
    a stray backslash line, where reading block by block places the entry where it starts."""
    text = bib.text  # type: ignore[attr-defined]
    for e in bib.entries:  # type: ignore[attr-defined]
        assert e.line == text.count("\n", 0, e.start) or "\r" in text
    entries = [
        (e.key, e.type, dict(e.fields), e.start, e.end, e.inherited)
        for e in bib.entries  # type: ignore[attr-defined]
    ]
    problems = sorted((p.message, p.key or "") for p in bib.problems)  # type: ignore[attr-defined]
    return entries, problems, bib.strings  # type: ignore[attr-defined]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.lists(
        st.one_of(PIECES, st.sampled_from(["@misc{a, title={T}}\n", "\n@string{s={x}}\n"])),
        max_size=60,
    ).map("".join)
)
def test_reading_block_by_block_equals_reading_the_whole_file(text: str) -> None:
    from mathlsp.bib.parse import _parse_whole

    assert _reading(parse_bib(text)) == _reading(_parse_whole(text))


def test_block_reading_on_the_samples_and_after_an_edit() -> None:
    from mathlsp.bib.parse import _parse_whole
    from tests.bib.test_parse import SAMPLE

    good = SAMPLE.split("@article{broken")[0] + "@misc{a, title = {A}}\n@misc{a, title = {B}}\n"
    for text in (
        SAMPLE,
        good,
        good.replace("Still read", "Still read!"),
        good.replace("\n", "\r\n"),
    ):
        assert _reading(parse_bib(text)) == _reading(_parse_whole(text))
    for path in sorted(REAL.glob("*.bib")) if REAL.is_dir() else []:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert _reading(parse_bib(text)) == _reading(_parse_whole(text)), path
