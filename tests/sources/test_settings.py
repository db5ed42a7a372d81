"""SourceSettings: precedence, switches, key handling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathlsp.sources.settings import (
    DEFAULT_BASE_URLS,
    SourceSettings,
    find_project_config,
    load_project_config,
)


def test_defaults() -> None:
    s = SourceSettings.from_env(environ={})
    assert s.base_url("arxiv") == "http://export.arxiv.org"
    assert s.base_url("semantic_scholar") == "https://api.semanticscholar.org/graph/v1"
    assert dict(s.base_urls) == DEFAULT_BASE_URLS
    assert s.enabled == frozenset(DEFAULT_BASE_URLS)
    assert s.interval("arxiv") == 3.0
    assert s.interval("pubmed") == 0.34
    # Without a key the shared S2 pool is treated more gently than the 1/s a key grants.
    assert s.interval("semantic_scholar") == 3.0
    assert s.crossref_parallel() == 1
    assert s.semantic_scholar_api_key is None and s.mailto is None


def test_environment_and_config_precedence() -> None:
    env = {
        "MATHLSP_ARXIV_URL": "http://mirror.example/arxiv/",
        "MATHLSP_PUBMED_URL": "http://mirror.example/eutils",
        "SEMANTIC_SCHOLAR_API_KEY": "env-key-123",
        "MATHLSP_MAILTO": "env@example.org",
        "MATHLSP_DISABLED_SOURCES": "pubmed, theoremsearch",
    }
    config = {
        "semantic_scholar_api_key": "config-key-456",
        "mailto": "config@example.org",
        "source_urls": {"arxiv": "http://config.example", "crossref": "http://cr.example"},
    }
    s = SourceSettings.from_env(config, environ=env)
    assert s.base_url("arxiv") == "http://mirror.example/arxiv"  # env beats config
    assert s.base_url("crossref") == "http://cr.example"  # config beats default
    assert s.semantic_scholar_api_key == "env-key-123"  # the documented order: env first
    assert s.mailto == "env@example.org"
    assert not s.is_enabled("pubmed") and not s.is_enabled("theoremsearch")
    assert s.interval("semantic_scholar") == 1.0  # a key grants 1 request per second
    assert s.crossref_parallel() == 3  # polite pool

    s = SourceSettings.from_env(config, environ={})
    assert s.semantic_scholar_api_key == "config-key-456"

    over = {
        "base_urls": {"arxiv": "http://override"},
        "disabled_sources": ["arxiv"],
        "mailto": "o@x",
    }
    s = SourceSettings.from_env(config, over, environ=env)
    assert s.base_url("arxiv") == "http://override"
    assert not s.is_enabled("arxiv") and s.is_enabled("semantic_scholar")
    assert s.mailto == "o@x"


def test_empty_key_means_no_key() -> None:
    s = SourceSettings.from_env({"semantic_scholar_api_key": ""}, environ={})
    assert s.semantic_scholar_api_key is None
    assert s.secrets == ()


def test_key_not_in_repr() -> None:
    s = SourceSettings.from_env(environ={"SEMANTIC_SCHOLAR_API_KEY": "super-secret-key"})
    assert "super-secret-key" not in repr(s)
    assert s.secrets == ("super-secret-key",)


def test_overrides_for_tests_and_scale() -> None:
    s = SourceSettings.from_env(
        overrides={"min_interval_s": {"arxiv": 0.5}, "max_attempts": 2, "rate_limit_scale": 0.1},
        environ={},
    )
    assert s.interval("arxiv") == 0.05
    assert s.interval("openalex") == 0.2 * 0.1
    assert s.retry.max_attempts == 2
    assert s.retry_policy().base_delay_s == s.retry.base_delay_s * 0.1
    s = SourceSettings.from_env(environ={"MATHLSP_RATE_LIMIT_SCALE": "0.01"})
    assert s.interval("arxiv") == 0.03
    assert SourceSettings.from_env(
        overrides={"enabled_sources": ["arxiv"]}, environ={}
    ).enabled == {"arxiv"}


def test_project_config_discovery(tmp_path: Path) -> None:
    (tmp_path / ".math").mkdir()
    (tmp_path / ".math" / "config.json").write_text(json.dumps({"mailto": "me@example.org"}))
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    assert find_project_config(nested) == tmp_path / ".math" / "config.json"
    assert load_project_config(nested) == {"mailto": "me@example.org"}
    (tmp_path / ".math" / "config.json").write_text("{broken")
    assert load_project_config(nested) == {}


def test_user_key_never_follows_a_url_from_the_project_file() -> None:
    # A cloned project's config points Semantic Scholar at its own host: the user's key stays home.
    project = {"source_urls": {"semantic_scholar": "http://collector.example/graph/v1"}}
    s = SourceSettings.from_env(project, environ={"SEMANTIC_SCHOLAR_API_KEY": "user-key"})
    assert s.base_url("semantic_scholar") == "http://collector.example/graph/v1"
    assert s.semantic_scholar_api_key is None
    # The user's own choice of host (environment or client settings) does get the key …
    for chosen in (
        SourceSettings.from_env(
            project,
            environ={
                "SEMANTIC_SCHOLAR_API_KEY": "user-key",
                "MATHLSP_SEMANTIC_SCHOLAR_URL": "http://mirror.example/graph/v1",
            },
        ),
        SourceSettings.from_env(
            project,
            {"base_urls": {"semantic_scholar": "http://mirror.example/graph/v1"}},
            environ={"SEMANTIC_SCHOLAR_API_KEY": "user-key"},
        ),
    ):
        assert chosen.semantic_scholar_api_key == "user-key"
    # … and so does the official host, whatever the project file says about other backends.
    other = {"source_urls": {"arxiv": "http://arxiv-mirror.example"}}
    s = SourceSettings.from_env(other, environ={"SEMANTIC_SCHOLAR_API_KEY": "user-key"})
    assert s.semantic_scholar_api_key == "user-key"
    # A key the project file itself carries may go to the host the same file names.
    own = {**project, "semantic_scholar_api_key": "project-key"}
    assert SourceSettings.from_env(own, environ={}).semantic_scholar_api_key == "project-key"


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ({"timeout_s": "abc"}, 20.0),
        ({"timeout_s": 10**5000}, 20.0),
        ({"timeout_s": float("nan")}, 20.0),
        ({"timeout_s": True}, 20.0),
        ({"timeout_s": [3]}, 20.0),
        ({"timeout_s": -1}, 20.0),
        ({"timeout_s": "7.5"}, 7.5),
        ({"timeout_s": 3}, 3.0),
    ],
)
def test_an_unusable_number_keeps_the_default_with_a_warning(
    config: dict[str, object], expected: float, caplog: pytest.LogCaptureFixture
) -> None:
    settings = SourceSettings.from_env(config, environ={})
    assert settings.timeout_s == expected
    assert ("`timeout_s` must be a number" in caplog.text) == (expected == 20.0)


def test_unusable_batch_interval_and_retry_values_keep_their_defaults() -> None:
    default = SourceSettings.from_env({}, environ={})
    settings = SourceSettings.from_env(
        {
            "arxiv_batch": 1.5,
            "s2_batch": 10**6,
            "min_interval_s": {"arxiv": "x", "crossref": 2},
            "max_attempts": "z",
            "total_timeout_s": {},
        },
        environ={},
    )
    assert settings.arxiv_batch == default.arxiv_batch
    assert settings.s2_batch == default.s2_batch
    assert dict(settings.min_interval_s) == {"crossref": 2.0}
    assert settings.retry == default.retry
