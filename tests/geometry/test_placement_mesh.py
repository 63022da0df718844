"""Placement next to mesh scenery that is no extrusion: an arch a figurine
can stand under, checked in 3D with trimesh's collision (FCL)."""

from __future__ import annotations

import pytest
import trimesh

from engine.geometry import Battlefield

H = 5.0  # cm: the figurine height the placement tests stand (Little Soldiers data)

pytest.importorskip("fcl")


def _arch(tmp_path) -> Battlefield:
    """A 30 cm bridge: two 4 cm legs 12 cm high at x = -13 and +13, and a deck
    from z = 12 to 14 over the 22 cm gap (local origin: centre of the bottom)."""
    parts = [
        trimesh.creation.box((4, 8, 12), trimesh.transformations.translation_matrix((-13, 0, 6))),
        trimesh.creation.box((4, 8, 12), trimesh.transformations.translation_matrix((13, 0, 6))),
        trimesh.creation.box((30, 8, 2), trimesh.transformations.translation_matrix((0, 0, 13))),
    ]
    trimesh.util.concatenate(parts).export(tmp_path / "arch.stl")
    trimesh.creation.box((6, 6, 6), trimesh.transformations.translation_matrix((0, 0, 3))).export(tmp_path / "block.stl")
    return Battlefield.from_dict(
        {
            "format": 1,
            "name": "arch",
            "play_zone": [[0, 0], [100, 0], [100, 60], [0, 60]],
            "scenery": [
                {"id": "bridge", "shape": {"mesh": "arch.stl", "scale": 1.0}, "at": [50, 30, 0]},
                {"id": "block", "shape": {"mesh": "block.stl", "scale": 1.0}, "at": [20, 30, 0]},
            ],
        },
        root=tmp_path,
    )


def test_a_figurine_may_stand_under_the_arch(tmp_path):
    bf = _arch(tmp_path)
    # Under the deck, 11 cm from each leg: its shadow covers the spot, the 5 cm figurine fits below 12 cm.
    assert bf.check_placement((50, 30), 1.2, height=H) is None


def test_a_figurine_cannot_stand_in_a_leg_of_the_arch(tmp_path):
    bf = _arch(tmp_path)
    assert bf.check_placement((38.5, 30), 1.2, height=H) == "the base overlaps the scenery 'bridge'"
    # The left leg spans x 35..39; a base just clear of its inner face is fine, 0.5 cm into it is not.
    assert bf.check_placement((39 + 1.3, 30), 1.2, height=H) is None
    assert bf.check_placement((39 + 0.7, 30), 1.2, height=H) == "the base overlaps the scenery 'bridge'"


def test_a_figurine_wholly_inside_a_closed_mesh_is_refused(tmp_path):
    bf = _arch(tmp_path)
    # The base (radius 1.2) and the figurine fit inside the 6 cm block: no triangle is crossed.
    assert bf.check_placement((20, 30), 1.2, height=H) == "the base overlaps the scenery 'block'"
