"""Refuse XML that carries a DOCTYPE or entity declarations before any parser sees it.

API answers never need a DTD (arXiv's Atom has none), and entity declarations are how
billion-laughs and external-entity attacks start. PubMed's XML does carry a DOCTYPE, which is one
reason the PubMed backend asks for JSON.
"""

from __future__ import annotations

import re

from mathlsp.sources.errors import MalformedResponse, UnsafeXML
from mathlsp.sources.labels import label

_FORBIDDEN = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def check_xml(content: bytes, backend: str, url: str) -> None:
    """Raise `UnsafeXML` for DOCTYPE/ENTITY, `MalformedResponse` for HTML or non-XML bodies."""
    m = _FORBIDDEN.search(content)
    head = content[:512].lstrip().lower()
    if head.startswith((b"<!doctype html", b"<html")):
        raise MalformedResponse(backend, url, f"{label(backend)} sent an HTML page, not XML")
    if m:
        raise UnsafeXML(
            backend,
            url,
            f"{label(backend)} sent XML with a {m.group(1).decode().upper()} declaration; refused",
        )
    if not head.startswith(b"<"):
        raise MalformedResponse(backend, url, f"{label(backend)} sent a body that is not XML")
