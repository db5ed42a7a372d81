"""Verification tests run the real clients against the fake scholarly server."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from mathlsp.cache import Cache
from mathlsp.sources import Sources, SourceSettings
from tests.fakescholar import FakeScholar
from tests.sources.conftest import FAST


@pytest.fixture(scope="module")
def fake_server() -> Iterator[FakeScholar]:
    with FakeScholar.running() as fake:
        yield fake


@pytest.fixture
def fake(fake_server: FakeScholar) -> Iterator[FakeScholar]:
    fake_server.controls.reset()
    yield fake_server
    fake_server.controls.reset()


@pytest.fixture
async def sources(fake: FakeScholar, tmp_path: Path) -> AsyncIterator[Sources]:
    settings = SourceSettings.from_env(overrides={**FAST, "base_urls": fake.urls()}, environ={})
    async with httpx.AsyncClient() as client:
        yield Sources(settings, client, cache=Cache(tmp_path / "cache"))


@pytest.fixture
def fake_env(fake: FakeScholar, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The environment a CLI run needs to talk to the fake server, fast, with its own cache."""
    env = {
        **fake.env(),
        "MATHLSP_RATE_LIMIT_SCALE": "0.001",
        "MATHLSP_CACHE_DIR": str(tmp_path / "cache"),
    }
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("SEMANTIC_SCHOLAR_API_KEY", raising=False)
    return env
