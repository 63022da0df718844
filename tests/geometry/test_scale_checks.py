"""The indexed checks and the fast mesh footprint give the answers of the
slow ones they replaced (brute force over every pair; shapely's general
union of every triangle). Speed is measured by ``toybox bench geometry``,
never asserted here."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
import trimesh

from engine.geometry import Battlefield
from engine.geometry.checks import OVERLAP_AREA, REST_HEIGHT, overlap_problems
from engine.geometry.mesh_files import mesh_footprint, orientation_sets
from engine.little_soldiers.table.scale import crowded_table
from engine.little_soldiers.table.validation import check


def brute_force_overlaps(bf: Battlefield) -> list[tuple[str, str]]:
    out = []
    solids = bf.solids
    for i, a in enumerate(solids):
        for b in solids[i + 1:]:
            if min(a.top, b.top) - max(a.bottom, b.bottom) <= REST_HEIGHT:
                continue
            if a.footprint.intersection(b.footprint).area > OVERLAP_AREA:
                out.append((a.id, b.id))
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_indexed_overlaps_match_every_pair(seed):
    rng = np.random.default_rng(seed)
    scenery = [
        {"id": f"b{i}", "shape": {"box": [float(w), float(d), float(h)]}, "at": [float(x), float(y), 0.0],
         "rotation": float(r)}
        for i, (w, d, h, x, y, r) in enumerate(zip(rng.uniform(1, 8, 150), rng.uniform(1, 8, 150),
                                                  rng.uniform(1, 9, 150), rng.uniform(5, 95, 150),
                                                  rng.uniform(5, 75, 150), rng.uniform(0, 90, 150), strict=True))
    ]
    bf = Battlefield.from_dict({"format": 1, "name": "random", "play_zone": [[0, 0], [100, 0], [100, 80], [0, 80]],
                                "scenery": scenery})
    found = [p.ids for p in overlap_problems(bf)]
    assert found == brute_force_overlaps(bf)
    assert len(found) > 20  # the table is crowded enough to mean something


def test_a_crowded_table_checks_through_the_index():
    problems = check(crowded_table(300))
    assert problems and all(p.where.startswith(("tokens[", "scenery[", "zones[")) for p in problems)


def general_union(mesh: trimesh.Trimesh) -> shapely.Geometry:
    tris = mesh.triangles[:, :, :2]
    merged = shapely.union_all(shapely.polygons(tris[np.concatenate(orientation_sets(tris))]))
    return max(merged.geoms, key=lambda g: g.area) if merged.geom_type == "MultiPolygon" else merged


def mug() -> trimesh.Trimesh:
    body = trimesh.creation.annulus(r_min=3.0, r_max=3.5, height=8.0)
    handle = trimesh.creation.torus(major_radius=2.0, minor_radius=0.4)
    handle.apply_transform(trimesh.transformations.rotation_matrix(np.pi / 2, (1, 0, 0)))
    handle.apply_translation((5.0, 0.0, 4.0))
    return trimesh.util.concatenate([body, handle])


def arch() -> trimesh.Trimesh:
    legs = [trimesh.creation.box((4, 8, 12), trimesh.transformations.translation_matrix((x, 0, 6)))
            for x in (-13, 13)]
    deck = trimesh.creation.box((30, 8, 2), trimesh.transformations.translation_matrix((0, 0, 13)))
    return trimesh.util.concatenate(legs + [deck])


@pytest.mark.parametrize("make", [lambda: trimesh.creation.icosphere(subdivisions=4, radius=5.0), mug, arch,
                                  lambda: trimesh.creation.capsule(height=6, radius=2)],
                         ids=["sphere", "mug", "arch", "capsule"])
def test_fast_footprint_is_the_union_of_the_triangles(make):
    mesh = make()
    fast, slow = mesh_footprint(mesh), general_union(mesh)
    assert fast.is_valid
    assert fast.symmetric_difference(slow).area <= 1e-9 * slow.area
