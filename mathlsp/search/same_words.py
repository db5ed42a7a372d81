"""Whether Semantic Scholar's answer on the same words already says an arXiv query is empty.

Semantic Scholar's relevance search wants every word of the query in a paper's title, abstract,
venue or authors, and it indexes arXiv's papers. An arXiv query that asks only for words of
`all:` — one quoted phrase (`all:"weak gravity conjecture"`), or its words each anywhere
(`all:weak AND all:gravity AND all:conjecture`) — needs the same words in the same fields and
more (in order, for the phrase): when Semantic Scholar found no paper saying all of them, arXiv
will not either. So does a phrase OR'd with its own words each anywhere (`all:"weak gravity
conjecture" OR (all:weak AND all:gravity AND all:conjecture)`), arXiv's shape for a
one-phrase topic. On the seven studied splits this held for 69 of 69 such arXiv queries, each a
request at arXiv's 3 s pace. Queries with a category, an author, or an `OR` of groups needing
no word in common, are never judged.

Pure: the search (`search/run.py`) records Semantic Scholar's answers by `plain_words` and asks
`arxiv_words` of an arXiv query before sending it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from mathlsp.search.text import stem, stems
from mathlsp.verify.normalize import fold

#: The backend whose answers are read.
WITNESS = "semantic_scholar"

_TERM = re.compile(r'all:(?:"([^"]+)"|([^\s()"]+))')


def _plain(text: str) -> str:
    """`'s` and hyphens gone as the query builder drops them, spaces collapsed."""
    return " ".join(re.sub(r"[-–]", " ", re.sub(r"['’]s\b", "", text)).split())


def _words(text: str) -> frozenset[str]:
    """Folded, lower-case words, as `_plain` writes them."""
    return frozenset(_plain(fold(text).lower()).split())


def plain_words(query: str) -> frozenset[str]:
    """The words of a Semantic Scholar query (plain words: its search has no syntax)."""
    return _words(query.replace('"', " "))


def arxiv_words(query: str) -> frozenset[str] | None:
    """The words an arXiv query needs all of, when it is only `all:` terms joined by AND, or an
    OR of such groups (a phrase or its words each anywhere: every answer says the words all of
    the groups need); None for anything else (a category, an author, a title field, an OR of
    groups needing no word in common)."""
    groups = [_group_words(g) for g in query.split(" OR ")]
    if not groups or any(g is None for g in groups):
        return None
    return frozenset.intersection(*groups) or None  # type: ignore[arg-type]


def _group_words(group: str) -> frozenset[str] | None:
    """The words of `all:` terms joined by AND (in parentheses or not); None for anything else."""
    group = group.strip()
    if group.startswith("(") and group.endswith(")"):
        group = group[1:-1]
    words: set[str] = set()
    for term in group.split(" AND "):
        m = _TERM.fullmatch(term.strip())
        if m is None:
            return None
        words |= _words(m.group(1) or m.group(2))
    return frozenset(words) or None


def said_none_of(query: str, empty: list[frozenset[str]]) -> bool:
    """Whether a Semantic Scholar `query` needs every word of one of its own earlier queries that
    came back empty (`empty`, by `plain_words`): all words required, it can only be empty too."""
    words = plain_words(query)
    return any(e <= words for e in empty)


#: The backend whose first answers tell Semantic Scholar a query of its own would be empty.
TELLER = "openalex"
_QUOTED = re.compile(r'"([^"]+)"|(\S+)')


_BYLINE = re.compile(r'\s*[\w.]+\.search:"([^"]*)"\s*')


def _byline_and_phrases(query: str) -> tuple[str, list[str]]:
    """The author of an OpenAlex query's byline filter ("" without one) and its `OR`'d phrases,
    as the plan writes them."""
    byline = ""
    if (m := _BYLINE.match(query)) is not None:
        byline, query = m.group(1), query[m.end() :]
    return byline, [a or b for a, b in _QUOTED.findall(query) if (a or b) != "OR"]


def openalex_phrases(query: str) -> tuple[str, list[frozenset[str]]]:
    """(byline, phrases) of an OpenAlex query as the plan writes it: the author of its byline
    filter (folded, lower case; "" without one) and the words of each of its `OR`'d phrases."""
    byline, phrases = _byline_and_phrases(query)
    return fold(byline).lower(), [w for w in map(_words, phrases) if w]


_TEXT_WORD = re.compile(r"[a-z0-9]+")


def says_topic(broader: str, texts: list[str]) -> bool:
    """Whether any of `texts` (the works an OpenAlex byline query returned: title and abstract)
    says every word of one of the phrases of `broader`, the query's topic alone. The byline
    query also takes any word of the problem's tags (`byline.byline_topic`), so its answer can
    hold the person's works without the topic: for what its answer tells (Semantic Scholar's
    author query; whether to ask the topic alone) such an answer counts as empty, as the query
    on the topic's phrases alone would have been."""
    _, phrases = openalex_phrases(broader)
    said = [frozenset(_TEXT_WORD.findall(fold(t).lower())) for t in texts]
    return any(p <= w for p in phrases for w in said)


def told_by(query: str, author: str, teller: str) -> bool:
    """Whether OpenAlex's query `teller` asked what Semantic Scholar's `query` asks, so that its
    empty answer says Semantic Scholar's will be (next to) empty too.

    - An author + topic query (`author`: the cited author, folded, lower case) is told by
      OpenAlex's byline query on the same author: no work with that byline saying any of the
      topic's phrases. Semantic Scholar's "name + topic" matches the name in an abstract too, so
      this is evidence, not proof: on the studied splits 28 such queries were empty and 9 not,
      none of them the only query finding a gold paper.
    - A topic query is told by OpenAlex's query on the same phrases (Semantic Scholar asks all
      their words, or those of the shortest one): no work saying any of them. 19 empty and 12
      not, one gold paper among them, found by other queries too.
    """
    byline, phrases = openalex_phrases(teller)
    if author or byline:
        return bool(author) and byline == author
    words = plain_words(query)
    return bool(phrases) and (words == frozenset().union(*phrases) or words in phrases)


def _said(record: Any) -> frozenset[str]:
    """The stems of what Semantic Scholar's search reads of a paper: title, abstract, venue,
    authors."""
    names = " ".join(f"{a.given or ''} {a.family or ''}" for a in getattr(record, "authors", ()))
    text = " ".join(
        t for t in (record.title, record.abstract or "", record.venue or "", names) if t
    )
    return frozenset(stems(text))


def fitted(
    query: str, author: str, teller: str, records: Sequence[Any], topic: str = ""
) -> str | None:
    """What Semantic Scholar asks instead of `query` (its author + topic or topic query), by what
    OpenAlex's twin query `teller` found (`records`, not empty; `told_by` decides the twin): the
    query itself when one of those works says all its words; else the cited author (`author`,
    as the query writes the name; "" for a topic query) with the first of the teller's phrases
    one of those works says, for a topic query the longest; None when none of them says any
    (nothing to go on: the query is asked as planned).

    Semantic Scholar wants every word; OpenAlex's twin asks any of the phrases. Its works show
    which phrase the papers (the author's own, for an author query) say: "Amir kpz equation"
    asks for a word the author's abstracts may never write where "Amir directed polymer" is what
    they say.

    `topic`: the twin's topic alone (its broadening, without the byline), whose phrases are the
    only ones tried when given. A byline twin also asks any word of the problem's tags
    (`byline.byline_topic`), and "Maynard prime" — the name with a tag's word one of the
    person's works says — is every work of that person on primes, not their work on the topic."""
    said = [_said(r) for r in records]

    def anywhere(words: Sequence[str]) -> bool:
        need = frozenset(stem(w) for w in words)
        return bool(need) and any(need <= s for s in said)

    if anywhere(query.split()):
        return query
    texts = teller_phrases(topic or teller)
    if not author:
        texts = sorted(texts, key=lambda t: -len(t.split()))
    for text in texts:
        words = [*author.split(), *(w for w in text.split() if w.lower() not in author.lower())]
        if anywhere(words):
            return " ".join(dict.fromkeys(words))
    return None


def teller_phrases(query: str) -> list[str]:
    """The `OR`'d phrases of an OpenAlex query as the plan writes it (the byline filter left
    out), as plain words in their order, possessives and hyphens as the query builder drops
    them."""
    _, phrases = _byline_and_phrases(query)
    return [t for t in dict.fromkeys(map(_plain, phrases)) if t]
