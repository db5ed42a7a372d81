"""OpenAlex query text: the byline filter a planned query may carry ahead of its `search=` words.

Pure (no network): the query planner writes the prefix, the OpenAlex client reads it.
"""

from __future__ import annotations

import re

#: Works whose byline holds a name, as written on the work (not the resolved author id):
#: https://developers.openalex.org/guides/searching#searching-author-bylines-with-raw_author_name-search
AUTHOR_FILTER = "raw_author_name.search"
#: Filters a planned query may carry ahead of its words (`publication_year:1934-1936` is a range).
FILTERS = (AUTHOR_FILTER, "publication_year")
_PREFIX = re.compile(rf'^\s*({"|".join(map(re.escape, FILTERS))}):(?:"([^"]+)"|([^\s"]+))\s*')


def split_filters(query: str) -> tuple[list[tuple[str, str]], str]:
    """([(filter, value), …], the `search=` words) of a query written
    `raw_author_name.search:"Name" publication_year:1934-1936 words`. A value cannot hold `,`
    (it separates filters) or `|` (OR): those become spaces."""
    found: list[tuple[str, str]] = []
    while m := _PREFIX.match(query):
        value = " ".join(re.sub(r"[,|]", " ", m.group(2) or m.group(3)).split())
        if value:
            found.append((m.group(1), value))
        query = query[m.end() :]
    return found, query.strip()


def split_author_filter(query: str) -> tuple[str, str]:
    """(author name or "", the `search=` words): see `split_filters`."""
    found, words = split_filters(query)
    return next((v for f, v in found if f == AUTHOR_FILTER), ""), words
