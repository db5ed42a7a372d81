"""GitHub Actions workflow commands (`::error file=…,line=…::message`) for `check` and `verify`.

GitHub turns these lines into annotations on the pull request's diff. The escaping follows the
runner's own (`@actions/core` `escapeData` / `escapeProperty`): a message may not carry a raw
newline or `%`, and a property value may not carry `:` or `,` either.
"""

from __future__ import annotations

from dataclasses import dataclass

#: LSP severities → the three annotation levels GitHub has (information and hints are notices).
LEVELS = {"error": "error", "warning": "warning", "information": "notice", "hint": "notice"}


@dataclass(frozen=True, slots=True)
class Annotation:
    level: str  # a key of LEVELS
    path: str
    line: int  # 1-based
    column: int  # 1-based, in characters
    end_line: int
    end_column: int
    title: str  # the diagnostic code, shown as the annotation's heading
    message: str


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(a: Annotation) -> str:
    props = [
        f"file={escape_property(a.path)}",
        f"line={a.line}",
        f"col={a.column}",
    ]
    # GitHub ignores a column range that spans lines; give endColumn only on one line.
    if a.end_line != a.line:
        props.append(f"endLine={a.end_line}")
    elif a.end_column > a.column:
        props.append(f"endColumn={a.end_column}")
    props.append(f"title={escape_property(a.title)}")
    return f"::{LEVELS[a.level]} {','.join(props)}::{escape_data(a.message)}"
