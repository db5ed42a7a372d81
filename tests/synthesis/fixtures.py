"""A problem and its LITERATURE.md with four confirmed references from the fake corpus."""

from __future__ import annotations

PROBLEM = """\
---
title: "Gaps between consecutive primes"
status: defined
domain: number-theory
type: proof
tags: [prime-gaps, arithmetic-progressions, sieve-methods]
---
# Problem

Show that there are infinitely many pairs of primes $p < q$ with $q - p$ bounded, and relate
the bound to long arithmetic progressions in the primes.

## Known Results

- Bounded gaps between primes (Zhang 2014).
- The primes contain arbitrarily long arithmetic progressions (Green and Tao 2008).
"""

STAMP = "2026-02-10T12:00:00Z via https://export.arxiv.org/api/query?id_list=x"


def entry(num: int, title: str, ids: str, abstract: str, key_results: str = "") -> str:
    return f"""### REF-{num:03d}: {title}
- **Authors:** A. Author
- **Year:** 2010
- **Source:** arXiv
{ids}- **Abstract:** {abstract}
- **Relevance:** [S] Test.
- **Key Results:** {key_results or "None quoted."}
- **Confidence:** [V] metadata
- **Verified:** {STAMP}
"""


ENTRIES = [
    entry(
        1,
        "The primes contain arbitrarily long arithmetic progressions",
        "- **arXiv ID:** math/0404188\n- **DOI:** 10.4007/annals.2008.167.481\n",
        "We prove that there are arbitrarily long arithmetic progressions of primes.",
        'Theorem 1.1 (Green–Tao): "The prime numbers contain infinitely many arithmetic '
        'progressions of length k for all k." (https://arxiv.org/abs/math/0404188)',
    ),
    entry(
        2,
        "Small gaps between primes",
        "- **arXiv ID:** 1311.4600\n- **DOI:** 10.4007/annals.2015.181.1.7\n",
        "We introduce a refinement of the GPY sieve method for studying prime k-tuples.",
    ),
    entry(
        3,
        "Bounded gaps between primes",
        "- **DOI:** 10.4007/annals.2014.179.3.7\n",
        "It is proved that liminf of the gap between consecutive primes is finite.",
    ),
    entry(
        4,
        "On sets of integers containing no k elements in arithmetic progression",
        "- **DOI:** 10.4064/aa-27-1-199-245\n",
        "Every set of integers of positive density contains long progressions.",
    ),
]

LITERATURE = (
    """\
---
problem: "prime-gaps"
total_papers: 4
confirmed_count: 4
unconfirmed_count: 0
---
# Literature: Gaps between consecutive primes

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|

## Confirmed References

"""
    + "\n".join(ENTRIES)
    + """
## Synthesis

### Applicable Theorems

### Technique Connections

- [S] My own note on REF-002: the GPY sieve is the tool.

### Gaps in Literature

### Suggested Reading Order

## Unconfirmed References
"""
)
