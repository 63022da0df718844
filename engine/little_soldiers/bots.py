"""A Little Soldiers bot that plays like a careful child: it attacks the
weakest valid target when the dice favour it, takes cover from enemy eyes,
climbs for the height advantage, and throws where enemies bunch up.

It reads only its view (Little Soldiers hides nothing but future dice) and
chooses among the candidates the engine samples, scoring each with the
same line-of-sight and range questions the rules ask.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import (
    Activate, CardAttack, Deploy, ExtraTarget, Move, Order, Play, Redirect, Reroll, Shields, ShiftShield, Swap, Throw,
)
from engine.little_soldiers.terrain import GRENADE_REACH, MORTAR_REACH, Spot

CANDIDATES = 24
"""Samples scored per continuous decision."""

# Co-op (A New Threat) move planning weights, in expected Hearts on a Threat.
COOP_FIELD_OFF = 1.5
"""A Force Field this Move switched off, attack or not (it stays off for the
next players' turns until a 4 is revealed)."""
COOP_EXPOSED = 1.2
"""A soldier a Threat's Target will see in the Threats' turn (doubled when
two more Hearts break it), times the chance the Threats attack."""
COOP_SWITCH_GAP = 0.02
"""Per cm from a soldier to the nearest switch still worth flipping."""
COOP_SCOUT = 0.8
"""Infantry's Scout on the Threats when no Attack is open: two Shields take
two off a Threat's Defense of 2 for every later Attack."""
COOP_SPREAD = 0.15
"""An Order to a soldier holding none, while rounds remain."""


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


@lru_cache(maxsize=256)
def _expected_damage(dice: int, hit_p: float, rerolls: int, defense: int, remaining: int) -> tuple[float, float]:
    """(expected Hearts, chance to break) of an Attack: every non-hit die is
    rerolled, so a die ends a hit with 1 - (1 - p)^(rerolls + 1)."""
    q = 1.0 - (1.0 - hit_p) ** (rerolls + 1)
    exp = 0.0
    brk = 0.0
    for h in range(dice + 1):
        p = math.comb(dice, h) * q**h * (1 - q) ** (dice - h)
        dmg = max(0, h - defense)
        exp += p * dmg
        if dmg >= remaining:
            brk += p
    return exp, brk


class HeuristicBot:
    """Greedy on simple scores; ties broken by a seeded coin."""

    name = "heuristic"

    def __init__(self, seed: int = 0, candidates: int = CANDIDATES, weights: "MoveWeights | None" = None) -> None:
        self.rng = random.Random(seed)
        self.candidates = candidates  # samples scored per continuous decision (the hard level scores more)
        self.weights = weights or MoveWeights()

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
        scorer = {
            "order": self._order, "reroll": self._reroll, "scout": self._shields, "radar": self._shields,
            "shift": self._shift, "extra": self._extra, "object": self._object, "swap": self._swap,
            "redirect": self._redirect, "move": self._moves, "deploy": self._deploys, "throw": self._throws,
            "card_attack": self._card_attack,
        }.get(phase)
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
        soldiers = self._pieces(view)
        faces = view.chosen.attack_die_faces
        hit_p = sum(R.FACE_HITS.get(f, 0) for f in faces) / len(faces)
        enemies = self._enemies(view)
        coop = bool(view.threats())
        if coop:
            general = view.general(view.my_general())
            more_rounds = general.lid > 0
            open_threats = [t for t in view.threats() if t.in_play and view.field_off(t.id)]

        def score(o: Order) -> float:
            me = soldiers[o.soldier]
            if coop:
                return self._coop_order(view, o, me, open_threats, more_rounds, hit_p)
            if o.kind == "move":
                return 0.3
            if o.target is not None:
                t = soldiers[o.target]
                rerolls = view.reroll_allowance(o.soldier, o.target)
                dice = R.ATTACK_DICE + (1 if o.kind == "special" else 0)
                exp, brk = _expected_damage(dice, hit_p, rerolls, view.defense(t.id), self._remaining(view, t))
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

    def _coop_order(self, view, o: Order, me, open_threats: list, more_rounds: bool, hit_p: float) -> float:
        """A New Threat: attack an open Threat when one is in sight; else
        Scout the Threats (Shields lower their Defense for every later
        Attack), fire at an open Threat, or move (to flip a switch or hide).
        Spreading Orders over soldiers pays: next round each soldier holding
        a token gives one back (Bootcamp, Round Preparation B)."""
        spread = COOP_SPREAD if more_rounds and me.orders == 0 else 0.0
        if o.target is not None:
            t = next((x for x in view.threats() if x.id == o.target), None)
            if t is None:
                return -10.0  # never an ally
            rerolls = view.reroll_allowance(o.soldier, o.target)
            dice = R.ATTACK_DICE + (1 if o.kind == "special" else 0)
            exp, brk = _expected_damage(dice, hit_p, rerolls, view.defense(t.id), self._remaining(view, t))
            return exp + 3.0 * brk - (0.4 if o.kind == "special" else 0.0) + spread
        if o.kind == "move":
            return 0.3 + spread
        if me.kind == "infantry":
            # With Super Soldiers a revealed 4 clears the Threats' Shields: Scout
            # only a Threat whose field is already off, so an Attack can follow.
            wiped = view.config.has("super_soldier")
            useful = max((min(R.SCOUT_SHIELDS, view.defense(t.id)) for t in view.threats()
                          if t.in_play and (not wiped or view.field_off(t.id))), default=0)
            return (COOP_SCOUT * useful / R.SCOUT_SHIELDS if useful else -1.0) + spread
        if me.kind in ("operator", "grenadier"):
            reach = MORTAR_REACH if me.kind == "operator" else 0.8 * GRENADE_REACH
            near = [t for t in open_threats if me.kind == "operator" or math.dist(t.target[:2], me.spot.xy) < reach]
            return (0.6 if near else -1.0) + spread
        return -1.0

    def _reroll(self, view, options: list[Reroll]) -> Reroll:
        a = view.attack()
        keep_lightning = view.config.has("super_soldier")
        bad = tuple(i for i, f in enumerate(a.faces)
                    if f in ("blank", "shield", "heart") or (f == "lightning" and not keep_lightning))
        return Reroll(bad) if Reroll(bad) in options else options[0]

    def _shields(self, view, options: list[Shields]) -> Shields:
        soldiers = self._pieces(view)
        if view.threats():
            return self._best(options, lambda o: self._coop_shields(view, o, soldiers))

        def score(o: Shields) -> float:
            # Shields lower Defense: pile them on the soldier closest to breaking.
            return len(o.targets) * 10 - sum(self._remaining(view, soldiers[t]) for t in o.targets) + \
                (2 if len(set(o.targets)) == 1 else 0)

        return self._best(options, score)

    def _coop_shields(self, view, o: Shields, pieces: dict) -> float:
        """Shields on Threats count only while they lower a Defense (never
        below 0); an open Force Field or a Threat near breaking first."""
        value = 0.0
        for t in set(o.targets):
            if t not in pieces or not hasattr(pieces[t], "switches"):
                return -10.0  # never on an ally
            useful = min(o.targets.count(t), view.defense(t))
            open_bonus = 2.0 if view.config.has("super_soldier") else 0.5  # a 4 clears them (Super Soldiers)
            value += useful * (1.0 + (open_bonus if view.field_off(t) else 0.0) + 0.1 * (6 - self._remaining(view, pieces[t])))
        return value

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
        hit = lambda s: view.terrain.point_distance(point, s.spot) <= r  # noqa: E731
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
        enemies = self._enemies(view)
        me = view.general(view.my_general())
        has_orders = me.tokens > 0 and view.move_leads_to_order
        if view.threats():
            return self._coop_move(view, moves, has_orders)
        dests = [view.move_destination(m) for m in moves]
        keep = [(m, d) for m, d in zip(moves, dests) if d is not None]
        if not keep:
            return options[0]
        exposure = self._exposure(view, [d for _, d in keep], enemies)
        weakest = {e.id: self._remaining(view, e) for e in enemies}
        red = view.chosen.red_length

        w = self.weights

        def score(i: int) -> float:
            m, d = keep[i]
            seen_by, ids = exposure[i]
            level = view.terrain.level(d.surface) if view.config.has("levels") else 0
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
    def _coop_move(self, view, moves: list[Move], has_orders: bool) -> Move:
        """A New Threat: plan the Move with the Order it sets up.

        Each candidate Move is tried on a copy of the game (nothing is hidden
        but future dice). What counts afterwards: the best Attack on a Threat
        the General could then order (a Force Field this Move switched off
        counts), Force Fields left off for the partners' turns, and how many
        soldiers the Threats' Targets will see in their turn. A switch-flip
        without an attack still pays: the field stays off until a 4 is drawn.
        """
        world = view.determinize(self.rng)
        seat = view.seat
        before = self._fields_off(world)
        scores: list[tuple[float, int]] = []
        for i, m in enumerate(moves):
            trial = world.clone()
            try:
                trial.apply(seat, m)
            except ValueError:
                continue
            scores.append((self._coop_value(trial, seat, has_orders, before) + self.rng.random() * 1e-3, i))
        if not scores:
            return moves[0]
        return moves[max(scores)[1]]

    @staticmethod
    def _fields_off(state) -> float:
        """Force Fields switched off, a field that needs several switches
        (Octocutie's Head: 2 and 4 together) counting each one as a share."""
        return sum(sum(1 for n in t.switches if not state.ff_up[n]) / len(t.switches)
                   for t in state.threats_in_play())

    def _coop_value(self, state, seat: int, has_orders: bool, fields_before: float) -> float:
        """How good a co-op position is for the General about to give an Order."""
        if state.is_over():
            result = state.result()
            return 100.0 if result is not None and result.winners else -100.0
        tview = state.view(seat)
        value = 0.0
        if has_orders and state.phase == "order":
            attacks = [o for o in tview.legal_actions() if isinstance(o, Order) and o.target in state.threats]
            if attacks:
                value += max(self._attack_value(tview, o) for o in attacks)
        value += COOP_FIELD_OFF * max(0.0, self._fields_off(state) - fields_before)
        in_play = [x for x in state.soldiers.values() if x.in_play]
        outlook = tview.threat_outlook([x.spot for x in in_play])
        danger = self._threat_attack_chance(state)
        for x, (seen, _sees, gap) in zip(in_play, outlook):
            if seen:
                frail = state.toughness(x) - x.hearts <= 2
                value -= danger * (COOP_EXPOSED + (COOP_EXPOSED if frail else 0.0))
            value -= COOP_SWITCH_GAP * gap
        return value

    @staticmethod
    def _threat_attack_chance(state) -> float:
        """Chance the Threats attack in their next turn: the 4 (no attack in
        A New Threat) is one of the Threat Action tokens still face down."""
        if state.config.mission == "another_new_threat":
            return 1.0
        down = state.actions_down
        return 1.0 - (1.0 / len(down) if 4 in down and down else 0.0)

    def _attack_value(self, view, o: Order) -> float:
        faces = view.chosen.attack_die_faces
        hit_p = sum(R.FACE_HITS.get(f, 0) for f in faces) / len(faces)
        t = next(x for x in view.threats() if x.id == o.target)
        rerolls = view.reroll_allowance(o.soldier, o.target)
        dice = R.ATTACK_DICE + (1 if o.kind == "special" else 0)
        exp, brk = _expected_damage(dice, hit_p, rerolls, view.defense(t.id), view.toughness(t.id) - t.hearts)
        return exp + 3.0 * brk

    def _deploys(self, view, options: list[Deploy]) -> Deploy:
        enemies = self._enemies(view)
        spots = [Spot(o.x, o.y, None) for o in options]
        if view.threats():  # co-op: out of the Threats' sight
            outlook = view.threat_outlook(spots)
            return options[min(range(len(options)), key=lambda i: (outlook[i][0], self.rng.random()))]
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
            totals = [t + v for t, v in zip(totals, values)]
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
    value = FLAG_STEP * sign * state.flag
    for s in state.soldiers.values():
        if not s.in_play:
            continue
        own = 1.0 if s.team == team else -1.0
        value += own * IN_PLAY - own * HEART * 4 * s.hearts / state.toughness(s)
    return value


def _duel_bot(seed: int = 0):
    """The hard bot, the whole-turn planner (its module builds on this one, so it is imported late)."""
    from engine.little_soldiers.duel import DuelBot

    return DuelBot(seed)


EXTRA_BOTS = {"planner": PlannerBot, "duel": _duel_bot}
"""Bots of this game beyond the heuristic, by name, for ``engine.bots.make_bot``."""
