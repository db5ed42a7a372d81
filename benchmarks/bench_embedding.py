"""What the ranking's static embedding (`mathlsp/search/embedding.py`) costs a search.

    python benchmarks/bench_embedding.py [POOL_SIZE]

Prints, in a fresh process: the time to import WordLlama and load its shipped weights (paid
once per process, on the first search that ranks; never at server start-up), and the time to
compute the embedding features of one pool of POOL_SIZE candidates (default 250, the size of
the largest judged pools) against a PROBLEM.md, median of 5; the resident memory the loaded
model adds to the process (a server keeps it after its first search); plus the installed size
of the package and of what it brings. Real papers from the haystack (title and abstract). No target
of the issue is about this alone: it counts toward "a search finishes in ≤ 30 s".
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mathlsp.search.embedding import _model, embedding_features  # noqa: E402
from tests.fakescholar.haystack import load as load_haystack  # noqa: E402

PROBLEM = ROOT / "benchmarks" / "judged" / "problems" / "affine-deligne-lusztig" / "PROBLEM.md"


def size(package: str) -> float:
    """Installed megabytes of an importable package's folder."""
    import importlib

    folder = Path(importlib.import_module(package).__file__ or "").parent
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6


def rss_mib() -> float:
    """The process's resident memory (Linux: /proc; elsewhere the peak, from `resource`)."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 250
    before = rss_mib()
    start = time.perf_counter()
    _model()
    load = time.perf_counter() - start
    model_mib = rss_mib() - before
    papers = load_haystack()[:n]
    texts = [f"{p.title}. {p.abstract or ''}" for p in papers]
    problem = PROBLEM.read_text(encoding="utf-8")
    groups = [[j for j in range(6) if j != i][:5] for i in range(n)]
    runs = []
    for _ in range(5):
        t = time.perf_counter()
        embedding_features(problem, texts, groups)
        runs.append(time.perf_counter() - t)
    print(f"import + load (once per process): {load:.2f} s")
    print(f"features of a {n}-candidate pool: median {statistics.median(runs):.3f} s")
    print(f"resident memory the loaded model adds: {model_mib:.0f} MiB")
    for package in ("wordllama", "numpy", "tokenizers", "safetensors"):
        try:
            print(f"installed {package}: {size(package):.0f} MB")
        except ImportError:
            print(f"installed {package}: not a separate package")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
