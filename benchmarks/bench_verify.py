"""Verification benchmark: a LITERATURE.md of 300 references against the fake scholarly server.

100 ms latency per answer and the real default rate limits (arXiv one call per 3 s, Semantic
Scholar 1/s with a key, OpenAlex/Crossref polite pool). Prints requests per backend, wall time,
the verdicts, and hover latency from the cache afterwards (offline verdict + card rendering).

    python benchmarks/bench_verify.py [--refs 300] [--latency 0.1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx

from mathlsp.cache import Cache
from mathlsp.ide.hover_card import Status, record_card
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.sources import Sources, SourceSettings
from mathlsp.verify.memo import OfflineVerifier
from mathlsp.verify.pipeline import verify_entries
from tests.fakescholar import FakeScholar


def literature(fake: FakeScholar, n: int) -> str:
    """n entries: real and synthetic papers by arXiv id or DOI, ~5% fabricated ids, ~5% with a
    wrong title, a few with no identifier at all (title match)."""
    papers = [p for p in fake.corpus.papers if p.arxiv_id or p.doi]
    out = ["## Confirmed References", ""]
    for i in range(n):
        p = papers[i % len(papers)]
        title, ident, year = p.title, "", p.year
        if p.arxiv_id:
            ident = f"- **arXiv ID:** {p.arxiv_id}"
            if p.arxiv_published and p.key.startswith("bench-"):
                year = int(p.arxiv_published[:4])  # synthetic papers: the preprint's year
        elif p.doi:
            ident = f"- **DOI:** {p.doi}"
        if i % 20 == 7:
            ident = f"- **arXiv ID:** 2312.{80000 + i}"  # fabricated
        if i % 20 == 13:
            title = title.replace("paper", "survey").replace("the", "a") + " revisited"
        if i % 50 == 25:
            ident = ""  # title match
        authors = ", ".join(f"{g} {f}" for g, f in p.authors[:3])
        out += [
            f"### REF-{i + 1:03d}: {title}",
            f"- **Authors:** {authors}",
            f"- **Year:** {year}",
            *([ident] if ident else []),
            "",
        ]
    return "\n".join(out) + "\n## Unconfirmed References\n"


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--refs", type=int, default=300)
    parser.add_argument("--latency", type=float, default=0.1)
    args = parser.parse_args()
    with FakeScholar.running(synthetic=args.refs) as fake, tempfile.TemporaryDirectory() as tmp:
        fake.controls.set_latency(args.latency)
        doc = LiteratureDoc(literature(fake, args.refs))
        settings = SourceSettings.from_env(
            overrides={
                "base_urls": fake.urls(),
                "semantic_scholar_api_key": "bench-key",
                "mailto": "bench@example.org",
                "timeout_s": 30.0,
            },
            environ={},
        )
        cache = Cache(Path(tmp))
        async with httpx.AsyncClient() as client:
            sources = Sources(settings, client, cache=cache)
            t0 = time.perf_counter()
            checks = await verify_entries(doc.entries, sources)
            wall = time.perf_counter() - t0
        log = fake.controls.requests()
        per_backend = Counter(r.backend for r in log)
        confirmed = sum(c.confirmed for c in checks)
        print(
            f"verify {len(checks)} references, {args.latency * 1000:.0f} ms latency, "
            "real rate limits"
        )
        print(
            f"  wall time {wall:.1f} s; {len(log)} requests "
            f"({len(log) / len(checks):.3f} per reference)"
        )
        for backend, count in sorted(per_backend.items()):
            print(f"    {backend:<17} {count:>4} requests")
        print(f"  {confirmed} confirmed, {len(checks) - confirmed} unconfirmed")
        for c in [c for c in checks if not c.confirmed][:8]:
            print(f"    {c.entry_id}: {'; '.join(c.reasons)[:150]}")
        # Hover from the cache: the offline verdict (memoised after the first) and the card.
        verifier = OfflineVerifier(cache)
        for label, entries in (("cold", doc.entries[:100]), ("warm", doc.entries[:100])):
            times = []
            for entry in entries:
                t = time.perf_counter()
                check = verifier.check(entry)
                if check is not None and check.record is not None:
                    record_card(check.record, Status("confirmed", url=check.url), heading=entry.id)
                times.append(time.perf_counter() - t)
            print(
                f"  hover from cache ({label}): median {1000 * statistics.median(times):.2f} ms, "
                f"max {1000 * max(times):.2f} ms"
            )


if __name__ == "__main__":
    from targets import none_set

    asyncio.run(main())
    none_set("the wall time is bounded by the real rate limits, printed above")
