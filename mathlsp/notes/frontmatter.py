"""YAML frontmatter: located exactly, parsed safely, every key with its span.

The block is located by hand rather than with python-frontmatter: edits and diagnostics need exact
offsets, which that library does not expose, and it loads YAML with aliases allowed. Plain
`key: value` blocks are read by `frontmatter_plain` (typed as PyYAML types them); any other YAML
goes to PyYAML's safe loader, tightened to refuse anchors, aliases and explicit tags.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from mathlsp.notes.spans import Span

# Fence lines; a line ends at \n, \r\n or a lone \r (which `$` and `^` would not see).
_BOUNDARY = re.compile(r"-{3,}[ \t]*(?=[\r\n]|\Z)")
_CLOSE = re.compile(r"(?<=[\r\n])(?:-{3,}|\.{3})[ \t]*(?=[\r\n]|\Z)")
MAX_FRONTMATTER_CHARS = 256_000
_EMPTY = Span(0, 0)


@dataclass(slots=True)
class FrontmatterField:
    key: str
    value: Any
    key_span: Span
    value_span: Span  # the value as written (empty span right after "key:" when absent)


@dataclass(slots=True)
class Frontmatter:
    present: bool = False
    span: Span = _EMPTY  # the whole block, fences included
    yaml_span: Span = _EMPTY  # between the fences
    body_start: int = 0
    closed: bool = True
    data: dict[str, Any] = field(default_factory=dict)
    fields: dict[str, FrontmatterField] = field(default_factory=dict)
    error: str | None = None  # why `data` is empty although frontmatter is present
    error_span: Span | None = None

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def valid(self) -> bool:
        return self.present and self.error is None


def parse_frontmatter(text: str) -> Frontmatter:
    """Find and parse a leading YAML block. Never raises: problems land in `.error`."""
    start = 1 if text.startswith("\ufeff") else 0
    first = _BOUNDARY.match(text, start)
    if first is None or first.start() != start:
        return Frontmatter(body_start=start)
    line_end = _line_end(text, first.end())
    yaml_start = line_end
    close = _CLOSE.search(text, yaml_start)
    if close is None:
        fm = Frontmatter(present=True, span=Span(start, len(text)), closed=False)
        fm.yaml_span = Span(yaml_start, len(text))
        fm.body_start = len(text)
        fm.error = "frontmatter is not closed: add a line `---` after it"
        fm.error_span = Span(start, first.end())
        return fm
    block_end = _line_end(text, close.end())
    fm = Frontmatter(
        present=True,
        span=Span(start, block_end),
        yaml_span=Span(yaml_start, close.start()),
        body_start=block_end,
    )
    source = text[yaml_start : close.start()]
    if len(source) > MAX_FRONTMATTER_CHARS:
        fm.error = f"frontmatter is too large ({len(source)} characters)"
        fm.error_span = Span(start, first.end())
        return fm
    _load(fm, source, yaml_start)
    return fm


def _line_end(text: str, pos: int) -> int:
    """Offset just past the line break at or after pos."""
    if text.startswith("\r\n", pos):
        return pos + 2
    if pos < len(text) and text[pos] in "\r\n":
        return pos + 1
    return pos


def _load(fm: Frontmatter, source: str, base: int) -> None:
    if not source.strip():
        return
    from mathlsp.notes.frontmatter_plain import load_plain

    fields = load_plain(source, base)
    if fields is not None:
        fm.fields = fields
        fm.data = {key: f.value for key, f in fields.items()}
        return
    # PyYAML (~40 ms to import) only for a block the plain reader is not sure of, and on first
    # use, not with the server: initialize answers sooner.
    from mathlsp.notes.frontmatter_yaml import load

    load(fm, source, base)
