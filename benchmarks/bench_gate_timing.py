"""How long the gate takes on a real bibliography, with the real keyless rate limits.

115 references (by default) taken from real paper records (`/work/shared/corpus`: arXiv digests
and a MathSciNet-style .bib), half with an arXiv id or DOI and half title-only, as a .bib
export or an LLM-written list gives them; some title-only entries (`--fabricated`, 6 by default;
an LLM-written list has far more, try 30) carry a fabricated title that no source holds, made as
an LLM makes one: mostly a real title with a word swapped, a symbol changed or a subtitle added,
sometimes wholly invented. The fake
scholarly server serves those records among a haystack of other real records from the same
corpus, with 100 ms latency per answer; mathlsp runs with the documented intervals of
docs/sources.md for a user without a key or `mailto` (arXiv 3 s, Semantic Scholar 3 s,
OpenAlex 0.2 s, Crossref 0.2 s and one at a time, zbMATH 1 s) — not the scaled-down pacing of
the tests.
Prints the wall time, the requests per source, the verdicts and the pending count, and whether
the targets hold: 0 pending with every source healthy, and the whole bibliography in at most
60 s.

    python benchmarks/bench_gate_timing.py [--refs 115] [--fabricated 6] [--latency 0.1]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx

from mathlsp.cache import Cache
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.sources import Sources, SourceSettings
from mathlsp.sources.settings import BACKENDS
from mathlsp.verify.pipeline import verify_entries
from tests.fakescholar.corpus import Paper, load_papers, load_theorems
from tests.fakescholar.server import Controls, Corpus, FakeHTTPServer, backend_urls

CORPUS = Path("/work/shared/corpus/math-papers.jsonl.gz")
TARGET_WALL_S = 60.0


def read_corpus(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def _split_name(name: str) -> tuple[str, str]:
    """(given, family) from "Last, First" or "First Last"."""
    if "," in name:
        family, given = (part.strip() for part in name.split(",", 1))
        return given, family
    parts = name.split()
    return " ".join(parts[:-1]), parts[-1] if parts else name


def as_paper(record: dict[str, Any]) -> Paper:
    arxiv = record.get("arxiv_id")
    return Paper(
        key=record["key"],
        title=record["title"],
        authors=[_split_name(a) for a in record["authors"]],
        year=int(record["year"]),
        venue=record.get("venue"),
        abstract=record.get("abstract"),
        citations=0,
        arxiv_id=arxiv,
        arxiv_published=f"{record['year']}-06-01" if arxiv else None,
        categories=[record["primary_category"]] if record.get("primary_category") else [],
        doi=record.get("doi"),
    )


def pick(records: list[dict[str, Any]], n: int, seed: int) -> list[dict[str, Any]]:
    """n records, half from the arXiv digests and half from the .bib (so half carry an arXiv id
    and half a DOI), each with a title of at least three words and at least one author."""
    rng = random.Random(seed)
    usable = [r for r in records if r["authors"] and len(r["title"].split()) >= 3 and r["year"]]
    arxiv = [r for r in usable if r.get("arxiv_id") and not r.get("doi")]
    bib = [r for r in usable if r.get("doi") and not r.get("arxiv_id")]
    return rng.sample(arxiv, n - n // 2) + rng.sample(bib, n // 2)


def fabricated_title(rng: random.Random, real: str, kind: str) -> str:
    """A title that names no paper, made as an LLM makes one: mostly a corruption of the real
    paper's title (a word swapped, a symbol changed, a subtitle added), sometimes wholly
    invented in the field's vocabulary."""
    words = real.split()
    if kind == "word":
        # One content word replaced by another of the field (never the same one).
        spots = [i for i, w in enumerate(words) if len(w) > 4 and w.isalpha()] or [len(words) - 1]
        i = rng.choice(spots)
        swap = rng.choice([w for w in _VOCABULARY if w.lower() != words[i].lower()])
        return " ".join([*words[:i], swap, *words[i + 1 :]])
    if kind == "symbol":
        # A number or a one-letter symbol changed (a dimension, an index, a group).
        for i, w in enumerate(words):
            if any(c.isdigit() for c in w):
                digit = next(c for c in w if c.isdigit())
                words[i] = w.replace(digit, str((int(digit) + 1) % 10), 1)
                return " ".join(words)
        return " ".join([*words, rng.choice(("in Dimension 3", "for p > 2", "over F_q"))])
    if kind == "subtitle":
        return real.rstrip(".") + ": " + rng.choice(_SUBTITLES)
    picked = rng.sample(_VOCABULARY, 6)
    return f"On the {picked[0]} {picked[1]} of {picked[2]} {picked[3]} and {picked[4]} {picked[5]}"


#: How an LLM's fabricated title-only entries are made (the first `fabricated` title-only entries
#: take these kinds in turn): three corruptions of a real title to each invented one.
FABRICATIONS = ("word", "subtitle", "symbol", "invented")

_VOCABULARY = (
    "spectral asymptotic quasi-periodic modular arithmetic stochastic entropy boundedness "
    "eigenvalue Kloosterman Hecke Sobolev martingale ergodic sieve nonlinear hyperbolic"
).split()
_SUBTITLES = (
    "A Unified Approach",
    "Applications to Number Theory",
    "The Higher-Dimensional Case",
    "Sharp Constants and Extremizers",
    "A Survey",
)


def bibliography(chosen: list[dict[str, Any]], seed: int, fabricated: int) -> str:
    """LITERATURE.md: every other entry title-only (no arXiv id, no DOI), the rest by id; the
    first `fabricated` title-only entries carry a title no source holds (`FABRICATIONS`), with
    the real paper's authors and year, as an LLM writes them."""
    rng = random.Random(seed)
    order = chosen[:]
    rng.shuffle(order)
    out = ["## Confirmed References", ""]
    for i, r in enumerate(order, 1):
        ident = []
        title = r["title"]
        if i % 2 == 0:  # the title-only half
            if i // 2 <= fabricated:
                kind = FABRICATIONS[(i // 2 - 1) % len(FABRICATIONS)]
                title = fabricated_title(rng, title, kind)
        elif r.get("arxiv_id"):
            ident = [f"- **arXiv ID:** {r['arxiv_id']}"]
        else:
            ident = [f"- **DOI:** {r['doi']}"]
        out += [
            f"### REF-{i:03d}: {title}",
            f"- **Authors:** {'; '.join(r['authors'])}",
            f"- **Year:** {r['year']}",
            *ident,
            "",
        ]
    return "\n".join(out) + "\n## Unconfirmed References\n"


class Server:
    """The fake scholarly server over a corpus of our choosing (the tests' own 36 papers, the
    chosen records and the haystack)."""

    def __init__(self, papers: list[Paper], latency: float) -> None:
        self.controls = Controls()
        self.controls.set_latency(latency)
        self.http = FakeHTTPServer(("127.0.0.1", 0), self.controls, Corpus(papers, load_theorems()))
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}"
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.shutdown()
        self.http.server_close()


async def run(args: argparse.Namespace) -> bool:
    records = read_corpus(args.corpus)
    chosen = pick(records, args.refs, args.seed)
    keys = {r["key"] for r in chosen}
    rng = random.Random(args.seed + 1)
    rest = [r for r in records if r["key"] not in keys and r["authors"] and r["year"]]
    haystack = rng.sample(rest, max(0, args.haystack - len(chosen)))
    papers = load_papers() + [as_paper(r) for r in chosen + haystack]
    doc = LiteratureDoc(bibliography(chosen, args.seed, args.fabricated))
    entries = doc.entries
    title_only = sum(1 for e in entries if e.arxiv_id is None and e.doi is None)
    with Server(papers, args.latency) as server, tempfile.TemporaryDirectory() as tmp:
        settings = SourceSettings.from_env(
            overrides={"base_urls": backend_urls(server.url), "timeout_s": 30.0}, environ={}
        )
        steps: list[tuple[float, int, int]] = []
        t0 = time.perf_counter()

        def progress(done: int, total: int, message: str) -> None:
            steps.append((time.perf_counter() - t0, done, total))

        async with httpx.AsyncClient() as client:
            sources = Sources(settings, client, cache=Cache(Path(tmp)))
            t0 = time.perf_counter()
            checks = await verify_entries(entries, sources, on_progress=progress)
            wall = time.perf_counter() - t0
            sent = sources.requests_sent()
    pending = [c for c in checks if c.pending and not c.confirmed]
    confirmed = [c for c in checks if c.confirmed]
    refuted = [c for c in checks if not c.confirmed and not c.pending]
    invented = {f"REF-{2 * k:03d}" for k in range(1, args.fabricated + 1)}
    print(
        f"gate timing: {len(entries)} references ({title_only} title-only, of which "
        f"{args.fabricated} fabricated; {len(entries) - title_only} by arXiv id or DOI), "
        f"haystack of {len(papers)} real records, "
        f"{args.latency * 1000:.0f} ms latency"
    )
    intervals = ", ".join(
        f"{b} {settings.interval(b):g} s"
        for b in BACKENDS
        if b in ("arxiv", "semantic_scholar", "openalex", "crossref", "zbmath")
    )
    print(
        f"  intervals (documented keyless defaults, no mailto): {intervals}; "
        f"Crossref {settings.crossref_parallel()} at a time"
    )
    print(f"  wall time {wall:.1f} s")
    print(f"  requests: {sum(sent.values())} in all")
    for backend, count in sorted(sent.items()):
        if count:
            print(f"    {backend:<17} {count:>4}")
    print(
        f"  verdicts: {len(confirmed)} confirmed, {len(refuted)} unconfirmed, "
        f"{len(pending)} pending; of the {len(invented)} invented titles "
        f"{sum(c.entry_id in invented for c in refuted)} unconfirmed, "
        f"{sum(c.entry_id in invented for c in confirmed)} confirmed"
    )
    for c in refuted[: args.show]:
        print(f"    {c.entry_id}: {'; '.join(c.reasons)[:160]}")
    for c in pending[: args.show]:
        print(f"    {c.entry_id} (pending): {'; '.join(c.reasons)[:160]}")
    half = next((t for t, done, total in steps if total and done * 2 >= total), None)
    if half is not None:
        print(f"  progress: {len(steps)} reports, half the entries answered after {half:.1f} s")
    by_source = Counter(c.source for c in confirmed)
    print("  confirmed by: " + ", ".join(f"{k} {v}" for k, v in by_source.most_common()))
    ok_pending = not pending
    ok_wall = wall <= TARGET_WALL_S
    print(f"  target 0 pending with every source healthy: {'HOLDS' if ok_pending else 'MISSED'}")
    print(
        f"  target {len(entries)} references in <= {TARGET_WALL_S:.0f} s: "
        f"{'HOLDS' if ok_wall else 'MISSED'} ({wall:.1f} s)"
    )
    return ok_pending and ok_wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--refs", type=int, default=115)
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--haystack", type=int, default=2000, help="records the server holds")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument(
        "--fabricated", type=int, default=6, help="title-only entries whose title names no paper"
    )
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--show", type=int, default=8, help="reasons shown per verdict kind")
    args = parser.parse_args()
    if not args.corpus.exists():
        sys.exit(f"no corpus at {args.corpus} (see /work/shared/corpus/README.md)")
    held = asyncio.run(run(args))
    sys.exit(0 if held else 1)


if __name__ == "__main__":
    main()
