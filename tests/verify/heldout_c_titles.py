# ruff: noqa: E501  (real titles and BibTeX entries as written: one line each reads better than wrapped)
"""Held-out bibliography C, title-only supplement (C2): 44 more hand-written BibTeX entries
(20 genuine, 24 wrong), none with a DOI or arXiv id, about the records of batch C.

Batch C (heldout_c.py) has 36 title-only entries of 229, and only 11 of its wrong ones are
title-only, while LLM-written bibliographies are mostly title-only: a fabrication there is caught
only if the title search finds the paper and the gate then compares authors and year, or finds
nothing. Written after batch C's first run and committed before anything ran on it; the same
labelling rules as batch C (its docstring). For an invented title the record is the authors'
nearest real paper, the one a title search returns.
"""

from __future__ import annotations

from functools import cache

from mathlsp.bib.claim import bib_claim
from mathlsp.bib.parse import parse_bib
from tests.verify.heldout_c import (
    ALBERTS_KHANIN_EA_14_INTERMEDIATE,
    AX_2302_05148,
    AX_2410_22210,
    AX_2412_13956,
    AX_2602_14908,
    AX_2608_05220,
    BARLOW_04_RANDOM,
    BERESTYCKI_BERESTYCKI_EA_13_GENEALOGY,
    BERTOZZI_LAURENT_EA_11_LP,
    BOURGAIN_GAMBURD_08_EXPANSION,
    BOURGAIN_GAMBURD_12_SPECTRAL,
    CARAVENNA_TONINELLI_EA_17_UNIVERSALITY,
    CHEN_HU_EA_19_NONLINEAR,
    FUJITA_69_ON,
    GARBAN_RHODES_EA_16_LIOUVILLE,
    GODEL,
    GROMOV,
    HAIRER_MATTINGLY_04_ERGODIC,
    HAIRER_PARDOUX_21_FLUCTUATIONS,
    HAIRER_RYSER_EA_12_TRIVIALITY,
    HAMKINS2000,
    HONGLER_SMIRNOV_13_ENERGY,
    LE_GALL_95_BROWNIAN,
    LYGKONIS_ZYGOURAS_22_EDWARDS_WILKINSON,
    MIRZAKHANI,
    MISCHAIKOW_NANDA_13_MORSE,
    MYTNIK_PERKINS_EA_06_ON,
    NASH,
    NICA_QUASTEL_EA_20_ONE_SIDED,
    SHANNON,
    SHEFFIELD_07_GAUSSIAN,
    SUZUKI1999,
    SZEMEREDI,
    TAO_WINKLER_12_BOUNDEDNESS,
    TRACY_WIDOM_09_ASYMPTOTICS,
    TRACY_WIDOM_93_LEVEL_SPACING,
    USUBA2019,
    WILES_FLT,
    WOODIN2011,
    Ref,
    Refs,
)
from tests.verify.labelled import Case


def _refs() -> list[Ref]:
    refs = Refs()
    ok, bad = refs.ok, refs.bad

    # -- genuine, title-only ----------------------------------------------------------------------
    ok(
        "full-list-order",
        HONGLER_SMIRNOV_13_ENERGY,
        "both authors, the other order",
        r"""
@article{smirnov-hongler-energy,
  author = {Smirnov, Stanislav and Hongler, Cl\'ement},
  title = {The energy density in the planar Ising model},
  journal = {Acta Math.},
  year = {2013}
}""",
    )
    ok(
        "full-list-order",
        BERESTYCKI_BERESTYCKI_EA_13_GENEALOGY,
        "all three, another order, initials",
        r"""
@article{SBB-genealogy,
  author = {Schweinsberg, J. and Berestycki, N. and Berestycki, J.},
  title = {The genealogy of branching Brownian motion with absorption},
  journal = {Ann. Probab.},
  year = {2013}
}""",
    )
    ok(
        "full-list-order",
        NICA_QUASTEL_EA_20_ONE_SIDED,
        "all three, the best-known first",
        r"""
@article{quastel-nica-remenik,
  author = {Quastel, Jeremy and Nica, Mihai and Remenik, Daniel},
  title = {One-sided reflected {B}rownian motions and the {KPZ} fixed point},
  journal = {Forum Math. Sigma},
  year = {2020}
}""",
    )
    ok(
        "math-ascii",
        BOURGAIN_GAMBURD_08_EXPANSION,
        "SL_d(Z/p^nZ) in plain text, part I kept",
        r"""
@article{bourgain-gamburd-sld,
  author = {J. Bourgain and A. Gamburd},
  title = {Expansion and random walks in SL_d(Z/p^nZ). I},
  journal = {J. Eur. Math. Soc.},
  year = {2008}
}""",
    )
    ok(
        "math-unicode",
        LE_GALL_95_BROWNIAN,
        "Δu = u² with a Unicode superscript",
        r"""
@article{legall-snake-unicode,
  author = {Le Gall, Jean-Fran\c{c}ois},
  title = {The Brownian snake and solutions of Δu = u² in a domain},
  journal = {Probab. Theory Related Fields},
  year = {1995}
}""",
    )
    ok(
        "math-unicode",
        FUJITA_69_ON,
        "Δ, ∂ in Unicode, spaced",
        r"""
@article{fujita-1969-unicode,
  author = {Fujita, H.},
  title = {On the nonlinear equations Δu + e^u = 0 and ∂v/∂t = Δv + e^v},
  journal = {Bull. Amer. Math. Soc.},
  year = {1969}
}""",
    )
    ok(
        "abbreviation-pde",
        HAIRER_PARDOUX_21_FLUCTUATIONS,
        "PDE spelt out",
        r"""
@article{hairer-pardoux-homog,
  author = {Hairer, Martin and Pardoux, Etienne},
  title = {Fluctuations around a homogenised semilinear random partial differential equation},
  journal = {Arch. Ration. Mech. Anal.},
  year = {2021}
}""",
    )
    ok(
        "year-one-off",
        TAO_WINKLER_12_BOUNDEDNESS,
        "2011, the online year of the 2012 issue",
        r"""
@article{tao-winkler-2011,
  author = {Tao, Y. and Winkler, M.},
  title = {Boundedness in a quasilinear parabolic-parabolic Keller-Segel system with subcritical sensitivity},
  journal = {J. Differential Equations},
  year = {2011}
}""",
    )
    ok(
        "math-ascii",
        ALBERTS_KHANIN_EA_14_INTERMEDIATE,
        "1+1 without dollars, initials",
        r"""
@article{akq-intermediate,
  author = {T. Alberts and K. Khanin and J. Quastel},
  title = {The intermediate disorder regime for directed polymers in dimension 1+1},
  journal = {Ann. Probab.},
  year = {2014}
}""",
    )
    ok(
        "title-case",
        MISCHAIKOW_NANDA_13_MORSE,
        "title case",
        r"""
@article{mischaikow-nanda-morse,
  author = {Mischaikow, K. and Nanda, V.},
  title = {Morse Theory for Filtrations and Efficient Computation of Persistent Homology},
  journal = {Discrete Comput. Geom.},
  year = {2013}
}""",
    )
    ok(
        "initials-full-names",
        SZEMEREDI,
        "full given name where the record has E.",
        r"""
@article{szemeredi-k-ap,
  author = {Szemer\'edi, Endre},
  title = {On sets of integers containing no k elements in arithmetic progression},
  journal = {Acta Arith.},
  year = {1975}
}""",
    )
    ok(
        "accents-unicode",
        GODEL,
        "Ü, ä and ö in Unicode",
        r"""
@article{goedel-unicode,
  author = {Gödel, K.},
  title = {Über formal unentscheidbare Sätze der Principia Mathematica und verwandter Systeme I},
  journal = {Monatshefte für Mathematik und Physik},
  year = {1931}
}""",
    )
    ok(
        "hand-initials",
        AX_2602_14908,
        "two initials for X. Griffin",
        r"""
@article{venkatesh-wang-6j,
  author = {Venkatesh, A. and Wang, X. G.},
  title = {The tetrahedral (or 6j) symbol},
  year = {2026}
}""",
    )
    ok(
        "et-al",
        AX_2412_13956,
        "two of four and others",
        r"""
@article{barthel-heard-etal,
  author = {Barthel, T. and Heard, D. and others},
  title = {Homological stratification and descent},
  year = {2024}
}""",
    )
    ok(
        "math-unicode",
        AX_2410_22210,
        "a Unicode en-dash in Cohen–Lenstra",
        r"""
@article{landesman-levy-cl,
  author = {Landesman, Aaron and Levy, Ishan},
  title = {The Cohen–Lenstra moments over function fields via the stable homology of non-splitting Hurwitz spaces},
  year = {2024}
}""",
    )
    ok(
        "hand-initials",
        AX_2608_05220,
        "initial",
        r"""
@article{bouis-motivic-singular,
  author = {Bouis, T.},
  title = {On the motivic cohomology of some singular rings},
  year = {2026}
}""",
    )
    ok(
        "math-ascii",
        SUZUKI1999,
        "V without dollars",
        r"""
@article{suzuki-no-embedding,
  author = {Suzuki, A.},
  title = {No elementary embedding from V into V is definable from parameters},
  journal = {J. Symbolic Logic},
  year = {1999}
}""",
    )
    ok(
        "math-unicode",
        WOODIN2011,
        "ω in Unicode",
        r"""
@article{woodin-sem-2,
  author = {Woodin, W. H.},
  title = {Suitable extender models II: beyond ω-huge},
  journal = {J. Math. Log.},
  year = {2011}
}""",
    )
    ok(
        "title-only",
        SHANNON,
        "full given name",
        r"""
@article{shannon-1948-title,
  author = {Shannon, Claude E.},
  title = {A Mathematical Theory of Communication},
  journal = {The Bell System Technical Journal},
  year = {1948}
}""",
    )
    ok(
        "hand-initials",
        HAMKINS2000,
        "initials",
        r"""
@article{hamkins-lewis-title,
  author = {Hamkins, J. D. and Lewis, A.},
  title = {Infinite time Turing machines},
  journal = {J. Symbolic Logic},
  year = {2000}
}""",
    )

    # -- wrong, title-only ------------------------------------------------------------------------
    bad(
        "author-subset",
        GARBAN_RHODES_EA_16_LIOUVILLE,
        "Rhodes is missing, no et al.",
        r"""
@article{garban-vargas-lbm,
  author = {Garban, Christophe and Vargas, Vincent},
  title = {Liouville Brownian motion},
  journal = {Ann. Probab.},
  year = {2016}
}""",
    )
    bad(
        "author-subset",
        HAIRER_RYSER_EA_12_TRIVIALITY,
        "Ryser is missing, no et al.",
        r"""
@article{hairer-weber-allen-cahn,
  author = {Hairer, Martin and Weber, Hendrik},
  title = {Triviality of the 2D stochastic Allen-Cahn equation},
  journal = {Electron. J. Probab.},
  year = {2012}
}""",
    )
    bad(
        "author-subset",
        BERTOZZI_LAURENT_EA_11_LP,
        "Laurent is missing, no et al.",
        r"""
@article{bertozzi-rosado-lp,
  author = {Bertozzi, Andrea L. and Rosado, Jes\'us},
  title = {$L^p$ theory for the multidimensional aggregation equation},
  journal = {Comm. Pure Appl. Math.},
  year = {2011}
}""",
    )
    bad(
        "author-subset",
        TRACY_WIDOM_93_LEVEL_SPACING,
        "Widom is missing, no et al.",
        r"""
@article{tracy-airy,
  author = {Tracy, Craig A.},
  title = {Level-spacing distributions and the Airy kernel},
  journal = {Phys. Lett. B},
  year = {1993}
}""",
    )
    bad(
        "author-subset",
        ALBERTS_KHANIN_EA_14_INTERMEDIATE,
        "Khanin is missing, no et al.",
        r"""
@article{alberts-quastel-idr,
  author = {Alberts, Tom and Quastel, Jeremy},
  title = {The intermediate disorder regime for directed polymers in dimension $1+1$},
  journal = {Ann. Probab.},
  year = {2014}
}""",
    )
    bad(
        "wrong-given-name",
        HAIRER_MATTINGLY_04_ERGODIC,
        "Ernst Hairer, not Martin Hairer",
        r"""
@article{ehairer-mattingly-ns,
  author = {Hairer, Ernst and Mattingly, Jonathan C.},
  title = {Ergodic properties of highly degenerate 2D stochastic Navier-Stokes equations},
  journal = {C. R. Math. Acad. Sci. Paris},
  year = {2004}
}""",
    )
    bad(
        "same-surname-swap",
        CHEN_HU_EA_19_NONLINEAR,
        "Eulalia Nualart, not David Nualart",
        r"""
@article{chen-hu-enualart,
  author = {Chen, Le and Hu, Yaozhong and Nualart, Eulalia},
  title = {Nonlinear stochastic time-fractional slow and fast diffusion equations on $\mathbb{R}^d$},
  journal = {Stochastic Process. Appl.},
  year = {2019}
}""",
    )
    bad(
        "same-surname-swap",
        MYTNIK_PERKINS_EA_06_ON,
        "Karl-Theodor Sturm, not Anja Sturm",
        r"""
@article{mps-ktsturm,
  author = {Mytnik, Leonid and Perkins, Edwin and Sturm, Karl-Theodor},
  title = {On pathwise uniqueness for stochastic heat equations with non-Lipschitz coefficients},
  journal = {Ann. Probab.},
  year = {2006}
}""",
    )
    bad(
        "same-surname-swap",
        AX_2410_22210,
        "Paul Lévy is not Ishan Levy",
        r"""
@article{landesman-plevy,
  author = {Landesman, Aaron and L\'evy, Paul},
  title = {The Cohen-Lenstra moments over function fields via the stable homology of non-splitting Hurwitz spaces},
  year = {2024}
}""",
    )
    bad(
        "title-of-other-paper",
        HONGLER_SMIRNOV_13_ENERGY,
        "Chelkak-Hongler-Izyurov's title credited to Hongler and Smirnov; nearest record theirs",
        r"""
@article{hongler-smirnov-spin,
  author = {Hongler, Cl\'ement and Smirnov, Stanislav},
  title = {Conformal invariance of spin correlations in the planar Ising model},
  journal = {Ann. of Math.},
  year = {2013}
}""",
    )
    bad(
        "invented-title",
        SHEFFIELD_07_GAUSSIAN,
        "an invented title by the real author",
        r"""
@article{sheffield-gff-sle,
  author = {Sheffield, Scott},
  title = {Gaussian free fields and the Schramm-Loewner evolution for mathematicians},
  journal = {Probab. Theory Related Fields},
  year = {2007}
}""",
    )
    bad(
        "word-swap",
        BARLOW_04_RANDOM,
        "critical for supercritical: another object",
        r"""
@article{barlow-critical,
  author = {Barlow, Martin T.},
  title = {Random walks on critical percolation clusters},
  journal = {Ann. Probab.},
  year = {2004}
}""",
    )
    bad(
        "word-swap",
        CARAVENNA_TONINELLI_EA_17_UNIVERSALITY,
        "disorder for coupling: a misquoted title",
        r"""
@article{ctt-weak-disorder,
  author = {Caravenna, Francesco and Toninelli, Fabio Lucio and Torri, Niccol\`o},
  title = {Universality for the pinning model in the weak disorder regime},
  journal = {Ann. Probab.},
  year = {2017}
}""",
    )
    bad(
        "year-far",
        SHEFFIELD_07_GAUSSIAN,
        "2017 is ten years after the paper",
        r"""
@article{sheffield-gff-2017,
  author = {S. Sheffield},
  title = {Gaussian free fields for mathematicians},
  journal = {Probab. Theory Related Fields},
  year = {2017}
}""",
    )
    bad(
        "year-far",
        WILES_FLT,
        "1985 is ten years before the paper",
        r"""
@article{wiles-1985,
  author = {Wiles, Andrew},
  title = {Modular elliptic curves and Fermat's Last Theorem},
  journal = {Ann. of Math.},
  year = {1985}
}""",
    )
    bad(
        "prefix-flip",
        MYTNIK_PERKINS_EA_06_ON,
        "non-uniqueness for uniqueness",
        r"""
@article{mps-nonuniqueness,
  author = {Mytnik, L. and Perkins, E. and Sturm, A.},
  title = {On pathwise non-uniqueness for stochastic heat equations with non-Lipschitz coefficients},
  journal = {Ann. Probab.},
  year = {2006}
}""",
    )
    bad(
        "math-symbol-swap",
        BOURGAIN_GAMBURD_12_SPECTRAL,
        "SU(2) (another of their papers' settings) for SU(d)",
        r"""
@article{bg-su2,
  author = {Bourgain, Jean and Gamburd, Alex},
  title = {A spectral gap theorem in $\mathrm{SU}(2)$},
  journal = {J. Eur. Math. Soc.},
  year = {2012}
}""",
    )
    bad(
        "math-symbol-swap",
        AX_2302_05148,
        "GSp_6 for GSp_4",
        r"""
@article{pss-gsp6,
  author = {Pitale, Ameya and Saha, Abhishek and Schmidt, Ralf},
  title = {Simple supercuspidal representations of $\mathrm{GSp}_6$ and test vectors},
  year = {2023}
}""",
    )
    bad(
        "math-symbol-swap",
        LYGKONIS_ZYGOURAS_22_EDWARDS_WILKINSON,
        "L^1 for L^2",
        r"""
@article{lz-l1,
  author = {Lygkonis, Dimitris and Zygouras, Nikos},
  title = {Edwards-Wilkinson fluctuations for the directed polymer in the full $L^1$-regime for dimensions $d\geq 3$},
  journal = {Ann. Inst. Henri Poincar\'e Probab. Stat.},
  year = {2022}
}""",
    )
    bad(
        "merged-title",
        TRACY_WIDOM_09_ASYMPTOTICS,
        "the ASEP title merged with the Airy kernel's",
        r"""
@article{tw-asep-airy,
  author = {Tracy, Craig A. and Widom, Harold},
  title = {Asymptotics in ASEP with step initial condition and the Airy kernel},
  journal = {Comm. Math. Phys.},
  year = {2009}
}""",
    )
    bad(
        "invented-subtitle",
        NASH,
        "the subtitle is invented",
        r"""
@article{nash-equilibrium-subtitle,
  author = {Nash, John},
  title = {Non-cooperative games: existence of equilibrium points},
  journal = {Ann. of Math.},
  year = {1951}
}""",
    )
    bad(
        "invented-subtitle",
        MIRZAKHANI,
        "the subtitle is invented",
        r"""
@article{mirzakhani-subtitle,
  author = {Mirzakhani, Maryam},
  title = {Growth of the number of simple closed geodesics on hyperbolic surfaces: a counting approach via Weil-Petersson volumes},
  journal = {Ann. of Math.},
  year = {2008}
}""",
    )
    bad(
        "invented-title",
        USUBA2019,
        "an invented title; Hamkins is not a co-author of Usuba's mantle paper",
        r"""
@article{usuba-hamkins-mantle,
  author = {Usuba, Toshimichi and Hamkins, Joel David},
  title = {Superstrong cardinals and the mantle},
  journal = {Arch. Math. Logic},
  year = {2019}
}""",
    )
    bad(
        "invented-coauthor",
        GROMOV,
        "Thurston is not on this paper",
        r"""
@article{gromov-thurston,
  author = {Gromov, Mikhael and Thurston, William P.},
  title = {Groups of polynomial growth and expanding maps},
  journal = {Publ. Math. IHES},
  year = {1981}
}""",
    )
    return refs


REFS: list[Ref] = _refs()


def bibliography() -> str:
    header = "% Held-out bibliography C, title-only supplement (issue 27).\n\n"
    return header + "\n\n".join(r.bib for r in REFS) + "\n"


@cache
def held_out_c_titles() -> list[Case]:
    entries = {e.key: e for e in parse_bib(bibliography()).entries}
    return [
        Case(f"{r.kind}:{r.key}", bib_claim(entries[r.key]), r.record, r.confirm, r.kind)
        for r in REFS
    ]
