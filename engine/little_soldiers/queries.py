"""Read-only questions the app asks to *show* what the rules measure.

Nothing here changes a game: every function reads a state or a view (or a
clone of one) and answers with the same geometry the rules use, so what the
app draws is what the engine decides:

- :func:`reach` - the yellow cord's reach of a soldier, bending around scenery;
- :func:`deploy_area` - where the soldier being deployed may stand;
- :func:`move_preview` - the path and length a Move to a point would take, and
  why it would be refused;
- :func:`climb_preview` - the same for a climb (Levels): where the cord
  touches, where the soldier would stand, or why it cannot get there;
- :func:`sight_rays` - every line-of-sight ray from an attacker's head to a
  target's head, with the blocked flags;
- :func:`range_band` - the shortest cord (green, red, yellow) reaching a figure;
- :func:`flight` - the full flight of the last throw, for the animation;
- :func:`throw_strength` / :func:`throw_distance` - the strength that throws
  the pending Grenade or Mortar about a distance, and back (aiming by a drag);
- :func:`can_climb` - whether a soldier may climb at all in this game (a part
  that allows climbing is loaded and it stands on the table);
- :func:`object_footprint` / :func:`teleport_spot` - an Object's shape on the
  table, and the nearest spot beside a Teleporter the rules accept for a click.

The dice of the last roll are in the view itself (``last_roll``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from engine.core.protocol import View
from engine.geometry.throws import Landing as Flight
from engine.little_soldiers.actions import Move, Teleport
from engine.little_soldiers.table.throws import flight_distance, strength_for
from engine.little_soldiers.table.throws import throw as physics_throw

TELEPORT_RING_SAMPLES = 96
"""Points tried around a Teleporter when the spot nearest a click is refused
(chosen: under 1 cm apart around a shoebox)."""


def _view(state_or_view: Any, seat: int = 0) -> Any:
    """The public view these questions read (a state is seen from ``seat``;
    only public facts are asked, so any seat's view answers the same)."""
    return state_or_view if isinstance(state_or_view, View) else state_or_view.view(seat)


def reach(state_or_view: Any, soldier: str):
    """Where the yellow cord lets ``soldier`` move its base centre: a shapely
    geometry on the surface it stands on (empty when it is not in play)."""
    import shapely

    t = _view(state_or_view)
    s = t.soldier(soldier)
    if s.spot is None:
        return shapely.Polygon()
    return t.terrain.bf.reachable_region(s.spot.xy, t.chosen.yellow_length, t.terrain.base_radius, s.spot.surface)


@dataclass(frozen=True)
class MovePreview:
    """What a Move to a point would do: ``reason`` None when legal."""

    reason: str | None
    length: float
    cord: float
    path: tuple[tuple[float, float], ...]
    """The corners of the shortest path (the bent cord), start first."""


def deploy_area(state_or_view: Any, soldier: str | None = None):
    """Where a soldier may be deployed now: base centres within green distance
    of the revealed Deployment token's number, on free table (the disc the
    rules measure, ``deploy_discs``); empty when nobody deploys.

    Without a Block token (the co-op missions, Advanced Tactics) a soldier
    deploys at green distance from any of its anchors (``deploy_anchors``):
    pass ``soldier`` (else the current General's first soldier in its HQ)."""
    import shapely
    from shapely.geometry import Point

    t = _view(state_or_view)
    ident = t.deploying_soldier(soldier)  # None: nobody deploys, or parachuted in (no area to shade)
    if ident is None:
        return shapely.Polygon()
    discs = [Point(c).buffer(r, quad_segs=16) for c, r in t.deploy_discs(ident)]
    if not discs:
        return shapely.Polygon()
    return shapely.union_all(discs).intersection(t.terrain.bf.free_space(t.terrain.base_radius))


def move_preview(state_or_view: Any, seat: int, soldier: str, x: float, y: float) -> MovePreview:
    """The bent cord of a Move of ``soldier`` to (x, y) and the engine's verdict."""
    t = _view(state_or_view, seat)
    s = t.soldier(soldier)
    cord = t.chosen.yellow_length
    if s.spot is None:
        return MovePreview(f"{soldier} is not in play.", math.inf, cord, ())
    reason = t.check(Move(soldier, float(x), float(y)))
    graph = t.terrain.bf.move_graph(t.terrain.base_radius, s.spot.surface)
    try:
        path = tuple((float(p[0]), float(p[1])) for p in graph.shortest_path(s.spot.xy, (x, y)))
        length = float(graph.path_length(s.spot.xy, (x, y)))
    except (ValueError, IndexError):
        path, length = (), math.inf
    return MovePreview(reason, length, cord, path)


@dataclass(frozen=True)
class ClimbPreview:
    """What a climb (``Move(..., climb=True)``) at a point would do: ``reason``
    None when legal; ``end`` (x, y, z) and ``surface`` where the soldier would
    stand when the cord gets there (also when another rule refuses it)."""

    reason: str | None
    length: float
    cord: float
    path: tuple[tuple[float, float], ...]
    """The soldier's spot, where the cord touches the scenery (or the edge), where it would stand."""
    end: tuple[float, float, float] | None
    surface: str | None
    up: bool
    """Climbing up onto a Level (else down from the one it stands on)."""


def climb_preview(state_or_view: Any, seat: int, soldier: str, x: float, y: float) -> ClimbPreview:
    """A climb of ``soldier`` where its cord touches (x, y): the Levels rules'
    answer (``table.climbing`` through ``Terrain.climb``) and the engine's verdict."""
    t = _view(state_or_view, seat)
    s = t.soldier(soldier)
    cord = t.chosen.yellow_length
    action = Move(soldier, float(x), float(y), climb=True)
    reason = t.check(action)
    if s.spot is None:
        return ClimbPreview(reason or f"{soldier} is not in play.", math.inf, cord, (), None, None, False)
    others = [o.spot for o in t.soldiers() if o.in_play and o.id != soldier]
    report = t.terrain.climb(s.spot, (float(x), float(y)), cord, others)
    if report.end is None or report.reason is not None:
        return ClimbPreview(reason or report.reason, report.length, cord, tuple(report.path), None, None, False)
    end = report.end
    up = t.terrain.level(end.surface) > t.terrain.level(s.spot.surface)
    return ClimbPreview(reason, float(report.length), cord, tuple((float(p[0]), float(p[1])) for p in report.path),
                        (end.x, end.y, t.terrain.z(end.surface)), end.surface, up)


def sight_rays(state_or_view: Any, attacker: str, target: str):
    """The rays the rules cast from ``attacker``'s head to ``target``'s head
    (``engine.geometry`` Sight: ``.rays`` with ``blocked``, ``.valid``)."""
    t = _view(state_or_view)
    a, b = t.soldier(attacker), t.soldier(target)
    terrain = t.terrain
    return terrain.bf.line_of_sight(terrain.head(a.spot), terrain.head(b.spot), terrain.head_radius)


def range_band(state_or_view: Any, attacker: str, target: str) -> str | None:
    """The shortest cord (green, red, yellow, as chosen for this game) whose
    range reaches ``target``'s figurine from ``attacker``'s base; None beyond."""
    t = _view(state_or_view)
    d = t.terrain.figure_distance(t.soldier(attacker).spot, t.soldier(target).spot)
    for name, length in sorted((("green", t.chosen.green_length), ("red", t.chosen.red_length),
                                ("yellow", t.chosen.yellow_length)), key=lambda c: c[1]):
        if d <= length + 1e-9:
            return name
    return None


def flight(state_or_view: Any) -> Flight | None:
    """The full flight of the last Grenade flick, Mortar launch or parachute
    (the view's ``last_throw``): the same physics with the same scatter seed,
    so it ends exactly where the engine landed it. None before any throw."""
    t = _view(state_or_view)
    last = t.last_throw
    if last is None:
        return None
    a = math.radians(last.direction)
    return physics_throw(t.terrain.bf, last.kind, last.start[:2], (math.cos(a), math.sin(a)), last.strength,
                         last.landing.seed, t.chosen)


def _shot_kind(t: Any, kind: str | None) -> str:
    shot = t.shot()
    return kind or (shot.kind if shot is not None else "grenade")


def throw_strength(state_or_view: Any, distance: float, kind: str | None = None) -> float:
    """The strength that throws the pending shot (or ``kind``) about
    ``distance`` cm on a flat table: what a drag of that length asks for.
    Bounces and rolls on scenery can take it further (``flight`` shows where)."""
    return strength_for(_shot_kind(_view(state_or_view), kind), distance)


def throw_distance(state_or_view: Any, strength: float, kind: str | None = None) -> float:
    """About how far the pending shot (or ``kind``) goes at ``strength``, cm."""
    return flight_distance(_shot_kind(_view(state_or_view), kind), strength)


def can_climb(state_or_view: Any, soldier: str) -> bool:
    """Whether ``soldier`` may climb at all in this game: a loaded part allows
    climbing (Levels) and the soldier stands on the table. Whether a given
    climb is legal is ``check``'s (``climb_preview`` says why not)."""
    t = _view(state_or_view)
    return bool(t.terrain.levels) and t.soldier(soldier).spot is not None


def object_footprint(state_or_view: Any, ident: str):
    """An Object's shape on the table (shapely): its scenery piece's footprint,
    or its token's disc."""
    from shapely.geometry import Point

    from engine.little_soldiers import data

    t = _view(state_or_view)
    obj = t.terrain.object(ident)
    if obj.piece is None:
        return Point(*obj.at).buffer(data.TOKEN_RADIUS)
    return t.terrain.bf.solid(obj.piece).footprint


def teleport_spot(state_or_view: Any, seat: int, x: float, y: float) -> Teleport:
    """The Teleport a click at (x, y) means while a soldier teleports: to the
    Teleporter nearest the click (not the one it entered), standing at the
    click when the rules accept it, else at the accepted spot in contact with
    that Teleporter nearest the click. When no spot is accepted, the Teleport
    at the click (its ``check`` says why)."""
    from shapely.geometry import Point

    t = _view(state_or_view, seat)
    active = t.to_dict().get("object_active")
    others = [o for o in t.terrain.objects if o.kind == "teleporter" and o.id != active]
    if not others:
        return Teleport("", float(x), float(y))
    click = Point(x, y)
    dest = min(others, key=lambda o: object_footprint(t, o.id).distance(click))
    first = Teleport(dest.id, round(float(x), 3), round(float(y), 3))
    if t.check(first) is None:
        return first
    gap = t.terrain.base_radius + t.terrain.contact / 2  # the base's edge within the contact tolerance
    ring = object_footprint(t, dest.id).buffer(gap).exterior
    along = [ring.project(click)] + [ring.length * k / TELEPORT_RING_SAMPLES for k in range(TELEPORT_RING_SAMPLES)]
    spots = sorted((ring.interpolate(d) for d in along), key=click.distance)
    for p in spots:
        action = Teleport(dest.id, round(p.x, 3), round(p.y, 3))
        if t.check(action) is None:
            return action
    return first
