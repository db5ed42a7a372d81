"""A small search engine for the fake server's large corpus: an inverted index with BM25 ranking,
phrase matching, and each backend's query language.

The point is that a query which would retrieve nothing on the real service retrieves nothing here,
and one that would retrieve papers does, ranked by text relevance (never by judged relevance):

- **Analysis** (every field but categories): ASCII folding, lower case, words of letters and
  digits, English stop words dropped (their positions kept, as Lucene does, so a phrase still
  needs its words in order), and a light plural stemmer ("primes" finds "prime", "series" stays).
- **arXiv** `search_query`: `ti:`, `abs:`, `au:`, `jr:`, `co:`, `cat:`, `all:` prefixes (a bare
  term is `all:`), quoted phrases, `AND`, `OR`, `ANDNOT` (upper case), parentheses, and a prefix
  applied to a group (`ti:(a b)`); terms separated only by spaces are OR'ed, as on arXiv, and AND
  / ANDNOT bind tighter than OR. `*` and `?` wildcards inside a word (never first). `cat:` matches
  a paper's categories exactly, wildcards allowed (`cat:math.*`).
- **Semantic Scholar** `/paper/search`: plain text, no syntax (quotes are ignored); every word must
  occur in the title, abstract, venue or authors; a hyphenated word matches nothing (the API's
  documented behaviour: replace hyphens by spaces).
- **OpenAlex** `search=` and `*.search` filters: words are AND'ed; `AND`, `OR`, `NOT` (upper case),
  quoted phrases and parentheses; title and abstract (there is no full text).
- **Crossref** `query=` / `query.bibliographic=`: no syntax, any word may match (OR), over title,
  authors, venue and year; ranked by BM25.

Records without an abstract (the BibTeX part of the corpus) are found by title, authors and venue
only. There are no citation counts in the corpus: every backend reports 0.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from tests.fakescholar.corpus import Paper, Theorem, fold

STOPWORDS = frozenset(
    "a an and are as at be but by for if in into is it no not of on or such that the their then "
    "there these they this to was will with we our via".split()
)
_WORD = re.compile(r"[a-z0-9]+")
_WILD_WORD = re.compile(r"[a-z0-9*?]+")
K1, B = 1.2, 0.75
_UNSTEMMED = frozenset({"series", "species", "gauss", "physics", "mathematics"})
#: Field weights in `all:` (arXiv) and in the plain-text backends.
WEIGHTS = {"ti": 2.0, "abs": 1.0, "au": 1.0, "jr": 0.5, "cat": 0.2, "year": 0.2}


@lru_cache(maxsize=1 << 17)
def stem(word: str) -> str:
    """A light plural stemmer (in the spirit of Lucene's minimal English stemmer)."""
    if len(word) <= 3 or not word.isalpha() or word in _UNSTEMMED:
        return word
    if word.endswith("ies") and len(word) > 4 and word[-4] not in "ae":
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is", "ies", "series")):
        return word[:-1]
    return word


def analyze(text: str) -> list[str]:
    """Index terms with positions: a stop word leaves an empty slot."""
    return ["" if w in STOPWORDS else stem(w) for w in _WORD.findall(fold(text))]


def terms_of(text: str) -> list[str]:
    return [t for t in analyze(text) if t]


# -- the index ----------------------------------------------------------------------------------


@dataclass
class FieldIndex:
    postings: dict[str, dict[int, list[int]]] = field(default_factory=dict)
    lengths: dict[int, int] = field(default_factory=dict)
    average: float = 1.0

    def add(self, doc: int, tokens: Sequence[str]) -> None:
        self.lengths[doc] = len(tokens)
        postings = self.postings
        for pos, tok in enumerate(tokens):
            if not tok:
                continue
            docs = postings.get(tok)
            if docs is None:
                postings[tok] = {doc: [pos]}
            elif (positions := docs.get(doc)) is None:
                docs[doc] = [pos]
            else:
                positions.append(pos)

    def finish(self, n_docs: int) -> None:
        self.average = max(1.0, sum(self.lengths.values()) / max(1, n_docs))

    def idf(self, term: str, n_docs: int) -> float:
        df = len(self.postings.get(term, ()))
        return math.log(1 + (n_docs - df + 0.5) / (df + 0.5))

    def bm25(self, term: str, doc: int, tf: int, n_docs: int) -> float:
        norm = K1 * (1 - B + B * self.lengths.get(doc, 0) / self.average)
        return self.idf(term, n_docs) * tf * (K1 + 1) / (tf + norm)

    def expand(self, pattern: str) -> list[str]:
        """Index terms a wildcard word (`*`, `?`, never first) stands for."""
        if "*" not in pattern and "?" not in pattern:
            return [pattern]
        if pattern[0] in "*?":
            return []
        rx = re.compile(re.escape(pattern).replace(r"\*", ".*").replace(r"\?", ".") + "$")
        return [t for t in self.postings if rx.match(t)]


Scores = dict[int, float]


class SearchIndex:
    """Fields `ti`, `abs`, `au`, `jr` (venue), `cat`, `year` over a list of papers."""

    def __init__(self, papers: Sequence[Paper]) -> None:
        self.papers = list(papers)
        self.fields: dict[str, FieldIndex] = {f: FieldIndex() for f in WEIGHTS}
        for doc, p in enumerate(self.papers):
            self.fields["ti"].add(doc, analyze(f"{p.title} {p.preprint_title or ''}"))
            self.fields["abs"].add(doc, analyze(p.abstract or ""))
            author_tokens: list[str] = []
            for name in p.names():
                author_tokens += [*analyze(name), ""]  # a phrase never spans two authors
            self.fields["au"].add(doc, author_tokens)
            self.fields["jr"].add(doc, analyze(p.venue or ""))
            self.fields["cat"].add(doc, [c.lower() for c in p.categories])
            self.fields["year"].add(doc, [str(p.year)])
        for f in self.fields.values():
            f.finish(len(self.papers))

    @property
    def n(self) -> int:
        return len(self.papers)

    # -- primitives ---------------------------------------------------------------------------

    def word(self, fields: Iterable[str], word: str) -> Scores:
        out: Scores = {}
        for name in fields:
            index = self.fields[name]
            for term in index.expand(word):
                for doc, positions in index.postings.get(term, {}).items():
                    s = WEIGHTS[name] * index.bm25(term, doc, len(positions), self.n)
                    out[doc] = out.get(doc, 0.0) + s
        return out

    def phrase(self, fields: Iterable[str], words: Sequence[str]) -> Scores:
        """Documents with `words` at consecutive positions (an empty word is a stop-word slot)."""
        if not [w for w in words if w]:
            return {}
        if len([w for w in words if w]) == 1:
            return self.word(fields, next(w for w in words if w))
        out: Scores = {}
        for name in fields:
            index = self.fields[name]
            real = [(i, w) for i, w in enumerate(words) if w]
            lists = [index.postings.get(w, {}) for _, w in real]
            if any(not pl for pl in lists):
                continue
            docs = set.intersection(*(set(pl) for pl in lists))
            for doc in docs:
                starts = {p - real[0][0] for p in lists[0][doc]}
                for (offset, _), pl in zip(real[1:], lists[1:], strict=True):
                    starts &= {p - offset for p in pl[doc]}
                    if not starts:
                        break
                if starts:
                    tf = len(starts)
                    s = sum(index.bm25(w, doc, tf, self.n) for _, w in real)
                    out[doc] = out.get(doc, 0.0) + WEIGHTS[name] * s * 1.5
        return out

    def categories(self, pattern: str) -> Scores:
        index = self.fields["cat"]
        pattern = pattern.lower()
        if "*" in pattern or "?" in pattern:
            rx = re.compile(re.escape(pattern).replace(r"\*", ".*").replace(r"\?", ".") + "$")
            terms = [t for t in index.postings if rx.match(t)]
        else:
            terms = [pattern]
        out: Scores = {}
        for t in terms:
            for doc in index.postings.get(t, {}):
                out[doc] = 0.0  # a filter: it neither raises nor lowers the rank
        return out

    def ranked(self, scores: Scores, keep: Callable[[Paper], bool] | None = None) -> list[Paper]:
        order = sorted(scores, key=lambda d: (-scores[d], d))
        return [self.papers[d] for d in order if keep is None or keep(self.papers[d])]

    def ranked_scores(self, scores: Scores) -> list[tuple[float, Paper]]:
        order = sorted(scores, key=lambda d: (-scores[d], d))
        return [(scores[d], self.papers[d]) for d in order]

    # -- plain-text backends ------------------------------------------------------------------

    def all_words(self, text: str, fields: Sequence[str]) -> Scores:
        """Every word must match somewhere in `fields` (Semantic Scholar, OpenAlex's default)."""
        words = terms_of(text)
        if not words:
            return {}
        result: Scores | None = None
        for w in dict.fromkeys(words):
            hit = self.word(fields, w)
            if result is not None:
                hit = {d: result[d] + s for d, s in hit.items() if d in result}
            result = hit
            if not result:
                return {}
        assert result is not None
        return self._phrase_bonus(result, text, fields)

    def any_words(self, text: str, fields: Sequence[str]) -> Scores:
        """Any word may match (Crossref)."""
        out: Scores = {}
        for w in dict.fromkeys(terms_of(text)):
            for d, s in self.word(fields, w).items():
                out[d] = out.get(d, 0.0) + s
        return self._phrase_bonus(out, text, fields)

    def _phrase_bonus(self, scores: Scores, text: str, fields: Sequence[str]) -> Scores:
        """The whole query as a phrase ranks its exact occurrences first (as engines do)."""
        words = analyze(text)
        if len([w for w in words if w]) < 2 or not scores:
            return scores
        for d, s in self.phrase(fields, words).items():
            if d in scores:
                scores[d] += s
        return scores


# -- query languages ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    field: str
    text: str  # analysed, may hold wildcards


@dataclass(frozen=True)
class Phrase:
    field: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class Op:
    op: str  # AND, OR, ANDNOT
    left: Node
    right: Node


Node = Word | Phrase | Op | None

_TOKEN = re.compile(r'\s*(?:(\()|(\))|"([^"]*)"?|([^\s()"]+))')
_PREFIXES = ("ti", "abs", "au", "all", "cat", "jr", "co", "rn", "id")
ARXIV_FIELDS = {
    "ti": ("ti",),
    "abs": ("abs",),
    "au": ("au",),
    "jr": ("jr",),
    "co": (),  # comments are not in the corpus
    "rn": (),
    "id": (),
    "all": ("ti", "abs", "au", "jr", "cat"),
}


def _lex(query: str) -> list[tuple[str, str]]:
    """(kind, value): kinds `(`, `)`, `phrase`, `word`, `op`, and `prefix` for `ti:` etc."""
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(query):
        m = _TOKEN.match(query, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
        if m.group(1):
            out.append(("(", "("))
        elif m.group(2):
            out.append((")", ")"))
        elif m.group(3) is not None:
            out.append(("phrase", m.group(3)))
        elif m.group(4):
            raw = m.group(4)
            if raw in ("AND", "OR", "ANDNOT", "NOT"):
                out.append(("op", raw))
                continue
            prefix, sep, rest = raw.partition(":")
            if sep and prefix.lower() in _PREFIXES:
                out.append(("prefix", prefix.lower()))
                if rest:
                    if rest.startswith('"'):
                        # `ti:"a b"` lexes as prefix + phrase: re-read from the quote.
                        pos = m.start(4) + len(prefix) + 1
                        continue
                    out.append(("word", rest))
            else:
                out.append(("word", raw))
    return out


class _Parser:
    """Recursive descent:
    or_expr := and_expr ((OR | juxtaposition) and_expr)*;
    and_expr := unary ((AND | ANDNOT | NOT) unary)*;
    unary := [prefix] (word | phrase | "(" or_expr ")")."""

    def __init__(self, tokens: list[tuple[str, str]], default: str, juxtapose: str) -> None:
        self.toks = tokens
        self.i = 0
        self.default = default
        self.juxtapose = juxtapose

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def parse(self) -> Node:
        node = self.or_expr(self.default)
        return node

    def or_expr(self, fld: str) -> Node:
        node = self.and_expr(fld)
        while (tok := self.peek()) is not None and tok[0] != ")":
            if tok == ("op", "OR"):
                self.i += 1
                op = "OR"
            elif tok[0] == "op":  # a dangling AND at this level: skip it
                self.i += 1
                continue
            else:
                op = self.juxtapose
            right = self.and_expr(fld)
            node = _combine(op, node, right)
        return node

    def and_expr(self, fld: str) -> Node:
        node = self.unary(fld)
        while (tok := self.peek()) is not None and tok[0] == "op" and tok[1] != "OR":
            self.i += 1
            op = "ANDNOT" if tok[1] in ("ANDNOT", "NOT") else "AND"
            right = self.unary(fld)
            node = _combine(op, node, right)
        return node

    def unary(self, fld: str) -> Node:
        tok = self.peek()
        if tok is None:
            return None
        if tok[0] == "prefix":
            self.i += 1
            return self.unary(tok[1])
        self.i += 1
        if tok[0] == "(":
            node = self.or_expr(fld)
            if self.peek() == (")", ")"):
                self.i += 1
            return node
        if tok[0] == ")":
            return None
        if tok[0] == "phrase":
            return _text_node(fld, tok[1], phrase=True)
        if tok[0] == "word":
            return _text_node(fld, tok[1], phrase=False)
        return None


def _combine(op: str, left: Node, right: Node) -> Node:
    if left is None:
        return right if op != "ANDNOT" else None
    if right is None:
        return left
    return Op(op, left, right)


def _text_node(fld: str, raw: str, *, phrase: bool) -> Node:
    if fld == "cat":
        return Word("cat", raw.strip().lower())
    if fld == "au":
        raw = raw.replace("_", " ")
    wild = "*" in raw or "?" in raw
    if wild and not phrase:
        word = fold(raw)
        if not _WILD_WORD.fullmatch(word):
            return None
        return Word(fld, word if word.endswith(("*", "?")) else stem(word))
    words = analyze(raw)
    if not [w for w in words if w]:
        return None
    if len(words) == 1:
        return Word(fld, words[0])
    if phrase:
        return Phrase(fld, tuple(words))
    # `ti:a-b` without quotes: the analyser splits it; arXiv reads it as a phrase too.
    return Phrase(fld, tuple(words))


def parse_arxiv(query: str) -> Node:
    return _Parser(_lex(query), "all", "OR").parse()


def parse_openalex(query: str) -> Node:
    return _Parser(_lex(_no_prefixes(query)), "all", "AND").parse()


def _no_prefixes(query: str) -> str:
    # OpenAlex has no field prefixes: `ti:` is just text there.
    return re.sub(r"\b(ti|abs|au|all|cat|jr|co|rn|id):", r"\1 ", query)


def evaluate(index: SearchIndex, node: Node, fields: dict[str, tuple[str, ...]]) -> Scores:
    if node is None:
        return {}
    if isinstance(node, Word):
        if node.field == "cat":
            return index.categories(node.text)
        return index.word(fields.get(node.field, ()), node.text)
    if isinstance(node, Phrase):
        return index.phrase(fields.get(node.field, ()), node.words)
    left = evaluate(index, node.left, fields)
    if node.op == "ANDNOT":
        right = evaluate(index, node.right, fields)
        return {d: s for d, s in left.items() if d not in right}
    if node.op == "AND":
        if not left:
            return {}
        right = evaluate(index, node.right, fields)
        return {d: s + right[d] for d, s in left.items() if d in right}
    right = evaluate(index, node.right, fields)
    out = dict(left)
    for d, s in right.items():
        out[d] = out.get(d, 0.0) + s
    return out


# -- per-backend entry points -------------------------------------------------------------------


class Engine:
    """The backends' searches over one index (built once per corpus)."""

    def __init__(self, papers: Sequence[Paper]) -> None:
        self.index = SearchIndex(papers)

    def arxiv(self, query: str) -> list[tuple[float, Paper]]:
        scores = evaluate(self.index, parse_arxiv(query), ARXIV_FIELDS)
        return [(s, p) for s, p in self.index.ranked_scores(scores) if p.arxiv_id]

    def semantic_scholar(self, query: str) -> list[tuple[float, Paper]]:
        # "Hyphenated query terms yield no matches (replace it with space to find matches)."
        if re.search(r"\w-\w", query):
            return []
        text = query.replace('"', " ")
        scores = self.index.all_words(text, ("ti", "abs", "au", "jr"))
        return self.index.ranked_scores(scores)

    def openalex(
        self, query: str, fields: Sequence[str] = ("ti", "abs")
    ) -> list[tuple[float, Paper]]:
        node = parse_openalex(query)
        scores = evaluate(self.index, node, {"all": tuple(fields)})
        return self.index.ranked_scores(scores)

    def crossref(self, query: str, papers: Callable[[Paper], bool]) -> list[tuple[float, Paper]]:
        scores = self.index.any_words(query, ("ti", "au", "jr", "year"))
        return [(s, p) for s, p in self.index.ranked_scores(scores) if papers(p)]

    def title_match(self, title: str) -> list[tuple[float, Paper]]:
        """Best title candidates for a title lookup (S2 `/paper/search/match`, OpenAlex
        `title.search`): any word may match, ranked by BM25 on the title."""
        scores = self.index.any_words(title, ("ti",))
        return self.index.ranked_scores(scores)[:50]


def normalize_scores(ranked: list[tuple[float, Paper]]) -> list[tuple[float, Paper]]:
    """Scores scaled to (0, 1] by the best one (for relevance fields that expect a fraction)."""
    if not ranked:
        return ranked
    top = ranked[0][0] or 1.0
    return [(s / top, p) for s, p in ranked]


class TheoremIndex:
    """TheoremSearch over theorem statements: nearest statements first, as a semantic search
    answers (any word may match); the similarity is a monotone map of the BM25 score into (0, 1)."""

    def __init__(self, theorems: Sequence[Theorem]) -> None:
        self.theorems = list(theorems)
        pseudo = [
            Paper(
                key=str(t.theorem_id),
                title=t.slogan,
                authors=[],
                year=0,
                venue=None,
                abstract=f"{t.name}. {t.body}",
                citations=0,
            )
            for t in self.theorems
        ]
        self.index = SearchIndex(pseudo)

    def search(self, query: str) -> list[tuple[float, Theorem]]:
        scores = self.index.any_words(query, ("ti", "abs"))
        order = sorted(scores, key=lambda d: (-scores[d], d))
        return [(scores[d] / (scores[d] + 12.0), self.theorems[d]) for d in order]
