"""docs/diagnostics.md documents exactly the codes in CATALOG, with their severities."""

from __future__ import annotations

import re
from pathlib import Path

from mathlsp.checks import CATALOG

DOC = Path(__file__).resolve().parents[2] / "docs" / "diagnostics.md"
_ENTRY = re.compile(r"^### (?P<code>[A-Z]{3}\d{3})\s*\n\*\*Severity:\*\* (?P<sev>\w+)", re.M)


def _documented() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for m in _ENTRY.finditer(text):
        assert m["code"] not in found, f"{m['code']} documented twice"
        found[m["code"]] = m["sev"]
    return found


def test_every_code_is_documented_and_nothing_else() -> None:
    documented = _documented()
    assert sorted(set(CATALOG) - set(documented)) == [], "codes missing from docs/diagnostics.md"
    assert sorted(set(documented) - set(CATALOG)) == [], "documented codes that do not exist"


def test_documented_severities_match() -> None:
    documented = _documented()
    wrong = {c: (documented[c], CATALOG[c].severity.label) for c in CATALOG if c in documented}
    assert {c: v for c, v in wrong.items() if v[0] != v[1]} == {}


def test_every_heading_that_looks_like_a_code_is_an_entry() -> None:
    text = DOC.read_text(encoding="utf-8")
    headings = re.findall(r"^#{2,4} ([A-Z]{3}\d{3})\b", text, re.M)
    assert sorted(headings) == sorted(_documented())


def test_codes_follow_the_family_scheme() -> None:
    families = {"DOC", "LIT", "REF", "SYN", "PRB", "JRN", "VER"}
    assert {code[:3] for code in CATALOG} <= families
