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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from shapely.geometry import Point

from engine.little_soldiers import data as D
from engine.little_soldiers.actions import Activate, Deploy, Jump, Move, Order, Parachute, Teleport, Throw
from engine.little_soldiers.phases import CHANCE_PHASES, Phase
from engine.little_soldiers.terrain import GRENADE_REACH, MORTAR_REACH

if TYPE_CHECKING:
    from engine.little_soldiers.pieces import Soldier
    from engine.little_soldiers.state import LittleSoldiersState

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
    if phase is Phase.OVER or phase in CHANCE_PHASES or seat not in state.to_act():
        return None
    draw = _DRAWS.get(phase)
    if draw is not None:
        got = draw(state, seat, rng)
        if got is not None:
            return got
        return _from_candidates(state, seat, rng)
    if phase is Phase.ORDER:
        return _order(state, seat, rng)
    legal = state.legal_actions(seat)
    return _pick(legal, rng) if legal else None


def _pick(items: list[Any], rng: random.Random) -> Any:
    return items[int(rng.random() * len(items))]


def _from_candidates(state, seat: int, rng: random.Random) -> Any | None:
    from engine.little_soldiers.candidates import candidates

    got = candidates(state, seat, 8, rng)
    return _pick(got, rng) if got else None


# ---------------------------------------------------------------- Moves
def _movers(state) -> list[Soldier]:
    """The soldiers that might move now (each still checked by its zero Move)."""
    if state.mover:
        return [state.soldiers[state.mover]]
    if state.effect is not None and state.effect.kind == "retreat":
        return state.retreat_movers()
    return state.own_in_play(state.current)


def _move(state, seat: int, rng: random.Random) -> Any | None:
    """A kind drawn uniformly from every kind that might be open, and
    redrawn without it until one is open (uniform over the open kinds), so
    only the kinds drawn are tested: the chosen soldier's zero Move, not
    every soldier's."""
    movers = _movers(state)
    cord = state.chosen.yellow_length
    kinds: list[tuple[str, Any]] = [("move", s) for s in movers] + [("zero", None)]
    if state.climbing:
        kinds += [("climb", s) for s in movers]
    kinds += [("play", None), ("stop", None)]
    movable: dict[str, Move | None] = {}

    def zero_move(s: Soldier) -> Move | None:
        """s's zero Move if it is legal (the checked action itself, so ``apply`` reads the check back)."""
        if s.id not in movable:
            zero = Move(s.id, s.spot.x, s.spot.y)
            movable[s.id] = zero if state.check(seat, zero) is None else None
        return movable[s.id]

    def may_move(s: Soldier) -> bool:
        return zero_move(s) is not None

    while kinds:
        i = int(rng.random() * len(kinds))
        kind, s = kinds[i]
        got: Any = None
        if kind == "move":
            # A destination accepted shows s may move (its zero Move passes
            # every test a longer Move passes), so the zero Move is checked
            # only when every draw failed.
            got = _plain_move(state, seat, s, cord, rng)
            if got is None:
                got = zero_move(s)
        elif kind == "zero":
            able = [m for m in movers if may_move(m)]
            if able:
                got = zero_move(_pick(able, rng))
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


def _plain_move(state, seat: int, s: Soldier, cord: float, rng: random.Random) -> Move | None:
    """The first of MOVE_TRIES destinations ``check`` accepts, or None."""
    x0, y0 = s.spot.x, s.spot.y
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


def _edge_within(terrain, s: Soldier, cord: float) -> tuple[Any, Any]:
    """The points of the free space's edge on ``s``'s surface (every
    ``candidates.EDGE_STEP`` cm, made once per battlefield) within the
    cord's straight reach of ``s``."""
    from engine.little_soldiers.candidates import edge_points

    xs, ys = edge_points(terrain, s.spot.surface)
    lo, hi = np.searchsorted(xs, (s.spot.x - cord, s.spot.x + cord))
    xs, ys = xs[lo:hi], ys[lo:hi]
    near = np.hypot(xs - s.spot.x, ys - s.spot.y) <= cord
    return xs[near], ys[near]


def _climb_pieces(state, s: Soldier, cord: float) -> list[str]:
    """The Level pieces a climb by ``s`` may touch: within the cord's reach,
    on its surface (up) or the one it stands on (down)."""
    terrain = state.terrain
    here = Point(s.spot.xy)
    out = []
    for pid in terrain.level_pieces():
        solid = terrain.bf.solid(pid)
        if solid.footprint.distance(here) > cord + terrain.base_radius:
            continue
        if pid == s.spot.surface or abs(solid.bottom - terrain.z(s.spot.surface)) < 1e-4:
            out.append(pid)
    return out


def _climb(state, seat: int, s: Soldier, pieces: list[str], rng: random.Random) -> Move:
    pid = _pick(pieces, rng)
    ring = state.terrain.bf.solid(pid).footprint.exterior
    if pid == s.spot.surface:
        p = ring.interpolate(rng.random() * ring.length)
    else:
        p = ring.interpolate(ring.project(Point(s.spot.xy)))
    act = Move(s.id, round(p.x, 3), round(p.y, 3), climb=True)
    return act if state.check(seat, act) is None else Move(s.id, s.spot.x, s.spot.y)


# ---------------------------------------------------------------- Orders
def order_superset(state) -> list[Any]:
    """Every Order the acting General could give if each enemy in play were
    a valid target, then the Tactics card plays: a list that holds every
    legal action of the Order step (``legal_actions``), in a fixed order."""
    return [Order(*a) if type(a) is tuple else a for a in _order_pool(state)]


def _order_pool(state) -> list[Any]:
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


def _order(state, seat: int, rng: random.Random) -> Any | None:
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
def _deploy(state, seat: int, rng: random.Random) -> Deploy | None:
    if not state.mission_part.deploys_by_area():
        return _parachute_deploy(state, seat, rng)
    terrain = state.terrain
    hq = [s for s in state.own(state.current) if not s.in_play and not s.out]
    if state.block is None and state.config.has("advanced_tactics"):
        hq = hq[:1]
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


def _parachute_deploy(state, seat: int, rng: random.Random) -> Deploy | None:
    s = next((x for x in state.own(state.current) if not x.in_play and not x.out), None)
    if s is None:
        return None
    lx, ly, _ = state.landing_at
    reach = state.terrain.base_radius + D.GREEN_MOVE_TOKEN_LENGTH / 2
    for _ in range(DEPLOY_TRIES):
        a = 2 * math.pi * rng.random()
        d = reach * math.sqrt(rng.random())
        act = Deploy(s.id, round(lx + d * math.cos(a), 2), round(ly + d * math.sin(a), 2))
        if state.check(seat, act) is None:
            return act
    spot = state.parachute_spot()
    if spot is not None and state.check(seat, Deploy(s.id, spot.x, spot.y)) is None:
        return Deploy(s.id, spot.x, spot.y)
    return None


# ---------------------------------------------------------------- throws, Objects, parachutes
def _throw(state, seat: int, rng: random.Random) -> Throw | None:
    shot = state.shot
    thrower = state.soldiers[shot.thrower]
    reach = MORTAR_REACH if shot.kind == "mortar" else GRENADE_REACH
    side = thrower.side
    live = [s for s in state.soldiers.values() if s.in_play]
    points = [s.spot.xy for s in live if s.id != thrower.id]
    enemies = [s.spot.xy for s in live if s.side != side]
    points += [t.target[:2] for t in state.threats.values() if t.in_play and state.field_off(t)]
    points += [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for i, a in enumerate(enemies) for b in enemies[i + 1:]]
    kinds = (["aim"] if points else []) + ["random"] + (["practice"] if state.practice_left[seat] > 0 else [])
    kind = _pick(kinds, rng)
    practice = kind == "practice"
    if practice:
        kind = _pick(kinds[:-1], rng)
    if kind == "random":
        act = Throw(round(rng.random() * 360.0, 2), round(0.1 + 0.9 * rng.random(), 3), practice)
    else:
        px, py = _pick(points, rng)
        origin = thrower.spot.xy if thrower.spot is not None else state.hq_catapult(shot.hq)[:2]
        a0 = math.degrees(math.atan2(py - origin[1], px - origin[0]))
        start = state.shot_start(thrower.id, shot.kind, a0)
        dx, dy = px - start[0], py - start[1]
        a = math.degrees(math.atan2(dy, dx)) + rng.gauss(0, 3)
        strength = min(1.0, max(0.05, math.hypot(dx, dy) / reach + rng.gauss(0, 0.03)))
        act = Throw(round(a % 360, 2), round(strength, 3), practice)
    return act if state.check(seat, act) is None else None


def _teleport(state, seat: int, rng: random.Random) -> Any | None:
    terrain = state.terrain
    others = state.spots(exclude=state.obj_user)
    pool: list[str | None] = [d for d in state.teleporters() if d != state.obj_active] + [None]
    while pool:
        i = int(rng.random() * len(pool))
        dest = pool[i]
        if dest is None:
            act: Any = Activate(None)
        else:
            spot = terrain.nearest_fit(terrain.object(dest).at, None, others, limit=15.0)
            act = Teleport(dest, spot.x, spot.y) if spot is not None else None
        if act is not None and state.check(seat, act) is None:
            return act
        pool[i] = pool[-1]
        pool.pop()
    return None


def _jump(state, seat: int, rng: random.Random) -> Jump:
    return Jump(round(rng.random() * 360.0, 2))


def _parachute(state, seat: int, rng: random.Random) -> Parachute | None:
    zone = state.terrain.bf.play_zone
    ring = zone.exterior
    c = zone.centroid
    goals = [(c.x, c.y)] + list(state.supplies)
    p = ring.interpolate(rng.random() * ring.length)
    gx, gy = _pick(goals, rng)
    dist = math.hypot(gx - p.x, gy - p.y)
    a = math.degrees(math.atan2(gy - p.y, gx - p.x)) + rng.gauss(0, 5)
    strength = min(1.0, max(0.05, dist / MORTAR_REACH + rng.gauss(0, 0.05)))
    act = Parachute(round(p.x, 2), round(p.y, 2), round(a % 360, 2), round(strength, 3))
    return act if state.check(seat, act) is None else None


_DRAWS: dict[Phase, Callable[[Any, int, random.Random], Any]] = {
    Phase.MOVE: _move, Phase.DEPLOY: _deploy, Phase.THROW: _throw, Phase.TELEPORT: _teleport,
    Phase.JUMP: _jump, Phase.PARACHUTE: _parachute,
}
"""The continuous steps' draws (``phases.CONTINUOUS_PHASES``)."""
