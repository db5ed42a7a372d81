"""Text from outside (the sources, the user's notes) made safe to print or write.

A record's title can carry terminal escape sequences (`\\x1b[2J` clears a screen, `\\x1b]0;…\\x07`
sets a window title), bidi overrides that make a line read differently from what it holds, and
zero-width characters that make two equal-looking titles differ. One rule, applied where a record
is built and wherever the CLI echoes text, so no later layer has to remember.
"""

from __future__ import annotations

import re

# C0 and C1 controls and DEL; ESC is removed together with the sequence it introduces so that no
# `[2J` residue is left behind.
_ESCAPE_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI … final byte
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC … BEL or ST
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"  # DCS/SOS/PM/APC … ST
    r"|\x1b[@-Z\\-_]"  # two-character sequences
    r"|\x9b[0-?]*[ -/]*[@-~]"  # 8-bit CSI
    r"|\x9d[^\x07\x9c]*[\x07\x9c]?"  # 8-bit OSC
)
_WHITESPACE_CONTROLS = re.compile(r"[\t\n\r\v\f\x1c-\x1f\x85\u2028\u2029]")
# Everything else invisible: the remaining controls, bidi embeddings/overrides/isolates and marks,
# zero-width characters, the word joiner and invisible operators, and a stray BOM.
_INVISIBLE = re.compile(
    "[\x00-\x08\x0e-\x1b\x7f-\x9f"
    "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u206a-\u206f\ufeff\u061c]"
)


def safe_text(text: str) -> str:
    """`text` without escape sequences, controls, bidi overrides or zero-width characters.

    Whitespace controls (tab, newline, …) become plain spaces; runs of spaces are kept as they are
    so that a caller that folds whitespace itself still can.
    """
    if text.isprintable():
        return text  # the common case, checked at C speed
    text = _ESCAPE_SEQUENCE.sub("", text)
    text = _WHITESPACE_CONTROLS.sub(" ", text)
    return _INVISIBLE.sub("", text)


def safe_line(text: str) -> str:
    """`safe_text` for one line of terminal output: newlines kept, everything else cleaned."""
    return "\n".join(safe_text(part) for part in text.split("\n"))
