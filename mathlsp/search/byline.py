"""What an OpenAlex byline query asks beside the cited author: any word of the problem's subject.

A cited author's query puts the author in OpenAlex's byline filter and a topic in `search=`
(`raw_author_name.search:"Serfaty" "modulated energy" OR "super coulomb riesz flows"`). The
byline already narrows the answer to one person's works; the topic only has to tell their works
on the subject from the rest. The note's own phrase for what they did is rarely their title's
words — Serfaty's *Mean field limit for Coulomb-type flows* is "Serfaty's modulated energy" in
the note; Giacomin's *Random polymer models* is his "smoothing" result; a title-only BibTeX
record says nothing else — and then the query finds nothing although the person's paper is in
the index. The problem's tags name the subject in the field's words, so any one of their words
in a work of that person's (OpenAlex ranks the works saying most of them first) is what a
specialist would look for: "Serfaty" with "coulomb", "Giacomin" with "polymer", "Dalang" with
"spde".

Pure: `queries.py` builds the query, the search sends it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mathlsp.search.text import STOPWORDS, query_words

#: Tag words asked beside the phrases (the byline keeps the answer to one person's works).
MAX_WORDS = 8
#: Shorter words are symbols or abbreviations of symbols ("d", "2d"), not the subject.
MIN_LETTERS = 3


def subject_words(tags: Iterable[str], filler: Iterable[str] = ()) -> tuple[str, ...]:
    """The distinct words of the problem's tags, in order: no stopword, no filler word ("new",
    "optimal": they say what is wanted, not what it is about), none shorter than MIN_LETTERS
    letters or with a digit; at most MAX_WORDS."""
    skip = {w.lower() for w in filler}
    out: list[str] = []
    for tag in tags:
        for w in query_words(tag).lower().split():
            if (
                len(w) >= MIN_LETTERS
                and w.isalpha()
                and w not in STOPWORDS
                and w not in skip
                and w not in out
            ):
                out.append(w)
    return tuple(out[:MAX_WORDS])


def byline_topic(phrases: Sequence[str], subject: Sequence[str]) -> str:
    """`search=` of a byline query: the topic's phrases (quoted) or any of the subject's words,
    the phrases first (OpenAlex ranks a work saying a phrase above one saying a single word)."""
    quoted = [f'"{p}"' if " " in p else p for p in dict.fromkeys(query_words(x) for x in phrases)]
    quoted = [q for q in quoted if q.strip('"')]
    said = {q.strip('"').lower() for q in quoted}
    return " OR ".join([*quoted, *(w for w in subject if w not in said)])


def tag_words(phrases: Iterable[str], filler: Iterable[str] = ()) -> tuple[str, ...]:
    """`subject_words` of tags written as OpenAlex phrases (`"free boundary"`): their words."""
    return subject_words((p.strip('"') for p in phrases), filler)
