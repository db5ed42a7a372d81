"""Render corpus papers in each API's real wire format (modelled on recorded answers)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tests.fakescholar.corpus import Paper, Theorem, words

ATOM_HEAD = (
    "<?xml version='1.0' encoding='UTF-8'?>\n"
    '<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" '
    'xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">\n'
)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def journal_ref(p: Paper) -> str | None:
    if not p.venue or not p.doi:
        return None
    bits = [p.venue]
    if p.volume:
        bits.append(p.volume)
    bits.append(f"({p.year})")
    if p.pages:
        bits.append(p.pages)
    return " ".join(bits)


# --- arXiv -------------------------------------------------------------------------------------


def atom_entry(p: Paper, version: int) -> str:
    vid = f"{p.arxiv_id}v{version}"
    published = f"{p.arxiv_published or f'{p.year}-01-01'}T17:59:59Z"
    lines = [
        "  <entry>",
        f"    <id>http://arxiv.org/abs/{vid}</id>",
        f"    <title>{escape(p.arxiv_title)}</title>",
        f"    <updated>{published}</updated>",
        f'    <link href="https://arxiv.org/abs/{vid}" rel="alternate" type="text/html"/>',
        f'    <link href="https://arxiv.org/pdf/{vid}" rel="related" type="application/pdf"'
        ' title="pdf"/>',
        f"    <summary>{escape(p.abstract or '')}</summary>",
    ]
    for cat in p.categories:
        lines.append(
            f'    <category term={quoteattr(cat)} scheme="http://arxiv.org/schemas/atom"/>'
        )
    lines.append(f"    <published>{published}</published>")
    if p.categories:
        lines.append(f"    <arxiv:primary_category term={quoteattr(p.categories[0])}/>")
    ref = journal_ref(p)
    if ref:
        lines.append(f"    <arxiv:journal_ref>{escape(ref)}</arxiv:journal_ref>")
    if p.doi:
        lines.append(f"    <arxiv:doi>{escape(p.doi)}</arxiv:doi>")
    for name in p.names():
        lines.append(f"    <author>\n      <name>{escape(name)}</name>\n    </author>")
    lines.append("  </entry>")
    return "\n".join(lines)


def atom_feed(
    entries: list[tuple[Paper, int]],
    *,
    search_query: str,
    id_list: str,
    start: int,
    max_results: int,
    total: int,
) -> bytes:
    qid = hashlib.sha1(f"{search_query}|{id_list}|{start}|{max_results}".encode()).hexdigest()[:27]
    title = (
        f"arXiv Query: search_query={search_query}&id_list={id_list}"
        f"&start={start}&max_results={max_results}"
    )
    link = (
        f"https://arxiv.org/api/query?search_query={search_query}&start={start}"
        f"&max_results={max_results}&id_list={id_list}"
    )
    body = [
        ATOM_HEAD,
        f"  <id>https://arxiv.org/api/{qid}</id>\n",
        f"  <title>{escape(title)}</title>\n",
        f"  <updated>{_now()}</updated>\n",
        f'  <link href={quoteattr(link)} type="application/atom+xml"/>\n',
        f"  <opensearch:itemsPerPage>{max_results}</opensearch:itemsPerPage>\n",
        f"  <opensearch:totalResults>{total}</opensearch:totalResults>\n",
        f"  <opensearch:startIndex>{start}</opensearch:startIndex>\n",
    ]
    body.extend(atom_entry(p, v) + "\n" for p, v in entries)
    body.append("</feed>\n")
    return "".join(body).encode()


def atom_error(bad_id: str) -> bytes:
    frag = "incorrect_id_format_for_" + bad_id
    url = f"https://arxiv.org/api/errors#{frag}"
    return (
        ATOM_HEAD
        + "  <id>https://arxiv.org/</id>\n  <title>arXiv Search Results</title>\n"
        + f"  <updated>{_now()}</updated>\n"
        + "  <opensearch:itemsPerPage>1</opensearch:itemsPerPage>\n"
        + "  <opensearch:totalResults>1</opensearch:totalResults>\n"
        + "  <opensearch:startIndex>0</opensearch:startIndex>\n"
        + "  <entry>\n"
        + f"    <id>{escape(url)}</id>\n    <title>Error</title>\n    <updated>{_now()}</updated>\n"
        + f'    <link href={quoteattr(url)} rel="alternate" type="text/html"/>\n'
        + f"    <summary>incorrect id format for {escape(bad_id)}</summary>\n"
        + "    <author>\n      <name>arXiv api core</name>\n    </author>\n  </entry>\n</feed>\n"
    ).encode()


# --- Semantic Scholar --------------------------------------------------------------------------


def s2_paper(p: Paper, fields: list[str] | None) -> dict[str, Any]:
    ext: dict[str, Any] = {}
    if p.arxiv_id:
        ext["ArXiv"] = p.arxiv_id
    if p.doi or p.arxiv_id:
        ext["DOI"] = p.doi or p.datacite_doi
    if p.pmid:
        ext["PubMed"] = p.pmid
    ext["CorpusId"] = p.corpus_id
    if p.doi:
        journal = {"name": p.venue, "volume": p.volume, "pages": p.pages}
        journal = {k: v for k, v in journal.items() if v}
    else:
        journal = {"name": "ArXiv", "volume": f"abs/{p.arxiv_id}"}
    full: dict[str, Any] = {
        "paperId": p.s2_id,
        "externalIds": ext,
        "corpusId": p.corpus_id,
        "url": f"https://www.semanticscholar.org/paper/{p.s2_id}",
        "title": p.arxiv_title,
        "abstract": p.abstract,
        "venue": p.venue or "arXiv.org",
        "year": p.year,
        "citationCount": p.citations,
        "isOpenAccess": bool(p.arxiv_id),
        "openAccessPdf": (
            {"url": f"https://arxiv.org/pdf/{p.arxiv_id}", "status": "GREEN", "license": None}
            if p.arxiv_id
            else {"url": "", "status": None, "license": None}
        ),
        "fieldsOfStudy": ["Mathematics"],
        "publicationDate": p.arxiv_published if not p.doi else None,
        "journal": journal,
        "authors": [
            {
                "authorId": str(10_000_000 + int(hashlib.sha1(n.encode()).hexdigest()[:6], 16)),
                "name": n,
            }
            for n in p.names()
        ],
    }
    if not fields:
        return {"paperId": p.s2_id, "title": p.arxiv_title}
    return {"paperId": p.s2_id, **{f: full[f] for f in fields if f in full}}


# --- OpenAlex ------------------------------------------------------------------------------------


def inverted_index(text: str | None) -> dict[str, list[int]] | None:
    if not text:
        return None
    index: dict[str, list[int]] = {}
    for pos, word in enumerate(text.split()):
        index.setdefault(word, []).append(pos)
    return index


def openalex_work(p: Paper, relevance: float | None = None) -> dict[str, Any]:
    doi = (p.doi or p.datacite_doi or "").lower() or None
    arxiv_loc = (
        {
            "is_oa": True,
            "landing_page_url": f"https://arxiv.org/abs/{p.arxiv_id}",
            "pdf_url": f"https://arxiv.org/pdf/{p.arxiv_id}",
            "source": {
                "id": "https://openalex.org/S4306400194",
                "display_name": "arXiv (Cornell University)",
                "type": "repository",
            },
            "license": "other-oa",
            "version": "submittedVersion",
        }
        if p.arxiv_id
        else None
    )
    journal_loc = (
        {
            "is_oa": False,
            "landing_page_url": f"https://doi.org/{p.doi}",
            "pdf_url": None,
            "source": {
                "id": "https://openalex.org/S"
                + str(int(hashlib.sha1((p.venue or "").encode()).hexdigest()[:7], 16)),
                "display_name": p.venue,
                "type": "book series" if p.type == "book" else "journal",
            },
            "license": None,
            "version": "publishedVersion",
        }
        if p.doi
        else None
    )
    primary = journal_loc or arxiv_loc
    locations = [loc for loc in (journal_loc, arxiv_loc) if loc]
    ids: dict[str, Any] = {"openalex": f"https://openalex.org/{p.openalex_id}"}
    if doi:
        ids["doi"] = f"https://doi.org/{doi}"
    if p.pmid:
        ids["pmid"] = f"https://pubmed.ncbi.nlm.nih.gov/{p.pmid}"
    work: dict[str, Any] = {
        "id": f"https://openalex.org/{p.openalex_id}",
        "doi": f"https://doi.org/{doi}" if doi else None,
        "title": p.title,
        "display_name": p.title,
    }
    if relevance is not None:
        work["relevance_score"] = round(relevance * 1000, 3)
    work.update(
        {
            "publication_year": p.year,
            "publication_date": p.arxiv_published
            if not p.doi and p.arxiv_published
            else f"{p.year}-01-01",
            "ids": ids,
            "language": "en",
            "primary_location": primary,
            "type": "preprint" if not p.doi else ("book" if p.type == "book" else "article"),
            "open_access": {
                "is_oa": bool(arxiv_loc),
                "oa_status": "green" if arxiv_loc else "closed",
                "oa_url": arxiv_loc["landing_page_url"] if arxiv_loc else None,
                "any_repository_has_fulltext": bool(arxiv_loc),
            },
            "authorships": [
                {
                    "author_position": "first" if i == 0 else "middle",
                    "author": {
                        "id": "https://openalex.org/A"
                        + str(5000000000 + int(hashlib.sha1(n.encode()).hexdigest()[:7], 16)),
                        "display_name": n,
                        "orcid": None,
                    },
                    "institutions": [],
                    "countries": [],
                    "is_corresponding": False,
                    "raw_author_name": n,
                    "raw_affiliation_strings": [],
                }
                for i, n in enumerate(p.names())
            ],
            "cited_by_count": p.citations,
            "biblio": {
                "volume": p.volume,
                "issue": p.issue,
                "first_page": p.pages.split("-")[0] if p.pages else None,
                "last_page": p.pages.split("-")[-1] if p.pages else None,
            },
            "is_retracted": False,
            "locations_count": len(locations),
            "locations": locations,
            "best_oa_location": arxiv_loc,
            "abstract_inverted_index": inverted_index(p.abstract),
            "updated_date": "2026-01-10T08:00:00.000000",
            "created_date": "2016-06-24T00:00:00",
        }
    )
    return work


def openalex_list(
    works: list[dict[str, Any]], *, count: int, per_page: int, page: int = 1
) -> dict[str, Any]:
    return {
        "meta": {
            "count": count,
            "db_response_time_ms": 17,
            "page": page,
            "per_page": per_page,
            "groups_count": None,
        },
        "results": works,
        "group_by": [],
    }


OPENALEX_404_HTML = (
    b"<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n"
    b"<p>The requested URL was not found on the server. If you entered the URL manually please "
    b"check your spelling and try again.</p>\n"
)


# --- Crossref -----------------------------------------------------------------------------------


def crossref_item(p: Paper, score: float | None = None) -> dict[str, Any]:
    assert p.doi
    item: dict[str, Any] = {
        "indexed": {
            "date-parts": [[2026, 1, 5]],
            "date-time": "2026-01-05T10:00:00Z",
            "timestamp": 1767607200000,
        },
        "reference-count": 0,
        "publisher": "Springer Science and Business Media LLC"
        if p.doi.startswith("10.1007")
        else "Crossref Member",
        "issue": p.issue,
        "content-domain": {"domain": [], "crossmark-restriction": False},
        "published-print": {"date-parts": [[p.year]]},
        "DOI": p.doi,
        "type": "book" if p.type == "book" else "journal-article",
        "created": {
            "date-parts": [[2002, 7, 27]],
            "date-time": "2002-07-27T11:00:00Z",
            "timestamp": 1027767600000,
        },
        "page": p.pages,
        "source": "Crossref",
        "is-referenced-by-count": p.citations,
        "title": [p.title],
        "prefix": p.doi.split("/")[0],
        "volume": p.volume,
        "author": [
            {
                "given": g,
                "family": f,
                "sequence": "first" if i == 0 else "additional",
                "affiliation": [],
            }
            for i, (g, f) in enumerate(p.authors)
        ],
        "member": "297",
        "container-title": [p.venue] if p.venue else [],
        "language": "en",
        "deposited": {
            "date-parts": [[2019, 5, 1]],
            "date-time": "2019-05-01T00:00:00Z",
            "timestamp": 1556668800000,
        },
        "score": score if score is not None else 1,
        "resource": {"primary": {"URL": f"https://doi.org/{p.doi}"}},
        "issued": {"date-parts": [[p.year]]},
        "URL": f"https://doi.org/{p.doi.lower()}",
        "published": {"date-parts": [[p.year]]},
    }
    if p.abstract:
        item["abstract"] = f"<jats:title>Abstract</jats:title><jats:p>{escape(p.abstract)}</jats:p>"
    return {k: v for k, v in item.items() if v is not None}


def crossref_work(p: Paper) -> dict[str, Any]:
    return {
        "status": "ok",
        "message-type": "work",
        "message-version": "1.0.0",
        "message": crossref_item(p),
    }


def crossref_list(
    items: list[dict[str, Any]], *, total: int, rows: int, terms: str | None
) -> dict[str, Any]:
    return {
        "status": "ok",
        "message-type": "work-list",
        "message-version": "1.0.0",
        "message": {
            "facets": {},
            "total-results": total,
            "items": items,
            "items-per-page": rows,
            "query": {"start-index": 0, "search-terms": terms},
        },
    }


# --- PubMed ---------------------------------------------------------------------------------------


def pubmed_esearch(ids: list[str], *, count: int, retmax: int, term: str) -> dict[str, Any]:
    return {
        "header": {"type": "esearch", "version": "0.3"},
        "esearchresult": {
            "count": str(count),
            "retmax": str(retmax),
            "retstart": "0",
            "idlist": ids,
            "translationset": [],
            "querytranslation": f"{term}[All Fields]",
        },
    }


def pubmed_summary(p: Paper) -> dict[str, Any]:
    def initials(given: str) -> str:
        return "".join(w[0] for w in given.replace(".", " ").split() if w)

    names = [f"{f} {initials(g)}".strip() for g, f in p.authors]
    return {
        "uid": p.pmid,
        "pubdate": str(p.year),
        "epubdate": "",
        "source": p.venue or "",
        "authors": [{"name": n, "authtype": "Author", "clusterid": ""} for n in names],
        "lastauthor": names[-1] if names else "",
        "title": p.title + ".",
        "sorttitle": p.title.lower(),
        "volume": p.volume or "",
        "issue": p.issue or "",
        "pages": p.pages or "",
        "lang": ["eng"],
        "issn": "",
        "pubtype": ["Journal Article"],
        "recordstatus": "PubMed - indexed for MEDLINE",
        "pubstatus": "4",
        "articleids": [
            {"idtype": "pubmed", "idtypen": 1, "value": p.pmid},
            *([{"idtype": "doi", "idtypen": 3, "value": p.doi}] if p.doi else []),
        ],
        "attributes": ["Has Abstract"] if p.abstract else [],
        "pmcrefcount": "",
        "fulljournalname": p.venue or "",
        "sortpubdate": f"{p.year}/01/01 00:00",
        "sortfirstauthor": names[0] if names else "",
    }


def pubmed_esummary(found: dict[str, Paper | None]) -> dict[str, Any]:
    result: dict[str, Any] = {"uids": list(found)}
    for uid, p in found.items():
        result[uid] = (
            pubmed_summary(p) if p else {"uid": uid, "error": "cannot get document summary"}
        )
    return {"header": {"type": "esummary", "version": "0.3"}, "result": result}


# --- TheoremSearch ----------------------------------------------------------------------


def theorem_hit(t: Theorem, paper: Paper | None, similarity: float) -> dict[str, Any]:
    if paper is not None and t.arxiv_id:
        vid = f"{paper.arxiv_id}v{paper.arxiv_versions}"
        paper_obj: dict[str, Any] = {
            "paper_id": vid,
            "source": "arXiv",
            "title": paper.title,
            "authors": paper.names(),
            "link": f"http://arxiv.org/abs/{vid}",
            "summary": None,
            "journal_ref": journal_ref(paper),
            "primary_category": paper.categories[0] if paper.categories else None,
            "categories": paper.categories,
            "citations": paper.citations,
            "year": int((paper.arxiv_published or str(paper.year))[:4]),
            "journal_published": bool(paper.doi),
        }
        has_metadata = True
    else:
        slug = "proofwiki" if t.source == "ProofWiki" else "stacks"
        paper_obj = {
            "paper_id": slug,
            "source": t.source,
            "title": t.source,
            "authors": [],
            "link": t.link,
            "summary": None,
            "journal_ref": None,
            "primary_category": None,
            "categories": [],
            "citations": 0,
            "year": None,
            "journal_published": False,
        }
        has_metadata = False
    return {
        "slogan_id": t.theorem_id - 15000000,
        "theorem_id": t.theorem_id,
        "name": t.name,
        "body": t.body,
        "slogan": t.slogan,
        "theorem_type": t.theorem_type,
        "label": None,
        "link": None,
        "paper": paper_obj,
        "similarity": similarity,
        "score": similarity,
        "has_metadata": has_metadata,
    }


__all__ = ["words"]
