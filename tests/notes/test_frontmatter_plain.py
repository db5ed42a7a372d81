"""The plain frontmatter reader equals PyYAML wherever it answers: values, types and spans."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mathlsp.notes import frontmatter_plain
from mathlsp.notes.frontmatter import Frontmatter, FrontmatterField, parse_frontmatter
from mathlsp.notes.frontmatter_yaml import load

REPO = Path(__file__).resolve().parents[2]


def by_yaml(source: str, base: int = 0) -> Frontmatter:
    fm = Frontmatter(present=True)
    load(fm, source, base)
    return fm


def by_plain(source: str, base: int = 0) -> dict[str, FrontmatterField] | None:
    read = frontmatter_plain.read(source, base)
    if read is None:
        return None
    return {k: FrontmatterField(k, v, ks, vs) for k, v, ks, vs in read}


def assert_same(source: str, base: int = 0) -> bool:
    """True when the plain reader answered (and then agreed with PyYAML)."""
    plain = by_plain(source, base)
    if plain is None:
        return False
    yaml = by_yaml(source, base)
    assert yaml.error is None, (source, yaml.error)
    assert plain == yaml.fields, source
    for key, f in plain.items():
        assert type(f.value) is type(yaml.fields[key].value), (source, key)
    return True


def test_every_frontmatter_in_the_repository() -> None:
    answered = total = 0
    for path in REPO.rglob("*.md"):
        if ".git" in path.parts or "node_modules" in path.parts:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        fm = parse_frontmatter(text)
        if not fm.present or not fm.closed:
            continue
        source = text[fm.yaml_span.start : fm.yaml_span.end]
        if not source.strip():
            continue
        total += 1
        answered += assert_same(source, fm.yaml_span.start)
    assert total > 50
    # The notes mathlsp writes and the examples are plain: the fast path is the usual one.
    assert answered > total / 2, (answered, total)


def test_the_mathlsp_templates_take_the_plain_path() -> None:
    text = 'problem: heat-bath-mixing\ntotal_papers: 3\nlast_search: "2026-04-12T22:10:19Z"\n'
    text += 'sources_queried: ["arxiv", "theoremsearch"]\ntags: [random-walks, markov bases]\n'
    assert assert_same(text)


def test_what_it_leaves_to_pyyaml() -> None:
    for source in (
        "on: x\n",  # a boolean key
        "a: 2026-04-12T10:00:00Z\n",  # a timestamp (a datetime, written back otherwise)
        "a: 2026-02-30\n",  # no such day: PyYAML's error to report
        "a: 012\n",  # octal to YAML 1.1
        "a: 0x1F\n",
        "a: 1.5\n",
        "a: x # comment\n",
        "a:\n  - x\n",  # a block list
        'a: "x\\ty"\n',  # an escape
        "a: x\r\nb: y\r\n",
        "a: b: c\n",
        "a: [x, [y]]\n",
        "a:\n",
        "a: ~\n",
        "a: 'it''s'\n",
    ):
        assert frontmatter_plain.read(source, 0) is None, source


_KEYS = st.one_of(
    st.sampled_from(["a", "problem", "total_papers", "x_y", "k-2"]),
    st.sampled_from(["on", "yes", "null", "Off"]),  # not string keys: rarely, or nothing is plain
)
_BOOL_WORDS = "yes Yes YES no No NO true True TRUE false False FALSE on On ON off Off OFF y n"
_VALUES = st.one_of(
    st.sampled_from(
        [
            "x",
            "yes",
            "No",
            "null",
            "~",
            "0",
            "00",
            "012",
            "7",
            "-3",
            "1.5",
            ".inf",
            "1e3",
            "2026-04-12",
            "2026-04-12T22:10:19Z",
            '"q"',
            "'s'",
            '"a\\"b"',
            "'it''s'",
            "x # c",
            "a: b",
            "[]",
            "[a]",
            "[a, b]",
            '["a", 2]',
            "[a,]",
            "[ a , 'b c' ]",
            "[[a]]",
            "Erdős",
            "ℓ-adic",
            "a  b",
            "x.y/z",
            "(a)",
            "a+b",
            "-x",
            "&a",
            "*a",
            "!t",
            "|",
            ">",
            "{a: 1}",
            "@x",
            "`x`",
            "%x",
            "a,b",
            "é",
            "_x",
            "ΓΔ",
            "\u00a0x",
            "x\u2028y",
            "ON",
            "True",
        ]
    ),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8),
)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.tuples(_KEYS, _VALUES, st.sampled_from([" ", " ", "  ", ""])), max_size=4))
def test_generated_frontmatter_agrees_with_pyyaml(lines: list[tuple[str, str, str]]) -> None:
    source = "".join(f"{k}:{sp}{v}\n" for k, v, sp in lines)
    if re.search(r"[\r\n]", "".join(v for _, v, _ in lines)):
        return
    assert_same(source, 17)


def test_every_listed_value_agrees_with_pyyaml() -> None:
    """Each hand-listed value alone, so none depends on the generator's luck."""
    answered = 0
    for value in _VALUES.branches[0].elements:  # type: ignore[attr-defined]
        answered += assert_same(f"a: {value}\nb: x\n", 5)
    assert answered >= 20
