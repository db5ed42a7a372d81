"""Display names of the backends (a module of its own: importing it loads no HTTP stack)."""

from __future__ import annotations

LABELS = {
    "arxiv": "arXiv",
    "semantic_scholar": "Semantic Scholar",
    "openalex": "OpenAlex",
    "crossref": "Crossref",
    "pubmed": "PubMed",
    "theoremsearch": "TheoremSearch",
    "zbmath": "zbMATH Open",
}


def label(backend: str) -> str:
    return LABELS.get(backend, backend)
