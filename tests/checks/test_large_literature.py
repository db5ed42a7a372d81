"""A large LITERATURE.md is checked exactly as its entries are checked in pieces.

`benchmarks/bench_large_literature.py` measures a file of many short entries; what makes it
cheaper (the offline verifier asking a claim's fingerprint once, an entry's authors split once)
must change no finding. Here the same entries, with the editor's offline verifier (a verdict
stored in the cache, a pending one remembered, none for the rest), are checked as one file and
as files of 250 entries each: every entry gets the same findings, at the same place in it.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from benchmarks.bench_large_literature import short_literature
from mathlsp.cache import Cache
from mathlsp.checks import CheckSettings, load_rules
from mathlsp.checks.base import CheckContext
from mathlsp.checks.entries import entry_findings
from mathlsp.checks.findings import Finding
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.literature import LiteratureDoc
from mathlsp.verify.memo import OfflineVerifier
from mathlsp.verify.pipeline import ReferenceCheck, claim_key

PIECE = 250


def _per_entry(
    folder: Path, text: str, cache: Cache, remembered: dict[str, ReferenceCheck]
) -> dict[str, list[tuple[str, str, int, int, int]]]:
    """Entry id → its findings as (code, message, line from its heading, columns)."""
    load_rules()
    folder.mkdir()
    (folder / "LITERATURE.md").write_text(text, encoding="utf-8")
    verifier = OfflineVerifier(cache)
    doc = LiteratureDoc(text)
    for entry in doc.entries:
        if entry.id in remembered:
            verifier.remember(entry, remembered[entry.id])
    settings = dataclasses.replace(CheckSettings(), verification=verifier)
    model = ProblemFolder(folder)
    parsed = model.doc(folder / "LITERATURE.md")
    assert isinstance(parsed, LiteratureDoc)
    ctx = CheckContext(model, folder / "LITERATURE.md", parsed, settings.for_folder(folder))
    out = {}
    for entry, found in zip(parsed.entries, entry_findings(ctx, parsed), strict=True):
        at = entry.heading.line
        out[entry.id] = sorted(_relative(f, at) for f in found)
    return out


def _relative(f: Finding, at: int) -> tuple[str, str, int, int, int]:
    return (
        f.code,
        f.message,
        f.range.start.line - at,
        f.range.start.character,
        f.range.end.character,
    )


def _pieces(text: str) -> list[str]:
    """The file's entries, `PIECE` at a time, each under the file's head and section titles."""
    head, rest = text.split("## Confirmed References\n", 1)
    confirmed, unconfirmed = re.split(
        r"## Synthesis\n.*?## Unconfirmed References\n", rest, flags=re.S
    )
    blocks = [b for b in re.split(r"(?m)^(?=### )", confirmed) if b.startswith("###")]
    ublocks = [b for b in re.split(r"(?m)^(?=### )", unconfirmed) if b.startswith("###")]
    out = []
    for i in range(0, max(len(blocks), len(ublocks) * 10), PIECE):
        refs = "".join(blocks[i : i + PIECE])
        urefs = "".join(ublocks[i // 10 : (i + PIECE) // 10])
        out.append(
            f"{head}## Confirmed References\n\n{refs}## Synthesis\n\n"
            f"## Unconfirmed References\n\n{urefs}"
        )
    return out


def test_a_large_file_gets_the_findings_its_entries_get_in_pieces(tmp_path: Path) -> None:
    text = short_literature(2000)
    cache = Cache(tmp_path / "cache")
    doc = LiteratureDoc(text)
    by_id = {e.id: e for e in doc.entries}
    # A verdict stored for REF-011's claim (the cache's, as `verify` leaves it) and a pending
    # one remembered for REF-007 (a source could not answer): both take the verifier's paths
    # that the claim's fingerprint decides.
    stored = ReferenceCheck("REF-011", "confirmed", "unconfirmed", ("arXiv returned no entry",))
    cache.put_verification(claim_key(by_id["REF-011"]), stored.to_json())
    pending = ReferenceCheck(
        "REF-007", "confirmed", "unconfirmed", ("arXiv rate-limited; verification pending",),
        pending=True,
    )  # fmt: skip
    remembered = {"REF-007": pending}

    whole = _per_entry(tmp_path / "whole", text, cache, remembered)
    assert len(whole) == 2000
    pieces: dict[str, list[tuple[str, str, int, int, int]]] = {}
    for n, piece in enumerate(_pieces(text)):
        pieces.update(_per_entry(tmp_path / f"piece{n}", piece, cache, remembered))
    assert pieces == whole
    # The verifier's verdicts are among them: stored, pending, and nothing for the others.
    assert any("verification pending" in m for _, m, *_ in whole["REF-007"]), whole["REF-007"]
    assert any("arXiv returned no entry" in m for _, m, *_ in whole["REF-011"]), whole["REF-011"]
    assert not any(c.startswith("VER") for c, *_ in whole["REF-012"]), whole["REF-012"]
