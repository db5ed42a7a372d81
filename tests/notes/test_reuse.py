"""A fresh id for an entry holding a reused id (LIT013's quick fix), and the evidence of reuse."""

from __future__ import annotations

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.render import apply_edits
from mathlsp.notes.reuse import give_new_id, names_this_title, other_titles

LIT = """\
# Literature

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|
| 2026-02-10 | sieves | 3 | 4 | 1 (REF-003) |
| 2026-03-01 | gaps | 2 | 2 | 1 (REF-003) |

## Confirmed References

### REF-003: Small gaps between primes
- **Authors:** James Maynard
- **Year:** 2015

## Synthesis

- [V] REF-003 gives bounded gaps for every m.

## Unconfirmed References

### UREF-001: Bounded gaps between primes
- **Authors:** Yitang Zhang
- **Year:** 2014
- **Reason:** no source knows it (moved from REF-003 on 2026-02-20)
- **Status:** Unconfirmed -- do not cite as established reference
"""

JOURNAL = """\
# Journal

Tried REF-003 ("Bounded gaps between primes") with a sieve: no.
Then REF-003 (*Small gaps between primes*) gave the bound.
Also REF-003 again.
"""


def _docs() -> tuple[LiteratureDoc, MarkdownDoc]:
    return LiteratureDoc(LIT, "LITERATURE.md"), MarkdownDoc(JOURNAL, "JOURNAL.md")


def test_evidence_is_a_mention_with_another_title() -> None:
    lit, journal = _docs()
    (seen,) = other_titles(lit, [journal])
    assert (seen.id, seen.title, seen.doc is journal) == (
        "REF-003",
        "Bounded gaps between primes",
        True,
    )
    assert names_this_title("Small gaps between primes", "Small gaps between primes")
    assert names_this_title("the lemma", "Small gaps between primes")  # too short to tell
    assert not names_this_title("Bounded gaps between primes", "Small gaps between primes")


def test_the_entry_and_the_mentions_that_mean_it_get_the_new_id() -> None:
    lit, journal = _docs()
    edits = give_new_id(lit, "REF-003", "REF-004", [journal])
    new_lit = apply_edits(LIT, edits["LITERATURE.md"])
    new_journal = apply_edits(JOURNAL, edits["JOURNAL.md"])
    assert "### REF-004: Small gaps between primes" in new_lit
    assert "- [V] REF-004 gives bounded gaps" in new_lit
    # The earlier paper's mentions stay: its "moved from" note, the past searches' rows, and
    # the journal line that names it.
    assert "(moved from REF-003 on 2026-02-20)" in new_lit
    assert new_lit.count("1 (REF-003) |") == 2
    assert 'Tried REF-003 ("Bounded gaps between primes")' in new_journal
    assert "Then REF-004 (*Small gaps between primes*)" in new_journal
    assert "Also REF-004 again." in new_journal
    # Nothing else changes: every edit replaces exactly an id.
    for path, text in (("LITERATURE.md", LIT), ("JOURNAL.md", JOURNAL)):
        assert all(text[e.span.start : e.span.end] == "REF-003" for e in edits[path])


def test_no_entry_no_edit() -> None:
    lit, journal = _docs()
    assert give_new_id(lit, "REF-009", "REF-010", [journal]) == {}
