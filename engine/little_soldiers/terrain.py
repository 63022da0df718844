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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import shapely
from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from engine.geometry.battlefield import Battlefield
from engine.geometry.ranges import figure_distance, point_distance
from engine.geometry.throws import marker_name
from engine.little_soldiers import data as D
from engine.little_soldiers.table.climbing import climb_down, climb_up, cord_reach, marshmallow_jump
from engine.little_soldiers.table.figures import head_center
from engine.little_soldiers.table.throws import throw as physics_throw
from engine.little_soldiers.table.vocabulary import OBJECTS

OBJECT_KINDS = OBJECTS  # the battlefield vocabulary's list, one source
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
        """In the game's words for its log and refusals: a valid line says only
        so (the ray count was a debugging figure: the LoS debugger shows it)."""
        if self.valid:
            return "whole head visible"
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
        self._sight_memo: dict[tuple[Spot, Spot], SightReport] = {}

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
        for other, p in zip(self.bf.solids, self.bf.scenery, strict=True):
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

    def _others(self, others: Sequence[Spot]) -> list[tuple[float, float, float, float]]:
        return [(o.x, o.y, self.z(o.surface), self.base_radius) for o in others]

    def climb(self, start: Spot, touch: tuple[float, float], cord: float, others: Sequence[Spot]) -> MoveReport:
        """Levels: climb up onto the Level piece the cord touches at ``touch``
        (one standing on the soldier's surface), or down from the edge of the
        piece the soldier stands on; placed as close as possible to the spot,
        and the Move ends (geometry.climb_up / climb_down)."""
        point = Point(touch)
        near = self.contact + D.CORD_RADIUS + 1e-3
        here = self.z(start.surface)
        up = [p.id for s, p in zip(self.bf.solids, self.bf.scenery, strict=True)
              if p.level is not None and p.id != start.surface and abs(s.bottom - here) <= 1e-4
              and s.footprint.exterior.distance(point) <= near]
        if up:
            piece = up[0]  # the piece climbed onto
            step = climb_up(self.bf, start.xy, piece, touch, cord, self.base_radius, start.surface,
                            self._others(others))
        elif start.surface is not None and self.bf.solid(start.surface).footprint.exterior.distance(point) <= near:
            piece = start.surface  # the piece climbed down from
            step = climb_down(self.bf, start.xy, piece, touch, cord, self.base_radius,
                              self._others(others))
        elif start.surface is None:
            return MoveReport("The cord does not touch Level scenery there.", math.inf, ())
        else:
            return MoveReport(f"That spot is not on the edge of {start.surface}.", math.inf, ())
        if step.position is None:
            return MoveReport(_sentence(step.reason), math.inf, ())
        end = Spot(round(step.position[0], 4), round(step.position[1], 4), step.surface)
        # The cord's end rests just off the scenery (up) or just inside the top's edge (down).
        area = (self.bf.solid(piece).footprint.buffer(D.CORD_RADIUS + 1e-3) if up else
                self.bf.walkable_top(piece).buffer(-(D.CORD_RADIUS + 1e-3)))
        ring = max(shapely.get_parts(area), key=lambda g: g.area).exterior
        rest = ring.interpolate(ring.project(point))
        reach = cord_reach(self.bf, start.xy, (rest.x, rest.y), self.base_radius, start.surface)
        return MoveReport(None, reach, (start.xy, (rest.x, rest.y), end.xy), end)

    def jump(self, start: Spot, direction: float, cord: float, others: Sequence[Spot]) -> MoveReport:
        """Marshmallow: a straight Move the full length of the cord, over
        scenery, to the farthest spot on the line where the base fits, a
        higher Level included when Levels are played (geometry.marshmallow_jump)."""
        a = math.radians(direction)
        vec = (math.cos(a), math.sin(a))
        if self.levels:
            step = marshmallow_jump(self.bf, start.xy, vec, cord, self.base_radius, self._others(others))
            if step.position is not None:
                end = Spot(round(step.position[0], 4), round(step.position[1], 4), step.surface)
                return MoveReport(None, math.dist(start.xy, end.xy), (start.xy, end.xy), end)
            return MoveReport(None, 0.0, (start.xy,), start)
        steps = int(cord / SEARCH_STEP)
        for k in range(steps, 0, -1):
            d = k * SEARCH_STEP if k < steps else cord
            spot = Spot(round(start.x + d * vec[0], 4), round(start.y + d * vec[1], 4), None)
            if self.placement_reason(spot, others) is None:
                return MoveReport(None, d, (start.xy, spot.xy), spot)
        return MoveReport(None, 0.0, (start.xy,), start)

    # ------------------------------------------------------------- distances
    def figure_distance(self, base: Spot, other: Spot) -> float:
        """Straight 3D distance from ``base``'s base disc to any part of the
        figurine at ``other`` (Range: "any part of its figurine")."""
        return figure_distance((base.x, base.y, self.z(base.surface)), self.base_radius,
                               (other.x, other.y, self.z(other.surface)), self.base_radius, self.height)

    def point_distance(self, point: tuple[float, float, float], other: Spot) -> float:
        """From where a die or token stopped to any part of a figurine."""
        return point_distance(point, (other.x, other.y, self.z(other.surface)), self.base_radius, self.height)

    # ------------------------------------------------------------- sight
    def head(self, spot: Spot, kind: str = "infantry") -> tuple[float, float, float]:
        return head_center(kind, spot.xy, self.z(spot.surface))

    def sight(self, eye: Spot, target: Spot) -> SightReport:
        """Valid target: "their entire head is visible from the position of the attacking figurine"."""
        return self.sights([(eye, target)])[0]

    def sights(self, pairs: Sequence[tuple[Spot, Spot]]) -> list[SightReport]:
        """Many line-of-sight checks in one batched ray query. Each answer is
        kept per (eye, target) spots: a decision asks the same pairs again
        (the Orders offered, the chosen Attack's check, its report), and the
        battlefield under a Terrain never changes."""
        if not pairs:
            return []
        memo = self._sight_memo
        out = [memo.get(p) for p in pairs]
        todo = [i for i, r in enumerate(out) if r is None]
        if todo:
            asked = [pairs[i] for i in todo]
            got = _reports(self.bf.sight_many([(self.head(a), self.head(b), self.head_radius) for a, b in asked]))
            if len(memo) + len(todo) > SIGHT_MEMO:
                memo.clear()
            for i, pair, report in zip(todo, asked, got, strict=True):
                out[i] = memo[pair] = report
        return [r for r in out if r is not None]  # every one: the memo's and those just asked

    # ------------------------------------------------------------- mission tokens
    def swept_touch(self, path: Sequence[tuple[float, float]], point: tuple[float, float]) -> bool:
        """Does a base carried along ``path`` on the table (its cord laid
        along it) touch or pass over a round token lying at ``point``?
        The base is wider than the cord, so the base's sweep decides."""
        reach = self.base_radius + D.TOKEN_RADIUS + self.contact
        if len(path) == 1:
            return math.dist(path[0], point) <= reach
        return LineString(path).distance(Point(point)) <= reach

    def base_touches_token(self, spot: Spot, point: tuple[float, float]) -> bool:
        """Is a figurine at ``spot`` in contact with a token on the table?"""
        return spot.surface is None and math.dist(spot.xy, point) <= self.base_radius + D.TOKEN_RADIUS + self.contact

    def tokens_of(self, kind: str) -> list[Any]:
        """The battlefield's tokens of one kind, in file order."""
        return [t for t in self.bf.tokens if t.kind == kind]

    def target_sights(self, spots: Sequence[Spot], target: tuple[float, float, float],
                      radius: float) -> list[SightReport]:
        """A New Threat: does each figurine see the whole Target symbol?"""
        return self._point_sights([(self.head(s), target, radius) for s in spots])

    def threat_sights(self, target: tuple[float, float, float], spots: Sequence[Spot]) -> list[SightReport]:
        """A New Threat: which heads are wholly visible from a Threat's Target."""
        return self._point_sights([(target, self.head(s), self.head_radius) for s in spots])

    def _point_sights(self, triples: Sequence[tuple]) -> list[SightReport]:
        if not triples:
            return []
        return _reports(self.bf.sight_many(list(triples)))

    def without(self, piece_ids: Sequence[str]) -> Terrain:
        """The same rules over the battlefield without these scenery pieces
        (a Threat Action removes them from sight and movement until the end
        of the turn; geometry's ``without_scenery`` drops what rests on them)."""
        return Terrain(self.bf.without_scenery(*piece_ids), self.levels, self.objects_on, self.contact)

    def adjacent_scenery(self, point: tuple[float, float], within: float) -> tuple[str, ...]:
        """Scenery pieces whose footprint is within ``within`` cm of a token."""
        here = Point(point)
        return tuple(s.id for s in self.bf.solids if s.footprint.distance(here) <= within)

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

    def token_reach(self, green: float) -> float:
        """How far a base centre may be from a Deployment token's centre: the
        base touches a green Move token (``green`` cm) laid against the token."""
        return self.base_radius + D.TOKEN_RADIUS + green + self.contact

    def soldier_reach(self, green: float) -> float:
        """The same from another soldier's base centre (chain deployment)."""
        return 2 * self.base_radius + green + self.contact

    def deploy_reason(self, number: int, spot: Spot, green: float, others: Sequence[Spot]) -> str | None:
        """Placed "at green distance from the Deployment token of that same
        number ... as long as it remains in contact with the token": the base
        touches a green Move token laid against the Deployment token."""
        at = self.deployment.get(number)
        if at is None:
            return f"This battlefield has no Deployment token {number}."
        if spot.surface is not None:
            return "Soldiers deploy onto the table (Level 0)."
        if math.dist(at, spot.xy) > self.token_reach(green):
            gap = math.dist(at, spot.xy) - self.base_radius - D.TOKEN_RADIUS
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
        foot = solid.footprint
        c = foot.centroid if foot.centroid.within(foot) else foot.representative_point()
        return (c.x, c.y, solid.top)

    # ------------------------------------------------------------- throws
    def edge_point(self, xy: tuple[float, float]) -> tuple[float, float]:
        """The point of the Play Zone's edge closest to ``xy`` (the catapult's place)."""
        p = nearest_points(self.bf.play_zone.exterior, Point(xy))[0]
        return (p.x, p.y)

    def throw(
        self, kind: str, start: tuple[float, float, float], direction: float, strength: float, seed: int, chosen: Any = None
    ) -> Throw3D:
        """Where a flick or a catapult shot comes to rest: the Bullet
        simulation of geometry.throw with the seed's scatter. The die or token
        starts on the surface under ``start``. ``chosen`` (the game's resolved
        values) names the die's faces, so the physics lands on the faces the
        rules score: one source for one number."""
        a = math.radians(direction)
        landing = physics_throw(
            self.bf, kind, start[:2], (math.cos(a), math.sin(a)), strength, seed, chosen, record=False
        )  # the rules read the landing; the app replays the animation
        return self._landed(landing)

    def model_throw(
        self, kind: str, start: tuple[float, float, float], direction: float, strength: float, seed: int, chosen: Any = None
    ) -> Throw3D:
        """``throw``'s landing drawn from the landing model measured from the
        physics (``table.landing_model``), in microseconds: a bot's imagined game
        only (``LittleSoldiersState.for_rollouts``)."""
        from engine.little_soldiers.table.landing_model import model_throw

        a = math.radians(direction)
        return self._landed(model_throw(self.bf, kind, start[:2], (math.cos(a), math.sin(a)), strength, seed, chosen))

    def _landed(self, landing: Any) -> Throw3D:
        """A geometry landing as the rules read it (rounded, Teleporters by the rules' ids)."""
        x, y, z = (float(v) for v in landing.position)
        tele = tuple(self._teleporter_id(t) for t in landing.touched)
        return Throw3D(
            round(x, 4), round(y, 4), round(z, 4), str(landing.face), tuple(t for t in tele if t) if self.objects_on else ()
        )

    def _teleporter_id(self, touched: str) -> str | None:
        """geometry names a scenery Teleporter by its id and a token one by
        its marker (``marker@x,y``); the rules name tokens ``teleporter-N``."""
        if not touched.startswith("marker@"):
            return touched
        for o in self.objects:
            if o.kind == "teleporter" and o.piece is None and marker_name(o.at) == touched:
                return o.id
        return None


SIGHT_MEMO = 4096
"""(eye, target) answers a Terrain keeps (chosen; cleared when full)."""


def _reports(batch: Any) -> list[SightReport]:
    """A geometry sight batch as the rules report it, read from its arrays:
    indexing a batch builds each pair's rays (for the debugger), which a
    report does not need; the blockers' ids only for a blocked sight."""
    blocked, rays = batch.counts()
    return [
        SightReport(bool(v), float(f), rays, int(b), tuple(sorted(batch.blockers_of(i))) if b else ())
        for i, (v, f, b) in enumerate(zip(batch.valid.tolist(), batch.visible_fraction.tolist(), blocked.tolist(), strict=True))
    ]


def _sentence(reason: str | None) -> str:
    text = (reason or "that cannot be done").strip()
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


GRENADE_REACH = 60.0
"""cm: about how far a full-strength flick rolls the die (bots aim with it)."""
MORTAR_REACH = 100.0
"""cm: about how far the catapult throws at full strength (bots aim with it)."""
