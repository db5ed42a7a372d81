"""Text from the sources is untrusted: no control character reaches a terminal, a note or a hover.

The fake server serves one paper whose every text field carries a class of hostile character
(terminal escape sequences, C0/C1 controls, bidi overrides, zero-width characters); each path that
shows or writes a record must come out clean.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathlsp.cli import main
from mathlsp.ide.hover_card import Status, record_card
from mathlsp.safetext import safe_line, safe_text
from mathlsp.sources.record import Author, PaperRecord
from tests.fakescholar import FakeScholar
from tests.fakescholar.corpus import Paper

DOI = "10.5555/hostile.2026.1"
HOSTILE_TITLE = "Evil \x1b[2J\x1b]0;pwned\x07 title on \u202espectral\u202c gaps"
HOSTILE = Paper(
    key="hostile",
    title=HOSTILE_TITLE,
    authors=[("Ali\u200bce", "Sm\x1b[31mith"), ("Bob", "Jo\u2066nes\u2069")],
    year=2024,
    venue="Journal of \x9b31mColour\x9b0m \x07Studies",
    abstract="An \x1b[1;31mANSI coloured\x1b[0m abstract\x00 with a\u200d zero\u2060width\ufeff.",
    citations=3,
    doi=DOI,
)
# What must never survive: C0/C1 controls but for newline, bidi controls, zero-width characters.
FORBIDDEN = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]"
)
CLEAN_TITLE = "Evil title on spectral gaps"


@pytest.fixture(scope="module")
def hostile_server() -> Iterator[FakeScholar]:
    with FakeScholar.running() as fake:
        corpus = fake.corpus
        corpus.papers.append(HOSTILE)
        corpus.by_doi[DOI] = HOSTILE
        corpus.by_s2[HOSTILE.s2_id] = HOSTILE
        corpus.by_openalex[HOSTILE.openalex_id] = HOSTILE
        yield fake


@pytest.fixture
def env(hostile_server: FakeScholar, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var, url in hostile_server.env().items():
        monkeypatch.setenv(var, url)
    monkeypatch.setenv("MATHLSP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("MATHLSP_RATE_LIMIT_SCALE", "0.001")
    monkeypatch.delenv("SEMANTIC_SCHOLAR_API_KEY", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_lookup_prints_no_control_character(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lookup", f"doi:{DOI}"]) == 0
    out = capsys.readouterr().out
    assert CLEAN_TITLE in out
    assert "Smith" in out and "Jones" in out
    assert not FORBIDDEN.search(out)


def test_lookup_json_stays_valid_and_clean(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lookup", "--format", "json", f"doi:{DOI}"]) == 0
    data = json.loads(capsys.readouterr().out)
    record = data[0]["records"][0]
    assert record["title"] == CLEAN_TITLE
    assert not FORBIDDEN.search(json.dumps(data, ensure_ascii=False))


def test_verify_write_stamps_clean_text(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = env / "demo"
    folder.mkdir()
    (folder / "LITERATURE.md").write_text(
        "# Literature\n\n## Confirmed References\n\n"
        f"### REF-001: {CLEAN_TITLE}\n- **Authors:** Alice Smith, Bob Jones\n- **Year:** 2024\n"
        f"- **DOI:** {DOI}\n\n## Unconfirmed References\n",
        encoding="utf-8",
    )
    main(["verify", str(folder), "--write"])
    out = capsys.readouterr()
    text = (folder / "LITERATURE.md").read_text(encoding="utf-8")
    assert "**Verified:**" in text  # confirmed against the cleaned record and stamped
    assert not FORBIDDEN.search(text)
    assert not FORBIDDEN.search(out.out + out.err)


def test_cli_echo_of_note_text_is_cleaned(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A title typed (or pasted) into the notes is echoed by `check`: it must not drive the terminal.
    folder = env / "notes"
    folder.mkdir()
    (folder / "LITERATURE.md").write_text(
        "# Literature\n\n## Confirmed References\n\n"
        "### REF-001: Pasted \x1b]0;owned\x07 title\n- **Authors:** A. Person\n",
        encoding="utf-8",
    )
    main(["check", str(folder)])
    captured = capsys.readouterr()
    assert not FORBIDDEN.search(captured.out + captured.err)


def test_hover_card_of_a_hostile_record_is_clean() -> None:
    record = PaperRecord(
        backend="crossref",
        title=HOSTILE_TITLE,
        authors=tuple(Author(family, given) for given, family in HOSTILE.authors),
        venue=HOSTILE.venue,
        abstract=HOSTILE.abstract,
        doi=DOI,
    )
    for markdown in (True, False):
        card = record_card(record, Status("confirmed"), heading="REF-001", markdown=markdown)
        assert not FORBIDDEN.search(card)
        assert "Evil" in card and "Smith" in card


@given(st.text())
def test_safe_text_leaves_nothing_forbidden(text: str) -> None:
    cleaned = safe_text(text)
    assert not FORBIDDEN.search(cleaned.replace("\n", " "))
    assert "\n" not in cleaned
    assert safe_text(cleaned) == cleaned  # idempotent


@given(st.text(alphabet=st.characters(categories=("L", "N", "P", "Zs", "S"))))
def test_safe_text_keeps_ordinary_text(text: str) -> None:
    assert safe_text(text) == text
    assert safe_line(text) == text


def test_record_fields_are_cleaned_at_ingestion() -> None:
    record = PaperRecord(
        backend="semantic_scholar",
        title="A\u200b\u202eB\x1b[0m\tC",
        authors=(Author("X\x07", "Y\u2067"),),
        venue="V\x85W",
        abstract="line one\nline\x00 two",
        categories=("math.\x07NT",),
    )
    assert record.title == "AB C"
    assert record.authors == (Author("X", "Y"),)
    assert record.venue == "V W"
    assert record.abstract == "line one line two"
    assert record.categories == ("math.NT",)
    # The cache round trip goes through the same rule.
    assert PaperRecord.from_dict(record.to_dict()).title == "AB C"


def test_project_file_url_never_receives_the_users_key(
    env: Path,
    hostile_server: FakeScholar,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # The whole path: a cloned project aims Semantic Scholar at a host; the request arrives there
    # without the key the user set in their environment.
    monkeypatch.delenv("MATHLSP_SEMANTIC_SCHOLAR_URL", raising=False)
    monkeypatch.setenv("SEMANTIC_SCHOLAR_API_KEY", "users-secret-key")
    (env / ".math").mkdir()
    s2 = hostile_server.urls()["semantic_scholar"]
    (env / ".math" / "config.json").write_text(
        json.dumps({"source_urls": {"semantic_scholar": s2}}), encoding="utf-8"
    )
    hostile_server.controls.clear_log()
    main(["lookup", "--no-cache", "--backend", "semantic_scholar", f"doi:{DOI}"])
    requests = hostile_server.controls.requests("semantic_scholar")
    assert requests, "the lookup reached the project's host"
    for request in requests:
        assert "users-secret-key" not in json.dumps(request.to_dict())
    assert "key is not sent to" in caplog.text
