"""BibTeX name lists: `Last, First and First Last and {Barbara Liskov Institute}`."""

from __future__ import annotations

import re

from mathlsp.bib.latex import to_latex, to_text

_AND = re.compile(r"\s+and\s+", re.IGNORECASE)


def split_names(value: str) -> list[str]:
    """The names of a BibTeX `author`/`editor` value, split on `and` outside braces (raw LaTeX,
    one string per person); `and others` is kept as `others`."""
    if "{" not in value:  # nothing to keep whole: every `and` splits
        return [" ".join(n.split()) for n in _AND.split(value) if n.strip()]
    names: list[str] = []
    depth = 0
    start = 0
    i = 0
    while i < len(value):
        ch = value[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif depth == 0 and ch.isspace():
            m = _AND.match(value, i)
            if m is not None:
                names.append(value[start:i])
                start = i = m.end()
                continue
        i += 1
    names.append(value[start:])
    return [" ".join(n.split()) for n in names if n.strip()]


def display_name(raw: str) -> str:
    """`Müller, Hans` / `Hans Müller` / `{\\"U}ber, A. and …` → `Hans Müller` (Unicode): the form
    LITERATURE.md writes and the matcher compares. `Last, Jr., First` keeps `Jr.` out."""
    parts = _split_commas(raw)
    if len(parts) == 1:
        return to_text(parts[0])
    last, first = parts[0], parts[-1]
    return " ".join(p for p in (to_text(first), to_text(last)) if p)


def _split_commas(raw: str) -> list[str]:
    if "{" not in raw:  # nothing braced: every comma splits (most names: no loop per character)
        return [p for p in (q.strip() for q in raw.split(",")) if p] or [raw]
    parts: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(raw):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            parts.append(raw[start:i].strip())
            start = i + 1
    parts.append(raw[start:].strip())
    return [p for p in parts if p] or [raw]


# `et al.` where BibTeX wants `and others` (`Green, Ben et~al.`, `… and et al.`), as LLM-written
# and hand-typed entries put it.
_ET_AL_TAIL = re.compile(r"(?:^|[\s~,]+)et(?:~|\s)*al\.?\s*$", re.IGNORECASE)


def authors_of(value: str) -> tuple[list[str], bool]:
    """Display names of a name list, and whether it was cut short (`and others`, or an `et al.`
    typed into the list)."""
    names = split_names(value)
    et_al = False
    if names and (m := _ET_AL_TAIL.search(names[-1])):
        names[-1] = names[-1][: m.start()].strip(" ,~")
        et_al = True
        if not names[-1]:
            names.pop()
    if names and names[-1].strip().lower() == "others":
        names = names[:-1]
        et_al = True
    return [n for n in (display_name(n) for n in names) if n], et_al


def bibtex_name(family: str, given: str | None) -> str:
    """`Last, First` as BibTeX reads it unambiguously (a family name with a comma braced)."""
    family_tex = to_latex(family)
    if "," in family:
        family_tex = "{" + family_tex + "}"
    return f"{family_tex}, {to_latex(given)}" if given else family_tex


def bibtex_names(names: list[tuple[str, str | None]]) -> str:
    return " and ".join(bibtex_name(f, g) for f, g in names)
