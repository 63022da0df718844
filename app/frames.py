"""The one place where engine coordinates become Ursina coordinates.

The engine (DESIGN.md, "Units and frames") works in centimetres, z up,
right-handed: x to the right of the first player, y away from them. Ursina
sets Panda3D to ``y-up-left``: x right, y up, z forward (away), left-handed.
Swapping y and z maps one onto the other (a swap of two axes flips the
handedness, which is exactly the difference), and a scale turns centimetres
into scene units. Headings flip sign: a turn counter-clockwise seen from
above is positive in the engine and negative about Ursina's y axis.

A glTF file is y-up right-handed. Its loader (panda3d-gltf, used by Ursina)
converts it into the scene's frame, so a head node at glTF (x, y, z) lands
at Ursina (x, y, -z), the same point as the engine's (x, -z, y) converted
here. Reading glTF numbers straight into Ursina would mirror it in z; the
tests pin that down.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

CM = 0.1
"""Ursina scene units per engine centimetre (a 120 cm table is 12 units,
which suits Ursina's default camera speeds and clip planes)."""

Point3 = tuple[float, float, float]


def to_ursina(p: Sequence[float]) -> Point3:
    """Engine point (x, y, z) in cm, z up -> Ursina (x, y, z) in scene units, y up."""
    x, y = float(p[0]), float(p[1])
    z = float(p[2]) if len(p) > 2 else 0.0
    return (x * CM, z * CM, y * CM)


def to_engine(v: Sequence[float]) -> Point3:
    """Ursina point -> engine point in cm; the inverse of :func:`to_ursina`."""
    x, y, z = float(v[0]), float(v[1]), float(v[2])
    return (x / CM, z / CM, y / CM)


def size_to_ursina(size: Sequence[float]) -> Point3:
    """Extents (width along x, depth along y, height along z) in cm -> Ursina scale."""
    sx, sy, sz = abs(float(size[0])), abs(float(size[1])), abs(float(size[2]))
    return (sx * CM, sz * CM, sy * CM)


def length_to_ursina(cm: float) -> float:
    return float(cm) * CM


def heading_to_ursina(degrees: float) -> float:
    """Engine heading (degrees, counter-clockwise seen from above) -> Ursina rotation_y."""
    return -float(degrees)


def heading_to_engine(rotation_y: float) -> float:
    return -float(rotation_y)


def gltf_to_engine(p: Sequence[float]) -> Point3:
    """A point read from a glTF file (y up, right-handed, metres or cm as the
    file says; no scaling here) in the engine's z-up frame: (x, -z, y)."""
    x, y, z = float(p[0]), float(p[1]), float(p[2])
    return (x, -z, y)


ZUP_GLTF_ROTATION_X = 90.0
"""Ursina ``rotation_x`` for a .glb written in the engine's frame (z up,
cm; the figurines in ``meshes/`` say ``"up_axis": "z"``). The loader reads
it as y-up and turns it; this turns it back, so a node at engine (x, y, z)
in the file lands at ``to_ursina((x, y, z))`` once the entity is scaled by CM."""


def points_to_ursina(points: Iterable[Sequence[float]]) -> list[Point3]:
    return [to_ursina(p) for p in points]


def array_to_ursina(points):  # numpy (N, 3) -> numpy (N, 3)
    """Many engine points at once (a numpy array, cm, z up) -> Ursina units,
    y up: the vectorised :func:`to_ursina` for mesh building."""
    import numpy as np

    p = np.asarray(points, dtype=np.float64)
    return np.column_stack([p[:, 0], p[:, 2], p[:, 1]]) * CM


def directions_to_ursina(vectors):  # numpy (N, 3) -> numpy (N, 3)
    """Engine directions (normals; no unit, z up) -> Ursina's frame, y up: the
    same swap as :func:`array_to_ursina`, without the scale."""
    import numpy as np

    v = np.asarray(vectors, dtype=np.float64)
    return np.column_stack([v[:, 0], v[:, 2], v[:, 1]])
