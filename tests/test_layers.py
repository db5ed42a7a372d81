"""The package's layers, as data, and a test that fails when a module crosses one.

Every import counts: module level, inside functions, and under `TYPE_CHECKING` (a type-only import
still makes a newcomer read the other layer). docs/architecture.md shows the same table.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "mathlsp"

# Only the LSP wiring speaks the protocol; everything below it is testable without a server.
PROTOCOL = ("pygls", "lsprotocol")
PROTOCOL_LAYERS = ("mathlsp.features",)
# What talks to the network or the disk cache: never from a check or an editor feature, which run
# on every keystroke and must answer offline.
NETWORK = ("httpx", "mathlsp.cache", "mathlsp.sources.http", "mathlsp.sources.registry")
# The layers that wire the product together; nothing below them may reach up into them.
WIRING = ("mathlsp.features", "mathlsp.cli", "mathlsp.config")

# layer (a module or package) → what its modules must not import (module prefixes).
# Read bottom-up: notes ← sources ← verify ← search/synthesis ← checks/ide ← features ← cli.
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "mathlsp": (),  # __init__: the version only
    "mathlsp.__main__": (),
    "mathlsp.fsutil": ("mathlsp",),
    "mathlsp.safetext": ("mathlsp",),
    "mathlsp.mathids": ("mathlsp",),
    "mathlsp.personnames": ("mathlsp",),
    "mathlsp.notes": (
        "mathlsp.sources",
        "mathlsp.verify",
        "mathlsp.search",
        "mathlsp.synthesis",
        "mathlsp.research",
        "mathlsp.checks",
        "mathlsp.ide",
        *WIRING,
        *NETWORK,
    ),
    "mathlsp.sources": (
        "mathlsp.notes",
        "mathlsp.verify",
        "mathlsp.search",
        "mathlsp.synthesis",
        "mathlsp.research",
        "mathlsp.checks",
        "mathlsp.ide",
        *WIRING,
    ),
    "mathlsp.cache": (
        "mathlsp.notes",
        "mathlsp.verify",
        "mathlsp.search",
        "mathlsp.synthesis",
        "mathlsp.research",
        "mathlsp.checks",
        "mathlsp.ide",
        *WIRING,
    ),
    "mathlsp.verify": (
        "mathlsp.search",
        "mathlsp.synthesis",
        "mathlsp.research",
        "mathlsp.checks",
        "mathlsp.ide",
        *WIRING,
    ),
    # BibTeX files: read, map to claims, render; above the verifier, beside search.
    "mathlsp.bib": (
        "mathlsp.search",
        "mathlsp.synthesis",
        "mathlsp.research",
        "mathlsp.checks",
        "mathlsp.ide",
        *WIRING,
        *NETWORK,
    ),
    "mathlsp.search": ("mathlsp.synthesis", "mathlsp.checks", "mathlsp.ide", *WIRING),
    "mathlsp.synthesis": ("mathlsp.checks", "mathlsp.ide", *WIRING),
    "mathlsp.research": ("mathlsp.checks", "mathlsp.ide", *WIRING),
    "mathlsp.checks": ("mathlsp.search", "mathlsp.ide", *WIRING, *NETWORK),
    "mathlsp.ide": (*WIRING, *NETWORK),
    "mathlsp.config": ("mathlsp.features", "mathlsp.cli"),
    "mathlsp.features": ("mathlsp.cli",),
    "mathlsp.cli": (),
}


def layer_of(module: str) -> str | None:
    """The most specific layer that holds `module`, or None when no row of the table does."""
    candidates = [layer for layer in FORBIDDEN if module == layer or _inside(module, layer)]
    return max(candidates, key=len, default=None)


def _inside(name: str, prefix: str) -> bool:
    # The root row ("mathlsp") holds only the package's own __init__, not every module.
    return "." in prefix and name.startswith(prefix + ".")


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def imports(source: str, module: str, is_package: bool = False) -> Iterator[tuple[int, set[str]]]:
    """(line, dotted names) of each import statement; `from a import b` names `a` and `a.b`."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield node.lineno, {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the importing module's package
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{anchor}.{base}" if base else anchor
            yield node.lineno, {base} | {f"{base}.{alias.name}" for alias in node.names}


def crossings(module: str, source: str, is_package: bool = False) -> list[str]:
    """Each import statement in `source` (the text of `module`) that its layer forbids."""
    layer = layer_of(module)
    if layer is None:
        return [f"{module} belongs to no layer"]
    rules = FORBIDDEN[layer] + ((), PROTOCOL)[layer not in PROTOCOL_LAYERS]
    found = []
    for line, names in imports(source, module, is_package):
        crossed = sorted(
            f"{name} ({rule})"
            for name in names
            for rule in rules
            if _within(name, rule) and not _within(name, layer)
        )
        if crossed:
            found.append(f"{module}:{line}: layer {layer} must not import {crossed[0]}")
    return found


def package_modules() -> dict[str, Path]:
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


MODULES = package_modules()


def test_every_module_belongs_to_a_layer():
    assert [m for m in MODULES if layer_of(m) is None] == []


def test_no_module_crosses_a_layer():
    found = [
        crossing
        for module, path in MODULES.items()
        for crossing in crossings(module, path.read_text("utf-8"), path.name == "__init__.py")
    ]
    assert found == []


def test_every_import_of_the_package_names_a_module_that_exists():
    # A type-only import of a moved module fails nowhere else (it never runs).
    known = set(MODULES) | {
        ".".join(path.relative_to(PACKAGE.parent).parts)
        for path in PACKAGE.rglob("*")
        if path.is_dir()
    }
    missing = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            missing += [
                f"{module}:{node.lineno} imports {name}"
                for name in names
                if _within(name, "mathlsp") and name not in known
            ]
    assert missing == []


# -- the rule itself can fail ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("mathlsp.notes.literature", "from mathlsp.sources.record import PaperRecord"),
        ("mathlsp.notes.literature", "import mathlsp.checks"),
        ("mathlsp.ide.hover_card", "from lsprotocol import types"),
        ("mathlsp.ide.navigation", "import pygls.server"),
        ("mathlsp.ide.fixes", "from mathlsp.features import convert"),
        ("mathlsp.checks.journal", "from mathlsp import cache"),
        ("mathlsp.checks.journal", "def f():\n    from mathlsp.sources.registry import Sources\n"),
        ("mathlsp.sources.arxiv", "if TYPE_CHECKING:\n    import mathlsp.verify.matcher\n"),
        ("mathlsp.verify.pipeline", "from ..search import run"),
        ("mathlsp.features.hover", "from mathlsp.cli import main"),
        ("mathlsp.cli.check", "from lsprotocol.types import Diagnostic"),
        ("mathlsp.fsutil", "from mathlsp.notes import text"),
    ],
)
def test_a_crossing_is_reported(module: str, source: str):
    assert len(crossings(module, source)) == 1


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("mathlsp.notes.literature", "from mathlsp.notes.spans import Span\nimport yaml"),
        ("mathlsp.ide.hover_card", "from mathlsp.sources.record import PaperRecord"),
        ("mathlsp.features.hover", "from lsprotocol import types\nfrom mathlsp.ide import fixes"),
        ("mathlsp.checks.base", "from mathlsp.checks.findings import Finding"),
        ("mathlsp.cli.serve", "from mathlsp.features.server import create_server"),
    ],
)
def test_an_allowed_import_is_not_reported(module: str, source: str):
    assert crossings(module, source) == []
