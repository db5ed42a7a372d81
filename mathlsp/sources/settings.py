"""Source settings: base URLs, switches, key, mailto, timeouts, rate limits and retry policy.

Precedence, lowest first: built-in defaults < `.math/config.json` < environment < explicit
overrides (init options or tests). The Semantic Scholar key is an exception (docs/sources.md):
`SEMANTIC_SCHOLAR_API_KEY` wins over the config file. The key is kept out of `repr`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mathlsp import __version__
from mathlsp.fsutil import MAX_CONFIG_BYTES, parse_json_object, read_bounded
from mathlsp.sources.http import RetryPolicy
from mathlsp.sources.recheck import DEFAULT_BASE_URLS, URL_ENV_VARS

_log = logging.getLogger(__name__)

BACKENDS: tuple[str, ...] = tuple(DEFAULT_BASE_URLS)

# Seconds between request starts, per backend. arXiv asks for 3 s; Semantic Scholar grants 1/s
# to a key (the keyless pool is shared by everyone, so be gentler); Crossref's polite pool allows
# ~10/s, its public pool ~5/s; OpenAlex allows 10/s; NCBI allows 3/s without an API key;
# zbMATH Open publishes no limit, so one request a second.
DEFAULT_MIN_INTERVAL_S: dict[str, float] = {
    "arxiv": 3.0,
    "semantic_scholar": 1.0,
    "openalex": 0.1,
    "crossref": 0.1,
    "pubmed": 0.34,
    "theoremsearch": 1.0,
    "zbmath": 1.0,
}
KEYLESS_S2_INTERVAL_S = 3.0
NO_MAILTO_INTERVAL_S = {"crossref": 0.2, "openalex": 0.2}


def _split(value: str) -> list[str]:
    return [v.strip().lower().replace("-", "_") for v in value.split(",") if v.strip()]


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


# Numeric settings: (integer?, lowest, highest). A value outside, or not a number (`"abc"`, a
# 5,000-digit integer, a list), is ignored with a warning and the default stays.
_NUMBERS: dict[str, tuple[bool, float, float]] = {
    "timeout_s": (False, 0.1, 3600.0),
    "rate_limit_scale": (False, 0.0, 1000.0),
    "crossref_concurrency": (True, 1, 64),
    "arxiv_batch": (True, 1, 2000),
    "s2_batch": (True, 1, 500),
    "openalex_batch": (True, 1, 200),
    "pubmed_batch": (True, 1, 10_000),
    "min_interval_s": (False, 0.0, 3600.0),
    "max_attempts": (True, 1, 20),
    "base_delay_s": (False, 0.0, 3600.0),
    "max_delay_s": (False, 0.0, 3600.0),
    "total_timeout_s": (False, 0.1, 86_400.0),
}


def valid_number(name: str, value: Any, where: str = ".math/config.json") -> float | int | None:
    """`value` as the setting `name` takes it, or None (with a warning) when it cannot be."""
    integer, low, high = _NUMBERS[name]
    number: float | int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int | float):
        number = value
    elif isinstance(value, str):
        try:
            number = float(value) if len(value) < 64 else None
        except ValueError:
            number = None
    if number is not None and number == number and low <= number <= high:  # NaN fails
        if not integer:
            return float(number)
        if float(number).is_integer():
            return int(number)
    if isinstance(value, int) and value.bit_length() > 64:  # repr() refuses 4,300+ digits
        shown = f"an integer of {value.bit_length()} bits"
    else:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    kind = "an integer" if integer else "a number"
    _log.warning(
        "mathlsp: %s: `%s` must be %s from %g to %g, not %s; using the default",
        where,
        name,
        kind,
        low,
        high,
        shown,
    )
    return None


@dataclass(frozen=True)
class SourceSettings:
    base_urls: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_BASE_URLS))
    enabled: frozenset[str] = frozenset(BACKENDS)
    semantic_scholar_api_key: str | None = field(default=None, repr=False)
    mailto: str | None = None
    timeout_s: float = 20.0
    #: Explicit per-backend intervals; missing backends use the defaults above.
    min_interval_s: Mapping[str, float] = field(default_factory=dict)
    #: Multiplies every interval and backoff delay (for test servers and mirrors).
    rate_limit_scale: float = 1.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    crossref_concurrency: int | None = None
    #: Per-request batch sizes (the APIs' documented maxima by default).
    arxiv_batch: int = 100
    s2_batch: int = 500
    openalex_batch: int = 100
    pubmed_batch: int = 200

    def base_url(self, backend: str) -> str:
        return self.base_urls.get(backend, DEFAULT_BASE_URLS[backend]).rstrip("/")

    def is_enabled(self, backend: str) -> bool:
        return backend in self.enabled

    def interval(self, backend: str) -> float:
        if backend in self.min_interval_s:
            base = float(self.min_interval_s[backend])
        elif backend == "semantic_scholar" and not self.semantic_scholar_api_key:
            base = KEYLESS_S2_INTERVAL_S
        elif backend in NO_MAILTO_INTERVAL_S and not self.mailto:
            base = NO_MAILTO_INTERVAL_S[backend]
        else:
            base = DEFAULT_MIN_INTERVAL_S[backend]
        return base * self.rate_limit_scale

    def retry_policy(self) -> RetryPolicy:
        if self.rate_limit_scale == 1.0:
            return self.retry
        return replace(
            self.retry,
            base_delay_s=self.retry.base_delay_s * self.rate_limit_scale,
            max_delay_s=self.retry.max_delay_s * self.rate_limit_scale,
        )

    def crossref_parallel(self) -> int:
        if self.crossref_concurrency is not None:
            return max(1, self.crossref_concurrency)
        return 3 if self.mailto else 1  # Crossref's polite vs public concurrency limits

    @property
    def user_agent(self) -> str:
        contact = f" (mailto:{self.mailto})" if self.mailto else ""
        return f"mathlsp/{__version__}{contact}"

    @property
    def secrets(self) -> tuple[str, ...]:
        return (self.semantic_scholar_api_key,) if self.semantic_scholar_api_key else ()

    @classmethod
    def from_env(
        cls,
        project_config: Mapping[str, Any] | None = None,
        overrides: Mapping[str, Any] | None = None,
        *,
        environ: Mapping[str, str] | None = None,
    ) -> SourceSettings:
        """Settings from `.math/config.json` contents, the environment and explicit overrides.

        Recognised config/override keys: `semantic_scholar_api_key`, `mailto`, `disabled_sources`
        (list), `enabled_sources` (list), `source_urls` / `base_urls` (backend → URL),
        `timeout_s`, `min_interval_s` (backend → seconds), `rate_limit_scale`, `max_attempts`,
        `base_delay_s`, `max_delay_s`, `total_timeout_s`, `crossref_concurrency`, and the batch
        sizes. Unknown keys are ignored (the project config holds other things too).
        """
        env = os.environ if environ is None else environ
        config = dict(project_config or {})
        over = dict(overrides or {})

        base_urls = dict(DEFAULT_BASE_URLS)
        # Which layer chose each URL: a project file is someone else's text (a cloned repository),
        # so the user's key must never follow a URL that only it names.
        url_from_project: set[str] = set()
        for layer in (config, None, over):
            if layer is None:
                for backend, var in URL_ENV_VARS.items():
                    if env.get(var):
                        base_urls[backend] = env[var]
                        url_from_project.discard(backend)
                continue
            for key in ("source_urls", "base_urls"):
                urls = layer.get(key)
                if isinstance(urls, Mapping):
                    chosen = {k: str(v) for k, v in urls.items() if k in BACKENDS and v}
                    base_urls.update(chosen)
                    if layer is config:
                        url_from_project |= set(chosen)
                    else:
                        url_from_project -= set(chosen)

        enabled = set(BACKENDS)
        for layer_disabled in (
            config.get("disabled_sources"),
            _split(env.get("MATHLSP_DISABLED_SOURCES", "")),
            over.get("disabled_sources"),
        ):
            if isinstance(layer_disabled, list | tuple | set | frozenset):
                enabled -= {str(b).lower().replace("-", "_") for b in layer_disabled}
        only = over.get("enabled_sources") or config.get("enabled_sources")
        if isinstance(only, list | tuple | set | frozenset):
            enabled &= {str(b).lower().replace("-", "_") for b in only}

        user_key = over.get("semantic_scholar_api_key") or env.get("SEMANTIC_SCHOLAR_API_KEY")
        key = user_key or config.get("semantic_scholar_api_key") or None
        s2_url = base_urls["semantic_scholar"].rstrip("/")
        if (
            user_key
            and "semantic_scholar" in url_from_project
            and s2_url != DEFAULT_BASE_URLS["semantic_scholar"].rstrip("/")
        ):
            key = None
            _log.warning(
                "mathlsp: the Semantic Scholar key is not sent to %s: that URL comes from the "
                "project's .math/config.json, not from you (set MATHLSP_SEMANTIC_SCHOLAR_URL to "
                "use it with your key)",
                s2_url,
            )
        mailto = over.get("mailto") or env.get("MATHLSP_MAILTO") or config.get("mailto") or None

        merged: dict[str, Any] = {}
        for layer in (config, over):
            for name in (
                "timeout_s",
                "rate_limit_scale",
                "crossref_concurrency",
                "arxiv_batch",
                "s2_batch",
                "openalex_batch",
                "pubmed_batch",
            ):
                if name in layer and layer[name] is not None:
                    value = valid_number(name, layer[name])
                    if value is not None:
                        merged[name] = value
        for name, var in (
            ("rate_limit_scale", "MATHLSP_RATE_LIMIT_SCALE"),
            ("timeout_s", "MATHLSP_SOURCES_TIMEOUT"),
        ):
            if env.get(var) and name not in over:
                value = valid_number(name, env[var], var)
                if value is not None:
                    merged[name] = value

        intervals: dict[str, float] = {}
        for layer in (config, over):
            mi = layer.get("min_interval_s")
            if isinstance(mi, Mapping):
                for k, v in mi.items():
                    if k in BACKENDS and (seconds := valid_number("min_interval_s", v)) is not None:
                        intervals[k] = float(seconds)

        retry = RetryPolicy()
        retry_kw = {
            name: valid_number(name, raw)
            if (raw := over.get(name, config.get(name))) is not None
            else None
            for name in ("max_attempts", "base_delay_s", "max_delay_s", "total_timeout_s")
        }
        retry = replace(retry, **{k: v for k, v in retry_kw.items() if v is not None})
        if "jitter" in over:
            retry = replace(retry, jitter=_truthy(over["jitter"]))

        return cls(
            base_urls=base_urls,
            enabled=frozenset(enabled),
            semantic_scholar_api_key=str(key) if key else None,
            mailto=str(mailto) if mailto else None,
            min_interval_s=intervals,
            retry=retry,
            **merged,
        )


def find_project_config(start: Path | None = None) -> Path | None:
    """The nearest `.math/config.json` at or above `start` (default: the working directory)."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / ".math" / "config.json"
        if candidate.is_file():
            return candidate
    return None


def load_project_config(start: Path | None = None) -> dict[str, Any]:
    """Contents of the nearest `.math/config.json`, or `{}` (unreadable files count as empty)."""
    path = find_project_config(start)
    if path is None:
        return {}
    try:
        return parse_json_object(read_bounded(path, MAX_CONFIG_BYTES).decode("utf-8-sig"))
    except (OSError, ValueError) as exc:
        _log.warning("mathlsp: %s is ignored: %s", path, exc)
        return {}
