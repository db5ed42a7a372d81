"""Shared fixtures for the check tests: a valid problem folder on disk, and helpers to run checks.

Fixtures are inline Markdown; tests edit them with `edit(text, old, new)` so each test shows
exactly what it breaks.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from mathlsp.checks import CheckSettings, check_document
from mathlsp.checks.findings import Finding
from mathlsp.notes.folder import ProblemFolder

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
SETTINGS = CheckSettings(stale_after_days=180, now=NOW)
SLUG = "neumann-series"

LITERATURE = """\
---
problem: "neumann-series"
total_papers: 3
confirmed_count: 2
unconfirmed_count: 1
last_search: "2026-02-10T14:30:00Z"
sources_queried: ["arxiv", "semantic_scholar"]
---
# Literature: Convergence of perturbed Neumann series

## Search History

| Date | Query Summary | arXiv Results | S2 Results | New Confirmed |
|------|---------------|---------------|------------|---------------|
| 2026-02-10 | "operator norm" AND "Banach space" | 8 | 12 | 2 |

## Confirmed References

### REF-001: Neumann series in Banach algebras
- **Authors:** Tosio Kato, Ann Smith
- **Year:** 2019
- **Source:** arXiv
- **arXiv ID:** 1901.01234
- **DOI:** 10.1007/s00020-019-2500-1
- **Abstract:** We prove convergence of perturbed Neumann series.
- **Relevance:** Gives the spectral-radius criterion.
- **Key Results:** Theorem 2.1.
- **Confidence:** [V]
- **Verified:** 2026-02-10T14:30:00Z via http://export.arxiv.org/api/query?id_list=1901.01234

### REF-002: Spectral radius and operator norms
- **Authors:** B. Jones
- **Year:** 2020
- **Source:** Semantic Scholar
- **DOI:** 10.1016/j.jfa.2020.108765
- **Abstract:** Resolvent estimates for bounded operators.
- **Relevance:** Extends the criterion to perturbations.
- **Key Results:** Lemma 3.
- **Confidence:** [S]
- **Verified:** 2026-02-10T14:31:00Z via https://api.crossref.org/works/10.1016/j.jfa.2020.108765

## Synthesis

### Applicable Theorems
- [V] Theorem 2.1 of REF-001 gives convergence when the spectral radius is below 1.

### Technique Connections
- [S] The resolvent estimates of REF-002 extend to
  small perturbations of the operator.

### Gaps in Literature
- [~] Nothing covers unbounded perturbations.

### Suggested Reading Order
1. REF-002
2. REF-001

## Unconfirmed References

### UREF-001: A believed paper on perturbations
- **Authors:** J. Doe
- **Year:** 2018
- **Source:** training data
- **arXiv ID:** 1805.04321
- **Reason:** arXiv returned no entry for 1805.04321
- **Relevance:** Might treat unbounded perturbations.
- **Status:** Unconfirmed -- do not cite as established reference
"""

JOURNAL = """\
---
problem: "neumann-series"
total_entries: 3
last_entry: "2026-02-12T09:00:00Z"
strategies_tried:
  - id: PROOF-001
    strategy: contradiction
    status: abandoned
    tags: [operator-norm, spectral-radius]
---
# Research Journal: Convergence of perturbed Neumann series

## Proof Attempts

### PROOF-001: Contradiction via the spectral radius
- **Timestamp:** 2026-02-11T10:00:00Z
- **Agent:** proof
- **Strategy type:** contradiction
- **Tags:** [operator-norm, spectral-radius]
- **What was tried:** Assume divergence and bound the spectral radius.
- **Outcome:** FAILED
- **Reasoning:** The bound needs compactness.
- **Artifacts produced:** none
- **Related files:** [PROBLEM.md](PROBLEM.md)
- **Insight/Takeaway:** Compactness is the missing ingredient.

## Literature Searches

### LIT-001: Initial survey of operator norm convergence
- **Timestamp:** 2026-02-10T14:30:00Z
- **Agent:** literature-search
- **Strategy type:** broad-survey
- **Tags:** [operator-norm, banach-space]
- **What was tried:** 5 queries across arXiv and Semantic Scholar
- **Outcome:** SUCCEEDED
- **Reasoning:** Found 2 confirmed papers (REF-001, REF-002).
- **Artifacts produced:** [LITERATURE.md](LITERATURE.md)
- **Related files:** [PROBLEM.md](PROBLEM.md)
- **Insight/Takeaway:** Spectral methods dominate the literature.

## Computations

## Notes

### NOTE-001: Compact perturbations
- **Timestamp:** 2026-02-12T09:00:00Z
- **What was tried:** Sketched a compactness argument.
- **Insight/Takeaway:** Try compact perturbations first.
"""

PROBLEM = """\
---
title: "Convergence of perturbed Neumann series"
status: defined
domain: analysis
subdomain: functional-analysis
type: proof
output_type: theorem
tags: [operator-norm, banach-space, neumann-series]
created: 2026-02-10
---
# Problem
Let $T$ be a bounded operator on a Banach space with $\\|T\\| < 1$.

## Known Results
- Neumann series converges when the spectral radius is below 1 (Kato 1966).

## References
- arXiv:2301.12345
- doi:10.1007/978-3-642-66282-9
"""

VALID = {"LITERATURE.md": LITERATURE, "JOURNAL.md": JOURNAL, "PROBLEM.md": PROBLEM}


def edit(text: str, old: str, new: str, count: int = 1) -> str:
    """Replace `old` (which must occur) by `new` in a fixture."""
    assert old in text, f"fixture does not contain {old!r}"
    return text.replace(old, new, count)


def write(root: Path, files: dict[str, str | bytes]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            # newline="" keeps "\r\n" as written instead of translating it.
            path.write_text(content, encoding="utf-8", newline="")


def codes(findings: Iterable[Finding]) -> list[str]:
    return [f.code for f in findings]


def only(findings: Iterable[Finding], code: str) -> list[Finding]:
    return [f for f in findings if f.code == code]


def span(f: Finding) -> tuple[int, int, int, int]:
    """(start line, start character, end line, end character) of a finding."""
    r = f.range
    return (r.start.line, r.start.character, r.end.line, r.end.character)


Check = Callable[..., list[Finding]]


@pytest.fixture
def problem_dir(tmp_path: Path) -> Path:
    """`.math/problems/neumann-series/` holding a valid PROBLEM.md, LITERATURE.md, JOURNAL.md."""
    root = tmp_path / ".math" / "problems" / SLUG
    write(root, dict(VALID))
    return root


@pytest.fixture
def check(problem_dir: Path) -> Check:
    """check(name, text=None, settings=SETTINGS, **other_files) → findings for `name`.

    Writes `text` (and any other files given by keyword, e.g. `PROOF_md="..."`) into the valid
    problem folder first; a value of None deletes that file.
    """

    def run(name: str, text: str | bytes | None = None, settings=SETTINGS, **files) -> list:
        if text is not None:
            write(problem_dir, {name: text})
        for key, content in files.items():
            fname = key.replace("_md", ".md")
            if content is None:
                (problem_dir / fname).unlink(missing_ok=True)
            else:
                write(problem_dir, {fname: content})
        return check_document(ProblemFolder(problem_dir), problem_dir / name, settings)

    return run


def ref_entry(
    number: int,
    title: str = "Another paper",
    *,
    kind: str = "REF",
    year: int = 2021,
    arxiv: str | None = None,
    doi: str | None = None,
    level: int = 3,
    verified: str | None = "2026-02-10T14:30:00Z via https://api.semanticscholar.org/graph/v1/x",
) -> str:
    """A complete REF (or UREF) entry, followed by a blank line."""
    lines = [
        f"{'#' * level} {kind}-{number:03d}: {title}",
        "- **Authors:** C. Author",
        f"- **Year:** {year}",
        "- **Source:** both",
    ]
    if arxiv is not None:
        lines.append(f"- **arXiv ID:** {arxiv}")
    if doi is not None:
        lines.append(f"- **DOI:** {doi}")
    if kind == "REF":
        lines += [
            "- **Abstract:** An abstract.",
            "- **Relevance:** Relevant.",
            "- **Key Results:** Theorem 1.",
            "- **Confidence:** [S]",
        ]
        if verified is not None:
            lines.append(f"- **Verified:** {verified}")
    else:
        lines += [
            "- **Reason:** arXiv returned no entry",
            "- **Relevance:** Maybe.",
            "- **Status:** Unconfirmed -- do not cite as established reference",
        ]
    return "\n".join(lines) + "\n\n"


def with_refs(*entries: str, unconfirmed: tuple[str, ...] = ()) -> str:
    """The valid LITERATURE.md with extra entries appended to Confirmed/Unconfirmed References."""
    text = edit(LITERATURE, "## Synthesis\n", "".join(entries) + "## Synthesis\n")
    return text + ("\n" + "".join(unconfirmed) if unconfirmed else "")
