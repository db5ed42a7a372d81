"""Offline checks: pure functions from parsed notes to `Finding`s with stable codes.

One rule family per module; importing this package registers them all. The catalog of codes is
`CATALOG` (documented in docs/diagnostics.md).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from mathlsp.checks.base import CATALOG, CheckContext, CheckSettings, rules_for
from mathlsp.checks.entries import entry_findings
from mathlsp.checks.findings import Finding
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.gcpause import gc_paused
from mathlsp.notes.literature import LiteratureDoc

# Rule modules register themselves on import.
from mathlsp.checks import documents as _documents  # noqa: F401  isort: skip
from mathlsp.checks import literature as _literature  # noqa: F401  isort: skip
from mathlsp.checks import references as _references  # noqa: F401  isort: skip
from mathlsp.checks import synthesis as _synthesis  # noqa: F401  isort: skip
from mathlsp.checks import problem as _problem  # noqa: F401  isort: skip
from mathlsp.checks import journal as _journal  # noqa: F401  isort: skip
from mathlsp.checks import deadends as _deadends  # noqa: F401  isort: skip
from mathlsp.checks import verification as _verification  # noqa: F401  isort: skip

__all__ = ["CATALOG", "CheckCancelled", "CheckSettings", "check_document"]

log = logging.getLogger(__name__)


class CheckCancelled(Exception):
    """The text being checked was replaced meanwhile: the result would be thrown away."""


def check_document(
    folder: ProblemFolder,
    path: Path,
    settings: CheckSettings | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[Finding]:
    """Every finding for one note of a problem folder. Never raises on any document; raises
    `CheckCancelled` between rules once `cancelled()` says the result is no longer wanted."""
    settings = settings or CheckSettings()
    doc = folder.doc(path)
    if doc is None:
        return _unreadable(folder, path)
    ctx = CheckContext(folder, path, doc, settings)
    findings: list[Finding] = []
    with gc_paused():
        for fn in rules_for(doc):
            if cancelled is not None and cancelled():
                raise CheckCancelled(str(path))
            try:
                findings.extend(fn(ctx))
            except Exception:  # one broken rule must not hide the others' findings
                log.exception("check %s failed on %s", getattr(fn, "__name__", fn), path)
        if isinstance(doc, LiteratureDoc):
            findings.extend(entry_findings(ctx, doc, cancelled))
    findings.sort(key=lambda f: (f.range.start, f.code))
    return findings


def _unreadable(folder: ProblemFolder, path: Path) -> list[Finding]:
    from mathlsp.checks.documents import unreadable_finding

    return [unreadable_finding(folder.load_problem(path) or "cannot read this file")]
