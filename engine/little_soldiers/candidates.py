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
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely.geometry import Point

from engine.little_soldiers import data as D
from engine.little_soldiers.actions import Activate, Deploy, Jump, Move, Parachute, Teleport, Throw
from engine.little_soldiers.terrain import GRENADE_REACH, MORTAR_REACH

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

MAX_TRIES = 2
"""Samples drawn per wanted candidate before giving up (checks cost a path query)."""


def uniforms(rng: random.Random, n: int) -> np.ndarray:
    """``n`` draws uniform on [0, 1) from the bot's ``random.Random``, as
    ``rng.random()`` draws them (53 random bits each) but in one call:
    ``n`` separate draws cost more than the samples' geometry."""
    bits = np.frombuffer(rng.randbytes(8 * n), dtype=np.uint64) >> np.uint64(11)
    return bits * (1.0 / (1 << 53))


def candidates(state: LittleSoldiersState, seat: int, n: int, rng: random.Random) -> list[Any]:
    from engine.little_soldiers import state as S

    if seat not in state.to_act() or state.phase in S.CHANCE_PHASES:
        return []
    phase = state.phase
    if phase not in S.CONTINUOUS_PHASES:
        legal = state.legal_actions(seat)
        return legal if len(legal) <= n else rng.sample(legal, n)
    if phase is S.PARACHUTE:
        return _parachutes(state, n, rng)
    if phase is S.DEPLOY:
        if state.mission == "battle_royale":
            return _parachute_deploys(state, seat, n, rng)
        return _deploys(state, seat, n, rng)
    if phase is S.MOVE:
        out = _moves(state, seat, n, rng)
        retreat = state.effect is not None and state.effect.kind == "retreat"
        if state.after == S.AFTER_LIGHTNING or retreat:
            out.append(Activate(None))
        return out + state.card_plays()
    if phase is S.THROW:
        return _throws(state, seat, n, rng)
    if phase is S.TELEPORT:
        return _teleports(state, seat, rng) + [Activate(None)]
    if phase is S.JUMP:
        k = max(4, min(n, 12))
        start = rng.uniform(0, 360)
        return [Jump(round((start + 360 * i / k) % 360, 2)) for i in range(k)]
    return []


def _deploys(state, seat, n, rng) -> list[Deploy]:
    """Deployments at green distance from the revealed Deployment token (or,
    with no Block token, from any anchor ``deploy_discs`` allows): spots
    drawn in each disc's outer ring (where the base touches the green Move
    token laid against the anchor) and kept where the base fits, checked in
    one batch; the nearest fit to an anchor when none is drawn."""
    terrain = state.terrain
    hq = [s for s in state.own(state.current) if not s.in_play and not s.out]
    if state.block is None and state.config.has("advanced_tactics"):
        hq = hq[:1]
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


def _fits(state, pts: np.ndarray, surface: str | None, exclude: str | None) -> np.ndarray:
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


def _parachutes(state, n, rng) -> list[Parachute]:
    """Catapult shots from edge points toward the middle and the Supplies."""
    zone = state.terrain.bf.play_zone
    ring = zone.exterior
    c = zone.centroid
    goals = [(c.x, c.y)] + list(state.supplies)
    out = []
    for _ in range(max(4, n // 2)):
        p = ring.interpolate(rng.uniform(0, ring.length))
        gx, gy = goals[rng.randrange(len(goals))]
        dist = math.hypot(gx - p.x, gy - p.y)
        a = math.degrees(math.atan2(gy - p.y, gx - p.x)) + rng.gauss(0, 5)
        strength = min(1.0, max(0.05, dist / MORTAR_REACH + rng.gauss(0, 0.05)))
        out.append(Parachute(round(p.x, 2), round(p.y, 2), round(a % 360, 2), round(strength, 3)))
    return out


def _parachute_deploys(state, seat, n, rng) -> list[Deploy]:
    s = next(x for x in state.own(state.current) if not x.in_play and not x.out)
    lx, ly, _ = state.landing_at
    out = []
    reach = state.terrain.base_radius + D.GREEN_MOVE_TOKEN_LENGTH / 2
    for _ in range(n):
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0, reach)
        act = Deploy(s.id, round(lx + d * math.cos(a), 2), round(ly + d * math.sin(a), 2))
        if state.check(seat, act) is None:
            out.append(act)
    if not out:
        spot = state.parachute_spot()
        if spot is not None:
            out.append(Deploy(s.id, spot.x, spot.y))
    return out


def _moves(state, seat, n, rng) -> list[Move]:
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
    if state.mover:
        movers = [state.soldiers[state.mover]]
    elif state.effect is not None and state.effect.kind == "retreat":
        movers = state.retreat_movers()
    else:
        movers = state.own_in_play(state.current)
    # Per soldier that may move: its zero Move and climbs, then its samples.
    lists: list[list[Any]] = []
    able = []
    drawn = []

    per = max(2, n // max(1, len(movers)))
    for s in movers:
        zero = Move(s.id, s.spot.x, s.spot.y)
        if state.check(seat, zero) is not None:
            continue  # this soldier may not move now (not the mover, retreat used, ...)
        own: list[Any] = [zero]
        seen: set[Any] = {zero}
        lists.append(own)
        able.append(s)
        # Climbs (Levels): touch each Level piece within reach, and the edge of the one stood on.
        if state.config.has("levels"):
            def add(act: Move, seen: set[Any] = seen, own: list[Any] = own) -> None:
                if act not in seen and state.check(seat, act) is None:
                    seen.add(act)
                    own.append(act)

            here = Point(s.spot.xy)
            for pid in terrain.level_pieces():
                solid = terrain.bf.solid(pid)
                if solid.footprint.distance(here) > cord + terrain.base_radius:
                    continue
                ring = solid.footprint.exterior
                if pid == s.spot.surface:
                    for _ in range(2):
                        p = ring.interpolate(rng.uniform(0, ring.length))
                        add(Move(s.id, round(p.x, 3), round(p.y, 3), climb=True))
                elif abs(solid.bottom - terrain.z(s.spot.surface)) < 1e-4:
                    p = ring.interpolate(ring.project(here))
                    add(Move(s.id, round(p.x, 3), round(p.y, 3), climb=True))
        drawn.append(uniforms(rng, 3 * per * MAX_TRIES))  # this soldier's draws, in turn
    if not able:
        return []
    picked = _reachable_many(state, able, list(_spread_many(terrain, able, cord, per * MAX_TRIES, np.stack(drawn))), cord)
    for s, own, got in zip(able, lists, picked, strict=True):
        dests = got[:per].tolist()
        if state.threats:
            dests += _reachable(state, s, np.array(_switch_points(state, s, cord)), cord).tolist()
        seen_xy: set[tuple[float, float]] = set()
        for x, y in dests:
            if (x, y) not in seen_xy:  # the zero Move and climbs never equal a plain destination
                seen_xy.add((x, y))
                own.append(Move(s.id, x, y))
    return [a for own in lists for a in own]


EDGE_STEP = 0.5
"""cm between the points of the scenery's edge that cover-seeking Moves are
drawn from (chosen: a base is 2.5 cm wide)."""

def edge_points(terrain, surface: str | None) -> tuple[np.ndarray, np.ndarray]:
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

    return terrain.bf.derived(("edge points", surface, terrain.base_radius, EDGE_STEP), make)


def _spread_many(terrain, soldiers, cord: float, k: int, u: np.ndarray) -> np.ndarray:
    """``k`` destinations round each soldier, (m, k, 2), from its 3k
    uniforms ``u[i]``: alternately uniform over the cord's disc (not too
    close) and on the scenery's edge within the cord (the edge points of
    its surface within its x-slab and the cord), nudged 0.05 cm off the
    edge toward the soldier (in cover, not in it). All soldiers at once."""
    m = len(soldiers)
    x0 = np.array([s.spot.x for s in soldiers])
    y0 = np.array([s.spot.y for s in soldiers])
    a = 2 * math.pi * u[:, :k]
    d = cord * np.sqrt(0.04 + 0.96 * u[:, k:2 * k])
    pts = np.empty((m, k, 2))
    pts[:, :, 0] = x0[:, None] + d * np.cos(a)
    pts[:, :, 1] = y0[:, None] + d * np.sin(a)
    hug = k // 2  # the odd samples
    if not hug:
        return pts
    surfaces = [s.spot.surface for s in soldiers]
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


def _reachable(state, s, points: np.ndarray, cord: float) -> np.ndarray:
    """The ``points`` (rounded) where soldier ``s``'s base fits and its
    cord reaches, in order: the tests ``check`` makes of
    a Move (``Terrain.move``) on many points at once."""
    return _reachable_many(state, [s], [np.asarray(points, dtype=float)], cord)[0]


def _reachable_many(state, soldiers, points: list[np.ndarray], cord: float) -> list[np.ndarray]:
    """``_reachable`` for several soldiers at once (``points[i]`` are
    ``soldiers[i]``'s samples): one fit test and one path query per surface
    for them all."""
    terrain = state.terrain
    counts = [len(p) for p in points]
    if sum(counts) == 0:
        return [np.zeros((0, 2)) for _ in soldiers]
    pts = np.round(np.concatenate([np.asarray(p, dtype=float).reshape(-1, 2) for p in points]), 2)
    owner = np.repeat(np.arange(len(soldiers)), counts)
    starts = np.array([s.spot.xy for s in soldiers], dtype=float)
    surfaces = [s.spot.surface for s in soldiers]
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


def _fits_for(state, pts: np.ndarray, owner: np.ndarray, soldiers, surface) -> np.ndarray:
    """``_fits`` for soldiers' samples on one ``surface``: each sample
    clear of every figurine there but its own soldier (``owner[i]`` indexes
    ``soldiers``)."""
    terrain = state.terrain
    if len(pts) == 0:
        return np.zeros(0, dtype=bool)
    x, y = pts[:, 0], pts[:, 1]
    ok = shapely.intersects_xy(terrain.zone, x, y)
    ok &= shapely.intersects_xy(terrain.free(surface), x, y)
    others = [o for o in state.soldiers.values() if o.in_play and o.spot.surface == surface]
    if others:
        o = np.array([t.spot.xy for t in others])
        near = np.hypot(x[:, None] - o[None, :, 0], y[:, None] - o[None, :, 1]) < 2 * terrain.base_radius - 1e-6
        # A soldier's own base is not in its way.
        where = {t.id: k for k, t in enumerate(others)}
        own = np.array([where.get(t.id, -1) for t in soldiers])[owner]
        mine = (own >= 0).nonzero()[0]
        near[mine, own[mine]] = False
        ok &= ~near.any(axis=1)
    return ok


SWITCH_OVERSHOOT = (0.0, 5.0, 10.0, 15.0)
"""Co-op: cm past a Force Field Switch, on the line from the soldier, that
switch-directed Moves end at (a Move flips the switches its path touches)."""

SWITCH_RING = 8
"""Co-op: Moves ending in contact with a switch, spread round it."""


def _switch_points(state, s, cord: float) -> list[tuple[float, float]]:
    """Co-op missions: destinations whose Move touches a face-up Force Field
    Switch that still protects an unbroken Threat. Random samples rarely
    cross a token 2.5 cm wide, and flipping one is the whole point of the
    Move: run straight through it (stopping at several distances past, to
    step out of cover toward the Threat) or stop in contact round it."""
    wanted = {n for t in state.threats_in_play() for n in t.switches if state.ff_up[n]}
    touch = state.terrain.base_radius + D.TOKEN_RADIUS
    out: list[tuple[float, float]] = []
    for n in sorted(wanted):
        at = state.ff_at[n]
        dx, dy = at[0] - s.spot.x, at[1] - s.spot.y
        dist = math.hypot(dx, dy)
        if s.spot.surface is not None or dist > cord + touch:
            continue
        if dist > 1e-6:
            ux, uy = dx / dist, dy / dist
            for extra in SWITCH_OVERSHOOT:
                if dist + extra <= cord:
                    out.append((round(at[0] + extra * ux, 2), round(at[1] + extra * uy, 2)))
        for k in range(SWITCH_RING):
            a = 2 * math.pi * k / SWITCH_RING
            out.append((round(at[0] + touch * math.cos(a), 2), round(at[1] + touch * math.sin(a), 2)))
    if s.spot.surface is None:
        out += _sweeps(state, s, touch)
    return out


def _sweeps(state, s, touch: float) -> list[tuple[float, float]]:
    """A Threat whose Force Field needs several switches down together
    (Octocutie's Head: 2 and 4): Moves that run through one switch and on
    to touch the next, flipping both in one go, when the first lies on the
    way (within touching distance of the straight line)."""
    out: list[tuple[float, float]] = []
    for t in state.threats_in_play():
        up = [n for n in t.switches if state.ff_up[n]]
        if len(t.switches) < 2 or len(up) < 2:
            continue
        for a in up:
            for b in up:
                if a == b:
                    continue
                ax, ay = state.ff_at[a]
                bx, by = state.ff_at[b]
                gap = math.hypot(bx - ax, by - ay)
                if gap < 1e-6:
                    continue
                ux, uy = (bx - ax) / gap, (by - ay) / gap
                for back in SWEEP_STOPS:
                    dest = (bx - back * ux, by - back * uy)
                    if _segment_gap((ax, ay), s.spot.xy, dest) <= touch:
                        out.append((round(dest[0], 2), round(dest[1], 2)))
    return out


SWEEP_STOPS = (-3.0, 0.0, 1.0, 2.0)
"""Co-op: cm short of the second switch (negative: past it) that a
two-switch sweep stops at (the base touches within about 2.45 cm)."""


def _segment_gap(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance from point ``p`` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _throws(state, seat, n, rng) -> list[Throw]:
    """Aims at each figurine and at the middle of each pair of enemies (a
    cluster), with strength from the rough reach of a throw, plus random
    aims; and the practice shot while it is unused."""
    shot = state.shot
    thrower = state.soldiers[shot.thrower]
    reach = MORTAR_REACH if shot.kind == "mortar" else GRENADE_REACH
    side = thrower.side
    points = [s.spot.xy for s in state.soldiers.values() if s.in_play and s.id != thrower.id]
    enemies = [s.spot.xy for s in state.soldiers.values() if s.in_play and s.side != side]
    points += [t.target[:2] for t in state.threats.values() if t.in_play and state.field_off(t)]
    points += [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for i, a in enumerate(enemies) for b in enemies[i + 1:]]
    out: list[Throw] = []
    origin = thrower.spot.xy if thrower.spot is not None else state.hq_catapult(shot.hq)[:2]
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


def _teleports(state, seat, rng) -> list[Teleport]:
    terrain = state.terrain
    out: list[Teleport] = []
    user = state.obj_user
    others = state.spots(exclude=user)
    for dest in state.teleporters():
        if dest == state.obj_active:
            continue
        obj = terrain.object(dest)
        spot = terrain.nearest_fit(obj.at, None, others, limit=15.0)
        if spot is None:
            continue
        act = Teleport(dest, spot.x, spot.y)
        if state.check(seat, act) is None:
            out.append(act)
    return out
