"""Property-based tests: parsers never raise, positions round-trip, edits are minimal and
rendered references parse back to what was rendered."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mathlsp.notes.document import REF_ID, MarkdownDoc
from mathlsp.notes.fields import field_key
from mathlsp.notes.frontmatter import parse_frontmatter
from mathlsp.notes.identifiers import find_identifiers, normalize_doi, parse_arxiv
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import SECTION_ORDER, SECTION_TITLES, LiteratureDoc, split_authors
from mathlsp.notes.problem import ProblemDoc
from mathlsp.notes.render import (
    UNCONFIRMED_STATUS,
    Edit,
    NewReference,
    add_history_row,
    apply_edits,
    ensure_sections,
    insert_references,
    line_ending,
    one_line,
    update_frontmatter,
)
from mathlsp.notes.spans import Span
from mathlsp.notes.templates import fill_template
from mathlsp.notes.text import LineIndex

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

EOLS = ("\n", "\r\n", "\r")

# -- generators ---------------------------------------------------------------------------------

FRAGMENTS = (
    "# Literature: 𝔽-modules",
    "## Search History",
    "## Confirmed References",
    "## Synthesis",
    "## Unconfirmed References",
    "## Proof Attempts",
    "## Literature Searches",
    "## Notes",
    "# Problem",
    "## Known Results",
    "## References",
    "### Applicable Theorems",
    "### Gaps in Literature",
    "### REF-001: Perturbation théorie",
    "### REF-002",
    "### UREF-001: Unfound ##",
    "#### REF-12 - 𝔽",
    "### PROOF-001: Contradiction",
    "### LIT-002 — survey",
    "### NOTE-3",
    "- **Authors:** A. One, B. Two and C. Three",
    "- **Year:** 1999",
    "- **arXiv ID:** 2301.12345v2",
    "- **arXiv ID:** 2313.12345",
    "- **DOI:** https://doi.org/10.1002/(SICI)1097-4636",
    "- **DOI:** N/A",
    "- **Verified:** 2026-02-10T14:30:00Z via https://export.arxiv.org/api/query",
    "- **Verified:** [2026-13-01](https://x.org)",
    "- **Timestamp:** 2026-02-10T14:30:00Z",
    "- **Outcome:** in progress",
    "- **Tags:** [a, 'b']",
    "- **Insight/Takeaway:**",
    "* **Abstract**: wrapped",
    "  continuation of the value",
    "- **",
    "- **Name",
    "text:** value",
    "- plain item [V] REF-001",
    "1. numbered [S] UREF-001",
    "paragraph arXiv:2301.12345 doi:10.1000/x math.GT/0309136 arXiv:bogus",
    "| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |",
    "|---|---|---|---|---|",
    "| 2026-02-10 | a \\| b | 1 | 2 | 3 |",
    "|",
    "```",
    "````python",
    "~~~",
    "``` a`b",
    "<!--",
    "-->",
    "<!-- REF-005 -->",
    "text <!-- REF-006",
    "`REF-007` and ``x``",
    "---",
    "...",
    "title: 'x'",
    "tags: [a, b",
    "a: &anchor 1",
    "b: *anchor",
    "c: !!python/object:os.system x",
    "created: 2026-02-10",
    "- x",
    "\ufeff",
    "",
    "   ",
    "\t",
)

line_text = st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12))


@st.composite
def structured_text(draw: st.DrawFn) -> str:
    """Markdown-ish documents mixing headings, fences, fields, tables and frontmatter, with every
    kind of line break (mixed), an optional BOM and an optional final line break."""
    parts = draw(st.lists(st.tuples(line_text, st.sampled_from(EOLS)), max_size=40))
    text = "".join(a + b for a, b in parts)
    if draw(st.booleans()) and text:
        text = text.rstrip("\r\n")
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text


any_text = st.one_of(st.text(), structured_text())


def _names(alphabet: str, min_size: int = 1, max_size: int = 12) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet, min_size=min_size, max_size=max_size)


AUTHOR_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .-'éüøłŁ𝔽"
authors = st.lists(_names(AUTHOR_CHARS), max_size=5).filter(
    lambda names: all(
        not re.search(r"\band\b|\bet\.?\s*al\b", one_line(n), re.IGNORECASE) for n in names
    )
)
# Field values and titles: any text (whitespace runs collapse to one space when rendered).
value_text = st.text(max_size=40)
title_text = value_text.filter(lambda t: not re.search(r"(?:^|\s)#+\s*$", one_line(t)))
arxiv_ids = st.sampled_from(
    ["", "2301.12345v2", "0704.0001", "1412.9999", "1501.00001", "math/0601001v2",
     "math.GT/0309136", "hep-th/9901001", "2313.12345", "arXiv:2301.12345"]
)  # fmt: skip
dois = st.one_of(
    st.just(""),
    st.builds(
        lambda reg, suffix: f"10.{reg}/{suffix}",
        st.integers(1000, 999_999_999),
        _names("abcdefghijXYZ0123456789.-_;()/:<>", 1, 20),
    ),
)
extra_names = st.sampled_from(["Notes", "Venue", "MSC Class", "Comment", "Über"])


@st.composite
def new_references(draw: st.DrawFn, kind: str, number: int) -> NewReference:
    return NewReference(
        kind=kind,
        number=number,
        title=draw(title_text),
        authors=draw(authors),
        year=draw(st.one_of(st.none(), st.integers(1500, 2100))),
        source=draw(value_text),
        arxiv_id=draw(arxiv_ids),
        doi=draw(dois),
        abstract=draw(value_text),
        relevance=draw(value_text),
        key_results=draw(value_text),
        confidence=draw(st.sampled_from(["", "[V]", "[S]", "[~]", "[V] [S]"])),
        verified=draw(
            st.sampled_from(
                ["", "2026-02-10T14:30:00Z via https://export.arxiv.org/api/query?id_list=1"]
            )
        ),
        reason=draw(value_text),
        status=draw(st.one_of(st.just(UNCONFIRMED_STATUS), value_text)),
        extra=draw(st.dictionaries(extra_names, value_text, max_size=2)),
    )


@st.composite
def reference_batches(draw: st.DrawFn) -> list[NewReference]:
    n_ref = draw(st.integers(0, 3))
    n_uref = draw(st.integers(0, 3))
    refs = [draw(new_references("REF", 100 + i)) for i in range(n_ref)]
    refs += [draw(new_references("UREF", 100 + i)) for i in range(n_uref)]
    return draw(st.permutations(refs))


ENTRY_BLOCK = (
    "### REF-{n:03d}: Existing {n}\n- **Authors:** A. Author\n- **Year:** 2001\n"
    "- **Abstract:** wrapped\n  over two lines\n- **Verified:** 2026-01-01T00:00:00Z via "
    "https://export.arxiv.org/api/query\n"
)
BODY_BLOCKS = (
    "A paragraph mentioning REF-001 [V].\n",
    "- a list item [S]\n  continued\n",
    "```markdown\n### REF-090: in code\n- **Year:** 1\n```\n",
    "<!--\n### UREF-091: in a comment\n-->\n",
    "<!-- a one-line comment -->\n",
    # A table right under a field line would be a wrapped value of that field.
    "\n| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |\n"
    "|---|---|---|---|---|\n",
    "### Applicable Theorems\n",
    "### UREF-{n:03d}: Existing unconfirmed {n}\n- **Reason:** not found\n",
    ENTRY_BLOCK,
    "\n",
)


@st.composite
def literature_texts(draw: st.DrawFn) -> tuple[str, str]:
    """Well-formed LITERATURE.md documents (code and comments closed) with a random subset of
    the sections in a random order, in one line ending. Returns (text, eol)."""
    if draw(st.booleans()):
        eol = draw(st.sampled_from(EOLS))
        text = fill_template("LITERATURE.md", {"PROBLEM_SLUG": "p", "PROBLEM_TITLE": "Ünïcode 𝔽"})
        return text.replace("\n", eol), eol
    eol = draw(st.sampled_from(EOLS))
    out: list[str] = []
    if draw(st.booleans()):
        out.append('---\nproblem: "p"\ntotal_papers: 1\nsources_queried: []\n---\n')
    if draw(st.booleans()):
        out.append("# Literature\n\n")
    counter = iter(range(1, 90))
    for key in draw(st.lists(st.sampled_from((*SECTION_ORDER, "notes")), unique=True)):
        out.append(f"## {SECTION_TITLES.get(key, 'Notes')}\n")
        for block in draw(st.lists(st.sampled_from(BODY_BLOCKS), max_size=4)):
            out.append(block.format(n=next(counter)))
    text = "".join(out)
    if draw(st.booleans()):
        text = text.rstrip("\n")
    text = text.replace("\n", eol)
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text, eol if "\n" in text or "\r" in text else "\n"  # no break: the default


# -- invariants shared by the tests -------------------------------------------------------------


def _check_span(text: str, span: Span) -> None:
    assert 0 <= span.start <= span.end <= len(text), span


def _exercise(text: str) -> None:
    """Parse `text` as every kind of note and touch every lazily computed part."""
    lit = LiteratureDoc(text)
    for h in lit.lines.headings:
        _check_span(text, h.span)
        assert text[h.title_span.start : h.title_span.end] == h.title
    for e in lit.entries:
        _check_span(text, e.span)
        assert text[e.id_span.start : e.id_span.end].startswith(e.kind + "-")
        assert text[e.title_span.start : e.title_span.end] == e.title
        for f in e.fields.all:
            _check_span(text, f.span)
            _check_span(text, f.value_span)
            assert text[f.name_span.start : f.name_span.end].strip() == f.name.strip()
        e.authors, e.year, e.arxiv_id, e.doi, e.verified  # noqa: B018
    for m in lit.mentions:
        assert REF_ID.fullmatch(text[m.span.start : m.span.end])
        lit.range(m.span)
    for i in lit.identifiers:
        _check_span(text, i.span)
    lit.history_header, lit.history, lit.synthesis_items, lit.synthesis_subsections  # noqa: B018
    journal = JournalDoc(text)
    for j in journal.entries:
        j.outcome, j.tags, j.timestamp, j.strategy_type, j.insight, j.re_attempt_of  # noqa: B018
    problem = ProblemDoc(text)
    problem.title, problem.status, problem.domain, problem.tags  # noqa: B018
    problem.statement, problem.known_results, problem.references  # noqa: B018
    MarkdownDoc(text).mentions  # noqa: B018


def _assert_edits_minimal(text: str, edits: list[Edit]) -> str:
    """Apply edits; text outside every edited span must come through byte-identical."""
    out = apply_edits(text, edits)
    pos_in = pos_out = 0
    for edit in sorted(edits, key=lambda e: (e.span.start, e.span.end)):
        _check_span(text, edit.span)
        kept = text[pos_in : edit.span.start]
        assert out[pos_out : pos_out + len(kept)] == kept
        pos_out += len(kept) + len(edit.text)
        assert out[pos_out - len(edit.text) : pos_out] == edit.text
        pos_in = edit.span.end
    assert out[pos_out:] == text[pos_in:]
    if edits:
        first = min(e.span.start for e in edits)
        last = max(e.span.end for e in edits)
        assert out.startswith(text[:first])
        assert out.endswith(text[last:])
    return out


def _pure_eol(text: str, eol: str) -> bool:
    """Every line break in `text` is `eol`."""
    rest = text.replace("\r\n", "") if eol == "\r\n" else text
    return not (set(rest) & ({"\r", "\n"} - set(eol if eol != "\r\n" else "")))


# -- parsers never raise ------------------------------------------------------------------------


@SETTINGS
@given(any_text)
def test_parsers_never_raise(text: str) -> None:
    _exercise(text)


@SETTINGS
@given(any_text)
def test_frontmatter_never_raises_and_stays_in_bounds(text: str) -> None:
    fm = parse_frontmatter(text)
    _check_span(text, fm.span)
    _check_span(text, fm.yaml_span)
    assert 0 <= fm.body_start <= len(text)
    if fm.error is not None:
        assert fm.data == {} and fm.fields == {}
    for field in fm.fields.values():
        _check_span(text, field.key_span)
        _check_span(text, field.value_span)
        assert fm.yaml_span.start <= field.value_span.start <= field.value_span.end
        assert field.value_span.end <= fm.yaml_span.end


@SETTINGS
@given(st.text(alphabet=st.sampled_from("-.:\n\r abc&*![]{}#|'\"\t𝔽"), max_size=60))
def test_frontmatter_with_yaml_punctuation_never_raises(body: str) -> None:
    for text in (f"---\n{body}\n---\n", f"---\r{body}\r---\r", f"---\n{body}"):
        fm = parse_frontmatter(text)
        assert fm.present
        if fm.error is None and fm.closed:
            for key, field in fm.fields.items():
                assert field.key == key


@SETTINGS
@given(any_text)
def test_find_identifiers_never_raises_and_spans_are_in_bounds(text: str) -> None:
    for m in find_identifiers(text):
        assert 0 <= m.start < m.end <= len(text)
        if m.valid and m.kind == "arxiv":
            assert parse_arxiv(m.value) is not None
        if m.valid and m.kind == "doi":
            assert normalize_doi(m.value) == m.value


# -- LineIndex ----------------------------------------------------------------------------------

index_text = st.one_of(
    st.text(),
    st.lists(st.sampled_from(["a", "\r", "\n", "\r\n", "𝔽", "é", " ", "\t"]), max_size=50).map(
        "".join
    ),
)


@SETTINGS
@given(index_text)
def test_line_index_offset_inverts_position(text: str) -> None:
    index = LineIndex(text)
    previous = None
    for offset in range(len(text) + 1):
        pos = index.position(offset)
        assert 0 <= pos.line < index.line_count
        if previous is not None:
            assert previous <= pos
        previous = pos
        if text[offset - 1 : offset + 1] == "\r\n" and offset > 0:
            continue  # between the two characters of a CRLF
        assert index.offset(pos) == offset


@SETTINGS
@given(index_text)
def test_line_index_lines_cover_the_text(text: str) -> None:
    index = LineIndex(text)
    lines = list(index.lines())
    assert len(lines) == index.line_count
    assert "".join(line.text for line in lines) == re.sub(r"\r\n|\r|\n", "", text)
    for line in lines:
        assert text.startswith(line.text, line.start)
        assert index.line_text(line.number) == line.text
        assert index.position(line.start).character == 0


# -- rendering: minimal edits -------------------------------------------------------------------


@FEW
@given(structured_text(), reference_batches(), st.lists(value_text, min_size=5, max_size=5))
def test_literature_edits_leave_the_rest_byte_identical(
    text: str, refs: list[NewReference], cells: list[str]
) -> None:
    doc = LiteratureDoc(text)
    _assert_edits_minimal(text, insert_references(doc, refs))
    _assert_edits_minimal(text, add_history_row(doc, cells))
    _assert_edits_minimal(text, ensure_sections(doc, SECTION_ORDER))


frontmatter_values = st.one_of(
    st.integers(-(10**6), 10**6),
    st.text(max_size=20),
    st.lists(st.text(max_size=8), max_size=3),
    st.booleans(),
    st.none(),
)
frontmatter_updates = st.dictionaries(
    st.sampled_from(
        ["problem", "total_papers", "confirmed_count", "last_search", "sources_queried", "new_key"]
    ),
    frontmatter_values,
    max_size=4,
)


@SETTINGS
@given(any_text, frontmatter_updates)
def test_update_frontmatter_round_trips(text: str, updates: dict) -> None:
    doc = MarkdownDoc(text)
    before = doc.frontmatter
    if not updates:
        assert update_frontmatter(doc, updates) == []
        return
    try:
        edits = update_frontmatter(doc, updates)
    except ValueError:
        assert before.present and before.error is not None
        return
    assert not before.present or before.error is None
    # A lone-CR block inserted before a "\n" would make a CRLF of the two (mixed line endings).
    assume(not (line_ending(text) == "\r" and "\n" in text))
    out = _assert_edits_minimal(text, edits)
    after = parse_frontmatter(out)
    assert after.valid, (after.error, out)
    assert after.data == {**before.data, **updates}
    # The body is untouched.
    assert out[after.body_start :] == text[before.body_start :]


@SETTINGS
@given(literature_texts(), frontmatter_updates)
def test_update_frontmatter_keeps_the_line_ending(doc_eol: tuple[str, str], updates: dict) -> None:
    text, eol = doc_eol
    doc = LiteratureDoc(text)
    if doc.frontmatter.present and doc.frontmatter.error is not None:
        return
    for edit in update_frontmatter(doc, updates):
        assert _pure_eol(edit.text, eol), (edit.text, eol)


# -- rendering: round trips ---------------------------------------------------------------------


def _summary(entry) -> tuple:
    return (
        entry.id,
        entry.title,
        entry.section,
        [(f.key, f.value) for f in entry.fields.all],
    )


@SETTINGS
@given(literature_texts(), reference_batches())
def test_inserted_references_parse_back(doc_eol: tuple[str, str], refs: list[NewReference]) -> None:
    text, eol = doc_eol
    assert line_ending(text) == eol or ("\r" not in text and "\n" not in text)
    before = LiteratureDoc(text)
    edits = insert_references(before, refs)
    for edit in edits:
        assert _pure_eol(edit.text, line_ending(text))
    out = _assert_edits_minimal(text, edits)
    after = LiteratureDoc(out)

    # Nothing that was there changed.
    assert after.frontmatter.data == before.frontmatter.data
    old = [_summary(e) for e in before.entries]
    assert [_summary(e) for e in after.entries if e.number < 100] == old
    assert len(after.entries) == len(before.entries) + len(refs)

    # Every new reference reads back as written.
    for ref in refs:
        entry = after.by_id[ref.id]
        assert entry.section == ("confirmed" if ref.kind == "REF" else "unconfirmed")
        assert entry.title == (one_line(ref.title) or "Untitled")
        assert entry.authors == [one_line(a) for a in ref.authors if one_line(a)]
        assert split_authors(entry.fields.value("authors")) == entry.authors
        assert entry.year == ref.year
        assert entry.arxiv_id == (parse_arxiv(ref.arxiv_id) if ref.arxiv_id else None)
        assert entry.doi == (normalize_doi(ref.doi) if ref.doi else None)
        expected = {"source": ref.source, "relevance": ref.relevance}
        if ref.kind == "REF":
            expected |= {
                "abstract": ref.abstract,
                "key_results": ref.key_results,
                "confidence": ref.confidence,
                "verified": ref.verified,
            }
        else:
            expected |= {"reason": ref.reason, "status": ref.status or UNCONFIRMED_STATUS}
        expected |= dict(ref.extra)
        for name, value in expected.items():
            assert entry.fields.value(field_key(name)) == one_line(value), name
        assert entry.loose_lines == []

    # Sections exist at most once and the new ones follow the schema order.
    keys = [s.key for s in after.sections if s.key in SECTION_ORDER]
    assert len(keys) == len(set(keys))


@FEW
@given(literature_texts(), st.lists(st.lists(value_text, min_size=5, max_size=5), max_size=3))
def test_history_rows_parse_back(doc_eol: tuple[str, str], rows: list[list[str]]) -> None:
    text, eol = doc_eol
    before = LiteratureDoc(text)
    for cells in rows:
        doc = LiteratureDoc(text)
        edits = add_history_row(doc, cells)
        for edit in edits:
            assert _pure_eol(edit.text, eol)
        text = _assert_edits_minimal(text, edits)
    after = LiteratureDoc(text)
    added = after.history[len(before.history) :]
    assert [r.cells for r in added] == [[one_line(c) for c in cells] for cells in rows]
    assert [r.cells for r in after.history[: len(before.history)]] == [
        r.cells for r in before.history
    ]
    assert [_summary(e) for e in after.entries] == [_summary(e) for e in before.entries]


@FEW
@given(literature_texts(), st.lists(st.sampled_from(SECTION_ORDER), max_size=6))
def test_ensure_sections_creates_each_missing_section_once(
    doc_eol: tuple[str, str], keys: list[str]
) -> None:
    text, eol = doc_eol
    before = LiteratureDoc(text)
    edits = ensure_sections(before, keys)
    for edit in edits:
        assert _pure_eol(edit.text, eol)
    out = _assert_edits_minimal(text, edits)
    after = LiteratureDoc(out)
    have = [s.key for s in before.sections]
    want = set(have) | set(keys)
    got = [s.key for s in after.sections]
    assert sorted(got, key=str) == sorted(have + [k for k in set(keys) if k not in have], key=str)
    assert {k for k in got if k} == {k for k in want if k}
    assert [_summary(e)[:2] for e in after.entries] == [_summary(e)[:2] for e in before.entries]
