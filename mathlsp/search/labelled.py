"""Known Results and References a note writes inside its Problem section, under a label line.

Four of the 59 judged problems have no `## Known Results` or `## References` heading: they
write "Known:" and a bulleted list ("• Lindenstrauss (2006): QUE for Hecke–Maass
forms …"), or "Refs: Kiselev & Xu, arXiv:1508.05333; Iyer–Xu–Zlatoš on …", inside `# Problem`.
Read as the statement, their authors were never asked about and their results were cut down to
the statement's eight key phrases. Pure: text in, the three parts out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# A label line: "Known:", "Known results:", "What is known:", "Related work:", "References",
# "Refs: …" (bold or not), alone or followed by the first item on the same line. Not
# "Background:", "Known ingredients:", "Tools:": read as Known Results they cost 5 written gold
# papers on the three studied problems that write them (fresh12's fbm-rde 5 -> 2, stop 47).
_LABEL = re.compile(
    r"^\s*(?:\*\*|__)?(?P<label>known(?: results?)?|what is known|"
    r"(?:prior|previous|related) (?:work|results)|"
    r"references?|refs?|bibliography|literature)(?:\*\*|__)?\s*(?::|\s*$)(?:\*\*|__)?"
    r"(?P<rest>.*)$",
    re.IGNORECASE,
)
_BULLET = re.compile(r"^\s*(?:[-*+•·‣◦]|\d{1,2}[.)])\s+(?P<body>.*)$")
_REFERENCE_LABELS = ("reference", "ref", "bibliography", "literature")


@dataclass(slots=True)
class Labelled:
    statement: str  # the statement without the labelled blocks
    known: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)


def _items(first: str, lines: list[str]) -> list[str]:
    """The label line's own text, then one item per bullet (its continuation lines joined);
    without bullets, the block's lines as one paragraph."""
    items = [first] if first.strip() else []
    for line in lines:
        m = _BULLET.match(line)
        if m:
            items.append(m.group("body").strip())
        elif items:
            # A bullet's continuation, or the next line of the label's paragraph.
            items[-1] += " " + line.strip()
        else:
            items.append(line.strip())
    return [" ".join(i.split()) for i in items if i.strip()]


def split_statement(statement: str) -> Labelled:
    """The statement, and the Known Results and References it holds under label lines. A
    block runs from its label to the first blank line after some content, or to the next
    label."""
    lines = statement.splitlines()
    out = Labelled("")
    kept: list[str] = []
    i = 0
    while i < len(lines):
        m = _LABEL.match(lines[i])
        if m is None:
            kept.append(lines[i])
            i += 1
            continue
        label = m.group("label").lower()
        rest = m.group("rest").strip()
        block: list[str] = []
        i += 1
        while i < len(lines) and not _LABEL.match(lines[i]):
            if not lines[i].strip():
                if block or rest:
                    break
                i += 1
                continue
            block.append(lines[i])
            i += 1
        items = _items(rest, block)
        if label.startswith(_REFERENCE_LABELS):
            # "Refs: A, arXiv:…; B on …": a semicolon separates works on one line.
            out.references += [p.strip() for it in items for p in it.split(";") if p.strip()]
        else:
            out.known += items
    out.statement = "\n".join(kept).strip()
    return out
