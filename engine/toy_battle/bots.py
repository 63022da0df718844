"""A heuristic Toy Battle bot: one-ply lookahead over a fixed evaluation.

It never reads the truth: it samples the hidden tiles from its view
(``determinize``), tries each legal action on a copy, and scores the result
by what decides the game -- medals, H.Q.s within the enemy's reach, regions
nearly closed, and how much of the terrain its connected troops hold.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.protocol import View
from engine.toy_battle.rules import frontier
from engine.toy_battle.state import ToyBattleState

WIN = 1_000_000.0
MEDAL = 100.0
HQ_THREATENED = 2_000.0  # the enemy could capture one of my H.Q.s next turn
HQ_THREAT = 150.0  # I could capture an enemy H.Q. next turn
REGION = 40.0  # per medal, times the squared share of the region held
HELD = 6.0  # per base held and connected to an own H.Q.
REACH = 1.5  # per node a troop of mine could be placed on
RACK = 4.0  # per troop on the rack (tiles are actions)


def evaluate(state: ToyBattleState, me: int) -> float:
    """How good ``state`` is for ``me`` (higher is better)."""
    if state.is_over():
        return WIN if state.winner == me else -WIN
    opp = 1 - me
    lay = state.lay
    tops = state.tops
    score = MEDAL * (state.medals[me] - state.medals[opp])
    fronts = (frontier(lay, tops, 0), frontier(lay, tops, 1))
    for seat, sign in ((me, 1.0), (opp, -1.0)):
        front = fronts[seat]
        enemy_hqs = lay.hqs[1 - seat]
        if state.rack_n[seat] and any(h in front for h in enemy_hqs):
            if seat == opp:
                score -= HQ_THREATENED
            else:
                score += HQ_THREAT
        held = sum(1 for n in front if tops[n] >= 0 and tops[n] >> 3 == seat)
        score += sign * (HELD * held + REACH * len(front) + RACK * state.rack_n[seat])
    terrain = state.terrain
    for r, nodes in enumerate(terrain.region_nodes):
        if state.claimed[r] >= 0:
            continue
        mine = theirs = 0
        for n in nodes:
            c = tops[n]
            if c >= 0:
                if c >> 3 == me:
                    mine += 1
                else:
                    theirs += 1
        medals = terrain.regions[r].medals
        if theirs == 0:
            score += REGION * medals * (mine / len(nodes)) ** 2
        if mine == 0:
            score -= REGION * medals * (theirs / len(nodes)) ** 2
    return score


class HeuristicBot:
    """Connection- and region-aware greedy bot (``make_bot("heuristic", "toy-battle")``)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, samples: int = 1) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def choose(self, view: View) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            world = view.determinize(self.rng)
            assert isinstance(world, ToyBattleState)
            for i, action in enumerate(legal):
                trial = world.clone()
                trial.apply(me, action)
                totals[i] += evaluate(trial, me)
        best = max(totals)
        choices = [a for a, v in zip(legal, totals) if v == best]
        return choices[self.rng.randrange(len(choices))]
