"""PROBLEM.md: the intake a literature search needs (frontmatter, statement)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from typing import Any

from mathlsp.checks.base import CheckContext, define, rule
from mathlsp.checks.findings import Finding, Severity
from mathlsp.checks.literature import opening_fence
from mathlsp.notes.frontmatter import FrontmatterField
from mathlsp.notes.markdown import normalize_heading
from mathlsp.notes.problem import (
    DOMAINS,
    KNOWN_HEADINGS,
    PROBLEM_TYPES,
    REFERENCE_HEADINGS,
    STATEMENT_HEADINGS,
    STATUSES,
    ProblemDoc,
)
from mathlsp.notes.spans import Span

DRAFT = define("PRB001", Severity.INFORMATION, "Problem is a draft and cannot be searched yet")
NO_FRONTMATTER = define("PRB002", Severity.WARNING, "PROBLEM.md has no frontmatter")
NO_TITLE = define("PRB003", Severity.WARNING, "Problem has no title")
NO_DOMAIN = define("PRB004", Severity.WARNING, "Problem has no domain")
UNKNOWN_DOMAIN = define("PRB005", Severity.WARNING, "Problem domain is not a known domain")
UNKNOWN_STATUS = define("PRB006", Severity.WARNING, "Problem status is missing or unknown")
UNKNOWN_TYPE = define("PRB007", Severity.WARNING, "Problem type is unknown")
NO_TAGS = define("PRB008", Severity.WARNING, "Problem has no tags")
NO_STATEMENT = define("PRB009", Severity.WARNING, "PROBLEM.md has no `# Problem` statement")
OTHER_HEADING = define(
    "PRB011", Severity.HINT, "A section is under a heading the schema names otherwise"
)
BAD_MSC = define("PRB010", Severity.WARNING, "`msc:` holds something that is not an MSC class")


@rule(applies_to=ProblemDoc)
def problem_frontmatter(ctx: CheckContext) -> Iterator[Finding]:
    doc = ctx.doc
    assert isinstance(doc, ProblemDoc)
    fm = doc.frontmatter
    if not fm.present:
        yield ctx.finding(
            NO_FRONTMATTER,
            "PROBLEM.md has no YAML frontmatter: start it with a `---` block holding title, "
            "status, domain, type and tags (see templates/PROBLEM.md)",
            opening_fence(doc),
        )
        return
    if fm.error is not None:
        return  # DOC002..DOC005
    fence = opening_fence(doc)

    title = fm.fields.get("title")
    if title is None or not _text(title.value):
        yield ctx.finding(
            NO_TITLE,
            'PROBLEM.md has no title: add `title: "…"` to the frontmatter',
            _where(title, fence),
            data={"key": "title"},
        )

    status = fm.fields.get("status")
    value = _text(status.value).lower() if status else ""
    if status is None or not value:
        yield ctx.finding(
            UNKNOWN_STATUS,
            f"PROBLEM.md has no `status`: set one of {_list(STATUSES)} "
            "(`defined` once the statement is complete)",
            _where(status, fence),
            data={"key": "status", "known": list(STATUSES)},
        )
    elif value not in STATUSES:
        yield ctx.finding(
            UNKNOWN_STATUS,
            f"Unknown status `{_shown(status.value)}`{_suggest(value, STATUSES)}: "
            f"use one of {_list(STATUSES)}",
            _where(status, fence),
            data={"key": "status", "known": list(STATUSES)},
        )
    elif value == "draft":
        yield ctx.finding(
            DRAFT,
            "This problem is a draft: it cannot be searched until its status is `defined` — "
            "complete the statement, domain and tags, then set `status: defined`",
            _where(status, fence),
            data={"key": "status", "expected": "defined"},
        )

    domain = fm.fields.get("domain")
    value = _text(domain.value).lower() if domain else ""
    if domain is None or (not value and domain.value in (None, "")):
        yield ctx.finding(
            NO_DOMAIN,
            f"PROBLEM.md has no `domain`: it selects the arXiv categories searched; "
            f"use one of {_list(DOMAINS)}",
            _where(domain, fence),
            data={"key": "domain", "known": list(DOMAINS)},
        )
    elif value not in DOMAINS:
        yield ctx.finding(
            UNKNOWN_DOMAIN,
            f"Unknown domain `{_shown(domain.value)}`{_suggest(value, DOMAINS)}: use one of "
            f"{_list(DOMAINS)} (`other` when none fits)",
            _where(domain, fence),
            data={"key": "domain", "known": list(DOMAINS)},
        )

    kind = fm.fields.get("type")
    if kind is not None:
        value = _text(kind.value).lower()
        if value not in PROBLEM_TYPES:
            yield ctx.finding(
                UNKNOWN_TYPE,
                f"Unknown type `{_shown(kind.value)}`{_suggest(value, PROBLEM_TYPES)}: "
                f"use one of {_list(PROBLEM_TYPES)}",
                _where(kind, fence),
                data={"key": "type", "known": list(PROBLEM_TYPES)},
            )

    msc = fm.fields.get("msc")
    if msc is not None and doc.msc_invalid:
        yield ctx.finding(
            BAD_MSC,
            f"`msc:` holds {', '.join(f'`{_shown(v)}`' for v in doc.msc_invalid[:3])}, not an "
            "MSC2020 class: write codes such as `11N05`, `11Nxx` or `11-XX` "
            "(the classification zbMATH Open files papers under)",
            _where(msc, fence),
            data={"key": "msc", "invalid": doc.msc_invalid},
        )

    tags = fm.fields.get("tags")
    if not doc.tags:
        yield ctx.finding(
            NO_TAGS,
            "PROBLEM.md has no tags: add 3–5 concept tags (`tags: [operator-norm, "
            "banach-space]`); they seed the literature queries",
            _where(tags, fence),
            data={"key": "tags"},
        )


@rule(applies_to=ProblemDoc)
def problem_statement(ctx: CheckContext) -> Iterator[Finding]:
    doc = ctx.doc
    assert isinstance(doc, ProblemDoc)
    heading = next((h for h in doc.lines.headings if normalize_heading(h.title) == "problem"), None)
    if heading is None:
        yield ctx.finding(
            NO_STATEMENT,
            "PROBLEM.md has no `# Problem` section: state the problem under a `# Problem` heading",
            opening_fence(doc) if doc.frontmatter.present else _first_line(doc),
        )
    elif not doc.statement:
        yield ctx.finding(
            NO_STATEMENT,
            "The `# Problem` section is empty: state the problem precisely (LaTeX is fine)",
            heading.span,
        )


@rule(applies_to=ProblemDoc)
def problem_headings(ctx: CheckContext) -> Iterator[Finding]:
    """`## Prior work`, `## Bibliography`, `## Statement`: the search reads them as the schema's
    section, but other tools (and PRB009) look for the schema's own heading."""
    doc = ctx.doc
    assert isinstance(doc, ProblemDoc)
    for titles, what in (
        (STATEMENT_HEADINGS, "the problem statement"),
        (KNOWN_HEADINGS, "Known Results"),
        (REFERENCE_HEADINGS, "References"),
    ):
        heading = doc.read_heading(titles)
        if heading is None or normalize_heading(heading.title) == normalize_heading(titles[0]):
            continue
        level = "#" if titles is STATEMENT_HEADINGS else "##"
        yield ctx.finding(
            OTHER_HEADING,
            f"`{heading.title}` is read as {what} by the search; the schema's heading is "
            f"`{level} {titles[0]}`",
            heading.title_span,
            data={"heading": heading.title, "schema": titles[0]},
        )


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _shown(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _where(f: FrontmatterField | None, fallback: Span) -> Span:
    if f is None:
        return fallback
    return f.value_span if f.value_span.end > f.value_span.start else f.key_span


def _list(values: Sequence[str]) -> str:
    return ", ".join(f"`{v}`" for v in values)


def _suggest(value: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(value, known, n=1, cutoff=0.6) if value else []
    return f" (did you mean `{close[0]}`?)" if close else ""


def _first_line(doc: ProblemDoc) -> Span:
    texts = doc.lines.texts
    return Span(0, len(texts[0]) if texts else 0)
