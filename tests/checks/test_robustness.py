"""No document, however broken, makes a check raise (or log a failure), and bad files are refused.

`check_document` catches a failing rule and logs it, so "never raises" is checked strictly here:
no exception escapes *and* no rule logged one.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathlsp.checks import check_document
from mathlsp.checks.findings import Finding
from mathlsp.notes.folder import ProblemFolder
from tests.checks.conftest import SETTINGS, VALID, codes, write

NAMES = ("LITERATURE.md", "JOURNAL.md", "PROBLEM.md", "PROOF.md")
# Tokens the notes model gives a meaning to, so random text exercises the parsers.
TOKENS = st.sampled_from(
    [*"#-*+|`~[]():.,/\\<>!{}\"' \t\n\r", "\r\n", "REF-", "UREF-", "PROOF-", "LIT-", "00", "1",
     "**", "[V]", "[S]", "[~]", "---\n", "```", "<!--", "-->", "### ", "## ", "- **", ":** ",
     "arXiv:", "doi:", "10.1000/", "2301.12345", "math/0601001", "𝔽", "é", "\u2028", "\x00",
     "Verified", "Outcome", "strategies_tried:", "total_papers: ", "status: "]
)  # fmt: skip


def markdown(max_size: int) -> st.SearchStrategy[str]:
    return st.lists(TOKENS | st.text(max_size=3), max_size=max_size).map("".join)


SUITE = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class _Failures(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def no_rule_failures() -> Iterator[None]:
    handler = _Failures()
    logger = logging.getLogger("mathlsp.checks")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    assert not handler.records, [r.getMessage() for r in handler.records]


def check_all(root: Path) -> dict[str, list[Finding]]:
    folder = ProblemFolder(root)
    with no_rule_failures():
        return {name: check_document(folder, root / name, SETTINGS) for name in NAMES}


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("robust") / ".math" / "problems" / "neumann-series"


def _reset(root: Path) -> None:
    write(root, {**VALID, "PROOF.md": "# Proof\n\nBy REF-001 [V].\n"})


# -- property tests ------------------------------------------------------------------------------
@SUITE
@given(name=st.sampled_from(NAMES), text=markdown(150) | st.text(max_size=400))
def test_random_text_never_breaks_a_check(scratch: Path, name: str, text: str) -> None:
    _reset(scratch)
    write(scratch, {name: text})
    check_all(scratch)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A valid note with a few random edits: cut, duplicate, insert, swap lines, line endings."""
    name = draw(st.sampled_from(sorted(VALID)))
    text = VALID[name]
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["cut", "dup", "insert", "swap", "crlf", "cr"]))
        n = len(text)
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + 200)))
        if op == "cut":
            text = text[:i] + text[j:]
        elif op == "dup":
            text = text[:j] + text[i:j] + text[j:]
        elif op == "insert":
            text = text[:i] + draw(markdown(10)) + text[i:]
        elif op == "swap":
            lines = text.split("\n")
            a = draw(st.integers(0, len(lines) - 1))
            b = draw(st.integers(0, len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif op == "crlf":
            text = text.replace("\n", "\r\n")
        else:
            text = text.replace("\n", "\r")
    return name, text


@SUITE
@given(mutated())
def test_mutated_valid_notes_never_break_a_check(scratch: Path, case: tuple[str, str]) -> None:
    name, text = case
    _reset(scratch)
    write(scratch, {name: text})
    check_all(scratch)


@SUITE
@given(name=st.sampled_from(NAMES), data=st.binary(max_size=300))
def test_random_bytes_never_break_a_check(scratch: Path, name: str, data: bytes) -> None:
    _reset(scratch)
    write(scratch, {name: data})
    found = check_all(scratch)[name]
    if b"\x00" in data:
        assert codes(found) == ["DOC001"]


# -- bad input -----------------------------------------------------------------------------------
def test_binary_file(problem_dir: Path) -> None:
    write(
        problem_dir,
        {"LITERATURE.md": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "PROOF.md": "REF-001\n"},
    )
    found = check_all(problem_dir)
    assert codes(found["LITERATURE.md"]) == ["DOC001"]
    assert "binary" in found["LITERATURE.md"][0].message
    # Other notes now see no readable LITERATURE.md: their mentions cannot be resolved.
    assert codes(found["PROOF.md"]) == ["REF009"]
    assert "LITERATURE.md cannot be read (binary file" in found["PROOF.md"][0].message


def test_non_utf8_file(problem_dir: Path) -> None:
    write(problem_dir, {"JOURNAL.md": "# Journal — é\n".encode("latin-1", "replace")})
    found = check_all(problem_dir)["JOURNAL.md"]
    assert codes(found) == ["DOC001"]
    assert "not valid UTF-8" in found[0].message


def test_empty_files(problem_dir: Path) -> None:  # PROOF.md included
    write(problem_dir, {name: "" for name in NAMES})
    found = check_all(problem_dir)
    assert codes(found["LITERATURE.md"]) == ["LIT001", "LIT004", "LIT004", "LIT004", "LIT004"]
    assert codes(found["JOURNAL.md"]) == ["JRN001", "JRN003", "JRN003", "JRN003", "JRN003"]
    assert sorted(codes(found["PROBLEM.md"])) == ["PRB002", "PRB009"]
    assert codes(found["PROOF.md"]) == []


def test_only_frontmatter(problem_dir: Path) -> None:
    write(
        problem_dir, {name: text.split("\n---\n", 1)[0] + "\n---\n" for name, text in VALID.items()}
    )
    found = check_all(problem_dir)
    assert set(codes(found["LITERATURE.md"])) == {"LIT003", "LIT004"}
    assert set(codes(found["JOURNAL.md"])) == {"JRN002", "JRN003"}
    assert codes(found["PROBLEM.md"]) == ["PRB009"]


def test_unclosed_frontmatter(problem_dir: Path) -> None:
    write(problem_dir, {"LITERATURE.md": "---\nproblem: x\n# Literature\n"})
    assert codes(check_all(problem_dir)["LITERATURE.md"]) == ["DOC005"] + ["LIT004"] * 4


def test_headings_inside_code_fences(problem_dir: Path) -> None:
    journal = VALID["JOURNAL.md"] + "\n~~~\n### PROOF-001: an example\n## Proof Attempts\n~~~\n"
    write(problem_dir, {"JOURNAL.md": journal})
    assert codes(check_all(problem_dir)["JOURNAL.md"]) == []


def test_unterminated_fence_swallows_the_rest(problem_dir: Path) -> None:
    text = VALID["LITERATURE.md"].replace("## Synthesis", "```\n## Synthesis")
    write(problem_dir, {"LITERATURE.md": text})
    found = check_all(problem_dir)["LITERATURE.md"]
    assert {"LIT003", "LIT004"} <= set(codes(found))


def test_ref_heading_with_no_fields(problem_dir: Path) -> None:
    text = VALID["LITERATURE.md"].replace("## Synthesis", "### REF-003\n## Synthesis")
    write(problem_dir, {"LITERATURE.md": text})
    found = check_all(problem_dir)["LITERATURE.md"]
    assert {"LIT003", "REF001", "REF007"} == set(codes(found))


def test_fifty_megabyte_file_is_refused_fast(problem_dir: Path) -> None:
    path = problem_dir / "LITERATURE.md"
    with path.open("wb") as f:
        f.truncate(50 * 1024 * 1024)  # sparse: instant to create, never read
    start = time.perf_counter()
    found = check_all(problem_dir)
    elapsed = time.perf_counter() - start
    assert codes(found["LITERATURE.md"]) == ["DOC001"]
    assert "too large" in found["LITERATURE.md"][0].message
    assert elapsed < 1.0


# -- the notes model's fast scans find what the plain regexes find ------------------------------
@SUITE
@given(text=markdown(120))
def test_fast_mention_and_identifier_scans_match_the_regexes(text: str) -> None:
    from mathlsp.notes.document import REF_ID, MarkdownDoc
    from mathlsp.notes.identifiers import find_identifiers

    doc = MarkdownDoc(text)
    lines = doc.lines
    code = {i: lines.inline_code_spans(i) for i in range(len(lines.texts))}

    def prose(line: int, col: int) -> bool:
        if "<!--" in lines.texts[line]:
            return True  # inline comments: covered by the model's own tests
        return not lines.opaque[line] and not any(s <= col < e for s, e in code[line])

    expected = []
    for m in REF_ID.finditer(text):
        line = lines.line_of(m.start())
        if prose(line, m.start() - lines.starts[line]):
            expected.append((m["kind"], int(m["num"]), m.start(), m.end()))
    got = [(m.kind, m.number, m.span.start, m.span.end) for m in doc.mentions]
    if all("<!--" not in t for t in lines.texts):
        assert got == expected

    want = []
    for i in range(lines.first_line, len(lines.texts)):
        if lines.opaque[i] or "<!--" in lines.texts[i]:
            continue
        for idm in find_identifiers(lines.texts[i]):
            if prose(i, idm.start):
                want.append((i, idm.kind, idm.value, idm.valid))
    have = [
        (x.line, x.mention.kind, x.mention.value, x.mention.valid)
        for x in doc.identifiers
        if "<!--" not in lines.texts[x.line]
    ]
    assert have == want


# Scalars a hostile or careless frontmatter may hold where a count, a date or a list belongs.
HOSTILE_SCALARS = st.sampled_from(
    ["0x" + "f" * 4000, "9" * 5000, "-" + "9" * 4299, "1e999999", ".inf", "-.inf", ".nan",
     "-1", "true", "null", "~", "[]", "{}", "[1, [2, [3]]]", "2026-13-45", "'" + "x" * 5000 + "'",
     "!!binary aGVsbG8=", "\"\\x1b[2J\"", "0o777", "0b101", "1_000_000", "+12", "3.0"]
)  # fmt: skip
COUNT_KEYS = st.sampled_from(
    ["total_papers", "confirmed_count", "unconfirmed_count", "total_entries", "session_count",
     "last_entry", "last_search", "sources_queried", "strategies_tried", "status", "tags"]
)  # fmt: skip


@SUITE
@given(
    name=st.sampled_from(NAMES),
    pairs=st.lists(st.tuples(COUNT_KEYS, HOSTILE_SCALARS), min_size=1, max_size=4),
)
def test_hostile_frontmatter_values_never_break_a_check(
    scratch: Path, name: str, pairs: list[tuple[str, str]]
) -> None:
    _reset(scratch)
    note = scratch / name
    text = note.read_text(encoding="utf-8")
    head, body = "", text
    if text.startswith("---\n"):
        head, _, body = text[4:].partition("\n---\n")
    lines = [line for line in head.split("\n") if line.split(":")[0] not in dict(pairs)]
    lines += [f"{key}: {value}" for key, value in dict(pairs).items()]  # replace, never duplicate
    text = "---\n" + "\n".join(line for line in lines if line) + "\n---\n" + body
    note.write_text(text, encoding="utf-8")
    check_all(scratch)
