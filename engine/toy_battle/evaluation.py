"""How a Toy Battle position stands: the heuristic bot's score, and the
same score as a win probability for search bots' cut-off playouts.

Lives apart from the bots so the state can offer ``evaluate`` without
importing a bot. Reads the state it is given; bots only ever give it a
determinized sample or a copy of one, never the truth.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
    board = state.board
    lay = board.lay
    tops = board.tops
    rack_n = state.supply.rack_n
    score = MEDAL * (board.medals[me] - board.medals[opp])
    for seat, sign in ((me, 1.0), (opp, -1.0)):
        front = board.front_mask(seat)
        if rack_n[seat] and front & lay.hq_mask[1 - seat]:
            if seat == opp:
                score -= HQ_THREATENED
            else:
                score += HQ_THREAT
        held = (front & board.held[seat]).bit_count()
        score += sign * (HELD * held + REACH * front.bit_count() + RACK * rack_n[seat])
    terrain = state.terrain
    claimed = board.claimed
    for r, nodes in enumerate(terrain.region_nodes):
        if claimed[r] >= 0:
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


SCALE = 150.0
"""Score difference worth odds of e : 1 (about one and a half medals). Chosen,
not fitted: small enough that a medal lead shows, large enough that the
estimate stays a probability rather than a verdict."""


def win_probability(state: ToyBattleState, seat: int) -> float:
    """The score's margin squashed into [0, 1] by a logistic: 1 or 0 once
    over. ``evaluate`` is not quite antisymmetric (a threatened H.Q. weighs
    more than a threat), so the margin is taken both ways; the two seats'
    probabilities then sum to 1, as rewards of a two-player game do."""
    if state.is_over():
        return 1.0 if state.winner == seat else 0.0
    x = (evaluate(state, seat) - evaluate(state, 1 - seat)) / (2.0 * SCALE)
    if x < -60.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
