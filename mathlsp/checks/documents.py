"""Rules every note shares: readable text and well-formed frontmatter."""

from __future__ import annotations

from collections.abc import Iterator

from mathlsp.checks.base import CheckContext, define, rule
from mathlsp.checks.findings import Finding, Severity
from mathlsp.notes.spans import Span
from mathlsp.notes.text import Position, Range

UNREADABLE = define("DOC001", Severity.ERROR, "File cannot be read as a UTF-8 Markdown note")
INVALID_YAML = define("DOC002", Severity.ERROR, "Frontmatter is not valid YAML")
UNSAFE_YAML = define("DOC003", Severity.ERROR, "Frontmatter uses YAML anchors, aliases or tags")
NOT_MAPPING = define("DOC004", Severity.ERROR, "Frontmatter is not a mapping of key: value lines")
UNCLOSED = define("DOC005", Severity.WARNING, "Frontmatter is not closed by a `---` line")


def unreadable_finding(reason: str) -> Finding:
    return Finding(UNREADABLE, Severity.ERROR, reason, Range(Position(0, 0), Position(0, 0)))


@rule()
def frontmatter_syntax(ctx: CheckContext) -> Iterator[Finding]:
    fm = ctx.doc.frontmatter
    if not fm.present or fm.error is None:
        return
    span = fm.error_span or Span(fm.span.start, fm.span.start + 3)
    if not fm.closed:
        code = UNCLOSED
    elif fm.error.startswith("YAML "):
        code = UNSAFE_YAML
    elif fm.error.startswith("frontmatter must be a mapping"):
        code = NOT_MAPPING
    else:
        code = INVALID_YAML
    yield ctx.finding(code, fm.error, span)
