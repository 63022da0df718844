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


@pytest.mark.parametrize("kind", data.FIGURINE_TYPES)
def test_the_head_line_of_sight_aims_at_is_the_head_drawn(kind):
    """The head node (head and helmet, what a player sees as the head) fills
    the engine's head sphere and barely leaves it: every direction from the
    centre meets the drawn head within 2% of the sphere's radius (the drawn
    sphere is a polyhedron inscribed in it) or beyond, and no head vertex
    lies more than 12% outside it. The app draws these very nodes
    (app.look.figurines reads the .glb)."""
    import numpy as np

    from engine.little_soldiers.table.figures import figure_spec

    size = figure_spec(kind)
    scene = trimesh.load(ROOT / "meshes" / "figurines" / f"{kind}.glb")
    head = scene.geometry["head"]
    centre = np.array([0.0, 0.0, size.head_center_height])
    dist = np.linalg.norm(head.vertices - centre, axis=1)
    assert dist.max() <= size.head_radius * 1.12
    dirs = trimesh.creation.icosphere(subdivisions=2).vertices
    hits, rays, _ = head.ray.intersects_location(np.repeat(centre[None], len(dirs), 0), dirs)
    reach = np.zeros(len(dirs))
    np.maximum.at(reach, rays, np.linalg.norm(hits - centre, axis=1))
    assert np.all(reach >= size.head_radius * 0.98)
    assert reach.max() <= size.head_radius * 1.12


def test_the_app_draws_the_figurine_files():
    from app.look.figurines import parts

    for kind in data.FIGURINE_TYPES:
        drawn = parts(kind)
        scene = trimesh.load(ROOT / "meshes" / "figurines" / f"{kind}.glb")
        assert set(drawn) == set(scene.graph.nodes_geometry)
        assert drawn["head"].bounds.ravel().tolist() == pytest.approx(scene.geometry["head"].bounds.ravel().tolist())
