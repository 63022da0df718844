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
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np
import shapely
import trimesh
from shapely.geometry import Point, Polygon

from engine.geometry.mesh_files import MeshFileError, check_extent, mesh_footprint, read_mesh

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


class MadeMesh(Protocol):
    """A shape that makes its own triangles in memory (a household kit piece,
    :class:`engine.geometry.household.Household`, which imports this module)."""

    @property
    def height(self) -> float: ...

    def local_mesh(self) -> trimesh.Trimesh: ...

    def local_footprint(self) -> Polygon: ...


@dataclass(frozen=True)
class Solid:
    """What one scenery piece occupies, in world coordinates.

    ``kind`` is the primitive's name; ``params`` carries what the exact ray
    oracle needs: for a box its centre (x, y), half sizes and rotation; for a
    cylinder its centre and radius; for a prism its world footprint ring; for
    a mesh its world triangles.

    The triangle :attr:`mesh` is built on first use: the checks the editor
    runs after every edit need only footprints and heights, and building
    10,000 primitives' meshes was most of their time. ``shape``, ``at`` and
    ``rotation`` say how to build it; ``source`` is a mesh file's mesh,
    already in world coordinates.
    """

    index: int
    id: str
    kind: str
    footprint: Polygon
    bottom: float
    top: float
    params: tuple
    shape: Shape | MadeMesh | None = field(default=None, compare=False, repr=False)
    at: tuple[float, float, float] = field(default=(0.0, 0.0, 0.0), compare=False, repr=False)
    rotation: float = field(default=0.0, compare=False, repr=False)
    source: trimesh.Trimesh | None = field(default=None, compare=False, repr=False)

    @cached_property
    def mesh(self) -> trimesh.Trimesh:
        """A closed triangle mesh of the piece in world coordinates, shared
        by the ray engine, the physics and the app."""
        if self.source is not None:
            return self.source
        if not isinstance(self.shape, (Box, Cylinder, Prism, MeshFile)):
            raise ValueError(f"solid {self.id!r} has neither triangles nor a primitive to make them from")
        return placed_mesh(local_mesh(self.shape), self.at, self.rotation)

    def reindexed(self, index: int) -> Solid:
        """The same solid at another position in the file, keeping its mesh
        when it was built."""
        moved = replace(self, index=index)
        if "mesh" in self.__dict__:
            moved.__dict__["mesh"] = self.__dict__["mesh"]
        return moved


def placed_footprints(feet: Sequence[Polygon], places: Sequence[tuple[float, float, float]]) -> np.ndarray:
    """Every footprint of ``feet`` turned and moved by its (x, y, rotation)
    in ``places``, in one vectorised pass: the arithmetic of
    :func:`placed_footprint`, bit for bit, without a Python call per piece."""
    arr = np.array(feet, dtype=object)
    if not len(arr):
        return arr
    which = np.repeat(np.arange(len(arr)), shapely.get_num_coordinates(arr))
    place = np.asarray(places, dtype=float).reshape(-1, 3)
    angle = place[:, 2] * math.pi / 180.0
    cosp, sinp = np.cos(angle), np.sin(angle)
    cosp[np.abs(cosp) < 2.5e-16] = 0.0
    sinp[np.abs(sinp) < 2.5e-16] = 0.0
    c, s_, tx, ty = cosp[which], sinp[which], place[which, 0], place[which, 1]

    def move(coords: np.ndarray) -> np.ndarray:
        x, y = coords[:, 0], coords[:, 1]
        return np.column_stack([(c * x + -s_ * y + 0.0) + tx, (s_ * x + c * y + 0.0) + ty])

    return shapely.transform(arr, move)


def placed_footprint(foot: Polygon, xy: tuple[float, float], rotation: float) -> Polygon:
    """``foot`` turned by ``rotation`` degrees about its origin and moved to
    ``xy``: shapely's ``affinity.rotate`` then ``translate``, the same
    arithmetic bit for bit, in one pass over the coordinates (two affinity
    calls per piece were a third of loading a 10,000-piece table)."""
    angle = rotation * math.pi / 180.0
    cosp, sinp = math.cos(angle), math.sin(angle)
    cosp = 0.0 if abs(cosp) < 2.5e-16 else cosp
    sinp = 0.0 if abs(sinp) < 2.5e-16 else sinp
    tx, ty = float(xy[0]), float(xy[1])

    def move(coords: np.ndarray) -> np.ndarray:
        x, y = coords.T
        return np.stack([(cosp * x + -sinp * y + 0.0) + tx, (sinp * x + cosp * y + 0.0) + ty]).T

    return shapely.transform(foot, move)


def placed_mesh(mesh: trimesh.Trimesh, at: tuple[float, float, float], rotation: float) -> trimesh.Trimesh:
    """``mesh`` turned by ``rotation`` degrees about z and moved to ``at``."""
    transform = trimesh.transformations.rotation_matrix(math.radians(rotation), (0, 0, 1))
    transform[:3, 3] = at
    mesh.apply_transform(transform)
    return mesh


def local_footprint(shape: Shape, mesh: trimesh.Trimesh | None = None) -> Polygon:
    """The footprint of ``shape`` around its own origin, before rotation;
    a mesh file's is its loaded ``mesh``'s. Primitives' footprints are
    shared (shapely geometries never change): a table repeats its boxes."""
    if isinstance(shape, MeshFile):
        if mesh is None:
            raise ValueError("a mesh file's footprint needs its loaded mesh")
        return mesh_footprint(mesh)
    return primitive_footprint(shape)


@lru_cache(maxsize=4096)
def primitive_footprint(shape: Box | Cylinder | Prism) -> Polygon:
    """The footprint of a box, cylinder or prism around its origin."""
    if isinstance(shape, Box):
        w, d = shape.width / 2.0, shape.depth / 2.0
        return Polygon([(-w, -d), (w, -d), (w, d), (-w, d)])
    if isinstance(shape, Cylinder):
        return Point(0.0, 0.0).buffer(shape.radius, quad_segs=CYLINDER_SECTIONS // 4)
    if isinstance(shape, Prism):
        return shapely.geometry.polygon.orient(Polygon(shape.footprint), 1.0)
    raise TypeError(f"not a primitive shape: {shape!r}")


def _cross2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def load_mesh(shape: MeshFile, path: Path) -> tuple[trimesh.Trimesh, Polygon]:
    """The mesh file at ``path`` (already resolved and allowed by the
    battlefield), scaled, checked to be finite and to have a height, with
    its local footprint; MeshFileError says why not. The mesh is a fresh
    copy each time (callers move it); reading and the footprint are done
    once per file version, since the editor rebuilds its battlefield after
    every edit."""
    try:
        info = path.stat()
    except OSError as exc:
        raise MeshFileError(f"{path.name!r} cannot be read ({exc.strerror or exc})") from None
    mesh, foot = read_scaled(str(path), info.st_mtime_ns, info.st_size, float(shape.scale))
    return mesh.copy(), foot


@lru_cache(maxsize=8)
def read_scaled(path: str, mtime_ns: int, size: int, scale: float) -> tuple[trimesh.Trimesh, Polygon]:
    """One file version's mesh, scaled and checked, and its footprint
    (``mtime_ns`` and ``size`` make an edited file a new entry)."""
    mesh = read_mesh(Path(path))
    if scale != 1.0:
        mesh.apply_scale(scale)
    check_extent(mesh, Path(path).name)
    return mesh, mesh_footprint(mesh)


def local_mesh(shape: Shape, mesh: trimesh.Trimesh | None = None) -> trimesh.Trimesh:
    """A closed triangle mesh of ``shape`` standing on z = 0 at its origin
    (a mesh file's: its loaded ``mesh``)."""
    if isinstance(shape, Box):
        box = trimesh.creation.box((shape.width, shape.depth, shape.height))
        box.apply_translation((0.0, 0.0, shape.height / 2.0))
        return box
    if isinstance(shape, Cylinder):
        can = trimesh.creation.cylinder(
            radius=shape.radius, height=shape.height, sections=CYLINDER_SECTIONS
        )
        can.apply_translation((0.0, 0.0, shape.height / 2.0))
        return can
    if isinstance(shape, Prism):
        return extrude(local_footprint(shape), shape.height)
    if mesh is None:
        raise ValueError("a mesh file's triangles need its loaded mesh")
    return mesh


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


def build_solid(
    index: int,
    piece_id: str,
    shape: Shape | MadeMesh,
    at: tuple[float, float, float],
    rotation: float,
    mesh_path: Path | None = None,
    footprint: Polygon | None = None,
) -> Solid:
    """Place ``shape`` in the world and derive everything the engine needs;
    a mesh file is read once, from ``mesh_path`` (resolved by the
    battlefield). A primitive's world ``footprint`` may come precomputed
    (:func:`placed_footprints` does a whole table at once)."""
    x, y, z = at
    loaded = None
    if isinstance(shape, MeshFile):
        if mesh_path is None:
            raise ValueError("a mesh file needs its resolved path")
        loaded, local_foot = load_mesh(shape, mesh_path)
        footprint = None
    elif not isinstance(shape, (Box, Cylinder, Prism)):  # triangles made in memory (engine.geometry.household)
        loaded, local_foot = shape.local_mesh(), shape.local_footprint()
        footprint = None
    elif footprint is None:
        local_foot = local_footprint(shape)
    if footprint is None:
        if local_foot.is_empty or local_foot.area <= 0:
            name = mesh_path.name if mesh_path is not None else "the shape"
            raise MeshFileError(f"{name!r} has no area seen from above (its triangles are edge-on or degenerate)")
        footprint = placed_footprint(local_foot, (x, y), rotation)
    foot = footprint
    source = placed_mesh(loaded, (x, y, z), rotation) if loaded is not None else None
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
        assert source is not None  # a mesh file or a made mesh: loaded above
        kind = "mesh"
        params = (np.asarray(source.triangles, dtype=float),)
        height = float(source.bounds[1][2] - z)
    return Solid(
        index=index,
        id=piece_id,
        kind=kind,
        footprint=foot,
        bottom=float(z),
        top=float(z + height),
        params=params,
        shape=shape,
        at=(float(x), float(y), float(z)),
        rotation=float(rotation),
        source=source,
    )
