"""The one engine <-> Ursina conversion (app/frames.py)."""

from __future__ import annotations

import math

import pytest

from app import frames


def test_axes_map_engine_up_to_ursina_up_and_away_to_forward():
    assert frames.to_ursina((0, 0, 10)) == pytest.approx((0, 10 * frames.CM, 0))
    assert frames.to_ursina((0, 10, 0)) == pytest.approx((0, 0, 10 * frames.CM))
    assert frames.to_ursina((10, 0, 0)) == pytest.approx((10 * frames.CM, 0, 0))


def test_round_trip():
    for p in [(1.5, -2.25, 3.0), (0, 0, 0), (-120.0, 80.0, 0.5)]:
        assert frames.to_engine(frames.to_ursina(p)) == pytest.approx(p)


def test_handedness_flips():
    """Engine x cross y = z (right-handed); in Ursina's left-handed frame the
    images satisfy x cross y = -z as plain vectors."""
    ex, ey, ez = (frames.to_ursina(v) for v in [(1, 0, 0), (0, 1, 0), (0, 0, 1)])
    cross = (ex[1] * ey[2] - ex[2] * ey[1], ex[2] * ey[0] - ex[0] * ey[2], ex[0] * ey[1] - ex[1] * ey[0])
    assert cross == pytest.approx(tuple(-c * frames.CM for c in ez))


def test_sizes_and_headings():
    assert frames.size_to_ursina((10, 20, 30)) == pytest.approx((1.0, 3.0, 2.0))
    assert frames.heading_to_ursina(90) == -90
    assert frames.heading_to_engine(frames.heading_to_ursina(37.5)) == 37.5


def test_gltf_points_become_z_up():
    assert frames.gltf_to_engine((1, 2, 3)) == (1, -3, 2)


def test_gltf_head_node_lands_where_frames_says_not_mirrored(probe, tmp_path):
    """Ursina loads glTF through panda3d-gltf: the head node must land at
    frames.to_ursina(gltf_to_engine(p)), which is NOT the file's numbers read
    as Ursina coordinates (that would mirror z)."""
    facts = probe("frames_gltf", str(tmp_path))
    assert facts["landed"] == pytest.approx(facts["expected"], abs=1e-4)
    naive = [c * frames.CM for c in facts["head_gltf"]]
    assert facts["landed"][2] == pytest.approx(-naive[2], abs=1e-4)
    assert not math.isclose(facts["landed"][2], naive[2], abs_tol=1e-3)
    assert facts["turned"] == pytest.approx([0.0, 10.0, 0.0], abs=1e-4)
