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

from mathlsp.notes.identifiers import normalize_doi, parse_arxiv
from mathlsp.notes.literature import split_authors
from mathlsp.sources.record import Author, PaperRecord
from mathlsp.verify.matcher import Claim
from mathlsp.verify.normalize import has_et_al


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

# Issue 27: records with mathematics in their titles, several authors, prefixes (the arXiv
# listings and MathSciNet-style BibTeX of /work/shared/corpus/math-papers.jsonl.gz, key in the
# comment; and papers of the fake server's corpus).
GL_N_GL_N = rec(  # arxiv:2608.15623
    "arxiv",
    r"The principal series 2-representation for $\mathrm{GL}_n\times\mathrm{GL}_n$ over a "
    r"2-dimensional local field",
    ["Xuecai Ma", "Jingwen Zhu"], 2026, arxiv_id="2608.15623",
)  # fmt: skip
C_ST = rec(  # arxiv:2511.14675
    "arxiv", r"Une conjecture $C_{\rm st}$ pour la cohomologie à support compact",
    ["Pierre Colmez", "Sally Gilles", "Wiesława Nizioł"], 2025, arxiv_id="2511.14675",
)  # fmt: skip
GL3_FOURIER = rec(  # arxiv:2504.02315
    "arxiv", r"On $\rm GL_3$ Fourier coefficients over values of mixed powers",
    ["Qingfeng Sun", "Yanxue Yu"], 2025, arxiv_id="2504.02315",
)  # fmt: skip
MAHLER = rec(  # arxiv:2607.24427
    "arxiv",
    r"On $C^k$-functions mapping $\mathbb{Q}$ into itself and Mahler's problem on Liouville "
    r"numbers",
    ["Jean Lelis", "Carlos Gustavo Moreira", "Elaine Silva"], 2026, arxiv_id="2607.24427",
)  # fmt: skip
DYSON_PDES = rec(  # spdes-bib:adler.moerbeke:05:pdes
    "crossref", "PDEs for the joint distributions of the Dyson, Airy and sine processes",
    ["Adler, Mark", "van Moerbeke, Pierre"], 2005, doi="10.1214/009117905000000107",
)  # fmt: skip
SIDON = rec(  # arxiv:2409.01986
    "arxiv", "The $m$-th Element of a Sidon Set", ["R. Balasubramanian", "Sayan Dutta"], 2024,
    arxiv_id="2409.01986",
)  # fmt: skip
HILBERT_RINGS = rec(  # arxiv:2602.04468
    "arxiv", "Hilbert's tenth problem for finitely generated rings",
    ["Peter Koymans", "Carlo Pagano"], 2026, arxiv_id="2602.04468",
)  # fmt: skip
VERLINDE = rec(  # arxiv:2608.01576
    "arxiv",
    "Chevalley-Eilenberg cohomology of linearly reductive Lie algebras in the Verlinde category",
    ["Pavel Etingof", "Serina Hu"], 2026, arxiv_id="2608.01576",
)  # fmt: skip
OORT = rec(  # arxiv:2608.16405
    "arxiv", "Oort's conjecture on supersingular abelian varieties in odd characteristic",
    ["Valentijn Karemaker", "Chia-Fu Yu"], 2026, arxiv_id="2608.16405",
)  # fmt: skip
SELBERG_ZETA = rec(  # arxiv:2511.07100
    "arxiv", "Selberg Zeta Functions Have Second Moment At $σ= 1$",
    ["Ramūnas Garunkštis", "Jokūbas Putrius"], 2025, arxiv_id="2511.07100",
)  # fmt: skip
L_VALUES = rec(  # arxiv:2412.07054
    "arxiv",
    "$L$-values of certain weight 3 Modular Forms and Transformations of Hypergeometric Series",
    ["Esme Rosen"], 2024, arxiv_id="2412.07054",
)  # fmt: skip
CAPPARELLI = rec(  # arxiv:2606.12359
    "arxiv",
    "Capparelli's partition theorem as part of an infinite hierarchy: Combinatorial and Weighted "
    "Words extensions of recent work",
    ["Yazan Alamoudi", "Krishnaswami Alladi"], 2026, arxiv_id="2606.12359",
)  # fmt: skip
CANDES = rec(  # fake server: candes-romberg-tao
    "crossref",
    "Robust uncertainty principles: exact signal reconstruction from highly incomplete frequency "
    "information",
    ["Emmanuel J. Candès", "Justin Romberg", "Terence Tao"], 2006, doi="10.1109/TIT.2005.862083",
)  # fmt: skip
APPROXIMATE_GROUPS = rec(  # fake server: breuillard-green-tao-approximate
    "crossref", "The structure of approximate groups",
    ["Emmanuel Breuillard", "Ben Green", "Terence Tao"], 2012, doi="10.1007/s10240-012-0043-9",
)  # fmt: skip
ISSUE_27_RECORDS = [
    GL_N_GL_N, C_ST, GL3_FOURIER, MAHLER, DYSON_PDES, SIDON, HILBERT_RINGS, VERLINDE, OORT,
    SELBERG_ZETA, L_VALUES, CAPPARELLI, CANDES, APPROXIMATE_GROUPS,
]  # fmt: skip

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


_SAME = object()


def cite(
    record: PaperRecord,
    authors: str,
    title: str | None = None,
    year: object = _SAME,
    doi: object = _SAME,
    arxiv: object = _SAME,
) -> Claim:
    """A claim as `verify` reads a LITERATURE.md entry: the authors field split as written, the
    DOI and arXiv fields parsed as written (a URL, `doi:`, a versioned id)."""
    arxiv_field = record.arxiv_id if arxiv is _SAME else arxiv
    doi_field = record.doi if doi is _SAME else doi
    parsed = parse_arxiv(arxiv_field) if isinstance(arxiv_field, str) else None
    return Claim(
        title=record.title if title is None else title,
        authors=tuple(split_authors(authors)),
        year=record.year if year is _SAME else year,  # type: ignore[arg-type]
        arxiv_id=parsed.base if parsed else None,
        doi=normalize_doi(doi_field) if isinstance(doi_field, str) else None,
        et_al=has_et_al(authors),
        arxiv_version=parsed.version if parsed else None,
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

    # -- issue 27: attribution is all of it; one normal form for the mathematics -------------
    def good(kind: str, claim: Claim, record: PaperRecord) -> None:
        cases.append(Case(f"{kind}:{claim.title[:40]}", claim, record, True, kind))

    def wrong(kind: str, claim: Claim, record: PaperRecord) -> None:
        cases.append(Case(f"{kind}:{claim.title[:40]}", claim, record, False, kind))

    good("math-times", cite(GL_N_GL_N, "Ma, X. and Zhu, J.",
         "The principal series 2-representation for GL_n × GL_n over a 2-dimensional local field"),
         GL_N_GL_N)  # fmt: skip
    good("math-spacing", cite(GL_N_GL_N, "Xuecai Ma, Jingwen Zhu",
         r"The principal series 2-representation for $\mathrm{GL}_n \times \mathrm{GL}_n$ over a "
         "2-dimensional local field"), GL_N_GL_N)  # fmt: skip
    good("math-rm-mathrm", cite(C_ST, "Colmez, P., Gilles, S., Niziol, W.",
         r"Une conjecture $C_{\mathrm{st}}$ pour la cohomologie à support compact"), C_ST)  # fmt: skip
    good("math-rm-mathrm", cite(GL3_FOURIER, "Q. Sun and Y. Yu",
         r"On $\mathrm{GL}_3$ Fourier coefficients over values of mixed powers"), GL3_FOURIER)  # fmt: skip
    good("compound", cite(GL3_FOURIER, "Sun, Qingfeng; Yu, Yanxue",
         "On GL(3) Fourier coefficients over values of mixed powers"), GL3_FOURIER)  # fmt: skip
    good("math-blackboard-unicode", cite(MAHLER, "Jean Lelis, Carlos Gustavo Moreira and Elaine Silva",
         "On C^k-functions mapping ℚ into itself and Mahler's problem on Liouville numbers"), MAHLER)  # fmt: skip
    good("math-blackboard-ascii", cite(MAHLER, "Lelis, J., Moreira, C. G., Silva, E.",
         "On C^k-functions mapping Q into itself and Mahler's problem on Liouville numbers"), MAHLER)  # fmt: skip
    good("abbreviation-pde", cite(DYSON_PDES, "M. Adler and P. van Moerbeke",
         "Partial differential equations for the joint distributions of the Dyson, Airy and sine "
         "processes"), DYSON_PDES)  # fmt: skip
    good("ordinal", cite(SIDON, "R. Balasubramanian & S. Dutta", "The mth element of a Sidon set"),
         SIDON)  # fmt: skip
    good("ordinal", cite(HILBERT_RINGS, "Koymans, P.; Pagano, C.",
         "Hilbert's 10th problem for finitely generated rings"), HILBERT_RINGS)  # fmt: skip
    good("compound", cite(OORT, "Karemaker, V. and Yu, C.-F.",
         "Oort's conjecture on super-singular abelian varieties in odd characteristic"), OORT)  # fmt: skip
    good("zeta-function", cite(SELBERG_ZETA, "R. Garunkštis, J. Putrius",
         r"Selberg zeta-functions have second moment at $\sigma=1$"), SELBERG_ZETA)  # fmt: skip
    good("math-unicode-latex", cite(SELBERG_ZETA, "Garunkstis, R. and Putrius, J.",
         "Selberg ζ-functions have second moment at σ = 1"), SELBERG_ZETA)  # fmt: skip
    good("part-as-word", cite(CAPPARELLI, "Y. Alamoudi and K. Alladi"), CAPPARELLI)
    good("part-as-word", cite(CAPPARELLI, "Alamoudi, Y., Alladi, K.",
         "Capparelli's partition theorem as part of an infinite hierarchy"), CAPPARELLI)  # fmt: skip
    good("initials-full-names", cite(CANDES, "Candes, E. J., Romberg, J. K., Tao, T."), CANDES)
    good("initials-full-names", cite(APPROXIMATE_GROUPS, "Breuillard, E., Green, B. J., Tao, T. C."),
         APPROXIMATE_GROUPS)  # fmt: skip
    good("and-others", cite(STATE_OF_OA, "Piwowar, H. and others"), STATE_OF_OA)
    good("full-list-order", cite(CARMICHAEL, "Pomerance, C.; Alford, W. R.; Granville, A."),
         CARMICHAEL)  # fmt: skip
    good("doi-url", cite(TURING, "A. M. Turing", doi="https://doi.org/10.1093%2Fmind%2Flix.236.433"),
         TURING)  # fmt: skip
    good("doi-url", cite(KATO, "T. Kato", doi="doi.org/10.1007/978-3-642-66282-9"), KATO)

    wrong("author-subset", cite(CARMICHAEL, "Alford, W. R. and Granville, A."), CARMICHAEL)
    wrong("author-subset", cite(APPROXIMATE_GROUPS, "Green, B. and Tao, T."), APPROXIMATE_GROUPS)
    wrong("author-subset", cite(ATTENTION, "Vaswani, A., Shazeer, N., Parmar, N."), ATTENTION)
    wrong("author-subset", cite(CANDES, "E. J. Candès and T. Tao"), CANDES)
    wrong("author-subset", cite(C_ST, "Pierre Colmez"), C_ST)
    wrong("same-surname-swap", cite(HILBERT_TENTH, "Martin Davis, Yuri Matiyasevich, Raphael Robinson"),
          HILBERT_TENTH)  # fmt: skip
    wrong("same-surname-swap", cite(APPROXIMATE_GROUPS, "Breuillard, E., Green, J. A., Tao, T."),
          APPROXIMATE_GROUPS)  # fmt: skip
    wrong("same-surname-swap", cite(CANDES, "Candès, E. J., Romberg, J., Tao, Y."), CANDES)
    wrong("wrong-given-name", cite(ERDOS_RENYI, "P. Erdős and G. Rényi"), ERDOS_RENYI)
    wrong("wrong-given-name", cite(OORT, "Valentijn Karemaker and Jing Yu"), OORT)
    wrong("invented-subtitle", cite(ZHANG, "Y. Zhang",
          "Bounded gaps between primes: a sieve-theoretic approach"), ZHANG)  # fmt: skip
    wrong("invented-subtitle", cite(MAYNARD, "J. Maynard",
          "Small gaps between primes: the GPY method revisited"), MAYNARD)  # fmt: skip
    wrong("invented-subtitle", cite(APPROXIMATE_GROUPS, "Breuillard, E., Green, B., Tao, T.",
          "The structure of approximate groups: a model-theoretic approach"), APPROXIMATE_GROUPS)  # fmt: skip
    wrong("prefix-flip", cite(VERLINDE, "Etingof, P. and Hu, S.",
          "Chevalley-Eilenberg homology of linearly reductive Lie algebras in the Verlinde category"),
          VERLINDE)  # fmt: skip
    wrong("prefix-flip", cite(OORT, "Karemaker, V. and Yu, C.-F.",
          "Oort's conjecture on singular abelian varieties in odd characteristic"), OORT)  # fmt: skip
    wrong("prefix-flip", cite(MENDEL_NAOR, "M. Mendel and A. Naor",
          "Quasi-expanders with respect to Hadamard spaces and random graphs"), MENDEL_NAOR)  # fmt: skip
    wrong("prefix-flip", cite(KATO, "Kato, T.", "Perturbation theory for semilinear operators"),
          KATO)  # fmt: skip
    wrong("prefix-flip", cite(C_ST, "Colmez, P., Gilles, S., Nizioł, W.",
          r"Une conjecture $C_{\rm st}$ pour l'homologie à support compact"), C_ST)  # fmt: skip
    wrong("math-symbol-swap", cite(GL_N_GL_N, "Ma, X. and Zhu, J.",
          r"The principal series 2-representation for $\mathrm{GL}_n\times\mathrm{SL}_n$ over a "
          "2-dimensional local field"), GL_N_GL_N)  # fmt: skip
    wrong("math-symbol-swap", cite(GL3_FOURIER, "Sun, Q. and Yu, Y.",
          r"On $\rm GL_4$ Fourier coefficients over values of mixed powers"), GL3_FOURIER)  # fmt: skip
    wrong("math-symbol-swap", cite(MAHLER, "Lelis, J., Moreira, C. G., Silva, E.",
          r"On $C^k$-functions mapping $\mathbb{Z}$ into itself and Mahler's problem on Liouville "
          "numbers"), MAHLER)  # fmt: skip
    wrong("math-symbol-swap", cite(C_ST, "Colmez, P., Gilles, S., Nizioł, W.",
          r"Une conjecture $C_{\rm dR}$ pour la cohomologie à support compact"), C_ST)  # fmt: skip
    wrong("math-symbol-swap", cite(SELBERG_ZETA, "Garunkštis, R. and Putrius, J.",
          r"Selberg zeta functions have second moment at $\sigma = 1/2$"), SELBERG_ZETA)  # fmt: skip
    wrong("math-symbol-swap", cite(L_VALUES, "E. Rosen",
          "$L$-values of certain weight 4 modular forms and transformations of hypergeometric "
          "series"), L_VALUES)  # fmt: skip
    return cases


CASES = _cases()
