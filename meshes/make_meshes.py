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
from pathlib import Path

import numpy as np
import trimesh

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.little_soldiers import data  # noqa: E402

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


def figurine_parts(kind: str) -> dict[str, trimesh.Trimesh]:
    """The named parts of one figurine type, in the engine frame."""
    size = data.FIGURINES[kind]
    base_r = size["base_radius"]
    head_r = size["head_radius"]
    head_z = size["head_center_height"]
    t = data.BASE_THICKNESS
    parts: dict[str, trimesh.Trimesh] = {}
    base = trimesh.creation.cylinder(radius=base_r, height=t, sections=32)
    base.apply_translation((0, 0, t / 2))
    parts["base"] = base
    hip = 1.9
    shoulder = 3.2
    legs = [_capsule((0.0, s * 0.3, t), (0.0, s * 0.3, hip), 0.28) for s in (-1, 1)]
    torso = _box((0.8, 1.3, shoulder - hip + 0.1), (0.0, 0.0, (hip + shoulder) / 2))
    neck = _cylinder(0.22, (0, 0, shoulder), (0, 0, head_z - head_r + 0.05))
    parts["body"] = trimesh.util.concatenate(legs + [torso, neck])
    head = trimesh.creation.icosphere(subdivisions=2, radius=head_r)
    head.apply_translation((0, 0, head_z))
    parts["head"] = head
    if kind == "grenadier":
        # Right arm raised behind the head, ready to throw; left arm forward.
        arms = [
            _capsule((0.0, -0.75, shoulder - 0.1), (-0.2, -1.0, 4.3), 0.2),
            _capsule((0.0, 0.75, shoulder - 0.1), (0.7, 0.8, 2.5), 0.2),
        ]
        weapon = trimesh.creation.icosphere(subdivisions=1, radius=0.32)
        weapon.apply_translation((-0.2, -1.05, 4.55))
    elif kind == "sniper":
        arms = [
            _capsule((0.0, -0.75, shoulder - 0.1), (0.9, -0.2, 2.9), 0.2),
            _capsule((0.0, 0.75, shoulder - 0.1), (1.6, 0.1, 2.9), 0.2),
        ]
        rifle = _box((4.0, 0.2, 0.28), (1.2, 0.0, 3.0))
        scope = _cylinder(0.12, (0.6, 0.0, 3.25), (1.6, 0.0, 3.25), sections=10)
        weapon = trimesh.util.concatenate([rifle, scope])
    elif kind == "operator":
        arms = [
            _capsule((0.0, -0.75, shoulder - 0.1), (0.3, -0.9, 1.9), 0.2),
            _capsule((0.0, 0.75, shoulder - 0.1), (0.8, 0.6, 2.6), 0.2),
        ]
        radio = _box((0.6, 1.0, 1.2), (-0.75, 0.0, 2.6))
        antenna = _cylinder(0.05, (-0.8, 0.35, 3.2), (-0.8, 0.35, 4.9), sections=6)
        pistol = _box((0.6, 0.15, 0.3), (1.05, 0.6, 2.65))
        weapon = trimesh.util.concatenate([radio, antenna, pistol])
    else:  # infantry
        arms = [
            _capsule((0.0, -0.75, shoulder - 0.1), (0.7, -0.3, 2.5), 0.2),
            _capsule((0.0, 0.75, shoulder - 0.1), (0.8, 0.3, 2.9), 0.2),
        ]
        weapon = _box((3.0, 0.2, 0.3), (0.75, 0.0, 2.7), (0.0, -25.0, 0.0))
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
        glb.write_bytes(scene.export(file_type="glb"))
        side = out / f"{kind}.json"
        side.write_text(json.dumps(sidecar(kind, parts), indent=1) + "\n", encoding="utf-8")
        written += [glb, side]
    return written


if __name__ == "__main__":
    for path in build():
        print(path.relative_to(ROOT))
