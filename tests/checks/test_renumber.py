"""Typing in an entry's id: the findings worked out from the id index (`checks.renumber`) equal a
whole check's, message, place, related places and data alike."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathlsp.checks import CheckSettings, check_document, renumber
from mathlsp.checks.findings import Finding
from mathlsp.checks.literature import numbering
from mathlsp.notes.edits import Edit, compose
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.loader import LoadedText
from mathlsp.notes.markdown import split_lines

CHECK = CheckSettings(now=dt.datetime(2026, 11, 24, tzinfo=dt.UTC))


def _entry(
    kind: str, n: int, title: str, *, key_results: str = "Theorem 1.", extra: str = ""
) -> str:
    return (
        f"### {kind}-{n:03d}: {title}\n"
        "- **Authors:** Doe, J\n"
        f"- **Year:** {1990 + n}\n"
        f"- **Abstract:** Words about paper {n}.{extra}\n"
        "- **Relevance:** [S] Some.\n"
        f"- **Key Results:** {key_results}\n"
        "- **Confidence:** [S]\n"
        "- **Verified:** 2026-10-01T12:00:00Z via https://export.arxiv.org/abs/2101.00001\n\n"
    )


_WORDS = ["Spectral", "gaps", "Markov", "chains", "mixing", "cutoff", "walks", "groups",
          "expanders", "heat", "kernels", "random", "matrices", "percolation"]  # fmt: skip


def _title(n: int) -> str:
    return " ".join(_WORDS[(n * 3 + j) % len(_WORDS)] for j in range(4)) + f" {n}"


def literature() -> str:
    """Confirmed entries with a duplicate id, a drop in numbering and a restart, mentions that
    resolve, dangle or quote another title, [V] claims resting on entries with nothing quoted,
    an unconfirmed entry cited with [V] and one recording a moved REF id."""
    numbers = [1, 2, 3, 5, 5, 6, 8, 7, 9, 10, 11, 1, 12, 14]
    confirmed = "".join(
        _entry(
            "REF", n, _title(i),
            key_results="None quoted." if n in (2, 8) else "Theorem 1.",
            extra=" It extends REF-003." if i == 5 else "",
        )
        for i, n in enumerate(numbers)
    )  # fmt: skip
    unconfirmed = _entry("UREF", 1, "A lost preprint", extra=" Was REF-013 before.") + _entry(
        "UREF", 2, "Another lost preprint"
    )
    return (
        '---\nproblem: "p"\ntotal_papers: 16\nconfirmed_count: 14\nunconfirmed_count: 2\n'
        'last_search: "2026-11-01T10:00:00Z"\nsources_queried: ["arxiv"]\n---\n'
        "# Literature: p\n\n## Search History\n\n"
        "| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |\n"
        "|------|---------------|---------------|------------|---------------|\n"
        '| 2026-10-01 | REF-006 ("A quite different paper title entirely") | 1 | 2 | 3 |\n\n'
        "## Confirmed References\n\n" + confirmed + "## Synthesis\n\n### Applicable Theorems\n\n"
        "- [V] Theorem 2 of REF-002 applies.\n"
        "- [V] REF-008 and REF-009 give it.\n"
        "- [V] By UREF-002 it holds.\n"
        "- REF-004 and REF-015 give nothing. REF-010 again.\n\n"
        "### Technique Connections\n\n- [S] REF-002 couples with REF-005.\n\n"
        "## Unconfirmed References\n\n" + unconfirmed
    )


@given(st.lists(st.integers(0, 12), max_size=40))
def test_drops_are_numbering_of_one_kind(numbers: list[int]) -> None:
    expected = [
        (i, highest, restarted)
        for i, prev, highest, restarted in numbering(
            range(len(numbers)), lambda _: "REF", numbers.__getitem__
        )
        if prev == i - 1
    ]
    assert renumber.drops(numbers) == expected
    assert len(expected) == sum(b < a for a, b in pairwise(numbers))


def _full(f: Finding) -> tuple[Any, ...]:
    """Everything a finding says (`Finding.__eq__` leaves `data` out)."""
    return (f.code, f.severity, f.message, f.range, f.related, f.data, f.unnecessary)


class _History:
    def __init__(self) -> None:
        self.log: list[Edit] = []

    def edit_since(self, since: int, until: int) -> Edit | None:
        return compose(self.log[since:until]) or Edit(0, 0, 0)

    def adopt_starts(self, generation: int, starts: object) -> None:
        pass


def _session(
    root: Path, text: str
) -> tuple[Callable[[int, int, str], Any], dict[str, str], ProblemFolder]:
    """A folder whose LITERATURE.md is an editor buffer; `edit` applies one edit, checks it
    as the server does and returns (those findings, a whole check's, the version's EditScope)."""
    lit = root / "LITERATURE.md"
    history = _History()
    current = {"text": text}

    def reader(path: Path) -> LoadedText:
        if path == lit:
            t = current["text"]
            return LoadedText(
                t, history=history, generation=len(history.log), starts=split_lines(t)[1]
            )
        return LoadedText(path.read_text()) if path.exists() else LoadedText(None)

    lit.write_text(text)
    live = ProblemFolder(root, reader)
    check_document(live, lit, CHECK)

    def edit(start: int, end: int, new: str) -> tuple[list[Any], list[Any], Any]:
        t = current["text"]
        current["text"] = t[:start] + new + t[end:]
        history.log.append(Edit(start, end, start + len(new)))
        lit.write_text(current["text"])
        found = [_full(f) for f in check_document(live, lit, CHECK)]
        doc = live.doc(lit)
        assert isinstance(doc, LiteratureDoc)
        scope = doc.edited
        fresh = [_full(f) for f in check_document(ProblemFolder(root), lit, CHECK)]
        return found, fresh, scope

    return edit, current, live


@pytest.fixture
def followed(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each id edit was followed from the index (True) or checked whole (False)."""
    seen: list[bool] = []
    real = renumber.renumbered_findings

    def spy(*args: Any) -> Any:
        out = real(*args)
        seen.append(out is not None)
        return out

    monkeypatch.setattr(renumber, "renumbered_findings", spy)
    return seen


def _id_at(text: str, heading: str) -> tuple[int, int]:
    """Where the number of the id stands in the heading holding `heading`."""
    at = text.rindex("\n###", 0, text.index(heading) + 3) + 1
    start = text.index("-", at) + 1
    end = start
    while text[end].isdigit():
        end += 1
    return start, end


def test_toggling_an_id_is_followed_from_the_index(tmp_path: Path, followed: list[bool]) -> None:
    """REF-002 → REF-003 (a duplicate made, REF-002's mentions dangle, a [V] claim loses its
    reference) and back, as the benchmark types it: from the second edit on, no whole check."""
    edit, current, _ = _session(tmp_path, literature())
    for n in range(6):
        _, end = _id_at(current["text"], f": {_title(1)}\n")
        found, fresh, scope = edit(end - 1, end, "3" if n % 2 == 0 else "2")
        assert scope.renumbered is not None
        assert found == fresh
    assert followed == [True] * 5  # the first id edit makes the index


def test_new_duplicates_and_numbering_drops_carry_the_next_free_number(
    tmp_path: Path, followed: list[bool]
) -> None:
    """REF-009 (after REF-007) renumbered: onto an existing id, past the highest, back."""
    # Without the Search History row naming REF-006 with another title: no LIT013, whose
    # next free number a new highest would change (that edit is checked whole).
    text = literature().replace('REF-006 ("A quite different paper title entirely")', "gaps")
    edit, current, _ = _session(tmp_path, text)
    quoted = []
    for target in ("011", "012", "099", "011", "004", "099", "009"):  # REF-011 exists
        start, end = _id_at(current["text"], f": {_title(8)}\n")
        found, fresh, _ = edit(start, end, target)
        assert found == fresh
        quoted.append(any("(the highest is REF-099)" in f[2] for f in found))
    assert quoted == [False, False, True, False, False, True, False]
    # The first edit makes the index. A new highest REF number (099, and back from it) changes
    # the "(the highest is …)" of REF-013 and REF-015's mentions: made again too.
    assert followed == [True] * 6


def test_an_id_edit_that_changes_what_is_not_followed_is_checked_whole(
    tmp_path: Path, followed: list[bool]
) -> None:
    """REF-006 is named with another title in the Search History (LIT013 reads it)."""
    edit, current, _ = _session(tmp_path, literature())
    start, end = _id_at(current["text"], "### REF-003: ")
    edit(start, end, "004")  # makes the index
    start, end = _id_at(current["text"], "### REF-004: ")
    found, fresh, scope = edit(start, end, "006")
    assert scope.renumbered == ("REF-004", "REF-006") and found == fresh
    assert followed == [False]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_random_id_edits_equal_a_whole_check(tmp_path_factory: Any, data: st.DataObject) -> None:
    """Ids typed, deleted and replaced (making and unmaking duplicates, drops, dangling and
    resolving mentions, a new highest number), with now and then another kind of edit between
    them and PROOF.md checked (which works the deferred structure out)."""
    root: Path = tmp_path_factory.mktemp("p")
    (root / "PROOF.md").write_text("By [V] REF-001 and REF-004, REF-013 and UREF-002 [V].\n")
    edit, current, live = _session(root, literature())
    for _ in range(data.draw(st.integers(1, 12))):
        text = current["text"]
        lines = text.split("\n")
        headings = [i for i, line in enumerate(lines) if line.startswith(("### REF-", "### UREF-"))]
        i = data.draw(st.sampled_from(headings))
        base = sum(len(line) + 1 for line in lines[:i])
        dash = lines[i].index("-")
        colon = lines[i].find(":")
        if colon < 0:
            colon = len(lines[i])
        start, end = base + dash + 1, base + colon
        choice = data.draw(st.integers(0, 9))
        if choice < 5:  # the whole number replaced
            number = data.draw(st.integers(0, 20))
            new = data.draw(st.sampled_from([f"{number:03d}", str(number)]))
            found, fresh, _ = edit(start, end, new)
        elif choice < 7:  # one digit typed or deleted
            at = data.draw(st.integers(start, end))
            if at < end and data.draw(st.booleans()):
                found, fresh, _ = edit(at, at + 1, "")
            else:
                found, fresh, _ = edit(at, at, data.draw(st.sampled_from("0123456789")))
        elif choice == 7:  # the kind changed
            kind_at = base + 4
            if lines[i].startswith("### U"):
                found, fresh, _ = edit(kind_at, kind_at + 1, "")
            else:
                found, fresh, _ = edit(kind_at, kind_at, "U")
        elif choice == 8:  # a letter typed in a prose field
            at = text.index("Words about", data.draw(st.integers(0, len(text) // 2)))
            found, fresh, _ = edit(at, at, "w")
        else:  # a title typed
            at = base + colon + 2
            found, fresh, _ = edit(at, at, "x")
        assert found == fresh
        if data.draw(st.integers(0, 3)) == 0:
            proof = root / "PROOF.md"
            # The live folder's PROOF.md check works the deferred LITERATURE.md's structure out.
            assert [_full(f) for f in check_document(live, proof, CHECK)] == [
                _full(f) for f in check_document(ProblemFolder(root), proof, CHECK)
            ]


def test_the_index_outlives_typing_in_prose_and_titles(
    tmp_path: Path, followed: list[bool]
) -> None:
    """An id fixed, a word typed in a title and an abstract, another id fixed: the second id
    edit is followed from the index the first one made, with the title as now typed (REF-003
    duplicates an id: LIT007 quotes the first holder's title)."""
    edit, current, _ = _session(tmp_path, literature())
    start, end = _id_at(current["text"], f": {_title(0)}\n")
    edit(start, end, "004")  # REF-001 → REF-004: the index is made
    title = current["text"].index(f": {_title(2)}\n") + 2
    found, fresh, scope = edit(title, title, "Renamed ")
    assert scope.retitled is not None and found == fresh
    words = current["text"].index("Words about paper 3.")
    found, fresh, scope = edit(words, words, "More ")
    assert scope.free_text_only and found == fresh
    start, end = _id_at(current["text"], f": {_title(4)}\n")  # the second REF-005
    found, fresh, scope = edit(start, end, "003")
    assert scope.renumbered == ("REF-005", "REF-003") and found == fresh
    assert any("Renamed" in f[2] for f in found if f[0] == "LIT007")
    assert followed == [True]  # the first id edit found no index: it made one
