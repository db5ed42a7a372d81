"""Unicode mathematics in a note gives the words its TeX would (titles are mostly TeX)."""

from __future__ import annotations

from mathlsp.search.text import key_phrases, plain_text, stems
from mathlsp.search.unicode_math import tex_of_unicode


def test_unicode_scripts_and_greek_become_tex() -> None:
    assert tex_of_unicode("The Φ⁴₃ measure") == r"The $\Phi^{4}_{3}$ measure"
    assert tex_of_unicode("ℓ² decoupling") == r"$\ell^{2}$ decoupling"
    assert tex_of_unicode("zeros of ζ(s)") == r"zeros of $\zeta(s)$"
    # Formulas already in TeX, and plain words, are left as written.
    assert tex_of_unicode(r"$\Phi^4_3$ and Erdős") == r"$\Phi^4_3$ and Erdős"


def test_a_note_in_unicode_and_one_in_tex_give_the_same_words() -> None:
    pairs = [
        ("The Φ⁴₃ measure", r"The $\Phi^4_3$ measure"),
        ("ℓ² decoupling", r"$\ell^2$ decoupling"),
        ("zeros of ζ(s)", r"zeros of $\zeta(s)$"),
        ("the φ⁴₃ model", r"the $\varphi^4_3$ model"),
    ]
    for unicode, tex in pairs:
        assert plain_text(unicode) == plain_text(tex)
        assert key_phrases(unicode) == key_phrases(tex)


def test_an_arrow_or_relation_breaks_a_phrase_as_a_formula_does() -> None:
    phrases = key_phrases("weak convergence → strong convergence")
    assert "strong convergence" in phrases
    assert not any("weak convergence strong" in p for p in phrases)


def test_a_greek_symbols_scripts_are_words_as_a_tex_title_is_read() -> None:
    # A title `$\Phi^4_3$` is read (by the services and by the ranking) as "phi 4 3": the note's
    # phrase must say the same words, not "phi43".
    phrase = next(p for p in key_phrases(r"the Euclidean $\Phi^4_3$ measure") if "measure" in p)
    assert stems(phrase)[:4] == ["euclidean", "phi", "4", "3"]
    assert " ".join(stems(phrase)) in " ".join(
        stems(r"A PDE construction of the Euclidean $\Phi^4_3$ measure")
    )
    # Latin symbols keep their one-word names ("GL2", "P5-free").
    assert "GL2" in plain_text(r"forms for $\mathrm{GL}_2$")


def test_number_systems_and_operators_read_as_their_tex_does() -> None:
    unicode = "the operator ∂ₜu on L²(ℝᵈ), and X(𝔽_p) for ℤ"
    tex = (
        r"the operator $\partial_t u$ on $L^2(\mathbb{R}^d)$,"
        r" and X($\mathbb{F}_p$) for $\mathbb{Z}$"
    )
    assert plain_text(unicode) == plain_text(tex)
    assert "partial derivative" in key_phrases(unicode, limit=5)
    # No stray script or blackboard letter is left as a word of the query.
    assert not any(c in plain_text(unicode) for c in "ₜᵈℝℤ𝔽")
    # A group's name keeps its words as titles write them ("SL2 character varieties").
    assert key_phrases("the relative SL₂ character varieties") == [
        "relative sl2 character varieties"
    ]
