"""Placement: "the surface you're playing on must allow the figurines to stand
up easily". A base may rest on the table or on a Level top when the whole
disc fits there, inside the play zone, touching but not overlapping scenery
or another figurine.

Boxes, cylinders and prisms are vertical extrusions of their footprints, so
the collision test of a base resting on a surface is exact in 2D: disc
against footprints, plus the height intervals for other figurines. A mesh
file need not be an extrusion (a bridge's arch, a chair): where its shadow
touches the base, the figurine — a cylinder of its base radius and height —
is tested against the mesh's triangles in 3D with trimesh's collision
(FCL), so a figurine may stand under the arch.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from shapely.geometry import Point

if TYPE_CHECKING:
    from engine.geometry.battlefield import Battlefield

# Touching is allowed: overlaps thinner than this (cm) are ignored.
TOUCH = 1e-6


def other_discs(others: Iterable) -> list[tuple[float, float, float, float]]:
    """Normalise other figurines to (x, y, z, base_radius).

    Accepts (x, y, radius), (x, y, z, radius) or ((x, y, z), radius).
    """
    out = []
    for item in others:
        if len(item) == 2:
            (pos, radius) = item
            x, y = pos[0], pos[1]
            z = pos[2] if len(pos) > 2 else 0.0
        elif len(item) == 3:
            x, y, radius = item
            z = 0.0
        else:
            x, y, z, radius = item
        out.append((float(x), float(y), float(z), float(radius)))
    return out


def figurine_hits_mesh(bf: Battlefield, solid, base: Sequence[float], base_radius: float, height: float) -> bool:
    """Does a figurine standing at ``base`` (x, y, z of its base centre)
    intersect the mesh piece? Triangles against the cylinder with FCL, plus
    the cylinder's axis inside a closed mesh (FCL meshes are surfaces, so a
    figurine wholly inside would otherwise pass). Without FCL installed, the
    footprint's verdict (overlap) stands."""
    try:
        import fcl
        from trimesh.collision import mesh_to_BVH
    except ImportError:
        return True
    import numpy as np

    # Kept with the battlefield's derived geometry: dropped when its scenery changes.
    piece = bf.derived(("fcl", solid.id), lambda: fcl.CollisionObject(mesh_to_BVH(solid.mesh), fcl.Transform()))
    x, y, z = float(base[0]), float(base[1]), float(base[2])
    body = fcl.CollisionObject(fcl.Cylinder(base_radius, height), fcl.Transform(np.array([x, y, z + height / 2.0])))
    if fcl.collide(piece, body, fcl.CollisionRequest(), fcl.CollisionResult()):
        return True
    if solid.mesh.is_watertight:
        axis = np.array([[x, y, z + height * f] for f in (0.05, 0.5, 0.95)])
        return bool(solid.mesh.contains(axis).any())
    return False


def check_placement(
    bf: Battlefield,
    xy: Sequence[float],
    base_radius: float,
    surface: str | None = None,
    others: Iterable = (),
    *,
    height: float,
) -> str | None:
    """None when a base of ``base_radius`` centred at ``xy`` may stand on
    ``surface`` (None: the table; else a Level piece id); otherwise the
    reason, as a sentence a player understands. ``height`` is the
    figurine's (a game's number, passed in): scenery higher up, such as an
    arch's deck, and figurines on other surfaces do not touch it."""
    x, y = float(xy[0]), float(xy[1])
    centre = Point(x, y)
    if surface is None:
        z = 0.0
        if not bf.play_zone.buffer(TOUCH).covers(centre.buffer(base_radius, quad_segs=16)):
            if not bf.play_zone.covers(centre):
                return "outside the play zone"
            return "the base sticks out of the play zone"
        for solid in bf.solids:
            if solid.bottom > height:
                continue
            if solid.footprint.distance(centre) < base_radius - TOUCH:
                if solid.kind == "mesh" and not figurine_hits_mesh(bf, solid, (x, y, 0.0), base_radius, height):
                    continue
                return f"the base overlaps the scenery '{solid.id}'"
    else:
        try:
            piece = bf.piece(surface)
        except KeyError:
            return f"there is no scenery '{surface}'"
        if piece.level is None:
            return f"'{surface}' has no Level token: it cannot be stood on"
        z = bf.solid(surface).top
        top = bf.walkable_top(surface)
        if not top.covers(centre):
            return f"not on top of '{surface}'"
        # The nearest edge of the top, its outline or a hole's (the boundary holds every ring).
        if top.boundary.distance(centre) < base_radius - TOUCH:
            return f"the base does not fit on top of '{surface}'"
    for ox, oy, oz, orad in other_discs(others):
        if abs(oz - z) >= height:
            continue
        if math.hypot(ox - x, oy - y) < base_radius + orad - TOUCH:
            return f"the base overlaps another figurine at ({ox:g}, {oy:g})"
    return None
