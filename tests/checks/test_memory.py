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
from pathlib import Path

from benchmarks.corpus import literature
from mathlsp.cache import Cache
from mathlsp.checks import CheckSettings, check_document
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.loader import LoadedText
from mathlsp.verify.memo import OfflineVerifier


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

    tracemalloc.start()
    try:
        for i in range(10):
            type_one_character(i)
        gc.collect()
        after_10 = tracemalloc.get_traced_memory()[0]
        for i in range(10, 40):
            type_one_character(i)
        gc.collect()
        after_40 = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    # One parsed version of this file is ~2 MB; 30 leaked versions would be ~60 MB. What may
    # grow is the text itself (30 characters) and a memo entry per edited claim.
    assert after_40 - after_10 < 1_000_000, (after_10, after_40)
