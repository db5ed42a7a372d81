"""PROBLEM.md: the problem's frontmatter, statement, known results and references."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import PurePath

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.identifiers import IdMention, find_identifiers
from mathlsp.notes.markdown import Heading, normalize_heading
from mathlsp.notes.spans import Span

STATUSES = ("draft", "defined", "in-progress", "solved", "abandoned")
PROBLEM_TYPES = ("proof", "counterexample", "computation", "exploration")
# Domain → (primary, secondary) arXiv categories (the table of docs/schemas.md).
DOMAIN_CATEGORIES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "algebra": (("math.RA", "math.GR", "math.AC"), ("math.RT", "math.CT")),
    "analysis": (("math.FA", "math.CA", "math.CV"), ("math.AP", "math.SP", "math.OA")),
    "topology": (("math.AT", "math.GN", "math.GT"), ("math.DG", "math.KT")),
    "number-theory": (("math.NT",), ("math.AG", "math.CO")),
    "combinatorics": (("math.CO",), ("math.PR", "math.RT")),
    "algebraic-geometry": (("math.AG",), ("math.AC", "math.CT", "math.KT")),
    "differential-geometry": (("math.DG",), ("math.AP", "math.SG", "math.MG")),
    "probability": (("math.PR",), ("math.FA", "math.ST", "math.DS")),
    "logic": (("math.LO",), ("math.CT", "math.GN")),
}
DOMAINS = (*DOMAIN_CATEGORIES, "other")
# Domain → its Mathematics Subject Classification top-level classes (MSC2020), for zbMATH's `cc:`
# when PROBLEM.md names no `msc:` of its own.
DOMAIN_MSC: dict[str, tuple[str, ...]] = {
    "algebra": ("13", "16", "20"),
    "analysis": ("26", "42", "46", "47"),
    "topology": ("54", "55", "57"),
    "number-theory": ("11",),
    "combinatorics": ("05",),
    "algebraic-geometry": ("14",),
    "differential-geometry": ("53", "58"),
    "probability": ("60",),
    "logic": ("03",),
}
# An MSC2020 class: `11`, `11-XX`, `11N`, `11Nxx`, `11N05`, `11N05`-style with a hyphen (`05-01`).
MSC_CODE = re.compile(r"^\d\d(?:-XX|-\d\d|[A-Z](?:xx|\d\d)?)?$")
# Every math.* category arXiv has, for completion and validation.
ARXIV_MATH_CATEGORIES = (
    "math.AC",
    "math.AG",
    "math.AP",
    "math.AT",
    "math.CA",
    "math.CO",
    "math.CT",
    "math.CV",
    "math.DG",
    "math.DS",
    "math.FA",
    "math.GM",
    "math.GN",
    "math.GR",
    "math.GT",
    "math.HO",
    "math.IT",
    "math.KT",
    "math.LO",
    "math.MG",
    "math.MP",
    "math.NA",
    "math.NT",
    "math.OA",
    "math.OC",
    "math.PR",
    "math.QA",
    "math.RA",
    "math.RT",
    "math.SG",
    "math.SP",
    "math.ST",
)
# A sentence ends at a full stop after a word (not an initial, "J. L."), or at a blank line.
_SENTENCE_END = re.compile(
    r"(?:(?<=[^\W\d_]{2}[.!?])|(?<=[\d)$][.!?]))\s+(?=[^\W\d_(\[$*])|\n\s*\n"
)
# A list item: a bullet, "1." / "1)", or a citation label opening the line ("[1] …", "[BKT04] …",
# the numbered reference list papers and LaTeX notes write).
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)]|\[[A-Za-z0-9+]{1,12}\])[ \t]+(?P<body>.*)$")
# Headings notes write for the schema's sections in other words (any level): read for the search
# when the schema's own heading is absent. The check (`checks/problem.py`) still asks for the
# schema's headings; reading a synonym is not accepting it.
STATEMENT_HEADINGS = ("Problem", "Statement", "Problem statement", "The problem", "Question")
KNOWN_HEADINGS = (
    "Known Results",
    "Known",
    "Known result",
    "What is known",
    "Prior work",
    "Prior results",
    "Previous work",
    "Related work",
    "Background",
    "State of the art",
)
REFERENCE_HEADINGS = (
    "References",
    "Reference",
    "Refs",
    "Bibliography",
    "Literature",
    "Works cited",
)
# One field of a BibTeX entry pasted under References: `doi = {10.1/x},`, `title = "…"`.
_BIB_FIELD = re.compile(r"^\s*(?P<name>[A-Za-z]+)\s*=\s*[{\"]+(?P<value>.*?)[}\"]*\s*,?\s*$")


@dataclass(slots=True)
class ListItem:
    text: str
    line: int
    span: Span
    identifiers: list[IdMention] = field(default_factory=list)


class ProblemDoc(MarkdownDoc):
    def __init__(self, text: str, path: str | PurePath = "PROBLEM.md") -> None:
        super().__init__(text, path)

    @property
    def title(self) -> str:
        value = self.frontmatter.get("title")
        if isinstance(value, str) and value.strip():
            return value.strip()
        h1 = next((h for h in self.lines.headings if h.level == 1), None)
        return h1.title if h1 else ""

    @property
    def status(self) -> str:
        return _text(self.frontmatter.get("status")).lower()

    @property
    def domain(self) -> str:
        return _text(self.frontmatter.get("domain")).lower()

    @property
    def tags(self) -> list[str]:
        value = self.frontmatter.get("tags")
        if isinstance(value, list):
            return [str(v).strip() for v in value if str(v).strip()]
        if isinstance(value, str):
            return [t.strip() for t in value.split(",") if t.strip()]
        return []

    @property
    def msc(self) -> list[str]:
        """The `msc:` classes of the frontmatter as written (well-formed ones only, in order)."""
        value = self.frontmatter.get("msc")
        raw = value if isinstance(value, list) else str(value or "").replace(";", ",").split(",")
        codes = [str(v).strip() for v in raw]
        return [c for c in dict.fromkeys(codes) if MSC_CODE.match(c)]

    @property
    def msc_invalid(self) -> list[str]:
        value = self.frontmatter.get("msc")
        raw = value if isinstance(value, list) else str(value or "").replace(";", ",").split(",")
        return [
            str(v).strip() for v in raw if str(v).strip() and not MSC_CODE.match(str(v).strip())
        ]

    @property
    def msc_classes(self) -> tuple[str, ...]:
        """What zbMATH's `cc:` is asked with: the `msc:` field, else the domain's classes."""
        return tuple(self.msc) or DOMAIN_MSC.get(self.domain, ())

    def _section_lines(self, title: str) -> tuple[int, int] | None:
        headings = self.lines.headings
        want = normalize_heading(title)
        for idx, h in enumerate(headings):
            if normalize_heading(h.title) == want:
                end = len(self.lines.texts) - 1
                for later in headings[idx + 1 :]:
                    if later.level <= h.level:
                        end = later.line - 1
                        break
                return h.line + 1, end
        return None

    @cached_property
    def statement(self) -> str:
        """The problem statement: the `# Problem` section, or the body before the first `##`."""
        bounds = self._first_section(STATEMENT_HEADINGS)
        lines = self.lines
        if bounds is None:
            first = lines.first_line
            nxt = next((h.line for h in lines.headings if h.level >= 2), len(lines.texts))
            bounds = (first, nxt - 1)
        out = []
        for i in range(bounds[0], bounds[1] + 1):
            if lines.opaque[i]:
                continue
            if any(h.line == i for h in lines.headings):
                if out:
                    break
                continue
            out.append(lines.texts[i])
        return "\n".join(out).strip()

    def read_heading(self, titles: tuple[str, ...]) -> Heading | None:
        """The heading the search reads a section under: the first of `titles` the note has."""
        wanted = [normalize_heading(t) for t in titles]
        found = {normalize_heading(h.title): h for h in reversed(self.lines.headings)}
        return next((found[w] for w in wanted if w in found), None)

    def _first_title(self, titles: tuple[str, ...]) -> str | None:
        """The first of `titles` (in the order given) the note has a section under."""
        return next((t for t in titles if self._section_lines(t) is not None), None)

    def _first_section(self, titles: tuple[str, ...]) -> tuple[int, int] | None:
        title = self._first_title(titles)
        return None if title is None else self._section_lines(title)

    def _items(self, title: str) -> list[ListItem]:
        bounds = self._section_lines(title)
        if bounds is None:
            return []
        lines = self.lines
        items: list[ListItem] = []
        for i in range(bounds[0], bounds[1] + 1):
            if lines.opaque[i]:
                continue
            m = _LIST_ITEM.match(lines.texts[i])
            if m:
                body = m.group("body").strip()
                items.append(ListItem(body, i, lines.span(i), list(find_identifiers(body))))
            elif items and lines.texts[i].strip() and lines.texts[i][:1] in " \t":
                items[-1].text += " " + lines.texts[i].strip()
        return items

    def _sentences(self, title: str) -> list[ListItem]:
        """The section's prose, one item per sentence (at the line it starts on)."""
        bounds = self._section_lines(title)
        if bounds is None:
            return []
        lines = self.lines
        text, starts = "", []
        for i in range(bounds[0], bounds[1] + 1):
            if lines.opaque[i] or any(h.line == i for h in lines.headings):
                continue
            starts.append((len(text), i))
            text += lines.texts[i].strip() + "\n"
        # A full stop inside parentheses ("(Invent. Math. 2003)") ends no sentence.
        pieces: list[str] = []
        for piece in _SENTENCE_END.split(text):
            if pieces and pieces[-1].count("(") > pieces[-1].count(")"):
                pieces[-1] = text[text.index(pieces[-1]) : text.index(piece) + len(piece)]
            else:
                pieces.append(piece)
        items: list[ListItem] = []
        at = 0
        for piece in pieces:
            body = " ".join(piece.split())
            offset = text.index(piece, at)
            at = offset + len(piece)
            offset += len(piece) - len(piece.lstrip())
            if len(body) < 3:
                continue
            line = max((i for o, i in starts if o <= offset), default=bounds[0])
            items.append(ListItem(body, line, lines.span(line), list(find_identifiers(body))))
        return items

    @cached_property
    def known_results(self) -> list[ListItem]:
        # Notes write their Known Results as a list or, as often, as a paragraph: then each
        # sentence is one (who did what), or the search would read none of them.
        # The schema's heading first; else the first heading that says the same in other words
        # ("## Known", "## Prior work", "### What is known").
        title = self._first_title(KNOWN_HEADINGS)
        return [] if title is None else self._items(title) or self._sentences(title)

    @cached_property
    def references(self) -> list[ListItem]:
        title = self._first_title(REFERENCE_HEADINGS)
        return [] if title is None else self._items(title) + self._bibtex(title)

    def _bibtex(self, title: str) -> list[ListItem]:
        """BibTeX entries pasted under References (a fenced block, which the list reading skips):
        one item per entry, "authors, title" with its DOI and arXiv identifiers."""
        bounds = self._section_lines(title)
        if bounds is None:
            return []
        lines = self.lines
        entries: list[tuple[int, dict[str, str]]] = []
        for i in range(bounds[0], bounds[1] + 1):
            text = lines.texts[i]
            if text.lstrip().startswith("@") and "{" in text:
                entries.append((i, {}))
            elif entries and (m := _BIB_FIELD.match(text)):
                entries[-1][1][m.group("name").lower()] = m.group("value").strip()
        items = []
        for line, fields in entries:
            ids = [f"doi:{fields['doi']}"] if fields.get("doi") else []
            ids += [f"arXiv:{fields['eprint']}"] if fields.get("eprint") else []
            parts = (fields.get("author"), fields.get("title"), *ids)
            text = ", ".join(f for f in parts if f)
            if text:
                items.append(ListItem(text, line, lines.span(line), list(find_identifiers(text))))
        return items


def frontmatter_trouble(problem: ProblemDoc) -> str | None:
    """Why a search must not run on this PROBLEM.md, when its frontmatter is there but cannot
    be read (invalid YAML, not closed, not a mapping): the search takes the title, status,
    domain and tags from it, and without them it ran on the body alone — no arXiv categories,
    no tags, a draft searched — and wrote what it found as if nothing were wrong."""
    fm = problem.frontmatter
    if not fm.present or fm.error is None:
        return None
    where = f"line {problem.range(fm.error_span).start.line + 1}: " if fm.error_span else ""
    return (
        f"the frontmatter of {problem.path} cannot be read ({where}{fm.error}); the search "
        "takes the problem's title, status, domain and tags from it: fix it (`mathlsp check` "
        "says where) and search again"
    )


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""
