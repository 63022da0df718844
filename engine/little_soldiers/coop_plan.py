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
from engine.little_soldiers.actions import Landing, Lead, Move, Order, Reroll, Roll, Shields, Throw
from engine.little_soldiers.coop_maps import co_op, segment_gaps, table_maps
from engine.little_soldiers.coop_value import MOVE_ORDER_HOPE, OPPORTUNITY, CoopValue, scout_choices, weight
from engine.little_soldiers.parts.a_new_threat import LEAD, THREAT_ACTION, THREAT_ROLL
from engine.little_soldiers.phases import DEPLOY, LANDING, MOVE, ORDER, REROLL, ROLL, SCOUT, THROW, After
from engine.little_soldiers.terrain import Spot

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
class Plan:
    """The line chosen, remembered by the positions it passes through, so the
    turn's next decisions follow it without planning again."""

    steps: dict[tuple, Any]


def _played_value(line: Line) -> float:
    """A line's value once played on (only played lines are compared)."""
    return -math.inf if line.value is None else line.value


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
        self.values = CoopValue()
        """What positions and Orders are worth (with its memo of what the Threats see)."""

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
        return self.values.best_shields(world, options)[0]

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
            value = self.values.leaf(trial)
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
            value = self._next_value(trial, {}) if trial.phase is MOVE else self.values.leaf(trial)
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
        best = max(done, key=_played_value)
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
        if phase is MOVE:
            turn_move = world.after == After.ORDER
            for m in self._moves(world, seat, self.plan_moves if turn_move else self.then_moves):
                s1 = world.clone()
                s1.apply(seat, m)
                if s1.phase is ORDER and s1.to_act() == [seat]:
                    out += self._order_lines(s1, seat, [m])
                else:
                    out.append(Line([m], quick=self.values.leaf(s1)))
        elif phase is ORDER:
            out = self._order_lines(world, seat, [])
        return out

    def _order_lines(self, s1, seat: int, prefix: list[Any]) -> list[Line]:
        out = []
        leaf = self.values.leaf(s1)
        for o in s1.legal_actions(seat):
            if not isinstance(o, Order):
                continue
            worth = self.values.order_gain(s1, o, {})
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
        if state.phase is not MOVE or state.after == After.CARD:  # a card's own Move: the card decides
            return []
        maps = table_maps(state)
        if state.mover:
            movers = [state.soldiers[state.mover]]
        else:
            movers = [x for x in state.soldiers.values() if x.in_play and x.general == state.current]
        cord = state.chosen.yellow_length - 0.5
        touch = state.terrain.base_radius + D.TOKEN_RADIUS
        threats = [t for t in co_op(state).threats.values() if t.in_play]
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
                up = [k for k in t.switches if co_op(state).ff_up[k]]
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
                    at = np.nonzero(ends)[0]
                    sx, sy = co_op(state).ff_at[up[0]]
                    gaps = segment_gaps(np.array([sx, sy]), np.repeat(here[None, :], len(at), axis=0),
                                         maps.grid[at])
                    ends = np.zeros(len(maps.grid), dtype=bool)
                    ends[at[gaps <= touch]] = True
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
        if state.phase is MOVE and state.after == After.END and state.to_act() == [seat]:
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
            value = self.values.leaf(s2)
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
            if state.phase is SCOUT and state.to_act() == [seat] and ln.shields is not None:
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
            if state.is_over() or state.phase is THREAT_ACTION or state.current != g \
                    or state.phase in (LEAD, DEPLOY):
                return
            actors = state.to_act()
            if actors == [CHANCE]:
                state.apply(CHANCE, self._null_chance(state))
                continue
            phase = state.phase
            who = actors[0]
            if phase is REROLL:
                state.apply(who, Reroll(()))
            elif phase is SCOUT:
                options = state.legal_actions(who)
                pick = shields if shields in options else self.values.best_shields(state, options)[0]
                state.apply(who, pick)
            elif phase is THROW:
                state.apply(who, Throw(0.0, 0.5))
            elif phase is MOVE:
                s = state.soldiers[state.mover] if state.mover else next(
                    x for x in state.soldiers.values() if x.in_play and x.general == state.current)
                state.apply(who, Move(s.id, s.spot.x, s.spot.y))
            else:
                options = state.legal_actions(who) or state.candidate_actions(who, 4, self.rng)
                state.apply(who, options[0])

    def _null_chance(self, state) -> Any:
        phase = state.phase
        if phase is ROLL:
            return Roll(("blank",) * len(state.current_attack().pending))
        if phase is THREAT_ROLL:
            return Roll(("blank",) * len(co_op(state).threat_pending))
        if phase is LANDING:  # toward the far corner, as far as the throw can reach (a landing is checked)
            from engine.little_soldiers.table.landings import toward

            shot = state.current_shot()
            face = state.shot_faces(shot.kind)[0]
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
            if state.is_over() or state.phase is MOVE:
                return
            actors = state.to_act()
            if actors == [CHANCE]:
                state.apply(CHANCE, self._null_chance(state))
                continue
            who = actors[0]
            options = state.legal_actions(who) or state.candidate_actions(who, 6, self.rng)
            if not options:
                return
            if state.phase is DEPLOY:
                seen = state.view(who).threat_outlook([_spot(o) for o in options])
                options = [options[min(range(len(options)), key=lambda i: seen[i][0])]]
            state.apply(who, options[0])

    def _threats_turn(self, state, pending: dict[str, float]) -> float:
        """Expected value over the Threat Action token: the Hits the Threats'
        Attack puts on the soldiers it sees, then the next player's turn (one
        continuation for every token but the 4, which turns every Force Field
        back on, and one for the 4)."""
        if state.is_over():
            return self.values.over_value(state)
        if state.phase is not THREAT_ACTION:
            return self._next_value(state, pending) if state.phase is MOVE else self.values.leaf(state)
        outcomes = state.chance_outcomes() or []
        total = 0.0
        conts: dict[bool, Any] = {}
        cont_value: dict[bool, float] = {}
        for outcome, p in outcomes:
            c = state.clone()
            c.apply(CHANCE, outcome)
            cost = 0.0
            if c.phase is THREAT_ROLL:
                cost = self.values.attack_cost(c, list(co_op(c).threat_targets))
                while not c.is_over() and c.to_act() == [CHANCE] and c.phase is THREAT_ROLL:
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
            return self.values.over_value(c)
        if c.phase is MOVE and c.after == After.ORDER:
            return self._next_value(c, pending)
        return self.values.leaf(c, pending)

    # ------------------------------------------------------------------ the next player's turn
    def _next_value(self, state, pending: dict[str, float]) -> float:
        """The best the General about to play can do: a Move, then the best
        Order's immediate worth, valued at the end of that Move."""
        g = state.current
        seat = state.generals[g].seat
        best = self.values.leaf(state, pending)
        for m in self._moves(state, seat, self.next_moves):
            c = state.clone()
            c.apply(seat, m)
            value = self.values.leaf(c, pending)
            if c.phase is ORDER and c.to_act() == [seat]:
                gains = [self.values.order_gain(c, o, pending).gain for o in c.legal_actions(seat) if isinstance(o, Order)]
                value += max(gains, default=0.0)
            best = max(best, value)
        return best

    # ------------------------------------------------------------------ what an Order is worth
    # ------------------------------------------------------------------ a position's worth


def _kind(action: Any) -> tuple:
    if isinstance(action, Order):
        return ("order", action.soldier, action.kind, action.target)
    if isinstance(action, Move):
        return ("move", action.soldier)
    return (type(action).__name__,)


def _spot(deploy: Any) -> Spot:
    return Spot(deploy.x, deploy.y, None)


__all__ = ["CoopPlanner", "Line", "OPPORTUNITY", "Plan", "scout_choices", "weight"]
