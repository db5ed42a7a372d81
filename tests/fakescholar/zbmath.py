"""The fake zbMATH Open API (`/v1/document/_search`, `/v1/document/{id}`), in its wire format.

Documents are rendered as api.zbmath.org renders them (JSON `result` + `status`; titles in
`title.title`, authors as `"Family, Given"` under `contributors.authors`, links typed `doi` /
`arxiv`, MSC classes under `msc`, reviews under `editorial_contributions`, `year` a string). A
search that matches nothing is a 404 with an empty `result`, as the real service answers.

The query language is the part of zbMATH's the product uses: `an:` (Zbl/JFM number), `doi:`,
`ti:`, `au:`, `py:` (a year or `1990-2000`), `cc:` (an MSC class or its prefix), `so:`, and bare
words or quoted phrases, all ANDed (a space is AND in zbMATH); `|` between values of one field
is OR (`an:0303.10056|0474.20018`).
"""

from __future__ import annotations

import hashlib
import re
import shlex
from collections.abc import Iterable
from typing import Any

from tests.fakescholar.corpus import Paper, fold, words

_FIELD = re.compile(r"^(?P<field>an|doi|ti|au|py|cc|so|any|ab):(?P<value>.+)$", re.IGNORECASE)


def document_id(p: Paper) -> int:
    """zbMATH's document id: an eight-digit Zbl number is its id; otherwise a stable number."""
    if p.zbl and p.zbl.isdigit():
        return int(p.zbl)
    return 1000000 + int(hashlib.sha1(f"zb:{p.key}".encode()).hexdigest()[:7], 16) % 8000000


def _name(given: str, family: str) -> str:
    return f"{family}, {given}" if given else family


def render_document(p: Paper) -> dict[str, Any]:
    links = []
    if p.doi:
        links.append({"type": "doi", "identifier": p.doi, "url": f"https://doi.org/{p.doi}"})
    if p.arxiv_id:
        links.append(
            {
                "type": "arxiv",
                "identifier": p.arxiv_id,
                "url": f"https://arxiv.org/abs/{p.arxiv_id}",
            }
        )
    source = p.venue or ""
    if p.volume:
        source += f" {p.volume}"
    if p.issue:
        source += f", No. {p.issue}"
    if p.pages:
        source += f", {p.pages.replace('–', '-')}"
    source += f" ({p.year})."
    return {
        "biographic_references": [],
        "contributors": {
            "authors": [
                {
                    "name": _name(g, f),
                    "codes": [f"{fold(f).replace(' ', '-')}.{fold(g).split(' ')[0]}"],
                    "checked": "Checked",
                    "aliases": [],
                }
                for g, f in p.authors
            ],
            "editors": [],
        },
        "database": "JFM" if p.zbl and p.zbl.startswith("JFM") else "Zbl",
        "datestamp": "2024-01-01T00:00:00Z",
        "document_type": {"code": "j", "description": "journal article"},
        "editorial_contributions": [
            {
                "contribution_type": "summary" if p.abstract else "review",
                "language": {"languages": ["English"]},
                "reviewer": {"name": None, "reviewer_id": None, "sign": None},
                "text": p.abstract or "No review copy delivered.",
            }
        ],
        "id": document_id(p),
        "identifier": p.zbl,
        "keywords": [],
        "language": {"addition": None, "languages": ["English"]},
        "license": [],
        "links": links,
        "msc": [{"code": code, "scheme": "msc2020", "text": ""} for code in p.msc],
        "references": [],
        "source": {
            "book": [],
            "pages": p.pages,
            "series": [
                {
                    "acronym": None,
                    "issn": [],
                    "issue": p.issue,
                    "issue_id": None,
                    "parallel_title": None,
                    "part": None,
                    "publisher": None,
                    "series_id": None,
                    "short_title": None,
                    "title": p.venue,
                    "volume": p.volume,
                    "year": str(p.year),
                }
            ]
            if p.venue
            else [],
            "source": source,
        },
        "title": {"addition": None, "original": None, "subtitle": None, "title": p.title},
        "year": str(p.year),
        "zbmath_url": f"https://zbmath.org/?q=an:{p.zbl}",
    }


def status(n_total: int, n_page: int, code: int = 200) -> dict[str, Any]:
    return {
        "execution": "successful" if code == 200 else "not found",
        "execution_bool": code == 200,
        "internal_code": "OK" if code == 200 else "not found",
        "last_id": None,
        "nr_request_results": n_page,
        "nr_total_results": n_total,
        "query_execution_time_in_seconds": 0.01,
        "status_code": code,
        "time_stamp": "2026-11-26T00:00:00Z",
    }


def _terms(search_string: str) -> list[str]:
    try:
        return shlex.split(search_string)
    except ValueError:  # an unbalanced quote: zbMATH reads the words as they are
        return search_string.split()


def _match_one(p: Paper, field: str, value: str) -> bool:
    field = field.lower()
    if field == "an":
        return bool(p.zbl) and value.replace("Zbl", "").strip() == p.zbl.removeprefix("JFM ")
    if field == "doi":
        return bool(p.doi) and value.strip().lower() == p.doi.lower()
    if field == "py":
        lo, _, hi = value.partition("-")
        try:
            return int(lo) <= p.year <= int(hi or lo)
        except ValueError:
            return False
    if field == "cc":
        code = value.strip().upper().rstrip("*X-")
        return any(c.upper().startswith(code) for c in p.msc)
    haystack = {
        "ti": p.title,
        "au": " ".join(p.names()),
        "so": p.venue or "",
        "ab": p.abstract or "",
    }.get(field, f"{p.title} {p.abstract or ''} {' '.join(p.names())} {p.venue or ''}")
    have = set(words(haystack))
    wanted = words(value)
    return bool(wanted) and all(w in have for w in wanted)


def search(papers: Iterable[Paper], search_string: str) -> list[Paper]:
    """Documents matching every term; the best title matches first, then the newest."""
    conditions: list[tuple[str, list[str]]] = []
    for term in _terms(search_string):
        if term in ("&", "AND"):
            continue
        m = _FIELD.match(term)
        field, value = (m["field"], m["value"]) if m else ("any", term)
        conditions.append((field, value.split("|")))
    if not conditions:
        return []
    hits = [
        p
        for p in papers
        if p.zbl and all(any(_match_one(p, f, v) for v in values) for f, values in conditions)
    ]
    title_words = [w for f, vs in conditions if f in ("ti", "any") for v in vs for w in words(v)]

    def key(p: Paper) -> tuple[float, int]:
        have = set(words(p.title))
        return (-sum(w in have for w in title_words), -p.year)

    return sorted(hits, key=key)
