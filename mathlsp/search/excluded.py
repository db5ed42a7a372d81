"""What a statement says it is *not* about: never material for a query.

Notes fence their subject off from its neighbours: "(Not the white-noise-in-time case, which is
the stochastic heat equation.)", "Not the stable range (small degrees, Borel's computation,
homological stability) — only the top.", "Not the same thing: homogenization of Hamilton–Jacobi
equations". Read as statement, those sentences put the neighbour's words among the key phrases:
the search asks for the very literature the note excludes, and feedback then reads the field's
words off that literature. A sentence or a parenthesis that opens with "not" (and is no "not
only …", "not just …", which widen rather than exclude) is left out. Pure: text in, text out.
"""

from __future__ import annotations

import re

# "not only", "not just", "not necessarily", "not merely": the subject widened, not fenced off.
_WIDENING = r"(?:only|just|merely|necessarily|always)\b"
# A parenthesis opening with "not": "(Not the white-noise case …)", "(not in law)".
_PARENTHESIS = re.compile(rf"\(\s*not\s+(?!{_WIDENING})(?:[^()]|\([^()]*\))*\)", re.IGNORECASE)
# A sentence opening with "Not" and a word (at a line's start or after a full stop; never
# "Int. Math. Res. Not."): up to its full stop before a space, or to the paragraph's end.
_SENTENCE = re.compile(
    rf"(?:^|(?<=[.!?]\s))[ \t]*Not\s+(?!{_WIDENING})[a-z](?:[^\n]|\n(?![ \t]*\n))*?"
    r"(?:[.!?](?=\s|\Z)|(?=\n[ \t]*\n)|\Z)",
    re.MULTILINE,
)


def without_exclusions(text: str) -> str:
    """`text` without the sentences and parentheses that say what it is not about."""
    return _SENTENCE.sub(" ", _PARENTHESIS.sub(" ", text))
