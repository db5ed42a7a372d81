"""The verified-record hover card (pure): what the sources say about a paper, safely rendered.

Everything that came from an API is untrusted text: it is escaped so that a title or abstract can
never become a link, an image, HTML, or a `command:` URI in the editor. The only links are built
here from validated identifiers and the re-check URL, percent-encoded.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from mathlsp.mathids import mr_url, zbl_url
from mathlsp.safetext import safe_text
from mathlsp.sources.labels import label
from mathlsp.sources.record import PaperRecord

ABSTRACT_MAX = 1500
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")


def escape_markdown(text: str) -> str:
    """Plain text that renders as itself: Markdown punctuation escaped, HTML neutralised."""
    text = " ".join(safe_text(text).split())
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", text)


def safe_url(url: str) -> str | None:
    """An http(s) URL fit for a Markdown link target, or None."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return quote(url.strip(), safe=":/?&=%#@+,;~")


def _link(text: str, url: str | None) -> str:
    target = safe_url(url) if url else None
    return f"[{escape_markdown(text)}]({target})" if target else escape_markdown(text)


@dataclass(frozen=True, slots=True)
class Status:
    """Where the paper stands for the notes: confirmed (with stamp) or not (with reason)."""

    # "confirmed" | "unconfirmed" | "pending" | "unverified" | "not-found" | "looking" (an
    # identifier the cache does not hold yet, being looked up: says nothing of verification)
    state: str
    when: dt.datetime | None = None
    url: str | None = None
    source: str | None = None
    reasons: Sequence[str] = ()
    notes: Sequence[str] = ()  # what a confirmation states (a year that differs)


# The public hosts of the sources' APIs, as a Verified stamp's URL names them.
_HOSTS = {
    "export.arxiv.org": "arxiv",
    "arxiv.org": "arxiv",
    "api.semanticscholar.org": "semantic_scholar",
    "api.openalex.org": "openalex",
    "api.crossref.org": "crossref",
    "eutils.ncbi.nlm.nih.gov": "pubmed",
    "api.zbmath.org": "zbmath",
}


def source_of_url(url: str | None) -> str | None:
    """The backend a stamp's URL belongs to, when its host says so."""
    if not url:
        return None
    from urllib.parse import urlsplit

    host = (urlsplit(url).hostname or "").lower()
    return _HOSTS.get(host)


def _age(when: dt.datetime, now: dt.datetime) -> str:
    days = (now - when).days
    if days <= 0:
        return "today"
    if days == 1:
        return "yesterday"
    return f"{days} days ago"


def status_line(status: Status, now: dt.datetime, markdown: bool = True) -> str:
    esc = escape_markdown if markdown else (lambda s: s)
    src = f" via {label(status.source)}" if status.source else ""
    if status.state == "confirmed":
        when = (
            f" {status.when.date().isoformat()} ({_age(status.when, now)})" if status.when else ""
        )
        recheck = ""
        if status.url:
            recheck = f" — {_link('re-check', status.url)}" if markdown else f" — {status.url}"
        said = f" ({esc('; '.join(status.notes))})" if status.notes else ""
        return f"✓ Verified{when}{src}{recheck}{said}"
    reasons = "; ".join(status.reasons)
    if status.state == "pending":
        return f"… Verification pending: {esc(reasons)}"
    if status.state == "looking":
        return "… Not in the local cache yet: looking it up — hover again in a moment"
    if status.state == "unverified":
        return "? Not verified yet" + (f": {esc(reasons)}" if reasons else "")
    if status.state == "not-found":
        return f"✗ Unknown to the sources: {esc(reasons)}"
    return f"✗ Unconfirmed: {esc(reasons)}" if reasons else "✗ Unconfirmed"


def record_card(
    record: PaperRecord | None,
    status: Status,
    *,
    heading: str | None = None,
    now: dt.datetime | None = None,
    markdown: bool = True,
    extra: Sequence[str] = (),
    mr: str | None = None,
) -> str:
    """The card for one paper. `heading` is ours (e.g. "REF-003"), not API text; `mr` is the
    note's own MR number (no open source maps MathSciNet numbers, so it is linked, not checked)."""
    now = now or dt.datetime.now(dt.UTC)
    lines: list[str] = []
    esc = escape_markdown if markdown else (lambda s: " ".join(safe_text(s).split()))
    if record is None:
        if heading:
            lines.append(f"**{heading}**" if markdown else heading)
        lines.append(status_line(status, now, markdown))
        lines.extend(extra)
        return "\n\n".join(lines)
    title = esc(record.title or "(untitled)")
    lines.append(
        f"**{heading}** · {title}"
        if heading and markdown
        else (f"{heading} · {title}" if heading else (f"**{title}**" if markdown else title))
    )
    authors = ", ".join(a.name for a in record.authors[:8]) + (
        " et al." if len(record.authors) > 8 else ""
    )
    meta = [esc(authors)] if authors else []
    if record.year:
        meta.append(str(record.year))
    if record.venue:
        meta.append(f"*{esc(record.venue)}*" if markdown else record.venue)
    if meta:
        lines.append(" · ".join(meta))
    ids: list[str] = []
    if record.arxiv_id:
        arxiv = record.arxiv_id_versioned or record.arxiv_id
        url = f"https://arxiv.org/abs/{arxiv}"
        ids.append(f"arXiv {_link(arxiv, url)}" if markdown else f"arXiv {arxiv} ({url})")
    if record.doi:
        url = f"https://doi.org/{record.doi}"
        ids.append(f"DOI {_link(record.doi, url)}" if markdown else f"DOI {record.doi} ({url})")
    if record.zbl_id:
        zbl = record.zbl_id if record.zbl_id.startswith("JFM") else f"Zbl {record.zbl_id}"
        url = zbl_url(record.zbl_id)
        ids.append(_link(zbl, url) if markdown else f"{zbl} ({url})")
    if mr:
        url = mr_url(mr)
        ids.append(_link(mr, url) if markdown else f"{mr} ({url})")
    if record.citation_count is not None:
        ids.append(f"cited by {record.citation_count}")
    if ids:
        lines.append(" · ".join(ids))
    if record.msc:
        lines.append(f"MSC {esc(', '.join(record.msc[:8]))}")
    lines.append(status_line(status, now, markdown))
    lines.extend(extra)
    if record.abstract:
        abstract = " ".join(record.abstract.split())
        if len(abstract) > ABSTRACT_MAX:
            abstract = abstract[:ABSTRACT_MAX].rsplit(" ", 1)[0] + " …"
        lines.append(("---\n\n" if markdown else "") + esc(abstract))
    return "\n\n".join(lines)
