"""The household scenery kit: every kind loads from a battlefield file, and
what the app draws (``kit_mesh``) is what the engine measures."""

from __future__ import annotations

import numpy as np
import pytest

from engine.geometry import Battlefield
from engine.geometry.battlefield import BattlefieldError
from engine.geometry.household import DEFAULT_SIZE, Household, Kind, engine_shape, kit_mesh


def field(*pieces):
    return Battlefield.from_dict({"format": 1, "name": "kit", "play_zone": [[0, 0], [120, 0], [120, 80], [0, 80]],
                                  "scenery": list(pieces)})


def test_at_least_ten_kinds_each_with_printed_parts():
    assert len(Kind) >= 10
    for kind in Kind:
        m = kit_mesh(Household(kind, DEFAULT_SIZE[kind]))
        assert len(m.faces) and len(m.uvs) == len(m.vertices) and len(m.parts) == len(m.faces)
        assert np.all((m.uvs >= -1e-9) & (m.uvs <= 1 + 1e-9)), kind


@pytest.mark.parametrize("kind", list(Kind))
def test_a_kit_piece_stays_in_its_size_and_stands_on_the_table(kind):
    size = DEFAULT_SIZE[kind]
    m = kit_mesh(Household(kind, size))
    lo, hi = m.vertices.min(axis=0), m.vertices.max(axis=0)
    assert lo[2] == pytest.approx(0.0, abs=1e-9)
    assert hi[2] <= size[2] + 1e-9
    assert np.all(np.abs(m.vertices[:, 0]) <= size[0] / 2 + 1e-9) and np.all(np.abs(m.vertices[:, 1]) <= size[1] / 2 + 1e-9)


@pytest.mark.parametrize("kind", list(Kind))
def test_the_engine_measures_the_drawn_triangles(kind):
    """Mesh kinds: the solid's triangles are the drawn ones, placed the same
    way. Box and can kinds: the engine's exact primitive holds every drawn
    vertex on or inside its surface (a can is drawn inscribed)."""
    piece = {"id": "p", "shape": {"kind": kind.value, "seed": 2}, "at": [60.0, 40.0, 0.0], "rotation": 33.0}
    bf = field(piece)
    solid = bf.solids[0]
    kit = bf.scenery[0].shape
    m = kit_mesh(kit)
    a = np.radians(33.0)
    rot = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    drawn = m.vertices @ rot.T + [60.0, 40.0, 0.0]
    if engine_shape(kit) is kit:
        assert solid.kind == "mesh"
        np.testing.assert_allclose(solid.mesh.triangles.reshape(-1, 3), drawn[m.faces].reshape(-1, 3), atol=1e-9)
    else:
        assert solid.kind in ("box", "cylinder")
        lo, hi = solid.mesh.bounds
        assert np.all(drawn >= lo - 1e-6) and np.all(drawn <= hi + 1e-6)
        assert np.allclose(drawn.min(axis=0)[2], lo[2]) and np.allclose(drawn.max(axis=0)[2], hi[2])
        if solid.kind == "cylinder":
            r = np.hypot(drawn[:, 0] - 60.0, drawn[:, 1] - 40.0)
            assert r.max() <= solid.params[2] + 1e-9 and r.max() >= solid.params[2] * 0.998
        else:  # every drawn corner on the box's surface
            np.testing.assert_allclose(np.sort(drawn[:, :2].round(6), axis=0)[[0, -1]],
                                       np.sort(np.asarray(solid.mesh.vertices)[:, :2].round(6), axis=0)[[0, -1]])


def test_a_kit_piece_blocks_sight_like_what_is_drawn():
    """A mug's handle blocks a ray that misses its body, and a ray through the
    gap between the handle and the mug passes, as the picture shows."""
    bf = field({"id": "mug", "shape": {"kind": "mug", "size": [11.0, 8.4, 9.5]}, "at": [60.0, 40.0, 0.0]})
    handle = bf.line_of_sight((65.2, 20.0, 5.0), (65.2, 60.0, 5.0), 0.05, 1)
    gap = bf.line_of_sight((64.6, 20.0, 5.0), (64.6, 60.0, 5.0), 0.05, 1)
    beside = bf.line_of_sight((66.0, 20.0, 5.0), (66.0, 60.0, 5.0), 0.05, 1)
    assert not handle.valid and gap.valid and beside.valid


def test_round_trip_and_bad_fields_name_the_path():
    bf = field({"id": "b", "shape": {"kind": "shoebox", "size": [30, 18, 11], "lid": False, "colour": "red"},
                "at": [60, 40, 0]})
    again = Battlefield.from_dict(bf.to_dict())
    assert again.scenery[0].shape == bf.scenery[0].shape
    with pytest.raises(BattlefieldError, match=r"scenery\[0\].shape.kind: expected one of book"):
        field({"id": "x", "shape": {"kind": "sofa"}, "at": [60, 40, 0]})
    with pytest.raises(BattlefieldError, match=r"scenery\[0\].shape.size: expected 3 positive numbers"):
        field({"id": "x", "shape": {"kind": "mug", "size": [1, -2, 3]}, "at": [60, 40, 0]})


def test_a_level_can_stand_on_a_flat_kit_piece():
    bf = field({"id": "box", "shape": {"kind": "shoebox", "size": [26, 16, 10]}, "at": [30, 26, 0], "level": 1},
               {"id": "books", "shape": {"kind": "book_stack", "size": [12, 9, 5], "count": 3}, "at": [30, 29, 10],
                "level": 2})
    assert bf.surface_at(30, 29) == "books" and bf.surface_height(30, 29) == pytest.approx(15.0)
    assert bf.surface_at(30, 20) == "box"
