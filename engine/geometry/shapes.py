"""Scenery primitives and their derived solids.

A scenery piece is described by a primitive (box, cylinder, prism, mesh file)
placed at ``at`` (the centre of its footprint's bottom) and turned by
``rotation`` degrees about z. Everything the engine measures comes from the
:class:`Solid` built here: the world footprint (shapely, exact for the
primitives), the bottom and top heights, and a triangle mesh (trimesh) that
the ray engine and the physics share with the app, so what is drawn is what
is measured.

Every primitive is a vertical extrusion of its footprint, except mesh files,
whose footprint is the union of their triangles' shadows on the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
import trimesh
from shapely import affinity
from shapely.geometry import Point, Polygon

# Sections of a cylinder's triangle mesh. Vertices lie on the circle, so the
# mesh is inscribed: it differs from the exact cylinder by at most
# r * (1 - cos(pi / CYLINDER_SECTIONS)), 0.0012 r, which the oracle tests
# treat as grazing.
CYLINDER_SECTIONS = 128


@dataclass(frozen=True)
class Box:
    """A box of width (x), depth (y) and height (z) before rotation."""

    width: float
    depth: float
    height: float


@dataclass(frozen=True)
class Cylinder:
    """An upright cylinder: a can, a mug, a roll of tape."""

    radius: float
    height: float


@dataclass(frozen=True)
class Prism:
    """A footprint polygon (relative to ``at``) extruded straight up: a book on
    its side, an L-shaped wall."""

    footprint: tuple[tuple[float, float], ...]
    height: float


@dataclass(frozen=True)
class MeshFile:
    """A glTF/OBJ mesh whose origin is the centre of its footprint's bottom."""

    path: str
    scale: float = 1.0


Shape = Box | Cylinder | Prism | MeshFile


@dataclass(frozen=True)
class Solid:
    """What one scenery piece occupies, in world coordinates.

    ``kind`` is the primitive's name; ``params`` carries what the exact ray
    oracle needs: for a box its centre (x, y), half sizes and rotation; for a
    cylinder its centre and radius; for a prism its world footprint ring.
    """

    index: int
    id: str
    kind: str
    footprint: Polygon
    bottom: float
    top: float
    mesh: trimesh.Trimesh
    params: tuple


def local_footprint(shape: Shape, root: Path | None = None) -> Polygon:
    """The footprint of ``shape`` around its own origin, before rotation."""
    if isinstance(shape, Box):
        w, d = shape.width / 2.0, shape.depth / 2.0
        return Polygon([(-w, -d), (w, -d), (w, d), (-w, d)])
    if isinstance(shape, Cylinder):
        return Point(0.0, 0.0).buffer(shape.radius, quad_segs=CYLINDER_SECTIONS // 4)
    if isinstance(shape, Prism):
        return shapely.geometry.polygon.orient(Polygon(shape.footprint), 1.0)
    if hasattr(shape, "local_footprint"):  # engine.geometry.household
        return shape.local_footprint()
    return mesh_footprint(local_mesh(shape, root))


def _cross2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def mesh_footprint(mesh: trimesh.Trimesh) -> Polygon:
    """Union of the triangles' shadows on the table: the exact footprint of a
    mesh (its convex hull would let a figurine stand inside a mug's handle)."""
    tris = mesh.triangles[:, :, :2]
    # Skip triangles seen edge-on: they add no area.
    area = np.abs(_cross2(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0]))
    polys = shapely.polygons(tris[area > 1e-12])
    merged = shapely.union_all(polys)
    if merged.geom_type == "MultiPolygon":
        merged = max(merged.geoms, key=lambda g: g.area)
    return merged


def load_mesh(shape: MeshFile, root: Path | None) -> trimesh.Trimesh:
    """Load a mesh file relative to ``root`` (the repository root)."""
    path = Path(shape.path)
    if not path.is_absolute() and root is not None:
        path = root / path
    mesh = trimesh.load(path, force="mesh")
    if shape.scale != 1.0:
        mesh.apply_scale(shape.scale)
    return mesh


def local_mesh(shape: Shape, root: Path | None = None) -> trimesh.Trimesh:
    """A closed triangle mesh of ``shape`` standing on z = 0 at its origin."""
    if isinstance(shape, Box):
        mesh = trimesh.creation.box((shape.width, shape.depth, shape.height))
        mesh.apply_translation((0.0, 0.0, shape.height / 2.0))
        return mesh
    if isinstance(shape, Cylinder):
        mesh = trimesh.creation.cylinder(
            radius=shape.radius, height=shape.height, sections=CYLINDER_SECTIONS
        )
        mesh.apply_translation((0.0, 0.0, shape.height / 2.0))
        return mesh
    if isinstance(shape, Prism):
        return extrude(local_footprint(shape), shape.height)
    if hasattr(shape, "local_mesh"):  # a mesh made in memory (engine.geometry.household)
        return shape.local_mesh()
    return load_mesh(shape, root)


def extrude(poly: Polygon, height: float) -> trimesh.Trimesh:
    """A closed mesh of ``poly`` extruded from z = 0 to ``height``, with
    outward normals. Triangulated by shapely (constrained Delaunay), so no
    extra triangulation package is needed."""
    poly = shapely.geometry.polygon.orient(poly, 1.0)
    tris = shapely.get_parts(shapely.constrained_delaunay_triangles(poly))
    caps = np.array([np.asarray(t.exterior.coords)[:3] for t in tris])
    area = _cross2(caps[:, 1] - caps[:, 0], caps[:, 2] - caps[:, 0])
    caps[area < 0] = caps[area < 0][:, ::-1]
    rings = [np.asarray(poly.exterior.coords)[:-1]] + [
        np.asarray(r.coords)[:-1] for r in poly.interiors
    ]
    vertices: list[np.ndarray] = []
    faces: list[tuple[int, int, int]] = []

    def add(points: np.ndarray, z: float) -> int:
        vertices.append(np.column_stack([points, np.full(len(points), z)]))
        return sum(len(v) for v in vertices) - len(points)

    for tri in caps:
        b = add(tri, 0.0)
        faces.append((b, b + 2, b + 1))  # bottom faces down
        t = add(tri, height)
        faces.append((t, t + 1, t + 2))
    for ring in rings:
        n = len(ring)
        lo = add(ring, 0.0)
        hi = add(ring, height)
        for i in range(n):
            j = (i + 1) % n
            faces.append((lo + i, lo + j, hi + j))
            faces.append((lo + i, hi + j, hi + i))
    mesh = trimesh.Trimesh(np.vstack(vertices), np.array(faces), process=True)
    return mesh


def shape_height(shape: Shape, root: Path | None = None) -> float:
    if isinstance(shape, (Box, Cylinder, Prism)):
        return float(shape.height)
    return float(local_mesh(shape, root).bounds[1][2])


def build_solid(
    index: int,
    piece_id: str,
    shape: Shape,
    at: tuple[float, float, float],
    rotation: float,
    root: Path | None = None,
) -> Solid:
    """Place ``shape`` in the world and derive everything the engine needs."""
    x, y, z = at
    foot = affinity.rotate(local_footprint(shape, root), rotation, origin=(0, 0))
    foot = affinity.translate(foot, x, y)
    mesh = local_mesh(shape, root)
    transform = trimesh.transformations.rotation_matrix(math.radians(rotation), (0, 0, 1))
    transform[:3, 3] = (x, y, z)
    mesh.apply_transform(transform)
    if isinstance(shape, Box):
        kind = "box"
        params: tuple = (x, y, shape.width / 2.0, shape.depth / 2.0, math.radians(rotation))
        height = shape.height
    elif isinstance(shape, Cylinder):
        kind = "cylinder"
        params = (x, y, shape.radius)
        height = shape.height
    elif isinstance(shape, Prism):
        kind = "prism"
        params = (np.asarray(foot.exterior.coords)[:-1].copy(),)
        height = shape.height
    else:
        kind = "mesh"
        params = (np.asarray(mesh.triangles, dtype=float),)
        height = float(mesh.bounds[1][2] - z)
    return Solid(
        index=index,
        id=piece_id,
        kind=kind,
        footprint=foot,
        bottom=float(z),
        top=float(z + height),
        mesh=mesh,
        params=params,
    )
