"""The shipped templates (the repository's `templates/`, installed inside the package)."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources

TEMPLATE_NAMES = (
    "PROBLEM.md", "LITERATURE.md", "JOURNAL.md", "DASHBOARD.md", "NOTATION.md", "STATE.md",
)  # fmt: skip


def load_template(name: str) -> str:
    if name not in TEMPLATE_NAMES:
        raise KeyError(f"no template {name!r}")
    return (resources.files("mathlsp") / "templates" / name).read_text(encoding="utf-8")


def fill_template(name: str, values: Mapping[str, object]) -> str:
    """The template with `{PLACEHOLDER}`s replaced; unknown placeholders are left as written."""
    text = load_template(name)
    for key, value in values.items():
        text = text.replace("{" + key + "}", str(value))
    return text
