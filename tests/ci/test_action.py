"""The composite GitHub action: installs this checkout, runs check and verify as annotations."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_action_is_a_composite_that_annotates() -> None:
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    runs = [s.get("run", "") for s in steps]
    assert any("github.action_path" in r and "pip install" in r for r in runs)
    check = next(s for s in steps if "mathlsp check" in s.get("run", ""))
    assert "--format github" in check["run"]
    verify = next(s for s in steps if "mathlsp verify" in s.get("run", ""))
    assert "--format github" in verify["run"]
    assert verify["if"] == "${{ inputs.verify == 'true' }}"  # network only when asked
    assert all(s.get("shell") == "bash" for s in steps if "run" in s)  # composite needs shell
    assert set(action["inputs"]) >= {"path", "verify", "python-version"}
