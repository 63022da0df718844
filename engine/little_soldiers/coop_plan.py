"""A planner for the co-op missions (A New Threat, Another New Threat).

The players share a side, so a turn is planned with the team's next turn in
view: this player's Move and Order (and the Order's Move), then the Threats'
turn, then the best Move and Order of whoever plays next. That is what the
Threats' Force Fields ask for: Octocutie's Head is open only while switches 2
and 4 are down together, and a revealed 4 flips every switch back up, so one
player flips switch 2 (or parks a soldier touching it, where its free Move
flips it again) and the next one flips switch 4 on the way to a spot that
sees the Head and attacks.

Everything is valued in one currency: attacks needed. ``attacks_needed(d, r)``
is the expected number of Attacks that break a Threat with Defense ``d`` and
``r`` Hearts to go, so an Attack is worth what it takes off that number, a
Scout's two Shields what they take off it (Defense 2 to 0 halves the Head's),
and a soldier the Threats will hit costs a share of a break (a Flag step and
the soldier's place on the table). A Force Field left off, a soldier near a
switch it still has to flip and an Order token spread to a soldier holding
none (next round gives one back) are small terms on top.

The planner reads only its view: it plans on ``determinize``d samples (the
missions hide nothing but future chance; the face-down Threat Action tokens
are a known set) and their clones, with the sample's own chance switched off
so that it, not a seeded generator, says what the Threat Action token and the
dice are: every Threat Action outcome is played for the soldiers the Threats
will see, and the dice are valued by their exact distributions.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.core.protocol import CHANCE
from engine.little_soldiers import data as D
from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Landing, Lead, Move, Order, Reroll, Roll, Shields, Throw
from engine.little_soldiers.coop_maps import attack_spots, segment_gaps, table_maps
from engine.little_soldiers.odds import (
    attacks_needed,
    damage_distribution,
    hit_chance,
    hits_distribution,
    sniper_distribution,
    work_after,
)
from engine.little_soldiers.phases import After, Phase

# ---------------------------------------------------------------------- budget (chosen)
PLAN_MOVES = 40
"""Candidate Moves sampled for the turn's Move (over the General's soldiers)."""
THEN_MOVES = 16
"""Candidate Moves sampled for an Order's Move."""
NEXT_MOVES = 16
"""Candidate Moves sampled for the next player's turn."""
STRIKES = 2
"""Co-op Moves (``_strikes``) of each kind sampled per soldier and Threat: ending in
sight out of the Threats' sight, in sight and seen, and staging out of sight."""
STRIKE_TRIES = 3
"""Samples tried per co-op Move wanted (a spot may not take the base, or the cord not reach)."""
PLAN_KEEP = 6
"""Lines of this turn played on through the Threats' turn and the next player's turn."""
PLAN_SECONDS = 3.0
"""CPU seconds per decision after which no more lines are played on (the first always
is). Chosen far above the usual cost, and counted in the process's CPU time, not the
wall clock, so that a loaded machine does not change the play (a slower one may)."""

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


# ---------------------------------------------------------------------- plans
@dataclass
class Line:
    """This turn's actions from now to the end of the turn, and their value."""

    actions: list[Any]
    quick: float = 0.0
    value: float | None = None
    gain: float = 0.0  # its Order's worth beyond what the position after it shows (Worth.extra)
    pending: dict[str, float] = field(default_factory=dict)  # Hearts its Attack is expected to add
    shields: Shields | None = None


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


@dataclass
class Plan:
    """The line chosen, remembered by the positions it passes through, so the
    turn's next decisions follow it without planning again."""

    steps: dict[tuple, Any]


class CoopPlanner:
    """Plans a co-op player's turn over the team's next turn (see the module's docstring)."""

    def __init__(self, rng: random.Random, plan_moves: int = PLAN_MOVES, then_moves: int = THEN_MOVES,
                 next_moves: int = NEXT_MOVES, keep: int = PLAN_KEEP, time_limit: float | None = PLAN_SECONDS,
                 clock: Callable[[], float] = time.process_time) -> None:
        self.rng = rng
        self.clock = clock  # CPU seconds (see PLAN_SECONDS); a test gives a fake one
        self.plan_moves = plan_moves
        self.then_moves = then_moves
        self.next_moves = next_moves
        self.keep = keep
        self.time_limit = time_limit
        self.plan: Plan | None = None
        self.last: dict[str, Any] = {}  # what the last decision weighed (tests, the README's figures)
        self._seen_key: tuple | None = None
        self._seen_cache: dict[Any, bool] = {}

    # ------------------------------------------------------------------ entry points
    def move(self, view, moves: list[Move]) -> Move:
        followed = self._follow(view, moves)
        if followed is not None:
            return followed
        return self._decide(view)

    def order(self, view, orders: list[Order]) -> Order:
        followed = self._follow(view, orders)
        if followed is not None:
            return followed
        return self._decide(view)

    def shields(self, view, options: list[Shields]) -> Shields:
        followed = self._follow(view, options)
        if followed is not None:
            return followed
        world = view.determinize(self.rng)
        return self._best_shields(world, options)[0]

    def deploy(self, view, options: list[Any]) -> Any:
        """Where to deploy: the position worth most (``_leaf``: out of the
        Threats' sight, each switch's soldier nearer, staged for an Attack)."""
        world = self._world(view)
        best, best_value = options[0], -math.inf
        for o in options:
            trial = world.clone()
            try:
                trial.apply(view.seat, o)
            except ValueError:
                continue
            value = self._leaf(trial)
            if value > best_value + 1e-9:
                best, best_value = o, value
        return best

    def lead(self, view, options: list[Lead]) -> Lead:
        """Who plays first this round: the General whose best turn now is best."""
        world = self._world(view)
        best, best_value = options[0], -math.inf
        for o in options:
            trial = world.clone()
            trial.apply(view.seat, o)
            self._settle(trial, view.seat)
            value = self._next_value(trial, {}) if trial.phase is Phase.MOVE else self._leaf(trial)
            if value > best_value + 1e-9:
                best, best_value = o, value
        return best

    # ------------------------------------------------------------------ plan following
    @staticmethod
    def _key(view) -> tuple:
        """Where a decision stands, read from a view: the phase, who acts, the
        soldiers' places and tokens, the switches."""
        d = view.to_dict()
        soldiers = tuple(sorted((s.id, s.spot.xy if s.spot else None, s.orders, s.hearts, s.shields)
                                for s in view.soldiers()))
        return (str(d["phase"]), d["current"], d["round"], d["mover"], str(d["after"]), soldiers,
                tuple(sorted(d.get("force_field_switches", {}).items())))

    def _follow(self, view, options: list[Any]) -> Any | None:
        if self.plan is None:
            return None
        action = self.plan.steps.get(self._key(view))
        if action is not None and action in options:
            return action
        if action is not None and isinstance(action, Move) and view.move_destination(action) is not None:
            return action
        return None

    # ------------------------------------------------------------------ the search
    def _world(self, view):
        world = view.determinize(self.rng)
        world.rng = None  # the planner says what chance does
        return world

    def _decide(self, view) -> Any:
        world = self._world(view)
        table_maps(world)  # built once per battlefield, before the budget starts
        start = self.clock()
        seat = view.seat
        lines = self._lines(world, seat)
        if not lines:
            options = view.legal_actions() or view.candidate_actions(8, self.rng)
            return options[0]
        lines.sort(key=lambda ln: -ln.quick)
        picked = self._shortlist(lines)
        played = 0
        for ln in picked:
            if played and self.time_limit is not None and self.clock() - start > self.time_limit:
                break
            ln.value = self._play_on(world, seat, ln)
            played += 1
        done = [ln for ln in picked if ln.value is not None]
        best = max(done, key=lambda ln: ln.value)
        self._remember(world, seat, best)
        self.last = {"lines": len(lines), "played": played, "seconds": self.clock() - start,
                     "best": list(best.actions), "value": best.value,
                     "values": [(list(ln.actions), ln.quick, ln.value) for ln in done]}
        return best.actions[0]

    def _shortlist(self, lines: list[Line]) -> list[Line]:
        """The best lines by their quick value, and the best of each first
        action's kind (an Attack, a Scout, a Move Order, each soldier's Move)
        so that one kind of plan cannot crowd the others out."""
        out: list[Line] = []
        seen: set = set()
        for ln in lines:
            kind = tuple(_kind(a) for a in ln.actions)
            if kind not in seen:
                seen.add(kind)
                out.append(ln)
        out = out[: self.keep]
        for ln in lines:
            if len(out) >= self.keep:
                break
            if ln not in out:
                out.append(ln)
        return out

    def _lines(self, world, seat: int) -> list[Line]:
        """Every line from this decision to the end of the turn, with a quick value."""
        phase = world.phase
        out: list[Line] = []
        if phase is Phase.MOVE:
            turn_move = world.after == After.ORDER
            for m in self._moves(world, seat, self.plan_moves if turn_move else self.then_moves):
                s1 = world.clone()
                s1.apply(seat, m)
                if s1.phase is Phase.ORDER and s1.to_act() == [seat]:
                    out += self._order_lines(s1, seat, [m])
                else:
                    out.append(Line([m], quick=self._leaf(s1)))
        elif phase is Phase.ORDER:
            out = self._order_lines(world, seat, [])
        return out

    def _order_lines(self, s1, seat: int, prefix: list[Any]) -> list[Line]:
        out = []
        leaf = self._leaf(s1)
        for o in s1.legal_actions(seat):
            if not isinstance(o, Order):
                continue
            worth = self._order_gain(s1, o, {})
            ln = Line(prefix + [o], gain=worth.extra, pending=worth.pending, shields=worth.shields)
            ln.quick = leaf + worth.gain + (MOVE_ORDER_HOPE if o.kind == "move" else 0.0)
            out.append(ln)
        return out

    def _moves(self, state, seat: int, n: int) -> list[Move]:
        """The engine's candidate Moves and the co-op ones (``_strikes``)."""
        out = [a for a in state.candidate_actions(seat, n, self.rng) if isinstance(a, Move)]
        seen = set(out)
        for m in self._strikes(state, seat):
            if m not in seen:
                seen.add(m)
                out.append(m)
        return out

    def _strikes(self, state, seat: int) -> list[Move]:
        """Moves the random samples rarely find: straight through the one
        switch an unbroken Threat still needs (or anywhere, its field being
        off) to a spot that sees its Target, the Move an Attack follows; and to
        a spot out of the Threats' sight from which such a Move starts next
        turn. STRIKES of each, at most, per soldier and Threat, checked legal."""
        if state.phase is not Phase.MOVE or state.effect is not None:
            return []
        maps = table_maps(state)
        if state.mover:
            movers = [state.soldiers[state.mover]]
        else:
            movers = [x for x in state.soldiers.values() if x.in_play and x.general == state.current]
        cord = state.chosen.yellow_length - 0.5
        touch = state.terrain.base_radius + D.TOKEN_RADIUS
        threats = [t for t in state.threats.values() if t.in_play]
        hidden = np.ones(len(maps.grid), dtype=bool)
        for t in threats:
            hidden &= ~maps.seen[t.id]
        out: list[Move] = []
        for x in movers:
            if x.spot is None or x.spot.surface is not None:
                continue
            here = np.asarray(x.spot.xy)
            near = np.hypot(maps.grid[:, 0] - here[0], maps.grid[:, 1] - here[1]) <= cord
            for t in threats:
                up = [k for k in t.switches if state.ff_up[k]]
                if len(up) > 1:
                    # Two switches to go: stage out of sight for either (a two-turn combination),
                    # for a Move that flips both, or in sight of the Target for the Attack after it.
                    pools = [near & hidden & maps.via[t.id, k] for k in up]
                    if len(up) == len(t.switches):
                        pools += [near & hidden & maps.sweep[t.id], near & hidden & maps.sees[t.id]]
                    for pool in pools:
                        idx = list(np.nonzero(pool)[0])
                        self.rng.shuffle(idx)
                        for j in idx[:STRIKE_TRIES]:
                            m = Move(x.id, round(float(maps.grid[j, 0]), 2), round(float(maps.grid[j, 1]), 2))
                            if state.check(seat, m) is None:
                                out.append(m)
                                break
                    continue
                ends = near & maps.sees[t.id]
                if up:
                    idx = np.nonzero(ends)[0]
                    sx, sy = state.ff_at[up[0]]
                    gaps = segment_gaps(np.array([sx, sy]), np.repeat(here[None, :], len(idx), axis=0),
                                         maps.grid[idx])
                    ends = np.zeros(len(maps.grid), dtype=bool)
                    ends[idx[gaps <= touch]] = True
                stage = near & hidden & (maps.via[t.id, up[0]] if up else maps.reach[t.id])
                for pool in (ends & hidden, ends & ~hidden, stage):
                    idx = list(np.nonzero(pool)[0])
                    self.rng.shuffle(idx)
                    found = 0
                    for k in idx[:STRIKE_TRIES * STRIKES]:
                        m = Move(x.id, round(float(maps.grid[k, 0]), 2), round(float(maps.grid[k, 1]), 2))
                        if state.check(seat, m) is None:
                            out.append(m)
                            found += 1
                            if found == STRIKES:
                                break
        return out

    def _play_on(self, world, seat: int, ln: Line) -> float:
        """Play a line to the end of the turn (its Order's Move chosen here when
        the line leaves it open), then the Threats' turn, then the next player's."""
        state = world.clone()
        for a in ln.actions:
            state.apply(seat, a)
        if state.phase is Phase.MOVE and state.after == After.END and state.to_act() == [seat]:
            then, _ = self._best_then(state, seat)
            if then is not None:
                ln.actions.append(then)
                state.apply(seat, then)
        self._finish_turn(state, seat, ln.shields)
        return ln.gain + self._threats_turn(state, ln.pending)

    def _best_then(self, state, seat: int) -> tuple[Move | None, float]:
        best, best_value = None, -math.inf
        for m in self._moves(state, seat, self.then_moves):
            s2 = state.clone()
            s2.apply(seat, m)
            value = self._leaf(s2)
            if value > best_value:
                best, best_value = m, value
        return best, best_value

    def _remember(self, world, seat: int, ln: Line) -> None:
        """Keep the chosen line's later steps (the Order after the Move, the
        Order's Move, the Scout's Shields) by the positions they follow."""
        steps: dict[tuple, Any] = {}
        state = world.clone()
        for a in ln.actions:
            if state.is_over() or state.to_act() != [seat]:
                break
            steps[self._key(state.view(seat))] = a
            state.apply(seat, a)
            if state.phase is Phase.SCOUT and state.to_act() == [seat] and ln.shields is not None:
                steps[self._key(state.view(seat))] = ln.shields
                state.apply(seat, ln.shields)
        self.plan = Plan(steps)

    # ------------------------------------------------------------------ playing chance and the rest of a turn
    def _finish_turn(self, state, seat: int, shields: Shields | None) -> None:
        """Play the rest of this turn with no luck either way: the dice of an
        Attack (valued by their distribution instead) miss, a throw lands out
        of harm's way; Scout puts ``shields`` (or the best ones)."""
        g = state.current
        for _ in range(40):
            if state.is_over() or state.phase is Phase.THREAT_ACTION or state.current != g \
                    or state.phase in (Phase.LEAD, Phase.DEPLOY):
                return
            actors = state.to_act()
            if actors == [CHANCE]:
                state.apply(CHANCE, self._null_chance(state))
                continue
            phase = state.phase
            who = actors[0]
            if phase is Phase.REROLL:
                state.apply(who, Reroll(()))
            elif phase is Phase.SCOUT:
                options = state.legal_actions(who)
                pick = shields if shields in options else self._best_shields(state, options)[0]
                state.apply(who, pick)
            elif phase is Phase.THROW:
                state.apply(who, Throw(0.0, 0.5))
            elif phase is Phase.MOVE:
                s = state.soldiers[state.mover] if state.mover else next(
                    x for x in state.soldiers.values() if x.in_play and x.general == state.current)
                state.apply(who, Move(s.id, s.spot.x, s.spot.y))
            else:
                options = state.legal_actions(who) or state.candidate_actions(who, 4, self.rng)
                state.apply(who, options[0])

    def _null_chance(self, state) -> Any:
        phase = state.phase
        if phase is Phase.ROLL:
            return Roll(("blank",) * len(state.attack.pending))
        if phase is Phase.THREAT_ROLL:
            return Roll(("blank",) * len(state.threat_pending))
        if phase is Phase.LANDING:  # toward the far corner, as far as the throw can reach (a landing is checked)
            from engine.little_soldiers.table.landings import toward

            shot, face = state.shot, state.shot_faces(state.shot.kind)[0]
            x, y, z = toward(state.terrain, shot.kind, shot.start, shot.strength, self._far_corner(state), face)
            return Landing(x, y, z, face)
        return state.sample_chance(self.rng)

    @staticmethod
    def _far_corner(state) -> tuple[float, float]:
        zone = state.terrain.bf.play_zone
        spots = [s.spot.xy for s in state.soldiers.values() if s.in_play]
        corners = list(zone.exterior.coords)[:-1]
        return max(corners, key=lambda c: min((math.dist(c, p) for p in spots), default=0.0))

    def _settle(self, state, seat: int) -> None:
        """After a Lead: play the deployments (out of the Threats' sight, the
        heuristic's rule) and chance up to the first player's Move."""
        for _ in range(20):
            if state.is_over() or state.phase is Phase.MOVE:
                return
            actors = state.to_act()
            if actors == [CHANCE]:
                state.apply(CHANCE, self._null_chance(state))
                continue
            who = actors[0]
            options = state.legal_actions(who) or state.candidate_actions(who, 6, self.rng)
            if not options:
                return
            if state.phase is Phase.DEPLOY:
                seen = state.view(who).threat_outlook([_spot(o) for o in options])
                options = [options[min(range(len(options)), key=lambda i: seen[i][0])]]
            state.apply(who, options[0])

    def _threats_turn(self, state, pending: dict[str, float]) -> float:
        """Expected value over the Threat Action token: the Hits the Threats'
        Attack puts on the soldiers it sees, then the next player's turn (one
        continuation for every token but the 4, which turns every Force Field
        back on, and one for the 4)."""
        if state.is_over():
            return self._over_value(state)
        if state.phase is not Phase.THREAT_ACTION:
            return self._next_value(state, pending) if state.phase is Phase.MOVE else self._leaf(state)
        outcomes = state.chance_outcomes() or []
        total = 0.0
        conts: dict[bool, Any] = {}
        cont_value: dict[bool, float] = {}
        for outcome, p in outcomes:
            c = state.clone()
            c.apply(CHANCE, outcome)
            cost = 0.0
            if c.phase is Phase.THREAT_ROLL:
                cost = self._attack_cost(c, list(c.threat_targets))
                while not c.is_over() and c.to_act() == [CHANCE] and c.phase is Phase.THREAT_ROLL:
                    c.apply(CHANCE, self._null_chance(c))
            reset = outcome.number == M.THREAT_RESET_TOKEN
            if reset not in conts:
                conts[reset] = c
            total -= p * cost
        for reset, c in conts.items():
            cont_value[reset] = self._continue(c, pending)
        for outcome, p in outcomes:
            total += p * cont_value[outcome.number == M.THREAT_RESET_TOKEN]
        return total

    def _continue(self, c, pending: dict[str, float]) -> float:
        if c.is_over():
            return self._over_value(c)
        if c.phase is Phase.MOVE and c.after == After.ORDER:
            return self._next_value(c, pending)
        return self._leaf(c, pending)

    def _over_value(self, state) -> float:
        result = state.result()
        return WIN_VALUE if result is not None and result.winners else -LOSS_COST

    def _attack_cost(self, state, targets: list[str]) -> float:
        """What the Threats' collective Attack on ``targets`` is expected to cost:
        the same Hits on each (5 dice, those without a Hit rerolled once)."""
        soldiers = [state.soldiers[t] for t in targets if state.soldiers[t].in_play]
        if not soldiers:
            return 0.0
        hits = hits_distribution(R.ATTACK_DICE, hit_chance(state.chosen.attack_die_faces), 1)
        track = state.track
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

    # ------------------------------------------------------------------ the next player's turn
    def _next_value(self, state, pending: dict[str, float]) -> float:
        """The best the General about to play can do: a Move, then the best
        Order's immediate worth, valued at the end of that Move."""
        g = state.current
        seat = state.generals[g].seat
        best = self._leaf(state, pending)
        for m in self._moves(state, seat, self.next_moves):
            c = state.clone()
            c.apply(seat, m)
            value = self._leaf(c, pending)
            if c.phase is Phase.ORDER and c.to_act() == [seat]:
                gains = [self._order_gain(c, o, pending).gain for o in c.legal_actions(seat) if isinstance(o, Order)]
                value += max(gains, default=0.0)
            best = max(best, value)
        return best

    # ------------------------------------------------------------------ what an Order is worth
    def _order_gain(self, state, o: Order, pending: dict[str, float]) -> Worth:
        """What Order ``o`` is worth now (see ``Worth``)."""
        spread = SPREAD if state.generals[state.current].lid > 0 and state.soldiers[o.soldier].orders == 0 else 0.0
        if o.kind == "attack" or (o.kind == "special" and o.target is not None):
            if o.target not in state.threats:
                return Worth(-10.0, -10.0)
            gain, base, hearts = self._attack_gain(state, o, pending)
            return Worth(gain + spread, gain - base, {o.target: pending.get(o.target, 0.0) + hearts})
        if o.kind == "move":
            return Worth(spread, 0.0)
        kind = state.soldiers[o.soldier].kind
        if kind == "infantry":
            options = [Shields(c) for c in _scout_choices(state)]
            if not options:
                return Worth(-1.0, -1.0)
            pick, gain, full = self._best_shields(state, options, pending)
            later = min(1.0, max(0.0, _orders_left(state) - 1) / SCOUT_HORIZON)
            return Worth(gain * later + spread, gain * later - full, shields=pick)
        if kind in ("grenadier", "operator"):
            gain, hearts = self._throw_gain(state, o, pending)
            return Worth(gain + spread, gain, hearts)
        return Worth(-1.0, -1.0)

    def _attack_gain(self, state, o: Order, pending: dict[str, float]) -> tuple[float, float, float]:
        """(worth, the part of it the expected Hearts show in a position's
        attacks needed, the expected Hearts)."""
        t = state.threats[o.target]
        hit_p = hit_chance(state.chosen.attack_die_faces)
        rerolls = state.reroll_allowance(o.soldier, o.target)[0]
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
        base = _weight(t) * (before - after)
        gain = base + _weight(t) * OPPORTUNITY + BREAK_BONUS * brk
        others = [x for x in state.threats.values() if x.in_play and x.id != t.id
                  and x.toughness - x.hearts - pending.get(x.id, 0.0) > 0.05]
        if not others:
            gain += WIN_VALUE * brk
        expected = sum(min(k, left) * p for k, p in enumerate(dmg))
        return gain - self_cost, base, expected

    def _best_shields(self, state, options: list[Shields],
                      pending: dict[str, float] | None = None) -> tuple[Shields, float, float]:
        """The Shields that take the most attacks needed off the Threats (a
        Shield below Defense 0 is wasted), with their worth and the part of it
        a position's attacks needed shows: with Super Soldiers a 4 clears the
        Threats' Shields, so they are worth a share of what they take off."""
        pending = pending or {}
        hit_p = hit_chance(state.chosen.attack_die_faces)
        wiped = state.super_soldiers
        best, best_gain, best_full = options[0], -math.inf, 0.0
        for o in options:
            gain = full = 0.0
            for ident in set(o.targets):
                t = state.threats.get(ident)
                if t is None or not t.in_play:
                    gain -= 10.0  # never on a teammate
                    continue
                left = t.toughness - t.hearts - pending.get(ident, 0.0)
                d = state.defense(t)
                g = _weight(t) * (attacks_needed(d, left, hit_p)
                                  - attacks_needed(max(0, d - o.targets.count(ident)), left, hit_p))
                full += g
                if wiped:  # Super Soldiers: a 4 clears the Threats' Shields (and turns every field on)
                    g *= _survive(state) * (WIPED_OPEN if state.field_off(t) else WIPED_CLOSED)
                gain += g
            if gain > best_gain + 1e-9:
                best, best_gain, best_full = o, gain, full
        return best, best_gain, best_full

    def _throw_gain(self, state, o: Order, pending: dict[str, float]) -> tuple[float, dict[str, float]]:
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
            self_cost = boom * (HEART_COST * min(dmg, left) + (BREAK_COST + (LOSS_COST if state.track <= 1 else 0.0)
                                                                if dmg >= left else 0.0))
        for t in state.threats.values():
            if not t.in_play or not state.field_off(t):
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
            gain = _weight(t) * (before - after + OPPORTUNITY) + BREAK_BONUS * brk
            others = [x for x in state.threats.values() if x.in_play and x.id != t.id
                      and x.toughness - x.hearts - pending.get(x.id, 0.0) > 0.05]
            if not others:
                gain += WIN_VALUE * brk
            if THROW_LAND * gain > best:
                best = THROW_LAND * gain
                hearts = THROW_LAND * sum(min(k, left) * p for k, p in enumerate(dmg))
                best_pending = {t.id: pending.get(t.id, 0.0) + hearts}
        return best - self_cost, best_pending

    # ------------------------------------------------------------------ a position's worth
    def _seen(self, state, spots: list) -> list[bool]:
        """Whether an unbroken Threat sees a head at each spot, remembered per
        table (scenery removed or not) and set of unbroken Threats: the lines
        of a decision move one soldier at a time."""
        key0 = (state.terrain, tuple(t.id for t in state.threats.values() if t.in_play))
        if self._seen_key is None or self._seen_key[0] is not key0[0] or self._seen_key[1] != key0[1]:
            self._seen_key, self._seen_cache = key0, {}
        cache = self._seen_cache
        todo = [sp for sp in spots if sp not in cache]
        if todo:
            for sp, k in zip(todo, state.seen_by_threats(todo), strict=True):
                cache[sp] = k > 0
        return [cache[sp] for sp in spots]

    def _readiness(self, state, in_play: list) -> float:
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
        for t in state.threats.values():
            if not t.in_play:
                continue
            up = [n for n in t.switches if state.ff_up[n]]
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
                    total += _weight(t) * credit
                    continue
                for a in up:
                    for s, k in staged:
                        if not maps.via[t.id, a][k]:
                            continue
                        others = [b for b in up if b != a]
                        if all(any(x.id != s.id and math.dist(x.spot.xy, state.ff_at[b]) <= touch
                                   for x, _ in staged) for b in others):
                            credit = PARTIAL
            total += _weight(t) * credit
        return total

    def _leaf(self, state, pending: dict[str, float] | None = None) -> float:
        """How a position stands, apart from Attacks still being rolled: the
        attacks still needed (negative), the Force Fields off that may last,
        the soldiers' distance to the switches they still have to flip, the
        soldiers the Threats see now and the Order tokens spread."""
        if state.is_over():
            return self._over_value(state)
        pending = pending or {}
        hit_p = hit_chance(state.chosen.attack_die_faces)
        value = 0.0
        survive = _survive(state)
        for t in state.threats.values():
            if not t.in_play:
                continue
            left = t.toughness - t.hearts - pending.get(t.id, 0.0)
            value -= _weight(t) * attacks_needed(state.defense(t), left, hit_p)
            down = sum(1 for n in t.switches if not state.ff_up[n])
            value += FIELD_OFF * survive * down / len(t.switches)
        in_play = [s for s in state.soldiers.values() if s.in_play]
        table = [s.spot.xy for s in in_play if s.spot.surface is None]
        if table:
            here = np.asarray(table)
            tasks = []
            for t in state.threats.values():
                if not t.in_play:
                    continue
                for n in t.switches:
                    tasks.append((state.ff_at[n], 1.0 if state.ff_up[n] else DOWN_SHARE))
                spots = attack_spots(state, t)
                if len(spots):
                    gaps = np.hypot(spots[None, :, 0] - here[:, None, 0], spots[None, :, 1] - here[:, None, 1])
                    value -= SIGHT_GAP * float(gaps.min())
            if tasks:
                cost = np.array([[w * math.dist(xy, at) for at, w in tasks] for xy in table])
                value -= SWITCH_GAP * _assignment(cost)
            value += READY * self._readiness(state, in_play)
        seen = self._seen(state, [s.spot for s in in_play])
        exposed = [s.id for s, k in zip(in_play, seen, strict=True) if k]
        if exposed:
            value -= _attack_chance(state) * self._attack_cost(state, exposed)
        if any(g.lid > 0 for g in state.generals):
            value += SPREAD * sum(1 for s in in_play if s.orders > 0)
        return value


# ---------------------------------------------------------------------- helpers
def _assignment(cost: np.ndarray) -> float:
    """The least total cost of giving each task (a column) its own soldier (a
    row); tasks left over when soldiers are fewer cost their cheapest soldier.
    Exact, over subsets of tasks (a handful of switches)."""
    n_soldiers, n_tasks = cost.shape
    if n_tasks > n_soldiers:
        order = np.argsort(cost.min(axis=0))  # the cheapest tasks are shared
        extra = float(cost[:, order[n_soldiers:]].min(axis=0).sum())
        return extra + _assignment(cost[:, order[:n_soldiers]])
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


def _weight(threat) -> float:
    """What one attack on ``threat`` is worth (see MULTI_SWITCH)."""
    return 1.0 + MULTI_SWITCH * (len(threat.switches) - 1)


def _kind(action: Any) -> tuple:
    if isinstance(action, Order):
        return ("order", action.soldier, action.kind, action.target)
    if isinstance(action, Move):
        return ("move", action.soldier)
    return (type(action).__name__,)


def _spot(deploy):
    from engine.little_soldiers.terrain import Spot

    return Spot(deploy.x, deploy.y, None)


def _scout_choices(state) -> list[tuple[str, ...]]:
    import itertools

    threats = [t.id for t in state.threats.values() if t.in_play]
    return list(itertools.combinations_with_replacement(threats, R.SCOUT_SHIELDS))


def _orders_left(state) -> float:
    """Order tokens the team can still give this game: on the Generals, and on
    the lids with the ones soldiers give back at each round to come (counted
    as one per lid token: a rough share)."""
    return float(sum(g.tokens + g.bonus + 2 * g.lid for g in state.generals))


def _survive(state) -> float:
    """Chance the next Threat Action token is not the 4 (which flips every switch up)."""
    down = list(state.actions_down)
    if not down:
        return 1.0
    return 1.0 - down.count(M.THREAT_RESET_TOKEN) / len(down)


def _attack_chance(state) -> float:
    """Chance the Threats attack in their next turn (the 4 skips it in A New Threat)."""
    if state.attacks_on_reset:
        return 1.0
    return _survive(state)
