"""mathlsp's gate and a peer reference checker on the same labelled bibliography, same fake server.

The bibliography is written by tests/verify/forms.py from `--records` real corpus records: for
each record one genuine citation (a random form: name styles, LaTeX, DOI/arXiv dress, …) and
one lie (a random class: another paper's DOI, an invented title, a namesake co-author, a year
five or more off, …). The fake scholarly server serves those records among the tests' papers.
mathlsp runs `verify refs.bib --format json` against it (scaled-down pacing: this compares
verdicts, not time). The peer is academic-refchecker (PyPI), run with `--peer-python`, a Python
that has it installed (it is not a dependency of mathlsp): its Semantic Scholar, OpenAlex and
Crossref checkers get the fake server's URLs (it has no setting for that: the script sets the
checkers' `base_url`), its arXiv-citation, ACL, DBLP, OpenReview and other web checkers are off
(no network here). A peer verdict is a refusal when it found no record or reported an error
(not a warning).

    python benchmarks/bench_peer.py --peer-python /path/to/venv/bin/python [--records 100]

`--batch E` (or C, C2, all, D) runs both checkers instead on a held-out bibliography of
bench_gate_heldout.py, its hand-written entries as they are, against the fake server holding the
whole shared corpus and the tests' papers.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_gate_heldout import BATCHES, Batch, HaystackServer
from bench_gate_timing import CORPUS, Server, as_paper

from mathlsp.bib.claim import bib_arxiv, bib_authors, bib_doi, bib_title, bib_venue, bib_year
from mathlsp.bib.parse import parse_bib
from tests.fakescholar.corpus import Paper, load_papers
from tests.fakescholar.server import backend_urls, env_for
from tests.verify import forms

PEER = """
import json, logging, sys
logging.disable(logging.CRITICAL)
from refchecker.checkers.enhanced_hybrid_checker import EnhancedHybridReferenceChecker
urls, refs = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
chk = EnhancedHybridReferenceChecker(
    enable_arxiv_citation=False, enable_acl_anthology=False, enable_paperclip=False)
for name in ("semantic_scholar", "openalex", "crossref"):
    if getattr(chk, name, None) is not None:
        getattr(chk, name).base_url = urls[name]
for name in ("openreview", "dblp", "official_proceedings", "institutional_reports", "datacite"):
    setattr(chk, name, None)
out = []
for ref in refs:
    try:
        data, errors, _ = chk.verify_reference(dict(ref))
        flagged = [str(e.get("error_type")) for e in errors or [] if "error_type" in e]
        out.append({"found": data is not None, "errors": flagged})
    except Exception as exc:
        out.append({"found": False, "errors": ["exception: " + repr(exc)[:100]]})
json.dump(out, sys.stdout)
"""


def cases(n: int, seed: int) -> tuple[list[dict[str, Any]], list[forms.Generated]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as fh:
        rows = [r for r in map(json.loads, fh) if r["authors"] and r["year"]]
    chosen = random.Random(seed).sample(rows, n)
    records = [forms.record_of(r) for r in chosen]
    rng = random.Random(seed)
    titles = [r.title for r in records]
    picked: list[forms.Generated] = []
    for record in records:
        # .bib entries only: the peer reads no LITERATURE.md.
        picked.append(rng.choice([c for c in forms.genuine(record, rng) if c.text[:1] == "@"]))
        picked.append(rng.choice(forms.lies(record, rng, records, titles)))
    return chosen, picked


def peer_reference(text: str) -> dict[str, Any]:
    entry = parse_bib(text).entries[0]
    authors, _ = bib_authors(entry)
    arxiv = bib_arxiv(entry)
    return {
        "title": bib_title(entry),
        "authors": authors,
        "year": bib_year(entry),
        "doi": bib_doi(entry) or "",
        "url": f"https://arxiv.org/abs/{arxiv[0]}" if arxiv else "",
        "venue": bib_venue(entry) or "",
        "journal": bib_venue(entry) or "",
    }


@dataclass(frozen=True)
class Labelled:
    """One `.bib` entry of the comparison: its key, text, label and class."""

    key: str
    text: str
    confirm: bool
    kind: str


def generated(n: int, seed: int) -> tuple[list[Paper], list[Labelled]]:
    """`n` corpus records, one genuine citation and one lie each, and the papers to serve."""
    chosen, picked = cases(n, seed)
    rows = [
        Labelled(f"k{i}", c.text.replace("@article{key,", f"@article{{k{i},", 1), c.confirm, c.kind)
        for i, c in enumerate(picked)
    ]
    return load_papers() + [as_paper(r) for r in chosen], rows


def compare(server_url: str, peer_python: str, rows: list[Labelled]) -> None:
    """Both checkers on the same entries against the fake server at `server_url`; prints recall,
    false alarms, mathlsp's failures and the per-class table."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / ".math").mkdir()
        (root / ".math" / "config.json").write_text('{"rate_limit_scale": 0.01}', "utf-8")
        bib = root / "refs.bib"
        bib.write_text("\n\n".join(r.text for r in rows) + "\n", "utf-8")
        env = {**os.environ, **env_for(server_url), "MATHLSP_CACHE_DIR": str(root / "cache")}
        run = subprocess.run(
            [sys.executable, "-m", "mathlsp", "verify", str(bib), "--format", "json"],
            cwd=root, env=env, capture_output=True, text=True, timeout=1800,
        )  # fmt: skip
        verdicts = json.loads(run.stdout)["references"]
        ours = {r["id"]: r["status"] == "confirmed" for r in verdicts}
        reasons = {r["id"]: r["reasons"] for r in verdicts}
        (root / "urls.json").write_text(json.dumps(backend_urls(server_url)), "utf-8")
        refs = [peer_reference(r.text) for r in rows]
        (root / "refs.json").write_text(json.dumps(refs), "utf-8")
        (root / "peer.py").write_text(PEER, "utf-8")
        peer_run = subprocess.run(
            [peer_python, str(root / "peer.py"), str(root / "urls.json"),
             str(root / "refs.json")],
            capture_output=True, text=True, timeout=3600,
        )  # fmt: skip
        peer = json.loads(peer_run.stdout)
    table: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for i, row in enumerate(rows):
        confirmed_ours = ours.get(row.key, False)
        confirmed_peer = peer[i]["found"] and not peer[i]["errors"]
        key = ("genuine: " if row.confirm else "wrong: ") + row.kind
        table[key][0] += confirmed_ours is row.confirm
        table[key][1] += confirmed_peer is row.confirm
        table[key][2] += 1
    for who, col in (("mathlsp", 0), ("academic-refchecker", 1)):
        good = [v for k, v in table.items() if k.startswith("genuine")]
        bad = [v for k, v in table.items() if k.startswith("wrong")]
        n_good, n_bad = sum(v[2] for v in good), sum(v[2] for v in bad)
        right_bad, right_good = sum(v[col] for v in bad), sum(v[col] for v in good)
        print(f"  {who:<20} recall {right_bad / max(n_bad, 1):.3f} ({right_bad}/{n_bad} wrong)   "
              f"false alarms {1 - right_good / max(n_good, 1):.3f} "
              f"({n_good - right_good}/{n_good} genuine)")  # fmt: skip
    for row in rows:
        if ours.get(row.key, False) is not row.confirm:
            print(f"  mathlsp wrong on {row.kind}: {reasons.get(row.key)}")
    print(f"  {'class':<48} {'mathlsp':>8} {'peer':>8}")
    for kind, (ok_ours, ok_peer, n) in sorted(table.items()):
        print(f"  {kind:<48} {ok_ours:>4}/{n:<3} {ok_peer:>4}/{n:<3}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peer-python", required=True)
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument(
        "--batch",
        choices=list(BATCHES),
        help="a held-out bibliography of bench_gate_heldout.py instead of generated citations",
    )
    args = parser.parse_args()
    if args.batch:
        batch = Batch(args.batch)
        rows = [Labelled(r.key, r.bib, r.confirm, r.kind) for r in batch.refs]
        with HaystackServer(0.0) as haystack_server:
            print(f"held-out bibliography {args.batch}: {len(rows)} references, "
                  f"{haystack_server.records} records served")  # fmt: skip
            compare(haystack_server.url, args.peer_python, rows)
        return 0
    papers, rows = generated(args.records, args.seed)
    with Server(papers, 0.0) as server:
        print(f"{len(rows)} references from {args.records} corpus records (seed {args.seed})")
        compare(server.url, args.peer_python, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
