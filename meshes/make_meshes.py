"""Build the four Little Soldiers figurine meshes from trimesh primitives.

Run from the repository root:  python -m meshes.make_meshes
It writes meshes/figurines/{infantry,sniper,operator,grenadier}.glb and a
sidecar JSON per figurine with its head anchor, base radius and height.

Frame: the engine's, centimetres with z up, origin at the centre of the
bottom of the base. The .glb stores these coordinates as they are (it is
NOT converted to glTF's y-up); the sidecar says so with "up_axis": "z", and
the app's frame-conversion module turns it like every other engine position.

Each figurine is a scene with separate named nodes: base, body, arms,
weapon and head, so the head is a clearly separate part (line of sight aims
at it) and the app can tint parts.
"""

from __future__ import annotations

import json
import math
import sys
from itertools import pairwise
from pathlib import Path

import numpy as np
import trimesh

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core.files import write_atomic
from engine.little_soldiers import data

OUT = ROOT / "meshes" / "figurines"


def _box(size, centre, rotation_deg=(0.0, 0.0, 0.0)) -> trimesh.Trimesh:
    mesh = trimesh.creation.box(size)
    rx, ry, rz = (math.radians(a) for a in rotation_deg)
    mesh.apply_transform(trimesh.transformations.euler_matrix(rx, ry, rz))
    mesh.apply_translation(centre)
    return mesh


def _capsule(a, b, radius: float) -> trimesh.Trimesh:
    """A capsule (limb) from point a to point b."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    length = float(np.linalg.norm(b - a))
    mesh = trimesh.creation.capsule(height=length, radius=radius, count=[8, 8])
    # trimesh's capsule is centred on the origin along z: move its lower
    # sphere centre to the origin, then turn z onto a -> b.
    mesh.apply_translation((0.0, 0.0, length / 2.0))
    direction = (b - a) / length
    align = trimesh.geometry.align_vectors((0, 0, 1), direction)
    mesh.apply_transform(align)
    mesh.apply_translation(a)
    return mesh


def _cylinder(radius: float, a, b, sections: int = 16) -> trimesh.Trimesh:
    return trimesh.creation.cylinder(radius=radius, segment=[a, b], sections=sections)


def _ellipsoid(centre, radii, subdivisions: int = 2) -> trimesh.Trimesh:
    mesh = trimesh.creation.icosphere(subdivisions=subdivisions, radius=1.0)
    mesh.apply_scale(radii)
    mesh.apply_translation(centre)
    return mesh


def _limb(points, radius: float) -> list[trimesh.Trimesh]:
    """A bent limb: capsules through ``points`` (shoulder, elbow, hand)."""
    return [_capsule(a, b, radius) for a, b in pairwise(points)]


def _rifle(grip, muzzle, stock_len: float = 0.9, scope: bool = False) -> trimesh.Trimesh:
    """A toy rifle from ``grip`` towards ``muzzle``: barrel, wooden stock, magazine."""
    grip, muzzle = np.asarray(grip, float), np.asarray(muzzle, float)
    d = (muzzle - grip) / np.linalg.norm(muzzle - grip)
    parts = [_cylinder(0.085, grip, muzzle, sections=10)]
    butt = grip - d * stock_len
    parts.append(_capsule(butt, grip + d * 0.5, 0.16))
    parts.append(_capsule(grip + d * 0.55, grip + d * 0.62 + np.array([0, 0, -0.45]), 0.09))
    if scope:
        parts.append(_cylinder(0.13, grip + d * 0.5 + [0, 0, 0.24], grip + d * 1.5 + [0, 0, 0.24], sections=12))
    return trimesh.util.concatenate(parts)


def figurine_parts(kind: str) -> dict[str, trimesh.Trimesh]:
    """The named parts of one figurine type, in the engine frame (it faces +x).

    A moulded toy soldier: bevelled round base, boots and legs in a stride,
    a belted tunic, a backpack, arms bent round the weapon, and a helmeted
    head. The ``head`` node is the head sphere the rules use (centre and
    radius from the data file) with its helmet hugging it, so the head a
    player sees is the head line of sight aims at (tests/geometry/test_meshes.py).
    """
    size = data.FIGURINES[kind]
    base_r = size["base_radius"]
    head_r = size["head_radius"]
    head_z = size["head_center_height"]
    t = data.BASE_THICKNESS
    parts: dict[str, trimesh.Trimesh] = {}
    base = trimesh.creation.cylinder(radius=base_r, height=t * 0.7, sections=40)
    base.apply_translation((0, 0, t * 0.35))
    bevel = trimesh.creation.cylinder(radius=base_r * 0.93, height=t * 0.3, sections=40)
    bevel.apply_translation((0, 0, t * 0.85))
    parts["base"] = trimesh.util.concatenate([base, bevel])
    hip, shoulder = 1.95, 3.25
    stride = 0.35 if kind != "sniper" else 0.15
    legs, boots = [], []
    for s in (-1, 1):
        foot = (s * stride * (1 if s > 0 else 1), s * 0.32, t + 0.18)
        knee = (s * stride * 0.5 + 0.08, s * 0.3, 1.1)
        legs += _limb([foot, knee, (0.0, s * 0.28, hip)], 0.27)
        boots.append(_box((0.75, 0.42, 0.34), (foot[0] + 0.12, foot[1], t + 0.17)))
    tunic = _ellipsoid((0.0, 0.0, 2.6), (0.5, 0.68, 0.82))
    belt = _cylinder(0.62, (0, 0, 1.98), (0, 0, 2.14), sections=20)
    belt.apply_scale((0.8, 1.0, 1.0))
    pack = _box((0.45, 0.9, 0.9), (-0.55, 0.0, 2.75))
    neck = _cylinder(0.26, (0, 0, shoulder), (0, 0, head_z - head_r + 0.1), sections=12)
    pouches = [_box((0.2, 0.28, 0.3), (0.42, s * 0.32, 2.1)) for s in (-1, 1)]
    parts["body"] = trimesh.util.concatenate(legs + boots + [tunic, belt, pack, neck] + pouches)
    head = trimesh.creation.icosphere(subdivisions=2, radius=head_r)
    head.apply_translation((0, 0, head_z))
    dome = trimesh.creation.icosphere(subdivisions=2, radius=head_r * 1.06)
    dome.vertices[:, 2] = np.maximum(dome.vertices[:, 2], head_r * 0.05)  # the helmet's open rim
    dome.apply_translation((-0.04, 0, head_z + head_r - head_r * 1.06))  # its top is the head sphere's top
    brim = _cylinder(head_r * 1.08, (-0.02, 0, head_z + 0.02), (-0.02, 0, head_z + 0.1), sections=28)
    nose = _ellipsoid((head_r * 0.9, 0.0, head_z - 0.05), (0.14, 0.12, 0.16), subdivisions=1)
    parts["head"] = trimesh.util.concatenate([head, dome, brim, nose])
    sh_l, sh_r = (0.05, 0.72, shoulder - 0.12), (0.05, -0.72, shoulder - 0.12)
    if kind == "grenadier":
        # Right arm raised high behind the head, grenade in the fist; left arm forward.
        arms = _limb([sh_r, (-0.35, -1.0, 3.9), (-0.25, -0.95, 4.6)], 0.2)
        arms += _limb([sh_l, (0.5, 0.85, 2.8), (1.05, 0.7, 2.9)], 0.2)
        grenade = _ellipsoid((-0.25, -0.95, 4.92), (0.3, 0.3, 0.36))
        ridges = [_cylinder(0.31, (-0.25, -0.95, 4.92 + dz - 0.03), (-0.25, -0.95, 4.92 + dz + 0.03), sections=14)
                  for dz in (-0.12, 0.12)]
        pin = _cylinder(0.07, (-0.25, -0.95, 5.2), (-0.25, -0.95, 5.0), sections=6)
        weapon = trimesh.util.concatenate([grenade, pin] + ridges
                                          + [_box((0.16, 0.16, 0.22), (-0.25 + 0.1 * s, -0.95, 4.55)) for s in (0,)])
        weapon.apply_translation((0, 0, -0.3))
    elif kind == "sniper":
        # Long rifle shouldered and aimed level, a big scope, a cheek on the stock.
        arms = _limb([sh_r, (0.55, -0.55, 2.75), (0.95, -0.12, 3.15)], 0.2)
        arms += _limb([sh_l, (0.9, 0.5, 2.9), (1.75, 0.1, 3.12)], 0.2)
        weapon = _rifle((0.9, -0.05, 3.3), (3.6, -0.05, 3.3), stock_len=1.3, scope=True)
        bipod = [_cylinder(0.04, (3.0, -0.05, 3.25), (3.3, s * 0.25 - 0.05, 2.75), sections=5) for s in (-1, 1)]
        weapon = trimesh.util.concatenate([weapon] + bipod)
    elif kind == "operator":
        # Radio pack on the back with a whip antenna; handset raised to the ear, pistol in the other hand.
        arms = _limb([sh_r, (0.2, -0.9, 2.6), (0.75, -0.7, 2.45)], 0.2)
        arms += _limb([sh_l, (0.35, 0.95, 3.35), (0.45, 0.85, 4.05)], 0.2)
        radio = _box((0.75, 1.05, 1.25), (-0.85, 0.0, 2.75))
        dial = _cylinder(0.16, (-1.24, 0.25, 3.0), (-1.3, 0.25, 3.0), sections=10)
        antenna = _cylinder(0.05, (-0.95, 0.38, 3.35), (-1.35, 0.5, 4.85), sections=6)
        tip = trimesh.creation.icosphere(subdivisions=1, radius=0.09)
        tip.apply_translation((-1.35, 0.5, 4.85))
        handset = _box((0.22, 0.18, 0.55), (0.45, 0.78, 4.1))
        cord = _cylinder(0.04, (0.45, 0.78, 3.85), (-0.6, 0.5, 2.7), sections=5)
        pistol = _box((0.55, 0.14, 0.2), (0.98, -0.7, 2.5))
        weapon = trimesh.util.concatenate([radio, dial, antenna, tip, handset, cord, pistol])
    else:  # infantry: rifle held across the chest at the ready
        arms = _limb([sh_r, (0.45, -0.75, 2.45), (0.85, -0.25, 2.45)], 0.2)
        arms += _limb([sh_l, (0.7, 0.55, 2.85), (1.3, 0.15, 2.95)], 0.2)
        weapon = _rifle((0.65, -0.1, 2.5), (2.1, 0.05, 3.3), stock_len=0.7)
        bayonet = _cylinder(0.04, (2.1, 0.05, 3.3), (2.45, 0.07, 3.48), sections=5)
        weapon = trimesh.util.concatenate([weapon, bayonet])
    parts["arms"] = trimesh.util.concatenate(arms)
    parts["weapon"] = weapon
    return parts


def sidecar(kind: str, parts: dict[str, trimesh.Trimesh]) -> dict:
    size = data.FIGURINES[kind]
    everything = trimesh.util.concatenate(list(parts.values()))
    return {
        "type": kind,
        "weapon": data.FIGURINE_WEAPONS[kind],
        "units": "cm",
        "up_axis": "z",
        "origin": "centre of the bottom of the base",
        "head": {"center": [0.0, 0.0, size["head_center_height"]], "radius": size["head_radius"]},
        "base_radius": size["base_radius"],
        "height": round(float(everything.bounds[1][2]), 4),
        "nodes": sorted(parts),
    }


def build(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in data.FIGURINE_TYPES:
        parts = figurine_parts(kind)
        scene = trimesh.Scene()
        for name, mesh in parts.items():
            scene.add_geometry(mesh, node_name=name, geom_name=name)
        glb = out / f"{kind}.glb"
        write_atomic(glb, scene.export(file_type="glb"), what="figurine mesh")  # the output boundary
        side = out / f"{kind}.json"
        write_atomic(side, json.dumps(sidecar(kind, parts), indent=1) + "\n", what="head anchor")
        written += [glb, side]
    return written


if __name__ == "__main__":
    for path in build():
        print(path.relative_to(ROOT))
