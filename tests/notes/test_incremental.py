"""Incremental re-parsing equals parsing from scratch, after any sequence of edits."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathlsp.checks import CheckSettings, check_document
from mathlsp.notes.chunked import ChunkedText, TextView
from mathlsp.notes.edits import Edit, compose
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.loader import LoadedText
from mathlsp.notes.markdown import split_lines

BASE = """---
problem: "p"
total_papers: 4
confirmed_count: 3
unconfirmed_count: 1
last_search: "2026-11-01T10:00:00Z"
sources_queried: ["arxiv"]
---
# Literature: p

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|
| 2026-10-01 | "spectral gap" | 10 | 12 | 4 |

## Confirmed References

### REF-001: On the spectral gap of Markov chains
- **Authors:** Levin, D; Peres, Y
- **Year:** 2009
- **Source:** arXiv
- **arXiv ID:** 0901.12345
- **DOI:** 10.1090/mbk/058
- **Abstract:** We bound the gap. See also REF-003 and
  a wrapped line of the abstract.
- **Relevance:** [S] Gives the bound.
- **Key Results:** Theorem 1.
- **Confidence:** [V]
- **Verified:** 2026-10-01T12:00:00Z via http://export.arxiv.org/api/query?id_list=0901.12345

### REF-002: Mixing times
- **Authors:** Aldous
- **Year:** 1983
- **Source:** Crossref
- **DOI:** 10.1007/BFb0068322
- **Abstract:** Mixing of chains on groups,
  with cutoff for random transpositions and a bound on the total variation.
- **Relevance:** [V] Cited.
- **Key Results:** Coupling.
- **Confidence:** [V]
- **Verified:** 2020-01-01T00:00:00Z via https://api.crossref.org/works/10.1007/BFb0068322

stray text that belongs to no field

### REF-003: Mixing times
- **Authors:** Someone
- **Year:** 1983
- **arXiv ID:** 2313.1
- **Verified:** yesterday

## Synthesis

### Applicable Theorems

- [V] Theorem 1 of REF-001 applies.
- REF-009 gives nothing.

### Technique Connections

- [S] REF-002 couples.

## Unconfirmed References

### UREF-001: A lost preprint
- **Authors:** Nobody
- **Year:** 2021
- **Source:** Semantic Scholar
- **Reason:** arXiv returned no entry (was REF-004)
- **Relevance:** maybe the same walk, seen from the other side
- **Status:** Unconfirmed -- do not cite as established reference
"""

SNIPPETS = [
    "x", "", "\n", "\n\n", "#", "### ", "### REF-004: New\n", "### UREF-002: U\n", "## ",
    "## Synthesis\n", "- **Year:** 1999\n", "- **DOI:** 10.1/x\n", "- **arXiv ID:** 2101.00001",
    "REF-001", "UREF-001 [V]", "[V] ", "  wrapped\n", "- ", "**", ":**", "```\n", "<!--", "-->",
    "| a | b |\n", "---\n", "é", "𝔽", "\t",
]  # fmt: skip


def dump(doc: LiteratureDoc) -> dict[str, Any]:
    """Everything the model exposes, as plain values."""
    lines = doc.lines
    return {
        "texts": lines.texts,
        "starts": lines.starts,
        "opaque": bytes(lines.opaque),
        "first_line": lines.first_line,
        "headings": [(h.level, h.title, h.line, h.span, h.title_span) for h in lines.headings],
        "sections": [
            (s.key, s.heading.line, s.span, s.first_line, s.last_line) for s in doc.sections
        ],
        "other": [h.line for h in doc.other_headings],
        "entries": [
            (
                e.id,
                e.kind,
                e.number,
                e.title,
                e.heading.line,
                e.id_span,
                e.title_span,
                e.span,
                e.section,
                e.loose_lines,
                e.arxiv_id,
                e.doi,
                e.year,
                [
                    (f.name, f.key, f.value, f.line, f.span, f.name_span, f.value_span)
                    for f in e.fields.all
                ],
            )
            for e in doc.entries
        ],
        "mentions": [(m.id, m.span, m.line) for m in doc.mentions],
        "identifiers": [(x.mention, x.span, x.line) for x in doc.identifiers],
        "history": [(r.cells, r.line) for r in doc.history],
        "synthesis": [
            (i.subsection, i.text, i.first_line, i.last_line) for i in doc.synthesis_items
        ],
    }


PROSE_FIELDS = ("- **Abstract:**", "- **Relevance:**", "  a wrapped")


LINES = [
    "- **Verified:** 2026-10-01T12:00:00Z via https://export.arxiv.org/abs/2101.00001\n",
    "- **Verified:** arxiv:bad\n", "- **Abstract:** more words\n", "  wrapped on\n", "\n",
    "- **Relevance:** [V] see UREF-001\n", "- **Year:** 2001\n", "- **Notes:** REF-002\n",
    "stray\n", "### REF-009: Inserted\n", "- **Key Results:** Lemma 2.\n", "See REF-004.\n",
]  # fmt: skip


@st.composite
def line_edits(draw: st.DrawFn, text: str) -> tuple[str, Edit]:
    """A whole line deleted, or one added before a line (in an entry or anywhere)."""
    lines = text.split("\n")
    in_entries = [i for i, line in enumerate(lines) if line.startswith(("- **", "  "))]
    i = draw(
        st.sampled_from(in_entries)
        if in_entries and draw(st.booleans())
        else st.integers(0, len(lines) - 1)
    )
    start = sum(len(line) + 1 for line in lines[:i])
    if draw(st.booleans()) and i + 1 < len(lines):
        return "", Edit(start, start + len(lines[i]) + 1, start)
    inserted = draw(st.sampled_from(LINES) | st.just(lines[i] + "\n"))
    return inserted, Edit(start, start, start + len(inserted))


TITLE_TYPING = ["a", " ", "x", "Mixing times", "On the spectral gap of Markov chains", "REF-002",
                "2101.00001", ":", "#", "1", "U", "-"]  # fmt: skip


@st.composite
def heading_edits(draw: st.DrawFn, text: str) -> tuple[str, Edit]:
    """Typing or deleting in an entry's heading: its title (toward or away from another
    entry's, which makes a duplicate) or its id."""
    lines = text.split("\n")
    headings = [i for i, line in enumerate(lines) if line.startswith(("### REF-", "### UREF-"))]
    if not headings:
        return "", Edit(0, 0, 0)
    i = draw(st.sampled_from(headings))
    base = sum(len(line) + 1 for line in lines[:i])
    if draw(st.booleans()):
        # The whole title or id replaced by another entry's: a duplicate made or unmade.
        other = lines[draw(st.sampled_from(headings))]
        part = 1 if draw(st.booleans()) else 0  # 0: the id, 1: the title
        here, there = lines[i].split(": ", 1), other.split(": ", 1)
        if len(here) == 2 and len(there) == 2:
            start = base + (len(here[0]) + 2 if part else 4)
            old = here[part] if part else here[0][4:]
            new = there[part] if part else there[0][4:]
            return new, Edit(start, start + len(old), start + len(new))
    col = draw(st.integers(4, len(lines[i])))
    if draw(st.booleans()) and col < len(lines[i]):
        n = draw(st.integers(1, len(lines[i]) - col))
        return "", Edit(base + col, base + col + n, base + col)
    inserted = draw(st.sampled_from(TITLE_TYPING))
    return inserted, Edit(base + col, base + col, base + col + len(inserted))


@st.composite
def edits(draw: st.DrawFn, text: str) -> tuple[str, Edit]:
    """An edit anywhere; half of them typing or deleting a letter in an entry's prose (the
    common keystroke, which the engine answers from the last check), one in six a whole line
    deleted or added, one in six typing in a heading."""
    choice = draw(st.integers(0, 5))
    if choice == 0:
        return draw(line_edits(text))
    if choice == 1:
        return draw(heading_edits(text))
    prose = [i for i, line in enumerate(text.split("\n")) if line.startswith(PROSE_FIELDS)]
    if prose and draw(st.booleans()):
        lines = text.split("\n")
        i = draw(st.sampled_from(prose))
        base = sum(len(line) + 1 for line in lines[:i])
        prefix = next(len(p) for p in PROSE_FIELDS if lines[i].startswith(p))
        start = base + draw(st.integers(prefix + 1, max(prefix + 1, len(lines[i]))))
        if draw(st.booleans()) or start >= base + len(lines[i]):
            inserted = draw(st.sampled_from(["a", "z", " ", "é", "ab"]))
            return inserted, Edit(start, start, start + len(inserted))
        return "", Edit(start, start + 1, start)
    start = draw(st.integers(0, len(text)))
    length = draw(st.integers(0, min(40, len(text) - start)))
    inserted = draw(st.sampled_from(SNIPPETS) | st.text(alphabet="ab #-*:\n`[]V", max_size=6))
    return inserted, Edit(start, start + length, start + len(inserted))


CHUNK_SIZES = st.sampled_from([0, 1, 7, 64])


def _chunked(text: str, size: int) -> ChunkedText | None:
    return ChunkedText(text, size) if size else None


def _version(chunked: ChunkedText | None, edit: Edit, inserted: str, text: str) -> str | TextView:
    """The edited text as the model gets it: a string, or the buffer's new version."""
    if chunked is None:
        return text
    chunked.replace(edit.start, edit.old_end, inserted)
    assert len(chunked) == len(text)
    return chunked.view


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_reparse_after_random_edits_equals_a_fresh_parse(data: st.DataObject) -> None:
    text = BASE
    doc = LiteratureDoc(text)
    # 0: each version a string; else an editor buffer's chunks of that size (a keystroke's
    # version is then re-parsed from the lines it touched, the whole string never built).
    chunked = _chunked(text, data.draw(CHUNK_SIZES))
    for _ in range(data.draw(st.integers(1, 8))):
        inserted, edit = data.draw(edits(text))
        text = text[: edit.start] + inserted + text[edit.old_end :]
        doc = LiteratureDoc.reparse(
            doc, _version(chunked, edit, inserted, text), edit, split_lines(text)[1]
        )
        # Looking at a version works its deferred structure out: sometimes look, sometimes
        # let the next keystroke build on a version nobody looked at.
        if data.draw(st.booleans()):
            assert dump(doc) == dump(LiteratureDoc(text))
    assert dump(doc) == dump(LiteratureDoc(text))


def _many(n: int) -> str:
    """BASE with `n` more confirmed entries (every other one with a wrapped abstract)."""
    extra = []
    for i in range(4, 4 + n):
        extra += [
            f"### REF-{i:03d}: Paper number {i}",
            "- **Authors:** Doe, J",
            f"- **Year:** {1990 + i % 30}",
            f"- **arXiv ID:** 2101.{i:05d}",
            "- **Abstract:** Some words about it" + ("\n  and a wrapped line." if i % 2 else "."),
            "- **Relevance:** [S] Some.",
            "- **Key Results:** None quoted.",
            "- **Confidence:** [S]",
            "- **Verified:** 2026-10-01T12:00:00Z via https://export.arxiv.org/abs/2101.00001",
            "",
        ]
    at = BASE.index("## Synthesis")
    return BASE[:at] + "\n".join(extra) + "\n" + BASE[at:]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_long_typing_session_in_a_larger_file_stays_equal(data: st.DataObject) -> None:
    text = _many(30)
    doc = LiteratureDoc(text)
    chunked = _chunked(text, data.draw(CHUNK_SIZES))
    for _ in range(data.draw(st.integers(1, 12))):
        inserted, edit = data.draw(edits(text))
        text = text[: edit.start] + inserted + text[edit.old_end :]
        doc = LiteratureDoc.reparse(
            doc, _version(chunked, edit, inserted, text), edit, split_lines(text)[1]
        )
        if data.draw(st.integers(0, 3)) == 0:
            assert dump(doc) == dump(LiteratureDoc(text))
    assert dump(doc) == dump(LiteratureDoc(text))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_composed_edits_reparse_like_one(data: st.DataObject) -> None:
    text = BASE
    doc = LiteratureDoc(text)
    steps = []
    for _ in range(data.draw(st.integers(2, 5))):
        inserted, edit = data.draw(edits(text))
        text = text[: edit.start] + inserted + text[edit.old_end :]
        steps.append(edit)
    region = compose(steps)
    assert region is not None
    # The composed region explains the whole difference.
    assert BASE[: region.start] == text[: region.start]
    assert BASE[region.old_end :] == text[region.new_end :]
    assert dump(LiteratureDoc.reparse(doc, text, region)) == dump(LiteratureDoc(text))


class _History:
    """A buffer's edit log, as `NoteBuffer` keeps it."""

    def __init__(self) -> None:
        self.log: list[Edit] = []

    def edit_since(self, since: int, until: int) -> Edit | None:
        return compose(self.log[since:until]) or Edit(0, 0, 0)

    def adopt_starts(self, generation: int, starts: object) -> None:
        pass  # this log is handed its starts with every text


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_checks_on_incremental_versions_equal_checks_from_scratch(
    tmp_path_factory: Any, data: st.DataObject
) -> None:
    root: Path = tmp_path_factory.mktemp("p")
    lit = root / "LITERATURE.md"
    (root / "PROOF.md").write_text("By [V] REF-001 and UREF-001 [V], REF-007.\n")
    history = _History()
    current = {"text": BASE}
    check = CheckSettings(now=dt.datetime(2026, 11, 24, tzinfo=dt.UTC))
    chunked = _chunked(BASE, data.draw(CHUNK_SIZES))

    def reader(path: Path) -> LoadedText:
        if path == lit:
            return LoadedText(
                chunked.view if chunked is not None else current["text"],
                history=history,
                generation=len(history.log),
                starts=split_lines(current["text"])[1],
            )
        return LoadedText((root / path.name).read_text()) if path.exists() else LoadedText(None)

    lit.write_text(BASE)
    live = ProblemFolder(root, reader)
    live.doc(lit)
    for _ in range(data.draw(st.integers(1, 5))):
        inserted, edit = data.draw(edits(current["text"]))
        text = current["text"]
        current["text"] = text[: edit.start] + inserted + text[edit.old_end :]
        if chunked is not None:
            chunked.replace(edit.start, edit.old_end, inserted)
        history.log.append(edit)
        lit.write_text(current["text"])
        fresh = ProblemFolder(root)
        for name in ("LITERATURE.md", "PROOF.md"):
            assert check_document(live, root / name, check) == check_document(
                fresh, root / name, check
            )


def test_an_edit_inside_one_entry_reparses_that_entry_only() -> None:
    doc = LiteratureDoc(BASE)
    at = BASE.index("Mixing of chains") + len("Mixing")
    text = BASE[:at] + " more" + BASE[at:]
    new = LiteratureDoc.reparse(doc, text, Edit(at, at, at + 5))
    reused = [a.core is b.core for a, b in zip(doc.entries, new.entries, strict=True)]
    assert reused == [True, False, True, True]
    assert dump(new) == dump(LiteratureDoc(text))
    # Lines below the edit moved by five characters; their fields say so.
    ref3 = new.entries[2]
    assert text[ref3.id_span.start : ref3.id_span.end] == "REF-003"
    year = ref3.fields.get("year")
    assert year is not None and text[year.value_span.start : year.value_span.end] == "1983"


def test_rules_about_the_whole_file_read_only_their_fields(tmp_path: Path) -> None:
    """What lets a keystroke in an abstract skip them: their findings are the same whatever
    the fields outside `WHOLE_FILE_FIELDS` say (a new rule reading another field must add it
    there)."""
    from mathlsp.checks import _document_rules, load_rules
    from mathlsp.checks.base import CheckContext
    from mathlsp.notes.literature import _HINT, WHOLE_FILE_FIELDS

    load_rules()
    doc = LiteratureDoc(BASE)
    lines = doc.lines.texts[:]
    for e in doc.entries:
        for f in e.fields.all:
            if f.key in WHOLE_FILE_FIELDS:
                continue
            for i in range(f.line, doc.lines.line_of(f.span.end) + 1):
                if not _HINT.search(lines[i]):
                    keep = lines[i].find(":**") + 4 if i == f.line else 2
                    lines[i] = lines[i][:keep] + "q" * (len(lines[i]) - keep)
    other = LiteratureDoc("\n".join(lines))
    assert other.text != BASE
    folder = ProblemFolder(tmp_path)
    check = CheckSettings(now=dt.datetime(2026, 11, 24, tzinfo=dt.UTC))

    def whole(d: LiteratureDoc) -> list[Any]:
        return _document_rules(CheckContext(folder, tmp_path / "LITERATURE.md", d, check), None)

    assert whole(doc) == whole(other)


def _session(root: Path, text: str) -> tuple[ProblemFolder, Any]:
    """A folder whose LITERATURE.md is an editor buffer, and a function that edits it and
    returns (incremental findings, findings from scratch, the new version's EditScope)."""
    lit = root / "LITERATURE.md"
    history = _History()
    current = {"text": text}
    check = CheckSettings(now=dt.datetime(2026, 11, 24, tzinfo=dt.UTC))

    def reader(path: Path) -> LoadedText:
        if path == lit:
            t = current["text"]
            return LoadedText(
                t, history=history, generation=len(history.log), starts=split_lines(t)[1]
            )
        return LoadedText((root / path.name).read_text()) if path.exists() else LoadedText(None)

    live = ProblemFolder(root, reader)
    lit.write_text(text)
    check_document(live, lit, check)

    def edit(start: int, end: int, new: str) -> tuple[Any, Any, Any]:
        t = current["text"]
        current["text"] = t[:start] + new + t[end:]
        history.log.append(Edit(start, end, start + len(new)))
        lit.write_text(current["text"])
        found = check_document(live, lit, check)
        doc = live.doc(lit)
        assert isinstance(doc, LiteratureDoc)
        return found, check_document(ProblemFolder(root), lit, check), doc.edited

    return live, edit


def test_a_title_typed_into_a_duplicate_is_reported(tmp_path: Path) -> None:
    """Typing a title is answered from the last check unless a whole-file rule reads that
    title: here it becomes another entry's (same year), which makes a duplicate."""
    _, edit = _session(tmp_path, BASE)
    at = BASE.index("### REF-003: ") + len("### REF-003: ")
    found, fresh, scope = edit(at, at + len("Mixing times"), "Other")
    assert scope.retitled is not None and found == fresh
    found, fresh, scope = edit(at, at + len("Other"), "Mixing times")
    assert scope.retitled is not None and found == fresh
    assert "LIT011" in {f.code for f in found}


def test_deleting_a_stamp_line_reuses_the_whole_file_findings(tmp_path: Path) -> None:
    _, edit = _session(tmp_path, BASE)
    start = BASE.index("- **Verified:** 2020-01-01")
    end = BASE.index("\n", start) + 1
    found, fresh, scope = edit(start, end, "")
    assert scope.shift == -1 and scope.free_text_only and found == fresh


def test_a_private_line_added_with_a_malformed_identifier_is_reported(tmp_path: Path) -> None:
    """A line of a private field may carry findings of a whole-file rule on itself (a bad
    `arXiv:` token): the keystroke's check looks at the lines it rewrote again."""
    _, edit = _session(tmp_path, BASE)
    at = BASE.index("- **Relevance:** [V] Cited.")
    line = "- **Notes:** see arXiv:2313.1 and doi:xyz\n"
    found, fresh, scope = edit(at, at, line)
    assert scope.shift == 1 and scope.free_text_only and found == fresh
    assert {"REF005", "REF006"} <= {f.code for f in found if f.range.start.line == scope.lines[0]}
    found, fresh, scope = edit(at, at + len(line), "")  # and deleted: the findings go with it
    assert found == fresh


def test_a_line_past_the_cap_keeps_the_keystrokes_equal_to_a_full_check(tmp_path: Path) -> None:
    """Private lines with more malformed identifiers than are listed: those past the cap (on
    the second line) are only counted, so a keystroke there must not reuse a count it cannot
    see."""
    from mathlsp.checks.base import FINDINGS_PER_CODE

    bad = "arXiv:2313.1 "
    text = BASE
    for anchor, line in (
        ("- **Relevance:** [S] Gives", "- **Notes:** " + bad * FINDINGS_PER_CODE),
        ("- **Relevance:** [V] Cited", "- **Notes:** also " + bad * 40),
    ):
        at = text.index(anchor)
        text = text[:at] + line + "\n" + text[at:]
    _, edit = _session(tmp_path, text)
    found, fresh, _ = edit(0, 0, "")
    assert found == fresh
    (more,) = [f.data["more"] for f in found if f.code == "DOC006"]
    assert more >= 40 and [f.code for f in found].count("REF005") == FINDINGS_PER_CODE
    cut = text.index("- **Notes:** also ") + len("- **Notes:** also ")
    found, fresh, scope = edit(cut, cut + len(bad) * 30, "")  # 10 of the second line's stay
    assert scope.free_text_only
    assert found == fresh
    assert [f.data["more"] for f in found if f.code == "DOC006"] == [more - 30]


def test_keystrokes_in_chunks_never_build_the_whole_text(tmp_path: Path) -> None:
    """Typing in a field, in a heading's title and id, deleting and adding a line, Enter: the
    model and the checks read the lines they need from the buffer's chunks."""
    text = _many(30)
    lit = tmp_path / "LITERATURE.md"
    lit.write_text(text)
    (tmp_path / "PROOF.md").write_text("By REF-001 and REF-007.\n")
    history = _History()
    chunked = ChunkedText(text, 64)
    now = {"text": text}
    check = CheckSettings(now=dt.datetime(2026, 11, 24, tzinfo=dt.UTC))

    def reader(path: Path) -> LoadedText:
        if path == lit:
            return LoadedText(
                chunked.view,
                history=history,
                generation=len(history.log),
                starts=split_lines(str(now["text"]))[1],  # what the buffer keeps up to date
            )
        return LoadedText(path.read_text()) if path.exists() else LoadedText(None)

    live = ProblemFolder(tmp_path, reader)
    check_document(live, lit, check)
    heading = text.index("### REF-006: Paper")
    abstract = text.index("- **Abstract:**", heading)
    verified = text.index("- **Verified:**", heading)
    stamp = text[verified : text.index("\n", verified) + 1]
    keystrokes = [
        (abstract + 20, abstract + 20, "x"),  # a field
        (abstract + 20, abstract + 21, ""),
        (heading + 15, heading + 15, "y"),  # a heading's title
        (heading + 15, heading + 16, ""),
        (heading + 10, heading + 11, "7"),  # its id: REF-006 → REF-007, a duplicate
        (heading + 10, heading + 11, "6"),
        (verified, verified + len(stamp), ""),  # a line deleted, and put back
        (verified, verified, stamp),
        (abstract + 25, abstract + 25, "\n"),  # Enter, and the lines joined again
        (abstract + 25, abstract + 26, ""),
    ]
    for start, end, new in keystrokes:
        text = now["text"] = text[:start] + new + text[end:]
        chunked.replace(start, end, new)
        history.log.append(Edit(start, end, start + len(new)))
        findings = check_document(live, lit, check)
        assert not chunked.view.is_joined, (start, end, new)
        lit.write_text(text)
        assert findings == check_document(ProblemFolder(tmp_path), lit, check)
        assert dump(live.doc(lit)) == dump(LiteratureDoc(text))  # type: ignore[arg-type]
