"""The YAML half of frontmatter parsing: PyYAML's safe loader, tightened (no anchors, aliases or
explicit tags), with the span of every key and value."""

from __future__ import annotations

import datetime as dt
from typing import Any

import yaml

from mathlsp.notes.frontmatter import Frontmatter, FrontmatterField
from mathlsp.notes.spans import Span


class UnsafeYAML(yaml.YAMLError):
    """Aliases, anchors and explicit tags are refused: notes need none of them."""


class _StrictLoader(yaml.SafeLoader):
    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise UnsafeYAML(f"YAML aliases are not allowed (line {event.start_mark.line + 1})")
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise UnsafeYAML(f"YAML anchors are not allowed (line {event.start_mark.line + 1})")
        tag = getattr(event, "tag", None)
        if tag is not None and tag != "!":
            raise UnsafeYAML(f"YAML tag {tag!r} is not allowed (line {event.start_mark.line + 1})")
        return super().compose_node(parent, index)


def load(fm: Frontmatter, source: str, base: int) -> None:
    """Parse `source` (the YAML between the fences, at offset `base`) into `fm`."""
    if not source.strip():
        return
    try:
        loader = _StrictLoader(source)  # checks the characters: may raise a ReaderError
    except yaml.YAMLError as exc:
        fm.error = f"invalid YAML: {exc}"
        fm.error_span = Span(base, base + len(source))
        return
    try:
        node = loader.get_single_node()
        if node is None:
            return
        if not isinstance(node, yaml.MappingNode):
            fm.error = "frontmatter must be a mapping of `key: value` lines"
            fm.error_span = Span(base + node.start_mark.index, base + node.end_mark.index)
            return
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                continue
            value = _plain(loader.construct_object(value_node, deep=True))
            value_start = base + value_node.start_mark.index
            value_end = base + _value_end(value_node, source)
            fm.fields[key] = FrontmatterField(
                key=key,
                value=value,
                key_span=Span(base + key_node.start_mark.index, base + key_node.end_mark.index),
                value_span=Span(value_start, max(value_start, value_end)),
            )
            fm.data[key] = value
    except yaml.MarkedYAMLError as exc:
        fm.fields.clear()
        fm.data.clear()
        mark = exc.problem_mark or exc.context_mark
        fm.error = f"invalid YAML: {exc.problem or exc}"
        if mark is not None:
            at = base + min(mark.index, len(source))
            fm.error_span = Span(at, at)
        else:
            fm.error_span = Span(base, base + len(source))
    except (yaml.YAMLError, RecursionError, ValueError, TypeError) as exc:
        fm.fields.clear()
        fm.data.clear()
        if isinstance(exc, UnsafeYAML):
            fm.error = str(exc)
        elif isinstance(exc, ValueError) and "integer string conversion" in str(exc):
            fm.error = "invalid YAML: a number with thousands of digits; no count is that large"
        else:
            fm.error = f"invalid YAML: {exc}"
        fm.error_span = Span(base, base + len(source))
    finally:
        loader.dispose()


def _value_end(node: yaml.Node, source: str) -> int:
    """Where a value ends as written. PyYAML ends a block collection or block scalar on the next
    key's line (past line breaks and comments); a value span must stop at its last character."""
    while isinstance(node, yaml.SequenceNode | yaml.MappingNode) and not node.flow_style:
        if not node.value:
            break
        last = node.value[-1]
        node = last[1] if isinstance(node, yaml.MappingNode) else last
    end = node.end_mark.index
    while end > node.start_mark.index and source[end - 1] in " \t\r\n":
        end -= 1
    return end


def _plain(value: Any) -> Any:
    """Dates as ISO strings, so that models and JSON output see one type."""
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
