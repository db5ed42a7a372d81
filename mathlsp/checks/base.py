"""The check framework: a catalog of codes, a context, and a registry of rule functions."""

from __future__ import annotations

import datetime as dt
import functools
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mathlsp.checks.findings import Finding, Related, Severity
from mathlsp.fsutil import MAX_CONFIG_BYTES, parse_json_object, read_bounded
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.spans import Span
from mathlsp.notes.text import Position, Range
from mathlsp.sources.recheck import configured_bases, project_urls, with_project_urls


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    severity: Severity
    title: str  # one line, for the catalog


CATALOG: dict[str, Code] = {}


def define(code: str, severity: Severity, title: str) -> str:
    if code in CATALOG:
        raise ValueError(f"duplicate diagnostic code {code}")
    CATALOG[code] = Code(code, severity, title)
    return code


@dataclass(frozen=True, slots=True)
class CheckSettings:
    stale_after_days: int = 180
    now: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    # The local cache of verified records (mathlsp.cache.Cache): with it, entries are compared
    # with what their sources returned — offline, no network call. None: those checks are off.
    verification: Any = None
    # Every base URL each backend may have had (defaults, `MATHLSP_*_URL`; the project's
    # `source_urls` are added per folder by `for_folder`): a stamp's URL must be a re-check URL
    # on one of them (REF011).
    recheck_bases: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: configured_bases(os.environ)
    )

    def for_folder(self, root: Path) -> CheckSettings:
        """These settings for the notes under `root`: with the base URLs its project's
        `.math/config.json` gives its backends."""
        urls = _project_source_urls(root)
        if not urls:
            return self
        merged = with_project_urls(self.recheck_bases, urls)
        return self if merged == dict(self.recheck_bases) else replace(self, recheck_bases=merged)


def _project_source_urls(root: Path) -> dict[str, tuple[str, ...]]:
    for folder in (root, *root.parents):
        path = folder / ".math" / "config.json"
        try:
            st = path.stat()
        except OSError:
            continue
        return _read_source_urls(path, st.st_mtime_ns, st.st_size)
    return {}


@functools.lru_cache(maxsize=32)
def _read_source_urls(path: Path, mtime_ns: int, size: int) -> dict[str, tuple[str, ...]]:
    """Keyed by the file's mtime and size: a check per keystroke reads it once per change."""
    del mtime_ns, size
    try:
        config = parse_json_object(read_bounded(path, MAX_CONFIG_BYTES).decode("utf-8-sig"))
    except (OSError, ValueError):  # an unusable config is reported elsewhere, not here
        return {}
    return project_urls(config)


# At most this many findings of one code are listed per file (then one DOC006 says how many
# more): a user gains nothing from 100,000 of one kind, and editors choke on them.
FINDINGS_PER_CODE = 100

# What `CheckContext.finding` returns for a finding past the cap while counting: dropped by
# the caller, never shown.
NOT_LISTED = Finding("", Severity.HINT, "", Range(Position(0, 0), Position(0, 0)))


@dataclass(slots=True)
class CheckContext:
    folder: ProblemFolder
    path: Path
    doc: MarkdownDoc
    settings: CheckSettings
    # Findings made so far per code, while whole-file rules run (`checks.cap.counted`): past
    # the cap a finding is counted and not built — building 100,000 costs a second.
    counts: dict[str, int] | None = None

    def past_cap(self, code: str) -> bool:
        """Whether the next finding of `code` will only be counted (see `finding`)."""
        counts = self.counts
        return counts is not None and counts.get(code, 0) >= FINDINGS_PER_CODE

    def finding(
        self,
        code: str,
        message: str,
        span: Span,
        *,
        related: Iterable[tuple[MarkdownDoc, Span, str]] = (),
        data: dict[str, Any] | None = None,
        severity: Severity | None = None,
    ) -> Finding:
        counts = self.counts
        if counts is not None:
            n = counts[code] = counts.get(code, 0) + 1
            if n > FINDINGS_PER_CODE:
                return NOT_LISTED
        return Finding(
            code=code,
            severity=severity or CATALOG[code].severity,
            message=message,
            range=self.doc.range(span),
            related=tuple(Related(d.path, d.range(s), m) for d, s, m in related),
            data=data or {},
        )


Rule = Callable[[CheckContext], Iterable[Finding]]
_RULES: list[tuple[type[MarkdownDoc], Rule]] = []


def rule(applies_to: type[MarkdownDoc] = MarkdownDoc) -> Callable[[Rule], Rule]:
    """Register a rule for documents of a class (MarkdownDoc: every note)."""

    def register(fn: Rule) -> Rule:
        _RULES.append((applies_to, fn))
        return fn

    return register


def rules_for(doc: MarkdownDoc) -> list[Rule]:
    return [fn for cls, fn in _RULES if isinstance(doc, cls)]


# Rules about one reference entry, whose findings depend only on that entry's own lines, the
# section it stands in and the settings: the engine runs them once per parsed entry and reuses
# their findings while the entry's lines are unchanged (see `checks.entries`).
# An entry rule returns its findings (a list, or an empty tuple): one generator per rule per
# entry cost ~10 ms of a cold check at 5,000 references (30k generators).
EntryRule = Callable[[CheckContext, Any], Sequence[Finding]]
ENTRY_RULES: list[EntryRule] = []


def entry_rule(fn: EntryRule) -> EntryRule:
    ENTRY_RULES.append(fn)
    return fn
