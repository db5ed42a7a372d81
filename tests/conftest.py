"""Every test runs with a home, cache and configuration of its own.

Nothing a test does may read or write the user's real `~/.cache/mathlsp` (or depend on what an
earlier run left there), and the user's own Semantic Scholar key or source URLs must not leak into
a test: the environment is set before any test module is imported, so servers that the tests
spawn inherit it too.
"""

from __future__ import annotations

import os
import tempfile

_ISOLATED = tempfile.mkdtemp(prefix="mathlsp-tests-")


def pytest_configure(config: object) -> None:
    home = os.path.join(_ISOLATED, "home")
    os.makedirs(home, exist_ok=True)
    # The editors the end-to-end tests drive were installed for the real home: keep finding them.
    real_home = os.path.expanduser("~")
    os.environ.setdefault("MATHLSP_CI_CACHE", os.path.join(real_home, ".cache", "mathlsp-ci"))
    os.environ["HOME"] = home
    os.environ["MATHLSP_CACHE_DIR"] = os.path.join(_ISOLATED, "cache")
    os.environ["XDG_CACHE_HOME"] = os.path.join(_ISOLATED, "xdg-cache")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(_ISOLATED, "xdg-config")
    for name in list(os.environ):
        if name == "SEMANTIC_SCHOLAR_API_KEY" or (
            name.startswith("MATHLSP_") and name.endswith("_URL")
        ):
            del os.environ[name]
    os.environ.pop("MATHLSP_DISABLED_SOURCES", None)
    os.environ.pop("MATHLSP_MAILTO", None)
