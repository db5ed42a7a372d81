"""Drafted synthesis lines: the marker that tells them apart, and whether the user reviewed them.

A line mathlsp drafted ends with ``<!-- mathlsp:draft sha=1a2b3c4d -->``: an HTML comment
(invisible in rendered Markdown) holding a short hash of the line's text. While the text still
matches the hash the line is *unreviewed*; once the user edits it, it is theirs — never touched
again. Accepting a drafted line removes the comment. Pure.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.render import Edit
from mathlsp.notes.spans import Span

DRAFT_TAG = "mathlsp:draft"
_DRAFT = re.compile(
    r"[ \t]*<!--[ \t]*mathlsp:draft[ \t]+sha=(?P<sha>[0-9a-f]{4,64})[ \t]*-->[ \t]*$"
)
_COMMENT = re.compile(r"<!--.*?(?:-->|$)")


def line_hash(text: str) -> str:
    """The short hash a drafted line carries: of its text, whitespace collapsed."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8", "surrogatepass")).hexdigest()[:8]


def mark(text: str) -> str:
    """`text` as a drafted line (with its marker comment)."""
    return f"{text} <!-- {DRAFT_TAG} sha={line_hash(text)} -->"


def strip_marker(text: str) -> str:
    return _DRAFT.sub("", text)


def normalize(text: str) -> str:
    """Text for comparing claims: comments dropped, case and whitespace folded."""
    return " ".join(_COMMENT.sub(" ", text).lower().split())


@dataclass(frozen=True, slots=True)
class DraftLine:
    """A line carrying the draft marker."""

    line: int
    text: str  # the line without its marker
    sha: str
    marker_span: Span  # the comment and the blanks before it (what "accept" removes)
    line_span: Span

    @property
    def edited(self) -> bool:
        """The user changed the text since it was drafted: it is theirs now."""
        return line_hash(self.text) != self.sha

    @property
    def reviewed(self) -> bool:
        return self.edited


def draft_lines(doc: LiteratureDoc) -> list[DraftLine]:
    """Every line of the Synthesis section that carries a draft marker."""
    section = doc.section("synthesis")
    if section is None:
        return []
    lines = doc.lines
    out: list[DraftLine] = []
    for i in range(section.first_line, section.last_line + 1):
        text = lines.texts[i]
        if DRAFT_TAG not in text:
            continue
        m = _DRAFT.search(text)
        if m is None:
            continue
        start = lines.starts[i]
        out.append(
            DraftLine(
                line=i,
                text=text[: m.start()],
                sha=m.group("sha"),
                marker_span=Span(start + m.start(), start + len(text)),
                line_span=Span(start, start + len(text)),
            )
        )
    return out


def unreviewed(doc: LiteratureDoc) -> list[DraftLine]:
    return [d for d in draft_lines(doc) if not d.edited]


def accept_edits(doc: LiteratureDoc, lines: set[int] | None = None) -> list[Edit]:
    """Removals of the draft markers on `lines` (every marker when None): the text of the
    line itself is left exactly as it is. Accepting means "mine now"."""
    return [Edit(d.marker_span, "") for d in draft_lines(doc) if lines is None or d.line in lines]
