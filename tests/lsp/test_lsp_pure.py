"""The language server's pure parts, without a server: settings, position encodings, and the
handler guard. (The editor features themselves are tested in tests/ide/.)"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lsp_helpers import PROOF
from lsprotocol import types

from mathlsp.config import ServerSettings, parse_settings
from mathlsp.features.convert import lsp_position, offset_of
from mathlsp.notes.document import MarkdownDoc


# -- settings --------------------------------------------------------------------------------
def test_settings_parse_camel_and_snake_case():
    parsed = parse_settings({"mathlsp": {"debounceMs": 50, "stale_after_days": "30"}})
    assert parsed.warnings == []
    assert parsed.settings.debounce_ms == 50 and parsed.settings.stale_after_days == 30
    assert parsed.settings.check_settings().stale_after_days == 30


@pytest.mark.parametrize(
    "raw",
    [
        {"debounceMs": -1},
        {"debounceMs": "soon"},
        {"debounceMs": True},
        {"verification": "sometimes"},
        {"confirmQueries": "yes please"},
        {"backends": ["arxiv", "google"]},
        {"backends": 3},
        {"cacheDir": 5},
        {"noSuchOption": 1},
        ["not", "an", "object"],
    ],
)
def test_invalid_settings_give_warnings_and_defaults(raw):
    parsed = parse_settings(raw)
    assert parsed.warnings
    assert parsed.settings == ServerSettings()


def test_settings_merge_onto_the_current_ones():
    current = parse_settings({"debounceMs": 10}).settings
    merged = parse_settings({"verification": "ONSAVE", "trace": {"server": "off"}}, current)
    assert merged.warnings == []
    assert merged.settings.debounce_ms == 10 and merged.settings.verification == "onSave"
    assert parse_settings(None, current).settings is current


# -- position encodings ----------------------------------------------------------------------
@given(st.lists(st.sampled_from(["a", "é", "𝔽", "\n", "\r\n", "\r", "中", " "]), max_size=30))
def test_offsets_round_trip_in_every_encoding(parts):
    text = "".join(parts)
    doc = MarkdownDoc(text, "X.md")
    for enc in ("utf-8", "utf-16", "utf-32"):
        for offset in range(len(text) + 1):
            if text[offset - 1 : offset + 1] == "\r\n":
                continue  # inside a line break: not a position
            pos = lsp_position(doc, offset, enc)
            assert offset_of(doc, pos, enc) == offset


def test_utf16_positions_match_the_model():
    doc = MarkdownDoc(PROOF, "PROOF.md")
    at = PROOF.index("REF-001")
    model = doc.index.position(at)
    assert lsp_position(doc, at) == types.Position(model.line, model.character)
    assert lsp_position(doc, at, "utf-8").character == model.character + 3  # Ü=2, 𝔽=4 bytes
    assert lsp_position(doc, at, "utf-32").character == model.character - 1


# -- handler guard ---------------------------------------------------------------------------
async def test_a_failing_handler_answers_empty_and_logs(caplog):
    from mathlsp.features.server import create_server

    server = create_server()
    sent: list[str] = []
    server.log_to_client = lambda message, kind=None: sent.append(message)  # type: ignore[method-assign]

    @server.handler("mathlsp/testBoom", empty=[])
    async def boom(params):
        raise ValueError("kaboom")

    guarded = server.protocol.fm.features["mathlsp/testBoom"]
    assert await guarded(None) == []
    assert sent and "boom failed" in sent[0] and "kaboom" in sent[0]
    assert "boom failed" in caplog.text

    @server.handler("mathlsp/testSync", empty=None)
    def sync_boom(params):
        raise RuntimeError("sync")

    assert server.protocol.fm.features["mathlsp/testSync"](None) is None


def test_an_empty_lua_table_means_no_settings():
    for raw in ([], {"mathlsp": []}, {"mathlsp": None}, None):
        parsed = parse_settings(raw)
        assert parsed.warnings == [] and parsed.settings == ServerSettings()


def test_a_null_setting_is_its_default_without_a_warning():
    # An editor's unset option (Neovim's vim.NIL, a JSON null): was "`debounceMs` must be a
    # whole number, not None", popped up once per option.
    current = parse_settings({"debounceMs": 10, "verification": "off"}).settings
    parsed = parse_settings({"mathlsp": {"debounceMs": None, "verification": None}}, current)
    assert parsed.warnings == []
    assert parsed.settings == ServerSettings()


def test_a_warning_shows_the_value_as_json():
    (warning,) = parse_settings({"confirmQueries": "yes please"}).warnings
    assert warning == '`confirmQueries` must be true or false, not "yes please"; using true'
    (warning,) = parse_settings({"backends": ["arxiv", "google"]}).warnings
    assert '"google"' in warning and "'" not in warning
