"""One normal form for the mathematics in titles (issue 27): LaTeX, Unicode and ASCII names,
spacing, compounds, the field's abbreviations and ordinals; prefixes and symbols that change what
a title says; given names; DOI URLs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.identifiers import normalize_doi as note_doi
from mathlsp.sources.record import Author
from mathlsp.sources.record import normalize_doi as source_doi
from mathlsp.verify.matcher import (
    changed_words,
    given_agreement,
    match_title,
    part_markers,
    prefix_changed,
)
from mathlsp.verify.normalize import (
    latex_to_unicode,
    math_names,
    math_words,
    normalize_title,
    query_text,
)

SAME = [
    (r"Bounds for $\theta (x)$", "Bounds for θ(x)"),
    (r"Bounds for $\theta(x)$", "Bounds for theta(x)"),
    (r"$\mathrm{GL}(n)\times\mathrm{GL}(n)$", "GL(n) × GL(n)"),
    (r"${\rm li}(x)$", r"$\mathrm{li}(x)$"),
    (r"$\Gamma_1(N)$", "Γ_1(N)"),
    (r"over $\mathbb{Q}$", "over ℚ"),
    (r"over $\mathbb{Q}$", "over Q"),
    (r"over $\Bbb Q$", r"over $\QQ$"),
    (r"the Riemann $\zeta$-function", "the Riemann zeta function"),
    ("slow & fast diffusion", "slow and fast diffusion"),
    ("Stochastic PDEs", "stochastic partial differential equations"),
    ("an ODE", "an ordinary differential equation"),
    ("Hilbert's 10th problem", "Hilbert's tenth problem"),
    ("the n-th prime", "the nth prime"),
    (r"the $m$-th element", "the mth element"),
    ("quasi-categories", "quasicategories"),
    ("non-linear", "nonlinear"),
    (r"$\ell^p$ spaces", "ell^p spaces"),
    (r"$L(1/2, \varphi)$", r"$L(1/2,\phi)$"),
    (r"$k \geq 1$", "k ≥ 1"),
    (r"$\lambda$", "λ"),
    (r"$\sqrt{2+\sqrt 2}$", "√(2+√2)"),
    (r"$\mathcal{O}_q(G)$", "𝒪_q(G)"),
    ("Erd\\H{o}s", "Erdős"),
]


@pytest.mark.parametrize(("a", "b"), SAME, ids=[a for a, _ in SAME])
def test_one_normal_form(a: str, b: str) -> None:
    assert normalize_title(a) == normalize_title(b)


def test_the_normal_form_reads_as_words() -> None:
    assert normalize_title(r"Hausdorff dimension in $\theta$-expansions") == (
        "hausdorff dimension in theta expansions"
    )
    assert latex_to_unicode(r"$\Gamma_1(N)$") == "Γ_1(N)"
    assert math_names("θ × ∞ ⋁") == "theta  times   infinity   bigvee "
    # A percent sign is text in a title, not a LaTeX comment.
    assert normalize_title("50% of the primes") == "50 of the primes"


@pytest.mark.parametrize(
    ("claimed", "source"),
    [
        ("Abelian Galois cohomology of quasiconnected reductive groups",
         "Abelian Galois cohomology of quasi-connected reductive groups"),
        ("On GL(3) Fourier coefficients", r"On $\rm GL_3$ Fourier coefficients"),
        ("Eigen-value bounds for graphs", "Eigenvalue bounds for graphs"),
        ("Period relations for GL(n) × GL(n)", r"Period relations for $GL(n)$ $GL(n)$"),
    ],
)  # fmt: skip
def test_compounds_and_dropped_symbols_are_no_change(claimed: str, source: str) -> None:
    assert changed_words(claimed, source) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [("homology", "cohomology"), ("groups", "subgroups"), ("subgroups", "supergroups"),
     ("stable", "semistable"), ("traces", "pseudotraces"), ("cyclotomic", "anticyclotomic"),
     ("connected", "quasiconnected"), ("nonlinear", "subnonlinear")],
)  # fmt: skip
def test_a_meaning_changing_prefix_is_a_change(a: str, b: str) -> None:
    assert prefix_changed(a, b) and prefix_changed(b, a)
    verdict = match_title(f"Finite {a} of graded modules", f"Finite {b} of graded modules")
    assert not verdict.ok
    assert a in verdict.detail and b in verdict.detail


@pytest.mark.parametrize(("a", "b"), [("cover", "over"), ("subject", "object"), ("sets", "sets")])
def test_look_alike_words_are_not_prefix_changes(a: str, b: str) -> None:
    assert not prefix_changed(a, b)


@pytest.mark.parametrize(
    ("claimed", "source"),
    [
        ("Scattering for the focusing energy-critical wave equation",
         "Scattering for the defocusing energy-critical wave equation"),
        ("Stabilizing effects of noise in fluid models",
         "Destabilizing effects of noise in fluid models"),
    ],
)  # fmt: skip
def test_a_de_prefix_turns_a_word_into_its_opposite(claimed: str, source: str) -> None:
    assert not match_title(claimed, source).ok
    assert not match_title(source, claimed).ok


@pytest.mark.parametrize(
    ("claimed", "source"),
    [
        (r"Counting points over $\mathbb{Z}$", r"Counting points over $\mathbb{F}_p$"),
        (r"Modular forms for $\Gamma_0(N)$", r"Modular forms for $\Gamma_1(N)$"),
        (r"The Mathieu group $M_{24}$ is Galois", r"The Mathieu group $M_{23}$ is Galois"),
        (r"Bounds for $\alpha_kn^m$ sums", r"Bounds for $\alpha_kn^k$ sums"),
    ],
)
def test_a_changed_symbol_in_the_mathematics_is_a_change(claimed: str, source: str) -> None:
    assert not match_title(claimed, source).ok


def test_math_words_are_the_words_of_the_mathematics() -> None:
    assert math_words(r"Bounds for $\alpha_kn^k$ over $\mathbb{F}_p$") == {"alphaknk", "fp"}


def test_part_as_a_word_is_not_a_part_number() -> None:
    assert part_markers("On the integer part function") == frozenset()
    assert part_markers("Extreme values of the real part of zeta") == frozenset()
    assert part_markers("Elliptic curves, Part 2") == {"part 2"}
    assert part_markers("Elliptic curves. Part II: reduction") == {"ii", "part ii"}
    assert match_title("On the integer part function", "On the integer part function").ok
    # MathSciNet writes a first part after a separator; a note writes it plainly or not at all.
    source = "Estimates near the boundary for elliptic equations. I"
    assert match_title("Estimates near the boundary for elliptic equations I", source).ok
    assert match_title("Estimates near the boundary for elliptic equations", source).ok
    assert not match_title("Estimates near the boundary for elliptic equations II", source).ok


@pytest.mark.parametrize(
    ("name", "author", "agrees"),
    [
        ("B. Green", Author("Green", "Ben"), True),
        ("Benjamin Green", Author("Green", "Ben"), True),
        ("Green, B. J.", Author("Green", "Ben"), True),
        ("Grisha Perelman", Author("Perelman", "Grigori"), True),
        ("Tyrrell Rockafellar", Author("Rockafellar", "R. Tyrrell"), True),
        ("Del Maestro, A.", Author("Del Maestro", "Adrian"), True),
        ("Chang, D.-C.", Author("Chang", "Der-Chen"), True),
        ("Chen, L.", Author("Chen", "Le"), True),
        ("Alperin JP", Author("Alperín", "Juan Pablo"), True),
        ("J. A. Green", Author("Green", "Ben"), False),
        ("Wei Zhang", Author("Zhang", "Yitang"), False),
        ("Jonas Candès", Author("Candès", "Emmanuel J."), False),
        ("Tao, Y.", Author("Tao", "Terence"), False),
    ],
)
def test_given_names_agree_with_initials_not_with_other_names(
    name: str, author: Author, agrees: bool
) -> None:
    score = given_agreement(name, author)
    assert (score is None or score > 0) is agrees


def test_a_surname_alone_has_no_given_name_to_compare() -> None:
    assert given_agreement("Green", Author("Green", "Ben")) is None


@pytest.mark.parametrize("parse", [note_doi, source_doi])
@pytest.mark.parametrize(
    "text",
    ["https://doi.org/10.1515%2Frose.2000.8.3.245", "doi.org/10.1515/rose.2000.8.3.245",
     "dx.doi.org/10.1515/rose.2000.8.3.245", "https://dx.doi.org/10.1515/ROSE.2000.8.3.245",
     "doi:10.1515/rose.2000.8.3.245", "10.1515/rose.2000.8.3.245"],
)  # fmt: skip
def test_doi_urls_in_every_form(parse, text: str) -> None:
    assert parse(text) == "10.1515/rose.2000.8.3.245"


def test_title_queries_use_the_normal_forms_mathematics() -> None:
    assert (
        query_text(r"Bounds for $\theta(x)$ over $\mathbb{F}_p$…") == "bounds for theta x over f p"
    )
    assert query_text("Hölder regularity & quasi-categories.") == (
        "holder regularity and quasi-categories"
    )


@pytest.mark.parametrize(
    ("title", "query"),
    [(r"Analytic newvectors for $\mathrm{GL}_n(\mathbb{R})$", "analytic newvectors for gl n r"),
     ("Analytic newvectors for GL_n(ℝ)", "analytic newvectors for gl n r"),
     ("Bounded elementary generation of SL_2", "bounded elementary generation of sl 2"),
     (r"$H^{-1}$ noise", "h 1 noise"),  # a lone `-1` would read as "not 1" to a Lucene query
     (r"Sobolev spaces $W^{1,p}$", "sobolev spaces w 1 p")],
)  # fmt: skip
def test_title_queries_keep_scripts_apart_from_their_base(title: str, query: str) -> None:
    # `gln` or `sl2` is a word no index tokenises out of `GL_n` or `SL_2`.
    assert query_text(title) == query


# -- properties -----------------------------------------------------------------------------
_WORDS = ["spectral", "gap", "random", "walk", "lattice", "polytope", "fiber", "toric", "ideal",
          "sheaf", "knot", "braid", "functor", "manifold", "invariant", "operator"]  # fmt: skip
_MATH = [r"$\mathbb{Q}$", "ℚ", r"$\theta(x)$", "θ(x)", r"$\Gamma_1(N)$", r"$L^p$", "$p$-adic",
         r"$\mathrm{GL}_n$", "×", r"$\times$", "PDEs", "10th"]  # fmt: skip
_title = st.lists(st.sampled_from(_WORDS + _MATH), min_size=3, max_size=10).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(_title)
def test_a_title_always_matches_itself_in_any_dress(title: str) -> None:
    assert match_title(title, title).ok
    assert match_title(latex_to_unicode(title), title).ok
    assert match_title(latex_to_unicode(title).upper(), title).ok


@settings(max_examples=200, deadline=None)
@given(_title, st.sampled_from(["co", "sub", "super", "semi", "quasi", "pseudo", "anti"]),
       st.sampled_from(["", "-"]), st.data())  # fmt: skip
def test_a_prefixed_word_is_never_the_same_title(
    title: str, prefix: str, hyphen: str, data: st.DataObject
) -> None:
    words = title.split()
    plain = [i for i, w in enumerate(words) if w in _WORDS and len(w) >= 4]
    if not plain:
        return
    i = data.draw(st.sampled_from(plain))
    flipped = " ".join([*words[:i], prefix + hyphen + words[i], *words[i + 1 :]])
    assert not match_title(flipped, title).ok


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_any_text_has_a_normal_form(text: str) -> None:
    assert isinstance(normalize_title(text), str)
    assert isinstance(query_text(text), str)


@pytest.mark.parametrize(
    ("claimed", "source"),
    [(r"Bounds for {\boldmath$\zeta(s)$} on the line", r"Bounds for $\zeta(s)$ on the line"),
     (r"{\mathversion{bold}$p$}-adic heights", r"$p$-adic heights"),
     (r"{\boldmath $\mathfrak{gl}_{1|1}$}-actions", r"$\mathfrak{gl}_{1|1}$-actions"),
     ("Theta lifts for U(2,1) x U(1,1)", r"Theta lifts for $U(2,1) \times U(1,1)$"),
     ("Curves on P^1 x P^1", r"Curves on $\mathbb{P}^1\times\mathbb{P}^1$"),
     ("Products of SL2 x SL2", "Products of SL2 × SL2"),
     ("Spectra of 3x3 matrices", r"Spectra of $3\times 3$ matrices"),
     ("Tables of groups of type (C_p x C_p)", r"Tables of groups of type $(C_p\times C_p)$"),
     ("Bounds for GL(3)xGL(2) L-functions", r"Bounds for $GL(3)\times GL(2)$ $L$-functions")],
)  # fmt: skip
def test_bold_formulas_and_a_typed_x_for_times_are_no_change(claimed: str, source: str) -> None:
    assert normalize_title(claimed) == normalize_title(source)
    assert match_title(claimed, source).ok and match_title(source, claimed).ok


@pytest.mark.parametrize(
    ("claimed", "source"),
    [("Theta lifts for U(2,2) x U(1,1)", r"Theta lifts for $U(2,1) \times U(1,1)$"),
     ("Curves on P^1 x P^2", r"Curves on $\mathbb{P}^1\times\mathbb{P}^1$")],
)  # fmt: skip
def test_a_changed_factor_of_a_typed_product_is_still_a_change(claimed: str, source: str) -> None:
    assert not match_title(claimed, source).ok


def test_an_x_that_is_a_variable_stays_a_letter() -> None:
    assert normalize_title("Roots of f(2x) for x in K") == "roots of f 2x for x in k"
    assert normalize_title("Some x Values") == "some x values"
