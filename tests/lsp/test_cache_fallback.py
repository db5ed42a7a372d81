"""`cacheDir` naming a folder that cannot hold the cache falls back as documented: the default
folder, else memory. Diagnostics never break over it."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from mathlsp.cache import Cache
from mathlsp.features.verification.service import VerificationService


def _service(cache_dir: str | None) -> tuple[VerificationService, list[str]]:
    warnings: list[str] = []
    server: Any = SimpleNamespace(
        settings=SimpleNamespace(cache_dir=cache_dir), warn_user=warnings.append
    )
    return VerificationService(server), warnings


@pytest.mark.parametrize("where", ["/proc/self", "a-file"])
def test_a_folder_that_cannot_hold_the_cache_falls_back_to_the_default(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MATHLSP_CACHE_DIR", str(tmp_path / "default"))
    if where == "a-file":
        where = str(tmp_path / "a-file")
        Path(where).write_text("not a folder")
    service, warnings = _service(where)
    cache = service.cache
    assert cache.path == tmp_path / "default" / "sources.sqlite3"
    assert len(warnings) == 1 and where in warnings[0] and "default folder" in warnings[0]


def test_when_no_folder_can_hold_it_the_cache_is_in_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MATHLSP_CACHE_DIR", "/proc/self/nothing")
    service, warnings = _service("/proc/self")
    cache = service.cache
    assert isinstance(cache, Cache) and str(cache.path) == ":memory:"
    assert len(warnings) == 2
