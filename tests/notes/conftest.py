"""Shared helpers for the notes-model tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if importlib.util.find_spec("mathlsp") is None:  # running from a checkout without `pip install -e`
    sys.path.insert(0, str(ROOT))
