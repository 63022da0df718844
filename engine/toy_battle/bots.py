"""A heuristic Toy Battle bot: one-ply lookahead over a fixed evaluation.

It never reads the truth: it samples the hidden tiles from its view
(``determinize``), tries each legal action on a copy, and scores the result
by what decides the game -- medals, H.Q.s within the enemy's reach, regions
nearly closed, and how much of the terrain its connected troops hold (the
score lives in ``engine.toy_battle.evaluation``, which search bots use too).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.protocol import View
from engine.toy_battle.evaluation import evaluate
from engine.toy_battle.state import ToyBattleState

__all__ = ["HeuristicBot", "evaluate"]


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
        choices = [a for a, v in zip(legal, totals, strict=True) if v == best]
        return choices[self.rng.randrange(len(choices))]
