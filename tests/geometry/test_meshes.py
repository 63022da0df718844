"""The generated figurine meshes agree with the data file."""

import json
from pathlib import Path

import pytest
import trimesh

from engine.little_soldiers import data

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kind", data.FIGURINE_TYPES)
def test_figurine_mesh_and_sidecar(kind):
    side = json.loads((ROOT / "meshes" / "figurines" / f"{kind}.json").read_text())
    assert side["head"] == {"center": [0.0, 0.0, data.HEAD_CENTER_HEIGHT], "radius": data.HEAD_RADIUS}
    assert side["base_radius"] == data.BASE_RADIUS
    assert side["height"] == pytest.approx(data.FIGURINE_HEIGHT, abs=0.05)
    scene = trimesh.load(ROOT / "meshes" / "figurines" / f"{kind}.glb")
    assert {"base", "body", "arms", "weapon", "head"} <= set(scene.graph.nodes_geometry)
    head = scene.geometry["head"]
    assert head.bounds[0][2] == pytest.approx(data.HEAD_CENTER_HEIGHT - data.HEAD_RADIUS, abs=0.01)
    assert scene.bounds[0][2] == pytest.approx(0.0, abs=1e-6)
    assert scene.bounds[1][2] == pytest.approx(data.FIGURINE_HEIGHT, abs=0.05)
