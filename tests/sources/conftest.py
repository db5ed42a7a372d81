"""Fixtures for the source tests: one fake scholarly server per module, fast settings."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from mathlsp.sources import SourceEvent, Sources, SourceSettings
from mathlsp.sources.settings import BACKENDS
from tests.fakescholar import FakeScholar

WIRE = Path(__file__).resolve().parents[1] / "fakescholar" / "data" / "wire"
TEST_KEY = "s2-test-key-7f3a9c"

# Small intervals and delays keep the suite fast; the *behaviour* (spacing, backoff, budgets) is
# what the tests check, measured from the server's request log rather than wall-clock asserts.
FAST: dict[str, Any] = {
    "min_interval_s": {b: 0.0 for b in BACKENDS},
    "base_delay_s": 0.02,
    "max_delay_s": 0.2,
    "total_timeout_s": 10.0,
    "max_attempts": 4,
    "timeout_s": 2.0,
}


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
def make_settings(fake: FakeScholar) -> Callable[..., SourceSettings]:
    def make(**overrides: Any) -> SourceSettings:
        over = {**FAST, "base_urls": fake.urls(), **overrides}
        return SourceSettings.from_env(overrides=over, environ={})

    return make


@pytest.fixture
def events() -> list[SourceEvent]:
    return []


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient() as c:
        yield c


@pytest.fixture
def make_sources(
    make_settings: Callable[..., SourceSettings],
    client: httpx.AsyncClient,
    events: list[SourceEvent],
) -> Callable[..., Sources]:
    def make(*, cache: Any = None, **overrides: Any) -> Sources:
        return Sources(make_settings(**overrides), client, cache=cache, on_event=events.append)

    return make


def wire(name: str) -> bytes:
    return (WIRE / name).read_bytes()
