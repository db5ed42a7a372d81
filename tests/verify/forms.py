"""Citations generated from real records the way bibliographies render them, and the ways they lie.

Each case is a BibTeX entry (or a LITERATURE.md entry) written from a corpus record, read by the
same parsers `verify` uses (`bib.claim.bib_claim`, `verify.pipeline.claim_of`), and decided by
the matcher against the record a source would return. The forms are those of MathSciNet, zbMATH,
arXiv, Google Scholar and DBLP exports and of hand- or LLM-written entries: author names with
particles, suffixes, hyphens, LaTeX accents, initials, either order; titles with protecting
braces, `\\emph`, dashes, a trailing period, another subtitle separator, British spelling, part
numbers as roman or arabic numerals; the mathematics typed another way (scripts braced or not,
`\\left(`, spacing, `\\operatorname`, Unicode, superscript digits); DOIs and arXiv ids in every
dress; the online-first year.
The lies are those seen in practice: a real identifier under another paper's title or under an
invented one, an invented DOI under the right publisher's prefix, two real titles merged, the
right title with other people's names, real people with a plausible invented title, a year five
or more off; a sign flipped, a script's number changed or a term dropped in the mathematics.

No rule of the matcher was written from these strings: the generators only know how citations
are written. `benchmarks/bench_gate.py` prints recall and false alarms per class.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from pylatexenc import latex2text
from rapidfuzz import fuzz, process

from mathlsp.bib.claim import bib_subject
from mathlsp.bib.parse import parse_bib
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.sources.base import LookupStatus
from mathlsp.sources.record import Author, Identifier, IdKind, PaperRecord
from mathlsp.verify.matcher import Claim
from mathlsp.verify.pipeline import Evidence, ReferenceCheck, Subject, decide_subject, subject_of


@dataclass(frozen=True, slots=True)
class Generated:
    kind: str
    confirm: bool
    subject: Subject
    record: PaperRecord  # what a title search returns for it
    text: str  # the entry as written

    @property
    def claim(self) -> Claim:
        return self.subject.claim


class Index:
    """The records by identifier: what an identifier lookup returns."""

    def __init__(self, records: list[PaperRecord]) -> None:
        self.by: dict[tuple[IdKind, str], PaperRecord] = {}
        for r in records:
            if r.arxiv_id:
                self.by[(IdKind.ARXIV, r.arxiv_id.lower())] = r
            if r.doi:
                self.by[(IdKind.DOI, r.doi.lower())] = r

    def evidence(self, ident: Identifier) -> Evidence:
        found = self.by.get((ident.kind, ident.value.lower()))
        query = f"{ident.kind.value} {ident.value}"
        if found is None:
            return Evidence(query, LookupStatus.NOT_FOUND, reason=f"no source knows {query}")
        return Evidence(query, LookupStatus.FOUND, (found,))


def decided(case: Generated, index: Index) -> ReferenceCheck:
    """The verdict `verify` reaches: every identifier looked up (an unknown one is a reason), a
    title search when there is none."""
    ids = case.subject.identifiers
    if ids:
        evidence = [index.evidence(i) for i in ids]
    else:
        evidence = [Evidence("title", LookupStatus.FOUND, (case.record,))]
    return decide_subject(case.subject, evidence)


# -- records ------------------------------------------------------------------------------------
_SUFFIX = re.compile(r"^(?:jr|sr|ii|iii|iv)\.?$", re.IGNORECASE)


def author_of(name: str) -> Author:
    """A corpus name (`Family, Given`, `Family, Jr., Given`, `Given Family`) as a source's
    structured author: suffixes are not given names."""
    parts = [p.strip() for p in name.split(",")]
    if len(parts) == 3 and _SUFFIX.match(parts[1]):
        return Author(parts[0], parts[2] or None)
    if len(parts) == 2:
        return Author(parts[0], parts[1] or None)
    words = name.split()
    if len(words) > 1 and _SUFFIX.match(words[-1]):
        return Author.from_name(" ".join(words[:-1]))
    return Author.from_name(name)


def record_of(row: dict) -> PaperRecord:
    return PaperRecord(
        "arxiv" if row["arxiv_id"] else "crossref",
        row["title"],
        authors=tuple(author_of(a) for a in row["authors"]),
        year=row["year"],
        arxiv_id=row["arxiv_id"],
        doi=(row["doi"] or "").lower() or None,
        venue=row.get("venue"),
    )


# -- names ----------------------------------------------------------------------------------------
_ACCENT_MACROS = {
    "\u0301": "'", "\u0300": "`", "\u0302": "^", "\u0308": '"', "\u0303": "~", "\u0304": "=",
    "\u030b": "H", "\u030c": "v", "\u0306": "u", "\u0327": "c", "\u0328": "k", "\u030a": "r",
}  # fmt: skip
_SPECIAL = {"ø": r"{\o}", "Ø": r"{\O}", "ł": r"{\l}", "Ł": r"{\L}", "ß": r"{\ss}", "æ": r"{\ae}"}


def latex_accents(text: str, rng: random.Random) -> str:
    """Non-ASCII letters as BibTeX writes them: `{\\"o}`, `\\'{e}`, `{\\'e}`, `{\\o}`."""
    out = []
    for ch in text:
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
            continue
        base, *marks = unicodedata.normalize("NFD", ch)
        if len(marks) != 1 or marks[0] not in _ACCENT_MACROS:
            out.append(ch)
            continue
        macro = _ACCENT_MACROS[marks[0]]
        sep = " " if macro.isalpha() else ""
        out.append(
            rng.choice(
                [f"{{\\{macro}{sep}{base}}}", f"\\{macro}{{{base}}}", f"{{\\{macro}{{{base}}}}}"]
            )
        )
    return "".join(out)


def ascii_fold(text: str) -> str:
    text = "".join(_SPECIAL.get(ch, ch) for ch in text)
    text = text.replace(r"{\o}", "o").replace(r"{\O}", "O").replace(r"{\l}", "l")
    text = text.replace(r"{\L}", "L").replace(r"{\ss}", "ss").replace(r"{\ae}", "ae")
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def _initials(given: str, dots: bool, space: bool) -> str:
    out = []
    for word in given.split():
        pieces = [p for p in word.split("-") if p]
        mark = "." if dots else ""
        first = [p[0].upper() for p in pieces]
        out.append("-".join(c + mark for c in first) if dots else "".join(first))
    return (" " if space else "").join(out)


NAME_STYLES = (
    "Family, Given",  # MathSciNet, zbMATH, most .bib exports
    "Given Family",  # Google Scholar, hand-written
    "Family, G.",  # MathSciNet short, DBLP-less exports
    "G. Family",  # reference lists
    "G.Family",  # typed in a hurry
    "Family GG",  # PubMed / Vancouver
    "Family, G",  # no dots
    "braced family",  # {{Erd\H{o}s}}, {van der Waerden}
    "ASCII",  # accents dropped
)


def name_form(author: Author, style: str, rng: random.Random) -> str:
    given, family = author.given or "", author.family
    if not given:
        return family
    if style == "Family, Given":
        return f"{family}, {given}"
    if style == "Given Family":
        return f"{given} {family}"
    if style == "Family, G.":
        return f"{family}, {_initials(given, True, True)}"
    if style == "G. Family":
        return f"{_initials(given, True, True)} {family}"
    if style == "G.Family":
        return (
            f"{_initials(given, True, False)}{family}" if " " not in family else f"{given} {family}"
        )
    if style == "Family GG":
        return f"{family} {_initials(given, False, False)}"
    if style == "Family, G":
        return f"{family}, {_initials(given, False, True)}"
    if style == "braced family":
        return f"{given} {{{family}}}" if rng.random() < 0.5 else f"{{{family}}}, {given}"
    return ascii_fold(f"{family}, {given}")


def author_field(authors: tuple[Author, ...], rng: random.Random, *, latex: bool = True) -> str:
    """A BibTeX `author` field: one style for all names, accents in LaTeX or not."""
    style = rng.choice(NAME_STYLES)
    names = [name_form(a, style, rng) for a in authors]
    text = " and ".join(names)
    return latex_accents(text, rng) if latex and rng.random() < 0.6 else text


# -- titles ---------------------------------------------------------------------------------------
BRITISH = [
    ("color", "colour"), ("behavior", "behaviour"), ("center", "centre"), ("neighbor", "neighbour"),
    ("modeling", "modelling"), ("labeled", "labelled"), ("fiber", "fibre"), ("analog", "analogue"),
]  # fmt: skip
# -ize/-ise and -yze/-yse on a stem of four letters or more (not size, prize, seize); -ise words
# that are no -ize in American spelling are left alone.
_IZE = re.compile(r"\b([a-z]{4,})(i|y)z(e|es|ed|ing|ation|ations)\b")
_ISE = re.compile(r"\b([a-z]{4,})(i|y)s(e|es|ed|ing|ation|ations)\b")
_NOT_ISE = re.compile(
    r"(?:nois|wis|cis|prom|surpr|expert|compr|exerc|prem|compromis|superv|adv|rev|dev|merchand|parad|rais|prais|pois|treat|enterpr|disgu|dem|exc|franch|anal|paraly)",
    re.I,
)


def british(title: str) -> str:
    out = _IZE.sub(lambda m: f"{m.group(1)}{m.group(2)}s{m.group(3)}", title)
    for us, gb in BRITISH:
        out = re.sub(rf"\b{us}", gb, out)
    return out


def american(title: str) -> str:
    def repl(m: re.Match[str]) -> str:
        if _NOT_ISE.match(m.group(1) + m.group(2)) or _NOT_ISE.match(m.group(1)):
            return m.group(0)
        return f"{m.group(1)}{m.group(2)}z{m.group(3)}"

    out = _ISE.sub(repl, title)
    for us, gb in BRITISH:
        out = re.sub(rf"\b{gb}", us, out)
    return out


_ROMAN = {"I": "1", "II": "2", "III": "3", "IV": "4", "V": "5"}


def protect_capitals(title: str) -> str:
    """BibTeX's protecting braces: `{R}iemann`, `{GL}`, or the whole title in `{…}`."""
    if "$" in title:
        return "{" + title + "}"
    words = []
    for w in title.split(" "):
        if any(c.isupper() for c in w[1:]) or (w[:1].isupper() and words):
            words.append("{" + w + "}")
        else:
            words.append(w)
    return " ".join(words)


def title_forms(title: str, rng: random.Random) -> list[tuple[str, str]]:
    """(class, title as written) for one real title."""
    out: list[tuple[str, str]] = [("title: protecting braces", protect_capitals(title))]
    words = title.split()
    content = [i for i, w in enumerate(words) if len(w) > 6 and w.isalpha()]
    if content:
        i = rng.choice(content)
        emph = [*words[:i], r"\emph{" + words[i] + "}", *words[i + 1 :]]
        out.append(("title: \\emph on a word", " ".join(emph)))
    if content:
        i = rng.choice(content)
        macro = rng.choice([r"\textit", r"\textsc", r"\textbf", r"\mbox"])
        marked = [*words[:i], macro + "{" + words[i] + "}", *words[i + 1 :]]
        out.append(("title: \\textit, \\textsc, \\textbf or \\mbox on a word", " ".join(marked)))
    if "..." in title or "…" in title:
        out.append(("title: \\ldots", title.replace("...", r"\ldots{}").replace("…", r"\ldots{}")))
    out.append(("title: trailing period", title.rstrip(".") + "."))
    out.append(("title: Title Case", " ".join(w[:1].upper() + w[1:] for w in words)))
    if "$" not in title:
        out.append(("title: ALL CAPS", title.upper()))
    text = re.sub(r"\$[^$]*\$", lambda m: "\0" * len(m.group(0)), title)  # separators outside math
    for sep in (": ", ". ", " — ", " -- "):
        if sep in text:
            other = rng.choice([s for s in (": ", ". ", " -- ", " - ", "---") if s != sep])
            i = text.index(sep)
            out.append(("title: subtitle separator", title[:i] + other + title[i + len(sep) :]))
            break
    if re.search(r"\w-\w", title) and "$" not in title:
        out.append(("title: en dash", re.sub(r"(?<=[A-Z][a-z])-(?=[A-Z])", "--", title, count=1)))
    if british(title) != title:
        out.append(("title: British spelling", british(title)))
    if american(title) != title:
        out.append(("title: American spelling", american(title)))
    m = re.search(r"\b(I{1,3}|IV|V)\b\s*$", title)
    if m:
        out.append(("title: arabic part number", title[: m.start()] + _ROMAN[m.group(1)]))
    if re.match(r"On the ", title):
        out.append(("title: 'On the' as 'On'", "On " + title[len("On the ") :]))
    if "&" in title:
        out.append(("title: & as and", title.replace("&", "and")))
    elif " and " in title:
        out.append(("title: and as \\&", title.replace(" and ", r" \& ", 1)))
    accented = [w for w in words if not w.isascii() and "$" not in w]
    if accented:
        out.append(("title: accents in LaTeX", latex_accents(title, rng)))
        out.append(("title: accents dropped", ascii_fold(title)))
    return out


# -- mathematics in titles -----------------------------------------------------------------------
_MATH = re.compile(r"\$[^$]+\$")
_TO_TEXT = latex2text.LatexNodes2Text(math_mode="text")
_LATEX_DB = latex2text.get_default_latex_context_db()
_DROPPED = {"imath", "jmath", "hbox", "mbox", "tfrac", "dfrac"}
_SUPERSCRIPT = str.maketrans("0123456789+-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")


def _in_math(title: str, edit: Callable[[str], str]) -> str:
    """`edit` applied to each `$…$` of the title, the words around them kept."""
    return _MATH.sub(lambda m: edit(m.group(0)), title)


def _first_in_math(title: str, pattern: str, repl: Callable[[re.Match[str]], str]) -> str | None:
    """The title with the first match of `pattern` inside its mathematics replaced; None when
    its mathematics has none."""
    for m in _MATH.finditer(title):
        seg = m.group(0)
        hit = re.search(pattern, seg)
        if hit:
            new = seg[: hit.start()] + repl(hit) + seg[hit.end() :]
            return title[: m.start()] + new + title[m.end() :]
    return None


def math_forms(title: str) -> list[tuple[str, str]]:
    """(class, title) for the ways the same mathematics is typed: braces on one-character
    scripts or not, `\\left(`, spacing, `\\operatorname` for `\\mathrm`, Unicode (pylatexenc's
    rendering), Unicode superscript digits."""
    if not _MATH.search(title):
        return []
    out: list[tuple[str, str]] = []
    braced = _in_math(title, lambda seg: re.sub(r"([\^_])([A-Za-z0-9])", r"\1{\2}", seg))
    unbraced = _in_math(title, lambda seg: re.sub(r"([\^_])\{([A-Za-z0-9])\}", r"\1\2", seg))
    for form in (braced, unbraced):
        if form != title:
            out.append(("math: scripts braced or not", form))
            break

    def sized(seg: str) -> str:
        if seg.count("(") != seg.count(")") or "\\left" in seg:
            return seg
        return seg.replace("(", r"\left(").replace(")", r"\right)")

    if _in_math(title, sized) != title:
        out.append(("math: \\left( \\right)", _in_math(title, sized)))
    spaced = _in_math(title, lambda seg: re.sub(r"\s*([+=<>^_,]|(?<=\w)-)\s*", r" \1 ", seg))
    if spaced != title:
        out.append(("math: spacing", spaced))
    if r"\mathrm{" in title:
        out.append(
            ("math: \\operatorname for \\mathrm", title.replace(r"\mathrm{", r"\operatorname{"))
        )
    # pylatexenc drops a macro it does not know (`\\imath`, a paper's own `\\SL`); no person
    # renders a title so.
    known = all(
        _LATEX_DB.get_macro_spec(m) is not None and m not in _DROPPED
        for m in re.findall(r"\\([A-Za-z]+)", title)
    )
    try:
        unicode = _TO_TEXT.latex_to_text(title)
    except Exception:
        unicode = title
    if known and unicode != title and "\\" not in unicode:
        out.append(("math: Unicode", unicode))
    superscripts = _in_math(
        title,
        lambda seg: re.sub(
            r"\^(?:\{(-?\d{1,2})\}|(\d))",
            lambda m: (m.group(1) or m.group(2)).translate(_SUPERSCRIPT),
            seg,
        ),
    )
    if superscripts != title:
        out.append(("math: Unicode superscript digits", superscripts))
    return out


def math_lies(title: str, rng: random.Random) -> list[tuple[str, str]]:
    """(class, title) for the changes that make other mathematics: a sign flipped, a script
    changed, a term dropped."""
    out: list[tuple[str, str]] = []
    flipped = _first_in_math(
        title, r"(?<=[\w)}])\s*([+-])\s*(?=[\w\\({])", lambda m: "-" if "+" in m.group(0) else "+"
    ) or _first_in_math(title, r"([\^_])\{-", lambda m: m.group(1) + "{")
    if flipped is None:
        flipped = _first_in_math(title, r"\^(\d)", lambda m: "^{-" + m.group(1) + "}")
    if flipped is not None:
        out.append(("lie: a sign in the mathematics flipped", flipped))
    script = _first_in_math(
        title,
        r"([\^_])(\{?)(\d)",
        lambda m: m.group(1) + m.group(2) + str((int(m.group(3)) + rng.randint(1, 8)) % 10),
    )
    if script is not None:
        out.append(("lie: a script's number changed", script))
    dropped = _first_in_math(title, r"(?<=[\w)}])\s*[+-]\s*\d+(?![\w.])", lambda m: "")
    if dropped is not None and _MATH.search(dropped):
        out.append(("lie: a term dropped from the mathematics", dropped))
    return out


# -- identifiers ------------------------------------------------------------------------------
def doi_fields(doi: str, rng: random.Random) -> list[tuple[str, dict[str, str]]]:
    return [
        ("DOI: upper case", {"doi": doi.upper()}),
        ("DOI: doi: prefix", {"doi": "doi:" + doi}),
        ("DOI: dx.doi.org URL", {"doi": "https://dx.doi.org/" + doi}),
        ("DOI: trailing period", {"doi": doi + "."}),
        ("DOI: in the url field", {"url": "https://doi.org/" + doi}),
        ("DOI: in a note", {"note": rng.choice([f"doi:{doi}.", f"DOI {doi.upper()}"])}),
        ("DOI: percent-encoded URL", {"url": "https://doi.org/" + quote(doi, safe="/:;()")}),
        ("DOI: \\url in howpublished", {"howpublished": f"\\url{{https://doi.org/{doi}}}"}),
    ]


def arxiv_fields(arxiv_id: str, rng: random.Random) -> list[tuple[str, dict[str, str]]]:
    category = rng.choice(["math.NT", "math.AG", "math.PR", "math.CO"])
    v = 1  # every paper has v1; naming a version it lacks is a lie (bench_gate's "arXiv v9")
    if "/" in arxiv_id:  # an old id: `math/0501001`, also written `math.NT/0501001`
        archive, number = arxiv_id.split("/", 1)
        old = [("arXiv: old id with class", {"eprint": f"{archive}.{category[5:]}/{number}"})]
    else:
        old = []
    return [
        *old,
        ("arXiv: eprint with class", {"eprint": arxiv_id, "archivePrefix": "arXiv",
                                      "primaryClass": category}),
        ("arXiv: arXiv:…vN", {"eprint": f"arXiv:{arxiv_id}v{v}"}),
        ("arXiv: [class] suffix", {"journal": f"arXiv:{arxiv_id} [{category}]"}),
        ("arXiv: abs URL", {"url": f"https://arxiv.org/abs/{arxiv_id}v{v}"}),
        ("arXiv: DOI 10.48550", {"doi": f"10.48550/arXiv.{arxiv_id}"}),
        ("arXiv: journal arXiv preprint", {"journal": f"arXiv preprint arXiv:{arxiv_id}"}),
        ("arXiv: eprint with eprinttype", {"eprint": arxiv_id, "eprinttype": "arxiv"}),
        ("arXiv: in a note", {"note": f"arXiv:{arxiv_id}"}),
        ("arXiv: ArXiv journal, abs/ volume", {"journal": "ArXiv", "volume": f"abs/{arxiv_id}"}),
    ]  # fmt: skip


# -- entries --------------------------------------------------------------------------------------
def bib_text(fields: dict[str, str], kind: str = "article") -> str:
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items() if v)
    return f"@{kind}{{key,\n{body}\n}}\n"


def bib_escape(title: str) -> str:
    """A title as a .bib holds it: `&` and `%` escaped outside math."""
    parts = re.split(r"(\$[^$]*\$)", title)
    return "".join(p if p.startswith("$") else re.sub(r"(?<!\\)([&%])", r"\\\1", p) for p in parts)


def claim_from_bib(fields: dict[str, str]) -> tuple[Subject, str]:
    text = bib_text(fields)
    return bib_subject(parse_bib(text).entries[0]), text


def claim_from_note(
    title: str, authors: str, year: int | None, extra: str = ""
) -> tuple[Subject, str]:
    text = (
        "# Literature\n\n## Confirmed References\n\n"
        f"### REF-001: {title}\n- **Authors:** {authors}\n"
        + (f"- **Year:** {year}\n" if year else "")
        + extra
    )
    (entry,) = LiteratureDoc(text).entries
    return subject_of(entry), text


def base_fields(record: PaperRecord, rng: random.Random) -> dict[str, str]:
    fields = {
        "author": author_field(record.authors, rng),
        "title": bib_escape(record.title),
        "year": str(record.year or ""),
    }
    if record.venue:
        fields["journal"] = record.venue
    return fields


def with_ids(record: PaperRecord, fields: dict[str, str]) -> dict[str, str]:
    out = dict(fields)
    if record.doi:
        out["doi"] = record.doi
    if record.arxiv_id:
        out["eprint"] = record.arxiv_id
    return out


def genuine(record: PaperRecord, rng: random.Random) -> list[Generated]:
    out: list[Generated] = []

    def add(kind: str, fields: dict[str, str]) -> None:
        claim, text = claim_from_bib(fields)
        out.append(Generated(kind, True, claim, record, text))

    base = base_fields(record, rng)
    for style in rng.sample(NAME_STYLES, 3):
        names = " and ".join(name_form(a, style, rng) for a in record.authors)
        add(f"names: {style}", {**base, "author": names})
    if any(not a.name.isascii() for a in record.authors):
        names = " and ".join(
            f"{a.family}, {a.given}" if a.given else a.family for a in record.authors
        )
        add("names: LaTeX accents", {**base, "author": latex_accents(names, rng)})
        add("names: accents dropped", {**base, "author": ascii_fold(names)})
    if any("-" in (a.given or "") for a in record.authors):
        names = " and ".join(name_form(a, "G. Family", rng) for a in record.authors)
        add("names: hyphenated given as J.-P.", {**base, "author": names})
        names = " and ".join(name_form(a, "Family GG", rng) for a in record.authors)
        add("names: hyphenated given as JP", {**base, "author": names})
    if any(" " in a.family for a in record.authors):
        names = " and ".join(
            f"{{{a.family}}}, {a.given}" if a.given else a.family for a in record.authors
        )
        add("names: compound family braced", {**base, "author": names})
    if len(record.authors) > 3:
        first = name_form(record.authors[0], "Family, Given", rng)
        add("names: first and others", {**base, "author": f"{first} and others"})
        etal = rng.choice([" et~al.", " et al.", " and et al.", ", et al"])
        add("names: first et~al. in the list", {**base, "author": first + etal})
    caps = " and ".join(
        f"{a.family.upper()}, {_initials(a.given, True, True)}" if a.given else a.family.upper()
        for a in record.authors
    )
    add("names: FAMILY, G. in capitals", {**base, "author": caps})
    caps = " and ".join(
        f"{a.given} {a.family.upper()}" if a.given else a.family.upper() for a in record.authors
    )
    add("names: Given FAMILY in capitals", {**base, "author": caps})
    for kind, title in title_forms(record.title, rng):
        add(kind, {**base, "title": bib_escape(title) if "\\" not in title else title})
    for kind, title in math_forms(record.title):
        add(kind, {**base, "title": bib_escape(title)})
    if record.doi:
        for kind, ids in doi_fields(record.doi, rng):
            add(kind, {**base, **ids})
    if record.arxiv_id:
        for kind, ids in arxiv_fields(record.arxiv_id, rng):
            add(kind, {**base, **ids})
    if record.year:
        span = f"{record.year}/{(record.year + 1) % 100:02d}"
        add("year: a span (2021/22)", {**with_ids(record, base), "year": span})
        pending = rng.choice(["in press", "to appear", "forthcoming", "{In press}"])
        add("year: in press / to appear", {**with_ids(record, base), "year": pending})
    if record.year and record.backend == "crossref":
        add(
            "year: online first (one before)",
            {**with_ids(record, base), "year": str(record.year - 1)},
        )
    for kind, fields in export_forms(record, base):
        add(kind, fields)
    if len(record.authors) >= 2 and all(a.given for a in record.authors):
        claim, text = claim_from_note(record.title, _commas(record.authors), record.year)
        out.append(Generated("note: commas only, Given Family", True, claim, record, text))
    # (A journal year two or more after an arXiv preprint is confirmed only when an identifier
    # links the two, SPEC §3: the corpus's preprints carry no journal DOI, so no class here.)
    # A LITERATURE.md entry, as a person or an LLM writes it.
    names = ", ".join(a.name for a in record.authors)
    extra = f"- **DOI:** https://doi.org/{record.doi}\n" if record.doi else ""
    if record.arxiv_id:
        extra += f"- **arXiv ID:** arXiv:{record.arxiv_id}v2\n"
    claim, text = claim_from_note(
        ascii_fold(record.title).replace("$", ""), names, record.year, extra
    )
    out.append(Generated("note: plain-text entry", True, claim, record, text))
    return out


# -- forms real exports and LLM citations take (issue 27, stop 35) ---------------------------------
# Drawn from their own random stream, so that the classes above keep their samples.
_PUBLISHERS = (
    "https://link.springer.com/article/{n}", "https://www.sciencedirect.com/science/article/pii/{n}",
    "https://onlinelibrary.wiley.com/doi/abs/{n}", "https://www.ams.org/journals/{n}",
    "https://projecteuclid.org/journals/{n}",
)  # fmt: skip


def _commas(authors: tuple[Author, ...]) -> str:
    return ", ".join(f"{a.given} {a.family}" for a in authors)


def export_forms(record: PaperRecord, base: dict[str, str]) -> list[tuple[str, dict[str, str]]]:
    """(class, fields) for the forms of Zotero/biblatex, JabRef, Google Scholar and LLM-written
    entries the classes above lack."""
    rng = random.Random(f"export|{record.title}")
    out: list[tuple[str, dict[str, str]]] = []
    named = all(a.given for a in record.authors)
    if len(record.authors) >= 2 and named:
        out.append(("names: commas only, no and", {**base, "author": _commas(record.authors)}))
    if record.authors and all(
        a.given and " " not in a.given and " " not in a.family and a.family.isalpha()
        for a in record.authors
    ):
        names = " and ".join(f"{a.family} {a.given}" for a in record.authors)
        out.append(("names: Family Given, no comma", {**base, "author": names}))
    if any((a.given or "").startswith("Yu") for a in record.authors):
        names = " and ".join(
            f"{a.family}, {'Ju' + a.given[2:] if (a.given or '').startswith('Yu') else a.given}"
            for a in record.authors
        )
        out.append(("names: Yu written Ju", {**base, "author": names}))
    if record.year:
        dated = {k: v for k, v in base.items() if k not in ("year", "journal")}
        dated["date"] = rng.choice(
            [f"{record.year}-{rng.randint(1, 12):02d}", f"{record.year}-{rng.randint(1, 12):02d}-"
             f"{rng.randint(1, 28):02d}", str(record.year)]
        )  # fmt: skip
        if record.venue:
            dated["journaltitle"] = record.venue
        short = " ".join(record.title.split()[:3])
        if _balanced(short):
            dated["shorttitle"] = short
        out.append(("biblatex: date, journaltitle, shorttitle (Zotero)", dated))
    text = re.sub(r"\$[^$]*\$", lambda m: "\0" * len(m.group(0)), record.title)
    dash = re.search(r"(?<=[A-Za-z])(--|-)(?=[A-Z])", text)
    if dash is not None:
        title = record.title[: dash.start()] + r"{\textendash}" + record.title[dash.end() :]
        out.append(("title: JabRef {\\textendash}", {**base, "title": bib_escape(title)}))
    page = rng.choice(_PUBLISHERS).format(n=rng.randint(10**6, 10**8))
    out.append(("url: a publisher page, no identifier", {**base, "url": page}))
    if _MATH.search(record.title):
        bold = _MATH.sub(lambda m: "{\\boldmath" + m.group(0) + "}", record.title)
        out.append(("math: {\\boldmath$…$}", {**base, "title": bib_escape(bold)}))
    if r"\times" in record.title:
        try:
            typed = _TO_TEXT.latex_to_text(record.title).replace("×", "x")
        except Exception:
            typed = ""
        if typed and "\\" not in typed:
            out.append(("math: a typed x for \\times", {**base, "title": bib_escape(typed)}))
    return out


def export_lies(record: PaperRecord, base: dict[str, str]) -> list[tuple[str, dict[str, str]]]:
    """(class, fields) for lies told in those forms: a comma-only list that drops a co-author."""
    if len(record.authors) < 2 or not all(a.given for a in record.authors):
        return []
    kept = record.authors[:-1]
    return [("lie: commas only, a co-author dropped", {**base, "author": _commas(kept)})]


# -- lies -----------------------------------------------------------------------------------------
TEMPLATES = [
    "On the {a} of {b}", "Sharp estimates for {a} in {b}", "A note on {a} and {b}",
    "{A} and applications to {b}", "Rigidity of {a} for {b}", "{A} via {b}",
    "Uniform bounds on {a} arising from {b}",
]  # fmt: skip
_STOP = {"a", "an", "the", "of", "on", "for", "in", "and", "with", "to", "by", "from", "at"}


def phrase(title: str, rng: random.Random) -> str:
    """A noun phrase of a title: the words after its first preposition, or its last few."""
    words = [w for w in re.sub(r"\$[^$]*\$", "", title).split() if w.isalpha()]
    for i, w in enumerate(words):
        if w.lower() in ("of", "for", "on", "in") and len(words) - i > 2:
            return " ".join(words[i + 1 : i + 5]).lower()
    return " ".join(words[-3:]).lower()


def nearest(title: str, pool: list[PaperRecord], titles: list[str]) -> PaperRecord:
    """What a title search returns for an invented title: the most similar real one."""
    best = process.extractOne(title, titles, scorer=fuzz.token_set_ratio)
    return pool[best[2]]


def nearest_other(
    record: PaperRecord, pool: list[PaperRecord], titles: list[str]
) -> PaperRecord | None:
    """The pool's record whose title is most like this one's (another paper, a sibling)."""
    hits = process.extract(record.title, titles, scorer=fuzz.token_set_ratio, limit=3)
    return next((pool[i] for _, _, i in hits if pool[i].title != record.title), None)


def _words(title: str) -> list[int]:
    words = title.split()
    return [
        i for i, w in enumerate(words) if len(w) >= 5 and w.isalpha() and w.lower() not in _STOP
    ]


def _one_word_changed(title: str, other: str, rng: random.Random) -> str | None:
    """One content word of `title` replaced by a content word of another title (a near-miss
    fabrication: "Shimura varieties" for "Hilbert varieties")."""
    mine, theirs = _words(title), [other.split()[i] for i in _words(other)]
    fresh = [w for w in theirs if w.lower()[:4] not in title.lower()]
    if not mine or not fresh:
        return None
    words = title.split()
    i = rng.choice(mine)
    new = rng.choice(fresh)
    words[i] = new.capitalize() if words[i][:1].isupper() else new.lower()
    return " ".join(words)


def _namesake(
    record: PaperRecord, pool: list[PaperRecord], rng: random.Random
) -> tuple[int, Author] | None:
    """(position, another person with the same given name) for one of the record's authors."""
    # Folded: the corpus spells one surname with precomposed or combining accents (Gątarek).
    families = {ascii_fold(a.family).lower() for a in record.authors}
    for i in rng.sample(range(len(record.authors)), len(record.authors)):
        given = (record.authors[i].given or "").split()
        if not given or len(given[0]) < 3:
            continue
        same = [
            a
            for p in pool
            for a in p.authors
            if (a.given or "").split()[:1] == given[:1]
            and ascii_fold(a.family).lower() not in families
        ]
        if same:
            return i, rng.choice(same)
    return None


def _year_lie(record: PaperRecord, rng: random.Random) -> int:
    # In the direction no version explains: before an arXiv preprint, or years after a journal
    # version (a preprint may precede its journal version by up to six years).
    off = rng.randint(5, 9)
    if record.backend == "arxiv":
        return record.year - off if rng.random() < 0.5 else record.year + off + 3  # type: ignore[operator]
    return record.year + off if rng.random() < 0.5 else record.year - off - 3  # type: ignore[operator]


def _balanced(title: str) -> bool:
    depth = 0
    for char in title:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0 and title.count("$") % 2 == 0


def lies(
    record: PaperRecord, rng: random.Random, pool: list[PaperRecord], titles: list[str]
) -> list[Generated]:
    out: list[Generated] = []
    other = rng.choice([p for p in pool if p is not record and p.title != record.title])
    base = base_fields(record, rng)

    def add(kind: str, fields: dict[str, str], target: PaperRecord = record) -> None:
        claim, text = claim_from_bib(fields)
        out.append(Generated(kind, False, claim, target, text))

    if record.doi:
        # Another paper cited whole, with this paper's DOI.
        add("lie: real DOI under another paper", {**base_fields(other, rng), "doi": record.doi})
        prefix = record.doi.split("/", 1)[0]
        invented = f"{prefix}/{rng.choice(['j.', 's', ''])}{rng.randint(10**5, 10**7)}"
        add("lie: invented DOI, right prefix", {**base, "doi": invented})
    if record.arxiv_id:
        a, b = phrase(record.title, rng), phrase(other.title, rng)
        invented = rng.choice(TEMPLATES).format(a=a, b=b, A=a.capitalize())
        add(
            "lie: real arXiv id, invented title",
            {**base, "title": invented, "eprint": record.arxiv_id},
        )
    mine, theirs = record.title.split(), other.title.split()
    long_enough = len(mine) >= 4 and len(theirs) >= 4
    merged = " ".join(mine[: len(mine) // 2] + theirs[len(theirs) // 2 :])
    # A cut through a formula leaves an unbalanced `$` or brace no .bib would hold.
    if long_enough and _balanced(merged):
        target = nearest(merged, pool, titles)
        add("lie: two real titles merged", {**base, "title": bib_escape(merged)}, target)
    others = [
        p for p in pool if not {a.family for a in p.authors} & {a.family for a in record.authors}
    ]
    stranger = rng.choice(others)
    add(
        "lie: right title, other authors",
        {**with_ids(record, base), "author": author_field(stranger.authors, rng)},
    )
    a, b = phrase(record.title, rng), phrase(other.title, rng)
    invented = rng.choice(TEMPLATES).format(a=a, b=b, A=a.capitalize())
    add(
        "lie: real authors, invented title",
        {**base, "title": invented},
        nearest(invented, pool, titles),
    )
    similar = nearest_other(record, pool, titles)
    if record.doi and similar is not None:
        add("lie: real DOI under a similar paper", {**base_fields(similar, rng), "doi": record.doi})
    changed = _one_word_changed(record.title, other.title, rng)
    if changed is not None:
        add("lie: one title word changed", {**with_ids(record, base), "title": bib_escape(changed)})
    if stranger.authors:
        extra = rng.choice(stranger.authors)
        names = (*record.authors, extra)
        add(
            "lie: a real co-author added",
            {**with_ids(record, base), "author": author_field(names, rng)},
        )
        names = (extra, *record.authors[1:])
        add(
            "lie: first author another",
            {**with_ids(record, base), "author": author_field(names, rng)},
        )
    namesake = _namesake(record, pool, rng)
    if namesake is not None:
        i, person = namesake
        names = (*record.authors[:i], person, *record.authors[i + 1 :])
        add(
            "lie: an author swapped for a namesake",
            {**with_ids(record, base), "author": author_field(names, rng)},
        )
    for kind, title in math_lies(record.title, rng):
        if _balanced(title):
            add(kind, {**with_ids(record, base), "title": bib_escape(title)})
    for kind, fields in export_lies(record, base):
        add(kind, fields)
    if record.year:
        add(
            "lie: year five or more off",
            {**with_ids(record, base), "year": str(_year_lie(record, rng))},
        )
    return out


def generate(records: list[PaperRecord], seed: int) -> list[Generated]:
    rng = random.Random(seed)
    titles = [r.title for r in records]
    out: list[Generated] = []
    for record in records:
        out += genuine(record, rng)
        out += lies(record, rng, records, titles)
    return out
