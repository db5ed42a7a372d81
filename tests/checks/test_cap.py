"""At most FINDINGS_PER_CODE findings of a code per file, then one DOC006 with how many more."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from mathlsp.checks import check_document
from mathlsp.checks.base import FINDINGS_PER_CODE
from mathlsp.checks.cap import MORE, listed
from mathlsp.checks.findings import Finding, Severity
from mathlsp.notes.folder import ProblemFolder
from mathlsp.notes.text import Position, Range
from tests.checks.conftest import LITERATURE, SETTINGS, codes, edit, only, write

N = FINDINGS_PER_CODE


def _at(line: int, code: str = "X001") -> Finding:
    return Finding(code, Severity.ERROR, "m", Range(Position(line, 0), Position(line, 1)))


def test_the_first_of_a_code_are_listed_then_how_many_more() -> None:
    found = sorted(
        [_at(i) for i in range(N + 30)] + [_at(i, "Y001") for i in range(5)],
        key=lambda f: (f.range.start, f.code),
    )
    out = listed(found)
    assert codes(out).count("X001") == N
    assert codes(out).count("Y001") == 5
    (more,) = only(out, MORE)
    assert more.data == {"code": "X001", "more": 30}
    assert more.range == only(out, "X001")[-1].range  # on the last one listed
    assert "30 more X001 findings" in more.message


def test_a_file_under_the_cap_is_returned_as_it_is() -> None:
    found = [_at(i) for i in range(N)]
    assert listed(found) is found


def test_a_line_of_unknown_ids_builds_only_the_listed_findings(problem_dir: Path) -> None:
    """Whole-file rules stop building past the cap and count the rest."""
    write(problem_dir, {"PROOF.md": "# Proof\n\n" + "REF-999 " * (N + 250) + "\n"})
    found = check_document(ProblemFolder(problem_dir), problem_dir / "PROOF.md", SETTINGS)
    assert codes(found).count("REF009") == N
    (more,) = only(found, MORE)
    assert more.data == {"code": "REF009", "more": 250}
    assert more.severity is Severity.INFORMATION


def test_entry_findings_are_capped_across_entries(problem_dir: Path) -> None:
    """Entry rules are cached per entry and capped afterwards: N + 20 entries without a stamp
    give N REF001 and one DOC006 for the other 20."""
    entry = "### REF-{n:03d}: Paper {n}\n- **Authors:** A. Author\n- **Year:** 2001\n\n"
    many = "".join(entry.format(n=n) for n in range(3, N + 23))
    text = edit(LITERATURE, "## Unconfirmed References", many + "## Unconfirmed References")
    write(problem_dir, {"LITERATURE.md": text})
    found = check_document(ProblemFolder(problem_dir), problem_dir / "LITERATURE.md", SETTINGS)
    stamps = [f for f in found if f.code == "REF001"]
    assert len(stamps) == N
    assert {"code": "REF001", "more": 20} in [f.data for f in only(found, MORE)]


def test_check_json_says_the_same(problem_dir: Path) -> None:
    write(problem_dir, {"PROOF.md": "# Proof\n\n" + "REF-999 " * (N + 7) + "\n"})
    out = subprocess.run(
        [sys.executable, "-m", "mathlsp", "check", "--format", "json", "PROOF.md"],
        cwd=problem_dir,
        capture_output=True,
        text=True,
        check=False,
    )
    (report,) = json.loads(out.stdout)["files"]
    found = [d["code"] for d in report["diagnostics"]]
    assert found.count("REF009") == N
    assert found.count(MORE) == 1
