"""A Little Soldiers bot that plays like a careful child: it attacks the
weakest valid target when the dice favour it, takes cover from enemy eyes,
climbs for the height advantage, and throws where enemies bunch up.

It reads only its view (Little Soldiers hides nothing but future dice) and
chooses among the candidates the engine samples, scoring each with the
same line-of-sight and range questions the rules ask. In the co-op
missions (A New Threat, Another New Threat) its Moves, Orders, Scouts,
deployments and first-player choices come from the team planner in
``engine.little_soldiers.coop_plan``, which plans each turn over the
Threats' turn and the next teammate's turn.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import (
    Activate,
    CardAttack,
    Deploy,
    ExtraTarget,
    Move,
    Order,
    Play,
    Redirect,
    Reroll,
    Shields,
    ShiftShield,
    Swap,
    Throw,
)
from engine.little_soldiers.coop_plan import CoopPlanner
from engine.little_soldiers.odds import expected_damage
from engine.little_soldiers.parts.bootcamp import Bootcamp
from engine.little_soldiers.terrain import GRENADE_REACH, MORTAR_REACH, Spot

CANDIDATES = 24
"""Samples scored per continuous decision."""

@dataclass(frozen=True)
class MoveWeights:
    """How the heuristic scores a Move's destination (chosen; the normal
    bot's values are the defaults)."""

    level: float = 0.8  # per Level stood on (the higher-Level bonus die)
    attack: float = 2.0  # an enemy in sight with an Order to give
    weak: float = 0.3  # per Heart the weakest enemy in sight is from breaking, counted from 6
    close: float = 0.5  # an enemy in sight within red range (+1 die)
    crowd: float = 0.4  # per further enemy that sees the spot, when attacking from it
    exposed: float = 1.0  # per enemy that sees the spot, when not attacking


class HeuristicBot:
    """Greedy on simple scores; ties broken by a seeded coin."""

    name = "heuristic"

    def __init__(self, seed: int = 0, candidates: int = CANDIDATES, weights: MoveWeights | None = None) -> None:
        self.rng = random.Random(seed)
        self.candidates = candidates  # samples scored per continuous decision (the hard level scores more)
        self.weights = weights or MoveWeights()
        self.coop = CoopPlanner(random.Random(f"coop:{seed}"))  # the co-op missions' planner (its own stream)

    # ------------------------------------------------------------------ entry
    def choose(self, view) -> Any:
        phase = view.phase
        legal = view.legal_actions()
        options = legal or view.candidate_actions(self.candidates, self.rng)
        if not options:
            raise RuntimeError("HeuristicBot was asked to act with no legal action.")
        if len(options) == 1:
            return options[0]
        plays = [o for o in options if isinstance(o, Play)]
        if plays and phase in ("order", "move", "react"):
            chosen = self._play(view, plays, phase)
            if chosen is not None:
                return chosen
            options = [o for o in options if not isinstance(o, Play)] or options
        # Each scorer takes the options of its own step: the table is keyed by that step.
        scorers: dict[str, Callable[[Any, list[Any]], Any]] = {
            "order": self._order, "reroll": self._reroll, "scout": self._shields, "radar": self._shields,
            "shift": self._shift, "extra": self._extra, "object": self._object, "swap": self._swap,
            "redirect": self._redirect, "move": self._moves, "deploy": self._deploys, "throw": self._throws,
            "card_attack": self._card_attack, "lead": self._lead,
        }
        scorer = scorers.get(phase)
        if scorer is None:
            return options[self.rng.randrange(len(options))]
        return scorer(view, options)

    # ------------------------------------------------------------------ Tactics
    def _play(self, view, plays: list[Play], phase: str) -> Play | None:
        """Reactions are always worth it; on its own turn the bot plays its
        Attack cards and General's Orders before the Order, Move cards first."""
        if phase == "react":
            real = [p for p in plays if p.card]
            return real[0] if real else None
        cards = view.tactics_cards()
        if phase == "order":
            good = [p for p in plays if cards[p.card].effect in ("attacks", "bonus_orders")]
        else:
            good = [p for p in plays if cards[p.card].effect in ("bonus_orders",)]
        return good[self.rng.randrange(len(good))] if good else None

    def _card_attack(self, view, options: list[CardAttack]) -> CardAttack:
        real = [o for o in options if o.target]
        if not real:
            return CardAttack(None)
        pieces = self._pieces(view)
        return self._best(real, lambda o: -self._remaining(view, pieces[o.target]))

    # ------------------------------------------------------------------ helpers
    def _side(self, view) -> str:
        me = view.general(view.my_general())
        return next(s.side for s in view.soldiers() if s.id == me.soldiers[0])

    def _team(self, view) -> str:
        return self._side(view)

    def _pieces(self, view) -> dict:
        """Soldiers and Threats by id."""
        out = {s.id: s for s in view.soldiers()}
        out.update({t.id: t for t in view.threats()})
        return out

    def _enemies(self, view) -> list:
        side = self._side(view)
        return [s for s in view.soldiers() if s.in_play and s.side != side]

    def _allies(self, view) -> list:
        side = self._side(view)
        return [s for s in view.soldiers() if s.in_play and s.side == side]

    def _remaining(self, view, s) -> int:
        return view.toughness(s.id) - s.hearts

    def _best(self, options, score) -> Any:
        scored = [(score(o) + self.rng.random() * 1e-3, i) for i, o in enumerate(options)]
        return options[max(scored)[1]]

    # ------------------------------------------------------------------ orders
    def _order(self, view, options: list[Order]) -> Order:
        if view.threats():  # co-op: the planner (engine.little_soldiers.coop_plan)
            return self.coop.order(view, options)
        soldiers = self._pieces(view)
        faces = view.chosen.attack_die_faces
        hit_p = sum(R.FACE_HITS.get(f, 0) for f in faces) / len(faces)
        enemies = self._enemies(view)

        def score(o: Order) -> float:
            me = soldiers[o.soldier]
            if o.kind == "move":
                return 0.3
            if o.target is not None:
                t = soldiers[o.target]
                rerolls = view.reroll_allowance(o.soldier, o.target)
                dice = R.ATTACK_DICE + (1 if o.kind == "special" else 0)
                exp, brk = expected_damage(dice, hit_p, rerolls, view.defense(t.id), self._remaining(view, t))
                return exp + 3.0 * brk - (0.4 if o.kind == "special" else 0.0)
            if me.kind == "infantry":
                return 0.6 if enemies else 0.0
            if me.kind == "operator":
                return 0.7
            if me.kind == "grenadier":
                near = [e for e in enemies if math.dist(e.spot.xy, me.spot.xy) < 0.8 * GRENADE_REACH]
                return 0.5 if near else -1.0
            return 0.0

        return self._best(options, score)

    def _reroll(self, view, options: list[Reroll]) -> Reroll:
        a = view.attack()
        keep_lightning = view.lightning
        bad = tuple(i for i, f in enumerate(a.faces)
                    if f in ("blank", "shield", "heart") or (f == "lightning" and not keep_lightning))
        return Reroll(bad) if Reroll(bad) in options else options[0]

    def _shields(self, view, options: list[Shields]) -> Shields:
        if view.threats():
            return self.coop.shields(view, options)
        soldiers = self._pieces(view)

        def score(o: Shields) -> float:
            # Shields lower Defense: pile them on the soldier closest to breaking.
            return len(o.targets) * 10 - sum(self._remaining(view, soldiers[t]) for t in o.targets) + \
                (2 if len(set(o.targets)) == 1 else 0)

        return self._best(options, score)

    def _shift(self, view, options: list[ShiftShield]) -> ShiftShield:
        team = self._team(view)
        soldiers = self._pieces(view)
        good = [o for o in options if o.source and getattr(soldiers[o.target], "side", None) != team]
        if not good:
            return ShiftShield(None)
        return self._best(good, lambda o: -self._remaining(view, soldiers[o.target]))

    def _extra(self, view, options: list[ExtraTarget]) -> ExtraTarget:
        soldiers = self._pieces(view)
        real = [o for o in options if o.target]
        if not real:
            return ExtraTarget(None)
        return self._best(real, lambda o: -self._remaining(view, soldiers[o.target]))

    def _object(self, view, options: list[Activate]) -> Activate:
        for o in options:
            if o.obj and view.terrain.object(o.obj).kind == "radar":
                return o
        return Activate(None)

    def _swap(self, view, options: list[Swap]) -> Swap:
        return options[self.rng.randrange(len(options))]

    def _redirect(self, view, options: list[Redirect]) -> Redirect:
        shot = view.shot()
        enemies, allies = self._enemies(view), self._allies(view)

        def value(point) -> float:
            return self._blast_value(view, point, enemies, allies)

        here = value((shot.landing.x, shot.landing.y, shot.landing.z))

        def score(o: Redirect) -> float:
            if o.dest is None:
                return here
            return value(view.terrain.object_spot(view.terrain.object(o.dest)))

        return self._best(options, score)

    def _blast_value(self, view, point, enemies, allies) -> float:
        r = view.chosen.yellow_length

        def hit(s: Any) -> bool:
            return bool(view.terrain.point_distance(point, s.spot) <= r)

        value = sum(1.0 for e in enemies if hit(e)) - 1.5 * sum(1.0 for a in allies if hit(a))
        for t in view.threats():  # co-op: a Threat whose Force Field is off, measured from its Target
            if t.in_play and view.field_off(t.id) and math.dist(point[:2], t.target[:2]) <= r:
                value += 1.0
        return value

    # ------------------------------------------------------------------ continuous
    def _exposure(self, view, spots: list[Spot], enemies: list) -> list[tuple[int, list[str]]]:
        """For each spot: how many enemies see its head, and which they are."""
        pairs = [(sp, e.spot) for sp in spots for e in enemies]
        reports = view.terrain.sights(pairs) if pairs else []
        out = []
        k = len(enemies)
        for i in range(len(spots)):
            seen = [enemies[j].id for j in range(k) if reports[i * k + j].valid]
            out.append((len(seen), seen))
        return out

    def _moves(self, view, options: list) -> Any:
        moves = [o for o in options if isinstance(o, Move)]
        if not moves:
            return options[0]
        if view.threats():  # co-op: the planner plans the Move with the Order and the next player's turn
            return self.coop.move(view, moves)
        enemies = self._enemies(view)
        me = view.general(view.my_general())
        has_orders = me.tokens > 0 and view.move_leads_to_order
        dests = [view.move_destination(m) for m in moves]
        keep = [(m, d) for m, d in zip(moves, dests, strict=True) if d is not None]
        if not keep:
            return options[0]
        exposure = self._exposure(view, [d for _, d in keep], enemies)
        weakest = {e.id: self._remaining(view, e) for e in enemies}
        red = view.chosen.red_length

        w = self.weights

        def score(i: int) -> float:
            m, d = keep[i]
            seen_by, ids = exposure[i]
            level = view.terrain.level(d.surface) if view.climbing else 0
            s = w.level * level
            if has_orders and ids:
                best = min(weakest[t] for t in ids)
                s += w.attack + w.weak * (6 - best)
                close = [e for e in enemies if e.id in ids and
                         view.terrain.figure_distance(d, e.spot) <= red]
                s += w.close if close else 0.0
                s -= w.crowd * (seen_by - 1)
            else:
                s -= w.exposed * seen_by
            return s

        scored = [(score(i) + self.rng.random() * 1e-3, i) for i in range(len(keep))]
        return keep[max(scored)[1]][0]

    # ------------------------------------------------------------------ co-op missions
    def _lead(self, view, options: list) -> Any:
        """Co-op: the players agree on the first player (the planner picks)."""
        if view.threats():
            return self.coop.lead(view, options)
        return options[self.rng.randrange(len(options))]

    def _deploys(self, view, options: list[Deploy]) -> Deploy:
        enemies = self._enemies(view)
        spots = [Spot(o.x, o.y, None) for o in options]
        if view.threats():  # co-op: the planner's worth of the position (out of sight, toward the switches)
            return self.coop.deploy(view, options)
        exposure = self._exposure(view, spots, enemies)
        best = max(range(len(options)), key=lambda i: (-exposure[i][0], self.rng.random()))
        return options[best]

    def _throws(self, view, options: list[Throw]) -> Throw:
        real = [o for o in options if not o.practice] or options
        shot = view.shot()
        reach = MORTAR_REACH if shot.kind == "mortar" else GRENADE_REACH
        enemies, allies = self._enemies(view), self._allies(view)

        def score(o: Throw) -> float:
            start = view.shot_start(o.direction)
            a = math.radians(o.direction)
            d = reach * o.strength
            point = (start[0] + d * math.cos(a), start[1] + d * math.sin(a), 0.0)
            return self._blast_value(view, point, enemies, allies)

        return self._best(real, score)


# ---------------------------------------------------------------------- the hard bot
PLAN_PHASES = frozenset({"move", "order"})
"""Decisions the planner looks ahead on; the rest (deployments, rerolls, Shields, throws)
the heuristic scores well enough alone."""

FLAG_STEP = 1.0
"""Planner's value of one step of the Flag toward its side's Victory zone."""
HEART = 0.25
"""Planner's value of one Heart on an enemy soldier (as a share of its
Toughness, times 4: a soldier one Heart from breaking is nearly a Flag step)."""
IN_PLAY = 0.3
"""Planner's value of a soldier of its side in the Play Zone."""


class PlannerBot:
    """Little Soldiers' hard bot: the heuristic, improved by rollouts.

    On a Move or an Order it takes the heuristic's own choice and
    up to ``width - 1`` other options, plays each on ``samples``
    determinized copies of its view (nothing is hidden but future dice),
    lets heuristic bots play every seat for ``horizon`` actions after it
    (the Order the Move sets up, the dice, the opponent's reply), and keeps
    the option whose positions score best: the Flag's place, Hearts on
    enemies against Hearts on its own, soldiers in play, or the result once
    over. ``time_limit`` seconds per decision stop adding samples (the first
    is always finished). Missions other than the plain game have other
    goals: there it plays as the heuristic.
    """

    name = "planner"

    def __init__(self, seed: int = 0, width: int = 6, samples: int = 3, horizon: int = 10,
                 time_limit: float | None = 2.0, candidates: int = CANDIDATES) -> None:
        self.rng = random.Random(seed)
        self.width = width
        self.samples = samples
        self.horizon = horizon
        self.time_limit = time_limit
        self.candidates = candidates
        self.base = HeuristicBot(self.rng.randrange(2**31), candidates)

    def choose(self, view) -> Any:
        mine = self.base.choose(view)
        if view.phase not in PLAN_PHASES or view.config.mission is not None:
            return mine
        legal = view.legal_actions()
        options = legal or view.candidate_actions(self.candidates, self.rng)
        others = [o for o in options if o != mine]
        if not others:
            return mine
        options = [mine] + self.rng.sample(others, min(len(others), self.width - 1))
        me = view.seat
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        totals = [0.0] * len(options)
        for k in range(self.samples):
            world = view.determinize(self.rng)
            values = []
            for option in options:
                if k and deadline is not None and time.perf_counter() > deadline:
                    break  # out of time: a sample counts only if every option has played it
                trial = world.clone()
                try:
                    trial.apply(me, option)
                except ValueError:
                    values.append(-1e6)
                    continue
                values.append(self._rollout(trial, me))
            if len(values) < len(options):
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
        best = max(range(len(options)), key=lambda i: (totals[i], i == 0))
        return options[best]

    def _rollout(self, state, me: int) -> float:
        bots: dict[int, HeuristicBot] = {}
        steps = 0
        while self.horizon is None or steps < self.horizon:  # None: to the end of the game
            steps += 1
            if state.is_over():
                break
            seat = state.to_act()[0]
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = HeuristicBot(self.rng.randrange(2**31), self.candidates)
            state.apply(seat, bot.choose(state.view(seat)))
        return position_value(state, me)


def position_value(state, seat: int) -> float:
    """How the plain game stands for ``seat``'s side, in Flag steps: the
    result once over; else the Flag, Hearts on the soldiers in play (as
    shares of their Toughness) and soldiers in play, enemy against own."""
    team = next(g.team for g in state.generals if g.seat == seat)
    if state.is_over():
        result = state.result()
        return 100.0 * (result.reward(seat) - 0.5)
    sign = 1.0 if team == R.TEAMS[0] else -1.0
    value = FLAG_STEP * sign * state.slice_of(Bootcamp).flag
    for s in state.soldiers.values():
        if not s.in_play:
            continue
        own = 1.0 if s.team == team else -1.0
        value += own * IN_PLAY - own * HEART * 4 * s.hearts / state.toughness(s)
    return value

