"""Below the line: papers a search retrieved but did not admit, shown and never confirmed.

The search writes only the papers that say what is specific to the problem (`rank.py`). The
next ones down are still worth a look: the report lists them, `--format json` gives them as
`below_the_line`, and they are remembered in the local cache per problem folder so that the
editor can offer **Add set-aside paper (unconfirmed): …** in LITERATURE.md. Added that way a paper
is an Unconfirmed Reference (UREF) whose Reason says it was set aside and added by hand: it
becomes a REF only through verification, like any other.

Everything here is pure except `remember` and `recall`, which read and write the cache.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.numbering import next_numbers
from mathlsp.notes.render import NewReference, apply_edits, insert_references, update_frontmatter
from mathlsp.search.merge import Candidate
from mathlsp.search.rank import FIELD_PAIR, below_the_line
from mathlsp.verify.normalize import normalize_title

KEY = "search-below:"  # cache key prefix, then the problem folder's resolved path


def cache_key(problem_dir: Path) -> str:
    return KEY + str(problem_dir.resolve())


def why_set_aside(candidate: Candidate) -> str:
    """Why the paper is below the line, from what it matched (`rank.Match`), in the terms the
    ranking uses: nothing specific (tags said only in an abstract, single words, passing
    mentions), only the field's phrases (said by a good part of the papers found), or a match
    the ranking weighed below the papers written."""
    said = [m for m in candidate.found if m.term.kind != "author"]
    if not said:
        return "it says none of the problem's phrases"
    specific = [m for m in said if m.specific and m.place != "passing"]
    if not specific:
        if all(m.place == "passing" for m in said):
            return "it says the problem's phrases only in passing, late in its abstract"
        if all(m.term.kind == "tag" for m in said):
            return "it says only tags of the problem, and a tag alone never admits a paper"
        return "it says nothing specific to the problem: single words or tags only"
    if all(m.rarity < FIELD_PAIR for m in specific):
        return "what it says, a good part of the papers found say too: the field's words"
    return "the ranking weighed its match below those written"


def entry(candidate: Candidate, relevance: str) -> dict[str, Any]:
    """A set-aside candidate as plain data (JSON, the cache, the code action's argument)."""
    return {
        "title": candidate.title,
        "authors": list(candidate.authors),
        "year": candidate.year,
        "arxiv_id": candidate.arxiv_id or "",
        "doi": candidate.doi or "",
        "source": candidate.source_label,
        "evidence": candidate.evidence,
        "relevance": relevance,
        "why": why_set_aside(candidate),
    }


def entries(dropped: Sequence[Candidate], describe: Any) -> list[dict[str, Any]]:
    """The candidates below the line worth showing, best first; `describe(c)` says what the
    paper matched (`write.relevance_text`)."""
    return [entry(c, describe(c)) for c in below_the_line(dropped)]


def listed(doc: LiteratureDoc, item: Mapping[str, Any]) -> bool:
    """Whether LITERATURE.md already has the paper (arXiv id, DOI or title)."""
    arxiv = str(item.get("arxiv_id") or "")
    doi = str(item.get("doi") or "").lower()
    title = normalize_title(str(item.get("title") or ""))
    for e in doc.entries:
        if arxiv and e.arxiv_id is not None and e.arxiv_id.base == arxiv:
            return True
        if doi and e.doi and e.doi.lower() == doi:
            return True
        if title and normalize_title(e.title) == title:
            return True
    return False


def _searched_on(item: Mapping[str, Any], when: dt.datetime) -> str:
    """The day of the search that set the paper aside (`recall` stamps it on each item); `when`
    (the day it is added) only for an item that does not say."""
    try:
        return dt.datetime.fromisoformat(str(item["set_aside_at"])).date().isoformat()
    except (KeyError, ValueError):
        return when.date().isoformat()


def reference(item: Mapping[str, Any], number: int, when: dt.datetime) -> NewReference:
    """The UREF entry for a set-aside paper the user chose to add."""
    what = str(item.get("relevance") or "").rstrip(".")
    why = str(item.get("why") or "")
    reason = (
        f"set aside by the search of {_searched_on(item, when)} (below the relevance line"
        + (f", because {why}" if why else "")
        + (f"; {what[0].lower() + what[1:]}" if what else "")
        + "); added by hand — not verified: verify it before citing it"
    )
    year = item.get("year")
    return NewReference(
        kind="UREF",
        number=number,
        title=str(item.get("title") or "Untitled"),
        authors=tuple(str(a) for a in item.get("authors") or ()),
        year=year if isinstance(year, int) else None,
        source=str(item.get("source") or ""),
        arxiv_id=str(item.get("arxiv_id") or ""),
        doi=str(item.get("doi") or ""),
        reason=reason,
        relevance=str(item.get("relevance") or ""),
    )


def add_to_literature(text: str, item: Mapping[str, Any], when: dt.datetime) -> str | None:
    """LITERATURE.md with the paper added as the next UREF and the counts updated; None when it
    is already listed. Raises ValueError when the frontmatter cannot be updated safely."""
    doc = LiteratureDoc(text)
    if listed(doc, item):
        return None
    # After every UREF number the file has ever used (moved-from notes, Search History, the
    # Synthesis), never only the entries still there: an old mention must not point at this paper.
    number = next_numbers(doc).take("UREF")
    text = apply_edits(text, insert_references(doc, [reference(item, number, when)]))
    doc = LiteratureDoc(text)
    counts = {
        "total_papers": len(doc.confirmed) + len(doc.unconfirmed),
        "confirmed_count": len(doc.confirmed),
        "unconfirmed_count": len(doc.unconfirmed),
    }
    return apply_edits(text, update_frontmatter(doc, counts))


def remember(cache: Any, problem_dir: Path, items: list[dict[str, Any]], when: dt.datetime) -> None:
    """Keep the latest search's set-aside papers for the editor (best effort)."""
    if cache is None or not hasattr(cache, "put_verification"):
        return
    try:
        cache.put_verification(cache_key(problem_dir), {"at": when.isoformat(), "items": items})
    except Exception:  # a cache that cannot be written loses a convenience, not the search
        return


def recall(cache: Any, problem_dir: Path) -> list[dict[str, Any]]:
    """The set-aside papers of the latest search of `problem_dir` (empty when none)."""
    if cache is None or not hasattr(cache, "get_verification"):
        return []
    try:
        data = cache.get_verification(cache_key(problem_dir))
    except Exception:
        return []
    items = data.get("items") if isinstance(data, dict) else None
    if not items:
        return []
    at = data.get("at")  # the search's own time: the Reason of an added paper names its day
    return [
        {**i, "set_aside_at": at} if isinstance(at, str) else i
        for i in items
        if isinstance(i, dict) and i.get("title")
    ]
