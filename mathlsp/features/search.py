"""Literature search from the editor: code actions and the `mathlsp.searchLiterature` command.

The queries are shown before running (`window/showMessageRequest` with Run/Cancel; the
`confirmQueries` setting turns it off). The search reports `$/progress` per backend — rate-limit
waits included — and is cancellable: a cancelled search changes nothing. Its result is one
versioned WorkspaceEdit over LITERATURE.md and JOURNAL.md (created when absent), computed against
the newest text when the user typed meanwhile, so their text survives.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from mathlsp.features.arguments import checked
from mathlsp.features.edits import (
    CannotAsk,
    FileEdit,
    apply_edit,
    ask_choice,
    build_workspace_edit,
    show,
    snapshot,
)
from mathlsp.features.progress import WorkCancelled, work_done_progress
from mathlsp.features.workspace_state import uri_to_path
from mathlsp.sources.labels import label

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

SEARCH = "mathlsp.searchLiterature"
ADD_SET_ASIDE = "mathlsp.addSetAside"
MAX_SET_ASIDE_ACTIONS = 5
RUN, CANCEL = "Run", "Cancel"
MAX_LISTED = 10  # queries named in the Run/Cancel question


def _arg(args: Sequence[Any], index: int, key: str) -> Any:
    if args and isinstance(args[0], dict):
        return args[0].get(key)
    return args[index] if len(args) > index else None


def problem_root(server: MathLanguageServer, uri: str | None) -> Path | None:
    path = uri_to_path(uri) if uri else None
    return server.store.folder_root(path) if path is not None else None


CONFIRM_TIMEOUT_S = 300.0  # a person reads the queries; a client that never answers is not one


async def confirm(server: MathLanguageServer, message: str) -> bool:
    """Ask Run/Cancel; clients that cannot answer a message request just run."""
    if not server.settings.confirm_queries:
        return True
    try:
        answer = await ask_choice(
            server, message, [RUN, CANCEL], types.MessageType.Info, CONFIRM_TIMEOUT_S
        )
    except CannotAsk:
        return True
    except Exception as exc:  # no answer in time, or a reply that is not an answer: not a "Run"
        show(
            server,
            f"mathlsp: the search was not run: the editor gave no answer to its confirmation "
            f"({str(exc) or type(exc).__name__})",
            types.MessageType.Warning,
        )
        return False
    return answer == RUN


def summary(result: Any, writes: Any) -> str:
    confirmed = result.confirmed
    found = len(result.candidates) + len(result.already_listed)
    text = (
        f"Search: {found} papers found, {len(writes.new_confirmed)} confirmed, "
        f"{len(writes.new_unconfirmed)} unconfirmed written"
    )
    top = confirmed[:3]
    if top:
        text += ". Top: " + "; ".join(f"{c.title} ({c.year or 'n.d.'})" for c in top)
    if result.dropped:
        # Shown, never written: the source action in LITERATURE.md adds one as a UREF.
        text += (
            f". Below the line: {len(result.dropped)} (LITERATURE.md's source actions add one,"
            " unconfirmed)"
        )
    from mathlsp.search.follow_report import describe_following, followed

    following = describe_following(followed(result))
    if following:
        text += ". " + following[0]
    if result.down:
        text += ". Down: " + ", ".join(label(b) for b in result.down)
    return text


async def search_command(server: MathLanguageServer, args: Sequence[Any]) -> Any:
    from mathlsp.search.queries import build_queries, clean_query, prior_queries
    from mathlsp.search.run import ProblemNotReady, load_problem, run_search
    from mathlsp.search.write import SearchWriteError, plan_writes

    uri, query = _arg(args, 0, "uri"), _arg(args, 1, "query")
    query = str(query).strip() if query else None
    root = problem_root(server, uri)
    if root is None:
        show(
            server,
            "mathlsp: open a note of a problem folder to search for it",
            types.MessageType.Error,
        )
        return None

    def reader(path: Path) -> str | None:
        return snapshot(server, path).text

    try:
        problem = load_problem(root, reader)
    except ProblemNotReady as exc:
        show(server, f"mathlsp: {exc}", types.MessageType.Error)
        return None
    sources = await server.verification.sources(root)
    lit_text = reader(root / "LITERATURE.md")
    from mathlsp.notes.literature import LiteratureDoc

    history = LiteratureDoc(lit_text).history if lit_text is not None else []
    prior = prior_queries((r.cells for r in history), reader(root / "JOURNAL.md"))
    notation = reader(root / "NOTATION.md")
    plan = build_queries(problem, query, prior, backends=sources.enabled, notation=notation)
    if plan.empty and not plan.reference_ids:
        show(
            server,
            "mathlsp: every query of this search ran in an earlier search already",
            types.MessageType.Info,
        )
        return None
    # What the CLI shows: the services' names, not the backends' keys the Search History keeps.
    lines = [f"• {label(q.backend)}: {clean_query(q.query)}" for q in plan.queries]
    if len(lines) > MAX_LISTED:
        # VS Code shows no notification at all for a message much longer than this; the whole
        # plan goes to the output log, where nothing cuts it.
        server.log_to_client(
            "mathlsp: the search's queries:\n" + "\n".join(lines), types.MessageType.Info
        )
        lines = [
            *lines[:MAX_LISTED],
            f"… and {len(lines) - MAX_LISTED} more (all in the output log)",
        ]
    listing = "\n".join(lines) or "(only PROBLEM.md references)"
    from mathlsp.ide.unread import unread_note, unread_references

    if (note := unread_note(unread_references(problem))) is not None:
        listing += f"\n{note}"
    if not await confirm(server, f"Search the literature with these queries?\n{listing}"):
        show(server, "mathlsp: search cancelled; nothing was changed", types.MessageType.Info)
        return None
    service = server.verification
    service.status("searching", problem.title or root.name)
    try:
        async with work_done_progress(server, "Searching the literature") as progress:
            service._progress = progress

            def on_progress(backend: str, message: str) -> None:
                who = label(backend) if backend in sources.settings.base_urls else backend
                progress.report(f"{who}: {message}")

            result = await run_search(root, sources, query, on_progress, reader=reader, plan=plan)
    except WorkCancelled:
        show(server, "mathlsp: search cancelled; nothing was changed", types.MessageType.Info)
        return None
    finally:
        service._progress = None
        service.status("idle")
    service.learned()
    from mathlsp.search import below
    from mathlsp.search.write import describer

    if not result.all_down and not result.nothing_to_do:
        set_aside = below.entries(result.dropped, describer(result))
        below.remember(service.cache, root, set_aside, result.started_at)
    # The user may have typed while the search ran: plan the writes on the newest text.
    result.literature_text = reader(root / "LITERATURE.md")
    result.journal_text = reader(root / "JOURNAL.md")
    try:
        writes = plan_writes(result)
    except SearchWriteError as exc:
        show(server, f"mathlsp: search results not written: {exc}", types.MessageType.Error)
        return None
    files: list[FileEdit] = []
    for update in writes.files:
        snap = snapshot(server, update.path)
        if snap.text is None:
            files.append(FileEdit.create(update.path, None, update.text))
        else:
            files.append(snap.edit(update.edits))
    if files:
        prepared = build_workspace_edit(files, server.client_capabilities, server.position_encoding)
        if not await apply_edit(server, prepared, "Search literature"):
            return None
    if result.all_down:
        show(
            server,
            "mathlsp: no source answered, so nothing was found and nothing was written. Try "
            "again later.",
            types.MessageType.Warning,
        )
    else:
        show(server, f"mathlsp: {summary(result, writes)}", types.MessageType.Info)
    return {
        "confirmed": len(writes.new_confirmed),
        "unconfirmed": len(writes.new_unconfirmed),
        "journal": writes.journal_id,
    }


def paper_key(item: dict[str, Any]) -> str:
    """What names a set-aside paper in the command's argument: its arXiv id, DOI or title."""
    return str(item.get("arxiv_id") or item.get("doi") or item.get("title") or "")


def set_aside_actions(server: Any, state: Any) -> list[types.CodeAction]:
    """ "Add set-aside paper (unconfirmed): …" for the latest search's papers below the line
    that LITERATURE.md does not list yet."""
    from mathlsp.notes.literature import LiteratureDoc
    from mathlsp.search import below

    service = getattr(server, "verification", None)
    root = state.path.parent
    if service is None:
        return []
    items = below.recall(service.cache, root)
    if not items:
        return []
    doc = LiteratureDoc(state.doc.text)
    actions = []
    for item in [i for i in items if not below.listed(doc, i)][:MAX_SET_ASIDE_ACTIONS]:
        title = str(item["title"])
        shown = title if len(title) <= 60 else title[:57] + "…"
        label_ = f"Add set-aside paper (unconfirmed): {shown}"
        actions.append(
            types.CodeAction(
                title=label_,
                kind=types.CodeActionKind.Source,
                command=types.Command(
                    title=label_, command=ADD_SET_ASIDE, arguments=[state.uri, paper_key(item)]
                ),
            )
        )
    return actions


async def add_set_aside_command(server: MathLanguageServer, args: Sequence[Any]) -> Any:
    """Add one set-aside paper to LITERATURE.md as an Unconfirmed Reference (never a REF)."""
    import datetime as dt

    from mathlsp.search import below
    from mathlsp.search.write import text_edits

    uri, key = _arg(args, 0, "uri"), _arg(args, 1, "paper")
    path = uri_to_path(uri) if uri else None
    if path is None or path.name != "LITERATURE.md":
        show(
            server,
            "mathlsp: open the problem's LITERATURE.md to add a paper",
            types.MessageType.Error,
        )
        return None
    items = below.recall(server.verification.cache, path.parent)
    item = next((i for i in items if paper_key(i) == key), None)
    if item is None:
        show(
            server,
            "mathlsp: that paper is not among the latest search's set-aside papers; search again",
            types.MessageType.Warning,
        )
        return None
    snap = snapshot(server, path)
    if snap.text is None:
        show(server, f"mathlsp: {path} cannot be read", types.MessageType.Error)
        return None
    try:
        new = below.add_to_literature(snap.text, item, dt.datetime.now(dt.UTC))
    except ValueError as exc:
        show(server, f"mathlsp: the paper was not added: {exc}", types.MessageType.Error)
        return None
    if new is None:
        show(server, "mathlsp: LITERATURE.md already lists that paper", types.MessageType.Info)
        return None
    prepared = build_workspace_edit(
        [snap.edit(text_edits(snap.text, new))],
        server.client_capabilities,
        server.position_encoding,
    )
    if not await apply_edit(server, prepared, "Add set-aside paper"):
        return None
    return {"added": item["title"]}


def code_actions(
    state: Any, params: types.CodeActionParams, wanted: Any, server: Any = None
) -> list[types.CodeAction]:
    """ "Search literature" in PROBLEM.md and LITERATURE.md; "…for the selection" anywhere;
    "Add set-aside paper (unconfirmed): …" in LITERATURE.md after a search."""
    actions: list[types.CodeAction] = []
    name = state.path.name
    if name == "LITERATURE.md" and server is not None and wanted(types.CodeActionKind.Source):
        actions.extend(set_aside_actions(server, state))
    if name in ("PROBLEM.md", "LITERATURE.md") and wanted(types.CodeActionKind.Source):
        # Every discovery backend a mathematics problem asks (PubMed only for biomedical ones).
        title = "Search literature (arXiv, Semantic Scholar, OpenAlex, TheoremSearch, zbMATH Open)"
        actions.append(
            types.CodeAction(
                title=title,
                kind=types.CodeActionKind.Source,
                command=types.Command(title=title, command=SEARCH, arguments=[state.uri]),
            )
        )
    from mathlsp.search.text import reads_as_query

    start, end = state.offset(params.range.start), state.offset(params.range.end)
    selected = " ".join(state.doc.text[start:end].split())
    # Clients ask for actions on a diagnostic's range too (Problems panel, visual mode over a
    # squiggle): that is not a selection the user typed a query into.
    on_diagnostic = any(d.range == params.range for d in params.context.diagnostics or [])
    if not on_diagnostic and reads_as_query(selected) and wanted(types.CodeActionKind.Refactor):
        shown = selected if len(selected) <= 40 else selected[:37] + "…"
        title = f"Search literature for “{shown}”"
        actions.append(
            types.CodeAction(
                title=title,
                kind=types.CodeActionKind.Refactor,
                command=types.Command(title=title, command=SEARCH, arguments=[state.uri, selected]),
            )
        )
    return actions


def register(server: MathLanguageServer) -> None:
    @server.command(ADD_SET_ASIDE)
    async def mathlsp_add_set_aside(*args: Any) -> Any:
        if (call := checked(server, ADD_SET_ASIDE, args)) is None:
            return None
        try:
            return await add_set_aside_command(server, call)
        except Exception as exc:
            server.report_feature_error(ADD_SET_ASIDE, exc, None)
            show(server, f"mathlsp: adding the paper failed: {exc}", types.MessageType.Error)
            return None

    @server.command(SEARCH)
    async def mathlsp_search_literature(*args: Any) -> Any:
        if (call := checked(server, SEARCH, args)) is None:
            return None
        try:
            return await search_command(server, call)
        except Exception as exc:
            server.report_feature_error(SEARCH, exc, None)
            show(server, f"mathlsp: search failed: {exc}", types.MessageType.Error)
            return None
