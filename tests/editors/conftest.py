"""Fixtures of the real-editor end-to-end tests (Neovim, Emacs, Vim, VS Code/code-server)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakescholar import FakeScholar


@pytest.fixture(scope="session")
def fake_scholar_env() -> Iterator[dict[str, str]]:
    """Every scholarly backend pointed at a local fake server: no test here touches the network."""
    fake = FakeScholar().start()
    try:
        yield fake.env()
    finally:
        fake.stop()
