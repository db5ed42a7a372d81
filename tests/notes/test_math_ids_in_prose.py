"""Zbl, JFM and MR numbers written in prose, and an entry's numbers in its bibliographic fields."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mathlsp.mathids import find_math_ids
from mathlsp.notes.literature import LiteratureDoc


def found(text: str) -> list[tuple[str, str, str]]:
    return [(m.kind, m.value, text[m.start : m.end]) for m in find_math_ids(text)]


def test_numbers_behind_their_prefix() -> None:
    assert found("see Zbl 0303.10056, and MR0369312 (51 #5556).") == [
        ("zbl", "0303.10056", "Zbl 0303.10056"),
        ("mr", "MR0369312", "MR0369312 (51 #5556)"),
    ]
    assert found("JFM 57.0054.02; Zbl 07192477; zbl:0303.10056") == [
        ("zbl", "JFM 57.0054.02", "JFM 57.0054.02"),
        ("zbl", "07192477", "Zbl 07192477"),
        ("zbl", "0303.10056", "zbl:0303.10056"),
    ]
    assert found("MR 369312") == [("mr", "MR0369312", "MR 369312")]


def test_ordinary_numbers_are_not_identifiers() -> None:
    for text in [
        "the 12345678 primes, 1998.12345 and 0303.10056 alone",
        "MR 2, Mr 123456, mr0369312, MRI 123456",
        "Zbl 0303.10056x, v.MR1234567, Zbl 123",
        "",
    ]:
        assert found(text) == [], text


@given(st.text())
def test_never_raises_and_spans_are_in_bounds(text: str) -> None:
    for m in find_math_ids(text):
        assert 0 <= m.start < m.end <= len(text)


@given(st.integers(min_value=0, max_value=10**12))
def test_a_bare_number_is_never_read(n: int) -> None:
    assert found(f"we checked {n} cases and {n / 7:.5f} more") == []


ENTRIES = """\
## Confirmed References

### REF-001: Sur les nombres premiers
- **Authors:** A. Author
- **Year:** 1975
- **Notes:** Reviewed as Zbl 0303.10056; MR0369312 (51 #5556).
- **Relevance:** improves Zbl 0474.20018.

### REF-002: Two
- **Authors:** B. Author
- **Year:** 1990
- **Relevance:** see Zbl 0303.10056 and MR0369312

### REF-003: Three
- **Authors:** C. Author
- **Year:** 1990
- **Zbl:** 0474.20018
- **Notes:** not to be confused with Zbl 0303.10056
- **Venue:** Ann. Math. MR0369312, MR0000001

## Unconfirmed References
"""


def test_an_entry_reads_its_numbers_from_bibliographic_fields_only() -> None:
    by_id = {e.id: e for e in LiteratureDoc(ENTRIES).entries}
    assert (by_id["REF-001"].zbl, by_id["REF-001"].mr) == ("0303.10056", "MR0369312")
    # Relevance talks about other papers.
    assert (by_id["REF-002"].zbl, by_id["REF-002"].mr) == (None, None)
    # The field wins over prose; two numbers in prose name no one paper.
    assert (by_id["REF-003"].zbl, by_id["REF-003"].mr) == ("0474.20018", None)
