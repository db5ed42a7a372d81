"""Language-server settings: a typed dataclass read from the editor's configuration.

Settings arrive as `initializationOptions` and as the `mathlsp` section of
`workspace/didChangeConfiguration` / `workspace/configuration`. Keys may be camelCase (as editors
write them) or snake_case. An invalid value never stops the server: it is reported as a warning
and the default is used. Every option is documented in docs/configuration.md.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mathlsp.sources.recheck import DEFAULT_BASE_URLS

if TYPE_CHECKING:
    from mathlsp.checks import CheckSettings

SECTION = "mathlsp"
VERIFICATION_MODES = ("off", "onSave", "onOpen")
# Every backend mathlsp knows (the re-check table is a light module: no HTTP stack at start-up).
BACKEND_NAMES = tuple(DEFAULT_BASE_URLS)


@dataclass(frozen=True, slots=True)
class ServerSettings:
    # Checks
    stale_after_days: int = 180
    # Diagnostics
    debounce_ms: int = 150
    # Unopened notes are re-checked this often when the editor cannot watch files (0: never)
    poll_interval_ms: int = 2000
    # Background verification of new or changed entries (never edits the text)
    verification: str = "onSave"  # off | onSave | onOpen
    confirm_queries: bool = True
    backends: tuple[str, ...] = BACKEND_NAMES
    cache_dir: str | None = None

    def check_settings(self) -> CheckSettings:
        # Imported here: the rules are not needed to answer `initialize`.
        from mathlsp.checks import CheckSettings

        return CheckSettings(stale_after_days=self.stale_after_days)


@dataclass(slots=True)
class ParsedSettings:
    settings: ServerSettings
    warnings: list[str] = field(default_factory=list)


def _shown(value: Any) -> str:
    """A setting's value as the user wrote it in their editor's JSON (`null`, `true`, `"soon"`),
    not as Python spells it (`None`, `True`, `'soon'`)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 80 else text[:79] + "…"


def _int(name: str, lo: int, hi: int):
    def parse(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value.strip())
            else:
                raise ValueError(f"`{name}` must be a whole number, not {_shown(value)}")
        if isinstance(value, float):
            if not value.is_integer():
                raise ValueError(f"`{name}` must be a whole number, not {_shown(value)}")
            value = int(value)
        if not lo <= value <= hi:
            raise ValueError(f"`{name}` must be between {lo} and {hi}, not {value}")
        return value

    return parse


def _bool(name: str):
    def parse(value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        raise ValueError(f"`{name}` must be true or false, not {_shown(value)}")

    return parse


def _choice(name: str, choices: tuple[str, ...]):
    def parse(value: Any) -> str:
        if isinstance(value, str):
            for choice in choices:
                if value.lower() == choice.lower():
                    return choice
        raise ValueError(f"`{name}` must be one of {', '.join(choices)}, not {_shown(value)}")

    return parse


def _backends(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"`backends` must be a list of backend names, not {_shown(value)}")
    unknown = [v for v in value if v not in BACKEND_NAMES]
    if unknown:
        raise ValueError(
            f"`backends`: unknown backend {', '.join(map(_shown, unknown))} "
            f"(known: {', '.join(BACKEND_NAMES)})"
        )
    return tuple(dict.fromkeys(value))


def _optional_path(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ValueError(f"`cacheDir` must be a path, not {_shown(value)}")
    return value


# snake_case field → (camelCase key, parser)
_FIELDS = {
    "stale_after_days": ("staleAfterDays", _int("staleAfterDays", 1, 36500)),
    "debounce_ms": ("debounceMs", _int("debounceMs", 0, 10_000)),
    "poll_interval_ms": ("pollIntervalMs", _int("pollIntervalMs", 0, 3_600_000)),
    "verification": ("verification", _choice("verification", VERIFICATION_MODES)),
    "confirm_queries": ("confirmQueries", _bool("confirmQueries")),
    "backends": ("backends", _backends),
    "cache_dir": ("cacheDir", _optional_path),
}
_IGNORED = frozenset({"trace", "enable", "serverPath", "server"})  # read by editor extensions
_KEYS = {camel: snake for snake, (camel, _) in _FIELDS.items()} | {s: s for s in _FIELDS}


def parse_settings(raw: Any, base: ServerSettings | None = None) -> ParsedSettings:
    """Settings from an editor's JSON (`{"mathlsp": {...}}` or the section itself).

    Values absent from `raw` keep those of `base` (the defaults when None). Never raises.
    """
    base = base or ServerSettings()
    # Lua encodes an empty table as `[]`: Neovim's `setup()` / `setup({})` sends
    # `{"mathlsp": []}` (or `[]`), which means "no settings", not a bad one.
    if raw is None or raw == []:
        return ParsedSettings(base)
    if isinstance(raw, Mapping) and SECTION in raw:
        section = raw[SECTION]
        if section is None or section == []:
            return ParsedSettings(base)
        if isinstance(section, Mapping):
            raw = section
    if not isinstance(raw, Mapping):
        return ParsedSettings(base, [f"mathlsp settings must be an object, not {_shown(raw)}"])
    changes: dict[str, Any] = {}
    warnings: list[str] = []
    for key, value in raw.items():
        snake = _KEYS.get(str(key))
        if snake is None and key in _IGNORED:
            continue
        if snake is None:
            warnings.append(f"unknown mathlsp setting `{key}` (ignored)")
            continue
        _camel, parser = _FIELDS[snake]
        if value is None:
            # JSON null is "not set" (an editor's unset option, Lua's vim.NIL): the default,
            # without a warning.
            changes[snake] = getattr(ServerSettings(), snake)
            continue
        try:
            changes[snake] = parser(value)
        except ValueError as exc:
            default = getattr(ServerSettings(), snake)
            warnings.append(f"{exc}; using {_shown(default)}")
            changes[snake] = default
    return ParsedSettings(dataclasses.replace(base, **changes), warnings)
