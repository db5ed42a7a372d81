"""The valid fixtures produce no findings at all: every rule's negative case at once."""

from __future__ import annotations

import pytest

from tests.checks.conftest import VALID, codes


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_note_is_clean(check, name: str) -> None:
    assert codes(check(name)) == []


def test_crlf_note_is_clean(check) -> None:
    for name, text in VALID.items():
        assert codes(check(name, text.replace("\n", "\r\n"))) == [], name
