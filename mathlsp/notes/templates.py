"""The shipped templates (the repository's `templates/`, installed inside the package)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from mathlsp.notes.render import line_ending

_BREAK = re.compile(r"\r\n|\r|\n")
TEMPLATE_NAMES = (
    "PROBLEM.md", "LITERATURE.md", "JOURNAL.md", "DASHBOARD.md", "NOTATION.md", "STATE.md",
)  # fmt: skip


def load_template(name: str) -> str:
    if name not in TEMPLATE_NAMES:
        raise KeyError(f"no template {name!r}")
    return (resources.files("mathlsp") / "templates" / name).read_text(encoding="utf-8")


def yaml_quoted(value: str) -> str:
    """`value` as a YAML double-quoted scalar: JSON's string escapes are YAML's (`\\"`,
    `\\\\`, `\\n`, `\\t`), and other characters are kept as written."""
    return json.dumps(value, ensure_ascii=False)


def fill_template(name: str, values: Mapping[str, object], eol: str = "\n") -> str:
    """The template with `{PLACEHOLDER}`s replaced; unknown placeholders are left as written.
    Its lines end in `eol`, so that a note made in a CRLF project is CRLF like its siblings."""
    text = load_template(name)
    for key, value in values.items():
        # A placeholder between YAML double quotes (`title: "{PROBLEM_TITLE}"`) takes the value
        # as a double-quoted scalar: a title with a quote or a backslash (`"signed" lifts`,
        # `$\mu_G$`) made PROBLEM.md's frontmatter invalid YAML from `mathlsp init` on.
        text = text.replace('"{' + key + '}"', yaml_quoted(str(value)))
        text = text.replace("{" + key + "}", str(value))
    # A value quoted from a CRLF note would otherwise leave mixed endings in an LF one, or the
    # reverse.
    return _BREAK.sub(eol, text)


#: Enough of a note to tell its line endings without reading a large one whole.
_SAMPLE = 64 * 1024


def folder_line_ending(folder: Path, *, prefer: str | None = None) -> str:
    """The line ending of a note written into `folder`: that of `prefer` (the note being
    rewritten) when it exists, else of the problem's other notes (PROBLEM.md first), else LF.
    A Windows user's CRLF folder should not gain one LF file among CRLF ones."""
    names = ([prefer] if prefer else []) + [
        n for n in TEMPLATE_NAMES if n != prefer
    ]  # PROBLEM.md leads the template names
    for name in names:
        try:
            with open(folder / name, "rb") as handle:
                sample = handle.read(_SAMPLE)
        except OSError:
            continue
        if b"\n" in sample or b"\r" in sample:
            return line_ending(sample.decode("utf-8", "replace"))
    return "\n"
