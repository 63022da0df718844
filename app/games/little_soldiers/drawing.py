"""Reusable pieces of the Little Soldiers scene, for the play view, the level
editor and the line-of-sight debugger alike (engine coordinates in, Ursina
entities out, through ``app.frames`` only):

- :func:`build_battlefield` - the play zone, hatched zones, scenery at its
  real heights, Level tokens, objects and tokens as one static entity;
- :func:`draw_rays` - sight rays as thin prisms, green clear, red blocked,
  drawn over the scenery so a blocked ray stays visible;
- :func:`draw_region` - a flat translucent shapely area (the cord's reach);
- :func:`draw_path` - a ribbon along a polyline (the bent cord, an aim arrow).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any

from app.scene_mesh import MeshBuilder, add_area

SCENERY = (0.66, 0.60, 0.52, 1.0)
SCENERY_TOP = (0.78, 0.72, 0.62, 1.0)
LEVEL_RGB = {1: (0.45, 0.70, 0.95, 1.0), 2: (0.95, 0.58, 0.30, 1.0)}
OBJECT_RGB = (0.72, 0.45, 0.85, 1.0)
TOKEN_RGB = {"deployment": (0.95, 0.95, 0.90, 1.0), "crate": (0.65, 0.45, 0.25, 1.0),
             "supply": (0.35, 0.65, 0.90, 1.0)}
ZONE_RGB = (0.45, 0.40, 0.30, 1.0)
PLAY_ZONE = (0.70, 0.78, 0.60, 1.0)
CLEAR_RGB = (0.15, 0.95, 0.25, 1.0)
BLOCKED_RGB = (1.0, 0.12, 0.10, 1.0)
RAY_RADIUS = 0.12
"""cm: half the width a sight ray is drawn with."""


def battlefield_mesh(bf: Any) -> MeshBuilder:
    """The flat marks of a Battlefield (engine.geometry) as one mesh: the
    hatched zones and the walkable Level tops (the pieces themselves are
    drawn by :func:`battlefield_look`)."""
    import shapely

    mb = MeshBuilder()
    for zone in bf.zones:
        add_hatching(mb, zone.polygon, (*ZONE_RGB[:3], 1.0))
    for piece, solid in zip(bf.scenery, bf.solids, strict=True):
        if piece.level:
            top = bf.walkable_top(piece.id) if hasattr(bf, "walkable_top") else solid.footprint
            if top is not None and not top.is_empty:
                ring = shapely.difference(shapely.buffer(top, -0.15), shapely.buffer(top, -0.7))
                add_region(mb, ring, solid.top + 0.12, LEVEL_RGB.get(piece.level, (1, 1, 1, 1)))
    return mb


LOOKS_KEPT = 4
"""Chosen: how many battlefields' looks are kept built (``battlefield_look``)."""

_LOOKS: dict[tuple[int, Any, frozenset[str]], tuple[Any, Any]] = {}
"""(id of the battlefield, the look path, token kinds left out) -> (that battlefield, its look built once)."""


def battlefield_look(bf: Any, switches: Any = None, left_out: frozenset[str] = frozenset()) -> Any:
    """The mat, the scenery with printed faces, the tokens and the soft
    shadows, as one NodePath (a few draw calls).

    Built once per battlefield object (a level's Battlefield is read once and
    kept: ``Config.battlefield``) and handed out as copies: building it was
    half the cost of opening a Little Soldiers table (0.17 of 0.40 s), paid
    again on every Play again, Load and Review. A copy shares the built
    geometry, which nothing changes afterwards; its nodes are its own."""
    from panda3d.core import NodePath

    from app.look import pipeline

    if switches is not None:
        return _look(bf, switches, left_out)
    key = (id(bf), pipeline.active(), left_out)
    kept = _LOOKS.get(key)
    if kept is None or kept[0] is not bf:  # the battlefield is held, so its id is no other's meanwhile
        if len(_LOOKS) >= LOOKS_KEPT:
            _LOOKS.clear()
        kept = _LOOKS[key] = (bf, _look(bf, None, left_out))
    return kept[1].copyTo(NodePath("battlefield-look-copy"))


def _look(bf: Any, switches: Any, left_out: frozenset[str]) -> Any:
    from app.look.geom import Batch
    from app.look.pieces import tokens_batch
    from app.look.scenery import mat_batch, scenery_batch, shadow_batch

    b = Batch()
    b.extend(mat_batch(bf.play_zone))
    b.extend(scenery_batch(bf))
    tokens_batch(bf, b, switches, left_out)
    node = b.node("battlefield-look")
    shadows = shadow_batch(bf).node("shadows")
    shadows.setDepthWrite(False)
    shadows.setBin("transparent", 10)
    shadows.reparentTo(node)
    return node


def build_battlefield(parent: Any, bf: Any, name: str = "battlefield", switches: Any = None,
                      left_out: frozenset[str] = frozenset()) -> Any:
    """The battlefield drawn under ``parent``: the look plus the flat marks
    (the token kinds ``left_out`` are the game's to draw as they stand now)."""
    from ursina import Entity

    from app.table import static_entity

    holder = Entity(parent=parent, name=name)
    battlefield_look(bf, switches, left_out).reparentTo(holder)
    static_entity(holder, battlefield_mesh(bf), f"{name}-marks")
    return holder


DEPLOY_PIN_RGBA = (0.2, 0.8, 0.3, 1.0)
DEPLOY_PIN_MIN = 12.0
"""Chosen: cm, the least height of the pin over the deploy area (``draw_deploy_pin``)."""
DEPLOY_PIN_NEAR = 30.0
"""Chosen: cm, how far round the area a scenery piece's top lifts the pin's head."""
DEPLOY_PIN_CLEAR = 6.0
"""Chosen: cm, how far the pin's head stands above the tallest piece near it."""


def draw_deploy_pin(parent: Any, bf: Any, area: Any) -> Any:
    """A green pin standing in the deploy ``area``, its head above the scenery round it: seen live,
    the Bootcamp's Deployment token 1 and most of its area lay behind the cereal box at the home view."""
    from app.table import static_entity

    spot = area.representative_point()
    near = [solid.top for solid in bf.solids if solid.footprint.distance(spot) <= DEPLOY_PIN_NEAR]
    top = max([DEPLOY_PIN_MIN, *(t + DEPLOY_PIN_CLEAR for t in near)])
    mb = MeshBuilder()
    mb.add_cylinder((spot.x, spot.y, 0.5), 0.2, top - 0.5, DEPLOY_PIN_RGBA, sides=10)
    mb.add_cylinder((spot.x, spot.y, top), 1.4, 1.2, DEPLOY_PIN_RGBA, sides=20)
    return static_entity(parent, mb, "deploy-pin")


def rgba4(color: Sequence[float]) -> tuple[float, float, float, float]:
    """A colour of 3 or 4 floats as the mesh takes it (opaque when no alpha is given)."""
    return (float(color[0]), float(color[1]), float(color[2]), float(color[3]) if len(color) > 3 else 1.0)


def add_hatching(mb: MeshBuilder, poly: Any, rgb: Sequence[float]) -> None:
    """The hatched zone printed on the mat (see battlefield_scene.add_hatching)."""
    from app.editor.battlefield_scene import add_hatching as hatch

    hatch(mb, poly, rgba4(rgb), spacing=3.0, width=0.35, z=0.3)


def add_region(mb: MeshBuilder, geom: Any, z: float, color: Sequence[float]) -> None:
    """A flat shapely (multi)polygon at height ``z`` (see scene_mesh.add_area)."""
    add_area(mb, geom, z, rgba4(color))


def translucent(entity: Any, on_top: bool = False) -> Any:
    """Blend an entity with what is behind it (vertex alpha)."""
    from panda3d.core import TransparencyAttrib

    entity.setTransparency(TransparencyAttrib.MAlpha)
    entity.setDepthWrite(False)
    entity.setBin("transparent", 20)
    if on_top:
        entity.setDepthTest(False)
        entity.setBin("fixed", 40)
    return entity


def draw_region(parent: Any, geom: Any, z: float, color: Sequence[float], name: str = "region") -> Any:
    """A flat translucent area (RGBA ``color``) on the surface at height ``z``."""
    from app.table import static_entity

    mb = MeshBuilder()
    add_region(mb, geom, z, color)
    e = static_entity(parent, mb, name)
    if e is not None:
        e.setLightOff()
        translucent(e)
    return e


def add_segment(mb: MeshBuilder, a: Sequence[float], b: Sequence[float], radius: float, color: Sequence[float],
                sides: int = 3) -> None:
    """A thin prism from ``a`` to ``b`` (engine cm), flat-coloured (unshaded)."""
    ax, ay, az = (float(c) for c in a)
    bx, by, bz = (float(c) for c in b)
    d = (bx - ax, by - ay, bz - az)
    n = math.sqrt(sum(c * c for c in d))
    if n < 1e-9:
        return
    d = (d[0] / n, d[1] / n, d[2] / n)
    helper = (0.0, 0.0, 1.0) if abs(d[2]) < 0.9 else (1.0, 0.0, 0.0)
    u = _unit(_cross(d, helper))
    v = _cross(d, u)
    ring = []
    for k in range(sides):
        t = 2 * math.pi * k / sides
        ring.append(tuple(radius * (math.cos(t) * u[i] + math.sin(t) * v[i]) for i in range(3)))
    rgba = rgba4(color)
    for k in range(sides):
        p, q = ring[k], ring[(k + 1) % sides]
        quad = [(ax + p[0], ay + p[1], az + p[2]), (bx + p[0], by + p[1], bz + p[2]),
                (bx + q[0], by + q[1], bz + q[2]), (ax + q[0], ay + q[1], az + q[2])]
        for i in range(1, 3):  # unshaded: rays and cords read the same from every side
            for pt in (quad[0], quad[i], quad[i + 1]):
                mb.vertices.append(pt)
                mb.colors.append(rgba)


def draw_rays(parent: Any, rays: Iterable[tuple[Sequence[float], Sequence[float], bool]],
              radius: float = RAY_RADIUS, name: str = "rays") -> Any:
    """Sight rays ``(start, end, blocked)`` in engine cm: green clear, red
    blocked, drawn over the scenery (a blocked ray shows where it is cut)."""
    from app.table import static_entity

    mb = MeshBuilder()
    rays = list(rays)
    for start, end, blocked in sorted(rays, key=lambda r: r[2]):  # clear first, blocked over them
        add_segment(mb, start, end, radius, BLOCKED_RGB if blocked else CLEAR_RGB)
    e = static_entity(parent, mb, name)
    if e is not None:
        e.setLightOff()
        e.setDepthTest(False)
        e.setBin("fixed", 50)
    return e


def draw_path(parent: Any, points: Sequence[Sequence[float]], color: Sequence[float], radius: float = 0.25,
              name: str = "path", on_top: bool = False) -> Any:
    """A polyline (engine cm) drawn as a thin tube: the bent cord of a Move."""
    from app.table import static_entity

    mb = MeshBuilder()
    for a, b in pairwise(points):
        add_segment(mb, a, b, radius, color, sides=4)
    e = static_entity(parent, mb, name)
    if e is not None:
        e.setLightOff()
        if on_top:
            e.setDepthTest(False)
            e.setBin("fixed", 45)
    return e


def _cross(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _unit(a: Sequence[float]) -> tuple[float, float, float]:
    n = math.sqrt(sum(c * c for c in a)) or 1.0
    return (a[0] / n, a[1] / n, a[2] / n)
