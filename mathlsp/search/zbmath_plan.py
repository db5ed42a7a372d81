"""zbMATH Open's discovery queries: the problem's MSC classes with its key objects.

zbMATH files every document under MSC classes, and its query language asks for them: `cc:11R06`
(a class, or any prefix of one: `cc:11`), `ti:"…"` (a phrase in the title), `au:` (an author),
`&` (and), `|` (or, between values of one field). A query here is the problem's classes (the
`msc:` field of PROBLEM.md, else the domain's top-level classes) with one topic of the plan: a key
object or a Known Result in the title, or a cited author with the problem's subject. The classes
keep a phrase that other fields use for other things (a "height" in geometry and in number
theory) among the problem's own papers, which is what a title phrase alone cannot do on a
database of 4.5 million documents back to the 1860s.

The first query (the subject), when the classes leave it empty, is broadened once to the same
title phrase without them. The classes are often a guess (the domain's top-level classes when
PROBLEM.md has no `msc:`: "analysis" for a randomly forced Burgers equation, which zbMATH files
under 35 and 60), and a wrong guess empties every query. Only the first: zbMATH holds nothing on
many problems (recent preprints are not reviewed yet), and broadening every query would double
what those cost. The planner takes the first query only (`QUOTA` in `search/queries.py`); the
topics after it (a cited author as `au:`) are what an incremental search asks next.

Pure: `zbmath_pool` yields (query, purpose, broader); `queries.build_queries` takes its quota of
them like any backend's. It depends on nothing of the planner but the topics it is handed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from mathlsp.search.text import fold_keep_case, query_words, stems

# At most this many classes in one `cc:`: more and the filter stops saying which area.
MAX_CLASSES = 3
_QUOTE = re.compile(r"[\"“”]")


class TopicLike(Protocol):
    phrases: tuple[str, ...]
    purpose: str
    authors: tuple[str, ...]


def cc_value(classes: Sequence[str]) -> str:
    """`11R06|11G50` from the problem's classes: `11-XX` → `11`, `11Nxx` → `11N`."""
    out: list[str] = []
    for code in classes:
        c = code.strip().upper()
        c = c.removesuffix("-XX").removesuffix("XX")
        if c and c not in out:
            out.append(c)
    return "|".join(out[:MAX_CLASSES])


def _quoted(field: str, text: str) -> str:
    plain = _QUOTE.sub("", fold_keep_case(query_words(text))).strip()
    if not plain:
        return ""
    return f'{field}:"{plain}"' if " " in plain else f"{field}:{plain}"


def _and(parts: Iterable[str]) -> str:
    return " & ".join(p for p in parts if p)


def topic_query(cc: str, phrases: Sequence[str], authors: Sequence[str]) -> str:
    """The topic under the classes: a cited author's papers in the problem's field, or the
    topic's first phrase in the title."""
    classes = f"cc:{cc}" if cc else ""
    if authors:
        names = [query_words(fold_keep_case(_QUOTE.sub("", a))) for a in authors[:2]]
        who = "|".join(f'"{n}"' if " " in n else n for n in names if n)
        return _and([classes, f"au:{who}"]) if who else ""
    what = _quoted("ti", phrases[0]) if phrases else ""
    return _and([classes, what]) if what else ""


def zbmath_pool(
    classes: Sequence[str], concepts: Sequence[str], topics: Iterable[TopicLike]
) -> Iterator[tuple[str, str, str]]:
    """(query, purpose, broader) in priority order: the problem's subject (its first tag
    or key phrase), then each topic of the plan, under the problem's classes."""
    cc = cc_value(classes)
    asked: set[frozenset[str]] = set()
    wanted = [(c, (c,), (), "subject") for c in concepts[:1]]
    wanted += [(t.phrases[0] if t.phrases else "", t.phrases, t.authors, t.purpose) for t in topics]
    for first, phrases, authors, purpose in wanted:
        query = topic_query(cc, phrases, authors)
        # "Kazhdan-Lusztig polynomials" and "… polynomial" are one question to zbMATH.
        said = frozenset(stems(first)) | frozenset(a.lower() for a in authors)
        if query and said not in asked:
            asked.add(said)
            broader = topic_query("", phrases, authors) if cc and len(asked) == 1 else ""
            yield query, f"MSC + {purpose}", broader
