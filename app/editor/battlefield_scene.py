"""A battlefield drawn for the editor and the line-of-sight debugger.

The play view (``app.games.little_soldiers.view``) draws a battlefield for play;
the tools need more: every piece in its own colour so it can be told apart
and picked, hatched zones drawn hatched, each token kind recognisable, the
selected piece and the pieces blocking a sight line highlighted, and heat
maps laid on the table. Everything is appended to a ``MeshBuilder`` in
engine coordinates from the engine's own solids (the triangles the ray
engine tests), so what the designer sees is what the engine measures.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from typing import Any

import numpy as np

from app.scene_mesh import MeshBuilder
from engine.geometry.battlefield import Battlefield

RGBA = tuple[float, float, float, float]

PLAY_ZONE: RGBA = (0.78, 0.80, 0.70, 1.0)
PLAY_ZONE_Z = 0.15
"""cm: flat things are drawn a little apart in height; the software renderer's
depth buffer is coarse and would mix surfaces closer than this."""
ZONE_LINE: dict[str, RGBA] = {"green": (0.25, 0.58, 0.30, 1.0), "yellow": (0.85, 0.68, 0.15, 1.0)}
PALETTE: tuple[RGBA, ...] = (
    (0.80, 0.52, 0.40, 1.0), (0.52, 0.62, 0.80, 1.0), (0.78, 0.72, 0.48, 1.0), (0.60, 0.75, 0.62, 1.0),
    (0.74, 0.58, 0.76, 1.0), (0.86, 0.66, 0.52, 1.0), (0.55, 0.70, 0.74, 1.0), (0.70, 0.66, 0.60, 1.0),
)
SELECTED: RGBA = (1.0, 0.92, 0.35, 1.0)
BLOCKER: RGBA = (0.92, 0.25, 0.22, 1.0)
LEVEL_RGB: dict[int, RGBA] = {1: (0.35, 0.62, 0.95, 1.0), 2: (0.95, 0.50, 0.25, 1.0)}
OBJECT_RGB: RGBA = (0.70, 0.40, 0.90, 1.0)
TOKEN_RGB: dict[str, RGBA] = {
    "deployment": (0.96, 0.96, 0.92, 1.0),
    "crate": (0.62, 0.42, 0.22, 1.0),
    "supplies": (0.30, 0.70, 0.95, 1.0),
    "force_field_switch": (0.30, 0.95, 0.85, 1.0),
    "threat_target": (0.95, 0.20, 0.35, 1.0),
    "flag": (0.95, 0.85, 0.20, 1.0),
    "object": OBJECT_RGB,
}
SIDE_RGB: dict[str, RGBA] = {"green": (0.25, 0.70, 0.30, 1.0), "yellow": (0.95, 0.80, 0.15, 1.0)}


def piece_colour(index: int) -> RGBA:
    return PALETTE[index % len(PALETTE)]


def add_battlefield(mb: MeshBuilder, bf: Battlefield, selected: Iterable[str] = (), blockers: Iterable[str] = (),
                    tokens: bool = True, skip_kit: bool = False) -> None:
    """Play zone, hatched zones, scenery, Level and Object markers, tokens.
    ``skip_kit`` leaves out household kit pieces that are neither selected
    nor blocking (the caller draws them printed, :func:`kit_look`)."""
    selected, blockers = set(selected), set(blockers)
    _flat_polygon(mb, bf.play_zone, PLAY_ZONE_Z, PLAY_ZONE)
    for zone in bf.zones:
        rgb = ZONE_LINE.get(str(zone.props.get("side")), (0.45, 0.40, 0.30, 1.0))
        add_hatching(mb, zone.polygon, rgb)
    for i, (piece, solid) in enumerate(zip(bf.scenery, bf.solids, strict=True)):
        rgb = BLOCKER if piece.id in blockers else SELECTED if piece.id in selected else piece_colour(i)
        if piece.object and piece.id not in blockers and piece.id not in selected:
            rgb = OBJECT_RGB
        if not (skip_kit and is_kit(piece) and piece.id not in selected and piece.id not in blockers):
            mb.add_triangles(solid.mesh.vertices.tolist(), solid.mesh.faces.tolist(), rgb)
        c = solid.footprint.representative_point()
        if piece.level:
            mb.add_cylinder((c.x, c.y, solid.top), 1.6, 0.25, LEVEL_RGB[piece.level], sides=14)
            for k in range(piece.level):  # one pip per Level
                a = 2 * math.pi * k / max(piece.level, 1)
                mb.add_cylinder((c.x + 0.7 * math.cos(a) * (piece.level > 1), c.y + 0.7 * math.sin(a) * (piece.level > 1),
                                 solid.top + 0.25), 0.35, 0.08, (1, 1, 1, 1), sides=8)
        if piece.object:
            mb.add_cylinder((c.x, c.y, solid.top), 1.3, 0.3, (0.95, 0.95, 1.0, 1.0), sides=6)
    if tokens:
        for token in bf.tokens:
            add_token(mb, token.kind, token.at, token.props, bf)


def is_kit(piece) -> bool:
    from engine.geometry.household import Household

    return isinstance(piece.shape, Household)


def kit_look(bf: Battlefield, selected: Iterable[str] = (), blockers: Iterable[str] = ()):
    """The household kit pieces that are neither selected nor blocking, as
    the play view prints them (one NodePath); None when there are none."""
    from app.look.geom import Batch
    from app.look.scenery import add_piece

    skip = set(selected) | set(blockers)
    b = Batch()
    for piece, solid in zip(bf.scenery, bf.solids, strict=True):
        if is_kit(piece) and piece.id not in skip:
            add_piece(b, piece, solid)
    return b.node("kit-look") if len(b) else None


def add_token(mb: MeshBuilder, kind: str, at: Sequence[float], props: Mapping[str, Any], bf: Battlefield | None = None) -> None:
    """A punchboard disc; a Deployment token shows its number as pips, a Crate
    its colour, a token said to lie on a piece sits on its top."""
    from engine.little_soldiers import data

    z = 0.0
    on = props.get("on")
    if on and bf is not None:
        try:
            z = bf.solid(on).top
        except KeyError:
            pass
    rgb = TOKEN_RGB.get(kind, (0.9, 0.9, 0.9, 1.0))
    if kind == "object" and props.get("object"):
        rgb = OBJECT_RGB
    r = data.TOKEN_RADIUS
    side = props.get("colour")  # a Deployment token's or Crate's colour side
    if side in SIDE_RGB:
        mb.add_cylinder((at[0], at[1], z), r + 0.35, 0.4, SIDE_RGB[side], sides=20)
    mb.add_cylinder((at[0], at[1], z), r, 0.6, rgb, sides=20)
    number = props.get("number")
    if isinstance(number, int) and 0 < number <= 4:
        for k in range(number):
            a = 2 * math.pi * k / number + math.pi / 2
            off = 0.0 if number == 1 else 0.55
            mb.add_cylinder((at[0] + off * math.cos(a), at[1] + off * math.sin(a), z + 0.6), 0.25, 0.1,
                            (0.15, 0.15, 0.18, 1.0), sides=8)
    if kind == "flag":
        mb.add_box((at[0], at[1], z), (0.25, 0.25, 5.0), (0.3, 0.3, 0.3, 1.0))
        mb.add_box((at[0] + 1.0, at[1], z + 3.6), (2.0, 0.1, 1.4), rgb)


def _flat_polygon(mb: MeshBuilder, poly, z: float, rgb: RGBA) -> None:
    import shapely

    if poly.is_empty:
        return
    for tri in shapely.get_parts(shapely.constrained_delaunay_triangles(poly)):
        pts = list(tri.exterior.coords)[:3]
        mb.add_polygon([(x, y, z) for x, y in pts], rgb, (0, 0, 1))


def add_hatching(mb: MeshBuilder, poly, rgb: RGBA, spacing: float = 2.5, width: float = 0.5, z: float = 0.3) -> None:
    """Diagonal stripes clipped to ``poly`` and its outline: the hatched zones
    of the set-up diagram."""
    from shapely.geometry import LineString

    minx, miny, maxx, maxy = poly.bounds
    span = (maxx - minx) + (maxy - miny)
    k = 0.0
    while k <= span:
        line = LineString([(minx + k, miny), (minx + k - (maxy - miny), maxy)])
        stripe = line.buffer(width / 2, cap_style="flat").intersection(poly)
        if not stripe.is_empty:
            for part in getattr(stripe, "geoms", [stripe]):
                if part.geom_type == "Polygon" and part.area > 1e-6:
                    _flat_polygon(mb, part, z, rgb)
        k += spacing
    outline = poly.exterior.buffer(0.3, cap_style="flat").intersection(poly.buffer(0.3))
    for part in getattr(outline, "geoms", [outline]):
        if part.geom_type == "Polygon":
            _flat_polygon(mb, part, z + 0.05, rgb)


def heat_colour(value: float, ramp: str = "heat") -> RGBA:
    """A cell's colour: ``heat`` runs dark blue (0) -> purple -> orange -> yellow (1);
    ``verdict`` is red (0, not a valid target) or green (1, valid)."""
    v = min(1.0, max(0.0, float(value)))
    if ramp == "verdict":
        return (0.25, 0.80, 0.35, 1.0) if v >= 0.5 else (0.85, 0.25, 0.22, 1.0)
    stops = [(0.0, (0.13, 0.15, 0.42)), (0.33, (0.48, 0.20, 0.58)), (0.66, (0.92, 0.45, 0.25)), (1.0, (0.99, 0.90, 0.35))]
    for (a, ca), (b, cb) in pairwise(stops):
        if v <= b:
            t = (v - a) / (b - a)
            return (ca[0] + t * (cb[0] - ca[0]), ca[1] + t * (cb[1] - ca[1]), ca[2] + t * (cb[2] - ca[2]), 1.0)
    return (*stops[-1][1], 1.0)


def add_heat_map(mb: MeshBuilder, xs: np.ndarray, ys: np.ndarray, values: np.ndarray, ramp: str = "heat",
                 z: float = 0.45, heights: np.ndarray | None = None, gap: float = 0.08) -> None:
    """One flat square per cell (NaN cells are left out), at the standing
    surface's height when ``heights`` is given, so a map shows on Level tops."""
    if len(xs) < 1 or len(ys) < 1:
        return
    cell = float(xs[1] - xs[0]) if len(xs) > 1 else float(ys[1] - ys[0]) if len(ys) > 1 else 1.0
    h = cell / 2 - gap
    for j, y in enumerate(ys):
        for i, x in enumerate(xs):
            v = values[j, i]
            if not np.isfinite(v):
                continue
            base = z + (0.0 if heights is None or not np.isfinite(heights[j, i]) else float(heights[j, i]))
            mb.add_polygon([(x - h, y - h, base), (x + h, y - h, base), (x + h, y + h, base), (x - h, y + h, base)],
                           heat_colour(v, ramp), (0, 0, 1))


def add_segment(mb: MeshBuilder, a: Sequence[float], b: Sequence[float], rgb: RGBA, width: float = 0.12) -> None:
    """A thin square beam from a to b: lines as triangles, so they draw the
    same on every renderer (the software one ignores line thickness)."""
    d = np.subtract(b, a).astype(float)
    n = float(np.linalg.norm(d))
    if n < 1e-9:
        return
    d /= n
    up = np.array([0.0, 0.0, 1.0]) if abs(d[2]) < 0.9 else np.array([1.0, 0.0, 0.0])
    u = np.cross(d, up)
    u /= np.linalg.norm(u)
    v = np.cross(d, u)
    u, v = u * width / 2, v * width / 2
    pa, pb = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    corners = [u + v, u - v, -u - v, -u + v]
    for k in range(4):
        c0, c1 = corners[k], corners[(k + 1) % 4]
        mb.add_polygon([tuple(pa + c0), tuple(pb + c0), tuple(pb + c1), tuple(pa + c1)], rgb,
                       tuple((c0 + c1) / 2) if np.any(c0 + c1) else (0, 0, 1))
