"""Which quoted theorem statements say something of the problem. Pure.

TheoremSearch answers a problem's queries with statements by similarity: beside a confirmed paper
they are its Key Results (and the Synthesis's Applicable Theorems), and the hits from ProofWiki or
the Stacks Project are the report's theorem context. A similarity is no reason to quote a
statement to a specialist: "We prove an asymptotic form of this phenomenon" says nothing on its
own, and ProofWiki's *Neumann Series* beside a problem on gaps between primes is noise. A
statement is quoted when it says one of the problem's objects — your query, a tag, a named
result, or a key phrase of two words or more that names an object (`objects.why_not_an_object`,
the rule of the Relevance lines and the Synthesis gaps) — in its name or its body, after the
normalisation the gaps use (`objects.says`). The statements that say more of them come first.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence

from mathlsp.search.objects import says, why_not_an_object
from mathlsp.search.queries import Term
from mathlsp.search.text import core, plain_text, stems
from mathlsp.sources.theoremsearch import TheoremHit


def statement_objects(problem: str, terms: Sequence[Term]) -> list[Term]:
    """The terms a statement must say one of to be quoted: the query, tags and named results,
    and the key phrases of two words or more that name an object of `problem` (PROBLEM.md)."""
    cited = [t.text for t in terms if t.kind == "author"]
    return [
        t
        for t in terms
        if t.kind in ("query", "tag", "theorem")
        or (
            t.kind == "keyword"
            and len(core(t.stems)) > 1
            and why_not_an_object(t.text, problem, cited) is None
        )
    ]


def said_by(hit: TheoremHit, objects: Sequence[Term], acronyms: Collection[str] = ()) -> list[Term]:
    """The objects `hit`'s name or statement says (its formulas read as the problem's are)."""
    text = f"{hit.name} {hit.body}"
    parts = [stems(text), stems(plain_text(text))]
    return [t for t in objects if says(parts, [n for n in (t.stems, t.alias_stems) if n], acronyms)]


_FORMULA = re.compile(r"\$\$(.+?)\$\$|\$([^$]+)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)


def has_formula(hit: TheoremHit) -> bool:
    """Whether the statement writes a formula (`$…$`, `$$…$$`, `\\(…\\)`, `\\[…\\]`, not
    a stray `$$`): a result in its own notation ("We prove the sign law $r(3m) > 0$ …"), which
    no word rule can read."""
    return any(any(g and g.strip() for g in m.groups()) for m in _FORMULA.finditer(hit.body))


def on_the_problem(
    hits: Iterable[TheoremHit],
    objects: Sequence[Term],
    acronyms: Collection[str] = (),
    formulas_stand: bool = False,
) -> list[TheoremHit]:
    """The hits that say one of `objects` (`statement_objects`), those saying more of them
    first, then by similarity; the others are not quoted — except, with `formulas_stand`, a
    statement with a formula (`has_formula`), quoted after them: from a paper confirmed on the
    problem it is the paper's result in its own notation (Maynard's `liminf (p_{n+m} - p_n) ≪
    m^3 e^{4m}` beside a bounded-gaps problem). A statement in words only that says none of
    them leans on what it does not state ("We prove an asymptotic form of this phenomenon")."""
    scored = [(len(said_by(h, objects, acronyms)), h) for h in hits]
    kept = [(n, h) for n, h in scored if n or (formulas_stand and has_formula(h))]
    kept.sort(key=lambda nh: (-nh[0], -(nh[1].similarity or 0.0)))
    return [h for _, h in kept]
