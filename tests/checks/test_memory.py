"""Memory retained by the check path does not grow with the number of document versions.

The editor re-checks LITERATURE.md after every pause in typing; a cache keyed by document that
also holds the document (the index of LITERATURE.md once did) keeps every version alive. This
runs versions through the server's check path — the folder's parse cache, every rule, the
offline verifier's memo — and compares what is still allocated after 10 and after 40 versions.
"""

from __future__ import annotations

import dataclasses
import gc
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from benchmarks.corpus import literature
from mathlsp.cache import Cache
from mathlsp.checks import CheckSettings, check_document
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.loader import LoadedText
from mathlsp.verify.memo import OfflineVerifier


def _retained_after_10_and_40(step: Callable[[int], None]) -> tuple[int, int]:
    """Bytes still allocated after `step(0..9)` and after `step(10..39)`."""
    tracemalloc.start()
    try:
        for i in range(10):
            step(i)
        gc.collect()
        after_10 = tracemalloc.get_traced_memory()[0]
        for i in range(10, 40):
            step(i)
        gc.collect()
        return after_10, tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()


def test_retained_memory_is_flat_across_versions(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    (root / "PROOF.md").write_text("By REF-001 and REF-002 [V] the claim holds.\n", "utf-8")
    text = literature(150)
    buffer = {"LITERATURE.md": text}

    def reader(path: Path) -> LoadedText:
        if path.name in buffer:
            return LoadedText(buffer[path.name])
        return LoadedText(path.read_text("utf-8")) if path.exists() else LoadedText(None, "no")

    folder = ProblemFolder(root, reader=reader)
    cache = Cache(tmp_path / "cache")
    settings = dataclasses.replace(CheckSettings(), verification=OfflineVerifier(cache))

    def type_one_character(i: int) -> None:
        middle = len(buffer["LITERATURE.md"]) // 2
        old = buffer["LITERATURE.md"]
        buffer["LITERATURE.md"] = old[:middle] + "abcdefghij"[i % 10] + old[middle:]
        for name in ("LITERATURE.md", "PROOF.md"):
            check_document(folder, root / name, settings)

    after_10, after_40 = _retained_after_10_and_40(type_one_character)
    # One parsed version of this file is ~2 MB; 30 leaked versions would be ~60 MB. What may
    # grow is the text itself (30 characters) and a memo entry per edited claim.
    assert after_40 - after_10 < 1_000_000, (after_10, after_40)


def test_an_editor_session_retains_one_version(tmp_path: Path) -> None:
    """The editor's own path: a buffer that logs its edits and shifts its line starts lazily,
    versions parsed incrementally (typing defers their structure): what stays allocated after
    40 keystrokes is what stayed after 10."""
    from lsprotocol import types

    from mathlsp.features.buffers import NoteBuffer

    root = tmp_path / "p"
    root.mkdir()
    text = literature(150)
    lit = root / "LITERATURE.md"
    buf = NoteBuffer(lit.as_uri(), source=text, version=1)

    def reader(path: Path) -> LoadedText:
        if path == lit:
            now, generation, starts = buf.snapshot()
            return LoadedText(now, history=buf, generation=generation, starts=starts)
        return LoadedText(None, "no")

    folder = ProblemFolder(root, reader=reader)
    settings = CheckSettings()
    line = text.count("\n", 0, text.index("### REF-050")) + 2  # REF-050's first field

    def keystroke(i: int) -> None:
        at = types.Position(line, 12 + i % 3)
        end = at if i % 2 == 0 else types.Position(line, at.character + 1)
        buf.apply_change(
            types.TextDocumentContentChangePartial(range=types.Range(at, end), text="xy"[i % 2])
        )
        check_document(folder, lit, settings)

    check_document(folder, lit, settings)
    after_10, after_40 = _retained_after_10_and_40(keystroke)
    assert after_40 - after_10 < 200_000, (after_10, after_40)


def test_a_parsed_literature_file_costs_a_few_bytes_per_character() -> None:
    """What a parsed LITERATURE.md keeps beside its text (its lines are cut from the text when
    read, field offsets packed): a list of line strings, or an int object per offset, would
    push this past the bound."""
    from mathlsp.notes.literature import LiteratureDoc

    text = literature(400)
    gc.collect()
    tracemalloc.start()
    try:
        doc = LiteratureDoc(text)
        assert len(doc.entries) == 400
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept < 3.6 * len(text), (kept, len(text), kept / len(text))
