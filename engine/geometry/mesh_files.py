"""Mesh files a battlefield names: where they may be, what counts as one, and
their footprint.

A mesh path is outside data. It resolves inside the battlefield's folder
or the project's ``meshes/`` folder: no ``..``, no absolute path, no link
leading elsewhere, unless the caller passes ``allow_outside`` (the CLI's
``--allow-outside``). A file is a mesh when it is a regular file of a mesh
type, not too large, that trimesh reads into finite triangles with a height
and an area seen from above; anything else is refused with a sentence.

The footprint of a mesh is the union of its triangles' shadows. Unioning
300,000 triangles one by one takes GEOS about 16 s; the triangles facing up
(and, separately, those facing down) of a mesh surface usually tile their
shadow edge to edge, and a tiling's union (shapely's coverage union) is
linear (and a closed mesh needs only one of the two sets). Each tiling is
checked (valid, area equal to the triangles' total);
where it is not one, its connected patches are tried, and only a patch
that folds over itself falls back to the general union.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import shapely
import trimesh
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

REPO_ROOT = Path(__file__).resolve().parents[2]
MESHES = REPO_ROOT / "meshes"
MESH_SUFFIXES: tuple[str, ...] = (".glb", ".gltf", ".obj", ".off", ".ply", ".stl")
MAX_MESH_BYTES = 256 * 1024 * 1024
# chosen: a 300k-triangle binary STL is 15 MB; 256 MB stops a runaway file.
MIN_HEIGHT = 1e-6
# cm: a mesh flatter than this has no height (a zero-height box is refused too).
EDGE_ON = 1e-12
# cm^2 (doubled area): triangles seen edge-on add no area to a footprint.


class MeshFileError(ValueError):
    """A mesh file is refused; the message says which and why, without the
    battlefield's field path (the battlefield adds it)."""


def inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def resolve_mesh_path(name: str, folders: Sequence[Path], allow_outside: bool = False) -> Path:
    """The file a battlefield's mesh path ``name`` names: looked up in each
    of ``folders`` in turn (the battlefield's folder, then the project root);
    it must lie, links followed, inside one of those folders other than the
    project root itself, or inside the project's ``meshes/``."""
    path = Path(name)
    if not allow_outside:
        if path.is_absolute():
            raise MeshFileError(f"{name!r} is an absolute path; mesh paths are relative to the battlefield's folder")
        if ".." in path.parts:
            raise MeshFileError(f"{name!r} leaves the battlefield's folder ('..' is not allowed in mesh paths)")
    candidates = [path] if path.is_absolute() else [Path(folder) / path for folder in folders]
    allowed = [Path(f).resolve() for f in folders if Path(f).resolve() != REPO_ROOT] + [MESHES.resolve()]
    for candidate in candidates:
        real = candidate.resolve()
        if not allow_outside and not any(inside(real, folder) for folder in allowed):
            continue
        if real.exists():
            return real
    if not allow_outside and any(c.resolve().exists() for c in candidates):
        raise MeshFileError(f"{name!r} lies outside the battlefield's folder and the project's meshes folder")
    raise MeshFileError(f"no mesh file {name!r}")


def read_mesh(path: Path) -> trimesh.Trimesh:
    """The triangles of the mesh file at ``path`` (resolved), or a
    MeshFileError naming the file."""
    name = path.name
    if path.suffix.lower() not in MESH_SUFFIXES:
        raise MeshFileError(f"{name!r} is not a mesh file (expected one of {', '.join(MESH_SUFFIXES)})")
    try:
        if not path.is_file():
            raise MeshFileError(f"{name!r} is not a regular file")
        if path.stat().st_size > MAX_MESH_BYTES:
            raise MeshFileError(f"{name!r} is larger than {MAX_MESH_BYTES // (1024 * 1024)} MB")
        if path.stat().st_size == 0:
            raise MeshFileError(f"{name!r} is empty")
    except OSError as exc:
        raise MeshFileError(f"{name!r} cannot be read ({exc.strerror or exc})") from None
    try:
        mesh = trimesh.load(path, force="mesh")
    except MeshFileError:
        raise
    except Exception as exc:  # noqa: BLE001 - trimesh raises every kind for a bad file
        raise MeshFileError(f"{name!r} is not a mesh trimesh can read ({type(exc).__name__})") from None
    if not isinstance(mesh, trimesh.Trimesh) or len(mesh.faces) == 0 or not np.isfinite(mesh.vertices).all():
        if not finite_as_written(path):
            raise MeshFileError(f"{name!r} has vertices that are not finite numbers (NaN or infinity)")
        raise MeshFileError(f"{name!r} holds no triangles")
    return mesh


def finite_as_written(path: Path) -> bool:
    """Are the vertices finite as the file writes them? (trimesh's cleaning
    drops the faces of NaN vertices, so a refused file is read again raw to
    say why.)"""
    try:
        raw = trimesh.load(path, force="mesh", process=False)
    except Exception:  # noqa: BLE001 - the first read already failed the same way
        return True
    vertices = getattr(raw, "vertices", None)
    return vertices is None or bool(np.isfinite(np.asarray(vertices, dtype=float)).all())


def check_extent(mesh: trimesh.Trimesh, name: str) -> None:
    """Refuse a mesh with no height or no area seen from above (flat or
    degenerate, such as collinear triangles): the checks need both."""
    lo, hi = mesh.bounds
    if hi[2] - lo[2] <= MIN_HEIGHT:
        raise MeshFileError(f"{name!r} has no height (every vertex at z = {lo[2]:g})")


def orientation_sets(tris: np.ndarray) -> list[np.ndarray]:
    """Indices of the triangles facing up and of those facing down (seen
    from above), edge-on ones left out."""
    a = tris[:, 1] - tris[:, 0]
    b = tris[:, 2] - tris[:, 0]
    cross = a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]
    return [np.flatnonzero(cross > EDGE_ON), np.flatnonzero(cross < -EDGE_ON)]


def tiled_union(polys: np.ndarray) -> BaseGeometry | None:
    """The coverage union of ``polys`` when they tile it edge to edge
    (checked), else None."""
    try:
        merged = shapely.coverage_union_all(polys)
    except shapely.errors.GEOSException:
        return None
    total = float(shapely.area(polys).sum())
    if not merged.is_valid or abs(merged.area - total) > 1e-9 * max(total, 1.0):
        return None
    return merged


def patches(mesh: trimesh.Trimesh, faces: np.ndarray) -> list[np.ndarray]:
    """``faces`` split into edge-connected patches."""
    chosen = np.zeros(len(mesh.faces), dtype=bool)
    chosen[faces] = True
    adjacency = mesh.face_adjacency
    keep = chosen[adjacency[:, 0]] & chosen[adjacency[:, 1]]
    return [np.asarray(c) for c in trimesh.graph.connected_components(adjacency[keep], nodes=faces)]


def mesh_footprint(mesh: trimesh.Trimesh) -> Polygon:
    """Union of the triangles' shadows on the table: the exact footprint of a
    mesh (its convex hull would let a figurine stand inside a mug's handle).
    Empty when the mesh has no area seen from above."""
    tris2 = mesh.triangles[:, :, :2]
    parts: list[shapely.Geometry] = []
    sets = [f for f in orientation_sets(tris2) if len(f)]
    if len(sets) == 2 and mesh.is_watertight and mesh.is_winding_consistent:
        # A closed surface: every vertical line through its shadow enters it
        # through a face of one set and leaves through a face of the other,
        # so either set alone covers the shadow.
        sets = [min(sets, key=len)]
    for faces in sets:
        if not len(faces):
            continue
        polys = shapely.polygons(tris2[faces])
        whole = tiled_union(polys)
        if whole is not None:
            parts.append(whole)
            continue
        for patch in patches(mesh, faces):
            patch_polys = shapely.polygons(tris2[patch])
            tiled = tiled_union(patch_polys)
            parts.append(tiled if tiled is not None else shapely.union_all(patch_polys))
    if not parts:
        return Polygon()
    return largest_polygon(shapely.union_all(parts))


def largest_polygon(geometry: shapely.Geometry) -> Polygon:
    """The polygon of largest area among ``geometry``'s parts (itself when it
    is one polygon), empty when it has none: a footprint is one piece."""
    polys = [g for g in shapely.get_parts(geometry) if isinstance(g, Polygon)]
    return max(polys, key=lambda g: g.area) if polys else Polygon()
