"""The shipped templates: loadable, filled, parseable, identical to the repository's copies."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mathlsp.notes.document import MarkdownDoc
from mathlsp.notes.templates import TEMPLATE_NAMES, fill_template, load_template

REPO_TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_every_template_loads_and_parses(name: str) -> None:
    text = load_template(name)
    assert text.strip()
    filled = fill_template(
        name,
        {"PROBLEM_SLUG": "demo", "PROBLEM_TITLE": "Demo 𝔽", "CREATED_DATE": "2026-02-10"},
    )
    doc = MarkdownDoc(filled, name)
    if doc.frontmatter.present:
        assert doc.frontmatter.valid, doc.frontmatter.error
    assert doc.mentions == []


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_packaged_templates_match_the_repository(name: str) -> None:
    repo_copy = REPO_TEMPLATES / name
    if not repo_copy.is_file():
        pytest.skip("no repository templates/ folder")
    assert load_template(name) == repo_copy.read_text(encoding="utf-8")


def test_unknown_template() -> None:
    with pytest.raises(KeyError):
        load_template("../pyproject.toml")
    with pytest.raises(KeyError):
        load_template("PROOF.md")


def test_fill_template_leaves_unknown_placeholders() -> None:
    text = fill_template("LITERATURE.md", {"PROBLEM_SLUG": "neumann-series"})
    assert 'problem: "neumann-series"' in text
    assert "{PROBLEM_SLUG}" not in text
    assert "{PROBLEM_TITLE}" in text
    assert "{Paper Title}" in text  # the example inside the comment


def test_literature_template_placeholders() -> None:
    assert set(re.findall(r"\{([A-Z_]+)\}", load_template("LITERATURE.md"))) == {
        "PROBLEM_SLUG",
        "PROBLEM_TITLE",
    }


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_a_filled_template_takes_one_line_ending_throughout(eol: str) -> None:
    # A value quoted from a note in the other convention is brought to the same one.
    text = fill_template("DASHBOARD.md", {"PROBLEM_PREVIEW": "line one\r\nline two\nthree"}, eol)
    assert re.sub(re.escape(eol), "", text).count("\n") == 0
    assert re.sub(re.escape(eol), "", text).count("\r") == 0
    assert "line one" + eol + "line two" + eol + "three" in text


def test_a_new_note_follows_its_folder(tmp_path: Path) -> None:
    from mathlsp.notes.templates import folder_line_ending

    assert folder_line_ending(tmp_path) == "\n"  # an empty folder: LF
    (tmp_path / "PROBLEM.md").write_bytes(b"---\r\ntitle: T\r\n---\r\n# T\r\n")
    assert folder_line_ending(tmp_path) == "\r\n"
    # The note being rewritten keeps its own convention over its siblings'.
    (tmp_path / "DASHBOARD.md").write_bytes(b"# D\n\nold\n")
    assert folder_line_ending(tmp_path, prefer="DASHBOARD.md") == "\n"
    assert folder_line_ending(tmp_path, prefer="STATE.md") == "\r\n"


@pytest.mark.parametrize(
    "title",
    [
        'Spectral gaps of "signed" 2-lifts',
        r"Ramanujan 2-lifts: $\lambda_2 \le 2\sqrt{d-1}$",
        "λ₂ ≤ 2√(d−1) # not a comment: it's",
    ],
)
def test_a_title_with_quotes_or_backslashes_keeps_the_frontmatter_valid(title: str) -> None:
    from mathlsp.notes.problem import ProblemDoc

    problem = ProblemDoc(fill_template("PROBLEM.md", {"PROBLEM_TITLE": title}))
    assert problem.frontmatter.valid, problem.frontmatter.error
    assert problem.title == title
    # In a Markdown heading the title is written as it is.
    literature = fill_template("LITERATURE.md", {"PROBLEM_SLUG": "x", "PROBLEM_TITLE": title})
    assert f"# Literature: {title}\n" in literature
