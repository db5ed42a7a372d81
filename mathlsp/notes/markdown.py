"""The block structure the notes model needs from Markdown, in one fast pass over the lines.

A line scanner rather than a full CommonMark parser: a 5,000-reference LITERATURE.md is ~60k lines
and must parse in tens of milliseconds. It knows what the schema needs — ATX headings, fenced code,
HTML comments, list items, table rows — and treats code and comments as opaque.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, compress, islice
from operator import itemgetter
from typing import overload

from mathlsp.notes.chunked import TextView
from mathlsp.notes.edits import Edit
from mathlsp.notes.linestarts import LineStarts, line_of, line_starts
from mathlsp.notes.spans import Span

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# No lazy quantifier here: `(.*?)` before an optional closing sequence backtracks on every
# character (11 µs a heading); the closing `#`s are stripped by `_heading_title` instead.
_HEADING = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*))?$")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)$")
_PLUS_ONE = (1).__add__
_FIRST_CHAR = itemgetter(slice(0, 1))  # "" for an empty line
_SPECIAL = frozenset("#`~< ")  # "" is not in a frozenset, unlike in a str
# A line starting with one of these (after up to three spaces) may open or close fenced code or
# an HTML comment; with `#`, a heading too.
FENCE_OR_COMMENT = frozenset("`~<")
STRUCTURAL = FENCE_OR_COMMENT | {"#"}
_TICKS = re.compile(r"`+")


@dataclass(slots=True)  # not frozen: frozen dataclasses are several times slower to build
class Heading:
    level: int
    title: str
    line: int
    span: Span  # the whole line
    title_span: Span


class LineTexts(Sequence[str]):
    """The lines of a text, without their breaks, cut from it when asked.

    A list of them would copy the text once more: ~58k strings, 11 MiB, for a 5,000-reference
    LITERATURE.md, and a new list per keystroke. Reading a line costs one slice instead.
    `text` None: a version kept without its text (`LiteratureDoc`'s deferred base), whose
    lines must not be read. `cr`: the text may break lines at `\r\n` or a lone `\r` too, so
    a line's break is one or two characters (read from the text, not assumed)."""

    __slots__ = ("_cr", "_starts", "_text")

    def __init__(
        self, text: str | TextView | None, starts: Sequence[int], cr: bool = False
    ) -> None:
        self._text = text
        self._starts = starts
        self._cr = cr

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        text, starts = self._text, self._starts
        if isinstance(i, slice):
            a, b, step = i.indices(len(starts))
            if step != 1 or a >= b or text is None:
                return [self[j] for j in range(a, b, step)]
            # Consecutive lines: one slice of the text, split at C speed.
            if not self._cr:
                end = starts[b] - 1 if b < len(starts) else len(text)
                return text[starts[a] : end].split("\n")
            if b < len(starts):  # up to the next line's start: its break included, then cut
                return _LINE_BREAK.split(text[starts[a] : starts[b]])[:-1]
            return _LINE_BREAK.split(text[starts[a] :])
        if text is None:
            raise LookupError("the lines of a version kept without its text")
        n = len(starts)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        if i + 1 == n:
            return text[starts[i] :]
        if not self._cr:
            return text[starts[i] : starts[i + 1] - 1]
        # A line holds no `\r` or `\n` of its own: whatever of them ends it is its break.
        return text[starts[i] : starts[i + 1]].rstrip("\r\n")

    def __iter__(self) -> Iterator[str]:
        return iter(self[:])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LineTexts | list):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a list, which is not hashable


@dataclass(slots=True)
class Lines:
    """A text cut into lines (LSP line breaks), with offsets and the opaque regions marked.

    `texts` is a list while a first parse reads every line, and a `LineTexts` view of `source`
    once it is kept (`compact`) or made by an edit. `source` is the text, as a string or as an
    editor buffer's chunks (`TextView`, whose lines are read without building the whole string);
    `text` is the whole string, built from the chunks when first asked for."""

    source: str | TextView
    texts: Sequence[str]
    starts: Sequence[int]  # a list after a first parse; `LineStarts` once edited
    opaque: bytearray  # 1 inside fenced code, an HTML comment or the frontmatter
    _headings: list[Heading] | None  # None: not worked out yet (see `later`)
    first_line: int  # first line of the body (after frontmatter)
    # The text may hold `\r` line breaks (`\r\n` or a lone `\r`): a line's break is then one or
    # two characters. Set by a first parse when the text holds a `\r`, kept by every edit after
    # it (an edit that removes the last one leaves it set: the readers it picks are as right
    # for `\n` alone, only slower).
    has_cr: bool = False
    # Works the headings out when first asked for (a keystroke's version whose headings only
    # moved: see `LiteratureDoc.reparse`); None when `_headings` is known.
    later: Callable[[], list[Heading] | None] | None = None

    @property
    def text(self) -> str:
        source = self.source
        return source if isinstance(source, str) else source.joined()

    @property
    def headings(self) -> list[Heading]:
        headings = self._headings
        if headings is None:
            later = self.later
            headings = later() if later is not None else None
            if headings is None:  # whoever deferred them is gone: scan again
                body = self.starts[self.first_line] if self.first_line else 0
                headings = scan(self.text, body).headings
            self._headings = headings
            self.later = None
        return headings

    def compact(self) -> None:
        """Drop the list of line strings for a view of the text."""
        if isinstance(self.texts, list):
            self.texts = LineTexts(self.source, self.starts, self.has_cr)

    def rebind(self, text: str | TextView) -> None:
        """Read from `text`, a text equal to this one's (the old copy can then be freed)."""
        self.source = text
        if isinstance(self.texts, LineTexts):
            self.texts = LineTexts(text, self.starts, self.has_cr)

    def line_of(self, offset: int) -> int:
        return line_of(self.starts, offset)

    def span(self, line: int, start: int = 0, end: int | None = None) -> Span:
        base = self.starts[line]
        return Span(base + start, base + (len(self.texts[line]) if end is None else end))

    def line_span(self, first: int, last: int) -> Span:
        """From the start of `first` to the end of `last` (line break excluded)."""
        return Span(self.starts[first], self.starts[last] + len(self.texts[last]))

    def inline_code_spans(self, line: int) -> list[tuple[int, int]]:
        return code_spans(self.texts[line])


def code_spans(text: str) -> list[tuple[int, int]]:
    """The inline code spans of one line, as CommonMark reads them: a run of backticks opens a
    span that the next run of the same length closes; a run nothing closes is literal text.

    One pass over the runs, each paired with the next run of its length found from the right:
    a regex trying every opener against the rest of the line was quadratic on a long line of
    unmatched runs."""
    if "`" not in text:
        return []
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(text)]
    closer = [-1] * len(runs)
    last: dict[int, int] = {}
    for k in range(len(runs) - 1, -1, -1):
        size = runs[k][1] - runs[k][0]
        closer[k] = last.get(size, -1)
        last[size] = k
    out: list[tuple[int, int]] = []
    k = 0
    while k < len(runs):
        j = closer[k]
        if j < 0:
            k += 1
        else:
            out.append((runs[k][0], runs[j][1]))
            k = j + 1
    return out


def split_lines(text: str) -> tuple[list[str], list[int]]:
    """Lines (without breaks) and their start offsets."""
    if "\r" not in text:
        texts = text.split("\n")  # the common case, several times faster than a regex split
        # Line i starts after the lines above it and their breaks: each length plus one, summed,
        # all in C (a generator adding 1 per line costs ~2x as much on 58k lines; adding the
        # line numbers to the summed lengths afterwards, ~1.5x).
        return texts, list(accumulate(map(_PLUS_ONE, map(len, texts[:-1])), initial=0))
    pairs = text.count("\r\n")
    if pairs == text.count("\r"):  # no lone `\r`: every break holds one `\n`
        if pairs == text.count("\n"):  # all `\r\n` (a Windows editor's file): as above
            texts = text.split("\r\n")
            return texts, list(accumulate(map((2).__add__, map(len, texts[:-1])), initial=0))
        raw = text.split("\n")  # `\r\n` and `\n` mixed: a piece ending in `\r` had a pair
        starts = list(accumulate(map(_PLUS_ONE, map(len, raw[:-1])), initial=0))
        return [t[:-1] if t[-1:] == "\r" else t for t in raw], starts
    return _LINE_BREAK.split(text), line_starts(text)


def scan(text: str, body_start: int = 0) -> Lines:
    texts, starts = split_lines(text)
    n = len(texts)
    # body_start 1 is a BOM without frontmatter: the body still begins on line 0.
    first_line = min(bisect.bisect_left(starts, body_start), n) if body_start > 1 else 0
    opaque = bytearray(n)
    opaque[:first_line] = b"\x01" * first_line  # frontmatter is not Markdown
    headings: list[Heading] = []
    fence: str | None = None
    fence_start = 0
    comment_until = -1  # last line of an open HTML comment
    # A BOM is not content: line 0 is scanned without it (offsets still count it).
    bom = 1 if first_line == 0 and text.startswith("\ufeff") else 0
    view = [texts[0][1:], *texts[1:]] if bom else texts
    for i in _candidate_lines(view, first_line):
        if i <= comment_until:
            continue
        line = view[i]
        lead = line.lstrip(" ")
        if len(line) - len(lead) > 3 or not lead:
            continue
        first = lead[0]
        if fence is not None:
            stripped = line.strip()
            if (
                first == fence[0]
                and stripped.count(fence[0]) == len(stripped)
                and len(stripped) >= len(fence)
            ):
                opaque[fence_start : i + 1] = b"\x01" * (i + 1 - fence_start)
                fence = None
            continue
        if first in "`~" and (m := _FENCE.match(line)):
            if first == "~" or "`" not in m.group(2):
                fence = m.group(1)
                fence_start = i
        elif first == "<" and lead.startswith("<!--"):
            close = text.find("-->", starts[i] + (bom if i == 0 else 0) + len(line) - len(lead) + 4)
            last = n - 1 if close < 0 else bisect.bisect_right(starts, close) - 1
            opaque[i : last + 1] = b"\x01" * (last + 1 - i)
            comment_until = last
        elif first == "#" and (h := parse_heading(line, i, starts[i] + (bom if i == 0 else 0))):
            headings.append(h)
    if fence is not None:  # an unclosed fence runs to the end, as in CommonMark
        opaque[fence_start:] = b"\x01" * (n - fence_start)
    return Lines(text, texts, starts, opaque, headings, first_line, "\r" in text)


def touched(
    old: Lines,
    text: str | TextView,
    edit: Edit,
    structural: frozenset[str] = FENCE_OR_COMMENT,
    trusted: bool = False,
) -> tuple[int, int, list[str]] | None:
    """The old lines an edit touched (first, last) and the new text of those lines, when they
    can be re-read alone: None when the edit touches the first line, the frontmatter or fenced
    code, or when a touched line (old or new) starts with a character of `structural` (a fence
    or a comment changes how every later line reads).

    `\r` line breaks are read as they stand after the edit: a `\r` just before the edit may
    pair with a `\n` it brings (or uncovers), so the line above is re-read too; the lines end
    where the old break of the last touched line ends, which the edit did not change.

    `trusted`: the old lines were checked already, edit by edit (a version kept without its
    text, see `LineTexts`); only the new ones are looked at."""
    cr = old.has_cr or "\r" in text[edit.start : edit.new_end]
    start = edit.start
    if cr and start and text[start - 1 : start] == "\r":
        start -= 1
    first = old.line_of(start)
    last = old.line_of(edit.old_end)
    if first <= old.first_line or first == 0 or any(old.opaque[first : last + 1]):
        return None
    starts = old.starts
    if not cr:
        # The old end of line `last`, from the starts alone: the old text may be gone.
        end_old = starts[last + 1] - 1 if last + 1 < len(starts) else len(text) - edit.delta
        new_texts = text[starts[first] : end_old + edit.delta].split("\n")
    elif last + 1 < len(starts):  # up to the next line's start, its break then cut off
        new_texts = _LINE_BREAK.split(text[starts[first] : starts[last + 1] + edit.delta])[:-1]
    else:
        new_texts = _LINE_BREAK.split(text[starts[first] :])
    if not trusted:
        for line in old.texts[first : last + 1]:
            if line.lstrip(" ")[:1] in structural:
                return None
    for line in new_texts:
        if line.lstrip(" ")[:1] in structural:
            return None
    return first, last, new_texts


def new_starts(text: str | TextView, at: int, new_texts: list[str], cr: bool) -> list[int]:
    """The starts of the lines `new_texts` after the first, the first starting at `at` in
    `text`: each line's length plus its break's (one character unless `cr`)."""
    if not cr:
        return list(accumulate((len(t) + 1 for t in new_texts[:-1]), initial=at))[1:]
    out = []
    for t in new_texts[:-1]:
        at += len(t)
        at += 2 if text[at : at + 2] == "\r\n" else 1
        out.append(at)
    return out


def respliced(
    starts: Sequence[int], first: int, last: int, inside: list[int], delta: int
) -> Sequence[int]:
    """Line starts after lines first..last were replaced: those up to `first`, then `inside`
    (the starts of the new lines after the first), then the rest moved by `delta` characters.
    The rest moves lazily (`LineStarts`)."""
    lazy = starts if isinstance(starts, LineStarts) else LineStarts(starts)  # type: ignore[arg-type]
    if first == last and not inside:
        return lazy.shifted(first + 1, delta)
    return lazy.replaced(first, last, inside, delta)


def starts_agree(
    known: Sequence[int] | None, old: Lines, first: int, lines: int, delta: int
) -> bool:
    """Whether `known` (an editor buffer's line starts) can be the starts of `old` after an edit
    at line `first` that added `lines` lines and `delta` characters."""
    return (
        known is not None
        and len(known) == len(old.starts) + lines
        and known[first] == old.starts[first]
        and known[-1] == old.starts[-1] + delta
    )


def splice(
    old: Lines,
    text: str | TextView,
    edit: Edit,
    known_starts: Sequence[int] | None = None,
    trusted: bool = False,
) -> tuple[Lines, int, int, int] | None:
    """`old` after `edit` made `text`, re-scanning only the lines the edit touched: returns the
    new Lines, the first and last old line replaced, and how many new lines replace them; None
    when a local re-scan could be wrong (see `touched`)."""
    found = touched(old, text, edit, trusted=trusted)
    if found is None:
        return None
    first, last, new_texts = found
    n_new = len(new_texts)
    line_delta = n_new - (last - first + 1)
    delta = edit.delta
    cr = old.has_cr or "\r" in text[edit.start : edit.new_end]
    if known_starts is not None and starts_agree(known_starts, old, first, line_delta, delta):
        starts = known_starts  # the editor buffer's, for this very text
    else:
        inside = new_starts(text, old.starts[first], new_texts, cr)
        starts = respliced(old.starts, first, last, inside, delta)
    headings = [h for h in old.headings if h.line < first]
    kept = len(headings)
    for i, line in enumerate(new_texts):
        if line[:1] in _SPECIAL and (h := parse_heading(line, first + i, starts[first + i])):
            headings.append(h)
    for h in old.headings[kept:]:
        if h.line > last:
            headings.append(_shifted(h, line_delta, delta))
    opaque = old.opaque
    return (
        Lines(
            text,
            LineTexts(text, starts, cr),
            starts,
            opaque[:first] + bytearray(n_new) + opaque[last + 1 :],
            headings,
            old.first_line,
            cr,
        ),
        first,
        last,
        n_new,
    )


def parse_heading(line: str, number: int, base: int) -> Heading | None:
    # One match decides it (` {0,3}#`), its groups read in one call: 5,000 entry headings are
    # parsed by every cold `check` of a 5,000-reference file.
    m = _HEADING.match(line)
    if m is None:
        return None
    hashes, raw = m.groups()
    if raw is None:
        title, t_start = "", len(line)
    else:
        title = raw.rstrip(" \t")
        if title.endswith("#"):
            title = _heading_title(raw)
        t_start = m.start(2)
    return Heading(
        len(hashes),
        title,
        number,
        Span(base, base + len(line)),
        Span(base + t_start, base + t_start + len(title)),
    )


def _shifted(h: Heading, lines: int, offset: int) -> Heading:
    if not lines and not offset:
        return h
    span, ts = h.span, h.title_span
    return Heading(
        h.level,
        h.title,
        h.line + lines,
        Span(span.start + offset, span.end + offset),
        Span(ts.start + offset, ts.end + offset),
    )


def _heading_title(raw: str) -> str:
    """The title without trailing blanks and without a closing `#` sequence (CommonMark: the
    `#`s must follow a space, so `C#` keeps its `#`)."""
    title = raw.rstrip(" \t")
    if title.endswith("#"):
        bare = title.rstrip("#")
        if not bare:
            return ""
        if bare[-1] in " \t":
            return bare.rstrip(" \t")
    return title


def _candidate_lines(texts: list[str], first: int) -> list[int]:
    """Lines that may open a heading, fence or comment: each line's first character looked up,
    all in C (a comprehension cost ~100 ns a line, 58k lines at 5,000 references)."""
    firsts = map(_FIRST_CHAR, islice(texts, first, None))
    return list(compress(range(first, len(texts)), map(_SPECIAL.__contains__, firsts)))


def normalize_heading(title: str) -> str:
    """Heading text compared loosely: case, emphasis, punctuation and spacing do not matter."""
    return " ".join(re.sub(r"[^\w\s]", " ", title.lower()).split())
