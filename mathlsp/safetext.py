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


# -- markup from the sources, before it is written into a note ----------------------------------
_COMMENT_MARK = re.compile(r"<!--|-->")
# What a Markdown viewer would take for raw HTML: a tag (`<img src=x onerror=…>`, `</div>`), a
# declaration or processing instruction. `a<b` and `$x<y$` are not tags and stay as they are.
_HTML = re.compile(r"<(?=/?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)|[!?])")
# A link destination: `[text](dest …)`, an autolink `<dest>`, a reference definition `[x]: dest`.
_INLINE_LINK = re.compile(r"\]\(\s*")
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>")
_DEFINITION = re.compile(r"^( {0,3}\[[^\]\n]+\]:[ \t]*)(\S+)", re.MULTILINE)
_UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:", "file:")
_SCHEME_NOISE = re.compile(r"[\s\x00-\x1f\\]+")


def _unsafe_destination(dest: str) -> bool:
    # Viewers decode entities (`&#106;avascript:`) and ignore controls and whitespace inside a
    # scheme (`java\tscript:`) before they follow a link: so does this check.
    import html

    plain = _SCHEME_NOISE.sub("", html.unescape(dest.strip("<>"))).lower()
    return plain.startswith(_UNSAFE_SCHEMES)


def _destination_end(text: str, at: int) -> int:
    """Where the link destination starting at `at` ends (CommonMark: `<…>`, or up to a space or
    the `)` that balances the ones it opened)."""
    if text.startswith("<", at):
        close = text.find(">", at)
        return close + 1 if close >= 0 else at
    depth, i = 0, at
    while i < len(text) and not text[i].isspace():
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            if depth == 0:
                break
            depth -= 1
        i += 1
    return min(i, len(text))


def _without_unsafe_destinations(text: str) -> str:
    out: list[str] = []
    done = 0
    for m in _INLINE_LINK.finditer(text):
        if m.start() < done:
            continue
        end = _destination_end(text, m.end())
        if _unsafe_destination(text[m.end() : end]):
            out.append(text[done : m.end()])
            done = end
    out.append(text[done:])
    return "".join(out)


def neutralize_markup(text: str) -> str:
    """Source text (a title, an abstract) made inert before it is written into a Markdown note:
    raw HTML is shown as text (`<` → `&lt;`), an HTML comment can neither open nor close (it would
    hide the entries after it), and a link whose destination is `javascript:`, `vbscript:`,
    `data:` or `file:` loses its destination (the words stay)."""
    if "<" not in text and ">" not in text and ":" not in text:
        return text  # the common case: nothing to neutralize
    text = _COMMENT_MARK.sub(lambda m: "&lt;!--" if m.group() == "<!--" else "--&gt;", text)
    text = _AUTOLINK.sub(
        lambda m: "(unsafe link removed)" if _unsafe_destination(m.group(1)) else m.group(), text
    )
    text = _HTML.sub("&lt;", text)
    text = _without_unsafe_destinations(text)
    return _DEFINITION.sub(
        lambda m: m.group(1) + "#" if _unsafe_destination(m.group(2)) else m.group(), text
    )
