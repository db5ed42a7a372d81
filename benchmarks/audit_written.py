"""Audit what a search writes, as a specialist reads it: Relevance lines and Synthesis gaps.

Runs the real search on the judged large-corpus problems (as `bench_search_quality.py --fast`),
writes each problem's LITERATURE.md as `mathlsp search --write` would, drafts its Synthesis
offline as `mathlsp synthesize` would, and counts, per split:

- **vague Relevance lines**: a confirmed entry whose line names no specific match of the problem
  (no phrase of two words or more, no named result, no work PROBLEM.md names: a tag only, a
  one-word term only, an author only, or nothing at all);
  "+note" counts the tags-only lines that also name the note's rarer words the paper shares
  (a paper let in for its nearness to the note, `rank.near_note`);
- **lines without rarity**: a line that does not say how rare its match is among the retrieved
  papers;
- **prose** named as a reason or a gap (`prose_reason` below: a general rule, not a word list);
- **false gaps**: a gap whose object a confirmed reference's title or abstract says under a *more
  forgiving* normalisation than the gap check uses (`forgiving_says` below);
- gaps per problem.

`--dump FILE` keeps what the search wrote (pickled candidates and texts), so that `--load FILE`
re-audits the same searches with the current rendering code: the before → after of a change to
the wording or the gaps, on identical searches. `--sample N` prints N gaps and N Relevance lines
drawn at random (fixed seed) for reading by hand. The blind split is never audited.

    python benchmarks/audit_written.py --dump /tmp/audit.pkl          # search, audit, keep
    python benchmarks/audit_written.py --load /tmp/audit.pkl --sample 40
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import pickle
import random
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_search_quality import (
    STUDIED,
    corpus_key,
    id_map,
    large_problems,
    run_all,
)
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.problem import ProblemDoc
from mathlsp.search.merge import Candidate
from mathlsp.search.text import (
    _MATH_CONCEPTS,
    STOPWORDS,
    plain_text,
    stem,
    words,
    written_as_names,
)
from mathlsp.search.write import plan_writes, relevance_text
from mathlsp.synthesis.draft import Drafted, draft
from mathlsp.synthesis.run import offline_evidence


@dataclass
class Written:
    """One search as written: enough to re-render it with other code."""

    slug: str
    split: str
    problem: str  # PROBLEM.md
    literature: str  # LITERATURE.md as `--write` leaves it
    confirmed: list[Candidate]
    below: list[Candidate]
    report: str = ""  # the text report's lines about following and below the line


@dataclass
class Audit:
    lines: int = 0
    vague: list[tuple[str, str, str]] = field(default_factory=list)  # slug, title, line
    no_rarity: int = 0
    prose_reasons: list[tuple[str, str]] = field(default_factory=list)  # slug, phrase
    gaps: list[tuple[str, str]] = field(default_factory=list)  # slug, gap text
    prose_gaps: list[tuple[str, str]] = field(default_factory=list)
    false_gaps: list[tuple[str, str, str]] = field(default_factory=list)  # slug, gap, title
    problems: int = 0


# -- the rules --------------------------------------------------------------------------------
# Nouns that end like adverbs or participles (a general morphology, so the exceptions are the
# nouns of that shape, not the phrases of one problem).
_LY_NOUNS = frozenset("family anomaly assembly monopoly poly supply italy reply ally".split())
_ING_NOUNS = frozenset(
    "string ring thing king wing spring ceiling coupling tiling rounding coloring colouring "
    "matching packing covering labeling labelling embedding pairing sampling scaling "
    "forcing smoothing filtering learning computing branching bundling gluing".split()
)
_ED_ADJECTIVES = frozenset(
    "weighted bounded ordered oriented directed generalized generalised twisted mixed "
    "connected colored coloured labeled labelled rooted signed graded filtered reduced "
    "restricted unrestricted extended refined simplified nested truncated constrained "
    "centered centred balanced finitely based closed compactified stratified".split()
)
_SYMBOL = re.compile(r"^[a-z]{1,2}\d+$|^\d")


def people_of(problem: ProblemDoc) -> set[str]:
    """Surnames the problem writes as names: capitalised words inside a sentence that are not
    at its start, not an acronym, and followed by a reporting shape ("X gave", "X's", "X and Y",
    "X (2003)", "X–Y") — read off the text, so no list of one problem's people."""
    text = plain_text(problem.text)
    out: set[str] = set()
    for m in re.finditer(
        r"(?<=[a-z,;:(] )([A-Z][a-z]+(?:[-–][A-Z][a-z]+)*)"
        r"(?=(?:'s|’s| and [A-Z]| \(| et al| [a-z]+ed\b|[-–][A-Z]))",
        text,
    ):
        for part in re.split(r"[-–]", m.group(1)):
            out.add(part.lower())
    return out


# Adjectives that need their noun: a phrase ending on one was cut before it ("matching upper").
_CUT = frozenset("upper lower matching better smaller larger stronger weaker".split())
_REPORTED = frozenset(
    "predicts gave give gives showed shows proved proves established establishes introduced "
    "conjectured computed treated developed studied found obtained noticed improved improves "
    "extends extended bounded settled answered observed noted claimed verified used uses "
    "applied combined considered predicted".split()
)
_WORK = frozenset(
    "argument arguments idea method methods technique techniques work works paper papers "
    "proof proofs result results approach trick bound bounds estimate estimates".split()
)


def prose_reason(phrase: str, problem: ProblemDoc, people: set[str]) -> str | None:
    """Why a phrase named as a reason or a gap is prose rather than a mathematical object, or
    None. General rules: a person the problem names followed by what they did ("Schoenfeld
    gave"), or people and their "argument" only; a head that is a verb form (a participle or
    past tense the phrase ends on); a reporting verb opening it ("treated Galerkin"); an adverb;
    LaTeX spelled as English where the problem's prose never says it; a symbol with only generic
    words ("L2 function"). An eponym is an object ("Zakai equation", "Zagier's theorem")."""
    ws = words(phrase)
    if not ws:
        return "empty"
    for a, b in itertools.pairwise(ws):
        if a in people and b in _REPORTED:
            return "a person and what they did"
    # A named result ("Zagier's theorem", "Kemnitz's conjecture") is an object; a bare name or a
    # name with "argument", "method" is not.
    if any(w in people for w in ws) and all(w in people or w in _WORK for w in ws):
        return "people and their work"
    if written_as_names(problem.text, phrase):
        return "a name as the problem writes it"
    last = ws[-1]
    if last.endswith("ed") and last not in _ED_ADJECTIVES:
        return "ends on a verb"
    # "recursions relating": a participle after a plural noun runs on; "power saving", "small
    # cap decoupling" are nouns, so an -ing head is prose only there.
    if (
        last.endswith("ing")
        and last not in _ING_NOUNS
        and len(ws) > 1
        and ws[-2].endswith("s")
        and not ws[-2].endswith("ss")
    ):
        return "ends on a participle"
    # Not "spatially homogeneous noise": there the adverb is part of the object's name.
    if any(w.endswith("ly") and w not in _LY_NOUNS and len(w) > 4 for w in ws[-2:]):
        return "an adverb"
    if len(ws) > 1 and ws[0] in _REPORTED and ws[0] not in _ED_ADJECTIVES:
        return "opens with a verb"
    key = " ".join(ws)
    for pattern, concept in _MATH_CONCEPTS:
        if key == concept and concept not in _NAMED_CONCEPTS:
            prose = plain_text(_TEX.sub(" ", problem.text)).lower()
            if concept not in prose and pattern.search(problem.text):
                return "TeX spelled as English"
    if any(_SYMBOL.match(w) for w in ws) and all(
        _SYMBOL.match(w) or w in STOPWORDS or w in _GENERIC_NOUNS for w in ws
    ):
        return "a symbol with generic words"
    if all(w in STOPWORDS for w in ws):
        return "function words"
    if len(ws) > 1 and ws[-1] in _REPORTED and ws[-1] not in _ED_ADJECTIVES:
        return "ends on a reporting verb"
    if len(ws) > 1 and ws[-1] in _CUT:
        return "cut before its noun"
    return None


# Concepts read off notation that name an object rather than notation ("GL_n" is the general
# linear group a problem is about; `\\partial_t` is how it writes an equation).
_NAMED_CONCEPTS = frozenset(["general linear group", "special linear group", "zeta function"])
_TEX = re.compile(r"\$\$.*?\$\$|\$[^$]*\$", re.DOTALL)
_GENERIC_NOUNS = frozenset(
    "function functions space spaces bound bounds estimate estimates norm norms set sets "
    "case cases result results number numbers term terms".split()
)


def _forgiving(text: str) -> list[str]:
    """Tokens after the most forgiving normalisation the audit allows: Unicode and TeX folded,
    hyphens and dashes as spaces, plurals stemmed, "-ies"/"-es"/"-s" and "-ity"/"-ities"."""
    plain = plain_text(text).lower()
    plain = re.sub(r"[-–—/]", " ", plain)
    return [_root(w) for w in words(plain)]


def _root(word: str) -> str:
    w = stem(word)
    for suffix in ("osity", "ous", "ities", "ity", "ies", "es", "s", "al", "ic"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


def forgiving_says(text: str, phrase: str) -> bool:
    """Whether `text` says `phrase` under the forgiving normalisation: as a run of roots, with
    spaces closed up ("eigen value"), or a two-word phrase in the other order with at most one
    function word between ("density of zeros" for "zero density"), or with trailing head
    nouns ("estimate", "bound", "problem") dropped."""
    have = _forgiving(text)
    if not have:
        return False
    want = [_root(w) for w in words(re.sub(r"[-–—]", " ", phrase.lower()))]
    fillers = {"estimate", "bound", "result", "problem", "question", "theory", "method"}
    while len(want) > 2 and want[-1] in {_root(f) for f in fillers}:
        want.pop()
    if not want:
        return False
    joined = " ".join(have)
    if " ".join(want) in f" {joined} " or f" {' '.join(want)} " in f" {joined} ":
        return True
    if "".join(want) in joined.replace(" ", ""):
        return True
    # An acronym for a run of words ("hjb" for "hamilton jacobi bellman").
    for i, w in enumerate(want):
        k = len(w)
        if 2 <= k <= 5 and w.isalpha():
            for j in range(len(have) - k + 1):
                if "".join(x[0] for x in have[j : j + k]) == w:
                    rest = want[:i] + want[i + 1 :]
                    if all(r in have for r in rest):
                        return True
    if len(want) == 2:
        a, b = want
        for i, w in enumerate(have):
            if w == b:
                after = have[i + 1 : i + 3]
                if after[:1] == [a] or (
                    len(after) == 2 and after[0] in STOPWORDS and after[1] == a
                ):
                    return True
    return False


_GAP = re.compile(r"mentions (?:the (?:tag|named result|term) )[`\"](?P<what>[^`\"]+)[`\"]")
_QUOTED = re.compile(r"\"([^\"]+)\"")
#: What a line adds for a paper let in only for its nearness to the note (`write.py`).
NEAR_CLAUSE = "the note's rarer word"


def vagueness(c: Candidate) -> str | None:
    """Why a confirmed paper's Relevance line names no specific match, or None: it names only
    tags, only one-word terms (a bare field word), only a cited author, or nothing."""
    if c.problem_reference is not None:
        return None
    said = [m for m in c.found if m.term.kind != "author"]
    if not said:
        return "an author only" if c.found else "nothing"
    if all(m.term.kind == "tag" for m in said):
        return "tags only"
    if all(len(m.term.stems) < 2 and m.term.kind == "keyword" for m in said):
        return "a bare field word"
    if not any(m.specific for m in said):
        return "no specific phrase"
    return None


def _author_words(names: Sequence[str]) -> set[str]:
    return {x for n in names for x in words(n) if len(x) > 1}


def audit(items: Sequence[Written]) -> Audit:
    out = Audit()
    for w in items:
        out.problems += 1
        problem = ProblemDoc(w.problem)
        people = people_of(problem)
        for c in w.confirmed:
            line = relevance_text(c, None, w.problem)
            out.lines += 1
            if (why := vagueness(c)) is not None:
                out.vague.append((w.slug, c.title, f"[{why}] {line}"))
            if "papers found" not in line:
                out.no_rarity += 1
            # The line PROBLEM.md's own reference is quoted by is not a reason: skip it.
            named = re.sub(r"names in [^(]*\(\"[^\"]*\"\)", "", line)
            for phrase in _QUOTED.findall(named):
                if len(phrase) > 60:
                    continue
                if prose_reason(phrase, problem, people | _author_words(c.authors)):
                    out.prose_reasons.append((w.slug, phrase))
        lines = gap_lines(w)
        doc = LiteratureDoc(w.literature)
        confirmed = [e for e in doc.confirmed if e.section == "confirmed"]
        authors = _author_words([a for c in w.confirmed for a in c.authors])
        for g in lines:
            m = _GAP.search(g.text)
            what = m.group("what") if m else g.text
            out.gaps.append((w.slug, what))
            why = prose_reason(what, problem, people | authors)
            if why:
                out.prose_gaps.append((w.slug, f"{what} ({why})"))
            for e in confirmed:
                text = f"{e.title} {e.fields.value('abstract')}"
                if forgiving_says(text, what):
                    out.false_gaps.append((w.slug, what, e.title))
                    break
    return out


def gap_lines(w: Written) -> list[Drafted]:
    doc = LiteratureDoc(w.literature)
    evidence = offline_evidence(doc, ProblemDoc(w.problem))
    return [d for d in draft(evidence) if d.subsection == "gaps"]


# -- running ----------------------------------------------------------------------------------
def searched(splits: Sequence[str], jobs: int) -> list[Written]:
    chosen = [(j, "large") for j in large_problems() if j.split in splits]
    outcomes = asyncio.run(run_all(chosen, fast=True, jobs=jobs))
    out = []
    for (judged, _), o in zip(chosen, outcomes, strict=True):
        writes = plan_writes(o.result)
        text = writes.literature.text if writes.literature is not None else ""
        out.append(
            Written(
                judged.slug,
                judged.split,
                judged.problem,
                text,
                list(o.result.confirmed),
                list(o.result.below_line),
            )
        )
    return out


def print_audit(items: Sequence[Written]) -> None:
    splits = [s for s in STUDIED if any(w.split == s for w in items)]
    print(
        f"{'split':<9} {'probs':>5} {'lines':>5} {'tags':>5} {'+note':>5} {'no-spec':>7} "
        f"{'no-rar':>6} "
        f"{'prose-r':>7} {'gaps':>5} {'prose-g':>7} {'false-g':>7} {'gaps/pb':>7}"
    )
    total = Audit()
    for s in [*splits, "all"]:
        a = audit([w for w in items if s == "all" or w.split == s])
        tags = sum(line.startswith("[tags only]") for _, _, line in a.vague)
        # Of those, the lines of papers let in for their nearness that name the note's words.
        noted = sum(
            line.startswith("[tags only]") and NEAR_CLAUSE in line for _, _, line in a.vague
        )
        per = len(a.gaps) / max(a.problems, 1)
        print(
            f"{s:<9} {a.problems:>5} {a.lines:>5} {tags:>5} {noted:>5} {len(a.vague) - tags:>7} "
            f"{a.no_rarity:>6} {len(a.prose_reasons):>7} {len(a.gaps):>5} "
            f"{len(a.prose_gaps):>7} {len(a.false_gaps):>7} {per:>7.1f}"
        )
        total = a
    print("\nBy category (reasons: distinct phrase per problem; gaps: every gap):")
    reasons = Counter(
        prose_reason(p, ProblemDoc(_problem(items, slug)), set()) or "?"
        for slug, p in set(total.prose_reasons)
    )
    gaps = Counter(g.rsplit(" (", 1)[1].rstrip(")") for _, g in total.prose_gaps)
    gaps["said by a confirmed reference (false gap)"] = len(total.false_gaps)
    for name, counts in (("reasons", reasons), ("gaps", gaps)):
        for why, n in counts.most_common():
            print(f"- {name}: {why} ×{n}")
    print("\nVague Relevance lines:")
    for slug, title, line in [v for v in total.vague if not v[2].startswith("[tags only]")]:
        print(f"- {slug}: {title[:60]} — {line}")
    print("\nProse named as a reason (distinct):")
    for (slug, p), n in Counter(total.prose_reasons).most_common(40):
        doc = ProblemDoc(_problem(items, slug))
        print(f"- {slug}: {p!r} ×{n} ({prose_reason(p, doc, people_of(doc))})")
    print("\nProse gaps:")
    for slug, g in total.prose_gaps:
        print(f"- {slug}: {g}")
    print("\nFalse gaps (a confirmed reference says it):")
    for slug, g, title in total.false_gaps:
        print(f"- {slug}: {g!r} — said by {title[:70]!r}")


def _problem(items: Sequence[Written], slug: str) -> str:
    return next(w.problem for w in items if w.slug == slug)


def print_sample(items: Sequence[Written], n: int, seed: int) -> None:
    rng = random.Random(seed)
    gaps = [(w, g) for w in items for g in gap_lines(w)]
    lines = [(w, c) for w in items for c in w.confirmed]
    print(f"\n## Sample of {min(n, len(gaps))} gaps of {len(gaps)}\n")
    for w, g in rng.sample(gaps, min(n, len(gaps))):
        doc = LiteratureDoc(w.literature)
        titles = "; ".join(e.title[:60] for e in doc.confirmed if e.section == "confirmed")
        print(f"- [{w.split}/{w.slug}] {g.text}\n    confirmed: {titles[:400]}")
    print(f"\n## Sample of {min(2 * n, len(lines))} Relevance lines of {len(lines)}\n")
    for w, c in rng.sample(lines, min(2 * n, len(lines))):
        print(f"- [{w.split}/{w.slug}] {c.title[:90]}\n    {relevance_text(c)}")


def print_figures(items: Sequence[Written]) -> None:
    """Pooled precision, recall and P@5 per split of the written lists, as the bench counts them
    (borderline papers left out of precision): a change to what is said must not move them."""
    from tests.fakescholar.haystack import load as load_haystack

    by_id = id_map(load_haystack())
    judged = {j.slug: j for j in large_problems()}
    print(f"\n{'split':<9} {'precision':>16} {'recall':>16} {'P@5':>14}")
    for s in [*STUDIED, "all"]:
        part = [w for w in items if s == "all" or w.split == s]
        if not part:
            continue
        hits = counted = gold = at5 = at5_n = 0
        for w in part:
            j = judged[w.slug]
            keys = [corpus_key(c, by_id) or f"?{c.title}" for c in w.confirmed]
            kept = [k for k in keys if k not in j.borderline]
            hits += sum(k in j.gold for k in kept)
            counted += len(kept)
            gold += len(j.gold)
            at5 += sum(k in j.gold for k in kept[:5])
            at5_n += min(5, len(kept))
        print(
            f"{s:<9} {hits / max(counted, 1):>6.2f} ({hits:>3}/{counted:>3}) "
            f"{hits / max(gold, 1):>6.2f} ({hits:>3}/{gold:>3}) "
            f"{at5 / max(at5_n, 1):>5.2f} ({at5:>3}/{at5_n:>3})"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--split", nargs="*", default=list(STUDIED), choices=STUDIED)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--dump", metavar="FILE", help="keep what the searches wrote")
    parser.add_argument("--load", metavar="FILE", help="re-audit a dump with the current code")
    parser.add_argument("--sample", type=int, default=0, help="N gaps and 2N lines to read")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--figures", action="store_true", help="P/R/P@5 of the written lists")
    args = parser.parse_args(argv)
    if args.load:
        items: list[Written] = pickle.loads(Path(args.load).read_bytes())
        items = [w for w in items if w.split in args.split]
    else:
        items = []
        for split in args.split:  # one split at a time: a dump survives a stopped run
            items += searched([split], args.jobs)
            if args.dump:
                Path(args.dump).write_bytes(pickle.dumps(items))
            print(f"searched {split}: {len(items)} problems so far", file=sys.stderr)
    print_audit(items)
    if args.figures:
        print_figures(items)
    if args.sample:
        print_sample(items, args.sample, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
