"""British spellings as American ones: "renormalisation constants" → "renormalization constants".

A note written in British English asks "renormalisation", "centred", "behaviour", "travelling"
where most titles (and so most title-only records) say "renormalization", "centered", "behavior",
"traveling"; a search service matches the letters, so the phrase is said by no work ("lower tail
behaviour", "centred gaussian measure" and "renormalisation constants" came back empty from
OpenAlex on the studied splits). Only spellings that are British beyond doubt are changed: an
ending is rewritten where the word before it is one of the stems that take it ("normalise",
"optimise", "characterise", "analyse"), never "noise", "precise", "promise", "arising" or
"revised". Pure: a phrase in, its American spelling out.
"""

from __future__ import annotations

import re

# -ise / -isation after the stems that take -ize ("normal-ise", "optim-ise", "character-ise",
# "polar-ise", "regular-ise", "quant-ise", "random-ise", "symmetr-ise", "synchron-ise",
# "stabil-ise", "organ-ise"), two letters at least before them ("ar-ising", "pr-omise" stay).
_ISE = re.compile(
    r"\b(\w{2,}(?:al|ar|er|im|in|ot|ur|at|ic|on|tr|nt|ph|og|il|an)|\w*random)"
    r"is(ation|ations|e|ed|es|ing|er|ers)\b"
)
_YSE = re.compile(r"\b(\w*(?:anal|paral|catal|hydrol|dial))ys(e|ed|ing)\b")
# Words whose British -our, -re or doubled l is the only difference.
_WORDS = {
    "behaviour": "behavior",
    "behaviours": "behaviors",
    "neighbour": "neighbor",
    "neighbours": "neighbors",
    "neighbourhood": "neighborhood",
    "neighbourhoods": "neighborhoods",
    "colour": "color",
    "colours": "colors",
    "coloured": "colored",
    "colouring": "coloring",
    "colourings": "colorings",
    "favour": "favor",
    "vapour": "vapor",
    "harbour": "harbor",
    "centre": "center",
    "centres": "centers",
    "centred": "centered",
    "fibre": "fiber",
    "fibres": "fibers",
    "fibred": "fibered",
    "modelling": "modeling",
    "modelled": "modeled",
    "labelling": "labeling",
    "labelled": "labeled",
    "travelling": "traveling",
    "tunnelling": "tunneling",
    "signalling": "signaling",
    "levelling": "leveling",
    "ageing": "aging",
}
_WORD = re.compile(r"\b(" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")\b", re.I)


def american(phrase: str) -> str:
    """The phrase with its British spellings in American ones (the phrase itself when it has
    none). Case is kept for the stems; replaced words come back in lower case."""
    out = _ISE.sub(lambda m: f"{m.group(1)}iz{m.group(2)}", phrase)
    out = _YSE.sub(lambda m: f"{m.group(1)}yz{m.group(2)}", out)
    return _WORD.sub(lambda m: _WORDS[m.group(1).lower()], out)
