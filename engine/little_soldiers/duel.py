"""Little Soldiers' hard bot: a whole-turn planner for the two-colour game.

A turn is one plan: the free Move, then the Order (an Attack, a Risky
Shot, a Scout, a second Move to cover), scored together. Each plan's
outcomes are counted exactly (the dice odds are arithmetic, the rerolls
the rules allow are asked of a copy of the game) and then the opponent's
reply: which of this side's soldiers an enemy will see next turn, moving
first with its yellow cord, and from how close. The opponent picks the
reply worst for this side. What a position is worth after that is the
Battle Track outlook (``engine.little_soldiers.outlook``): the chance to
win by the end of round 3, the Order-token economy, the star and the
tie-breaks counted in.

So it prefers the Attack that breaks (the Flag moves, a Wipeout twice)
over chip damage, hides what it cannot use, spreads its Order tokens so
more come back at Round Preparation, Scouts when the Shields will pay,
and stops exposing soldiers when the Flag already favours it.

It reads its view only: the copies it plans on are determinized samples
(``view.determinize``; Little Soldiers hides nothing here but future
dice), and it asks them the engine's public questions (``check``,
``legal_actions``, ``candidate_actions``, ``reroll_allowance``, sight).
Games it does not model (missions, 2 Against 2, Tactics cards) and the
small steps (deployment, rerolls, throws) it leaves to the heuristic.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Move, Order, Shields
from engine.little_soldiers.bots import HeuristicBot
from engine.little_soldiers.outlook import Outlook, Position, outlook_for, position_of, roster_of
from engine.little_soldiers.phases import After, Phase
from engine.little_soldiers.terrain import Spot

MOVE_CANDIDATES = 32
"""Sampled Moves (both soldiers, the zero Moves too) a turn's plans start from."""
REACH_SAMPLES = 32
"""Sampled enemy Moves whose end spots stand for where the enemy can shoot from next turn."""
TIME_LIMIT = 2.0
"""Seconds per decision; plans not scored by then are dropped (the heuristic's own choice is scored first)."""


@dataclass
class Reply:
    """One thing the opponent may do next turn: ``attacker`` Attacks
    ``target`` with ``rerolls`` (a Risky Shot when ``risky``), or, with no
    target, Orders without an Attack (``attacker`` None: a Scout when it
    has an Infantry)."""

    attacker: int | None
    target: int | None = None
    rerolls: int = R.BASE_REROLLS
    risky: bool = False


class Plan:
    """What one decision knows: the sample, the chain, where the enemy can shoot from."""

    def __init__(self, bot: "DuelBot", view: Any) -> None:
        self.bot = bot
        self.view = view
        self.seat = view.seat
        world = view.determinize(bot.rng)
        world.rng = None  # chance waits: the planner counts outcomes, it does not draw them
        self.world = world
        self.ids = sorted(world.soldiers)
        self.index = {ident: i for i, ident in enumerate(self.ids)}
        chosen = world.chosen
        faces = chosen.attack_die_faces
        hit_p = sum(R.FACE_HITS.get(f, 0) for f in faces) / len(faces)
        self.outlook: Outlook = outlook_for(roster_of(world, self.ids), hit_p, tuple(chosen.sniper_die_faces),
                                            chosen.flag_steps_to_victory)
        self.pos: Position = position_of(world, self.ids)
        self.me = self.pos.current
        self.enemy = 1 - self.me
        self.terrain = world.terrain
        self.red = chosen.red_length
        self.levels = world.config.has("levels")
        self.reach = self._enemy_reach()
        self.exposure_cache: dict[tuple[int, Spot], dict[int, int]] = {}
        self.reply_cache: dict[tuple, float] = {}

    # ---------------------------------------------------------------- values
    def mine(self, v: float) -> float:
        return v if self.me == 0 else 1.0 - v

    def chain(self, pos: "Position | float") -> float:
        return self.mine(self.outlook.value(pos))

    def leaf(self, done: tuple[Position, bool], spots: dict[int, Spot]) -> float:
        """This side's chance to win once its turn ended in ``done`` with its
        soldiers at ``spots``: the opponent's worst reply, then the outlook."""
        before = done[0]
        nxt = self.outlook.after(done)
        if not isinstance(nxt, Position):
            return self.mine(nxt)
        if nxt.round != before.round or nxt.current != self.enemy or nxt.tokens[self.enemy] == 0:
            return self.chain(nxt)  # a new round (fresh deployments), or no Order to fear
        replies = self.replies(nxt, spots)
        key = (nxt, tuple((r.attacker, r.target, r.rerolls, r.risky) for r in replies))
        hit = self.reply_cache.get(key)
        if hit is None:
            hit = self.reply_cache[key] = min(self.reply_value(nxt, r) for r in replies)
        return hit

    def reply_value(self, pos: Position, r: Reply) -> float:
        o = self.outlook
        if r.attacker is None:
            return self.idle_reply(pos)
        return sum(p * self.chain(o.after(o.hit(pos, r.attacker, r.target, r.risky, d, e)))
                   for d, e, p in o.spread(pos, r.attacker, r.target, r.risky, r.rerolls))

    def idle_reply(self, pos: Position) -> float:
        """The opponent sees nobody: it Scouts with an Infantry in play (both
        Shields on this side's soldier closest to breaking), else gives a
        Move Order; either way a token is spent."""
        o = self.outlook
        live = [i for i in o.own[self.enemy] if pos.soldiers[i][0]]
        mine = [i for i in o.own[self.me] if pos.soldiers[i][0]]
        best = 2.0
        for a in live:
            given = o.order_given(pos, a)
            if o.roster.kinds[a] == "infantry" and mine:
                weakest = min(mine, key=lambda i: o.roster.toughness[i] - pos.soldiers[i][1])
                given = o.shields(given, {weakest: R.SCOUT_SHIELDS})
            best = min(best, self.chain(o.end_turn(given)))
        return best

    # ---------------------------------------------------------------- the enemy's next turn
    def _enemy_reach(self) -> dict[int, list[Spot]]:
        """Where each enemy soldier can stand to shoot next turn: where it
        stands, and the ends of sampled Moves (on a copy brought to the
        enemy's Move by zero Moves of this side)."""
        w = self.world
        out = {self.index[s.id]: [s.spot] for s in w.soldiers.values()
               if s.in_play and self.outlook.roster.teams[self.index[s.id]] == self.enemy}
        c = w.clone()
        for _ in range(6):
            if c.is_over() or c.to_act() != [self.seat]:
                break
            phase = c.phase
            if phase is Phase.MOVE:
                s = c.soldiers[c.mover] if c.mover else next(x for x in c.soldiers.values()
                                                               if x.in_play and x.general == c.current)
                c.apply(self.seat, Move(s.id, s.spot.x, s.spot.y))
            elif phase is Phase.ORDER:
                s = next(x for x in c.soldiers.values() if x.in_play and x.general == c.current)
                c.apply(self.seat, Order(s.id, "move"))
            else:
                break
        if c.is_over() or c.phase is not Phase.MOVE or not c.to_act() or c.to_act()[0] == self.seat:
            return out
        seat = c.to_act()[0]
        cview = c.view(seat)
        for m in c.candidate_actions(seat, REACH_SAMPLES, self.bot.rng):
            if not isinstance(m, Move) or m.soldier not in self.index:
                continue
            i = self.index[m.soldier]
            if i not in out:
                continue
            if m.climb:
                end = cview.move_destination(m)
                if end is None:
                    continue
            else:
                end = Spot(m.x, m.y, c.soldiers[m.soldier].spot.surface)
            out[i].append(end)
        return out

    def exposure(self, i: int, spot: Spot) -> dict[int, int]:
        """For this side's soldier ``i`` standing at ``spot``: each enemy
        that can see its head from a spot it may reach, with the most
        rerolls it would get (red Range, a higher Level)."""
        key = (i, spot)
        hit = self.exposure_cache.get(key)
        if hit is not None:
            return hit
        pairs = [(e, p) for e, ps in self.reach.items() for p in ps]
        reports = self.terrain.sights([(p, spot) for _, p in pairs])
        out: dict[int, int] = {}
        t = self.terrain
        for (e, p), rep in zip(pairs, reports):
            if not rep.valid:
                continue
            r = R.BASE_REROLLS
            if t.figure_distance(p, spot) <= self.red:
                r += R.RED_RANGE_REROLLS
            if self.levels and t.level(p.surface) > t.level(spot.surface):
                r += R.HEIGHT_REROLLS
            out[e] = max(out.get(e, 0), r)
        self.exposure_cache[key] = out
        return out

    def replies(self, pos: Position, spots: dict[int, Spot]) -> list[Reply]:
        o = self.outlook
        live = [e for e in o.own[self.enemy] if pos.soldiers[e][0]]
        out = [Reply(None)]
        for i, spot in spots.items():
            if not pos.soldiers[i][0]:
                continue
            for e, r in self.exposure(i, spot).items():
                if e not in live:
                    continue
                out.append(Reply(e, i, r, False))
                if o.roster.kinds[e] == "sniper":
                    out.append(Reply(e, i, r, True))
        return out

    # ---------------------------------------------------------------- this side's plans
    def spots_of(self, state: Any) -> dict[int, Spot]:
        return {self.index[s.id]: s.spot for s in state.soldiers.values()
                if s.in_play and self.outlook.roster.teams[self.index[s.id]] == self.me}

    def order_value(self, state: Any, order: Order, pos: Position, spots: dict[int, Spot]) -> float:
        """This side's chance to win after giving ``order`` in ``state``
        (the Move made), the opponent's reply counted."""
        o = self.outlook
        a = self.index[order.soldier]
        if order.target is not None:
            t = self.index.get(order.target)
            if t is None:
                return -1.0
            risky = order.kind == "special"
            rerolls, _ = state.reroll_allowance(order.soldier, order.target)
            return sum(p * self.leaf(o.hit(pos, a, t, risky, d, e), spots)
                       for d, e, p in o.spread(pos, a, t, risky, rerolls))
        given = o.order_given(pos, a)
        if order.kind == "move":
            return self.leaf((given, False), spots)  # at least as good as a zero Move; the real one is chosen then
        kind = o.roster.kinds[a]
        if kind == "infantry":
            return max((self.leaf((o.shields(given, counts(pair)), False), spots)
                        for pair in combinations_with_replacement(
                            [i for i in o.own[self.enemy] if pos.soldiers[i][0]], R.SCOUT_SHIELDS)), default=-1.0)
        return -1.0  # throws: left to the heuristic's judgement when nothing else is open

    def best_order(self, state: Any, pos: Position) -> tuple[float, Order | None]:
        spots = self.spots_of(state)
        best, choice = -2.0, None
        for order in state.legal_actions(self.seat):
            if not isinstance(order, Order):
                continue
            v = self.order_value(state, order, pos, spots)
            if v > best:
                best, choice = v, order
        return best, choice


def counts(items: tuple[int, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for i in items:
        out[i] = out.get(i, 0) + 1
    return out


class DuelBot:
    """The whole-turn planner (see the module's docstring)."""

    name = "duel"

    def __init__(self, seed: int = 0, candidates: int = MOVE_CANDIDATES, time_limit: float | None = TIME_LIMIT) -> None:
        self.rng = random.Random(seed)
        self.candidates = candidates
        self.time_limit = time_limit
        self.base = HeuristicBot(self.rng.randrange(2**31))

    @staticmethod
    def plays(view: Any) -> bool:
        """Whether the planner models this game: two Generals, one colour
        each, no mission, no Tactics cards."""
        cfg = view.config
        return cfg.mission is None and cfg.players == 2 and not cfg.has("two_vs_two") and not cfg.has("advanced_tactics")

    def choose(self, view: Any) -> Any:
        phase = view.phase
        if phase not in (Phase.MOVE, Phase.ORDER, Phase.SCOUT) or not self.plays(view):
            return self.base.choose(view)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        plan = Plan(self, view)
        if phase is Phase.ORDER:
            _, order = plan.best_order(plan.world, plan.pos)
            return order if order is not None else self.base.choose(view)
        if phase is Phase.SCOUT:
            return self._scout(plan, view)
        return self._move(plan, view, deadline)

    def _scout(self, plan: Plan, view: Any) -> Shields:
        o = plan.outlook
        spots = plan.spots_of(plan.world)
        options = view.legal_actions()

        def value(sh: Shields) -> float:
            return plan.leaf((o.shields(plan.pos, counts(tuple(plan.index[t] for t in sh.targets))), False), spots)

        return max(options, key=value)

    def _move(self, plan: Plan, view: Any, deadline: float | None) -> Move:
        world = plan.world
        first = self.base.choose(view)
        moves = [first] + [m for m in view.candidate_actions(self.candidates, self.rng)
                           if isinstance(m, Move) and m != first]
        turn_move = world.after == After.ORDER and world.mover is None
        best, choice = -2.0, first
        for k, m in enumerate(moves):
            if k and deadline is not None and time.perf_counter() > deadline:
                break
            c = world.clone()
            try:
                c.apply(plan.seat, m)
            except ValueError:
                continue
            if turn_move and c.phase is Phase.ORDER and c.current == world.current:
                v, _ = plan.best_order(c, plan.pos)
            else:
                v = plan.leaf((plan.pos, False), plan.spots_of(c))
            if v > best + 1e-9:
                best, choice = v, m
        return choice
