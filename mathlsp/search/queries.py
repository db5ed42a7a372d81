"""Query construction: pure, from a PROBLEM.md.

`build_queries` reads the statement (LaTeX stripped to plain mathematical English), tags, Known
Results (theorem names, cited authors) and References (authors, titles, identifiers), picks arXiv
categories from the domain table, and returns a `QueryPlan`: 3–5 arXiv queries in arXiv's
`search_query` syntax and 2–3 plain-text queries for each other backend, in priority order. An
explicit user query leads and the others adjust around it. Queries an earlier search ran
(`prior`, from the LIT- journal entries) are skipped and the next candidate query takes their
place, so an incremental search asks something new. The plan also carries the weighted `terms`
that relevance is measured by.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from mathlsp.notes.identifiers import find_identifiers
from mathlsp.notes.problem import DOMAIN_CATEGORIES, ProblemDoc
from mathlsp.search.byline import byline_topic, subject_words, tag_words
from mathlsp.search.citation import parse_citation
from mathlsp.search.excluded import without_exclusions
from mathlsp.search.inline import identifiers_in, without_identifiers
from mathlsp.search.inline import sentences as sentences_of
from mathlsp.search.labelled import Labelled, split_statement
from mathlsp.search.notation import notation_meanings
from mathlsp.search.people import given_names
from mathlsp.search.prose import breaks_noun, clause_in
from mathlsp.search.spelling import american
from mathlsp.search.text import (
    _ADJECTIVAL,
    CLAUSE_VERBS,
    GENERIC,
    REPORTING,
    STOPWORDS,
    contains_phrase,
    core,
    fold_keep_case,
    joint_possessives,
    key_phrases,
    people_named,
    plain_text,
    query_words,
    remark,
    says_et_al,
    stem,
    stems,
    words,
)
from mathlsp.search.zbmath_plan import zbmath_pool
from mathlsp.sources.labels import label
from mathlsp.sources.openalex_query import AUTHOR_FILTER
from mathlsp.sources.record import Identifier, IdKind, parse_identifier
from mathlsp.verify.normalize import fold

#: Discovery backends, in the order queries are shown and run.
DISCOVERY = ("arxiv", "semantic_scholar", "openalex", "pubmed", "theoremsearch", "zbmath")
#: How many queries each backend gets (arXiv: 5 when the user gave a query, else 4).
QUOTA = {"arxiv": 5, "semantic_scholar": 7, "openalex": 7, "pubmed": 2, "theoremsearch": 2}
#: Further queries per backend, asked only with the request budget the first ones left over (a
#: backend with nothing on the subject gives its share to the ones that answer).
SPARE = {"arxiv": 2, "semantic_scholar": 4, "openalex": 4, "pubmed": 0, "theoremsearch": 0}
# zbMATH: the problem's subject under its MSC classes (search/zbmath_plan.py). A second query, a
# key object's phrase in the title under the classes, found nothing on 14 of 22 studied problems
# whose literature zbMATH holds, and one gold paper in all, which other backends found too.
QUOTA["zbmath"] = 1
#: OpenAlex starts its topics where arXiv's quota ends, so that together they ask about more.
OPENALEX_OFFSET = 4
ARXIV_WITH_USER_QUERY = 6

# PubMed only for biomedical problems.
BIOMEDICAL = frozenset(
    """
    biology biological biomedical biomedicine medical medicine clinical epidemic epidemics
    epidemiology epidemiological disease diseases infection infections infectious virus viral
    vaccine vaccination immune immunology tumor tumour tumors tumours cancer oncology neuron
    neurons neuronal neuroscience gene genes genetic genetics genomic genome genomics protein
    proteins enzyme enzymes pharmacokinetic pharmacokinetics pharmacology drug drugs patient
    patients physiology physiological morphogenesis dna rna bacteria bacterial
    phylogenetic phylogenetics cardiac brain biochemical metabolic insulin glucose
    pathogen pathogens ecology ecological predator prey hiv malaria covid sars influenza
    tissue tissues hodgkin huxley
    """.split()
)
_ARXIV_SYNTAX = re.compile(r"\b(?:ti|au|abs|cat|all|co|jr|rn|id):", re.IGNORECASE)
_CITATION = re.compile(r"\(([^()]*?)[,\s]+((?:1[5-9]|20)\d\d)[a-z]?\)")
# Journals a citation names before its year, as notes abbreviate them: no one's name.
_JOURNALS = (
    "Annals Inventiones Duke Acta Compositio Crelle Publications Journal Advances Mathematika "
    "Geometry Topology Forum Algebra Selecta Nonlinearity"
).split()
_NAME_YEAR = re.compile(
    # An en or em dash joins people too ("Palmer–Tracy (1981)": not Tracy alone).
    r"((?:[A-Z][\w'’-]+)(?:\s*(?:,|\band\b|&|[–—])\s*[A-Z][\w'’-]+)*(?:\s+et\s+al\.?)?)"
    # "Lacoin, Rhodes, Vargas (CMP 2015)": a journal's abbreviation may come before the year.
    r"\s*\((?:(?:[A-Z]{2,}|[A-Z][a-z]*\.|" + "|".join(_JOURNALS) + r")\s+){0,3}"
    # "Chelkak–Smirnov (2011, 2012)": the same people's later works.
    r"((?:1[5-9]|20)\d\d)[a-z]?(?:\s*,\s*(?:1[5-9]|20)\d\d[a-z]?)*\)"
)
# A capitalised surname, or several joined by dashes ("Caffarelli–Vázquez", "Heath-Brown").
_SURNAMES = r"[A-Z][^\W\d_]*[a-z][^\W\d_]*(?:[-–][A-Z][^\W\d_]+)*"
# "Caffarelli–Vázquez 2011 (existence, …)": names and a bare year.
_NAME_BARE_YEAR = re.compile(rf"(?<![\w-])({_SURNAMES})\s+((?:1[5-9]|20)\d\d)\b")
# "Calderini et al.", "Zhou–Pott et al.": people and "et al." without a year.
_NAME_ET_AL = re.compile(rf"(?<![\w-])({_SURNAMES})\s+et\s+al\b")
# A Known Result that opens with its authors and a colon: "Cerrai–Röckner: multiplicative
# noise …", "Salins, Budhiraja, Dupuis: uniform LDP …", "Freidlin (1988): …".
_AUTHOR_UNIT = rf"{_SURNAMES}(?:\s*\([^()]*\))?"
_ATTRIBUTED = re.compile(rf"^\W*((?:{_AUTHOR_UNIT})(?:\s*(?:,|&|\band\b)\s*{_AUTHOR_UNIT})*)\s*:")
# What a line may open with before a colon that is no one.
_LABELS = frozenset(
    "note remark remarks example examples open status idea ideas heuristic heuristics "
    "motivation caveat warning background definition definitions setting summary context "
    "question questions answer update aside goal goals known partial".split()
)
_THEOREM = re.compile(
    r"((?:[A-Z][\w'’]*(?:[-–][A-Z][\w'’]*)*(?:'s|’s)?\s+){1,3})"
    r"(theorems?|lemma|conjectures?|inequality|inequalities|principle|formula|criterion|series|"
    r"transforms?|decomposition|hypothesis|equations?|identity|estimates?|method|problem|bounds?|"
    r"expansions?|algorithm|graphs?|spaces?|algebras?|groups?|walks?|flows?|polynomials?|"
    r"operators?|measures?|numbers|bases|basis|chains?|process|processes|fields?|manifolds?|"
    r"surfaces?|functions?|matrices|matrix|property|lattices?|curves?|varieties|sets?)\b"
)
_NOT_A_NAME = frozenset(
    "the a an this that these every each for if let by in on our we it its any all one two "
    "see and or with from as at to of".split()
)
_TITLE = re.compile(r"\*{1,2}([^*]+?)\*{1,2}|(?<!\w)_([^_]+?)_(?!\w)|\"([^\"]+)\"|“([^”]+)”")
_ACRONYM = re.compile(r"[A-Z]{2,}s?")
_PMID = re.compile(r"\bpmid:\s*\d{1,9}\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Term:
    """Something a relevant paper should mention, with how much it counts."""

    text: str  # plain search words, lower case ("markov bases")
    kind: str  # "query" | "tag" | "theorem" | "keyword" | "author"
    weight: float
    label: str  # as the user wrote it (the tag `markov-bases`, the query "…")
    # A tag the title, statement or a Known Result also says: one of the problem's objects,
    # not only its field's label.
    echoed: bool = False
    # Said by the problem's title: what the problem is about, not only what it mentions.
    subject: bool = False
    # Another way the problem writes the same thing: "Kardar–Parisi–Zhang equation" for the tag
    # `kpz-equation` (plain search words, lower case).
    alias: str = ""
    # An author: the given names or initials the note writes with the surname ("Yitang",
    # "D. R."), "" when it writes the surname alone (`search/people.py`).
    given: str = ""
    # An author whose work a Known Result or a Reference cites (not only a person the statement
    # names an object after): the named-works look-up asks for that work (`search/named.py`).
    cited: bool = False

    @property
    def stems(self) -> tuple[str, ...]:
        return _word_stems(self.text)

    @property
    def alias_stems(self) -> tuple[str, ...]:
        return _word_stems(self.alias)


@lru_cache(maxsize=8192)
def _word_stems(text: str) -> tuple[str, ...]:
    # Ranking reads every term's stems for every candidate (~23k times in a 700-record search):
    # a term's few words are stemmed once, not each time.
    return tuple(stem(w) for w in words(text))


@dataclass(frozen=True, slots=True)
class PlannedQuery:
    backend: str
    query: str  # in the backend's own syntax
    purpose: str  # "your query", "category + tags", "title", "known theorem", "author", …
    # Asked once instead when the query returns nothing: fewer phrases, no category.
    broader: str = ""
    # The cited authors an "author + topic" query pairs with the topic: what another backend's
    # answer about the same people says of this one (search/run.py).
    authors: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return query_key(self.backend, self.query)

    def display(self) -> str:
        return f"{self.backend}: {clean_query(self.query)}"


@dataclass(frozen=True, slots=True)
class ReferenceSeed:
    """A PROBLEM.md reference: its identifiers, and the title/authors it names (if any)."""

    text: str
    identifiers: tuple[Identifier, ...]
    title: str | None
    authors: tuple[str, ...]


@dataclass(slots=True)
class QueryPlan:
    queries: list[PlannedQuery]
    terms: list[Term]
    references: list[ReferenceSeed]
    primary_categories: tuple[str, ...]
    secondary_categories: tuple[str, ...]
    user_query: str | None = None
    biomedical: bool = False
    mathematical: bool = True
    skipped_backends: dict[str, str] = field(default_factory=dict)  # backend → why
    already_run: list[PlannedQuery] = field(default_factory=list)  # in the Search History
    # Asked only if the request budget allows once the queries above are sent (see run.py).
    spare: list[PlannedQuery] = field(default_factory=list)
    prior_keys: frozenset[str] = frozenset()  # `query_key`s the Search History already holds

    def for_backend(self, backend: str) -> list[str]:
        return [q.query for q in self.queries if q.backend == backend]

    @property
    def by_backend(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for q in self.queries:
            out.setdefault(q.backend, []).append(q.query)
        return out

    @property
    def backends(self) -> list[str]:
        return [b for b in DISCOVERY if any(q.backend == b for q in self.queries)]

    @property
    def reference_ids(self) -> list[Identifier]:
        return list(dict.fromkeys(i for r in self.references for i in r.identifiers))

    @property
    def empty(self) -> bool:
        return not self.queries and not self.reference_ids

    def summary(self, queries: Iterable[PlannedQuery] | None = None) -> str:
        """The queries as the Search History records them: `` `backend: query` `` joined by `; `
        (parsed back by `parse_summary`)."""
        chosen = self.queries if queries is None else list(queries)
        return "; ".join(f"`{q.display()}`" for q in chosen)


def id_text(ident: Identifier) -> str:
    """An identifier as a user writes it: `arXiv:2301.12345`, `doi:10.1007/x`, `pmid:123`."""
    return f"arXiv:{ident.versioned}" if ident.kind is IdKind.ARXIV else str(ident)


# -- prior queries ------------------------------------------------------------------------------
def clean_query(query: str) -> str:
    """One line, no backticks (they delimit queries in the Search History)."""
    return " ".join(query.replace("`", "'").split())


def query_key(backend: str, query: str) -> str:
    """What makes two queries "identical": backend, words, case-insensitively."""
    return f"{backend}: {clean_query(query).lower()}"


_SUMMARY_QUERY = re.compile(r"`(?P<backend>[a-z_]+):\s*(?P<query>[^`]*)`")


def parse_summary(cell: str) -> list[tuple[str, str]]:
    """`(backend, query)` pairs recorded in a Search History summary cell."""
    return [
        (m["backend"], m["query"].strip())
        for m in _SUMMARY_QUERY.finditer(cell)
        if m["backend"] in DISCOVERY and m["query"].strip()
    ]


_TRIED = re.compile(r"^[ \t]*[-*+][ \t]+\*\*What was tried:\*\*(?P<text>.*)$", re.MULTILINE)


def prior_queries(
    history_cells: Iterable[Sequence[str]], journal_text: str | None = None
) -> set[str]:
    """Keys (`query_key`) of every query a search ran: recorded in its LIT- journal entry's
    "What was tried" (`` `backend: query` ``), and in Search History rows written before the
    row kept only a summary."""
    out: set[str] = set()
    for cells in history_cells:
        if len(cells) > 1:
            out.update(query_key(b, q) for b, q in parse_summary(cells[1]))
    for m in _TRIED.finditer(journal_text or ""):
        out.update(query_key(b, q) for b, q in parse_summary(m["text"]))
    return out


# -- reading the problem ------------------------------------------------------------------------
_POSSESSIVE_END = re.compile(r"(?<=\w)['’]s?$")


def _surname(name: str) -> str | None:
    name = re.sub(r"\bet\.?\s*al\.?", "", name).strip(" .,;")
    parts = [p for p in re.split(r"\s+", name) if p]
    # "Kato", "T. Kato", "Kato, T." (the caller split at commas), "van der Waerden".
    caps = [p for p in parts if p[:1].isupper() and not re.fullmatch(r"[A-Z]\.?(?:-[A-Z]\.?)?", p)]
    if not caps:
        return None
    # "Girstmair's work in the 1990s": the possessive is the sentence's, not the surname's.
    last = _POSSESSIVE_END.sub("", caps[-1].strip(".,;"))
    if len(last) < 2 or last.lower() in _NOT_A_NAME or last.lower() in STOPWORDS:
        return None
    return last


def attributed_authors(text: str) -> list[tuple[str, ...]]:
    """The people a Known Result opens with, before a colon ("Budhiraja–Dupuis–Maroulas: the
    weak convergence method …"): its authors, an en dash joining several."""
    m = _ATTRIBUTED.match(plain_text(text))
    if m is None:
        return []
    one_person = _one_person(text)
    names = [
        n
        for part in re.split(r"\s*(?:,|&|\band\b)\s*", re.sub(r"\([^()]*\)", "", m.group(1)))
        for n in _people_of(part.strip(), one_person)
        if len(n) > 1 and n.lower() not in _NOT_A_NAME | _LABELS and n.lower() not in STOPWORDS
    ]
    group = tuple(dict.fromkeys(names))
    return [group] if group else []


def cited_authors(text: str) -> list[tuple[str, ...]]:
    """Author groups cited as `(Stanley and Windisch 2016)` or `Kato (1966)`."""
    groups: list[tuple[str, ...]] = []
    # "W. Chen (Annals 2024)": the parenthesis after a name holds its venue, not people.
    venues = [m.span(2) for m in _NAME_YEAR.finditer(text)]
    found = [
        m.group(1)
        for m in _CITATION.finditer(text)
        if not any(m.start() <= a < m.end() for a, _ in venues)
    ]
    found += [m.group(1) for m in _NAME_YEAR.finditer(text)]
    rest = _NAME_YEAR.sub(" ", _CITATION.sub(" ", text))
    found += [m.group(1).replace("–", ",") for m in _NAME_BARE_YEAR.finditer(rest)]
    # "Calderini et al. bivariate": a byline without its year is a citation still.
    found += [m.group(1).replace("–", ",") for m in _NAME_ET_AL.finditer(rest)]
    venues = venue_words(text) | _JOURNAL_WORDS
    for raw in found:
        # An en dash joins people ("Nualart–Pardoux 1992"); a hyphen is one surname's
        # ("Heath-Brown", "Donati-Martin").
        names = [_surname(p) for p in re.split(r"\s*(?:,|;|&|\band\b|[–—])\s*", raw) if p.strip()]
        # A journal's abbreviation ("(CMP 2015)", "(Invent. Math. 2018)") is no one.
        group = tuple(
            dict.fromkeys(
                n
                for n in names
                if n and not n.isupper() and n not in _JOURNALS and n.lower() not in venues
            )
        )
        if group and group not in groups:
            groups.append(group)
    return groups


# What a named result is, when its name opens a sentence: "Neumann series converges" names one,
# "Dense sets of integers …" and "Groups of polynomial growth …" do not.
_NAMED_KINDS = frozenset(
    "theorem theorems lemma conjecture conjectures inequality inequalities principle formula "
    "criterion series transform transforms decomposition hypothesis identity expansion "
    "expansions algorithm method problem".split()
)


def theorem_names(text: str) -> list[str]:
    """Named results: "Neumann series", "Szemerédi's theorem", "Ramanujan graphs" — named after
    someone: a capitalised word of three letters or more ("L2 function", read off
    `$L^2$ function`, is a symbol, not a name)."""
    out: list[str] = []
    plain = plain_text(text)
    for m in _THEOREM.finditer(plain):
        names = m.group(1).split()
        while names and names[0].lower().strip("'’s") in _NOT_A_NAME:
            names = names[1:]
        if not names:
            continue
        if not any(
            re.fullmatch(r"[A-Z][^\W\d_]{2,}(?:['’]s)?(?:[-–][A-Z][^\W\d_]+)*", n) for n in names
        ):
            continue
        start = m.start(1) + m.group(1).index(names[0])
        opens = not plain[:start].strip() or plain[:start].rstrip()[-1:] in ".!?:|"
        possessive = any(n.endswith(("'s", "’s")) for n in names)
        if opens and len(names) == 1 and not possessive and m.group(2).lower() not in _NAMED_KINDS:
            continue
        phrase = " ".join([*names, m.group(2)])
        if phrase.lower() not in (o.lower() for o in out):
            out.append(phrase)
    return out


_JOINED_NAMES = re.compile(r"\b([A-Z][^\W\d_]+(?:[-–][A-Z][^\W\d_]+)+)\b")


_INITIAL_THEN_NAME = re.compile(r"\b[A-Z]\.\s*([A-Z][^\W\d_]+(?:-[A-Z][^\W\d_]+)+)\b")


def _one_person(text: str) -> set[str]:
    """Hyphenated names the text shows to be one person: after an initial ("M. Sanz-Solé"), or
    read so by `people_named` ("Bar-Natan's framework", "Heath-Brown showed")."""
    plain = plain_text(text)
    found = {m.group(1) for m in _INITIAL_THEN_NAME.finditer(plain)}
    found |= {n for g in people_named(text) for n in g if "-" in n}
    return found


def _people_of(joined: str, one_person: Collection[str]) -> list[str]:
    # An en dash always joins people (Davenport–Heilbronn); a hyphen does unless the text shows
    # the joined name to be one person's (Bar-Natan).
    return [
        p for part in joined.split("–") for p in ([part] if part in one_person else part.split("-"))
    ]


def statement_names(text: str) -> list[str]:
    """Surnames joined by dashes — "Kermack–McKendrick", "Erdős–Ko–Rado": people an object is
    named after."""
    out: list[str] = []
    one_person = _one_person(text)
    for m in _JOINED_NAMES.finditer(plain_text(text)):
        for name in _people_of(m.group(1), one_person):
            if len(name) > 1 and name not in out:
                out.append(name)
    return out


def reference_seed(text: str, mentions: Iterable[object] = ()) -> ReferenceSeed:
    """A References item: its identifiers (arXiv, DOI, PMID, S2, OpenAlex) and named title."""
    ids: list[Identifier] = []
    for m in mentions:
        kind, value, valid = getattr(m, "kind", ""), getattr(m, "value", ""), getattr(m, "valid", 0)
        if not valid:
            continue
        ident = parse_identifier(f"arXiv:{value}" if kind == "arxiv" else f"doi:{value}")
        if ident is not None:
            ids.append(ident.unversioned())
    for m in _PMID.finditer(text):
        ident = parse_identifier(m.group(0))
        if ident is not None:
            ids.append(ident)
    for token in re.findall(r"\b(?:s2|openalex):\s*\S+", text, re.IGNORECASE):
        ident = parse_identifier(token)
        if ident is not None:
            ids.append(ident)
    title_match = _TITLE.search(text)
    title = None
    authors: tuple[str, ...] = ()
    if title_match:
        title = next(g for g in title_match.groups() if g).strip()
        before = text[: title_match.start()]
        names = [_surname(p) for p in re.split(r"\s*(?:;|&|\band\b|,)\s*", before) if p.strip()]
        authors = tuple(dict.fromkeys(n for n in names if n))
    else:
        authors, title = _unmarked_title(text)
        if title is None and not ids and (parsed := parse_citation(text)) is not None:
            # The forms the comma reading leaves: APA (`Hooley, C. (1967). Title. …`) and whole
            # names (`Martin Hairer, Title, 2014`).
            authors, title, _ = parsed
    return ReferenceSeed(text, tuple(dict.fromkeys(ids)), title, authors)


# An author as a bibliography writes one: initials, then a surname ("J.-C. Mourrat", "Yu. G.
# Zarhin", "B. van Geemen", "É. Fouvry").
_BIB_AUTHOR = re.compile(
    r"(?:[^\W\d_][a-z]?\.[\s-]*)+(?:(?:van|von|de|der|la|le|du|di|da|del|dos)\s+)*"
    r"[^\W\d_][^\W\d_'’]+(?:[-–][^\W\d_]+)*"
)
# Where a title ends: a volume, page or year number, an identifier, a journal's abbreviation.
_VENUE = re.compile(r"(?<![\w.])\d+(?![\w.])|\b(?:arXiv|doi|https?):|\b[A-Z][a-z]{0,7}\.(?=\s|$)")


def _unmarked_title(text: str) -> tuple[tuple[str, ...], str | None]:
    """(authors, title) of a reference written "A. Author, B. Author, Title, Venue 12 (2003)" with
    no marks on its title, as bibliographies are copied: the authors are the leading initials-and-
    surname parts, the title the parts after them up to the venue, a number or an identifier."""
    body = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", text.strip())
    parts = [p.strip() for p in body.split(",")]
    names: list[str] = []
    while parts and _BIB_AUTHOR.fullmatch(parts[0]) and parts[0][:1].isupper():
        names.append(parts.pop(0))
    if not names:
        return (), None
    kept: list[str] = []
    for part in parts:
        part_ = re.sub(r"\(\s*(?:1[5-9]|20)\d\d\s*\)\s*$", "", part).strip()
        if not part_ or _VENUE.search(part_):
            break
        kept.append(part_)
        if part_ != part:  # a year closed it
            break
    title = ", ".join(kept)
    if len(title.split()) < 3:
        return (), None
    surnames = (_surname(n) for n in names)
    return tuple(dict.fromkeys(n for n in surnames if n)), title


def is_biomedical(problem: ProblemDoc, user_query: str | None = None) -> bool:
    subdomain = str(problem.frontmatter.get("subdomain") or "")
    text = " ".join(
        [problem.title, subdomain, " ".join(problem.tags), problem.statement, user_query or ""]
    )
    found = set(words(text)) & BIOMEDICAL
    if "biology" in subdomain.lower():
        return True
    # In a mathematics domain one such word is usually a homonym or an aside (a network's
    # "neurons", a "virus" in an example); a biomedical problem there names several.
    return len(found) >= (2 if problem.domain in DOMAIN_CATEGORIES else 1)


def is_mathematical(problem: ProblemDoc, biomedical: bool) -> bool:
    """TheoremSearch is for math problems: a domain of the table, or `other` that is not a
    biomedical one (mathematical physics, numerical analysis, …)."""
    return problem.domain in DOMAIN_CATEGORIES or not biomedical


# -- building -----------------------------------------------------------------------------------
def _phrase(field_: str, phrase: str) -> str:
    text = query_words(phrase)
    return f'{field_}:"{text}"' if " " in text else f"{field_}:{text}"


def _cats(categories: Sequence[str]) -> str:
    parts = [f"cat:{c}" for c in categories]
    return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"


def _and(parts: Sequence[str]) -> str:
    return " AND ".join(p for p in parts if p)


def _with_cats(categories: Sequence[str], query: str) -> str:
    if not categories:
        return query
    inner = f"({query})" if " AND " in query or " OR " in query else query
    return f"{_cats(categories)} AND {inner}"


def _plain_of_arxiv(query: str) -> str:
    """An arXiv-syntax query as plain words for the other backends."""
    text = _ARXIV_SYNTAX.sub(" ", query)
    text = re.sub(r"\b(?:AND|OR|ANDNOT)\b|[()\"]", " ", text)
    return " ".join(text.split())


def _words_of(phrases: Iterable[str], limit: int = 10) -> str:
    seen: list[str] = []
    for p in phrases:
        # All-words backends: "Laver's algebra" is answered by papers saying "Laver" and "algebra".
        for w in re.sub(r"['’]s\b", "", query_words(p)).split():
            if w.lower() not in (s.lower() for s in seen):
                seen.append(w)
    return " ".join(seen[:limit])


@dataclass(slots=True)
class _Material:
    tags: list[str]  # as search phrases ("random walks")
    statement: list[str]  # key phrases of the statement
    known: list[str]  # key phrases of the Known Results (authors removed)
    theorems: list[str]
    author_groups: list[tuple[str, ...]]
    known_sentences: list[str]  # Known Results as plain sentences, citations removed
    ref_titles: list[str]
    user: list[str]  # key phrases of the user's query
    # Per Known Result, its own key phrases (authors removed), in the order written.
    known_items: list[list[str]] = field(default_factory=list)
    # What each cited author group wrote about: the key phrase of their Known Result.
    author_topics: dict[tuple[str, ...], str] = field(default_factory=dict)
    # A tag named after several people, as papers often shorten it: "landau siegel zeros" →
    # "siegel zeros".
    short_tags: dict[str, str] = field(default_factory=dict)
    # The title's own words for the subject, beyond the tags' (`title_words`).
    title_words: list[str] = field(default_factory=list)
    # The groups a statement without Known Results cites in passing (`_material`).
    in_passing: list[tuple[str, ...]] = field(default_factory=list)


# Words a statement uses to say what it wants, not what it is about: never a query on their own.
FILLER = frozenset(
    "valid sharper sharp better best improve improved improving explicit new find show prove "
    "determine establish obtain give given using via such every each certain general known "
    "large small sufficiently arbitrary possible optimal strong weak".split()
)


def _telling_phrases(phrases: Sequence[str]) -> list[str]:
    """Key phrases that can stand as queries: phrases of two or more words; a single word only
    when the statement has no phrase at all, and never a filler word ("valid", "sharper")."""
    unique = list(dict.fromkeys(phrases))
    multi = [p for p in unique if len(p.replace("-", " ").split()) >= 2]
    singles = [p for p in unique if p not in multi and p.lower() not in FILLER]
    return multi if multi else singles


# More verbs a sentence runs on with, none of them a mathematical noun or adjective ("Kahane's
# theory builds", "the plane splits into", "marginals become independent").
_RUN_ON = frozenset(
    """
    build builds become becomes became arise arises arose appear appears appeared seem seems
    depend depends behave behaves happen happens allow allows involve involves concern
    concerns differ differs agree agrees suggest suggests explain explains expect expects
    believe believes hope hopes blows stays turns turned splits handle handles combine hence
    identify identifies reduce reduces prevent prevents stay fill treat treats
    reach reaches reached predict predicts look looks respond responds wander wanders
    cause causes caused deviate deviates
    """.split()
)


def _prose(phrase: str, source: str) -> bool:
    """Whether a key phrase cut from `source` is prose, not a noun phrase of the mathematics: a
    clause around a verb ("treated non compact domains", "golomb rulers relax"), or a run of
    people's surnames ("haines kottwitz reuman", from "Görtz–Haines–Kottwitz–Reuman"). No
    title or abstract says either. A named object in capitals ("Wholeness Axiom") is no run of
    people: only names the source joins by dashes or says did something count."""
    ws = words(phrase)
    if not ws:
        return True
    if ws[-1] in REPORTING or any(w in CLAUSE_VERBS or w in _RUN_ON for w in ws):
        return True
    # A note's own remarks ("density statements", "multi species versions") and a clause read
    # where the note says it ("parity sequence predicts a …", "random variables behind it").
    if remark(phrase) or clause_in(phrase, source):
        return True
    if ws[0] in REPORTING and ws[0] not in _ADJECTIVAL:
        return True
    people = {w for n in statement_names(source) for w in words(n)}
    people |= {w for g in people_named(source) for n in g for w in words(n)}
    # "Freidlin–Wentzell's versus Dembo–Zeitouni's": people compared are people still.
    named = [w for w in ws if w not in ("versus", "vs")]
    return len(named) >= 2 and all(w in people for w in named)


# Past participles that end no noun phrase of the mathematics: "porous medium flow driven (by …)".
_PARTICIPLES = frozenset(
    "driven given known shown taken chosen written seen done made proven drawn grown held left "
    "built begun".split()
)


# Endings of adverbs ("interested mostly", "grimmelt recently"), none of a noun or adjective of
# the mathematics ("family", "lonely", "early", "anomaly" end otherwise).
_ADVERB_ENDINGS = ("tly", "lly", "ously", "ively", "mly", "ghly", "sely", "tely", "rely", "gely")


def _is_adverb(token: str) -> bool:
    ws = words(token)
    return bool(ws) and len(ws[-1]) > 5 and ws[-1].endswith(_ADVERB_ENDINGS)


def _is_verb(token: str, last: bool) -> bool:
    ws = words(token)
    if not ws:
        return False
    w = ws[-1]
    # "the hole closes at", "Kelley–Morse inside it", "hook length divisible by": no noun's word.
    if w in CLAUSE_VERBS or w in _RUN_ON or breaks_noun(w, last):
        return True
    if w in REPORTING:
        return last or w not in _ADJECTIVAL
    # A phrase ends with a noun: a participle after it opens a clause ("… flow driven by").
    # "speed", "seed", "hundred" end so and are nouns.
    ed = len(w) > 4 and w.endswith("ed") and not w.endswith(("eed", "dred"))
    return last and len(ws) == 1 and (w in _PARTICIPLES or ed)


def noun_part(phrase: str) -> str:
    """The noun phrase inside a key phrase cut around a verb: the longest run of words between
    the verbs ("porous medium flow driven" → "porous medium flow", "serre duality identifies" →
    "serre duality", "treated non-compact domains" → "non-compact domains"); "" when no run of
    two words is left ("theory builds"). A phrase without a verb is itself."""
    tokens = phrase.split()
    verbs = [_is_verb(t, last=i == len(tokens) - 1) for i, t in enumerate(tokens)]
    # An adverb before an adjective is part of the name ("algebraically closed field", "totally
    # real"); one that ends the phrase or goes with a verb ("interested mostly", "grimmelt
    # recently surveyed") says how, never what.
    for i in range(len(tokens) - 1, -1, -1):
        after = i + 1 == len(tokens) or verbs[i + 1]
        verbs[i] = verbs[i] or (after and _is_adverb(tokens[i]))
    runs: list[list[str]] = [[]]
    for t, verb in zip(tokens, verbs, strict=True):
        if verb:
            runs.append([])
        else:
            runs[-1].append(t)
    if len(runs) == 1:
        return phrase
    best = max(runs, key=len)
    return " ".join(best) if len(words(" ".join(best))) >= 2 else ""


# A venue as notes abbreviate it: two abbreviated words or more ("Invent. Math. 33", "Duke Math.
# J.", "Amer. J. Math."), or one before a volume or year ("Represent. Theory 2017").
_VENUE_RUN = re.compile(
    r"(?<![\w.])([A-Z][a-z]{1,8}\.(?:\s*[A-Z][a-z]{0,8}\.)+"
    r"|[A-Z][a-z]{1,8}\.(?=,?\s*(?:\d|[A-Z][a-z]+,?\s+\d)))"
)
# Words of a journal's name that are no one's ("Algebra & Number Theory (2021)").
_JOURNAL_WORDS = frozenset(
    "theory math mathematics journal letters bulletin transactions proceedings reviews "
    "communications annals".split()
)
# A citation key glued to its year ("\\cite{venkatesh2013}").
_CITE_KEY = re.compile(r"^[a-z]+(?:1[5-9]|20)\d\d[a-z]?$")


def venue_words(text: str) -> set[str]:
    """The words `text` writes as a journal's abbreviation ("Invent. Math. 33": invent, math)."""
    return {w for m in _VENUE_RUN.finditer(text) for w in words(m.group(1)) if len(w) > 1}


def _not_a_subject(
    phrase: str, source: str, venues: Collection[str], people: Collection[str]
) -> bool:
    """A journal's name ("invent math", from "Invent. Math."), a citation key
    ("tevenkatesh2013"), or someone's full name ("Wenxian Shen", a cited surname after a name
    the source capitalises), or a byline ("Basor et al", asked, brought 25 papers saying "et
    al"): what a note says about a paper, never what it is about."""
    ws = words(phrase)
    if any(w in venues or _CITE_KEY.match(w) for w in ws):
        return True
    if says_et_al(ws):
        return True
    if len(ws) >= 2 and ws[-1] in people:
        caps = {fold(w).lower() for w in re.findall(r"\b[A-Z][^\W\d_]+", source)}
        return all(w in caps for w in ws)
    return False


def short_names(phrases: Sequence[str], text: str) -> dict[str, str]:
    """Phrases that open with names the text joins by a dash ("Landau–Siegel zeros"), each with
    the shorter form papers also use: the last name and the rest ("siegel zeros")."""
    one_person = _one_person(text)
    groups = [
        [fold(n).lower() for n in _people_of(m.group(1), one_person)]
        for m in _JOINED_NAMES.finditer(plain_text(text))
    ]
    out: dict[str, str] = {}
    for phrase in phrases:
        ws = phrase.lower().split()
        for g in groups:
            if len(g) >= 2 and len(ws) > len(g) and ws[: len(g)] == g:
                out[phrase] = " ".join(ws[len(g) - 1 :])
                break
    return out


_SCRIPTED = re.compile(r"\b[A-Za-z]+(?:-\d+)+\b")


def respelled_tags(tags: Iterable[str], text: str) -> dict[str, str]:
    """Tags written as a glued symbol ("phi43") that the text writes with scripts (`$\\Phi^4_3$`,
    `Φ⁴₃`): each with the words titles and services read the symbol as ("phi 4 3")."""
    spelled = {
        m.group(0).replace("-", "").lower(): query_words(m.group(0)).lower()
        for m in _SCRIPTED.finditer(plain_text(text))
    }
    out: dict[str, str] = {}
    for t in tags:
        glued = re.sub(r"[\s_-]+", "", t).lower()
        if glued in spelled and " " not in query_words(t.replace("_", " ")):
            out[query_words(t.replace("_", " "))] = spelled[glued]
    return out


def spelled_out(text: str) -> dict[str, str]:
    """Acronyms the text also spells out ("LDP" and "large deviation principle"): the acronym,
    lower case, with the words. Titles say the words far more often than the letters."""
    out: dict[str, str] = {}
    acronyms = {
        w.lower() for w in re.findall(r"\b[A-Z]{2,5}(?=s?\b)", plain_text(text)) if len(w) >= 2
    }
    if not acronyms:
        return out
    for phrase in key_phrases(text, limit=40, max_words=6):
        ws = query_words(phrase).lower().split()
        for n in range(2, 6):
            for i in range(len(ws) - n + 1):
                run = ws[i : i + n]
                initials = "".join(w[0] for w in run)
                if initials in acronyms and initials not in out:
                    out[initials] = " ".join(run)
    return out


def spell_out(phrase: str, spelled: Mapping[str, str]) -> str:
    """The phrase with its acronyms in words ("uniform ldp" → "uniform large deviation
    principle"), when the text spells them out."""
    ws = phrase.split()
    out = [spelled.get(w.lower().removesuffix("s"), spelled.get(w.lower(), w)) for w in ws]
    return phrase if out == ws or " ".join(out).lower() == phrase.lower() else " ".join(out)


def _problem_text(problem: ProblemDoc) -> str:
    return " ".join([problem.title, problem.statement, *(k.text for k in problem.known_results)])


def _material(
    problem: ProblemDoc,
    refs: Sequence[ReferenceSeed],
    user: str | None,
    labelled: Labelled | None = None,
) -> _Material:
    """What the plan is built from; `labelled`: the statement's labelled blocks, when the caller
    has split them already (`split_statement`)."""
    respelled = respelled_tags(problem.tags, _problem_text(problem))
    tags = [query_words(t.replace("_", " ")) for t in problem.tags]
    tags = [respelled.get(t, t) for t in tags]
    known_items_text = problem.known_results
    # A note without a Known Results heading may write them under a label in the statement.
    if labelled is None:
        labelled = split_statement(problem.statement)
    known_texts = [k.text for k in problem.known_results] or labelled.known
    statement_text = labelled.statement if labelled.known else problem.statement
    # "(Not the white-noise case, which is the stochastic heat equation.)": a neighbour fenced
    # off, whose words would ask for the literature the note excludes.
    statement_text = without_exclusions(statement_text)
    # "see the note arXiv:2004.09256": the work is looked up (`build_queries`), and its
    # identifier is no phrase ("note arxiv").
    statement_text = without_identifiers(statement_text)

    def who(text: str) -> list[tuple[str, ...]]:
        """Cited authors, and people the prose says did something ("Tsai computed")."""
        return list(
            dict.fromkeys([*attributed_authors(text), *cited_authors(text), *people_named(text)])
        )

    cited = {n for text in known_texts for g in who(text) for n in g}
    cited |= {n for g in people_named(statement_text) for n in g}
    venues = venue_words(_problem_text(problem))
    surnames = {fold(n).lower() for n in cited}
    statement_phrases = [
        p
        for p in map(noun_part, key_phrases(statement_text, limit=8, names=cited))
        if p
        and not _prose(p, statement_text)
        and not _not_a_subject(p, statement_text, venues, surnames)
    ]
    # A title is prose too ("… the Syracuse map: density statements and verification").
    title_phrases = [
        p
        for p in map(noun_part, key_phrases(problem.title, limit=3, names=cited))
        if p and not _prose(p, problem.title)
    ]
    statement = _telling_phrases([*statement_phrases, *title_phrases])
    spelled = spelled_out(_problem_text(problem))
    statement = list(dict.fromkeys(spell_out(p, spelled) for p in statement))
    groups: list[tuple[str, ...]] = []
    theorems: list[str] = []
    known: list[str] = []
    sentences: list[str] = []
    for text in known_texts:
        for g in who(text):
            if g not in groups:
                groups.append(g)
        theorems += [t for t in theorem_names(text) if t not in theorems]

    # A note without Known Results cites in its statement ("Mueller (1998) and Mytnik (2002)
    # treated stable noise …", "later work by Chong, by Chong–Kevei …"): each sentence that
    # names people is what they did, read for its people and their subject as a Known Result
    # is, but no Known Result topic of its own (the statement's key phrases are its objects).
    # Not a sentence's opening word before a colon: in a statement that is a label ("Variants:",
    # "Related:"), where a Known Result opens with its people.
    # Nor an acronym ("the random PDEs obtained …"), nor an eponym's possessive ("Brown's
    # thermal noise"): a statement names objects after people more than it cites them. A joint
    # possessive does tie its people to their result ("Gonçalves–Jara's second-order
    # Boltzmann–Gibbs principle").
    def cite(text: str) -> list[tuple[str, ...]]:
        found = [*cited_authors(text), *people_named(text, possessive=False)]
        found += joint_possessives(text)
        groups = [tuple(n for n in g if not _ACRONYM.fullmatch(n)) for g in found]
        return list(dict.fromkeys(g for g in groups if g))

    own_statement = without_identifiers(without_exclusions(labelled.statement))
    # Each sentence with the groups it cites, read once.
    cited_sentences = (
        [] if known_texts else [(s, c) for s in sentences_of(own_statement) if (c := cite(s))]
    )
    in_passing = [g for _, cited_groups in cited_sentences for g in cited_groups]
    groups += [g for g in dict.fromkeys(in_passing) if g not in groups]
    names = {fold(n) for g in groups for n in g} | {fold(n) for n in cited}
    surnames |= {n.lower() for n in names}
    known_items: list[list[str]] = []
    author_topics: dict[tuple[str, ...], str] = {}
    for text, cited_groups in cited_sentences:
        for g in cited_groups:
            if g not in author_topics and (own := _own_phrases(text, names, venues, surnames)):
                author_topics[g] = spell_out(own[0], spelled)
    for text in known_texts:
        cut = [noun_part(p) for p in key_phrases(text, limit=3, names=names)]
        own = [
            p
            for p in _telling_phrases([p for p in cut if p])
            if not set(p.replace("-", " ").split()) <= names
            and not _prose(p, text)
            and not _not_a_subject(p, text, venues, surnames)
        ]
        own = list(dict.fromkeys(spell_out(p, spelled) for p in own))
        known_items.append(own)
        known += [p for p in own if p not in known]
        for g in who(text):
            if own and g not in author_topics:
                author_topics[g] = own[0]
        sentence = plain_text(_CITATION.sub("", text)).replace(" | ", " ")
        sentence = " ".join(re.sub(r"[|]", " ", sentence).split()).strip(" .")
        if sentence:
            sentences.append(sentence)
    theorems += [t for t in theorem_names(statement_text) if t not in theorems]
    for r in refs:
        if r.authors and r.authors not in groups:
            groups.append(r.authors)
    user_phrases = key_phrases(user, limit=4) if user and not _ARXIV_SYNTAX.search(user) else []
    return _Material(
        tags=[t for t in tags if t],
        statement=statement,
        known=known,
        theorems=theorems,
        author_groups=groups,
        known_sentences=sentences,
        # As the rest of the material is read: `Φ⁴₃` and `$\Phi^4_3$` give the same words.
        ref_titles=[
            " ".join(plain_text(r.title).replace("|", " ").split()) for r in refs if r.title
        ],
        user=user_phrases,
        known_items=known_items,
        author_topics=author_topics,
        short_tags=short_names(
            tags, " ".join([problem.title, problem.statement, *(k.text for k in known_items_text)])
        ),
        title_words=title_words(problem.title, tags[:2]),
        in_passing=in_passing,
    )


def _own_phrases(
    text: str, names: Collection[str], venues: Collection[str], surnames: Collection[str]
) -> list[str]:
    """A cited sentence's key phrases (three at most) that are its subject: no prose, no
    names alone, no venue."""
    cut = [noun_part(p) for p in key_phrases(text, limit=3, names=names)]
    return [
        p
        for p in _telling_phrases([p for p in cut if p])
        if not set(p.replace("-", " ").split()) <= set(names)
        and not _prose(p, text)
        and not _not_a_subject(p, text, venues, surnames)
    ]


# Nouns every field's titles use, which tell no subject from another ("equations", "solutions").
_TITLE_GENERIC = frozenset(
    "equation equations solution solutions problem problems result results theorem theorems "
    "question questions conjecture conjectures case cases".split()
)
#: Title words a "tags + title words" query takes at most.
TITLE_WORDS = 6


def title_words(title: str, tags: Sequence[str]) -> list[str]:
    """The title's content words that none of `tags` (those the query asks) says, each once (by
    stem), up to `TITLE_WORDS`: not stopwords, filler, generic nouns, verbs or symbols ("Law of
    hypoelliptic equations driven by fractional Brownian motion" with the tag "fractional
    brownian motion": law, hypoelliptic): the words of the subject, which the tags' field holds
    many others beside."""
    said = {stem(w) for t in tags for w in words(t)}
    skip = STOPWORDS | FILLER | GENERIC | _TITLE_GENERIC | REPORTING | CLAUSE_VERBS | _PARTICIPLES
    # A title is prose too ("…: density statements and verification"): its remarks' words stay.
    cut = [(p, noun_part(p)) for p in key_phrases(title, limit=10)]
    kept = {w for _, n in cut if n and not _prose(n, title) for w in words(n)}
    skip = skip | ({w for p, _ in cut for w in words(p)} - kept)
    out: list[str] = []
    for w in words(plain_text(title)):
        s = stem(w)
        if len(w) < 3 or not w.isalpha() or w in skip or s in said or _is_adverb(w):
            continue
        said.add(s)
        out.append(w)
    return out[:TITLE_WORDS]


#: The purpose of OpenAlex's query on the tags and the title's own words (`title_words`).
WITHIN_FIELD = "tags + title words"
#: The purpose of a cited group's later person's query (`topics`).
LATER_PERSON = "author + topic (a later person of a group)"


@dataclass(frozen=True, slots=True)
class Topic:
    """One thing to ask every backend about: a key object, a Known Result (its one or two
    phrases), a named result, or a cited author with what they wrote about."""

    phrases: tuple[str, ...]
    purpose: str
    authors: tuple[str, ...] = ()
    # A cited author's: the words of the problem's tags, any of which OpenAlex's byline query
    # also accepts (`byline.byline_topic`).
    subject: tuple[str, ...] = ()
    # A later person of a group the note cites together ("Kuelbs–Li", "Li, Shao"), asked by
    # name on its own: a byline holds one person (arXiv's query names two already).
    member: bool = False
    # A group a statement without Known Results cites in passing (`_Material.in_passing`):
    # asked of OpenAlex's byline only.
    passing: bool = False


def with_head(phrase: str) -> tuple[str, ...]:
    """A phrase of three words or more with its head, the last two ("general heterogeneous
    media", "heterogeneous media"): a title names the object in fewer words than a note's
    sentence does, and a title-only record is found by its title's words alone."""
    tokens = phrase.split()
    if len(words(phrase)) < 3 or len(tokens) < 3:
        return (phrase,)
    head = " ".join(tokens[-2:])
    return (phrase, head) if len(words(head)) == 2 and head.lower() not in FILLER else (phrase,)


def topics(m: _Material) -> list[Topic]:
    """One topic per key object of the statement, per Known Result, per named result and per
    cited author (paired with their Known Result's subject), interleaved so that a short quota
    still touches each kind; duplicates (same first phrase) dropped."""
    objects = [Topic(with_head(p), "key object") for p in m.statement]
    # A Known Result's first phrase with its head too ("stratonovich transport noise", "transport
    # noise"): the titles of the papers it stands for name the object in fewer words.
    known = [
        Topic(tuple(dict.fromkeys([*ps[:2], *with_head(ps[0])])), f"known result {i}")
        for i, ps in enumerate(m.known_items, 1)
        if ps
    ]
    named = [Topic((t,), "named result") for t in m.theorems]
    subject = (m.tags or m.statement or [""])[0]

    def about(g: tuple[str, ...]) -> tuple[str, ...]:
        # What they wrote about, and the problem's subject: either may be how their paper
        # says it.
        own = m.author_topics.get(g, "")
        return tuple(dict.fromkeys(p for p in (own, subject) if p))

    # A generic word ("methods", "bounds") would take any of the person's works on any subject.
    field_words = subject_words(m.tags, FILLER | GENERIC)

    # A group cited in passing is asked with its topic's phrases and the other tags as phrases
    # (then their words, `_plain_topic`), never the subject tag's words: the sentence is one of
    # their works, not their whole output on the field (on fresh13's jump-noise problem,
    # Berger's byline works saying "random" were polymer papers).
    # The title's own words come after the tags': a title-only record of theirs names the
    # object as the note's title does ("Stochastic Burgers equation from long range exclusion
    # interactions" for "Burgers-type fluctuations"), not always in a tag's words.
    def tag_phrases(g: tuple[str, ...]) -> tuple[str, ...]:
        tags = tuple(f'"{t}"' if " " in t else t for t in m.tags[:5] if t not in about(g))
        return tuple(dict.fromkeys((*tags, *m.title_words)))

    authors = [
        Topic(about(g), "author + topic", g, tag_phrases(g) if g in m.in_passing else field_words)
        for g in m.author_groups
        if about(g)
    ]
    out: list[Topic] = []
    seen: set[str] = set()
    # The people a statement cites in passing come after its objects: asked where the
    # objects are few, as spare queries or by the next search, never instead of an object.
    passing = [replace(t, passing=True) for t in authors if t.authors in m.in_passing]
    authors = [t for t in authors if t.authors not in m.in_passing]
    lanes = [objects, known, named, authors]
    for i in range(max(map(len, lanes), default=0)):
        for lane in lanes:
            if i < len(lane):
                t = lane[i]
                key = (query_words(t.phrases[0]).lower(), t.authors)
                if str(key) not in seen:
                    seen.add(str(key))
                    out.append(t)
    out += passing
    # Then the rest of each group, one person at a time: OpenAlex's byline and Semantic
    # Scholar's query name one person, and a group's papers are often its later person's (Li
    # and Shao's small-ball papers, cited as "Kuelbs–Li (1993)"). After every topic, so that
    # they are asked where the topics are few, as spare queries, or by the next search, never
    # instead of an object or a first person.
    firsts = {fold(g[0]).lower() for g in m.author_groups}
    # Not the later people of a group a statement cites in passing ("a recent paper of Berger,
    # Chong and Lacoin"): it names one paper, and a later person's own works are on other
    # subjects (on fresh13's jump-noise problem, 11 of Lacoin's 12 byline works were other).
    for g in (g for g in m.author_groups if g not in m.in_passing):
        for name in g[1:]:
            if about(g) and fold(name).lower() not in firsts:
                firsts.add(fold(name).lower())
                out.append(Topic(about(g), LATER_PERSON, (name,), field_words, True))
    # A paper the problem lists by title is asked for by its title, its own words being the ones
    # its record (a title-only BibTeX record too) is found by: after the topics, since a title
    # finds one paper and a topic many, so they come within the quota where the topics are few.
    out += [Topic((t,), "reference title") for t in dict.fromkeys(m.ref_titles)]
    return out


def _fold_query(text: str) -> str:
    """arXiv's search reads ASCII words: "Szemerédi" is asked as "Szemeredi"."""
    return fold_keep_case(text)


def _arxiv_topic(t: Topic) -> tuple[str, str]:
    """(query, broader): never more than two quoted phrases, never under a category."""
    phrases = [_fold_query(p) for p in t.phrases]
    if t.authors:
        who = " OR ".join(_phrase("au", _fold_query(n)) for n in t.authors[:2])
        who = f"({who})" if len(t.authors[:2]) > 1 else who
        what = " OR ".join(_phrase("all", p) for p in phrases[:2])
        what = f"({what})" if len(phrases[:2]) > 1 else what
        return _and([who, what]), _any_phrase(phrases[:2])
    # Either phrase: two phrases one abstract rarely says together (AND'ed, 20 of 29 such
    # queries found nothing on the studied problems and were then asked as this OR, a second
    # request at arXiv's 3 s pace), and arXiv's relevance order puts the papers saying both
    # first. Or the first phrase's words each anywhere, in the same request: asked only after
    # an empty answer (the broadening), they cost a second request at arXiv's pace, and a
    # phrase papers word differently ("Zagier's theorem", "local times along lines") left 187
    # of 546 such queries empty on the eleven studied splits; papers saying a phrase still rank
    # first, since they say its words too.
    return _or_loose(_any_phrase(phrases[:2]), _loose(phrases[0])), ""


def _or_loose(phrases: str, loose: str) -> str:
    """`phrases`, or else `loose` (a phrase's words joined by AND) in the same query."""
    return f"{phrases} OR ({loose})" if loose else phrases


def tag_categories(
    tags: Sequence[str], primary: Sequence[str], secondary: Sequence[str]
) -> tuple[str, ...]:
    """The arXiv categories the tags query is kept to: none when every tag is a phrase of two
    words or more, else the domain's primary and secondary categories together.

    A phrase ("twisted yangians", "mock theta functions") is rarely said outside its field, and
    the domain's guess at the field often misses it: algebra's primary categories (RA, GR, AC)
    hold few of the papers on Yangians or Hecke algebras (math.RT, math.QA), number theory's
    miss the arithmetic geometry in math.AG; under the primary categories 29 of 120 such
    queries on the studied problems found nothing. A one-word tag ("spde", "forcing") is said
    in many fields: kept to the domain's categories, primary and secondary (a paper is filed
    under one, cross-listed to others)."""
    if all(" " in query_words(t) for t in tags):
        return ()
    return tuple(dict.fromkeys([*primary, *secondary]))


def _loose(phrase: str) -> str:
    """A phrase's words, each anywhere (`all:a AND all:b`): what a phrase is broadened to."""
    words_ = re.sub(r"['’]s\b", "", query_words(phrase)).split()
    return _and([f"all:{w}" for w in words_]) if len(words_) > 1 else ""


def _any_phrase(phrases: Sequence[str]) -> str:
    return " OR ".join(_phrase("all", p) for p in dict.fromkeys(phrases))


def _arxiv_pool(
    m: _Material, primary: Sequence[str], secondary: Sequence[str], user: str | None
) -> Iterator[PlannedQuery]:
    def q(query: str, purpose: str, broader: str = "", who: Sequence[str] = ()) -> PlannedQuery:
        return PlannedQuery("arxiv", query, purpose, broader, tuple(who))

    concepts = m.tags or m.statement
    if user:
        if _ARXIV_SYNTAX.search(user):
            yield q(user, "your query")
            if primary and "cat:" not in user.lower():
                yield q(_with_cats(primary, user), "your query in the domain's categories")
        else:
            core = _and([_phrase("all", p) for p in (m.user or [user])[:2]])
            first = _phrase("all", (m.user or [user])[0])
            yield q(core, "your query", first if first != core else "")
            if primary:
                yield q(_with_cats(primary, first), "your query in the domain's categories")
    if concepts:
        # Any of the tags: an OR never empties the answer.
        said = [*concepts[:2], *(m.short_tags[c] for c in concepts[:2] if c in m.short_tags)]
        tags = [_phrase("all", t) for t in said]
        either = tags[0] if len(tags) == 1 else "(" + " OR ".join(tags) + ")"
        cats = tag_categories(said, primary, secondary)
        yield q(
            f"{_cats(cats)} AND {either}" if cats else either,
            "category + tags" if cats else "tags",
            either if cats else "",
        )
    for t in topics(m):
        if t.member or t.passing:  # the group's query names its first two people
            continue
        query, broader = _arxiv_topic(t)
        yield q(query, t.purpose, broader, t.authors)
    # Further queries, for incremental searches once the first ones are in the history.
    for c in concepts[2:]:
        yield q(_with_cats(primary, _phrase("all", c)), "category + tag", _phrase("all", c))
    for t in m.ref_titles:
        yield q(_phrase("ti", _fold_query(t)), "reference title")
    for p in m.known:
        yield q(_phrase("abs", p), "known result")
    for c in concepts:
        if secondary:
            yield q(_with_cats(secondary, _phrase("all", c)), "secondary categories")


def _any_of(phrases: Iterable[str]) -> str:
    """OpenAlex reads words without operators as AND: five words of three phrases find nothing.
    Its relevance ranking puts the works matching most of the quoted phrases first. A phrase in
    British spelling is also asked in American ("renormalisation constants" OR "renormalization
    constants"): most titles spell so, and the service matches the letters."""
    said = [query_words(p) for p in phrases]
    said = [v for p in said for v in (p, american(p))]
    quoted = [f'"{w}"' if " " in w else w for w in dict.fromkeys(said)]
    return " OR ".join(q for q in quoted if q.strip('"'))


#: Words beyond which no paper says every word of a topic's phrases (all-words backends).
LONG_WORDS = 5
#: … when they are two phrases joined (a Known Result's), not one phrase and its head: Semantic
#: Scholar found nothing for 33 of 55 such queries of four or five words on fresh7, fresh6, fresh4
#: and tune, for 2 of 12 of three words.
JOINED_WORDS = 3


def _shortest_first(phrase: str) -> tuple[int, int]:
    """Fewest words first; among as few, the longer words ("multidimensional sieve" before
    "small gaps"): a long word is the specific one, a short one the common."""
    return len(phrase.split()), -len(phrase)


def _joins_phrases(phrases: Sequence[str]) -> bool:
    """Whether a topic's phrases say more than its first one does (not only its head)."""
    first = set(_words_of(phrases[:1]).lower().split())
    return any(not set(_words_of([p]).lower().split()) <= first for p in phrases[1:])


#: Words by which a note makes an adjective of a name ("Burgers-type fluctuations", "Engel-type
#: expansions", "Sándor-type inequalities"), which a title rarely keeps ("Engel expansions").
KIND_WORDS = frozenset("type like style".split())


def untyped(words_: str) -> str:
    """A phrase's words without the word that makes a name an adjective ("engel type
    expansions" → "engel expansions"): what its broadening asks, each word anywhere. Unchanged
    when that word is all but one of them."""
    kept = [w for w in words_.split() if w.lower() not in KIND_WORDS]
    return " ".join(kept) if len(kept) > 1 else words_


def _plain_topic(backend: str, t: Topic) -> tuple[str, str]:
    """(query, broader) for a backend that reads plain words (OpenAlex: quoted phrases)."""
    if t.authors:
        names = [query_words(n) for n in t.authors[:3]]
        if backend == "openalex":
            # `search=` does not read bylines: the author goes in OpenAlex's byline filter (the
            # client turns the prefix into `filter=raw_author_name.search:…`), the topic in
            # `search=`; broadened to the topic alone.
            # The byline keeps the answer to one person's works, so any word of the subject
            # may tell their paper from the rest: the note's phrase for it is rarely its title's.
            subject = t.subject
            if t.passing:
                # A person cited in passing is asked with the tags as phrases, then any word
                # of them, still on their byline: a title-only record names the subject in its
                # own words ("interfaces", "nonlinear diffusions" where the tags say
                # "regularity of interfaces", "degenerate diffusion"); OpenAlex ranks the
                # works saying a phrase first.
                loose = tag_words(t.subject, FILLER | GENERIC)
                subject = tuple(dict.fromkeys((*t.subject, *loose)))
            topic = byline_topic(t.phrases, subject)
            return f'{AUTHOR_FILTER}:"{names[0]}" {topic}', _any_of(t.phrases)
        # Semantic Scholar wants every word: one name and the shortest way to say the topic.
        short = min(t.phrases, key=lambda p: len(p.split()))
        return _words_of([names[0], short]), _words_of([short])
    if backend == "openalex":
        # Broadened once, when no work says any of the phrases, to the words of the shortest,
        # each anywhere (OpenAlex ANDs unquoted words): a title names the object in other
        # words' order ("Maps of Syracuse type" for "syracuse map"), a record says its words
        # apart ("BFN Springer theory and quantized Coulomb branch algebras"). A single word
        # is already a phrase's loosest form.
        head = american(_words_of([min(t.phrases, key=_shortest_first)]))
        head = untyped(head)
        return _any_of(t.phrases), head if len(head.split()) > 1 else ""
    # Every word must occur: broadened to the phrase with the fewest words. Asked at once when
    # the phrases together need more than LONG_WORDS words (no paper says them all: 21 of 23 such
    # Semantic Scholar queries on the studied splits were empty, then broadened).
    if len(t.phrases) > 1:
        words, shortest = _words_of(t.phrases), _words_of([min(t.phrases, key=_shortest_first)])
        limit = JOINED_WORDS if _joins_phrases(t.phrases) else LONG_WORDS
        return (shortest, "") if len(words.split()) > limit else (words, shortest)
    return _words_of(t.phrases), ""


def _tags_query(
    backend: str, concepts: Sequence[str], short_tags: Mapping[str, str]
) -> PlannedQuery:
    """The first query: OpenAlex asks any of the first two tags (and their shorter names);
    Semantic Scholar, which wants every word, the first tag alone. Two tags' words together are
    said by no paper often (16 of 49 such queries found nothing on fresh7, fresh6, fresh4 and
    tune; the 13 then re-asked as the first tag alone all answered): the user's labels are
    aspects of the subject, not words one abstract says together."""
    first = concepts[:1]
    if backend == "semantic_scholar":
        return PlannedQuery(backend, _words_of(first), "tags")
    if backend == "openalex":  # any of the phrases: the shorter names widen the answer
        said = [*concepts[:2], *(short_tags[c] for c in concepts[:2] if c in short_tags)]
        query, broader = _any_of(said), _any_of(first)
    else:
        query, broader = _words_of(concepts[:2]), _words_of(first)
    return PlannedQuery(backend, query, "tags", broader if broader != query else "")


def _plain_pool(backend: str, m: _Material, user: str | None) -> Iterator[PlannedQuery]:
    def q(query: str, purpose: str, broader: str = "", who: Sequence[str] = ()) -> PlannedQuery:
        return PlannedQuery(
            backend, query, purpose, broader if broader != query else "", tuple(who)
        )

    # Semantic Scholar: relevance search over plain words; OpenAlex: quoted phrases, any of them.
    words_of = _any_of if backend == "openalex" else _words_of

    concepts = m.tags or m.statement
    if user:
        plain = _plain_of_arxiv(user) if _ARXIV_SYNTAX.search(user) else " ".join(user.split())
        yield q(plain, "your query")
        extra = next((t for t in concepts if t.lower() not in plain.lower()), None)
        if extra:
            yield q(f"{plain} {extra}", "your query with a tag", plain)
    if concepts:
        yield _tags_query(backend, concepts, m.short_tags)
        if backend == "openalex" and m.tags[2:]:
            # The user's further tags are aspects too, not only later queries: any of them,
            # ranked by how many each work says.
            yield q(words_of(m.tags[2:5]), "further tags")
        if backend == "openalex" and m.title_words:
            # The subject within its field: a tag is said by hundreds of titles (173 of the
            # haystack's say "fractional Brownian motion"), and the tags' answer is any 25 of
            # them; the works of the problem's own subject say a word of its title too ("Upper
            # bounds for the density of solutions … driven by fractional Brownian motions").
            said = [*concepts[:2], *(m.short_tags[c] for c in concepts[:2] if c in m.short_tags)]
            yield q(f"({_any_of(said)}) AND ({' OR '.join(m.title_words)})", WITHIN_FIELD)
    ts = topics(m)
    if backend == "openalex" and len(ts) > OPENALEX_OFFSET:
        ts = ts[OPENALEX_OFFSET:] + ts[:OPENALEX_OFFSET]
    for t in ts:
        if t.passing and backend != "openalex":
            # Semantic Scholar wants the name and every topic word in one record (21 of 35
            # later-person queries found nothing); OpenAlex's byline asks the person alone.
            continue
        query, broader = _plain_topic(backend, t)
        yield q(query, t.purpose, broader, t.authors)
    for t in m.ref_titles:
        yield q(t, "reference title")
    # Semantic Scholar asks its tags one at a time (`_tags_query`): the second is a query too.
    step, start = (1, 1) if backend == "semantic_scholar" else (2, 2)
    for i in range(start, len(concepts), step):
        yield q(words_of(concepts[i : i + step]), "tags")
    for i in range(0, len(m.statement), 3):
        yield q(words_of(m.statement[i : i + 3]), "key phrases")


def _theorem_pool(m: _Material, user: str | None) -> Iterator[PlannedQuery]:
    def q(query: str, purpose: str) -> PlannedQuery:
        return PlannedQuery("theoremsearch", query, purpose)

    if user:
        yield q(_plain_of_arxiv(user) if _ARXIV_SYNTAX.search(user) else user, "your query")
    if m.statement:
        yield q(_words_of(m.statement[:3], limit=12), "key phrases")
    for s in m.known_sentences:
        yield q(" ".join(s.split()[:25]), "known result")
    for t in m.theorems:
        yield q(t, "named result")
    if m.tags:
        yield q(_words_of(m.tags[:3]), "tags")


def _terms(problem: ProblemDoc, m: _Material, user: str | None) -> list[Term]:
    terms: list[Term] = []
    if user:
        base = m.user or ([query_words(_plain_of_arxiv(user))] if user.strip() else [])
        terms += [Term(query_words(p).lower(), "query", 3.0, user.strip()) for p in base]
    said = stems(
        " ".join([problem.title, problem.statement, *(k.text for k in problem.known_results)])
    )
    respelled = respelled_tags(problem.tags, _problem_text(problem))
    for t in problem.tags:
        tag_words = query_words(t.replace("_", " "))
        tag = Term(respelled.get(tag_words, tag_words).lower(), "tag", 2.0, t)
        short = m.short_tags.get(respelled.get(tag_words, tag_words), "")
        terms.append(replace(tag, echoed=contains_phrase(said, tag.stems), alias=short.lower()))
    terms += [Term(t.lower(), "theorem", 1.5, t) for t in m.theorems]
    terms += [Term(query_words(p).lower(), "keyword", 1.0, query_words(p)) for p in m.statement[:8]]
    terms += [Term(query_words(p).lower(), "keyword", 0.75, query_words(p)) for p in m.known[:8]]
    # People the statement names an object after ("the Kermack–McKendrick model"): a paper by
    # them on the topic is its source.
    named = [
        *statement_names(problem.statement),
        *(n for g in people_named(problem.statement) for n in g),
    ]
    cited = [n for g in m.author_groups for n in g]
    # A person is matched by surname and the given names the note writes anywhere ("Yitang
    # Zhang", "Tracy, C. A."): a surname alone is weaker evidence (`search/people.py`).
    text = " ".join([_problem_text(problem), *(r.text for r in problem.references)])
    people = [*cited, *named]

    listed = fold(
        " ".join([*(k.text for k in problem.known_results), *(r.text for r in problem.references)])
    )

    def person(n: str, echoed: bool) -> Term:
        given = given_names(n, text, people)
        label = f"{given} {n}" if given and "." not in given else n
        # Their work is listed when a Known Result or a Reference names them (a citation in any
        # form: "(Zhang 2014)", "Tracy, C. A., & Widom, H. (1994)").
        cited_ = re.search(rf"(?<![\w-]){re.escape(fold(n))}(?![\w-])", listed) is not None
        return Term(fold(n), "author", 1.0, label, echoed=echoed, given=given, cited=cited_)

    terms += [person(n, False) for n in cited]
    # `echoed`: the statement itself names them, not only a Known Result citing them.
    terms += [person(n, True) for n in named]
    out: dict[tuple[str, tuple[str, ...]], Term] = {}
    for t in terms:
        key = ("author" if t.kind == "author" else "text", t.stems)
        if not t.stems:
            continue
        if key in out and t.kind == "author":
            # One person cited by a Known Result and named by the statement: both flags hold.
            o = out[key]
            out[key] = replace(
                o, echoed=o.echoed or t.echoed, cited=o.cited or t.cited, given=o.given or t.given
            )
        elif key not in out or (t.weight, t.echoed) > (out[key].weight, out[key].echoed):
            out[key] = t
    title = stems(problem.title)
    merged = _merge_aliases(list(out.values()))
    return [
        replace(t, subject=t.kind != "author" and _said_by(title, t)) if t.stems else t
        for t in merged
    ]


def _said_by(text: Sequence[str], term: Term) -> bool:
    """Every telling word of the term (or of its alias) in `text` (stems)."""
    return any(
        bool(c) and set(c) <= set(text)
        for c in (tuple(core(term.stems)), tuple(core(term.alias_stems)))
    )


def acronym_of(long: Sequence[str], short: Sequence[str]) -> bool:
    """Whether `short` (stems) abbreviates `long`: one word of it is the initials of a run of
    two or more words of `long`, the other words equal ("kpz equation" for "kardar parisi zhang
    equation")."""
    if len(short) >= len(long):
        return False
    k = len(long) - len(short) + 1
    for i, w in enumerate(short):
        if len(w) != k or list(short[:i]) != list(long[:i]):
            continue
        run = long[i : i + k]
        if "".join(x[0] for x in run) == w and list(short[i + 1 :]) == list(long[i + k :]):
            return True
    return False


def _merge_aliases(terms: list[Term]) -> list[Term]:
    """A term that spells out another's acronym is that term said another way: one term, the
    stronger kind kept, the other spelling its alias."""
    out = list(terms)
    for a in terms:
        for b in terms:
            if a is b or a.kind == "author" or b.kind == "author" or a not in out or b not in out:
                continue
            if acronym_of(a.stems, b.stems) or acronym_of(b.stems, a.stems):
                keep, drop = (a, b) if _KIND_RANK[a.kind] >= _KIND_RANK[b.kind] else (b, a)
                out[out.index(keep)] = replace(keep, alias=drop.text, echoed=True)
                out.remove(drop)
    return out


# Which of two spellings of one thing is kept: what the user declared before what was read off.
_KIND_RANK = {"query": 4, "tag": 3, "theorem": 2, "keyword": 1}


def build_queries(
    problem: ProblemDoc,
    user_query: str | None = None,
    prior: Collection[str] = frozenset(),
    *,
    backends: Collection[str] | None = None,
    notation: str | None = None,
) -> QueryPlan:
    """The queries to run for `problem`, skipping those whose `query_key` is in `prior`.

    `backends` are the enabled discovery backends (default: all); the others are listed in
    `skipped_backends` with the reason, as are PubMed for a non-biomedical problem and
    TheoremSearch for a non-mathematical one.
    """
    user = " ".join(user_query.split()) if user_query and user_query.strip() else None
    labelled = split_statement(problem.statement)
    refs = [reference_seed(item.text, item.identifiers) for item in problem.references] or [
        reference_seed(text, list(find_identifiers(text))) for text in labelled.references
    ]
    # An identifier the statement writes in passing ("see the note arXiv:2004.09256", "(cf.
    # arXiv:2512.23302)") names a work as a References item does: it is looked up.
    listed = {i for r in refs for i in r.identifiers}
    refs += [
        seed
        for mention in identifiers_in(labelled.statement)
        if (seed := reference_seed("", [mention])).identifiers
        and not set(seed.identifiers) <= listed
        and not listed.update(seed.identifiers)
    ]
    primary, secondary = DOMAIN_CATEGORIES.get(problem.domain, ((), ()))
    biomedical = is_biomedical(problem, user)
    mathematical = is_mathematical(problem, biomedical)
    m = _material(problem, refs, user, labelled)
    if notation:
        # What the statement's symbols stand for (NOTATION.md) are words papers use.
        named = [
            phrase
            for meaning in notation_meanings(notation, f"{problem.title} {problem.statement}")
            for phrase in key_phrases(meaning, limit=2)
        ]
        # They name the problem's objects: ahead of the statement's own phrases.
        m.statement[:0] = [p for p in dict.fromkeys(named) if p not in m.statement]
    prior_keys = {p.lower() for p in prior}
    enabled = set(DISCOVERY if backends is None else backends)
    skipped: dict[str, str] = {}
    if not biomedical:
        skipped["pubmed"] = "not a biomedical problem"
    if not mathematical:
        skipped["theoremsearch"] = skipped["zbmath"] = "not a mathematics problem"
    for b in DISCOVERY:
        if b not in enabled and b not in skipped:
            skipped[b] = "switched off"
    pools = {
        "arxiv": _arxiv_pool(m, primary, secondary, user),
        "semantic_scholar": _plain_pool("semantic_scholar", m, user),
        "openalex": _plain_pool("openalex", m, user),
        "pubmed": _plain_pool("pubmed", m, user),
        "theoremsearch": _theorem_pool(m, user),
        "zbmath": (
            PlannedQuery("zbmath", *q)
            for q in zbmath_pool(problem.msc_classes, m.tags or m.statement, topics(m))
        ),
    }
    queries: list[PlannedQuery] = []
    spare: list[PlannedQuery] = []
    already: list[PlannedQuery] = []
    for backend in DISCOVERY:
        if backend in skipped:
            continue
        quota = ARXIV_WITH_USER_QUERY if backend == "arxiv" and user else QUOTA[backend]
        extra = SPARE.get(backend, 0)
        chosen: list[PlannedQuery] = []
        seen: set[str] = set()
        for pq in pools[backend]:
            if not clean_query(pq.query) or pq.key in seen:
                continue
            seen.add(pq.key)
            if pq.key in prior_keys:
                already.append(pq)
                continue
            chosen.append(pq)
        # A cited group's later person (`Topic.member`) takes OpenAlex's last spare query: asked
        # once the planned queries are in and the budget has room, it finds the group's papers
        # under another name of it, where the plan's last topic is its emptiest. Not Semantic
        # Scholar's: it wants the name and every topic word in one record, and 21 of 35 such
        # queries on the thirteen studied splits found nothing (OpenAlex's byline: 8 of 50).
        # The subject within its field (`title_words`) is OpenAlex's last spare query, beyond
        # its SPARE: asked only with requests every other query left, so that none makes way for
        # it (first among the spare queries, it took the request of a topic that had found two
        # gold papers on fresh10's chemotaxis problem).
        within = [q for q in chosen if q.purpose == WITHIN_FIELD]
        chosen = [q for q in chosen if q.purpose != WITHIN_FIELD]
        rest = chosen[quota:]
        later = [q for q in rest if q.purpose == LATER_PERSON][:1] if backend == "openalex" else []
        queries += chosen[:quota]
        spare += [*[q for q in rest if q not in later][: extra - len(later)], *later, *within]
    return QueryPlan(
        queries=queries,
        terms=_terms(problem, m, user),
        references=[r for r in refs if r.identifiers],
        primary_categories=tuple(primary),
        secondary_categories=tuple(secondary),
        user_query=user,
        biomedical=biomedical,
        mathematical=mathematical,
        skipped_backends=skipped,
        already_run=already,
        spare=spare,
        prior_keys=frozenset(prior_keys),
    )


def describe_plan(plan: QueryPlan, listed: Mapping[Identifier, str] | None = None) -> list[str]:
    """Lines for `--dry-run` and the editor's confirmation: queries per backend, skips.
    `listed`: PROBLEM.md identifiers LITERATURE.md already has (→ entry id), not looked up."""
    lines: list[str] = []
    cats = ", ".join(plan.primary_categories) or "none (domain not in the table)"
    lines.append(f"arXiv categories: {cats}")
    if plan.secondary_categories:
        lines[-1] += f" (secondary: {', '.join(plan.secondary_categories)})"
    for backend in DISCOVERY:
        qs = [q for q in plan.queries if q.backend == backend]
        if backend in plan.skipped_backends:
            lines.append(f"{label(backend)}: skipped ({plan.skipped_backends[backend]})")
            continue
        lines.append(f"{label(backend)}:")
        lines += [f"  {q.query}    [{q.purpose}]" for q in qs] or ["  (no new query)"]
    listed = listed or {}
    ids = [i for i in plan.reference_ids if i not in listed]
    if ids:
        lines.append("PROBLEM.md references, looked up directly: " + ", ".join(map(id_text, ids)))
    known = [f"{id_text(i)} ({listed[i]})" for i in plan.reference_ids if i in listed]
    if known:
        lines.append("PROBLEM.md references already listed: " + ", ".join(known))
    if plan.already_run:
        lines.append(f"skipped {len(plan.already_run)} queries an earlier search ran")
    return lines
