"""What a note without Known Results or References cites inside its statement.

The short notes (fresh10–fresh13: 41 of 48 without a Known Results section, 45 without a
References section) cite in passing: "see the note arXiv:2004.09256", "Mueller (1998) and
Mytnik (2002) treated stable noise …", "later work by Chong, by Chong–Kevei …". An identifier
written so names a work as a References item does, and is looked up; a sentence that cites
people is what they did, as a Known Result is. Pure: text in, identifiers or sentences out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mathlsp.notes.identifiers import IdMention, find_identifiers

# A sentence ends at a full stop, question or exclamation mark before a space and a capital or
# a formula, or at a blank line or a list item; "et al. (2013)" does not end one (a parenthesis
# follows).
_ITEM = r"(?:[-*+•]|\d{1,2}[.)])\s+"
_SENTENCE_END = re.compile(rf"(?<=[.?!])\s+(?=[A-Z$\\])|\n\s*\n(?:\s*{_ITEM})?|\n\s*{_ITEM}")


def identifiers_in(text: str) -> list[IdMention]:
    """The well-formed arXiv ids and DOIs `text` writes, in order."""
    return [m for m in find_identifiers(text) if m.valid]


def without_identifiers(text: str) -> str:
    """`text` with each identifier (and its `arXiv:` / `doi:` prefix) replaced by a phrase break:
    "see the note arXiv:2004.09256" gives no "note arxiv" phrase."""
    out: list[str] = []
    at = 0
    for m in find_identifiers(text):
        out += [text[at : m.start], "; "]
        at = m.end
    out.append(text[at:])
    return "".join(out)


def sentences(text: str) -> Iterator[str]:
    """The statement's sentences and list items, stripped, in order."""
    for part in _SENTENCE_END.split(text):
        part = " ".join(part.split())
        if part:
            yield part
