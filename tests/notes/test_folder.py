"""Problem folders: slugs, discovery and the per-text document cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathlsp.notes import folder as folder_module
from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.folder import (
    ProblemFolder,
    UnsafeSlug,
    check_slug,
    doc_class,
    find_problem_folder,
    find_project_root,
    is_problem_folder,
    parse_note,
)
from mathlsp.notes.journal import JournalDoc
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.notes.loader import LoadedText, read_note
from mathlsp.notes.problem import ProblemDoc


@pytest.mark.parametrize("slug", ["neumann-series", "a", "0", "x-1-y", "markov-bases-2"])
def test_valid_slugs(slug: str) -> None:
    assert check_slug(slug) == slug


@pytest.mark.parametrize(
    "slug",
    ["", "..", ".", "../etc", "/abs", "a/b", "A", "-lead", "with space", "a_b", "é", "a\n", "a\\b"],
)
def test_unsafe_slugs(slug: str) -> None:
    with pytest.raises(UnsafeSlug, match="invalid problem slug"):
        check_slug(slug)
    assert issubclass(UnsafeSlug, ValueError)


def test_doc_class_by_file_name() -> None:
    assert doc_class(Path("x/LITERATURE.md")) is LiteratureDoc
    assert doc_class(Path("PROBLEM.md")) is ProblemDoc
    assert doc_class(Path("JOURNAL.md")) is JournalDoc
    assert doc_class(Path("STATE.md")) is MarkdownDoc
    assert doc_class(Path("literature.md")) is MarkdownDoc
    doc = parse_note(Path("a/LITERATURE.md"), "### REF-001: T\n")
    assert isinstance(doc, LiteratureDoc)
    assert doc.path == str(Path("a/LITERATURE.md"))


def _project(tmp_path: Path) -> Path:
    problem = tmp_path / ".math" / "problems" / "neumann-series"
    problem.mkdir(parents=True)
    (tmp_path / ".math" / "config.json").write_text('{"current_problem": "neumann-series"}')
    return problem


def test_find_problem_folder_in_a_project(tmp_path: Path) -> None:
    problem = _project(tmp_path)
    assert find_problem_folder(problem) == problem
    assert find_problem_folder(problem / "LITERATURE.md") == problem  # need not exist yet
    assert find_problem_folder(problem / "NOTATION.md") == problem
    assert find_project_root(problem / "LITERATURE.md") == tmp_path
    assert find_project_root(problem) == tmp_path
    assert find_project_root(tmp_path) == tmp_path


def test_a_note_in_a_sub_folder_belongs_to_its_problem(tmp_path: Path) -> None:
    # drafts/proof.md opened or checked alone was a folder of its own: every REF it mentioned
    # "cannot be resolved: this problem folder has no LITERATURE.md".
    from mathlsp.checks import CheckSettings, check_document

    problem = _project(tmp_path)
    drafts = problem / "drafts" / "old"
    drafts.mkdir(parents=True)
    assert find_problem_folder(drafts / "proof.md") == problem
    assert find_problem_folder(drafts) == problem
    assert find_problem_folder(tmp_path / ".math" / "notes.md") is None
    (problem / "LITERATURE.md").write_text(
        "## Confirmed References\n\n### REF-001: T\n", encoding="utf-8"
    )
    (drafts / "proof.md").write_text("By REF-001 and REF-009.\n", encoding="utf-8")
    folder = ProblemFolder(find_problem_folder(drafts / "proof.md") or drafts)
    found = check_document(folder, drafts / "proof.md", CheckSettings())
    assert [f.message.split(" (")[0] for f in found if f.code == "REF009"] == [
        "REF-009 does not exist in LITERATURE.md"
    ]


def test_find_problem_folder_for_a_plain_folder(tmp_path: Path) -> None:
    assert find_problem_folder(tmp_path) is None
    assert find_problem_folder(tmp_path / "NOTES.md") is None
    assert find_problem_folder(tmp_path / "PROBLEM.md") == tmp_path
    (tmp_path / "LITERATURE.md").write_text("")
    assert is_problem_folder(tmp_path)
    assert find_problem_folder(tmp_path / "NOTES.md") == tmp_path
    assert find_problem_folder(tmp_path) == tmp_path
    assert find_project_root(tmp_path / "LITERATURE.md") in (None, *tmp_path.parents)


def test_problem_folder_reads_and_caches_by_text(tmp_path: Path) -> None:
    (tmp_path / "LITERATURE.md").write_text("### REF-001: T\n")
    (tmp_path / "PROBLEM.md").write_text("# P\n")
    (tmp_path / "JOURNAL.md").write_text("## Notes\n")
    calls: list[Path] = []

    def reader(path: Path) -> LoadedText:
        calls.append(path)
        return read_note(path)

    folder = ProblemFolder(tmp_path, reader)
    assert folder.slug == tmp_path.name
    lit = folder.literature
    assert isinstance(lit, LiteratureDoc)
    assert [e.id for e in lit.entries] == ["REF-001"]
    assert folder.literature is lit  # same text: same parsed document
    (tmp_path / "LITERATURE.md").write_text("### REF-002: U\n")
    changed = folder.literature
    assert changed is not lit
    assert changed is not None and [e.id for e in changed.entries] == ["REF-002"]
    assert isinstance(folder.problem, ProblemDoc)
    assert isinstance(folder.journal, JournalDoc)
    assert calls.count(tmp_path / "LITERATURE.md") == 3


def test_problem_folder_reports_unreadable_notes(tmp_path: Path) -> None:
    (tmp_path / "LITERATURE.md").write_bytes(b"\xff\xfe\x00bad")
    folder = ProblemFolder(tmp_path)
    assert folder.literature is None
    problem = folder.load_problem(tmp_path / "LITERATURE.md")
    assert problem is not None and "UTF-16" in problem
    assert folder.problem is None
    assert folder.load_problem(tmp_path / "PROBLEM.md") == "file not found"
    (tmp_path / "LITERATURE.md").write_text("ok\n")
    assert folder.literature is not None
    assert folder.load_problem(tmp_path / "LITERATURE.md") is None


def test_problem_folder_uses_the_reader_for_unsaved_buffers(tmp_path: Path) -> None:
    buffers = {tmp_path / "PROBLEM.md": "---\ntitle: Unsaved\n---\n"}

    def reader(path: Path) -> LoadedText:
        return LoadedText(buffers[path]) if path in buffers else read_note(path)

    folder = ProblemFolder(tmp_path, reader)
    assert folder.problem is not None and folder.problem.title == "Unsaved"


def test_note_paths_skip_hidden_and_non_markdown(tmp_path: Path) -> None:
    (tmp_path / "PROBLEM.md").write_text("")
    (tmp_path / "LITERATURE.md").write_text("")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / ".hidden.md").write_text("")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "X.md").write_text("")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "Extra.MD").write_text("# E\n")
    (tmp_path / "dir.md").mkdir()
    folder = ProblemFolder(tmp_path)
    assert folder.note_paths() == sorted(
        [tmp_path / "LITERATURE.md", tmp_path / "PROBLEM.md", tmp_path / "sub" / "Extra.MD"]
    )
    docs = list(folder.docs())
    assert [type(d) for d in docs] == [LiteratureDoc, ProblemDoc, MarkdownDoc]


def test_note_paths_are_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(folder_module, "MAX_FOLDER_NOTES", 3)
    for i in range(5):
        (tmp_path / f"N{i}.md").write_text("")
    assert len(ProblemFolder(tmp_path).note_paths()) == 3


def test_missing_root(tmp_path: Path) -> None:
    folder = ProblemFolder(tmp_path / "missing")
    assert folder.note_paths() == []
    assert list(folder.docs()) == []
    assert folder.literature is None


def test_an_equal_text_in_a_new_string_takes_the_place_of_the_old(tmp_path: Path) -> None:
    """The file opened in the editor, equal to the copy read from disk: the parse reads the
    editor's string from then on, so the disk copy (megabytes) is freed."""
    (tmp_path / "LITERATURE.md").write_text("# L\n\n## Confirmed References\n\n### REF-001: T\n")
    texts = {"now": (tmp_path / "LITERATURE.md").read_text()}

    def reader(path: Path) -> LoadedText:
        return LoadedText(texts["now"]) if path.name == "LITERATURE.md" else read_note(path)

    folder = ProblemFolder(tmp_path, reader)
    lit = folder.literature
    assert lit is not None
    assert lit.lines.texts[4] == "### REF-001: T"
    opened = "".join(list(texts["now"]))  # equal, another object
    assert opened is not texts["now"]
    texts["now"] = opened
    assert folder.literature is lit
    assert lit.text is opened and lit.lines.text is opened
    assert lit.lines.texts._text is opened  # type: ignore[attr-defined]
