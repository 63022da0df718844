"""Small hand-made battlefields for the geometry tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.geometry import Battlefield  # noqa: E402 - after the repository root is put on sys.path


def field(*scenery, zone=((0, 0), (100, 0), (100, 100), (0, 100)), tokens=()) -> Battlefield:
    return Battlefield.from_dict(
        {
            "format": 1,
            "name": "test",
            "play_zone": [list(p) for p in zone],
            "scenery": list(scenery),
            "tokens": list(tokens),
        }
    )


def box(piece_id, w, d, h, x, y, z=0.0, rotation=0.0, level=None, obj=None):
    return {
        "id": piece_id,
        "shape": {"box": [w, d, h]},
        "at": [x, y, z],
        "rotation": rotation,
        "level": level,
        "object": obj,
    }


def cylinder(piece_id, r, h, x, y, z=0.0, level=None, obj=None):
    return {"id": piece_id, "shape": {"cylinder": [r, h]}, "at": [x, y, z], "level": level, "object": obj}


@pytest.fixture
def wall_field() -> Battlefield:
    # A wall 2 cm thick (x 49..51), 20 cm long (y 40..60), 10 cm tall.
    return field(box("wall", 2, 20, 10, 50, 50))
