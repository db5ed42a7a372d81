"""The plain frontmatter reader equals PyYAML's strict loader on every block it accepts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes.frontmatter import Frontmatter, parse_frontmatter
from mathlsp.notes.frontmatter_plain import _UNSURE_CHARS, load_plain
from mathlsp.notes.frontmatter_yaml import load

REPO = Path(__file__).resolve().parents[2]
BASE = 17  # a block never starts at offset 0: the spans must carry the offset


def _by_yaml(source: str) -> tuple[dict[str, Any], str | None]:
    fm = Frontmatter(present=True)
    load(fm, source, BASE)
    return fm.fields, fm.error


def _agrees(source: str) -> bool:
    """Whether the plain reader took the block; when it did, its fields are PyYAML's."""
    fields = load_plain(source, BASE)
    if fields is None:
        return False
    by_yaml, error = _by_yaml(source)
    assert error is None, source
    assert fields == by_yaml, source
    assert list(fields) == list(by_yaml), source
    return True


_KEYS = st.sampled_from(
    ["problem", "total_papers", "a", "_x", "a-b", "k1", "yes", "null", "On", "x_y-z", "tags"]
)
_WORDS = st.sampled_from(
    [
        "draft", "a b", "a  b", "4/n", "http://x.org/a#b", "a:b", "it's", "a, b", "[x]", "x]",
        "yes", "No", "on", "OFF", "true", "False", "~", "null", "NULL", "0", "00", "012", "-1",
        "+5", "12", "1_000", "0x1f", "1:20", "1.5", ".5", "1e5", "1.0e+5", ".inf", ".NaN", "=",
        "<<", "2026-10-02", "2026-13-45", "2026-1-2", "2026-10-02 10:00:00", "2026-10-02T10:00:00Z",
        "Erdős–Straus", "a\u00a0b", "é", "a #c", "a# c", "a:", "-a", "?a", "!a", "&a", "*a",
        "|", ">", "%a", "@a", "`a", "{a: b}", "{}", "a\\b", "x" * 40,
    ]
)  # fmt: skip
_TEXT = st.text(alphabet="ab :#-,[]{}'\"\\!&*|>%@`?~.09eEé\t\u2028_", max_size=10)
_SCALAR = st.one_of(
    _WORDS,
    _TEXT,
    _WORDS.map(lambda w: f'"{w}"'),
    _WORDS.map(lambda w: f"'{w}'"),
    _TEXT.map(lambda w: f'"{w}"'),
)
_FLOW = st.lists(st.one_of(_SCALAR, st.just("")), max_size=4).map(
    lambda items: "[" + st_join(items) + "]"
)


def st_join(items: list[str]) -> str:
    return ", ".join(items)


_SEP = st.sampled_from([": ", ":", ":  ", " : ", ":\t"])
_TAIL = st.sampled_from(["", " ", "  # a comment", "#c", " #"])
_INDENT = st.sampled_from(["", "  ", "    ", " "])


@st.composite
def _line(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["scalar", "scalar", "flow", "block", "empty", "blank", "comment"]))
    key = draw(_KEYS)
    if kind == "blank":
        return draw(st.sampled_from(["", "  "]))
    if kind == "comment":
        return draw(st.sampled_from(["# note", "  # indented", "#"]))
    if kind == "empty":
        return key + ":" + draw(_TAIL)
    if kind == "block":
        indent = draw(_INDENT)
        items = draw(st.lists(_SCALAR, min_size=1, max_size=3))
        odd = draw(st.sampled_from(["", "", f"{indent}  more", f"{indent}-", f" {indent}- x"]))
        lines = [key + ":" + draw(_TAIL)] + [f"{indent}- {item}" for item in items]
        return "\n".join(lines + ([odd] if odd else []))
    value = draw(_FLOW if kind == "flow" else _SCALAR)
    return key + draw(_SEP) + value + draw(_TAIL)


@settings(max_examples=1500, deadline=None)
@given(
    st.lists(_line(), min_size=1, max_size=6),
    st.sampled_from(["\n", "\r\n"]),
    st.sampled_from(["", "\n"]),
)
def test_the_plain_reader_equals_pyyaml(lines: list[str], newline: str, end: str) -> None:
    source = newline.join(lines) + end.replace("\n", newline)
    if source.strip():
        _agrees(source)


def _blocks() -> list[tuple[Path, str]]:
    """Every frontmatter block in the repository's Markdown files."""
    out = []
    for path in sorted(REPO.rglob("*.md")):
        if ".git" in path.parts:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        fm = parse_frontmatter(text)
        if fm.present and fm.closed:
            out.append((path, text[fm.yaml_span.start : fm.yaml_span.end]))
    return out


def test_every_frontmatter_in_the_repository_reads_as_pyyaml_reads_it() -> None:
    blocks = _blocks()
    taken = [path for path, source in blocks if source.strip() and _agrees(source)]
    assert len(blocks) > 30
    # Not a vacuous equality: the notes' own frontmatter takes the plain path.
    assert len(taken) > len(blocks) // 2
    assert any(p.name == "LITERATURE.md" and "markov-bases" in p.parts for p in taken)


def test_the_shapes_real_notes_carry_take_the_plain_path() -> None:
    source = (
        'problem: "bench"\n'
        "total_papers: 5000\n"
        "last_search: '2026-11-01T10:00:00Z'\n"
        'sources_queried: [arxiv, "semantic_scholar"]\n'
        "status: draft              # draft | defined\n"
        "created: 2026-10-02\n"
        "defined: true\n"
        "subdomain:\n"
        "tags:\n"
        "  - random-walks\n"
        "  - 12\n"
    )
    assert _agrees(source)
    fields = load_plain(source, 0)
    assert fields is not None
    assert fields["created"].value == "2026-10-02"
    assert fields["tags"].value == ["random-walks", 12]
    assert fields["subdomain"].value is None


def test_what_the_plain_reader_is_unsure_of_goes_to_pyyaml() -> None:
    for source in (
        "strategies_tried:\n  - id: PROOF-001\n    status: open\n",  # a list of mappings
        "a: |\n  text\n",
        "a: &x 1\nb: *x\n",
        "a: 012\n",
        "a: 1.5\n",
        "a: 2026-02-30\n",
        "yes: 1\n",
        "a: b\n  continued\n",
    ):
        assert load_plain(source, 0) is None, source


def test_the_characters_left_to_pyyaml_are_exactly_these() -> None:
    # Controls (tab included; `\r` is looked at apart), YAML's extra line breaks, BOMs and
    # non-characters, lone surrogates: written as two character classes (one would cost ~5 ms
    # to compile), checked whole here against the set they stand for.
    unsure = {*range(0x0A), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0x7F, 0xA0)}
    unsure |= {0x2028, 0x2029, *range(0xD800, 0xE000), 0xFEFF, 0xFFFE, 0xFFFF}
    found = {c for c in range(0x110000) if _UNSURE_CHARS.search(chr(c))}
    assert found == unsure
    assert load_plain("a: x\u2029y\n", 0) is None
    assert load_plain("a: x\ud800y\n", 0) is None
    assert load_plain("a: x\U0001f600y\n", 0) is not None
