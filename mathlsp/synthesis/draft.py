"""Drafting the Synthesis from evidence, without a language model. Pure.

mathlsp cannot judge which theorem applies to a problem; it can say what the sources returned
and what the notes share. Each drafted line carries its confidence marker and the REF ids it
rests on, and says how it was obtained:

- **Applicable Theorems** [V]: theorem statements quoted from TheoremSearch hits on confirmed
  papers (live hits, or the quotes the search wrote into the entries' Key Results) — name,
  statement, link; never a statement no source returned.
- **Technique Connections** [S]: the problem's tags, named results and statement terms that a
  paper's title, abstract or quoted statements share — stated as such.
- **Gaps in Literature** [~]: the problem's tags, named results and terms that no confirmed
  paper's title, abstract or quoted statements mention, and that no Known Result attributes to
  a confirmed paper (its Source names that Known Result).
- **Suggested Reading Order**: foundations first, consistent with the citation graph among the
  confirmed references (a paper before those citing it), ties by relevance. [S] when the
  position rests on citations, [~] when only on relevance.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from mathlsp.notes.literature import ReferenceEntry
from mathlsp.notes.problem import ProblemDoc
from mathlsp.safetext import neutralize_markup
from mathlsp.search.acronyms import acronyms_in
from mathlsp.search.objects import says, surnames, why_not_an_object
from mathlsp.search.queries import Term, build_queries
from mathlsp.search.text import plain_text, stems
from mathlsp.sources.theoremsearch import TheoremHit
from mathlsp.synthesis.graph import CitationGraph, reading_order
from mathlsp.synthesis.review import normalize

# `Name: "statement" (link)` as search/write.py `key_results` writes them.
_QUOTE = re.compile(
    r"(?P<name>[^\"]*?):\s+\"(?P<body>[^\"]+)\"(?:\s+\((?P<link>https?://[^\s)]+)\))?"
)
TERM_KINDS = ("tag", "theorem", "keyword")


@dataclass(frozen=True, slots=True)
class QuotedTheorem:
    ref: str
    name: str
    body: str
    link: str | None
    origin: str  # "TheoremSearch" | "Key Results"


@dataclass(slots=True)
class Evidence:
    references: list[ReferenceEntry]  # the confirmed ones, in document order
    problem: ProblemDoc | None = None
    theorems: list[QuotedTheorem] = field(default_factory=list)
    graph: CitationGraph | None = None  # None: citations were not fetched


@dataclass(frozen=True, slots=True)
class Drafted:
    """One drafted claim: `text` is the line without its list prefix and draft marker."""

    subsection: str
    marker: str
    text: str
    refs: tuple[str, ...]
    signature: tuple[str, ...]  # present when one existing line contains all of these

    def present_in(self, existing: Iterable[str]) -> bool:
        return any(all(_has(normalize(e), s) for s in self.signature) for e in existing)


_FIRST_REF = re.compile(r"(?<![\w-])u?ref-\d{1,6}(?![\w-])")


def _has(text: str, part: str) -> bool:
    """`part` in `text`; `^ref-003`: the first reference the text names is REF-003."""
    if part.startswith("^"):
        m = _FIRST_REF.search(text)
        return m is not None and m.group() == part[1:]
    return part in text


def _defang(text: str) -> str:
    """Source text made inert (`safetext.neutralize_markup`), on one line."""
    return neutralize_markup(" ".join(text.split()))


# -- evidence ------------------------------------------------------------------------------
def key_result_quotes(entry: ReferenceEntry) -> list[QuotedTheorem]:
    """The statements quoted in an entry's Key Results (as the search writes them)."""
    value = entry.fields.value("key_results")
    out = []
    for m in _QUOTE.finditer(value):
        name = m.group("name").strip().strip(".;") or "Statement"
        out.append(
            QuotedTheorem(entry.id, name, m.group("body").strip(), m.group("link"), "Key Results")
        )
    return out


def theorems_from_hits(
    hits: Iterable[TheoremHit], references: Sequence[ReferenceEntry]
) -> list[QuotedTheorem]:
    """TheoremSearch hits on confirmed papers (matched by arXiv id); others are dropped."""
    by_arxiv = {e.arxiv_id.base: e.id for e in references if e.confirmed and e.arxiv_id}
    out: list[QuotedTheorem] = []
    for h in hits:
        ref = by_arxiv.get(h.arxiv_id or "")
        if ref is None or not h.body.strip():
            continue
        out.append(QuotedTheorem(ref, h.name or "Statement", h.body, h.link, "TheoremSearch"))
    return out


def unique_theorems(theorems: Iterable[QuotedTheorem]) -> list[QuotedTheorem]:
    seen: dict[tuple[str, str], QuotedTheorem] = {}
    for t in theorems:
        key = (t.ref, normalize(t.body))
        if key not in seen or (seen[key].link is None and t.link):
            seen[key] = t
    return list(seen.values())


def gap_terms(
    problem: ProblemDoc | None, terms: Sequence[Term], authors: Iterable[str] = ()
) -> list[Term]:
    """The terms a Synthesis gap may name: the problem's specific objects — its tags, named
    results, and key phrases that name an object (`objects.why_not_an_object`, the rule the
    Relevance lines use): not prose ("Tao bounded", "Malle predicts", "matching upper",
    "exponentially fast"), not people (the authors the problem cites, those its prose names,
    words it always capitalises as names, the confirmed papers' `authors`: "Lemke Oliver"), not
    the notation of a formula ("partial derivative" from `$\\partial_t u$`)."""
    if problem is None:
        return []
    cited = [t.text for t in build_queries(problem).terms if t.kind == "author"]
    names = surnames(authors)
    return [
        t
        for t in terms
        if t.kind != "keyword" or why_not_an_object(t.text, problem.text, cited, names) is None
    ]


def problem_terms(problem: ProblemDoc | None) -> list[Term]:
    """The problem's tags, named results and key terms (as search relevance uses them)."""
    if problem is None:
        return []
    # A single statement word ("pairs", "relate") says too little to be a connection or a gap.
    return [
        t
        for t in build_queries(problem).terms
        if t.kind in TERM_KINDS and (t.kind != "keyword" or len(t.stems) > 1)
    ]


def _describe_term(term: Term) -> str:
    return _describe_terms([term])


_NOUNS = {"tag": ("tag", "tags"), "theorem": ("named result", "named results")}


def _describe_terms(terms: Sequence[Term]) -> str:
    """ "the tags `a`, `b`, the named result "X" and the terms "y z", "w v"."""
    groups: list[str] = []
    for kind in TERM_KINDS:
        labels = [t.label for t in terms if t.kind == kind]
        if not labels:
            continue
        one, many = _NOUNS.get(kind, ("term", "terms"))
        quoted = [f"`{x}`" if kind == "tag" else f'"{x}"' for x in labels]
        groups.append(f"the {one if len(labels) == 1 else many} {', '.join(quoted)}")
    return _join(groups)


def shared_terms(
    entry: ReferenceEntry,
    terms: Sequence[Term],
    theorems: Sequence[QuotedTheorem] = (),
    acronyms: Collection[str] = (),
) -> list[Term]:
    """The terms the entry's title, abstract or quoted statements contain as phrases
    (`acronyms`: the problem's, lower case, each said by a run of words with its initials)."""
    texts = [entry.title, entry.fields.value("abstract")]
    texts += [f"{t.name} {t.body}" for t in theorems if t.ref == entry.id]
    parts = [stems(x) for x in texts]
    # Its formulas read as the problem's are (`$\\mathfrak{dmr}_0$` is "dmr0", `$\\mathrm{GL}_3$`
    # "GL3" and "general linear group"): a paper that writes the object in notation says it.
    parts += [stems(plain_text(x)) for x in texts if "$" in x or "\\" in x]
    # After the normalisation relevance uses (`objects.says`): "zero density estimate" is said
    # by "Explicit zero density for …", "gaps between primes" has the tag `prime-gaps`, "the
    # Kardar–Parisi–Zhang equation" says the tag `kpz-equation`, *Partition regularity of …*
    # says "partition regular" and "viscous Hamilton–Jacobi–Bellman" says "viscous HJB".
    return [t for t in terms if says(parts, _spellings(t), acronyms)]


_KNOWN_RESULT_SOURCE = re.compile(r"\bPROBLEM\.md \(Known Result (\d+)\b")


def attributed_terms(
    problem: ProblemDoc | None,
    references: Sequence[ReferenceEntry],
    terms: Sequence[Term],
    acronyms: Collection[str] = (),
) -> list[Term]:
    """The terms of a Known Result that PROBLEM.md itself attributes to a confirmed reference
    (its Source: `PROBLEM.md (Known Result 2: …)`, the work that line names). "Small gaps
    between primes via a multidimensional sieve (Maynard 2015)" found as REF-002: the
    multidimensional sieve is REF-002's, by the problem's own account, even when its abstract
    says "a refinement of the GPY sieve" — not a gap in the literature."""
    if problem is None:
        return []
    known = problem.known_results
    parts: list[tuple[str, ...]] = []
    for entry in references:
        m = _KNOWN_RESULT_SOURCE.search(entry.fields.value("source"))
        if m and 1 <= int(m.group(1)) <= len(known):
            text = known[int(m.group(1)) - 1].text
            parts += [tuple(stems(text)), tuple(stems(plain_text(text)))]
    return [t for t in terms if says(parts, _spellings(t), acronyms)] if parts else []


def _spellings(term: Term) -> list[tuple[str, ...]]:
    """A term's stems in both its spellings."""
    return [tuple(n) for n in (term.stems, term.alias_stems) if n]


def _acronyms(problem: ProblemDoc) -> set[str]:
    """The acronyms the problem writes, in its text or its tags (`AMU-conjecture`), lower case."""
    tagged = {w for t in problem.tags for w in re.split(r"[-_\s]+", t) if w.isupper()}
    return {a.lower() for a in [*acronyms_in(problem.text), *tagged] if 2 <= len(a) <= 6}


def relevance(shared: Sequence[Term], terms: Sequence[Term]) -> float:
    total = sum(t.weight for t in terms)
    return sum(t.weight for t in shared) / total if total else 0.0


# -- the lines -----------------------------------------------------------------------------
def _theorem_line(t: QuotedTheorem) -> Drafted:
    origin = "TheoremSearch" if t.origin == "TheoremSearch" else "its Key Results"
    link = f" ([source]({t.link}))" if t.link else ""
    text = f'[V] {t.ref} — {_defang(t.name)}: "{_defang(t.body)}"{link} — quoted from {origin}'
    return Drafted(
        "applicable_theorems",
        "[V]",
        text,
        (t.ref,),
        (t.ref.lower(), normalize(_defang(t.body))[:60]),
    )


def _join(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _technique_line(entry: ReferenceEntry, shared: Sequence[Term]) -> Drafted:
    what = _describe_terms(shared)
    text = (
        f"[S] {entry.id} shares with the problem {what} (found in its title, abstract or "
        "quoted statements; whether its methods transfer is for you to judge)"
    )
    return Drafted(
        "technique_connections",
        "[S]",
        text,
        (entry.id,),
        (entry.id.lower(), "shares with the problem"),
    )


def _gap_line(term: Term, n_refs: int) -> Drafted:
    what = _describe_term(term)
    text = (
        f"[~] Gap: none of the {n_refs} confirmed references mentions {what} in its title, "
        "abstract or quoted statements"
    )
    return Drafted("gaps", "[~]", text, (), ("gap:", normalize(what)))


def _reading_line(
    entry: ReferenceEntry, graph: CitationGraph | None, broken: set[tuple[str, str]]
) -> Drafted:
    title = _defang(entry.title) or "Untitled"
    if graph is None:
        marker, why = "[~]", "citations not fetched; placed by relevance to the problem"
    else:
        after = [c for c in graph.citing(entry.id) if (entry.id, c) not in broken]
        before = graph.cited_by(entry.id)
        parts = []
        if before:
            parts.append(f"cited by {', '.join(before)}")
        if after:
            parts.append(f"cites {', '.join(after)}")
        skipped = [c for c in graph.citing(entry.id) if (entry.id, c) in broken]
        if skipped:
            parts.append(f"cites {', '.join(skipped)} too, which cites it back (a cycle)")
        if parts:
            marker, why = "[S]", "; ".join(parts)
        elif entry.id in graph.known:
            marker, why = "[~]", "no citation link to your other references; placed by relevance"
        else:
            marker, why = "[~]", "no source listed its citations; placed by relevance"
    text = f"{marker} {entry.id} — {title} ({why})"
    return Drafted("reading_order", marker, text, (entry.id,), (f"^{entry.id.lower()}",))


def draft(evidence: Evidence) -> list[Drafted]:
    """Every line the evidence supports, per subsection in schema order."""
    refs = [e for e in evidence.references if e.confirmed]
    if not refs:
        return []
    theorems = unique_theorems(evidence.theorems)
    terms = problem_terms(evidence.problem)
    problem = evidence.problem
    acronyms = _acronyms(problem) if problem else set()
    shared = {e.id: shared_terms(e, terms, theorems, acronyms) for e in refs}
    lines: list[Drafted] = []
    order = {e.id: i for i, e in enumerate(refs)}
    for t in sorted(theorems, key=lambda t: order.get(t.ref, len(order))):
        if t.ref in order:
            lines.append(_theorem_line(t))
    for e in refs:
        if shared[e.id]:
            lines.append(_technique_line(e, shared[e.id]))
    covered = {t for s in shared.values() for t in s}
    covered.update(attributed_terms(problem, refs, terms, acronyms))
    authors = [a for e in refs for a in e.authors]
    for term in gap_terms(evidence.problem, terms, authors):
        if term not in covered:
            lines.append(_gap_line(term, len(refs)))
    graph = evidence.graph
    scores: Mapping[str, float] = {e.id: relevance(shared[e.id], terms) for e in refs}
    if graph is not None:
        ordered = reading_order(graph, scores)
        ids, broken = ordered.order, set(ordered.broken)
    else:
        ids = sorted(order, key=lambda r: (-scores[r], order[r]))
        broken = set()
    by_id = {e.id: e for e in refs}
    for ref in ids:
        if ref in by_id:
            lines.append(_reading_line(by_id[ref], graph, broken))
    return lines
