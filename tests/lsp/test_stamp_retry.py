"""Stamps computed on a text the user then changed are computed again once, never forced."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from mathlsp.features.verification import commands
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.verify.pipeline import ReferenceCheck, claim_key

ENTRY = """## Confirmed References

### REF-001: The entropy formula for the Ricci flow and its geometric applications
- **Authors:** Grisha Perelman
- **Year:** 2002
- **arXiv ID:** math/0211159
"""


async def test_a_stale_stamp_edit_is_recomputed_once_on_the_new_text(monkeypatch) -> None:
    texts = [ENTRY, "Typed meanwhile.\n\n" + ENTRY, "Typed again.\n\n" + ENTRY]
    seen: list[tuple[str, bool]] = []

    def snapshot(server: Any, path: Path) -> Any:
        text = texts.pop(0)
        return SimpleNamespace(text=text, edit=lambda edits, text=text: (text, edits))

    async def apply_edit(server: Any, prepared: Any, label: str, *, retrying: bool) -> bool:
        text, _edits = prepared
        seen.append((text, retrying))
        return not retrying  # the first is stale (the user typed); the second goes through

    monkeypatch.setattr(commands, "snapshot", snapshot)
    monkeypatch.setattr(commands, "build_workspace_edit", lambda files, caps, enc: files[0])
    monkeypatch.setattr(commands, "apply_edit", apply_edit)
    (entry,) = LiteratureDoc(ENTRY).entries
    check = ReferenceCheck(
        "REF-001", "confirmed", "confirmed", (), source="arxiv",
        url="http://export.arxiv.org/api/query?id_list=math/0211159",
        checked_at=dt.datetime(2026, 3, 1, tzinfo=dt.UTC),
    )  # fmt: skip
    server = SimpleNamespace(
        client_capabilities=None,
        position_encoding="utf-16",
        settings=SimpleNamespace(stale_after_days=180),
    )
    await commands._stamp(server, Path("LITERATURE.md"), [check], {"REF-001": claim_key(entry)})
    assert [r for _, r in seen] == [True, False]
    assert seen[1][0].startswith("Typed meanwhile.")  # recomputed on the text as it now is
