"""The mathematics of titles compared as scripts and signed terms (`verify/mathform.py`), and
through `match_title`: renderings agree, changed content does not."""

from __future__ import annotations

import pytest

from mathlsp.verify.matcher import match_title
from mathlsp.verify.mathform import math_changes, scripts, signed_terms, text_words

SAME = [
    # `^{1}`, `^1`, `¹`, `<sup>1</sup>`
    (r"Complex determinantal processes and $H^1$ noise",
     "Complex determinantal processes and H¹ noise"),
    (r"Complex determinantal processes and $H^{1}$ noise",
     "Complex determinantal processes and $H^1$ noise"),
    (r"Complex determinantal processes and $H^{-1}$ noise",
     "Complex determinantal processes and H<sup>−1</sup> noise"),
    (r"Complex determinantal processes and $H^{-1}$ noise",
     "Complex determinantal processes and H⁻¹ noise"),
    # spacing, \left( \right), Unicode minus, Greek names
    (r"Algebraic representatives of the ratios $\zeta(2n+1)/\pi^{2n}$ and $\beta(2n)/\pi^{2n-1}$",
     "Algebraic representatives of the ratios ζ(2n + 1)/π^{2n} and β(2n)/π^{2n−1}"),
    (r"Simple derivation of the $(-\lambda H)^{5/2}$ tail for the 1D KPZ equation",
     "Simple derivation of the (−λH)^5/2 tail for the 1D KPZ equation"),
    (r"Simple derivation of the $\left(-\lambda H\right)^{5/2}$ tail for the 1D KPZ equation",
     "Simple derivation of the (−λH)^{5/2} tail for the 1D KPZ equation"),
    (r"Analytic newvectors for $\mathrm{GL}_n(\mathbb{R})$", "Analytic newvectors for GL_n(ℝ)"),
    (r"Analytic newvectors for $\operatorname{GL}_{n}(\mathbb R)$",
     "Analytic newvectors for $GL_n(\\mathbb{R})$"),
    (r"Boundary layers for $p = 2$", "Boundary layers for $p=2$"),
    # two-letter products count only between formulas both typed in `$…$`
    (r"Blow-up of $u_t=\Delta u+u^p$", r"Blowup of $u_t=\Delta u+u^p$"),
    (r"The Number of Solutions to $ax-by+cz=n$", "The Number of Solutions to ax−by+cz=n"),
    (r"The sesquicentennial of the prime number $2^{127} - 1$",
     "The sesquicentennial of the prime number 2^127 - 1"),
    ("Rank of the family of elliptic curves $y^2 = x^3- 5px$",
     "Rank of the family of elliptic curves y^2 = x^3- 5px"),
    (r"Differential operators on $\mathbb{A}^1_{\mathbb{Z}[v,v^{- 1}]}$",
     "Differential operators on 𝔸^1_ℤ[v,v^- 1]"),
    # a plain-text bibliography's ASCII: symbols by name, spaces where commands were
    ("Refined asymptotics for the blowup of u_t- Delta u=u^p",
     r"Refined asymptotics for the blowup of $u_t-\Delta u=u^p$"),
    ("On p-adic solubility of Ax^ ell + By^m + Cz^n = 0",
     r"On $p$-adic solubility of $Ax^\ell + By^m + Cz^n = 0$"),
    ("Minimal A_ infty-algebras of endomorphisms",
     r"Minimal ${A}_{\infty}$-algebras of endomorphisms"),
    # a dash after a word is no minus
    (r"The Erdős-Straus Conjecture: ${5}/{a} = {1}/{b} + {1}/{c}$",
     r"The Erdős-Straus Conjecture - ${5}/{a} = {1}/{b} + {1}/{c}$"),
    (r"Lower bounds for counting $A_4$-quartic fields",
     r"Lower bounds for counting $A _ 4$-quartic fields"),
    # a plain-text side writes no markup: its words are compared, not its (absent) signs
    (r"Complex determinantal processes and $H^{-1}$ noise",
     "Complex determinantal processes and H-1 noise"),
    (r"Sharp bounds in $L^2$ for $p$-adic quasi-categories",
     "Sharp bounds in L2 for p-adic quasicategories"),
]  # fmt: skip

CHANGED = [
    (r"Complex determinantal processes and $H^{-1}$ noise",
     "Complex determinantal processes and $H^1$ noise"),
    (r"Complex determinantal processes and $H_1$ noise",
     "Complex determinantal processes and $H_{-1}$ noise"),
    (r"Algebraic representatives of the ratios $\zeta(2n)/\pi^{2n}$ and $\beta(2n)/\pi^{2n-1}$",
     r"Algebraic representatives of the ratios $\zeta(2n+1)/\pi^{2n}$ and $\beta(2n)/\pi^{2n-1}$"),
    (r"Values of $\zeta(2n-1)$ at the integers", r"Values of $\zeta(2n+1)$ at the integers"),
    (r"The diophantine equation $(2^{k}-1)(b^{k}-1)=y^{q}$",
     r"The diophantine equation $(2^{k})(b^{k}-1)=y^{q}$"),
    (r"${}_5F_4$ evaluations and a family of $π^2-\log^2$ identities",
     r"${}_5F_4$ evaluations and a family of $π^2+\log^2$ identities"),
    (r"The Number of Solutions to $ax-by+cz=n$ for Fibonacci and Lucas triplets",
     r"The Number of Solutions to $ax+by+cz=n$ for Fibonacci and Lucas triplets"),
    (r"Contractivity and ergodicity of the random map $x\mapsto|x+\theta|$",
     r"Contractivity and ergodicity of the random map $x\mapsto|x-\theta|$"),
    (r"Boundary layers for $p = 3$ in convex domains",
     r"Boundary layers for $p = 2$ in convex domains"),
    (r"Simple derivation of the $(-\lambda H)^{3/2}$ tail for the 1D KPZ equation",
     r"Simple derivation of the $(-\lambda H)^{5/2}$ tail for the 1D KPZ equation"),
]  # fmt: skip


@pytest.mark.parametrize(("claimed", "source"), SAME)
def test_renderings_of_the_same_mathematics_agree(claimed: str, source: str) -> None:
    assert math_changes(claimed, source) == []
    assert math_changes(source, claimed) == []
    assert match_title(claimed, source).ok, match_title(claimed, source).detail


@pytest.mark.parametrize(("claimed", "source"), CHANGED)
def test_a_changed_sign_script_or_term_is_a_mismatch_both_ways(claimed: str, source: str) -> None:
    for a, b in ((claimed, source), (source, claimed)):
        assert math_changes(a, b)
        verdict = match_title(a, b)
        assert not verdict.ok
        assert "title differs in" in verdict.detail


def test_scripts_hold_their_base_and_group() -> None:
    assert scripts(r"$H^{-1}$") == {("h", "^", "-1", False)}
    assert scripts(r"$\pi^{2n-1}$") == {("pi", "^", "2n-1", False)}
    # unbraced: only its first character is certain
    assert scripts("H^1 and x_n") == {("h", "^", "1", True), ("x", "_", "n", True)}
    assert scripts("H⁻¹") == {("h", "^", "-1", False)}


def test_signed_terms_ignore_hyphenated_words() -> None:
    assert signed_terms(r"$\zeta(2n + 1)$ for $p$-adic quasi-categories") == ("+1",)
    assert signed_terms("Non-linear $k$-th moments") == ()
    # Greek letters are one symbol; a multiset: dropping one of two `-1` is a change
    assert signed_terms(r"$|x+\theta|$ and $(2^{k}-1)(b^{k}-1)$") == ("+theta", "-1", "-1")


def test_text_words_leave_the_mathematics_out() -> None:
    assert text_words(r"Analytic newvectors for $\mathrm{GL}_n(\mathbb{R})$") == (
        "analytic newvectors for"
    )
    assert text_words("Bounded elementary generation of SL_2") == "bounded elementary generation of"


def test_malformed_mathematics_never_raises() -> None:
    for title in ["$H^{", "}}^{{_", "$$", "^", "_{", "<sup>1", "\\", "x^{1}}}}"]:
        math_changes(title, "H^1")
        scripts(title)


def test_a_number_written_once_more_or_once_less_is_a_changed_title() -> None:
    # `U(3,3)` for `U(3,1)`: both titles say "3" and "1", but not as often.
    source = "Theta lifts for U(3,1) × U(1,1)"
    changed = match_title("Theta lifts for $U(3,3)\\times U(1,1)$", source)
    assert not changed.ok and "1, 3" in changed.detail
    same = match_title("Theta lifts for $U(3,1)\\times U(1,1)$", source)
    assert same.ok, same.detail
