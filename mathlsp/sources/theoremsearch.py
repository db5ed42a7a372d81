"""TheoremSearch (`POST /search`): theorem statements with the paper they come from.

Hits from arXiv carry a versioned `paper.paper_id` and become candidate records that are then
verified through arXiv like any other. Hits from ProofWiki or the Stacks Project have no paper
identifier: they are theorem context only and never become paper records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from mathlsp.safetext import safe_text
from mathlsp.sources.base import LookupResult
from mathlsp.sources.errors import MalformedResponse
from mathlsp.sources.http import Fetcher
from mathlsp.sources.record import Author, Identifier, PaperRecord, clean_text, parse_arxiv_id

NAME = "theoremsearch"


@dataclass(frozen=True)
class TheoremHit:
    name: str
    body: str
    theorem_type: str | None
    similarity: float | None
    source: str  # "arXiv", "ProofWiki", "Stacks Project", …
    link: str | None  # the theorem's own page, else the paper's
    slogan: str | None = None
    theorem_id: int | None = None
    arxiv_id: str | None = None
    arxiv_version: int | None = None
    paper_title: str | None = None
    paper_authors: tuple[Author, ...] = ()
    paper_year: int | None = None
    primary_category: str | None = None
    fetched_at: datetime | None = None

    def __post_init__(self) -> None:
        # Statements are quoted into notes and hovers: untrusted text is cleaned once, here.
        for name in ("name", "body", "theorem_type", "source", "link", "slogan", "paper_title"):
            value = getattr(self, name)
            if isinstance(value, str):
                object.__setattr__(self, name, safe_text(value))

    @property
    def is_arxiv(self) -> bool:
        return self.arxiv_id is not None

    @property
    def paper(self) -> PaperRecord | None:
        """An unverified candidate record for the arXiv paper (None for ProofWiki/Stacks)."""
        if not self.arxiv_id or not self.paper_title:
            return None
        versioned = f"{self.arxiv_id}v{self.arxiv_version}" if self.arxiv_version else self.arxiv_id
        return PaperRecord(
            backend=NAME,
            title=self.paper_title,
            authors=self.paper_authors,
            year=self.paper_year,
            venue="arXiv",
            arxiv_id=self.arxiv_id,
            arxiv_version=self.arxiv_version,
            # POST /search cannot be re-opened as a link: point at the paper itself instead.
            url=f"https://arxiv.org/abs/{versioned}",
            open_access_url=f"https://arxiv.org/abs/{versioned}",
            fetched_at=self.fetched_at or datetime.now(UTC),
            categories=(self.primary_category,) if self.primary_category else (),
        )


def parse_search(data: Any, url: str) -> list[TheoremHit]:
    if not isinstance(data, Mapping) or not isinstance(data.get("theorems", []), list):
        raise MalformedResponse(NAME, url, "TheoremSearch sent an unexpected body")
    when = datetime.now(UTC)
    hits = []
    for t in data.get("theorems", []):
        if not isinstance(t, Mapping):
            continue
        paper = t.get("paper") if isinstance(t.get("paper"), Mapping) else {}
        source = str(paper.get("source") or "unknown")
        arxiv = None
        if source.lower() == "arxiv" and isinstance(paper.get("paper_id"), str):
            arxiv = parse_arxiv_id(paper["paper_id"])
        sim = t.get("similarity")
        year = paper.get("year")
        tid = t.get("theorem_id")
        hits.append(
            TheoremHit(
                name=clean_text(t.get("name")) or "",
                body=str(t.get("body") or "").strip(),
                theorem_type=t.get("theorem_type")
                if isinstance(t.get("theorem_type"), str)
                else None,
                similarity=float(sim) if isinstance(sim, int | float) else None,
                source=source,
                link=(t.get("link") or paper.get("link") or None),
                slogan=clean_text(t.get("slogan")) if isinstance(t.get("slogan"), str) else None,
                theorem_id=tid if isinstance(tid, int) else None,
                arxiv_id=arxiv[0] if arxiv else None,
                arxiv_version=arxiv[1] if arxiv else None,
                paper_title=clean_text(paper.get("title")) if arxiv else None,
                paper_authors=tuple(
                    Author.from_name(a)
                    for a in paper.get("authors") or []
                    if isinstance(a, str) and a.strip()
                )
                if arxiv
                else (),
                paper_year=year if isinstance(year, int) else None,
                primary_category=paper.get("primary_category")
                if isinstance(paper.get("primary_category"), str)
                else None,
                fetched_at=when,
            )
        )
    return hits


class TheoremSearchSource:
    name = NAME

    def __init__(self, fetcher: Fetcher, base_url: str) -> None:
        self.fetcher = fetcher
        self.base_url = base_url.rstrip("/")

    def supports(self, identifier: Identifier) -> bool:
        return False  # no identifier route: it is a discovery-only backend

    async def search_theorems(self, query: str, limit: int = 10) -> list[TheoremHit]:
        resp = await self.fetcher.request(
            "POST", self.base_url + "/search", json_body={"query": query, "limit": limit}
        )
        return parse_search(resp.json(NAME), resp.url)[:limit]

    async def search(self, query: str, limit: int = 10) -> list[PaperRecord]:
        """Candidate papers from arXiv hits, deduplicated, in hit order."""
        seen: set[str] = set()
        out = []
        for hit in await self.search_theorems(query, limit):
            paper = hit.paper
            if paper is not None and paper.arxiv_id not in seen:
                seen.add(paper.arxiv_id or "")
                out.append(paper)
        return out

    async def lookup(self, identifiers: Sequence[Identifier]) -> list[LookupResult]:
        return []
