"""Could a thrown body be at rest here? The geometry's half of checking a
landing that a record claims (the rules' half is the game's).

A body at rest lies on something: the table (the plane z = 0) or the top of
a scenery piece, and it is never inside a solid. Both are read off vertical
lines through the battlefield's own meshes (the ones Bullet throws against
and the app draws): where a line crosses a solid's surface, which way that
surface faces, and how many surfaces lie above a point (an odd count: the
point is inside). The body is described by its ``extent``, the farthest any
of its points lies from its centre (a die's circumradius), so a die resting
on an edge or leaning on a wall is found on its support by one of the lines
around its centre. Everything is measured within a stated ``tolerance``.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

import numpy as np
from shapely.geometry import Point

if TYPE_CHECKING:
    from engine.geometry.battlefield import Battlefield
    from engine.geometry.shapes import Solid

UPWARD = 0.3
"""A surface whose normal has at least this upward part (about 73 degrees of
slope or less) can hold a body; a steeper one (a wall) cannot."""

LINES = 8
"""Vertical lines on the circle of the body's extent around its centre (and
one through the centre) along which its support is looked for."""

JITTER = 1.234e-4
"""cm: the lines are moved off the exact coordinates, so a line never runs
along a box's face or through a shared edge (counted twice, it would flip
the inside count)."""


def _crossings(solid: Solid, xy: np.ndarray) -> list[list[tuple[float, float]]]:
    """Per vertical line through ``xy`` (rows of x, y): where it crosses the
    solid's surface, as (z, upward part of the surface's normal)."""
    mesh = solid.mesh
    top = float(solid.top) + 1.0
    origins = np.column_stack([xy, np.full(len(xy), top)])
    down = np.tile((0.0, 0.0, -1.0), (len(xy), 1))
    out: list[list[tuple[float, float]]] = [[] for _ in range(len(xy))]
    locations, rays, faces = mesh.ray.intersects_location(origins, down, multiple_hits=True)
    normals = mesh.face_normals
    for loc, ray, face in zip(locations, rays, faces, strict=True):
        out[int(ray)].append((float(loc[2]), float(normals[int(face)][2])))
    for hits in out:
        hits.sort(reverse=True)
    return out


def inside_piece(bf: Battlefield, point: Sequence[float], tolerance: float, ignore: Collection[str] = ()) -> str | None:
    """The id of the scenery piece ``point`` lies inside, deeper than
    ``tolerance`` below its surface along the vertical; None when it lies in
    none (of the pieces not in ``ignore``). (Deeper along the vertical is
    what a resting body can never be: Bullet pushes a body out of a solid.)"""
    x, y, z = (float(v) for v in point)
    where = np.array([[x + JITTER, y + JITTER * 0.618]])
    for solid in bf.near(Point(x, y), tolerance):
        if solid.id in ignore or not solid.bottom - tolerance < z < solid.top + tolerance:
            continue
        hits = _crossings(solid, where)[0]
        above = [h for h, _ in hits if h > z]
        if len(above) % 2 == 1:  # odd: inside; deeper than the tolerance from the nearest surface
            nearest = min(abs(h - z) for h, _ in hits)
            if nearest > tolerance:
                return solid.id
    return None


def support_height(bf: Battlefield, point: Sequence[float], extent: float, tolerance: float) -> float | None:
    """The height of the highest surface that could hold a body centred at
    ``point`` reaching ``extent`` from its centre: the table (0) or an upward
    surface of a piece, found along vertical lines through the centre and
    around it at ``extent``, at most ``tolerance`` above the centre. None
    when there is nothing under it (only below the table)."""
    x, y, z = (float(v) for v in point)
    best = 0.0 if z >= -tolerance else None
    angles = [2 * math.pi * k / LINES for k in range(LINES)]
    ring = [(x + extent * math.cos(a), y + extent * math.sin(a)) for a in angles]
    xy = np.array([(x, y), *ring]) + (JITTER, JITTER * 0.618)
    for solid in bf.near(Point(x, y), extent + tolerance):
        if solid.bottom > z + tolerance:
            continue
        for hits in _crossings(solid, xy):
            for h, up in hits:
                if up >= UPWARD and h <= z + tolerance and (best is None or h > best):
                    best = h
    return best


def rest_problem(bf: Battlefield, point: Sequence[float], extent: float, tolerance: float,
                 inside: Collection[str] = ()) -> str | None:
    """Why a body centred at ``point``, reaching ``extent`` from its centre,
    cannot be at rest there; None when it can (within ``tolerance``). The
    answer is a phrase ("it is inside the scenery piece 'book'"). A body may
    lie inside the pieces ``inside`` names (one it was dropped into: Bullet
    finds no way out of a closed triangle mesh)."""
    x, y, z = (float(v) for v in point)
    if z < -tolerance:
        return f"it is {-z:g} cm below the table"
    piece = inside_piece(bf, (x, y, z), tolerance, inside)
    if piece is not None:
        return f"it is inside the scenery piece {piece!r}"
    ground = support_height(bf, (x, y, z), extent, tolerance)
    if ground is None or z - ground > extent + tolerance:
        height = z - (ground or 0.0)
        return (f"it floats {height:.1f} cm above the surface under it (resting, its centre is at most "
                f"{extent:g} cm above a surface, {tolerance:g} cm tolerance)")
    return None


__all__ = ["UPWARD", "inside_piece", "rest_problem", "support_height"]
