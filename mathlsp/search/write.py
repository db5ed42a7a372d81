"""Writing a search into LITERATURE.md and JOURNAL.md (docs/schemas.md): pure.

From a `SearchResult` and the texts the search started from, `plan_writes` computes the new
texts: a Search History row (the queries that ran as `` `backend: query` ``, so the next search
can skip them, plus the other backends' counts and any backend that was down or skipped), new
`REF-`/`UREF-` entries numbered one past the highest of each kind, the frontmatter counts,
`last_search` and `sources_queried`, the Synthesis skeleton when absent — then a `LIT-` journal
entry whose outcome, strategy and insight are computed from the results. Nothing is invented:
abstracts are the sources', Key Results are TheoremSearch's quoted statements or an honest
"none quoted". When no source answered nothing is written (an outage is not research).

Each `FileUpdate` has the new text and, for the editor, minimal line edits against the original.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mathlsp.notes.document import MarkdownDoc, ref_id
from mathlsp.notes.frontmatter import parse_frontmatter
from mathlsp.notes.journal_render import NewJournalEntry, iso, write_journal_entry
from mathlsp.notes.literature import SYNTHESIS_ORDER, SYNTHESIS_TITLES, LiteratureDoc
from mathlsp.notes.numbering import next_numbers
from mathlsp.notes.render import (
    Edit,
    NewReference,
    add_history_row,
    apply_edits,
    ensure_sections,
    insert_references,
    line_ending,
    update_frontmatter,
)
from mathlsp.notes.spans import Span
from mathlsp.notes.templates import fill_template, folder_line_ending
from mathlsp.safetext import neutralize_markup
from mathlsp.search.context import on_the_problem, statement_objects
from mathlsp.search.merge import Candidate
from mathlsp.search.queries import DISCOVERY, PlannedQuery, Term, clean_query, id_text
from mathlsp.search.rank import route_words
from mathlsp.search.run import SearchResult, UnresolvedReference
from mathlsp.search.text import (
    cased_words,
    contains_phrase,
    core,
    stem,
    stems,
    without_formulas,
    words,
)
from mathlsp.sources.labels import label
from mathlsp.sources.record import Identifier, IdKind
from mathlsp.verify.remarks import CROSS_CHECK_LATER

AGENT = "mathlsp search"
NO_ABSTRACT = "(no abstract returned by the sources)"
NONE_QUOTED = "None quoted: no source returned a theorem statement for this paper."
# What to read instead; never "the abstract" where the entry has none.
READ_ABSTRACT = " The abstract above says what it proves."
READ_PAPER = " Nor did any return an abstract: read the paper at its link."


class SearchWriteError(Exception):
    """A file cannot be updated safely (e.g. its frontmatter is not valid YAML)."""


@dataclass(slots=True)
class FileUpdate:
    path: Path
    original: str | None  # the text the search started from; None: the file does not exist
    text: str

    @property
    def created(self) -> bool:
        return self.original is None

    @property
    def edits(self) -> list[Edit]:
        """Line edits turning the original (or an empty file) into the new text."""
        return text_edits(self.original or "", self.text)


@dataclass(slots=True)
class SearchWrites:
    literature: FileUpdate | None  # None: LITERATURE.md stays as it is
    journal: FileUpdate | None
    references: list[NewReference] = field(default_factory=list)
    history_row: list[str] | None = None
    journal_entry: NewJournalEntry | None = None
    journal_id: str | None = None

    @property
    def new_confirmed(self) -> list[NewReference]:
        return [r for r in self.references if r.kind == "REF"]

    @property
    def new_unconfirmed(self) -> list[NewReference]:
        return [r for r in self.references if r.kind == "UREF"]

    @property
    def files(self) -> list[FileUpdate]:
        return [f for f in (self.literature, self.journal) if f is not None]


# -- minimal edits ------------------------------------------------------------------------------
def text_edits(old: str, new: str) -> list[Edit]:
    """The changed line ranges between two texts, as edits of `old` (for a WorkspaceEdit)."""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    starts = [0]
    for line in a:
        starts.append(starts[-1] + len(line))
    edits = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            edits.append(Edit(Span(starts[i1], starts[i2]), "".join(b[j1:j2])))
    return edits


# -- entries ------------------------------------------------------------------------------------
def _n(count: int, noun: str, plural: str | None = None) -> str:
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def _join(items: Sequence[str], final: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {final} " + items[-1]


def _holds_phrase(candidate: Candidate, needle: Sequence[str]) -> bool:
    from mathlsp.search.text import contains_phrase, stems

    texts = [candidate.title, candidate.abstract or ""]
    texts += [f"{t.name} {t.body}" for t in candidate.theorems]
    return any(contains_phrase(stems(text), needle) for text in texts)


def how_rare(match: Any, first: bool = True) -> str:
    """How many of the papers the search found say the phrase — the rarity the ranking weighs,
    in words: a phrase few of them say is the problem's own, one most say is the field's. The
    first phrase of a line says of what ("of the 140 papers found"), the others only the count."""
    said_by, pool = getattr(match, "said_by", 0), getattr(match, "pool", 0)
    if said_by <= 0 or pool <= 1:
        return ""
    if first:
        if said_by == 1:
            return f" (the only one of the {pool} papers found to say it)"
        if said_by >= pool:
            return f" (said by all {pool} papers found)"
        return f" (said by {said_by} of the {pool} papers found)"
    if said_by == 1:
        return " (only this one)"
    return f" (all {pool})" if said_by >= pool else f" ({said_by} of {pool})"


def relevance_text(
    candidate: Candidate,
    user_query: str | None = None,
    problem: str | None = None,
    terms: Sequence[Term] = (),
) -> str:
    """What the paper says that is specific to the problem — measured, not judged: the terms
    its title or abstract says (as phrases), rarest first, with where; a cited author only
    next to a topic. `problem` (PROBLEM.md's text): its phrases that are not objects — prose,
    people, a formula's notation (`objects.why_not_an_object`, the rule of the Synthesis gaps)
    — are never reasons. `terms` (the plan's): the words of the subject a paper let in by the
    author route says (`rank.route_words`)."""
    parts: list[str] = []
    if candidate.problem_reference is not None:
        if named := candidate.named_in:
            where, line = named
            shown = line if len(line) <= 80 else line[:77].rsplit(" ", 1)[0] + " …"
            parts.append(f'the work PROBLEM.md names in {where} ("{shown.strip()}")')
        else:
            parts.append("listed in PROBLEM.md References")
    elif candidate.cited_as:
        parts.append(f"the work PROBLEM.md cites as {candidate.cited_as}")
    found = [
        m
        for m in candidate.found
        if m.term.kind != "author"
        and not (m.term.kind == "keyword" and _not_a_reason(m, candidate, problem))
    ]
    found.sort(key=lambda m: (not m.place.startswith("title"), -m.value))

    told: list[bool] = []  # whether a phrase's count has been given in full yet

    def shown(m: Any) -> str:
        t = m.term
        rare = how_rare(m, first=not told)
        if rare:
            told.append(True)
        if t.kind == "tag":
            return f"the tag {t.label}{rare}"
        if t.kind == "query":
            return f'your query "{t.label}"{rare}'
        return f'"{t.label}"{rare}'

    # Each claim is what the text holds: a phrase the title says, the words of one the title
    # has apart ("Small gaps between primes" and the tag prime-gaps), a phrase the abstract says
    # (early, or only in passing), or one only a quoted statement says.
    abstract = stems(candidate.abstract or "")

    def in_abstract(m: Any) -> bool:
        needles = [n for n in (core(m.term.stems), core(m.term.alias_stems)) if n]
        return any(contains_phrase(abstract, n) for n in needles)

    in_title = [shown(m) for m in found if m.place == "title"]
    title_words = [shown(m) for m in found if m.place == "title words"]
    in_text = [shown(m) for m in found if m.place == "text" and in_abstract(m)]
    passing = [shown(m) for m in found if m.place == "passing"]
    stated = [shown(m) for m in found if m.place == "text" and not in_abstract(m)]
    said = []
    if in_title:
        said.append("says " + _join(in_title))
    if title_words:
        said.append("has the words of " + _join(title_words))
    if said:
        parts.append("its title " + " and ".join(said))
    if in_text:
        parts.append("its abstract says " + _join(in_text))
    if passing:
        parts.append("its abstract mentions " + _join(passing) + " in passing")
    if stated:
        parts.append("a quoted statement says " + _join(stated))
    if candidate.cited_phrases and not (candidate.cited_as or candidate.problem_reference):
        # The field's name for the object (`cited_phrases`), where it comes from; a work the
        # note names is its own already.
        phrases = [
            f'"{p.words}", as the works PROBLEM.md cites as {_join(list(p.by))} do'
            for p in candidate.cited_phrases
        ]
        parts.append("its title says " + "; and ".join(phrases))
    near = near_note_words(candidate, problem)
    if near:
        where = "its title and abstract share" if candidate.abstract else "its title shares"
        word = "word" if len(near) == 1 else "words"
        parts.append(f"{where} the note's rarer {word} " + _join([f'"{w}"' for w in near]))
    # A surname alone among several people of that name is not the cited person (rank.py).
    authors = [
        m.term.label for m in candidate.found if m.term.kind == "author" and m.place != "surname"
    ]
    # A work cited by name has had its people named above, with the year that makes it this one.
    if authors and found and not candidate.cited_as:
        parts.append("by " + _join(authors) + " (cited in the problem)")
    elif authors and not parts:
        # The route for a person the statement names ("the Kermack–McKendrick model"): say so,
        # with the words of the subject its title says, not that the search returned it for
        # nothing nor that a name alone let it in.
        read = route_words(candidate, terms)
        subject = [w for w in dict.fromkeys(words(candidate.title)) if stem(w) in read]
        claim = "its title and abstract say none of the problem's phrases"
        if subject:
            word = "word" if len(subject) == 1 else "words"
            quoted = _join([f'"{w}"' for w in subject])
            claim = f"its title says the {word} {quoted} of the problem's subject, no phrase of it"
            claim += " whole"
        parts.append("by " + _join(authors) + ", whom PROBLEM.md names; " + claim)
    if not parts:
        parts.append(
            "returned by the search; its title and abstract say none of the problem's objects"
        )
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


#: How many of the note's words the Relevance line of a paper let in for its nearness names.
NEAR_WORDS = 3
#: Numbers in words are notation ("Two-species", "second moment"), as digits are.
_COUNTS = frozenset(
    "two three four five six seven eight nine ten twelve hundred thousand million second third "
    "fourth fifth twice thrice half".split()
)


def describer(result: SearchResult) -> Callable[[Candidate], str]:
    """How the papers of `result` are described: with its query and PROBLEM.md, as the written
    ones are, so that a set-aside paper's line (the report, JSON, the editor's *Add set-aside
    paper*, which writes it into LITERATURE.md) never names the note's prose as a reason."""

    def describe(candidate: Candidate) -> str:
        return relevance_text(
            candidate, result.plan.user_query, result.problem.text, result.plan.terms
        )

    return describe


def near_note_words(
    candidate: Candidate, problem: str | None = None, limit: int = NEAR_WORDS
) -> list[str]:
    """Why a paper eligible only for being close to the note (`rank.near_note`) is close: the
    note's words that make most of its `problem_sim` (`Candidate.near_words`, each word's share
    of the cosine), as the paper or the note writes them — each one its title or abstract says
    in words (not only a formula or a quoted statement) and, with `problem`, the note's prose
    too (not only its notation or headings). Never a word of a phrase the line already names,
    nor one that is not a reason (`objects.why_not_an_object`: prose, people); a symbol with
    digits, a number in words, initials ("GKLO", "arXiv"), a lone participle or a second word
    of one family neither."""
    if not candidate.near_words:
        return []
    from mathlsp.search.embedding import problem_text
    from mathlsp.search.objects import cited_people, surnames, why_not_an_object

    paper = cased_words(without_formulas(f"{candidate.title}. {candidate.abstract or ''}"))
    note: list[str] = []
    if problem:
        body = problem_text(problem)
        prose = "\n".join(ln for ln in body.splitlines() if not ln.lstrip().startswith("#"))
        note = cased_words(without_formulas(prose))
    forms: dict[str, Counter[str]] = {}
    for w in [*paper, *note]:
        forms.setdefault(stem(w), Counter())[w] += 1
    in_note = {stem(w) for w in note}
    in_paper = {stem(w) for w in paper}
    named = {w for m in candidate.found for w in (*m.term.stems, *m.term.alias_stems)}
    people = cited_people(problem) if problem else ()
    authors = surnames(candidate.authors)
    out: list[str] = []
    for w, _share in candidate.near_words:
        seen = forms.get(w)
        if len(out) >= limit:
            break
        if not seen or w in named or (problem and w not in in_note):
            continue
        if w not in in_paper or any(c.isdigit() for c in w) or w in _COUNTS:
            continue
        # A lone participle ("quantized", "weighted") is a property without its noun.
        if len(w) > 4 and w.endswith("ed"):
            continue
        # One word of a family says it: "period" and "periodic".
        if any(_kin(w, stem(x)) for x in out):
            continue
        lower = [f for f in seen if f.islower()]
        # A word the texts write only capitalised is a name ("Rademacher"); otherwise the lower
        # case, whatever a sentence's start or a title's capitals made of it.
        shown = max(lower or seen, key=lambda f: seen[f])
        # Capitals inside a word make it initials or a name's spelling ("GKLO", "arXiv").
        if any(ch.isupper() for ch in shown[1:]):
            continue
        if why_not_an_object(shown, problem or "", people, authors, one_word=True) is None:
            out.append(shown)
    return out


def _kin(a: str, b: str) -> bool:
    """Two stems of one word family, as far as spelling tells: one opens the other ("period",
    "periodic")."""
    short, long = sorted((a, b), key=len)
    return long.startswith(short)


def _not_a_reason(m: Any, candidate: Candidate, problem: str | None) -> bool:
    """A phrase of the statement that is prose ("Schoenfeld gave", "Malle predicts") or people
    ("Lemke Oliver", the paper's own authors) is never a reason."""
    from mathlsp.search.objects import cited_people, surnames, why_not_an_object

    people = cited_people(problem) if problem else ()
    authors = surnames(candidate.authors)
    return why_not_an_object(m.term.text, problem or "", people, authors, one_word=True) is not None


def key_results(candidate: Candidate, objects: Sequence[Term], has_abstract: bool = True) -> str:
    """TheoremSearch's statements that say one of the problem's `objects`
    (`context.statement_objects`), and those written in symbols, quoted with their links; never
    anything else. A statement in words that says none of them is not quoted, and the line says
    why."""
    quotes = []
    for t in on_the_problem(candidate.theorems, objects, formulas_stand=True)[:3]:
        body = " ".join(t.body.split())
        link = f" ({t.link})" if t.link else ""
        quotes.append(f'{t.name or "Statement"}: "{body}"{link}')
    if quotes:
        return " ".join(quotes)
    if candidate.theorems:
        n = len(candidate.theorems)
        which = (
            "the statement TheoremSearch returned from this paper says none"
            if n == 1
            else f"none of the {n} statements TheoremSearch returned from this paper says one"
        )
        return f"None quoted: {which} of the problem's objects." + (
            READ_ABSTRACT if has_abstract else READ_PAPER
        )
    return NONE_QUOTED + (READ_ABSTRACT if has_abstract else READ_PAPER)


def _arxiv(candidate: Candidate) -> str:
    return candidate.arxiv_id or ""


def confirmed_reference(
    candidate: Candidate, number: int, result: SearchResult
) -> NewReference | None:
    check = result.check(candidate)
    if check is None or not check.confirmed or not check.url:
        return None
    record = check.record
    abstract = (record.abstract if record and record.abstract else None) or candidate.abstract
    quoted = bool(candidate.theorems)
    confidence = (
        "[V] metadata and the quoted Key Results as returned by the sources; [S] Relevance"
        if quoted
        else "[V] metadata as returned by the sources; [S] Relevance"
    )
    stamp = check.stamp
    if check.reasons:  # note what could only be checked partly
        stamp += f" ({'; '.join(check.reasons)}; {CROSS_CHECK_LATER})"
    return NewReference(
        kind="REF",
        number=number,
        title=candidate.title,
        authors=candidate.authors,
        year=candidate.year,
        source=candidate.source_label,
        arxiv_id=_arxiv(candidate),
        doi=candidate.doi or "",
        abstract=abstract or NO_ABSTRACT,
        relevance="[S] " + describer(result)(candidate),
        key_results=key_results(
            candidate,
            statement_objects(result.problem.text, result.plan.terms),
            has_abstract=bool(abstract),
        ),
        confidence=confidence,
        verified=stamp,
    )


def unconfirmed_reference(candidate: Candidate, number: int, result: SearchResult) -> NewReference:
    check = result.check(candidate)
    if check is None:
        reason = "not verified: the verification step did not run"
    elif check.confirmed:  # confirmed but without a URL to re-check it: not good enough
        reason = f"{label(check.source or '')} confirmed it but gave no URL to re-check"
    else:
        reason = "; ".join(check.reasons) or "no source confirmed it"
    return NewReference(
        kind="UREF",
        number=number,
        title=candidate.title,
        authors=candidate.authors,
        year=candidate.year,
        source=candidate.source_label,
        arxiv_id=_arxiv(candidate),
        doi=candidate.doi or "",
        reason=reason,
        relevance=describer(result)(candidate),
    )


def written_as(ident: Identifier, text: str) -> str:
    """`id_text(ident)`, a DOI spelled as `text` (the note it came from) spells it.

    Identifiers compare lower-cased, but a DOI's case is the publisher's (`10.1007/BF02126799`):
    what mathlsp writes back is the form the user wrote, not the comparison key."""
    shown = id_text(ident)
    if ident.kind is not IdKind.DOI:
        return shown
    # A pattern, not `text.lower().find`: lower-casing may change a text's length (`İ`).
    m = re.search(re.escape(ident.value), text, re.IGNORECASE)
    return f"doi:{m.group()}" if m else shown


def unresolved_reference(ref: UnresolvedReference, number: int) -> NewReference:
    ident = ref.identifier
    name = written_as(ident, ref.seed.text)
    return NewReference(
        kind="UREF",
        number=number,
        title=ref.seed.title or name,
        authors=ref.seed.authors,
        year=None,
        source="PROBLEM.md References",
        arxiv_id=ident.value if ident.kind is IdKind.ARXIV else "",
        doi=name.removeprefix("doi:") if ident.kind is IdKind.DOI else "",
        reason=ref.reason,
        relevance=f"Listed in PROBLEM.md References: {ref.seed.text}",
    )


def _defang(text: str) -> str:
    """API text made inert in a note: no raw HTML, no comment hiding the entries after it, no
    `javascript:` link (`safetext.neutralize_markup`)."""
    return neutralize_markup(text)


def _safe(ref: NewReference) -> NewReference:
    texts = ("title", "source", "abstract", "relevance", "key_results", "reason")
    changes: dict[str, Any] = {name: _defang(getattr(ref, name)) for name in texts}
    changes["authors"] = tuple(_defang(a) for a in ref.authors)
    return replace(ref, **changes)


def next_reference_numbers(
    doc: LiteratureDoc | None, others: Sequence[MarkdownDoc] = ()
) -> tuple[int, int]:
    """The numbers the next new REF and UREF entries take, after every number the notes ever
    used (`notes.numbering`); `mathlsp import` asks here as `mathlsp search` does."""
    numbers = next_numbers(doc, others)
    return numbers.next["REF"], numbers.next["UREF"]


def safe_reference(ref: NewReference) -> NewReference:
    """`ref` with no text that could open or close an HTML comment in the note."""
    return _safe(ref)


def new_references(
    result: SearchResult, doc: LiteratureDoc | None, others: Sequence[MarkdownDoc] = ()
) -> list[NewReference]:
    """REF entries for confirmed candidates and UREF entries for the rest, numbered after every
    number the notes ever used (`notes.numbering`: a moved or removed reference's id stays its)."""
    numbers = next_numbers(doc, others)
    refs: list[NewReference] = []
    unconfirmed: list[Candidate] = []
    for c in result.candidates:
        ref = confirmed_reference(c, numbers.next["REF"], result)
        if ref is None:
            unconfirmed.append(c)
            continue
        refs.append(ref)
        numbers.take("REF")
    for c in unconfirmed:
        refs.append(unconfirmed_reference(c, numbers.take("UREF"), result))
    for u in result.unresolved:
        if u.pending:
            continue  # not known either way: looked up again next time, not written
        refs.append(unresolved_reference(u, numbers.take("UREF")))
    return [_safe(r) for r in refs]


# -- the Search History row ---------------------------------------------------------------------
def queries_ran(result: SearchResult) -> list[PlannedQuery]:
    """The queries a source answered, broadened ones included (they ran too, and are recorded so
    the next search asks something else): what the Search History row and the journal entry both
    count and list, so the two never disagree."""
    reports = result.backends
    ran = [q for q in result.plan.queries if q in reports[q.backend].answered]
    return ran + [q for b in DISCOVERY for q in reports[b].broadened]


def history_cells(result: SearchResult, new_confirmed: int) -> list[str]:
    """Date | Query Summary | arXiv Results | S2 Results | New Confirmed."""
    reports = result.backends
    ran = queries_ran(result)
    # A person reads the row's start: how many queries went where, then what else happened; the
    # exact queries follow (they are how the next search knows what not to run again).
    per_backend = Counter(q.backend for q in ran)
    parts = []
    if ran:
        spread = ", ".join(f"{label(b)} {n}" for b, n in per_backend.items())
        parts.append(f"{_n(len(ran), 'query', 'queries')} ({spread})")
    ids = [written_as(i, result.problem.text) for i in result.looked_up]
    if ids:
        parts.append("PROBLEM.md ids looked up: " + ", ".join(ids))
    counts = []
    for b in ("openalex", "pubmed"):
        r = reports[b]
        if r.answered:
            counts.append(f"{label(b)} {len(r.papers)}")
    ts = reports["theoremsearch"]
    if ts.answered:
        counts.append(f"TheoremSearch {len(ts.papers)}")
    if counts:
        # The arXiv and S2 columns hold theirs; the other sources' counts would otherwise read
        # as one run-on list ("OpenAlex 4, TheoremSearch 3 arXiv papers").
        parts.append("papers found by " + ", ".join(counts))
    for b in DISCOVERY:
        r = reports[b]
        if r.status == "skipped":
            parts.append(f"{label(b)} skipped ({r.skipped})")
        elif r.status == "down":
            n = len(r.queries)
            parts.append(
                f"{label(b)} down ({r.error_summary}): {n} {'query' if n == 1 else 'queries'} "
                "not run"
            )
        elif r.errors:
            n = len(r.errors)
            parts.append(f"{label(b)}: {n} {'query' if n == 1 else 'queries'} failed")
    if result.plan.already_run:
        parts.append(f"{len(result.plan.already_run)} earlier queries skipped")
    # The exact queries go to the LIT- journal entry (`journal_entry`): the row stays readable.
    summary = "; ".join(p.replace("`", "'") for p in parts)

    def count(backend: str) -> str:
        r = reports[backend]
        if r.status == "down":
            return "0 (down)"
        if r.status == "skipped":
            return "0 (skipped)"
        return str(len(r.papers))

    return [
        result.started_at.date().isoformat(),
        summary,
        count("arxiv"),
        count("semantic_scholar"),
        str(new_confirmed),
    ]


# -- LITERATURE.md ------------------------------------------------------------------------------
def _synthesis_skeleton(doc: LiteratureDoc) -> list[Edit]:
    """The four subsections under an existing `## Synthesis` that has none."""
    section = doc.section("synthesis")
    if section is None or doc.synthesis_subsections:
        return []
    eol = line_ending(doc.text)
    lines = doc.lines
    last = section.heading.line
    for i in range(section.first_line, section.last_line + 1):
        if lines.texts[i].strip():
            last = i
    end = lines.starts[last] + len(lines.texts[last])
    block = "".join(f"{eol}{eol}### {SYNTHESIS_TITLES[k]}" for k in SYNTHESIS_ORDER)
    return [Edit(Span(end, end), block)]


def _sources_queried(doc: LiteratureDoc, result: SearchResult) -> list[str]:
    """The union of what was there and every source that answered this search."""
    current = doc.frontmatter.get("sources_queried")
    existing = [str(s) for s in current] if isinstance(current, list) else []
    used = [b for b in DISCOVERY if result.backends[b].answered]
    used += [ch.source for ch in result.checks.values() if ch.source]
    used += [r.backend for c in result.candidates if c.problem_reference for r in c.records]
    return list(dict.fromkeys([*existing, *used]))


def _step(text: str, edits: list[Edit]) -> str:
    return apply_edits(text, edits) if edits else text


def literature_text(result: SearchResult, refs: Sequence[NewReference], row: list[str]) -> str:
    """The new LITERATURE.md (created from the template when missing)."""
    text = result.literature_text
    if text is None:
        text = fill_template(
            "LITERATURE.md",
            {"PROBLEM_SLUG": result.slug, "PROBLEM_TITLE": result.problem.title or result.slug},
            folder_line_ending(result.problem_dir),
        )
    try:
        doc = LiteratureDoc(text)
        text = _step(
            text,
            ensure_sections(doc, ("search_history", "confirmed", "synthesis", "unconfirmed")),
        )
        text = _step(text, _synthesis_skeleton(LiteratureDoc(text)))
        doc = LiteratureDoc(text)
        text = _step(text, [*insert_references(doc, refs), *add_history_row(doc, row)])
        doc = LiteratureDoc(text)
        confirmed, unconfirmed = len(doc.confirmed), len(doc.unconfirmed)
        updates: dict[str, Any] = {
            "total_papers": confirmed + unconfirmed,
            "confirmed_count": confirmed,
            "unconfirmed_count": unconfirmed,
            "last_search": iso(result.started_at),
            "sources_queried": _sources_queried(doc, result),
        }
        if doc.frontmatter.get("problem") is None:
            updates = {"problem": result.slug, **updates}
        return _step(text, update_frontmatter(doc, updates))
    except ValueError as exc:
        raise SearchWriteError(f"LITERATURE.md cannot be updated safely: {exc}") from exc


# -- the journal entry --------------------------------------------------------------------------
def _span(numbers: Sequence[str]) -> str:
    if not numbers:
        return ""
    return numbers[0] if len(numbers) == 1 else f"{numbers[0]}–{numbers[-1]}"


def insight(result: SearchResult, refs: Sequence[NewReference]) -> str:
    """Computed from the results: years, categories, contributing backends, uncovered tags."""
    if result.all_down:
        down = ", ".join(
            f"{label(b)} ({r.error_summary})" for b, r in result.backends.items() if r.down
        )
        return (
            f"No source answered ({down}); nothing is known yet about the literature. The "
            "queries were not recorded in the Search History, so the next search runs them again."
        )
    confirmed = result.confirmed
    pool = confirmed or result.candidates
    sentences: list[str] = []
    if not pool:
        if result.already_listed:
            return (
                f"Every paper found ({len(result.already_listed)}) is already in LITERATURE.md: "
                "these queries are exhausted; try an explicit query on a narrower aspect."
            )
        return (
            "No paper matched the problem's terms; broaden the tags or search for the "
            "techniques rather than the objects."
        )
    which = "confirmed" if confirmed else "unconfirmed"
    years = sorted(y for c in pool if (y := c.year))
    if years:
        median = years[len(years) // 2]
        if years[0] != years[-1]:
            span = f"span {years[0]}–{years[-1]} (median {median})"
        else:
            span = f"{'is' if len(pool) == 1 else 'are all'} from {years[0]}"
        sentences.append(
            f"The {which} paper {span}"
            if len(pool) == 1
            else f"The {len(pool)} {which} papers {span}"
        )
    cats = Counter(c for cand in pool for c in cand.categories if "." in c or "-" in c)
    if cats:
        top = ", ".join(f"{c} ({n})" for c, n in cats.most_common(3))
        sentences.append(f"dominant arXiv categories: {top}")
    by = Counter(b for c in pool for b in c.found_by)
    several = sum(1 for c in pool if len(c.found_by) > 1)
    if by:
        found = ", ".join(f"{label(b)} {n}" for b, n in by.most_common())
        sentences.append(f"found by {found} ({several} by more than one source)")
    tags = [t for t in result.plan.terms if t.kind == "tag"]
    covered = {t.label for c in confirmed for t in c.matched if t.kind == "tag"}
    missing = [t.label for t in tags if t.label not in covered]
    text = "; ".join(sentences) + "."
    text = text[0].upper() + text[1:]
    if tags and missing:
        noun = "tag" if len(missing) == 1 else "tags"
        text += f" No confirmed paper matches the {noun} {_join(missing)}: a possible gap."
    elif tags:
        text += " Every tag is matched by at least one confirmed paper."
    return text


def nothing_new(result: SearchResult) -> str:
    """What a search that found only listed papers did: which entries it found again, how many
    it set aside — a check of the list, not a failure (`research.search_outcome`)."""
    entries = sorted(set(e for _, e in result.already_listed), key=_entry_order)
    shown = ", ".join(entries[:8]) + (f" and {len(entries) - 8} more" if len(entries) > 8 else "")
    confirmed = sum(not e.upper().startswith("UREF-") for e in entries)
    were = "is" if len(entries) == 1 else "are"
    text = (
        f"Nothing new: the {_n(len(entries), 'paper')} found on the problem {were} already in "
        f"LITERATURE.md ({shown}; {confirmed} of them confirmed)"
    )
    if result.dropped:  # counted as the report counts them
        text += f"; {_n(len(result.dropped), 'other paper')} fell below the relevance line"
    return text + ". These queries are recorded, so the next search asks others."


def _entry_order(entry: str) -> tuple[bool, int, str]:
    kind, _, number = entry.partition("-")
    return (kind.upper() == "UREF", int(number) if number.isdigit() else 0, entry)


def journal_entry(result: SearchResult, refs: Sequence[NewReference]) -> NewJournalEntry:
    plan = result.plan
    outcome = result.outcome
    if plan.user_query:
        title = f'Targeted search: "{plan.user_query}"'
    elif result.strategy == "broad-survey":
        focus = ", ".join(result.problem.tags[:3]) or result.problem.title
        title = f"Initial survey: {focus}"
    else:
        focus = next((clean_query(q.query) for q in plan.queries if q.backend != "arxiv"), "")
        title = f"Follow-up search: {focus}" if focus else "Follow-up search"
    if result.all_down:
        title += " (sources unavailable)"
    reports = result.backends
    cats = f" ({', '.join(plan.primary_categories)})" if plan.primary_categories else ""
    ran = queries_ran(result)
    # Counted as the Search History row counts them; when no source answered, what was planned.
    counted = Counter(q.backend for q in ran) if ran else Counter(q.backend for q in plan.queries)
    asked = [
        f"{label(b)} {counted[b]}" + (cats if b == "arxiv" else "") for b in reports if counted[b]
    ]
    n_queries = sum(counted.values())
    done = [f"{_n(n_queries, 'query', 'queries')} ({', '.join(asked)})"]
    if result.looked_up:
        done.append(f"a direct lookup of {_n(len(result.looked_up), 'PROBLEM.md identifier')}")
    named = len(result.named_found) + len(result.named_unfound)
    if named:
        looked = f"a bibliographic lookup of the {_n(named, 'work')} PROBLEM.md names"
        if result.named_unfound:
            looked += " (not found: " + "; ".join(result.named_unfound) + ")"
        done.append(looked)
    tried = _join(done)
    new_ref = [r.id for r in refs if r.kind == "REF"]
    new_uref = [r.id for r in refs if r.kind == "UREF"]
    if result.all_down:
        tried += f": {plan.summary()}. No source answered."
    else:
        tried += (
            f". {_n(len(new_ref) + len(new_uref), 'new candidate')}, {len(new_ref)} confirmed, "
            f"{len(new_uref)} unconfirmed"
        )
        if result.already_listed:
            tried += f"; {len(result.already_listed)} already listed"
        if ran:
            # Read back by the next search (`queries.prior_queries`): what not to ask again.
            tried += ". Queries: " + "; ".join(f"`{q.display()}`" for q in ran)
    down = [f"{label(b)} ({r.error_summary})" for b, r in reports.items() if r.down]
    if outcome == "FAILED" and result.all_down:
        reasoning = "No source answered: " + ", ".join(down) + "."
    elif not new_ref and not new_uref and result.already_listed:
        reasoning = nothing_new(result)
    elif outcome == "FAILED":
        reasoning = "No paper found matched the problem's terms."
    else:
        total = len(new_ref) + len(new_uref)
        reasoning = (
            f"{len(new_ref)} of {_n(total, 'new candidate')} confirmed against their sources"
        )
        reasons = Counter(
            r for c in result.unconfirmed if (ch := result.check(c)) for r in ch.reasons[:1]
        )
        if new_uref and reasons:
            reasoning += "; unconfirmed because " + "; ".join(r for r, _ in reasons.most_common(2))
        reasoning += "."
    if down and not result.all_down:
        reasoning += f" Unavailable: {', '.join(down)}."
    if result.all_down:
        artifacts = "none (LITERATURE.md unchanged)"
    else:
        made = ", ".join(x for x in (_span(new_ref), _span(new_uref)) if x)
        artifacts = "[LITERATURE.md](LITERATURE.md)" + (
            f": {made}" if made else ": a Search History row, no new entries"
        )
    tags = result.problem.tags[:5] or [t.text.replace(" ", "-") for t in plan.terms[:3]]
    return NewJournalEntry(
        category="LIT",
        title=title,
        insight=insight(result, refs),
        outcome=outcome,
        agent=AGENT,
        strategy_type=result.strategy,
        tags=tags,
        what_was_tried=tried,
        reasoning=reasoning,
        artifacts=artifacts,
        related_files="[PROBLEM.md](PROBLEM.md), [LITERATURE.md](LITERATURE.md)",
        timestamp=result.started_at,
    )


# -- everything ---------------------------------------------------------------------------------
def plan_writes(result: SearchResult) -> SearchWrites:
    """The new LITERATURE.md and JOURNAL.md for `result`, from the texts it started with.

    Nothing at all when the plan had nothing to run, and nothing when no source answered: an
    outage is not research (a FAILED literature attempt would feed dead-end detection). Raises
    SearchWriteError when a file's frontmatter cannot be updated."""
    writes = SearchWrites(None, None)
    if result.nothing_to_do or result.all_down:
        return writes
    folder = result.problem_dir
    refs: list[NewReference] = []
    if not result.all_down:
        doc = LiteratureDoc(result.literature_text) if result.literature_text is not None else None
        journal = [MarkdownDoc(result.journal_text)] if result.journal_text is not None else []
        refs = new_references(result, doc, journal)
        confirmed = [r.id for r in refs if r.kind == "REF"]
        row = history_cells(result, len(confirmed))
        if confirmed:  # the ids stay on record: a number once written is never handed out again
            row[-1] += f" ({_span(confirmed)})"
        text = literature_text(result, refs, row)
        writes.literature = FileUpdate(folder / "LITERATURE.md", result.literature_text, text)
        writes.references, writes.history_row = refs, row
    entry = journal_entry(result, refs)
    base = result.journal_text
    if base is None:
        base = fill_template(
            "JOURNAL.md",
            {"PROBLEM_SLUG": result.slug, "PROBLEM_TITLE": result.problem.title or result.slug},
            folder_line_ending(folder),
        )
    try:
        new_journal, entry_id = write_journal_entry(base, entry)
    except ValueError as exc:
        raise SearchWriteError(f"JOURNAL.md cannot be updated safely: {exc}") from exc
    writes.journal = FileUpdate(folder / "JOURNAL.md", result.journal_text, new_journal)
    writes.journal_entry, writes.journal_id = entry, entry_id
    return writes


def describe_writes(writes: SearchWrites) -> list[str]:
    """What would be (or was) written, one line per file."""
    lines = []
    if writes.literature is not None:
        made = ", ".join(
            x
            for x in (
                _span([r.id for r in writes.new_confirmed]),
                _span([r.id for r in writes.new_unconfirmed]),
            )
            if x
        )
        verb = "create" if writes.literature.created else "update"
        changed = frontmatter_changed(writes.literature.original, writes.literature.text)
        lines.append(
            f"LITERATURE.md ({verb}): Search History row; "
            + (f"new entries {made}" if made else "no new entries")
            + (f"; frontmatter {changed}" if changed else "")
        )
    if writes.journal is not None and writes.journal_entry is not None:
        verb = "create" if writes.journal.created else "update"
        e = writes.journal_entry
        lines.append(
            f"JOURNAL.md ({verb}): {writes.journal_id} {e.outcome} ({e.strategy_type}) — {e.title}"
        )
    return lines


_COUNT_KEYS = ("total_papers", "confirmed_count", "unconfirmed_count")


def frontmatter_changed(original: str | None, text: str) -> str:
    """What of LITERATURE.md's frontmatter a write changes, as the report names it: "counts"
    only when a count moved (a search that adds nothing leaves them as they were), else the
    keys that did change (`last_search`, `sources_queried`); "" when nothing did."""
    if original is None:
        return "counts"
    before, after = parse_frontmatter(original).data, parse_frontmatter(text).data
    moved = [k for k in after if before.get(k) != after.get(k)]
    if any(k in _COUNT_KEYS for k in moved):
        return "counts"
    return " and ".join(f"`{k}`" for k in moved)


def reference_ids(refs: Sequence[NewReference]) -> list[str]:
    return [ref_id(r.kind, r.number) for r in refs]
