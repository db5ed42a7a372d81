"""A buffer may hold lone surrogates (a client sends JSON "\\ud800"): every rule still runs."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from mathlsp.checks import check_document
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.loader import LoadedText
from mathlsp.notes.text import utf16_len

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "markov-bases" / ".math" / "problems"
LONE = ["\ud800", "\udc00", "\udfff", "\ud83d"]


def test_a_lone_surrogate_is_one_utf16_unit() -> None:
    assert utf16_len("a\ud800b") == 3 and utf16_len("\U0001d53d") == 2


@pytest.mark.parametrize("seed", range(3))
def test_no_rule_fails_on_lone_surrogates(seed: int, caplog: pytest.LogCaptureFixture) -> None:
    root = next(EXAMPLE.iterdir())
    rng = random.Random(seed)
    texts = {}
    for path in root.glob("*.md"):
        chars = []
        for ch in path.read_text(encoding="utf-8"):
            chars.append(ch)
            if rng.random() < 0.02:
                chars.append(rng.choice(LONE))
        texts[path] = "".join(chars)

    def reader(path: Path) -> LoadedText:
        text = texts.get(path)
        return LoadedText(text) if text is not None else LoadedText(None, "file not found")

    folder = ProblemFolder(root, reader)
    with caplog.at_level(logging.ERROR, logger="mathlsp.checks"):
        for path in sorted(texts):
            check_document(folder, path)
    assert not [r for r in caplog.records if "failed" in r.getMessage()]
