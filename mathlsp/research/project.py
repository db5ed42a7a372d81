"""Project set-up and session restoration: `init` and `resume` as plans of file writes."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path

from mathlsp.fsutil import parse_json_object, read_text, write_if_unchanged
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import ProblemFolder, Reader, check_slug
from mathlsp.notes.journal_render import iso
from mathlsp.notes.loader import read_note
from mathlsp.notes.render import apply_edits, line_ending, update_frontmatter
from mathlsp.notes.templates import fill_template, folder_line_ending
from mathlsp.research.dashboard import ProblemFiles, derive_state, render_dashboard

INIT_FILES = ("PROBLEM.md", "LITERATURE.md", "JOURNAL.md", "NOTATION.md", "STATE.md")


class ProjectError(Exception):
    """Something about the project layout the user must fix; one line, no traceback."""


class FileUnusable(ProjectError):
    """A file of the project that cannot be used as it is (a note the checked reader refuses
    with DOC001's reason, an unusable `.math/config.json`): the file is at fault, not the
    command line, so no usage goes with the message."""


@dataclass(slots=True)
class FileWrite:
    path: Path
    original: str | None  # None: the file does not exist yet
    text: str


@dataclass(slots=True)
class Plan:
    writes: list[FileWrite] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    def apply(self) -> None:
        """Write everything, each file atomically and only if unchanged since it was read."""
        for w in self.writes:
            write_if_unchanged(w.path, w.original, w.text)


def config_path(root: Path) -> Path:
    return root / ".math" / "config.json"


def load_config(root: Path) -> dict[str, object]:
    text = read_text(config_path(root))
    if text is None:
        return {}
    try:
        return parse_json_object(text)
    except ValueError as exc:
        raise FileUnusable(f"{config_path(root)} is {exc}".replace("is must", "must")) from None


def _config_text(data: dict[str, object]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def plan_init(root: Path, slug: str | None, now: dt.datetime, title: str | None = None) -> Plan:
    """Create `.math/` and, with a slug, the problem folder from the templates.

    Existing files are never overwritten; `current_problem` is set to the new problem.
    """
    plan = Plan()
    cfg_file = config_path(root)
    original = read_text(cfg_file)
    config = load_config(root)
    config.setdefault("current_problem", "")
    config.setdefault("semantic_scholar_api_key", "")
    config.setdefault("mailto", "")
    if slug is not None:
        check_slug(slug)
        folder = root / ".math" / "problems" / slug
        values = {
            "PROBLEM_SLUG": slug,
            "PROBLEM_TITLE": title or slug.replace("-", " ").capitalize(),
            "CREATED_DATE": now.date().isoformat(),
            "CREATED": iso(now),
        }
        for name in INIT_FILES:
            path = folder / name
            if path.exists():
                plan.messages.append(f"kept existing {path}")
                continue
            text = fill_template(name, values, folder_line_ending(folder))
            plan.writes.append(FileWrite(path, None, text))
        config["current_problem"] = slug
        plan.messages.append(f"current problem: {slug} ({folder})")
    new_config = _config_text(config)
    if new_config != original:
        plan.writes.append(FileWrite(cfg_file, original, new_config))
    if slug is None:
        plan.messages.append("project initialised; create a problem with `mathlsp init <slug>`")
    else:
        plan.messages.append(next_step_after_init(root, slug))
    return plan


def next_step_after_init(root: Path, slug: str) -> str:
    """What a new user does next, with the path to edit (relative to where they are)."""
    problem = root / ".math" / "problems" / slug / "PROBLEM.md"
    try:
        shown = problem.relative_to(Path.cwd())
    except ValueError:
        shown = problem
    return (
        f"next: write the problem in {shown} (statement, domain, tags), set `status: defined`, "
        "then run `mathlsp search --write` (walkthrough: `mathlsp tutorial`)"
    )


def problem_slugs(root: Path) -> list[str]:
    problems = root / ".math" / "problems"
    if not problems.is_dir():
        return []
    return sorted(p.name for p in problems.iterdir() if p.is_dir() and not p.name.startswith("."))


def plan_switch(root: Path, slug: str) -> Plan:
    """Make an existing problem the current one (`current_problem` in .math/config.json)."""
    check_slug(slug)
    slugs = problem_slugs(root)
    if slug not in slugs:
        known = f"the problems here: {', '.join(slugs)}" if slugs else "there is no problem yet"
        raise ProjectError(f"no problem {slug!r} ({known}); create it with `mathlsp init {slug}`")
    plan = Plan()
    original = read_text(config_path(root))
    config = load_config(root)
    if config.get("current_problem") == slug:
        plan.messages.append(f"{slug} is already the current problem")
        return plan
    config["current_problem"] = slug
    plan.writes.append(FileWrite(config_path(root), original, _config_text(config)))
    plan.messages.append(f"current problem: {slug} ({root / '.math' / 'problems' / slug})")
    return plan


def current_problem_folder(root: Path) -> Path:
    config = load_config(root)
    slug = config.get("current_problem")
    if not isinstance(slug, str) or not slug:
        raise ProjectError(
            "no active problem: run `mathlsp init <slug>` to create one, or set "
            "`current_problem` in .math/config.json"
        )
    check_slug(slug)
    folder = root / ".math" / "problems" / slug
    if not folder.is_dir():
        raise ProjectError(
            f"the current problem's folder {folder} is missing: run `mathlsp init {slug}`"
        )
    return folder


def _doc(folder: ProblemFolder, name: str) -> MarkdownDoc | None:
    path = folder.root / name
    return folder.doc(path) if path.exists() else None


def plan_resume(
    problem_dir: Path,
    now: dt.datetime,
    project_root: Path | None = None,
    reader: Reader | None = None,
) -> Plan:
    """DASHBOARD.md from the problem's files; STATE.md's session count and history; the
    problem's `last_active` in .math/config.json.

    `reader` serves the notes' texts (the language server passes its open buffers); by default
    they are read from disk. `FileWrite.original` is the text the reader gave."""
    folder = ProblemFolder(problem_dir, reader or read_note)

    def read(path: Path) -> str | None:
        loaded = (reader or read_note)(path)
        if loaded.text is None and loaded.problem != "file not found":
            raise FileUnusable(f"{path}: {loaded.problem}")
        return loaded.text

    files = ProblemFiles(
        slug=problem_dir.name,
        problem=folder.problem if (problem_dir / "PROBLEM.md").exists() else None,
        literature=folder.literature if (problem_dir / "LITERATURE.md").exists() else None,
        journal=folder.journal if (problem_dir / "JOURNAL.md").exists() else None,
        state=_doc(folder, "STATE.md"),
        proof=_doc(folder, "PROOF.md"),
        computation=_doc(folder, "COMPUTATION.md"),
    )
    for name in ("PROBLEM.md", "LITERATURE.md", "JOURNAL.md", "PROOF.md", "COMPUTATION.md"):
        # A note `check` refuses (DOC001) is not summarised as missing: resume stops with the
        # same reason, before anything is written.
        if (problem := folder.load_problem(problem_dir / name)) is not None:
            raise FileUnusable(f"{problem_dir / name}: {problem}")
    plan = Plan()
    state_path = problem_dir / "STATE.md"
    state_original = read(state_path)
    state_text = state_original
    if state_text is None:
        title = files.problem.title if files.problem and files.problem.title else files.slug
        state_text = fill_template(
            "STATE.md",
            {"PROBLEM_SLUG": files.slug, "PROBLEM_TITLE": title, "CREATED": iso(now)},
            folder_line_ending(problem_dir),
        )
    state = MarkdownDoc(state_text, state_path)
    count = state.frontmatter.get("session_count")
    session = (count if isinstance(count, int) and count >= 0 else 0) + 1
    if state.frontmatter.present and state.frontmatter.error is not None:
        plan.messages.append(
            f"STATE.md frontmatter is invalid ({state.frontmatter.error}); left as is"
        )
    else:
        updates: dict[str, object] = {"session_count": session}
        # STATE.md follows the evidence: PROBLEM.md defined (or put back to draft), searches,
        # attempts, a finished proof — the state is derived, never a stale record.
        problem = files.problem
        defined = bool(
            problem is not None and problem.status not in ("", "draft") and problem.statement
        )
        if state.frontmatter.get("problem_defined") != defined:
            updates["problem_defined"] = defined
        derived = derive_state(files)
        if state.frontmatter.get("current_state") != derived:
            updates["current_state"] = derived
        state_text = apply_edits(state_text, update_frontmatter(state, updates))
        state_text = _append_history(
            state_text, f"| {iso(now)} | Session resumed | Session #{session} |"
        )
        plan.writes.append(FileWrite(state_path, state_original, state_text))
    files.state = MarkdownDoc(state_text, state_path)
    dashboard_path = problem_dir / "DASHBOARD.md"
    dashboard = render_dashboard(
        files, session, now, folder_line_ending(problem_dir, prefer="DASHBOARD.md")
    )
    plan.writes.append(FileWrite(dashboard_path, read(dashboard_path), dashboard))
    if project_root is not None and config_path(project_root).exists():
        original = read_text(config_path(project_root))
        config = load_config(project_root)
        active = config.get("last_active")
        active = dict(active) if isinstance(active, dict) else {}
        active[files.slug] = iso(now)
        config["last_active"] = active
        plan.writes.append(FileWrite(config_path(project_root), original, _config_text(config)))
    plan.messages.append(f"session #{session}: {dashboard_path}")
    return plan


def _append_history(text: str, row: str) -> str:
    """Add a row to the `## History` table of STATE.md (creating the table when absent)."""
    eol = line_ending(text)
    lines = text.splitlines(keepends=True)
    in_history = False
    last_row = -1
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("## "):
            in_history = stripped[3:].strip().lower() == "history"
            continue
        if in_history and stripped.startswith("|"):
            last_row = i
    if last_row >= 0:
        lines.insert(last_row + 1, row + eol)
        if not lines[last_row].endswith(("\n", "\r")):
            lines[last_row] += eol
        return "".join(lines)
    sep = "" if text.endswith(eol) or not text else eol
    return (
        text + sep + eol + "## History" + eol + eol + "| Timestamp | Event | Details |" + eol
        + "|-----------|-------|---------|" + eol + row + eol
    )  # fmt: skip
