"""Offline checks: pure functions from parsed notes to `Finding`s with stable codes.

One rule family per module, registered when the first check runs (or `CATALOG` is asked for):
importing this package for its types (`Finding`, `CheckSettings`) costs no rule's imports —
the server answers `initialize` before any of them is needed. The catalog of codes is
`CATALOG` (documented in docs/diagnostics.md).
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mathlsp.checks import base
from mathlsp.checks.base import CheckContext, CheckSettings, rules_for
from mathlsp.checks.cap import capped, counted, listed
from mathlsp.checks.entries import entry_findings, findings_of, moved, settings_key
from mathlsp.checks.findings import Finding, by_position
from mathlsp.checks.kept import KeptFindings, listed_with
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.gcpause import gc_paused
from mathlsp.notes.literature import EditScope, LiteratureDoc

if TYPE_CHECKING:
    from mathlsp.checks.renumber import IdIndex
    from mathlsp.checks.titles import TitleReaders

RULE_MODULES = (
    "documents", "literature", "references", "synthesis", "problem", "journal", "deadends",
    "verification",
)  # fmt: skip

__all__ = ["CATALOG", "CheckCancelled", "CheckSettings", "check_document", "load_rules"]

_loaded = False
_loading = threading.Lock()


def load_rules() -> None:
    """Import the rule modules (they register themselves), once."""
    global _loaded
    if _loaded:
        return
    with _loading:
        if not _loaded:
            for name in RULE_MODULES:
                importlib.import_module(f"mathlsp.checks.{name}")
            _loaded = True


def __getattr__(name: str) -> Any:
    if name == "CATALOG":
        load_rules()
        return base.CATALOG
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    load_rules()
    settings = (settings or CheckSettings()).for_folder(folder.root)
    doc = folder.doc(path)
    if doc is None:
        return _unreadable(folder, path)
    ctx = CheckContext(folder, path, doc, settings)
    if isinstance(doc, LiteratureDoc):
        return _check_literature(ctx, doc, cancelled)
    findings: list[Finding] = []
    with gc_paused():
        findings = _document_rules(ctx, cancelled)
    findings.sort(key=by_position)
    return listed(findings)


def _document_rules(ctx: CheckContext, cancelled: Callable[[], bool] | None) -> list[Finding]:
    """The whole-file rules' findings, at most `FINDINGS_PER_CODE` of a code built."""
    return counted(ctx, lambda: _each_rule(ctx, cancelled))


def _each_rule(ctx: CheckContext, cancelled: Callable[[], bool] | None) -> Iterator[Finding]:
    for fn in rules_for(ctx.doc):
        if cancelled is not None and cancelled():
            raise CheckCancelled(str(ctx.path))
        try:
            yield from fn(ctx)
        except Exception:  # one broken rule must not hide the others' findings
            log.exception("check %s failed on %s", getattr(fn, "__name__", fn), ctx.path)


def _check_literature(
    ctx: CheckContext, doc: LiteratureDoc, cancelled: Callable[[], bool] | None
) -> list[Finding]:
    """A LITERATURE.md: when the edit since the last check only changed the prose of one entry
    (the common keystroke), the findings about the whole file are the last check's and only
    that entry is checked again; otherwise every rule runs (entry rules from their cache)."""
    memo = ctx.folder.check_memo.get(ctx.path)
    key = settings_key(ctx.settings)
    scope = doc.edited
    whole: list[Finding]
    kept: KeptFindings
    ids: IdIndex | None = None  # kept for the next id edit (`checks.renumber`)
    with gc_paused():
        again = memo is not None and memo[0] == doc.serial and memo[1] == key
        renumbered = None if again else _renumbered(ctx, doc, memo, key, cancelled)
        if again:
            assert memo is not None
            whole, kept, summary, ids = memo[2], memo[3], memo[4], memo[5]  # checked already
        elif renumbered is not None:
            # An id typed: the findings about the whole file that read no id are the last
            # check's, those that do were worked out again for the two ids.
            assert memo is not None and scope is not None and scope.entry is not None
            whole, summary, ids = renumbered, memo[4], memo[5]
            kept = _with_edited(ctx, doc, memo[3], scope)
        elif (
            memo is not None
            and scope is not None
            and scope.entry is not None
            and (scope.free_text_only or _retitled_alone(scope, memo[4]))
            and memo[0] == scope.predecessor
            and memo[1] == key
            and not any(_touches(f, scope.rewritten, str(doc.path)) for f in memo[2])
            and not capped(memo[2])  # uncounted findings may stand on the edited lines
        ):
            if cancelled is not None and cancelled():
                raise CheckCancelled(str(ctx.path))
            below, shift = scope.rewritten[1], scope.shift
            whole = memo[2] if not shift else [_below(f, below, shift, doc.path) for f in memo[2]]
            if scope.signatures is not None and scope.signatures[0] != scope.signatures[1]:
                # Lines of private fields changed: their own findings are looked for again.
                from mathlsp.checks.references import prose_identifiers_on

                assert scope.view is not None
                first, last = scope.lines
                again = counted(ctx, lambda: prose_identifiers_on(ctx, first, last, scope.view))
                whole = [*whole, *again]
            # The entries after the edited one stand `shift` lines further: one range add,
            # their findings are moved when read (`checks.kept`), not here.
            kept = memo[3].shifted(scope.entry, shift) if shift else memo[3]
            kept = _with_edited(ctx, doc, kept, scope)
            summary = memo[4]
            if scope.retitled is not None:
                summary = summary.retitled(scope.retitled, scope.view)
            if memo[5] is not None and not shift:
                assert scope.view is not None
                ids = memo[5].retyped(scope.entry, scope.view.core)
        else:
            whole = _document_rules(ctx, cancelled)
            kept = KeptFindings.of(doc.path, entry_findings(ctx, doc, cancelled))
            from mathlsp.checks.titles import TitleReaders  # a rule module's import

            summary = TitleReaders.of(doc)
            if scope is not None and scope.renumbered is not None:
                # An id edit: the next keystroke is likely another, in the same heading.
                from mathlsp.checks.renumber import IdIndex

                ids = IdIndex.of(doc, (d for d in ctx.folder.docs() if d.path != doc.path))
        ctx.folder.check_memo[ctx.path] = (doc.serial, key, whole, kept, summary, ids)
        return listed_with(whole, kept)


def _with_edited(
    ctx: CheckContext, doc: LiteratureDoc, kept: KeptFindings, scope: EditScope
) -> KeptFindings:
    """`kept` with the edited entry's findings worked out again (that entry alone: the
    document's other entries need not be worked out)."""
    assert scope.entry is not None
    entry = scope.view or doc.entries[scope.entry]
    return kept.with_entry(scope.entry, findings_of(ctx, entry))


def _renumbered(
    ctx: CheckContext, doc: LiteratureDoc, memo: tuple[Any, ...] | None, key: Hashable,
    cancelled: Callable[[], bool] | None,
) -> list[Finding] | None:  # fmt: skip
    """The whole-file findings after an id edit, from the last check's (`checks.renumber`);
    None when the edit is not one, or not one that module follows."""
    scope = doc.edited
    if (
        memo is None
        or scope is None
        or scope.renumbered is None
        or memo[5] is None
        or memo[0] != scope.predecessor
        or memo[1] != key
        or capped(memo[2])  # uncounted findings may stand on the edited line
    ):
        return None
    if cancelled is not None and cancelled():
        raise CheckCancelled(str(ctx.path))
    from mathlsp.checks.renumber import renumbered_findings

    return renumbered_findings(ctx, doc, scope, memo[2], memo[5], memo[4])


def _retitled_alone(scope: EditScope, summary: TitleReaders) -> bool:
    """A title changed and no whole-file rule reads it (see `TitleReaders`)."""
    return (
        scope.retitled is not None
        and scope.view is not None
        and not summary.read(scope.retitled, scope.view)
    )


def _touches(f: Finding, lines: tuple[int, int], path: str) -> bool:
    """Whether a finding, or a place in this note it points to, is on lines (first, last)."""
    first, last = lines
    if f.range.start.line <= last and f.range.end.line >= first:
        return True
    return any(
        r.path == path and r.range.start.line <= last and r.range.end.line >= first
        for r in f.related
    )


def _below(f: Finding, last: int, shift: int, path: str) -> Finding:
    """`f` of the version before an edit that rewrote lines up to `last` and moved the lines
    below by `shift` (`f` touches none of the rewritten lines)."""
    if f.range.start.line <= last and all(
        r.path != path or r.range.start.line <= last for r in f.related
    ):
        return f  # above the edit: where it was
    return moved(f, shift, path, after=last)


def _unreadable(folder: ProblemFolder, path: Path) -> list[Finding]:
    from mathlsp.checks.documents import unreadable_finding

    return [unreadable_finding(folder.load_problem(path) or "cannot read this file")]
