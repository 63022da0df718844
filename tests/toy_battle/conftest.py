"""Fixtures for Toy Battle tests (helpers live in helpers.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def terrain_path(tmp_path: Path):
    """Write a terrain dict to a file and return its path (as a config string)."""

    def write(data: dict[str, Any], name: str = "terrain.json") -> str:
        p = tmp_path / name
        p.write_text(json.dumps(data), encoding="utf-8")
        return str(p)

    return write
