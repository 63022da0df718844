"""What a co-op position and an Order are worth, in attacks needed.

The values the co-op planner (``coop_plan``) compares lines by: see its
docstring. ``CoopValue`` holds them, with a small memo of what the Threats
see; it reads the co-op mission's slice through the typed accessor
(``state.slice_of``), never a state's attribute by name.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.little_soldiers import data as D
from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Order, Shields
from engine.little_soldiers.coop_maps import attack_spots, co_op, table_maps, threat_rules
from engine.little_soldiers.odds import (
    attacks_needed,
    damage_distribution,
    hit_chance,
    hits_distribution,
    sniper_distribution,
    work_after,
)

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

# ---------------------------------------------------------------------- values, in attacks needed (chosen)
HEART_COST = 0.12
"""A Heart on one of the team's soldiers."""
BREAK_COST = 0.9
"""A soldier broken: a Flag step toward the Threat Victory space and its place on the table."""
LOSS_COST = 30.0
"""The Flag reaching the Threat Victory space: the game lost."""
WIN_VALUE = 30.0
"""The last Threat broken: the game won."""
OPPORTUNITY = 0.6
"""An Attack's worth beyond the one attack it takes off: it uses an open Force Field
and a sight line, which may be gone next turn, while a Scout can wait for a turn
with no Attack open."""
BREAK_BONUS = 0.3
"""A Threat broken (times the chance): it stops seeing and attacking the team."""
MULTI_SWITCH = 1.0
"""Per extra switch a Threat's Force Field needs (Octocutie's Head: 2 and 4): how much
more an attack on it is worth, being that much harder to set up."""
FIELD_OFF = 0.35
"""A Threat's Force Field off at the end of a turn, times the chance no 4 comes next
(a share for each of several switches it needs)."""
SWITCH_GAP = 0.012
"""Per cm from each switch an unbroken Threat needs to the soldier given to it, each
soldier to one switch, the nearest that way in all (the share DOWN_SHARE for a
switch already down: a 4 flips it back up, and a soldier parked against it flips
it again with its Move)."""
DOWN_SHARE = 0.5
"""The share of SWITCH_GAP a switch already down keeps."""
SIGHT_GAP = 0.01
"""Per cm from each unbroken Threat's attack spots (where a soldier sees its whole
Target) to the nearest soldier."""
READY = 0.5
"""A Threat some soldier is staged to open and attack with one Move (see ``_readiness``)."""
PARTIAL = 0.5
"""The share of READY for a two-switch field staged for a two-turn combination."""
SPREAD = 0.25
"""A soldier holding an Order token while rounds remain: next round it gives one back
(Bootcamp, Round Preparation B)."""
MOVE_ORDER_HOPE = 0.05
"""A Move Order before its Move is chosen (it can only improve on standing still)."""
THROW_LAND = 0.35
"""Chance a Grenade or Mortar aimed at an open Threat's Target lands within its blast (the
throws' scatter and the scenery in the way), used where no throw is tried."""
SCOUT_HORIZON = 3.0
"""Order tokens the team must still hold after a Scout for its Shields to count in
full (fewer: a share); a Scout with no Order left to attack after it is worth nothing."""
WIPED_OPEN = 0.8
"""Super Soldiers: the share of a Shield's worth on an open Threat (times the chance
no 4 comes first): an Attack can follow next turn without a switch to flip."""
WIPED_CLOSED = 0.4
"""Super Soldiers: the same on a Threat whose field is still on (a switch to flip first)."""
GRENADE_NEAR = 45.0
"""cm: a Grenadier this close (flat distance) to an open Threat's Target can throw at it."""


@dataclass
class Worth:
    """What an Order is worth: ``gain`` in all, for comparing Orders on one
    position; ``extra``, the part the position after the turn does not show
    (a Scout's Shields and the Hearts expected from an Attack, ``pending``,
    are in its attacks needed; an Attack's OPPORTUNITY and break are not)."""

    gain: float
    extra: float
    pending: dict[str, float] = field(default_factory=dict)
    shields: Shields | None = None



class CoopValue:
    """A position's and an Order's worth for the co-op team (see the module's docstring)."""

    def __init__(self) -> None:
        self._seen_key: tuple[Any, ...] | None = None
        self._seen_cache: dict[Any, bool] = {}


    def over_value(self, state) -> float:
        result = state.result()
        return WIN_VALUE if result is not None and result.winners else -LOSS_COST

    def attack_cost(self, state, targets: list[str]) -> float:
        """What the Threats' collective Attack on ``targets`` is expected to cost:
        the same Hits on each (5 dice, those without a Hit rerolled once)."""
        soldiers = [state.soldiers[t] for t in targets if state.soldiers[t].in_play]
        if not soldiers:
            return 0.0
        hits = hits_distribution(R.ATTACK_DICE, hit_chance(state.chosen.attack_die_faces), 1)
        track = co_op(state).track
        cost = 0.0
        for h, p in enumerate(hits):
            breaks = 0
            hearts = 0
            for s in soldiers:
                left = state.toughness(s) - s.hearts
                dmg = max(0, h - state.defense(s))
                hearts += min(dmg, left)
                breaks += dmg >= left
            c = HEART_COST * hearts + BREAK_COST * breaks + (LOSS_COST if breaks and breaks >= track else 0.0)
            cost += p * c
        return cost

    def order_gain(self, state, o: Order, pending: dict[str, float]) -> Worth:
        """What Order ``o`` is worth now (see ``Worth``)."""
        spread = SPREAD if state.generals[state.current].lid > 0 and state.soldiers[o.soldier].orders == 0 else 0.0
        target = o.target
        if o.kind == "attack" or (o.kind == "special" and target is not None):
            if target is None or target not in co_op(state).threats:
                return Worth(-10.0, -10.0)
            gain, base, hearts = self.attack_gain(state, o, target, pending)
            return Worth(gain + spread, gain - base, {target: pending.get(target, 0.0) + hearts})
        if o.kind == "move":
            return Worth(spread, 0.0)
        kind = state.soldiers[o.soldier].kind
        if kind == "infantry":
            options = [Shields(c) for c in scout_choices(state)]
            if not options:
                return Worth(-1.0, -1.0)
            pick, gain, full = self.best_shields(state, options, pending)
            later = min(1.0, max(0.0, orders_left(state) - 1) / SCOUT_HORIZON)
            return Worth(gain * later + spread, gain * later - full, shields=pick)
        if kind in ("grenadier", "operator"):
            gain, expected = self.throw_gain(state, o, pending)
            return Worth(gain + spread, gain, expected)
        return Worth(-1.0, -1.0)

    def attack_gain(self, state, o: Order, target: str, pending: dict[str, float]) -> tuple[float, float, float]:
        """(worth, the part of it the expected Hearts show in a position's
        attacks needed, the expected Hearts) of Order ``o`` on the Threat ``target``."""
        t = co_op(state).threats[target]
        hit_p = hit_chance(state.chosen.attack_die_faces)
        rerolls = state.reroll_allowance(o.soldier, target)[0]
        defense = state.defense(t)
        left = t.toughness - t.hearts - pending.get(t.id, 0.0)
        self_cost = 0.0
        if o.kind == "special":
            hits, p_heart, p_shield = sniper_distribution(R.ATTACK_DICE, hit_p, rerolls)
            self_cost = p_heart * HEART_COST * 2 + p_shield * HEART_COST
        else:
            hits = hits_distribution(R.ATTACK_DICE, hit_p, rerolls)
        dmg = damage_distribution(hits, defense)
        if left <= 0.05:
            return 0.0, 0.0, 0.0
        before = attacks_needed(defense, left, hit_p)
        after, brk = work_after(defense, left, dmg, hit_p)
        base = weight(t) * (before - after)
        gain = base + weight(t) * OPPORTUNITY + BREAK_BONUS * brk
        others = [x for x in co_op(state).threats.values() if x.in_play and x.id != t.id
                  and x.toughness - x.hearts - pending.get(x.id, 0.0) > 0.05]
        if not others:
            gain += WIN_VALUE * brk
        expected = sum(min(k, left) * p for k, p in enumerate(dmg))
        return gain - self_cost, base, expected

    def best_shields(self, state, options: list[Shields],
                      pending: dict[str, float] | None = None) -> tuple[Shields, float, float]:
        """The Shields that take the most attacks needed off the Threats (a
        Shield below Defense 0 is wasted), with their worth and the part of it
        a position's attacks needed shows: with Super Soldiers a 4 clears the
        Threats' Shields, so they are worth a share of what they take off."""
        pending = pending or {}
        hit_p = hit_chance(state.chosen.attack_die_faces)
        wiped = state.rules.lightning
        best, best_gain, best_full = options[0], -math.inf, 0.0
        for o in options:
            gain = full = 0.0
            for ident in set(o.targets):
                t = co_op(state).threats.get(ident)
                if t is None or not t.in_play:
                    gain -= 10.0  # never on a teammate
                    continue
                left = t.toughness - t.hearts - pending.get(ident, 0.0)
                d = state.defense(t)
                g = weight(t) * (attacks_needed(d, left, hit_p)
                                  - attacks_needed(max(0, d - o.targets.count(ident)), left, hit_p))
                full += g
                if wiped:  # Super Soldiers: a 4 clears the Threats' Shields (and turns every field on)
                    g *= survive(state) * (WIPED_OPEN if threat_rules(state).field_off(state, t) else WIPED_CLOSED)
                gain += g
            if gain > best_gain + 1e-9:
                best, best_gain, best_full = o, gain, full
        return best, best_gain, best_full

    def throw_gain(self, state, o: Order, pending: dict[str, float]) -> tuple[float, dict[str, float]]:
        """A Grenade or Mortar at the best open Threat (no valid target needed):
        its worth if it lands within the blast, times the chance it does, less
        what the Grenade's Boom face costs the Grenadier; and the Hearts it is
        expected to add."""
        s = state.soldiers[o.soldier]
        hit_p = hit_chance(state.chosen.attack_die_faces)
        best, best_pending = -1.0, {}
        self_cost = 0.0
        if s.kind == "grenadier":
            faces = state.chosen.grenade_die_faces
            boom = faces.count("boom") / len(faces)
            hits = state.chosen.grenade_face_values["boom"]
            left = state.toughness(s) - s.hearts
            dmg = max(0, hits - state.defense(s))
            self_cost = boom * (HEART_COST * min(dmg, left) + (BREAK_COST + (LOSS_COST if co_op(state).track <= 1 else 0.0)
                                                                if dmg >= left else 0.0))
        for t in co_op(state).threats.values():
            if not t.in_play or not threat_rules(state).field_off(state, t):
                continue
            if s.kind == "grenadier" and math.dist(s.spot.xy, t.target[:2]) > GRENADE_NEAR:
                continue
            left = t.toughness - t.hearts - pending.get(t.id, 0.0)
            if left <= 0.05:
                continue
            d = state.defense(t)
            before = attacks_needed(d, left, hit_p)
            if s.kind == "grenadier":
                faces = state.chosen.grenade_die_faces
                dmg = [0.0] * (max(state.chosen.grenade_face_values.values()) + 1)
                for f in faces:
                    k = 0 if f == "boom" else max(0, state.chosen.grenade_face_values[f] - d)
                    dmg[k] += 1 / len(faces)
            else:
                sides = state.chosen.mortar_token_sides
                dmg = [0.0] * (max(sides.values()) + 1)
                for v in sides.values():
                    dmg[v] += 1 / len(sides)
            after, brk = work_after(d, left, dmg, hit_p)
            gain = weight(t) * (before - after + OPPORTUNITY) + BREAK_BONUS * brk
            others = [x for x in co_op(state).threats.values() if x.in_play and x.id != t.id
                      and x.toughness - x.hearts - pending.get(x.id, 0.0) > 0.05]
            if not others:
                gain += WIN_VALUE * brk
            if THROW_LAND * gain > best:
                best = THROW_LAND * gain
                hearts = THROW_LAND * sum(min(k, left) * p for k, p in enumerate(dmg))
                best_pending = {t.id: pending.get(t.id, 0.0) + hearts}
        return best - self_cost, best_pending

    def seen(self, state, spots: list) -> list[bool]:
        """Whether an unbroken Threat sees a head at each spot, remembered per
        table (scenery removed or not) and set of unbroken Threats: the lines
        of a decision move one soldier at a time."""
        key0 = (state.terrain, tuple(t.id for t in co_op(state).threats.values() if t.in_play))
        if self._seen_key is None or self._seen_key[0] is not key0[0] or self._seen_key[1] != key0[1]:
            self._seen_key, self._seen_cache = key0, {}
        cache = self._seen_cache
        todo = [sp for sp in spots if sp not in cache]
        if todo:
            for sp, k in zip(todo, threat_rules(state).seen_by_threats(state, todo), strict=True):
                cache[sp] = k > 0
        return [cache[sp] for sp in spots]

    def readiness(self, state, in_play: list) -> float:
        """For each unbroken Threat, whether a soldier whose General can still
        give an Order stands where one straight Move flips what is left of its
        Force Field and ends in sight of its Target (``TableMaps``): the Attack
        that Move sets up. A field that needs two switches still up counts
        PARTIAL when one soldier is staged that way for one switch and another
        is parked against the other (its Move flips it again), for a two-turn
        combination, in full when one General has a soldier that flips them all
        with one straight Move and another that sees the Target; weighted like
        an attack on the Threat."""
        maps = table_maps(state)
        staged = [(s, maps.at(s.spot.xy)) for s in in_play if s.spot.surface is None
                  and state.generals[s.general].tokens + state.generals[s.general].lid > 0]
        staged = [(s, k) for s, k in staged if k is not None]
        if not staged:
            return 0.0
        touch = state.terrain.base_radius + D.TOKEN_RADIUS + state.terrain.contact
        total = 0.0
        for t in co_op(state).threats.values():
            if not t.in_play:
                continue
            up = [n for n in t.switches if co_op(state).ff_up[n]]
            if not up:
                credit = 1.0 if any(maps.reach[t.id][k] for _, k in staged) else 0.0
            elif len(up) == 1:
                credit = 1.0 if any(maps.via[t.id, up[0]][k] for _, k in staged) else 0.0
            else:
                credit = 0.0
                if len(up) == len(t.switches):
                    # One General's soldiers: one flips every switch with a straight Move, the
                    # same or another then attacks from where it stands (one turn, no 4 between).
                    for s, k in staged:
                        if maps.sweep[t.id][k] and any(y.general == s.general and maps.sees[t.id][ky]
                                                       for y, ky in staged if y.id != s.id):
                            credit = 1.0
                if credit:
                    total += weight(t) * credit
                    continue
                for a in up:
                    for s, k in staged:
                        if not maps.via[t.id, a][k]:
                            continue
                        others = [b for b in up if b != a]
                        if all(any(x.id != s.id and math.dist(x.spot.xy, co_op(state).ff_at[b]) <= touch
                                   for x, _ in staged) for b in others):
                            credit = PARTIAL
            total += weight(t) * credit
        return total

    def leaf(self, state, pending: dict[str, float] | None = None) -> float:
        """How a position stands, apart from Attacks still being rolled: the
        attacks still needed (negative), the Force Fields off that may last,
        the soldiers' distance to the switches they still have to flip, the
        soldiers the Threats see now and the Order tokens spread."""
        if state.is_over():
            return self.over_value(state)
        pending = pending or {}
        hit_p = hit_chance(state.chosen.attack_die_faces)
        value = 0.0
        lasting = survive(state)
        for t in co_op(state).threats.values():
            if not t.in_play:
                continue
            left = t.toughness - t.hearts - pending.get(t.id, 0.0)
            value -= weight(t) * attacks_needed(state.defense(t), left, hit_p)
            down = sum(1 for n in t.switches if not co_op(state).ff_up[n])
            value += FIELD_OFF * lasting * down / len(t.switches)
        in_play = [s for s in state.soldiers.values() if s.in_play]
        table = [s.spot.xy for s in in_play if s.spot.surface is None]
        if table:
            here = np.asarray(table)
            tasks = []
            for t in co_op(state).threats.values():
                if not t.in_play:
                    continue
                for n in t.switches:
                    tasks.append((co_op(state).ff_at[n], 1.0 if co_op(state).ff_up[n] else DOWN_SHARE))
                spots = attack_spots(state, t)
                if len(spots):
                    gaps = np.hypot(spots[None, :, 0] - here[:, None, 0], spots[None, :, 1] - here[:, None, 1])
                    value -= SIGHT_GAP * float(gaps.min())
            if tasks:
                cost = np.array([[w * math.dist(xy, at) for at, w in tasks] for xy in table])
                value -= SWITCH_GAP * assignment(cost)
            value += READY * self.readiness(state, in_play)
        seen = self.seen(state, [s.spot for s in in_play])
        exposed = [s.id for s, k in zip(in_play, seen, strict=True) if k]
        if exposed:
            value -= attack_chance(state) * self.attack_cost(state, exposed)
        if any(g.lid > 0 for g in state.generals):
            value += SPREAD * sum(1 for s in in_play if s.orders > 0)
        return value



# ---------------------------------------------------------------------- helpers
def assignment(cost: np.ndarray) -> float:
    """The least total cost of giving each task (a column) its own soldier (a
    row); tasks left over when soldiers are fewer cost their cheapest soldier.
    Exact, over subsets of tasks (a handful of switches)."""
    n_soldiers, n_tasks = cost.shape
    if n_tasks > n_soldiers:
        order = np.argsort(cost.min(axis=0))  # the cheapest tasks are shared
        extra = float(cost[:, order[n_soldiers:]].min(axis=0).sum())
        return extra + assignment(cost[:, order[:n_soldiers]])
    full = (1 << n_tasks) - 1
    best = {0: 0.0}
    for i in range(n_soldiers):
        nxt = dict(best)
        for mask, c in best.items():
            for j in range(n_tasks):
                if not mask & (1 << j):
                    m = mask | (1 << j)
                    v = c + cost[i, j]
                    if v < nxt.get(m, math.inf):
                        nxt[m] = v
        best = nxt
    return best.get(full, 0.0)


def weight(threat) -> float:
    """What one attack on ``threat`` is worth (see MULTI_SWITCH)."""
    return 1.0 + MULTI_SWITCH * (len(threat.switches) - 1)


def scout_choices(state: LittleSoldiersState) -> list[tuple[str, ...]]:
    threats = [t.id for t in co_op(state).threats.values() if t.in_play]
    return list(itertools.combinations_with_replacement(threats, R.SCOUT_SHIELDS))


def orders_left(state) -> float:
    """Order tokens the team can still give this game: on the Generals, and on
    the lids with the ones soldiers give back at each round to come (counted
    as one per lid token: a rough share)."""
    return float(sum(state.tokens_on(g.index) + 2 * g.lid for g in state.generals))


def survive(state) -> float:
    """Chance the next Threat Action token is not the 4 (which flips every switch up)."""
    down = list(co_op(state).actions_down)
    if not down:
        return 1.0
    return 1.0 - down.count(M.THREAT_RESET_TOKEN) / len(down)


def attack_chance(state) -> float:
    """Chance the Threats attack in their next turn (the 4 skips it in A New Threat)."""
    if threat_rules(state).attacks_on_reset:
        return 1.0
    return survive(state)
