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

So it weighs a break (the Flag moves, a Wipeout twice) against Hearts
that stay on a card (a broken soldier comes back fresh next round, and
with the Flag in the middle the fewest Hearts win), hides what it cannot
use, spreads its Order tokens so more come back at Round Preparation,
aims Grenades on simulated landings, and Scouts when no Attack is open.

It reads its view only: the copies it plans on are determinized samples
(``view.determinize``; Little Soldiers hides nothing here but future
dice), and it asks them the engine's public questions (``check``,
``legal_actions``, ``candidate_actions``, ``reroll_allowance``, sight).
Games it does not model (missions, 2 Against 2, Tactics cards) and the
small steps (deployment, rerolls, the modules' own steps) it leaves to
the heuristic.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

from engine.core.protocol import CHANCE
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Move, Order, Reroll, Roll
from engine.little_soldiers.bots import HeuristicBot
from engine.little_soldiers.outlook import (
    HEART_FACE,
    SHIELD_FACE,
    Outlook,
    OutOfTime,
    Position,
    outlook_for,
    position_of,
    roster_of,
)
from engine.little_soldiers.phases import After, Phase
from engine.little_soldiers.terrain import Spot

MOVE_CANDIDATES = 96
"""Sampled Moves (both soldiers, the zero Moves too) a turn's plans start from. With the samples
below, three times issue 15's (32, 32, 16, 4, 3): on the same 146 seeds against the heuristic the
planner won 64.7% with these, 58.9% with those, at 0.085 s of CPU a decision instead of 0.025 s."""
REACH_SAMPLES = 96
"""Sampled enemy Moves whose end spots stand for where the enemy can shoot from next turn."""
TIME_LIMIT = 2.0
"""Seconds per decision; plans not scored by then are dropped (the heuristic's own choice is scored first).
Seconds of this process's CPU (as the co-op planner's PLAN_SECONDS): with wall-clock seconds, neighbours
on shared cores cut decisions short and a game played twice went otherwise."""
ORDER_MOVES = 48
"""Sampled destinations of a Move Order being given."""
THROW_AIMS = 8
"""Aimed throws scored for a Grenade or Mortar Shot being given."""
THROW_SAMPLES = 6
"""Landings drawn per aimed throw (the landing model: a bot's sample throws by it)."""
SCOUT_WITH_TARGETS = False
"""Whether this side weighs a Scout while an Attack is open (False: only when none is, as the
heuristic does). Measured better: 26.5 of 40 against 23.5 of 40 on the same seeds; allowed, the
outlook (which counts the Shields against every later Attack on an open table) Scouted 65 times
in 40 games. The opponent's reply may still be a Scout."""
WORST_REPLY = 1.0
"""Weight of the opponent's worst reply for this side against its greedy one (the heuristic's rule)."""
SAFETY = 0.85
"""Share of the time limit the planner plans in (the rest: building the sample, answering)."""
SEARCH_PLANS = 0
"""The best plans (by the model's worst reply) whose opponent's reply is then searched: the
opponent's next turn played by the heuristic's own choices on the position each plan leaves,
every outcome of this side's dice forced in turn and the opponent's dice counted exactly.
0: none (measured: with the 6 best plans searched the planner won 53.8% of 146 games against
the heuristic, without 58.9% of the same 146; one sampling of the heuristic's reply is noisy,
and the best of six noisy values is chosen for its luck). ``--bots duel-searched`` plays 6."""
SEARCH_WEIGHT = 1.0
"""Weight of the searched reply's value against the modelled worst reply's, for a searched plan."""
SEARCH_SAMPLES = 1
"""The heuristic's samplings of its Move candidates the searched reply is averaged over."""
SEARCH_STEPS = 16
"""Actions of the opponent's turn played before the position is valued as it stands (chosen)."""


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

    def __init__(self, bot: DuelBot, view: Any, world: Any = None) -> None:
        self.bot = bot
        self.view = view
        self.seat = view.seat
        if world is None:
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
        self.levels = world.rules.climbing
        self.reach = self._enemy_reach()
        self.exposure_cache: dict[tuple[int, Spot], dict[int, int]] = {}
        self.best: Any = None  # the best action scored so far
        self.deadline: float | None = None
        self.reply_cache: dict[tuple, float] = {}
        self.enemy_seat = next(g.seat for g in world.generals if g.seat != self.seat) if len(world.generals) == 2 else None
        self.reply_seed = bot.rng.randrange(2**31)  # one opponent sampling for every plan: common random numbers
        self.replier = HeuristicBot(self.reply_seed)

    def late(self) -> bool:
        """Past the decision's deadline (what is scored so far stands)."""
        return self.deadline is not None and time.process_time() > self.deadline

    # ---------------------------------------------------------------- values
    def mine(self, v: float) -> float:
        return v if self.me == 0 else 1.0 - v

    def chain(self, pos: Position | float) -> float:
        return self.mine(self.outlook.value(pos))

    def leaf(self, done: tuple[Position, bool], spots: dict[int, Spot]) -> float:
        """This side's chance to win once its turn ended in ``done`` with its
        soldiers at ``spots``: the opponent's worst reply, then the outlook."""
        before = done[0]
        nxt = self.outlook.after(done)
        if not isinstance(nxt, Position):
            return self.mine(nxt)
        if nxt.current != self.enemy or nxt.tokens[self.enemy] == 0:
            return self.chain(nxt)  # no Order to fear
        # Soldiers in play when the turn ended keep their spots into the next
        # round; the ones broken deploy afresh (where is not known yet).
        replies = self.replies(nxt, spots, before)
        key = (nxt, tuple((r.attacker, r.target, r.rerolls, r.risky) for r in replies))
        hit = self.reply_cache.get(key)
        if hit is None:
            values = [self.reply_value(nxt, r) for r in replies]
            worst = min(values)
            w = self.bot.worst_reply
            if w < 1.0:
                greedy = values[max(range(len(replies)), key=lambda k: self.greed(nxt, replies[k]))]
                worst = w * worst + (1.0 - w) * greedy
            hit = self.reply_cache[key] = worst
        return hit

    def greed(self, pos: Position, r: Reply) -> float:
        """How a greedy opponent ranks its reply (the heuristic's rule:
        expected Hearts, a break counted thrice; no target: a small value)."""
        if r.attacker is None or r.target is None:  # one is None when the other is (an Order without an Attack)
            return 0.6
        o = self.outlook
        exp, brk = o.damage(pos, r.target, o.spread(pos, r.attacker, r.target, r.risky, r.rerolls))
        return exp + 3.0 * brk - (0.4 if r.risky else 0.0)

    def reply_value(self, pos: Position, r: Reply) -> float:
        o = self.outlook
        if r.attacker is None or r.target is None:  # one is None when the other is (an Order without an Attack)
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
        for m in c.candidate_actions(seat, self.bot.reach_samples, self.bot.rng):
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
        for (e, p), rep in zip(pairs, reports, strict=True):
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

    def replies(self, pos: Position, spots: dict[int, Spot], ended: Position) -> list[Reply]:
        """The opponent's options in ``pos``: Attacks from where its soldiers
        can get to on soldiers of this side at ``spots``, both in play since
        this side's turn ``ended`` (a soldier deployed since stands elsewhere)."""
        o = self.outlook
        live = [e for e in o.own[self.enemy] if pos.soldiers[e][0] and ended.soldiers[e][0]]
        out = [Reply(None)]  # an Order without an Attack: a Scout, or a Move
        for i, spot in spots.items():
            if not (pos.soldiers[i][0] and ended.soldiers[i][0]):
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

    def order_value(self, state: Any, order: Order, pos: Position, spots: dict[int, Spot], exact: bool = False,
                    others: dict[int, list[Spot]] | None = None) -> float:
        """This side's chance to win after giving ``order`` in ``state``
        (the Move made), the opponent's reply counted. ``exact``: the Order
        is being given now, so a Move Order's destinations and a throw's
        landings are sampled on copies; else a Move Order may take another
        soldier to one of ``others`` (its own Move candidates)."""
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
            dests = self.order_moves(state, order) if exact else (others or {}).get(a, [])
            return max([self.leaf((given, False), spots)] +
                       [self.leaf((given, False), {**spots, a: d}) for d in dests])
        kind = o.roster.kinds[a]
        if kind == "infantry":
            if not SCOUT_WITH_TARGETS and any(x.target for x in state.legal_actions(self.seat) if isinstance(x, Order)):
                return -1.0
            return max((self.leaf((o.shields(given, counts(pair)), False), spots)
                        for pair in combinations_with_replacement(
                            [i for i in o.own[self.enemy] if pos.soldiers[i][0]], R.SCOUT_SHIELDS)), default=-1.0)
        if exact:
            return max((v for _, v in self.throws(state, order, given, spots)), default=-1.0)
        return -1.0  # a throw from a spot not reached yet: scored once the Move is made

    def order_moves(self, state: Any, order: Order) -> list[Spot]:
        """Where a Move Order can take its soldier (sampled on a copy)."""
        c = state.clone()
        c.apply(self.seat, order)
        out = []
        for m in c.candidate_actions(self.seat, self.bot.order_moves, self.bot.rng):
            if isinstance(m, Move):
                end = self.destination(c, m)
                if end is not None:
                    out.append(end)
        return out

    def destination(self, state: Any, m: Move) -> Spot | None:
        if not m.climb:
            return Spot(m.x, m.y, state.soldiers[m.soldier].spot.surface)
        return state.view(self.seat).move_destination(m)

    def aims(self, state: Any, order: Order | None) -> tuple[Any, list[Any]]:
        """The position a Grenade or Mortar Shot is aimed from (``order`` played
        on ``state``, or None: being aimed now) and the aims weighed there (none
        when no throw follows)."""
        c = state
        if order is not None:
            c = state.clone()
            c.apply(self.seat, order)
        if c.phase is not Phase.THROW:
            return c, []
        n = self.bot.throw_aims
        return c, [t for t in c.candidate_actions(self.seat, n, self.bot.rng) if not t.practice][:n]

    def throws(self, state: Any, order: Order | None, given: Position, spots: dict[int, Spot]) -> list[tuple[Any, float]]:
        """Aimed throws of a Grenade or Mortar Shot (ordered now, or ``order``
        None: being aimed) with their value, each over THROW_SAMPLES landings."""
        c, aims = self.aims(state, order)
        out: list[tuple[Any, float]] = []
        for aim in aims:
            if out and self.late():
                break
            flight = c.clone()
            flight.apply(self.seat, aim)
            total = 0.0
            for _ in range(self.bot.throw_samples):
                total += self.leaf(self.blast(flight, given, flight.sample_chance(self.bot.rng)), spots)
            out.append((aim, total / self.bot.throw_samples))
        return out

    def blast(self, state: Any, pos: Position, landing: Any) -> tuple[Position, bool]:
        """A landed Grenade or Mortar token on the Position (Bootcamp: every
        figurine within yellow range takes the attack or the Hearts; a
        Grenade's explosion face hits only the Grenadier)."""
        o = self.outlook
        shot = state.shot
        chosen = state.chosen
        point = (landing.x, landing.y, landing.z)
        hit_ids: list[str] = []
        if shot.kind == "grenade" and landing.face == "boom":
            hit_ids = [shot.thrower]
        else:
            hit_ids = [s.id for s in state.soldiers.values()
                       if s.in_play and state.terrain.point_distance(point, s.spot) <= chosen.yellow_length]
        cut = False
        for ident in hit_ids:
            i = self.index[ident]
            if shot.kind == "grenade":
                n = max(0, chosen.grenade_face_values[landing.face] - o.defense_of(pos, i))
            else:
                n = chosen.mortar_token_sides[landing.face]
            pos, wiped = o.hearts(pos, i, n)
            cut = cut or wiped
        return pos, cut

    def best_order(self, state: Any, pos: Position, exact: bool = False,
                   others: dict[int, list[Spot]] | None = None) -> tuple[float, Order | None]:
        ranked = self.ranked_orders(state, pos, exact, others)
        return ranked[0] if ranked else (-2.0, None)

    def ranked_orders(self, state: Any, pos: Position, exact: bool = False,
                      others: dict[int, list[Spot]] | None = None) -> list[tuple[float, Order]]:
        """Every Order open in ``state`` with its value, best first (the first of equals kept first)."""
        spots = self.spots_of(state)
        scored = [(self.order_value(state, order, pos, spots, exact, others), k, order)
                  for k, order in enumerate(state.legal_actions(self.seat)) if isinstance(order, Order)]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [(v, order) for v, _, order in scored]


class Searched:
    """The opponent's reply searched, not assumed: the plans of a turn valued
    by what the heuristic (the normal bot) would answer on the table each
    leaves. This side's dice are forced through every outcome the outlook
    counts (with its chance), the opponent's turn is played by the
    heuristic's own choices, and its Attack's dice are counted exactly;
    then the Battle Track outlook from where the game stands."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan

    def order(self, state: Any, order: Order, spots: dict[int, Spot]) -> float:
        """This side's chance to win after giving ``order`` in ``state`` (its
        Move made) with the reply searched; -2 when the plan cannot be
        searched here (the model's value stands)."""
        plan = self.plan
        o = plan.outlook
        pos = plan.pos
        if order.target is not None:
            a, t = plan.index[order.soldier], plan.index.get(order.target)
            if t is None:
                return -2.0
            risky = order.kind == "special"
            rerolls, _ = state.reroll_allowance(order.soldier, order.target)
            total = 0.0
            for d, e, p in o.spread(pos, a, t, risky, rerolls):
                sim = state.clone()
                sim.apply(plan.seat, order)
                roll = self.forced_roll(sim, pos, t, d, e)
                if roll is None:
                    return -2.0
                sim.apply(CHANCE, roll)
                while sim.phase is Phase.REROLL and sim.to_act() == [plan.seat]:
                    sim.apply(plan.seat, Reroll(()))
                total += p * self.after_turn(sim)
            return total
        if order.kind == "move":
            best = -2.0
            c = state.clone()
            c.apply(plan.seat, order)
            for m in [m for m in c.candidate_actions(plan.seat, ORDER_MOVES, plan.bot.rng) if isinstance(m, Move)]:
                sim = c.clone()
                try:
                    sim.apply(plan.seat, m)
                except ValueError:
                    continue
                best = max(best, self.after_turn(sim))
            return best
        return -2.0

    def forced_roll(self, sim: Any, pos: Position, t: int, damage: int, effect: int) -> Roll | None:
        """Dice that do ``damage`` Hearts to soldier ``t`` (with the Sniper die's ``effect``)."""
        o = self.plan.outlook
        attack = sim.attack
        chosen = sim.chosen
        hits = damage + o.defense_of(pos, t) if damage > 0 else 0
        base = min(hits, attack.dice)
        faces = ["hit"] * base + ["blank"] * (attack.dice - base)
        if attack.risky:
            extra = hits - base
            face = "shield" if effect == SHIELD_FACE else "heart" if effect == HEART_FACE else \
                ("blank", "hit", "double_hit")[extra] if extra <= 2 else None
            if face is None or (face in ("shield", "heart") and extra):
                return None
            faces.append(face)
            if face not in chosen.sniper_die_faces:
                return None
        elif hits > base:
            return None
        if "hit" not in chosen.attack_die_faces or "blank" not in chosen.attack_die_faces:
            return None
        roll = Roll(tuple(faces))
        return roll if len(faces) == len(attack.pending) and sim.check(CHANCE, roll) is None else None

    def after_turn(self, sim: Any) -> float:
        """This side's chance to win once its turn is over in ``sim``: the
        opponent's turn played by the heuristic, its Attack's dice counted;
        the mean over ``search_samples`` of the heuristic's samplings (the
        same ones for every plan)."""
        plan = self.plan
        k = plan.bot.search_samples
        if k <= 1:
            return self.one_reply(sim, plan.reply_seed)
        return sum(self.one_reply(sim.clone(), plan.reply_seed + j) for j in range(k)) / k

    def one_reply(self, sim: Any, seed: int) -> float:
        plan = self.plan
        o = plan.outlook
        rng = random.Random(seed)
        plan.replier.rng.seed(seed)
        for _ in range(SEARCH_STEPS):
            if sim.is_over():
                return sim.result().reward(plan.seat)
            seat = sim.to_act()[0]
            if seat == CHANCE:
                attack = sim.attack
                if sim.phase is Phase.ROLL and attack is not None and attack.attacker in plan.index \
                        and attack.target in plan.index and o.roster.teams[plan.index[attack.attacker]] == plan.enemy:
                    pos = position_of(sim, plan.ids)
                    a, t = plan.index[attack.attacker], plan.index[attack.target]
                    return sum(p * plan.chain(o.after(o.struck(pos, a, t, attack.risky, d, e)))
                               for d, e, p in o.spread(pos, a, t, attack.risky, attack.rerolls))
                sim.apply(CHANCE, sim.sample_chance(rng))
                continue
            if seat == plan.seat:
                break
            sim.apply(seat, plan.replier.choose(sim.view(seat)))
        return plan.chain(position_of(sim, plan.ids))


def counts(items: tuple[int, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for i in items:
        out[i] = out.get(i, 0) + 1
    return out


class DuelBot:
    """The whole-turn planner (see the module's docstring)."""

    name = "duel"

    def __init__(self, seed: int = 0, candidates: int | None = None, time_limit: float | None = TIME_LIMIT,
                 worst_reply: float | None = None, search_plans: int | None = None,
                 search_weight: float | None = None, search_samples: int | None = None,
                 reach_samples: int = REACH_SAMPLES, order_moves: int = ORDER_MOVES, throw_aims: int = THROW_AIMS,
                 throw_samples: int = THROW_SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.worst_reply = WORST_REPLY if worst_reply is None else worst_reply
        self.candidates = MOVE_CANDIDATES if candidates is None else candidates
        self.time_limit = time_limit
        self.search_plans = SEARCH_PLANS if search_plans is None else search_plans
        self.search_weight = SEARCH_WEIGHT if search_weight is None else search_weight
        self.search_samples = SEARCH_SAMPLES if search_samples is None else search_samples
        self.reach_samples, self.order_moves = reach_samples, order_moves
        self.throw_aims, self.throw_samples = throw_aims, throw_samples
        self.base = HeuristicBot(self.rng.randrange(2**31))

    @staticmethod
    def plays(view: Any) -> bool:
        """Whether the planner models this game: two Generals, one colour
        each, no mission, no Tactics cards."""
        cfg = view.config
        return cfg.mission is None and cfg.generals == 2 and not view.rules.extra_types

    def choose(self, view: Any) -> Any:
        phase = view.phase
        if phase not in (Phase.MOVE, Phase.ORDER, Phase.SCOUT, Phase.THROW) or not self.plays(view):
            return self.base.choose(view)
        start = time.process_time()
        deadline = None if self.time_limit is None else start + SAFETY * self.time_limit
        fallback = self.base.choose(view)  # the heuristic's choice: scored first, kept if time runs out
        plan = self.plan(view)
        plan.best = fallback
        plan.deadline = plan.outlook.deadline = deadline
        try:
            if phase is Phase.ORDER:
                self._order(plan, fallback)
            elif phase is Phase.SCOUT:
                self._scout(plan, view)
            elif phase is Phase.THROW:
                self._throw(plan)
            else:
                self._move(plan, view, fallback, deadline)
        except OutOfTime:
            pass
        finally:
            plan.outlook.deadline = None
        return plan.best

    def plan(self, view: Any) -> Plan:
        """What this decision plans on: a determinized sample of ``view``."""
        return Plan(self, view)

    def _order(self, plan: Plan, fallback: Any) -> None:
        spots = plan.spots_of(plan.world)
        orders = [o for o in plan.world.legal_actions(plan.seat) if isinstance(o, Order)]
        if fallback in orders:
            orders.remove(fallback)
            orders.insert(0, fallback)
        best = -2.0
        scored: list[tuple[float, int, Order]] = []
        for k, order in enumerate(orders):
            if k and plan.late():
                break
            v = plan.order_value(plan.world, order, plan.pos, spots, exact=True)
            scored.append((v, k, order))
            if v > best + 1e-9:
                best, plan.best = v, order
        if self.search_plans:
            scored.sort(key=lambda x: (-x[0], x[1]))
            searched = Searched(plan)
            best = -2.0
            for v, _, order in scored[: self.search_plans]:
                if plan.late():
                    break
                w = searched.order(plan.world, order, spots)
                if w > -1.5:
                    v = self.search_weight * w + (1.0 - self.search_weight) * v
                if v > best + 1e-9:
                    best, plan.best = v, order

    def _throw(self, plan: Plan) -> None:
        best = -2.0
        for aim, v in plan.throws(plan.world, None, plan.pos, plan.spots_of(plan.world)):
            if v > best + 1e-9:
                best, plan.best = v, aim

    def _scout(self, plan: Plan, view: Any) -> None:
        o = plan.outlook
        spots = plan.spots_of(plan.world)
        best = -2.0
        for sh in view.legal_actions():
            v = plan.leaf((o.shields(plan.pos, counts(tuple(plan.index[t] for t in sh.targets))), False), spots)
            if v > best + 1e-9:
                best, plan.best = v, sh

    def _move(self, plan: Plan, view: Any, first: Any, deadline: float | None) -> None:
        world = plan.world
        moves = [first] + [m for m in view.candidate_actions(self.candidates, self.rng)
                           if isinstance(m, Move) and m != first]
        turn_move = world.after == After.ORDER and world.mover is None
        dests: dict[int, list[Spot]] = {}
        for m in moves:
            spot = None if m.climb else plan.destination(world, m)  # a plain Move's end is known without asking
            if spot is not None:
                dests.setdefault(plan.index[m.soldier], []).append(spot)
        best = -2.0
        scored: list[tuple[float, int, Move, Any, list[Order]]] = []
        for k, m in enumerate(moves):
            if k and plan.late():
                break
            c = world.clone()
            try:
                c.apply(plan.seat, m)
            except ValueError:
                continue
            orders: list[Order] = []
            if turn_move and c.phase is Phase.ORDER and c.current == world.current:
                moved = plan.index[m.soldier]
                ranked = plan.ranked_orders(c, plan.pos, others={i: d for i, d in dests.items() if i != moved})
                v = ranked[0][0] if ranked else -2.0
                orders = [o for _, o in ranked[:2]]
            else:
                v = plan.leaf((plan.pos, False), plan.spots_of(c))
            scored.append((v, k, m, c, orders))
            if v > best + 1e-9:
                best, plan.best = v, m
        if self.search_plans and turn_move:
            scored.sort(key=lambda x: (-x[0], x[1]))
            searched = Searched(plan)
            best = -2.0
            for v, _, m, c, orders in scored[: self.search_plans]:
                if plan.late():
                    break
                spots = plan.spots_of(c)
                if orders:
                    found = [searched.order(c, o, spots) for o in orders]
                    w = max(found)
                elif c.to_act() == [plan.enemy_seat]:
                    w = searched.after_turn(c.clone())
                else:
                    w = -2.0
                if w > -1.5:
                    v = self.search_weight * w + (1.0 - self.search_weight) * v
                if v > best + 1e-9:
                    best, plan.best = v, m
