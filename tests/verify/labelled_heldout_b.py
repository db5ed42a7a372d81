# ruff: noqa: E501  (a table of real titles: one case a line reads better than wrapped strings)
"""Held-out cases, second batch: written after the matcher rules of issue 27 were in place and
run once, never tuned on (the first batch, labelled_heldout.py, was run before a last round of
fixes to author-list splitting; see docs/verification.md). Real records: the fake server's corpus
(key in the comment) and /work/shared/corpus/math-papers.jsonl.gz (key in the comment)."""

from __future__ import annotations

from mathlsp.sources.record import PaperRecord
from mathlsp.verify.matcher import Claim
from tests.verify.labelled import Case, cite, rec

COOLEY_TUKEY = rec(  # fake server: cooley-tukey-fft
    "crossref", "An Algorithm for the Machine Calculation of Complex Fourier Series",
    ["James W. Cooley", "John W. Tukey"], 1965, doi="10.1090/S0025-5718-1965-0178586-1",
)  # fmt: skip
HODGKIN_HUXLEY = rec(  # fake server: hodgkin-huxley
    "crossref",
    "A quantitative description of membrane current and its application to conduction and excitation in nerve",
    ["A. L. Hodgkin", "A. F. Huxley"], 1952, doi="10.1113/jphysiol.1952.sp004764",
)  # fmt: skip
KERMACK = rec(  # fake server: kermack-mckendrick
    "crossref", "A contribution to the mathematical theory of epidemics",
    ["W. O. Kermack", "A. G. McKendrick"], 1927, doi="10.1098/rspa.1927.0118",
)  # fmt: skip
TAYLOR_WILES = rec(  # fake server: taylor-wiles-hecke
    "crossref", "Ring-theoretic properties of certain Hecke algebras",
    ["Richard Taylor", "Andrew Wiles"], 1995, doi="10.2307/2118560",
)  # fmt: skip
MSS_I = rec(  # fake server: mss-interlacing-1
    "crossref", "Interlacing families I: Bipartite Ramanujan graphs of all degrees",
    ["Adam W. Marcus", "Daniel A. Spielman", "Nikhil Srivastava"], 2015,
    doi="10.4007/annals.2015.182.1.7", arxiv_id="1304.4132",
)  # fmt: skip
KLEINER = rec(  # fake server: kleiner-gromov
    "crossref", "A new proof of Gromov's theorem on groups of polynomial growth",
    ["Bruce Kleiner"], 2010, doi="10.1090/S0894-0347-09-00658-4", arxiv_id="0710.4593",
)  # fmt: skip
VIAZOVSKA = rec(  # fake server: viazovska-dim8
    "crossref", "The sphere packing problem in dimension 8", ["Maryna S. Viazovska"], 2017,
    doi="10.4007/annals.2017.185.3.7", arxiv_id="1603.04246",
)  # fmt: skip
VINBERG = rec(  # arxiv:2509.04284
    "arxiv", "Hyperplane arrangements and Vinberg's $θ$-groups",
    ["Filippo Ambrosio", "Andrea Santi"], 2025, arxiv_id="2509.04284",
)  # fmt: skip
PERMUTATION = rec(  # arxiv:2601.02919
    "arxiv",
    r"Inverses of six classes of permutation polynomials of the form $x+γ\mathrm{Tr}_q^{q^2}(h(x))$ over finite fields of even characteristic",
    ["Rajesh P. Singh", "Dinesh Kumar", "Jitendra Prakash"], 2026, arxiv_id="2601.02919",
)  # fmt: skip
ENDOSCOPY = rec(  # arxiv:2603.21506
    "arxiv",
    r"Beyond Endoscopy for $\mathrm{GL}(3, \mathbb{Q})$: Isolation of the residual spectrum via Poisson Summation",
    ["Taiwang Deng", "Malors Espinos"], 2026, arxiv_id="2603.21506",
)  # fmt: skip
HYPERELLIPTIC = rec(  # arxiv:2608.13623
    "arxiv",
    r"On the Existence of Hyperelliptic Curves over $\mathbb{Q}(T)$ with Certain Jacobian Ranks",
    ["Lucas Chen", "Joshua Im", "Steven J. Miller", "Devayani Pradhan"], 2026,
    arxiv_id="2608.13623",
)  # fmt: skip
AGARWAL = rec(  # spdes-bib:agarwal.lakshmikantham:93:uniqueness
    "crossref", "Uniqueness and nonuniqueness criteria for ordinary differential equations",
    ["Agarwal, R. P.", "Lakshmikantham, V."], 1993, doi="10.1142/1988",
)  # fmt: skip
ADN = rec(  # spdes-bib:agmon.douglis.ea:59:estimates
    "crossref",
    "Estimates near the boundary for solutions of elliptic partial differential equations satisfying general boundary conditions. I",
    ["Agmon, S.", "Douglis, A.", "Nirenberg, L."], 1959, doi="10.1002/cpa.3160120405",
)  # fmt: skip
QUEER = rec(  # arxiv:2608.17431
    "arxiv", "A Newton Identity and Finite-Rank Reconstruction for the Queer Lie Superalgebra",
    ["Abhishek Das", "Santosha Pattanayak"], 2026, arxiv_id="2608.17431",
)  # fmt: skip
PSEUDO_JACOBI = rec(  # arxiv:2606.30409
    "arxiv", "Pseudodifferential Jacobi forms and Geometric Rankin-Cohen Brackets",
    ["Martin Raum", "Anne V. Shepler"], 2026, arxiv_id="2606.30409",
)  # fmt: skip
TORSION = rec(  # arxiv:2608.05037
    "arxiv", "Sparse Random Covers and Growth of Torsion in First Homology", ["Raz Slutsky"], 2026,
    arxiv_id="2608.05037",
)  # fmt: skip
FUNDAMENTAL = rec(  # arxiv:2411.17119
    "arxiv", "Connected fundamental domains for congruence subgroups",
    ["Zhaohu Nie", "C. Xavier Parent"], 2024, arxiv_id="2411.17119",
)  # fmt: skip
SLE = rec(  # spdes-bib:duplantier.nguyen.ea:15:coefficient
    "crossref", "The coefficient problem and multifractality of whole-plane SLE & LLE",
    ["Duplantier, Bertrand", "Nguyen, Chi", "Nguyen, Nga", "Zinsmeister, Michel"], 2015,
    doi="10.1007/s00023-014-0351-3",
)  # fmt: skip
LUCKY = rec(  # arxiv:2604.07142
    "arxiv", "Explicit inequalities for the nth lucky number", ["Carlo Sanna"], 2026,
    arxiv_id="2604.07142",
)  # fmt: skip


def _held_out_b() -> list[Case]:
    cases: list[Case] = []

    def ok(kind: str, claim: Claim, record: PaperRecord) -> None:
        cases.append(Case(f"{kind}:{claim.title[:40]}", claim, record, True, kind))

    def bad(kind: str, claim: Claim, record: PaperRecord) -> None:
        cases.append(Case(f"{kind}:{claim.title[:40]}", claim, record, False, kind))

    ok(
        "doi-url",
        cite(
            COOLEY_TUKEY,
            "Cooley, J. W. and Tukey, J. W.",
            doi="https://doi.org/10.1090/S0025-5718-1965-0178586-1",
        ),
        COOLEY_TUKEY,
    )
    ok(
        "full-list-forms",
        cite(HODGKIN_HUXLEY, "Hodgkin, A.L., Huxley, A.F.", HODGKIN_HUXLEY.title.lower()),
        HODGKIN_HUXLEY,
    )
    ok(
        "initials-full-names",
        cite(
            KERMACK,
            "Kermack, William Ogilvy and McKendrick, Anderson Gray",
            "A Contribution to the Mathematical Theory of Epidemics",
        ),
        KERMACK,
    )
    ok(
        "compound",
        cite(
            TAYLOR_WILES,
            "R. Taylor & A. Wiles",
            "Ring theoretic properties of certain Hecke algebras",
        ),
        TAYLOR_WILES,
    )
    ok(
        "et-al",
        cite(
            MSS_I,
            "Marcus, A. W. et al.",
            "Interlacing families I: bipartite Ramanujan graphs of all degrees",
        ),
        MSS_I,
    )
    ok(
        "math-unicode-latex",
        cite(
            VINBERG,
            "F. Ambrosio and A. Santi",
            r"Hyperplane arrangements and Vinberg's $\theta$-groups",
        ),
        VINBERG,
    )
    ok(
        "math-spacing",
        cite(
            PERMUTATION,
            "Singh, R. P., Kumar, D., Prakash, J.",
            r"Inverses of six classes of permutation polynomials of the form $x+\gamma\,\mathrm{Tr}_q^{q^2}(h(x))$ over finite fields of even characteristic",
        ),
        PERMUTATION,
    )
    ok(
        "math-blackboard-unicode",
        cite(
            ENDOSCOPY,
            "Deng, T.; Espinos, M.",
            "Beyond endoscopy for GL(3, ℚ): isolation of the residual spectrum via Poisson summation",
        ),
        ENDOSCOPY,
    )
    ok(
        "math-blackboard-ascii",
        cite(
            HYPERELLIPTIC,
            "L. Chen, J. Im, S. J. Miller, D. Pradhan",
            "On the existence of hyperelliptic curves over Q(T) with certain Jacobian ranks",
        ),
        HYPERELLIPTIC,
    )
    ok(
        "abbreviation-ode",
        cite(
            AGARWAL,
            "Agarwal, Ravi P. and Lakshmikantham, V.",
            "Uniqueness and non-uniqueness criteria for ODEs",
        ),
        AGARWAL,
    )
    ok(
        "abbreviation-pde",
        cite(
            ADN,
            "Agmon, S., Douglis, A., Nirenberg, L.",
            "Estimates near the boundary for solutions of elliptic PDEs satisfying general boundary conditions I",
        ),
        ADN,
    )
    ok(
        "compound",
        cite(
            QUEER,
            "Das, A. and Pattanayak, S.",
            "A Newton identity and finite-rank reconstruction for the queer Lie super-algebra",
        ),
        QUEER,
    )
    ok(
        "compound",
        cite(
            PSEUDO_JACOBI,
            "Raum, M. and Shepler, A. V.",
            "Pseudo-differential Jacobi forms and geometric Rankin–Cohen brackets",
        ),
        PSEUDO_JACOBI,
    )
    ok(
        "same-surname-coauthors",
        cite(
            SLE,
            "Duplantier, B., Nguyen, C., Nguyen, N., Zinsmeister, M.",
            "The coefficient problem and multifractality of whole-plane SLE and LLE",
        ),
        SLE,
    )
    ok("ordinal", cite(LUCKY, "C. Sanna", "Explicit inequalities for the n-th lucky number"), LUCKY)
    ok(
        "doi-url",
        cite(KLEINER, "Kleiner, B.", doi="doi.org/10.1090/S0894-0347-09-00658-4"),
        KLEINER,
    )
    ok(
        "initials-full-names",
        cite(VIAZOVSKA, "M. S. Viazovska", arxiv="arXiv:1603.04246v2"),
        VIAZOVSKA,
    )

    bad("author-subset", cite(COOLEY_TUKEY, "Tukey, J. W."), COOLEY_TUKEY)
    bad("author-subset", cite(TAYLOR_WILES, "Wiles, A."), TAYLOR_WILES)
    bad("author-subset", cite(HYPERELLIPTIC, "Chen, L. and Miller, S. J."), HYPERELLIPTIC)
    bad("author-subset", cite(ADN, "Agmon, S. and Nirenberg, L."), ADN)
    bad(
        "same-surname-swap",
        cite(HODGKIN_HUXLEY, "Hodgkin, A. L. and Huxley, T. H."),
        HODGKIN_HUXLEY,
    )
    bad(
        "same-surname-swap",
        cite(SLE, "Duplantier, B., Nguyen, C., Nguyen, T., Zinsmeister, M."),
        SLE,
    )
    bad("wrong-given-name", cite(VIAZOVSKA, "A. Viazovska"), VIAZOVSKA)
    bad(
        "invented-subtitle",
        cite(
            KERMACK,
            "Kermack, W. O. and McKendrick, A. G.",
            "A contribution to the mathematical theory of epidemics: the SIR model",
        ),
        KERMACK,
    )
    bad(
        "invented-subtitle",
        cite(
            KLEINER,
            "B. Kleiner",
            "A new proof of Gromov's theorem on groups of polynomial growth: the elementary approach",
        ),
        KLEINER,
    )
    bad(
        "prefix-flip",
        cite(
            MSS_I,
            "Marcus, A. W., Spielman, D. A., Srivastava, N.",
            "Interlacing families I: bipartite Ramanujan subgraphs of all degrees",
        ),
        MSS_I,
    )
    bad(
        "prefix-flip",
        cite(
            QUEER,
            "Das, A. and Pattanayak, S.",
            "A Newton identity and finite-rank reconstruction for the queer Lie algebra",
        ),
        QUEER,
    )
    bad(
        "prefix-flip",
        cite(
            PSEUDO_JACOBI,
            "Raum, M. and Shepler, A. V.",
            "Differential Jacobi forms and geometric Rankin-Cohen brackets",
        ),
        PSEUDO_JACOBI,
    )
    bad(
        "prefix-flip",
        cite(
            TORSION, "R. Slutsky", "Sparse random covers and growth of torsion in first cohomology"
        ),
        TORSION,
    )
    bad(
        "prefix-flip",
        cite(
            FUNDAMENTAL,
            "Nie, Z. and Parent, C. X.",
            "Connected fundamental domains for congruence groups",
        ),
        FUNDAMENTAL,
    )
    bad(
        "math-symbol-swap",
        cite(
            VINBERG,
            "F. Ambrosio and A. Santi",
            r"Hyperplane arrangements and Vinberg's $\sigma$-groups",
        ),
        VINBERG,
    )
    bad(
        "math-symbol-swap",
        cite(
            PERMUTATION,
            "Singh, R. P., Kumar, D., Prakash, J.",
            r"Inverses of six classes of permutation polynomials of the form $x+\gamma\mathrm{Tr}_q^{q^3}(h(x))$ over finite fields of even characteristic",
        ),
        PERMUTATION,
    )
    bad(
        "math-symbol-swap",
        cite(
            ENDOSCOPY,
            "Deng, T. and Espinos, M.",
            r"Beyond endoscopy for $\mathrm{GL}(3, \mathbb{Z})$: isolation of the residual spectrum via Poisson summation",
        ),
        ENDOSCOPY,
    )
    bad(
        "math-symbol-swap",
        cite(LUCKY, "C. Sanna", "Explicit inequalities for the kth lucky number"),
        LUCKY,
    )
    return cases


HELD_OUT_B = _held_out_b()
