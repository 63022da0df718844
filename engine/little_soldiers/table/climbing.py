"""Levels and the Marshmallow: moves that end on another surface.

Levels module: "if the cord touches a piece of scenery with a Level token on
it, then your Little Soldier can climb up onto it. Place your figurine onto
the piece of scenery, as close as possible to the spot where the cord touched
it. Their Move then immediately ends." Climbing down is the same at the edge
of the Level. Objects module, Marshmallow: "make a Move in a straight line as
far as possible ... You can move over any other objects or scenery, and you
can also end your Move on a higher Level."

The cord is thinner than a base: it may slip through gaps the figurine
cannot, so its reach is measured with the cord's own radius, from the edge of
the base.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from engine.geometry.placement import other_discs
from engine.little_soldiers import data

if TYPE_CHECKING:
    from engine.geometry.battlefield import Battlefield

_NUDGE = 1e-3


@dataclass(frozen=True)
class Step:
    """Where a climb or jump lands: ``position`` (x, y, z) and ``surface``
    (a Level piece id, None for the table), or ``position`` None and the
    ``reason`` it cannot be done."""

    position: tuple[float, float, float] | None
    surface: str | None = None
    reason: str | None = None

    @property
    def ok(self) -> bool:
        return self.position is not None


def _refuse(reason: str) -> Step:
    return Step(None, None, reason)


def _room(bf: Battlefield, base_radius: float, surface: str | None, others: Iterable) -> BaseGeometry:
    """Where a base centre may land on ``surface``, other figurines removed."""
    region = bf.free_space(base_radius, surface)
    z = bf.surface_z(surface)
    discs = [
        Point(x, y).buffer(r + base_radius, quad_segs=8)
        for x, y, oz, r in other_discs(others)
        if abs(oz - z) < data.FIGURINE_HEIGHT
    ]
    if discs:
        region = region.difference(shapely.union_all(discs))
    return region


def _land(region: shapely.Geometry, near: Point, z: float, surface: str | None) -> Step:
    point = nearest_points(region, near)[0]
    return Step((float(point.x), float(point.y), float(z)), surface)


def cord_reach(bf: Battlefield, start, point, base_radius: float, surface: str | None) -> float:
    """Length of cord from the edge of the base at ``start`` to ``point``."""
    length = bf.path_length(start, point, data.CORD_RADIUS, surface)
    return max(0.0, length - base_radius)


def climb_up(
    bf: Battlefield,
    start: Sequence[float],
    piece_id: str,
    touch: Sequence[float],
    cord_length: float,
    base_radius: float,
    surface: str | None = None,
    others: Iterable = (),
) -> Step:
    """Climb from ``surface`` onto the Level piece ``piece_id`` whose side
    the cord touches near ``touch``."""
    try:
        piece = bf.piece(piece_id)
    except KeyError:
        return _refuse(f"there is no scenery '{piece_id}'")
    if piece.level is None:
        return _refuse(f"'{piece_id}' has no Level token")
    solid = bf.solid(piece_id)
    if abs(solid.bottom - bf.surface_z(surface)) > 1e-4:
        return _refuse(f"'{piece_id}' does not stand on the figurine's surface")
    ring = solid.footprint.buffer(data.CORD_RADIUS + _NUDGE, quad_segs=8).exterior
    spot = ring.interpolate(ring.project(Point(touch[0], touch[1])))
    reach = cord_reach(bf, start, (spot.x, spot.y), base_radius, surface)
    if reach > cord_length:
        return _refuse(f"the cord does not reach '{piece_id}' ({reach:.1f} cm needed)")
    room = _room(bf, base_radius, piece_id, others)
    if room.is_empty:
        return _refuse(f"there is no room on top of '{piece_id}'")
    return _land(room, Point(touch[0], touch[1]), solid.top, piece_id)


def _surface_below(bf: Battlefield, piece_id: str, point: Point) -> str | None:
    """The Level top just outside ``piece_id`` at the height of its bottom."""
    bottom = bf.solid(piece_id).bottom
    for solid, piece in zip(bf.solids, bf.scenery, strict=True):
        if piece.level is not None and abs(solid.top - bottom) <= 1e-4 and solid.footprint.covers(point):
            return solid.id
    return None


def climb_down(
    bf: Battlefield,
    start: Sequence[float],
    surface: str,
    touch: Sequence[float],
    cord_length: float,
    base_radius: float,
    others: Iterable = (),
) -> Step:
    """Climb down from the Level ``surface`` where the cord touches its edge
    near ``touch``; land at the foot of the piece, as close as possible."""
    try:
        solid = bf.solid(surface)
    except KeyError:
        return _refuse(f"there is no scenery '{surface}'")
    top = bf.walkable_top(surface)
    edge = top.buffer(-(data.CORD_RADIUS + _NUDGE), quad_segs=8)
    if edge.is_empty:
        return _refuse(f"the top of '{surface}' is too small")
    edge_ring = max(shapely.get_parts(edge), key=lambda g: g.area).exterior
    spot = edge_ring.interpolate(edge_ring.project(Point(touch[0], touch[1])))
    reach = cord_reach(bf, start, (spot.x, spot.y), base_radius, surface)
    if reach > cord_length:
        return _refuse(f"the cord does not reach the edge of '{surface}' ({reach:.1f} cm needed)")
    outer = solid.footprint.exterior
    on_edge = outer.interpolate(outer.project(Point(touch[0], touch[1])))
    away = solid.footprint.buffer(2 * _NUDGE, quad_segs=4).exterior
    outside = away.interpolate(away.project(on_edge))
    below = _surface_below(bf, surface, outside)
    room = _room(bf, base_radius, below, others)
    if room.is_empty:
        return _refuse(f"there is no room at the foot of '{surface}'")
    return _land(room, on_edge, bf.surface_z(below), below)


def marshmallow_jump(
    bf: Battlefield,
    start: Sequence[float],
    direction: Sequence[float],
    cord_length: float,
    base_radius: float,
    others: Iterable = (),
) -> Step:
    """Jump straight along ``direction`` as far as the stretched cord allows:
    the farthest spot on the line, within ``cord_length`` of the start, where
    the base fits on the table or on a Level top."""
    dx, dy = float(direction[0]), float(direction[1])
    norm = math.hypot(dx, dy)
    if norm == 0:
        return _refuse("the jump needs a direction")
    dx, dy = dx / norm, dy / norm
    sx, sy = float(start[0]), float(start[1])
    line = LineString([(sx, sy), (sx + dx * cord_length, sy + dy * cord_length)])
    best: tuple[float, str | None] | None = None
    surfaces: list[str | None] = [None] + [p.id for p in bf.scenery if p.level is not None]
    for surface in surfaces:
        part = _room(bf, base_radius, surface, others).intersection(line)
        if part.is_empty:
            continue
        coords = shapely.get_coordinates(part)
        far = float(((coords[:, 0] - sx) * dx + (coords[:, 1] - sy) * dy).max())
        if best is None or far > best[0] + 1e-9:
            best = (far, surface)
    if best is None:
        return _refuse("nowhere on that line fits the base")
    far, surface = best
    return Step((sx + dx * far, sy + dy * far, bf.surface_z(surface)), surface)
