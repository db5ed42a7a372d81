"""Drafting the Synthesis from the editor: `mathlsp.draftSynthesis`, its code action, accepting
drafted lines (SYN004), and the citation graph in hovers and code lenses.

The draft reports `$/progress`, is cancellable (a cancelled draft changes nothing) and applies
one versioned WorkspaceEdit on LITERATURE.md, computed against the newest buffer text: the user
may type while the sources answer. The edit only inserts lines (`mathlsp.synthesis.write`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.features.arguments import checked
from mathlsp.features.edits import apply_edit, build_workspace_edit, show, snapshot
from mathlsp.features.progress import WorkCancelled, work_done_progress
from mathlsp.features.workspace_state import uri_to_path
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry
from mathlsp.synthesis.graph import CitationGraph, describe
from mathlsp.synthesis.review import accept_edits, draft_lines

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

DRAFT = "mathlsp.draftSynthesis"
TITLE = "Draft synthesis from evidence"


def _arg(args: Sequence[Any], index: int, key: str) -> Any:
    if args and isinstance(args[0], dict):
        return args[0].get(key)
    return args[index] if len(args) > index else None


# -- citation graph for hover and lens ------------------------------------------------------
def citation_graph(server: MathLanguageServer, lit: LiteratureDoc) -> CitationGraph | None:
    """The graph from the cache (offline); None when nothing about these papers is cached."""
    from mathlsp.synthesis.run import offline_graph

    service = getattr(server, "verification", None)
    try:
        return offline_graph(service.cache if service is not None else None, lit)
    except Exception:  # the cache is advisory: a hover must not fail over it
        return None


def hover_lines(server: MathLanguageServer, lit: LiteratureDoc, entry: ReferenceEntry) -> list[str]:
    """ "Citations among your references: cites REF-002 · cited by REF-007" (or nothing)."""
    if not entry.confirmed:
        return []
    graph = citation_graph(server, lit)
    if graph is None or (entry.id not in graph.known and not graph.cited_by(entry.id)):
        return []
    text = describe(graph, entry.id) or "no citation link to your other references"
    return [f"Citations among your references: {text}"]


def lens_suffix(graph: CitationGraph | None, entry: ReferenceEntry) -> str:
    """ " · cited by 2 of your references" for a confirmed entry (empty when not known)."""
    if graph is None or not entry.confirmed:
        return ""
    n = len(graph.cited_by(entry.id))
    if n == 0 and not graph.known:
        return ""
    return f" · cited by {n} of your references"


# -- the command ---------------------------------------------------------------------------
async def draft_command(server: MathLanguageServer, args: Sequence[Any]) -> Any:
    from mathlsp.notes.problem import ProblemDoc
    from mathlsp.search.write import text_edits
    from mathlsp.synthesis.draft import draft
    from mathlsp.synthesis.run import gather
    from mathlsp.synthesis.write import write_draft

    uri = _arg(args, 0, "uri")
    path = uri_to_path(str(uri)) if uri else None
    root = server.store.folder_root(path) if path is not None else None
    if root is None:
        show(server, "mathlsp: open a note of a problem folder to draft its synthesis",
             types.MessageType.Error)  # fmt: skip
        return None
    lit_path = root / "LITERATURE.md"
    text = snapshot(server, lit_path).text
    if text is None:
        show(server, "mathlsp: no LITERATURE.md yet: search the literature first",
             types.MessageType.Error)  # fmt: skip
        return None
    doc = LiteratureDoc(text, lit_path)
    if not doc.confirmed:
        show(server, "mathlsp: no confirmed references to synthesise yet", types.MessageType.Info)
        return {"added": 0}
    problem_text = snapshot(server, root / "PROBLEM.md").text
    problem = ProblemDoc(problem_text, root / "PROBLEM.md") if problem_text else None
    sources = await server.verification.sources(root)
    try:
        async with work_done_progress(server, TITLE) as progress:
            gathered = await gather(sources, doc, problem, progress=progress.report)
    except WorkCancelled:
        show(server, "mathlsp: draft cancelled; nothing was changed", types.MessageType.Info)
        return None
    server.verification.learned()
    # The user may have typed meanwhile: draft onto the newest text.
    snap = snapshot(server, lit_path)
    if snap.text is None:
        return None
    result = write_draft(snap.text, draft(gathered.evidence))
    notes = f" ({'; '.join(gathered.notes)})" if gathered.notes else ""
    if result.changed:
        file_edit = snap.edit(text_edits(snap.text, result.text))
        prepared = build_workspace_edit(
            [file_edit], server.client_capabilities, server.position_encoding
        )
        if not await apply_edit(server, prepared, TITLE):
            return None
        show(
            server,
            f"mathlsp: drafted {len(result.added)} synthesis lines from the evidence — review "
            f"them (SYN004 marks each until you edit or accept it){notes}",
            types.MessageType.Info,
        )
    else:
        show(server, f"mathlsp: nothing new to draft{notes}", types.MessageType.Info)
    return {"added": len(result.added), "already": len(result.already), "notes": gathered.notes}


# -- code actions --------------------------------------------------------------------------
def code_actions(state: Any, params: types.CodeActionParams, wanted: Any) -> list[types.CodeAction]:
    """Draft (PROBLEM.md, LITERATURE.md) and accept drafted lines (SYN004)."""
    actions: list[types.CodeAction] = []
    source, quickfix = types.CodeActionKind.Source, types.CodeActionKind.QuickFix
    if state.path.name in ("PROBLEM.md", "LITERATURE.md") and wanted(source):
        actions.append(
            types.CodeAction(
                title=TITLE,
                kind=source,
                command=types.Command(title=TITLE, command=DRAFT, arguments=[state.uri]),
            )
        )
    doc = state.doc
    if not isinstance(doc, LiteratureDoc):
        return actions
    caps = state.server.client_capabilities
    encoding = state.encoding

    def accept(title: str, kind: str, lines: set[int] | None, diags: list[Any]) -> None:
        edits = accept_edits(doc, lines)
        if not edits:
            return
        prepared = build_workspace_edit([state.file_edit(edits)], caps, encoding)
        actions.append(
            types.CodeAction(
                title=title,
                kind=kind,
                diagnostics=diags or None,
                edit=prepared.edit,
                is_preferred=(lines is not None) or None,
            )
        )

    syn004 = [
        d for d in params.context.diagnostics if d.source == "mathlsp" and str(d.code) == "SYN004"
    ]
    if syn004 and wanted(quickfix):
        for d in syn004:
            data = d.data if isinstance(d.data, dict) else {}
            line = data.get("line", d.range.start.line)
            accept("Accept drafted line (remove the draft marker)", quickfix, {int(line)}, [d])
    if draft_lines(doc) and (wanted(source) or (syn004 and wanted(quickfix))):
        kind = source if wanted(source) else quickfix
        accept("Accept all drafted synthesis lines", kind, None, syn004)
    return actions


def register(server: MathLanguageServer) -> None:
    @server.command(DRAFT)
    async def mathlsp_draft_synthesis(*args: Any) -> Any:
        if (call := checked(server, DRAFT, args)) is None:
            return None
        try:
            return await draft_command(server, call)
        except Exception as exc:
            server.report_feature_error(DRAFT, exc, None)
            show(server, f"mathlsp: drafting the synthesis failed: {exc}", types.MessageType.Error)
            return None
