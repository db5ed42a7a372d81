"""Commands (`workspace/executeCommand`): `mathlsp.resume` and `mathlsp.init`.

Both run the CLI's plans (`research.project`) and write their files without clobbering the
editor: a file open in the editor is changed through a versioned WorkspaceEdit (so its buffer,
unsaved edits included, is the text the plan was computed from, and the change can be undone);
every other file is written to disk atomically, only if unchanged since it was read.

- `mathlsp.resume [uri]`: the problem of the note `uri` (the active file), else the project's
  current problem (`.math/config.json`); regenerates DASHBOARD.md, counts the session in STATE.md,
  then shows the dashboard (`window/showDocument`, or a message with its path).
- `mathlsp.init slug [title]` (or `{"slug": …, "title": …}`): creates `.math/` and the problem
  folder from the templates in the workspace's project, then shows PROBLEM.md. LSP has no input
  box: without a slug the command explains how to pass one; an unsafe slug is refused.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.capabilities import get_capability

from mathlsp.features.arguments import checked
from mathlsp.features.edits import (
    FileEdit,
    apply_edit,
    build_workspace_edit,
    show,
    snapshot,
)
from mathlsp.features.progress import WorkCancelled, work_done_progress
from mathlsp.features.workspace_state import uri_to_path
from mathlsp.fsutil import ChangedOnDisk
from mathlsp.notes.folder import (
    UnsafeSlug,
    check_slug,
    find_problem_folder,
    find_project_root,
    is_problem_folder,
)
from mathlsp.notes.render import Edit
from mathlsp.notes.spans import Span
from mathlsp.research.project import (
    Plan,
    ProjectError,
    current_problem_folder,
    plan_init,
    plan_resume,
)

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)

RESUME = "mathlsp.resume"
INIT = "mathlsp.init"
INIT_USAGE = (
    'mathlsp.init needs the new problem\'s slug as its argument, e.g. arguments ["neumann-series"] '
    '(optionally a title: ["neumann-series", "Perturbed Neumann series"]), or run '
    "`mathlsp init <slug>` in a terminal. A slug is lower-case letters, digits and '-'."
)


class CommandError(Exception):
    """A problem to tell the user in one line (shown as an error message)."""


# -- writing a plan -----------------------------------------------------------------------------
def minimal_edit(old: str, new: str) -> Edit:
    """One edit turning `old` into `new`, trimmed to the part that differs (keeps the cursor and
    folds of an open buffer where they are)."""
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    # Never cut a CRLF in two: a position between \r and \n does not exist in LSP.
    if start and old[start - 1] == "\r" and old[start : start + 1] == "\n":
        start -= 1
    if end_old < len(old) and old[end_old - 1 : end_old] == "\r" and old[end_old] == "\n":
        end_old += 1
        end_new += 1
    return Edit(Span(start, end_old), new[start:end_new])


async def write_plan(server: MathLanguageServer, plan: Plan, label: str) -> bool:
    """Apply a plan: files open in the editor through a versioned WorkspaceEdit, the others on
    disk (`Plan.apply`: atomic, only over the text that was read). True when all was written;
    False (nothing on disk written) when the editor did not apply its part."""
    store = server.store
    in_editor: list[FileEdit] = []
    on_disk = Plan(messages=plan.messages)
    for w in plan.writes:
        if not store.is_open(w.path):
            on_disk.writes.append(w)
            continue
        snap = snapshot(server, w.path)
        if snap.text != w.original:
            raise CommandError(
                f"{w.path.name} changed while mathlsp was working (or its buffer is not the "
                "file mathlsp read); nothing was written — save it and run the command again"
            )
        if snap.text is None:
            in_editor.append(snap.replace_all(w.text))
        elif snap.text != w.text:
            in_editor.append(snap.edit([minimal_edit(snap.text, w.text)]))
    # The editor first (the user may refuse, or be typing): nothing goes to disk unless it
    # took its part. Disk writes still check that each file is what the plan read.
    prepared = build_workspace_edit(in_editor, server.client_capabilities, server.position_encoding)
    if not prepared.empty and not await apply_edit(server, prepared, label):
        return False
    try:
        on_disk.apply()
    except (ChangedOnDisk, OSError) as exc:
        raise CommandError(str(exc)) from exc
    finally:
        store.invalidate([w.path for w in on_disk.writes])
    return True


SHOW_DOCUMENT_TIMEOUT_S = 10.0


async def show_file(server: MathLanguageServer, path: Path, what: str) -> None:
    """Open `path` in the editor (`window/showDocument`), or tell the user where it is."""
    if get_capability(server.client_capabilities, "window.show_document.support", False):
        try:
            result = await asyncio.wait_for(
                server.window_show_document_async(
                    types.ShowDocumentParams(uri=server.store.uri_for(path), take_focus=True)
                ),
                SHOW_DOCUMENT_TIMEOUT_S,
            )
            if getattr(result, "success", False):
                return
        except Exception as exc:
            log.info("window/showDocument failed: %s", exc)
    show(server, f"mathlsp: {what}: {path}", types.MessageType.Info)


# -- resolving the problem ---------------------------------------------------------------------
def _workspace_roots(server: MathLanguageServer) -> list[Path]:
    roots: list[Path] = []
    try:
        workspace = server.workspace
    except RuntimeError:
        return roots
    for uri in [*workspace.folders, workspace.root_uri]:
        if uri and (path := uri_to_path(uri)) is not None and path not in roots:
            roots.append(path)
    return roots


def resume_target(server: MathLanguageServer, uri: str | None) -> tuple[Path, Path | None]:
    """(problem folder, project root or None) for the active note, else the workspace's project."""
    if uri:
        path = uri_to_path(uri)
        folder = find_problem_folder(path) if path is not None else None
        if folder is not None:
            return folder, find_project_root(folder)
    for root in _workspace_roots(server):
        project = find_project_root(root) if (root / ".math").is_dir() else None
        if project is not None:
            return current_problem_folder(project), project
    for root in _workspace_roots(server):
        if is_problem_folder(root):
            return root, find_project_root(root)
    raise CommandError(
        "no math project here: open a note of a problem folder, or run mathlsp.init with a slug"
    )


def _first_arg(args: tuple[Any, ...], key: str) -> Any:
    if not args:
        return None
    first = args[0]
    if isinstance(first, dict):
        return first.get(key)
    return first


# -- the commands ------------------------------------------------------------------------------
async def resume(server: MathLanguageServer, args: tuple[Any, ...]) -> dict[str, Any] | None:
    uri = _first_arg(args, "uri")
    folder, project = resume_target(server, uri if isinstance(uri, str) else None)
    async with work_done_progress(server, "Resuming session", cancellable=False) as progress:
        progress.report(f"reading {folder.name}")
        plan = plan_resume(folder, dt.datetime.now(dt.UTC), project, reader=server.store.read)
        progress.report("writing DASHBOARD.md", percentage=50)
        written = await write_plan(server, plan, "Resume session")
    dashboard = folder / "DASHBOARD.md"
    for message in plan.messages:
        server.log_to_client(f"mathlsp: {message}", types.MessageType.Info)
    if written:
        await show_file(server, dashboard, "session dashboard written to")
    return {"dashboard": server.store.uri_for(dashboard), "applied": written}


async def init(server: MathLanguageServer, args: tuple[Any, ...]) -> dict[str, Any] | None:
    slug = _first_arg(args, "slug")
    title = args[0].get("title") if args and isinstance(args[0], dict) else None
    if title is None and len(args) > 1 and isinstance(args[1], str):
        title = args[1]
    if not isinstance(slug, str) or not slug.strip():
        raise CommandError(INIT_USAGE)
    check_slug(slug)
    roots = _workspace_roots(server)
    if not roots:
        raise CommandError("mathlsp.init needs a workspace folder to create .math/ in")
    root = find_project_root(roots[0]) or roots[0]
    plan = plan_init(root, slug, dt.datetime.now(dt.UTC), title)
    written = await write_plan(server, plan, f"Initialise problem {slug}")
    problem = root / ".math" / "problems" / slug / "PROBLEM.md"
    if written:
        created = sum(1 for w in plan.writes if w.original is None)
        show(
            server,
            f"mathlsp: problem {slug} initialised ({created} file(s) created); fill in PROBLEM.md",
            types.MessageType.Info,
        )
        await show_file(server, problem, "new problem")
    return {"problem": server.store.uri_for(problem), "applied": written}


async def run_command(server: MathLanguageServer, name: str, job: Any) -> Any:
    """Await a command; problems the user can fix become an error message, never a crash."""
    try:
        return await job
    except WorkCancelled:
        show(server, f"mathlsp: {name} cancelled", types.MessageType.Info)
    except (CommandError, ProjectError, UnsafeSlug) as exc:
        show(server, f"mathlsp: {exc}", types.MessageType.Error)
    except Exception as exc:
        server.report_feature_error(name, exc, None)
        show(server, f"mathlsp: {name} failed: {exc}", types.MessageType.Error)
    return None


def register(server: MathLanguageServer) -> None:
    # `ls` first: pygls passes the server there and the command's arguments, raw, in `args`.
    @server.command(RESUME)
    async def mathlsp_resume(ls: Any, *args: Any) -> Any:
        if (call := checked(ls, RESUME, args)) is None:
            return None
        return await run_command(ls, RESUME, resume(ls, call))

    @server.command(INIT)
    async def mathlsp_init(ls: Any, *args: Any) -> Any:
        if (call := checked(ls, INIT, args)) is None:
            return None
        return await run_command(ls, INIT, init(ls, call))
