"""The Battle Track outlook: each side's chance to win a two-colour game,
reckoned on an open table.

Little Soldiers is won on the Battle Track: breaks move the Flag, and at
the end of round 3 the Flag's side wins, else the side with the fewest
soldiers in play, then the fewest Hearts (Bootcamp, End of the Game). What
decides those is arithmetic that a table of household scenery hardly
changes: how many Order tokens each General will hold (Round Preparation:
one from the lid, one back from each soldier in play that holds any, all of
the Chest's bottom), who moves first in each round (the first to spend all
tokens takes the star), how close each soldier is to breaking, the
Shields on it, and the dice.

``Outlook`` plays that arithmetic out exactly, as a Markov chain: every
Order is an Attack from long range (no red-range reroll) on the target a
reasonable General picks, both sides alike; chance is summed, not sampled.
A position is a small tuple (``Position``) with no geometry in it, so the
chain's values are shared by every decision of a game and every game with
the same squads (``outlook_for``). The duel planner
(``engine.little_soldiers.duel``) asks it what a turn's outcomes are worth,
and plays the geometry itself: which Attacks are open now, and which the
opponent will have in reply.

It is a model inside a bot, not the rules: the engine applies every action
(``tests/little_soldiers/test_duel.py`` checks the model against the engine
on forced dice).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.odds import hits_distribution
from engine.little_soldiers.parts.bootcamp import Bootcamp

# A soldier in a Position: (in play, Hearts, Shields, Order tokens on it).
SoldierTokens = tuple[bool, int, int, int]


class Position(NamedTuple):
    """A two-colour game between turns, without geometry (team 0 is green).

    ``star`` is the team that first spent all its Order tokens this round
    (it plays first next round), None while nobody has.
    """

    round: int
    current: int  # the team whose turn it is
    first: int  # the team that played first this round
    star: int | None
    flag: int  # > 0: toward team 0's Victory zone
    tokens: tuple[int, int]  # Order tokens on each General
    lids: tuple[int, int]
    bottoms: tuple[int, int]
    soldiers: tuple[SoldierTokens, ...]


class Outcome(NamedTuple):
    """One way an Attack ends: total hits, what the Sniper die left on the
    Sniper (0 nothing, 1 its Shield face, 2 its Heart face), the chance."""

    hits: int
    sniper: int
    p: float


NO_EFFECT, SHIELD_FACE, HEART_FACE = 0, 1, 2

BREAK_WEIGHT = 3.0
"""The chain's Generals pick the Attack with the most expected Hearts plus
this many per chance of a break (the heuristic bot's rule)."""
SPREAD_BONUS = 0.3
"""... plus this for an attacker holding no Order token while another round
is to come (the token comes back at Round Preparation)."""
CLOSE_SHARE = 0.3
"""The chain's Attacks are from red Range (one more reroll) this often
(measured: 29% of the Attacks of heuristic bots on Bootcamp, 150 games)."""
RISKY_COST = 0.4
"""... minus this for a Risky Shot (its die can hurt the Sniper)."""


@lru_cache(maxsize=512)
def attack_outcomes(hit_p: float, rerolls: int, risky: bool, sniper_faces: tuple[str, ...] = ()) -> tuple[Outcome, ...]:
    """Every end of an Attack whose player rerolls every die that is not a
    hit (the Sniper die too, unless it shows a hit): 5 Attack dice, each a
    hit with 1 - (1 - p)^(rerolls + 1), and the Sniper die for a Risky Shot."""
    base = list(enumerate(hits_distribution(R.ATTACK_DICE, hit_p, rerolls)))
    if not risky:
        return tuple(Outcome(h, NO_EFFECT, p) for h, p in base if p > 0)
    faces = sniper_faces or R.SNIPER_DIE_FACES
    size = len(faces)
    keep = {f: faces.count(f) / size for f in set(faces) if R.FACE_HITS.get(f, 0) > 0}
    bad = {f: faces.count(f) / size for f in set(faces) if R.FACE_HITS.get(f, 0) == 0}
    miss = sum(bad.values())
    reach = sum(miss**k for k in range(rerolls + 1))  # chance per roll reached
    final: dict[tuple[int, int], float] = {}
    for f, pf in keep.items():
        key = (R.FACE_HITS[f], NO_EFFECT)
        final[key] = final.get(key, 0.0) + pf * reach
    for f, pf in bad.items():
        effect = SHIELD_FACE if f == "shield" else HEART_FACE if f == "heart" else NO_EFFECT
        key = (0, effect)
        final[key] = final.get(key, 0.0) + pf * miss**rerolls
    out: dict[tuple[int, int], float] = {}
    for h, p in base:
        for (extra, effect), pe in final.items():
            key = (h + extra, effect)
            out[key] = out.get(key, 0.0) + p * pe
    return tuple(Outcome(h, e, p) for (h, e), p in sorted(out.items()) if p > 0)


@dataclass(frozen=True)
class Roster:
    """Who is in the game: each soldier's team index, type, Defense and Toughness."""

    teams: tuple[int, ...]
    kinds: tuple[str, ...]
    defense: tuple[int, ...]
    toughness: tuple[int, ...]


@lru_cache(maxsize=4096)
def damage_spread(hit_p: float, rerolls: float, risky: bool, sniper_faces: tuple[str, ...], defense: int,
                  left: int) -> tuple[tuple[int, int, float], ...]:
    """``attack_outcomes`` as Hearts on a target of this Defense with
    ``left`` Hearts to go (more would not count), equal ends merged. A
    fractional ``rerolls`` mixes its two neighbours (1.3: one reroll, or
    two in red Range three times in ten)."""
    low = math.floor(rerolls)
    share = rerolls - low
    out: dict[tuple[int, int], float] = {}
    for r, weight in ((low, 1.0 - share), (low + 1, share)):
        if weight <= 0.0:
            continue
        for o in attack_outcomes(hit_p, r, risky, sniper_faces):
            key = (min(left, max(0, o.hits - defense)), o.sniper)
            out[key] = out.get(key, 0.0) + weight * o.p
    return tuple((d, e, p) for (d, e), p in sorted(out.items()))


class OutOfTime(Exception):
    """The chain ran past its deadline (what it finished is kept)."""


CHECK_EVERY = 64
"""New positions valued between looks at the clock."""


class Outlook:
    """Team 0's chance to win from a Position (a draw counts a half), and
    the rules' arithmetic on Positions that the chain and the planner share."""

    def __init__(self, roster: Roster, hit_p: float = 0.5, sniper_faces: tuple[str, ...] = R.SNIPER_DIE_FACES,
                 steps_to_victory: int = R.FLAG_STEPS_TO_VICTORY, rerolls: float = R.BASE_REROLLS + CLOSE_SHARE) -> None:
        self.roster = roster
        self.hit_p = hit_p
        self.sniper_faces = sniper_faces
        self.steps = steps_to_victory
        self.rerolls = rerolls  # the chain's Attacks: from long range, now and then from red Range
        self.memo: dict[int, float] = {}
        self.deadline: float | None = None  # perf_counter() time past which ``value`` raises OutOfTime
        self.fresh = 0
        self.own = tuple(tuple(i for i, t in enumerate(roster.teams) if t == team) for team in (0, 1))
        self.modes = tuple((False, True) if k == "sniper" else (False,) for k in roster.kinds)  # a Risky Shot or not
        self.scores: dict[tuple[bool, int, int], float] = {}  # the policy's score of an Attack, by its odds

    # ------------------------------------------------------------ the chain
    def value(self, pos: Position | float) -> float:
        """Team 0's chance to win from ``pos`` (a turn about to begin), or the
        result itself when ``pos`` is one."""
        if not isinstance(pos, Position):
            return pos
        key = self.key(pos)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.fresh += 1
        if self.deadline is not None and not self.fresh % CHECK_EVERY and time.perf_counter() > self.deadline:
            raise OutOfTime
        if pos.tokens[pos.current] == 0:
            v = self.value(self.end_turn(pos))
        else:
            a, t, risky = self.policy(pos)
            given = self.order_given(pos, a)
            v = sum(p * self.value(self.after(self.struck(given, a, t, risky, dmg, effect)))
                    for dmg, effect, p in self.spread(pos, a, t, risky))
        self.memo[key] = v
        return v

    def key(self, pos: Position) -> int:
        """The memo's key for ``pos``: one int (the garbage collector never
        walks a dict of ints), with what cannot matter any more left out:
        Shields beyond a Defense, and in the last round (both lids empty)
        the Order tokens on soldiers, the Chests' bottoms and the star,
        which only Round Preparation reads."""
        last = pos.lids[0] == 0 and pos.lids[1] == 0
        d = self.roster.defense
        k = 0
        for i, (live, h, sh, orders) in enumerate(pos.soldiers):
            k = (k << 12) | (live << 11) | (min(h, 15) << 7) | (min(sh, d[i], 7) << 4) | (0 if last else min(orders, 15))
        k = (k << 5) | (pos.flag + 15)
        k = (k << 3) | pos.round
        k = (k << 1) | pos.current
        if not last:
            k = (k << 1) | pos.first
            k = (k << 2) | (0 if pos.star is None else pos.star + 1)
            for g in (0, 1):
                k = (k << 6) | (pos.bottoms[g] << 2) | pos.lids[g]
        for g in (0, 1):
            k = (k << 5) | pos.tokens[g]
        return (k << 1) | last

    def spread(self, pos: Position, a: int, t: int, risky: bool,
               rerolls: float | None = None) -> tuple[tuple[int, int, float], ...]:
        """An Attack's ends as (Hearts on the target, Sniper-die effect, chance),
        equal ends merged (every miss is one end)."""
        r = self.rerolls if rerolls is None else rerolls
        return damage_spread(
            self.hit_p, r, risky, self.sniper_faces, self.defense_of(pos, t), self.roster.toughness[t] - pos.soldiers[t][1]
        )

    def policy(self, pos: Position) -> tuple[int, int, bool]:
        """The chain's Attack: most expected Hearts, a break weighted
        BREAK_WEIGHT, an idle attacker preferred while rounds remain."""
        me = pos.current
        more = pos.lids[me] > 0
        sol = pos.soldiers
        best, choice = -1e9, (-1, -1, False)
        scores = self.scores
        for a in self.own[me]:
            if not sol[a][0]:
                continue
            spread = SPREAD_BONUS if more and sol[a][3] == 0 else 0.0
            for t in self.own[1 - me]:
                if not sol[t][0]:
                    continue
                for risky in self.modes[a]:
                    k = (risky, self.defense_of(pos, t), self.roster.toughness[t] - sol[t][1])
                    score = scores.get(k)
                    if score is None:
                        exp, brk = self.damage(pos, t, self.spread(pos, a, t, risky))
                        score = scores[k] = exp + BREAK_WEIGHT * brk - (RISKY_COST if risky else 0.0)
                    score += spread
                    if score > best:
                        best, choice = score, (a, t, risky)
        return choice

    def defense_of(self, pos: Position, t: int) -> int:
        return max(0, self.roster.defense[t] - pos.soldiers[t][2])

    def damage(self, pos: Position, t: int, spread: Sequence[tuple[int, int, float]]) -> tuple[float, float]:
        """(expected Hearts, chance to break) of an Attack's ``spread`` on ``t``."""
        left = self.roster.toughness[t] - pos.soldiers[t][1]
        return sum(p * d for d, _, p in spread), sum(p for d, _, p in spread if d >= left)

    # ------------------------------------------------------------ the rules' arithmetic
    def order_given(self, pos: Position, a: int) -> Position:
        """The current General puts an Order token on soldier ``a`` (the
        first to spend all its tokens takes the star)."""
        me = pos.current
        tokens = list(pos.tokens)
        tokens[me] -= 1
        star = pos.star if pos.star is not None or tokens[me] > 0 else me
        soldiers = list(pos.soldiers)
        s = soldiers[a]
        soldiers[a] = (s[0], s[1], s[2], s[3] + 1)
        return Position(pos.round, me, pos.first, star, pos.flag, (tokens[0], tokens[1]), pos.lids, pos.bottoms, tuple(soldiers))

    def hit(self, pos: Position, a: int, t: int, risky: bool, dmg: int, effect: int) -> tuple[Position, bool]:
        """An ordered Attack of ``a`` on ``t`` that did ``dmg`` Hearts (and the
        Sniper die's ``effect``): (the position, whether a Wipeout ended the round)."""
        return self.struck(self.order_given(pos, a), a, t, risky, dmg, effect)

    def struck(self, pos: Position, a: int, t: int, risky: bool, dmg: int, effect: int) -> tuple[Position, bool]:
        """``hit`` once the Order token is given."""
        pos, cut = self.hearts(pos, t, dmg)
        if risky and pos.soldiers[a][0]:
            if effect == SHIELD_FACE:
                pos = self.shields(pos, {a: R.SNIPER_SHIELD_FACE_SHIELDS})
            elif effect == HEART_FACE:
                pos, cut2 = self.hearts(pos, a, R.SNIPER_HEART_FACE_HEARTS)
                cut = cut or cut2
        return pos, cut

    def shields(self, pos: Position, on: dict[int, int]) -> Position:
        soldiers = list(pos.soldiers)
        for i, n in on.items():
            s = soldiers[i]
            soldiers[i] = (s[0], s[1], s[2] + n, s[3])
        return Position(pos.round, pos.current, pos.first, pos.star, pos.flag, pos.tokens, pos.lids, pos.bottoms, tuple(soldiers))

    def hearts(self, pos: Position, t: int, n: int) -> tuple[Position, bool]:
        """``n`` Hearts on ``t``; a break returns its Order tokens to the
        Chest's bottom and moves the Flag, a Wipeout once more (and ends the round)."""
        if n <= 0 or not pos.soldiers[t][0]:
            return pos, False
        soldiers = list(pos.soldiers)
        live, h, sh, orders = soldiers[t]
        if h + n < self.roster.toughness[t]:
            soldiers[t] = (live, h + n, sh, orders)
            return Position(
                pos.round, pos.current, pos.first, pos.star, pos.flag, pos.tokens, pos.lids, pos.bottoms, tuple(soldiers)
            ), False
        team = self.roster.teams[t]
        soldiers[t] = (False, 0, 0, 0)
        bottoms = list(pos.bottoms)
        bottoms[team] += orders
        step = -1 if team == 0 else 1
        flag = max(-self.steps, min(self.steps, pos.flag + step))
        wiped = not any(soldiers[i][0] for i in self.own[team])
        if wiped:
            flag = max(-self.steps, min(self.steps, flag + step))
        return Position(
            pos.round, pos.current, pos.first, pos.star, flag, pos.tokens, pos.lids, (bottoms[0], bottoms[1]), tuple(soldiers)
        ), wiped

    def after(self, done: tuple[Position, bool]) -> Position | float:
        """What follows an Action: the round cut by a Wipeout, or the End of the Turn."""
        pos, cut = done
        if cut:
            if abs(pos.flag) >= self.steps or all(lid == 0 for lid in pos.lids):
                return self.result(pos)
            return self.new_round(pos)
        return self.end_turn(pos)

    def end_turn(self, pos: Position) -> Position | float:
        """End of the Turn (Bootcamp): a Victory zone, the end of the round
        or the game, else the other General's turn (one with a soldier in play)."""
        if abs(pos.flag) >= self.steps:
            return self.result(pos)
        sol = pos.soldiers
        live0 = live1 = False
        for i in self.own[0]:
            if sol[i][0]:
                live0 = True
                break
        for i in self.own[1]:
            if sol[i][0]:
                live1 = True
                break
        if (pos.tokens[0] if live0 else 0) + (pos.tokens[1] if live1 else 0) == 0:
            if pos.lids[0] == 0 and pos.lids[1] == 0:
                return self.result(pos)
            return self.new_round(pos)
        other = 1 - pos.current
        nxt = other if (live1 if other else live0) else pos.current
        return Position(pos.round, nxt, pos.first, pos.star, pos.flag, pos.tokens, pos.lids, pos.bottoms, sol)

    def new_round(self, pos: Position) -> Position:
        """Round Preparation: the broken deploy again, each General takes a
        lid token, one back from each soldier in play holding any, and its
        Chest's bottom; the star's holder plays first."""
        first = pos.star if pos.star is not None else pos.first
        soldiers = [s if s[0] else (True, 0, 0, 0) for s in pos.soldiers]
        tokens, lids = list(pos.tokens), list(pos.lids)
        for g in (0, 1):
            took = 0
            if lids[g] > 0:
                lids[g] -= 1
                took += 1
            for i in self.own[g]:
                live, h, sh, orders = soldiers[i]
                if orders > 0:
                    soldiers[i] = (live, h, sh, orders - 1)
                    took += 1
            took += pos.bottoms[g]
            tokens[g] += took
        return Position(
            pos.round + 1, first, first, None, pos.flag, (tokens[0], tokens[1]), (lids[0], lids[1]), (0, 0), tuple(soldiers)
        )

    def result(self, pos: Position) -> float:
        """Team 0's share of the win (End of the Game)."""
        if pos.flag != 0:
            return 1.0 if pos.flag > 0 else 0.0
        live = [sum(1 for i in self.own[g] if pos.soldiers[i][0]) for g in (0, 1)]
        if live[0] != live[1]:
            return 1.0 if live[0] < live[1] else 0.0
        hearts = [sum(pos.soldiers[i][1] for i in self.own[g] if pos.soldiers[i][0]) for g in (0, 1)]
        if hearts[0] != hearts[1]:
            return 1.0 if hearts[0] < hearts[1] else 0.0
        return 0.5


_OUTLOOKS: dict[tuple, Outlook] = {}
"""One chain per roster and dice, kept for the process: its values hold for every game with those squads."""

MAX_MEMO = 2_000_000
"""Positions a chain keeps before it starts afresh (chosen: about 200 MB)."""


def outlook_for(roster: Roster, hit_p: float, sniper_faces: tuple[str, ...], steps: int) -> Outlook:
    key = (roster, hit_p, sniper_faces, steps)
    found = _OUTLOOKS.get(key)
    if found is None or len(found.memo) > MAX_MEMO:
        found = _OUTLOOKS[key] = Outlook(roster, hit_p, sniper_faces, steps)
    return found


def position_of(state: Any, ids: Sequence[str]) -> Position:
    """The Position of a two-General game (a determinized sample or a clone:
    nothing here is hidden), soldiers in the order of ``ids``."""
    team = {g.index: i for i, g in enumerate(state.generals)}
    gens = state.generals
    soldiers = tuple((s.in_play, s.hearts, s.shields, s.orders) for s in (state.soldiers[i] for i in ids))
    star = team[state.star] if state.star_taken and state.star is not None else None
    return Position(
        state.round,
        team[state.current],
        team[state.first],
        star,
        int(state.slice_of(Bootcamp).flag),
        (state.tokens_on(0), state.tokens_on(1)),
        (gens[0].lid, gens[1].lid),
        (gens[0].bottom, gens[1].bottom),
        soldiers,
    )


def roster_of(state: Any, ids: Sequence[str]) -> Roster:
    team = {g.index: i for i, g in enumerate(state.generals)}
    sols = [state.soldiers[i] for i in ids]
    return Roster(
        tuple(team[s.general] for s in sols),
        tuple(s.kind for s in sols),
        tuple(state.chosen.defense[s.kind] for s in sols),
        tuple(state.chosen.toughness[s.kind] for s in sols),
    )
