"""A reference id that named another paper before, and a fresh id for the entry now holding it.

Ids are never reused (notes/numbering.py), but a file edited by hand, or by a tool that did not
know, may give an id a second paper. Two kinds of evidence say so: a moved entry's "moved from
REF-003" (checks/literature.py reads it), and a mention elsewhere that names the id with a title
in quotes or italics that is not its entry's title (`REF-003 ("Bounded gaps between primes")` in
a Search History row, the Synthesis or the journal). Pure: edits are computed, not applied.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from mathlsp.notes.document import MarkdownDoc, Mention
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.render import Edit
from mathlsp.notes.spans import Span

# What may follow a mention to name its paper: `: "Title"`, ` (“Title”)`, ` — *Title*`.
_TITLE_AFTER = re.compile(
    r"[ \t]*(?:[:(,\u2014\u2013-][ \t]*)?(?:\"|\u201c|\*{1,2}|_)(?P<title>[^\"\u201d*_\n]{12,300})"
    r"(?:\"|\u201d|\*{1,2}|_)"
)
_WORD = re.compile(r"[^\W\d_]{3,}")
_STOP = frozenset("the and for with from into over under via its their this that".split())
_MOVED_FROM = re.compile(r"moved\s+from\s*$", re.IGNORECASE)
#: A quoted title is this entry's when this share of its words are in the entry's title: a
#: quotation may shorten the title, but another paper's ("Bounded gaps between primes" for
#: "Small gaps between primes") changes a word of four.
SAME_TITLE_SHARE = 0.8


@dataclass(frozen=True, slots=True)
class OtherTitle:
    """A mention of `id` that names a paper other than the entry now carrying `id`."""

    id: str
    title: str
    doc: MarkdownDoc
    span: Span  # the mention


def _words(text: str) -> set[str]:
    """Content words, a plural's s dropped (norm/norms)."""
    words = (m.lower() for m in _WORD.findall(text))
    return {w.removesuffix("s") if len(w) > 3 else w for w in words if w not in _STOP}


def names_this_title(quoted: str, title: str) -> bool:
    mine = _words(quoted)
    if len(mine) < 3:
        return True  # too short to be a title: no evidence either way
    return len(mine & _words(title)) >= SAME_TITLE_SHARE * len(mine)


def _titled(doc: MarkdownDoc, mention: Mention) -> str | None:
    source = doc.lines.source
    if isinstance(source, str):
        m = _TITLE_AFTER.match(source, mention.span.end)
    else:
        # An editor buffer's chunks: no match crosses a `\n`, so the text up to the next one is
        # all it can read (a lone `\r` breaks a line but not the match: the next line too).
        starts = doc.lines.starts
        k, n = mention.line + 1, len(starts)
        while k < n and source[starts[k] - 1 : starts[k]] != "\n":
            k += 1
        end = starts[k] - 1 if k < n else len(source)
        m = _TITLE_AFTER.match(source[mention.span.end : end])
    return m["title"].strip() if m else None


def other_titles(doc: LiteratureDoc, notes: Iterable[MarkdownDoc] = ()) -> Iterator[OtherTitle]:
    """Mentions, in LITERATURE.md and `notes`, that name an entry's id with another title."""
    for note in (doc, *(n for n in notes if n is not doc and n.path != doc.path)):
        for mention in note.mentions:
            entry = doc.by_id.get(mention.id)
            if entry is None:
                continue
            if note is doc and entry.span.start <= mention.span.start < entry.span.end:
                continue  # the entry's own lines speak of itself
            title = _titled(note, mention)
            if title is not None and not names_this_title(title, entry.title):
                yield OtherTitle(mention.id, title, note, mention.span)


def _means_the_other_paper(doc: MarkdownDoc, mention: Mention, title: str) -> bool:
    if isinstance(doc, LiteratureDoc):
        history = doc.section("search_history")
        if history is not None and history.span.start <= mention.span.start < history.span.end:
            return True  # a record of what a past search wrote: history, not a reference
    if _MOVED_FROM.search(doc.lines.source[max(0, mention.span.start - 40) : mention.span.start]):
        return True
    named = _titled(doc, mention)
    return named is not None and not names_this_title(named, title)


def give_new_id(
    doc: LiteratureDoc, old_id: str, new_id: str, notes: Iterable[MarkdownDoc] = ()
) -> dict[str, list[Edit]]:
    """Edits, by note path, that give the entry now carrying `old_id` the id `new_id`, with the
    mentions that mean it. Mentions that mean the earlier paper stay as written: those naming
    another title, "moved from" notes, and the Search History (a record of past searches)."""
    entry = doc.by_id.get(old_id)
    if entry is None or old_id == new_id:
        return {}
    out: dict[str, list[Edit]] = {doc.path: [Edit(entry.id_span, new_id)]}
    for note in (doc, *(n for n in notes if n is not doc and n.path != doc.path)):
        edits = [
            Edit(m.span, new_id)
            for m in note.mentions
            if m.id == old_id and not _means_the_other_paper(note, m, entry.title)
        ]
        if edits:
            out.setdefault(note.path, []).extend(edits)
    return out
