"""One random legal action, drawn cheaply: Little Soldiers' random playout policy.

``candidates.candidates`` builds a checked list of a few dozen samples (a
batched fit test and path query over every soldier's destinations) for
bots that compare them; a random player then uses one. ``random_action``
draws that one action directly: it picks the kind of choice first and
measures only what the rules need for the action it returns (one soldier's
draws get path queries, one Order's target gets a sight check).

The distribution, step by step (every draw from the ``rng`` given, and
nothing from the state's own generator, so the same seed on the same
position gives the same action):

- **A seat that need not act**, a chance step or the game over: None.
- **Move** (the turn's, an Order's, the lightning Moves, a Tactics card's):
  uniform over the kinds of choice open now, then uniform within the kind.
  The kinds: *move soldier s*, for each soldier that may move now (its zero
  Move is legal); *the zero Move* (of one of those soldiers, uniform);
  *climb with s* (Levels), for each of them within reach of Level scenery;
  *play a Tactics card* (Advanced Tactics, uniform over the plays open);
  *stop moving* (``Activate(None)``: the rest of the lightning Moves, a
  Strategic Retreat), where open.

  *Move soldier s*: each draw is, with even odds (COVER_SHARE), a point
  uniform over the disc of the yellow cord round s, or one in contact with
  the scenery (uniform over the points of the free space's edge within the
  cord's straight reach, every 0.5 cm, nudged 0.05 cm toward s: where cover
  and Objects are, as the candidates' cover-seeking samples); rounded to
  0.01 cm and redrawn until ``check`` accepts it (in the Play Zone, the base
  fits, the exact shortest path within the cord), at most MOVE_TRIES draws;
  then s's zero Move (legal wherever s may move; where s may not, no draw
  passes and the kind is closed). So the destination follows that mixture
  restricted to the legal ones, up to the cap.
  *Climb with s*: a Level piece within reach, uniform; the cord touches its
  edge at the point nearest s (up), or at a uniform point of the edge of the
  piece s stands on (down); checked, and s's zero Move when refused.
- **Order**: uniform over ``legal_actions`` (every Order and Tactics card
  play), drawn without listing them: an Order is drawn uniformly from those
  the soldiers could be given if every enemy in play were a valid target,
  and redrawn (without the refused one) until ``check`` accepts it. Since
  every legal action is in that wider list, the first accepted is uniform
  over the legal ones; only the targets drawn get a line of sight.
- **Deploy** (Round Preparation): a soldier of the HQ that may deploy,
  uniform; one of its discs (``deploy_discs``), uniform; a spot uniform in
  the disc's outer ring (where the base touches the green Move token laid
  against the anchor, as the candidates draw them), redrawn until ``check``
  accepts it, at most DEPLOY_TRIES draws; then the fit nearest an anchor.
  Battle Royale: a spot uniform in the disc of contact round the landed
  token, checked, at most DEPLOY_TRIES draws; then the nearest fit.
- **Throw**: uniform over the kinds open: *aim at a point* (a figurine, the
  middle of two enemies, an open Threat's Target; uniform, with the
  candidates' scatter), *a random aim* (direction uniform, strength uniform
  in [0.1, 1]) and *the practice shot* while unused (an aim drawn as one of
  the other two kinds).
- **Teleport**: uniform over the other Teleporters to arrive at (beside it,
  at the nearest fit) and declining; a Teleporter with no room is dropped
  and the draw made again.
- **Marshmallow bounce**: a direction uniform over [0, 360).
- **Parachute** (Battle Royale): one catapult shot as the candidates draw
  each (an edge point, aimed at the middle or a Supply).
- **Every other step** (rerolls, Scout, Objects, Tactics reactions, the
  co-op Lead, ...): uniform over ``legal_actions``.

Where a continuous step's draws all fail and no fallback is legal, the
checked candidates (``candidates.candidates``) are drawn from uniformly,
so the policy offers an action wherever the candidates do.

It works on what a seat may see: positions, the cords, its own hand; the
other hands, the pile and the future Block tokens are never read (tested
against ``determinize``d samples of the view).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from shapely.geometry import Point

from engine.little_soldiers.actions import Activate, Deploy, Move, Order, Throw
from engine.little_soldiers.candidates import aim_points, candidates, edge_points, movers
from engine.little_soldiers.part import Part
from engine.little_soldiers.phases import DEPLOY, MOVE, ORDER, OVER, THROW, PhaseKind
from engine.little_soldiers.terrain import GRENADE_REACH, MORTAR_REACH

if TYPE_CHECKING:
    from engine.little_soldiers.pieces import Soldier
    from engine.little_soldiers.state import LittleSoldiersState
    from engine.little_soldiers.terrain import Terrain

MOVE_TRIES = 12
"""Destinations drawn for the chosen soldier's Move before its zero Move
(chosen: each refused draw costs a fit test and at most one path query;
on the shipped battlefields about 1 in 8 draws is refused)."""

COVER_SHARE = 0.5
"""Share of a Move's draws made in contact with the scenery (chosen, as the
candidates' cover-seeking half): where cover is and where Objects are
touched, which a uniform draw over the disc almost never ends against."""

DEPLOY_TRIES = 12
"""Spots drawn for a deployment before the nearest fit (chosen, as MOVE_TRIES)."""


def random_action(state: LittleSoldiersState, seat: int, rng: random.Random) -> Any | None:
    """One legal action for ``seat``, drawn as the module's docstring says;
    None when ``seat`` need not act now."""
    phase = state.phase
    if phase is OVER or phase.kind is PhaseKind.CHANCE or seat not in state.to_act():
        return None
    if phase.kind is PhaseKind.CONTINUOUS:
        owner = state.rules.owners[phase]
        draw = _DRAWS.get(phase)
        if isinstance(owner, Part):
            got = owner.random_action(state, seat, rng)  # a part's own continuous step
        elif draw is not None:
            got = draw(state, seat, rng)
        else:
            got = None
        if got is not None:
            return got
        return _from_candidates(state, seat, rng)
    if phase is ORDER:
        return _order(state, seat, rng)
    legal = state.legal_actions(seat)
    return _pick(legal, rng) if legal else None


def _pick(items: Sequence[Any], rng: random.Random) -> Any:
    return items[int(rng.random() * len(items))]


def _from_candidates(state: LittleSoldiersState, seat: int, rng: random.Random) -> Any | None:
    got = candidates(state, seat, 8, rng)
    return _pick(got, rng) if got else None


# ---------------------------------------------------------------- Moves
def _move(state: LittleSoldiersState, seat: int, rng: random.Random) -> Any | None:
    """A kind drawn uniformly from every kind that might be open, and
    redrawn without it until one is open (uniform over the open kinds), so
    only the kinds drawn are tested: the chosen soldier's zero Move, not
    every soldier's."""
    who = movers(state)
    cord = state.chosen.yellow_length
    kinds: list[tuple[str, Any]] = [("move", s) for s in who] + [("zero", None)]
    if state.rules.climbing:
        kinds += [("climb", s) for s in who]
    kinds += [("play", None), ("stop", None)]
    movable: dict[str, bool] = {}

    def may_move(s: Soldier) -> bool:
        ok = movable.get(s.id)
        if ok is None:
            ok = movable[s.id] = state.check(seat, Move(s.id, s.at.x, s.at.y)) is None
        return ok

    while kinds:
        i = int(rng.random() * len(kinds))
        kind, s = kinds[i]
        got: Any = None
        if kind == "move":
            # A destination accepted shows s may move (its zero Move passes
            # every test a longer Move passes), so the zero Move is checked
            # only when every draw failed.
            got = _plain_move(state, seat, s, cord, rng)
            if got is None and may_move(s):
                got = Move(s.id, s.at.x, s.at.y)
        elif kind == "zero":
            able = [m for m in who if may_move(m)]
            if able:
                m = _pick(able, rng)
                got = Move(m.id, m.at.x, m.at.y)
        elif kind == "climb":
            pieces = _climb_pieces(state, s, cord) if may_move(s) else []
            if pieces:
                got = _climb(state, seat, s, pieces, rng)
        elif kind == "play":
            plays = state.card_plays()
            if plays:
                got = _pick(plays, rng)
        elif state.check(seat, Activate(None)) is None:  # stop
            got = Activate(None)
        if got is not None:
            return got
        kinds[i] = kinds[-1]
        kinds.pop()
    return None


def _plain_move(state: LittleSoldiersState, seat: int, s: Soldier, cord: float, rng: random.Random) -> Move | None:
    """The first of MOVE_TRIES destinations ``check`` accepts, or None."""
    x0, y0 = s.at.x, s.at.y
    edge: tuple[Any, Any] | None = None
    for _ in range(MOVE_TRIES):
        if rng.random() < COVER_SHARE:
            if edge is None:
                edge = _edge_within(state.terrain, s, cord)
            xs, ys = edge
            if len(xs):
                i = int(rng.random() * len(xs))
                ox, oy = float(xs[i]), float(ys[i])
                gap = math.hypot(ox - x0, oy - y0) or 1.0
                x, y = ox - 0.05 * (ox - x0) / gap, oy - 0.05 * (oy - y0) / gap
            else:
                continue
        else:
            a = 2 * math.pi * rng.random()
            d = cord * math.sqrt(rng.random())  # uniform over the disc's area
            x, y = x0 + d * math.cos(a), y0 + d * math.sin(a)
        act = Move(s.id, round(x, 2), round(y, 2))
        if state.check(seat, act) is None:
            return act
    return None


def _edge_within(terrain: Terrain, s: Soldier, cord: float) -> tuple[Any, Any]:
    """The points of the free space's edge on ``s``'s surface (every
    ``candidates.EDGE_STEP`` cm, made once per battlefield) within the
    cord's straight reach of ``s``."""
    xs, ys = edge_points(terrain, s.at.surface)
    lo, hi = np.searchsorted(xs, (s.at.x - cord, s.at.x + cord))
    xs, ys = xs[lo:hi], ys[lo:hi]
    near = np.hypot(xs - s.at.x, ys - s.at.y) <= cord
    return xs[near], ys[near]


def _climb_pieces(state: LittleSoldiersState, s: Soldier, cord: float) -> list[str]:
    """The Level pieces a climb by ``s`` may touch: within the cord's reach,
    on its surface (up) or the one it stands on (down)."""
    terrain = state.terrain
    here = Point(s.at.xy)
    out = []
    for pid in terrain.level_pieces():
        solid = terrain.bf.solid(pid)
        if solid.footprint.distance(here) > cord + terrain.base_radius:
            continue
        if pid == s.at.surface or abs(solid.bottom - terrain.z(s.at.surface)) < 1e-4:
            out.append(pid)
    return out


def _climb(state: LittleSoldiersState, seat: int, s: Soldier, pieces: list[str], rng: random.Random) -> Move:
    pid = _pick(pieces, rng)
    ring = state.terrain.bf.solid(pid).footprint.exterior
    if pid == s.at.surface:
        p = ring.interpolate(rng.random() * ring.length)
    else:
        p = ring.interpolate(ring.project(Point(s.at.xy)))
    act = Move(s.id, round(p.x, 3), round(p.y, 3), climb=True)
    return act if state.check(seat, act) is None else Move(s.id, s.at.x, s.at.y)


# ---------------------------------------------------------------- Orders
def order_superset(state: LittleSoldiersState) -> list[Any]:
    """Every Order the acting General could give if each enemy in play were
    a valid target, then the Tactics card plays: a list that holds every
    legal action of the Order step (``legal_actions``), in a fixed order."""
    return [Order(*a) if type(a) is tuple else a for a in _order_pool(state)]


def _order_pool(state: LittleSoldiersState) -> list[Any]:
    """``order_superset`` with each Order as its fields (made into an Order
    only when drawn)."""
    enemies = state.enemies_in_play(state.current)
    out: list[Any] = []
    for s in state.own_in_play(state.current):
        ident = s.id
        out.append((ident, "move"))
        out.extend((ident, "attack", t) for t in enemies)
        if s.kind == "sniper":
            out.extend((ident, "special", t) for t in enemies)
        else:
            out.append((ident, "special"))
    return out + state.card_plays()


def _order(state: LittleSoldiersState, seat: int, rng: random.Random) -> Any | None:
    pool = _order_pool(state)
    while pool:
        i = int(rng.random() * len(pool))
        act = pool[i]
        if type(act) is tuple:
            act = Order(*act)
        if state.check(seat, act) is None:
            return act
        pool[i] = pool[-1]
        pool.pop()
    return None


# ---------------------------------------------------------------- deployments
def _deploy(state: LittleSoldiersState, seat: int, rng: random.Random) -> Deploy | None:
    mission = state.rules.mission
    if not mission.deploys_by_area():
        got = mission.random_deploy(state, seat, rng)
        return got if isinstance(got, Deploy) else None
    terrain = state.terrain
    hq = [s for s in state.own(state.current) if not s.in_play and mission.may_redeploy(state, s)]
    if state.block is None and state.rules.deploy_chain:
        hq = hq[:1]  # chained deployments: one soldier at a time
    hq = [s for s in hq if state.deploy_discs(s)]
    if not hq:
        return None
    s = _pick(hq, rng)
    discs = state.deploy_discs(s)
    for _ in range(DEPLOY_TRIES):
        (cx, cy), radius = _pick(discs, rng)
        inner = max(radius - state.chosen.green_length - terrain.contact, 0.0)
        d = inner + (radius - inner) * rng.random()
        a = 2 * math.pi * rng.random()
        x, y = round(cx + d * math.cos(a), 2), round(cy + d * math.sin(a), 2)
        act = Deploy(s.id, x, y)
        if math.hypot(x - cx, y - cy) <= radius - 1e-6 and state.check(seat, act) is None:
            return act
    for at, reach in discs:
        spot = terrain.nearest_fit(at, None, state.spots(), limit=reach)
        if spot is not None and state.check(seat, Deploy(s.id, spot.x, spot.y)) is None:
            return Deploy(s.id, spot.x, spot.y)
    return None


# ---------------------------------------------------------------- throws
def _throw(state: LittleSoldiersState, seat: int, rng: random.Random) -> Throw | None:
    shot = state.current_shot()
    thrower = state.soldiers[shot.thrower]
    reach = MORTAR_REACH if shot.kind == "mortar" else GRENADE_REACH
    points, origin = aim_points(state, shot, thrower)
    kinds = (["aim"] if points else []) + ["random"] + (["practice"] if state.practice_left[seat] > 0 else [])
    kind = _pick(kinds, rng)
    practice = kind == "practice"
    if practice:
        kind = _pick(kinds[:-1], rng)
    if kind == "random":
        act = Throw(round(rng.random() * 360.0, 2), round(0.1 + 0.9 * rng.random(), 3), practice)
    else:
        px, py = _pick(points, rng)
        a0 = math.degrees(math.atan2(py - origin[1], px - origin[0]))
        start = state.shot_start(thrower.id, shot.kind, a0)
        dx, dy = px - start[0], py - start[1]
        a = math.degrees(math.atan2(dy, dx)) + rng.gauss(0, 3)
        strength = min(1.0, max(0.05, math.hypot(dx, dy) / reach + rng.gauss(0, 0.03)))
        act = Throw(round(a % 360, 2), round(strength, 3), practice)
    return act if state.check(seat, act) is None else None


_DRAWS: dict[str, Callable[[LittleSoldiersState, int, random.Random], Any]] = {
    MOVE: _move, DEPLOY: _deploy, THROW: _throw,
}
"""The core's continuous steps' draws (a part draws in its own: ``Part.random_action``)."""
