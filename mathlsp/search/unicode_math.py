"""Unicode mathematics written as the TeX it stands for, so that a note saying `Φ⁴₃`, `ζ(s)` or
`ℓ²` gives the same query words and terms as one saying `$\\Phi^4_3$`, `$\\zeta(s)$` or
`$\\ell^2$` (titles and abstracts are mostly TeX; notes are written either way)."""

from __future__ import annotations

import re
import unicodedata

_GREEK = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ϵ": "epsilon",
    "ζ": "zeta", "η": "eta", "θ": "theta", "ϑ": "theta", "ι": "iota", "κ": "kappa",
    "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi", "π": "pi", "ρ": "rho", "σ": "sigma",
    "τ": "tau", "υ": "upsilon", "φ": "phi", "ϕ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega",
    "Γ": "Gamma", "Δ": "Delta", "Θ": "Theta", "Λ": "Lambda", "Ξ": "Xi", "Π": "Pi",
    "Σ": "Sigma", "Φ": "Phi", "Ψ": "Psi", "Ω": "Omega", "ℓ": "ell",
}  # fmt: skip
_SUPER = dict(
    zip(
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻ⁿⁱᵃᵇᶜᵈᵉᶠᵍʰʲᵏˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻ",
        "0123456789+-niabcdefghjklmoprstuvwxyz",
        strict=True,
    )
)
_SUB = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋ₙᵢⱼₖₐₑₒₓₕₗₘₚₛₜᵣᵤᵥ", "0123456789+-nijkaeoxhlmpstruv", strict=True))
_SCRIPT = "".join(_SUPER) + "".join(_SUB)
_GREEK_CHARS = "".join(_GREEK)
# A letter (Greek, or Latin standing alone) with any scripts, and a short argument glued to it:
# `Φ⁴₃`, `L²`, `ζ(s)`, `θ`. A Latin letter inside a word ("x²" in "max²") is left alone.
_SYMBOL = re.compile(
    rf"(?<![^\W\d_])(?:([{_GREEK_CHARS}])|([A-Za-z])(?=[{_SCRIPT}]))([{_SCRIPT}]*)(\([^\s()]{{1,10}}\))?"
)
# Blackboard letters: the number systems (`ℤ[i]`, `ℝᵈ`).
_BLACKBOARD = {"ℕ": "N", "ℤ": "Z", "ℚ": "Q", "ℝ": "R", "ℂ": "C", "ℙ": "P", "𝔽": "F", "ℍ": "H"}
# With its scripts, Unicode or TeX (`𝔽_p`, `ℝ^{d}`).
_BOARD = re.compile(
    rf"([{''.join(_BLACKBOARD)}])([{_SCRIPT}]*)((?:[_^](?:\{{[^{{}}]*\}}|[A-Za-z0-9]))*)"
)
# Operators a formula names (`∂ₜu`, `∇·u`, `∑`, `∫`): their TeX, which the plain text reads as
# "partial derivative", "gradient", …; any scripts and a variable glued on go with them.
_OPERATORS = {
    "∂": "\\partial", "∇": "\\nabla", "∑": "\\sum", "∫": "\\int", "⊗": "\\otimes",
    "⊕": "\\oplus", "‖": "\\|",
}  # fmt: skip
_OPERATOR = re.compile(rf"([{''.join(_OPERATORS)}])([{_SCRIPT}]*)([A-Za-z](?![A-Za-z]))?")
_MATH = re.compile(r"\$\$.*?\$\$|\$(?:\\.|[^$\\])+\$|\\\(.*?\\\)|\\\[.*?\\\]", re.DOTALL)


def _scripts(run: str) -> str:
    sup = "".join(_SUPER[c] for c in run if c in _SUPER)
    sub = "".join(_SUB[c] for c in run if c in _SUB)
    return (f"^{{{sup}}}" if sup else "") + (f"_{{{sub}}}" if sub else "")


def _boards(text: str) -> str:
    """Blackboard letters (with their scripts) in TeX: `(ℝᵈ)` → `(\\mathbb{R}^{d})`."""
    return _BOARD.sub(lambda m: f"\\mathbb{{{_BLACKBOARD[m[1]]}}}{_scripts(m[2])}{m[3]}", text)


def _symbol(m: re.Match[str]) -> str:
    greek, latin, scripts, argument = m.groups()
    base = f"\\{_GREEK[greek]}" if greek else latin
    return f"${base}{_scripts(scripts)}{_boards(argument or '')}$"


def _plain(segment: str) -> str:
    segment = _OPERATOR.sub(lambda m: f"${_OPERATORS[m[1]]}{_scripts(m[2])}{m[3] or ''}$", segment)
    segment = _SYMBOL.sub(_symbol, segment)
    segment = _BOARD.sub(lambda m: f"${_boards(m[0])}$", segment)
    # Other non-ASCII mathematical symbols (→, ≤, ∈, ∞) are a formula between words: a phrase
    # break, as a formula in TeX is.
    return "".join(
        " $\\;$ " if ord(c) > 127 and unicodedata.category(c) == "Sm" else c for c in segment
    )


def tex_of_unicode(text: str) -> str:
    """`text` with Unicode mathematics outside its formulas rewritten as TeX formulas."""
    if text.isascii():
        return text
    out: list[str] = []
    last = 0
    for m in _MATH.finditer(text):
        out.append(_plain(text[last : m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_plain(text[last:]))
    return "".join(out)
