"""The anti-hallucination gate: from a LITERATURE.md entry to a confirmed or unconfirmed verdict.

Identifiers first (arXiv id, DOI), batched across backends through `Sources.lookup_many`; a title
match only when the entry carries no identifier. Every record a source returns is compared with
what the entry claims (`matcher.match`); an identifier the source does not know, a record that
contradicts the entry, or two sources that disagree make the entry unconfirmed, with the reason.
A source that could not answer (rate limit, outage) leaves it unconfirmed as "verification
pending" — never confirmed.

`decide` is pure and also runs offline on cached evidence, which is how the editor shows
"metadata differs from the verified record" on every keystroke without a network call.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mathlsp.notes.journal_render import iso
from mathlsp.notes.literature import VERIFIED_SECTIONS, ReferenceEntry
from mathlsp.personnames import comma_list
from mathlsp.sources.base import LookupResult, LookupStatus
from mathlsp.sources.labels import label
from mathlsp.sources.record import Identifier, IdKind, PaperRecord, parse_identifier
from mathlsp.verify.matcher import (
    Claim,
    Verdict,
    carries_subtitle,
    match,
    match_claim_authors,
    match_title,
    title_similarity,
    title_words,
)
from mathlsp.verify.mathform import text_words
from mathlsp.verify.normalize import (
    SYMBOL_WORDS,
    compound_variant,
    has_et_al,
    math_words,
    query_text,
)
from mathlsp.verify.remarks import not_cross_checked, year_note

ProgressCallback = Callable[[int, int, str], None]  # done, total, message


@dataclass(frozen=True, slots=True)
class Evidence:
    """What one source said about one identifier (or title) of an entry."""

    query: str  # "arXiv 2301.12345", "DOI 10.1007/x", "title"
    status: LookupStatus
    records: tuple[PaperRecord, ...] = ()
    reason: str = ""  # the source's own one-liner ("arXiv returned no entry for …")
    #: Found, but another source that should have been asked could not answer.
    partial: bool = False

    @property
    def pending(self) -> bool:
        return self.status is LookupStatus.ERROR


@dataclass(frozen=True, slots=True)
class ReferenceCheck:
    entry_id: str
    section: str  # where the entry stands: "confirmed" | "unconfirmed" | "other"
    status: str  # "confirmed" | "unconfirmed"
    reasons: tuple[str, ...]
    source: str | None = None  # backend of the record that confirmed it
    url: str | None = None  # a URL anyone can open to re-check (never with a key)
    record: PaperRecord | None = None
    pending: bool = False  # unconfirmed only because a source could not answer
    checked_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    verdict: Verdict | None = None
    single_source: bool = False  # confirmed while another source could not be reached
    #: What a confirmation states besides the match (a year that differs from the source's).
    notes: tuple[str, ...] = ()

    @property
    def confirmed(self) -> bool:
        return self.status == "confirmed"

    @property
    def stamp(self) -> str:
        """The `Verified:` value for a confirmed entry (saying so when only one source could
        check it: the others were unreachable)."""
        tail = " (only source reachable)" if self.single_source else ""
        return f"{iso(self.checked_at)} via {self.url}{tail}"

    def to_json(self) -> dict[str, Any]:
        r = self.record
        return {
            "id": self.entry_id,
            "section": self.section,
            "status": self.status,
            "reasons": list(self.reasons),
            "source": self.source,
            "url": self.url,
            "notes": list(self.notes),
            "record": None
            if r is None
            else {
                "title": r.title,
                "authors": [a.name for a in r.authors],
                "year": r.year,
                "doi": r.doi,
                "arxiv_id": r.arxiv_id,
                "venue": r.venue,
            },
        }


@dataclass(frozen=True, slots=True)
class Subject:
    """Anything to verify: a LITERATURE.md entry, or a search candidate before it is written."""

    key: str  # the entry id, or any unique key of the caller's
    claim: Claim
    identifiers: tuple[Identifier, ...]
    section: str = "other"


# -- claims -----------------------------------------------------------------------------------
def subject_of(entry: ReferenceEntry) -> Subject:
    section = entry.section if entry.section in VERIFIED_SECTIONS else "other"
    return Subject(entry.id, claim_of(entry), tuple(identifiers_of(entry)), section)


def claim_of(entry: ReferenceEntry) -> Claim:
    arxiv = entry.arxiv_id
    abstract = entry.fields.value("abstract") or None
    return Claim(
        title=entry.title,
        authors=tuple(entry.authors),
        year=entry.year,
        abstract=abstract,
        arxiv_id=arxiv.base if arxiv else None,
        doi=entry.doi,
        et_al=has_et_al(entry.fields.value("authors")),
        arxiv_version=arxiv.version if arxiv else None,
        authors_alt=tuple(_comma_reading(entry)),
    )


def _comma_reading(entry: ReferenceEntry) -> list[str]:
    """The people of an authors field read as one inverted name (`Le Chen, Guannan Hu`), when
    its structure allows it (`personnames.comma_list`)."""
    if len(entry.authors) != 1:
        return []
    return comma_list(entry.fields.value("authors") or "") or []


def identifiers_of(entry: ReferenceEntry) -> list[Identifier]:
    """The entry's identifiers as the sources understand them (arXiv first, then DOI)."""
    out: list[Identifier] = []
    arxiv = entry.arxiv_id
    if arxiv is not None and (ident := parse_identifier(f"arXiv:{arxiv.base}")) is not None:
        out.append(ident)
    if entry.doi and (ident := parse_identifier(entry.doi)) is not None:
        out.append(ident)
    if entry.zbl:  # checked where only zbMATH knows the paper (pre-arXiv, outside Crossref)
        out.append(Identifier(IdKind.ZBL, entry.zbl))
    return out


def claim_key(entry: ReferenceEntry) -> str:
    """A fingerprint of what the entry claims: a cached verdict is reused only while it holds."""
    return claim_fingerprint(claim_of(entry))


def claim_fingerprint(claim: Claim) -> str:
    """`claim_key` of any claim (a BibTeX entry's too: the same paper claimed alike in a note
    and in a `.bib` shares its stored verdict)."""
    payload = json.dumps(
        [claim.title, claim.authors, claim.year, claim.arxiv_id, claim.doi, claim.abstract],
        ensure_ascii=False,
    )
    return "claim:" + hashlib.sha256(payload.encode()).hexdigest()[:32]


def _describe(ident: Identifier) -> str:
    if ident.kind is IdKind.ARXIV:
        return f"arXiv {ident.versioned}"
    if ident.kind is IdKind.ZBL:
        return ident.value if ident.value.startswith("JFM") else f"Zbl {ident.value}"
    return f"DOI {ident.value}"


def evidence_from(ident: Identifier, results: Sequence[LookupResult], reason: str) -> Evidence:
    records = tuple(r.record for r in results if r.found and r.record is not None)
    errored = any(r.status is LookupStatus.ERROR for r in results)
    if records:
        return Evidence(_describe(ident), LookupStatus.FOUND, records, reason, partial=errored)
    status = LookupStatus.ERROR if errored or not results else LookupStatus.NOT_FOUND
    return Evidence(_describe(ident), status, records, reason)


# -- the decision (pure) ----------------------------------------------------------------------
def decide(
    entry: ReferenceEntry,
    evidence: Sequence[Evidence],
    now: dt.datetime | None = None,
) -> ReferenceCheck:
    """Confirmed only when some source returned a record that matches and nothing contradicts."""
    return decide_subject(subject_of(entry), evidence, now)


def decide_subject(
    subject: Subject,
    evidence: Sequence[Evidence],
    now: dt.datetime | None = None,
) -> ReferenceCheck:
    now = now or dt.datetime.now(dt.UTC)
    section = subject.section
    claim = subject.claim
    key = subject.key
    if not evidence:
        return ReferenceCheck(
            key, section, "unconfirmed", ("not verified yet",), checked_at=now, pending=True
        )
    reasons: list[str] = []
    notes: list[str] = []
    matched: tuple[PaperRecord, Verdict] | None = None
    pending = False
    # A subtitle the entry adds to one record's title is confirmed by another record carrying it.
    carried = carries_subtitle(claim, [r for ev in evidence for r in ev.records])
    for ev in evidence:
        if ev.status is LookupStatus.NOT_FOUND:
            reasons.append(ev.reason or f"no source knows {ev.query}")
            continue
        if ev.status is LookupStatus.INVALID:
            reasons.append(ev.reason or f"malformed identifier: {ev.query}")
            continue
        if ev.status is LookupStatus.ERROR:
            pending = True
            notes.append(ev.reason or f"{ev.query}: verification pending")
            continue
        # Every source that has the paper must agree with the entry.
        verdicts = [(r, match(claim, r, subtitle_carried=carried)) for r in ev.records]
        good = next(((r, v) for r, v in verdicts if v.matched), None)
        if good is None:
            r, v = verdicts[0]
            ident = ev.query.split(" ", 1)[-1] if ev.query != "title" else "title match"
            reasons.extend(f"{label(r.backend)} {ident}: {reason}" for reason in v.reasons)
            continue
        for r, v in verdicts:
            if not v.matched and v.criterion("title") is not None and not v.criterion("title").ok:
                reasons.append(
                    f"sources disagree on {ev.query}: {label(r.backend)} has "
                    f'"{r.title}", {label(good[0].backend)} has "{good[0].title}"'
                )
        if matched is None:
            matched = good
    if matched is not None and not reasons:
        record, verdict = matched
        reached_all = not pending and not any(ev.partial for ev in evidence)
        said = year_note(claim.year, record)
        return ReferenceCheck(
            key,
            section,
            "confirmed",
            tuple(not_cross_checked(n) for n in notes),
            source=record.backend,
            url=record.url or None,
            record=record,
            checked_at=now,
            verdict=verdict,
            single_source=not reached_all,
            notes=(said,) if said else (),
        )
    if not reasons and pending:
        return ReferenceCheck(
            key, section, "unconfirmed", tuple(notes), pending=True, checked_at=now
        )
    record = matched[0] if matched else _first_record(evidence)
    return ReferenceCheck(
        key,
        section,
        "unconfirmed",
        tuple(reasons or notes),
        source=record.backend if record else None,
        url=record.url if record else None,
        record=record,
        checked_at=now,
        verdict=matched[1] if matched else None,
    )


def _first_record(evidence: Sequence[Evidence]) -> PaperRecord | None:
    return next((r for ev in evidence for r in ev.records), None)


# -- online ---------------------------------------------------------------------------------
async def gather_evidence(
    entries: Sequence[ReferenceEntry | Subject],
    sources: Any,  # mathlsp.sources.Sources; typed loosely to keep this module import-light
    *,
    use_cache: bool = True,
    on_progress: ProgressCallback | None = None,
) -> dict[str, list[Evidence]]:
    """Evidence for every entry (or subject), keyed by id: one batched lookup for all
    identifiers, then a title match for those without any."""
    subjects = [s if isinstance(s, Subject) else subject_of(s) for s in entries]
    by_key: dict[str, tuple[Identifier, ...]] = {s.key: s.identifiers for s in subjects}
    unique = list(dict.fromkeys(i for ids in by_key.values() for i in ids))
    untitled = [s for s in subjects if not s.identifiers]
    total = len(unique) + len(untitled)
    done = 0

    def advance(count: int, message: str) -> None:
        nonlocal done
        done += count
        if on_progress:
            on_progress(done, total, message)

    if on_progress:
        what = [f"{len(unique)} identifier{'s' * (len(unique) != 1)}"] if unique else []
        what += [f"{len(untitled)} title{'s' * (len(untitled) != 1)}"] if untitled else []
        on_progress(0, total, f"looking up {' and '.join(what) or 'nothing'}")
    out: dict[str, list[Evidence]] = {}

    async def by_identifier() -> None:
        found = await _identifier_evidence(subjects, unique, sources, use_cache)
        for k, ids in by_key.items():
            if ids:
                out[k] = [found[i] for i in ids]
        advance(len(unique), "identifiers looked up")

    async def by_title(subject: Subject) -> None:
        def slow(names: str) -> None:
            # The slow sources pace these at seconds apart: say why the count stands still.
            advance(0, f"{subject.key}: not in OpenAlex or Crossref, asking {names}")

        out[subject.key] = [await _title_evidence(subject.claim, sources, slow)]
        advance(1, f"title match for {subject.key}")

    # Title lookups start at once, beside the identifier batches: they mostly ask other
    # backends (or other endpoints), and each backend's own limiter paces its requests.
    jobs = [by_title(s) for s in untitled]
    if unique:
        jobs.insert(0, by_identifier())
    await asyncio.gather(*jobs)
    return {s.key: out[s.key] for s in subjects if s.key in out}


async def _identifier_evidence(
    subjects: Sequence[Subject], unique: list[Identifier], sources: Any, use_cache: bool
) -> dict[Identifier, Evidence]:
    """One batched lookup for every identifier; then, for a record that lacks the authors or
    year the note claims, every other source that holds the paper."""
    outcomes = await sources.lookup_many(unique, use_cache=use_cache)
    found: dict[Identifier, Evidence] = {
        ident: evidence_from(ident, outcome.results, outcome.reason)
        for ident, outcome in zip(unique, outcomes, strict=True)
    }
    # A record without authors (or a year) cannot vouch for the note's: ask every other source
    # that holds the paper before judging. Rare, so the common path costs no extra request.
    thin = [
        ident
        for s in subjects
        for ident in s.identifiers
        if _lacks_what_the_note_claims(s.claim, found[ident])
    ]
    if thin:
        more = await sources.lookup_many(list(dict.fromkeys(thin)), exhaustive=True)
        for ident, outcome in zip(dict.fromkeys(thin), more, strict=True):
            richer = evidence_from(ident, outcome.results, outcome.reason)
            if richer.status is LookupStatus.FOUND:
                found[ident] = richer
    return found


# Where a paper with no identifier is looked for by its title. OpenAlex and Crossref first, both
# at once: their published limits (10 and 5 requests a second without a key, docs/sources.md) let
# a bibliography's titles go through in seconds, and both index journal and arXiv versions. Then,
# all at once and only when neither found it (nor found the paper the title is a corruption of),
# Semantic Scholar's title match (one request every 3 s without a key), arXiv's title field, which
# hold preprints the first two may not have, and zbMATH Open.
TITLE_FIRST = ("openalex", "crossref")
TITLE_FALLBACK = ("semantic_scholar", "arxiv", "zbmath")
TITLE_BACKENDS = TITLE_FIRST + TITLE_FALLBACK
# The indexes that between them hold papers of every field and age, journal and preprint alike:
# "no paper has this title" stands only on their answers. When one of them could not answer, the
# entry stays pending. arXiv (preprints, which OpenAlex and Semantic Scholar index too) and zbMATH
# Open (mathematics) are narrow: when only they could not answer, the verdict stands.
TITLE_BROAD = ("openalex", "crossref", "semantic_scholar")
# A first-tier record this close to the claimed title (rapidfuzz ratio of the normal forms) and
# by the claimed authors is the paper the entry's title corrupts (a word swapped, a symbol
# changed, a subtitle added: what an LLM writes).
NEAR_MISS_MIN = 80.0
_QUERY_WORDS = 12
# Fewer words than this outside the mathematics are too generic a query to send alone.
_TEXT_WORDS_MIN = 3


def title_query(title: str) -> str:
    """The words of a title as a search engine wants them: markup and a trailing `…` gone, the
    mathematics in the normal form's words (`$\theta(x)$`, `θ(x)` → `theta x`; see
    `normalize.query_text`)."""
    return query_text(title)


def _arxiv_title_query(words: str) -> str:
    terms = [w for w in re.findall(r"[A-Za-z0-9]+", words) if len(w) > 2][:_QUERY_WORDS]
    return " AND ".join(f"ti:{w}" for w in terms)


def _lacks_what_the_note_claims(claim: Claim, evidence: Evidence) -> bool:
    if evidence.status is not LookupStatus.FOUND:
        return False
    return all(
        (claim.authors and not r.authors)
        or (claim.year is not None and r.year is None)
        or match_title(claim.title, r.title).added_subtitle is not None
        for r in evidence.records
    )


def _second_queries(title: str) -> list[str]:
    """The other forms of a title's query worth one more ask when the first found nothing."""
    first = title_query(title)
    out: list[str] = []
    words = text_words(title)
    if words != first and len(words.split()) >= _TEXT_WORDS_MIN:
        out.append(words)
    compounds = compound_variant(first)
    if compounds != first:
        out.append(compounds)
    return out


async def _title_candidates(
    title: str, backend: str, sources: Any, query: str | None = None
) -> Any:
    query = title_query(title) if query is None else query
    if backend in ("semantic_scholar", "crossref", "zbmath"):
        return await sources.match_title(query, backend)
    if backend == "arxiv":
        return await sources.search("arxiv", _arxiv_title_query(query), limit=5)
    return await sources.search(backend, query, limit=5)


def corrupted_paper(claim: Claim, held: Sequence[PaperRecord]) -> PaperRecord | None:
    """The paper whose title the claim's corrupts, from the records both first-tier sources
    answered with, or None. The claimed authors are the record's, its title is a near miss
    (`NEAR_MISS_MIN`), and no other source could change the verdict: a title that swaps a word
    of the paper's for one of its own is not this paper's, and another paper of the same
    authors so titled would be in OpenAlex and Crossref too, which were asked. A title that
    differs only in notation (which another source may render so that it matches) or only
    *adds* words (a subtitle, "in dimension 3": another source's longer title of the same
    paper?) counts only when both first-tier sources hold the paper so. A claim dated before the
    record may cite the preprint's own wording, so it is left to the fallbacks."""
    if not claim.authors:
        return None
    near: list[tuple[PaperRecord, bool]] = []
    for record in held:
        if title_similarity(claim.title, record.title) < NEAR_MISS_MIN:
            continue
        if match_title(claim.title, record.title).ok:
            continue
        if not match_claim_authors(claim, record.authors).ok:
            continue
        if claim.year is not None and record.year is not None and claim.year < record.year:
            # An earlier year than this record's is a preprint's: its title may be the arXiv
            # version's, which revision changed ("Optimal" → "Sharp"), and only arXiv and
            # Semantic Scholar carry it. The fallbacks are asked; nothing found still refutes.
            continue
        mine, theirs = title_words(claim.title, record.title)
        notation = math_words(claim.title) | math_words(record.title) | SYMBOL_WORDS
        # Only notation differs (`SL_2`, `H^{-1}`, `p > 2`), or words are only added: another
        # source's rendering or longer title of the same paper may match; not one record alone.
        own_word = any(_word(w, notation) for w in mine if w not in theirs)
        near.append((record, own_word and not all(w in mine for w in theirs)))
    for record, alone in near:
        if alone:
            return record
    holders = {record.backend for record, _ in near}
    if len(holders) >= 2:
        return near[0][0]
    return None


def _word(token: str, notation: frozenset[str]) -> bool:
    """A word of the language, not of the mathematics: letters only, four or more, outside
    any formula of either title."""
    return token.isalpha() and len(token) >= 4 and token not in notation


# A title search always returns something (Crossref answers every query): the best of it is
# named in the reason only when it looks like the entry's title. Two unrelated titles of the
# 16,373-paper corpus score 38 at the median, 49 at the 99th and 63 at the 99.9th percentile
# (5,000 random pairs); without this, a fabricated title on graph lifts was told its closest
# paper was Perelman's "The entropy formula for the Ricci flow" (38).
CLOSEST_HINT_MIN = 65.0


async def _title_evidence(
    claim: Claim, sources: Any, on_fallback: Callable[[str], None] | None = None
) -> Evidence:
    """Title match when there is no identifier. A loose hit with another title is no evidence
    either way (Crossref always answers with *something*): only a record whose title matches
    is judged, so that a fabricated title reads "no source found", not "title differs". A source
    that could not answer is no evidence either: see `TITLE_BROAD`."""
    title = claim.title
    if not title.strip():
        return Evidence("title", LookupStatus.INVALID, reason="no title and no identifier")
    errors: dict[str, str] = {}
    closest: tuple[float, PaperRecord] | None = None
    without_subtitle: list[PaperRecord] = []
    enabled = getattr(sources, "backends", TITLE_BACKENDS)
    first = [b for b in TITLE_FIRST if b in enabled]
    fallback = [b for b in TITLE_FALLBACK if b in enabled]

    def judge(backend: str, outcome: Any) -> list[PaperRecord]:
        nonlocal closest
        if outcome.error is not None:
            errors[backend] = str(getattr(outcome.error, "message", outcome.error))
            return []
        verdicts = [(r, match_title(title, r.title)) for r in outcome.records]
        # The title without the subtitle the entry adds: another source may carry it; if none
        # does, this record is the evidence, and the verdict says the subtitle is in no record.
        without_subtitle.extend(r for r, v in verdicts if v.added_subtitle is not None)
        for r, v in verdicts:
            score = v.score or 0.0
            if closest is None or score > closest[0]:
                closest = (score, r)
        return [r for r, v in verdicts if v.ok]

    outcomes = await asyncio.gather(*(_title_candidates(title, b, sources) for b in first))
    found = [r for b, outcome in zip(first, outcomes, strict=True) for r in judge(b, outcome)]
    # An index may hold a formula as words the query does not have (`sl_2` as one token,
    # `\vartheta` for `θ`): the title's words without its mathematics, once more, where the
    # limits allow it; and a compound the other way it is written (`quasilinear` for
    # `quasi-linear`: one token or two, and no index joins or splits them). The records found
    # are still judged against the whole title. Only sources that answered are asked again: an
    # error is counted once per source.
    answered = [b for b, o in zip(first, outcomes, strict=True) if o.error is None]
    again: list[Any] = []
    for query in _second_queries(title):
        if found or not answered:
            break
        more = await asyncio.gather(
            *(_title_candidates(title, b, sources, query) for b in answered)
        )
        again.extend(more)
        found = [r for b, outcome in zip(answered, more, strict=True) for r in judge(b, outcome)]
    if found:
        # Found, but a first-tier source that should have been asked could not answer.
        return Evidence("title", LookupStatus.FOUND, tuple(found), partial=bool(errors))
    if len(first) == len(TITLE_FIRST) and not errors:
        held = [
            r for outcome in (*outcomes, *again) if outcome.error is None for r in outcome.records
        ]
        corrupted = corrupted_paper(claim, held)
        if corrupted is not None:
            return Evidence(
                "title",
                LookupStatus.NOT_FOUND,
                reason=f'no source found a paper titled "{title}"; the entry\'s authors wrote '
                f'"{corrupted.title}" ({label(corrupted.backend)}), and the entry\'s title differs '
                f"from it: {_difference(title, corrupted.title)}",
            )
    # The fallbacks do not depend on each other: asked at once, each at its own pace.
    if fallback and on_fallback is not None:
        on_fallback(", ".join(label(b) for b in fallback))
    outcomes = await asyncio.gather(*(_title_candidates(title, b, sources) for b in fallback))
    found = [r for b, outcome in zip(fallback, outcomes, strict=True) for r in judge(b, outcome)]
    if found:
        return Evidence("title", LookupStatus.FOUND, tuple(found))
    asked = first + fallback
    silent_broad = [b for b in asked if b in errors and b in TITLE_BROAD]
    if asked and (len(errors) == len(asked) or silent_broad):
        who = silent_broad or list(errors)
        names = " and ".join(label(b) for b in who)
        reason = (
            f"title match failed ({errors[who[0]]}); verification pending"
            if len(errors) == len(asked)
            else f'no source that answered holds a paper titled "{title}", but {names} '
            f"could not answer ({errors[who[0]]}); verification pending"
        )
        return Evidence("title", LookupStatus.ERROR, reason=reason)
    if without_subtitle:
        return Evidence("title", LookupStatus.FOUND, tuple(without_subtitle))
    near = closest is not None and closest[0] >= CLOSEST_HINT_MIN
    hint = f' (closest: "{closest[1].title}" on {label(closest[1].backend)})' if near else ""
    tried = ", ".join(label(b) for b in asked if b not in errors)
    silent = ", ".join(label(b) for b in asked if b in errors)
    unanswered = f"; {silent} could not answer" if silent else ""
    return Evidence(
        "title",
        LookupStatus.NOT_FOUND,
        reason=f'no source found a paper titled "{title}" ({tried} asked{unanswered}){hint}; '
        "the entry has no arXiv id or DOI to look up",
    )


def _difference(claimed: str, source: str) -> str:
    """What the claimed title changes in the paper's, in the matcher's words."""
    detail = match_title(claimed, source).detail
    return detail.split(': "', 1)[0] if ': "' in detail else detail


async def verify_entries(
    entries: Sequence[ReferenceEntry],
    sources: Any,
    *,
    now: dt.datetime | None = None,
    use_cache: bool = True,
    on_progress: ProgressCallback | None = None,
) -> list[ReferenceCheck]:
    """Verify entries online; each result is also kept in the sources' cache under the entry's
    claim, so the editor can show it offline (title-matched entries have no identifier to look
    up there)."""
    evidence = await gather_evidence(entries, sources, use_cache=use_cache, on_progress=on_progress)
    checks = [decide(e, evidence.get(e.id, []), now) for e in entries]
    cache = getattr(sources, "cache", None)
    if cache is not None:
        for entry, check in zip(entries, checks, strict=True):
            if not check.pending:
                cache.put_verification(claim_key(entry), check.to_json())
    return checks


async def verify_subjects(
    subjects: Sequence[Subject],
    sources: Any,
    *,
    now: dt.datetime | None = None,
    use_cache: bool = True,
    on_progress: ProgressCallback | None = None,
) -> list[ReferenceCheck]:
    """Verify claims that are not (yet) LITERATURE.md entries, e.g. search candidates."""
    evidence = await gather_evidence(
        subjects, sources, use_cache=use_cache, on_progress=on_progress
    )
    return [decide_subject(s, evidence.get(s.key, []), now) for s in subjects]


def check_from_json(entry: ReferenceEntry, data: dict[str, Any]) -> ReferenceCheck:
    """A stored verification result (see `ReferenceCheck.to_json`) for the same claim."""
    section = entry.section if entry.section in VERIFIED_SECTIONS else "other"
    return ReferenceCheck(
        entry.id,
        section,
        "confirmed" if data.get("status") == "confirmed" else "unconfirmed",
        tuple(str(r) for r in data.get("reasons") or ()),
        source=data.get("source"),
        url=data.get("url"),
        notes=tuple(str(n) for n in data.get("notes") or ()),
    )


# -- offline ----------------------------------------------------------------------------------
def cached_evidence(
    entry: ReferenceEntry,
    cache: Any,
    found: dict[Identifier, list[LookupResult]] | None = None,
) -> list[Evidence]:
    """Evidence from the local cache only (no network): what the editor uses per keystroke.
    `found`: the cache's answers already read for many entries at once (`lookup_any_many`)."""
    out: list[Evidence] = []
    for ident in identifiers_of(entry):
        results = cache.lookup_any(ident) if found is None else found.get(ident)
        if not results:
            continue
        reason = next((r.reason for r in results), "")
        out.append(evidence_from(ident, results, reason))
    return out
