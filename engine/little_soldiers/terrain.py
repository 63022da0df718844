"""What the rules ask of the battlefield, in the rules' own words.

A thin adapter over ``engine.geometry``'s Battlefield: the rules engine asks
"can this soldier see that head?", "is this Move within the yellow cord?",
"where does a climb land?", and gets back the answer together with what was
measured (rays, path, range), so events and the app can show why. Where the
geometry package does not (yet) offer a helper, the few lines needed are
here, built on its free space and surfaces, and say so.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterable, Sequence

import shapely
from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from engine.geometry.battlefield import Battlefield
from engine.little_soldiers import data as D

OBJECT_KINDS = ("teleporter", "radar", "transmogrifier", "marshmallow", "switch")
SEARCH_STEP = 0.5
"""cm: spacing of the rings searched for the nearest spot a base fits."""


@dataclass(frozen=True)
class Spot:
    """Where a figurine stands: base centre and the surface (None: table)."""

    x: float
    y: float
    surface: str | None = None

    @property
    def xy(self) -> tuple[float, float]:
        return (self.x, self.y)


@dataclass(frozen=True)
class MoveReport:
    """A checked Move: legal or not, why, the path's length and corners."""

    reason: str | None
    length: float
    path: tuple[tuple[float, float], ...]
    end: Spot | None = None


@dataclass(frozen=True)
class SightReport:
    """A line-of-sight answer with the numbers the app draws."""

    valid: bool
    visible_fraction: float
    rays: int
    blocked: int
    blockers: tuple[str, ...]

    def describe(self) -> str:
        if self.valid:
            return f"whole head visible ({self.rays} rays clear)"
        by = f" by {', '.join(self.blockers)}" if self.blockers else ""
        return f"{self.blocked} of {self.rays} rays blocked{by}"


@dataclass(frozen=True)
class FieldObject:
    """An Object of the Objects module: a scenery piece or a token."""

    id: str
    kind: str
    piece: str | None  # scenery id, or None for a token on the table
    at: tuple[float, float]


@dataclass(frozen=True)
class Throw3D:
    """A throw's landing as the rules use it."""

    x: float
    y: float
    z: float
    face: str
    teleporters: tuple[str, ...]


class Terrain:
    """The battlefield as the rules see it. Immutable; shared between clones."""

    def __init__(self, bf: Battlefield, levels: bool, objects: bool, contact: float) -> None:
        self.bf = bf
        self.levels = levels
        self.objects_on = objects
        self.contact = contact
        self.base_radius = D.BASE_RADIUS
        self.height = D.FIGURINE_HEIGHT
        self.head_height = D.HEAD_CENTER_HEIGHT
        self.head_radius = D.HEAD_RADIUS
        self._free: dict[str | None, Any] = {}

    # ------------------------------------------------------------- surfaces
    def z(self, surface: str | None) -> float:
        return self.bf.surface_z(surface)

    def level(self, surface: str | None) -> int:
        """The Level a surface is (the Play Zone is Level 0)."""
        if surface is None:
            return 0
        return int(self.bf.piece(surface).level or 0)

    def free(self, surface: str | None):
        """Where a base centre may stand on ``surface`` (prepared, cached)."""
        if surface not in self._free:
            geom = self.bf.free_space(self.base_radius, surface)
            shapely.prepare(geom)
            self._free[surface] = geom
        return self._free[surface]

    def level_pieces(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.bf.scenery if p.level is not None)

    def below(self, piece: str) -> str | None:
        """The Level piece ``piece`` rests on, or None for the table."""
        solid = self.bf.solid(piece)
        if solid.bottom <= 1e-6:
            return None
        for other, p in zip(self.bf.solids, self.bf.scenery):
            if other is solid or p.level is None:
                continue
            if abs(other.top - solid.bottom) <= 1e-4 and other.footprint.intersection(solid.footprint).area > 1e-9:
                return other.id
        return None

    # ------------------------------------------------------------- placement
    @cached_property
    def zone(self):
        """The Play Zone, prepared for fast point tests."""
        geom = self.bf.play_zone
        shapely.prepare(geom)
        return geom

    def placement_reason(self, spot: Spot, others: Iterable[Spot]) -> str | None:
        """Why a figurine cannot stand at ``spot`` (None: it can)."""
        if not shapely.intersects_xy(self.zone, spot.x, spot.y):
            return "That spot is outside the Play Zone."
        if not shapely.intersects_xy(self.free(spot.surface), spot.x, spot.y):
            where = "the table" if spot.surface is None else spot.surface
            return f"The base does not fit on {where} there (scenery, an edge or the Play Zone's border is in the way)."
        for o in others:
            if o.surface == spot.surface and math.dist(o.xy, spot.xy) < 2 * self.base_radius - 1e-6:
                return "Another figurine already stands there."
        return None

    def nearest_fit(self, target: tuple[float, float], surface: str | None, others: Sequence[Spot],
                    limit: float = 30.0) -> Spot | None:
        """The spot on ``surface`` nearest ``target`` where a base fits (to
        within SEARCH_STEP): rings around the nearest free point, outward."""
        free = self.free(surface)
        if free.is_empty:
            return None
        first = nearest_points(free, Point(target))[0]
        ring = [(first.x, first.y)]
        r = 0.0
        while r <= limit:
            ring.sort(key=lambda p: math.dist(p, target))
            for p in ring:
                spot = Spot(round(p[0], 4), round(p[1], 4), surface)
                if self.placement_reason(spot, others) is None:
                    return spot
            r += SEARCH_STEP
            n = max(8, int(2 * math.pi * r / SEARCH_STEP))
            ring = [(first.x + r * math.cos(2 * math.pi * k / n), first.y + r * math.sin(2 * math.pi * k / n))
                    for k in range(n)]
        return None

    # ------------------------------------------------------------- movement
    def move(self, start: Spot, end: tuple[float, float], cord: float, others: Sequence[Spot]) -> MoveReport:
        """A Move on the surface the figurine stands on, around scenery."""
        spot = Spot(end[0], end[1], start.surface)
        if math.dist(start.xy, end) < 1e-9:
            return MoveReport(None, 0.0, (start.xy,), start)
        reason = self.placement_reason(spot, others)
        if reason is not None:
            return MoveReport(reason, math.inf, ())
        graph = self.bf.move_graph(self.base_radius, start.surface)
        length = graph.path_length(start.xy, end)
        if not math.isfinite(length):
            return MoveReport("No path around the scenery leads there.", length, ())
        if length > cord + 1e-6:
            return MoveReport(f"The path is {length:.1f} cm; the cord is {cord:.0f} cm.", length, ())
        return MoveReport(None, length, (start.xy, end), spot)

    def path(self, start: Spot, end: tuple[float, float]) -> tuple[tuple[float, float], ...]:
        """The corners of the shortest path of a Move (for the log and the app)."""
        if math.dist(start.xy, end) < 1e-9:
            return (start.xy,)
        return tuple(self.bf.move_graph(self.base_radius, start.surface).shortest_path(start.xy, end))

    def _reach_edge(self, start: Spot, touch: tuple[float, float], cord: float) -> tuple[float, tuple] | str:
        """Can the cord, laid from ``start``, touch the point ``touch``? The
        base walks on its surface until it touches the spot; the cord must
        cover that path. Returns the path length or the reason it cannot."""
        free = self.free(start.surface)
        q = nearest_points(free, Point(touch))[0]
        gap = q.distance(Point(touch))
        if gap > self.base_radius + self.contact:
            return "The cord cannot touch that spot from where the soldier stands."
        graph = self.bf.move_graph(self.base_radius, start.surface)
        length = graph.path_length(start.xy, (q.x, q.y)) if math.dist(start.xy, (q.x, q.y)) > 1e-9 else 0.0
        if length > cord + 1e-6:
            return f"The cord ({cord:.0f} cm) does not reach that spot ({length:.1f} cm)."
        path = tuple(graph.shortest_path(start.xy, (q.x, q.y))) if length > 0 else (start.xy,)
        return length, path

    def climb(self, start: Spot, touch: tuple[float, float], cord: float, others: Sequence[Spot]) -> MoveReport:
        """Levels: climb up onto the Level piece the cord touches at ``touch``,
        or down from the edge of the piece the figurine stands on."""
        point = Point(touch)
        up = None
        for solid, piece in zip(self.bf.solids, self.bf.scenery):
            if piece.level is None or piece.id == start.surface:
                continue
            if abs(solid.bottom - self.z(start.surface)) > 1e-4:
                continue
            if solid.footprint.exterior.distance(point) <= self.contact:
                up = piece.id
                break
        if up is not None:
            reach = self._reach_edge(start, touch, cord)
            if isinstance(reach, str):
                return MoveReport(reach, math.inf, ())
            spot = self.nearest_fit(touch, up, others)
            if spot is None:
                return MoveReport(f"No room for another figurine on {up}.", reach[0], reach[1])
            return MoveReport(None, reach[0], reach[1] + (spot.xy,), spot)
        if start.surface is None:
            return MoveReport("The cord does not touch Level scenery there.", math.inf, ())
        solid = self.bf.solid(start.surface)
        if solid.footprint.exterior.distance(point) > self.contact:
            return MoveReport(f"That spot is not on the edge of {start.surface}.", math.inf, ())
        reach = self._reach_edge(start, touch, cord)
        if isinstance(reach, str):
            return MoveReport(reach, math.inf, ())
        down = self.below(start.surface)
        spot = self.nearest_fit(touch, down, others)
        if spot is None:
            return MoveReport("No room at the foot of the scenery there.", reach[0], reach[1])
        return MoveReport(None, reach[0], reach[1] + (spot.xy,), spot)

    def jump(self, start: Spot, direction: float, cord: float, others: Sequence[Spot]) -> MoveReport:
        """Marshmallow: a straight Move the full length of the cord, over
        scenery, ending on whatever surface is there (a higher Level too);
        where the base cannot stand, it stops as far along as it can."""
        a = math.radians(direction)
        dx, dy = math.cos(a), math.sin(a)
        steps = int(cord / SEARCH_STEP)
        for k in range(steps, -1, -1):
            d = k * SEARCH_STEP if k < steps else cord
            p = (start.x + d * dx, start.y + d * dy)
            line = LineString([start.xy, p]) if d > 0 else None
            if line is not None and not self.zone.covers(line):
                continue
            surface = self.bf.surface_at(*p) if self.levels else None
            spot = Spot(round(p[0], 4), round(p[1], 4), surface)
            if d == 0:
                return MoveReport(None, 0.0, (start.xy,), start)
            if self.placement_reason(spot, others) is None:
                return MoveReport(None, d, (start.xy, spot.xy), spot)
        return MoveReport(None, 0.0, (start.xy,), start)

    # ------------------------------------------------------------- distances
    def figure_distance(self, base: Spot, other: Spot) -> float:
        """Straight 3D distance from ``base``'s base disc to any part of the
        figurine at ``other`` (Range: "any part of its figurine")."""
        zb, zo = self.z(base.surface), self.z(other.surface)
        gap_xy = max(0.0, math.dist(base.xy, other.xy) - 2 * self.base_radius)
        gap_z = max(0.0, zo - zb, zb - (zo + self.height))
        return math.hypot(gap_xy, gap_z)

    def point_distance(self, point: tuple[float, float, float], other: Spot) -> float:
        """From where a die or token stopped to any part of a figurine."""
        zo = self.z(other.surface)
        gap_xy = max(0.0, math.dist(point[:2], other.xy) - self.base_radius)
        gap_z = max(0.0, zo - point[2], point[2] - (zo + self.height))
        return math.hypot(gap_xy, gap_z)

    # ------------------------------------------------------------- sight
    def head(self, spot: Spot) -> tuple[float, float, float]:
        return (spot.x, spot.y, self.z(spot.surface) + self.head_height)

    def sight(self, eye: Spot, target: Spot) -> SightReport:
        """Valid target: "their entire head is visible from the position of the attacking figurine"."""
        return self.sights([(eye, target)])[0]

    def sights(self, pairs: Sequence[tuple[Spot, Spot]]) -> list[SightReport]:
        """Many line-of-sight checks in one batched ray query."""
        if not pairs:
            return []
        got = self.bf.sight_many([(self.head(a), self.head(b), self.head_radius) for a, b in pairs])
        out = []
        for s in got:
            blocked = int(s.blocked.sum())
            out.append(SightReport(bool(s.valid), float(s.visible_fraction), len(s.blocked), blocked,
                                   tuple(sorted(s.blockers))))
        return out

    # ------------------------------------------------------------- tokens
    @cached_property
    def deployment(self) -> dict[int, tuple[float, float]]:
        """Deployment token number -> centre, from the battlefield's tokens."""
        out: dict[int, tuple[float, float]] = {}
        for t in self.bf.tokens:
            if t.kind == "deployment":
                n = t.props.get("number")
                if isinstance(n, int) and n not in out:
                    out[n] = t.at
        return out

    def deploy_reason(self, number: int, spot: Spot, green: float, others: Sequence[Spot]) -> str | None:
        """Placed "at green distance from the Deployment token of that same
        number ... as long as it remains in contact with the token": the base
        touches a green Move token laid against the Deployment token."""
        at = self.deployment.get(number)
        if at is None:
            return f"This battlefield has no Deployment token {number}."
        if spot.surface is not None:
            return "Soldiers deploy onto the table (Level 0)."
        gap = math.dist(at, spot.xy) - self.base_radius - D.TOKEN_RADIUS
        if gap > green + self.contact:
            return f"That spot is {gap:.1f} cm from Deployment token {number}; green distance is {green:.0f} cm."
        return self.placement_reason(spot, others)

    @cached_property
    def objects(self) -> tuple[FieldObject, ...]:
        """Objects on scenery pieces, then Object tokens on the table."""
        out = [FieldObject(p.id, p.object, p.id, (p.at[0], p.at[1])) for p in self.bf.scenery if p.object]
        count: dict[str, int] = {}
        for t in self.bf.tokens:
            kind = t.props.get("object") if t.kind == "object" else t.kind
            if kind in OBJECT_KINDS:
                count[kind] = count.get(kind, 0) + 1
                ident = str(t.props.get("id") or f"{kind}-{count[kind]}")
                out.append(FieldObject(ident, kind, None, t.at))
        return tuple(out)

    def object(self, ident: str) -> FieldObject:
        for o in self.objects:
            if o.id == ident:
                return o
        raise KeyError(ident)

    def touches(self, spot: Spot, obj: FieldObject) -> bool:
        """Is a base at ``spot`` in contact with ``obj``?"""
        if obj.piece is None:
            if spot.surface is not None:
                return False
            return math.dist(spot.xy, obj.at) <= self.base_radius + D.TOKEN_RADIUS + self.contact
        if spot.surface == obj.piece:
            return True
        solid = self.bf.solid(obj.piece)
        z = self.z(spot.surface)
        if not (solid.bottom - 1e-6 <= z <= solid.top + 1e-6):
            return False
        return solid.footprint.distance(Point(spot.xy)) <= self.base_radius + self.contact

    def point_touches(self, point: tuple[float, float, float], obj: FieldObject, radius: float) -> bool:
        """Does a die or token of ``radius`` resting at ``point`` touch ``obj``?"""
        if obj.piece is None:
            return math.dist(point[:2], obj.at) <= radius + D.TOKEN_RADIUS + self.contact
        solid = self.bf.solid(obj.piece)
        if point[2] > solid.top + radius + self.contact:
            return False
        return solid.footprint.distance(Point(point[:2])) <= radius + self.contact

    def object_spot(self, obj: FieldObject) -> tuple[float, float, float]:
        """Where a teleported die or token reappears: on the token, or on top
        of the Object's scenery piece."""
        if obj.piece is None:
            return (obj.at[0], obj.at[1], 0.0)
        solid = self.bf.solid(obj.piece)
        c = solid.footprint.representative_point() if not solid.footprint.centroid.within(solid.footprint) else solid.footprint.centroid
        return (c.x, c.y, solid.top)

    # ------------------------------------------------------------- throws
    def edge_point(self, xy: tuple[float, float]) -> tuple[float, float]:
        """The point of the Play Zone's edge closest to ``xy`` (the catapult's place)."""
        p = nearest_points(self.bf.play_zone.exterior, Point(xy))[0]
        return (p.x, p.y)

    def throw(self, kind: str, start: tuple[float, float, float], direction: float, strength: float,
              seed: int, faces: Sequence[str]) -> Throw3D:
        """Where a flick or a catapult shot comes to rest.

        Uses ``engine.geometry.throws.throw`` (the Bullet simulation) when the
        geometry package has it; until then a stand-in: a straight flight
        whose length grows with strength, scattered by the seed like a human
        throw, stopped by the Play Zone's edge, with a fair face."""
        try:
            from engine.geometry.throws import throw as physics_throw  # type: ignore[import-not-found]
        except ImportError:
            physics_throw = None
        if physics_throw is not None:
            landing = physics_throw(self.bf, kind, start, direction, strength, seed)
            pos = tuple(float(v) for v in landing.position)
            face = str(landing.face)
            x, y, z = pos[0], pos[1], pos[2]
        else:
            rng = random.Random(seed)
            a = math.radians(direction + rng.gauss(0.0, D.THROW_DIRECTION_SCATTER_DEG))
            s = max(0.0, min(1.0, strength * (1.0 + rng.gauss(0.0, D.THROW_STRENGTH_SCATTER))))
            reach = (MORTAR_REACH if kind == "mortar" else GRENADE_REACH) * s
            end = (start[0] + reach * math.cos(a), start[1] + reach * math.sin(a))
            inside = self.bf.play_zone.buffer(-0.5)
            line = LineString([start[:2], end])
            if not inside.contains(Point(end)):
                part = line.intersection(inside)
                pts = [c for g in getattr(part, "geoms", [part]) for c in getattr(g, "coords", [])]
                end = max(pts, key=lambda c: math.dist(c, start[:2])) if pts else start[:2]
            x, y = float(end[0]), float(end[1])
            z = self.bf.surface_height(x, y)
            face = faces[rng.randrange(len(faces))]
        radius = D.GRENADE_DIE_RADIUS if kind == "grenade" else D.MORTAR_TOKEN_RADIUS
        tele = tuple(o.id for o in self.objects if o.kind == "teleporter" and self.point_touches((x, y, z), o, radius))
        return Throw3D(round(x, 4), round(y, 4), round(z, 4), face, tele if self.objects_on else ())


GRENADE_REACH = 60.0
# chosen (stand-in until the physics throw lands): a full-strength flick rolls
# a die about half a 120 cm table.
MORTAR_REACH = 100.0
# chosen (stand-in): the catapult spoon throws a token up to about 1 m.
