"""NOTATION.md names the objects the problem's formulas stand for: those names are search words.

A statement says "$\\chi(G) \\le 4$"; NOTATION.md says `| $\\chi(G)$ | chromatic number of $G$ |`.
"chromatic number" is what a paper's title would say. Only symbols the statement (or its title)
actually uses count: a notation file lists much that the problem never mentions.
"""

from __future__ import annotations

import re

from mathlsp.verify.normalize import strip_latex

_ROW = re.compile(r"^\s*\|\s*(\$[^|]+?\$|`[^|`]+`)\s*\|\s*([^|]+?)\s*\|")
_ITEM = re.compile(r"^\s*[-*]\s*(\$[^$]+\$)\s*[:—–-]\s*(.+?)\s*$")
_FORMULA = re.compile(r"\$\$?([^$]+)\$\$?")


def _key(tex: str) -> str:
    """A symbol compared by its letters: `$\\chi(G)$`, `\\chi (G)` → "chi(G)"."""
    return re.sub(r"\s+", "", strip_latex(tex.strip("$` ")))


def notation_meanings(notation: str, statement: str) -> list[str]:
    """The meanings NOTATION.md gives to symbols that `statement` uses, in file order."""
    used = {_key(m.group(1)) for m in _FORMULA.finditer(statement)}
    used_text = " ".join(used)
    out: list[str] = []
    for line in notation.splitlines():
        m = _ROW.match(line) or _ITEM.match(line)
        if m is None:
            continue
        symbol, meaning = _key(m.group(1)), m.group(2).strip()
        if not symbol or symbol.lower() in ("symbol", "---") or meaning.startswith("-"):
            continue
        if symbol in used or (len(symbol) > 1 and symbol in used_text):
            out.append(meaning)
    return list(dict.fromkeys(out))
