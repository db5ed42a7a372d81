"""REF/UREF numbers come after every number the notes ever used, and are never handed out twice."""

from __future__ import annotations

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.numbering import highest_used, next_numbers

HEAD = """\
# Literature

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|
| 2026-01-01 | `ti:graphs` | 3 | 0 | 1 (REF-004) |

## Confirmed References

### REF-001: Kept paper
- **Year:** 2001

## Unconfirmed References

### UREF-001: Moved paper
- **Reason:** arXiv returned no entry for 2301.99999 (moved from REF-003 on 2026-02-01)
"""


def test_entries_alone_number_on_from_the_highest() -> None:
    doc = LiteratureDoc("## Confirmed References\n\n### REF-002: A\n\n### REF-005: B\n")
    numbers = next_numbers(doc)
    assert numbers.take("REF") == 6
    assert numbers.take("REF") == 7
    assert numbers.take("UREF") == 1


def test_moved_from_notes_and_search_history_count() -> None:
    # REF-003 was moved away and REF-004 is only in the history: both numbers stay taken.
    assert highest_used(LiteratureDoc(HEAD)) == {"REF": 4, "UREF": 1}


def test_mentions_in_other_notes_count() -> None:
    proof = MarkdownDoc("By REF-009 and UREF-004 the bound holds.\n")
    assert highest_used(LiteratureDoc(HEAD), [proof]) == {"REF": 9, "UREF": 4}
    assert next_numbers(LiteratureDoc(HEAD), [proof]).peek("UREF") == "UREF-005"


def test_mentions_in_code_are_not_numbers() -> None:
    doc = LiteratureDoc(HEAD + "\n`REF-050` is how an id looks.\n")
    assert highest_used(doc)["REF"] == 4


def test_no_literature_yet() -> None:
    assert next_numbers(None).next == {"REF": 1, "UREF": 1}
