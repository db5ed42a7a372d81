"""Generational suffixes (Jr., Sr., II, III, IV) in personal names, in every form a source or a
note writes them.

A suffix is no part of a surname, yet each form puts it somewhere else: OpenAlex's `M. Jodeit
Jr.`, Crossref's or BibTeX's `Jodeit, Jr., M.`, a hand-written `Jodeit Jr, M.`, a display name
built from a split record (`Jr., M. Jodeit`), Semantic Scholar's `Jr. Rubens Belfort`, PubMed's
`Hambrick GW Jr`, zbMATH's `Rumsey, H. jun.`. Every place that splits a name (a source's record,
a note's claim) drops it through `without_suffix`, so that all of them compare alike.
"""

from __future__ import annotations

import re

# Roman numerals only in capitals: `Ii` and `Iv` are not suffixes in every name. zbMATH writes
# `jun.` and `sen.`, in lower case (`Jun` is a given name).
_SUFFIX = re.compile(r"^(?:[Jj][Rr]|[Ss][Rr])\.?$|^(?:II|III|IV)\.?$|^(?:jun|sen)\.?$")


def is_suffix(token: str) -> bool:
    """`Jr.`, `jr`, `SR.`, `II`, `III`, `IV`, `jun.`, `sen.`."""
    return bool(_SUFFIX.match(token.strip()))


def without_suffix(name: str) -> str:
    """`name` with its generational suffix removed, the rest as written: `M. Jodeit Jr.` →
    `M. Jodeit`; `Jodeit, Jr., M.` and `Jodeit Jr, M.` → `Jodeit, M.`; `Jr., M. Jodeit` →
    `M. Jodeit`. A name that is nothing but a suffix is returned unchanged."""
    parts = [p.strip() for p in name.split(",")]
    kept: list[str] = []
    for part in parts:
        words = part.split()
        # A suffix stands first or last in its part (`Jodeit Jr`, `Jr. Rubens Belfort`), never
        # alone as a name's only word: `II` inside `Pope John Paul II` still goes, being last.
        while len(words) > 1 and is_suffix(words[-1]):
            words.pop()
        while len(words) > 1 and is_suffix(words[0]):
            words.pop(0)
        if len(words) == 1 and is_suffix(words[0]) and len(parts) > 1:
            continue  # a part that is only the suffix: `Jodeit, Jr., M.`
        if words:
            kept.append(" ".join(words))
    if not kept:
        return name
    return ", ".join(kept)


_LIST_SEPARATOR = re.compile(r"\s+(?:and|&)\s+|;", re.IGNORECASE)
# The cut-short mark is the claim's `et_al`, not a person.
_ET_AL_TAIL = re.compile(r"(?:,\s*|\s+)(?:and\s+)?(?:et[~\s]*al\.?|others)$", re.IGNORECASE)


def comma_list(value: str) -> list[str] | None:
    """The people of an authors field that separates them with commas only (`Le Chen, Guannan
    Hu`, `Le Chen, Guannan Hu, Xia Chen`), or None when its structure allows no such reading.
    Every comma-separated part must be a whole name of two words or more: `Chen, Le` and
    `Chen, L.` are one inverted name, `Smith, Jr., John` one name with a suffix, `Chen, L.,
    Hu, G.` surnames paired with initials. The field may still be one inverted name
    (`Rodríguez Camargo, Juan Esteban`): the caller tries both readings against the source."""
    text = _ET_AL_TAIL.sub("", " ".join(value.split())).strip(" ,")
    if _LIST_SEPARATOR.search(text) or "," not in text:
        return None
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 2 or any(len(p.split()) < 2 for p in parts):
        return None
    if any(is_suffix(w) for p in parts for w in p.split()):
        return None
    # Initials alone (`L. M.`) are the given names of an inverted name, not a person.
    if any(all(len(w.rstrip(".")) <= 1 for w in p.replace("-", " ").split()) for p in parts):
        return None
    return parts
