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
- :func:`flight` - the full flight of the last throw, for the animation.

The dice of the last roll are in the view itself (``last_roll``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from engine.core.protocol import View
from engine.geometry.throws import Landing as Flight
from engine.little_soldiers.actions import Move
from engine.little_soldiers.table.throws import throw as physics_throw


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
        path = tuple(tuple(map(float, p)) for p in graph.shortest_path(s.spot.xy, (x, y)))
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
    return ClimbPreview(reason, float(report.length), cord, tuple(tuple(map(float, p)) for p in report.path),
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
