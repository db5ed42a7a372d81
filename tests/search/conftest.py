"""Search tests: problems written to tmp folders, the fake scholarly server, fast settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathlsp.notes.problem import ProblemDoc

# The verification fixtures: one fake server per module, `sources` (fast settings, own cache),
# `fake_env` (environment for CLI runs).
from tests.verify.conftest import fake, fake_env, fake_server, sources

__all__ = ["fake", "fake_env", "fake_server", "sources"]

# A problem the fake corpus knows papers about (MSS, Friedman, Lubotzky–Phillips–Sarnak).
GRAPHS = r"""---
title: "Second eigenvalue of random regular graphs"
status: defined
domain: combinatorics
subdomain: spectral-graph-theory
type: proof
output_type: theorem
tags: [ramanujan-graphs, expander-graphs, spectral-gap, random-regular-graphs]
created: 2026-02-10
---
# Problem

Let $G$ be a random $d$-regular graph on $n$ vertices and let $\lambda_2(G)$ be the second
largest eigenvalue in absolute value of its adjacency matrix. Show that
$\lambda_2(G) \le 2\sqrt{d-1} + \epsilon$ with high probability, and compare with the bipartite
Ramanujan graphs obtained from interlacing families.

## Known Results

- Alon's conjecture holds: random regular graphs are nearly Ramanujan (Friedman 2008).
- Bipartite Ramanujan graphs exist in every degree (Marcus, Spielman and Srivastava 2015).

## References

- arXiv:1304.4132
- doi:10.1007/BF02126799
- arXiv:2301.99999
"""

# Number theory: Zhang, Maynard, Green–Tao, Helfgott in the fake corpus.
PRIMES = r"""---
title: "Bounded gaps between primes in arithmetic progressions"
status: defined
domain: number-theory
tags: [prime-gaps, arithmetic-progressions, primes]
---
# Problem

Let $p_n$ denote the $n$-th prime. Bound $\liminf_n (p_{n+m} - p_n)$ for primes restricted to
an arithmetic progression, using the Maynard sieve.

## Known Results

- Bounded gaps between primes (Zhang 2014).
- Small gaps between primes via a multidimensional sieve (Maynard 2015).
"""

DRAFT = """---
title: "Something about groups"
status: draft
domain: algebra
tags: [groups]
---
# Problem

To be written.
"""

EPIDEMIC = r"""---
title: "Threshold of an SIR epidemic on a network"
status: defined
domain: other
subdomain: mathematical-biology
tags: [epidemic-models, infectious-disease, threshold]
---
# Problem

For the Kermack–McKendrick SIR model of an infectious disease, find the epidemic threshold.
"""


def write_problem(root: Path, text: str, slug: str = "demo", **files: str) -> Path:
    folder = root / slug
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "PROBLEM.md").write_text(text, encoding="utf-8")
    for name, content in files.items():
        (folder / f"{name}.md").write_text(content, encoding="utf-8")
    return folder


def problem(text: str) -> ProblemDoc:
    return ProblemDoc(text)


@pytest.fixture
def graphs_dir(tmp_path: Path) -> Path:
    return write_problem(tmp_path, GRAPHS, "graphs")
