"""Model ↔ protocol conversions: offsets and ranges in the client's position encoding.

The notes model counts UTF-16 code units, the LSP default. Clients that negotiate UTF-8 or
UTF-32 (Neovim 0.11 prefers UTF-8) get their columns converted here, line by line.
"""

from __future__ import annotations

from lsprotocol import types

from mathlsp.checks.findings import Finding, Severity
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.spans import Span
from mathlsp.notes.text import Position, Range, column_offset, utf16_len

UTF16 = "utf-16"


def _units(text: str, encoding: str) -> int:
    if text.isascii():
        return len(text)
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == "utf-32":
        return len(text)
    return utf16_len(text)


def line_column(doc: MarkdownDoc, offset: int, encoding: str = UTF16) -> tuple[int, int]:
    """The (line, column) of a model offset, the column counted in the client's encoding."""
    text = doc.text
    lines = doc.lines
    offset = min(max(offset, 0), len(text))
    line = lines.line_of(offset)
    start = lines.starts[line]
    # An ASCII text (CPython knows it of every string: O(1)) counts one unit per character in
    # every encoding: the column is the offset's distance from the line's start, no slice made.
    if text.isascii():
        return line, offset - start
    return line, _units(text[start:offset], encoding)


def lsp_position(doc: MarkdownDoc, offset: int, encoding: str = UTF16) -> types.Position:
    line, character = line_column(doc, offset, encoding)
    return types.Position(line=line, character=character)


def lsp_range(doc: MarkdownDoc, span: Span, encoding: str = UTF16) -> types.Range:
    return types.Range(
        start=lsp_position(doc, span.start, encoding), end=lsp_position(doc, span.end, encoding)
    )


def offset_of(doc: MarkdownDoc, pos: types.Position, encoding: str = UTF16) -> int:
    """The string offset of a client position (clamped to the line, as LSP asks)."""
    lines = doc.lines
    if pos.line >= len(lines.starts):
        return len(doc.text)
    return lines.starts[pos.line] + column_offset(lines.texts[pos.line], pos.character, encoding)


def model_range_to_lsp(doc: MarkdownDoc, rng: Range, encoding: str = UTF16) -> types.Range:
    """A model Range (UTF-16) in the client's encoding."""
    if encoding == UTF16:
        return types.Range(
            start=types.Position(rng.start.line, rng.start.character),
            end=types.Position(rng.end.line, rng.end.character),
        )
    index = doc.index
    return lsp_range(doc, Span(index.offset(rng.start), index.offset(rng.end)), encoding)


def _model_pos(pos: Position) -> types.Position:
    return types.Position(line=pos.line, character=pos.character)


def diagnostic(
    doc: MarkdownDoc | None,
    finding: Finding,
    encoding: str = UTF16,
    *,
    related: list[types.DiagnosticRelatedInformation] | None = None,
    tags_supported: bool = True,
) -> types.Diagnostic:
    if doc is None or encoding == UTF16:
        rng = types.Range(start=_model_pos(finding.range.start), end=_model_pos(finding.range.end))
    else:
        rng = model_range_to_lsp(doc, finding.range, encoding)
    tags = [types.DiagnosticTag.Unnecessary] if finding.unnecessary and tags_supported else None
    return types.Diagnostic(
        range=rng,
        message=finding.message,
        severity=types.DiagnosticSeverity(int(finding.severity or Severity.WARNING)),
        code=finding.code,
        source="mathlsp",
        related_information=related or None,
        tags=tags,
        data=dict(finding.data) if finding.data else None,
    )
