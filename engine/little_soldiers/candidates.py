"""Sampling legal actions where the choice is continuous, for bots.

Where to deploy, move, climb, teleport, bounce or aim cannot be listed, so
bots pick among samples that are checked legal: moves spread over the cord's
reach, moves that hug scenery (where cover is), climbs onto Level scenery
within reach, the zero Move, and throws aimed at the figurines.

A bot that compares choices wants such a list; a random player needs one
action, which ``random_action`` draws without building the list (the kind
of choice first, then only that action measured).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely.geometry import Point

from engine.little_soldiers.actions import Activate, Deploy, Move, Throw
from engine.little_soldiers.part import Part
from engine.little_soldiers.phases import DEPLOY, MOVE, THROW, After, PhaseKind
from engine.little_soldiers.pieces import Shot, Soldier
from engine.little_soldiers.terrain import GRENADE_REACH, MORTAR_REACH

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState
    from engine.little_soldiers.terrain import Terrain

MAX_TRIES = 2
"""Samples drawn per wanted candidate before giving up (checks cost a path query)."""


def uniforms(rng: random.Random, n: int) -> np.ndarray:
    """``n`` draws uniform on [0, 1) from the bot's ``random.Random``, as
    ``rng.random()`` draws them (53 random bits each) but in one call:
    ``n`` separate draws cost more than the samples' geometry."""
    bits = np.frombuffer(rng.randbytes(8 * n), dtype=np.uint64) >> np.uint64(11)
    return bits * (1.0 / (1 << 53))


def candidates(state: LittleSoldiersState, seat: int, n: int, rng: random.Random) -> list[Any]:
    phase = state.phase
    if seat not in state.to_act() or phase.kind is PhaseKind.CHANCE:
        return []
    if phase.kind is not PhaseKind.CONTINUOUS:
        legal = state.legal_actions(seat)
        return legal if len(legal) <= n else rng.sample(legal, n)
    owner = state.rules.owners[phase]
    if isinstance(owner, Part):
        return owner.candidates(state, seat, n, rng)  # a part's own continuous step
    if phase is DEPLOY:
        own = state.rules.mission.deploy_candidates(state, seat, n, rng)
        return own if own is not None else _deploys(state, seat, n, rng)
    if phase is MOVE:
        out: list[Any] = list(_moves(state, seat, n, rng))
        if may_stop(state):
            out.append(Activate(None))
        return out + state.card_plays()
    if phase is THROW:
        return list(_throws(state, seat, n, rng))
    return []


def movers(state: LittleSoldiersState) -> list[Soldier]:
    """The soldiers that might move in the MOVE step now (each still checked by its zero Move)."""
    if state.mover:
        return [state.soldiers[state.mover]]
    for p in state.rules.hooks["movers"]:
        own = p.movers(state)
        if own is not None:
            return own
    return state.own_in_play(state.current)


def may_stop(state: LittleSoldiersState) -> bool:
    """Whether ``Activate(None)`` (stop making the Moves granted) is legal now."""
    return state.after == After.LIGHTNING or any(p.may_stop_moves(state) for p in state.rules.hooks["may_stop_moves"])


def _deploys(state: LittleSoldiersState, seat: int, n: int, rng: random.Random) -> list[Deploy]:
    """Deployments at green distance from the revealed Deployment token (or,
    with no Block token, from any anchor ``deploy_discs`` allows): spots
    drawn in each disc's outer ring (where the base touches the green Move
    token laid against the anchor) and kept where the base fits, checked in
    one batch; the nearest fit to an anchor when none is drawn."""
    terrain = state.terrain
    mission = state.rules.mission
    hq = [s for s in state.own(state.current) if not s.in_play and mission.may_redeploy(state, s)]
    if state.block is None and state.rules.deploy_chain:
        hq = hq[:1]  # chained deployments: one soldier at a time
    out: list[Deploy] = []
    for s in hq:
        discs = state.deploy_discs(s)
        if not discs:
            continue
        want = max(2, n // len(hq))
        k = want * MAX_TRIES
        u = uniforms(rng, 3 * k)
        pick = (u[:k] * len(discs)).astype(int)
        centres = np.array([c for c, _ in discs])[pick]
        radii = np.array([r for _, r in discs])[pick]
        inner = np.maximum(radii - state.chosen.green_length - terrain.contact, 0.0)
        d = inner + (radii - inner) * u[k:2 * k]
        a = 2 * math.pi * u[2 * k:]
        pts = np.round(centres + np.column_stack([d * np.cos(a), d * np.sin(a)]), 2)
        # Rounding must not carry a spot out of its disc.
        inside = np.hypot(pts[:, 0] - centres[:, 0], pts[:, 1] - centres[:, 1]) <= radii - 1e-6
        pts = pts[inside]
        pts = pts[_fits(state, pts, None, None)]
        for x, y in pts[:want].tolist():
            out.append(Deploy(s.id, x, y))
        if not len(pts):
            for at, reach in discs:
                spot = terrain.nearest_fit(at, None, state.spots(), limit=reach)
                if spot is not None and state.check(seat, Deploy(s.id, spot.x, spot.y)) is None:
                    out.append(Deploy(s.id, spot.x, spot.y))
                    break
    return out


def _fits(state: LittleSoldiersState, pts: np.ndarray, surface: str | None, exclude: str | None) -> np.ndarray:
    """Where a base fits, for many points at once (``Terrain.placement_reason``
    in a batch): in the Play Zone, on free ground of ``surface``, clear of
    every other figurine there."""
    terrain = state.terrain
    if len(pts) == 0:
        return np.zeros(0, dtype=bool)
    ok = shapely.intersects_xy(terrain.zone, pts[:, 0], pts[:, 1])
    ok &= shapely.intersects_xy(terrain.free(surface), pts[:, 0], pts[:, 1])
    others = [o.xy for o in state.spots(exclude=exclude) if o.surface == surface]
    if others:
        o = np.asarray(others)
        gap = np.hypot(pts[:, 0, None] - o[None, :, 0], pts[:, 1, None] - o[None, :, 1])
        ok &= (gap >= 2 * terrain.base_radius - 1e-6).all(axis=1)
    return ok


def _moves(state: LittleSoldiersState, seat: int, n: int, rng: random.Random) -> list[Move]:
    """Yellow Moves for each soldier that may move: the zero Move, climbs,
    destinations spread over the cord's reach and along the scenery (where
    cover is), and the co-op switch points.

    Plain destinations are drawn many at a time and kept only where the
    cord reaches and the base fits: every soldier's samples in one batched
    query per surface (``MoveGraph.path_lengths_many``), legal by
    construction, with the same measures ``check`` uses, so they need no
    check each.
    """
    terrain = state.terrain
    cord = state.chosen.yellow_length
    mission = state.rules.mission
    # Per soldier that may move: its zero Move and climbs, then its samples.
    lists: list[list[Any]] = []
    able = []
    drawn = []

    who = movers(state)
    per = max(2, n // max(1, len(who)))
    for s in who:
        zero = Move(s.id, s.at.x, s.at.y)
        if state.check(seat, zero) is not None:
            continue  # this soldier may not move now (not the mover, retreat used, ...)
        own: list[Any] = [zero]
        seen: set[Any] = {zero}
        lists.append(own)
        able.append(s)
        # Climbs (Levels): touch each Level piece within reach, and the edge of the one stood on.
        if state.rules.climbing:
            def add(act: Move, seen: set[Any] = seen, own: list[Any] = own) -> None:
                if act not in seen and state.check(seat, act) is None:
                    seen.add(act)
                    own.append(act)

            here = Point(s.at.xy)
            for pid in terrain.level_pieces():
                solid = terrain.bf.solid(pid)
                if solid.footprint.distance(here) > cord + terrain.base_radius:
                    continue
                ring = solid.footprint.exterior
                if pid == s.at.surface:
                    for _ in range(2):
                        p = ring.interpolate(rng.uniform(0, ring.length))
                        add(Move(s.id, round(p.x, 3), round(p.y, 3), climb=True))
                elif abs(solid.bottom - terrain.z(s.at.surface)) < 1e-4:
                    p = ring.interpolate(ring.project(here))
                    add(Move(s.id, round(p.x, 3), round(p.y, 3), climb=True))
        drawn.append(uniforms(rng, 3 * per * MAX_TRIES))  # this soldier's draws, in turn
    if not able:
        return []
    picked = _reachable_many(state, able, list(_spread_many(terrain, able, cord, per * MAX_TRIES, np.stack(drawn))), cord)
    for s, own, got in zip(able, lists, picked, strict=True):
        dests = got[:per].tolist()
        goals = mission.move_goals(state, s, cord)
        if goals:
            dests += _reachable(state, s, np.array(goals), cord).tolist()
        seen_xy: set[tuple[float, float]] = set()
        for x, y in dests:
            if (x, y) not in seen_xy:  # the zero Move and climbs never equal a plain destination
                seen_xy.add((x, y))
                own.append(Move(s.id, x, y))
    return [a for own in lists for a in own]


EDGE_STEP = 0.5
"""cm between the points of the scenery's edge that cover-seeking Moves are
drawn from (chosen: a base is 2.5 cm wide)."""

def edge_points(terrain: Terrain, surface: str | None) -> tuple[np.ndarray, np.ndarray]:
    """x and y of points every EDGE_STEP cm along the boundary of the free
    space on ``surface``, sorted by x (a soldier's slab is one searchsorted
    away): made once per battlefield surface and kept on the battlefield
    (``Battlefield.derived``), so every game on it shares them and an edited
    battlefield makes its own."""

    def make() -> tuple[np.ndarray, np.ndarray]:
        boundary = terrain.free(surface).boundary
        if boundary.is_empty:
            pts = np.zeros((0, 2))
        else:
            pts = shapely.get_coordinates(shapely.segmentize(boundary, EDGE_STEP))
            pts = pts[np.argsort(pts[:, 0], kind="stable")]
        return np.ascontiguousarray(pts[:, 0]), np.ascontiguousarray(pts[:, 1])

    found: tuple[np.ndarray, np.ndarray] = terrain.bf.derived(("edge points", surface, terrain.base_radius, EDGE_STEP),
                                                             make)
    return found


def _spread_many(terrain: Terrain, soldiers: Sequence[Soldier], cord: float, k: int, u: np.ndarray) -> np.ndarray:
    """``k`` destinations round each soldier, (m, k, 2), from its 3k
    uniforms ``u[i]``: alternately uniform over the cord's disc (not too
    close) and on the scenery's edge within the cord (the edge points of
    its surface within its x-slab and the cord), nudged 0.05 cm off the
    edge toward the soldier (in cover, not in it). All soldiers at once."""
    m = len(soldiers)
    x0 = np.array([s.at.x for s in soldiers])
    y0 = np.array([s.at.y for s in soldiers])
    a = 2 * math.pi * u[:, :k]
    d = cord * np.sqrt(0.04 + 0.96 * u[:, k:2 * k])
    pts = np.empty((m, k, 2))
    pts[:, :, 0] = x0[:, None] + d * np.cos(a)
    pts[:, :, 1] = y0[:, None] + d * np.sin(a)
    hug = k // 2  # the odd samples
    if not hug:
        return pts
    surfaces = [s.at.surface for s in soldiers]
    for surface in dict.fromkeys(surfaces):
        rows = np.array([i for i, x in enumerate(surfaces) if x == surface])
        xs, ys = edge_points(terrain, surface)
        if not len(xs):
            continue
        gx, gy = x0[rows], y0[rows]
        # Each soldier's x-slab of the sorted edge points, all slabs in one
        # index array (ranges lo..hi laid end to end).
        lo = np.searchsorted(xs, gx - cord)
        span = np.searchsorted(xs, gx + cord) - lo
        owner = np.repeat(np.arange(len(rows)), span)
        idx = np.arange(len(owner)) + np.repeat(lo - (np.cumsum(span) - span), span)
        keep = np.hypot(xs[idx] - gx[owner], ys[idx] - gy[owner]) <= cord
        who, where = owner[keep], idx[keep]
        count = np.bincount(who, minlength=len(rows))
        first = np.cumsum(count) - count
        some = (count > 0).nonzero()[0]
        if not len(some):
            continue
        pick = (u[rows[some], 2 * k:2 * k + hug] * count[some, None]).astype(int)
        on = where[first[some, None] + pick]
        ox, oy = xs[on], ys[on]
        ix, iy = ox - gx[some, None], oy - gy[some, None]
        norm = np.hypot(ix, iy)
        norm[norm == 0.0] = 1.0
        pts[rows[some], 1::2, 0] = ox - 0.05 * ix / norm
        pts[rows[some], 1::2, 1] = oy - 0.05 * iy / norm
    return pts


def _reachable(state: LittleSoldiersState, s: Soldier, points: np.ndarray, cord: float) -> np.ndarray:
    """The ``points`` (rounded) where soldier ``s``'s base fits and its
    cord reaches, in order: the tests ``check`` makes of
    a Move (``Terrain.move``) on many points at once."""
    return _reachable_many(state, [s], [np.asarray(points, dtype=float)], cord)[0]


def _reachable_many(state: LittleSoldiersState, soldiers: Sequence[Soldier], points: list[np.ndarray],
                    cord: float) -> list[np.ndarray]:
    """``_reachable`` for several soldiers at once (``points[i]`` are
    ``soldiers[i]``'s samples): one fit test and one path query per surface
    for them all."""
    terrain = state.terrain
    counts = [len(p) for p in points]
    if sum(counts) == 0:
        return [np.zeros((0, 2)) for _ in soldiers]
    pts = np.round(np.concatenate([np.asarray(p, dtype=float).reshape(-1, 2) for p in points]), 2)
    owner = np.repeat(np.arange(len(soldiers)), counts)
    starts = np.array([s.at.xy for s in soldiers], dtype=float)
    surfaces = [s.at.surface for s in soldiers]
    ok = np.zeros(len(pts), dtype=bool)
    for surface in dict.fromkeys(surfaces):
        mine = np.array([x == surface for x in surfaces])
        sel = mine[owner]
        ok[sel] = _fits_for(state, pts[sel], owner[sel], soldiers, surface)
    ok &= np.hypot(pts[:, 0] - starts[owner, 0], pts[:, 1] - starts[owner, 1]) >= 1e-9
    for surface in dict.fromkeys(surfaces):
        sel = (ok & np.array([x == surface for x in surfaces])[owner]).nonzero()[0]
        if len(sel) == 0:
            continue
        graph = terrain.bf.move_graph(terrain.base_radius, surface)
        lengths = graph.path_lengths_many(starts, pts[sel], owner[sel], cord, in_free=True)  # _fits_for tested free
        ok[sel[lengths > cord]] = False
    return [pts[(owner == i) & ok] for i in range(len(soldiers))]


def _fits_for(state: LittleSoldiersState, pts: np.ndarray, owner: np.ndarray, soldiers: Sequence[Soldier],
              surface: str | None) -> np.ndarray:
    """``_fits`` for soldiers' samples on one ``surface``: each sample
    clear of every figurine there but its own soldier (``owner[i]`` indexes
    ``soldiers``)."""
    terrain = state.terrain
    if len(pts) == 0:
        return np.zeros(0, dtype=bool)
    x, y = pts[:, 0], pts[:, 1]
    ok = shapely.intersects_xy(terrain.zone, x, y)
    ok &= shapely.intersects_xy(terrain.free(surface), x, y)
    others = [o for o in state.soldiers.values() if o.spot is not None and o.spot.surface == surface]
    if others:
        o = np.array([t.at.xy for t in others])
        near = np.hypot(x[:, None] - o[None, :, 0], y[:, None] - o[None, :, 1]) < 2 * terrain.base_radius - 1e-6
        # A soldier's own base is not in its way.
        where = {t.id: k for k, t in enumerate(others)}
        own = np.array([where.get(t.id, -1) for t in soldiers])[owner]
        mine = (own >= 0).nonzero()[0]
        near[mine, own[mine]] = False
        ok &= ~near.any(axis=1)
    return ok


def _throws(state: LittleSoldiersState, seat: int, n: int, rng: random.Random) -> list[Throw]:
    """Aims at each figurine and at the middle of each pair of enemies (a
    cluster), with strength from the rough reach of a throw, plus random
    aims; and the practice shot while it is unused."""
    shot = state.current_shot()
    thrower = state.soldiers[shot.thrower]
    reach = MORTAR_REACH if shot.kind == "mortar" else GRENADE_REACH
    points, origin = aim_points(state, shot, thrower)
    out: list[Throw] = []
    for px, py in points:
        a0 = math.degrees(math.atan2(py - origin[1], px - origin[0]))
        start = state.shot_start(thrower.id, shot.kind, a0)
        dx, dy = px - start[0], py - start[1]
        a = math.degrees(math.atan2(dy, dx)) + rng.gauss(0, 3)
        strength = min(1.0, max(0.05, math.hypot(dx, dy) / reach + rng.gauss(0, 0.03)))
        out.append(Throw(round(a % 360, 2), round(strength, 3)))
    while len(out) < n:
        out.append(Throw(round(rng.uniform(0, 360), 2), round(rng.uniform(0.1, 1.0), 3)))
    out = out[:n]
    if state.practice_left[seat] > 0:
        out.append(Throw(out[0].direction, out[0].strength, practice=True))
    return out


def aim_points(state: LittleSoldiersState, shot: Shot, thrower: Soldier) -> tuple[list[tuple[float, float]],
                                                                                 tuple[float, float]]:
    """Where a throw may be aimed (every figurine but the thrower, each open
    target of the mission, the middle of each pair of enemies) and the point
    it is aimed from (the thrower, or the shot's own catapult)."""
    side = thrower.side
    live = [s.at.xy for s in state.soldiers.values() if s.spot is not None and s.id != thrower.id]
    enemies = [s.at.xy for s in state.soldiers.values() if s.spot is not None and s.side != side]
    mission = state.rules.mission
    points = live + [(t.point[0], t.point[1]) for t in state.targets.values()
                     if t.in_play and mission.target_closed(state, t.id) is None]
    points += [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for i, a in enumerate(enemies) for b in enemies[i + 1:]]
    if thrower.spot is not None:
        return points, thrower.at.xy
    assert shot.origin is not None, "a thrower off the table throws from a catapult of its own"
    return points, (shot.origin[0], shot.origin[1])
