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
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_gate_timing import CORPUS, Server, as_paper

from mathlsp.bib.claim import bib_arxiv, bib_authors, bib_doi, bib_title, bib_venue, bib_year
from mathlsp.bib.parse import parse_bib
from tests.fakescholar.corpus import load_papers
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peer-python", required=True)
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    chosen, picked = cases(args.records, args.seed)
    texts = [c.text.replace("@article{key,", f"@article{{k{i},", 1) for i, c in enumerate(picked)]
    papers = load_papers() + [as_paper(r) for r in chosen]
    with Server(papers, 0.0) as server, tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / ".math").mkdir()
        (root / ".math" / "config.json").write_text('{"rate_limit_scale": 0.01}', "utf-8")
        bib = root / "refs.bib"
        bib.write_text("\n".join(texts), "utf-8")
        env = {**os.environ, **env_for(server.url), "MATHLSP_CACHE_DIR": str(root / "cache")}
        run = subprocess.run(
            [sys.executable, "-m", "mathlsp", "verify", str(bib), "--format", "json"],
            cwd=root, env=env, capture_output=True, text=True, timeout=1800,
        )  # fmt: skip
        verdicts = json.loads(run.stdout)["references"]
        ours = {r["id"]: r["status"] == "confirmed" for r in verdicts}
        reasons = {r["id"]: r["reasons"] for r in verdicts}
        (root / "urls.json").write_text(json.dumps(backend_urls(server.url)), "utf-8")
        (root / "refs.json").write_text(json.dumps([peer_reference(t) for t in texts]), "utf-8")
        (root / "peer.py").write_text(PEER, "utf-8")
        peer_run = subprocess.run(
            [args.peer_python, str(root / "peer.py"), str(root / "urls.json"),
             str(root / "refs.json")],
            capture_output=True, text=True, timeout=3600,
        )  # fmt: skip
        peer = json.loads(peer_run.stdout)
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for i, case in enumerate(picked):
        confirmed_ours = ours.get(f"k{i}", False)
        confirmed_peer = peer[i]["found"] and not peer[i]["errors"]
        key = ("genuine: " if case.confirm else "wrong: ") + case.kind
        rows[key][0] += confirmed_ours is case.confirm
        rows[key][1] += confirmed_peer is case.confirm
        rows[key][2] += 1
    print(f"{len(picked)} references from {args.records} corpus records (seed {args.seed})")
    for who, col in (("mathlsp", 0), ("academic-refchecker", 1)):
        good = [v for k, v in rows.items() if k.startswith("genuine")]
        bad = [v for k, v in rows.items() if k.startswith("wrong")]
        n_good, n_bad = sum(v[2] for v in good), sum(v[2] for v in bad)
        recall = sum(v[col] for v in bad) / max(n_bad, 1)
        alarms = 1 - sum(v[col] for v in good) / max(n_good, 1)
        print(f"  {who:<20} recall {recall:.3f} ({n_bad} wrong)   false alarms {alarms:.3f} "
              f"({n_good} genuine)")  # fmt: skip
    for i, case in enumerate(picked):
        if ours.get(f"k{i}", False) is not case.confirm:
            print(f"  mathlsp wrong on {case.kind}: {reasons.get(f'k{i}')}")
    print(f"  {'class':<48} {'mathlsp':>8} {'peer':>8}")
    for kind, (ok_ours, ok_peer, n) in sorted(rows.items()):
        print(f"  {kind:<48} {ok_ours:>4}/{n:<3} {ok_peer:>4}/{n:<3}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
