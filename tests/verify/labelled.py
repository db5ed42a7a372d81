"""A labelled set for calibrating the matcher: real records and claims about them.

Records are real papers (several taken from the recorded API responses in ../shared/fixtures:
arXiv 1605.08386 and 1111.2011, Crossref 10.1063/1.4938384 and 10.1371/journal.pone.0033693,
OpenAlex W2741809807, Semantic Scholar's "Attention is All you Need"; the rest classic
mathematics). Each case pairs a claim — what a note says — with the record a source returned, and
says whether the claim must be confirmed. Negative cases are the fabrications seen in practice:
invented titles, near-miss titles, wrong or invented authors, wrong years, identifiers of other
papers. Positive cases are harmless variants: case, LaTeX, accents, initials, name order,
"et al.", subtitles, arXiv vs journal version.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.matcher import Claim


def rec(backend: str, title: str, authors: list[str], year: int, **kw: object) -> PaperRecord:
    return PaperRecord(
        backend=backend,
        title=title,
        authors=tuple(Author.from_name(a) for a in authors),
        year=year,
        **kw,  # type: ignore[arg-type]
    )


HEAT_BATH = rec(
    "arxiv", "Heat-bath random walks with Markov bases", ["Caprice Stanley", "Tobias Windisch"],
    2016, arxiv_id="1605.08386",
    abstract="Graphs on lattice points are studied whose edges come from a finite set of allowed "
    "moves of arbitrary length. We show that the diameter of these graphs on fibers of a fixed "
    "integer matrix can be bounded from above by a constant. We then study the mixing behaviour "
    "of heat-bath random walks on these graphs. We also state explicit conditions on the set of "
    "moves so that the heat-bath random walk, a generalization of the Glauber dynamics, is an "
    "expander in fixed dimension.",
)  # fmt: skip
BETHE = rec(
    "arxiv",
    "Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit",
    ["James M. Murray", "Adrian Del Maestro", "Zlatko Tesanovic"], 2011, arxiv_id="1111.2011",
    doi="10.1103/physrevb.85.115117",
)  # fmt: skip
COPPER = rec(
    "crossref",
    "Effect of native oxide layers on copper thin-film tensile properties: A reactive molecular "
    "dynamics study",
    ["Michael D. Skarlinski", "David J. Quesnel"], 2015, doi="10.1063/1.4938384",
)  # fmt: skip
METHYLPHENIDATE = rec(
    "crossref",
    "Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the "
    "Basal Ganglia of Mice",
    ["Shankar Sadasivan", "Brooks B. Pond", "Amar K. Pani", "Chunxu Qu"], 2012,
    doi="10.1371/journal.pone.0033693",
)  # fmt: skip
STATE_OF_OA = rec(
    "openalex",
    "The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles",
    ["Heather Piwowar", "Jason Priem", "Vincent Larivière", "Juan Pablo Alperín", "Lisa Matthias",
     "Bree Norlander", "Ashley Farley", "Jevin D. West", "Stefanie Haustein"], 2018,
    doi="10.7717/peerj.4375",
)  # fmt: skip
ATTENTION = rec(
    "semantic_scholar", "Attention is All you Need",
    ["Ashish Vaswani", "Noam M. Shazeer", "Niki Parmar", "Jakob Uszkoreit", "Llion Jones",
     "Aidan N. Gomez", "Lukasz Kaiser", "Illia Polosukhin"], 2017, arxiv_id="1706.03762",
)  # fmt: skip
TURING = rec(
    "crossref", "Computing Machinery and Intelligence", ["A. M. Turing"], 1950,
    doi="10.1093/mind/lix.236.433",
)  # fmt: skip
PERELMAN = rec(
    "arxiv", "The entropy formula for the Ricci flow and its geometric applications",
    ["Grisha Perelman"], 2002, arxiv_id="math/0211159",
)  # fmt: skip
GREEN_TAO = rec(
    "arxiv", "The primes contain arbitrarily long arithmetic progressions",
    ["Ben Green", "Terence Tao"], 2004, arxiv_id="math/0404188",
    doi="10.4007/annals.2008.167.481",
)  # fmt: skip
ERDOS_RENYI = rec("openalex", "On the evolution of random graphs", ["P. Erdős", "A. Rényi"], 1960)
FRIEDMAN = rec(
    "arxiv", "A proof of Alon's second eigenvalue conjecture and related problems",
    ["Joel Friedman"], 2004, arxiv_id="cs/0405020",
)  # fmt: skip
DE_BRANGES = rec(
    "crossref", "A proof of the Bieberbach conjecture", ["Louis de Branges"], 1985,
    doi="10.1007/bf02392821",
)  # fmt: skip
VAN_DER_WAERDEN = rec(
    "openalex", "Beweis einer Baudetschen Vermutung", ["B. L. van der Waerden"], 1927
)
MENDEL_NAOR = rec(
    "arxiv", "Expanders with respect to Hadamard spaces and random graphs",
    ["Manor Mendel", "Assaf Naor"], 2013, arxiv_id="1306.5434",
)  # fmt: skip
KATO = rec(
    "crossref", "Perturbation Theory for Linear Operators", ["Tosio Kato"], 1995,
    doi="10.1007/978-3-642-66282-9",
)  # fmt: skip

# Titles whose words have negated forms or antonyms, sequels, subtitles: the gate's hard cases.
CARMICHAEL = rec(
    "crossref", "There are infinitely many Carmichael numbers",
    ["W. R. Alford", "Andrew Granville", "Carl Pomerance"], 1994, doi="10.2307/2118576",
)  # fmt: skip
ZHANG = rec(
    "crossref", "Bounded gaps between primes", ["Yitang Zhang"], 2014,
    doi="10.4007/annals.2014.179.3.7",
)  # fmt: skip
MAYNARD = rec(
    "arxiv", "Small gaps between primes", ["James Maynard"], 2013, arxiv_id="1311.4600",
    doi="10.4007/annals.2015.181.1.7", arxiv_version=3,
)  # fmt: skip
COHEN_I = rec(
    "crossref", "The independence of the continuum hypothesis", ["Paul J. Cohen"], 1963,
    doi="10.1073/pnas.50.6.1143",
)  # fmt: skip
COHEN_II = rec(
    "crossref", "The independence of the continuum hypothesis, II", ["Paul J. Cohen"], 1964,
    doi="10.1073/pnas.51.1.105",
)  # fmt: skip
TURING_COMPUTABLE = rec(
    "crossref", "On Computable Numbers, with an Application to the Entscheidungsproblem",
    ["A. M. Turing"], 1937, doi="10.1112/plms/s2-42.1.230",
)  # fmt: skip
HILBERT_TENTH = rec(
    "crossref",
    "Hilbert's tenth problem. Diophantine equations: positive aspects of a negative solution",
    ["Martin Davis", "Yuri Matijasevič", "Julia Robinson"], 1976, doi="10.1090/pspum/028.2/0432534",
)  # fmt: skip
SHARKOVSKII = rec(
    "crossref", "Sharkovskii's theorem: a natural direct proof",
    ["Keith Burns", "Boris Hasselblatt"], 2011, doi="10.4169/amer.math.monthly.118.03.229",
)  # fmt: skip

RECORDS = [
    HEAT_BATH, BETHE, COPPER, METHYLPHENIDATE, STATE_OF_OA, ATTENTION, TURING, PERELMAN,
    GREEN_TAO, ERDOS_RENYI, FRIEDMAN, DE_BRANGES, VAN_DER_WAERDEN, MENDEL_NAOR, KATO,
    CARMICHAEL, ZHANG, MAYNARD, COHEN_I, COHEN_II, TURING_COMPUTABLE, HILBERT_TENTH, SHARKOVSKII,
]  # fmt: skip


@dataclass(frozen=True)
class Case:
    label: str
    claim: Claim
    record: PaperRecord
    confirm: bool
    kind: str = ""  # the class of the case, for per-class figures


def exact(record: PaperRecord) -> Claim:
    return Claim(
        title=record.title,
        authors=tuple(a.name for a in record.authors),
        year=record.year,
        arxiv_id=record.arxiv_id,
        doi=record.doi,
    )


def _cases() -> list[Case]:
    cases: list[Case] = []

    def ok(label: str, claim: Claim, record: PaperRecord) -> None:
        cases.append(Case(label, claim, record, True))

    def bad(label: str, claim: Claim, record: PaperRecord) -> None:
        cases.append(Case(label, claim, record, False))

    # Every record, as a faithful note would cite it, and with generic harmless variants.
    for r in RECORDS:
        c = exact(r)
        ok(f"exact:{r.title[:30]}", c, r)
        ok(f"upper-case:{r.title[:30]}", replace(c, title=r.title.upper()), r)
        ok(f"trailing-period:{r.title[:30]}", replace(c, title=r.title + "."), r)
        ok(
            f"surnames-only:{r.title[:30]}",
            replace(c, authors=tuple(a.family for a in r.authors)),
            r,
        )
        ok(
            f"last-first:{r.title[:30]}",
            replace(
                c, authors=tuple(f"{a.family}, {a.given or ''}".strip(", ") for a in r.authors)
            ),
            r,
        )
        ok(
            f"first-author-et-al:{r.title[:30]}",
            replace(c, authors=(r.authors[0].name,), et_al=True),
            r,
        )
        if r.year:
            ok(f"year+1:{r.title[:30]}", replace(c, year=r.year + 1), r)
            # SPEC §3: an arXiv preprint linked by DOI to its journal version may be years older.
            linked = r.backend == "arxiv" and r.doi is not None
            (ok if linked else bad)(f"year+3:{r.title[:30]}", replace(c, year=r.year + 3), r)
            bad(f"year-4:{r.title[:30]}", replace(c, year=r.year - 4), r)
        bad(
            f"invented-coauthor:{r.title[:30]}",
            replace(c, authors=(*c.authors, "Rupert Fabricius")),
            r,
        )
        bad(f"wrong-authors:{r.title[:30]}", replace(c, authors=("John Smith", "Wei Zhang")), r)

    # Specific harmless variants.
    ok(
        "latex-hyphen",
        replace(exact(HEAT_BATH), title=r"Heat-bath random walks with \emph{Markov} bases"),
        HEAT_BATH,
    )
    ok(
        "no-hyphen",
        replace(exact(HEAT_BATH), title="Heat bath random walks with Markov bases"),
        HEAT_BATH,
    )
    ok("initials", replace(exact(HEAT_BATH), authors=("C. Stanley", "T. Windisch")), HEAT_BATH)
    ok("pubmed-initials", replace(exact(HEAT_BATH), authors=("Stanley C", "Windisch T")), HEAT_BATH)
    ok(
        "accents-stripped",
        replace(exact(ERDOS_RENYI), authors=("Paul Erdos", "Alfred Renyi")),
        ERDOS_RENYI,
    )
    ok(
        "latex-accents",
        replace(exact(ERDOS_RENYI), authors=(r"P. Erd\H{o}s", r"A. R\'enyi")),
        ERDOS_RENYI,
    )
    ok(
        "diacritics-other-way",
        replace(
            exact(STATE_OF_OA), authors=("Vincent Lariviere", "Juan Pablo Alperin"), et_al=True
        ),
        STATE_OF_OA,
    )
    ok(
        "particles",
        replace(exact(VAN_DER_WAERDEN), authors=("van der Waerden, B. L.",)),
        VAN_DER_WAERDEN,
    )
    ok(
        "particle-dropped",
        replace(exact(VAN_DER_WAERDEN), authors=("B. L. Waerden",)),
        VAN_DER_WAERDEN,
    )
    ok(
        "particle-capitalised",
        replace(exact(BETHE), authors=("J. M. Murray", "A. del Maestro", "Z. Tesanovic")),
        BETHE,
    )
    ok("de-branges", replace(exact(DE_BRANGES), authors=("L. de Branges",)), DE_BRANGES)
    ok(
        "polish-l",
        replace(exact(ATTENTION), authors=("Ashish Vaswani", "Łukasz Kaiser"), et_al=True),
        ATTENTION,
    )
    ok(
        "subtitle-dropped",
        replace(
            exact(COPPER),
            title="Effect of native oxide layers on copper thin-film tensile properties",
        ),
        COPPER,
    )
    ok("case-of-is-all", replace(exact(ATTENTION), title="Attention Is All You Need"), ATTENTION)
    ok(
        "apostrophe",
        replace(
            exact(FRIEDMAN),
            title="A proof of Alons second eigenvalue conjecture and related problems",
        ),
        FRIEDMAN,
    )
    ok("journal-version-of-preprint", replace(exact(GREEN_TAO), year=2008), GREEN_TAO)
    ok("journal-year-bethe", replace(exact(BETHE), year=2012), BETHE)
    # arXiv itself links the preprint to its journal DOI: the note may cite the journal year.
    ok("journal-year-arxiv-id-only", replace(exact(GREEN_TAO), doi=None, year=2008), GREEN_TAO)
    # The note cites the preprint (arXiv id, preprint year) and its journal DOI; Crossref has the
    # journal version with its later year.
    green_tao_journal = rec(
        "crossref", GREEN_TAO.title, ["Ben Green", "Terence Tao"], 2008,
        doi="10.4007/annals.2008.167.481",
    )  # fmt: skip
    ok(
        "preprint-year-against-journal-record",
        replace(exact(GREEN_TAO), year=2004),
        green_tao_journal,
    )
    bad(
        "preprint-year-without-arxiv-id",
        replace(exact(GREEN_TAO), arxiv_id=None, year=2004),
        green_tao_journal,
    )
    bad(
        "journal-year-other-doi",
        replace(exact(GREEN_TAO), doi="10.1000/other", year=2008),
        GREEN_TAO,
    )
    ok("with-abstract", replace(exact(HEAT_BATH), abstract=HEAT_BATH.abstract), HEAT_BATH)
    ok(
        "abstract-excerpt",
        replace(
            exact(HEAT_BATH),
            abstract="We show that the diameter of these graphs on fibers of a fixed integer matrix can be bounded from above by a constant.",
        ),
        HEAT_BATH,
    )
    ok(
        "arxiv-datacite-doi",
        replace(exact(MENDEL_NAOR), doi="10.48550/arxiv.1306.5434"),
        MENDEL_NAOR,
    )

    # Fabrications.
    bad(
        "fabricated-title",
        replace(exact(HEAT_BATH), title="Spectral gaps of Glauber dynamics on lattice polytopes"),
        HEAT_BATH,
    )
    bad(
        "near-miss-title",
        replace(exact(HEAT_BATH), title="Heat-bath random walks with Gröbner bases"),
        HEAT_BATH,
    )
    bad(
        "near-miss-title-2",
        replace(
            exact(FRIEDMAN),
            title="A proof of Alon's first eigenvalue conjecture and related problems",
        ),
        FRIEDMAN,
    )
    bad(
        "near-miss-title-3",
        replace(
            exact(GREEN_TAO), title="The primes contain arbitrarily long geometric progressions"
        ),
        GREEN_TAO,
    )
    bad(
        "near-miss-title-4",
        replace(
            exact(MENDEL_NAOR), title="Expanders with respect to Hilbert spaces and random graphs"
        ),
        MENDEL_NAOR,
    )
    bad(
        "near-miss-title-5",
        replace(
            exact(PERELMAN),
            title="The entropy formula for the Ricci flow and its topological applications",
        ),
        PERELMAN,
    )
    bad(
        "plausible-title-same-authors",
        replace(exact(GREEN_TAO), title="Linear equations in primes"),
        GREEN_TAO,
    )
    bad("title-of-another-paper", replace(exact(MENDEL_NAOR), title=FRIEDMAN.title), MENDEL_NAOR)
    bad(
        "id-of-another-paper",  # the note's arXiv id resolves to a different paper
        Claim(title=PERELMAN.title, authors=("Grisha Perelman",), year=2002, arxiv_id="1605.08386"),
        HEAT_BATH,
    )
    bad(
        "wrong-id-for-real-title",  # right paper, but the id the note gives belongs elsewhere
        replace(exact(HEAT_BATH), arxiv_id="1605.08387"),
        HEAT_BATH,
    )
    bad("wrong-doi", replace(exact(COPPER), doi="10.1063/1.4938385"), COPPER)
    bad(
        "swapped-author",
        replace(exact(GREEN_TAO), authors=("Ben Green", "Tamar Ziegler")),
        GREEN_TAO,
    )
    bad("single-wrong-author", replace(exact(TURING), authors=("Alonzo Church",)), TURING)
    bad("preprint-year-unlinked", replace(exact(PERELMAN), year=2008), PERELMAN)
    bad(
        "abstract-fabricated",
        replace(
            exact(HEAT_BATH),
            abstract="We prove a sharp cutoff phenomenon for the Glauber dynamics of the Ising model on regular trees at all temperatures.",
        ),
        HEAT_BATH,
    )

    # -- opposites: a title that negates or inverts the paper's claim is never the paper --------
    def retitled(record: PaperRecord, title: str) -> Claim:
        return replace(exact(record), title=title)

    flips = [
        (CARMICHAEL, "There are finitely many Carmichael numbers"),
        (CARMICHAEL, "There are not infinitely many Carmichael numbers"),
        (ZHANG, "Unbounded gaps between primes"),
        (MAYNARD, "Large gaps between primes"),
        (COHEN_I, "The dependence of the continuum hypothesis"),
        (TURING_COMPUTABLE, "On Uncomputable Numbers, with an Application to the Entscheidungsproblem"),
        (TURING_COMPUTABLE, "On Incomputable Numbers, with an Application to the Entscheidungsproblem"),
        (HEAT_BATH, "Heat-bath random walks without Markov bases"),
        (FRIEDMAN, "A disproof of Alon's second eigenvalue conjecture and related problems"),
        (BETHE, "Quantum Criticality for Extended Nodes on a Bethe Lattice in the Small Connectivity Limit"),
        (STATE_OF_OA, "The state of OA: a small-scale analysis of the prevalence and impact of Open Access articles"),
        (METHYLPHENIDATE, "Methylphenidate Exposure Induces Dopamine Neuron Gain and Activation of Microglia in the Basal Ganglia of Mice"),
        (MENDEL_NAOR, "Non-expanders with respect to Hadamard spaces and random graphs"),
    ]  # fmt: skip
    for i, (record, title) in enumerate(flips):
        bad(f"opposite-{i}:{title[:30]}", retitled(record, title), record)
    # Harmless: one word spelt two ways, a hyphen written or not.
    ok("nonlinear-hyphen", retitled(KATO, "Perturbation theory for linear operators"), KATO)
    ok(
        "behaviour-behavior",
        retitled(HEAT_BATH, "Heat-bath random walks with Markov bases."),
        HEAT_BATH,
    )

    # -- part numbers are content, never a subtitle ------------------------------------------
    bad("sequel-for-first-part", replace(exact(COHEN_II), doi=COHEN_I.doi), COHEN_I)
    bad("first-part-for-sequel", replace(exact(COHEN_I), doi=COHEN_II.doi), COHEN_II)
    bad(
        "sequel-with-subtitle",
        retitled(
            COHEN_I, "The independence of the continuum hypothesis II: Forcing and extensions"
        ),
        COHEN_I,
    )
    bad(
        "part-2-wording",
        retitled(COHEN_I, "The independence of the continuum hypothesis, Part 2"),
        COHEN_I,
    )
    ok("sequel-as-itself", exact(COHEN_II), COHEN_II)
    ok(
        "sequel-roman-no-comma",
        retitled(COHEN_II, "The independence of the continuum hypothesis II"),
        COHEN_II,
    )

    # -- truncated titles compare as a prefix ------------------------------------------------
    for record, cut in [
        (STATE_OF_OA, "The state of OA: a large-scale analysis of the prevalence…"),
        (
            METHYLPHENIDATE,
            "Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation...",
        ),
        (BETHE, "Quantum Criticality for Extended Nodes on a Bethe Lattice …"),
        (TURING_COMPUTABLE, "On Computable Numbers, with an Application..."),
    ]:
        ok(f"truncated:{cut[:30]}", retitled(record, cut), record)
    bad(
        "truncated-but-wrong",
        retitled(METHYLPHENIDATE, "Methylphenidate Exposure Induces Serotonin Neuron Loss…"),
        METHYLPHENIDATE,
    )
    bad("truncated-too-short", retitled(BETHE, "Quantum Criticality…"), BETHE)

    # -- main title only ---------------------------------------------------------------------
    ok("main-title-only", retitled(SHARKOVSKII, "Sharkovskii's theorem"), SHARKOVSKII)
    ok("main-title-only-2", retitled(HILBERT_TENTH, "Hilbert's tenth problem"), HILBERT_TENTH)
    bad(
        "main-title-only-other-authors",
        replace(
            retitled(HILBERT_TENTH, "Hilbert's tenth problem"),
            authors=("Yuri Matiyasevich",),
            year=1993,
        ),
        HILBERT_TENTH,
    )
    bad(
        "main-title-only-no-authors",
        Claim(title="Sharkovskii's theorem", doi=SHARKOVSKII.doi),
        SHARKOVSKII,
    )

    # -- arXiv versions that do not exist ------------------------------------------------------
    ok("arxiv-version-exists", replace(exact(MAYNARD), arxiv_version=2), MAYNARD)
    ok("arxiv-latest-version", replace(exact(MAYNARD), arxiv_version=3), MAYNARD)
    bad("arxiv-version-v7", replace(exact(MAYNARD), arxiv_version=7), MAYNARD)

    # -- a field the source does not give is unknown, never agreement --------------------------
    for record in (PERELMAN, CARMICHAEL, ATTENTION):
        bare = replace(record, authors=())
        bad(
            f"source-without-authors:{record.title[:30]}",
            replace(exact(record), authors=("Rupert Fabricius",)),
            bare,
        )
        bad(f"source-without-authors-real-names:{record.title[:30]}", exact(record), bare)
        undated = replace(record, year=None)
        bad(f"source-without-year:{record.title[:30]}", exact(record), undated)
        ok(f"note-without-year:{record.title[:30]}", replace(exact(record), year=None), undated)
    return cases


CASES = _cases()
